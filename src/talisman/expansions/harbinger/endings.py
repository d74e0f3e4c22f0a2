"""001 Alternative Ending Cards (The Harbinger's two): what the Harbinger's own rules do for
their star instructions.

The cards themselves (set-up by variant, encountering the ending on the Crown of Command, the
win check) belong to the shared frame in :mod:`talisman.rules.endings.cards`; the Harbinger
ships its two cards as data (``data/talisman/expansions/harbinger/cards/endings.yaml``).  Star
instructions (``data.star``) affect every character, wherever it is, while the card is face
up; the two that need the Harbinger's rules are read here: ``crown_wins_when_omens_exhausted``
(a character on the Crown wins when the Omen stack runs out) and ``harbinger_to_the_dead`` (the
Harbinger moves to the space of a killed character).
"""
from __future__ import annotations

from ...definitions import load
from ...rules.endings.cards import star
from . import store as st
from . import figure


def crown_winners_when_omens_exhausted(state):
    if not star(state).get("crown_wins_when_omens_exhausted"):
        return []
    crown = load().board.role("crown")
    return [c for c in st.alive_in_order(state, state.order[0]) if state.characters[c].space == crown]


def character_died(state, character):
    """State hook: star instructions that react to a death."""
    if star(state).get("harbinger_to_the_dead"):
        space = state.characters[character].space
        if st.board_space(space):
            state = figure.move_to(state, space, f"{character} was killed")
    return state
