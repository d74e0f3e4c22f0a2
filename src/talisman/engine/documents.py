"""Reading a game's JSON document safely: shared by every game's ``from_json``.

The text is checked before it is parsed (its size, and its nesting in linear time, so a
hundred thousand brackets cannot exhaust the stack), then parsed, then checked to be a mapping
naming the right game and format.  Every refusal is a :class:`~talisman.errors.StateError`
naming the ``document`` path.
"""
from __future__ import annotations

import inspect
import json
import re
from collections.abc import Callable, Mapping
from typing import Any

import attrs
import jsonschema

from ..errors import StateError, TalismanError
from . import dice as dicelib
from .records import PVectorType
from .serialize import to_data

#: How much of a bad value an error message shows.
SHOWN = 60

_OPEN = re.compile(r'[\[{]|"(?:[^"\\]|\\.)*"|[\]}]')


def show(value: Any) -> str:
    """A bad value as an error message shows it: its ``repr``, cut at :data:`SHOWN` characters."""
    text = repr(value)
    return text if len(text) <= SHOWN else text[:SHOWN] + "..."


def check_text_depth(text: str, limit: int) -> None:
    """Refuse JSON text that nests deeper than ``limit`` before parsing it (linear time; brackets
    inside strings do not count)."""
    if text.count("[") + text.count("{") <= limit:
        return
    depth = 0
    for m in _OPEN.finditer(text):
        ch = m.group()
        if ch in "[{":
            depth += 1
            if depth > limit:
                raise StateError("document", f"nested deeper than {limit} levels")
        elif ch in "]}":
            depth -= 1


def parse_document(text: Any, game: str, fmt: int, max_text: int, max_depth: int) -> dict[str, Any]:
    """A game document's JSON text (``str`` or UTF-8 ``bytes``) -> the document: not longer than
    ``max_text`` characters, not nested deeper than ``max_depth``, JSON at all, a mapping whose
    ``game`` is ``game`` and whose ``format`` is ``fmt``.

    >>> parse_document('{"game": "maze", "format": 1, "state": {}}', "maze", 1, 1000, 8)["state"]
    {}
    >>> parse_document('[[[[1]]]]', "maze", 1, 1000, 3)
    Traceback (most recent call last):
    ...
    talisman.errors.StateError: document: nested deeper than 3 levels
    """
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise StateError("document", f"not UTF-8 text: {e.reason}") from None
    if not isinstance(text, str):
        raise StateError("document", f"expected JSON text, got {type(text).__name__}")
    if len(text) > max_text:
        raise StateError("document", f"longer than {max_text} characters")
    check_text_depth(text, max_depth)
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise StateError("document", f"not JSON: {e}") from None
    except (ValueError, RecursionError) as e:  # an int of more than 4300 digits, say
        raise StateError("document", f"not acceptable JSON: {show(str(e))}") from None
    if not isinstance(doc, dict):
        raise StateError("document", f"expected a mapping, got {show(doc)}")
    if doc.get("game") != game:
        raise StateError("document.game", f"expected {game!r}, got {show(doc.get('game'))}")
    if doc.get("format") != fmt:
        raise StateError("document.format", f"expected {fmt}, got {show(doc.get('format'))}")
    return doc


def check_step_args(step: Callable[..., Any], before: int, args: Mapping[str, Any], where: str,
                    name: str) -> None:
    """Refuse a frame's or a decision's arguments (``args``) that its rule ``step`` does not
    take, or that lack one it needs: ``before`` is how many positional arguments the machine
    passes first (the state; and the action, for a decision).  ``where``: the path named;
    ``name``: the step's registered name (``movement.chosen``), as the message names it."""
    try:
        sig = inspect.signature(step)
    except (TypeError, ValueError):  # a step whose signature cannot be read: nothing to check
        return
    try:
        sig.bind(*([None] * before), **args)
    except TypeError as e:
        raise StateError(f"{where}.args", f"not the arguments of rule step {name!r}: {e}") from None
    for key, value in args.items():
        validator = _ARG_VALIDATORS.get(key)
        if validator is not None and not validator.is_valid(value):
            raise StateError(f"{where}.args.{key}", f"expected {ARG_SCHEMAS[key]['description']} "
                                                    f"(an argument of rule step {name!r}), got {show(value)}")


def check_chance_decision(pending: Mapping[str, Any], where: str = "state.pending") -> None:
    """Refuse a decision of chance that chance cannot make: it is a ``roll`` with a dice spec
    the engine rolls (``d6``, ``2d6``, ``d%``...) or a ``draw`` naming its deck (whether the deck
    is one of the game is the caller's check).  ``where``: the decision's path."""
    kind = pending.get("kind")
    if kind == "roll":
        spec = pending.get("spec")
        try:
            dicelib.parse_spec(spec)  # any value: what is not a spec is refused below
        except (TalismanError, AttributeError, TypeError):
            raise StateError(f"{where}.spec", f"expected a dice spec such as 'd6' or '2d6' (1 to 6 "
                                              f"dice), got {show(spec)}") from None
    elif kind == "draw":
        if pending.get("deck") is None:
            raise StateError(f"{where}.deck", "a draw of chance names its deck: missing value")
    else:
        raise StateError(f"{where}.kind", f"a decision of chance is a 'roll' or a 'draw', got {show(kind)}")


_ROLL = {"type": "integer", "minimum": 0, "maximum": 100, "description": "a whole number from 0 to 100"}
_NUMBER = {"type": "integer", "description": "a whole number"}

#: The declared values of a rule step's arguments, by argument name, wherever a rule step takes
#: one (ruling R-HARD2.1): a die roll is a whole number from 0 to 100 (a negative or huge
#: movement roll would walk the board without end), a count, a total or a price a whole number,
#: a flag true or false.  A name not here is left to the safety net of ``apply``
#: (:func:`talisman.engine.machine.apply`), which refuses what a rule step trips on.
ARG_SCHEMAS: dict[str, dict[str, Any]] = {
    "roll": _ROLL, "count": _NUMBER, "n": _NUMBER, "rounds": _NUMBER, "need": _NUMBER,
    "number": _NUMBER, "price": _NUMBER, "per_life": _NUMBER, "total": _NUMBER,
    "rerolled": {"type": "boolean", "description": "true or false"},
}
_ARG_VALIDATORS = {k: jsonschema.Draft202012Validator(v) for k, v in ARG_SCHEMAS.items()}


def check_whole_numbers(doc: Any, root: str) -> None:
    """Refuse a number with a fraction anywhere in ``doc`` (a state holds whole numbers only:
    ``to_json`` writes no other, and the rules would trip on one deep inside); the error names
    its path from ``root``."""
    todo = [(doc, root)]
    while todo:
        value, path = todo.pop()
        if isinstance(value, float):
            raise StateError(path, f"expected a whole number, got {show(value)}")
        if isinstance(value, Mapping):
            todo.extend((v, f"{path}.{k}") for k, v in value.items())
        elif isinstance(value, list):
            todo.extend((v, f"{path}.{i}") for i, v in enumerate(value))


def check_seeds(state: Mapping[str, Any], root: str = "state") -> None:
    """Refuse a seed ``new_game`` refuses in a state document's ``config`` and ``dice`` (an int
    beyond :data:`~talisman.engine.dice.MAX_SEED`; R-HARD12.2), naming its path.  A seed of
    another type is the schema's to refuse; a view's hidden seed (None) passes."""
    for where in ("config", "dice"):
        part = state.get(where)
        seed = part.get("seed") if isinstance(part, Mapping) else None
        if isinstance(seed, int) and not isinstance(seed, bool):
            problem = dicelib.seed_problem(seed)
            if problem:
                raise StateError(f"{root}.{where}.seed", problem)


def saveable_data(state: Any) -> Any:
    """``state`` as plain data (:func:`~talisman.engine.serialize.to_data`); a value no state
    document can hold (a float, an object) is a :class:`StateError` naming its path."""
    try:
        return to_data(state)
    except (TypeError, ValueError, RecursionError) as e:
        path, value = _unsaveable(state, "state")
        raise StateError(path, f"cannot be saved: {show(value)} ({type(value).__name__}) is no "
                               "value a state holds (one made or changed by hand?)") from e


def _unsaveable(value: Any, path: str) -> tuple[str, Any]:
    """The path and value of the first part of ``value`` that ``to_data`` refuses (read only once
    it has refused: the search costs a walk of the state)."""
    if attrs.has(type(value)):
        parts = [(f.name, getattr(value, f.name)) for f in attrs.fields(type(value))]
    elif isinstance(value, Mapping):
        parts = [(str(k), v) for k, v in value.items()]
    elif isinstance(value, (list, tuple, PVectorType)):
        parts = [(str(i), v) for i, v in enumerate(value)]
    else:
        return path, value
    for name, part in parts:
        try:
            to_data(part)
        except (TypeError, ValueError, RecursionError):
            return _unsaveable(part, f"{path}.{name}")
    return path, value
