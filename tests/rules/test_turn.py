"""CHARACTER'S TURN and LOSING A TURN (000)."""
import talisman
from talisman.engine import machine
from talisman.api import STEPS
from talisman.rules.setup import initial_state
from talisman.state import update_character


def next_turn(state):
    """Play the current character's whole turn with the first legal option each time."""
    who = state.current
    while state.current == who and not state.is_over:
        state = talisman.apply(state, talisman.legal_actions(state)[0])
    return state


def names(state):
    return [e.name for e in state.log]


def test_a_turn_is_movement_then_encounters_then_play_passes_to_the_left():
    s = talisman.new_game(["warrior", "wizard", "elf"], seed=2)
    s = next_turn(s)
    n = names(s)
    i = n.index("movement_roll")
    assert n.index("moved") > i and n.index("encountered_space") > n.index("moved")
    assert n.index("turn_ended") > n.index("encountered_space")
    assert s.current == "wizard"


def test_a_round_is_a_full_circle_of_turns():
    s = talisman.new_game(["warrior", "troll", "elf"], seed=2)
    for expected_current, expected_round in [("troll", 1), ("elf", 1), ("warrior", 2)]:
        s = next_turn(s)
        assert (s.current, s.round) == (expected_current, expected_round)


def test_losing_a_turn_the_next_turn_only_rights_the_piece():
    s = initial_state(["warrior", "troll"], seed=1)
    s = update_character(s, "warrior", lost_turn=True)
    s = machine.advance(s, STEPS)
    n = names(s)
    assert "piece_righted" in n and "movement_roll" in n
    assert s.current == "troll" and not s.characters["warrior"].lost_turn
    # the warrior did not move on the lost turn
    assert s.characters["warrior"].space == "tavern"
    assert n.index("piece_righted") < n.index("turn_ended")


def test_the_round_limit_option_ends_the_game_without_a_winner():
    s = talisman.new_game(["warrior", "wizard"], seed=2, options={"max_rounds": 2})
    turns = 0
    while not s.is_over:
        s = next_turn(s)
        turns += 1
    assert turns == 4 and s.outcome.reason == "round_limit" and s.outcome.winners == ()


def test_two_missed_turns_are_sat_out_one_after_the_other():
    # LOSING A TURN, counted (the Instructor's lessons: one missed turn each)
    s = initial_state(["warrior", "troll"], seed=1)
    s = update_character(s, "warrior", lost_turn=2)
    s = machine.advance(s, STEPS)
    assert s.current == "troll" and s.characters["warrior"].lost_turn == 1
    while s.current == "troll":  # the Troll plays; the Warrior's second lost turn follows
        s = talisman.apply(s, talisman.legal_actions(s)[0])
    assert names(s).count("piece_righted") == 2 and s.characters["warrior"].lost_turn == 0


def test_turn_flags_set_on_another_character_do_not_outlive_the_turn():
    """CHARACTER'S TURN: "Each Character's turn consists of two parts in this order: I. Movement
    II. Encounters".  A character moved straight to a space in another's turn (``forced_move``, as
    a Disaster's Whirlwind moves whoever stands on its space) and given a draught's Strength "for the
    turn" begins his own next turn with neither: he rolls and moves (the engine before kept the
    forced move's ``moved`` flag on him, so his turn began with the encounter of the space he was
    sent to, no move; docs/rulings.md R-FIX15B.1)."""
    from talisman.rules import movement
    from talisman.rules.kernel import set_turn_flag
    s = talisman.new_game(["warrior", "troll"], seed=2)
    assert s.current == "warrior"
    s = movement.forced_move(s, "troll", "crags", True, "a test's whirlwind")
    s = set_turn_flag(s, "troll", "strength_for_turn", 2)
    assert s.characters["troll"].flag("moved") and s.characters["troll"].space == "crags"
    since = len(s.log)
    s = next_turn(s)
    events = [e for e in s.log[since:] if e.data.get("character") == "troll"]
    start = [e.name for e in events].index("turn_started")
    assert [e.name for e in events[start:start + 2]] == ["turn_started", "movement_roll"]
    assert not any(e.name == "encountered_space" and e.data.get("space") == "crags" for e in events)
    assert s.current == "troll" and "strength_for_turn" not in s.characters["troll"].turn_flags
