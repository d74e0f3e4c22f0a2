"""The Demon Lord (000 Alternative Endings): Craft 12, 4 lives, psychic combat, fleeing to the
Plain of Peril, and the mystic barrier around the Valley of Fire with its D8 chart."""
from __future__ import annotations

from ...engine.machine import decide, log
from ...engine.records import replace
from ...state import update_character
from .tasks import in_play, places, role
from .winning import win
from ...engine.machine import frame, push
from .. import characters
from .. import combat
from .. import movement

__all__ = ["DEMON_LORD", "barrier_chart", "demon_lord", "raise_barrier", "barrier",
           "BARRIER_ROLL", "barrier_kept", "demon_chosen", "demon_hit"]


DEMON_LORD = {"craft": 12, "lives": 4}


def barrier_chart():
    """The Demon Lord's barrier chart (D8 result -> space) for a character on the Valley of Fire
    (``data/talisman/endings.yaml``: results 1-3 name the Timescape, Dungeon and City boards;
    without that board in the game, ``instead`` sends them to the Portal of Power)."""
    return {int(k): sp for k, sp in places("demon_lord")["barrier"]["chart"].items()}


def demon_lord(state, cid):
    """The Demon Lord: Craft 12 and 4 lives; psychic combat to take all his lives; the
    character may flee to the Plain of Peril (the Demon Lord keeps all his lives)."""
    e = state.ending
    if "demon_lives" not in e:
        state = replace(state, ending=e.set("demon_lives", DEMON_LORD["lives"]))
    state = raise_barrier(state, cid)
    return decide(state, cid, "demon_lord", ["fight", "flee"], "endings.demon_chosen",
                  prompt=f"the Demon Lord (Craft 12, {state.ending['demon_lives']} lives)")


def raise_barrier(state, cid):
    """"the Demon Lord has created an impenetrable mystic barrier preventing any other player
    from entering the Valley of Fire. Any Character already on the Valley of Fire is teleported
    to a random location" (the D8 chart)."""
    state = replace(state, ending=state.ending.set("barrier_by", cid))
    out = [o for o in state.order if o != cid and state.characters[o].alive
           and state.characters[o].space == role("crown_gate")]
    for o in reversed(out):
        state = push(state, frame("endings.barrier", who=o))
    return state


def barrier(state, who):
    return BARRIER_ROLL.roll(state, f"the barrier throws {who}", who=who)


def barrier_kept(state, dice, who):
    """The chart's space, or what stands for it when its board is not in the game; the move is
    a forced move (cause ``demon_lord_barrier``), so the board it leads to may answer it (the
    followers that fear the Timescape stay behind); a board that refuses it sends the character
    to the stand-in space instead.  It is another character's power that moves him, on another's
    turn: ``movement.sent``, which sets no turn flag of his, so his own next turn begins with his
    movement as any other (000 CHARACTER'S TURN: "I. Movement II. Encounters"; the chart takes
    nothing from him; docs/rulings.md R-PROBE15D.1)."""
    barrier = places("demon_lord")["barrier"]
    dest = barrier["chart"][str(sum(dice))]
    instead = barrier.get("instead", {})
    if not in_play(state, dest):
        dest = instead[dest]
    state, _ = movement.sent(state, who, dest, "demon_lord_barrier")
    if state.characters[who].space != dest and dest in instead:
        dest = instead[dest]
        state = update_character(state, who, space=dest)
        state = log(state, "teleported", character=who, to=dest, cause="demon_lord_barrier")
    return state


#: The barrier's D8 for a character on the Valley of Fire ("Any Character already on the Valley of
#: Fire is teleported to a random location. Roll on this chart"): his own roll, the card's
#: instruction for his random location, so FATE (talisman-facts-verified.md 3: "a roll ordered by
#: a card") lets him pay one fate, once, to roll it again; not the challenger, whose die it is not
#: (rulings R-FATE15.1).
BARRIER_ROLL = characters.OwnRoll("endings.barrier_rolled", "endings.barrier_fate", "d8", barrier_kept,
                                  offer="rolled {total} on the Demon Lord's barrier chart",
                                  again="the barrier throws {who}, re-rolled", cause="the Demon Lord's barrier")


def demon_chosen(state, action):
    cid = state.current
    if action.kind == "flee":
        plain = role("inner_gate")
        state = update_character(state, cid, space=plain)
        state = replace(state, ending=state.ending.set("demon_lives", DEMON_LORD["lives"])
                        .discard("barrier_by"))
        return log(state, "fled", character=cid, to=plain, enemy="demon_lord")
    demon = {"name": "demon_lord", "card": None, "value": DEMON_LORD["craft"]}
    hit = {"step": "endings.demon_hit", "args": {"who": cid}}
    return combat.start_combat(state, cid, "psychic", [demon], on_win=hit, on_lose=None,
                               on_standoff=None, evadable=False)


def demon_hit(state, who):
    lives = state.ending["demon_lives"] - 1
    state = replace(state, ending=state.ending.set("demon_lives", lives))
    state = log(state, "demon_lord_wounded", character=who, lives=lives)
    if lives <= 0:
        return win(state, who, "demon_lord")
    return state

STEPS = {"endings.demon_chosen": demon_chosen,
         "endings.demon_hit": demon_hit,
         "endings.barrier": barrier,
         **BARRIER_ROLL.steps()}
