"""TALISMAN Disasters (000, under TALISMAN CARDS): twelve Adventure cards, numbered 0, that
change the board for the rest of the game.

"When a disaster card is drawn, it is played on the designated board Space immediately, before
any Player takes any other action. If the card is to be played on a Space that there is more
than one of (Plains Fields etc.), the Player who drew the card, decides which Space to play it
on. If there are any Characters currently on a Space affected by a disaster, they are effected
immediately."  "All disaster cards played remain on the board for the remainder of the game."

A set of cards to add to the Adventure deck, so it joins the game as an expansion id
(``disasters``) through the hook points of :mod:`talisman.expansions`:

- the cards' ``when_drawn`` effect ``play_disaster`` plays the card at once (the drawer names the
  space when there are several of its kind; ``disasters.placed``) and runs its ``effect`` for
  every character already there;
- ``space_effect``: a space with Disasters on it has their effects after its own instructions,
  but not a Disaster that already hit, as it was played, the character whose encounter of the
  space is under way (the drawer standing there: one card, one landing, one effect).

The played cards are kept in ``state.ext["disasters"]["cards"]`` (``{space: [card ids]}``), not
among the space's face-up cards (they would count towards its "draw N cards" number and be
claimed or met as cards).  The card texts are stand-ins (the data file says so).
"""
from __future__ import annotations

import attrs
from pyrsistent import pvector
from pyrsistent.typing import PMap, PVector

from ...rules.kernel import ExtSlice, remove_from_space, set_turn_flag
from ...rules.slice_values import CARD, SPACE, checked, list_of, map_of
from ...state import ExtRecord, map_field
from ...engine.ruleset import Plugin
from ...definitions import DATA_TEXT, load
from ...engine.machine import decide, log, push, frame

ID = "disasters"


@attrs.frozen
class Disasters(ExtRecord):
    """``state.ext["disasters"]``: ``cards``, space -> the Disasters played on it."""

    cards: PMap[str, PVector[str]] = map_field(checked(map_of(SPACE, list_of(CARD))))


SLICE = ExtSlice(ID, Disasters)


def played(state):
    """``{space: (card ids)}``: the Disasters on the board."""
    return SLICE.get(state, "cards")


def candidate_spaces(card_id):
    """The spaces a Disaster may be played on: its ``data.space`` (a space id, or a name shared by
    several spaces), within ``data.region`` if given."""
    data = load().cards[card_id].data
    board = load().board
    return sorted(s for s, sp in board.spaces.items()
                  if (s == data["space"] or sp.name == data["space"])
                  and data.get("region") in (None, sp.region))


def play_disaster(state, params, actor, source):
    """The ``play_disaster`` effect (a Disaster's ``when_drawn``)."""
    card = source["card"]
    spaces = candidate_spaces(card)
    if len(spaces) == 1:
        return place(state, card, source["space"], spaces[0])
    return decide(state, actor, "disaster", [f"space:{s}" for s in spaces], "disasters.placed",
                  prompt=f"play the {load().cards[card].name} on", card=card, drawn_on=source["space"])


def placed(state, action, card, drawn_on):
    return place(state, card, drawn_on, action.args[0])


def place(state, card, drawn_on, space):
    state = remove_from_space(state, drawn_on, card)
    cards = played(state)
    cards = cards.set(space, cards.get(space, pvector()).append(card))
    state = SLICE.put(state, cards=cards)
    state = log(state, "disaster_played", card=card, space=space)
    # "If there are any Characters currently on a Space affected by a disaster, they are
    # effected immediately" (in turn order)
    here = [c for c in state.order if state.characters[c].alive and state.characters[c].space == space]
    if state.current in here:
        # the character whose encounter is under way (the drawer on the space he chose, or the
        # space he drew on) is hit now, "immediately"; the space's instructions that end his
        # encounter leave this card out (``space_effect``), else one landing would hit him twice
        met = state.characters[state.current].turn_flags.get("disasters_met", ())
        state = set_turn_flag(state, state.current, "disasters_met", [*met, card])
    effect = load().cards[card].effect
    for cid in reversed(here):
        state = push(state, frame("effects.next", effects=effect, actor=cid,
                                  source={"card": card, "space": space}))
    return state


def space_effect(state, effects, space):
    """A space with Disasters on it: their effects follow its own instructions (the instructions
    are run for the character to move, ``state.current``), less a Disaster that hit him as it was
    played in this turn (``place``)."""
    cards = played(state).get(space)
    if not cards:
        return effects
    met = state.characters[state.current].turn_flags.get("disasters_met", ()) if state.current else ()
    return tuple(effects) + tuple(step for c in cards if c not in met for step in load().cards[c].effect)


HOOKS = {"space_effect": space_effect}
EFFECTS = {"play_disaster": play_disaster}
EFFECT_SCHEMAS = {"play_disaster": {"type": "object", "additionalProperties": False, "properties": {}}}
STEPS = {"disasters.placed": placed}

#: Everything this expansion adds to a game (the API layer registers it: docs/architecture.md).
#: The keys of a card's ``data`` this expansion's rules read, and the kind of each value
#: (``Plugin.card_data``: a key no rule names stops loading, ruling R-HARDEN20.4).
CARD_DATA = {
    "region": DATA_TEXT, "space": DATA_TEXT,
}

PLUGIN = Plugin("disasters", hooks=HOOKS, steps=STEPS, effects=EFFECTS, effect_schemas=EFFECT_SCHEMAS,
                card_data=CARD_DATA)
