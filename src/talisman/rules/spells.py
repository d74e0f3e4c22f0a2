"""SPELLS: CASTING SPELLS as each card says, GAINING SPELLS (characters.draw_spells).

A spell's ``cast`` data says when it may be cast (``combat``, ``psychic_combat``,
``own_turn``, ``any_time``...), at what (``self``, ``character``, ``creature``, ``space``) and
its effects.  A spell aimed at a character runs its effects with that character as the actor.
"Spells, which can affect creatures, can only affect those in the Outer and Middle Regions."
"""
from __future__ import annotations

from ..definitions import load
from ..engine.machine import decide, log
from ..state import update_character
from . import characters as chars
from . import effects


def castable_on_turn(state, cid):
    """Spells the character may cast at the start of its own turn."""
    ch = state.characters[cid]
    if ch.toad_turns or ch.space in chars.OBJECTS_DO_NOT_COUNT or chars.has_ability(state, cid, "no_spells"):
        return []
    out = []
    for sp in dict.fromkeys(ch.spells):
        cast = load().cards[sp].cast
        if cast and cast["effect"] and ({"own_turn", "any_time", "movement"} & set(cast["when"])) \
                and cast.get("target", "self") != "creature":
            out.append(sp)
    return out


def cast(state, cid, spell, context):
    """Cast ``spell``: it leaves the hand for the discard pile, then its effects run.  In
    combat the effects run at once (they only change the combat in progress)."""
    ch = state.characters[cid]
    state = update_character(state, cid, spells=ch.spells.delete(ch.spells.index(spell)))
    state = chars.discard(state, spell)
    state = log(state, "spell_cast", character=cid, card=spell, context=context)
    state = keep_one_spell(state, cid)
    c = load().cards[spell].cast
    if context == "combat":
        for step in c["effect"]:
            (name, params), = step.items()
            fn = effects.EFFECTS.get(name)
            if fn is None:
                from ..expansions import effect
                fn = effect(state, name)
            if fn is not None:
                state = fn(state, params, cid, {"card": spell, "caster": cid})
        return state
    target = c.get("target", "self")
    if target == "character":
        others = [o for o in state.order if o != cid and state.characters[o].alive]
        if not others:
            return state
        return decide(state, cid, "target", [f"target:{o}" for o in others], "spells.targeted",
                      prompt=f"cast {spell} at", spell=spell)
    return effects.run(state, c["effect"], cid, {"card": spell, "caster": cid})


def targeted(state, action, spell):
    caster = state.current
    return effects.run(state, load().cards[spell].cast["effect"], action.args[0],
                       {"card": spell, "caster": caster})


def keep_one_spell(state, cid):
    """The Wizard and the Prophetess always keep at least one Spell: draw one on casting the last."""
    if not state.characters[cid].spells and chars.has_ability(state, cid, "keeps_one_spell"):
        state = chars.draw_spells(state, cid, 1, "keeps one spell")
    return state


STEPS = {"spells.targeted": targeted}
