"""The Airships' own state (a typed record) in ``state.ext["airships"]``.

``cards``: character -> ``[the Airship card he has claimed]`` (off the board while claimed:
the card invariant counts it here); ``damage``: Airship card -> the damage it has taken (kept while it lies on a space
unclaimed); ``left``: Airship card -> ``[character, round]``: disembarked from in that character's
turn of that Round ("you may not reclaim the same Airship unless you Encounter it on another
Turn"); ``stunned``: character -> {Follower: [turns left of each stunned copy]} (the Fall Chart's
7; a card held twice may have one copy stunned, or both; a Henchman, who has no card, as
``henchman:<character id>``, the name the Fall Chart rolls him under).
"""
from __future__ import annotations

from typing import Any

import attrs
from pyrsistent.typing import PMap, PVector

from ...definitions import load
from ...engine.records import deep_freeze
from ...rules.kernel import ExtSlice
from ...rules.slice_values import CARD, CHARACTER, COUNT, checked, either, kind, list_of, map_of, pair
from ...state import ExtRecord, map_field

KEY = "airships"

#: A Follower the Fall Chart may stun: a Follower card, or a Henchman (``henchman:<character id>``:
#: "Henchmen are considered Followers for any pertaining rules").
FOLLOWER = either(CARD, kind("a Henchman, henchman:<character id>",
                             lambda v: isinstance(v, str) and v.startswith("henchman:")
                             and v.split(":", 1)[1] in load().characters))


@attrs.frozen
class Airships(ExtRecord):
    """``state.ext["airships"]`` (the fields above)."""

    cards: PMap[str, PVector[str]] = map_field(checked(map_of(CHARACTER, list_of(CARD))))
    damage: PMap[str, int] = map_field(checked(map_of(CARD, COUNT)))
    left: PMap[str, PVector[Any]] = map_field(checked(map_of(CARD, pair(CHARACTER, COUNT))))
    stunned: PMap[str, PMap[str, PVector[int]]] = map_field(
        checked(map_of(CHARACTER, map_of(FOLLOWER, list_of(COUNT)))))


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
