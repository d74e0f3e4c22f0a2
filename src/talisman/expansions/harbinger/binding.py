"""001 Harbinger Spells cast in another character's turn, at their published moments
(card-data.md 2.4):

* Dark Binding (``data.binds_movement``): "cast after another character's movement roll: you
  choose his direction and may stop him anywhere along it".  The ``movement_roll_answers`` hook:
  after a movement roll (a Fate re-roll is a roll again), each other character holding it, in
  turn order after the mover, may cast it on him (``cast:dark_binding`` / ``pass``).  Cast, it
  takes the move over (the waiting ``movement.roll_answered`` is answered ``replaced``): the
  mover may still pay a fate to roll again (he keeps his FATE; the binding holds on the new
  roll), then the caster chooses the destination among the spaces along either direction up
  to the roll (``move:<space>``, the ``movement_destinations`` hook applied, on every board; where the roll
  reaches a space both ways round, ``move:<space>:anticlockwise`` besides where the way changes
  the move, as for the mover's own move: rulings R-MV10.1, R-NA11.1).  A board that
  rolls its own way (the City's streets) asks the same hook point naming its waiting step
  (``waiting``), answers ``movement_along`` with its spaces along the roll and walks the mover
  there through ``move_elsewhere`` (docs/rulings.md R-HARB2.1).
* Terra Shift (``data.shifts_terrain``): "cast on a character who just moved: move all Terrain
  and Adventure cards of a chosen space of his Region onto his space".  The ``before_encounter``
  hook: once a turn, after the mover's move, each character holding it (the mover first, then
  the others in turn order) may cast it on him (``cast:terra_shift`` / ``pass``); the caster
  chooses the space (``shift:<space>``, :func:`.effects.terra_shift`), then the encounter
  begins.  Offered only when some space of the mover's Region has Terrain or cards to move.

In either window the first cast closes it.  A cast here is a Spell cast: it goes to the Spell
discard pile and the answers of any cast follow (:func:`spells.cast_answered`: the ``spell_cast``
hook (the Harbinger's Dispellation and the top Omen's price, the Timescape's D8 for a caster
there), then the base Counterspell); a cast cancelled or countered leaves the mover his own
move (docs/rulings.md R-CAST, R-CAST2).  Neither card has a cast effect of its own (the base game never offers them at the
start of a turn).  Cheap when nobody holds them: a look at the holders, no frame pushed.
"""
from __future__ import annotations

import functools

from ...definitions import load
from ...engine.machine import decide, frame, log, push
from ...engine.records import plain
from ...errors import TalismanError
from ...expansions import adjust, run_hook
from . import characters as gifted, effects
from . import store as st
from ...rules import characters as chars, kernel, movement, spells

BINDS, SHIFTS = "binds_movement", "shifts_terrain"


# --- the windows ------------------------------------------------------------------------------

def held(state, flag):
    """Whether any character holds a Spell (or a divine gift) with ``data.<flag>`` (the hot
    path's first look)."""
    ids = flagged(load(), flag)
    characters = plain(state.characters)  # look-ups only
    if any(sp in ids for ch in characters.values() if ch.spells for sp in ch.spells):
        return True
    return any(g in ids for gifts in st.get(state, "gifts", {}).values() for g in gifts)


@functools.lru_cache(maxsize=8)
def flagged(definitions, flag):
    """The ids of the Spells whose card has ``data.<flag>`` (a pure memo of the card data)."""
    return frozenset(c.id for c in definitions.cards.values() if c.type == "spell" and (c.data or {}).get(flag))


ROLL_WAITING = "movement.roll_answered"


def roll_answers(state, frames, character, roll, dice=None, waiting=ROLL_WAITING):
    """Value hook ``movement_roll_answers``: the Dark Binding window when another character
    holds one (``waiting``: the step the move waits in, the main board's or another board's).
    The roll "along" which the caster stops the mover is the count the move makes: of several
    dice, the one that counts (the ``movement_count`` hook: the Moon Mist's lowest, rulings
    R-MM9B.2), not their sum."""
    if not held(state, BINDS) or not holders(state, character, BINDS):
        return frames
    return tuple(frames) + (frame("harbinger.window", mover=character, flag=BINDS,
                                  roll=movement.counted_roll(state, character, roll, dice), asked=[],
                                  **other_board(waiting)),)


def other_board(waiting):
    """The ``waiting`` argument carried by the window's frames: only another board's step (the
    main board's frames stay as they were, so its games and their records are unchanged)."""
    return {} if waiting == ROLL_WAITING else {"waiting": waiting}


def shift_window(state, result, character, space):
    """``before_encounter`` (first): the Terra Shift window after the mover's move, once a turn;
    the encounter begins again after it."""
    state, replaced = result
    ch = state.characters[character]
    if replaced or not held(state, SHIFTS) or not ch.turn_flags.get("moved") \
            or ch.turn_flags.get("shift_offered") or not holders(state, character, SHIFTS) or not effects.shift_sources(state, character):
        return result
    state = kernel.set_turn_flag(state, character, "shift_offered")
    return push(state, frame("encounters.begin"),
                frame("harbinger.window", mover=character, flag=SHIFTS, roll=0, asked=[])), True


def holders(state, mover, flag):
    """``(character, options)`` of those who may cast a Spell with ``data.<flag>`` on ``mover``:
    the others in turn order after him (:func:`spells.spell_holders`), and for Terra Shift the
    mover himself first; ``cast:<spell>`` from his Spells, ``gift:<spell>`` an Ascendant
    Divine's divine gift not yet used this round (docs/rulings.md R-CAST2.2)."""
    order = list(state.order)
    i = order.index(mover) if mover in order else 0
    seats = (order[i:] if flag == SHIFTS else order[i + 1:]) + order[:i]
    hand = dict(spells.spell_holders(state, mover, flag))
    ch = state.characters[mover]
    if flag == SHIFTS and ch.spells and ch.alive and spells.can_cast(state, mover):
        own = [sp for sp in dict.fromkeys(ch.spells) if (load().cards[sp].data or {}).get(flag)]
        if own:
            hand[mover] = own[0]
    out = []
    for o in seats:
        options = [f"cast:{hand[o]}"] if o in hand else []
        options += [f"gift:{g}" for g in gifted.window_gifts(state, o, flag)[:1]]
        if options:
            out.append((o, options))
    return out


def window(state, mover, flag, roll, asked, waiting=ROLL_WAITING):
    """Rule step: the next holder not yet asked may cast his Spell on ``mover``."""
    if not state.characters[mover].alive or state.outcome is not None:
        return state
    for holder, options in holders(state, mover, flag):
        if holder not in asked:
            what = "his movement roll" if flag == BINDS else "his move"
            name = load().cards[options[0].split(":", 1)[1]].name
            return decide(state, holder, "spell_window", ["pass", *options], "harbinger.window_chosen",
                          prompt=f"cast {name} on {mover} ({what})", mover=mover,
                          flag=flag, roll=roll, asked=list(asked) + [holder], **other_board(waiting))
    return state


def window_chosen(state, action, mover, flag, roll, asked, waiting=ROLL_WAITING):
    holder = asked[-1]
    if action.kind == "pass":
        return window(state, mover, flag, roll, asked, waiting)
    spell = action.args[0]
    if action.kind == "gift":  # a divine gift cast as a Spell, once a round (R-CAST2.2)
        state = gifted.take_gift(state, holder, spell)
    state = spells.spend_spell(state, holder, spell, "movement" if flag == BINDS else "after_move")
    # the answers of any cast come first (the Timescape's D8, Dispellation, Counterspell: R-CAST2.1)
    return spells.cast_answered(state, holder, spell, {"step": "harbinger.window_cast", "args": dict(
        caster=holder, spell=spell, mover=mover, flag=flag, roll=roll, **other_board(waiting))})


def window_cast(state, caster, spell, mover, flag, roll, waiting=ROLL_WAITING):
    """Rule step: the Spell cast in a window takes effect (its answers did not cancel it)."""
    if state.outcome is not None or not state.characters[caster].alive \
            or not state.characters[mover].alive:
        return state
    if flag == SHIFTS:
        return effects.terra_shift(state, {}, mover, {"card": spell, "caster": caster})
    move = kernel.waiting(state, waiting, {"character": mover})
    if move is None or move.get("replaced"):
        # a second effect (the Timescape's Double Effect): one roll makes one move (R-CAST2.1)
        return log(state, "effect_ignored", character=mover, card=spell, reason="the roll is already bound")
    state = kernel.answer(state, waiting, {"character": mover}, replaced=True)
    state = log(state, "character_bound", character=mover, caster=caster, card=spell)
    return _after_roll(state, mover, caster, roll, move.get("dice"))


# --- Dark Binding: the caster chooses the move ---------------------------------------------------

def _after_roll(state, who, caster, n, dice=None):
    """The bound mover may still pay a fate to roll again (``dice``: the roll's, when several:
    one of them again, rulings R-RF14.1); then the caster chooses."""
    rerolls = movement.offer_reroll(state, who, dice or (n,))
    if rerolls:
        several = {"dice": list(dice)} if dice is not None and len(dice) > 1 else {}
        return decide(state, who, "fate", ["keep", *rerolls],
                      "harbinger.bound_fate", prompt=movement.roll_prompt(state, who, n, dice, note="Dark Binding"),
                      who=who, caster=caster, roll=n, **several)
    return _offer(state, who, caster, n)


def bound_fate(state, action, who, caster, roll, dice=None):
    if action.kind == "keep":
        return _offer(state, who, caster, roll)
    return movement.pay_reroll(state, who, dice or (roll,), action, f"movement re-roll of {who} (Dark Binding)",
                               "harbinger.bound_rolled", who=who, caster=caster)


def bound_rolled(state, action, who, caster, kept=None):
    """Rule step: the re-roll is made; the caster chooses along it."""
    new, action = action.dice, chars.rerolled_roll(action, kept)  # (one die re-rolled: R-RF14.1)
    n = sum(action.dice)
    state = log(state, "movement_roll", character=who, roll=n)
    state = chars.fate_rerolled(state, who, new, "movement")
    state = run_hook(state, "movement_rolled", character=who, roll=n, dice=action.dice)
    return _offer(state, who, caster, movement.counted_roll(state, who, n, action.dice))


def _along(state, who, roll):
    """The spaces along every direction of a ``roll``-long move, each with its path: the roll's
    own ends and every space short of them (Dark Binding, card-data.md 2.4: "you choose his
    direction and may stop him anywhere along it"); a space met at several distances keeps the
    shortest path."""
    board, here = load().board, state.characters[who].space
    paths: dict = {}
    for k in range(roll, 0, -1):
        paths.update(movement.reachable(board, here, k))
    return paths


def _offer(state, who, caster, n):
    own = adjust(state, "movement_along", None, character=who, roll=n)
    if own is not None:  # a board that walks its own way (the City's streets: R-HARB2.1)
        # what stops a move on the way stops this one too (R-NA11.1), along that board's walks
        allowed = adjust(state, "movement_destinations", tuple(own), character=who, roll=n, dice=(n,))
        options = [f"move:{d}" for d in allowed if d in own]
    else:
        dests = _along(state, who, n)
        asked = tuple(sorted(dests))
        allowed = adjust(state, "movement_destinations", asked, character=who, roll=n, dice=(n,))
        options = [f"move:{d}" for d in allowed if d in dests]  # the caster picks along the roll
        # "you choose his direction": where the roll reaches a space both ways round, the way
        # too, as the mover's own move offers it (rulings R-MV10.1, R-NA11.1)
        options += [o for o in movement.other_way_options(state, who, n, (n,), n, asked, allowed)
                    if o.split(":")[1] in dests]
    if not options:
        return log(state, "no_move", character=who, roll=n)
    return decide(state, caster, "bind", options, "harbinger.bound_chosen",
                  prompt=f"Dark Binding: where {who} goes ({n})", who=who, roll=n)


def bound_chosen(state, action, who, roll):
    """Rule step: the target walks the path the caster chose."""
    state = kernel.set_turn_flag(state, who, "moved")
    if adjust(state, "movement_along", None, character=who, roll=roll) is not None:
        # the board that answered the spaces along the roll walks him there its own way
        state, handled = adjust(state, "move_elsewhere", (state, False), character=who,
                                dest=action.args[0], roll=roll)
        if not handled:
            raise TalismanError(f"Dark Binding: no walk of {who}'s roll of {roll} reaches {action.args[0]}")
        return state
    if action.args[1:] == (movement.ANTICLOCKWISE,):  # the other way round (R-NA11.1)
        path = movement.other_ways(state, who, roll)[action.args[0]]
    else:
        path = _along(state, who, roll)[action.args[0]]
    return movement.follow(state, who, path)


STEPS = {"harbinger.window": window, "harbinger.window_chosen": window_chosen,
         "harbinger.window_cast": window_cast, "harbinger.bound_rolled": bound_rolled,
         "harbinger.bound_fate": bound_fate, "harbinger.bound_chosen": bound_chosen}
