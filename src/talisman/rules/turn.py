"""CHARACTER'S TURN and LOSING A TURN: turn order, the two parts of a turn, the end of a turn.

"Each Character's turn consists of two parts in this order: I. Movement II. Encounters.
When a player's turn ends, play passes to the player on the left."  The seating is the
order of ``config.characters``; a Round is one full circle of turns.
"""
from __future__ import annotations

import attrs

from ..engine.machine import frame, log, push, then
from ..engine.records import Outcome
from ..expansions import run_hook
from ..state import update_character


def start_turn(state):
    """Begin the current character's turn: movement, then encounters, then the end."""
    cid = state.current
    ch = state.characters[cid]
    state = log(state, "turn_started", character=cid, round=state.round, turn=state.turn)
    state = run_hook(state, "turn_started", character=cid)
    if ch.lost_turn:
        # LOSING A TURN: "On that player's next turn, all they may do is right their playing piece."
        state = update_character(state, cid, lost_turn=False)
        state = log(state, "piece_righted", character=cid)
        return push(state, frame("turn.end"))
    return push(state, *then(frame("movement.start"), frame("encounters.start"), frame("turn.end")))


def end_turn(state):
    """Pass play to the left: the next living character in the seating; count rounds."""
    state = log(state, "turn_ended", character=state.current)
    state = run_hook(state, "turn_ended", character=state.current)
    alive = [c for c in state.order if state.characters[c].alive]
    if not alive:
        return attrs.evolve(state, outcome=Outcome("all_dead", ()))
    i = state.order.index(state.current)
    n = len(state.order)
    nxt, wrapped = state.current, False
    for k in range(1, n + 1):
        cand = state.order[(i + k) % n]
        wrapped = wrapped or (i + k) >= n
        if state.characters[cand].alive:
            nxt = cand
            break
    rnd = state.round + (1 if wrapped else 0)
    limit = state.option("max_rounds")
    if limit and rnd > limit:
        state = log(state, "round_limit", rounds=limit)
        return attrs.evolve(state, outcome=Outcome("round_limit", ()))
    state = attrs.evolve(state, current=nxt, round=rnd, turn=state.turn + 1)
    return push(state, frame("turn.start"))


def end_turn_now(state):
    """The turn ends at once: drop the rest of this turn's steps down to its end."""
    stack = state.stack
    while stack and stack[-1].step != "turn.end":
        stack = stack.delete(len(stack) - 1)
    return attrs.evolve(state, stack=stack)


def lose_turn(state, cid):
    """LOSING A TURN: the piece lies down; the character's next turn only stands it up."""
    state = update_character(state, cid, lost_turn=True)
    state = log(state, "turn_lost", character=cid)
    return end_turn_now(state) if cid == state.current else state


def cut(state):
    """Rule step: end the current turn now."""
    return end_turn_now(state)


STEPS = {"turn.start": start_turn, "turn.end": end_turn, "turn.cut": cut}
