"""Properties over random seeded games: they finish with a winner and raise nothing, states
round-trip through JSON, inputs are never changed, illegal actions change nothing, and the
same seed and actions give the same game."""
import copy
import json
import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from talisman.engine.dice import mix
from talisman.errors import IllegalAction, NotationError
from talisman.testing.strategies import seeds
from talisman.triwizard import (apply, from_json, legal_actions, new_game, outcome,
                                parse_action, player_view, record, replay, to_json)
from talisman.triwizard.definitions import load

#: A safety bound only: random bots end every game we have seen in under 5,000 turns.
MAX_TURNS = 20_000
#: Whole games are the slow part: 8 under the "ci" profile, more under "deep".
WHOLE_GAMES = settings(deadline=None, max_examples=max(8, settings.default.max_examples // 5))
SHORT_GAMES = settings(deadline=None, max_examples=max(10, settings.default.max_examples // 4))


def random_game(seed, bot_seed, players=4, steps=None):
    """Seeded random play; the states visited and the actions taken."""
    state = new_game(players, seed, {"max_turns": MAX_TURNS})
    states, actions = [state], []
    while not state.is_over and (steps is None or len(actions) < steps):
        legal = legal_actions(state)
        action = legal[mix(bot_seed, len(actions)) % len(legal)]
        state = apply(state, action)
        states.append(state)
        actions.append(action)
    return states, actions


def broken_invariants(s):
    """Every card in exactly one place, hands and tiles within limits, one piece a square."""
    d = load()
    broken = []
    battle = Counter(s.decks["battle"]) + Counter(s.discards["battle"]) + \
        Counter([s.battle_card] if s.battle_card else [])
    obstacles = Counter(s.decks["obstacles"]) + Counter(s.discards["obstacles"]) + \
        Counter(slot.card for slot in s.lineup)
    tiles = Counter(s.decks["resources"]) + Counter(s.discards["resources"]) + \
        Counter(s.decks.get("blind_draw", ()))
    for p in s.players.values():
        battle += Counter(p.hand)
        tiles += Counter(p.tiles)
        if len(p.hand) > 4:
            broken.append(f"hand_of_four:{p.id}")
        if len(p.tiles) > 6 and not (s.pending and s.pending.kind == "discard"):
            broken.append(f"six_tiles:{p.id}")
        if not d.board.walkable(p.space) or p.space == s.hedge:
            broken.append(f"on_the_path:{p.id}")
    if "blind_draw" in s.decks:   # the blind draw pile holds copies of the victim's tiles
        tiles -= Counter(s.decks["blind_draw"])
    if battle != Counter(d.battle_deck):
        broken.append("battle_cards_conserved")
    if obstacles != Counter(d.obstacle_deck):
        broken.append("obstacles_conserved")
    if tiles != Counter(d.resource_pile):
        broken.append("resource_tiles_conserved")
    squares = [p.space for p in s.players.values() if p.space != d.board.entrance]
    if len(squares) != len(set(squares)):
        broken.append("one_piece_a_square")
    if s.cloak is not None and s.cloak not in s.players:
        broken.append("cloak_on_a_player")
    if (s.outcome is None) == (s.pending is None):
        broken.append("one_pending_decision_until_the_end")
    return broken


@WHOLE_GAMES
@given(seeds, seeds)
def test_random_four_player_games_finish_with_a_winner(seed, bot_seed):
    """Random seeded four-player games end with the Triwizard Cup found, raising nothing."""
    states, _ = random_game(seed, bot_seed)
    final = states[-1]
    for s in states[::7] + [final]:
        assert broken_invariants(s) == []
    assert outcome(final).reason == "triwizard_cup"
    assert final.winner in final.order and final.turn < MAX_TURNS
    assert final.cups[final.players[final.winner].space].tile == "triwizard_cup"


@SHORT_GAMES
@given(seeds, seeds, st.integers(min_value=2, max_value=4))
def test_json_round_trip_and_inputs_unchanged(seed, bot_seed, players):
    """to_json/from_json round-trip exactly; apply, legal_actions, player_view and to_json
    never change the state they are given; every legal action's notation parses back."""
    states, actions = random_game(seed, bot_seed, players, steps=150)
    for i, (s, a) in list(enumerate(zip(states, actions)))[::6]:
        text = to_json(s)
        back = from_json(text)          # also an independent copy of the state
        assert back == s and to_json(back) == text
        before = copy.deepcopy(s) if i % 30 == 0 else back
        for legal in legal_actions(s):
            assert parse_action(s, str(legal)) == legal
        player_view(s, s.order[0])
        apply(s, a)
        assert s == before and to_json(s) == text


@SHORT_GAMES
@given(seeds, seeds, st.sampled_from(["move:r0c0", "battle:red_3_6", "play:dumbledore",
                                      "cloak:aside", "roll:7", "draw:sphinx", "fly", "Roll!"]))
def test_an_illegal_action_raises_and_leaves_the_state_untouched(seed, bot_seed, text):
    states, _ = random_game(seed, bot_seed, steps=40)
    s = states[-1]
    if s.is_over or text in {str(a) for a in legal_actions(s)}:
        return
    before, json_before = copy.deepcopy(s), to_json(s)
    with pytest.raises((IllegalAction, NotationError)):  # "Roll!" is not notation at all
        apply(s, text)
    assert s == before and to_json(s) == json_before


def test_bad_notation_is_a_notation_error():
    s = new_game(4, seed=1)
    with pytest.raises(NotationError):
        apply(s, "Move:R1C1")
    with pytest.raises(IllegalAction, match="legal: roll"):
        apply(s, "move:r1c1")


def test_the_same_seed_and_actions_give_the_same_game_and_replay_rebuilds_it():
    """Determinism: same seed + same actions = same states and log; replay(record) agrees."""
    s1, a1 = random_game(5, 9, steps=300)
    s2, a2 = random_game(5, 9, steps=300)
    assert a1 == a2 and s1 == s2
    rebuilt = replay(record(s1[-1], a1))
    assert rebuilt == s1[-1] and to_json(rebuilt) == to_json(s1[-1])


def test_player_view_hides_other_hands_tiles_deck_order_and_the_seed():
    """Hidden information: others' Battle cards and Resource tiles, deck order, dice seed."""
    s = new_game(4, seed=21)
    v = player_view(s, "fleur")
    assert list(v.players["fleur"].hand) == list(s.players["fleur"].hand)
    assert list(v.players["harry"].hand) == ["hidden"] * 4
    assert list(v.players["harry"].tiles) == ["hidden"] * 2
    # a face-down pile: its size only (its contents would tell the others' hands by elimination)
    assert list(v.decks["battle"]) == ["hidden"] * len(s.decks["battle"])
    assert v.dice.seed is None and v.config.seed is None
    assert all("seed" not in e.data for e in v.log)
    drawn = [e for e in v.log if e.name == "battle_card_drawn"]
    assert {e.data["card"] for e in drawn if e.data["player"] != "fleur"} == {"hidden"}
    if s.pending.player != "fleur":
        assert v.pending.options == ()


GAME_SCRIPT = """
import sys
from talisman.triwizard import to_json
sys.path.insert(0, sys.argv[2])
from test_triwizard_properties import random_game
states, _ = random_game(int(sys.argv[1]), 3, steps=250)
print(to_json(states[-1]))
"""


def test_the_same_seed_gives_identical_states_across_fresh_processes():
    """Determinism does not hang on Python's hash seed (dict and pmap order)."""
    here = str(__import__("pathlib").Path(__file__).parent)
    outs = [subprocess.run([sys.executable, "-c", GAME_SCRIPT, "77", here], capture_output=True,
                           text=True, check=True,
                           env={"PYTHONHASHSEED": str(h), "PATH": "/usr/bin:/bin",
                                "PYTHONPATH": ":".join(sys.path)}).stdout
            for h in (1, 2)]
    assert outs[0] == outs[1] and json.loads(outs[0])["game"] == "triwizard"
