"""Why a game ended: the closed list of :attr:`~talisman.engine.records.Outcome.reason` values.

A ``str``-valued enum, so a reason compares equal to, hashes like, prints and serializes as
its plain string (``Reason.LAST_SURVIVOR == "last_survivor"``); logs, JSON and records read
the same as before.  Rules pass the plain string; the ``Outcome`` converter turns it into a
member, and an unknown string is a :class:`~talisman.errors.RulesError` (a rule ending the
game for a reason nobody listed here).

The list is the vocabulary of the games on this engine (Talisman with its expansions, the
Triwizard Maze), as the notation's words are: the engine only names them, no rule lives here.
"""
from __future__ import annotations

import enum

from ..errors import RulesError


class Reason(str, enum.Enum):
    """Why a game ended."""

    # Talisman, the base game (ENDING THE GAME, KING OF THE HILL, the round limit option)
    LAST_SURVIVOR = "last_survivor"
    ALL_DEAD = "all_dead"
    ROUND_LIMIT = "round_limit"
    # Talisman, the Alternative Endings
    ALTERNATIVE_ENDING = "alternative_ending"
    PANDORAS_BOX = "pandoras_box"
    DEMON_LORD = "demon_lord"
    DRAGON_KING = "dragon_king"
    LORD_OF_CHAOS = "lord_of_chaos"
    LIGHTBEARERS = "lightbearers"
    LIGHTBEARERS_FAILED = "lightbearers_failed"
    BLOOD_MOON_WEREWOLF = "blood_moon_werewolf"
    # Talisman, The Harbinger
    OMENS_EXHAUSTED = "omens_exhausted"
    # The Triwizard Maze
    TRIWIZARD_CUP = "triwizard_cup"
    TURN_LIMIT = "turn_limit"

    # The plain string in every text form: str(), f-strings, csv, logs.
    __str__ = str.__str__
    __format__ = str.__format__  # type: ignore[assignment]  # (str's, as __str__)
    # Hash as the string does, so a member and its string are one dict key.
    __hash__ = str.__hash__


def as_reason(value: str) -> Reason:
    """The member for a reason string (a member passes through)."""
    if type(value) is Reason:
        return value
    try:
        return Reason(value)
    except ValueError:
        raise RulesError(f"unknown game-ending reason {value!r}; known: "
                         f"{', '.join(r.value for r in Reason)}") from None
