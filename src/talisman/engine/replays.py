"""Game records, like a chess PGN, for every game on this engine: the one implementation behind
each game's ``record`` and ``replay`` (:meth:`talisman.engine.protocol.Game.record`,
:meth:`~talisman.engine.protocol.Game.replay`).

A record is a plain, JSON-ready ``dict``: the game's name, its set-up (each game its own keys,
in its own order), the seed, and the notations of the actions played.  Replaying it starts a new
game from the set-up and applies the notations in order; every failure is a
:class:`~talisman.errors.ReplayError` naming the first action that fails (action 0: the set-up).

>>> make_record("maze", {"players": ["a", "b"], "options": {}}, 7, ["roll"])
{'game': 'maze', 'players': ['a', 'b'], 'options': {}, 'seed': 7, 'actions': ['roll']}
>>> from talisman.errors import OptionError
>>> def start(record):
...     if record.get("players") != 2:
...         raise OptionError("players: expected 2")
...     return 0
>>> replay_record({"players": 2, "actions": ["1", "2"]}, start, lambda s, a: s + int(a))
3
>>> replay_record({"players": 3, "actions": ["1"]}, start, lambda s, a: s + int(a))
Traceback (most recent call last):
...
talisman.errors.ReplayError: record diverges at action 0 ('(setup)'): players: expected 2
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from ..errors import ReplayError, TalismanError
from ..notation import Action
from .machine import MachineState, replay_actions

#: A game's state type.
S = TypeVar("S", bound=MachineState)


def make_record(game: str, setup: Mapping[str, Any], seed: int | None,
                actions: Iterable[Action | str]) -> dict[str, Any]:
    """A game record: ``{"game": game, **setup, "seed": seed, "actions": [notation, ...]}``.

    Args:
        game: the game's name (the ``game`` of its JSON documents).
        setup: the game's set-up fields, in the order the record lists them.
        seed: the seed of every roll and shuffle.
        actions: the actions played from the game's start, as Actions or notations.

    Returns:
        A plain ``dict`` that :func:`replay_record` turns back into the game.
    """
    return {"game": game, **setup, "seed": seed, "actions": [str(a) for a in actions]}


def replay_record(record: Mapping[str, Any], start: Callable[[Mapping[str, Any]], S],
                  apply: Callable[[S, str], S], upto: int | None = None) -> S:
    """The state a game record leads to.

    Args:
        record: a game record (:func:`make_record`'s ``dict``, or the JSON a ``--save`` wrote).
        start: the game's set-up: checks the record and returns its first state.
        apply: the game's ``apply``.
        upto: replay only the first ``upto`` actions (None: all of them).

    Returns:
        The state after the record's actions.

    Raises:
        ReplayError: the set-up fails (action 0, with the set-up's error) or an action is not
            legal; the error names the first action that fails.
    """
    try:
        state = start(record)
    except TalismanError as e:
        raise ReplayError(0, "(setup)", str(e)) from None
    return replay_actions(state, record.get("actions", []), apply, upto)
