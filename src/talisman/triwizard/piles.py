"""Draw piles and discard piles: Battle cards, Obstacle cards, Resource tiles.

Every draw is a chance node (``request_draw``).  "If the Draw Pile is emptied, re-shuffle
the Discard Pile and start a new Draw Pile" (Battle Cards; Winning a Battle; Resource
Tiles): a pile found empty when a draw is wanted is rebuilt from its discards with the
seeded shuffle first.
"""
from __future__ import annotations

import attrs
from pyrsistent import pvector

from ..engine.dice import shuffle
from ..engine.machine import frame, log, push, request_draw, then
from .state import Slot, log_secret, update_player

BATTLE, OBSTACLES, RESOURCES, CUPS = "battle", "obstacles", "resources", "cups"

#: Where a drawn card goes: ``hand`` (a player's Battle cards), ``tiles`` (a player's
#: Resource tiles) or ``lineup`` (the Obstacle Lineup).
DESTINATIONS = {"hand": BATTLE, "tiles": RESOURCES, "lineup": OBSTACLES}


def draws(deck, to, owner, n):
    """Frames that draw ``n`` cards from ``deck`` into ``to`` of ``owner``, one by one."""
    return then(*[frame("piles.draw", deck=deck, to=to, owner=owner)] * n)


def deal(state, deck, to, owner, n):
    """Push ``n`` draws (they run before whatever is on the stack now)."""
    return push(state, *draws(deck, to, owner, n)) if n > 0 else state


def discard(state, deck, cards):
    """Put ``cards`` on ``deck``'s discard pile."""
    pile = state.discards.get(deck) or pvector()
    return attrs.evolve(state, discards=state.discards.set(deck, pile.extend(cards)))


def reshuffle(state, deck):
    """Re-shuffle the discard pile into a new draw pile (seeded shuffle)."""
    cards = list(state.discards.get(deck) or ())
    if not cards:
        return state
    shuffled, dice = shuffle(state.dice, cards)
    state = attrs.evolve(state, dice=dice, decks=state.decks.set(deck, pvector(shuffled)),
                         discards=state.discards.set(deck, pvector()))
    return log(state, "pile_reshuffled", pile=deck, cards=len(shuffled))


def draw(state, deck, to, owner):
    """Rule step: draw one card of ``deck`` for ``owner``; reshuffle the discards if empty."""
    if not state.decks.get(deck):
        state = reshuffle(state, deck)
    if not state.decks.get(deck):
        return log(state, "pile_empty", pile=deck, owner=owner)
    return request_draw(state, deck, f"{deck} draw for {owner}", "piles.drawn", pile=deck, to=to,
                        owner=owner)


def drawn(state, action, pile, to, owner):
    """The drawn card goes to a hand, a tile rack or the Obstacle Lineup."""
    card = action.args[0]
    if to == "lineup":
        state = attrs.evolve(state, lineup=state.lineup.append(Slot(card, True)))
        return log(state, "obstacle_revealed", obstacle=card, slot=len(state.lineup) - 1)
    p = state.players[owner]
    if to == "hand":
        state = update_player(state, owner, hand=p.hand.append(card))
        return log_secret(state, "battle_card_drawn", [owner], ["card"], player=owner, card=card)
    state = update_player(state, owner, tiles=p.tiles.append(card))
    return log_secret(state, "resource_drawn", [owner], ["tile"], player=owner, tile=card)


def remove_one(cards, card):
    """``cards`` without one copy of ``card``."""
    return cards.delete(cards.index(card))


STEPS = {"piles.draw": draw, "piles.drawn": drawn}
