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

from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any, TypeVar

from ..errors import NotationError, ReplayError, StateError, TalismanError
from ..notation import Action
from .documents import show
from .machine import MachineState, replay_actions

#: A game's state type.
S = TypeVar("S", bound=MachineState)


def make_record(game: str, setup: Mapping[str, Any], seed: int | None,
                actions: Iterable[Action | str]) -> dict[str, Any]:
    """A game record: ``{"game": game, **setup, "seed": seed, "actions": [notation, ...]}``.

    Args:
        game: the game's name (the ``game`` of its JSON documents).
        setup: the game's set-up fields, in the order the record lists them; a mapping among
            them (the options) is written with its keys sorted, so the same game's record has
            the same bytes in every process (a ``pmap`` iterates in hash order).
        seed: the seed of every roll and shuffle.
        actions: the actions played from the game's start: a list (any iterable but a string)
            of Actions or notation strings.

    Returns:
        A plain ``dict`` that :func:`replay_record` turns back into the game.

    Raises:
        StateError: ``actions`` is a string (it would be written letter by letter) or not
            iterable, or an item is neither an Action nor well-formed notation (the path names
            it: ``actions.1``).

    >>> make_record("maze", {"options": {"b": 1, "a": 2}}, 7, "roll")
    Traceback (most recent call last):
    ...
    talisman.errors.StateError: actions: expected a list of actions (Actions or notation strings), got 'roll'
    >>> make_record("maze", {"options": {"b": 1, "a": 2}}, 7, ["roll", None])
    Traceback (most recent call last):
    ...
    talisman.errors.StateError: actions.1: expected an Action or a notation string, got None
    """
    fields = {k: dict(sorted(v.items())) if isinstance(v, Mapping) else v for k, v in setup.items()}
    return {"game": game, **fields, "seed": seed, "actions": notations(actions)}


def notations(actions: Iterable[Action | str]) -> list[str]:
    """The notations of a list of actions (Actions or notation strings), each checked."""
    if isinstance(actions, (str, bytes)) or not isinstance(actions, Iterable):
        raise StateError("actions", f"expected a list of actions (Actions or notation strings), "
                                    f"got {show(actions)}")
    out = []
    for i, a in enumerate(actions):
        if isinstance(a, str):
            try:
                a = Action.parse(a)
            except NotationError as e:
                raise StateError(f"actions.{i}", e.reason) from None
        elif not isinstance(a, Action):
            raise StateError(f"actions.{i}", f"expected an Action or a notation string, got {show(a)}")
        out.append(str(a))
    return out


def check_record(record: Mapping[str, Any], game: str, fields: Collection[str]) -> None:
    """Refuse a record of another game, a field its game does not write (``fields``: the
    set-up's; ``game``, ``seed`` and ``actions`` are every record's) and actions that are not
    a list of notation strings; each error names the field (``record.actions``).

    >>> check_record({"game": "maze", "players": 2, "actions": "roll"}, "maze", ["players"])
    Traceback (most recent call last):
    ...
    talisman.errors.StateError: record.actions: expected a list of notation strings, got 'roll'
    """
    if record.get("game", game) != game:
        raise StateError("record.game", f"expected {game!r}, got {show(record['game'])}")
    unknown = sorted(str(k) for k in set(record) - {"game", "seed", "actions", *fields})
    if unknown:
        raise StateError(f"record.{unknown[0]}", "unknown field")
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise StateError("record.actions", f"expected a list of notation strings, got {show(actions)}")
    for i, a in enumerate(actions):
        if not isinstance(a, str):
            raise StateError(f"record.actions.{i}", f"expected a notation string, got {show(a)}")


def replay_record(record: Mapping[str, Any], start: Callable[[Mapping[str, Any]], S],
                  apply: Callable[[S, str], S], upto: int | None = None, *,
                  game: str | None = None, fields: Collection[str] = ()) -> S:
    """The state a game record leads to.

    Args:
        record: a game record (:func:`make_record`'s ``dict``, or the JSON a ``--save`` wrote).
        start: the game's set-up: checks the record and returns its first state.
        apply: the game's ``apply``.
        upto: replay only the first ``upto`` actions (None: all of them).
        game: the game's name: when given, the record is first checked by
            :func:`check_record` (its ``game``, no unknown field, a list of notations), for a
            game whose ``start`` does not check the record's shape itself.
        fields: the game's set-up fields (with ``game``).

    Returns:
        The state after the record's actions.

    Raises:
        ReplayError: the set-up fails (action 0, with the set-up's error) or an action is not
            legal; the error names the first action that fails.
    """
    try:
        if game is not None:
            check_record(record, game, fields)
        state = start(record)
    except TalismanError as e:
        raise ReplayError(0, "(setup)", str(e)) from None
    return replay_actions(state, record.get("actions", []), apply, upto)
