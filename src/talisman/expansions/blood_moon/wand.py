"""Spirits going to the discard pile (the Ghostwood Wand, card-data.md 1.3: "whenever a Spirit
goes to the discard pile, may gain 1 Spell").

The base rules tell the ``card_discarded`` hook of every card put on a discard pile
(``characters.discard``: a kill cashed in, an Event's clearing, an Exorcise...).  A Spirit
reaching the Adventure discard pile gives each living holder of a card whose data says
``spirit_discarded`` those effects there and then, in the step that discarded it (ruling
R-BMC-1; "may" is always taken, R-CD5-2): ``gain_spells``, which asks nothing and draws within
the holder's Spell limit (a Toad gains none).
"""
from __future__ import annotations

from ...definitions import load
from ...engine.machine import log
from ...rules import effects as base_effects
from . import store


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


def card_discarded(state, card, deck):
    """The ``card_discarded`` hook: a Spirit on the Adventure discard pile rewards the holders."""
    if deck != "adventure":
        return state
    c = load().cards.get(card)
    if c is None or c.subtype != "spirit":
        return state
    for cid, wand in _holders(state):
        state = log(state, "blood_moon_effect", character=cid, cause=wand, card=card)
        for effect in store.card_data(wand)["spirit_discarded"]:
            (name, params), = effect.items()
            state = base_effects.EFFECTS[name](state, params, cid, {"card": wand})
    return state
