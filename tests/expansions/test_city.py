"""THE TALISMAN CITY expansion (000_b5c75187973e35b7.txt, module ``talisman.expansions.city_law``):
each test names in its docstring the rule section it checks.

Positions are set up as scenarios are (``support.game``: fate 0, forced dice); the City deck's top
is set with ``deck_tops``; a Warrant or a Loan the setup keys cannot express is put into
``state.ext["city"]`` with the module's own ``store`` helpers.
"""
import sys
from pathlib import Path

import pytest
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))

import talisman  # noqa: E402
from support import events, game, legal, names, play  # noqa: E402
from talisman.api import STEPS  # noqa: E402
from talisman.definitions import load  # noqa: E402
from talisman.engine import machine  # noqa: E402
from talisman.engine.data import data_root  # noqa: E402
from talisman.engine.dice import mix  # noqa: E402
from talisman.expansions import city_law  # noqa: E402
from talisman.expansions.city_law import data, store, streets  # noqa: E402
from talisman.rules.setup import initial_state  # noqa: E402
from talisman.state import update_character  # noqa: E402
from talisman.testing import invariants  # noqa: E402

BOARD = load().board
CITY = data.spaces()
KIND = data.rules()["kinds"]


def city(characters, dice=(), **setup):
    """A position with the City in play; characters hold no Spells unless given (so no choice to
    cast one comes before the move under test)."""
    chars = []
    for c in characters:
        c = dict(c) if isinstance(c, dict) else {"id": c}
        c.setdefault("spells", [])
        chars.append(c)
    return game(chars, dice, expansions=["city"], **setup)


def broken(state):
    return {(e["character"], e["statute"]) for e in events(state, "statute_broken")}


def at(state, cid):
    return state.characters[cid].space


# --- the board ------------------------------------------------------------------------------

def test_the_city_board_is_one_connected_graph_marked_as_a_reconstruction():
    """000 THE TALISMAN CITY: the board is data (board.yaml), every space reachable from the City
    Gate, every space marked a stand-in, the file saying it is a reconstruction."""
    raw = yaml.safe_load((data_root() / "talisman/expansions/city/board.yaml").read_text())
    text = (data_root() / "talisman/expansions/city/board.yaml").read_text()
    assert "RECONSTRUCTION" in text
    assert all(s["stand_in"] for s in raw["spaces"]) and len(raw["spaces"]) == len(CITY) == 26
    seen, todo = {"city_gate"}, ["city_gate"]
    while todo:
        for n in BOARD.spaces[todo.pop()].neighbours:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(CITY)
    for sid in CITY:
        assert BOARD.spaces[sid].region == "city"
        for n in BOARD.spaces[sid].neighbours:
            assert sid in BOARD.spaces[n].neighbours


def test_every_building_has_an_entrance_from_a_street_and_no_street_is_a_dead_end():
    """000 Movement in the City: "All Buildings must be entered where there is an Arrow notating an
    entrance": a building's neighbours are its entrances, all streets; the Donjon is entered only
    by arrest (one way out); every street leads on, so a whole roll can always be walked."""
    names_ = {BOARD.spaces[s].name for s in CITY}
    for named in ("City Gate", "Town Square", "Wharf", "Donjon", "Royal Castle", "Bank",
                  "Magic Emporium", "High Temple", "Enchantress", "Doctor's", "Stables", "Armoury",
                  "Anarchists' Guild", "Six Fates Inn", "Apothecary"):
        assert named in names_
    for sid in CITY:
        nbrs = BOARD.spaces[sid].neighbours
        if KIND[sid] in ("building", "donjon"):
            assert nbrs and all(KIND[n] == "street" for n in nbrs), sid
        if KIND[sid] in ("square", "street", "wharf"):
            assert sum(KIND[n] in ("square", "street", "wharf") for n in nbrs) >= 2, sid
    assert BOARD.spaces["city_donjon"].neighbours == (data.rules()["donjon"]["exit"],)
    assert BOARD.spaces["city_gate"].neighbours == ("city_town_square",)


def test_the_city_deck_is_its_own_deck_with_its_law_cards():
    """000 THE TALISMAN CITY: City cards are drawn on the City board from their own stockpile
    (ENCOUNTERS IN A SPACE), the Law cards among them; the deck is shuffled at setup."""
    s = talisman.new_game(["priest"], expansions=["city"], seed=4)
    deck = s.decks["city"]
    assert sorted(deck) == sorted(load().expansion_decks["city"]["city"])
    assert list(deck) != list(load().expansion_decks["city"]["city"])
    assert {c for c in deck if data.law_card(c)} == {"watch", "patrol"}
    assert all(load().cards[c].stand_in for c in deck)
    assert "city" not in talisman.new_game(["priest"]).decks


# --- entering -------------------------------------------------------------------------------

def test_landing_on_the_city_space_moves_the_piece_to_the_city_gate_and_ends_the_turn():
    """000 Entering the City: "Upon landing on the City Gate, Move the playing Piece to the
    corresponding City Gate on the Talisman City Board. The Character's turn ends here"; the main
    board's City instructions are ignored."""
    s = city([{"id": "priest", "space": "fields_3"}, {"id": "monk", "space": "village"}], [1])
    s = play(s, "move:city")
    assert at(s, "priest") == "city_gate"
    assert "city_gate_reached" in names(s) and "encountered_space" not in names(s)
    assert s.current == "monk"


def test_next_turn_the_character_moves_into_the_town_square_and_meets_it():
    """000 Entering the City: "On your next Move you may Move into the Town Square" (the whole
    move); the Town Square draws a City card.  The sentence is the one's who landed on the Gate
    (``arrived``); one who stopped there from inside rolls (docs/rulings.md R-RULE16.1)."""
    s = city([{"id": "priest", "space": "city_gate"}], deck_tops={"city": ["purse"]},
             ext={"city": {"arrived": ["priest"]}})
    assert legal(s) == {"move:city_town_square", "roll"}
    s = play(s, "move:city_town_square")
    assert at(s, "priest") == "city_town_square"
    assert {"card": "purse", "space": "city_town_square", "character": "priest"} in events(s, "card_drawn")
    assert "take:purse" in legal(s)


def test_the_main_board_city_space_has_no_instructions_with_the_city_in_play():
    """000 THE TALISMAN CITY: "The City Space on the main board is considered the City Gate.
    Ignore all instructions printed there." """
    from talisman.rules.encounters import instructions
    s = city(["priest"])
    assert instructions(s, "city") == ()
    assert instructions(city_free(), "city") != ()


def city_free():
    return game(["priest"])


def test_a_character_starting_on_the_city_space_may_enter_or_move_on_the_main_board():
    """000 Entering the City: the Thief and the Assassin start on the City space, outside the
    walls: they may move into the Town Square or move on as usual."""
    s = talisman.new_game(["thief"], expansions=["city"], seed=1)
    assert legal(s) == {"move:city_town_square", "roll"}
    s = talisman.apply(s, "roll", stop_at_chance=True)
    assert s.pending.step == "movement.rolled"


# --- movement in the city ------------------------------------------------------------------------

def test_entering_a_building_ends_the_move_only_through_an_entrance():
    """000 Movement in the City: "Any Character moving into a Building ends his Movement there.
    All Buildings must be entered where there is an Arrow notating an entrance." """
    s = city([{"id": "priest", "space": "city_kings_way"}], [1])
    assert legal(s) == {"move:city_royal_castle", "move:city_street_of_temples",
                        "move:city_town_square"}
    s = city([{"id": "priest", "space": "city_mint_street"}], [3])
    opts = legal(s)
    assert "move:city_bank" in opts                       # one step, then the move ends
    assert "move:city_royal_castle" in opts               # through King's Way's arrow
    assert "move:city_high_temple" not in opts            # its arrow is not on a 3-step walk
    assert "move:city_donjon" not in opts                 # entered only by arrest
    s = play(s, "move:city_bank")
    assert at(s, "priest") == "city_bank"
    assert events(s, "moved")[-1]["path"] == ["city_bank"]


def test_a_roll_walks_the_whole_count_without_turning_back():
    """000 Movement in the City: "Characters follow the standard rules for Movement": the full
    count, in one direction (no stepping back onto the space just left)."""
    dests = streets.destinations("city_kings_way", 2)
    streets_only = {d for d in dests if KIND.get(d) in ("square", "street", "wharf")}
    assert streets_only == {"city_mint_street", "city_market_street", "city_mages_walk"}
    assert "city_kings_way" not in dests


def test_no_character_stays_in_a_building_from_one_turn_to_the_next():
    """000 Movement in the City: "Characters may not remain in a Building from one turn to
    another. They must Move, if able to do so." """
    s = city([{"id": "priest", "space": "city_bank"}], [1])
    assert legal(s) == {"move:city_mint_street"}
    assert "move:city_bank" not in {f"move:{d}" for d in streets.destinations("city_bank", 3)}


def test_animals_are_left_outside_a_building_and_regained_on_the_way_out():
    """000 Entering the City: "Mules, Horses ... may not be taken into buildings. They must be left
    at the Wharf, the Stables, on the street ... you may regain them as you exit." """
    s = city([{"id": "priest", "space": "city_smiths_row", "followers": ["purchase_mule"]}], [1, 1])
    s = play(s, "move:city_armoury")
    assert at(s, "priest") == "city_armoury"
    assert list(s.characters["priest"].followers) == []
    assert list(store.held(s, "outside:priest")) == ["purchase_mule"]
    assert invariants.check(s) == []
    s = play(s, "done") if "done" in legal(s) else s
    s = play(s, "move:city_smiths_row")
    assert list(s.characters["priest"].followers) == ["purchase_mule"]
    assert "animals_regained" in names(s)
    # the Stables let them in
    s = city([{"id": "priest", "space": "city_stable_yard", "followers": ["purchase_mule"]}], [1])
    s = play(s, "move:city_stables")
    assert list(s.characters["priest"].followers) == ["purchase_mule"]


# --- the Statutes ----------------------------------------------------------------------------------

def test_statute_a_fighting_in_the_streets_calls_the_watch():
    """000 STATUTES OF THE CITY, A: "It is illegal to take part in Combat or Psychic Combat whilst
    on the City Streets"; after the encounter one more City card is drawn (not a Law card:
    nothing happens)."""
    s = city([{"id": "priest", "space": "city_mint_street"}], [1, 6, 1],
             deck_tops={"city": ["footpad", "purse"]})
    s = play(s, "move:city_fates_lane", "fight")
    assert ("priest", "A") in broken(s)
    assert "watch_called" in names(s) and events(s, "watch_absent")[-1]["card"] == "purse"
    assert at(s, "priest") == "city_fates_lane" and "purse" in s.discards["city"]


def test_an_encounter_begun_again_after_a_spell_is_judged_once(monkeypatch):
    """000 THE TALISMAN CITY: "After resolving an Encounter which involved breaking one of the
    Statutes of the City, draw an additional City Card": one judgement for one encounter.  The
    Priest, offered Destruction "just after moving, before the encounter", goes on: the City's
    judgement is queued once (fix13C: the encounter began again then, and was judged once for
    both beginnings; since fix14A it goes on after the ``before_encounter`` hooks without
    beginning again, R-FA14.1; ``law.watch``, the judgement's last call, counted)."""
    from talisman.expansions.city_law import law
    calls = []
    original = law.watch
    monkeypatch.setattr(law, "watch", lambda state, found: calls.append(found) or original(state, found))
    s = city([{"id": "priest", "space": "city_mint_street", "spells": ["destruction"]}], [1, 6, 1],
             deck_tops={"city": ["footpad", "purse"]})
    s = play(s, "roll", "move:city_fates_lane")
    assert s.pending.kind == "after_move" and "cast:destruction" in legal(s)
    s = play(s, "go_on")
    assert [f.step for f in s.stack].count("city.after_encounter") == 1
    s = play(s, "fight")
    assert ("priest", "A") in broken(s)
    assert names(s).count("watch_called") == 1
    assert [[b["statute"] for b in found] for found in calls] == [["A"]]


def test_an_encounter_after_a_spell_cast_just_after_moving_is_judged_once(monkeypatch):
    """000 THE TALISMAN CITY (one judgement for one encounter) and 000 CASTING SPELLS (Destruction
    "just after moving"): the Priest casts it on the Bag of Gold lying in the Woods, then meets the
    Footpad on the Fates Lane; the encounter goes on after the Spell where it was offered, its
    ``before_encounter`` hooks not asked again, so one judgement is queued (R-FA14.1): it finds the
    Spell cast in the Street (Statute F) and the fight (Statute A) and calls the Watch once."""
    from talisman.expansions.city_law import law
    calls = []
    original = law.watch
    monkeypatch.setattr(law, "watch", lambda state, found: calls.append(found) or original(state, found))
    s = city([{"id": "priest", "space": "city_mint_street", "spells": ["destruction"]}], [1, 6, 1],
             deck_tops={"city": ["footpad", "purse"]}, board_cards={"woods_1": ["bag_of_gold"]})
    s = play(s, "roll", "move:city_fates_lane", "cast:destruction")
    assert [f.step for f in s.stack].count("city.after_encounter") == 1
    assert [f.step for f in s.stack][-1] == "encounters.choose"
    s = play(s, "destroy:woods_1:bag_of_gold")
    assert [f.step for f in s.stack].count("city.after_encounter") == 1
    s = play(s, "fight")
    assert {("priest", "A"), ("priest", "F")} <= broken(s)
    assert [[b["statute"] for b in found] for found in calls] == [["F", "A"]]
    assert names(s).count("watch_called") == 1


def test_statute_a_kept_no_fight_no_watch():
    """000 STATUTES OF THE CITY, A: an encounter without a fight breaks nothing (and fighting
    outside the City is no business of its Law)."""
    s = city([{"id": "priest", "space": "city_mint_street"}], [1], deck_tops={"city": ["purse"]})
    s = play(s, "move:city_fates_lane", "take:purse")
    assert broken(s) == set() and "watch_called" not in names(s)
    s = city([{"id": "priest", "space": "graveyard"}], [1, 6, 1], deck_tops={"adventure": ["goblin"]})
    s = play(s, "move:woods_1", "fight")
    assert "combat_won" in names(s) and broken(s) == set()


def test_statute_b_fighting_in_a_building_is_immediate_arrest():
    """000 STATUTES OF THE CITY, B: "Fighting in a Building will result in immediate arrest.
    Characters must go to the Donjon!" (both fighters; no Watch card is drawn)."""
    s = city([{"id": "priest", "space": "city_mint_street"}, {"id": "monk", "space": "city_bank"}],
             [1, 6, 1])
    s = play(s, "move:city_bank", "encounter:char:monk", "attack:battle", "fight", "spoils:life")
    assert {("priest", "B"), ("monk", "B")} <= broken(s)
    assert at(s, "priest") == at(s, "monk") == "city_donjon"
    assert "watch_called" not in names(s)


def test_statute_b_kept_business_in_a_building_is_lawful():
    """000 STATUTES OF THE CITY, B: doing business in a building breaks nothing."""
    s = city([{"id": "priest", "space": "city_mint_street"}], [1])
    s = play(s, "move:city_bank", "bank:leave")
    assert broken(s) == set() and at(s, "priest") == "city_bank"


def test_statute_c_missiles_are_the_range_weapons_fired():
    """000 STATUTES OF THE CITY, C: "It is forbidden to fire or throw any form of missile weapon":
    the Statute applies everywhere in the City, and its act is a range weapon fired (the
    Timescape's Purchase cards bring them: docs/rulings.md A13); holding one is no act.  Being
    "another form of fighting", the shot is also A's fighting in the streets (and B's in a
    Building: rulings R-PROBE17D.1)."""
    c = next(s for s in data.rules()["statutes"] if s["id"] == "C")
    assert c.get("applicable", True) and [dict(p) for p in data.rules()["acts"]["missile"]] == \
        [{"event": "range_weapon_fired"}]
    s = game([{"id": "warrior", "space": "city_mint_street", "objects": ["ts_blaster"], "spells": []},
              {"id": "troll", "space": "city_town_square", "spells": []}], [1, 6, 1, 2],
             expansions=["city", "timescape"])
    s = play(s, "move:city_fates_lane", "fire:ts_blaster:char:troll")
    broken = [e["statute"] for e in events(s, "statute_broken") if e["character"] == "warrior"]
    assert broken == ["A", "C"] and not [e for e in events(s, "statute_broken") if e["character"] == "troll"]


def test_statute_d_assassination_is_fighting_by_another_name():
    """000 STATUTES OF THE CITY, D: "Karate, Assassination, Secret Strikes, and/or Killer Blows are
    also illegal": the Assassin's attack in the streets breaks D (and A, for both fighters)."""
    s = city([{"id": "assassin", "space": "city_mint_street"},
              {"id": "monk", "space": "city_fates_lane", "gold": 2}], [1, 6, 1])
    s = play(s, "move:city_fates_lane", "encounter:char:monk", "attack:battle:assassinate", "fight", "spoils:life")
    assert {("assassin", "D"), ("assassin", "A"), ("monk", "A")} <= broken(s)
    assert ("monk", "D") not in broken(s)


def test_statute_d_the_assassins_plain_attack_is_no_assassination():
    """000 STATUTES OF THE CITY, D: the Assassin who chooses not to assassinate (rulings R-FF12.4)
    only fights: A, not D (the Monk rolls his die: 1 to move, 6 and 1 in the fight)."""
    s = city([{"id": "assassin", "space": "city_mint_street"},
              {"id": "monk", "space": "city_fates_lane", "gold": 2}], [1, 6, 1])
    s = play(s, "move:city_fates_lane", "encounter:char:monk", "attack:battle", "fight", "spoils:life")
    assert ("assassin", "A") in broken(s) and ("assassin", "D") not in broken(s)


def test_statute_d_kept_an_ordinary_attack_is_not_an_assassination():
    """000 STATUTES OF THE CITY, D: a character without the Assassin's ability breaks A only."""
    s = city([{"id": "priest", "space": "city_mint_street"},
              {"id": "monk", "space": "city_fates_lane", "gold": 2}], [1, 6, 1])
    s = play(s, "move:city_fates_lane", "encounter:char:monk", "attack:battle", "fight", "spoils:life")
    assert ("priest", "A") in broken(s) and not any(st == "D" for _, st in broken(s))


def test_statute_e_trading_in_the_streets():
    """000 STATUTES OF THE CITY, E: "It is illegal to Trade in the Streets without a License":
    buying from the Peddler in a street."""
    s = city([{"id": "priest", "space": "city_mint_street", "gold": 4}], [1],
             deck_tops={"city": ["peddler", "purse"]})
    s = play(s, "move:city_fates_lane", "buy:purchase_helmet", "done")
    assert ("priest", "E") in broken(s)


def test_statute_e_kept_buying_in_a_shop():
    """000 STATUTES OF THE CITY, E: buying in a building (the Armoury) is lawful."""
    s = city([{"id": "priest", "space": "city_smiths_row", "gold": 4}], [1])
    s = play(s, "move:city_armoury", "buy:purchase_helmet", "done")
    assert "purchase_helmet" in s.characters["priest"].objects and broken(s) == set()


def test_statute_f_casting_a_spell_in_the_street():
    """000 STATUTES OF THE CITY, F: "Reading Scrolls and casting Spells in the Street, from any
    source, is illegal" (here before moving, judged after the encounter)."""
    s = city([{"id": "priest", "space": "city_mint_street", "spells": ["alchemy"]}], [1],
             deck_tops={"city": ["purse", "purse"]})
    s = play(s, "cast:alchemy", "move:city_fates_lane", "take:purse")
    assert ("priest", "F") in broken(s)


def test_statute_f_kept_a_spell_cast_in_a_building():
    """000 STATUTES OF THE CITY, F: the Statute is about the Street; a spell cast in a building
    (before walking out) breaks nothing."""
    s = city([{"id": "priest", "space": "city_bank", "spells": ["alchemy"]}], [1],
             deck_tops={"city": ["purse"]})
    s = play(s, "cast:alchemy", "move:city_mint_street", "take:purse")
    assert broken(s) == set()


def test_statute_g_beguiling_in_the_street():
    """000 STATUTES OF THE CITY, G: "Beguiling ... considered to be Spells, and are therefore
    crimes": the Sorceress beguiling a character in the street."""
    s = city([{"id": "sorceress", "space": "city_mint_street"},
              {"id": "monk", "space": "city_fates_lane", "gold": 2}], [1, 6])
    s = play(s, "move:city_fates_lane", "encounter:char:monk")
    if "ability:beguile" not in legal(s):
        pytest.skip("the Sorceress's beguiling is not in this engine")
    s = play(s, "ability:beguile", "take:gold")
    assert ("sorceress", "G") in broken(s)


def test_statute_g_kept_beguiling_outside_the_city():
    """000 STATUTES OF THE CITY, G: outside the City walls the Statutes do not apply."""
    s = city([{"id": "sorceress", "space": "fields_1"}, {"id": "monk", "space": "graveyard", "gold": 2}],
             [1, 6])
    s = play(s, "move:graveyard", "encounter:char:monk")
    if "ability:beguile" not in legal(s):
        pytest.skip("the Sorceress's beguiling is not in this engine")
    s = play(s, "ability:beguile", "take:gold")
    assert broken(s) == set()


def test_statute_h_the_thief_stealing_in_a_building():
    """000 STATUTES OF THE CITY, H: "It is illegal to Plunder, or Steal"; the Thief's City table
    (EXCEPTIONS: Thief): 3-4 steal 1 gold, and the theft calls the Watch."""
    s = city([{"id": "thief", "space": "city_physic_lane"}], [1, 3], deck_tops={"city": ["purse"]})
    s = play(s, "move:city_doctor")
    assert {"choose:steal", "choose:visit"} <= legal(s)
    s = play(s, "choose:steal")
    assert s.characters["thief"].gold == 2
    assert ("thief", "H") in broken(s) and "watch_called" in names(s)


def test_statute_h_kept_a_theft_nobody_saw():
    """000 STATUTES OF THE CITY, H and the Thief's table: "2) You fail, but are not seen" (no
    crime the Law knows of); the Thief may not steal in the High Temple or the Royal Castle."""
    s = city([{"id": "thief", "space": "city_physic_lane"}], [1, 2])
    s = play(s, "move:city_doctor", "choose:steal")
    assert broken(s) == set() and s.characters["thief"].gold == 1
    s = city([{"id": "thief", "space": "city_kings_way", "gold": 3}], [1])
    s = play(s, "move:city_royal_castle")
    assert "choose:steal" not in legal(s)


def test_statute_i_an_illegal_character_in_the_city():
    """000 STATUTES OF THE CITY, I: "It is Illegal to be a ... Troll": after a City encounter."""
    s = city([{"id": "troll", "space": "city_mint_street"}], [1], deck_tops={"city": ["purse", "purse"]})
    s = play(s, "move:city_fates_lane", "take:purse")
    assert ("troll", "I") in broken(s)


def test_statute_i_kept_a_lawful_character():
    """000 STATUTES OF THE CITY, I: a Priest is no Troll."""
    s = city([{"id": "priest", "space": "city_mint_street"}], [1], deck_tops={"city": ["purse"]})
    s = play(s, "move:city_fates_lane", "take:purse")
    assert broken(s) == set()


def test_statute_j_having_no_money_at_all():
    """000 STATUTES OF THE CITY, J: "It is illegal to have no money at all." """
    s = city([{"id": "priest", "space": "city_mint_street", "gold": 0}], [1],
             deck_tops={"city": ["beggar", "purse"]})
    s = play(s, "move:city_fates_lane", "choose:refuse")
    assert ("priest", "J") in broken(s) and events(s, "watch_absent")


def test_statute_j_kept_with_a_gold_in_the_purse():
    """000 STATUTES OF THE CITY, J: one gold is enough."""
    s = city([{"id": "priest", "space": "city_mint_street", "gold": 1}], [1],
             deck_tops={"city": ["beggar", "purse"]})
    s = play(s, "move:city_fates_lane", "choose:refuse")
    assert broken(s) == set()


# --- the Watch, arrest and warrants ------------------------------------------------------------------

def test_the_watch_arrests_a_lawbreaker_who_loses_the_combat():
    """000 Arrest and Warrants: "if it is a law card the Watch will attempt to arrest the
    Character. The Character must fight a Combat with the Watch. If the Watch wins, the Character
    is taken at once to the Donjon" (the lost combat costs its life as any does)."""
    s = city([{"id": "priest", "space": "city_mint_street", "gold": 0}], [1, 1, 6],
             deck_tops={"city": ["beggar", "watch"]})
    s = play(s, "move:city_fates_lane", "choose:refuse", "fight")
    assert at(s, "priest") == "city_donjon"
    assert s.characters["priest"].lives == 3
    assert events(s, "arrested")[-1]["reason"] == "arrested by The Watch"


def test_winning_against_the_watch_escapes_arrest():
    """000 Arrest and Warrants: "If the Character wins, or it is a Standoff, then arrest is
    escaped at this time." """
    s = city([{"id": "priest", "space": "city_mint_street", "gold": 0}], [1, 6, 1],
             deck_tops={"city": ["beggar", "patrol"]})
    s = play(s, "move:city_fates_lane", "choose:refuse", "fight")
    assert at(s, "priest") == "city_fates_lane" and "arrest_escaped" in names(s)
    assert not any(e["statute"] == "A" for e in events(s, "statute_broken"))  # resisting is no crime


def test_a_turn_cut_short_still_brings_the_watch():
    """000 Arrest and Warrants: "After resolving an Encounter which involved breaking one of the
    Statutes ... draw an additional City Card": a street fight lost ends the turn at once; the
    Watch comes at the next move."""
    s = city([{"id": "priest", "space": "city_mint_street"}], [1, 1, 6],
             deck_tops={"city": ["cutthroat", "purse"]})
    s = play(s, "move:city_fates_lane", "fight")
    log = names(s)
    assert log.index("statute_broken") > log.index("turn_ended")
    assert log.index("watch_called") > log.index("turn_started", log.index("turn_ended"))
    assert events(s, "watch_absent")[-1]["card"] == "purse"


def test_a_warrant_holder_meeting_a_law_card_is_attacked_and_keeps_the_warrant():
    """000 Arrest and Warrants: "if a Character with a Warrant Encounters any Law Card, the Watch
    will attempt to arrest the Character. Win or lose, the Character must retain the Warrant." """
    for dice, space in (([1, 1, 6], "city_donjon"), ([1, 6, 1], "city_fates_lane")):
        s = city([{"id": "priest", "space": "city_mint_street"}], dice, deck_tops={"city": ["watch"]})
        s = store.give_warrant(s, "priest")
        s = play(s, "move:city_fates_lane", "fight")
        assert at(s, "priest") == space and store.has_warrant(s, "priest")
    s = city([{"id": "priest", "space": "city_mint_street"}], [1], deck_tops={"city": ["watch"]})
    s = play(s, "move:city_fates_lane")
    assert "law_passes" in names(s) and at(s, "priest") == "city_fates_lane"


def test_warrants_are_bought_at_the_royal_castle_and_given_to_another_player():
    """000 Purchasing Warrants: "Warrants may be purchased in the Royal Castle and immediately given
    to any players who may not refuse to take them" (the price is a stand-in)."""
    s = city([{"id": "priest", "space": "city_kings_way", "gold": 3}, {"id": "monk", "space": "village"}],
             [1])
    s = play(s, "move:city_royal_castle")
    assert legal(s) == {"warrant:monk", "done"}
    s = play(s, "warrant:monk")
    assert store.has_warrant(s, "monk") and s.characters["priest"].gold == 1


def test_a_warrant_holder_cannot_leave_by_road():
    """000 Leaving the City: "It is impossible for a Character to leave the City by road if he is
    in possession of a Warrant. Attempting to do so will result in immediate arrest"."""
    s = city([{"id": "priest", "space": "city_gate"}], [2])  # at the Gate from inside: rolled at once
    s = store.give_warrant(s, "priest")
    s = play(s, "move:woods_2")
    assert at(s, "priest") == "city_donjon" and "leaving_refused" in names(s)
    s = city([{"id": "priest", "space": "city_town_square"}], [3])
    s = store.give_warrant(s, "priest")
    s = play(s, "move:hills_2")
    assert at(s, "priest") == "city_donjon"


def test_the_donjon_bribery_discards_the_warrant():
    """000 Discarding Warrants: "If he decides to Bribe the judge ... then the Warrant Card is
    discarded upon leaving the Donjon" (the bribe's price is a stand-in)."""
    s = city([{"id": "priest", "space": "city_donjon", "gold": 3}], deck_tops={"city": ["purse"]})
    s = store.give_warrant(s, "priest")
    assert legal(s) == {"donjon:bribe", "donjon:escape", "donjon:judgment"}
    s = play(s, "donjon:bribe")
    assert at(s, "priest") == "city_gaol_lane" and not store.has_warrant(s, "priest")
    assert s.characters["priest"].gold == 0


def test_the_donjon_escape_keeps_the_warrant():
    """000 Discarding Warrants: "A Character who manages to Escape retains his Warrant Card";
    a failed escape keeps the prisoner in the Donjon."""
    s = city([{"id": "priest", "space": "city_donjon", "gold": 0}], [6], deck_tops={"city": ["purse"]})
    s = store.give_warrant(s, "priest")
    assert legal(s) == {"donjon:escape", "donjon:judgment"}
    s = play(s, "donjon:escape")
    assert at(s, "priest") == "city_gaol_lane" and store.has_warrant(s, "priest")
    s = city([{"id": "priest", "space": "city_donjon", "gold": 0}], [2])
    s = play(s, "donjon:escape")
    assert at(s, "priest") == "city_donjon" and "held_in_donjon" in names(s)


def test_the_donjon_judgment_accepted_discards_the_warrant():
    """000 Discarding Warrants: "or accepts the sentence given, then the Warrant Card is
    discarded" (the sentences are stand-ins)."""
    s = city([{"id": "priest", "space": "city_donjon", "gold": 0}], [6], deck_tops={"city": ["purse"]})
    s = store.give_warrant(s, "priest")
    s = play(s, "donjon:judgment")
    assert at(s, "priest") == "city_gaol_lane" and not store.has_warrant(s, "priest")
    s = city([{"id": "priest", "space": "city_donjon", "gold": 0}], [1])
    s = play(s, "donjon:judgment")
    assert at(s, "priest") == "city_donjon" and s.characters["priest"].lives == 3


# --- leaving -------------------------------------------------------------------------------------

def test_leaving_by_road_continues_the_move_on_the_main_board():
    """000 Leaving the City: "A Character who wished to leave does not have to finish his Move at
    the City Gate. Any additional Movement is taken on the main Board."; Followers who will not
    leave the City stay behind."""
    s = city([{"id": "priest", "space": "city_town_square", "followers": ["errand_boy"]}], [3])
    assert {"move:city_gate", "move:woods_2", "move:hills_2"} <= legal(s)
    s = play(s, "move:hills_2")
    assert at(s, "priest") == "hills_2" and list(s.characters["priest"].followers) == []
    assert "errand_boy" in s.discards["city"] and "city_left" in names(s)
    # at the Gate from inside, the standard move (R-RULE16.1): two spaces either way from the City
    # space, or two streets in
    s = city([{"id": "priest", "space": "city_gate"}], [2])
    assert legal(s) == {"move:hills_2", "move:woods_2", "move:city_kings_way", "move:city_market_street",
                        "move:city_mint_street"}


def test_a_roll_that_just_reaches_the_gate_ends_on_it():
    """000 Leaving the City: "To leave the City by road, a Character must be able to reach the City
    Gate from within the City ... Any additional Movement is taken on the main Board": a roll that
    ends on the Gate leaves none to take there, so the City space of the main board (0 spaces
    beyond it) is no destination; one more takes him onto the main board (mutation testing, mut18:
    ``streets.destinations`` 37, 46)."""
    assert sorted(streets.destinations("city_town_square", 1)) == [
        "city_gate", "city_kings_way", "city_market_street", "city_mint_street"]
    assert {"fields_3", "fields_4", "city_gate"} <= set(streets.destinations("city_town_square", 2))
    assert data.gate()["main"] not in streets.destinations("city_town_square", 2)


def test_the_barge_from_the_wharf():
    """000 Leaving the City: "If a Character begins his turn on the Wharf, he may pay 2G to be
    transported to any Space of his choice in the Outer Region. If he pays 4G ... the Middle
    Region." """
    s = city([{"id": "priest", "space": "city_wharf", "gold": 3}])
    assert "barge:outer" in legal(s) and "barge:middle" not in legal(s)
    s = play(s, "barge:outer")
    # every Outer Region space but the main board's City space, the Gate (docs/rulings.md R-CF9.5)
    assert {f"teleport:{x}" for x in BOARD.regions["outer"] if x != "city"} == legal(s)
    s = city([{"id": "priest", "space": "city_wharf", "gold": 4}])
    s = play(s, "barge:middle", "teleport:temple")
    assert at(s, "priest") == "temple" and s.characters["priest"].gold == 0


def test_stowaways_need_to_be_alone_without_followers_or_a_mule():
    """000 Stowaways: "If the Character is alone, has no Followers, has 4 Possessions or less and
    none of his possessions are a Horse, Mule or Horse and Cart, roll a die"."""
    assert "stowaway" in legal(city([{"id": "priest", "space": "city_wharf"}]))
    assert "stowaway" not in legal(city([{"id": "priest", "space": "city_wharf", "followers": ["urchin"]}]))
    assert "stowaway" not in legal(city([{"id": "priest", "space": "city_wharf"},
                                         {"id": "monk", "space": "city_wharf"}]))
    five = ["purchase_helmet", "purchase_helmet", "purchase_shield", "purchase_shield", "purchase_axe"]
    assert "stowaway" not in legal(city([{"id": "priest", "space": "city_wharf", "objects": five}]))


def test_the_stowaways_four_possessions_count_everything_he_has():
    """000 Stowaways: "has 4 Possessions or less"; 000 POSSESSIONS: "Anything belonging to any
    Character is considered a Possession" (docs/rulings.md R-RULER18.1): Objects, Spells, Scrolls,
    kept Enemies, each Gold and a Warrant."""
    four = {"id": "priest", "space": "city_wharf", "gold": 0, "spells": [],
            "objects": ["purchase_helmet", "purchase_shield"]}
    assert "stowaway" in legal(city([dict(four, gold=1, spells=["healing"])]))
    for more in ({"gold": 3}, {"gold": 1, "spells": ["healing", "counterspell"]},
                 {"gold": 2, "trophies": ["wolf"]}, {"spells": ["healing"], "scrolls": ["scroll_of_passage"], "gold": 1}):
        assert "stowaway" not in legal(city([dict(four, **more)])), more


@pytest.mark.parametrize("roll,space", [(1, "city_donjon"), (3, "city_stable_yard"), (4, "woods_2")])
def test_the_stowaway_chart(roll, space):
    """000 Stowaways: 1 caught, to the Donjon; 3 run 'that many Spaces clockwise in the City' (a
    movement roll: here 2 from the Wharf); 4 the barge stops at the Woods outside the City."""
    s = city([{"id": "priest", "space": "city_wharf"}], [roll, 2], deck_tops={"city": ["purse"]})
    s = play(s, "stowaway")
    assert at(s, "priest") == space


def test_the_stowaway_chart_sailor_and_far_shores():
    """000 Stowaways: 2 "Fight a Combat with him, Strength 6"; 5 any Outer space; 6 any Outer or
    Middle space."""
    s = city([{"id": "priest", "space": "city_wharf"}], [2, 1, 6])
    s = play(s, "stowaway", "fight")
    assert s.characters["priest"].lives == 3 and at(s, "priest") == "city_wharf"
    # never the main board's City space, the Gate (docs/rulings.md R-CF9.5)
    s = play(city([{"id": "priest", "space": "city_wharf"}], [5]), "stowaway")
    assert legal(s) == {f"teleport:{x}" for x in BOARD.regions["outer"] if x != "city"}
    s = play(city([{"id": "priest", "space": "city_wharf"}], [6]), "stowaway")
    assert legal(s) == {f"teleport:{x}" for x in BOARD.regions["outer"] + BOARD.regions["middle"]
                        if x != "city"}


# --- loans ---------------------------------------------------------------------------------------

def test_a_loan_gives_3_gold_now_and_is_repaid_with_4():
    """000 Loans: "Take a Loan Card and 3 Gold ... You must repay a total of 4 Gold, in one
    payment"."""
    s = city([{"id": "priest", "space": "city_mint_street", "gold": 1}], [1])
    s = play(s, "move:city_bank")
    assert legal(s) == {"bank:loan", "bank:leave"}
    s = play(s, "bank:loan")
    assert s.characters["priest"].gold == 4 and store.owed(s, "priest") == 4
    s = city([{"id": "priest", "space": "city_mint_street", "gold": 5}], [1])
    s = store.set_loan(s, "priest", 4)
    s = play(s, "move:city_bank", "bank:repay")
    assert s.characters["priest"].gold == 1 and store.owed(s, "priest") == 0


def test_leaving_with_a_loan_unpaid_makes_a_toad():
    """000 Loans: "Should a Character attempt to leave the City before repaying a Loan, the Bank's
    Wizard will turn him into a Toad"; leaving with 4 gold repays it on the way out."""
    s = city([{"id": "priest", "space": "city_town_square", "gold": 3}], [2])
    s = store.set_loan(s, "priest", 4)
    s = play(s, "move:fields_4")
    ch = s.characters["priest"]
    assert ch.space == "city_gate" and ch.toad_turns == 3 and store.owed(s, "priest") == 0
    assert "loan_defaulted" in names(s) and invariants.check(s) == []
    s = city([{"id": "priest", "space": "city_town_square", "gold": 5}], [2])
    s = store.set_loan(s, "priest", 4)
    s = play(s, "move:fields_4")
    assert at(s, "priest") == "fields_4" and s.characters["priest"].gold == 1
    s = city([{"id": "priest", "space": "city_wharf", "gold": 2}])
    s = store.set_loan(s, "priest", 4)
    s = play(s, "barge:outer")
    assert s.characters["priest"].toad_turns == 3 and at(s, "priest") == "city_wharf"


# --- the game as a whole -------------------------------------------------------------------------

def test_random_games_with_the_city_play_to_the_end_keeping_every_invariant():
    """000 THE TALISMAN CITY: seeded random games with the City (some characters started inside
    it) end without an exception, every state keeping every invariant, and round-trip JSON."""
    events_seen = set()
    for seed in range(15):
        chars = [("thief", "assassin", "troll", "priest", "sorceress", "monk", "wizard", "ghoul",
                  "elf", "minstrel")[(seed + i) % 10] for i in range(3)]
        s = initial_state(chars, ("city",), seed, {"max_rounds": 25})
        for i, c in enumerate(chars):
            s = update_character(s, c, space=("city_town_square", "city_wharf", "city_mint_street",
                                               "city_gate", "fields_3")[(seed + i) % 5])
        s = machine.advance(s, STEPS)
        steps = 0
        while not s.is_over:
            assert invariants.check(s) == [], (seed, steps)
            options = talisman.legal_actions(s)
            s = talisman.apply(s, options[mix(seed, len(s.log)) % len(options)])
            steps += 1
        assert invariants.check(s) == []
        assert talisman.from_json(talisman.to_json(s)) == s
        events_seen |= set(names(s))
    assert {"statute_broken", "watch_called", "arrested", "city_left", "loan_taken"} <= events_seen


def test_a_base_game_never_runs_city_law_code(monkeypatch):
    """000 THE TALISMAN CITY (DESIGN.md 3): with the City off, no hook, effect or step of
    ``city_law`` runs, even for the Thief who starts on the City space."""
    def boom(*a, **k):
        raise AssertionError("city_law code ran in a base game")
    for table in (city_law.HOOKS, city_law.EFFECTS):
        for name in list(table):
            monkeypatch.setitem(table, name, boom)
    for name in [n for n in STEPS if n.startswith("city.")]:
        monkeypatch.setitem(STEPS, name, boom)
    for seed in range(3):
        s = talisman.new_game(["thief", "assassin"], seed=seed, options={"max_rounds": 8})
        while not s.is_over:
            options = talisman.legal_actions(s)
            s = talisman.apply(s, options[mix(seed, len(s.log)) % len(options)])
        assert "city" not in s.ext and not any(n.startswith("city") for n in names(s))


def test_a_character_who_only_arrived_at_the_gate_may_turn_back_without_leaving():
    """000 Entering the City: "Any Character landing on the City Gate may attempt to enter the City
    on their next turn": one who does not enter has not left the City (no Warrant arrest)."""
    s = city([{"id": "priest", "space": "fields_3"}], [1, 2])
    s = store.give_warrant(s, "priest")
    s = play(s, "move:city")
    assert at(s, "priest") == "city_gate" and store.arrived(s, "priest")
    s = play(s, "roll")
    assert legal(s) == {"move:hills_2", "move:woods_2"} and "arrested" not in names(s)
    assert "city_left" not in names(s) and not store.arrived(s, "priest")


def test_the_thiefs_city_table_caught_and_result_six():
    """000 Corrections/Additions/Deletions to the Existing Characters. (Thief): "1): Caught and
    sent to the Donjon ... 6): If you are in: ... Armory: Choice of Armory list"."""
    s = city([{"id": "thief", "space": "city_physic_lane"}], [1, 1])
    s = play(s, "move:city_apothecary", "choose:steal")
    assert at(s, "thief") == "city_donjon"
    s = city([{"id": "thief", "space": "city_smiths_row"}], [1, 6], deck_tops={"city": ["purse"]})
    s = play(s, "move:city_armoury", "choose:steal")
    assert "take:purchase_armour" in legal(s)
    s = play(s, "take:purchase_armour")
    assert "purchase_armour" in s.characters["thief"].objects and ("thief", "H") in broken(s)


def test_statutes_of_state_are_judged_after_a_city_encounter_only():
    """000 STATUTES OF THE CITY, J: judged "After resolving an Encounter": a penniless prisoner
    held in the Donjon (no encounter) breaks nothing."""
    s = city([{"id": "priest", "space": "city_donjon", "gold": 0}], [2])
    s = play(s, "donjon:escape")
    assert at(s, "priest") == "city_donjon" and broken(s) == set()


def test_statute_h_stealing_from_a_character_in_the_street():
    """000 STATUTES OF THE CITY, H: the Thief's ability to steal from a character, used in the
    streets, is stealing."""
    s = city([{"id": "thief", "space": "city_mint_street"},
              {"id": "monk", "space": "city_fates_lane", "gold": 2}], [1], deck_tops={"city": ["purse"]})
    s = play(s, "move:city_fates_lane", "encounter:char:monk")
    assert "ability:steal" in legal(s)
    s = play(s, "ability:steal", "take:gold")
    assert ("thief", "H") in broken(s) and ("monk", "H") not in broken(s)


def test_the_city_rules_file_is_checked_against_the_board():
    """000 THE TALISMAN CITY: the City's rules data is validated like every data file: a City space
    without a kind, or a Statute naming an unknown act, stops loading with the file and entry."""
    from talisman.errors import DataError
    doc = yaml.safe_load(data.path().read_text())
    del doc["kinds"]["city_bank"]
    with pytest.raises(DataError, match="city_bank"):
        data._check(data.path(), doc, load())
    doc = yaml.safe_load(data.path().read_text())
    doc["statutes"][0]["act"] = "juggling"
    with pytest.raises(DataError, match="unknown act 'juggling'"):
        data._check(data.path(), doc, load())


def test_no_raft_into_the_city_but_one_may_cross_from_outside_its_walls():
    """000 Entering the City: "Characters may not enter the City by Raft": no City space is across
    the river; from the main board's City space a Raft still crosses to the space opposite."""
    assert all(not BOARD.spaces[s].opposite for s in CITY)
    s = city([{"id": "priest", "space": "city", "raft": True}])
    assert "raft:warlocks_cave" in legal(s)
    s = play(s, "raft:warlocks_cave")
    assert at(s, "priest") == "warlocks_cave"


def test_a_victor_may_hand_a_beaten_warrant_holder_to_the_law():
    """000 RESOLVING COMBAT BETWEEN CHARACTERS: "If the loser possess a Warrant, the victor may
    turn the loser over to the Law. The loser is immediately placed in the Donjon in the Talisman
    City" (offered once the spoils are taken, on the main board too)."""
    s = city([{"id": "priest", "space": "fields_1"}, {"id": "monk", "space": "graveyard", "gold": 2}],
             [1, 6, 1])
    s = store.give_warrant(s, "monk")
    s = play(s, "move:graveyard", "encounter:char:monk", "attack:battle", "fight", "spoils:gold")
    assert legal(s) == {"law:hand_over", "law:let_go"} and s.pending.player == "priest"
    s = play(s, "law:hand_over")
    assert at(s, "monk") == "city_donjon" and store.has_warrant(s, "monk")
    s = city([{"id": "priest", "space": "fields_1"}, {"id": "monk", "space": "graveyard", "gold": 2}],
             [1, 6, 1])
    s = play(s, "move:graveyard", "encounter:char:monk", "attack:battle", "fight", "spoils:gold")
    assert "law:hand_over" not in legal(s)
