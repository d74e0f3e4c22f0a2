"""Pandora's Box (000 Alternative Endings): the D8 chart (``PANDORAS_BOX_CHART``)."""
from __future__ import annotations

from ...engine.machine import log
from ...engine.records import replace
from ...state import update_character
from pyrsistent import pvector
from .tasks import alive, discard_cards, in_play, moves_since, set_task
from .winning import win

__all__ = ["QUEST_LOCATIONS", "QUEST_OF_A_LIFETIME", "quest_of_a_lifetime", "PANDORAS_BOX_CHART", "pandora_goal", "goal_met", "continue_goal", "pandora_arena", "pandora_finders", "pandora_perils"]


#: The quest's thirteen locations in order, each with the space that stands for it (None: on a
#: board that does not exist here: the Monastery, the Guard Room, the Space Fortress, the
#: Endless Sea).  The City's spaces count only with the City in the game; the Royal Castle
#: only replaces a razed Castle (no Castle is razed here).  The Crown is the thirteenth.
QUEST_LOCATIONS = (("the Monastery or Pure Good", None), ("the Graveyard", "graveyard"),
                   ("the Anarchist's Guild", "city_anarchists_guild"), ("the Guard Room", None),
                   ("the Space Fortress", None), ("the Endless Sea", None),
                   ("the Magic Emporium", "city_magic_emporium"), ("the Tavern", "tavern"),
                   ("the Castle", "castle"), ("the Oasis", "oasis"), ("the Village", "village"),
                   ("the High Temple", "city_high_temple"))


QUEST_OF_A_LIFETIME = ("graveyard", "tavern", "castle", "oasis", "village")  # the main board's


def quest_of_a_lifetime(state):
    """The quest's places in play, in order."""
    return tuple(sp for _, sp in QUEST_LOCATIONS if sp is not None and in_play(state, sp))


PANDORAS_BOX_CHART = {
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
    from .. import characters as chars
    ch = state.characters[who]
    goal = task["goal"]
    if goal == "dragons":
        return len([t for t in ch.trophies if chars.card(t).subtype == "dragon"]) >= task["count"]
    if goal == "followers":
        return len(ch.followers) >= task["count"]
    if goal == "quest":
        visited = iter(moves_since(state, who, task["since"]))
        return all(place in visited for place in quest_of_a_lifetime(state))  # in order
    # a_life: a character beaten by this one lost a life to it afterwards
    taken, beaten = 0, set()
    for e in list(state.log)[task["since"]:]:
        if e.name == "character_defeated" and e.data.get("victor") == who:
            beaten.add(e.data.get("loser"))
        elif e.name == "life_lost" and e.data.get("character") in beaten:
            taken += 1
            beaten.discard(e.data.get("character"))
    return taken >= task["count"]


def continue_goal(state, who, task):
    if not goal_met(state, who, task):
        return log(state, "goal_unmet", character=who, goal=task["goal"])
    state = set_task(state, who, None)
    return win(state, who, "pandoras_box")


def pandora_arena(state, who, row):
    """1, 6 (partial): "All are immediately raised/reduced to 2 Lives" and (1) "All Magic
    Objects, Magic Items, Spells and Scrolls are discarded".  The double elimination tournament
    in the Arena is not implemented: the game goes on (the last survivor wins)."""
    from .. import characters as chars
    for cid in state.order:
        if not alive(state, cid):
            continue
        state = update_character(state, cid, lives=2)
        if not row["magic"]:
            state = discard_cards(state, cid, only_type="magic_object")
            for sp in state.characters[cid].spells:
                state = chars.discard(state, sp)
            state = update_character(state, cid, spells=[])
    return log(state, "arena_not_implemented", character=who, lives=2)


def pandora_finders(state, who, row):
    """2 (partial): the Objects and Magic Objects of the discards are claimed, in discard order,
    as far as the carrying limit allows (a stand-in for the player's choice).  Teleporting each
    turn to other characters is not implemented; "take all Lives from all other Characters" is
    the last-survivor win."""
    from .. import characters as chars
    pile = list(state.discards.get("adventure", []))
    ch = state.characters[who]
    room = chars.carry_limit(ch) - len(chars.carried_objects(ch))
    taken = [c for c in pile if chars.card(c).type in ("object", "magic_object")][:max(0, room)]
    rest = list(pile)
    for c in taken:
        rest.remove(c)
    state = replace(state, discards=state.discards.set("adventure", pvector(rest)))
    state = update_character(state, who, objects=list(ch.objects) + taken)
    return log(state, "finders_keepers", character=who, cards=taken)


def pandora_perils(state, who, row):
    """3 (not implemented): teleporting the other characters to fight each other; logged only."""
    return log(state, "perils_not_implemented", character=who)

STEPS = {"endings.pandora_goal": pandora_goal,
         "endings.pandora_arena": pandora_arena,
         "endings.pandora_finders": pandora_finders,
         "endings.pandora_perils": pandora_perils}
