"""Spells another character casts into a combat against creatures (the Feral Hunger: "when a
character is about to fight a creature, the creature's attack roll is a 6"; talisman-facts.md 6).

A Spell whose card has ``data: {cast_into_combats: true}`` is offered, through the
``creature_combat_starting`` hook, to each other living character who holds it and may cast
Spells, in turn order after the fighter, before the fighter declares: ``cast:<spell>`` or
``pass``.  Cast, it is a Spell cast in combat by its holder (``spells.cast``, context
``combat``: a Counterspell may answer it; its effects run for the caster, so "until your next
turn" is the caster's); once one is cast no one else is asked.  The fighter himself casts it as
any combat Spell (``cast.when``).

None is offered against the creatures of the Inner Region or an Alternative Ending card on the
Crown of Command: "None of the creatures in the Inner Region (nor any of the Alternative Ending
Cards) can be affected by any Spell" (003 Encountering Alternative Endings; R-probec-2).
"""
from __future__ import annotations

from ...definitions import load
from ...engine.machine import decide, frame, push
from ...rules import spells
from . import store

FLAG = "cast_into_combats"


#: The regions whose creatures (and Alternative Ending cards) no Spell affects.
SPELL_PROOF_REGIONS = ("inner", "crown")


def creature_combat_starting(state, character):
    region = load().board.spaces[state.characters[character].space].region
    if not store.enabled(state) or region in SPELL_PROOF_REGIONS or not _holders(state, character, ()):
        return state
    return push(state, frame("blood_moon.onlooker_offer", fighter=character, asked=[]))


def _holders(state, fighter, asked):
    """``(holder, spell)`` for each other character who may cast such a Spell now, in turn
    order after the fighter (not yet asked)."""
    order = list(state.order)
    i = order.index(fighter)
    out = []
    for o in order[i + 1:] + order[:i]:
        ch = state.characters[o]
        if o in asked or not ch.alive or not ch.spells:
            continue
        own = [sp for sp in dict.fromkeys(ch.spells) if (load().cards[sp].data or {}).get(FLAG)]
        if own and spells.can_cast(state, o):
            out.append((o, own[0]))
    return out


def onlooker_offer(state, fighter, asked):
    b = state.battle
    if b is None or b.result or b.who != fighter:
        return state
    held = _holders(state, fighter, asked)
    if not held:
        return state
    holder, spell = held[0]
    return decide(state, holder, "cast", ["pass", f"cast:{spell}"], "blood_moon.onlooker_chosen",
                  prompt=f"cast into {fighter}'s combat", fighter=fighter, asked=list(asked) + [holder])


def onlooker_chosen(state, action, fighter, asked):
    if action.kind == "pass":
        return onlooker_offer(state, fighter, asked)
    return spells.cast(state, asked[-1], action.args[0], context="combat")


STEPS = {"blood_moon.onlooker_offer": onlooker_offer, "blood_moon.onlooker_chosen": onlooker_chosen}
