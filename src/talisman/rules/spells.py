"""SPELLS: CASTING SPELLS as each card says, GAINING SPELLS (characters.draw_spells).

A spell's ``cast`` data says when it may be cast (``combat``, ``psychic_combat``,
``own_turn``, ``any_time``...), at what (``self``, ``character``, ``creature``, ``space``) and
its effects.  A spell aimed at a character runs its effects with that character as the actor.
"Spells, which can affect creatures, can only affect those in the Outer and Middle Regions."
"""
from __future__ import annotations

from .kernel import run_effects
from .kernel import affectable, end_turn_now, may_affect, set_turn_flag
from .hooks import effect, run_hook
from ..definitions import load
from ..engine.records import EMPTY_PMAP
from ..engine.machine import decide, log
from ..state import character, update_character
from . import characters as chars
from . import lasting
from ..engine.machine import frame, push


def readable_on_turn(state, cid):
    """READING SCROLLS: "A Scroll may only be read as stated on the Scroll Card": the Scrolls
    the character may read at the start of its own turn (as the Spells it may cast then)."""
    ch = character(state, cid)
    if not ch.scrolls or not can_read(state, cid):
        return []
    return _usable(state, cid, ch.scrolls, {"own_turn", "any_time", "movement"})


def _usable(state, cid, cards, whens):
    """The cards (Spells or Scrolls) of ``cid`` whose ``cast`` block allows them at one of
    ``whens`` and not on a creature, outside the regions their ``data.not_in`` names (the
    Teleport Spell: "useless in the Inner Region"), and that may take effect (:func:`_choosable`,
    :func:`with_targets`)."""
    region = load().board.spaces[character(state, cid).space].region
    out = []
    for sc in dict.fromkeys(cards):
        c = load().cards[sc]
        cast = c.cast
        if cast and cast["effect"] and (whens & set(cast["when"])) and cast.get("target", "self") != "creature" \
                and region not in (c.data or {}).get("not_in", ()) and _choosable(state, cid, cast["effect"]) \
                and with_targets(state, cid, sc):
            out.append(sc)
    return out


def _choosable(state, cid, effect):
    """A card whose whole effect is a choice may be cast only while one of its options can be
    taken: an option's ``require`` is its price (Sacred Offering's Follower or Magic Object to
    give up), and with none to pay the card is no Spell to cast (docs/rulings.md R-FA12.2)."""
    if len(effect) != 1 or "choose" not in effect[0]:
        return True
    return any(chars.test_holds(state, o.get("require", {}), cid) for o in effect[0]["choose"])


#: The effects that evade (EVADING): none of them may be used on a creature of the Inner Region.
EVADING_EFFECTS = frozenset({"evade", "immobilize"})


def evades(cast):
    """Whether a ``cast`` block evades (Invisibility, the Scroll of Escape, Immobility):
    ENCOUNTERS IN THE INNER REGION: "None of the Encountered Creatures in the Inner Region can be
    affected by any Spell, nor may they be Evaded"; EVADING: "Only other Characters may be Evaded
    in the Inner Region"."""
    return any(EVADING_EFFECTS & set(e) for e in cast["effect"])


def read(state, cid, scroll, context):
    """Read ``scroll``: it leaves the hand for the Scroll discard pile ("Once read ... the card
    is placed on the Scroll discard pile"), then its effects run as a Spell's do (a
    Counterspell answers Spells only)."""
    ch = character(state, cid)
    state = update_character(state, cid, scrolls=ch.scrolls.delete(ch.scrolls.index(scroll)))
    state = chars.discard(state, scroll)
    state = log(state, "scroll_read", character=cid, card=scroll, context=context)
    state = chars.keep_one_scroll(state, cid)  # the Scientist: another for the last discarded
    state = chars.scroll_discarded(state, cid, scroll)  # the Gypsy may claim it (after its work)
    if state.config.expansions:
        # the expansions' moment to answer the reading (the Timescape's D8), as for a cast Spell
        state = push(state, frame("spells.scroll_answered", reader=cid, scroll=scroll, context=context))
        return run_hook(state, "scroll_read", reader=cid, scroll=scroll, context=context)
    return resolve(state, cid, scroll, context)


def scroll_answered(state, reader, scroll, context, cancelled=False):
    """After the ``scroll_read`` hook: a Scroll a hook cancelled (``kernel.answer`` with
    ``cancelled`` to this waiting step) does nothing; otherwise it takes effect (no Counterspell
    answers it)."""
    ch = character(state, reader)
    if cancelled:
        return state
    if not ch.alive:
        return state
    return resolve(state, reader, scroll, context)


def read_to_save(state, cid, scroll, cause):
    """Read a life-saving Scroll: one life is not lost."""
    ch = character(state, cid)
    state = update_character(state, cid, scrolls=ch.scrolls.delete(ch.scrolls.index(scroll)))
    state = chars.discard(state, scroll)
    state = log(state, "scroll_read", character=cid, card=scroll, context="life_lost")
    state = chars.keep_one_scroll(state, cid)
    state = chars.scroll_discarded(state, cid, scroll)
    return log(state, "life_preserved", character=cid, card=scroll, cause=cause)


def castable_on_turn(state, cid):
    """Spells the character may cast at the start of its own turn."""
    if not can_cast(state, cid):
        return []
    ch = character(state, cid)
    return _usable(state, cid, ch.spells, {"own_turn", "any_time", "movement"})


def castable_at(state, cid, when):
    """The Spells a character may cast at the moment ``when`` of its own turn (``encounter``:
    just after moving, before the encounter; ``end_of_turn``)."""
    ch = character(state, cid)
    if not ch.spells or not can_cast(state, cid):
        return []
    return _usable(state, cid, ch.spells, {when})


def can_cast(state, cid):
    """No Toad casts, nor anyone on the Cursed Glade, nor the holder of a ``no_spells`` card,
    nor anyone while Destroy Magic lasts (rules.lasting)."""
    ch = character(state, cid)
    return not (ch.toad_turns or (state.lasting is not EMPTY_PMAP and "destroy_magic" in state.lasting)
                or chars.objects_do_not_count(ch.space)
                or chars.has_ability(state, cid, "no_spells"))


def can_read(state, cid):
    """Who may read a Scroll: as :func:`can_cast`, but neither Destroy Magic ("stop everyone
    casting Spells or using Magic Objects") nor the Cursed Glade ("no Magic Objects or Spells
    usable here") stops Scrolls, which are neither (docs/rulings.md R-probed-A.5, R-RH14.1)."""
    ch = character(state, cid)
    return not (ch.toad_turns or chars.has_ability(state, cid, "no_spells"))


def life_savers(state, cid):
    """Spells cast (and Scrolls read) "whenever needed" to save a life (``data: {saves_life:
    true}``: Preservation) that the character may use now, outside combat: their notations.
    None for a character lying down after losing a turn: outside combat he is not attacked
    (:func:`characters.lying_down`)."""
    if state.battle is not None or chars.lying_down(state, cid):
        return []
    ch = character(state, cid)
    spells = ch.spells if can_cast(state, cid) else ()
    scrolls = ch.scrolls if can_read(state, cid) else ()
    return [f"cast:{sp}" for sp in dict.fromkeys(spells) if (load().cards[sp].data or {}).get("saves_life")] + \
        [f"read:{sc}" for sc in dict.fromkeys(scrolls) if (load().cards[sc].data or {}).get("saves_life")]


def cast_to_save(state, cid, spell, cause):
    """Cast a life-saving spell: it goes to the discards and one life is not lost."""
    state = spend_spell(state, cid, spell, "life_lost")
    return log(state, "life_preserved", character=cid, card=spell, cause=cause)


def cast(state, cid, spell, context):
    """Cast ``spell``: it leaves the hand for the discard pile, then its effects run.  In
    combat the effects run at once (they only change the combat in progress)."""
    ch = character(state, cid)
    state = update_character(state, cid, spells=ch.spells.delete(ch.spells.index(spell)))
    state = chars.discard(state, spell)
    state = log(state, "spell_cast", character=cid, card=spell, context=context)
    state = keep_one_spell(state, cid)
    if state.config.expansions:
        # the expansions' moment to answer the cast (a price, a cancel); then the Counterspell's
        state = push(state, frame("spells.answered", caster=cid, spell=spell, context=context))
        return run_hook(state, "spell_cast", caster=cid, spell=spell, context=context)
    return offer_counter(state, cid, spell, context)


def cast_answered(state, caster, spell, then):
    """A Spell cast at a moment of its own, out of its caster's turn (an expansion's window;
    :func:`spend_spell` done): the answers of any cast follow, as for :func:`cast` (CASTING
    SPELLS; Counterspell "cancel a Spell just cast"): the expansions' ``spell_cast`` hook (the
    Timescape's D8, the Harbinger's Dispellation), then the Counterspell; unless cancelled or
    countered, the frame ``then`` (``{"step": ..., "args": {...}}``) takes effect."""
    context = {"then": {"step": then["step"], "args": dict(then["args"])}}
    if state.config.expansions:
        state = push(state, frame("spells.answered", caster=caster, spell=spell, context=context))
        return run_hook(state, "spell_cast", caster=caster, spell=spell, context=context)
    return offer_counter(state, caster, spell, context)


def answered(state, caster, spell, context, cancelled=False):
    """After the ``spell_cast`` hook: a spell a hook cancelled (its answer ``cancelled``, given
    to this waiting step) does nothing; a caster killed by the price casts nothing more."""
    if cancelled or not character(state, caster).alive:
        return state
    return offer_counter(state, caster, spell, context)


# --- spells cast "whenever needed" by the other characters -------------------------------------

def reactions_on(state):
    """Whether the other characters get a window at the start of each turn to cast Immobility
    on the character whose turn starts: the rule option ``spell_reactions``, off by default
    (the window is a decision for a player who is not moving, at every turn start while he
    holds the spell).  Read from the configuration directly until the option is registered in
    ``talisman.options.OPTIONS``.  Counterspell's window (after a cast) is always open: a cast is
    rare and the window closes once the Counterspell is used."""
    return bool(state.option("spell_reactions"))


def spell_holders(state, cid, flag):
    """The other living characters, in turn order after ``cid``, able to cast a spell whose
    card has ``data: {<flag>: true}``; each with the first such spell.  A character lying down
    after losing a turn casts none of them unless he is the one attacked in the combat in
    progress (:func:`characters.lying_down`)."""
    order = list(state.order)
    i = order.index(cid) if cid in order else 0
    out = []
    for o in order[i + 1:] + order[:i]:
        ch = character(state, o)
        if o == cid or not ch.alive or chars.lying_down(state, o) or not can_cast(state, o) \
                or not may_affect(state, o, cid, "spell"):
            continue
        own = [sp for sp in dict.fromkeys(ch.spells) if (load().cards[sp].data or {}).get(flag)]
        if own:
            out.append((o, own[0]))
    return out



def spend_spell(state, cid, spell, context):
    ch = character(state, cid)
    state = update_character(state, cid, spells=ch.spells.delete(ch.spells.index(spell)))
    state = chars.discard(state, spell)
    state = log(state, "spell_cast", character=cid, card=spell, context=context)
    return keep_one_spell(state, cid)


def offer_counter(state, caster, spell, context, asked=()):
    """CASTING SPELLS, Counterspell ("whenever needed"): each other character holding a spell
    that cancels spells (``cancels_spell``) may cancel the Spell just cast (or the Command
    Spell, ``context="command"``); otherwise it takes effect."""
    for holder, sp in spell_holders(state, caster, "cancels_spell"):
        if holder not in asked:
            return decide(state, holder, "counter", ["pass", f"cast:{sp}"], "spells.counter_chosen",
                          prompt=f"counter {caster}'s {spell}", caster=caster, spell=spell,
                          context=context, asked=list(asked) + [holder])
    return resolve(state, caster, spell, context)


def counter_chosen(state, action, caster, spell, context, asked):
    holder = asked[-1]
    if action.kind == "pass":
        return offer_counter(state, caster, spell, context, asked)
    state = spend_spell(state, holder, action.args[0], "counter")
    # a Counterspell is a Spell cast: the others (the first caster too) may counter it in turn
    countering = {"countering": {"caster": caster, "spell": spell, "context": context}}
    return offer_counter(state, holder, action.args[0], countering, asked=[holder])


def freezers(state, cid):
    """Who may cast Immobility (``freezes_character``) on ``cid`` at the start of its turn
    (not on the holder of a ``spell_immune`` card)."""
    if not reactions_on(state) or chars.has_ability(state, cid, "spell_immune"):
        return []
    return spell_holders(state, cid, "freezes_character")


def offer_freeze(state, target, held):
    """SPELLS, Immobility: another character may cast it on the character whose turn starts."""
    (holder, sp), rest = held[0], held[1:]
    return decide(state, holder, "freeze", ["pass", f"cast:{sp}"], "spells.freeze_chosen",
                  prompt=f"freeze {target}", target=target, holder=holder,
                  rest=[list(h) for h in rest])


def freeze_chosen(state, action, target, holder, rest):
    """A cast of Immobility is a Spell cast: the answers of any cast come first (the Counterspell,
    and with expansions the ``spell_cast`` hook: Dispellation, the Timescape's D8), through
    :func:`cast_answered` (docs/rulings.md R-CAST2.1, R-NC11.3); unless cancelled it takes effect
    (``spells.frozen``).  The first cast closes the window."""
    if action.kind == "pass":
        return offer_freeze(state, target, rest) if rest else state
    spell = action.args[0]
    state = spend_spell(state, holder, spell, "freeze")
    return cast_answered(state, holder, spell, {"step": "spells.frozen", "args": dict(
        target=target, caster=holder, card=spell)})


def frozen(state, target, caster, card):
    """Rule step: Immobility takes effect: the frozen character "can do nothing that turn"; his
    turn ends once the cast's answers are done (``spells.freeze_ends``); a second effect (the
    Timescape's Double Effect) freezes him no more."""
    if not character(state, target).alive:
        return state
    if character(state, target).turn_flags.get("frozen"):
        return log(state, "effect_ignored", character=target, card=card, reason="already frozen")
    state = set_turn_flag(state, target, "frozen")
    if card in state.discards.get("spell", ()) and load().cards[card].type == "spell":
        # CASTING SPELLS: "Once cast, and its effect ended": the card lies with its effect, the
        # frozen turn, until that turn ends (rules.lasting; docs/rulings.md R-RH14.3)
        state = lasting.hold_this_turn(chars.take_from_discards(state, card, "spell"), card, caster)
    return log(state, "character_frozen", character=target, caster=caster, card=card)


def freeze_ends(state, target):
    """Rule step, under the Immobility window: a character frozen in it has his turn end now;
    otherwise his turn goes on (the window passed, or the cast was cancelled or countered)."""
    if state.current == target and character(state, target).turn_flags.get("frozen"):
        return end_turn_now(state)
    return state


def resolve(state, cid, spell, context):
    """The spell takes effect (it was not countered)."""
    if not isinstance(context, str) and "countering" in context:
        # a Counterspell takes effect: the Spell it answers is cancelled; if that Spell was a
        # Counterspell itself, what it answered takes effect after all
        target = context["countering"]
        state = log(state, "spell_countered", character=cid, caster=target["caster"], card=target["spell"])
        inner = target["context"]
        if not isinstance(inner, str) and "countering" in inner:
            answered = inner["countering"]
            return resolve(state, answered["caster"], answered["spell"], answered["context"])
        return state
    if not isinstance(context, str) and "then" in context:
        # a Spell cast out of turn (cast_answered): its own rule step takes effect
        then = context["then"]
        return push(state, frame(then["step"], **dict(then["args"])))
    if context == "command":
        return command_spell(state, cid)
    c = load().cards[spell].cast
    if context == "combat":
        for step in c["effect"]:
            (name, params), = step.items()
            fn = effect(state, name)  # the base game's effects or an enabled expansion's
            if fn is not None:
                state = fn(state, params, cid, {"card": spell, "caster": cid})
        return state
    if c.get("target", "self") == "character":
        targets = spell_targets(state, cid, spell)
        if not targets:
            return log(state, "effect_ignored", character=cid, card=spell, reason="no target")
        return decide(state, cid, "target", [f"target:{o}" for o in targets], "spells.targeted",
                      prompt=f"cast {spell} at", spell=spell)
    return run_effects(state, c["effect"], cid, {"card": spell, "caster": cid})


def spell_targets(state, cid, spell):
    """The characters a Spell aimed at a character (``target: character``) may be cast at: the
    other living characters, and the caster himself where the card says so (``data:
    {targets_self: true}``: the Healing Spell, docs/rulings.md R-BC12.1); only one who has lost a
    life where the card heals (``targets_wounded: true``: the Healing Spell, R-FG12.3); never the holder of a
    ``spell_immune`` card (the Amulet: "Spells other than Command don't affect you",
    R-BC12.6)."""
    data = load().cards[spell].data or {}
    self_too, wounded = bool(data.get("targets_self")), bool(data.get("targets_wounded"))
    return affectable(state, cid, [o for o in state.order
                                   if (o != cid or self_too) and character(state, o).alive
                                   and not (wounded and character(state, o).lives >= chars.life_value(state, o))
                                   and not chars.has_ability(state, o, "spell_immune")], "spell")


def with_targets(state, cid, card):
    """Whether ``card`` may be offered for its target: not aimed at a character, or some character
    may be aimed at now; one no character may be aimed at is not offered (CASTING SPELLS: "A Spell
    may only be cast as stated on the Spell Card"; docs/rulings.md R-BC12.1)."""
    return (load().cards[card].cast or {}).get("target") != "character" or bool(spell_targets(state, cid, card))


def targeted(state, action, spell):
    caster = state.current
    return run_effects(state, load().cards[spell].cast["effect"], action.args[0],
                       {"card": spell, "caster": caster})


def keep_one_spell(state, cid):
    """The Wizard and the Prophetess always keep at least one Spell: draw one on casting the last."""
    if not character(state, cid).spells and chars.has_ability(state, cid, "keeps_one_spell"):
        state = chars.draw_spells(state, cid, 1, "keeps one spell")
    return state



def command_spell(state, cid):
    """The Crown of Command: "If you are alone, you must cast 1 Command Spell per turn. Roll 1
    die and indicate a victim. If 4 - 6, victim must admit defeat or lose 1 Life."
    """
    victims = affectable(state, cid, [o for o in state.order if o != cid and character(state, o).alive],
                         "spell")
    if not victims:
        return state
    return decide(state, cid, "command", [f"target:{v}" for v in victims], "inner.victim_chosen",
                  prompt="the Command Spell's victim")


STEPS = {"spells.targeted": targeted, "spells.counter_chosen": counter_chosen, "spells.answered": answered,
         "spells.scroll_answered": scroll_answered,
         "spells.freeze_chosen": freeze_chosen, "spells.frozen": frozen,
         "spells.freeze_ends": freeze_ends}
