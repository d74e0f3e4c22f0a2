"""What one player may see (``player_view``): hidden information made hidden.

Hidden from a viewer: the other players' Battle cards and Resource tiles (only their
number shows), every face-down Cup tile (including one someone looked at with a Four
Point Spell, whose tile only shows in that player's own log), the order of every draw
pile, the contents of a blind draw, the fields of log events kept secret from the viewer,
the options of a decision that is someone else's, and the seed (in the config, the dice and
the log: it would tell future rolls and shuffles).
"""
from __future__ import annotations

import attrs

from ..engine.dice import Dice
from ..engine.records import Event
from . import piles, validate
from .resources import BLIND_DRAW

HIDDEN = "hidden"


def player_view(state, player):
    """The state as ``player`` may see it: the other players' hands and tiles face down, the
    decks' order, the seed and what others drew hidden.

    Args:
        state: the whole state.
        player: the id of a player in the game.

    Returns:
        A :class:`~talisman.triwizard.TriwizardState` with the hidden information replaced.

    Raises:
        StateError: ``state`` is not a Triwizard Maze state.
        UserError: ``player`` is not in this game.

    Example:
        >>> from talisman import triwizard
        >>> s = triwizard.new_game(players=2, seed=7)
        >>> list(triwizard.player_view(s, "harry").players["cedric"].hand)
        ['hidden', 'hidden', 'hidden', 'hidden']
        >>> triwizard.player_view(s, "ron")
        Traceback (most recent call last):
        ...
        talisman.errors.UserError: no player 'ron' in this game
    """
    validate.player_id(state, player)
    players = state.players
    for pid, p in state.players.items():
        if pid != player:
            players = players.set(pid, attrs.evolve(p, hand=[HIDDEN] * len(p.hand),
                                                    tiles=[HIDDEN] * len(p.tiles)))
    return attrs.evolve(state, players=players, cups=_cups(state), decks=_decks(state, player),
                        log=[_event(e, player) for e in state.log],
                        pending=_pending(state, player),
                        config=attrs.evolve(state.config, seed=None),
                        dice=Dice(seed=None, counter=state.dice.counter))


def _cups(state):
    return {sq: cup if cup.face_up else attrs.evolve(cup, tile=HIDDEN)
            for sq, cup in state.cups.items()}


def _decks(state, player):
    # Every draw pile is face down (Setup 4, 6, 8, 9): its size shows, neither its order nor
    # what it holds (which would tell by elimination the tiles and cards dealt to the others).
    decks = {name: [HIDDEN] * len(cards) for name, cards in state.decks.items()}
    # A Cup tile bound to its space by a private look must not show as missing from the pile.
    decks[piles.CUPS] = [HIDDEN] * (len(state.decks.get(piles.CUPS, ())) +
                                    sum(1 for c in state.cups.values() if not c.face_up and c.tile is not None))
    if BLIND_DRAW in state.decks and player == _blind_draw_victim(state):
        decks[BLIND_DRAW] = sorted(state.decks[BLIND_DRAW])  # the victim's own tiles
    return decks


def _blind_draw_victim(state):
    p = state.pending
    return p.args.get("victim") if p is not None and p.deck == BLIND_DRAW else None


def _event(event, player):
    if "seed" in event.data:  # game_started names the seed, which would tell every roll
        return Event(event.name, event.data.discard("seed"))
    secret = event.data.get("secret")
    if not secret or player in event.data.get("seen_by", ()):
        return event
    return Event(event.name, event.data.update({f: HIDDEN for f in secret}))


def _pending(state, player):
    p = state.pending
    if p is None or p.is_chance or p.player == player:
        return p
    return attrs.evolve(p, options=())
