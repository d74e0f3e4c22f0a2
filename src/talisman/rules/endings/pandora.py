"""Pandora's Box (000 Alternative Endings): the D8 chart (``PANDORAS_BOX_CHART``), the goals to
bring back to the Crown (4, 5, 7, 8), FINDER'S KEEPERS (2) and PERILS OF PANDORA (3).  THE ARENA
(1, 6) and the fights to the finish are in :mod:`.arena`."""
from __future__ import annotations

from typing import Any

from ...engine.machine import decide, frame, log, push
from ...engine.records import replace
from ...state import update_character
from ..kernel import may_affect
from .arena import duel, pandora_arena
from .tasks import alive, in_play, places, role, set_task, task_of
from .winning import win
from ...definitions import load
from .. import characters
from .. import combat
from .. import movement

__all__ = ["quest_locations", "quest_of_a_lifetime", "PANDORAS_BOX_CHART",
           "pandora_goal", "goal_met", "continue_goal", "quest_visits", "quest_progress",
           "quest_recorded", "pandora_finders",
           "claimable", "pandora_perils", "perils_options", "TURN_POWERS", "continue_power",
           "turn_started", "trophy_kept", "turn_engaged"]


def quest_locations():
    """The quest's first twelve locations in order, ``(name, space)``, each with the space that
    stands for it (None: on a board that does not exist here: the Monastery, the Endless Sea),
    from ``data/talisman/endings.yaml``.  An expansion board's spaces (the City's, the Dungeon's
    Guard Room, the Timescape's Space Fortress) count only with that board in the game; the Royal
    Castle only replaces a razed Castle (no Castle is razed here).  The Crown is the thirteenth."""
    return tuple((q["name"], q.get("space")) for q in places("pandoras_box")["quest_locations"])


def quest_of_a_lifetime(state):
    """The quest's places in play, in order."""
    return tuple(sp for _, sp in quest_locations() if sp is not None and in_play(state, sp))


PANDORAS_BOX_CHART: dict[int, dict[str, Any]] = {
    1: {"name": "the_arena", "step": "endings.pandora_arena", "magic": False},
    2: {"name": "finders_keepers", "step": "endings.pandora_finders"},
    3: {"name": "perils_of_pandora", "step": "endings.pandora_perils"},
    4: {"name": "quest_of_a_lifetime", "step": "endings.pandora_goal", "goal": "quest"},
    5: {"name": "head_of_the_hydra", "step": "endings.pandora_goal", "goal": "dragons", "count": 7},
    6: {"name": "the_arena_revisited", "step": "endings.pandora_arena", "magic": True},
    7: {"name": "ashes_to_ashes", "step": "endings.pandora_goal", "goal": "a_life", "count": 1},
    8: {"name": "raise_the_rabble", "step": "endings.pandora_goal", "goal": "followers", "count": 12},
}


def pandora_goal(state, who, row):
    """4, 5, 7, 8: a goal to meet away from the Crown; "return here" with it to win."""
    task = {"kind": "goal", "goal": row["goal"], "count": row.get("count", 0), "since": len(state.log)}
    state = set_task(state, who, task)
    return log(state, "goal_set", character=who, goal=row["goal"])


def goal_met(state, who, task):
    ch = state.characters[who]
    goal = task["goal"]
    if goal == "dragons":
        return len([t for t in ch.trophies if characters.card(t).subtype == "dragon"]) >= task["count"]
    if goal == "followers":  # a Henchman is one (OPTIONAL RULES, HENCHMEN: "considered Followers")
        return len(characters.all_followers(state, who)) >= task["count"]
    if goal == "quest":
        return len(quest_progress(state, who, task)) == len(quest_of_a_lifetime(state))
    # a_life: "you must go out an take l life from any Character": a character beaten by this one
    # lost a life to him as the victor's spoils (not a life another took from the one he beat
    # after he chose Gold or an Object: rulings R-PROBE19D.6)
    taken, beaten = 0, set()
    for e in list(state.log)[task["since"]:]:
        if e.name == "character_defeated" and e.data.get("victor") == who:
            beaten.add(e.data.get("loser"))
        elif (e.name == "life_lost" and e.data.get("character") in beaten
              and e.data.get("cause") == combat.spoils_life_cause(who)):
            taken += 1
            beaten.discard(e.data.get("character"))
    return taken >= task["count"]


def quest_visits(state, who, since):
    """4) THE QUEST OF A LIFETIME: "visit (land on and Encounter)": the spaces the character
    encountered (``encountered_space``) since log index ``since``, in order."""
    return [e.data["space"] for e in state.log[since:]
            if e.name == "encountered_space" and e.data.get("character") == who]


def quest_progress(state, who, task):
    """4) THE QUEST OF A LIFETIME: "You must visit (land on and Encounter) Thirteen locations in
    order": the quest's places met so far, in order -- those the task has recorded (``visited``,
    at the end of each turn: :func:`quest_recorded`), then each encounter logged since its
    ``since`` that is the next place of the list.  A place met out of order (before the one due)
    counts for nothing, and neither does a place met again; the Crown of Command is the
    thirteenth, met last (the win is checked there, :func:`continue_goal`)."""
    places = quest_of_a_lifetime(state)
    visited = list(task.get("visited", ()))
    for space in quest_visits(state, who, task["since"]):
        if len(visited) < len(places) and space == places[len(visited)]:
            visited.append(space)
    return visited


def quest_recorded(state, character):
    """``turn_ended``: each character on the Quest of a Lifetime keeps the places met in order this
    turn in its task (``visited``; read from the log since ``since``, then ``since`` moves on), so
    that the quest's progress is part of the state (a player's view, a scenario's setup)."""
    if state.ending is None:
        return state
    for cid in state.order:
        task = task_of(state, cid)
        if task is None or task.get("goal") != "quest":
            continue
        visited = quest_progress(state, cid, task)
        before = len(task.get("visited", ()))
        state = set_task(state, cid, {**task, "visited": visited, "since": len(state.log)})
        if len(visited) > before:
            places = quest_of_a_lifetime(state)
            state = log(state, "quest_progress", character=cid, visited=visited[before:],
                        next=places[len(visited)] if len(visited) < len(places) else role("crown"))
    return state


def turn_engaged(state):
    """Whether :func:`turn_started` or :func:`quest_recorded` (the endings' turn hooks) can act in
    ``state``: an ending is drawn (a cheap test, asked by ``Ruleset.subscribed``)."""
    return state.ending is not None


def trophy_kept(state, cid, trophy, which):
    """5) BRING ME THE HEAD OF THE HYDRA: "You may not exchange them for Strength. They must be
    with you when you return here" -- a Dragon trophy may not be cashed in for Strength."""
    if which != "strength" or state.ending is None:
        return False
    task = task_of(state, cid)
    if task is None or task.get("goal") != "dragons":
        return False
    return characters.card(trophy).subtype == "dragon"


def continue_goal(state, who, task):
    if not goal_met(state, who, task):
        return log(state, "goal_unmet", character=who, goal=task["goal"])
    state = set_task(state, who, None)
    return win(state, who, "pandoras_box")


# --- 2) FINDER'S KEEPERS ------------------------------------------------------------------

def pandora_finders(state, who, row):
    """2: "You may look through the discards of all Stockpiles and claim any Objects, Magic
    Objects and Magic Items, you must observe the rules of Encumbrance as you do so. Each turn
    you then may Teleport to any Space on any Board to Encounter the other Characters. You must
    take all Lives from all other Characters to Win the Game" (the last-survivor win)."""
    state = set_task(state, who, {"kind": "finders"})
    state = log(state, "finders_keepers", character=who)
    return offer_finds(state, who)


def claimable(state, who):
    """The Objects and Magic Objects of every discard pile, while the carrying limit allows."""
    ch = state.characters[who]
    if len(characters.carried_objects(ch)) >= characters.carry_limit(ch, state):
        return []
    return discarded_objects(state)


def discarded_objects(state):
    found = [c for deck in sorted(state.discards) for c in state.discards[deck]
             if characters.card(c).type in ("object", "magic_object")]
    return list(dict.fromkeys(found))


def offer_finds(state, who):
    options = [f"take:{c}" for c in claimable(state, who)]
    if discarded_objects(state):
        # "you must observe the rules of Encumbrance as you do so": CARRIED POSSESSIONS, "If a
        # Character carrying 4 Objects wishes to pickup another, he must first drop one"
        options += [f"drop:{c}" for c in characters.droppable(state.characters[who])]
    if not options:
        return state
    return decide(state, who, "finders", options + ["done"], "endings.finders_took",
                  prompt="claim from the discards (FINDER'S KEEPERS)", who=who)


def finders_took(state, action, who):
    if action.kind == "done":
        return state
    card = action.args[0]
    if action.kind == "drop":
        # left face up on the space (DROPPED OBJECTS OR ITEMS)
        return offer_finds(characters.drop_object(state, who, card), who)
    deck = next(d for d in sorted(state.discards) if card in state.discards[d])
    pile = state.discards[deck]
    state = replace(state, discards=state.discards.set(deck, pile.delete(pile.index(card))))
    state = update_character(state, who, objects=state.characters[who].objects.append(card))
    state = log(state, "claimed", character=who, card=card, deck=deck, cause="finders_keepers")
    return offer_finds(state, who)


def finders_turn(state, who):
    """"Each turn you then may Teleport to any Space on any Board to Encounter the other
    Characters": before moving, to the space of another character (or not: ``done``); with the
    option ``finders_teleport: any``, to any space of a board in play (rulings R-EN10.10)."""
    here = state.characters[who].space
    if state.option("finders_teleport") == "any":
        # the option's other reading of "any Space on any Board" (rulings R-EN10.10)
        spaces = sorted(sp for sp in load().board.spaces if sp != here and in_play(state, sp))
    else:
        spaces = sorted({state.characters[o].space for o in state.order
                         if o != who and alive(state, o) and state.characters[o].space != here})
    if not spaces:
        return state
    return decide(state, who, "teleport", [f"teleport:{sp}" for sp in spaces] + ["done"],
                  "endings.finders_teleported", prompt="teleport to another character (FINDER'S KEEPERS)",
                  who=who)


def finders_teleported(state, action, who):
    if action.kind == "done":
        return state
    # the move is made: the encounter follows on the new space (ENCOUNTERS)
    return movement.forced_move(state, who, action.args[0], False, "finders_keepers")


# --- 3) PERILS OF PANDORA -----------------------------------------------------------------

def pandora_perils(state, who, row):
    """3: "Immediately and on each turn hereafter, you have the power to Teleport any other
    Character to Encounter another Character. You then force them into Combat, or Psychic
    Combat, if their abilities allow. They are compelled to fight until only one is left. Once
    there is only one other Character and yourself, you may then Teleport to that Character and
    fight him to the Finish."""
    state = set_task(state, who, {"kind": "perils"})
    state = log(state, "perils_of_pandora", character=who)
    return perils_turn(state, who)


def perils_options(state, who):
    """``perils:<teleported>:<opponent>:<battle|psychic>`` (psychic only for a character whose
    abilities let it attack that way); with one other character left, the opener goes."""
    others = [o for o in state.order if o != who and alive(state, o)]
    pairs = [(a, b) for a in others for b in others if a != b] if len(others) >= 2 else \
        [(who, o) for o in others]
    out = []
    for a, b in pairs:
        # each character teleported or fought is one the opener affects (the ``may_affect``
        # hook: none across the Timescape's boundary, R-FC12.1)
        if not all(may_affect(state, who, c, "perils") for c in (a, b)):
            continue
        out.append(f"perils:{a}:{b}:battle")
        if characters.has_ability(state, a, "psychic_attack_on_characters"):
            out.append(f"perils:{a}:{b}:psychic")
    return out


def perils_turn(state, who):
    options = perils_options(state, who)
    if not options:
        return state
    return decide(state, who, "perils", options + ["done"], "endings.perils_chosen",
                  prompt="teleport a character to fight another (PERILS OF PANDORA)", who=who)


def perils_chosen(state, action, who):
    if action.kind == "done":
        return state
    a, b, kind = action.args
    to = state.characters[b].space
    # the teleport is a move straight to a space by an effect: a board may refuse it (the City's
    # Loan, the Dungeon's walls: docs/rulings.md R-CQ9.3); refused, the two are apart and no fight
    if a == who:
        state = movement.forced_move(state, a, to, False, "perils_of_pandora")
    else:
        state, _ = movement.sent(state, a, to, "perils_of_pandora")
    if state.characters[a].space != to:
        return log(state, "perils_refused", character=a, opponent=b, by=who)
    state = log(state, "forced_to_fight", character=a, opponent=b, kind=kind, by=who)
    return duel(state, a, b, kind)


# --- the powers kept from turn to turn ------------------------------------------------------

#: A task whose power is used at the start of each of its holder's turns.
TURN_POWERS = {"finders": finders_turn, "perils": perils_turn}


def continue_power(state, who, task):
    """On the Crown again with a power (2, 3): nothing more to roll; the power goes on."""
    return log(state, "power_goes_on", character=who, power=task["kind"])


def power_turn(state, who):
    """Rule step: the power of ``who``'s task at the start of its turn."""
    task = task_of(state, who)
    if task is None or task["kind"] not in TURN_POWERS or not alive(state, who):
        return state
    return TURN_POWERS[task["kind"]](state, who)


def turn_started(state, cid):
    """Start of a turn: a character holding a Pandora's Box power uses it before moving."""
    if state.ending is None or (task_of(state, cid) or {}).get("kind") not in TURN_POWERS:
        return state
    return push(state, frame("endings.power_turn", who=cid))


STEPS = {"endings.pandora_goal": pandora_goal,
         "endings.pandora_arena": pandora_arena,
         "endings.pandora_finders": pandora_finders,
         "endings.pandora_perils": pandora_perils,
         "endings.finders_took": finders_took,
         "endings.finders_teleported": finders_teleported,
         "endings.perils_chosen": perils_chosen,
         "endings.power_turn": power_turn}
