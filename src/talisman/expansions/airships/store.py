"""The Airships' own state (a typed record) in ``state.ext["airships"]``.

``cards``: character -> ``[the Airship card he has claimed]`` (off the board while claimed:
the card invariant counts it here); ``damage``: Airship card -> the damage it has taken (kept while it lies on a space
unclaimed); ``left``: Airship card -> ``[character, round]``: disembarked from in that character's
turn of that Round ("you may not reclaim the same Airship unless you Encounter it on another
Turn"); ``stunned``: character -> {Follower: turns left} (the Fall Chart's 7).
"""
from __future__ import annotations

from typing import Any

import attrs
from pyrsistent.typing import PMap, PVector

from ...engine.records import deep_freeze
from ...rules.kernel import ExtSlice
from ...rules.slice_values import CARD, CHARACTER, COUNT, checked, list_of, map_of, pair
from ...state import ExtRecord, map_field

KEY = "airships"


@attrs.frozen
class Airships(ExtRecord):
    """``state.ext["airships"]`` (the fields above)."""

    cards: PMap[str, PVector[str]] = map_field(checked(map_of(CHARACTER, list_of(CARD))))
    damage: PMap[str, int] = map_field(checked(map_of(CARD, COUNT)))
    left: PMap[str, PVector[Any]] = map_field(checked(map_of(CARD, pair(CHARACTER, COUNT))))
    stunned: PMap[str, PMap[str, int]] = map_field(checked(map_of(CHARACTER, map_of(CARD, COUNT))))


SLICE = ExtSlice(KEY, Airships)
get, put, init = SLICE.get, SLICE.put, SLICE.init


def ship_of(state, cid):
    """The Airship card ``cid`` is aboard, or None."""
    held = get(state, "cards").get(cid)
    return held[0] if held else None


def set_ship(state, cid, card):
    """``cid`` aboard ``card`` (None: aboard none)."""
    cards = get(state, "cards")
    return put(state, cards=cards.set(cid, deep_freeze([card])) if card else cards.discard(cid))
