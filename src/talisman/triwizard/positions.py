"""Build a mid-game position for rules checks: who stands where, holding what, with which
dice to come.  The position starts at the beginning of ``current``'s turn and runs to its
first decision.

>>> s = position({"harry": {"space": "r15c5"}, "cedric": {"space": "r1c1"}},
...              dice=[4])
>>> s.current, s.pending.kind, len(s.players["harry"].hand)
('harry', 'turn', 4)
"""
from __future__ import annotations

from collections import Counter

from pyrsistent import pmap

from ..engine.dice import Dice
from ..engine.machine import advance, frame
from ..engine.serialize import to_data
from ..errors import TalismanError
from . import piles
from .api import legal_actions
from .definitions import load
from .rules import STEPS
from .state import Config, Cup, Player, Slot, TriwizardState


def _without(cards, taken):
    """``cards`` (a deck in order) minus one copy of each card in ``taken``."""
    left = Counter(taken)
    out = []
    for c in cards:
        if left[c]:
            left[c] -= 1
        else:
            out.append(c)
    return out


def position(players, current=None, dice=None, seed=0, cloak=None, hedge=None, cups=None,
             lineup=None, decks=None, deck_tops=None, options=None, turn=0,
             stop_at_chance=False):
    """A position at the start of ``current``'s turn (the first player given by default).

    ``players``: ``{id: {"space": square, "hand": [battle cards], "tiles": [kinds]}}`` in
    seating order; a player given no hand holds the first four cards of the Battle deck left
    once the hands given are taken out of it.
    ``dice``: forced die results (d6 numbers, ``1`` is the Cloak face), or None for seeded.
    ``cups``: ``{cup square: tile id}`` to fix tiles; ``"up:<tile>"`` lays it face up.
    ``lineup``: obstacle ids, face up (``"down:<id>"`` face down).  ``decks``: replaces
    draw piles (top first).  Unlisted piles hold every card not placed elsewhere, in data order.
    ``deck_tops``: ``{pile: [cards]}`` taken out of that pile and put on top, first on top.
    """
    defs = load()
    ids = tuple(players)
    battle = list(defs.battle_deck)
    hands = {}
    for pid in ids:  # the hands given first, so that no hand dealt holds a card given to another
        given = players[pid].get("hand")
        if given is not None:
            hands[pid] = list(given)
            battle = _without(battle, hands[pid])
    for pid in ids:
        if pid not in hands:
            hands[pid] = battle[:4]
            battle = battle[4:]
    tiles = {pid: list(players[pid].get("tiles", ())) for pid in ids}
    resources = _without(defs.resource_pile, [t for ts in tiles.values() for t in ts])
    slots = [Slot(c[5:], False) if c.startswith("down:") else Slot(c, True)
             for c in (lineup if lineup is not None else defs.obstacle_deck[:4])]
    obstacles = _without(defs.obstacle_deck, [s.card for s in slots])
    cup_state, cup_pile = {}, sorted(defs.cup_tiles)
    for sq in defs.board.cups:
        spec = (cups or {}).get(sq)
        if spec is None:
            cup_state[sq] = Cup()
        else:
            tile = spec[3:] if spec.startswith("up:") else spec
            cup_state[sq] = Cup(tile, spec.startswith("up:"))
            cup_pile.remove(tile)
    all_decks = {piles.BATTLE: battle, piles.OBSTACLES: obstacles, piles.RESOURCES: resources,
                 piles.CUPS: cup_pile}
    all_decks.update(decks or {})
    for name, tops in (deck_tops or {}).items():
        rest = _without(all_decks[name], tops)
        if len(rest) != len(all_decks[name]) - len(tops):
            raise TalismanError(f"deck_tops: not every card of {list(tops)} is left in {name!r}")
        all_decks[name] = list(tops) + rest
    state = TriwizardState(
        config=Config(ids, pmap(options or {}), seed), order=ids, current=current or ids[0],
        players={pid: Player(pid, players[pid].get("space", defs.board.entrance), hands[pid],
                             tiles[pid]) for pid in ids},
        dice=Dice(seed=seed, script=None if dice is None else tuple(dice)),
        cloak=cloak, hedge=hedge or defs.board.centre, cups=cup_state, lineup=slots,
        turn=turn, decks=all_decks,
        discards={piles.BATTLE: [], piles.OBSTACLES: [], piles.RESOURCES: []},
        stack=[frame("turn.start")])
    return advance(state, STEPS, stop_at_chance)


def options(state):
    """The legal actions of ``state`` as notation strings."""
    return [str(a) for a in legal_actions(state)]


def events(state, name, since=0):
    """The data of every ``name`` event in the log (from index ``since``) as plain dicts."""
    return [to_data(e.data) for e in state.log[since:] if e.name == name]
