"""WINNING THE GAME: "reach the Crown of Command ... OR defeat all other players".

Only the last-survivor ending is implemented so far; the Crown of Command and the
alternative endings are not yet (docs/rules-coverage.md).
"""
from __future__ import annotations


from ..engine.records import replace
from ..engine.machine import log
from ..engine.records import Outcome


def may_restart(state):
    """LOSING ALL LIVES with the ``new_character`` option: a player whose character died may
    begin again with a new one (a character not yet in play), until someone has reached the
    Crown of Command ("any character who is killed automatically loses the game")."""
    return state.option("new_character") and not state.crown_reached and bool(unused_characters(state))


def unused_characters(state):
    from ..definitions import load
    return sorted(set(load().characters) - set(state.characters))


def check_last_survivor(state):
    """In a game of two or more, the last character alive wins."""
    if may_restart(state):
        return state
    alive = [c for c in state.order if state.characters[c].alive]
    if len(state.order) > 1 and len(alive) == 1:
        state = log(state, "game_won", character=alive[0], reason="last_survivor")
        return replace(state, outcome=Outcome("last_survivor", (alive[0],)))
    if not alive:
        state = log(state, "game_lost", reason="all_dead")
        return replace(state, outcome=Outcome("all_dead", ()))
    return state


STEPS = {}
