"""Held cards that answer the newer hook points (``data:`` fields, docs/blood_moon.md):

``spare_lives: N``
    the ``lives_losing`` hook: a held Magic Object holding N spare lives, lost instead of the
    holder's own (the Self-Portrait: 4).  How many are gone is kept per card in
    ``ext.blood_moon.spare_lives_lost``; the last one gone, the card is discarded (a
    stand-in: the card's end is not known) and its count forgotten, as it is when the card
    is drawn again.  The card says "may"; the spare lives are always taken first (a life
    kept can only help).
``spoils: [counter, ...]``
    the ``spoils_options`` / ``spoils_option_chosen`` hooks: a victor holding the card may take
    one of these counters from the character he beat instead of the usual spoils
    (``spoils:syphon:strength``; the Syphoning Sceptre: Strength or Craft).  The loser loses
    it by the base rules of LOSING STRENGTH / CRAFT (at 0: a life, the quota restored).
"""
from __future__ import annotations

from ...rules import characters as chars
from ...state import update_character
from ...engine.machine import log
from . import store
from .modifiers import held_cards

SYPHON = "syphon"


def _cards_with(state, cid, field):
    return [c for c in held_cards(state, cid) if field in store.card_data(c)]


# --- spare lives (the Self-Portrait) -----------------------------------------------------------

def spare_left(state, card):
    lost = store.get(state, "spare_lives_lost", {}).get(card, 0)
    return store.card_data(card)["spare_lives"] - lost


def lives_losing(state, character, amount, cause):
    """LOSING LIVES with a card holding spare lives: they go first (flag ``lives_spared``)."""
    spared = 0
    for card in _cards_with(state, character, "spare_lives"):
        if spared >= amount:
            break
        take = min(amount - spared, spare_left(state, card))
        if take <= 0:
            continue
        spared += take
        state = _spend(state, character, card, take, cause)
    if not spared:
        return state
    flags = state.characters[character].turn_flags.set("lives_spared", spared)
    return update_character(state, character, turn_flags=flags)


def _spend(state, character, card, n, cause):
    lost = dict(store.get(state, "spare_lives_lost", {}))
    lost[card] = lost.get(card, 0) + n
    left = store.card_data(card)["spare_lives"] - lost[card]
    state = log(state, "spare_lives_lost", character=character, card=card, amount=n, left=left,
                cause=cause)
    if left > 0:
        return store.store(state, spare_lives_lost=lost)
    del lost[card]
    state = store.store(state, spare_lives_lost=lost)
    objects = state.characters[character].objects
    state = update_character(state, character, objects=objects.delete(objects.index(card)))
    state = chars.discard(state, card)
    return log(state, "object_discarded", character=character, card=card, cause="no spare lives left")


def cards_drawn(state, character, space, cards):
    """A card with spare lives drawn again holds all of them."""
    lost = store.get(state, "spare_lives_lost", {})
    again = [c for c in cards if c in lost]
    if not again:
        return state
    return store.store(state, spare_lives_lost={k: v for k, v in lost.items() if k not in again})


# --- spoils (the Syphoning Sceptre) ------------------------------------------------------------

def spoils_options(state, options, victor, loser, kind):
    """The victor's card offers a counter of the loser's instead of the usual spoils."""
    counters = []
    for card in _cards_with(state, victor, "spoils"):
        counters += [c for c in store.card_data(card)["spoils"] if c not in counters]
    return tuple(options) + tuple(f"spoils:{SYPHON}:{c}" for c in counters)


def spoils_option_chosen(state, victor, loser, action):
    parts = action.split(":")
    if parts[:2] != ["spoils", SYPHON]:
        return state
    counter = parts[2]
    state = log(state, "counter_syphoned", character=victor, opponent=loser, counter=counter)
    state = chars.lose(state, loser, counter, 1, f"syphoned by {victor}")
    return chars.gain(state, victor, counter, 1, f"syphoned from {loser}")
