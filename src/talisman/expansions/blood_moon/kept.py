"""Cards kept on a card lying on a space: the Corpse Collector's Enemies (taken as trophies) and
The Phantom's Followers (card-data.md 1.3: "revealed: draw 8 Adventure cards, the Enemies go
onto it as trophies, the rest discarded; take one per visit; discarded when empty; they don't
count as cards on the space").

Where the cards are: ``state.resolving[space]``, the place of cards that are at a space but not
on it (no effect that clears the space reaches them, no draw counts them, and the
card-conservation invariant, the validator and ``from_json`` count them there), beside the card
holding them.  Which cards a card holds: the index ``kept_on`` in the Blood Moon's store,
``{"<space>/<card>": [card ids]}``.  The index and the place change together, only here.

A holder that has left its space by another card's effect (discarded by the Raging Volcano,
burnt by the Fire Giant...) takes its cards with it: at the next turn boundary (:func:`sweep`)
they go to the discard pile.
"""
from __future__ import annotations

from ...definitions import load
from ...engine.machine import decide, log
from ...engine.records import replace
from ...rules import characters as chars
from ...rules import possessions
from ...rules import kernel
from . import store

FIELD = "kept_on"


def _key(space, card):
    return f"{space}/{card}"


def held(state, space, card):
    """The cards ``card`` on ``space`` holds (a list; empty when none)."""
    return store.listed(state, FIELD, _key(space, card))


def keep_drawn(state, params, actor, source):
    """``keep_drawn: {count, types}`` (when the card is revealed): ``count`` Adventure cards are
    drawn; those of ``types`` go onto the card, the rest to the discard pile.  Holding none,
    the card is discarded at once ("discarded when empty")."""
    card, space = source.get("card"), source.get("space")
    if card is None or space is None:
        return state
    state = _discard_held(state, _key(space, card))  # (a stale list, if the card comes again)
    drawn = []
    for _ in range(params["count"]):
        state = chars.refill_deck(state, "adventure")
        deck = state.decks.get("adventure", ())
        if not deck:
            break
        drawn.append(deck[0])
        state = replace(state, decks=state.decks.set("adventure", deck[1:]))
    types = set(params["types"])
    kept = [c for c in drawn if load().cards[c].type in types]
    for c in drawn:
        if c not in kept:
            state = chars.discard(state, c)
    state = log(state, "cards_kept_on_card", character=actor, card=card, space=space, cards=kept,
                discarded=[c for c in drawn if c not in kept])
    if not kept:
        return _emptied(state, space, card)
    state = kernel.hold_resolving(state, space, kept)
    return store.set_listed(state, FIELD, _key(space, card), kept)


def take_kept(state, params, actor, source):
    """``take_kept: {as}`` (a visit): the visitor may take one of the cards the card holds
    (``take:<card>``) or none (``done``): ``as: trophy`` kept as a trophy, ``as: possession``
    joining him as a Follower (or Object) would."""
    card, space = source.get("card"), source.get("space")
    cards = held(state, space, card) if card and space else []
    if card and space and not cards:  # (set on a space by another card's effect: never filled)
        return _emptied(state, space, card)
    if params["as"] == "possession":
        cards = [c for c in cards if load().cards[c].type != "follower"
                 or chars.follower_allowed(state, actor, c)]
    if not cards or not state.characters[actor].alive:
        return log(state, "nothing_to_take", character=actor, cause=card or "a card")
    return decide(state, actor, "take", [f"take:{c}" for c in dict.fromkeys(cards)] + ["done"],
                  "blood_moon.kept_taken", prompt=f"take one card from the {card}", actor=actor,
                  card=card, space=space, taken_as=params["as"])


def kept_taken(state, action, actor, card, space, taken_as):
    if action.kind == "done":
        return log(state, "nothing_taken", character=actor, cause=card)
    taken = action.args[0]
    rest = held(state, space, card)
    rest.remove(taken)
    state, _ = kernel.take_resolving(state, space, taken)
    state = store.set_listed(state, FIELD, _key(space, card), rest)
    if taken_as == "trophy":
        state = chars.add_trophies(state, actor, [taken], card)  # (a Toad keeps none: R-FD13.3)
    else:
        state = log(state, "card_taken_from_card", character=actor, card=taken, cause=card)
        state = possessions.add_possession(state, actor, taken, card)
    return state if rest else _emptied(state, space, card)


def _emptied(state, space, card):
    """A holder with nothing left is discarded."""
    if kernel.on_space(state, space, card):
        state = kernel.remove_from_space(state, space, card)
        state = chars.discard(state, card)
    return log(state, "card_emptied", card=card, space=space)


def sweep(state):
    """The cards of a holder no longer on its space go to the discard pile with it (at a turn
    boundary: the effects that clear spaces do not know of these cards)."""
    for key, cards in sorted(store.get(state, FIELD, {}).items()):
        space, card = key.split("/", 1)
        if card not in state.board_cards.get(space, ()):
            state = _discard_held(state, key)
    return state


def _discard_held(state, key):
    cards = store.listed(state, FIELD, key)
    if not cards:
        return state
    space, card = key.split("/", 1)
    for c in cards:
        state, _ = kernel.take_resolving(state, space, c)
        state = chars.discard(state, c)
    state = store.set_listed(state, FIELD, key, [])
    return log(state, "kept_cards_discarded", card=card, space=space, cards=list(cards))


EFFECTS = {"keep_drawn": keep_drawn, "take_kept": take_kept}
STEPS = {"blood_moon.kept_taken": kept_taken}
