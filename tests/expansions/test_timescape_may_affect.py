"""000 THE TALISMAN TIMESCAPE: "Characters in the Timescape may not affect or be affected by other
Characters, unless a Dimensional Rift has occurred.  The effect of a Dimensional Rift will only last
for the turn in which it was drawn.  The only exception to this rule is the possible effect of other
Character by the use of Spells or Scrolls" -- the ``may_affect`` hook point (docs/rulings.md R-FC12.1)."""
from __future__ import annotations

import talisman
from talisman.expansions import timescape
from talisman.rules import kernel
from talisman.state import update_character


def _game(expansions=("timescape",)):
    s = talisman.new_game(["warrior", "troll", "elf"], expansions=list(expansions), seed=3)
    s = update_character(s, "troll", space="ts_frozen_future")
    return update_character(s, "elf", space="ts_space_port")


def test_no_one_affects_across_the_boundary_either_way():
    s = _game()
    assert not kernel.may_affect(s, "warrior", "troll", "warrant")
    assert not kernel.may_affect(s, "troll", "warrior", "give")
    # two characters in the Timescape are as far apart ("a complete separate reality")
    assert not kernel.may_affect(s, "troll", "elf", "take")
    assert kernel.affectable(s, "warrior", ["troll", "elf"], "dispel") == []


def test_spells_and_scrolls_cross_the_boundary():
    s = _game()
    assert kernel.may_affect(s, "warrior", "troll", "spell")
    assert kernel.may_affect(s, "troll", "warrior", "scroll")


def test_a_dimensional_rift_opens_the_drawer_for_its_turn():
    s = timescape.SLICE.put(_game(), rift="troll")
    assert kernel.may_affect(s, "troll", "warrior", "give")
    assert kernel.may_affect(s, "warrior", "troll", "warrant")
    # the rift is the drawer's: the Elf, in another reality, stays apart
    assert not kernel.may_affect(s, "warrior", "elf", "warrant")


def test_a_character_always_affects_himself_and_a_base_game_asks_no_one():
    s = _game()
    assert kernel.may_affect(s, "troll", "troll", "warrant")
    base = _game(expansions=())
    assert kernel.may_affect(base, "warrior", "troll", "warrant")
