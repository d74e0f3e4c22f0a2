"""THE EMPEROR'S GUARD and GUARD ENCOUNTERS (000:1174-1206): expansion id ``emperors_guard``.

The scenarios tests/scenarios/emperors_guard_*.yaml play each sentence of the text; these tests
check the data tables, the Round's one move, the turn order around the Guard's encounters, the
City's Warrants and random play with every expansion.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

import talisman
from talisman.bots import HeuristicBot
from talisman.definitions import load
from talisman.expansions.emperors_guard import data, guard, store
from talisman.rules import combat
from talisman.rules.characters import kill
from talisman.testing import invariants

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from support import events, game, legal, play, run_effects  # noqa: E402
from playing import bot_games, random_play, refused_on_load  # noqa: E402


def ggame(characters, dice=(), expansions=("emperors_guard",), **setup):
    return game(characters, dice, expansions=list(expansions), **setup)


# --- the data ------------------------------------------------------------------------------------

def test_the_tables_are_the_texts():
    """GUARD ENCOUNTERS: the bribe table (six rolls) and the card-type table (eight rows)."""
    rules = data.rules()
    assert [r["text"] for r in rules["bribes"]] == [
        "Nothing", "5 Gold & a Magic Object or Item", "5 Gold", "3 Gold or any Magic Object or Item",
        "1 Gold or any Magic Object or Item", "The Guard accept you as a friend, no bribe needed"]
    assert {r["text"]: r["action"] for r in rules["card_actions"]} == {
        "Strangers": "discard", "Enemy": "fight", "Place": "close", "Object": "discard",
        "Follower": "hide", "Magic Item": "discard", "Magic Object": "discard",
        "Permanent Location": "ignore"}
    assert [r["name"] for r in rules["placements"]] == [
        "City Gate", "Chapel", "Tavern", "Village Square", "Monastery of Pure Good", "Endless Sea",
        "Tower of Ultimate Evil", "Bandit's Fortress"]
    assert data.card_action("spell") == "ignore"


@pytest.mark.parametrize("change, text", [
    (lambda d: d["bribes"].pop(), "bribes"),
    (lambda d: d["bribes"][0].update(roll=2), "each roll of a D6 once"),
    (lambda d: d["card_actions"].append({"type": "wizard", "text": "W", "action": "discard"}), "not a card type"),
    (lambda d: d["card_actions"][0].update(action="eat"), "action"),
    (lambda d: d["placements"][1].update(space="nowhere"), "unknown space"),
    (lambda d: d["placements"][4].pop("reason"), "needs a reason"),
    (lambda d: d["circuits"].update(city=["city_gate", "chapel"]), "not a space of the Region"),
    (lambda d: d["bribes"][5].update(pay=[]), "either a friend"),
])
def test_bad_tables_are_refused_on_load(tmp_path, monkeypatch, change, text):
    message = refused_on_load(tmp_path, monkeypatch, data, change, text)
    assert data.path().name in message  # the error names the file it refuses


def test_the_event_card_joins_the_adventure_deck_only_with_the_expansion():
    card = load().cards["emperors_guard_event"]
    assert card.type == "event" and card.stand_in and card.reason
    assert "emperors_guard_event" not in talisman.new_game(["warrior"], seed=1).decks["adventure"]
    s = talisman.new_game(["warrior"], seed=1, expansions=["emperors_guard"])
    assert "emperors_guard_event" in s.decks["adventure"] and "emperors_guard" in s.ext
    assert "emperors_guard" not in talisman.new_game(["warrior"], seed=1).ext


# --- moving: once a Round -------------------------------------------------------------------------

def test_the_guard_moves_once_at_the_end_of_each_round_not_after_each_turn():
    """"At the end of each Round of play roll 1D6": the first player's turn ending is not the
    Round's end; the second's is."""
    s = ggame([{"id": "warrior", "space": "tavern", "lost_turn": 1},
               {"id": "thief", "space": "village", "lost_turn": 1}], [3],
              ext={"emperors_guard": {"guards": {"chapel": "chapel"}}})
    assert events(s, "guards_moved") == [{"roll": 3, "guards": {"chapel": "plains_1"}}]
    assert s.round == 2 and s.current == "warrior"
    assert [e.name for e in s.log].index("guards_moved") > [e.name for e in s.log].index("turn_ended")


def test_the_event_placed_in_a_round_moves_at_that_rounds_end():
    s = ggame([{"id": "warrior", "space": "graveyard", "gold": 3}], [1, 2],
              deck_tops={"adventure": ["emperors_guard_event"]})
    s = play(s, "move:woods_1")   # the Event is drawn in Round 1; the Round ends; they move
    assert events(s, "guards_placed") == [{"spaces": ["chapel", "tavern", "village"]}]
    assert store.get(s, "round") == 1 and s.round == 2
    assert events(s, "guards_moved") == [
        {"roll": 2, "guards": {"chapel": "crags", "tavern": "ruins", "village": "graveyard"}}]


def test_the_city_gates_piece_walks_the_citys_circuit():
    s = ggame([{"id": "warrior", "space": "tavern", "lost_turn": 1}], [3], expansions=["city", "emperors_guard"],
              ext={"emperors_guard": {"guards": {"city_gate": "city_mint_street"}}})
    assert store.get(s, "guards") == {"city_gate": "city_town_square"}
    assert load().board.spaces["city_town_square"].region == "city"


def test_placing_is_not_landing_and_a_second_event_brings_back_the_pieces_in_play():
    """Pieces placed on a character's space do not meet him (only "lands on" does); a second
    Event puts each piece still in play back on its space and taxes again; a piece removed
    from play stays out (docs/rulings.md)."""
    s = ggame([{"id": "warrior", "space": "graveyard", "gold": 5}, {"id": "thief", "space": "chapel"}],
              [1], deck_tops={"adventure": ["emperors_guard_event"]},
              ext={"emperors_guard": {"guards": {"chapel": "crags"}, "removed": ["tavern"]}})
    s = play(s, "move:woods_1")
    assert store.get(s, "guards") == {"chapel": "chapel", "village": "village"}
    assert events(s, "guard_encounter") == []
    assert s.characters["warrior"].gold == 4


# --- encounters and turns -----------------------------------------------------------------------

def test_a_character_killed_by_the_guard_out_of_his_turn_and_the_turn_goes_on():
    """The Round ends; before the Warrior's turn the Guard meets the Thief (1 life), who dies
    fighting it; the Warrior's turn then goes on with his movement."""
    s = ggame([{"id": "warrior", "space": "tavern", "lost_turn": 1},
               {"id": "thief", "space": "chapel", "lives": 1, "lost_turn": 1},
               {"id": "wizard", "space": "village", "lost_turn": 1}],
              [1, 1, 1, 6, 4], ext={"emperors_guard": {"guards": {"chapel": "hills_1"}}})
    assert s.pending.player == "thief" and s.current == "warrior" and s.round == 2
    s = play(s, "fight", "fight")   # the Thief's 1 + 3 against the Guard's 5 + 6
    assert not s.characters["thief"].alive and s.battle is None
    assert s.current == "warrior" and s.pending.kind == "move" and s.pending.player == "warrior"
    assert invariants.check(s) == []


def test_the_guard_kills_the_current_character_the_rest_of_its_encounters_go_on():
    """The Warrior (1 life) dies fighting the Chapel's piece at the start of his turn: his turn
    ends at once, and the Tavern's piece still meets the Thief before the Thief's turn."""
    s = ggame([{"id": "warrior", "space": "chapel", "lives": 1, "lost_turn": 1},
               {"id": "thief", "space": "fields_5", "lost_turn": 1},
               {"id": "wizard", "space": "village", "lost_turn": 1}],
              [1, 1, 1, 1, 6, 3],
              ext={"emperors_guard": {"guards": {"chapel": "hills_1", "tavern": "tavern"}}})
    assert s.pending.kind == "guard" and s.pending.player == "warrior"
    s = play(s, "fight", "fight")   # the Warrior's 1 (two dice) + 4 against the Guard's 5 + 6
    assert not s.characters["warrior"].alive
    assert s.current == "thief" and s.pending.player == "thief" and s.pending.kind == "guard"
    assert events(s, "guard_bribe_rolled")[-1] == {"character": "thief", "roll": 3, "bribe": "5 Gold"}
    assert invariants.check(s) == []


def test_a_guard_fight_left_unfinished_gives_its_held_cards_back():
    """The Guard's next encounter ends a fight of the Guard left unfinished (its loser died out
    of his turn, or a turn ended in it): the Enemy cards the fight held under resolution go back
    on their space, as a new combat gives them back (issue 16, item 2).  A card is in exactly
    one place: on the space once, no longer under resolution."""
    s = ggame([{"id": "warrior", "space": "tavern", "lost_turn": 1},
               {"id": "thief", "space": "chapel", "lives": 1, "lost_turn": 1},
               {"id": "wizard", "space": "village", "lost_turn": 1}],
              [1, 1, 1], ext={"emperors_guard": {"guards": {"chapel": "hills_1"}}},
              board_cards={"chapel": ["wolf"]})
    s = play(s, "fight")  # the Thief fights the Guard ("Nothing" rolled: no bribe)
    s = combat.hold_enemies(s, "thief", [{"card": "wolf"}])  # a card the fight holds
    assert s.battle.get(guard.GUARD) and dict(s.resolving) == {"chapel": ["wolf"]}
    after = guard.next_encounter(s)
    assert after.battle is None and dict(after.resolving) == {}
    assert list(after.board_cards["chapel"]) == ["wolf"]
    assert invariants.check(after) == []


def test_a_dead_warrant_holder_holds_no_warrant():
    s = ggame(["warrior", "thief"], ext={"emperors_guard": {"warrants": ["warrior"]}})
    s = kill(s, "warrior", "test")
    assert store.get(s, "warrants") == []


def test_the_tax_logs_a_warrant_only_when_one_is_taken():
    """THE EMPEROR'S GUARD: "All Players must immediately pay a tax of 1 Gold. If they do not have
    enough to pay, they must take a Warrant."  Without the City the Guard keeps the Warrants: the
    Warrior, who holds the Guard's Warrant already, takes none and none is logged for him; the Thief,
    who holds none, takes one (R-FD14: the log once said the Warrior took one too)."""
    s = ggame([{"id": "warrior", "gold": 0}, {"id": "thief", "gold": 0}],
              ext={"emperors_guard": {"warrants": ["warrior"]}})
    s = run_effects(s, [{"emperors_guard_tax": {}}], "warrior")
    assert store.get(s, "warrants") == ["warrior", "thief"]
    assert events(s, "warrant_taken") == [{"character": "thief", "cause": "could not pay the Emperor's tax"}]


def test_with_the_city_a_city_warrant_stops_the_bribe():
    s = ggame([{"id": "warrior", "space": "chapel", "lost_turn": 1}], [1], expansions=["city", "emperors_guard"],
              ext={"city": {"warrants": ["warrior"]}, "emperors_guard": {"guards": {"chapel": "hills_1"}}})
    assert guard.holds_warrant(s, "warrior")
    assert legal(s) == {"fight", "fight:psychic"}


# --- random play ----------------------------------------------------------------------------------

def guarded(expansions, seed):
    """A new game with every piece already on its space and a Round about to end at once."""
    s = talisman.new_game(["warrior", "thief", "elf"], seed=seed, expansions=list(expansions))
    pieces = {p: p for p in data.placement_spaces() if guard.in_play(s, p)}
    return store.put(s, guards=pieces)


MIXES = [("emperors_guard",), ("city", "emperors_guard"),
         ("harbinger", "blood_moon", "city", "wizards_tower", "disasters", "dungeon", "emperors_guard")]


@pytest.mark.parametrize("expansions", MIXES, ids=["+".join(m) for m in MIXES])
def test_random_play_with_the_guard_keeps_every_invariant(expansions):
    """Seeded random play with the pieces on the board: the Guard moves, meets characters and
    cards; no exception, every invariant holds, the state round-trips and replays the same."""
    met = random_play(lambda seed: guarded(expansions, seed), range(5))
    assert {"guards_moved", "guard_encounter"} <= met


def test_heuristic_bots_play_through_the_guard():
    """Whole bot games with the pieces on the board: bribes paid or fights fought, invariants kept."""
    assert "guard" in bot_games(lambda seed: guarded(("emperors_guard",), seed), range(3))


# --- the heuristic bot's choice ----------------------------------------------------------------------

@pytest.mark.parametrize("who, bribe, want", [
    # GUARD ENCOUNTERS row 5, "1 Gold or any Magic Object or Item": 1 Gold is cheaper than a fight
    # the Warrior (Strength 4 against the Guard's 5) loses 21 times in 36
    ({"id": "warrior", "gold": 3, "objects": ["sword"]}, 5, "bribe:gold"),
    # row 3, "5 Gold": a strong character fights rather than pay 5 (it loses no pair of dice)
    ({"id": "warrior", "gold": 6, "strength": 10}, 3, "fight"),
    # row 1, "Nothing": no bribe; the Wizard fights in Psychic Combat (Craft 5 against 3, not Strength 2 against 5)
    ({"id": "wizard", "gold": 6, "spells": []}, 1, "fight:psychic"),
    # row 4, "3 Gold or any Magic Object or Item", without the Gold: the Sword (an Object) rather than a
    # likely lost life at 2 lives
    ({"id": "warrior", "gold": 0, "lives": 2, "objects": ["sword"]}, 4, "bribe:sword"),
])
def test_the_heuristic_bot_bribes_or_fights_the_guard_by_the_cost(who, bribe, want):
    """GUARD ENCOUNTERS: "The Guard will accept bribes ... A player may still opt not to pay the
    bribe and fight anyway after rolling": the bot takes the way of least expected cost."""
    s = ggame([{**who, "space": "chapel", "lost_turn": 1, "fate": 0}], [1, bribe],
              ext={"emperors_guard": {"guards": {"chapel": "hills_1"}}})
    assert s.pending.kind == "guard"
    assert want in legal(s)
    assert str(HeuristicBot(0).choose(s)) == want
