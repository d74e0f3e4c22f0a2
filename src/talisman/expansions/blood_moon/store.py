"""The Blood Moon's own plain data in ``state.ext["blood_moon"]`` and small shared helpers.

Layout (a pmap of plain data, so a state still round-trips through JSON):

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
    ``{character: Enemy card}``: an Enemy following a character it beat (the Night Stalker)
    until Day breaks.
``riders``
    ``{character: Enemy card}``: an Enemy that beat a character and rides to wherever his
    next move ends (the Headless Horseman; absent until one does).
``rewarded``
    ``{character: round}``: the round in which a character last had a Lunar Event's reward for
    a kill in his own turn (Divine Retribution: once a round each; absent until then).
``scanned``
    how far :func:`.jobs.settle` has read the log.
``cards``
    where this expansion keeps cards that are in no deck, discard pile, space or hand (the
    card-conservation invariant reads it): ``lunar_events``, ``lycanthropes`` and ``choosing``
    (the Twilight Forest's drawn cards while one is chosen, issue 16).  It is
    rebuilt from the fields above by :func:`store`, never edited alone.
"""
from __future__ import annotations

from pyrsistent import pmap, pvector

from ...definitions import load
from ...engine.records import deep_freeze, replace

EXP = "blood_moon"
DAY, NIGHT = "day", "night"
OTHER_SIDE = {DAY: NIGHT, NIGHT: DAY}
#: SETUP (Prowling Werewolf): "place the Werewolf figure on the Forest space".
WEREWOLF_START = "forest"


def data(state):
    return state.ext.get(EXP, pmap())


def enabled(state):
    return EXP in state.ext


def get(state, key, default=None):
    return data(state).get(key, default)


def store(state, **changes):
    """A new state with these fields of the Blood Moon's data changed; ``cards`` rebuilt."""
    d = data(state).update(deep_freeze(changes))
    d = d.set("cards", pmap({
        "lunar_events": pvector(d.get("lunar_events", ())),
        "lycanthropes": pvector(sorted(d.get("lycanthropes", pmap()).values())),
        "choosing": pvector(d.get("choosing", ())),
    }))
    return replace(state, ext=state.ext.set(EXP, d))


def initial(state):
    """SETUP: the Time card shows Day; the Werewolf stands on the Forest."""
    return store(state, time=DAY, werewolf=WEREWOLF_START, werewolf_due=None, lunar_events=[],
                 lycanthropes={}, stalkers={}, jobs=[], scanned=len(state.log))


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
