"""The moment a Spell is cast (the ``spell_cast`` hook): Dispellation, and the Stars Align
Omens' rules for casting.

* The top Omen's ``continuous.on_cast``: effects for the caster once the Spell is cast (Arcane
  Feedback: pay 1 life or 1 fate; Power Overwhelming: draw a Spell to replace it).  They run
  before the Spell takes effect (a caster killed by the price casts nothing).
* Dispellation (``data.dispels: magic_object``): each other character able to cast Spells and
  holding one, in turn order, may cast it at the Spell just cast (``cast:dispellation`` /
  ``pass``); the caster then keeps the Spell by discarding a Magic Object
  (``discard:<object>``) or lets it go (``let_go``): the Spell is cancelled (the answer
  ``cancelled`` given to the waiting cast, ``kernel.answer``).  A Dispellation is not itself answered.
"""
from __future__ import annotations

from ...definitions import load
from ...engine.machine import decide, frame, log, push
from ...rules import characters as chars
from . import omens
from ...rules import effects as base, kernel, spells


def spell_cast(state, caster, spell, context):
    """State hook: the top Omen's price or refill, then the Dispellation offers."""
    frames = []
    after = omens.continuous(state).get("on_cast")
    if after:
        frames.append(frame("harbinger.on_cast", caster=caster, effects=after, omen=omens.top(state)))
    if dispellers(state, caster):
        frames.append(frame("harbinger.dispel_offer", caster=caster, spell=spell, asked=[]))
    return push(state, *reversed(frames)) if frames else state


def on_cast(state, caster, effects, omen):
    """Rule step: the top Omen's effects for the caster of a Spell."""
    if not state.characters[caster].alive or state.outcome is not None:
        return state
    state = log(state, "omen_on_cast", character=caster, card=omen)
    return base.run(state, effects, caster, {"card": omen})


def dispellers(state, caster):
    """``(character, spell)`` for each other living character who may cast a Spell that
    dispels (``data.dispels``), in turn order after the caster."""
    order = list(state.order)
    i = order.index(caster) if caster in order else 0
    out = []
    for o in order[i + 1:] + order[:i]:
        ch = state.characters[o]
        if o == caster or not ch.alive or not spells.can_cast(state, o):
            continue
        own = [sp for sp in dict.fromkeys(ch.spells) if (load().cards[sp].data or {}).get("dispels")]
        if own:
            out.append((o, own[0]))
    return out


def dispel_offer(state, caster, spell, asked):
    """Rule step: the next character holding a Dispellation may cast it at ``spell``."""
    if not state.characters[caster].alive or state.outcome is not None:
        return state
    for holder, sp in dispellers(state, caster):
        if holder not in asked:
            return decide(state, holder, "dispel", ["pass", f"cast:{sp}"], "harbinger.dispel_chosen",
                          prompt=f"dispel {caster}'s {spell}", caster=caster, spell=spell,
                          asked=list(asked) + [holder])
    return state


def dispel_chosen(state, action, caster, spell, asked):
    holder = asked[-1]
    if action.kind == "pass":
        return dispel_offer(state, caster, spell, asked)
    dispel = action.args[0]
    state = spells.spend_spell(state, holder, dispel, "dispel")
    state = log(state, "spell_dispelled", character=holder, caster=caster, card=spell, by=dispel)
    kind = load().cards[dispel].data["dispels"]
    keep = [c for c in dict.fromkeys(state.characters[caster].objects) if load().cards[c].type == kind]
    if not keep:
        return cancel(state, caster, spell)
    return decide(state, caster, "dispelled", [f"discard:{c}" for c in keep] + ["let_go"],
                  "harbinger.dispel_answered", prompt=f"keep {spell} by discarding a Magic Object",
                  caster=caster, spell=spell)


def dispel_answered(state, action, caster, spell):
    if action.kind == "let_go":
        return cancel(state, caster, spell)
    card = action.args[0]
    state = chars.remove_objects(state, caster, [card])
    state = chars.discard(state, card)
    return log(state, "dispellation_resisted", character=caster, card=spell, discarded=card)


def cancel(state, caster, spell):
    """The cast waiting for the answers to it (``spells.answered``: a Spell cast in another
    character's turn too, :func:`spells.cast_answered`) is cancelled."""
    state = kernel.answer(state, "spells.answered", {"caster": caster}, cancelled=True)
    return log(state, "spell_cancelled", character=caster, card=spell)


STEPS = {"harbinger.on_cast": on_cast, "harbinger.dispel_offer": dispel_offer,
         "harbinger.dispel_chosen": dispel_chosen, "harbinger.dispel_answered": dispel_answered}
