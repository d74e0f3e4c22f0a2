"""The docs cannot drift (issue 16): every Python block and every scenario block (YAML with a
top-level ``rules:`` and ``expect:``) in README.md and docs/*.md runs in the suite."""
import re
import sys
import types
from pathlib import Path

import pytest

from talisman.bots import BOTS
from talisman.scenarios import run_file

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
# A block fenced ```python fragment (a piece of rule code, a line that needs a state built
# elsewhere) is an illustration and is not run; every other python block must run as it stands.
BLOCK = re.compile(r"^```(python|yaml)\n(.*?)^```", re.S | re.M)


def blocks(kind):
    for md in DOCS:
        text = md.read_text(encoding="utf-8")
        for m in BLOCK.finditer(text):
            if m.group(1) == kind:
                line = text[:m.start()].count("\n") + 1
                yield pytest.param(m.group(2), id=f"{md.relative_to(ROOT)}:{line}")


SCENARIOS = [p for p in blocks("yaml") if re.search(r"^rules:", p.values[0], re.M)
             and re.search(r"^expect:", p.values[0], re.M)]


def test_the_docs_have_blocks_to_run():
    assert SCENARIOS and list(blocks("python"))


@pytest.mark.parametrize("body", SCENARIOS)
def test_every_scenario_in_the_docs_passes(tmp_path, body):
    f = tmp_path / "doc.yaml"
    f.write_text(body, encoding="utf-8")
    result = run_file(f)
    assert result.passed, [str(x) for x in result.failures]


@pytest.mark.parametrize("body", list(blocks("python")))
def test_every_python_block_in_the_docs_runs(body, monkeypatch):
    # docs/testing.md's example imports "your" bot from my_project: any bot with choose(state)
    monkeypatch.setitem(sys.modules, "my_project", types.SimpleNamespace(MyBot=lambda: BOTS["random"](0)))
    namespace = {"__name__": "doc_block"}
    exec(compile(body, "<doc block>", "exec"), namespace)
    # the block ran to its end: every name it binds at top level is bound
    import ast
    bound = {t.id for node in ast.parse(body).body if isinstance(node, ast.Assign)
             for t in node.targets if isinstance(t, ast.Name)}
    assert bound <= set(namespace), sorted(bound - set(namespace))



def test_every_function_docs_concepts_names_exists():
    """docs/concepts.md once named methods that did not exist (``every()``, ``of_sets()``): each
    backquoted call there is a function of ``talisman`` or of ``talisman.definitions``."""
    import talisman
    from talisman import definitions
    text = (ROOT / "docs" / "concepts.md").read_text(encoding="utf-8")
    calls = set(re.findall(r"`(?:definitions\.|talisman\.)?([A-Za-z_]+)\(", text))
    assert calls
    assert [c for c in sorted(calls) if not (hasattr(talisman, c) or hasattr(definitions, c))] == []
