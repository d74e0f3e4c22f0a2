"""The Horrible Black Void (000 Alternative Endings; also The Blood Moon's hidden-only card)."""
from __future__ import annotations

from ...engine.machine import log
from ...state import update_character

__all__ = ["black_void"]


def black_void(state, cid):
    """The Horrible Black Void: without the Timescape "the Character is ... annihilated along
    with all Followers, and Possessions. That Character is out of the game! Discard the Void
    and do not reuse for another player."
    """
    from .. import characters as chars
    ch = state.characters[cid]
    for c in list(ch.objects) + list(ch.followers) + list(ch.trophies) + list(ch.spells):
        state = chars.discard(state, c)
    state = update_character(state, cid, objects=[], followers=[], trophies=[], spells=[], gold=0)
    from .cards import discard_ending
    by = state.ending["card"]
    state = discard_ending(state)
    state = log(state, "annihilated", character=cid, by=by)
    return chars.kill(state, cid, "the Horrible Black Void")

STEPS = {}
