"""What a square does when a move ends on it (Moving Through the Maze: Portkey Spaces, Gold
Mist Spaces, Headstone Spaces, Obstacle Spaces; Winning the Game).

"If you end your move on a symbol space, perform the appropriate action."  A cloaked piece
uses no Portkey, takes no Resource tile, checks no Cup tile, is not sent on by a face-up
Headstone tile and ignores Obstacle spaces (The Invisibility Cloak); the square is logged
as ignored.  Headstone spaces and Penalty spaces do nothing when a piece stops on them.
"""
from __future__ import annotations

import attrs

from ..engine.machine import frame, log, push, request_draw, then
from ..engine.records import Outcome
from . import battle, movement, piles, resources, turn
from .board import walk_distances
from .definitions import load
from .state import occupant, occupied

#: Kinds of square a cloaked piece does not act on (The Invisibility Cloak).
CLOAK_IGNORES = ("obstacle", "portkey", "gold_mist", "cup")


def arrive(state, pid):
    """The move of ``pid`` ended: the square it stands on acts."""
    board = load().board
    square = state.players[pid].space
    kind = board.kinds[square]
    if kind in CLOAK_IGNORES and state.cloak == pid:
        return log(state, "space_ignored", player=pid, space=square, kind=kind, reason="cloak")
    if kind == "obstacle":
        if state.battled:   # one Battle card a turn (Let the Tournament Begin! 4)
            return log(state, "space_ignored", player=pid, space=square, kind=kind,
                       reason="battled")
        return battle.start(state, pid)
    if kind == "portkey":
        return take_portkey(state, pid, square)
    if kind == "gold_mist":
        return gold_mist(state, pid)
    if kind == "cup":
        return land_on_cup(state, pid, square)
    return state


def take_portkey(state, pid, square):
    """Portkey Spaces: travel to the matching symbol and stop there, unless an opponent's
    piece sits on it ("the matching Portkey Space cannot be used for travel")."""
    far = load().board.portkeys[square]
    blocker = occupant(state, far, besides=pid)
    if blocker is not None:
        return log(state, "portkey_blocked", player=pid, space=square, to=far, by=blocker)
    return movement.move_piece(state, pid, far, "portkey_travelled")


def gold_mist(state, pid):
    """Gold Mist Spaces: "Stopping on this space allows you to draw 1 Resource Tile"."""
    state = log(state, "gold_mist", player=pid, space=state.players[pid].space)
    return push(state, *then(*piles.draws(piles.RESOURCES, "tiles", pid, 1),
                             frame("resources.check_limit", player=pid)))


# --- the Cup tiles (Headstone Spaces; Winning the Game) -----------------------------

def land_on_cup(state, pid, square):
    """A face-down Cup tile is turned over; a face-up Headstone tile sends the piece on."""
    cup = state.cups[square]
    if cup.face_up:
        return headstone_travel(state, pid, cup.tile)
    if cup.tile is None:
        return request_draw(state, piles.CUPS, f"the Cup tile on {square}", "spaces.cup_dealt",
                            square=square, player=pid, after="flip")
    return flip(state, pid, square)


def cup_dealt(state, action, square, player, after):
    """The shuffled Cup tiles are dealt lazily: the first look at a Cup space draws its tile."""
    state = attrs.evolve(state, cups=state.cups.set(square, attrs.evolve(state.cups[square],
                                                                         tile=action.args[0])))
    if after == "peek":
        return resources.peek(state, player, square)
    return flip(state, player, square)


def flip(state, pid, square):
    """Turn the Cup tile over and leave it face up: the real Cup wins, a Headstone tile
    sends the piece to its Headstone space."""
    cup = attrs.evolve(state.cups[square], face_up=True)
    state = attrs.evolve(state, cups=state.cups.set(square, cup))
    state = log(state, "cup_flipped", player=pid, space=square, tile=cup.tile)
    tile = load().cup_tiles[cup.tile]
    if tile.real:
        # Winning the Game: "If you turn over the Triwizard Cup, you win".
        state = log(state, "cup_won", player=pid, space=square)
        return attrs.evolve(state, outcome=Outcome("triwizard_cup", (pid,)))
    return headstone_travel(state, pid, cup.tile)


def headstone_travel(state, pid, tile_id):
    """Headstone Spaces: "Your playing piece is instantly transported to the matching
    Headstone Space" ... "your turn ends".  An occupied Headstone space sends the piece to
    the nearest free square (choice ``headstone_occupied``)."""
    board = load().board
    target = board.headstones[load().cup_tiles[tile_id].headstone]
    if occupant(state, target, besides=pid) is not None:
        target = nearest_free(state, pid, target)
    state = movement.move_piece(state, pid, target, "headstone_travelled", tile=tile_id)
    return turn.end_turn_now(state)


def nearest_free(state, pid, square):
    """The free square nearest ``square`` on foot; ties in reading order."""
    board = load().board
    taken = occupied(state, besides=pid)
    dist = walk_distances(board, square, blocked=[state.hedge])
    free = [sq for sq in dist if sq not in taken and sq != state.hedge]
    return min(free, key=lambda sq: (dist[sq], board.sort_key(sq)))


STEPS = {"spaces.cup_dealt": cup_dealt}
