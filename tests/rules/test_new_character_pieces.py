"""LOSING ALL LIVES (000), option ``new_character``: "The Character Card is returned to the
remaining stock. The Player whose Character has just died may, if all players have agreed, begin
again NEXT TURN with a new Character."  A card taken again is a new piece under a fresh id
(``troll_2``), so nothing kept under the dead piece's id is the new one's (rulings R-FIX15.1)."""
import json

import attrs
import pytest

import talisman
from support import events, game, legal, play, run_effects
from talisman.definitions import card_of, load, piece_id
from talisman.errors import TalismanError
from talisman.rules import lasting


def two_deaths(first="troll", then="dwarf", pool=None, options=None, **setup):
    """``first`` and the Warrior die (in that order); ``first``'s player begins again with
    ``then``, and the Warrior's player is left choosing."""
    options = {"new_character": True, **({"character_pool": pool} if pool else {}), **(options or {})}
    s = game([{"id": first, "space": "village", "lives": 1}, {"id": "warrior", "space": "village", "lives": 1},
              {"id": "elf", "space": "forest"}], [1] * 40, options=options, **setup)
    s = run_effects(s, [{"lose": {"lives": 1}}], first)
    s = run_effects(s, [{"lose": {"lives": 1}}], "warrior")
    while s.pending.kind != "new_character":
        s = play(s, sorted(legal(s))[0])
    assert s.pending.player == first and f"character:{first}" not in legal(s)  # "a new Character"
    s = play(s, f"character:{then}")
    while s.pending.kind != "new_character":
        s = play(s, sorted(legal(s))[0])
    assert s.pending.player == "warrior"
    return s


def test_a_dead_characters_card_is_offered_to_another_player_as_a_new_piece():
    s = two_deaths()
    assert {"character:troll"} <= legal(s) and not {"character:warrior", "character:elf",
                                                     "character:dwarf"} & legal(s)
    s = play(s, "character:troll")
    assert s.order == ("dwarf", "troll_2", "elf") and s.current == "troll_2"
    old, new = s.characters["troll"], s.characters["troll_2"]
    assert not old.alive and old.space == "village"
    assert new.id == "troll_2" and new.alive and new.space == "crags" and new.lives == 4
    assert (new.strength, new.craft, new.gold) == (6, 1, 1)
    assert not (new.objects or new.followers or new.trophies or new.spells or new.turn_flags)
    assert events(s, "new_character")[-1] == {"character": "troll_2", "card": "troll", "replaces": "warrior"}


def test_the_pirate_taken_again_places_his_gold_the_first_ones_record_not_his():
    # the Pirate's "Place 1 Gold on ... the Castle": kept as placed under the piece's id
    s = play(two_deaths("pirate", pool="compendium"), "character:pirate")
    assert [e["character"] for e in events(s, "gold_placed")] == ["pirate", "pirate_2"]
    assert s.board_gold["castle"] == 2


def test_a_timescape_character_taken_again_starts_on_the_warp_gate_as_he_joins():
    # the Timescape's eight start in the Timescape, one who joins later too (rulings R-SB-2): read
    # by the card (``card_of``), and his joining read in the log under the new piece's id
    s = play(two_deaths("scientist", pool="compendium", expansions=["timescape"]), "character:scientist")
    assert [e["character"] for e in events(s, "timescape_start")] == ["scientist", "scientist_2"]
    assert not s.characters["scientist"].alive and s.characters["scientist_2"].lives == 4


def test_a_lasting_effect_of_the_dead_piece_is_a_dead_casters_not_the_new_pieces():
    # lasting.expire: an effect "until your next turn" ends at once when its caster is dead; had
    # the new piece the old id, it would wait for his turn
    s = play(two_deaths(), "character:troll")
    s = lasting.start(s, "destroy_magic", "troll", 1)
    s = lasting.start(s, "blizzard", "troll_2", 1)
    s = attrs.evolve(s, round=s.round + 1, current="elf")
    s = lasting.expire(s)
    assert not lasting.active(s, "destroy_magic") and lasting.active(s, "blizzard")


def test_a_game_with_a_piece_taken_again_round_trips_and_replays():
    s = play(two_deaths(), "character:troll")
    assert talisman.from_json(talisman.to_json(s)) == s
    assert talisman.parse_action(s, str(talisman.legal_actions(s)[0])) in talisman.legal_actions(s)


def test_a_player_may_take_back_his_first_card_after_his_second_death():
    # his first card went back to the stock at his first death: "a new Character" at the second
    # is any but the one he has just lost (rulings R-FIX15.1)
    s = game([{"id": "warrior", "space": "village", "lives": 1}, {"id": "troll", "space": "city"}], [1] * 40,
             options={"new_character": True})
    for target, card in (("warrior", "elf"), ("elf", "warrior")):
        s = run_effects(s, [{"lose": {"lives": s.characters[target].lives}}], target)
        while s.pending.kind != "new_character":
            s = play(s, sorted(legal(s))[0])
        assert f"character:{target}" not in legal(s)
        s = play(s, f"character:{card}")
    assert s.order == ("warrior_2", "troll") and not s.characters["warrior"].alive
    assert not s.characters["elf"].alive and s.characters["warrior_2"].lives == 4


def test_piece_ids_read_their_cards_definition():
    assert card_of("troll_2") == "troll" and card_of("questing_knight_12") == "questing_knight"
    assert card_of("troll") == "troll" and card_of("troll_1") == "troll_1" and card_of("nobody_2") == "nobody_2"
    assert load().characters["troll_2"] is load().characters["troll"]
    assert "troll_2" in load().characters and "troll_1" not in load().characters
    assert "troll_2" not in list(load().characters)            # the cards only, listed
    assert piece_id("troll", ["troll", "troll_2"]) == "troll_3" and piece_id("elf", ["troll"]) == "elf"
    # read with ``get`` too (mut15: ``get`` had no test), and an unknown id's error names it
    assert load().characters.get("troll_2") is load().characters["troll"]
    assert load().characters.get("troll_1") is None and load().characters.get("nobody_2", 7) == 7
    with pytest.raises(KeyError, match="nobody_2"):
        load().characters["nobody_2"]
    assert None not in load().characters and 7 not in load().characters  # no id, no card


def test_a_piece_id_is_no_character_to_start_a_game_with():
    with pytest.raises(TalismanError, match="unknown character 'troll_2'"):
        talisman.new_game(["warrior", "troll_2"])


def test_a_state_with_a_living_piece_out_of_the_seating_is_refused():
    s = play(two_deaths(), "character:troll")
    doc = json.loads(talisman.to_json(s))
    assert doc["state"]["order"] == ["dwarf", "troll_2", "elf"]
    doc["state"]["order"] = ["dwarf", "troll", "elf"]
    with pytest.raises(TalismanError, match="state.characters.troll_2.alive"):
        talisman.from_json(json.dumps(doc))


def test_a_swordsman_who_joins_later_brings_his_two_handed_sword_into_the_adventure_deck():
    """000 Corrections/Additions/Deletions to the Existing Characters (the Swordsman: "If you have
    a Two-handed Sword, you may add 3 to your Strength"; the Barbarian: "You may take the
    Berserker as a Follower"): their own cards join the Adventure deck for a character seated at
    the start, and, with the option ``new_character``, for one who joins later as a starting one
    would: shuffled into the deck as he joins, once a card however often it is played (rulings
    R-FIX15C.3)."""
    s = two_deaths("troll", "swordsman", pool="compendium")
    assert s.decks["adventure"].count("two_handed_sword") == 1
    assert events(s, "card_added") == [{"card": "two_handed_sword", "deck": "adventure", "character": "swordsman"}]
    assert "berserker" not in s.decks["adventure"]
    from talisman.testing import invariants
    assert invariants.expected_cards(s) == invariants.card_places(s)
    assert talisman.from_json(talisman.to_json(s)) == s
    s = play(s, "character:barbarian")
    assert s.decks["adventure"].count("berserker") == 1 and s.decks["adventure"].count("two_handed_sword") == 1
    assert invariants.expected_cards(s) == invariants.card_places(s)


def test_a_character_seated_at_the_start_and_taken_again_brings_no_second_copy():
    s = two_deaths("swordsman", "dwarf", pool="compendium")
    assert s.decks["adventure"].count("two_handed_sword") + s.discards["adventure"].count("two_handed_sword") == 1
    s = play(s, "character:swordsman")
    assert s.current == "swordsman_2" and not events(s, "card_added")
    assert s.decks["adventure"].count("two_handed_sword") + s.discards["adventure"].count("two_handed_sword") == 1


def test_a_henchman_waiting_on_a_realm_as_a_tithing_is_not_in_the_stock():
    """000 HENCHMEN ("deal out ... from the remaining Character Cards"), 000 Tithings: the Priest,
    the Thief's Henchman left as a tithing on the Warrior's Realm, is in play still; neither he
    nor the Dwarf serving the Warrior is a card a new character may be chosen from (rulings
    R-FIX15C.1)."""
    from talisman.rules.winning import unused_characters
    s = game([{"id": "warrior", "space": "village"}, {"id": "thief", "space": "sentinel", "gold": 0}],
             [1, 2, 5], options={"noblemen": True, "henchmen": 1, "new_character": True,
                                 "henchmen_dealt": {"warrior": ["dwarf"], "thief": ["priest"]}},
             deck_tops={"adventure": ["entitlement"]})
    for a in ("move:fields_1", "title:take", "realm:chapel", "move:chapel", "offer:henchman:priest", "accept"):
        s = play(s, a)
    assert not s.ext["henchmen"].dealt["thief"]  # (the Priest left him as the tithing)
    stock = unused_characters(s)
    assert "priest" not in stock and "dwarf" not in stock and "elf" in stock


def test_no_new_character_when_the_stock_holds_only_the_card_just_lost():
    """LOSING ALL LIVES: "The Character Card is returned to the remaining stock. The Player whose
    Character has just died may ... begin again NEXT TURN with a new Character": with every other
    card of the pool in play, the stock holds only the Troll's own card, so his player may not begin
    again; one more card in the pool and he may (mut15: ``may_restart`` 11, 13-16)."""
    from talisman.rules.winning import may_restart
    for pool, may in ((["troll", "warrior", "elf"], False), (["troll", "warrior", "elf", "dwarf"], True)):
        s = game([{"id": "troll", "space": "village", "lives": 1}, "warrior", "elf"], [1] * 10,
                 options={"new_character": True, "character_pool": pool})
        s = run_effects(s, [{"lose": {"lives": 1}}], "troll")
        assert not s.characters["troll"].alive
        assert may_restart(s, "troll") is may and may_restart(s) is may
