"""The decision machine: one pending decision, legal actions, IllegalAction, chance nodes."""
import copy
from fractions import Fraction

import pytest

import talisman
from talisman.errors import IllegalAction, NotationError
from talisman.options import EXPANSIONS, IMPLEMENTED_EXPANSIONS


def test_pending_says_who_chooses_what():
    s = talisman.new_game(["warrior", "troll"], seed=7)
    assert s.pending.player == "warrior" and s.pending.kind == "move"
    assert all(str(a).startswith("move:") or str(a) == "fate:reroll" for a in talisman.legal_actions(s))


def test_an_illegal_action_names_the_action_and_why_and_leaves_the_state_untouched():
    s = talisman.new_game(["warrior", "troll"], seed=7)
    before = copy.deepcopy(s)
    with pytest.raises(IllegalAction) as e:
        talisman.apply(s, "move:crown_of_command")
    assert e.value.action == "move:crown_of_command"
    assert "warrior must choose move" in e.value.reason and "legal:" in e.value.reason
    assert s == before


def test_bad_notation_is_its_own_error():
    s = talisman.new_game(["warrior"], seed=1)
    with pytest.raises(NotationError, match="not a notation token"):
        talisman.parse_action(s, "Move to the Hills!")
    with pytest.raises(NotationError):
        talisman.apply(s, 42)


def test_parse_action_round_trips_with_str():
    s = talisman.new_game(["warrior", "wizard"], seed=3)
    for a in talisman.legal_actions(s):
        assert talisman.parse_action(s, str(a)) == a


def test_chance_nodes_can_be_stopped_at_and_listed_with_exact_probabilities():
    # MOVEMENT IN THE OUTER, FAR-OUTER AND MIDDLE REGIONS: the Troll is Large and rolls a D8.
    s = talisman.new_game(["troll"], seed=0, stop_at_chance=True)
    assert s.pending.player == "chance" and s.pending.spec == "d8"
    outs = talisman.chance_outcomes(s)
    assert [str(a) for a, _ in outs] == [f"roll:{i}" for i in range(1, 9)]
    assert all(p == Fraction(1, 8) for _, p in outs)
    s2 = talisman.apply(s, "roll:8", stop_at_chance=True)
    assert s2.pending.kind == "move" and s2.log[-1].name == "movement_roll" and s2.log[-1].data["roll"] == 8
    with pytest.raises(IllegalAction, match="not a possible result of d8"):
        talisman.apply(s, "roll:9")


def test_a_finished_game_accepts_no_action():
    s = talisman.new_game(["warrior", "wizard"], seed=0, options={"max_rounds": 1})
    while not s.is_over:
        s = talisman.apply(s, talisman.legal_actions(s)[0])
    assert s.outcome.reason == "round_limit" and s.winner is None
    assert talisman.legal_actions(s) == ()
    with pytest.raises(IllegalAction, match="the game is over"):
        talisman.apply(s, "fight")


def test_bad_configurations_are_clear_errors():
    with pytest.raises(talisman.TalismanError, match="unknown character 'gandalf'"):
        talisman.new_game(["gandalf"])
    with pytest.raises(talisman.TalismanError, match="unknown rule option"):
        talisman.new_game(["troll"], options={"speed": 3})
    missing = [e for e in EXPANSIONS if e not in IMPLEMENTED_EXPANSIONS]
    for expansion in missing[:1]:   # a named expansion this version does not play yet, if any
        with pytest.raises(talisman.TalismanError, match="not implemented yet"):
            talisman.new_game(["troll"], expansions=[expansion])
    with pytest.raises(talisman.TalismanError, match="unknown expansion"):
        talisman.new_game(["troll"], expansions=["space"])


def test_json_round_trip_and_replay():
    s = talisman.new_game(["warrior", "wizard"], seed=9, options={"max_rounds": 3})
    actions = []
    while not s.is_over:
        a = talisman.legal_actions(s)[-1]
        actions.append(a)
        s = talisman.apply(s, a)
        assert talisman.from_json(talisman.to_json(s)) == s
    from talisman.api import record
    rec = record(s, actions)
    assert talisman.replay(rec) == s
    rec["actions"][1] = "move:crown_of_command"
    with pytest.raises(talisman.ReplayError, match="action 2"):
        talisman.replay(rec)


def test_player_view_hides_deck_order_and_other_spells():
    s = talisman.new_game(["warrior", "wizard"], seed=1)
    from talisman.state import update_character
    s = update_character(s, "wizard", spells=["immobility"])
    v = talisman.player_view(s, "warrior")
    assert list(v.characters["wizard"].spells) == ["hidden"]
    assert list(talisman.player_view(s, "wizard").characters["wizard"].spells) == ["immobility"]
