"""001 Harbinger Spells: Dark Binding ("choose another character's move direction and stopping
point", talisman-facts.md section 5).

The caster casts it at another character (the base game offers ``any_time`` Spells at the start
of the caster's own turn; the target is chosen as for any Spell aimed at a character).  The
binding waits in ``store`` key ``bindings`` (``{target: caster}``) until the target's next
movement: the ``before_movement`` hook then takes that movement over (its answer
``True``): the target rolls its movement die (the ``movement_dice`` hook; a fate
may re-roll it as usual), and the caster chooses where it goes among the spaces the roll reaches
(both directions: the direction and the stopping point), through the ``movement_destinations``
hook.  The binding is used up by that move.  A move that is no roll (a fixed next move, a Toad's
single space, the Inner Region's step) uses it up with no effect, as does a dead caster.

Stand-in choices: the target has no "before moving" options that turn (casting, a Raft,
cashing trophies); the published card's timing is not known.
"""
from __future__ import annotations

from pyrsistent import pmap

from ...definitions import load
from ...engine.machine import decide, log, request_roll
from ...expansions import adjust, run_hook
from ...state import update_character
from . import store as st
from ...rules import characters as chars, combat, movement


def bindings(state):
    return st.get(state, "bindings", pmap())


def bind(state, params, actor, source):
    """Effect ``dark_binding`` (run with the target as the actor): the caster chooses the
    target's next move."""
    caster = source.get("caster")
    if caster is None or caster == actor:
        return log(state, "spell_without_effect", character=actor, card=source.get("card"))
    state = st.store(state, bindings=bindings(state).set(actor, caster))
    return log(state, "character_bound", character=actor, caster=caster, card=source.get("card"))


def before_movement(state, result, character):
    """Value hook: a bound character's movement is rolled by it and steered by the caster
    (the movement replaced)."""
    state, replaced = result
    caster = bindings(state).get(character)
    if caster is None:
        return result
    state = st.store(state, bindings=bindings(state).discard(character))
    ch = state.characters[character]
    if replaced:
        return log(state, "binding_ignored", character=character, caster=caster,
                   reason="another rule moves the character"), True
    region = load().board.spaces[ch.space].region
    if (not state.characters[caster].alive or ch.next_move is not None or ch.toad_turns
            or region in ("inner", "crown")):
        return log(state, "binding_ignored", character=character, caster=caster,
                   reason="no rolled move"), False
    state = log(state, "binding_used", character=character, caster=caster)
    return _roll(state, character, caster, f"movement of {character} (Dark Binding)"), True


def _roll(state, who, caster, why):
    die = adjust(state, "movement_dice", combat.character_die(state, who), character=who)
    return request_roll(state, die, why, "harbinger.bound_rolled", who=who, caster=caster)


def bound_rolled(state, action, who, caster):
    """Rule step: the roll is made (the target may pay a fate to roll again); the caster
    chooses the destination."""
    n = sum(action.dice)
    state = log(state, "movement_roll", character=who, roll=n)
    state = run_hook(state, "movement_rolled", character=who, roll=n)
    ch = state.characters[who]
    if ch.fate > 0 and not ch.turn_flags.get("movement_rerolled"):
        return decide(state, who, "fate", ["keep", "fate:reroll"], "harbinger.bound_fate",
                      prompt=f"rolled {n} (Dark Binding)", who=who, caster=caster, roll=n)
    return _offer(state, who, caster, n, movement)


def bound_fate(state, action, who, caster, roll):
    if action.kind == "keep":
        return _offer(state, who, caster, roll, movement)
    state = chars.lose(state, who, "fate", 1, "re-roll")
    ch = state.characters[who]
    state = update_character(state, who, turn_flags=ch.turn_flags.set("movement_rerolled", True))
    return _roll(state, who, caster, f"movement re-roll of {who} (Dark Binding)")


def _along(state, who, roll):
    """The spaces along every direction of a ``roll``-long move, each with its path: the roll's
    own ends and every space short of them (Dark Binding, card-data.md 2.4: "you choose his
    direction and may stop him anywhere along it"); a space met at several distances keeps the
    shortest path."""
    board, here = load().board, state.characters[who].space
    paths: dict = {}
    for k in range(roll, 0, -1):
        paths.update(movement.reachable(board, here, k))
    return paths


def _offer(state, who, caster, n, movement):
    dests = _along(state, who, n)
    allowed = adjust(state, "movement_destinations", tuple(sorted(dests)), character=who, roll=n,
                     dice=(n,))
    options = [f"move:{d}" for d in allowed if d in dests]  # the caster picks along the roll
    if not options:
        return log(state, "no_move", character=who, roll=n)
    return decide(state, caster, "move", options, "harbinger.bound_chosen",
                  prompt=f"Dark Binding: where {who} goes ({n})", who=who, roll=n)


def bound_chosen(state, action, who, roll):
    """Rule step: the target walks the path the caster chose."""
    ch = state.characters[who]
    state = update_character(state, who, turn_flags=ch.turn_flags.set("moved", True))
    path = _along(state, who, roll)[action.args[0]]
    return movement.follow(state, who, path)


EFFECTS = {"dark_binding": bind}
SCHEMAS = {"dark_binding": {"type": "object", "additionalProperties": False, "properties": {}}}
STEPS = {"harbinger.bound_rolled": bound_rolled, "harbinger.bound_fate": bound_fate,
         "harbinger.bound_chosen": bound_chosen}
