"""The ``edition`` preset (issue 17, item 15): the rules the compendium (000) and the Revised 4th
Edition differ on, each still an option of its own; docs/options.md lists every option.

000 SETTING UP: "Each Player receives Strength Counters equal to the Starting Strength Quota of
their Character ... Each Player then receives 4 Lives and 1 Gold" (no Fate: the compendium has
none).  000 MOVEMENT IN THE OUTER, FAR-OUTER AND MIDDLE REGIONS: "Small Characters use a D4 ...
Medium Characters use a D6, and Large Characters use a D8."
"""
import re
from pathlib import Path

import pytest

import talisman
from talisman.definitions import load
from talisman.errors import TalismanError
from talisman.options import EDITIONS, OPTIONS, resolve
from talisman.rules import combat

ROOT = Path(__file__).resolve().parents[2]


def test_a_compendium_game_deals_no_fate_4_lives_1_gold_and_dice_by_size():
    """000 SETTING UP: 4 Lives and 1 Gold, no Fate; the die by size (the Troll is Large: D8)."""
    s = talisman.new_game(["warrior", "troll"], seed=3)
    for cid in ("warrior", "troll"):
        ch = s.characters[cid]
        assert (ch.fate, ch.lives, ch.gold) == (0, 4, 1)
    assert s.config.options["edition"] == "compendium" and s.config.options["fate"] == "none"
    assert combat.character_die(s, "troll") == "d8"


def test_the_revised_4th_edition_deals_the_cards_fate_and_lives_and_one_d6():
    s = talisman.new_game(["warrior", "troll"], seed=3, options={"edition": "revised4"})
    for cid in ("warrior", "troll"):
        cdef, ch = load().characters[cid], s.characters[cid]
        assert (ch.fate, ch.lives, ch.gold) == (cdef.fate, cdef.life, 1)
    assert combat.character_die(s, "troll") == "d6"


@pytest.mark.parametrize("expansion", ["blood_moon", "harbinger"])
def test_a_revised_4th_expansion_in_play_makes_the_revised_4th_edition_the_default(expansion):
    """The developers' guide: "Revised 4th Edition differences (Fate, lives, starting gold,
    movement die) are options grouped under an `edition` preset, on by default where a Revised
    4th expansion is in play" (The Harbinger and The Blood Moon are written for it: their cards
    read fate).  The Troll's card: life 6, fate 1; the Dwarf's: life 5, fate 5 (a D6 for all)."""
    s = talisman.new_game(["troll", "dwarf"], expansions=[expansion], seed=1)
    assert s.config.options["edition"] == "revised4"
    for cid in ("troll", "dwarf"):
        cdef, ch = load().characters[cid], s.characters[cid]
        assert (ch.fate, ch.lives, ch.gold) == (cdef.fate, cdef.life, 1) != (0, 4, 1)
        assert combat.character_die(s, cid) == "d6" != cdef.die
    s = talisman.new_game(["troll"], expansions=[expansion], seed=1, options={"edition": "compendium"})
    assert (s.characters["troll"].fate, s.characters["troll"].lives) == (0, 4)
    assert combat.character_die(s, "troll") == "d8"
    # each rule still its own option: the one given wins, the others stay the edition's
    s = talisman.new_game(["troll"], expansions=[expansion], seed=1, options={"lives": "compendium"})
    assert (s.characters["troll"].fate, s.characters["troll"].lives) == (1, 4)
    assert combat.character_die(s, "troll") == "d6"
    s = talisman.new_game(["troll"], expansions=[expansion], seed=1, options={"fate": "none"})
    assert (s.characters["troll"].fate, s.characters["troll"].lives) == (0, 6)


def test_a_compendium_expansion_beside_a_revised_4th_one_keeps_the_revised_4th_default():
    """Rulings R-ED15.1: with a Revised 4th expansion in play, whatever else is, the edition is
    the Revised 4th's; compendium expansions alone keep the compendium's."""
    s = talisman.new_game(["troll"], expansions=["city", "harbinger"], seed=1)
    assert s.config.options["edition"] == "revised4" and s.characters["troll"].lives == 6
    s = talisman.new_game(["troll"], expansions=["city", "wizards_tower"], seed=1)
    assert s.config.options["edition"] == "compendium"
    assert (s.characters["troll"].fate, s.characters["troll"].lives) == (0, 4)


def test_each_rule_of_the_preset_is_still_its_own_option():
    s = talisman.new_game(["troll"], seed=1, options={"edition": "revised4", "lives": "compendium",
                                                      "movement_die": "by_size", "starting_gold": 3,
                                                      "fate": "none"})
    ch = s.characters["troll"]
    assert (ch.fate, ch.lives, ch.gold) == (0, 4, 3) and combat.character_die(s, "troll") == "d8"
    s = talisman.new_game(["warrior"], seed=1, options={"fate": "card"})
    assert s.characters["warrior"].fate == load().characters["warrior"].fate
    assert s.config.options["lives"] == "compendium"


def test_resolving_is_idempotent_and_replays_the_same_game():
    once = resolve({"edition": "revised4", "lives": "compendium"}, ["blood_moon"])
    assert resolve(once, ["blood_moon"]) == once
    a = talisman.new_game(["warrior", "wizard"], expansions=["blood_moon"], seed=9)
    b = talisman.new_game(["warrior", "wizard"], expansions=["blood_moon"], seed=9,
                          options=dict(a.config.options))
    assert a.characters == b.characters and a.config == b.config


@pytest.mark.parametrize("options", [{"edition": "fifth"}, {"fate": 2}, {"fate": True},
                                     {"starting_gold": -1}, {"starting_gold": "1"},
                                     {"starting_gold": True}])
def test_bad_edition_values_get_a_clear_error(options):
    with pytest.raises(TalismanError, match="rule option"):
        talisman.new_game(["warrior"], seed=1, options=options)


def test_every_option_is_in_docs_options_with_its_values():
    """docs/options.md lists every option (its default and the rule text behind it) and the
    preset's table names every rule the editions set, with each edition's value."""
    text = (ROOT / "docs" / "options.md").read_text()
    listed = set(re.findall(r"^\| `([a-z_]+)` \|", text, re.M))
    assert set(OPTIONS) <= listed, set(OPTIONS) - listed
    for rule in EDITIONS["compendium"]:
        row = next(line for line in text.splitlines() if line.startswith(f"| `{rule}` | `"))
        assert f"`{EDITIONS['compendium'][rule]}`" in row and f"`{EDITIONS['revised4'][rule]}`" in row
