"""SETTING UP (000): starting quotas, 4 lives, 1 gold, starting spaces, fate."""
import pytest

import talisman
from talisman.definitions import load


def test_setting_up_gives_quotas_four_lives_one_gold_and_the_starting_space():
    s = talisman.new_game(["troll", "wizard", "dwarf"], seed=0)
    defs = load().characters
    for cid in ("troll", "wizard", "dwarf"):
        ch = s.characters[cid]
        d = defs[cid]
        assert (ch.strength, ch.craft, ch.gold, ch.fate, ch.alignment) == (
            d.strength, d.craft, 1, d.fate, d.alignment)
        if cid != s.current:
            assert ch.space == d.start
        assert ch.lives == 4  # "Each player then receives 4 Lives and 1 Gold"


def test_revised_lives_option_uses_the_card_value():
    s = talisman.new_game(["troll"], options={"lives": "card"})
    assert s.characters["troll"].lives == 6


def test_the_first_character_given_plays_first_and_a_character_is_played_once():
    s = talisman.new_game(["elf", "ghoul"], seed=5)
    assert s.current == "elf" and s.order == ("elf", "ghoul")
    with pytest.raises(talisman.TalismanError, match="one player only"):
        talisman.new_game(["elf", "elf"])


def test_character_sizes_follow_the_exceptions_table():
    # EXCEPTIONS TO SPECIAL ABILITIES: Dwarf (S), Ghoul (L), Troll (L); all others Medium.
    sizes = {c.id: c.size for c in load().characters.values() if c.set == "base"}
    assert sizes.pop("dwarf") == "S" and sizes.pop("ghoul") == "L" and sizes.pop("troll") == "L"
    assert set(sizes.values()) == {"M"}
