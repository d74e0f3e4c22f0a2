"""Entering the City and Movement in the City (000 THE TALISMAN CITY).

"Any Character landing on the City Gate may attempt to enter the City on their next turn ... On
your next Move you may Move into the Town Square."  A character who landed on the Gate (the City
board's, or the main board's City space) chooses ``move:<town square>`` or ``roll``: a move on the
main board from the City space (he only arrived there, never entered, and turns back).  One who
stopped at the Gate from inside is in the City and follows "the standard rules for Movement": he
rolls and walks either way, into the streets or out onto the main board from the City space,
which is leaving the City by road (docs/rulings.md R-RULE16.1).

Inside, "Characters follow the standard rules for Movement, with the following exceptions: Any
Character moving into a Building ends his Movement there. All Buildings must be entered where there
is an Arrow notating an entrance ... Characters may not remain in a Building from one turn to
another."  The streets are a graph (``board.yaml``): a roll of N walks exactly N streets without
turning back on the space just left (the standard rule's one direction), or stops early on entering
a building through one of its entrances (a building's neighbours), or on reaching the Gate; from
the Gate the rest of the roll is taken on the main board ("Any additional Movement is taken on the
main Board").  A character in a building must move out of it.  Destinations are offered as
``move:<space>`` as on the main board.

"The merchants in the City will not allow animals in their shops": animals (city.yaml) are left
outside a building the character enters (held in ``state.ext``) and taken back on the way out.
"""
from __future__ import annotations

from ...rules.hooks import OneWalk, adjust, run_hook
from ...rules.kernel import OwnWalk, set_turn_flag, waiting

from ...definitions import load
from ...errors import StateError
from ...engine.machine import decide, frame, log, push, request_roll
from ...rules import characters as chars
from ...rules import abilities, movement, turn
from ...state import update_character
from . import data, store
from . import law
from . import leaving


set_flag = set_turn_flag  # a character's turn flag (the rule kernel's operation)


def in_city(space):
    return data.kind(space) is not None


#: The rule step a Stowaway's run waits in while the others answer its movement roll (R-FC12.2).
RUN_WAITING = "city.run_answered"


def running(state, cid):
    """Whether ``cid``'s movement roll is a Stowaway's run into the streets, still to be run (its
    answers under way: Dark Binding stops him along the clockwise run, not the streets' walks)."""
    return waiting(state, RUN_WAITING, {"character": cid}) is not None


# --- the before_movement hook ---------------------------------------------------------------

def before_movement(state, cid):
    """Move a character in the City (or at its Gate) the City's way: the state and whether
    the City moves him (the ``before_movement`` answer)."""
    ch = state.characters[cid]
    if ch.next_move is not None:
        return state, False  # an encounter fixed this move: the base rules follow it
    if ch.space != data.gate()["main"] and not in_city(ch.space):
        return state, False
    return push(state, frame("city.move")), True


def teleport_destinations(state, spaces, character, region):
    """Value hook (Movement in the City): "All Buildings must be entered where there is an Arrow
    notating an entrance. Characters may, however, Teleport from one Building to another."  From
    a City space a same-Region teleport reaches the City's other spaces (not the Donjon, entered
    only by arrest), and no main-board space: as from outside a teleport does not reach into the
    City (the compendium's ways in are the Gate, the Barge and Water Walking), from inside it does
    not reach out (the ways out are the road, the barge, the Dungeon and the Timescape); the
    Leprechaun's exception, "You may Teleport into and out of any Space in the City", makes both a
    special power (``abilities.crosses_city_walls``: his teleport keeps the main board's Outer
    Region, leaving that way checked by ``leaving.before_forced_move``; docs/rulings.md R-CY11.6,
    R-RH14.2).  From a City space no teleport, whatever its Region (the
    barge's "any Space of his choice in the Outer Region", a Stowaway's), lands on the main
    board's City space: "The City Space on the main board is considered the City Gate", so it
    would not leave the City (docs/rulings.md R-CF9.5); the Gate is offered inside when the
    Region is the City's own.  With the option ``city_teleport: outer_region`` (reading B of
    R-RH14.2: "All rules, which apply to the Outer Region, apply to the City as well") every
    same-Region teleport crosses the walls both ways, as the Leprechaun's does."""
    here = state.characters[character].space
    open_walls = state.option("city_teleport") == "outer_region"
    if not in_city(here):
        if open_walls and region == "same" and _in_the_outer_region(here):
            return tuple(dict.fromkeys(tuple(spaces) + _inside_but(here)))  # B: into the City too
        return spaces
    outside = tuple(s for s in spaces if s != data.gate()["main"])
    if region != "same":
        return outside
    if data.kind(here) == "gate" and store.arrived(state, character):
        return outside  # only landed on the Gate: not yet inside the walls (R-PROBE14E.4)
    inside = _inside_but(here)
    if not (open_walls or abilities.crosses_city_walls(state, character)):
        return inside
    return tuple(dict.fromkeys(outside + inside))


def _inside_but(here):
    """The City's spaces a teleport may reach inside its walls: all but ``here`` and the Donjon
    (entered only by arrest)."""
    return tuple(s for s in data.spaces() if s != here and data.kind(s) != "donjon")


def _in_the_outer_region(space):
    """Whether a main-board ``space`` is in the Outer Region (where a same-Region teleport may
    reach the City under ``city_teleport: outer_region``)."""
    board = load().board
    region = board.spaces[space].region
    return board.part_of.get(region, region) == "outer"


def resume_movement(state):
    """Rule step: the choice before moving was a spell or trophies: offer the move again."""
    return push(state, frame("movement.start"))


def start(state):
    """Rule step: the choices before a move in the City."""
    cid = state.current
    frozen = movement.offer_freeze(state, cid, "city.move")  # Immobility, "wherever they are"
    if frozen is not None:
        return frozen
    ch = state.characters[cid]
    kind = data.kind(ch.space)
    if kind == "donjon":
        return law.donjon_options(state, cid)
    gate = data.gate()
    options = ["roll"]
    if (kind == "gate" and store.arrived(state, cid)) or ch.space == gate["main"]:
        # "On your next Move you may Move into the Town Square" (Entering the City): the one who
        # landed on the Gate; one who stopped there from inside moves by the standard rules, a roll
        # walked either way (R-RULE16.1)
        options = [f"move:{gate['square']}", "roll"]
    if kind == "wharf":
        options += leaving.wharf_options(state, cid)
    # "While in the City, Characters follow the standard rules for Movement": the main board's
    # choices before moving (``movement.before_roll_options``: outside the walls a Raft crosses
    # the river as usual; no City space has one opposite), the Warlock's quest as the City's
    # Loan allows it (:func:`leaving.quest_options`)
    options += movement.before_roll_options(
        state, cid, keep=lambda o: not o.startswith("quest:") or o in leaving.quest_options(state, cid))
    if options == ["roll"]:
        return roll(state, cid)
    where = load().board.spaces[ch.space].name
    return decide(state, cid, "turn", options, "city.turn_chosen", prompt=f"in the City: {where}")


def turn_chosen(state, action):
    cid = state.current
    ch = state.characters[cid]
    if action.kind == "roll":
        if data.kind(ch.space) == "gate" and not store.arrived(state, cid):
            # in the City at its Gate: "Characters follow the standard rules for Movement", the roll
            # walked into the streets or out onto the main board (:func:`destinations`; R-RULE16.1)
            return roll(state, cid)
        if data.kind(ch.space) == "gate" or ch.space == data.gate()["main"]:
            # outside the walls (arrived at the Gate, never in): the main board's move
            state = store.set_arrived(state, cid, False)
            state = update_character(state, cid, space=data.gate()["main"])
            return movement.roll_for_movement(state)
        return roll(state, cid)
    if action.kind == "move":
        state = store.set_arrived(state, cid, False)
        return enter_square(state, cid)
    if action.kind == "quest":
        return leaving.deliver_quest(state, cid, action)
    if action.kind == "barge":
        return leaving.barge(state, cid, action.args[0])
    if action.kind == "stowaway":
        return leaving.stowaway(state, cid)
    return movement.before_roll(state, action)  # the main board's own step, then the move again


def enter_square(state, cid):
    """"On your next Move you may Move into the Town Square": that is the whole move."""
    square = data.gate()["square"]
    state = set_flag(state, cid, "moved")
    state = update_character(state, cid, space=square)
    state = log(state, "moved", character=cid, path=[square], to=square)
    return log(state, "city_entered", character=cid, to=square)


def roll(state, cid):
    """Roll the die by size (a Toad moves one space; so does everyone in the Blizzard)."""
    if state.characters[cid].toad_turns or movement.in_blizzard(state):
        # the Blizzard ("every character, in any Region, moves only one space a turn") holds the
        # City too: "Any events, which effect the Outer Region, will also effect the City" (000 THE
        # TALISMAN CITY); only the Dungeon is excepted (000 THE TALISMAN DUNGEON)
        return offer(state, cid, 1)
    # "All rules, which apply to the Outer Region, apply to the City as well": the movement
    # roll's dice are the main board's (the Moon Mist's extra die too; rulings R-MM9B.1)
    return request_roll(state, movement.movement_die(state, cid), f"movement of {cid} in the City",
                        "city.rolled")


def rolled(state, action, rerolled=False, kept=None):
    """Rule step: the roll is made.  "Characters follow the standard rules for Movement": the
    others answer the roll first, as on the main board (the ``movement_roll_answers`` hook, the
    Harbinger's Dark Binding; rulings R-CAST2.3, R-HARB2.1); then the mover chooses.  A roll
    of several dice (the Moon Mist's) walks the die that counts, as the ``movement_count`` hook
    says (rulings R-MM9, R-MM9B.1): the streets are walked by that count, the abilities read it."""
    cid = state.current
    new, action = action.dice, chars.rerolled_roll(action, kept)  # (one die re-rolled: R-RF14.1)
    n = sum(action.dice)
    count = movement.counted_roll(state, cid, n, action.dice)
    state = log(state, "movement_roll", character=cid, roll=n)
    if rerolled:  # a Fate re-roll, as the main board's (``movement.rolled``): its hook sees the dice
        state = chars.fate_rerolled(state, cid, new, "movement")
    state = run_hook(state, "movement_rolled", character=cid, roll=n, dice=action.dice)
    first = adjust(state, "movement_roll_answers", (), character=cid, roll=n, dice=action.dice,
                   waiting="city.roll_answered")
    if first:
        return push(state, frame("city.roll_answered", character=cid, roll=count, dice=list(action.dice)),
                    *reversed(first))
    return offer(state, cid, count, action.dice)


def roll_answered(state, character, roll, replaced=False, dice=None):
    """Rule step: the roll's answers are done; the mover chooses (unless one took the move)."""
    return state if replaced else offer(state, character, roll, dice)


def _moves_here(state, cid):
    """Whether ``cid`` moves by the streets (in the City, not in the Donjon)."""
    here = state.characters[cid].space
    return in_city(here) and data.kind(here) != "donjon"


def _pairs(found):
    """A walk of the streets (:func:`destinations`) as the main board gives its own (``(space, how)``
    pairs), the main board's part past the Gate included."""
    city_path, main_path = found
    return tuple((s, "step") for s in city_path) + tuple(main_path or ())


def _walks(state, cid, steps):
    """``{destination: (streets, main board's part)}`` of a count of ``steps`` from ``cid``'s
    space: the streets' walks (:func:`destinations`), or while a Stowaway's run waits for its
    answers, the clockwise circuit only (Dark Binding stops him along it: R-FC12.2)."""
    if running(state, cid):
        path = tuple(run_path(state, cid, steps))
        return {path[-1]: (path, None)}
    return destinations(state.characters[cid].space, steps)


def _walk(state, cid, steps, found):
    """The move along one of :func:`_walks`: the run's (:func:`run_along`) or the streets' way."""
    if running(state, cid):
        return run_along(state, cid, found[0])
    return walk(state, cid, *found)


#: The streets' walk for the hook points that read a move's walk (``movement_walks``: what changes
#: a move by the spaces it passes, the Blood Moon's Guiding Light, Fright Night, Wall of Fire,
#: docs/rulings.md R-CF10.2; ``movement_along``: every space a roll or fewer reaches, a building
#: entered, the Gate, the main board past it, for Dark Binding; ``move_elsewhere``: the walk to a
#: stop another added, by the shortest count, the City's way: :func:`walk`).
WALK = OwnWalk(on_board=_moves_here, walks=_walks, pairs=_pairs, walk=_walk)
walks, along, move_elsewhere = WALK.movement_walks, WALK.movement_along, WALK.move_elsewhere


def offer(state, cid, n, dice=None):
    """The destinations of a roll counting ``n`` (``dice``: the dice rolled; none for a Toad's one
    space), as the ``movement_destinations`` hook point makes them: "Characters follow the standard
    rules for Movement", so what changes a move on the main board changes it in the streets
    (docs/rulings.md R-CF10.2); the Fate re-roll, the abilities' options on the roll."""
    ch = state.characters[cid]
    dests = tuple(sorted(destinations(ch.space, n)))
    if dice is not None:
        dests = adjust(state, "movement_destinations", dests, character=cid, roll=n, dice=tuple(dice))
    options = [f"move:{d}" for d in dests]
    if not options:
        return log(state, "no_move", character=cid, space=ch.space)
    if dice is not None:  # FATE: pay one to roll the movement die again (one of several: R-RF14.1)
        options += movement.offer_reroll(state, cid, dice)
    if dice is not None:  # an ability on the roll (the Leprechaun's Teleport on a 4: "into and out of");
        # none when no die is rolled (a Toad's or the Blizzard's one space)
        rolled = abilities.movement_roll_options(state, cid, n)
        if data.kind(ch.space) == "building":
            # "Characters may not remain in a Building from one turn to another. They must Move":
            # no healing instead of moving there (the Troll's regeneration; rulings R-CT8.5)
            rolled = [o for o in rolled if o != "regenerate"]
        options += rolled
    several = {"dice": list(dice)} if dice is not None and len(dice) > 1 else {}
    return decide(state, cid, "move", options, "city.move_chosen",
                  prompt=movement.roll_prompt(state, cid, n, dice, where="the City"), roll=n, **several)


def move_chosen(state, action, roll, dice=None):
    cid = state.current
    if action.kind == "regenerate":
        return abilities.regenerate(state, cid)
    if action.kind == "teleport":
        state = log(state, "ability_used", character=cid, ability="teleport")
        return movement.offer_teleport(state, cid, abilities.teleport_region(state, cid, roll), False,
                                       "teleport on the movement roll")
    if action.kind == "fate":
        return movement.pay_reroll(state, cid, dice or (roll,), action, f"movement re-roll of {cid} in the City",
                                   "city.rolled", rerolled=True)
    here, dest = state.characters[cid].space, action.args[0]
    found = destinations(here, roll).get(dest)
    if found is not None:
        return walk(state, cid, *found)
    # a destination the movement_destinations hook point added: a stop short of the count (the
    # Guiding Light, Fright Night, the Wall of Fire), walked the City's way (:func:`move_elsewhere`),
    # or staying put (the character's own space, as on the main board: no walk)
    state = set_flag(state, cid, "moved")
    if dest == here:
        return state
    state, handled = adjust(state, "move_elsewhere", (state, False), character=cid, dest=dest, roll=roll)
    if not handled:
        raise StateError("state.pending", f"city.move_chosen: no walk of {roll!r} from {here} to {dest}")
    return state


def destinations(start, steps):
    """``{destination: (city path, main-board path or None)}`` for a roll of ``steps`` from
    ``start`` (the module docstring says how the City is walked)."""
    board = load().board
    main = data.gate()["main"]
    found, seen = {}, set()

    def go(space, prev, left, path):
        if (space, prev, left) in seen:
            return
        seen.add((space, prev, left))
        for n in board.spaces[space].neighbours:
            kind = data.kind(n)
            if n == prev or kind is None or kind == "donjon" or n == start:
                continue
            here = path + (n,)
            if kind == "building":
                found.setdefault(n, (here, None))  # moving into a building ends the move
            elif kind == "gate":
                found.setdefault(n, (here, None))
                for dest, main_path in movement.reachable(board, main, left - 1).items() if left > 1 else ():
                    found.setdefault(dest, (here, main_path))
            elif left == 1:
                found.setdefault(n, (here, None))
            else:
                go(n, space, left - 1, here)

    go(start, None, steps, ())
    if data.kind(start) == "gate":
        # from the Gate itself the road out is the whole roll on the main board from the City space
        # ("Once there the Playing Piece may be Moved to the main Board"): no street walked first
        for dest, main_path in movement.reachable(board, main, steps).items():
            found.setdefault(dest, ((), main_path))
    return found


def walk(state, cid, city_path, main_path):
    """Walk the City part of a move; through the Gate, the rest is the main board's."""
    start = state.characters[cid].space
    state = set_flag(state, cid, "moved")
    if data.kind(start) == "building":
        state = regain_animals(state, cid)
    if not city_path:  # from the Gate straight onto the main board (:func:`destinations`)
        return _out_by_road(state, cid, main_path)
    end = city_path[-1]
    state = update_character(state, cid, space=end)
    state = log(state, "moved", character=cid, path=list(city_path), to=end)
    if main_path is None:
        if data.kind(end) == "building":
            state = leave_animals(state, cid, end)
        return state
    return _out_by_road(state, cid, main_path)


def _out_by_road(state, cid, main_path):
    """Leaving by road past the Gate (the Loan, the Warrant asked): the main board's part of the move."""
    state, allowed = leaving.attempt(state, cid, "road")
    if not allowed:
        return turn.end_turn_now(state)
    state = update_character(state, cid, space=data.gate()["main"])
    return movement.follow(state, cid, tuple(tuple(p) for p in main_path))


def run_path(state, cid, n):
    """The ``n`` streets of the City's clockwise circuit (city.yaml) from ``cid``'s space."""
    circuit = list(data.rules()["circuit"])
    here = state.characters[cid].space
    i = circuit.index(here) if here in circuit else 0
    return [circuit[(i + k) % len(circuit)] for k in range(1, n + 1)]


def run_stops(state, cid, n):
    """The stops of a run of ``n`` streets, as the ``movement_destinations`` hook point makes them
    (docs/rulings.md R-FI12.1): the run's end, or where a card stops it on the way (Fright Night,
    the Wall of Fire), or any street along it (the Guiding Light), or his own space (the Demon of
    Sloth's roll of 1).  The hook point is given the run as its ``way`` (a ``hooks.OneWalk`` of
    the clockwise run), so the walks it reads are the run's only, never the streets' (R-FA13.2)."""
    run = OneWalk(tuple((space, "step") for space in run_path(state, cid, n)))
    end = run.pairs[-1][0]
    return tuple(adjust(state, "movement_destinations", (end,), character=cid, roll=n, dice=(n,), way=run))


def run_to(state, cid, n, dest):
    """The run of ``n`` streets made up to ``dest``, a stop along it (:func:`run_stops`); his own
    street (a stop that stays) leaves him there."""
    path = run_path(state, cid, n)
    if dest in path:
        return run_along(state, cid, path[:path.index(dest) + 1])
    if dest == state.characters[cid].space:
        return set_flag(state, cid, "moved")
    raise StateError("state.pending", f"city.run_kept: no stop {dest!r} along a run of {n!r}")


def run_along(state, cid, path):
    """The run made along ``path`` (its streets in order), stopping on its last."""
    state = set_flag(state, cid, "moved")
    state = update_character(state, cid, space=path[-1])
    return log(state, "moved", character=cid, path=list(path), to=path[-1])


# --- animals outside the shops ------------------------------------------------------------------

def animals(state, cid):
    """The character's animals: every Animal (``chars.is_animal``) and the cards of the subtypes
    city.yaml's ``animals_also`` names ("Dragons and all oversize beasts"; rulings R-FB12.2)."""
    return chars.animals(state, cid, also=tuple(data.rules()["animals_also"]))


def leave_animals(state, cid, building):
    """Animals stay outside a building (the Stables let them in)."""
    if building in data.rules()["animals_allowed"]:
        return state
    beasts = animals(state, cid)
    if not beasts:
        return state
    ch = state.characters[cid]
    followers = list(ch.followers)
    objects = [c for c in beasts if c not in followers]
    for c in beasts:
        if c in followers:
            followers.remove(c)
    state = chars.remove_objects(update_character(state, cid, followers=followers), cid, objects)
    state = store.hold(state, f"outside:{cid}", beasts)
    return log(state, "animals_left", character=cid, cards=beasts, space=building)


def teleported_within(state, cid, space):
    """Moved by an effect from one City space to another (a teleport from one building to
    another): animals are regained on the way out of a building and left outside the next."""
    if data.kind(state.characters[cid].space) == "building":
        state = regain_animals(state, cid)
    if data.kind(space) == "building":
        state = leave_animals(state, cid, space)
    return state


def regain_animals(state, cid):
    """"If you leave these items outside any shop, you may regain them as you exit."""
    state, beasts = store.release(state, f"outside:{cid}")
    if not beasts:
        return state
    ch = state.characters[cid]
    followers, objects = list(ch.followers), list(ch.objects)
    for c in beasts:
        (objects if load().cards[c].type in ("object", "magic_object") else followers).append(c)
    state = update_character(state, cid, followers=followers, objects=objects)
    return log(state, "animals_regained", character=cid, cards=beasts)


STEPS = {"city.move": start, "city.turn_chosen": turn_chosen, "city.rolled": rolled,
         "city.roll_answered": roll_answered,
         "city.move_chosen": move_chosen, "city.resume_movement": resume_movement}
