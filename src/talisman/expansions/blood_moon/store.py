"""The Blood Moon's own state (a typed record) in ``state.ext["blood_moon"]`` and small shared helpers.

Layout (a typed record, :class:`BloodMoon`; its JSON is the same plain data):

``time``
    ``"day"`` or ``"night"``: the side of the Time card showing (SETUP: Day).
``werewolf``
    the space the Werewolf figure stands on (SETUP: the Forest).
``werewolf_due``
    the character whose movement roll was a 1 this turn: he moves the Werewolf once his
    turn is over (``None`` otherwise).
``lunar_events``
    the Lunar Events beside the Time card, in the order they came into play.
``lycanthropes``
    ``{character: Lycanthrope card}`` for every lycanthrope.
``jobs``
    work owed to the turn just ended that must wait for the next turn boundary (see
    :mod:`.jobs`): effects for a character, each a plain mapping.
``stalkers``
    ``{character: Enemy card}``: an Enemy following a character it beat (the Night Stalker),
    off its space, until Day breaks (then discarded).
``riders``
    ``{character: Enemy card}``: an Enemy that beat a character and rides to wherever his
    next move ends (the Headless Horseman; absent until one does).
``rewarded``
    ``{character: round}``: the round in which a character last had a Lunar Event's reward for
    a kill in his own turn (Divine Retribution: once a round each; absent until then).
``pending``
    what the ``combat_ended`` and ``card_met`` hooks recorded since the last
    :func:`.jobs.settle` (``{"combat": {...}}`` or ``{"visited": {...}}``), in order.
``choosing``
    the cards drawn by the Twilight Forest while its "keep one card here" choice is pending
    (face up beside it; empty otherwise: absent in a state made before this field).
``kept_on``
    ``{"<space>/<card>": [cards]}``: the cards a card on a space keeps on itself (the Corpse
    Collector's Enemies, the Phantom's Followers; the cards themselves lie in
    ``state.resolving``, see :mod:`.kept`; absent until a card keeps one).
``books``
    ``{character: [cards]}``: the Enemies stored on a character's Book of the Dead (moving with
    him, see :mod:`.book`; absent until one is stored).
``reanimated``
    ``{character: [cards]}``: the Enemies a character's Reanimate made follow him until he spends
    them in a combat (see :mod:`.risen`; absent until one is).
``handed``
    ``{character: [cards]}``: the top Adventure card the Lantern Sprite's visitor handed a
    character, face down until his next turn (see :mod:`.lantern`; absent until one is).
``cards``
    where this expansion keeps cards that are in no deck, discard pile, space or hand (the
    card-conservation invariant reads it): ``lunar_events``, ``lycanthropes`` and ``choosing``
    (and ``books``, ``reanimated``, ``handed``, ``stalkers``, only while they hold cards).  It is
    rebuilt from the fields above by :func:`store`, never edited alone.
"""
from __future__ import annotations

from typing import Any

import attrs
from pyrsistent import pmap, pvector
from pyrsistent.typing import PMap, PVector

from ...definitions import load
from ...engine.records import one_of, replace
from ...rules.hooks import adjust
from ...rules.kernel import ExtSlice
from ...rules.slice_values import (ANY, ANY_MAPPING, CARD, CARD_ON_SPACE, CHARACTER, COUNT, NAME, SPACE, checked,
                                   list_of, map_of, mapping_with)
from ...state import ExtRecord, absent_field, map_field, vector_field

EXP = "blood_moon"
DAY, NIGHT = "day", "night"
OTHER_SIDE = {DAY: NIGHT, NIGHT: DAY}
#: SETUP (Prowling Werewolf): "place the Werewolf figure on the Forest space".
WEREWOLF_START = "forest"
#: A job owed to the next turn boundary (:mod:`.jobs`): a plain mapping naming its kind.
JOB = mapping_with(required=("kind",), kind=NAME, who=CHARACTER, effects=ANY, cause=ANY,
                   mover=CHARACTER)
#: What a hook recorded for :func:`.jobs.settle`: ``{"combat": {...}}`` or ``{"visited": {...}}``.
HOOKED = mapping_with(combat=ANY_MAPPING, visited=ANY_MAPPING)


@attrs.frozen
class BloodMoon(ExtRecord):
    """``state.ext["blood_moon"]`` (the layout above; the fields "absent until" are None until set)."""

    time: str = attrs.field(default=DAY, validator=one_of(DAY, NIGHT))
    werewolf: str = attrs.field(default=WEREWOLF_START, validator=checked(SPACE))
    werewolf_due: str | None = attrs.field(default=None, validator=checked(CHARACTER))
    lunar_events: PVector[str] = vector_field(checked(list_of(CARD)))
    lycanthropes: PMap[str, str] = map_field(checked(map_of(CHARACTER, CARD)))
    stalkers: PMap[str, str] = map_field(checked(map_of(CHARACTER, CARD)))
    jobs: PVector[Any] = vector_field(checked(list_of(JOB)))
    pending: PVector[Any] = vector_field(checked(list_of(HOOKED)))
    cards: PMap[str, PVector[str]] = map_field(checked(map_of(NAME, list_of(CARD))))
    riders: PMap[str, str] | None = absent_field(checked(map_of(CHARACTER, CARD)))
    rewarded: PMap[str, int] | None = absent_field(checked(map_of(CHARACTER, COUNT)))
    choosing: PVector[str] | None = absent_field(checked(list_of(CARD)))
    attack_rolls_fixed: PMap[str, Any] | None = absent_field(checked(map_of(CHARACTER, COUNT)))
    spare_lives_lost: PMap[str, int] | None = absent_field(checked(map_of(CARD, COUNT)))
    kept_on: PMap[str, PVector[str]] | None = absent_field(checked(map_of(CARD_ON_SPACE, list_of(CARD))))
    books: PMap[str, PVector[str]] | None = absent_field(checked(map_of(CHARACTER, list_of(CARD))))
    handed: PMap[str, PVector[str]] | None = absent_field(checked(map_of(CHARACTER, list_of(CARD))))
    reanimated: PMap[str, PVector[str]] | None = absent_field(checked(map_of(CHARACTER, list_of(CARD))))


SLICE = ExtSlice(EXP, BloodMoon)


def data(state) -> BloodMoon:
    return SLICE.of(state)


def enabled(state):
    return EXP in state.ext


#: A field of the Blood Moon's data: ``get(state, key, default=None)`` (``default`` while it is absent).
get = SLICE.get


def store(state, **changes):
    """A new state with these fields of the Blood Moon's data changed; ``cards`` rebuilt."""
    d = replace(SLICE.of(state), **changes)
    d = replace(d, cards=pmap({
        "lunar_events": pvector(d.lunar_events),
        "lycanthropes": pvector(sorted(d.lycanthropes.values())),
        "choosing": pvector(d.choosing or ()),
        **{f: pvector(sorted(c for cards in getattr(d, f).values() for c in cards))
           for f in LISTED if getattr(d, f)},
        **({"stalkers": pvector(sorted(d.stalkers.values()))} if d.stalkers else {}),
    }))
    return replace(state, ext=state.ext.set(EXP, d))


#: The fields ``{character: [cards]}`` whose cards are listed in ``cards`` while any is held.
LISTED = ("books", "handed", "reanimated")


def listed(state, field, key):
    """The cards kept under ``key`` in ``field``, a ``{key: [cards]}`` field (one of
    :data:`LISTED`, keyed by character, or ``kept_on``, by ``"<space>/<card>"``), as a list."""
    return list(get(state, field, {}).get(key, ()))


def set_listed(state, field, key, cards):
    """The cards under ``key`` in ``field`` replaced (the entry, or the field, dropped when empty)."""
    entries = dict(get(state, field, {}))
    if cards:
        entries[key] = list(cards)
    else:
        entries.pop(key, None)
    return store(state, **{field: entries or None})


def initial(state):
    """SETUP: the Time card shows Day; the Werewolf stands on the Forest."""
    return store(state, time=DAY, werewolf=WEREWOLF_START, werewolf_due=None, lunar_events=[],
                 lycanthropes={}, stalkers={}, jobs=[], pending=[])


def time(state):
    return get(state, "time", DAY)


def is_night(state):
    return time(state) == NIGHT


def card(card_id):
    return load().cards[card_id]


def card_data(card_id):
    """A card's expansion fields (``data:``), an empty mapping when it has none."""
    c = load().cards.get(card_id)
    return (c.data if c is not None and c.data is not None else None) or pmap()


def alive(state, cid):
    return cid in state.characters and state.characters[cid].alive


def lunar_events_reaching(state, cid):
    """The Lunar Events in play whose lasting effects reach ``cid``: "Lunar Events are treated in
    all respects like normal Events" (003 Lunar Events), so each is asked of the ``effect_targets``
    hook point as an Event for every character is (``actor`` None: a card in play, not a card
    being met; the Catacombs leave a character underground out, docs/rulings.md R-OQ10.1)."""
    events = get(state, "lunar_events", ())
    if not events or cid not in state.characters:
        return tuple(events)
    return tuple(c for c in events
                 if cid in adjust(state, "effect_targets", (cid,), actor=None, source={"card": c}))
