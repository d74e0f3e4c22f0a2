"""PROWLING WEREWOLF: MOVING THE WEREWOLF and ENCOUNTERING THE WEREWOLF.

"Whenever a player rolls a "1" for his move, he completes his turn as normal, but then he must
roll the die again and move the Werewolf figure according to the normal rules for moving a
character", except that at Night it ends its move on entering a space with a character, it
crosses the Storm River freely at the Sentinel and it cannot cross the Portal of Power.  It
"may enter and leave expansion boards ... according to the normal rules for a character
entering and leaving those expansion boards" (the City, the Dungeon: :func:`destinations`); "If the Werewolf
figure reaches the last space on an expansion board, such as the Treasure Chamber in the
Dungeon Region, it must immediately move to any space in any Region (except the Inner Region)
and end its movement in that space": the Dungeon's Treasure Chamber (the City has no last
space, the Wizard's Tower is entered only by a move without a roll: docs/rulings.md entry 11;
the Timescape is never entered: R-WOLF.5).
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
from ...rules.hooks import adjust
from . import lycanthropy  # (a cycle through jobs: attributes are read at call time only)
from . import store

#: The die the Werewolf's mover rolls (the figure has no size: one D6).
DIE = "d6"
CLOCKWISE, COUNTER = 1, -1


def space(state):
    return store.get(state, "werewolf", store.WEREWOLF_START)


def occupied(state):
    return {ch.space for ch in state.characters.values() if ch.alive}


def destinations(board, start, steps, stop_at=frozenset(), boards=None, doorways=()):
    """``{destination: path}`` for the Werewolf moving ``steps`` from ``start``: the full
    count, clockwise or counter-clockwise along the ring, over the bridge at the Sentinel
    (freely, either way, the direction chosen again on entering the new Region), never
    through the Portal of Power; it ends at once on entering a space in ``stop_at`` (the
    spaces with characters, at Night).

    ``boards``: the expansion boards in play it may walk (``werewolf.yaml``'s
    ``expansion_boards``), "according to the normal rules for a character entering and leaving
    those expansion boards".  A board with a ``gate`` (the City): landing on ``gate.main`` (the
    City space) is a destination of its own (:func:`moved` puts the figure on ``gate.inside``,
    the City Gate); from the Gate its move is either into the Town Square (the whole move) or
    the full count on the main board from the City space (leaving by road); inside, it walks the
    board's spaces without turning back, a move into a Building (``ends_move``) ends there, and
    reaching the Gate it may stop or take the rest of its move on the main board.  A board with
    an ``entrance`` (the Dungeon, a path): from a space in ``doorways`` (:func:`doorways`: an
    upturned Doorway) the
    Entrance is one more destination (the whole move); from the Entrance the move is the roll
    along the path, or back out onto any upturned Doorway (the whole move); on the path it goes
    toward the end only, stopping there ("Upon entering the Treasure Chamber, your Movement
    ends"), and reaching the ``last_space`` it "must immediately move to any space" of the
    Regions ``jump_to``: each such space is a destination, its path through the last space."""
    found = {}
    boards = boards or {}

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

    def on_main(here, left, path):
        for d in (CLOCKWISE, COUNTER):
            walk(here, d, left, path, False)

    def in_board(b, here, prev, left, path):
        gate = b["gate"]
        spaces = board.regions[board.spaces[gate["inside"]].region]
        for n in board.spaces[here].neighbours:
            if n == prev or n == start or n not in spaces or n in b["closed"]:
                continue
            p = path + (n,)
            if n in b["ends_move"] or left == 1 or n in stop_at:
                found.setdefault(n, p)
            elif n == gate["inside"]:
                found.setdefault(n, p)  # "does not have to finish his Move at the City Gate"
                on_main(gate["main"], left - 1, p + (gate["main"],))
            else:
                in_board(b, n, here, left - 1, p)

    def jump(b, path):  # "it must immediately move to any space in any Region (except the Inner Region)"
        for r in b["jump_to"]:
            for dest in board.regions[r]:
                found.setdefault(dest, path + (dest,))

    def on_path(b, i, left, path):
        ring = board.regions[board.spaces[b["entrance"]].region]
        if ring[i] == b["last_space"]:  # standing there (only a set-up position): it jumps
            return jump(b, path)
        for here in ring[i + 1:i + 1 + left]:
            path = path + (here,)
            if here == b["last_space"]:  # reached the end: the jump wins over a Night stop (R-WOLF.4)
                return jump(b, path)
            if here in stop_at:
                break
        found.setdefault(path[-1], path)
        return None

    for b in boards.values():
        if "entrance" not in b:
            continue
        ring = board.regions[board.spaces[b["entrance"]].region]
        if start == b["entrance"]:  # "enter the Dungeon ... or return ... through any upturned Doorway"
            on_path(b, 0, steps, ())
            for d in doorways:
                found.setdefault(d, (d,))
            return found
        if start in ring:
            on_path(b, ring.index(start), steps, ())
            return found
    for b in boards.values():
        if "gate" not in b:
            continue
        gate = b["gate"]
        if start == gate["inside"]:
            found[gate["square"]] = (gate["square"],)  # "you may Move into the Town Square"
            on_main(gate["main"], steps, (gate["main"],))  # or leave by road
            break
        if board.spaces[start].region == board.spaces[gate["inside"]].region:
            in_board(b, start, None, steps, ())
            break
    else:
        on_main(start, steps, ())
    if start in doorways:  # "On your next turn you may Move onto the Entrance Space"
        for b in boards.values():
            if "entrance" in b:
                found.setdefault(b["entrance"], (b["entrance"],))
    return found


def expansion_boards(state):
    """The expansion boards in play that the Werewolf may walk (``werewolf.yaml``)."""
    boards = lycanthropy.werewolf_card().get("expansion_boards") or {}
    return {e: b for e, b in boards.items() if e in state.config.expansions}


def doorways(state, boards):
    """The spaces from which the figure may go down onto the entrance of a path board in play,
    and back out onto from it (an upturned Doorway of the Dungeon): the board's own answer to the
    ``entrance_ways`` hook point (an expansion imports no other and reads no other's state)."""
    found = set()
    for b in boards.values():
        if "entrance" in b:
            found |= set(adjust(state, "entrance_ways", (), entrance=b["entrance"]))
    return frozenset(found)


def entered(state, dest):
    """Where the figure stands after a move ending on ``dest``: on an expansion board's Gate
    when ``dest`` is its gate on the main board ("Upon landing on the City Gate, Move the
    playing Piece to the corresponding City Gate on the Talisman City Board")."""
    for b in expansion_boards(state).values():
        if "gate" in b and dest == b["gate"]["main"]:
            return b["gate"]["inside"]
    return dest


def options_for(state, roll):
    """The Werewolf's destinations for a roll in this state."""
    boards = expansion_boards(state)
    stop = set(occupied(state)) if store.is_night(state) else set()
    for b in boards.values():  # a character at the City Gate is met on landing on the City space
        if "gate" in b and b["gate"]["inside"] in stop:
            stop.add(b["gate"]["main"])
    return destinations(load().board, space(state), roll, frozenset(stop), boards, doorways(state, boards))


def reach_probability(state, target):
    """The exact probability that the Werewolf's next move *can* end on ``target`` (the mover
    choosing so), from where it stands and at the time of day showing."""
    p = Fraction(0)
    for values, prob in dicelib.outcomes(DIE):
        if target in {entered(state, d) for d in options_for(state, sum(values))}:
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
    if not dests:  # only a set-up position off every board it walks (the Timescape): it stays
        return log(state, "werewolf_stays", space=space(state))
    return decide(state, mover, "werewolf", [f"werewolf:{d}" for d in sorted(dests)],
                  "blood_moon.werewolf_moved", prompt=f"move the Werewolf {n}", roll=n, mover=mover)


def moved(state, action, roll, mover):
    dest = action.args[0]
    path = list(options_for(state, roll)[dest])
    if entered(state, dest) != dest:  # the City space: onto the City board's Gate
        dest = entered(state, dest)
        path.append(dest)
    state = store.store(state, werewolf=dest)
    state = log(state, "werewolf_moved", path=path, to=dest)
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
