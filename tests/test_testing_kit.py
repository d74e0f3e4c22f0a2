"""The testing kit works as docs/testing.md shows another project using it."""
import ast
import os
import subprocess
import sys
import re
from pathlib import Path

from hypothesis import given, settings

import talisman
from talisman.bots import HeuristicBot
from talisman.testing import invariants, pytest_plugin, strategies
import talisman_pytest

ROOT = Path(__file__).resolve().parents[1]


@settings(max_examples=15)
@given(strategies.states(max_steps=80))
def test_a_bot_only_plays_legal_actions(state):
    if not state.is_over:
        action = HeuristicBot().choose(state)
        assert action in talisman.legal_actions(state)
        assert invariants.check(talisman.apply(state, action)) == []


def test_the_fixture_gives_a_fresh_game(talisman_game):
    assert talisman_game.pending.kind == "move" and talisman_game.turn == 1


def test_invariants_name_what_is_broken():
    from talisman.state import update_character
    s = talisman.new_game(["warrior"], seed=1)
    bad = update_character(s, "warrior", gold=-1, space="atlantis")
    broken = invariants.check(bad)
    assert "counters_never_negative:warrior" in broken and "on_a_real_space:warrior" in broken


def test_the_plugin_entry_module_imports_no_engine_at_import_time():
    # the entry module loads in every pytest run of every project with the package installed: at
    # module level it may import only the standard library and pytest (issue 16, item 1)
    tree = ast.parse(Path(talisman_pytest.__file__).read_text("utf-8"))
    top = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            top |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            top.add("." * node.level + (node.module or ""))
    assert top == {"__future__", "re", "pytest"}


def test_the_pytest_entry_point_names_a_module_outside_the_package():
    # importing anything under talisman runs talisman/__init__, which loads the whole engine
    text = (ROOT / "pyproject.toml").read_text("utf-8")
    entry = re.search(r'^\[project\.entry-points\.pytest11\]\ntalisman_scenarios = "([^"]+)"$',
                      text, re.MULTILINE).group(1)
    assert entry == "talisman_pytest" and entry.split(".")[0] != "talisman"


def _talisman_modules_after(code, *args, cwd=None):
    """The ``talisman`` modules loaded by a fresh interpreter running ``code`` (it prints them)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    r = subprocess.run([sys.executable, *args, "-c", code], capture_output=True, text=True,
                       env=env, cwd=cwd, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    return r.stdout


def test_importing_the_plugin_entry_loads_no_engine():
    out = _talisman_modules_after(
        "import sys, talisman_pytest; print([m for m in sys.modules if m.split('.')[0] == 'talisman'])")
    assert out.strip() == "[]"


def test_a_pytest_run_of_a_project_without_scenarios_loads_no_engine(tmp_path):
    (tmp_path / "test_plain.py").write_text("def test_plain():\n    assert 1 + 1 == 2\n")
    (tmp_path / "conftest.py").write_text(
        "import sys\n"
        "def pytest_sessionfinish(session):\n"
        "    names = [m for m in sys.modules if m.split('.')[0] == 'talisman']\n"
        "    print('TALISMAN MODULES', len(names))\n")
    # the entry module as the installed entry point would load it (-p), whatever this
    # environment's installed metadata names
    out = _talisman_modules_after(
        "import pytest, sys; sys.exit(pytest.main(['-q', '-s', '-p', 'no:cacheprovider', "
        "'-p', 'no:randomly', '-p', 'no:talisman_scenarios', '-p', 'talisman_pytest']))",
        cwd=tmp_path)
    assert "1 passed" in out and "TALISMAN MODULES 0" in out


def test_the_old_entry_module_still_offers_the_hooks():
    # an installation whose metadata predates the light entry module still names this one
    assert pytest_plugin.pytest_collect_file is talisman_pytest.pytest_collect_file
    assert pytest_plugin.talisman_game is talisman_pytest.talisman_game
