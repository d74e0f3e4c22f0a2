"""The Blood Moon expansion (003_4514fb79ab6fa57b.txt): the Time card, the passage of time, Lunar
Events, the prowling Werewolf and lycanthropy.  Each test names the rule section it settles.

Positions are set up with :func:`position`: a game with the expansion, waiting on the first
movement roll, with the expansion's state (time of day, the Werewolf's space, lycanthropes) set
directly (the scenario format has no keys for them)."""
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from pyrsistent import pmap

import talisman
from talisman import expansions
from talisman.definitions import load
from talisman.engine.records import replace
from talisman.effects_schema import EFFECTS as BASE_EFFECTS, effect_list, table_problem
from talisman.engine.data import validate
from talisman.expansions import blood_moon
from talisman.expansions.blood_moon import lycanthropy, store, werewolf
from talisman.rules import hooks, movement
from talisman.testing import invariants, strategies
from talisman.testing.strategies import play_random

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from support import events, game, legal, names, play, run_effects  # noqa: E402

BM = ["blood_moon"]


def position(characters, time="day", werewolf_at=None, lycanthropes=None, **setup):
    """A Blood Moon position waiting on the first movement roll (give rolls as ``roll:N``)."""
    s = game(characters, expansions=BM, **setup)
    changes = {"time": time}
    if werewolf_at:
        changes["werewolf"] = werewolf_at
    s = store.store(s, **changes)
    for cid, card in (lycanthropes or {}).items():
        s = make_lycanthrope(s, cid, card)
    return s


def make_lycanthrope(s, cid, card):
    deck = s.decks["lycanthrope"]
    s = replace(s, decks=s.decks.set("lycanthrope", deck.delete(deck.index(card))))
    return store.store(s, lycanthropes=store.get(s, "lycanthropes").set(cid, card))


def hook_then_run(s, hook, cid):
    """Run a state hook from a settled position and the frames it pushes, up to the next
    decision or chance node (frames pushed by turn_started / turn_ended run first)."""
    from talisman.api import STEPS
    from talisman.engine import machine
    s = replace(s, pending=None, stack=machine.push(s, machine.frame("movement.start")).stack)
    s = expansions.run_hook(s, hook, character=cid)
    return machine.advance(s, STEPS, True)


def ok(s):
    assert invariants.check(s) == []
    return s


# --- 003 Time Card ---------------------------------------------------------------------------

def test_the_time_card_starts_on_day_and_changes_each_creature_separately():
    """003 Time Card / 003 Setup (under Time Card): the game starts by Day; by Day each creature's
    attack score is 1 lower (to a minimum of 1: the score with its die), at Night 1 higher; two
    Enemies fighting together are each changed (the Bear, 3, and the Wolf, 2, attack the Thief,
    Strength 3, as one).  The 1 comes off the creature's value, so the Wild Boar (1) loses it
    too: with its die (at least 1) the score stays at 1 or more."""
    s = talisman.new_game(["warrior"], expansions=BM, seed=1)
    assert store.time(s) == "day"
    day = position(["thief"])
    night = store.store(day, time="night")
    assert expansions.adjust(day, "attack_score", 3, enemy="bear", kind="battle") == 2
    assert expansions.adjust(day, "attack_score", 1, enemy="wild_boar", kind="battle") == 0
    assert expansions.adjust(night, "attack_score", 3, enemy="spectre", kind="psychic") == 4
    for time, theirs, won in (("day", 3 + 2 + 1, True), ("night", 3 + 4 + 3, False)):
        s = position([{"id": "thief", "space": "woods_1"}], time=time,
                     board_cards={"hills_1": ["bear", "wolf"]})
        s = ok(play(s, "roll:2", "move:hills_1", "fight", "roll:4", "roll:3"))
        score = events(s, "combat_scores")[-1]
        assert (score["character_score"], score["opponent_score"]) == (3 + 4, theirs)
        assert bool(events(s, "combat_won")) == won


# --- 003 Passage of Time ------------------------------------------------------------------------

def test_drawing_events_flips_the_time_card_once_before_any_card_is_met():
    """003 Passage of Time: a character who draws one or more Events flips the Time card before
    he encounters any card (two Events drawn at the Ruins: one flip, nightfall, before either is
    met); a second encounter with an Event brings daybreak."""
    s = position([{"id": "warrior", "space": "tavern"}, {"id": "wizard", "space": "fields_4"}],
                 deck_tops={"adventure": ["devil", "angel", "book_of_spells"]})
    s = ok(play(s, "roll:2", "move:ruins"))
    log = names(s)
    assert log.count("nightfall") == 1 and "daybreak" not in log
    assert log.index("nightfall") < log.index("card_met")
    assert store.time(s) == "night"
    s = ok(play(s, "roll:2", "move:fields_3"))
    assert store.time(s) == "day" and names(s).count("daybreak") == 1


def test_an_instruction_to_flip_to_the_side_showing_does_nothing():
    """003 Passage of Time: "If an encounter instructs a character to flip the Time Card to a
    specific side and the Time Card is already flipped to that side, the Time Card is not
    flipped" (the Lunar Events in play stay)."""
    s = position(["warrior"], time="night")
    s = store.store(s, lunar_events=["witching_hour"])
    s = replace(s, decks=s.decks.set("adventure", s.decks["adventure"].remove("witching_hour")))
    s = run_effects(s, [{"flip_time": {"to": "night"}}], "warrior")
    assert store.time(s) == "night" and list(store.get(s, "lunar_events")) == ["witching_hour"]
    assert events(s, "time_unchanged") and not events(s, "daybreak")
    s = run_effects(s, [{"flip_time": {"to": "other"}}], "warrior")
    assert store.time(s) == "day" and list(store.get(s, "lunar_events")) == []
    assert "witching_hour" in s.discards["adventure"]


# --- 003 Lunar Events ---------------------------------------------------------------------------

def test_several_lunar_events_wait_beside_the_time_card_until_it_flips():
    """003 Lunar Events: a Lunar Event names the side to flip to, is placed beside the Time card
    (not on the board) and stays until the card next flips, so several may be in play; the next
    flip discards them all.  (The rulesheet's two examples are the scenarios
    tests/scenarios/blood_moon_*.yaml.)"""
    s = position([{"id": "warrior", "space": "fields_2"}, {"id": "wizard", "space": "fields_4"}],
                 deck_tops={"adventure": ["midnight_howl", "witching_hour", "devil"]})
    s = ok(play(s, "roll:2", "move:plains_1", "roll:2", "move:fields_3"))
    assert store.time(s) == "night"
    assert list(s.ext["blood_moon"]["cards"]["lunar_events"]) == ["midnight_howl", "witching_hour"]
    assert not s.board_cards.get("plains_1") and not s.board_cards.get("fields_3")
    # the Witching Hour fills each character's Spells as his turn starts: the Warrior (Craft 2) has none
    s = ok(play(s, "roll:2", "move:fields_2"))  # the Warrior draws the Blizzard: daybreak
    assert store.time(s) == "day" and list(store.get(s, "lunar_events")) == []
    assert {"midnight_howl", "witching_hour"} <= set(s.discards["adventure"])


def test_lunar_events_lasting_rules_vampiric_thirst_and_midnight_howl():
    """003 Lunar Events: while in play, the Vampiric Thirst gives a character who kills an Enemy a
    life, and the Midnight Howl makes a character beaten by an Enemy roll on the Werewolf's chart
    (both settled at the next turn boundary)."""
    s = position([{"id": "thief", "space": "woods_1", "lives": 3},
                  {"id": "wizard", "space": "fields_4"}], time="night",
                 board_cards={"hills_1": ["wolf"], "fields_3": ["ogre"]})
    for c in ("vampiric_thirst", "midnight_howl"):
        s = replace(s, decks=s.decks.set("adventure", s.decks["adventure"].remove(c)))
    s = store.store(s, lunar_events=["vampiric_thirst", "midnight_howl"])
    s = ok(play(s, "roll:2", "move:hills_1", "fight", "roll:6", "roll:1"))  # 3 + 6 against 2 + 1 + 1
    s = ok(play(s, "roll:2", "move:fields_3", "fight", "roll:1", "roll:6"))  # the Wizard loses
    assert s.characters["thief"].lives == 4              # the Thirst's life, as the next turn started
    s = ok(play(s, "roll:3"))                          # the Howl: the Wizard rolls on the chart: 3
    assert events(s, "werewolf_chart")[-1]["character"] == "wizard"
    assert s.characters["wizard"].lives == 4 - 1 - 1


# --- 003 Prowling Werewolf -----------------------------------------------------------------------

def test_the_werewolf_starts_on_the_forest_and_is_not_met_by_landing_on_it():
    """003 Prowling Werewolf / 003 Setup (under Prowling Werewolf): the Werewolf figure starts on
    the Forest; "Characters who land on the Werewolf figure's space do not encounter" it."""
    assert talisman.new_game(["elf"], expansions=BM).ext["blood_moon"]["werewolf"] == "forest"
    s = position([{"id": "warrior", "space": "fields_2"}], werewolf_at="plains_1",
                 deck_tops={"adventure": ["bag_of_gold"]})
    s = ok(play(s, "roll:2", "move:plains_1"))
    assert "werewolf_met" not in names(s) and "werewolf_chart" not in names(s)
    assert events(s, "card_drawn")[0]["space"] == "plains_1"


# --- 003 Moving the Werewolf -------------------------------------------------------------------

def test_a_movement_roll_of_1_makes_the_mover_move_the_werewolf_after_his_turn():
    """003 Moving the Werewolf: after a turn whose movement roll was a 1, that player rolls again
    and moves the Werewolf by the normal movement rules (the full count, either way round); he
    moves it once he has completed his turn ("but then"), still in his turn: before play passes
    on (frames pushed by the ``turn_ended`` hook run first); other rolls do nothing."""
    s = position([{"id": "warrior", "space": "woods_2"}, {"id": "wizard", "space": "city"}],
                 deck_tops={"adventure": ["devil", "angel"]})
    s = ok(play(s, "roll:1", "move:fields_3"))   # the Blizzard: Night falls; the turn ends
    assert s.current == "warrior" and s.pending.player == "chance"
    assert names(s).count("turn_ended") == 1 and "wizard" not in [
        e["character"] for e in events(s, "turn_started")]
    assert s.pending.prompt == "the Werewolf's move by warrior"
    s = ok(play(s, "roll:4"))
    assert s.pending.player == "warrior" and s.pending.kind == "werewolf"
    assert legal(s) == {"werewolf:graveyard", "werewolf:tavern"}
    s = ok(play(s, "werewolf:tavern"))
    assert s.ext["blood_moon"]["werewolf"] == "tavern"
    assert events(s, "werewolf_moved")[-1]["path"] == ["plains_4", "ruins", "fields_5", "tavern"]
    assert s.current == "wizard" and s.pending.prompt == "movement of wizard"
    s = ok(play(s, "roll:2", "move:hills_2"))    # a 2: the Werewolf stays where it is
    assert names(s).count("werewolf_stirs") == 1 and s.pending.prompt == "movement of warrior"
    assert names(s).count("werewolf_roll") == 1


def test_the_werewolf_may_kill_its_mover_before_the_next_turn_goes_on():
    """003 Moving the Werewolf / 003 Encountering the Werewolf: the move runs at the end of the
    mover's turn, before play passes on; if the Werewolf's chart kills the mover (the stand-in
    2: two lives), play passes on and the next character's turn goes on."""
    s = position([{"id": "warrior", "space": "woods_2", "lives": 1}, {"id": "wizard", "space": "city"},
                  {"id": "thief", "space": "city"}], werewolf_at="woods_2", deck_tops={"adventure": ["sword"]})
    s = ok(play(s, "roll:1", "move:fields_3", "done"))
    assert s.current == "warrior" and s.pending.prompt == "the Werewolf's move by warrior"
    s = ok(play(s, "roll:1", "werewolf:fields_3", "roll:2"))
    assert not s.characters["warrior"].alive and s.outcome is None
    assert s.current == "wizard" and s.pending.prompt == "movement of wizard"


def werewolf_roll(s, mover="warrior"):
    """Put the game on the Werewolf's roll by ``mover`` (as after his turn)."""
    s = replace(s, pending=None)
    return werewolf.start_move(s, mover)


def test_the_werewolf_stops_on_characters_at_night_crosses_at_the_sentinel_not_the_portal():
    """003 Moving the Werewolf: at Night it must end its move on entering a space with a
    character; it crosses the Storm River freely at the Sentinel (no fight); it cannot cross the
    Portal of Power."""
    board = load().board
    day = position([{"id": "warrior", "space": "fields_2"}, {"id": "wizard", "space": "plains_4"}])
    night = store.store(day, time="night")
    assert set(werewolf.options_for(day, 3)) == {"fields_1", "fields_5"}
    assert set(werewolf.options_for(night, 3)) == {"fields_1", "plains_4"}
    assert werewolf.options_for(night, 3)["plains_4"] == ("plains_4",)
    assert "hills_3" in werewolf.destinations(board, "woods_1", 2)
    s = ok(play(werewolf_roll(store.store(day, werewolf="woods_1")), "roll:2", "werewolf:hills_3"))
    assert s.ext["blood_moon"]["werewolf"] == "hills_3" and "attacked" not in names(s)
    assert "plain_of_peril" in movement.reachable(board, "castle", 2)
    assert set(werewolf.destinations(board, "castle", 2)) == {"black_knight", "woods_4"}


def test_the_werewolf_enters_walks_and_leaves_the_city_as_a_character_does():
    """003 Moving the Werewolf: "The Werewolf figure may enter and leave expansion boards ...
    according to the normal rules for a character entering and leaving those expansion boards"
    (000 THE TALISMAN CITY, Entering the City / Movement in the City / Leaving the City).
    Landing on the City space puts it on the City Gate (``werewolf:city``); from the Gate its move
    is into the Town Square (the whole move) or the full count on the main board from the City
    space; inside, a move into a Building ends there, and at the Gate the rest of the move is on
    the main board.  Without the City in play the City space is an ordinary space."""
    board = load().board
    s = game([{"id": "thief", "space": "graveyard"}], expansions=["blood_moon", "city"])
    boards = werewolf.expansion_boards(s)
    assert set(boards) == {"city"}
    assert werewolf.entered(s, "city") == "city_gate"
    assert set(werewolf.destinations(board, "city_gate", 2, boards=boards)) == {
        "city_town_square", "hills_2", "woods_2"}
    inside = werewolf.destinations(board, "city_town_square", 2, boards=boards)
    assert inside["city_royal_castle"] == ("city_kings_way", "city_royal_castle")  # a Building
    assert inside["fields_4"] == ("city_gate", "city", "fields_4")  # out by road, 1 on the main board
    assert "city_donjon" not in inside  # entered only by arrest
    alone = position([{"id": "thief", "space": "graveyard"}])
    assert werewolf.expansion_boards(alone) == {} and werewolf.entered(alone, "city") == "city"


def test_the_werewolf_data_names_the_city_as_the_city_data_does():
    """The Werewolf's ways in and out of the City (werewolf.yaml) are the City's own
    (data/talisman/expansions/city/city.yaml): its Gate, its Town Square, its Buildings, the
    Donjon; and the City board has no last space (docs/rulings.md entry 11)."""
    from talisman.engine.data import data_root, load_yaml
    city = load_yaml(data_root() / "talisman" / "expansions" / "city" / "city.yaml")
    mine = lycanthropy.werewolf_card()["expansion_boards"]["city"]
    assert dict(mine["gate"]) == {k: city["gate"][k] for k in ("main", "inside", "square")}
    assert sorted(mine["ends_move"]) == sorted(k for k, v in city["kinds"].items() if v == "building")
    assert list(mine["closed"]) == [k for k, v in city["kinds"].items() if v == "donjon"]
    assert mine["last_space"] is None


def test_the_werewolf_walks_the_dungeon_toward_its_end_and_jumps_from_the_treasure_chamber():
    """003 Moving the Werewolf with 000 THE TALISMAN DUNGEON (R-WOLF.1-4): from an upturned
    Doorway the Entrance is one more destination; from the Entrance the roll along the spiral or
    any upturned Doorway; on the spiral toward the centre only, a Night stop on a character;
    reaching the Treasure Chamber (no exact count) it is sent to any Outer or Middle space, never
    the Inner Region, and never stays on the Treasure Chamber or elsewhere in the Dungeon."""
    board = load().board
    s = game([{"id": "thief", "space": "graveyard"}], expansions=["blood_moon", "dungeon"])
    boards = werewolf.expansion_boards(s)
    assert set(boards) == {"dungeon"}
    doors = frozenset({"fields_1", "plains_1"})
    found = werewolf.destinations(board, "fields_1", 2, boards=boards, doorways=doors)
    assert found["dg_entrance"] == ("dg_entrance",) and found["woods_1"] == ("graveyard", "woods_1")
    assert "dg_entrance" not in werewolf.destinations(board, "village", 1, boards=boards, doorways=doors)
    found = werewolf.destinations(board, "dg_entrance", 2, boards=boards, doorways=doors)
    assert found == {"dg_passage_2": ("dg_passage_1", "dg_passage_2"), "fields_1": ("fields_1",),
                     "plains_1": ("plains_1",)}
    assert werewolf.destinations(board, "dg_passage_2", 5, frozenset({"dg_passage_4"}), boards) == {
        "dg_passage_4": ("dg_passage_3", "dg_passage_4")}
    jump = werewolf.destinations(board, "dg_passage_20", 6, frozenset({"dg_treasure_chamber"}), boards)
    assert set(jump) == set(board.regions["outer"]) | set(board.regions["middle"])
    assert jump["temple"] == ("dg_passage_21", "dg_passage_22", "dg_passage_23", "dg_treasure_chamber",
                              "temple")
    assert not set(jump) & (set(board.regions["inner"]) | set(board.regions["dungeon"]))
    face_down = store.store(s, werewolf="dg_entrance")
    face_down = replace(face_down, board_cards=face_down.board_cards.set("plains_1", ("dungeon_doorway",)))
    assert werewolf.doorways(face_down, boards) == {"plains_1"}
    from talisman.expansions import dungeon  # (a test may read another expansion's record)
    face_down = dungeon.SLICE.put(face_down, face_down=("plains_1",))
    assert werewolf.doorways(face_down, boards) == frozenset()
    # the ways in are the Dungeon's answer to the entrance_ways hook point, for its own entrance only
    assert hooks.adjust(face_down, "entrance_ways", (), entrance="dg_entrance") == ()
    assert hooks.adjust(face_down, "entrance_ways", (), entrance="city_gate") == ()
    up = dungeon.SLICE.put(face_down, face_down=())
    assert hooks.adjust(up, "entrance_ways", (), entrance="dg_entrance") == ("plains_1",)
    alone = game([{"id": "thief", "space": "graveyard"}], expansions=["blood_moon"])
    alone = replace(alone, board_cards=alone.board_cards.set("plains_1", ("dungeon_doorway",)))
    assert hooks.adjust(alone, "entrance_ways", (), entrance="dg_entrance") == ()
    assert werewolf.doorways(alone, boards) == frozenset()
    assert set(werewolf.options_for(face_down, 1)) == {"dg_passage_1"}


def test_the_werewolf_data_names_the_dungeon_as_the_dungeon_data_does():
    """The Werewolf's Dungeon (werewolf.yaml) is the Dungeon's own: its Entrance first and its
    Treasure Chamber last on the spiral; the jump goes to the main board's Outer and Middle Regions
    (R-WOLF.3).  Its ways in are no data of the Werewolf's (no Doorway card, no name of the
    Dungeon's state): only the entrance, which the Dungeon answers for."""
    from talisman.expansions import dungeon
    mine = lycanthropy.werewolf_card()["expansion_boards"]["dungeon"]
    assert set(mine) == {"entrance", "last_space", "jump_to"}
    ring = load().board.regions[load().board.spaces[mine["entrance"]].region]
    assert (ring[0], ring[-1]) == (mine["entrance"], mine["last_space"]) == (dungeon.entrance_space(), dungeon.treasure_space())
    assert list(mine["jump_to"]) == ["outer", "middle"]


def test_chance_outcomes_give_the_exact_odds_of_the_werewolf_reaching_a_character():
    """003 Moving the Werewolf: the Werewolf's roll is a chance node; the probability that the
    Werewolf can end its move on a character's space, summed over ``chance_outcomes``, matches a
    hand count.  From the Forest the Wizard on the Ruins is 2 spaces counter-clockwise: by Day
    only a 2 ends there (1/6); at Night every roll of 2 or more stops there (5/6).  Across the
    bridge (Werewolf on the Woods, the Wizard on the Hills beyond the Sentinel): a 2 by Day,
    any roll but 1 at Night."""
    cases = [("forest", "ruins", "day", Fraction(1, 6)), ("forest", "ruins", "night", Fraction(5, 6)),
             ("woods_1", "hills_3", "day", Fraction(1, 6)), ("woods_1", "hills_3", "night", Fraction(5, 6))]
    for start, target, time, hand in cases:
        s = position([{"id": "warrior", "space": "city"}, {"id": "wizard", "space": target}],
                     time=time, werewolf_at=start)
        s = werewolf_roll(s)
        outcomes = talisman.chance_outcomes(s)
        assert sum(p for _, p in outcomes) == 1 and len(outcomes) == 6
        p = sum(prob for roll, prob in outcomes
                if f"werewolf:{target}" in legal(talisman.apply(s, roll, stop_at_chance=True)))
        assert p == hand == werewolf.reach_probability(s, target), (start, target, time)


# --- 003 Encountering the Werewolf ---------------------------------------------------------------

def test_the_mover_picks_whom_the_werewolf_meets_who_rolls_on_its_chart():
    """003 Encountering the Werewolf: ending on a space with characters, the mover chooses one;
    he rolls one die on the Werewolf's chart; a 1 makes him a lycanthrope (he takes the top
    Lycanthrope card)."""
    s = position([{"id": "warrior", "space": "city"}, {"id": "wizard", "space": "ruins"},
                  {"id": "troll", "space": "ruins"}], werewolf_at="forest")
    s = ok(play(werewolf_roll(s), "roll:2", "werewolf:ruins"))
    assert legal(s) == {"victim:wizard", "victim:troll"} and s.pending.player == "warrior"
    top = s.decks["lycanthrope"][0]
    s = ok(play(s, "victim:troll", "roll:1"))
    assert events(s, "werewolf_met") == [pmap({"character": "troll", "space": "ruins"})]
    assert lycanthropy.card_of(s, "troll") == top and top not in s.decks["lycanthrope"]
    assert list(s.ext["blood_moon"]["cards"]["lycanthropes"]) == [top]


def test_the_wolfsbane_adds_up_to_2_to_the_werewolf_chart():
    """003 Encountering the Werewolf: the chart is read after the roll (a fate re-roll, then the
    Wolfsbane's bonus of up to 2: its card text, talisman-facts.md 6)."""
    s = position([{"id": "warrior", "space": "city"},
                  {"id": "wizard", "space": "ruins", "objects": ["wolfsbane"], "fate": 1}])
    s = play(werewolf_roll(s), "roll:2", "werewolf:ruins", "roll:1")
    assert legal(s) == {"keep", "fate:reroll"}
    s = play(s, "keep")
    assert legal(s) == {"wolfsbane:0", "wolfsbane:1", "wolfsbane:2"}
    s = ok(play(s, "wolfsbane:2"))
    assert events(s, "werewolf_chart")[-1] == pmap({"character": "wizard", "roll": 1, "result": 3})
    assert not lycanthropy.is_lycanthrope(s, "wizard") and s.characters["wizard"].lives == 3


# --- 003 Becoming a Lycanthrope -----------------------------------------------------------------

def test_one_lycanthrope_card_at_most_and_a_toad_turns_back_first():
    """003 Becoming a Lycanthrope: a character told to become a lycanthrope who already is one
    takes no second card; a Toad who becomes one changes back into his character first; a
    character turned into a Toad discards his Lycanthrope card."""
    s = position(["warrior", "wizard"], lycanthropes={"warrior": "lycanthrope_regeneration"})
    left = len(s.decks["lycanthrope"])
    s = run_effects(s, [{"become_lycanthrope": {}}], "warrior", dice=[])
    assert events(s, "lycanthropy_ignored") and len(s.decks["lycanthrope"]) == left
    s = run_effects(s, [{"become_toad": {"turns": 3}}], "wizard", dice=[])
    s = run_effects(s, [{"become_lycanthrope": {}}], "wizard", dice=[])
    assert s.characters["wizard"].toad_turns == 0 and lycanthropy.is_lycanthrope(s, "wizard")
    assert events(s, "toad_reverted")[-1]["character"] == "wizard"
    s = run_effects(s, [{"become_toad": {"turns": 3}}], "warrior", dice=[])  # the became_toad hook
    assert not lycanthropy.is_lycanthrope(s, "warrior")
    assert "lycanthrope_regeneration" in s.discards["lycanthrope"]
    assert invariants.card_places(s) == invariants.expected_cards(s)


def test_lycanthrope_instructions_apply_only_at_night_but_he_is_one_all_day():
    """003 Becoming a Lycanthrope: the card's instructions are followed only at Night (the
    stand-in "Regeneration" heals a life as his turn starts), but he is a lycanthrope by Day too
    (the Peasant Mob kills lycanthropes whatever the time)."""
    for time, lives in (("day", 2), ("night", 3)):
        s = position([{"id": "wizard", "space": "city", "lives": 2}], time=time,
                     lycanthropes={"wizard": "lycanthrope_regeneration"})
        s = hook_then_run(s, "turn_started", "wizard")
        assert s.characters["wizard"].lives == lives
    s = position([{"id": "warrior", "space": "city"}], lycanthropes={"warrior": "lycanthrope_regeneration"})
    assert lycanthropy.is_lycanthrope(s, "warrior") and store.time(s) == "day"
    s = run_effects(s, load().cards["peasant_mob"].effect, "warrior", dice=[])
    assert not s.characters["warrior"].alive
    assert "lycanthrope_regeneration" in s.discards["lycanthrope"]
    assert invariants.card_places(s) == invariants.expected_cards(s)


def test_fighting_a_lycanthrope_or_a_direwolf_risks_the_curse():
    """003 Becoming a Lycanthrope: a character who fights a lycanthrope risks his curse (a
    stand-in die roll as the next turn starts: a 1 makes him one); a character beaten by a
    Direwolf becomes one (its card), unless he is one already (then it is ignored)."""
    s = position([{"id": "thief", "space": "fields_2"}, {"id": "wizard", "space": "plains_1"}],
                 lycanthropes={"wizard": "lycanthrope_feral_might"},
                 board_cards={"fields_3": ["direwolf"]})
    s = ok(play(s, "roll:2", "move:plains_1", "encounter:char:wizard", "attack:battle",
                "fight", "roll:6", "roll:1", "spoils:life"))
    assert not lycanthropy.is_lycanthrope(s, "thief")
    s = ok(play(s, "roll:1"))  # the curse roll, as the Wizard's turn starts: a 1
    assert lycanthropy.is_lycanthrope(s, "thief")
    assert events(s, "became_lycanthrope")[-1]["cause"] == "lycanthrope"
    s = ok(play(s, "roll:2", "move:fields_3", "fight", "roll:1", "roll:6"))  # the Wizard loses
    assert events(s, "combat_lost")[-1]["enemies"] == ["direwolf"]
    assert events(s, "lycanthropy_ignored")[-1] == pmap(
        {"character": "wizard", "cause": "direwolf", "reason": "already a lycanthrope"})


def test_a_bloodlust_lycanthrope_must_attack_at_night():
    """003 Becoming a Lycanthrope: the stand-in "Bloodlust" card: at Night the lycanthrope must
    attack a character on his space instead of meeting the space; by Day he chooses freely."""
    for time, expected in (("night", {"encounter:char:wizard"}),
                           ("day", {"encounter:space", "encounter:char:wizard"})):
        s = position([{"id": "thief", "space": "fields_2"}, {"id": "wizard", "space": "plains_1"}],
                     time=time, lycanthropes={"thief": "lycanthrope_bloodlust"})
        s = play(s, "roll:2", "move:plains_1")
        assert legal(s) == expected


# --- properties and data -----------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(20))
def test_random_games_play_to_the_end_keeping_every_invariant(seed):
    """003 (all sections): seeded random games with the Blood Moon play to the end (round limit)
    without an exception and keep every invariant at every state."""
    chars = [["warrior", "wizard", "troll"], ["elf", "druid"], ["thief", "priest", "ghoul", "dwarf"]][seed % 3]
    s = talisman.new_game(chars, expansions=BM, seed=seed, options={"max_rounds": 10})
    states, _ = play_random(s, 4000, bot_seed=seed)
    assert states[-1].is_over
    for st in states:
        assert invariants.check(st) == []
    if seed == 0:
        assert talisman.from_json(talisman.to_json(states[len(states) // 2])) == states[len(states) // 2]


@settings(max_examples=12, deadline=None)
@given(strategies.configs(max_rounds=6, expansions=[]), strategies.seeds)
def test_with_the_harbinger_too_random_games_play_to_the_end(config, bot_seed):
    """003 (all sections) with 001: both expansions together play random seeded games to the end
    without an exception, every invariant kept."""
    s = talisman.new_game(config["characters"], ["harbinger", "blood_moon"], config["seed"],
                          config["options"])
    states, _ = play_random(s, 5000, bot_seed=bot_seed)
    assert states[-1].is_over
    for st_ in states:
        assert invariants.check(st_) == []


def test_a_base_game_never_runs_blood_moon_code(monkeypatch):
    """Expansions join only when enabled (DESIGN.md 3): with the Blood Moon's hooks and effects
    replaced by traps, a base game plays on untouched."""
    def trap(*a, **k):
        raise AssertionError("Blood Moon code ran in a base game")
    for name in list(blood_moon.HOOKS):
        monkeypatch.setitem(blood_moon.HOOKS, name, trap)
    for name in list(blood_moon.EFFECTS):
        monkeypatch.setitem(blood_moon.EFFECTS, name, trap)
    s = talisman.new_game(["warrior", "wizard"], seed=5, options={"max_rounds": 6})
    states, _ = play_random(s, 1500, bot_seed=5)
    assert "blood_moon" not in states[-1].ext


def walk(effs):
    for step in effs or ():
        (name, params), = step.items()
        yield name, params
        if name == "roll":
            for sub in params["table"].values():
                yield from walk(sub)
        elif name == "choose":
            for opt in params:
                yield from walk(opt["effects"])
        elif name in ("if", "if_time", "if_lycanthrope"):
            yield from walk(params["then"])
            yield from walk(params.get("else"))
        elif name == "each_character":
            yield from walk(params["effects"])
        elif name == "lycanthrope_roll":
            for sub in params["table"].values():
                yield from walk(sub)


def test_the_blood_moon_cards_load_as_data():
    """003 Components: the Blood Moon's Adventure cards (110 known of the published 111), 10 Spells,
    6 Lycanthrope cards (stand-ins) and 3 Alternative Ending cards load; every effect, nested ones and those in `data`
    included, is in the vocabulary; roll tables cover each result; work run later (jobs) never
    moves its card."""
    d = load()
    decks = {k: len(v) for k, v in d.expansion_decks["blood_moon"].items()}
    assert decks == {"adventure": 110, "spell": 10, "lycanthrope": 6, "alternative_ending": 3}
    cards = [c for c in d.cards.values() if c.set == "blood_moon"]
    assert sum(c.copies for c in cards if c.type == "lunar_event") == 16
    assert all(c.stand_in for c in cards if c.type == "lycanthrope")
    known = set(BASE_EFFECTS) | set(blood_moon.EFFECTS)
    schema = {"$defs": {"effects": effect_list(blood_moon.EFFECT_SCHEMAS)}, "$ref": "#/$defs/effects"}
    for c in cards:
        dd = c.data or {}
        lists = [c.effect, c.when_drawn, (c.cast or {}).get("effect"), dd.get("on_defeat")]
        night = dd.get("night", {})
        lists += list(dd.get("while_in_play", {}).values()) + [night.get("turn_start"), night.get("nightfall")]
        lists = [effs for effs in lists if effs]
        for effs in lists:
            validate(c.id, _plain(effs), schema)
            for name, params in walk(effs):
                assert name in known, (c.id, name)
                if name in ("roll", "lycanthrope_roll"):
                    lo, hi = (2, 12) if params.get("dice") == "2d6" else (1, 6)
                    assert table_problem(params["table"], lo, hi) is None, c.id
        for job in [dd.get("on_defeat"), night.get("turn_start"), night.get("nightfall")] + \
                list(dd.get("while_in_play", {}).values()):
            if job:
                assert not {"discard_self", "place_self", "take_as_trophy"} & {n for n, _ in walk(job)}
    assert lycanthropy.werewolf_card()["chart"]["1"] == [{"become_lycanthrope": {}}]


def _plain(v):
    from talisman.engine.serialize import to_data
    return to_data(v)
