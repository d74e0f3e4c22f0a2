"""Counters and lives: LOSING STRENGTH, LOSING CRAFT, LOSING LIVES, LOSING ALL LIVES, HEALING.

Only what movement and the Sentinel need so far; the rest of the area (totals with
possessions, trophies, spells by Craft, followers, alignment) is not implemented yet
(docs/rules-coverage.md).
"""
from __future__ import annotations

from ..definitions import load
from ..engine.machine import log
from ..state import update_character
from . import endings, turn


def lose_lives(state, cid, n, cause):
    """LOSING LIVES, then LOSING ALL LIVES: at 0 the character is dead."""
    ch = state.characters[cid]
    lives = max(0, ch.lives - n)
    state = update_character(state, cid, lives=lives)
    state = log(state, "life_lost", character=cid, amount=ch.lives - lives, lives=lives, cause=cause)
    if lives == 0:
        state = kill(state, cid, cause)
    return state


def heal(state, cid, n, cause):
    """HEALING: never restores a character to more than 4 lives."""
    ch = state.characters[cid]
    lives = max(ch.lives, min(4, ch.lives + n))
    state = update_character(state, cid, lives=lives)
    return log(state, "healed", character=cid, amount=lives - ch.lives, lives=lives, cause=cause)


def lose_counter(state, cid, which, n, cause):
    """LOSING STRENGTH / LOSING CRAFT: at 0 the character loses a life and is restored
    to the starting quota."""
    ch = state.characters[cid]
    value = max(0, getattr(ch, which) - n)
    state = update_character(state, cid, **{which: value})
    state = log(state, f"{which}_lost", character=cid, amount=getattr(ch, which) - value,
                value=value, cause=cause)
    if value == 0:
        quota = getattr(load().characters[cid], which)
        state = update_character(state, cid, **{which: quota})
        state = log(state, f"{which}_restored", character=cid, value=quota)
        state = lose_lives(state, cid, 1, f"{which} dropped to 0")
    return state


def kill(state, cid, cause):
    """LOSING ALL LIVES: the piece leaves the board.  (Dropping possessions on the space is
    part of the possessions area, not implemented yet.)"""
    state = update_character(state, cid, alive=False, lost_turn=False)
    state = log(state, "character_died", character=cid, space=state.characters[cid].space,
                cause=cause)
    state = endings.check_last_survivor(state)
    if cid == state.current and state.outcome is None:
        state = turn.end_turn_now(state)
    return state


STEPS = {}
