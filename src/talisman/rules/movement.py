"""MOVEMENT: the Outer and Middle Regions, the bridge and the Sentinel, the Portal of Power,
the Inner Region one space at a time.

A movement roll offers every destination the rules allow as ``move:<space>``: the full
count, clockwise or counter-clockwise, the direction chosen once and changed only on
entering a new region (MOVEMENT IN THE OUTER, FAR-OUTER AND MIDDLE REGIONS; MOVEMENT
BETWEEN THE MIDDLE, OUTER AND FAR-OUTER REGIONS), and ``move:plain_of_peril`` when the
roll carries a character beyond the Portal of Power (THE PORTAL OF POWER).  Where the count
reaches a space both ways round, ``move:<space>`` walks clockwise and
``move:<space>:anticlockwise`` is offered besides only where the way changes the move (rulings
R-MV10.1: :func:`other_ways`).
"""
from __future__ import annotations

import functools

from . import possessions
from .kernel import end_turn_now, may_affect, set_turn_flag, space_named_for
from .hooks import OneWalk, adjust, run_hook
from ..definitions import load
from ..engine.records import EMPTY_PMAP, replace
from ..engine.machine import decide, frame, log, push, request_roll
from ..engine.ruleset import Plugin
from ..state import character, update_character
from ..engine.records import plain
from . import abilities, characters, combat, spells
from . import characters as chars
from . import quests

CLOCKWISE, COUNTER = 1, -1
#: The notation's way round for a space one count reaches both ways: ``move:<space>:anticlockwise``
#: (``move:<space>`` alone walks clockwise there; rulings R-MV10.1).
ANTICLOCKWISE = "anticlockwise"


def reachable(board, start, steps):
    """``{destination: path}`` for a movement roll of ``steps`` from ``start`` (a fresh dict of
    the cached answer: the board never changes, so the answer is a pure function of the two)."""
    return dict(_reachable(board, start, steps))


@functools.lru_cache(maxsize=4096)
def _reachable(board, start, steps):
    """``{destination: path}`` for a movement roll of ``steps`` from ``start``: of the walks
    reaching a destination (:func:`_walks`), the first (the clockwise one where both ways do).

    A path is a tuple of ``(space, how)`` with ``how`` one of ``step`` (along a ring),
    ``bridge`` (over the Storm River) or ``portal`` (opening the Portal of Power).
    """
    found = {}
    for dest, path in _walks(board, start, steps, (CLOCKWISE, COUNTER)):
        found.setdefault(dest, path)
    return tuple(found.items())


def _walks(board, start, steps, ways):
    """Every walk of a movement roll of ``steps`` from ``start`` setting out each of ``ways``,
    as ``(destination, path)`` pairs in the order found (a way beyond the Portal where the walk
    reaches it with steps left)."""
    found = []

    def walk(space, direction, left, path, just_crossed):
        if left == 0:
            found.append((space, path))
            return
        region = board.spaces[space].region
        # THE PORTAL OF POWER: an attempt only "if their die roll ... is sufficient to carry them beyond".
        far = board.link(space, "portal")
        if far is not None and region == "middle":
            found.append((far, path + ((far, "portal"),)))
        # SENTINEL SPACE: the bridge may be crossed either way if the roll is sufficient;
        # "on entering the new Region" the direction may change.
        other = board.link(space, "bridge")
        if other is not None and not just_crossed:
            for d in (CLOCKWISE, COUNTER):
                walk(other, d, left - 1, path + ((other, "bridge"),), True)
        if board.shapes[region] == "ring" and region in ("outer", "middle"):
            nxt = board.ring_step(space, direction)
            walk(nxt, direction, left - 1, path + ((nxt, "step"),), False)

    for d in ways:
        walk(start, d, steps, (), False)
    return found


@functools.lru_cache(maxsize=4096)
def _other_ways(board, start, steps):
    """``((destination, path), ...)``: the destinations a count of ``steps`` reaches both ways
    round, each with the walk that sets out anticlockwise (:func:`reachable` keeps the clockwise
    one); empty for almost every count (one die reaches a space both ways only when the count is
    half a ring: a Large character's 8 in the 16-space Middle Region)."""
    first = dict(_reachable(board, start, steps))
    found = {}
    for dest, path in _walks(board, start, steps, (COUNTER,)):
        if path and path[-1][1] != "portal" and first.get(dest) != path:
            found.setdefault(dest, path)
    return tuple(sorted(found.items()))


def other_ways(state, cid, steps):
    """``{destination: path}``: where a move of ``steps`` from ``cid``'s space reaches a space
    both ways round, the anticlockwise walk (MOVEMENT IN THE OUTER, FAR-OUTER AND MIDDLE REGIONS:
    "he may Move either clockwise or counter clockwise"; ``move:<space>`` walks clockwise there,
    ``move:<space>:anticlockwise`` this way, offered only where the way changes the move:
    rulings R-MV10.1).  The main board's only: a board that walks its own way (the
    ``movement_walks`` hook point: the City's streets) has none."""
    ways = _other_ways(load().board, character(state, cid).space, steps)  # (nearly always none)
    if not ways or adjust(state, "movement_walks", None, character=cid, steps=steps) is not None:
        return {}
    return dict(ways)


def walks(state, cid, steps, way=None):
    """``{destination: path}`` of a move of ``steps`` from ``cid``'s space on the board he moves
    on (a path as :func:`reachable` gives it: ``(space, how)`` pairs, the destination last): the
    main board's :func:`reachable`, unless a board that moves a character its own way answers the
    ``movement_walks`` hook point (the City's streets).  What changes a move by the spaces it
    passes (the ``movement_destinations`` hook point's subscribers: a shorter move, a stop on
    the way) asks this, so it holds on every board.  ``way``: :data:`ANTICLOCKWISE` gives a
    space reached both ways round its anticlockwise walk (:func:`other_ways`); a
    :class:`~talisman.rules.hooks.OneWalk` (the ``way`` a ``movement_destinations`` subscriber
    was given) gives the walk of ``steps`` along it, the move's only one (the Stowaways' run)."""
    if isinstance(way, OneWalk):
        return way.walks(steps)
    found = adjust(state, "movement_walks", None, character=cid, steps=steps)
    if found is None:
        board, start = load().board, character(state, cid).space
        out = reachable(board, start, steps)
        if way == ANTICLOCKWISE:
            out.update(_other_ways(board, start, steps))
        return out
    return dict(found)


@functools.lru_cache(maxsize=4096)
def _destinations(board, start, steps):
    """The destinations of a movement roll, sorted (a pure memo, like :func:`_reachable`)."""
    return tuple(sorted(d for d, _ in _reachable(board, start, steps)))


def inner_destinations(board, state, cid):
    """MOVEMENT IN THE INNER REGION: one space a turn, forward or retreating; the Valley of
    Fire only with a Talisman; the Plain of Peril leads out to the Portal of Power."""
    space = character(state, cid).space
    out = []
    crown, gate = board.role("crown"), board.role("crown_gate")
    if space == crown and adjust(state, "crown_holds", False, character=cid):
        return out  # 001/003: "Characters on the Crown of Command cannot move" (an ending card)
    held = character(state, cid).hold == space or retreat_forced(state, cid)
    for n in board.spaces[space].neighbours:
        if held and not (n == board.role("portal") or distance_to_plain(board, n) < distance_to_plain(board, space)):
            continue  # an unfinished space, or a forced retreat: only retreating leaves it
        if n == gate and not has_talisman(state, cid) and not (space == crown and retreat_forced(state, cid)):
            # a retreat from the Crown too: "No Character may enter" (R-IN10.5); but a character
            # on the Crown "does not Move unless ... instructed to do so by an Encounter", and an
            # ending's "must leave" is such an instruction: it takes him out (rulings R-NA11.4)
            continue
        if n == gate and state.ending is not None and \
                state.ending.get("barrier_by") not in (None, cid):
            continue  # the Demon Lord's barrier
        out.append(n)
    return out


def retreat_forced(state, cid):
    """Whether the character must retreat toward the Portal of Power (an ending's "must leave ...
    go all the way to the Portal of Power", rulings R-EN10.6): no ``stay``, no step inward."""
    return bool(adjust(state, "retreat_forced", False, character=cid))


def has_talisman(state, cid):
    """TALISMAN CARDS: "No Character may enter the Valley of Fire without a Talisman"."""
    return chars.has_ability(state, cid, "talisman")


def distance_to_plain(board, space):
    ring = board.regions["inner"]
    if space not in ring:
        return len(ring)
    i = board.spaces[space].order
    return min(i, len(ring) - i)


# --- rule steps ---------------------------------------------------------------------

def start_movement(state):
    """I. Movement.  Before rolling, a character may cross by Raft, cast a spell or cash in
    trophies; an earlier encounter may have fixed this move ("as your next move")."""
    cid = state.current
    ch = character(state, cid)  # read once: the state below is this one until a choice is offered
    if ch.flag("moved"):
        return state
    before = state
    state, replaced = adjust(state, "before_movement", (state, False), character=cid)
    if replaced:
        return state
    if state is not before:
        ch = character(state, cid)
    frozen = offer_freeze(state, cid, "movement.start", ch)
    if frozen is not None:
        return frozen
    if ch.next_move is not None:
        return follow_next_move(state, cid)
    options = _before_roll_options(state, cid, ch)
    if options:
        return decide(state, cid, "turn", ["roll"] + options, "movement.before_roll",
                      prompt="before moving")
    return _roll_for_movement(state, cid, ch)


def before_roll_options(state, cid, keep=None):
    """What a character may do before the movement roll, besides rolling (I. Movement): cross
    by Raft, cast a Spell or read a Scroll, cash in trophies, use an ability of the move's start
    (the Druid's change of alignment, the Elf's path from Woods to Woods), deliver a Quest,
    exchange carried and transported possessions, attempt Dispel Magic on a Toad, drop
    Possessions (R-PS10.1).  The main board's list; another board's movement keeps it too ("in
    the same manner as Movement on the outer and Middle Regions") and filters what its own text
    forbids: ``keep``, a test of each option, before the drops are added (they follow what is
    left: R-PS10.1)."""
    return _before_roll_options(state, cid, character(state, cid), keep)


def _before_roll_options(state, cid, ch, keep=None):
    """:func:`before_roll_options`, ``ch`` being ``cid``'s character in ``state``."""
    options = []
    if ch.raft or raft_card(ch):
        options += [f"raft:{o}" for o in load().board.spaces[ch.space].opposite]
    # (the look-ups below cost: each skipped when there is nothing to cast, read or cash)
    if ch.spells:
        options += [f"cast:{sp}" for sp in spells.castable_on_turn(state, cid) if may_land(state, cid, sp)]
    if ch.scrolls:
        options += [f"read:{sc}" for sc in spells.readable_on_turn(state, cid) if may_land(state, cid, sc)]
    if ch.trophies:
        options += chars.cash_options(state, cid)
    options += abilities.before_move_options(state, cid)
    options += _exchange_options(ch) + dispel_options(state, cid)
    if ch.quest is not None:
        options += quests.delivery_options(state, cid)
    if keep is not None:
        options = [o for o in options if keep(o)]
    if options or len(chars.carried_objects(ch)) > chars.carry_limit(ch, state):
        # CARRIED POSSESSIONS: "Characters may drop any Possession at any time": offered where
        # the player already decides before the move (his other "any time" choices), or when he
        # is over the carrying limit, and in the claim of a space; not a question of its own
        # on every turn (docs/rulings.md R-PS10.1)
        options += chars.drop_options(ch)
    return options


def movement_die(state, cid):
    """The dice of ``cid``'s movement roll: his own die, as the ``movement_dice`` hook makes it
    (the Blood Moon's Moon Mist: two); a Fate re-roll rolls one of them again (rulings R-RF14.1;
    the same dice under ``fate_reroll: whole_roll``, R-S7.1)."""
    return adjust(state, "movement_dice", combat.character_die(state, cid), character=cid)


def offer_reroll(state, cid, dice):
    """FATE (option ``fate``; talisman-facts-verified.md 3): "pay 1 fate ... to reroll one die he
    has just rolled for: (1) his movement": the options :func:`pay_reroll` answers, after
    ``cid``'s movement roll of ``dice`` (one option a die of several: rulings R-RF14.1), none
    when he may not pay (``characters.may_reroll``) or re-rolled his movement this turn already.
    The one offer of every movement roll: the main board's, the City's streets and a stowaway's
    run, the Dungeon's, the bound mover's under the Dark Binding (rulings R-FATE18)."""
    return chars.fate_options(state, cid, dice, character(state, cid).flag("movement_rerolled"))


def pay_reroll(state, cid, dice, action, prompt, step, **args):
    """FATE: ``cid`` pays one fate to roll again (one of) the ``dice`` of his movement roll
    (``action``: one of :func:`offer_reroll`'s): the fate lost and the ``fate_spent`` line (the
    die rolled again and the number it showed; of the whole roll again, the count the roll gave,
    :func:`counted_roll`, as a battle roll's is the die that counts: ``characters.fate_spent``,
    rulings R-FATE18.1, R-FIX23.4), the turn's
    ``movement_rerolled`` flag, and the new roll of his movement die (:func:`movement_die`)
    asked with ``prompt`` for the step ``step`` with ``args`` (and ``kept``, the dice kept beside
    one rolled again).  Every movement roll's re-roll is paid here, so the same re-roll logs the
    same wherever the roll is made."""
    dice = tuple(dice)
    roll = counted_roll(state, cid, sum(dice), dice)
    state, spec, kept = chars.pay_fate(state, cid, roll, movement_die(state, cid), dice, action)
    state = set_turn_flag(state, cid, "movement_rerolled")
    return request_roll(state, spec, prompt, step, **args, **kept)


def roll_prompt(state, cid, roll, dice=None, where=None, note=None):
    """The prompt of the decision after ``cid``'s movement roll (``roll``: one die's number or
    the dice's sum; ``dice``: the dice, when several), worded once for every site (rulings
    R-FIX23.4): ``rolled 3``; of several dice, each and the count the move makes (``rolled 5 and
    1, 1 counts``: :func:`counted_roll`, the Moon Mist's lower); ``where``, the board the move is
    on when it is not the main one (``in the City``, ``in the Dungeon``); ``note``, what the roll
    is for beyond a move (``run clockwise``, ``Dark Binding``), after a colon.

    >>> roll_prompt(None, "elf", 3, where="the City")
    'rolled 3 in the City'
    """
    dice = tuple(dice or ())
    if len(dice) > 1:
        text = f"rolled {' and '.join(map(str, dice))}, {counted_roll(state, cid, roll, dice)} counts"
    else:
        text = f"rolled {roll}"
    if where:
        text += f" in {where}"
    return f"{text}: {note}" if note else text


def counted_roll(state, cid, roll, dice):
    """The count a movement roll of ``dice`` (summing to ``roll``) moves, and what reads "the
    roll" of the movement die reads: one die is its own count; of several, the ``movement_count``
    hook says which counts (the Moon Mist's lowest: rulings R-MM9).  The one place the main
    board, another board's streets and a window on the roll (Dark Binding) ask it."""
    if not dice or len(dice) <= 1:
        return roll
    return adjust(state, "movement_count", roll, character=cid, dice=tuple(dice))


def offer_freeze(state, cid, resume, ch=None):
    """SPELLS, Immobility: cast by another character at the start of this one's turn, before
    anything else of it (once a turn): the state waiting on the first holder's choice, the step
    ``resume`` (the turn's start, to be offered again) pushed beneath it; None when nobody may.
    ``ch``: ``cid``'s character in ``state`` when the caller has it at hand."""
    if (character(state, cid) if ch is None else ch).flag("freeze_offered"):
        return None
    held = spells.freezers(state, cid)
    if not held:
        return None
    state = set_turn_flag(state, cid, "freeze_offered")
    # the turn ends under the window once a cast's answers are done (``spells.freeze_ends``)
    return spells.offer_freeze(push(state, frame(resume), frame("spells.freeze_ends", target=cid)), cid, held)


def chars_can_cash(state, cid, which):
    return chars.can_cash_in(state, cid, which)


def _start_again(state):
    """Back to the move's start (I. Movement: the choices before the roll are offered again) as
    the last act of a rule step: at once when nothing waits (``advance`` would pop the frame
    next: it sits above any the step pushed), else its frame pushed."""
    if state.pending is None and state.outcome is None:
        return start_movement(state)
    return push(state, frame("movement.start"))


def before_roll(state, action):
    """The choice made before moving: roll, cross by Raft, cast a spell, cash in trophies."""
    cid = state.current
    if action.kind == "roll":
        return roll_for_movement(state)
    if action.kind == "raft":
        return cross_by_raft(state, cid, action.args[0])
    if action.kind == "exchange":  # (the move's start again once a surplus Spell is discarded)
        return exchange(push(state, frame("movement.start")), cid, *action.args)
    if action.kind == "dispel":
        state = set_turn_flag(state, cid, "dispelled")
        return DISPEL_ROLL.roll(state, f"Dispel Magic by {cid}", target=action.args[0])
    if action.kind == "quest":
        return quests.before_move_chosen(state, cid, action)
    if action.kind == "drop":  # (likewise: a Craft Object dropped asks for the surplus first)
        return chars.drop_object(push(state, frame("movement.start")), cid, action.args[0])
    if action.kind in ("align", "woods"):
        return _start_again(abilities.before_move_chosen(state, cid, action))
    if action.kind == "cash":
        return _start_again(chars.cash_in(state, cid, *action.args))
    state = push(state, frame("movement.start"))
    if action.kind == "read":
        return spells.read(state, cid, action.args[0], context="turn")
    return spells.cast(state, cid, action.args[0], context="turn")


def exchange_options(state, cid):
    """EXCHANGING CARRIED POSSESSIONS: "A player may exchange Possessions carried with
    Possessions transported" (offered before the move)."""
    return _exchange_options(character(state, cid))


def _exchange_options(ch):
    """:func:`exchange_options` of the character ``ch``."""
    moved = chars.transported(ch)
    if not moved:
        return []
    carried = [c for c in chars.in_use(ch) if load().cards[c].type in chars.OBJECT_TYPES]
    return [f"exchange:{t}:{c}" for t in dict.fromkeys(moved) for c in dict.fromkeys(carried)]


def exchange(state, cid, transported, carried):
    """Swap a transported object with a carried one (the Wizard and the Mule example)."""
    objs = list(character(state, cid).objects)
    i = objs.index(carried)
    j = len(objs) - 1 - objs[::-1].index(transported)
    objs[i], objs[j] = objs[j], objs[i]
    state = update_character(state, cid, objects=objs)
    state = log(state, "possessions_exchanged", character=cid, carried=transported, transported=carried)
    return chars.discard_surplus_spells(state, cid)  # a Craft Object put on the Mule (R-PS10.3)


def dispel_options(state, cid):
    """DISPEL MAGIC: "Any Character whose Craft is greater than their Strength may attempt" it
    on "permanent Spells/Scrolls or other afflictions": here, being a Toad (once a turn)."""
    characters = plain(state.characters)  # look-ups only
    toads = [o for o in state.order if characters[o].toad_turns and characters[o].alive]
    if not toads:
        return []  # (the cheap test first: totals are only worked out when there is a Toad)
    ch = characters[cid]
    if ch.toad_turns or ch.flag("dispelled") or \
            chars.total(state, cid, "craft") <= chars.total(state, cid, "strength"):
        return []
    # another's Toad is a character affected (the ``may_affect`` hook, R-FC12.1)
    return [f"dispel:{o}" for o in toads if may_affect(state, cid, o, "dispel")]


def dispel_kept(state, dice, target):
    """"Roll 2D6, if the result is less than your Craft you succeed."  The 2D6 is the caster's
    own roll: FATE re-rolls one die of it (the test of R-RULER19.1, as the taming's 2D6,
    R-RULER19.2; ``DISPEL_ROLL``)."""
    cid = state.current
    roll = sum(dice)
    ok = roll < chars.total(state, cid, "craft")
    state = log(state, "dispel_magic", character=cid, target=target, roll=roll, success=ok)
    if ok:
        state = update_character(state, target, toad_turns=0)
        state = log(state, "toad_reverted", character=target)
    return push(state, frame("movement.start"))


DISPEL_ROLL = chars.OwnRoll("movement.dispel_rolled", "movement.dispel_fate", "2d6", dispel_kept,
                            offer="rolled {total} to dispel the magic on {target}",
                            again="{cid}'s Dispel Magic on {target}, re-rolled",
                            cause="Dispel Magic on {target}", roller=None)


def cross_by_raft(state, cid, dest):
    """Rafts: "A Character with a Raft may cross the River to any Space directly opposite the
    one they are in. This is their Move for that turn"; the raft is then discarded."""
    ch = character(state, cid)
    card = None if ch.raft else raft_card(ch)
    state = update_character(state, cid, space=dest, raft=False)
    state = chars.return_bought_raft(state, cid)
    if card is not None:  # "Whether or not it is used, it must be placed on the ... discard pile"
        state = chars.remove_objects(state, cid, [card])
        state = chars.discard(state, card)
    state = set_turn_flag(state, cid, "moved")
    state = log(state, "raft_crossed", character=cid, to=dest)
    return crossed_river(state, cid)


def is_raft(card_id):
    """Whether a card is a Raft (found or bought): ``cross_river``."""
    return "cross_river" in load().cards[card_id].abilities


def acquire_raft(state, cid, card=None, cause="raft", bought=None):
    """Rafts: "acquire one as the result of an Encounter" (or build one: ``card`` None).  "A
    Raft may not be left behind or taken as a possession. Whether or not it is used, it must be
    placed on the Adventure Card discard pile or back with the Purchase Cards": the card goes
    there at once (it is no Object, counts toward no limit) and the character has a raft,
    usable "at the start of their next turn" only (``raft_new`` marks the turn it came).  A
    bought Raft (``bought``: its Purchase card) goes "back with the Purchase Cards" once used or
    lost: until then it is out of the stock (no one buys it again meanwhile)."""
    state = update_character(state, cid, raft=True)
    if bought is not None:
        state = chars.hold_bought_raft(state, cid, bought)
    state = set_turn_flag(state, cid, "raft_new")
    if card is not None:
        state = chars.discard(state, card)
    return log(state, "raft_acquired", character=cid, card=card, cause=cause)


def raft_lapses(state, cid):
    """Rafts: a raft not used at the start of the turn after it came is lost ("Whether or not
    it is used"); a Raft card still held (a position set up so) goes to its discards."""
    return _raft_lapses(state, cid, character(state, cid))


def _raft_lapses(state, cid, ch):
    """:func:`raft_lapses`, ``ch`` being ``cid``'s character in ``state``."""
    card = raft_card(ch)
    if ch.flag("raft_new") or not (ch.raft or card):
        return state
    state = update_character(state, cid, raft=False)
    state = chars.return_bought_raft(state, cid)
    if card is not None:
        state = chars.remove_objects(state, cid, [card])
        state = chars.discard(state, card)
    return log(state, "raft_lost", character=cid)


def raft_card(ch):
    """A Raft card the character holds (only a position set up so: an acquired Raft card is
    no possession, see :func:`acquire_raft`), or None."""
    for c in ch.objects:
        if "cross_river" in load().cards[c].abilities:
            return c
    return None


def follow_next_move(state, cid):
    """An encounter's "as your next move": go to the space named, or teleport in a region."""
    nm = character(state, cid).next_move
    if "free_on" in nm:
        # enslaved (the Temple's 5): "stay until you roll 4-6 for move" (talisman-facts.md)
        return request_roll(state, movement_die(state, cid), f"movement of {cid} (enslaved)",
                            "movement.enslaved_rolled")
    state = update_character(state, cid, next_move=None)
    if "to" in nm:
        regions = {load().board.spaces[s].region for s in (character(state, cid).space, nm["to"])}
        state = update_character(state, cid, space=nm["to"])
        state = set_turn_flag(state, cid, "moved")
        state = log(state, "moved", character=cid, path=[nm["to"]], to=nm["to"])
        # the Tavern's boatman ferries across the Storm River
        return crossed_river(state, cid) if regions == {"outer", "middle"} else state
    # the move of the turn: never back onto the space it starts from (ENCOUNTERS IN THE MIDDLE,
    # OUTER & FAR-OUTER REGIONS: "They may never Encounter anything in the Space where they start")
    return offer_teleport(state, cid, nm["teleport"], False, "next move", other=True)


def enslaved_rolled(state, action):
    """A roll in ``free_on`` frees the character, who moves with it; otherwise he stays and
    his turn ends (no encounter: he did not move)."""
    cid = state.current
    n = sum(action.dice)
    if n in character(state, cid).next_move["free_on"]:
        state = update_character(state, cid, next_move=None)
        state = log(state, "freed", character=cid, roll=n)
        return rolled(state, action)
    state = set_turn_flag(state, cid, "moved")
    state = log(state, "still_enslaved", character=cid, roll=n)
    return end_turn_now(state)


def in_blizzard(state):
    """The Blizzard card's snow lies (``rules.lasting``): "every character, in any Region, moves
    only one space a turn" (the main board's, and the City's streets: ``city_law.streets.roll``)."""
    return state.lasting is not EMPTY_PMAP and "blizzard" in state.lasting


def roll_for_movement(state):
    """Roll the die by size in the Outer and Middle Regions; step in the Inner Region;
    a Toad moves one space a turn."""
    cid = state.current
    return _roll_for_movement(state, cid, character(state, cid))


def _roll_for_movement(state, cid, ch):
    """:func:`roll_for_movement`, ``ch`` being ``cid``'s character in ``state``."""
    before = state
    state = _raft_lapses(state, cid, ch)  # rolling instead of crossing: the raft is lost
    if state is not before:
        ch = character(state, cid)
    board = load().board
    space = ch.space
    region = board.spaces[space].region
    if region in ("inner", "crown"):
        options = [f"move:{d}" for d in inner_destinations(board, state, cid)]
        if options and retreat_forced(state, cid):
            return decide(state, cid, "move", options, "movement.inner_chosen",
                          prompt="retreat one space toward the Portal of Power (forced to leave)")
        if ch.hold == space:
            options.insert(0, "stay")  # stay to complete the space's instructions
        if region == "crown":
            # "When on the Crown of Command Space a Character does not Move unless he wishes to Retreat"
            options.insert(0, "stay")
        return decide(state, cid, "move", options, "movement.inner_chosen",
                      prompt="one space (MOVEMENT IN THE INNER REGION)")
    dragged = bool(ch.followers) and any("poltergeist_drag" in load().cards[f].abilities for f in ch.followers)
    if ch.toad_turns or in_blizzard(state) or dragged:
        # TOADS & TRANSFORMATIONS: "simply Move 1 Space per turn"; the Blizzard card: every
        # character moves one space a turn while its snow lies (rules.lasting); the
        # Poltergeist: one space a turn until the Storm River is crossed
        dests = reachable(board, space, 1)
        why = "a Toad" if ch.toad_turns else "in the Blizzard" if not dragged else "dragged by the Poltergeist"
        return decide(state, cid, "move", [f"move:{d}" for d in sorted(dests)],
                      "movement.chosen", prompt=f"{why} one moves one space", roll=1)
    return request_roll(state, movement_die(state, cid), f"movement of {cid}", "movement.rolled")


def rolled(state, action, rerolled=False, kept=None):
    """The roll is made: offer every destination for the full count.  ``kept``: after a Fate
    re-roll of one die of several, the dice kept (rulings R-RF14.1)."""
    cid = state.current
    new, action = action.dice, chars.rerolled_roll(action, kept)
    n = sum(action.dice)
    state = log(state, "movement_roll", character=cid, roll=n)
    if rerolled:
        state = chars.fate_rerolled(state, cid, new, "movement")
    state = run_hook(state, "movement_rolled", character=cid, roll=n, dice=action.dice)
    first = adjust(state, "movement_roll_answers", (), character=cid, roll=n, dice=action.dice)
    if first:  # others answer the roll before the mover chooses (the Harbinger's Dark Binding)
        return push(state, frame("movement.roll_answered", character=cid, roll=n, dice=list(action.dice)),
                    *reversed(first))
    return offer_move(state, cid, n, action.dice)


def roll_answered(state, character, roll, dice, replaced=False):
    """Rule step: the roll's answers are done; the mover chooses (unless one took the move)."""
    return state if replaced else offer_move(state, character, roll, tuple(dice))


def offer_move(state, cid, n, dice):
    """Every destination of a roll of ``n``, the Fate re-roll, the abilities' options."""
    dests = _destinations(load().board, character(state, cid).space, n)
    # an expansion may remove destinations or add others (a shorter move, staying put)
    allowed = adjust(state, "movement_destinations", dests, character=cid, roll=n, dice=dice)
    options = [f"move:{d}" for d in allowed]
    # FATE: pay one to roll the movement die again (one of several: rulings R-RF14.1)
    options += offer_reroll(state, cid, dice)
    # The walk to a destination is the roll's own only when the roll is one die: the sum of
    # more dice (the Moon Mist's two, the lower counting) is no count the move makes, and may
    # reach a space the counted die reaches the other way round (rulings R-MV9.2).  One die
    # never reaches a space by two counts, so its walk is the roll's whatever a hook changed.
    # What reads "the roll" of the movement die (the abilities' options on it) reads the die
    # that counts, as the hook that rolled the dice says (rulings R-MM9).
    counted = {} if len(dice) <= 1 else {"counted": False, "count": counted_roll(state, cid, n, dice),
                                         "dice": list(dice)}
    options += other_way_options(state, cid, n, dice, counted.get("count", n), dests, allowed)
    options += abilities.movement_roll_options(state, cid, counted.get("count", n))
    return decide(state, cid, "move", options, "movement.chosen", prompt=roll_prompt(state, cid, n, dice),
                  roll=n, **counted)


def other_way_options(state, cid, n, dice, count, dests, allowed):
    """The options a move's way round adds (rulings R-MV10.1): where the count reaches a space
    both ways round (:func:`other_ways`) and the ``movement_destinations`` hook point, asked again
    with the anticlockwise walks (``way``), answers otherwise than with the clockwise ones (the
    Blood Moon's stops on the way): ``move:<space>:anticlockwise`` for a space only that way
    reaches, ``move:<stop>`` for a stop only that way meets.  None where the way changes nothing
    (the base game: nothing on the Middle Region's ring is met in passing).  ``dests``: what the
    hook point was asked with, ``allowed``: its answer (another's choice of the mover's way
    asks the same: the Harbinger's Dark Binding, rulings R-NA11.1)."""
    other = other_ways(state, cid, count)
    if not other:
        return []
    acw = adjust(state, "movement_destinations", dests, character=cid, roll=n, dice=dice,
                 way=ANTICLOCKWISE)
    if tuple(acw) == tuple(allowed):
        return []
    mine = set(allowed)
    stops = [f"move:{d}" for d in sorted(set(acw) - mine - set(other))]
    return stops + [f"move:{d}:{ANTICLOCKWISE}" for d in sorted(other) if d in acw and d not in mine]


def chosen(state, action, roll, counted=True, count=None, dice=None):
    """Move along the path to the chosen destination, stopping where a rule stops it.

    ``counted``: the roll is one die, the count moved (MOVEMENT IN THE OUTER, FAR-OUTER AND
    MIDDLE REGIONS: "the full number of Spaces shown on the die"), so the walk is the roll's
    own; when not (several dice, counted by the hook that added them: the Moon Mist's lower
    die), the walk is the shortest that reaches the destination, never a longer count that
    happens to reach it too, and ``count`` is the die that counts (the ``movement_count``
    hook), which the abilities on the roll read (rulings R-MM9); ``dice``: the dice then, of
    which a Fate re-roll may roll one again (rulings R-RF14.1)."""
    cid = state.current
    if action.kind == "regenerate":
        return abilities.regenerate(state, cid)
    if action.kind == "teleport":  # an ability's Teleport instead of the move (the Leprechaun's 4)
        state = log(state, "ability_used", character=cid, ability="teleport")
        read = roll if count is None else count
        return offer_teleport(state, cid, abilities.teleport_region(state, cid, read), False,
                              "teleport on the movement roll")
    if action.kind == "fate":
        return pay_reroll(state, cid, dice or (roll,), action, f"movement re-roll of {cid}", "movement.rolled",
                          rerolled=True)
    board = load().board
    ch = character(state, cid)
    here = ch.space
    if action.args[1:] == (ANTICLOCKWISE,):  # the other way round (rulings R-MV10.1)
        path = dict(_other_ways(board, here, roll if counted else count))[action.args[0]]
    else:
        path = reachable(board, here, roll).get(action.args[0]) if counted else None
    spaces = None if path is None else _ring_walk(path)
    if spaces:
        # along a ring only (no bridge, no Portal: nothing asks or is crossed on the way, see
        # follow): the "moved" flag and the space in one change, as set_turn_flag and follow
        # would leave them
        state = update_character(state, cid, space=spaces[-1], turn_flags=ch.turn_flags.set("moved", True))
        return log(state, "moved", character=cid, path=list(spaces), to=spaces[-1])
    state = set_turn_flag(state, cid, "moved")
    if path is None:  # a destination an expansion added (movement_destinations)
        state, handled = adjust(state, "move_elsewhere", (state, False), character=cid,
                                dest=action.args[0], roll=roll)
        if handled:
            return state
        path = shortest_path(board, here, action.args[0], roll)
    return follow(state, cid, path)


@functools.lru_cache(maxsize=4096)
def _ring_walk(path):
    """The spaces of a path (:func:`reachable`) whose every step is along a ring, or None when
    it crosses a bridge or the Portal."""
    return tuple(space for space, how in path) if all(how == "step" for _, how in path) else None


def shortest_path(board, start, dest, roll):
    """The path to a destination a roll of ``roll`` does not reach exactly (added by an
    expansion's ``movement_destinations``: a shorter move, a stop on the way, a count one
    more or less), or reached on a roll of several dice (the Moon Mist's lower die counting:
    rulings R-MV9.2): the shortest count that reaches it; staying put is no path."""
    if dest == start:
        return ()
    for steps in range(1, 13):
        path = _reachable_dict(board, start, steps).get(dest)
        if path is not None:
            return path
    raise ValueError(f"no path from {start} to {dest}")


@functools.lru_cache(maxsize=4096)
def _reachable_dict(board, start, steps):
    return dict(_reachable(board, start, steps))


def follow(state, cid, path, sentinel_passed=False):
    """Walk ``path``; the Sentinel attacks on the bridge inward, the Portal asks to be opened.

    ``sentinel_passed``: the first step is the crossing the character has just won or evaded.
    """
    board = load().board
    passed, crossed = [], False
    here = character(state, cid).space  # where the walk has got to (the state is told at each stop)
    for i, (space, how) in enumerate(path):
        if how == "bridge" and board.spaces[here].region == "outer" and not (
                sentinel_passed and i == 0) and adjust(state, "crossing_guarded", True, space=here):
            # SENTINEL SPACE: "The Sentinel will attack a Character each time they attempt to
            # cross the bridge to enter the Middle Region."
            state = _moved(state, cid, passed, here)
            rest = [list(p) for p in path[i:]]
            go_on = {"step": "movement.follow", "args": {"path": rest}}
            stop = {"step": "turn.cut", "args": {}}
            bridge = board.link_at(here, "bridge")  # the guard and its Strength (board data)
            sentinel = {"name": bridge.guard, "card": None, "value": bridge.strength}
            return combat.start_combat(state, cid, "battle", [sentinel], on_win=go_on,
                                       on_lose=stop, on_standoff=stop, on_evade=go_on)
        if how == "portal" and not adjust(state, "crossing_guarded", True, space=here):
            passed.append(space)
            state = _moved(state, cid, passed, space)
            return end_turn_now(state)  # through the Portal: the turn ends on the Plain of Peril
        if how == "portal":
            state = _moved(state, cid, passed, here)
            return decide(state, cid, "portal", ["portal:strength", "portal:craft"],
                          "movement.portal_attempted",
                          prompt="open the Portal of Power by Strength or by Craft")
        passed.append(space)
        here = space
        crossed = crossed or how == "bridge"
    state = _moved(state, cid, passed, here)
    return crossed_river(state, cid) if crossed else state


def crossed_river(state, cid):
    """The Storm River crossed (by the bridge, a raft or the ferry): a Follower that holds on
    until then leaves (the Poltergeist, ``poltergeist_drag``: "move 1 space/turn until you
    cross the River", talisman-facts.md)."""
    ch = character(state, cid)
    gone = [f for f in ch.followers if "poltergeist_drag" in load().cards[f].abilities]
    if not gone:
        return state
    return possessions.drop_followers(state, cid, gone, "the Storm River crossed")


def _moved(state, cid, passed, end):
    """The character stands on ``end`` after walking ``passed`` (logged if it walked at all)."""
    if passed:
        state = update_character(state, cid, space=end)
        state = log(state, "moved", character=cid, path=passed, to=end)
    return state


def follow_step(state, path):
    """Rule step: go on along a path after the Sentinel was defeated."""
    return follow(state, state.current, tuple(tuple(p) for p in path), sentinel_passed=True)


def portal_attempted(state, action):
    """THE PORTAL OF POWER: roll 2D6; at most the chosen ability opens it (board text,
    talisman-facts.md 1b: force by Strength or pick the lock by Craft).  The Gnome lets his
    master pick the lock with one die."""
    dice = "d6" if action.args[0] == "craft" and chars.has_ability(
        state, state.current, "portal_one_die") else "2d6"
    return request_roll(state, dice, f"opening the Portal of Power by {action.args[0]}",
                        "movement.portal_rolled", ability=action.args[0])


def portal_rolled(state, action, ability):
    """Success ends the turn on the Plain of Peril; failure costs 1 of the ability and ends
    the move and the turn on the Portal."""
    cid = state.current
    total = sum(action.dice)
    # CHARACTER'S TOTAL STRENGTH / CRAFT: the Portal tests "Strength or Craft", i.e. the total
    # "at any time" (counters plus Followers, Magic Objects ...), as the Crypt's roll does.
    value = chars.total(state, cid, ability)
    if ability == "craft" and chars.has_ability(state, cid, "portal_craft_bonus"):
        value += 1  # the Dwarf: +1 when opening the Portal of Power by Craft
    if total <= value:
        state = log(state, "portal_opened", character=cid, ability=ability, roll=total)
        plain = load().board.role("inner_gate")
        state = update_character(state, cid, space=plain)
        state = log(state, "moved", character=cid, path=[plain], to=plain)
    else:
        state = log(state, "portal_failed", character=cid, ability=ability, roll=total)
        state = characters.lose_counter(state, cid, ability, 1, "failed to open the Portal")
    return end_turn_now(state)


def inner_chosen(state, action):
    """One space in the Inner Region; RETREATING ignores the space's instructions;
    leaving by the Portal of Power is the whole move."""
    cid = state.current
    if action.kind == "stay":
        return log(state, "stayed", character=cid, space=character(state, cid).space)
    board = load().board
    here = character(state, cid).space
    dest = action.args[0]
    state = update_character(state, cid, space=dest, hold=None, pit_fiends=0)
    state = set_turn_flag(state, cid, "moved")
    state = log(state, "moved", character=cid, path=[dest], to=dest)
    if dest == board.role("crown"):
        state = log(state, "crown_reached", character=cid)
        state = replace(state, crown_reached=True)
    retreat = (board.spaces[dest].region == "inner"
               and distance_to_plain(board, dest) < distance_to_plain(board, here))
    if retreat:
        state = log(state, "retreated", character=cid, to=dest)
        if board.spaces[dest].meet_characters and any(
                o != cid and state.characters[o].alive and state.characters[o].space == dest
                for o in state.order):
            # rulings 15: the retreat ignores the space's instructions, not a character there
            return set_turn_flag(state, cid, "retreating", True)
        return end_turn_now(state)
    return state


#: Rafts: a base plugin with no hook point, whose own plain data ``state.ext["rafts"]`` holds the
#: bought Raft cards while their rafts are unused (:data:`characters.RAFTS`).
RAFTS_PLUGIN = Plugin("rafts", always=True)

STEPS = {"movement.start": start_movement, "movement.before_roll": before_roll,
         **DISPEL_ROLL.steps(),
         "movement.rolled": rolled, "movement.roll_answered": roll_answered,
         "movement.chosen": chosen, "movement.follow": follow_step,
         "movement.portal_attempted": portal_attempted, "movement.portal_rolled": portal_rolled,
         "movement.inner_chosen": inner_chosen, "movement.enslaved_rolled": enslaved_rolled}


# --- movement that effects force (teleport, move to a space, move N spaces, nearest) -------

#: The cause of a move a sentence makes ("Tossed out of the City"): no attempt of the character's
#: that a board could stop; a ``before_forced_move`` subscriber may take its dues on the way (the
#: City's Loan: repaid, or the Bank's Wizard's Toad) but does not keep him in (docs/rulings.md
#: R-FIX19.1).
EXPELLED = "tossed out"


def forced_move(state, cid, space, encounter, cause):
    """Move ``cid`` straight to ``space`` (no Sentinel, no Portal: an encounter moved it).
    "Characters may only have Encounters in the Space in which they end their Move or a Space
    to which they are Moved as a result of an Encounter."
    An expansion may refuse the move (the ``before_forced_move`` hook answers ``True``).
    """
    state, refused = adjust(state, "before_forced_move", (state, False), character=cid, space=space,
                            cause=cause)
    if refused:
        return state
    moved = character(state, cid).space != space
    state = update_character(state, cid, space=space)
    state = set_turn_flag(state, cid, "moved")
    state = log(state, "teleported", character=cid, to=space, cause=cause)
    ch = character(state, cid)
    if encounter and moved and cid == state.current and ch.flag("phase") == "encounter":
        # the encounter in progress ends first (its cards stay face up), then the new space; a
        # move onto the space he stands on (the Imp's 5 drawn on the Hidden Valley) is to no
        # space "to which they are Moved": the encounter goes on (docs/rulings.md R-PROBE19C.1)
        state = set_turn_flag(state, cid, "encounter_again", True)
    return state


def sent(state, cid, space, cause):
    """Another character's power moves ``cid`` straight to ``space`` (the Perils of Pandora's
    teleport): the ``before_forced_move`` hook point is asked as for any forced move, and no turn
    flag of his is set (it is not his move).  ``(state, moved)``."""
    state, refused = adjust(state, "before_forced_move", (state, False), character=cid, space=space,
                            cause=cause)
    if refused:
        return state, False
    state = update_character(state, cid, space=space)
    return log(state, "teleported", character=cid, to=space, cause=cause), True


def teleport_destinations(state, cid, region):
    board = load().board
    here = board.spaces[character(state, cid).space].region
    here = board.part_of.get(here, here)  # an expansion board counted as a region (the City: Outer)
    asked = region
    if region == "same":
        if here not in ("outer", "middle"):
            return []  # e.g. the Teleport spell is useless in the Inner Region
        region = here
    if region == "any":
        found = list(board.regions["outer"]) + list(board.regions["middle"])
    else:
        found = list(board.regions[region])
    return list(adjust(state, "teleport_destinations", tuple(found), character=cid,
                           region=asked))


def may_land(state, cid, card):
    """Whether the teleports of ``card`` (a Spell or a Scroll cast by ``cid``) have somewhere to go
    from where he stands: a card whose teleport has no destination (the Teleport Spell in the
    Catacombs, "NOT part of any region", or in the Dungeon's Treasure Chamber) cannot be cast as
    stated and is not offered (docs/rulings.md R-FC14.6)."""
    steps = [step["teleport"] for step in load().cards[card].cast["effect"] if "teleport" in step]
    if not steps:
        return True
    here = character(state, cid).space
    return all(any(s != here or not step.get("other") for s in
                   teleport_destinations(state, cid, step.get("region", "same"))) for step in steps)


def offer_teleport(state, cid, region, encounter, cause, other=False):
    """Offer a teleport within ``region``; ``other``: to any space but the one the character
    stands on ("any other space")."""
    here = character(state, cid).space if other else None
    options = [f"teleport:{s}" for s in teleport_destinations(state, cid, region) if s != here]
    if not options:
        return log(state, "no_destination", character=cid, cause=cause)
    return decide(state, cid, "teleport", options, "movement.teleport_chosen",
                  prompt=f"teleport ({cause})", encounter=encounter, cause=cause, who=cid)


def teleport_chosen(state, action, encounter, cause, who):
    return forced_move(state, who, action.args[0], encounter, cause)


def offer_steps(state, cid, count, cause):
    board = load().board
    dests = reachable(board, character(state, cid).space, count)
    dests.pop(board.role("inner_gate"), None)  # an encounter's move does not open the Portal
    return decide(state, cid, "move", [f"move:{d}" for d in sorted(dests)], "movement.steps_chosen",
                  prompt=f"move {count} ({cause})", cause=cause, who=cid)


def steps_chosen(state, action, cause, who):
    return forced_move(state, who, action.args[0], True, cause)


def nearest_spaces(start, wanted):
    """The spaces nearest ``start`` (by steps on the board, ``start`` itself excluded) for which
    ``wanted(space)`` holds, sorted; empty if none."""
    board = load().board
    seen, frontier = {start}, [start]
    while frontier:
        nxt = []
        for s in frontier:
            for n in board.spaces[s].neighbours:
                if n not in seen:
                    seen.add(n)
                    nxt.append(n)
        hits = sorted(s for s in nxt if wanted(s))
        if hits:
            return hits
        frontier = nxt
    return []


def move_nearest(state, cid, kind, cause):
    """Move to the nearest space whose id is of ``kind`` (``woods`` for woods_1..woods_4),
    by steps on the board; the character chooses among equally near ones.  A space whose name
    an expansion covers (a Terrain card: the ``space_named`` hook point) is not of its kind."""
    hits = nearest_spaces(character(state, cid).space,
                          lambda s: (s == kind or s.rsplit("_", 1)[0] == kind)
                          and space_named_for(state, s, "move_nearest"))
    if not hits:
        return log(state, "no_such_space", character=cid, kind=kind)
    if len(hits) == 1:
        return forced_move(state, cid, hits[0], True, cause)
    return decide(state, cid, "move", [f"move:{h}" for h in hits], "movement.steps_chosen",
                  prompt=f"nearest {kind} ({cause})", cause=cause, who=cid)


STEPS.update({"movement.teleport_chosen": teleport_chosen, "movement.steps_chosen": steps_chosen})
