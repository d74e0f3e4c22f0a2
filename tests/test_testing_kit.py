"""The testing kit works as docs/testing.md shows another project using it."""
import ast
from pathlib import Path

from hypothesis import given, settings

import talisman
from talisman.bots import HeuristicBot
from talisman.testing import invariants, pytest_plugin, strategies


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


def test_the_plugin_module_imports_no_engine_at_import_time():
    # the plugin loads in every pytest run of every project with the package installed: at module
    # level it may import only the standard library, pytest and talisman.errors (issue 15, item 4)
    tree = ast.parse(Path(pytest_plugin.__file__).read_text("utf-8"))
    top = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            top |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            top.add("." * node.level + (node.module or ""))
    assert top == {"__future__", "re", "pytest", "..errors"}
