"""The Blood Moon's characters (003, Character Cards): the abilities its hooks can play.

The characters themselves are data (``data/talisman/expansions/blood_moon/characters.yaml``,
abilities in ``.../abilities.yaml``); what each ability changes is played here, from the
expansion's own hooks:

``doom_fate_on_events`` (the Doomsayer)
    ``events_drawn``: whenever another character draws one or more Events, every living
    Doomsayer gains 1 fate.
``redraw_non_enemy`` (the Vampire Hunter)
    ``events_drawn``: before any card is met, the Vampire Hunter may discard one Event he has
    just drawn (``discard:<card>``) and draw another card in its place from the same deck, or
    ``keep`` them.  Once per encounter: an Event drawn in its place is met as it comes.
``graveyard_search`` (the Grave Robber)
    ``before_encounter``: having moved onto the Graveyard, once its encounter is over he may
    take one Object or Magic Object from the top 8 cards of the Adventure discard pile
    (``take:<card>``), or ``done``.

Not played (no hook reaches them): ``doom_extra_draw`` (a hook after a space's draw, with the
cards drawn), ``draw_from_discards`` (a hook choosing the pile a draw comes from), and the
Vampire Hunter's redraw of a Stranger, Object, Follower or Place (only Events are announced
to expansions before they are met).
"""
from __future__ import annotations

from ...definitions import load
from ...engine.machine import decide, frame, log, push
from ...engine.records import replace
from ...rules import characters as chars

#: GRAVEYARD SEARCH: how deep into the Adventure discard pile the Grave Robber looks.
SEARCH_DEPTH = 8


def events_drawn(state, character, cards):
    for other in state.order:
        if other != character and state.characters[other].alive \
                and chars.has_ability(state, other, "doom_fate_on_events"):
            state = chars.gain(state, other, "fate", 1, f"doomsayer: {character} drew an Event")
    if chars.has_ability(state, character, "redraw_non_enemy"):
        # a frame, so the choice comes after every expansion's hook and before any card is met
        state = push(state, frame("blood_moon.redraw_offer", who=character, cards=list(cards)))
    return state


def redraw_offer(state, who, cards):
    ch = state.characters[who]
    if not ch.alive or state.outcome is not None:
        return state
    here = [c for c in dict.fromkeys(cards) if c in state.board_cards.get(ch.space, ())]
    if not here:
        return state
    return decide(state, who, "redraw", [f"discard:{c}" for c in here] + ["keep"],
                  "blood_moon.redraw_chosen", prompt="discard a drawn card to draw again",
                  space=ch.space, who=who)


def redraw_chosen(state, action, space, who):
    """The Vampire Hunter's choice: keep the cards, or discard one and draw again."""
    cid = who
    if action.kind == "keep":
        return state
    card = action.args[0]
    on_space = state.board_cards[space]
    at = len(on_space) - 1 - list(reversed(on_space)).index(card)
    state = replace(state, board_cards=state.board_cards.set(space, on_space.delete(at)))
    state = chars.discard(state, card)
    deck = load().cards[card].deck
    state = log(state, "redrawn", character=cid, card=card, space=space, deck=deck)
    from ...rules.encounters import draw_cards
    return draw_cards(state, cid, space, 1, deck)


def before_encounter(state, character, space):
    """GRAVEYARD SEARCH: the Grave Robber, having moved onto the Graveyard, may take an Object
    from the top of the Adventure discards once the Graveyard's encounter is over (a frame
    under the encounter's own)."""
    ch = state.characters[character]
    if space != "graveyard" or not ch.alive or not ch.turn_flags.get("moved") \
            or not chars.has_ability(state, character, "graveyard_search"):
        return state
    return push(state, frame("blood_moon.graveyard_search", who=character))


def graveyard_search(state, who):
    ch = state.characters[who]
    if not ch.alive or ch.space != "graveyard" or state.outcome is not None:
        return state
    found = search(state)
    if not found:
        return log(state, "graveyard_searched", character=who, card=None)
    return decide(state, who, "take", [f"take:{c}" for c in found] + ["done"],
                  "blood_moon.graveyard_taken", prompt="search the Adventure discards", who=who)


def search(state):
    """The Objects and Magic Objects among the top 8 Adventure discards (top last)."""
    top = list(state.discards.get("adventure", ()))[-SEARCH_DEPTH:]
    return list(dict.fromkeys(c for c in top if load().cards[c].type in ("object", "magic_object")))


def graveyard_taken(state, action, who):
    cid = who
    if action.kind == "done":
        return state
    card = action.args[0]
    pile = state.discards["adventure"]
    at = len(pile) - 1 - list(reversed(pile)).index(card)
    state = replace(state, discards=state.discards.set("adventure", pile.delete(at)))
    state = log(state, "graveyard_searched", character=cid, card=card)
    from ...rules.effects import add_possession
    return add_possession(state, cid, card, "graveyard search")


STEPS = {"blood_moon.redraw_offer": redraw_offer, "blood_moon.redraw_chosen": redraw_chosen,
         "blood_moon.graveyard_search": graveyard_search,
         "blood_moon.graveyard_taken": graveyard_taken}
