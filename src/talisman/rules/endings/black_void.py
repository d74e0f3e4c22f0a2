"""The Horrible Black Void (000 Alternative Endings; also The Blood Moon's hidden-only card)."""
from __future__ import annotations

from ...engine.machine import log
from ...engine.records import replace
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
    state = replace(state, ending=state.ending.set("card", None))
    state = log(state, "annihilated", character=cid, by="black_void")
    return chars.kill(state, cid, "the Horrible Black Void")

STEPS = {}
