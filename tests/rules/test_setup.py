"""SETTING UP (000): starting quotas, 4 lives, 1 gold, starting spaces, fate."""
import pytest

import talisman
from talisman.definitions import load


def test_setting_up_gives_quotas_four_lives_one_gold_and_the_starting_space():
    """000 SETTING UP: quotas, "4 Lives and 1 Gold"; no Fate (the compendium has none: the
    ``fate`` option, docs/options.md)."""
    s = talisman.new_game(["troll", "wizard", "dwarf"], seed=0)
    defs = load().characters
    for cid in ("troll", "wizard", "dwarf"):
        ch = s.characters[cid]
        d = defs[cid]
        assert (ch.strength, ch.craft, ch.gold, ch.fate, ch.alignment) == (
            d.strength, d.craft, 1, 0, d.alignment)
        if cid != s.current:
            assert ch.space == d.start
        assert ch.lives == 4  # "Each player then receives 4 Lives and 1 Gold"


def test_revised_lives_option_uses_the_card_value():
    s = talisman.new_game(["troll"], options={"lives": "card"})
    assert s.characters["troll"].lives == 6


def test_the_first_character_given_plays_first_and_a_character_is_played_once():
    # BRIEF OUTLINE OF PLAY: "Each Player will control a different Character."
    s = talisman.new_game(["elf", "ghoul"], seed=5)
    assert s.current == "elf" and s.order == ("elf", "ghoul")
    with pytest.raises(talisman.TalismanError, match="one player only"):
        talisman.new_game(["elf", "elf"])


def test_character_sizes_follow_the_exceptions_table():
    # EXCEPTIONS TO SPECIAL ABILITIES: Dwarf (S), Ghoul (L), Troll (L); all others Medium.
    sizes = {c.id: c.size for c in load().characters.values() if c.set == "base"}
    assert sizes.pop("dwarf") == "S" and sizes.pop("ghoul") == "L" and sizes.pop("troll") == "L"
    assert set(sizes.values()) == {"M"}


def test_setting_up_shuffles_every_stockpile_apart_and_deals_starting_spells():
    # SETTING UP: "Shuffle all Cards Stockpiles. Do not combine these Stockpiles."; "Any player
    # whose Character starts the game with any Spells, Scrolls or Equipment ... now draws the
    # designated number of cards from the proper Stockpile."
    import talisman
    from talisman.definitions import load
    a = talisman.new_game(["wizard", "warrior"], seed=1)
    b = talisman.new_game(["wizard", "warrior"], seed=2)
    for deck in ("adventure", "spell", "scroll"):
        assert {load().cards[c].deck for c in a.decks[deck]} == {deck}
    assert list(a.decks["adventure"]) != list(b.decks["adventure"])  # shuffled by the seed
    assert list(a.decks["scroll"]) != list(b.decks["scroll"]) or list(a.decks["spell"]) != list(b.decks["spell"])
    assert len(a.characters["wizard"].spells) == load().characters["wizard"].start_spells
    assert not a.characters["warrior"].spells
