"""The Horrible Black Void (000 Alternative Endings; also The Blood Moon's hidden-only card)."""
from __future__ import annotations

from typing import Any

from ...engine.machine import log
from ...state import update_character
from . import cards
from .. import characters

__all__ = ["black_void", "annihilate"]


def black_void(state, cid):
    """The Horrible Black Void: without the Timescape "the Character is ... annihilated along
    with all Followers, and Possessions. That Character is out of the game! Discard the Void
    and do not reuse for another player."
    """
    ch = state.characters[cid]
    for c in list(ch.objects) + list(ch.followers) + list(ch.trophies) + list(ch.spells):
        state = characters.discard(state, c)
    state = update_character(state, cid, objects=[], followers=[], trophies=[], spells=[], gold=0)
    by = state.ending["card"]
    state = cards.discard_ending(state)
    state = log(state, "annihilated", character=cid, by=by)
    return characters.kill(state, cid, "the Horrible Black Void")


def annihilate(state, params, actor, source):
    """The Horrible Black Void on the actor (an Alternative Ending card's effect)."""
    return black_void(state, actor)

STEPS: dict[str, Any] = {}
