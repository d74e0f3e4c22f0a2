"""The City's own state (a typed record) in ``state.ext["city"]``.

``cards``: place -> card ids held by the City outside the usual places (``outside:<character>``:
animals left outside a building), so every card stays in exactly one place;
``warrants``: the characters holding a Warrant; ``loans``: character -> gold owed to the Bank;
``window``: the part of the log whose acts the Statutes have not yet judged (from which entry,
whose turn, where the character stood, whether its Statutes of state were judged);
``due``: breaches whose Watch must still come (the turn ended before the check);
``arrived``: characters standing at the City Gate who came from the main board and have not
entered the City (turning back from there is not leaving the City).
"""
from __future__ import annotations

from typing import Any

import attrs
from pyrsistent import pvector
from pyrsistent.typing import PMap, PVector

from ...engine.records import deep_freeze
from ...rules.kernel import ExtSlice
from ...rules.slice_values import (ANY_MAPPING, CARD, CHARACTER, COUNT, FLAG, NAME, SPACE, checked, either, kind,
                                   list_of, map_of, mapping_with, optional)
from ...state import ExtRecord, map_field, vector_field

KEY = "city"
#: Where the City keeps cards: a name, or ``outside:<character>`` (animals left outside).
PLACE = either(NAME, kind("'outside:<character>'", lambda v: isinstance(v, str) and v.startswith("outside:")
                          and CHARACTER(v[len("outside:"):]) is None))
#: The part of the log the Statutes have not judged: from which entry, whose turn, where each
#: character stood, whether its Statutes of state were judged.
WINDOW = mapping_with(required=("from", "who"), **{"from": COUNT, "who": CHARACTER,
                                                   "spaces": map_of(CHARACTER, optional(SPACE)), "states": FLAG})


@attrs.frozen
class City(ExtRecord):
    """``state.ext["city"]`` (the fields above)."""

    cards: PMap[str, PVector[str]] = map_field(checked(map_of(PLACE, list_of(CARD))))
    warrants: PVector[str] = vector_field(checked(list_of(CHARACTER)))
    loans: PMap[str, int] = map_field(checked(map_of(CHARACTER, COUNT)))
    window: PMap[str, Any] | None = attrs.field(default=None, converter=deep_freeze, validator=checked(WINDOW))
    due: PVector[Any] | None = attrs.field(default=None, converter=deep_freeze,
                                          validator=checked(list_of(ANY_MAPPING)))
    arrived: PVector[str] = vector_field(checked(list_of(CHARACTER)))


SLICE = ExtSlice(KEY, City)
get, put, init = SLICE.get, SLICE.put, SLICE.init


# --- warrants and loans ---------------------------------------------------------------------

def has_warrant(state, cid):
    return cid in get(state, "warrants")


def give_warrant(state, cid):
    if has_warrant(state, cid):
        return state
    return put(state, warrants=list(get(state, "warrants")) + [cid])


def drop_warrant(state, cid):
    return put(state, warrants=[c for c in get(state, "warrants") if c != cid])


def owed(state, cid):
    """Gold owed to the Bank (0: no Loan)."""
    return get(state, "loans").get(cid, 0)


def set_loan(state, cid, amount):
    loans = get(state, "loans")
    return put(state, loans=loans.set(cid, amount) if amount else loans.discard(cid))


def arrived(state, cid):
    return cid in get(state, "arrived")


def set_arrived(state, cid, value):
    others = [c for c in get(state, "arrived") if c != cid]
    return put(state, arrived=others + [cid] if value else others)


# --- cards the City holds ---------------------------------------------------------------------

def held(state, place):
    return get(state, "cards").get(place, pvector())


def hold(state, place, cards):
    mapping = get(state, "cards")
    now = list(mapping.get(place, ())) + list(cards)
    return put(state, cards=mapping.set(place, pvector(now)))


def release(state, place):
    """Take every card held at ``place``: ``(state, cards)``."""
    mapping = get(state, "cards")
    cards = list(mapping.get(place, ()))
    return put(state, cards=mapping.discard(place)), cards
