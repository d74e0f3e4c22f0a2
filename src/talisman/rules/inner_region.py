"""ENCOUNTERS IN THE INNER REGION and THE CROWN OF COMMAND SPACE.

"A Character may only Encounter another Character on the Plain of Peril and the Valley of
Fire. On all other Spaces, the Encounter is detailed in the instructions for the Space."
(and on the Crown of Command: "If you are not alone, you must Encounter any other Character
on the Space").  The spaces' instructions are effects in ``data/talisman/board.yaml``; the
creatures met here cannot be evaded or affected by spells (see ``combat``).

"The Encounter instructions on each Space must be completed before a Character may Move on":
an unfinished space *holds* the character (``Character.hold``) until it is completed.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from .kernel import ExtSlice, run_effects, space_instructions
from .hooks import adjust
from ..definitions import load
from ..engine.machine import decide, frame, log, push, request_roll
from ..engine.records import replace
from ..engine.ruleset import Plugin
from ..state import ExtRecord, absent_field, update_character
from . import characters as chars
from . import combat


def encounter_inner(state, cid):
    """The Inner Region's encounter: another character where allowed, else the space."""
    ch = state.characters[cid]
    space = ch.space
    others = [o for o in state.order if o != cid and state.characters[o].alive
              and state.characters[o].space == space]
    board = load().board
    crown = space == board.role("crown")
    if crown:
        # an Alternative Ending decides it (the endings area subscribes)
        state, handled = adjust(state, "crown_encounter", (state, False), character=cid)
        if handled:
            return state
    if others and board.spaces[space].meet_characters:
        options = [f"encounter:char:{o}" for o in others]
        if not crown:
            options.insert(0, "encounter:space")
        return decide(state, cid, "encounter", options, "encounters.chosen",
                      prompt=f"on the {board.spaces[space].name}")
    state = log(state, "encountered_space", character=cid, space=space)
    effects = space_instructions(state, space)
    if _moves(effects):
        # CRYPT, MINES: "The Playing piece is immediately Moved there. This counts as that
        # player's Move": the move ends where he emerges, which he then encounters as after
        # any move (docs/rulings.md R-IR13.1; ``encounters.after`` reads the flag the move sets)
        state = push(state, frame("encounters.after"))
    return run_effects(state, effects, cid, {"space": space})


def _moves(effects):
    """Whether a space's instructions may move the character (a ``move_to`` in them, at any
    depth of their tables and tests)."""
    if isinstance(effects, Mapping):
        return "move_to" in effects or any(_moves(v) for v in effects.values())
    if isinstance(effects, Sequence) and not isinstance(effects, str):
        return any(_moves(v) for v in effects)
    return False


# --- the effects of the Inner Region's spaces ---------------------------------------------

def hold(state, cid):
    state = update_character(state, cid, hold=state.characters[cid].space)
    return log(state, "held", character=cid, space=state.characters[cid].space)


def release(state, cid):
    if state.characters[cid].hold is None:
        return state
    state = forget_creature(state, cid)
    state = update_character(state, cid, hold=None)
    return log(state, "released", character=cid, space=state.characters[cid].space)


# --- the creature a held character fights on (WEREWOLF DEN) ----------------------------------

@attrs.frozen
class InnerRegion(ExtRecord):
    """``state.ext["inner_region"]``: ``creatures``, character -> the die rolled for the creature
    of the space that holds him (absent until a character is held by one)."""

    creatures: Any = absent_field()


INNER = ExtSlice("inner_region", InnerRegion)

#: The Inner Region's own plain data (``state.ext["inner_region"]``): a base plugin with no hook
#: point, as the Rafts' (``movement.RAFTS_PLUGIN``).
PLUGIN = Plugin("inner_region", always=True)


def kept_creature(state, cid):
    """WEREWOLF DEN: "The die is rolled for a Werewolf's Strength ... each time any Character
    enters the Space": a character the space holds, who stays to fight on, has not entered it
    again and meets the same Werewolf (docs/rulings.md R-IN10.2): the die rolled for it, or
    None (a new creature: he entered)."""
    ch = state.characters[cid]
    if ch.hold != ch.space or "inner_region" not in state.ext:
        return None
    return (INNER.get(state, "creatures") or {}).get(cid)


def creature_kept(state, who, rolled):
    """Rule step: the creature of the space that holds ``who`` was not beaten (a battle lost or
    a standoff): its die is kept for the fight he stays for (:func:`kept_creature`)."""
    if not state.characters[who].alive:
        return state
    kept = INNER.get(state, "creatures") or {}
    return INNER.put(state, creatures={**kept, who: rolled})


def forget_creature(state, cid):
    if "inner_region" not in state.ext or cid not in (INNER.get(state, "creatures") or {}):
        return state
    left = {k: v for k, v in INNER.get(state, "creatures").items() if k != cid}
    if not left:  # nobody held: the slice leaves the state (as it was before any was)
        return replace(state, ext=state.ext.discard("inner_region"))
    return INNER.put(state, creatures=left)


def fight_in_succession(state, params, cid):
    """PITS: "The die is rolled each time a Character enters the Space. This is the number of
    Pit Fiends ... fight them one at a time, in succession, until the Character loses a Life
    whereupon the Turn ends ... The Character may only Move on the next turn after the last
    Pit Fiend is killed."

    What ends the turn is a Life lost: a battle lost whose life is saved (Armour, a Spell)
    fights on at once, the Fiend that won still among those left (docs/rulings.md R-IN10.1);
    a standoff ends the turn (STANDOFF, R-probea-A.1).
    """
    ch = state.characters[cid]
    if ch.pit_fiends:
        return next_in_succession(state, params, cid)
    return request_roll(state, params["count"], f"how many {params['name']}s", "inner.count_rolled",
                        params=params, who=cid)


def count_rolled(state, action, params, who):
    n = sum(action.dice)
    state = update_character(state, who, pit_fiends=n)
    state = log(state, "creatures_appear", character=who, creature=params["name"], count=n)
    state = hold(state, who)
    return next_in_succession(state, params, who)


def next_in_succession(state, params, cid):
    if not state.characters[cid].pit_fiends:
        return release(state, cid)
    enemy = {"name": params["name"], "card": None, "value": params["strength"]}
    go_on = {"step": "inner.one_killed", "args": {"params": params, "who": cid}}
    stop = {"step": "combat.end_turn", "args": {}}
    life_lost = {**stop, "saved": {"step": "inner.fight_on", "args": {"params": params, "who": cid}}}
    return combat.start_combat(state, cid, "battle", [enemy], on_win=go_on, on_lose=life_lost,
                               on_standoff=stop, evadable=False)


def fight_on(state, params, who):
    """A battle lost in the Pits whose life was saved: no Life lost, so the next Fiend (the
    one that won is not killed: the count stays) attacks in the same turn."""
    return next_in_succession(state, params, who)


def one_killed(state, params, who):
    state = update_character(state, who, pit_fiends=state.characters[who].pit_fiends - 1)
    return next_in_succession(state, params, who)


def contest(state, params, cid):
    """Both sides roll the same dice; higher wins (DICE WITH DEATH)."""
    return CONTEST.roll(state, f"{cid} against {params['name']}", params=params, who=cid)


def _contest_kept(state, dice, params, who):
    """The character's dice stand; then Death rolls."""
    return request_roll(state, params["dice"], f"{params['name']} against {who}",
                        "inner.contest_answered", params=params, who=who, mine=sum(dice))


#: The character's dice.  FATE (talisman-facts-verified.md 3: "a roll ordered by a card or board
#: space", "e.g. Death space 2d6 ... only one of them may be rerolled"): he may pay one fate, once,
#: to roll one of his dice again (the whole roll under ``fate_reroll: whole_roll``; rulings
#: R-RF14.1); Death's dice are no character's and are not re-rolled.
CONTEST = chars.OwnRoll("inner.contest_rolled", "inner.contest_fate", lambda params, **_: params["dice"],
                        _contest_kept, offer="rolled {total} against {params[name]}",
                        again="{who}'s re-roll against {params[name]}", cause="{params[name]}")


def contest_answered(state, action, params, who, mine):
    theirs = sum(action.dice)
    result = "win" if mine > theirs else "lose" if mine < theirs else "draw"
    state = log(state, "contest", character=who, opponent=params["name"], roll=mine,
                opponent_roll=theirs, result=result)
    return run_effects(state, params[result], who, {"space": state.characters[who].space})


def victim_chosen(state, action):
    return COMMAND_ROLL.roll(state, f"Command Spell of {state.current}", victim=action.args[0])


def command_kept(state, dice, victim):
    """The caster's die stands: "If 4 - 6, victim must admit defeat or lose 1 Life." """
    roll = sum(dice)
    cid = state.current
    state = log(state, "command_spell", character=cid, victim=victim, roll=roll)
    if roll < 4:
        return state
    return decide(state, victim, "command", ["lose_life", "concede"], "inner.victim_answered",
                  prompt="admit defeat or lose a life", victim=victim)


#: THE CROWN OF COMMAND SPACE: "Roll 1 die and indicate a victim": the caster's own roll, which the
#: space orders, so FATE ("a roll ordered by a card or board space") lets him, not the victim,
#: pay one fate to roll it again, once (rulings R-PROBE17F.1).
COMMAND_ROLL = chars.OwnRoll("inner.command_rolled", "inner.command_fate", "d6", command_kept,
                             offer="rolled {total} for the Command Spell on {victim}",
                             again="{cid}'s Command Spell, re-rolled", cause="the Command Spell",
                             roller=None)


def victim_answered(state, action, victim):
    if action.kind == "concede":
        state = log(state, "conceded", character=victim)
        return chars.kill(state, victim, "admitted defeat to the Command Spell")
    return chars.lose_lives(state, victim, 1, "the Command Spell")


STEPS = {"inner.count_rolled": count_rolled, "inner.one_killed": one_killed,
         "inner.fight_on": fight_on, "inner.creature_kept": creature_kept,
         **CONTEST.steps(),
         "inner.contest_answered": contest_answered,
         "inner.victim_chosen": victim_chosen, **COMMAND_ROLL.steps(),
         "inner.victim_answered": victim_answered}
