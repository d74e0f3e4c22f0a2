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
def configs(draw, min_characters=1, max_characters=4, max_rounds=6, expansions=None,
            character_sets=("base",)):
    """A game configuration: characters (distinct), expansions, options and a seed.

    ``expansions``: a list to choose subsets from (default: every implemented expansion).
    ``character_sets``: the sets whose characters may be chosen (default: the base game's);
    an expansion's character brings its expansion into the configuration."""
    from ..rules.setup import IMPLEMENTED_EXPANSIONS
    from ..definitions import characters_of_sets
    ids = sorted(characters_of_sets(load(), character_sets))
    chars = draw(st.lists(st.sampled_from(ids), min_size=min_characters,
                          max_size=max_characters, unique=True))
    pool = list(IMPLEMENTED_EXPANSIONS if expansions is None else expansions)
    chosen = draw(st.lists(st.sampled_from(pool), unique=True)) if pool else []
    needed = [load().characters[c].set for c in chars if load().characters[c].set != "base"]
    pool += [e for e in dict.fromkeys(needed) if e not in pool]
    chosen += [e for e in dict.fromkeys(needed) if e not in chosen]
    options = {"max_rounds": max_rounds,
               "movement_die": draw(st.sampled_from(["by_size", "d6"])),
               "lives": draw(st.sampled_from(["compendium", "card"]))}
    return {"characters": chars, "expansions": sorted(chosen, key=pool.index), "options": options,
            "seed": draw(seeds)}


def new_game(config):
    """The game a configuration describes."""
    return api.new_game(config["characters"], config.get("expansions", ()), config["seed"],
                        config["options"])


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
    state = new_game(config)
    states, actions = play_random(state, steps, bot_seed)
    return config, states, actions


@st.composite
def states(draw, **kwargs):
    """A state reachable by seeded random play."""
    _, visited, _ = draw(games(**kwargs))
    return visited[-1]


def actions(state):
    """A legal action of ``state``."""
    return st.sampled_from(api.legal_actions(state))


@st.composite
def states_with_action(draw, **kwargs):
    """A reachable state that waits on a decision, and one of its legal actions."""
    state = draw(states(**kwargs).filter(lambda s: not s.is_over))
    return state, draw(st.sampled_from(api.legal_actions(state)))
