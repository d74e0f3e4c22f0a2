"""The values an expansion's slice field takes, checked where a slice is built whole.

``from_json`` and a scenario's set-up rebuild each slice of ``state.ext`` with its record's
constructor (``serialize.typed_from_data``), which checks the fields' types and runs their attrs
validators; the rules change a slice with ``records.replace``, which runs none, so the hot path
pays nothing (ruling R-HARD12.4).  A field declares what it holds with these specs, each a
function ``value -> (subpath, what was expected, the bad value) | None``, and :func:`checked` makes the attrs
validator, whose error names the path of the bad value (``state.ext.airships.damage.x``)::

    damage: PMap[str, int] = map_field(checked(map_of(CARD, COUNT)))

>>> map_of(CHARACTER, COUNT)({"warrior": 2, "troll": -1})
('.troll', 'a whole number from 0', -1)
>>> list_of(SPACE)(["forest", "atlantis"])
('.1', 'a space of the board', 'atlantis')
>>> map_of(CHARACTER, COUNT)({"gandalf": 1})
('.gandalf', 'a key that is a character id', 'gandalf')
>>> one_of("day", "night")("noon")
('', "one of 'day', 'night'", 'noon')

A record alone knows only the characters there are; :func:`check_in_game` runs a state's slice
validators again with :data:`CHARACTER` taking only the characters of that game (a Wizard's
Tower room ``cleared`` by a Troll who does not play is refused).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping
from contextvars import ContextVar
from typing import Any

import attrs

from ..definitions import load
from ..engine.records import FieldError, PVectorType

#: ``value -> (subpath, what was expected, the bad value)`` for a bad value, None for a good one.
Problem = tuple[str, str, Any]
Spec = Callable[[Any], "Problem | None"]

_ID = re.compile(r"[a-z0-9_]+")


def kind(expected: str, test: Callable[[Any], bool]) -> Spec:
    """A spec of one value: ``test`` says whether it is good; ``expected`` names what is."""
    def spec(value: Any) -> Problem | None:
        return None if test(value) else ("", expected, value)
    return spec


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


#: The characters of the game whose slices :func:`check_in_game` checks (None: any there is).
_IN_GAME: ContextVar[Collection[str] | None] = ContextVar("in_game", default=None)


def _character(value: Any) -> Problem | None:
    game = _IN_GAME.get()
    if game is None:
        good = isinstance(value, str) and value in load().characters
        return None if good else ("", "a character id", value)
    return None if isinstance(value, str) and value in game else ("", "a character of this game", value)


CHARACTER: Spec = _character
CARD = kind("a card id", lambda v: isinstance(v, str) and v in load().cards)
SPACE = kind("a space of the board", lambda v: isinstance(v, str) and v in load().board.spaces)
COUNT = kind("a whole number from 0", _count)
FLAG = kind("true or false", lambda v: isinstance(v, bool))
#: A name given in the rules' own words (the Law that discovered a member, which may be no card).
TEXT = kind("a non-empty string", lambda v: isinstance(v, str) and v != "")
#: Data a rule keeps as it is (an effect list, a cause): only where the rule reads it checks it.
ANY = kind("anything", lambda v: True)
ANY_MAPPING = kind("a mapping", lambda v: isinstance(v, Mapping))
#: A name the expansion keeps (a place of its cards, a piece, who sent a character): lower-case
#: letters, digits and ``_`` (``outside:<character>`` and ``<space>/<card>`` have their own).
NAME = kind("a name of lower-case letters, digits and _", lambda v: isinstance(v, str) and bool(_ID.fullmatch(v)))


def one_of(*values: Any) -> Spec:
    return kind(f"one of {', '.join(map(repr, values))}", lambda v: v in values)


def either(*specs: Spec) -> Spec:
    """A value any of ``specs`` takes (the first one's complaint when none does)."""
    def spec(value: Any) -> Problem | None:
        problems = [s(value) for s in specs]
        if all(problems):
            return "", " or ".join(p[1] for p in problems if p), value
        return None
    return spec


def optional(inner: Spec) -> Spec:
    """None, or a value ``inner`` takes."""
    return either(one_of(None), inner)


def list_of(item: Spec) -> Spec:
    def spec(value: Any) -> Problem | None:
        if not isinstance(value, (list, tuple, PVectorType)):
            return "", "a list", value
        return _first((i, item, v) for i, v in enumerate(value))
    return spec


def _first(parts: Any) -> Problem | None:
    """The first problem among ``(label, spec, value)`` parts, its path under ``.label``."""
    for label, spec, value in parts:
        p = spec(value)
        if p:
            return f".{label}{p[0]}", p[1], p[2]
    return None


def pair(first: Spec, second: Spec) -> Spec:
    """A list of two values: ``[first, second]``."""
    def spec(value: Any) -> Problem | None:
        if not isinstance(value, (list, tuple, PVectorType)) or len(value) != 2:
            return "", "a list of two values", value
        return _first((i, s, v) for i, (s, v) in enumerate(zip((first, second), value)))
    return spec


def map_of(key: Spec, item: Spec) -> Spec:
    def spec(value: Any) -> Problem | None:
        if not isinstance(value, Mapping):
            return "", "a mapping", value
        for k in value:
            p = key(k)
            if p:
                return f".{k}", f"a key that is {p[1]}", k
        return _first((k, item, v) for k, v in value.items())
    return spec


def mapping_with(required: tuple[str, ...] = (), **fields: Spec) -> Spec:
    """A mapping with only these keys, each holding what its spec takes (``required``: those it
    must have)."""
    def spec(value: Any) -> Problem | None:
        if not isinstance(value, Mapping):
            return "", "a mapping", value
        for k in required:
            if k not in value:
                return f".{k}", "a value", None
        for k in value:
            if k not in fields:
                return f".{k}", f"a key among {', '.join(sorted(fields))}", k
        return _first((k, fields[k], v) for k, v in value.items())
    return spec


def _keyed(value: Any) -> bool:
    """``<space>/<card>``: a card lying on a space."""
    if not isinstance(value, str) or value.count("/") != 1:
        return False
    space, card = value.split("/")
    return space in load().board.spaces and card in load().cards


#: ``<space>/<card>`` (a card on a space, the Blood Moon's ``kept_on``).
CARD_ON_SPACE = kind("'<space>/<card>'", _keyed)


def checked(spec: Spec) -> Callable[[Any, Any, Any], None]:
    """The attrs validator of a slice field holding what ``spec`` takes (None passes: a field
    absent until set; so does the field's own default, which ``ExtSlice`` builds at import,
    before the data is read); its :class:`~talisman.engine.records.FieldError` names the field and the
    path inside it."""
    def validate(instance: Any, attribute: Any, value: Any) -> None:
        if value is None or value is attribute.default:  # (a default: the empty record's, at import)
            return
        problem = spec(value)
        if problem:
            sub, expected, bad = problem
            shown = repr(bad) if len(repr(bad)) <= 60 else repr(bad)[:60] + "..."
            raise FieldError(attribute.name + sub, f"expected {expected}, got {shown}")
    return validate


def check_in_game(state: Any) -> None:
    """Refuse a slice of ``state.ext`` naming a character who is not in the game (a key or a
    value :data:`CHARACTER` takes): every slice record's validators run again, with only
    ``state.characters`` taken; the :class:`~talisman.engine.records.FieldError` names the slice
    first (``wizards_tower.cleared.troll``).  Called where a state is built whole (``from_json``,
    a scenario's set-up), after its characters are known."""
    token = _IN_GAME.set(frozenset(state.characters))
    try:
        for key, mine in state.ext.items():
            try:
                attrs.validate(mine)
            except FieldError as e:
                raise FieldError(f"{key}.{e.path}", e.reason) from None
    finally:
        _IN_GAME.reset(token)
