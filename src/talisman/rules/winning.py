"""WINNING THE GAME (000), KING OF THE HILL and CHAOS BLOODBATH (000 OPTIONAL RULES).

The last character alive wins; after anyone has reached the Crown of Command a killed character
loses ("any character who is killed automatically loses the game").  ``state.outcome`` says why
the game ended and who won."""
from __future__ import annotations

from typing import Any

from ..engine.machine import log
from ..engine.records import Outcome, replace
from ..definitions import character_pool, load

__all__ = ["may_restart", "unused_characters", "check_last_survivor", "reached_crown", "win",
           "won_in_time"]


def may_restart(state):
    """LOSING ALL LIVES with the ``new_character`` option: a player whose character died may
    begin again with a new one (a character not yet in play), until someone has reached the
    Crown of Command ("any character who is killed automatically loses the game")."""
    # CHAOS BLOODBATH: "No player may start a new Character."
    return (state.option("new_character") and not state.option("chaos_bloodbath")
            and not state.crown_reached and bool(unused_characters(state)))


def unused_characters(state):
    """Characters of the pool (the option ``character_pool``) not yet in the game."""
    pool = character_pool(load(), state.option("character_pool"), state.config.expansions)
    return [c for c in pool if c not in state.characters]


def check_last_survivor(state):
    """In a game of two or more, the last character alive wins (KING OF THE HILL); with the
    CHAOS BLOODBATH option only one who has reached the Crown may win this way."""
    if may_restart(state):
        return state
    alive = [c for c in state.order if state.characters[c].alive]
    if len(state.order) > 1 and len(alive) == 1:
        if state.option("chaos_bloodbath") and not reached_crown(state, alive[0]):
            return state  # CHAOS BLOODBATH: "No one may win the game until he/she has reached the Crown"
        state = log(state, "game_won", character=alive[0], reason="last_survivor")
        return replace(state, outcome=Outcome("last_survivor", (alive[0],)))
    if not alive:
        state = log(state, "game_lost", reason="all_dead")
        return replace(state, outcome=Outcome("all_dead", ()))
    return state


def reached_crown(state, cid):
    """Whether ``cid`` has reached the Crown of Command (the log's ``crown_reached``)."""
    return state.crown_reached and any(e.name == "crown_reached" and e.data.get("character") == cid
                                       for e in state.log)


def win(state, cid, reason):
    state = log(state, "game_won", character=cid, reason=reason)
    return replace(state, outcome=Outcome(reason, (cid,)))


def won_in_time(state, who, reason):
    return state if state.outcome is not None else win(state, who, reason)

STEPS: dict[str, Any] = {}
