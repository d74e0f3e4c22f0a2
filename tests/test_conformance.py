"""One conformance test for every game on the engine (issue 15, the OpenSpiel lesson).

Each game is driven only through :class:`talisman.engine.protocol.Game` (``new_game /
legal_actions / apply / chance_outcomes / player_view / to_json / from_json / record /
replay``), so the same checks run on Talisman with every expansion set and on the Triwizard
Maze: seeded random play to the end or a step cap, exact JSON round trips, replay, immutable
states, illegal actions refused with the state untouched, chance odds summing to exactly 1,
and player views that hide the deck order and the dice.
"""
from __future__ import annotations

import enum
import random
import types
import typing
from fractions import Fraction
from typing import Any

import attrs
import pytest
import pyrsistent.typing as ptyping
from pyrsistent import pvector

import talisman
from talisman import triwizard
from talisman.engine.protocol import Game
from talisman.engine.records import PMapType, PVectorType, replace
from talisman.errors import IllegalAction, NotationError
from talisman.games import GAMES
from talisman.options import IMPLEMENTED_EXPANSIONS
from talisman.state import ExtRecord

#: Every implemented expansion (so a new one joins the conformance test when it is registered).
SETS = list(IMPLEMENTED_EXPANSIONS)

#: (case id, game, set-up keywords).  Talisman: the base game, each expansion alone, all together.
CASES: list[tuple[str, Any, dict[str, Any]]] = [
    ("talisman-base", talisman, {"characters": ["warrior", "wizard", "troll"]}),
    *[(f"talisman-{e}", talisman, {"characters": ["warrior", "wizard", "troll"], "expansions": [e]})
      for e in SETS],
    ("talisman-all", talisman, {"characters": ["warrior", "wizard", "troll"], "expansions": SETS}),
    # OPTIONAL RULES, HENCHMEN (a base-game option): alone and with every expansion
    ("talisman-henchmen", talisman, {"characters": ["warrior", "wizard", "troll"], "options": {"henchmen": 1}}),
    ("talisman-all-henchmen", talisman, {"characters": ["warrior", "wizard", "troll"], "expansions": SETS,
                                         "options": {"henchmen": 1}}),
    # RULES CONCERNING CHARACTERS as options: the compendium's character pool, Master Levels,
    # Noblemen, Magic Items and the Ability Stockpile, with every expansion
    ("talisman-all-character-options", talisman, {
        "characters": ["warrior", "wizard", "troll"], "expansions": SETS,
        "options": {"character_pool": "compendium", "master_levels": True, "noblemen": True,
                    "magic_items": True, "ability_stockpile": True}}),
    ("triwizard-4", triwizard, {"players": 4}),
    ("triwizard-2", triwizard, {"players": 2}),
]
#: Bounds that keep the whole file at a few seconds a case.
OPTIONS = {talisman: {"max_rounds": 20}, triwizard: {"max_turns": 80}}
STEP_CAP = 400      # player decisions in the main game
CHANCE_CAP = 150    # decisions (player or chance) in the game that stops at chance nodes
CHECK_EVERY = 25    # a round trip, an immutability and an illegal-action check this often

ids = [c[0] for c in CASES]


def new(game: Any, setup: dict[str, Any], seed: int, stop_at_chance: bool = False) -> Any:
    setup = dict(setup)
    options = {**OPTIONS[game], **setup.pop("options", {})}
    return game.new_game(**setup, seed=seed, options=options, stop_at_chance=stop_at_chance)


def test_both_games_are_one_protocol():
    assert isinstance(talisman, Game) and isinstance(triwizard, Game)
    assert GAMES == {"talisman": talisman.api, "triwizard": triwizard}
    for game in GAMES.values():
        assert isinstance(game, Game)


def check_round_trip(game: Any, state: Any) -> None:
    text = game.to_json(state)
    back = game.from_json(text)
    assert back == state and game.to_json(back) == text


def check_illegal(game: Any, state: Any) -> None:
    """A well-formed action that is not legal raises IllegalAction; text that is not notation
    raises NotationError; either way the state is untouched."""
    before = game.to_json(state)
    legal = {str(a) for a in game.legal_actions(state)}
    bad = next(t for t in ("zzz_not_a_move", "roll:99", "draw:no_such_card") if t not in legal)
    with pytest.raises(IllegalAction):
        game.apply(state, bad)
    with pytest.raises(NotationError):
        game.apply(state, "Not Notation!")
    assert game.to_json(state) == before


def check_views(game: Any, state: Any) -> None:
    """A player's view does not depend on the order of any deck nor on the dice seed."""
    decks = state.decks
    shuffled = replace(state, decks={k: pvector(reversed(v)) for k, v in decks.items()},
                       dice=replace(state.dice, seed=state.dice.seed + 1))
    assert any(list(v) != list(reversed(v)) for v in decks.values()), "no deck with an order"
    for player in state.order:
        view = game.player_view(state, player)
        assert game.to_json(view) == game.to_json(game.player_view(shuffled, player))
        assert view.dice.seed is None and view.dice.script is None


def check_types(value: Any, hint: Any, path: str = "state") -> None:
    """``value`` is what its annotation says, all the way down (records by their own
    annotations): the state's declared types are the ones play produces."""
    if hint is Any or hint is object:
        return
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        for h in args:
            try:
                return check_types(value, h, path)
            except AssertionError:
                pass
        raise AssertionError(f"{path}: {value!r:.80} is none of {hint}")
    if hint is type(None):
        assert value is None, f"{path}: {value!r:.80} is not None"
    elif origin is ptyping.PMap:
        assert type(value) is PMapType, f"{path}: {type(value).__name__} is not a pmap"
        for k, v in value.items():
            check_types(k, args[0], f"{path}.{k}")
            check_types(v, args[1], f"{path}.{k}")
    elif origin is ptyping.PVector:
        assert type(value) is PVectorType, f"{path}: {type(value).__name__} is not a pvector"
        for i, v in enumerate(value):
            check_types(v, args[0], f"{path}.{i}")
    elif origin is tuple:
        assert type(value) is tuple, f"{path}: {type(value).__name__} is not a tuple"
        for i, v in enumerate(value):
            check_types(v, args[0], f"{path}.{i}")
    elif hint is ExtRecord:  # a slice of ``state.ext``: the record its owner registered
        assert isinstance(value, ExtRecord) and attrs.has(type(value)), f"{path}: {value!r:.80} is no slice record"
        check_types(value, type(value), path)
    elif attrs.has(hint):
        assert type(value) is hint, f"{path}: {type(value).__name__} is not a {hint.__name__}"
        for name, h in typing.get_type_hints(hint).items():
            check_types(getattr(value, name), h, f"{path}.{name}")
    elif isinstance(hint, type) and issubclass(hint, enum.Enum):
        assert type(value) is hint, f"{path}: {value!r} is not a {hint.__name__}"
    else:
        assert type(value) is hint, f"{path}: {type(value).__name__} is not {hint}"


@pytest.mark.parametrize("name,game,setup", CASES, ids=ids)
def test_random_play_round_trips_and_replays(name, game, setup):
    seed = 1000 + ids.index(name)
    rng = random.Random(seed)
    state = new(game, setup, seed)
    check_round_trip(game, state)
    check_views(game, state)
    actions = []
    for step in range(STEP_CAP):
        if state.outcome is not None:
            break
        legal = game.legal_actions(state)
        assert legal and not game.chance_outcomes(state)  # chance resolved by the state's dice
        action = rng.choice(legal)
        if step % CHECK_EVERY == 0:
            check_types(state, type(state))
            before = game.to_json(state)
            check_illegal(game, state)
            after = game.apply(state, action)
            assert game.to_json(state) == before  # apply never changes the state it is given
            check_round_trip(game, after)
            state = after
        else:
            state = game.apply(state, action)
        actions.append(action)
    check_round_trip(game, state)
    check_types(state, type(state))
    if state.outcome is None:
        check_views(game, state)
    assert actions, "no decision was played"
    record = game.record(state, actions)
    assert game.replay(record) == state
    middle = len(actions) // 2
    assert game.to_json(game.replay(record, upto=middle)) == game.to_json(
        _play(game, new(game, setup, seed), actions[:middle]))


def _play(game: Any, state: Any, actions: list[Any], stop_at_chance: bool = False) -> Any:
    for a in actions:
        state = game.apply(state, a, stop_at_chance=stop_at_chance)
    return state


@pytest.mark.parametrize("name,game,setup", CASES, ids=ids)
def test_chance_nodes_have_exact_odds(name, game, setup):
    """Stopping at every roll and draw: the outcomes are the legal actions, their odds are
    Fractions summing to exactly 1, and the same outcomes played again give the same game."""
    seed = 2000 + ids.index(name)
    rng = random.Random(seed)
    state = new(game, setup, seed, stop_at_chance=True)
    played, chance_nodes = [], 0
    for step in range(CHANCE_CAP):
        if state.outcome is not None:
            break
        outcomes = game.chance_outcomes(state)
        if outcomes:
            chance_nodes += 1
            odds = [p for _, p in outcomes]
            assert all(type(p) is Fraction and p > 0 for p in odds)
            assert sum(odds) == 1
            assert tuple(a for a, _ in outcomes) == game.legal_actions(state)
            if chance_nodes % 5 == 1:
                check_round_trip(game, state)
                check_illegal(game, state)
            action = rng.choices([a for a, _ in outcomes], weights=odds)[0]
        else:
            action = rng.choice(game.legal_actions(state))
        state = game.apply(state, action, stop_at_chance=True)
        played.append(action)
    assert chance_nodes > 0, "the game never waited on chance"
    again = _play(game, new(game, setup, seed, stop_at_chance=True), played, stop_at_chance=True)
    assert again == state and game.to_json(again) == game.to_json(state)
