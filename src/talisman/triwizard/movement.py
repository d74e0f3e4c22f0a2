"""Moving Through the Maze: the movement roll, where a piece may go, the Reductor Curse's
path through a Green Hedge, being moved back after a lost battle, and the move forward
after a won one.

A move is offered as one decision, ``move:<square>`` for every square the piece may end
on, or ``stay`` ("up to" double the roll includes none).  Where a piece may end:

* orthogonal steps along path squares, never through a hedge (the Wandering Hedge tile
  blocks its square like a hedge);
* through other pieces but never ending on one: a piece that wishes to stop on an
  occupied square moves on to the next free square beyond it, even past the count
  (choice ``next_free_space``);
* an uncloaked piece must stop on an Obstacle space it enters, and may not enter one
  another piece stands on (choice ``occupied_obstacle``);
* a move is measured by its shortest walk, so any square within the count may be chosen.
"""
from __future__ import annotations

import heapq

from ..engine.machine import decide, log
from .board import DIRECTIONS
from .definitions import load
from .state import occupied, right_of, update_player

#: Losing a Battle: "If you lose because you don't have the right Battle Card, the player
#: to your right automatically moves you back up to 4 spaces."
NO_CARD_PUSH = 4


def reach(state, mover, steps, obstacles="stop", curse=False, overshoot=True):
    """``{square: steps}`` of every square ``mover`` may end a move of up to ``steps`` on.

    ``obstacles``: ``stop`` (an Obstacle space ends the move), ``block`` (may not be
    entered: the move after a won battle) or ``pass`` (a cloaked piece, or a piece being
    moved back).  ``curse``: the move goes through exactly one Green Hedge square in a
    straight line (REDUCTOR CURSE).  ``overshoot``: the next-free-space rule applies.
    """
    board = load().board
    start = state.players[mover].space
    others = occupied(state, besides=mover)
    if state.cloak == mover and obstacles == "stop":
        obstacles = "pass"  # The Invisibility Cloak: "they simply ignore all Obstacle Spaces"

    def enterable(sq):
        if not board.walkable(sq) or sq == state.hedge:
            return False
        if board.kinds[sq] == "obstacle" and obstacles != "pass":
            return obstacles == "stop" and sq not in others
        return True

    def may_step(sq, d, cost):
        if sq != start and board.kinds[sq] == "obstacle" and obstacles == "stop":
            return False            # Obstacle Spaces: "You must stop on this space"
        if d + cost <= steps:
            return True
        # "If another playing piece is in the space on which you wish to stop, move to the
        # next available space": on past an occupied square, even beyond the count.
        return overshoot and cost == 1 and sq in others

    best = {(start, False): 0}
    heap = [(0, board.sort_key(start), start, False)]
    ends = {}
    while heap:
        d, _, sq, crossed = heapq.heappop(heap)
        if d > best[(sq, crossed)]:
            continue
        if sq != start and sq not in others and (crossed or not curse):
            ends.setdefault(sq, d)
        for direction in DIRECTIONS:
            n = board.step(sq, direction)
            if n is None:
                continue
            if enterable(n):
                moves = [(n, crossed, 1)]
            elif curse and not crossed and _green(board, state, n):
                far = board.step(n, direction)
                moves = [(far, True, 2)] if far and enterable(far) else []  # a hedge is 1 space
            else:
                moves = []
            for m, c, cost in moves:
                if may_step(sq, d, cost) and d + cost < best.get((m, c), d + cost + 1):
                    best[(m, c)] = d + cost
                    heapq.heappush(heap, (d + cost, board.sort_key(m), m, c))
    return ends


def _green(board, state, square):
    """REDUCTOR CURSE crosses a Green Hedge, never the Dark Hedge; the Wandering Hedge
    tile counts as Green Hedge (choice ``wandering_hedge_is_green``)."""
    return board.kinds[square] == "green_hedge" or square == state.hedge


def sorted_squares(squares):
    """Squares in reading order (top row first, then left to right)."""
    board = load().board
    return sorted(squares, key=board.sort_key)


def move_piece(state, pid, square, how, **data):
    """Put ``pid``'s piece on ``square`` and log how it got there."""
    here = state.players[pid].space
    state = update_player(state, pid, space=square)
    return log(state, how, player=pid, **{"from": here}, to=square, **data)


# --- the movement roll (Let the Tournament Begin! 2-3) ------------------------------

def offer_move(state, pid, steps, curse=False):
    """Offer every end square of a move of up to ``steps``; a Reductor Curse when it helps."""
    from . import resources
    dests = reach(state, pid, steps, curse=curse)
    options = [f"move:{sq}" for sq in sorted_squares(dests)]
    if not curse:
        options.append("stay")
        # REDUCTOR CURSE: "Play this tile after you roll for movement ... if you don't roll
        # enough to move past the hedge space, wait to play this tile until you do."
        if (resources.may_play(state, pid, "reductor_curse")
                and reach(state, pid, steps, curse=True)):
            options.append("play:reductor_curse")
    prompt = f"move up to {steps}" + (" through a Green Hedge" if curse else "")
    return decide(state, pid, "move", options, "movement.chosen", prompt=prompt, steps=steps,
                  curse=curse)


def chosen(state, action, steps, curse):
    """The move is made; the square it ends on acts (Moving Through the Maze)."""
    from . import resources, spaces
    pid = state.current
    if action.kind == "play":
        state = resources.spend(state, pid, "reductor_curse")
        return offer_move(state, pid, steps, curse=True)
    if action.kind == "stay":
        return log(state, "stayed", player=pid)
    square = action.args[0]
    dist = reach(state, pid, steps, curse=curse)[square]
    state = move_piece(state, pid, square, "moved", steps=dist, curse=curse)
    return spaces.arrive(state, pid)


# --- after a battle (Winning a Battle; Losing a Battle) -----------------------------

def offer_advance(state, pid, rating):
    """Winning a Battle: "move forward up to the number of spaces indicated by the Movement
    Rating".  Forward: no nearer the Entrance than the Obstacle space; another Obstacle
    space may not be entered this turn (choice ``one_battle_per_turn``)."""
    board = load().board
    here = board.entrance_distance[state.players[pid].space]
    dests = [sq for sq in reach(state, pid, rating, obstacles="block")
             if board.entrance_distance.get(sq, -1) >= here]
    options = [f"move:{sq}" for sq in sorted_squares(dests)] + ["stay"]
    return decide(state, pid, "advance", options, "movement.advanced",
                  prompt=f"move forward up to {rating}", rating=rating)


def advanced(state, action, rating):
    """The winner moves forward (or stays); the square it ends on acts."""
    from . import spaces
    pid = state.current
    if action.kind == "stay":
        return log(state, "stayed", player=pid)
    square = action.args[0]
    dist = reach(state, pid, rating, obstacles="block")[square]
    state = move_piece(state, pid, square, "advanced", steps=dist)
    return spaces.arrive(state, pid)


def push_back_squares(state, pid, rating):
    """Losing a Battle: the squares the player on the right may move the loser back to.

    Back: no further from the Entrance; at least one space; never onto a Cup or an
    Obstacle space; the square is not acted on (choice ``push_back``)."""
    board = load().board
    here = board.entrance_distance[state.players[pid].space]
    return [sq for sq in reach(state, pid, rating, obstacles="pass", overshoot=False)
            if board.kinds[sq] not in ("cup", "obstacle")
            and board.entrance_distance.get(sq, here + 1) <= here]


def offer_push_back(state, pid, rating):
    """The player on the loser's right moves the loser back up to ``rating`` spaces."""
    pusher = right_of(state, pid)
    squares = push_back_squares(state, pid, rating)
    if not squares:
        return log(state, "not_pushed_back", player=pid, by=pusher, reason="no free space")
    return decide(state, pusher, "push_back", [f"push:{sq}" for sq in sorted_squares(squares)],
                  "movement.pushed", prompt=f"move {pid} back up to {rating}", loser=pid,
                  rating=rating)


def pushed(state, action, loser, rating):
    """The loser is moved back to the square the player on the right chose."""
    return move_piece(state, loser, action.args[0], "pushed_back", by=right_of(state, loser),
                      rating=rating)


STEPS = {"movement.chosen": chosen, "movement.advanced": advanced, "movement.pushed": pushed}
