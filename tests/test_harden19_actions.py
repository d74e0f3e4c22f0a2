"""Bad actions through the public API (harden19, written code-blind).

The developers' guide: "an illegal action names the action and why"; "States are immutable; an
error never leaves a half-changed state."  DESIGN.md 2: ``apply`` "checks the action is one of
them (else raises IllegalAction with a reason, the input state untouched)"; DESIGN.md 5:
"Every action has one canonical, readable string".
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hangs import deadline  # a hang is a failure (tests/hangs.py)
import talisman
from talisman import triwizard
from talisman.errors import IllegalAction, NotationError, UserError
from talisman.notation import Action


def _states():
    """A player's decision, a decision of chance, a finished game, each game's."""
    start = talisman.new_game(["warrior", "troll"], seed=7)
    chance = talisman.new_game(["troll", "warrior"], seed=3, stop_at_chance=True)
    assert chance.pending.kind == "roll"
    over = talisman.new_game(["warrior", "troll"], seed=3, options={"max_rounds": 1})
    rng = random.Random(0)
    while not over.is_over:
        over = talisman.apply(over, rng.choice(talisman.legal_actions(over)))
    maze = triwizard.new_game(players=2, seed=5)
    return {"start": (talisman, start), "chance": (talisman, chance), "over": (talisman, over), "triwizard": (triwizard, maze)}


STATES = _states()


def refused(game, state, action, *kinds):
    before = game.to_json(state)
    with deadline():
        with pytest.raises(kinds or (IllegalAction, NotationError)) as info:
            game.apply(state, action)
    assert game.to_json(state) == before, "the state given changed"
    return str(info.value)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(name=st.sampled_from(sorted(STATES)), text=st.text(max_size=60))
def test_any_text_is_a_legal_action_or_refused_with_the_librarys_error(name, text):
    game, state = STATES[name]
    legal = {str(a) for a in game.legal_actions(state)}
    before = game.to_json(state)
    for call in (game.parse_action, game.apply):
        with deadline():
            try:
                result = call(state, text)
            except (IllegalAction, NotationError) as e:
                assert "illegal action" in str(e)
            else:
                if call is game.parse_action:
                    assert str(result) in legal or state.pending.player == "chance", (text, result)
    assert game.to_json(state) == before


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(name=st.sampled_from(sorted(STATES)), junk=st.one_of(st.none(), st.integers(), st.floats(), st.binary(),
                                                            st.lists(st.text(max_size=5), max_size=3),
                                                            st.dictionaries(st.text(max_size=3), st.integers(), max_size=2)))
def test_an_action_that_is_not_text_is_a_notation_error(name, junk):
    game, state = STATES[name]
    if state.is_over:
        assert "the game is over" in refused(game, state, junk, IllegalAction)
    else:
        assert "an action must be an Action or its notation string" in refused(game, state, junk, NotationError)


@pytest.mark.parametrize("name", ["start", "triwizard"])
def test_a_legal_actions_name_with_extra_or_wrong_arguments_is_refused_naming_it_and_the_legal_ones(name):
    game, state = STATES[name]
    for action in game.legal_actions(state):
        for bad in (f"{action}:extra", f"{action.kind}:zz_nowhere", f"{action}::"):
            text = refused(game, state, bad)
            assert bad.rstrip(":") in text or repr(bad) in text, text
            if bad.endswith("extra") or "zz_nowhere" in bad:
                assert "legal:" in text and str(game.legal_actions(state)[0]) in text, text


def test_another_players_action_is_refused_naming_who_must_choose():
    game, state = STATES["start"]
    warrior_moves = [str(a) for a in game.legal_actions(state)]
    s = state
    while s.pending.player != "troll":
        s = talisman.apply(s, talisman.legal_actions(s)[0])
    troll_legal = {str(a) for a in talisman.legal_actions(s)}
    foreign = [m for m in warrior_moves if m not in troll_legal]
    assert foreign
    for m in foreign:
        text = refused(talisman, s, m)
        assert "troll must choose" in text


@pytest.mark.parametrize("action", ["done", "fight", "roll:1", "move:hills_3", "zz"])
def test_an_action_after_the_game_ended_is_refused_saying_so(action):
    game, state = STATES["over"]
    assert state.is_over and game.legal_actions(state) == ()
    text = refused(game, state, action, IllegalAction)
    assert "the game is over" in text


@pytest.mark.parametrize("text", ["roll:0", "roll:9", "roll:-1", "roll:1:2", "roll", "draw:bear", "roll:1+1+1"])
def test_an_impossible_result_of_chance_is_refused(text):
    game, state = STATES["chance"]
    message = refused(game, state, text)
    assert f"illegal action {text!r}" in message and "d8" in message, message


@pytest.mark.parametrize("text", ["roll:01", "roll:001"])
def test_a_roll_written_with_a_leading_zero_is_refused_or_read_as_its_canonical_action(text):
    game, state = STATES["chance"]
    outcomes = {str(a) for a, _ in talisman.chance_outcomes(state)}
    action = talisman.parse_action(state, text)
    assert str(action) == "roll:1" and str(action) in outcomes
    assert talisman.apply(state, text) == talisman.apply(state, "roll:1")


@pytest.mark.parametrize("kind", [5, None, "", "Move", "move:a", "move hills", "é"])
def test_an_action_built_with_a_bad_kind_is_a_notation_error(kind):
    with pytest.raises(NotationError):
        Action(kind)


@pytest.mark.parametrize("name", sorted(STATES))
def test_every_legal_action_parses_back_to_itself(name):
    game, state = STATES[name]
    for action in game.legal_actions(state):
        assert game.parse_action(state, str(action)) == action


def test_an_error_is_a_user_error_and_the_state_stays_usable():
    game, state = STATES["start"]
    for bad in ["", "zz", "move:zz", 7]:
        with pytest.raises(UserError):
            game.apply(state, bad)
    assert game.apply(state, game.legal_actions(state)[0]).log != state.log
