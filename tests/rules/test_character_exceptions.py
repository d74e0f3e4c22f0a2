"""Corrections/Additions/Deletions to the Existing Characters (000, the table after EXCEPTIONS TO
SPECIAL ABILITIES): the base characters' rows the engine plays (data/talisman/exceptions.yaml)."""
import talisman
from talisman.definitions import load

from support import game, names, play


def test_the_wizard_may_begin_with_a_spell_and_a_scroll_instead_of_two_spells():
    # Wizard: "You may begin the Game with either 2 Spells or a Spell and a Scroll"
    s = talisman.new_game(["wizard", "warrior"], seed=4)
    assert s.pending.player == "wizard" and {str(a) for a in talisman.legal_actions(s)} == {
        "start:spells", "start:scroll"}
    two = list(s.characters["wizard"].spells)
    s = talisman.apply(s, "start:scroll")
    ch = s.characters["wizard"]
    assert list(ch.spells) == two[:1] and len(ch.scrolls) == 1
    assert two[1] in s.decks["spell"]             # shuffled back into the Stockpile
    # only the Wizard may see which Spell went back
    (ev,) = [e for e in talisman.player_view(s, "warrior").log if e.name == "spell_returned"]
    assert list(ev.data["cards"]) == ["hidden"]
    assert s.pending.player == "wizard" and s.pending.kind in ("move", "turn")


def test_the_druid_prophetess_and_sorceress_choose_a_spell_or_a_scroll_and_others_are_not_asked():
    s = talisman.new_game(["druid", "troll", "prophetess", "sorceress"], seed=1)
    asked = []
    while s.pending.kind == "start":
        asked.append(s.pending.player)
        s = talisman.apply(s, "start:spells")
    assert asked == ["druid", "prophetess", "sorceress"]
    assert all(not s.characters[c].scrolls for c in s.order)


def test_the_druid_gains_a_scroll_visiting_the_ruins_without_one():
    s = game([{"id": "druid", "space": "fields_5", "spells": []}], [1],
             deck_tops={"scroll": ["scroll_of_fortune"], "adventure": ["sword", "ring"]})
    s = play(s, "roll", "move:ruins")
    assert list(s.characters["druid"].scrolls) == ["scroll_of_fortune"]
    s = game([{"id": "druid", "space": "fields_5", "spells": [], "scrolls": ["scroll_of_healing"]}], [1],
             deck_tops={"adventure": ["sword", "ring"]})
    s = play(s, "roll", "move:ruins")
    assert list(s.characters["druid"].scrolls) == ["scroll_of_healing"] and "scroll_gained" not in names(s)


def test_the_ghoul_gains_a_scroll_at_the_graveyard_instead_of_encountering_it():
    s = game([{"id": "ghoul", "space": "fields_1"}], [1], deck_tops={"scroll": ["scroll_of_courage"]})
    s = play(s, "move:graveyard")
    assert list(s.characters["ghoul"].scrolls) == ["scroll_of_courage"]
    assert "table_roll" not in names(s) and "chose" not in names(s)   # the Graveyard not met


def test_the_minstrel_gains_a_scroll_at_the_tavern_only_without_the_city():
    start = load().board.spaces["tavern"].neighbours[0]
    s = game([{"id": "minstrel", "space": start}], [1, 1])
    s = play(s, "move:tavern")
    assert len(s.characters["minstrel"].scrolls) == 1
    s = game([{"id": "minstrel", "space": start}], [1, 1], expansions=["city"])
    s = play(s, "move:tavern")
    assert not s.characters["minstrel"].scrolls


def test_the_prophetess_may_look_at_the_scrolls_of_others():
    s = game([{"id": "prophetess", "space": "fields_1"}, {"id": "thief", "space": "fields_1",
                                                            "scrolls": ["scroll_of_fortune"]}, "warrior"])
    assert list(talisman.player_view(s, "prophetess").characters["thief"].scrolls) == ["scroll_of_fortune"]
    assert list(talisman.player_view(s, "warrior").characters["thief"].scrolls) == ["hidden"]


def test_the_exceptions_file_names_only_known_characters_and_spaces(tmp_path):
    import shutil
    import pytest
    from talisman.definitions import load_from
    from talisman.engine.data import data_root
    from talisman.errors import DataError
    root = tmp_path / "talisman"
    shutil.copytree(data_root() / "talisman", root)
    text = (root / "exceptions.yaml").read_text().replace("[druid, prophetess,", "[sheriff_of_nottingham, prophetess,")
    (root / "exceptions.yaml").write_text(text)
    with pytest.raises(DataError, match="sheriff_of_nottingham"):
        load_from(root)


def test_a_card_a_character_brings_joins_the_adventure_deck_only_with_him():
    # Corrections/Additions/Deletions: the Swordsman's Two-handed Sword, the Barbarian's
    # Berserker are in no deck; they join the Adventure deck when their character is seated
    from talisman.testing.invariants import check
    plain = talisman.new_game(["warrior", "wizard"], seed=3)
    assert not {"two_handed_sword", "berserker"} & set(plain.decks["adventure"])
    s = talisman.new_game(["swordsman", "barbarian"], seed=3)
    assert s.decks["adventure"].count("two_handed_sword") == 1
    assert s.decks["adventure"].count("berserker") == 1
    assert "optional_rules" not in s.decks and check(s) == []
    only = talisman.new_game(["swordsman", "warrior"], seed=3)
    assert "two_handed_sword" in only.decks["adventure"] and "berserker" not in only.decks["adventure"]


def test_a_game_without_those_characters_shuffles_as_before():
    # the set-aside cards are not in the deck, so the seeded shuffle is the one without them
    from talisman.rules.setup import game_decks
    defs = load()
    assert game_decks(defs, (), {}) == game_decks(defs, (), {}, ("warrior", "elf"))
    with_him = game_decks(defs, (), {}, ("swordsman",))
    assert with_him["adventure"] == game_decks(defs, (), {})["adventure"] + ["two_handed_sword"]


def test_only_the_barbarian_is_offered_the_berserker_lying_face_up():
    s = game([{"id": "barbarian", "space": "fields_1"}], [2], board_cards={"woods_1": ["berserker"]})
    s = play(s, "move:woods_1")
    assert "take:berserker" in {str(a) for a in talisman.legal_actions(s)}
    s = game([{"id": "troll", "space": "fields_1"}, {"id": "barbarian", "space": "tavern"}], [2, 3],
             board_cards={"woods_1": ["berserker"]})
    s = play(s, "move:woods_1")
    assert "take:berserker" not in {str(a) for a in talisman.legal_actions(s)}
    assert list(s.board_cards["woods_1"]) == ["berserker"] and not s.characters["troll"].followers


def test_a_saved_game_with_a_card_a_character_brings_loads_and_counts_it():
    # card conservation (talisman.validate) counts the set-aside card with its character only
    import pytest
    from talisman.errors import StateError
    s = talisman.new_game(["swordsman", "warrior"], seed=2)
    assert talisman.from_json(talisman.to_json(s)).decks == s.decks
    text = talisman.to_json(talisman.new_game(["warrior"], seed=2)).replace(
        '"adventure":[', '"adventure":["two_handed_sword",', 1)
    with pytest.raises(StateError, match="two_handed_sword"):
        talisman.from_json(text)
