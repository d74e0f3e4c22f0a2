"""The Emperor's Guard's own state (a typed record) in ``state.ext["emperors_guard"]``.

``guards``: piece -> the space it stands on (a piece is named after the space the Event placed it
on: ``chapel``, ``city_gate``...); ``removed``: the pieces removed from play (beaten);
``round``: the last Round whose end the pieces have moved for (the Event sets it to the Round
before its own, so the pieces first move at the end of the Round they came in);
``warrants``: the characters holding a Warrant the Guard gave, without the City (with the City in
play its Warrant Cards are the City's, through the ``warrant_taking`` hook point);
``cards``: space -> the cards lying face down there (a closed Place, a hiding Follower);
``queue``: the Guard's encounters still to play after a move (each ``{piece, space,
character}`` or ``{piece, space, cards: true}``), kept here so a turn cut short loses none.
"""
from __future__ import annotations

from typing import Any

import attrs
from pyrsistent.typing import PMap, PVector

from ...engine.records import deep_freeze
from ...rules.kernel import ExtSlice
from ...rules.slice_values import CARD, CHARACTER, COUNT, FLAG, SPACE, checked, list_of, map_of, mapping_with
from ...state import ExtRecord, map_field, vector_field

KEY = "emperors_guard"
#: An encounter of the Guard still to play: ``{piece, space, character}`` or ``{piece, space,
#: cards: true}`` (a piece is named after the space the Event placed it on).
ENCOUNTER = mapping_with(required=("piece", "space"), piece=SPACE, space=SPACE, character=CHARACTER, cards=FLAG)


@attrs.frozen
class EmperorsGuard(ExtRecord):
    """``state.ext["emperors_guard"]`` (the fields above)."""

    guards: PMap[str, str] = map_field(checked(map_of(SPACE, SPACE)))
    removed: PVector[str] = vector_field(checked(list_of(SPACE)))
    round: int = attrs.field(default=0, validator=checked(COUNT))
    warrants: PVector[str] = vector_field(checked(list_of(CHARACTER)))
    cards: PMap[str, PVector[str]] = map_field(checked(map_of(SPACE, list_of(CARD))))
    queue: PVector[PMap[str, Any]] = vector_field(checked(list_of(ENCOUNTER)))


SLICE = ExtSlice(KEY, EmperorsGuard)
get, put, init = SLICE.get, SLICE.put, SLICE.init


def face_down(state, space):
    """The cards lying face down on ``space`` (closed Places, hiding Followers)."""
    return list(get(state, "cards").get(space, ()))


def set_face_down(state, space, cards):
    places = get(state, "cards")
    places = places.set(space, deep_freeze(list(cards))) if cards else places.discard(space)
    return put(state, cards=places)
