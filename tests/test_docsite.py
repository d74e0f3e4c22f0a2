"""The documentation site builds from the code, warning-free (issue 27): an API reference that
cannot drift from the docstrings, the CLI page from the click commands, and the data-sources pages
from the data's ``source`` / ``stand_in`` fields.  The examples in the docstrings run as doctests
through ``--doctest-modules`` (pyproject.toml)."""
from __future__ import annotations

import html
import inspect
import re
import subprocess
import sys
from pathlib import Path

import pytest

import talisman
from talisman import errors, notation, odds, svg, triwizard
from talisman.engine import protocol

DOCS = Path(__file__).resolve().parents[1] / "docs"

GENERATOR = ("sphinx", "myst_parser", "sphinx_click")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The site built once, warnings as errors (``-W``), into a temporary folder."""
    for module in GENERATOR:   # the docstring checks below run without the generator
        pytest.importorskip(module, reason=f"{module} is not installed: the site's generator comes "
                                           "with the `test` (or `docs`) extra on Python 3.11 and later "
                                           "(Sphinx 9): pip install -e '.[test]'")
    out = tmp_path_factory.mktemp("site")
    warnings = out / "warnings.txt"
    done = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
                           "-d", str(out / "doctrees"), "-w", str(warnings), str(DOCS), str(out / "html")],
                          capture_output=True, text=True, timeout=300)
    text = warnings.read_text() if warnings.exists() else ""
    assert done.returncode == 0 and not text.strip(), \
        f"the site does not build warning-free:\n{text}\n{done.stdout}\n{done.stderr}"
    return out / "html"


def _text(page: Path) -> str:
    """A page's text: tags dropped, entities read, spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page.read_text(encoding="utf-8"))).split())


def test_every_existing_page_is_in_the_site(site):
    for page in DOCS.glob("*.md"):
        assert (site / page.with_suffix(".html").name).exists(), page.name


def test_the_api_reference_documents_the_public_names(site):
    html = (site / "api" / "talisman.html").read_text(encoding="utf-8")
    for name in ("new_game", "legal_actions", "apply", "parse_action", "chance_outcomes",
                 "player_view", "to_json", "from_json", "record", "replay"):
        assert f'id="talisman.{name}"' in html, name
    errors_html = (site / "api" / "errors.html").read_text(encoding="utf-8")
    for name in errors.__all__:
        assert f'id="talisman.errors.{name}"' in errors_html, name
    tri = (site / "api" / "triwizard.html").read_text(encoding="utf-8")
    for name in triwizard.__all__:
        if name != "TriwizardState":
            assert f'id="talisman.triwizard.{name}"' in tri, name
    assert 'id="talisman.odds.odds"' in (site / "api" / "odds.html").read_text(encoding="utf-8")
    assert 'id="talisman.engine.protocol.Game"' in (site / "api" / "protocol.html").read_text(encoding="utf-8")


def test_the_cli_page_is_generated_from_the_click_commands(site):
    from talisman.cli import main
    page = _text(site / "cli.html")
    commands = [((name,), cmd) for name, cmd in main.commands.items()]
    commands += [((name, sub), cmd) for name, group in main.commands.items()
                 for sub, cmd in getattr(group, "commands", {}).items()]
    assert len(commands) > 5
    for names, command in commands:
        assert "talisman " + " ".join(names) in page, names
        for param in command.params:
            for opt in param.opts:
                if opt.startswith("--"):
                    assert opt in page, (names, opt)
        if command.help:   # the help text as click has it, not retyped
            first = command.help.split("\n\n")[0]
            assert " ".join(first.split()) in page, names


def test_a_data_sources_page_per_set_from_the_data(site):
    from talisman.definitions import data_root
    expansions = [p.name for p in (data_root() / "talisman" / "expansions").iterdir() if p.is_dir()]
    assert expansions
    for name in ["base", "triwizard", *expansions]:
        page = site / "data-sources" / f"{name}.html"
        assert page.exists(), name
    # a file-level source and a stand-in entry, read from the data itself
    import yaml
    scrolls = yaml.safe_load((data_root() / "talisman" / "cards" / "scrolls.yaml").read_text())
    base = _text(site / "data-sources" / "base.html")
    assert " ".join(scrolls["source"].split()) in " ".join(base.split())
    made_up = [c["name"] for c in scrolls["cards"] if c.get("stand_in")]
    assert made_up and all(n in base for n in made_up)
    maze = _text(site / "data-sources" / "triwizard.html")
    assert "the whole file is a reconstruction" in maze


def _public_api():
    """``(qualified name, object)`` of every public function and class the reference documents:
    the names each module exports (``__all__``) or, without one, defines without a ``_``."""
    from talisman import console
    from talisman.testing import invariants, strategies
    from talisman.triwizard import api as triwizard_api
    modules = [talisman.api, errors, notation, odds, svg, triwizard_api, protocol, console,
               strategies, invariants]
    seen = {}
    for module in modules:
        names = getattr(module, "__all__", None) or [n for n in vars(module) if not n.startswith("_")]
        for name in names:
            obj = getattr(module, name)
            if not (inspect.isfunction(obj) or inspect.isclass(obj)):
                continue
            if not obj.__module__.startswith(("talisman.api", "talisman.errors", "talisman.notation",
                                              "talisman.odds", "talisman.svg", "talisman.triwizard",
                                              "talisman.engine.protocol", "talisman.console",
                                              "talisman.testing")):
                continue   # re-exported from elsewhere (the model's own modules)
            if obj.__module__ != module.__name__ and module is not svg:
                if not (module is triwizard_api and name == "player_view"):
                    continue
            seen[f"{obj.__module__}.{obj.__qualname__}"] = obj
    return sorted(seen.items())


PUBLIC = _public_api()


def test_the_public_api_list_is_not_empty():
    names = [n for n, _ in PUBLIC]
    assert len(PUBLIC) > 40
    assert "talisman.api.new_game" in names and "talisman.svg.picture.board" in names


@pytest.mark.parametrize("name, obj", PUBLIC, ids=[n for n, _ in PUBLIC])
def test_every_public_function_and_class_has_a_full_docstring(name, obj):
    """Arguments, result and at least one example (a doctest, run by --doctest-modules) for
    every public function and class; its errors under Raises where it raises on purpose."""
    doc = inspect.getdoc(obj) or ""
    assert ">>>" in doc or "Example:" in doc, f"{name}: no example"
    if inspect.isfunction(obj):
        params = [p for p in inspect.signature(obj).parameters if p not in ("self", "cls", "draw")]
        if params:
            assert "Args:" in doc, f"{name}: no Args section"
        assert "Returns:" in doc, f"{name}: no Returns section"
        try:
            source = inspect.getsource(obj)
        except OSError:   # a hypothesis composite strategy: its wrapper is generated code
            source = ""
        if re.search(r"^\s+raise [A-Z]", source, re.M):
            assert "Raises:" in doc, f"{name}: raises, but no Raises section"


def test_the_options_page_names_every_rule_option(site):
    """The options the engine knows, read from its own error (not from a private table)."""
    with pytest.raises(errors.OptionError) as caught:
        talisman.new_game(["warrior"], options={"no_such_option": 1})
    known = str(caught.value).split("known:")[1].split(",")
    names = [n.strip() for n in known]
    assert "movement_die" in names
    page = _text(site / "options.html")
    for name in names:
        assert f"{name} " in page, name


def test_the_data_sources_generator_reads_source_and_stand_in(tmp_path):
    """The generator on a made-up data file: the file's source, its header, a whole-file
    stand-in, listed stand-ins and stand-in entries (with their own source and note)."""
    for module in GENERATOR:
        pytest.importorskip(module, reason=f"{module} is not installed (the `test` extra)")
    sys.path.insert(0, str(DOCS / "_ext"))
    try:
        import data_sources
    finally:
        sys.path.remove(str(DOCS / "_ext"))
    path = tmp_path / "cards.yaml"
    path.write_text("# Made up for a test.\n# Second line.\nsource: the rulebook, page 3\n"
                    "stand_in: [row_2]\ncards:\n"
                    "- {id: imp, name: Imp, stand_in: true, note: strength guessed}\n"
                    "- {id: ogre, name: Ogre, source: card 12}\n- {id: elf, name: Elf}\n")
    info = data_sources.describe_file(path)
    assert info["source"] == "the rulebook, page 3"
    assert info["header"] == "Made up for a test. Second line."
    assert not info["whole"] and info["listed"] == ["row_2"]
    assert info["stand_ins"] == [("Imp (imp)", None, "strength guessed")]
    assert info["sourced"] == [("Ogre (ogre)", "card 12")]
    path.write_text("stand_in: true\nsource: invented\nrows: [1, 2]\n")
    assert data_sources.describe_file(path)["whole"]
