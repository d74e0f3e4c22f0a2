"""Invariants every reachable Talisman state keeps.  ``check(state)`` names each one broken.

>>> import talisman
>>> check(talisman.new_game(["warrior"]))
[]
"""
from __future__ import annotations

from ..definitions import load


def check(state) -> list[str]:
    """Every violated invariant, by name (an empty list: all hold)."""
    broken = []
    board = load().board
    for cid, ch in state.characters.items():
        if min(ch.strength, ch.craft, ch.lives, ch.fate, ch.gold) < 0:
            broken.append(f"counters_never_negative:{cid}")
        if ch.alive and (ch.strength < 1 or ch.craft < 1):
            broken.append(f"strength_and_craft_at_least_one:{cid}")
        if ch.space not in board.spaces:
            broken.append(f"on_a_real_space:{cid}")
        if ch.alive and ch.lives < 1:
            broken.append(f"alive_means_lives:{cid}")
    if state.outcome is None:
        if state.pending is None:
            broken.append("one_pending_decision")
        elif not state.pending.is_chance and state.pending.player not in state.characters:
            broken.append("pending_player_in_game")
        if not state.characters[state.current].alive:
            broken.append("current_character_alive")
    elif state.pending is not None:
        broken.append("no_decision_after_the_end")
    if state.current not in state.order:
        broken.append("current_in_seating")
    return broken
