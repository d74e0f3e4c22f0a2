"""A card that hands the top Adventure card to a character until his next turn (the Lantern
Sprite, card-data.md 1.3: "stays; look secretly at the top Adventure card and hand it face down
to any character, who puts it back on top at his next turn start").

The card's effect: ``hand_top_card: {}``.  The visitor looks at the top Adventure card (logged
``seen_by`` him alone) and hands it to a living character (``hand:<character>``, himself too).
Where it is meanwhile: the Blood Moon's store, ``handed`` (``{character: [cards]}``; listed in
the store's ``cards`` as ``handed`` while it holds one: the card-conservation invariant, the
validator and ``from_json`` count it).  The player's view (:func:`player_view`) shows a handed
card to its holder only (ruling R-BM19B-3).  At the start of the holder's next turn, or at any
turn's start once he is dead, it goes back on top of the Adventure deck.
"""
from __future__ import annotations

from pyrsistent import pmap, pvector

from ...engine.machine import decide, log
from ...engine.records import replace
from ...rules import characters as chars
from . import store

DECK = "adventure"


def hand_top_card(state, params, actor, source):
    """The visitor looks at the top Adventure card and chooses whom to hand it to."""
    state = chars.refill_deck(state, DECK)
    deck = state.decks.get(DECK, ())
    if not deck:
        return log(state, "no_effect", character=actor, reason="the Adventure deck is empty",
                   source=source.get("card"))
    card = deck[0]
    state = log(state, "peeked", character=actor, deck=DECK, cards=[card], seen_by=actor)
    who = [c for c in state.order if store.alive(state, c)]
    return decide(state, actor, "hand", [f"hand:{c}" for c in who], "blood_moon.card_handed",
                  prompt="hand the top Adventure card to a character", actor=actor, card=card)


def card_handed(state, action, actor, card):
    """The card leaves the deck for the holder's keeping (face down)."""
    holder = action.args[0]
    deck = state.decks.get(DECK, ())
    if not deck or deck[0] != card:
        return log(state, "no_effect", character=actor, reason="the top card has changed")
    state = replace(state, decks=state.decks.set(DECK, deck[1:]))
    state = store.set_listed(state, "handed", holder, store.listed(state, "handed", holder) + [card])
    return log(state, "card_handed", character=actor, to=holder, cards=[card], seen_by=actor)


def turn_started(state, character):
    """The holder puts the card back on top at the start of his next turn (a dead holder's
    goes back at the start of anyone's)."""
    handed = store.get(state, "handed", {})
    back = [h for h in sorted(handed) if h == character or not store.alive(state, h)]
    if not back:
        return state
    rest = {h: list(cards) for h, cards in handed.items() if h not in back}
    for h in back:
        cards = list(handed[h])
        deck = state.decks.get(DECK, ())
        state = replace(state, decks=state.decks.set(DECK, pvector(list(reversed(cards)) + list(deck))))
        state = log(state, "card_put_back", character=h, deck=DECK, count=len(cards))
    return store.store(state, handed=rest or None)


def player_view(state, view, player):
    """Value hook: a handed card is seen by its holder alone."""
    d = store.data(view)
    if not d.handed or all(h == player for h in d.handed):
        return view
    handed = pmap({h: (cards if h == player else pvector(["hidden"] * len(cards))) for h, cards in d.handed.items()})
    cards = d.cards.set("handed", pvector(sorted(c for cs in handed.values() for c in cs)))
    return replace(view, ext=view.ext.set(store.EXP, replace(d, handed=handed, cards=cards)))


EFFECTS = {"hand_top_card": hand_top_card}
STEPS = {"blood_moon.card_handed": card_handed}
