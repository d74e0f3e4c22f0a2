"""MOVEMENT: the Outer and Middle Regions, the bridge and the Sentinel, the Portal of Power,
the Inner Region one space at a time.

A movement roll offers every destination the rules allow as ``move:<space>``: the full
count, clockwise or counter-clockwise, the direction chosen once and changed only on
entering a new region (MOVEMENT IN THE OUTER, FAR-OUTER AND MIDDLE REGIONS; MOVEMENT
BETWEEN THE MIDDLE, OUTER AND FAR-OUTER REGIONS), and ``move:plain_of_peril`` when the
roll carries a character beyond the Portal of Power (THE PORTAL OF POWER).
"""
from __future__ import annotations

from ..definitions import load
from ..engine.machine import decide, frame, log, push, request_roll
from ..state import update_character
from . import characters, combat, turn

CLOCKWISE, COUNTER = 1, -1
SENTINEL_STRENGTH = 9  # SENTINEL SPACE (talisman-facts.md 1d: Strength 9)


def reachable(board, start, steps):
    """``{destination: path}`` for a movement roll of ``steps`` from ``start``.

    A path is a tuple of ``(space, how)`` with ``how`` one of ``step`` (along a ring),
    ``bridge`` (over the Storm River) or ``portal`` (opening the Portal of Power).
    """
    found = {}

    def walk(space, direction, left, path, just_crossed):
        if left == 0:
            found.setdefault(space, path)
            return
        region = board.spaces[space].region
        # THE PORTAL OF POWER: an attempt only "if their die roll ... is sufficient to carry them beyond".
        far = board.link(space, "portal")
        if far is not None and region == "middle":
            found.setdefault(far, path + ((far, "portal"),))
        # SENTINEL SPACE: the bridge may be crossed either way if the roll is sufficient;
        # "on entering the new Region" the direction may change.
        other = board.link(space, "bridge")
        if other is not None and not just_crossed:
            for d in (CLOCKWISE, COUNTER):
                walk(other, d, left - 1, path + ((other, "bridge"),), True)
        if board.shapes[region] == "ring" and region in ("outer", "middle"):
            nxt = board.ring_step(space, direction)
            walk(nxt, direction, left - 1, path + ((nxt, "step"),), False)

    for d in (CLOCKWISE, COUNTER):
        walk(start, d, steps, (), False)
    return found


def inner_destinations(board, state, cid):
    """MOVEMENT IN THE INNER REGION: one space a turn, forward or retreating; the Valley of
    Fire only with a Talisman; the Plain of Peril leads out to the Portal of Power."""
    space = state.characters[cid].space
    out = []
    for n in board.spaces[space].neighbours:
        if n == "valley_of_fire" and not has_talisman(state, cid):
            continue
        out.append(n)
    return out


def has_talisman(state, cid):
    """TALISMAN CARDS: not implemented yet, so no character holds a Talisman."""
    return "talisman" in state.characters[cid].objects


def distance_to_plain(board, space):
    ring = board.regions["inner"]
    if space not in ring:
        return len(ring)
    i = board.spaces[space].order
    return min(i, len(ring) - i)


# --- rule steps ---------------------------------------------------------------------

def start_movement(state):
    """I. Movement: roll the die by size in the Outer and Middle Regions; step in the Inner."""
    cid = state.current
    board = load().board
    space = state.characters[cid].space
    region = board.spaces[space].region
    if region in ("inner", "crown"):
        options = [f"move:{d}" for d in inner_destinations(board, state, cid)]
        if region == "crown":
            # "When on the Crown of Command Space a Character does not Move unless he wishes to Retreat"
            options.insert(0, "stay")
        return decide(state, cid, "move", options, "movement.inner_chosen",
                      prompt="one space (MOVEMENT IN THE INNER REGION)")
    return request_roll(state, combat.character_die(state, cid), f"movement of {cid}",
                        "movement.rolled")


def rolled(state, action):
    """The roll is made: offer every destination for the full count."""
    cid = state.current
    n = sum(action.dice)
    state = log(state, "movement_roll", character=cid, roll=n)
    dests = reachable(load().board, state.characters[cid].space, n)
    return decide(state, cid, "move", [f"move:{d}" for d in sorted(dests)], "movement.chosen",
                  prompt=f"rolled {n}", roll=n)


def chosen(state, action, roll):
    """Move along the path to the chosen destination, stopping where a rule stops it."""
    cid = state.current
    board = load().board
    path = reachable(board, state.characters[cid].space, roll)[action.args[0]]
    return follow(state, cid, path)


def follow(state, cid, path, sentinel_passed=False):
    """Walk ``path``; the Sentinel attacks on the bridge inward, the Portal asks to be opened.

    ``sentinel_passed``: the first step is the crossing the character has just won or evaded.
    """
    board = load().board
    passed = []
    for i, (space, how) in enumerate(path):
        here = state.characters[cid].space
        if how == "bridge" and board.spaces[here].region == "outer" and not (
                sentinel_passed and i == 0):
            # SENTINEL SPACE: "The Sentinel will attack a Character each time they attempt to
            # cross the bridge to enter the Middle Region."
            state = _moved(state, cid, passed, here)
            rest = [list(p) for p in path[i:]]
            go_on = {"step": "movement.follow", "args": {"path": rest}}
            stop = {"step": "turn.cut", "args": {}}
            return combat.start_battle(state, cid, "sentinel", SENTINEL_STRENGTH,
                                       on_win=go_on, on_lose=stop, on_standoff=stop)
        if how == "portal":
            state = _moved(state, cid, passed, here)
            return decide(state, cid, "portal", ["portal:strength", "portal:craft"],
                          "movement.portal_attempted",
                          prompt="open the Portal of Power by Strength or by Craft")
        passed.append(space)
        state = update_character(state, cid, space=space)
    return _moved(state, cid, passed, state.characters[cid].space)


def _moved(state, cid, passed, end):
    if passed:
        state = log(state, "moved", character=cid, path=passed, to=end)
    return state


def follow_step(state, path):
    """Rule step: go on along a path after the Sentinel was defeated."""
    return follow(state, state.current, tuple(tuple(p) for p in path), sentinel_passed=True)


def portal_attempted(state, action):
    """THE PORTAL OF POWER: roll 2D6; at most the chosen ability opens it (board text,
    talisman-facts.md 1b: force by Strength or pick the lock by Craft)."""
    return request_roll(state, "2d6", f"opening the Portal of Power by {action.args[0]}",
                        "movement.portal_rolled", ability=action.args[0])


def portal_rolled(state, action, ability):
    """Success ends the turn on the Plain of Peril; failure costs 1 of the ability and ends
    the move and the turn on the Portal."""
    cid = state.current
    total = sum(action.dice)
    value = getattr(state.characters[cid], ability)
    if total <= value:
        state = log(state, "portal_opened", character=cid, ability=ability, roll=total)
        state = update_character(state, cid, space="plain_of_peril")
        state = log(state, "moved", character=cid, path=["plain_of_peril"], to="plain_of_peril")
    else:
        state = log(state, "portal_failed", character=cid, ability=ability, roll=total)
        state = characters.lose_counter(state, cid, ability, 1, "failed to open the Portal")
    return turn.end_turn_now(state)


def inner_chosen(state, action):
    """One space in the Inner Region; RETREATING ignores the space's instructions;
    leaving by the Portal of Power is the whole move."""
    cid = state.current
    if action.kind == "stay":
        return log(state, "stayed", character=cid)
    board = load().board
    here = state.characters[cid].space
    dest = action.args[0]
    state = update_character(state, cid, space=dest)
    state = log(state, "moved", character=cid, path=[dest], to=dest)
    retreat = (board.spaces[dest].region == "inner"
               and distance_to_plain(board, dest) < distance_to_plain(board, here))
    if retreat:
        state = log(state, "retreated", character=cid, to=dest)
        return turn.end_turn_now(state)
    return state


STEPS = {"movement.start": start_movement, "movement.rolled": rolled,
         "movement.chosen": chosen, "movement.follow": follow_step,
         "movement.portal_attempted": portal_attempted, "movement.portal_rolled": portal_rolled,
         "movement.inner_chosen": inner_chosen}
