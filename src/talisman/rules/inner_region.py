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

from .kernel import run_effects, space_instructions
from .spells import command_spell  # noqa: F401  (also inner_region.command_spell)
from .hooks import adjust
from ..definitions import load
from ..engine.machine import decide, log, request_roll
from ..state import update_character
from . import characters as chars
from . import combat

MEETING_SPACES = ("plain_of_peril", "valley_of_fire", "crown_of_command")


def encounter_inner(state, cid):
    """The Inner Region's encounter: another character where allowed, else the space."""
    ch = state.characters[cid]
    space = ch.space
    others = [o for o in state.order if o != cid and state.characters[o].alive
              and state.characters[o].space == space]
    if space == "crown_of_command":
        # an Alternative Ending decides it (the endings area subscribes)
        state, handled = adjust(state, "crown_encounter", (state, False), character=cid)
        if handled:
            return state
    if others and space in MEETING_SPACES:
        options = [f"encounter:char:{o}" for o in others]
        if space != "crown_of_command":
            options.insert(0, "encounter:space")
        return decide(state, cid, "encounter", options, "encounters.chosen",
                      prompt=f"on the {load().board.spaces[space].name}")
    state = log(state, "encountered_space", character=cid, space=space)
    return run_effects(state, space_instructions(state, space), cid, {"space": space})


# --- the effects of the Inner Region's spaces ---------------------------------------------

def hold(state, cid):
    state = update_character(state, cid, hold=state.characters[cid].space)
    return log(state, "held", character=cid, space=state.characters[cid].space)


def release(state, cid):
    if state.characters[cid].hold is None:
        return state
    state = update_character(state, cid, hold=None)
    return log(state, "released", character=cid, space=state.characters[cid].space)


def fight_in_succession(state, params, cid):
    """PITS: "The die is rolled each time a Character enters the Space. This is the number of
    Pit Fiends ... fight them one at a time, in succession, until the Character loses a Life
    whereupon the Turn ends ... The Character may only Move on the next turn after the last
    Pit Fiend is killed."
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
    return combat.start_combat(state, cid, "battle", [enemy], on_win=go_on, on_lose=stop,
                               on_standoff=stop, evadable=False)


def one_killed(state, params, who):
    state = update_character(state, who, pit_fiends=state.characters[who].pit_fiends - 1)
    return next_in_succession(state, params, who)


def contest(state, params, cid):
    """Both sides roll the same dice; higher wins (DICE WITH DEATH)."""
    return request_roll(state, params["dice"], f"{cid} against {params['name']}",
                        "inner.contest_rolled", params=params, who=cid)


def contest_rolled(state, action, params, who):
    return request_roll(state, params["dice"], f"{params['name']} against {who}",
                        "inner.contest_answered", params=params, who=who, mine=sum(action.dice))


def contest_answered(state, action, params, who, mine):
    theirs = sum(action.dice)
    result = "win" if mine > theirs else "lose" if mine < theirs else "draw"
    state = log(state, "contest", character=who, opponent=params["name"], roll=mine,
                opponent_roll=theirs, result=result)
    return run_effects(state, params[result], who, {"space": state.characters[who].space})


def victim_chosen(state, action):
    cid = state.current
    return request_roll(state, "d6", f"Command Spell of {cid}", "inner.command_rolled",
                        victim=action.args[0])


def command_rolled(state, action, victim):
    roll = sum(action.dice)
    cid = state.current
    state = log(state, "command_spell", character=cid, victim=victim, roll=roll)
    if roll < 4:
        return state
    return decide(state, victim, "command", ["lose_life", "concede"], "inner.victim_answered",
                  prompt="admit defeat or lose a life", victim=victim)


def victim_answered(state, action, victim):
    if action.kind == "concede":
        state = log(state, "conceded", character=victim)
        return chars.kill(state, victim, "admitted defeat to the Command Spell")
    return chars.lose_lives(state, victim, 1, "the Command Spell")


STEPS = {"inner.count_rolled": count_rolled, "inner.one_killed": one_killed,
         "inner.contest_rolled": contest_rolled, "inner.contest_answered": contest_answered,
         "inner.victim_chosen": victim_chosen, "inner.command_rolled": command_rolled,
         "inner.victim_answered": victim_answered}
