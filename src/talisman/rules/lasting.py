"""Effects that last beyond the moment a card is met: the Blizzard's deep snow and the
Destroy Magic Spell's ban (both cards of the base Adventure and Spell decks).

A lasting effect lives in ``state.lasting`` under its name, as plain data: who started it
(``by``) and the round in which it ends (``until_round``).  It ends at the start of a turn of
``by`` once that round has come -- "until your next turn" is one round, the Blizzard's "two
rounds" two -- or at any turn start after that round if ``by`` is dead.  A second card of the
same name started while one is in force restarts the count.

What each effect changes is read where the rule applies (:func:`active`): the Blizzard in
``movement.roll_for_movement``, Destroy Magic in ``spells.can_cast`` and in the characters'
totals and abilities (``characters.bonus_of``, ``characters.has_ability``).
"""
from __future__ import annotations

from pyrsistent import pmap

from ..engine.machine import log
from ..engine.records import EMPTY_PMAP, replace

#: The lasting effects the engine knows, with the rule each one applies.
KNOWN = {
    "blizzard": "every character, in any Region, moves only one space a turn",
    "destroy_magic": "no one casts Spells or uses Magic Objects",
}


def active(state, name):
    """Whether the lasting effect ``name`` is in force."""
    return name in state.lasting


def start(state, name, by, rounds):
    """Put ``name`` in force from now until the start of ``by``'s turn ``rounds`` rounds on."""
    until = state.round + rounds
    state = replace(state, lasting=state.lasting.set(name, pmap({"by": by, "until_round": until})))
    return log(state, "lasting_started", effect=name, character=by, until_round=until)


def expire(state):
    """At the start of a turn: end every lasting effect whose time is up."""
    for name in sorted(state.lasting):
        e = state.lasting[name]
        by_alive = e["by"] in state.characters and state.characters[e["by"]].alive
        due = state.round > e["until_round"] or (
            state.round == e["until_round"] and (state.current == e["by"] or not by_alive))
        if due:
            left = state.lasting.discard(name)
            # (none left: the shared empty pmap, which the hot readers tell by identity)
            state = replace(state, lasting=left if left else EMPTY_PMAP)
            state = log(state, "lasting_ended", effect=name)
    return state
