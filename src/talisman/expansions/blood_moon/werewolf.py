"""PROWLING WEREWOLF: MOVING THE WEREWOLF and ENCOUNTERING THE WEREWOLF.

"Whenever a player rolls a "1" for his move, he completes his turn as normal, but then he must
roll the die again and move the Werewolf figure according to the normal rules for moving a
character", except that at Night it ends its move on entering a space with a character, it
crosses the Storm River freely at the Sentinel and it cannot cross the Portal of Power.
Ending on characters, "the player who moved the Werewolf figure must choose one character on
that space.  The chosen character then rolls one die and consults the chart on the Werewolf
Card".  "Characters who land on the Werewolf figure's space do not encounter the Werewolf."

Notation: ``werewolf:<space>`` (the mover moves the figure there), ``victim:<character>``
(the mover picks whom it meets).
"""
from __future__ import annotations

from fractions import Fraction

from ...definitions import load
from ...engine import dice as dicelib
from ...engine.machine import decide, log, request_roll
from ...rules import effects as base_effects
from . import store

#: The die the Werewolf's mover rolls (the figure has no size: one D6).
DIE = "d6"
CLOCKWISE, COUNTER = 1, -1


def space(state):
    return store.get(state, "werewolf", store.WEREWOLF_START)


def occupied(state):
    return {ch.space for ch in state.characters.values() if ch.alive}


def destinations(board, start, steps, stop_at=frozenset()):
    """``{destination: path}`` for the Werewolf moving ``steps`` from ``start``: the full
    count, clockwise or counter-clockwise along the ring, over the bridge at the Sentinel
    (freely, either way, the direction chosen again on entering the new Region), never
    through the Portal of Power; it ends at once on entering a space in ``stop_at`` (the
    spaces with characters, at Night)."""
    found = {}

    def walk(here, direction, left, path, just_crossed):
        if left == 0 or (path and here in stop_at):
            found.setdefault(here, path)
            return
        region = board.spaces[here].region
        other = board.link(here, "bridge")
        if other is not None and not just_crossed:
            for d in (CLOCKWISE, COUNTER):
                walk(other, d, left - 1, path + (other,), True)
        if board.shapes[region] == "ring" and region in ("outer", "middle"):
            nxt = board.ring_step(here, direction)
            walk(nxt, direction, left - 1, path + (nxt,), False)

    for d in (CLOCKWISE, COUNTER):
        walk(start, d, steps, (), False)
    return found


def options_for(state, roll):
    """The Werewolf's destinations for a roll in this state."""
    stop = frozenset(occupied(state)) if store.is_night(state) else frozenset()
    return destinations(load().board, space(state), roll, stop)


def reach_probability(state, target):
    """The exact probability that the Werewolf's next move *can* end on ``target`` (the mover
    choosing so), from where it stands and at the time of day showing."""
    p = Fraction(0)
    for values, prob in dicelib.outcomes(DIE):
        if target in options_for(state, sum(values)):
            p += prob
    return p


# --- rule steps ---------------------------------------------------------------------------

def start_move(state, mover):
    """The mover rolls again for the Werewolf (a chance node)."""
    if not store.alive(state, mover):
        return state
    return request_roll(state, DIE, f"the Werewolf's move by {mover}", "blood_moon.werewolf_rolled",
                        mover=mover)


def rolled(state, action, mover):
    n = sum(action.dice)
    state = log(state, "werewolf_roll", character=mover, roll=n, space=space(state))
    dests = options_for(state, n)
    return decide(state, mover, "werewolf", [f"werewolf:{d}" for d in sorted(dests)],
                  "blood_moon.werewolf_moved", prompt=f"move the Werewolf {n}", roll=n, mover=mover)


def moved(state, action, roll, mover):
    dest = action.args[0]
    path = options_for(state, roll)[dest]
    state = store.store(state, werewolf=dest)
    state = log(state, "werewolf_moved", path=list(path), to=dest)
    victims = [c for c in state.order if store.alive(state, c) and state.characters[c].space == dest]
    if not victims:
        return state
    if len(victims) == 1:
        return meet(state, victims[0], dest)
    return decide(state, mover, "victim", [f"victim:{c}" for c in victims],
                  "blood_moon.victim_chosen", prompt="whom the Werewolf meets", space=dest)


def victim_chosen(state, action, space):
    return meet(state, action.args[0], space)


def meet(state, victim, where):
    """ENCOUNTERING THE WEREWOLF: the chosen character rolls on the Werewolf's chart."""
    state = log(state, "werewolf_met", character=victim, space=where)
    return base_effects.run(state, [{"werewolf_chart": {}}], victim, {"card": "werewolf"})


STEPS = {"blood_moon.werewolf_rolled": rolled, "blood_moon.werewolf_moved": moved,
         "blood_moon.victim_chosen": victim_chosen}
