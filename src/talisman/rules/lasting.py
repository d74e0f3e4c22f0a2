"""Effects that last beyond the moment a card is met: the Blizzard's deep snow and the
Destroy Magic Spell's ban (both cards of the base Adventure and Spell decks).

A lasting effect lives in ``state.lasting`` under its name, as plain data: who started it
(``by``) and the round in which it ends (``until_round``).  It ends at the start of a turn of
``by`` once that round has come -- "until your next turn" is one round, the Blizzard's "two
rounds" two -- or at any turn start after that round if ``by`` is dead.  A second card of the
same name started while one is in force restarts the count.

A Spell's card lies with its effect (``card``), on no pile, and is discarded when the effect
ends (CASTING SPELLS: "Once cast, and its effect ended, the card is usually placed on the Spell
discard pile"; docs/rulings.md R-PROBE14B.1); so does the card of a Spell whose effect is its
caster's next turns, Temporal Warp's (:func:`hold`: an entry under the card's id, ended once
the turn ``until_turn`` is past), and of a Spell whose effect lasts to the end of the turn,
Invisibility's and Immobility's on a character (:func:`hold_this_turn`; R-RH14.3), and of an
expansion's Spell whose effect lasts until its caster's next turn, the Blood Moon's Feral Hunger
at Night and the Timescape's Warp Gate (:func:`hold_until_next_turn`; R-FD14.1).

What each effect changes is read where the rule applies (:func:`active`): the Blizzard in
``movement.roll_for_movement``, Destroy Magic in ``spells.can_cast`` and in the characters'
totals and abilities (``characters.bonus_of``, ``characters.has_ability``).
"""
from __future__ import annotations

from pyrsistent import pmap

from ..engine.machine import log
from ..engine.records import EMPTY_PMAP, replace
from . import characters as chars

#: The lasting effects the engine knows, with the rule each one applies.
KNOWN = {
    "blizzard": "every character, in any Region, moves only one space a turn",
    "destroy_magic": "no one casts Spells or uses Magic Objects",
}


def active(state, name):
    """Whether the lasting effect ``name`` is in force."""
    return name in state.lasting


def start(state, name, by, rounds, card=None):
    """Put ``name`` in force from now until the start of ``by``'s turn ``rounds`` rounds on;
    ``card``, the Spell that casts it, is kept with it until it ends."""
    until = state.round + rounds
    old = state.lasting.get(name)
    if old is not None and old.get("card"):
        if card is None:
            card = old["card"]  # the same card's effect again (the Timescape's Double Effect)
        else:
            state = chars.discard(state, old["card"])  # restarted: the first card's effect has ended
    span = {"by": by, "until_round": until}
    if card is not None:
        span["card"] = card
    state = replace(state, lasting=state.lasting.set(name, pmap(span)))
    return log(state, "lasting_started", effect=name, character=by, until_round=until)


def hold(state, card, by, turns):
    """The card of a Spell whose effect is ``by``'s next ``turns`` turns (Temporal Warp's) lies
    here, under its own id, until they are played: it is discarded at the first turn start
    after them (``until_turn``), or after ``by``'s death."""
    span = {"by": by, "until_round": state.round, "until_turn": state.turn + turns, "card": card}
    return replace(state, lasting=state.lasting.set(card, pmap(span)))


def hold_this_turn(state, card, by):
    """The card of a Spell whose effect lasts until the end of this turn (Invisibility's; and
    Immobility's on the character whose turn it is) lies here until the next turn starts (a
    :func:`hold` of no further turn).  A card of that id already held keeps its place (the same
    card's effect again: the Timescape's Double Effect)."""
    if card in state.lasting:
        return state
    return hold(state, card, by, 0)


def hold_until_next_turn(state, card, by):
    """The card of a Spell whose effect lasts until ``by``'s next turn (an expansion's: the Blood
    Moon's Feral Hunger at Night, the Timescape's Warp Gate) is taken off the Spell discard pile,
    where the cast put it, and lies here, under its own id, until ``by``'s next turn starts (or
    any turn start after his death); a card not on that pile (cancelled, kept) or already held
    (the same card's effect again: the Timescape's Double Effect) stays where it is."""
    if card is None or card in state.lasting or card not in state.discards.get("spell", ()):
        return state
    state = chars.take_from_discards(state, card, "spell")
    span = {"by": by, "until_round": state.round, "next_turn": True, "card": card}
    return replace(state, lasting=state.lasting.set(card, pmap(span)))


def holding(state, card):
    """The name of the lasting effect whose Spell card ``card`` lies with it, or ``None``."""
    if card is None:
        return None
    return next((name for name, e in state.lasting.items() if e.get("card") == card), None)


def release(state, card):
    """``card`` leaves the lasting effect it lies with (an expansion's "do NOT Discard" returns it
    to its caster's hand); the effect itself goes on, a held card's place (:func:`hold`) goes."""
    name = holding(state, card)
    if name is None:
        return state
    e = state.lasting[name]
    if "until_turn" in e or "next_turn" in e:
        left = state.lasting.discard(name)
        return replace(state, lasting=left if left else EMPTY_PMAP)
    return replace(state, lasting=state.lasting.set(name, e.discard("card")))


def expire(state):
    """At the start of a turn: end every lasting effect whose time is up."""
    for name in sorted(state.lasting):
        e = state.lasting[name]
        by_alive = e["by"] in state.characters and state.characters[e["by"]].alive
        if "until_turn" in e:  # a held card (:func:`hold`): its turns played
            due = state.turn > e["until_turn"] or not by_alive
        elif "next_turn" in e:  # held until by's next turn (:func:`hold_until_next_turn`)
            due = state.current == e["by"] or not by_alive
        else:
            due = state.round > e["until_round"] or (
                state.round == e["until_round"] and (state.current == e["by"] or not by_alive))
        if due:
            left = state.lasting.discard(name)
            # (none left: the shared empty pmap, which the hot readers tell by identity)
            state = replace(state, lasting=left if left else EMPTY_PMAP)
            if e.get("card"):
                state = chars.discard(state, e["card"])  # its effect ended: now on the discard pile
            if "until_turn" not in e and "next_turn" not in e:  # (a held card is no effect of its own: nothing to tell)
                state = log(state, "lasting_ended", effect=name)
    return state
