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


def _flags(state):
    """Every living character's turn flags."""
    return {c: dict(ch.turn_flags) for c, ch in state.characters.items() if ch.alive}


def test_the_current_characters_flags_do_not_outlive_his_turn():
    """CHARACTER'S TURN: a flag records what was done in one turn; what the Warrior did in his
    (``evading``: "all creatures on the Evading Character's Space may be Evaded", the creatures met
    later this turn too) is gone when the Troll's turn begins, and his own next turn begins
    without it (rulings R-MEND16.2)."""
    from talisman.rules.kernel import set_turn_flag
    s = talisman.new_game(["warrior", "troll"], seed=2)
    s = set_turn_flag(s, "warrior", "evading", True)
    s = next_turn(s)
    assert s.current == "troll" and _flags(s)["warrior"] == {}
    s = next_turn(s)
    assert s.current == "warrior" and "evading" not in _flags(s)["warrior"]


def test_the_end_of_turn_work_sees_none_of_the_turns_flags():
    """The turn's flags end with the turn, before the end-of-turn work (the ``turn_ended`` hook: the
    Blood Moon's Werewolf, moved "at the end of each turn", 003 Moving the Werewolf): the Wizard's
    move, draw and encounter of this turn (``moved``, ``drawn``, ``phase``) are no longer his when he
    chooses the Werewolf's space and victim (rulings R-MEND16.2)."""
    from talisman.scenarios import setup_state
    s = setup_state({"expansions": ["blood_moon"], "deck_tops": {"adventure": ["bag_of_gold"]},
                     "characters": [{"id": "wizard", "space": "tavern", "fate": 0, "spells": []},
                                    {"id": "warrior", "space": "fields_5", "fate": 0}]}, [1, 3, 5])
    for action in ("move:fields_5", "encounter:space"):
        s = talisman.apply(s, action)
    assert {"moved", "drawn", "phase"} <= set(_flags(s)["wizard"])
    s = talisman.apply(s, "take:bag_of_gold")
    assert s.pending.kind == "werewolf" and names(s)[-2:] == ["turn_ended", "werewolf_roll"]
    assert _flags(s) == {"wizard": {}, "warrior": {}}
    s = talisman.apply(s, "werewolf:fields_5")
    assert s.pending.kind == "victim" and _flags(s) == {"wizard": {}, "warrior": {}}


def test_no_flag_outlives_a_turn_ended_by_the_drawers_death():
    """LOSING ALL LIVES: the Thief, on his last life, draws the Pestilence and dies; his turn ends
    once the others are struck (rulings R-FIX15D.4).  A flag set on the Troll during it (a forced
    move's ``moved``, R-FIX15B.1) does not reach the Warrior's turn, nor the Troll's own: the Troll
    rolls and moves (rulings R-MEND16.2)."""
    from talisman.rules.kernel import set_turn_flag
    from talisman.scenarios import setup_state
    s = setup_state({"deck_tops": {"adventure": ["pestilence"]}, "characters": [
        {"id": "thief", "space": "village", "lives": 1, "fate": 0},
        {"id": "warrior", "space": "woods_1", "lives": 2, "fate": 0},
        {"id": "troll", "space": "plains_1", "lives": 2, "fate": 0}]}, [1, 3, 2])
    s = set_turn_flag(set_turn_flag(s, "thief", "evading", True), "troll", "moved", True)
    s = talisman.apply(s, "move:fields_1")
    assert not s.characters["thief"].alive and s.current == "warrior"
    assert _flags(s) == {"warrior": {}, "troll": {}}
    since = len(s.log)
    s = next_turn(s)
    assert s.current == "troll" and "moved" not in _flags(s)["troll"]
    assert [e.name for e in s.log[since:] if e.data.get("character") == "troll"][:2] == ["turn_started", "movement_roll"]


def test_no_flag_outlives_a_deferred_turn_end():
    """EVENT: the Storm ("everyone there misses a turn") ends the drawer's turn only once every
    character of the Region is struck (``turn_end_deferred``, rulings R-FIX15D.4).  The flags of
    that turn (the deferral's own, one set on the drawer, one set on another) are gone through
    the three lost turns, when the Warrior next rolls (rulings R-MEND16.2)."""
    from talisman.rules.kernel import set_turn_flag
    from talisman.scenarios import setup_state
    s = setup_state({"deck_tops": {"adventure": ["storm"]}, "characters": [
        {"id": "thief", "space": "village", "fate": 0},
        {"id": "warrior", "space": "woods_1", "fate": 0},
        {"id": "troll", "space": "plains_1", "fate": 0}]}, [1, 3])
    s = set_turn_flag(set_turn_flag(s, "thief", "evading", True), "warrior", "moved", True)
    s = talisman.apply(s, "move:fields_1")
    assert names(s).count("turn_lost") == 3 and names(s).count("piece_righted") == 3
    assert s.current == "warrior" and s.pending.kind == "move"
    assert _flags(s) == {"thief": {}, "warrior": {}, "troll": {}}


def test_a_character_who_dies_on_his_own_turn_keeps_none_of_its_flags():
    """CHARACTER'S TURN: a flag records what was done in one turn; LOSING ALL LIVES ends the
    Thief's, who draws the Pestilence on his last life: his flags of that turn (``evading``, his
    move's ``moved``) go with it, as a living character's do, and are not kept on his dead piece
    (rulings R-MEND16.2, R-FIX17.1)."""
    from talisman.rules.kernel import set_turn_flag
    from talisman.scenarios import setup_state
    s = setup_state({"deck_tops": {"adventure": ["pestilence"]}, "characters": [
        {"id": "thief", "space": "village", "lives": 1, "fate": 0},
        {"id": "warrior", "space": "woods_1", "lives": 2, "fate": 0},
        {"id": "troll", "space": "plains_1", "lives": 2, "fate": 0}]}, [1, 3, 2])
    s = set_turn_flag(s, "thief", "evading", True)
    s = talisman.apply(s, "move:fields_1")
    assert not s.characters["thief"].alive and s.current == "warrior"
    assert dict(s.characters["thief"].turn_flags) == {}
