"""Actions and their notation.

Every action has one canonical, readable string, like a chess move in UCI:
``move:hills_3``, ``fight``, ``encounter:char:wizard``, ``roll:3+4``.

>>> a = Action.parse("move:hills_3")
>>> a
Action('move:hills_3')
>>> str(a), a.kind, a.args
('move:hills_3', 'move', ('hills_3',))
>>> Action.parse("roll:3+4").dice
(3, 4)
"""
from __future__ import annotations

import functools
import re
from collections.abc import Iterable

import attrs

from .errors import MAX_ACTION_TEXT, NotationError

_TOKEN = re.compile(r"[a-z0-9_+\-]+")


def _tuple_of_str(value: Iterable[object]) -> tuple[str, ...]:
    if type(value) is tuple and all(type(v) is str for v in value):
        return value
    return tuple(str(v) for v in value)


@functools.lru_cache(maxsize=4096)
def _is_token(text: str) -> bool:
    """Whether ``text`` is one notation token (a pure memo: the same few hundred recur)."""
    return _TOKEN.fullmatch(text) is not None


def _is_kind(_action: object, _attribute: object, kind: str) -> None:
    if type(kind) is not str:  # (Action(None), Action(5): refused here, not by a later str())
        raise NotationError(kind, f"an action's kind must be a string, got {type(kind).__name__}")
    if not _is_token(kind):  # (Action("mo ve"): a notation that would not parse back)
        raise NotationError(kind, f"an action's kind {kind!r} is not a notation token "
                                  "(lowercase letters, digits, '_', '+', '-')")


def _are_args(action: Action, _attribute: object, args: tuple[str, ...]) -> None:
    for arg in args:
        if not _is_token(arg):  # (Action("move", ["a:b"]) would read back as two arguments)
            raise NotationError(":".join((action.kind, *args)), f"an action's argument {arg!r} is not a notation "
                                                "token (lowercase letters, digits, '_', '+', '-')")


@attrs.frozen(repr=False)
class Action:
    """One choice: a kind (``move``) and its arguments (``('hills_3',)``).

    Immutable and hashable; ``str(action)`` is its notation, and actions compare equal when
    their notations do.  :meth:`parse` reads notation; :func:`talisman.parse_action` also checks
    that the action is legal in a state.

    Args:
        kind: what is done (``move``, ``fight``, ``roll``...): one notation token (lowercase
            letters, digits, ``_``, ``+``, ``-``); anything else is a
            :class:`~talisman.errors.NotationError`, so that ``str(action)`` always parses back
            to the same action.
        args: its arguments, as strings (any iterable; each item is turned into a string and
            must be one notation token, as ``kind``).

    Example:
        >>> from talisman.notation import Action
        >>> Action("encounter", ["char", "wizard"])
        Action('encounter:char:wizard')
        >>> Action("fight") == Action.parse("fight")
        True
    """

    kind: str = attrs.field(validator=_is_kind)
    args: tuple[str, ...] = attrs.field(default=(), converter=_tuple_of_str, validator=_are_args)

    def __str__(self) -> str:
        return ":".join((self.kind, *self.args))

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    @classmethod
    def parse(cls, text: object) -> Action:
        """Parse notation text (whether the action is legal is not checked here).

        Args:
            text: the notation: tokens of lowercase letters, digits, ``_``, ``+`` and ``-``
                joined by ``:`` (surrounding spaces are ignored).

        Returns:
            The :class:`Action`.

        Raises:
            NotationError: ``text`` is not a string, or not well formed.

        Example:
            >>> Action.parse(" move:hills_3 ")
            Action('move:hills_3')
            >>> Action.parse("move:Hills 3")
            Traceback (most recent call last):
            ...
            talisman.errors.NotationError: illegal action 'move:Hills 3': 'Hills 3' is not a notation token ...
        """
        if not isinstance(text, str):
            raise NotationError(text, "notation must be a string")
        if len(text) > MAX_ACTION_TEXT:  # refused unparsed, and cut short in the error
            raise NotationError(text, "longer than any action's notation")
        parts = text.strip().split(":")
        for part in parts:
            if not _TOKEN.fullmatch(part):
                raise NotationError(text, f"{part!r} is not a notation token "
                                          "(lowercase letters, digits, '_', '+', '-')")
        return cls(parts[0], tuple(parts[1:]))

    def joined(self, start: int = 0) -> str:
        """The arguments from ``start`` on, joined back with ``:``: the one id an action names
        when that id holds a colon (a Henchman is ``henchman:<id>``).

        Example:
            >>> Action.parse("take:henchman:troll").joined()
            'henchman:troll'
            >>> Action.parse("quest:deliver:henchman:troll").joined(1)
            'henchman:troll'
        """
        return ":".join(self.args[start:])

    @property
    def dice(self) -> tuple[int, ...]:
        """The die results of a chance outcome ``roll:3+4`` as integers.

        Returns:
            A tuple of the die values, in the order rolled.

        Raises:
            NotationError: the action is not a roll outcome.

        Example:
            >>> Action.parse("roll:3+4").dice
            (3, 4)
            >>> Action.parse("fight").dice
            Traceback (most recent call last):
            ...
            talisman.errors.NotationError: illegal action 'fight': not a roll outcome
        """
        if self.kind != "roll" or len(self.args) != 1:
            raise NotationError(self, "not a roll outcome")
        return _dice_values(self.args[0])


@functools.lru_cache(maxsize=1024)
def _dice_values(text: str) -> tuple[int, ...]:
    """``"3+4"`` -> ``(3, 4)`` (a pure memo: rolls repeat)."""
    return tuple(int(v) for v in text.split("+"))


def roll_action(values: Iterable[int]) -> Action:
    """The chance outcome that forces these die results.

    Args:
        values: the die values, in the order rolled.

    Returns:
        The ``roll`` :class:`Action` (the inverse of :attr:`Action.dice`).

    Example:
        >>> roll_action([3, 4])
        Action('roll:3+4')
        >>> roll_action([3, 4]).dice
        (3, 4)
    """
    return _roll_action(tuple(values))


@functools.lru_cache(maxsize=1024)
def _roll_action(values: tuple[int, ...]) -> Action:
    """A pure memo of :func:`roll_action` (Actions are immutable; rolls repeat)."""
    return Action("roll", ("+".join(str(v) for v in values),))
