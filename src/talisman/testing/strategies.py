"""Hypothesis strategies for Talisman: seeds, configurations, reachable states, legal actions.

A reachable state is built by seeded random play from a configuration, so it shrinks
towards short games with small seeds.
"""
from __future__ import annotations

from hypothesis import strategies as st

from .. import api
from ..definitions import load
from ..engine.dice import mix

seeds = st.integers(min_value=0, max_value=2**32 - 1)


@st.composite
def configs(draw, min_characters=1, max_characters=4, max_rounds=6):
    """A game configuration: characters (distinct), options and a seed."""
    ids = sorted(load().characters)
    chars = draw(st.lists(st.sampled_from(ids), min_size=min_characters,
                          max_size=max_characters, unique=True))
    options = {"max_rounds": max_rounds,
               "movement_die": draw(st.sampled_from(["by_size", "d6"])),
               "lives": draw(st.sampled_from(["compendium", "card"]))}
    return {"characters": chars, "options": options, "seed": draw(seeds)}


def play_random(state, steps, bot_seed=0):
    """Apply up to ``steps`` random legal actions; return the states visited and actions taken."""
    states, actions = [state], []
    for _ in range(steps):
        if state.is_over:
            break
        legal = api.legal_actions(state)
        action = legal[mix(bot_seed, len(state.log)) % len(legal)]
        state = api.apply(state, action)
        states.append(state)
        actions.append(action)
    return states, actions


@st.composite
def games(draw, max_steps=60, **config_kwargs):
    """``(config, states, actions)`` of a seeded random game of up to ``max_steps`` actions."""
    config = draw(configs(**config_kwargs))
    steps = draw(st.integers(min_value=0, max_value=max_steps))
    bot_seed = draw(seeds)
    state = api.new_game(config["characters"], (), config["seed"], config["options"])
    states, actions = play_random(state, steps, bot_seed)
    return config, states, actions


@st.composite
def states(draw, **kwargs):
    """A state reachable by seeded random play."""
    _, visited, _ = draw(games(**kwargs))
    return visited[-1]


@st.composite
def states_with_action(draw, **kwargs):
    """A reachable state that waits on a decision, and one of its legal actions."""
    state = draw(states(**kwargs).filter(lambda s: not s.is_over))
    return state, draw(st.sampled_from(api.legal_actions(state)))
