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
* an uncloaked piece must stop on an Obstacle space it enters; through one another piece
  stands on it goes on to the first free square beyond and battles there (choice
  ``occupied_obstacle``);
* a move is measured by its shortest walk, so any square within the count may be chosen.

A move that ends on an Obstacle space (or beyond an occupied one) keeps the square the
piece entered it from in the state (``obstacle_space``, ``came_from``): the move after a
won battle goes on past it, a lost battle moves the piece back through it (choice
``entry_direction``, :func:`sides`).
"""
from __future__ import annotations

import functools
import heapq
from typing import NamedTuple

import attrs

from ..engine.machine import decide, log
from . import battle, resources, spaces  # (a cycle: each module is read at call time)
from .board import DIRECTIONS, walk_distances
from .definitions import load
from .state import occupied, right_of, update_player

#: Losing a Battle: "If you lose because you don't have the right Battle Card, the player
#: to your right automatically moves you back up to 4 spaces."
NO_CARD_PUSH = 4


class Route(NamedTuple):
    """How a move reaches an end square: its length, the square it stepped from last and,
    when it went through an Obstacle space another piece stands on, that space (``via``)
    and the square the piece entered it from (``came_from``)."""

    steps: int
    last: str | None
    via: str | None = None
    came_from: str | None = None


def routes(state, mover, steps, obstacles="stop", curse=False, overshoot=True, banned=()):
    """``{square: Route}`` of every square ``mover`` may end a move of up to ``steps`` on.

    ``obstacles``: ``stop`` (an Obstacle space ends the move), ``block`` (may not be
    entered: the move after a won battle) or ``pass`` (a cloaked piece).  ``curse``: the
    move goes through exactly one Green Hedge square in a straight line (REDUCTOR CURSE).
    ``overshoot``: the next-free-space rule applies.  ``banned``: squares the walk may not
    enter (the Obstacle space and the way back, after a won battle).

    Moving Through the Maze: "You may move 'through' any playing piece", an Obstacle space
    with a piece on it included.  Obstacle Cards: a piece must "defeat an obstacle before
    you can move past it", so a piece moved through an occupied Obstacle space stops on the
    next free square beyond it and battles there (choice ``occupied_obstacle``).
    """
    board = load().board
    start = state.players[mover].space
    others = occupied(state, besides=mover)
    banned = set(banned)
    if state.cloak == mover and obstacles == "stop":
        obstacles = "pass"  # The Invisibility Cloak: "they simply ignore all Obstacle Spaces"

    def enterable(sq, via):
        if not board.walkable(sq) or sq == state.hedge or sq in banned:
            return False
        if board.kinds[sq] == "obstacle" and obstacles != "pass":
            return obstacles == "stop" and via is None
        return True

    def may_step(sq, d, cost, via):
        if sq != start and board.kinds[sq] == "obstacle" and obstacles == "stop" \
                and sq not in others:
            return False            # Obstacle Spaces: "You must stop on this space"
        if via is not None and sq not in others and sq != via[0]:
            return False            # past an occupied Obstacle space: stop on the first free square
        if d + cost <= steps:
            return True
        # "If another playing piece is in the space on which you wish to stop, move to the
        # next available space": on past an occupied square, even beyond the count.
        return overshoot and cost == 1 and sq in others

    first = (start, False, None)
    best = {first: 0}
    last = {first: None}
    heap = [(0, board.sort_key(start), start, False, ())]
    ends = {}
    while heap:
        d, _, sq, crossed, via_t = heapq.heappop(heap)
        via = via_t or None
        if d > best[(sq, crossed, via)]:
            continue
        if sq != start and sq not in others and (crossed or not curse) \
                and (via is None or sq != via[0]):
            route = Route(d, last[(sq, crossed, via)], *(via or (None, None)))
            old = ends.get(sq)
            if old is None or (old.via is not None and via is None):
                ends[sq] = route     # a walk that meets no occupied Obstacle space is preferred
        for direction in DIRECTIONS:
            n = board.step(sq, direction)
            if n is None or (via is not None and n == via[1]):
                continue
            nvia = via
            if enterable(n, via):
                if (board.kinds[n] == "obstacle" and obstacles == "stop" and n in others
                        and via is None):
                    nvia = (n, sq)
                moves = [(n, crossed, 1)]
            elif curse and not crossed and via is None and _green(board, state, n):
                far = board.step(n, direction)
                moves = [(far, True, 2)] if far and enterable(far, via) else []  # a hedge is 1 space
                # (the piece enters the square beyond from the hedge square)
            else:
                moves = []
            for m, c, cost in moves:
                key = (m, c, nvia)
                if may_step(sq, d, cost, via) and d + cost < best.get(key, d + cost + 1):
                    best[key] = d + cost
                    last[key] = sq if cost == 1 else n
                    heapq.heappush(heap, (d + cost, board.sort_key(m), m, c, nvia or ()))
    return ends


def reach(state, mover, steps, obstacles="stop", curse=False, overshoot=True, banned=()):
    """``{square: steps}`` of every square ``mover`` may end a move of up to ``steps`` on
    (see :func:`routes`)."""
    return {sq: r.steps for sq, r in
            routes(state, mover, steps, obstacles, curse, overshoot, banned).items()}


def sides(obstacle, came_from):
    """Which squares of the printed maze lie back the way a piece came and which past the
    Obstacle space, measured from ``obstacle`` entered from ``came_from``: a square is
    *back* when its walk from the Obstacle space is no longer through ``came_from`` than
    through the space's other neighbours, *past* when it is no longer the other way (the
    walk never goes through the Obstacle space itself).  A square as far either way (only
    round a loop, r8c14 from r10c13) is both: a walk forward and a walk back of the same
    number of spaces reach it (Winning a Battle, Losing a Battle: "up to the number of
    spaces"; rulings R-PROBE19A.1).  Returns ``(back, past)``."""
    return _sides(obstacle, came_from)


@functools.lru_cache(maxsize=None)
def _sides(obstacle, came_from):
    board = load().board
    back = walk_distances(board, came_from, blocked=[obstacle])
    ahead = {}
    for n in board.neighbours(obstacle):
        if n != came_from:
            for sq, d in walk_distances(board, n, blocked=[obstacle]).items():
                ahead[sq] = min(ahead.get(sq, d), d)
    never = 1 << 30
    return (frozenset(sq for sq, d in back.items() if d <= ahead.get(sq, never)),
            frozenset(sq for sq, d in ahead.items() if d <= back.get(sq, never)))


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
    """The move is made; the square it ends on acts (Moving Through the Maze).  A move that
    ends on an Obstacle space, or beyond one another piece stands on, records where the
    piece entered it from (Winning a Battle, Losing a Battle: "forward", "back")."""
    pid = state.current
    if action.kind == "play":
        state = resources.spend(state, pid, "reductor_curse")
        return offer_move(state, pid, steps, curse=True)
    if action.kind == "stay":
        return log(state, "stayed", player=pid)
    square = action.args[0]
    route = routes(state, pid, steps, curse=curse)[square]
    state = move_piece(state, pid, square, "moved", steps=route.steps, curse=curse)
    board = load().board
    if route.via is not None:
        state = attrs.evolve(state, obstacle_space=route.via, came_from=route.came_from)
        state = log(state, "obstacle_passed_occupied", player=pid, space=route.via, to=square)
        return battle.start(state, pid)
    if board.kinds[square] == "obstacle" and state.cloak != pid and not state.battled:
        state = attrs.evolve(state, obstacle_space=square, came_from=route.last)
    return spaces.arrive(state, pid)


def clear_site(state):
    """The battle is over: forget which way the piece entered the Obstacle space."""
    return attrs.evolve(state, obstacle_space=None, came_from=None)


# --- after a battle (Winning a Battle; Losing a Battle) -----------------------------

def advance_routes(state, pid, rating):
    """Winning a Battle: "move forward up to the number of spaces indicated by the Movement
    Rating"; Obstacle Cards: "defeat an obstacle before you can move past it".  Forward is
    past the Obstacle space, never back through it or the square the piece came from, and
    ending on a square on the far side (:func:`sides`); another Obstacle space may not be
    entered this turn (choice ``one_battle_per_turn``)."""
    obstacle, came_from = state.obstacle_space, state.came_from
    here = state.players[pid].space
    banned = [came_from] + ([obstacle] if obstacle != here else [])
    _, past = sides(obstacle, came_from)
    return {sq: r for sq, r in routes(state, pid, rating, obstacles="block", banned=banned).items()
            if sq in past}


def offer_advance(state, pid, rating):
    """The winner chooses a square past the obstacle (or stays)."""
    dests = advance_routes(state, pid, rating)
    options = [f"move:{sq}" for sq in sorted_squares(dests)] + ["stay"]
    return decide(state, pid, "advance", options, "movement.advanced",
                  prompt=f"move forward up to {rating}", rating=rating)


def advanced(state, action, rating):
    """The winner moves forward (or stays); the square it ends on acts."""
    pid = state.current
    if action.kind == "stay":
        return log(clear_site(state), "stayed", player=pid)
    square = action.args[0]
    dist = advance_routes(state, pid, rating)[square].steps
    state = move_piece(clear_site(state), pid, square, "advanced", steps=dist)
    return spaces.arrive(state, pid)


def push_back_squares(state, pid, rating):
    """Losing a Battle: ``{square: steps}`` the player on the right may move the loser back
    to: "back" is the way the piece came, through the square it entered the Obstacle space
    from, to a square on that side (:func:`sides`); up to ``rating`` spaces, at least one;
    through pieces but never onto one, nor onto a Cup space; never over another Obstacle
    space; hedges block (choice ``push_back``)."""
    board = load().board
    obstacle, came_from = state.obstacle_space, state.came_from
    here = state.players[pid].space
    others = occupied(state, besides=pid)
    # The way back to the Obstacle space: none if the piece stands on it, else the squares
    # it went on through (pieces) beyond it.
    to_obstacle = walk_distances(board, here, blocked=[came_from, state.hedge]).get(obstacle)
    if to_obstacle is None:
        return {}
    back, _ = sides(obstacle, came_from)
    out = {}
    if came_from == state.hedge:
        return out
    # Obstacle Cards: a piece must "defeat an obstacle before you can move past it", so
    # being moved back never carries a piece over another Obstacle space.
    blocked = [obstacle, state.hedge] + [sq for sq in board.kinds if board.kinds[sq] == "obstacle"]
    for sq, d in walk_distances(board, came_from, blocked=blocked).items():
        steps = to_obstacle + 1 + d
        if (steps <= rating and sq in back and sq not in others and board.walkable(sq)
                and board.kinds[sq] not in ("cup", "obstacle")):
            out[sq] = steps
    return out


def offer_push_back(state, pid, rating):
    """The player on the loser's right moves the loser back up to ``rating`` spaces."""
    pusher = right_of(state, pid)
    squares = push_back_squares(state, pid, rating)
    if not squares:
        state = clear_site(state)
        return log(state, "not_pushed_back", player=pid, by=pusher, reason="no free space")
    return decide(state, pusher, "push_back", [f"push:{sq}" for sq in sorted_squares(squares)],
                  "movement.pushed", prompt=f"move {pid} back up to {rating}", loser=pid,
                  rating=rating)


def pushed(state, action, loser, rating):
    """The loser is moved back to the square the player on the right chose."""
    return move_piece(clear_site(state), loser, action.args[0], "pushed_back",
                      by=right_of(state, loser), rating=rating)


STEPS = {"movement.chosen": chosen, "movement.advanced": advanced, "movement.pushed": pushed}
