"""Hypothesis strategies for Talisman: seeds, configurations, reachable states, legal actions.

A reachable state is built by seeded random play from a configuration, so it shrinks
towards short games with small seeds.
"""
from __future__ import annotations

from hypothesis import strategies as st

from .. import api
from ..definitions import CORE_SETS, characters_of_sets, load
from ..engine.dice import mix
from ..rules.setup import IMPLEMENTED_EXPANSIONS

#: A strategy of game seeds (32-bit, shrinking towards 0).
seeds = st.integers(min_value=0, max_value=2**32 - 1)


@st.composite
def configs(draw, min_characters=1, max_characters=4, max_rounds=6, expansions=None,
            character_sets=("base",)):
    """A game configuration: characters (distinct), expansions, options and a seed.

    Args:
        min_characters: the fewest characters.
        max_characters: the most characters.
        max_rounds: the ``max_rounds`` option (a cap, so games end).
        expansions: a list to choose subsets from (default: every implemented expansion).
        character_sets: the sets whose characters may be chosen (default: the base game's);
            an expansion's character brings its expansion into the configuration.

    Returns:
        A strategy of ``{"characters", "expansions", "options", "seed"}`` dicts that
        :func:`new_game` sets up.

    Example:
        >>> from hypothesis import given, settings
        >>> @settings(max_examples=5, deadline=None, database=None)
        ... @given(configs(max_characters=2, expansions=[]))
        ... def test_config(config):
        ...     assert 1 <= len(config["characters"]) <= 2 and config["expansions"] == []
        ...     assert new_game(config).pending is not None
        >>> test_config()
    """
    ids = sorted(characters_of_sets(load(), character_sets))
    chars = draw(st.lists(st.sampled_from(ids), min_size=min_characters,
                          max_size=max_characters, unique=True))
    pool = list(IMPLEMENTED_EXPANSIONS if expansions is None else expansions)
    chosen = draw(st.lists(st.sampled_from(pool), unique=True)) if pool else []
    needed = [load().characters[c].set for c in chars if load().characters[c].set not in CORE_SETS]
    pool += [e for e in dict.fromkeys(needed) if e not in pool]
    chosen += [e for e in dict.fromkeys(needed) if e not in chosen]
    options = {"max_rounds": max_rounds,
               "movement_die": draw(st.sampled_from(["by_size", "d6"])),
               "lives": draw(st.sampled_from(["compendium", "card"]))}
    return {"characters": chars, "expansions": sorted(chosen, key=pool.index), "options": options,
            "seed": draw(seeds)}


def new_game(config):
    """The game a configuration describes.

    Args:
        config: a dict as :func:`configs` draws (``characters``, ``seed``, ``options`` and,
            optionally, ``expansions``).

    Returns:
        The new :class:`~talisman.state.GameState`.

    Raises:
        OptionError: a configuration that cannot be set up.

    Example:
        >>> new_game({"characters": ["warrior"], "seed": 1, "options": {}}).pending.kind
        'move'
    """
    return api.new_game(config["characters"], config.get("expansions", ()), config["seed"],
                        config["options"])


def play_random(state, steps, bot_seed=0):
    """Apply up to ``steps`` seeded random legal actions (fewer if the game ends).

    Args:
        state: the state to start from.
        steps: the most actions to apply.
        bot_seed: the seed of the random choices (the same seed, the same game).

    Returns:
        ``(states, actions)``: every state visited (the first included) and the actions taken.

    Example:
        >>> import talisman
        >>> visited, taken = play_random(talisman.new_game(["warrior", "troll"], seed=7), 3)
        >>> len(visited), len(taken)
        (4, 3)
        >>> talisman.apply(visited[0], taken[0]) == visited[1]
        True
    """
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
    """``(config, states, actions)`` of a seeded random game of up to ``max_steps`` actions.

    Args:
        max_steps: the most actions played.
        **config_kwargs: passed to :func:`configs`.

    Returns:
        A strategy of ``(config, states, actions)``: ``states[i + 1]`` is ``states[i]`` after
        ``actions[i]``.

    Example:
        >>> from hypothesis import given, settings
        >>> @settings(max_examples=5, deadline=None, database=None)
        ... @given(games(max_steps=10))
        ... def test_game(game):
        ...     config, visited, taken = game
        ...     assert len(visited) == len(taken) + 1
        >>> test_game()
    """
    config = draw(configs(**config_kwargs))
    steps = draw(st.integers(min_value=0, max_value=max_steps))
    bot_seed = draw(seeds)
    state = new_game(config)
    states, actions = play_random(state, steps, bot_seed)
    return config, states, actions


@st.composite
def states(draw, **kwargs):
    """A state reachable by seeded random play (it shrinks towards short games).

    Args:
        **kwargs: passed to :func:`games` (``max_steps``, and :func:`configs`' arguments).

    Returns:
        A strategy of :class:`~talisman.state.GameState`.

    Example:
        >>> import talisman
        >>> from hypothesis import given, settings
        >>> @settings(max_examples=5, deadline=None, database=None)
        ... @given(states(max_steps=10))
        ... def test_round_trip(state):
        ...     assert talisman.from_json(talisman.to_json(state)) == state
        >>> test_round_trip()
    """
    _, visited, _ = draw(games(**kwargs))
    return visited[-1]


def actions(state):
    """A legal action of ``state``.

    Args:
        state: a state of a game that is not over.

    Returns:
        A strategy sampling ``talisman.legal_actions(state)``.

    Example:
        >>> import talisman
        >>> from hypothesis import given, settings
        >>> s = talisman.new_game(["warrior", "troll"], seed=7)
        >>> @settings(max_examples=3, deadline=None, database=None)
        ... @given(actions(s))
        ... def test_apply(action):
        ...     assert talisman.apply(s, action) != s
        >>> test_apply()
    """
    return st.sampled_from(api.legal_actions(state))


@st.composite
def states_with_action(draw, **kwargs):
    """A reachable state that waits on a decision, and one of its legal actions.

    Args:
        **kwargs: passed to :func:`states`.

    Returns:
        A strategy of ``(state, action)``.

    Example:
        >>> import talisman
        >>> from hypothesis import given, settings
        >>> @settings(max_examples=5, deadline=None, database=None)
        ... @given(states_with_action(max_steps=5))
        ... def test_legal_applies(pair):
        ...     state, action = pair
        ...     talisman.apply(state, action)       # never raises IllegalAction
        >>> test_legal_applies()
    """
    state = draw(states(**kwargs).filter(lambda s: not s.is_over))
    return state, draw(st.sampled_from(api.legal_actions(state)))
