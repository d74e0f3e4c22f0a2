"""The Invisibility Cloak: putting it on (the Cloak face of the die, the Invisibility Cloak
tile), Removing an Invisibility Cloak, and Albus Dumbledore's punishment.

``state.cloak`` is the player whose piece wears it, or None when it lies beside the board.
A placement is ``cloak:<player>``; after a successful removal ``cloak:aside`` is offered too.
"""
from __future__ import annotations

import attrs

from ..engine.machine import decide, log, request_roll
from . import turn
from .board import walk_distances
from .definitions import load
from .movement import move_piece
from .state import occupied


def offer_placement(state, pid):
    """Let the Tournament Begin! 3: "take the Invisibility Cloak from wherever it is and
    place it on the playing piece of your choice" -- a different piece if one wears it."""
    options = [f"cloak:{p}" for p in state.order if p != state.cloak]
    return decide(state, pid, "cloak", options, "cloak.placed",
                  prompt="the Cloak is rolled: who wears it?")


def placed(state, action):
    """The rolled cloak goes on the chosen piece."""
    return put_on(state, action.args[0], by=state.current, how="rolled")


def put_on(state, target, by, how):
    """The cloak moves to ``target``'s piece."""
    state = log(state, "cloak_placed", player=target, by=by, **{"from": state.cloak}, how=how)
    return attrs.evolve(state, cloak=target)


# --- Removing an Invisibility Cloak -------------------------------------------------

def start_removal(state, pid):
    """Removing an Invisibility Cloak: "You use your entire turn to remove an Invisibility
    Cloak ... You must roll an odd number to remove it (the Invisibility Cloak Symbol does
    not count as odd)": the roll is the whole turn."""
    state = turn.end_turn_now(state)
    state = log(state, "cloak_removal_attempted", player=pid)
    return request_roll(state, "d6", f"cloak removal roll of {pid}", "cloak.removal_rolled")


def removal_rolled(state, action):
    """An odd number takes the cloak off; anything else keeps it on."""
    pid = state.current
    face = load().face(action.dice[0])
    if face == "cloak" or face % 2 == 0:
        return log(state, "cloak_kept", player=pid, roll=action.dice[0], face=str(face))
    state = log(state, "cloak_removed", player=pid, roll=action.dice[0], face=str(face))
    # "Once removed, set the Invisibility Cloak beside the board or place it on any other
    # playing piece."
    options = ["cloak:aside"] + [f"cloak:{p}" for p in state.order if p != pid]
    return decide(state, pid, "cloak", options, "cloak.replaced",
                  prompt="the Cloak is off: set it aside or on another piece")


def replaced(state, action):
    """The removed cloak goes beside the board or onto another piece."""
    if action.args[0] == "aside":
        state = log(state, "cloak_set_aside", player=state.current)
        return attrs.evolve(state, cloak=None)
    return put_on(state, action.args[0], by=state.current, how="removed")


# --- Albus Dumbledore -----------------------------------------------------------------

def punish(state, wearer, by):
    """Albus Dumbledore: "the Invisibility Cloak is automatically removed to the side of the
    board ... the playing piece that was wearing the Invisibility Cloak must go to the
    nearest empty Penalty Space"."""
    state = attrs.evolve(state, cloak=None)
    state = log(state, "dumbledore_punished", player=wearer, by=by)
    target = nearest_penalty(state, wearer)
    if target is None:
        return log(state, "no_penalty_space", player=wearer)
    return move_piece(state, wearer, target, "sent_to_penalty")


def nearest_penalty(state, pid):
    """The nearest empty Penalty space: walking distance along the path (pieces passed
    through, hedges not), ties in reading order; if none can be walked to, the nearest by
    grid distance (choice ``nearest_penalty``)."""
    board = load().board
    here = state.players[pid].space
    taken = occupied(state, besides=pid)
    empty = [sq for sq in board.penalties if sq not in taken]
    if not empty:
        return None
    dist = walk_distances(board, here, blocked=[state.hedge])
    walkable = [sq for sq in empty if sq in dist]
    if walkable:
        return min(walkable, key=lambda sq: (dist[sq], board.sort_key(sq)))
    (r, c) = board.coords[here]
    return min(empty, key=lambda sq: (abs(board.coords[sq][0] - r) + abs(board.coords[sq][1] - c),
                                      board.sort_key(sq)))


STEPS = {"cloak.placed": placed, "cloak.removal_rolled": removal_rolled,
         "cloak.replaced": replaced}
