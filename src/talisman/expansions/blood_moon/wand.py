"""Spirits going to the discard pile (the Ghostwood Wand, card-data.md 1.3: "whenever a Spirit
goes to the discard pile, may gain 1 Spell").

No single rule step puts every card on a discard pile (a kill cashed in, an Event's clearing,
an Exorcise...), so the Spirits are counted at each turn boundary instead: the Blood Moon's
store keeps ``spirits_discarded``, the number of Spirit cards on the Adventure discard pile at
the last boundary, while some living character holds a card whose data says
``spirit_discarded`` (absent otherwise).  Each Spirit more on the pile since then is one
Spirit gone to the discard pile; the holder gains that many Spells (within his Spell limit,
``gain_spells``), as a job of the turn boundary (ruling R-CD5-2: "may" always taken, the Spell
comes at the next boundary, as the Lunar Events' rewards read from the log do).
"""
from __future__ import annotations

from ...definitions import load
from . import jobs
from . import store

FIELD = "spirits_discarded"


def _holders(state):
    """(character, card) for each living holder of a card that rewards Spirits discarded."""
    out = []
    for cid in state.order:
        ch = state.characters[cid]
        if not ch.alive:
            continue
        for c in dict.fromkeys(ch.objects):
            if "spirit_discarded" in store.card_data(c):
                out.append((cid, c))
    return out


def spirits_on_discards(state):
    cards = load().cards
    return sum(1 for c in state.discards.get("adventure", ())
               if c in cards and cards[c].subtype == "spirit")


def settle(state):
    """At a turn boundary: the Spirits discarded since the last one reward the holders (jobs),
    and the count is kept (or dropped when nobody holds such a card)."""
    holders = _holders(state)
    seen = store.get(state, FIELD)
    if not holders:
        return state if seen is None else store.store(state, **{FIELD: None})
    now = spirits_on_discards(state)
    state = store.store(state, **{FIELD: now}) if seen != now else state
    if seen is None or now <= seen:
        return state
    return jobs.queue(state, *[jobs.effects_job(cid, list(store.card_data(c)["spirit_discarded"]) * (now - seen), c)
                               for cid, c in holders])


def possession_gained(state, character, card):
    """The card joins a holder: the Spirits on the discard pile are counted from now."""
    if "spirit_discarded" in store.card_data(card) and store.get(state, FIELD) is None:
        state = store.store(state, **{FIELD: spirits_on_discards(state)})
    return state
