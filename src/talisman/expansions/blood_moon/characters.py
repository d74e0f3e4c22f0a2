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
    ``keep`` them.  Once per encounter: an Event drawn in its place is met as it comes, one
    more Event of the same draw (no second flip of the Time card, no second fate for the
    Doomsayer: :func:`drawn_in_place`, rulings R-FIX15C.4).
``graveyard_search`` (the Grave Robber)
    ``before_encounter``: having moved onto the Graveyard, once its encounter is over he may
    take one Object or Magic Object from the top 8 cards of the Adventure discard pile
    (``take:<card>``), or ``done``.

``redraw_non_enemy`` for the other cards
    ``cards_drawn``: when no Event is among the Adventure cards just drawn (with an Event the
    offer comes at ``events_drawn``, after the Time card has flipped), he may discard a
    Stranger, Object, Magic Object, Follower or Place he drew.  Once per encounter (turn flag
    ``redraw_used``, cleared at each draw).
``doom_extra_draw`` (the Doomsayer)
    ``cards_drawn``: a draw of Adventure cards that brings no Enemy and no Event draws one
    more card from the same deck (a stand-in reading of the summary).
``draw_from_discards`` (the Grave Robber)
    ``before_draw``: a space's draw from the Adventure deck may come from the top of the
    Adventure discard pile instead (``pile:discards``; ``pile:deck`` keeps the deck), when the
    pile holds enough cards.

The Witch Finder's extra card is the card's data (``data.after_draw``), played by
:func:`after_draw_cards`.

Played alone (003 Expansion Rules: "The new character cards ... can be played either with this
expansion or independently"): :data:`ALONE_PLUGIN`, a base plugin wanted in a game without the
Blood Moon where one of these characters may play, subscribes the same functions at the same
hook points (rulings R-BM19B-1: each of the three abilities plays whole; what the Blood Moon's
own state would add, the Time card's flip before the Doomsayer's fate, does not happen).
"""
from __future__ import annotations

from ...definitions import load
from ...engine.machine import decide, frame, log, push
from ...engine.ruleset import Plugin
from ...engine.records import replace
from ...rules import characters as chars
from ...rules import effects as base
from ...rules import kernel
from ...rules.effects import add_possession
from ...rules.encounters import draw_cards, draw_held, held_drawn
from ...state import update_character
from . import store

#: GRAVEYARD SEARCH: how deep into the Adventure discard pile the Grave Robber looks.
SEARCH_DEPTH = 8


def doom_fate(state, character):
    """``doom_fate_on_events``: every living Doomsayer but the drawer gains 1 fate for a draw
    holding one or more Events."""
    for other in state.order:
        if other != character and state.characters[other].alive \
                and chars.has_ability(state, other, "doom_fate_on_events"):
            state = chars.gain(state, other, "fate", 1, f"doomsayer: {character} drew an Event")
    return state


def events_drawn(state, character, cards):
    if drawn_in_place(state, character, cards):
        return state  # announced with the Event it replaces
    state = doom_fate(state, character)
    if chars.has_ability(state, character, "redraw_non_enemy") and \
            not state.characters[character].turn_flags.get("redraw_used"):
        # a frame, so the choice comes after every expansion's hook and before any card is met;
        # every Adventure card drawn here that is not an Enemy may go, the Events among them
        ch = state.characters[character]
        here = state.board_cards.get(ch.space, ())
        drawn = [c for c in dict.fromkeys(ch.turn_flags.get("drawn", ())) if c in here
                 and load().cards[c].deck == "adventure" and load().cards[c].type != "enemy"]
        offer = [c for c in cards if c in drawn] + [c for c in drawn if c not in cards]
        state = push(state, frame("blood_moon.redraw_offer", who=character, cards=offer))
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
    state = _flag(state, cid, "redraw_used", True)
    if load().cards[card].type in EVENT_TYPES:
        # the card drawn in its place (the next one of the draw) belongs to the same draw, whose
        # Events were announced already (:func:`drawn_in_place`, rulings R-FIX15C.4)
        state = _flag(state, cid, "redrawn_event_at", len(state.characters[cid].turn_flags.get("drawn", ())))
    on_space = state.board_cards[space]
    at = len(on_space) - 1 - list(reversed(on_space)).index(card)
    state = replace(state, board_cards=state.board_cards.set(space, on_space.delete(at)))
    state = chars.discard(state, card)
    deck = load().cards[card].deck
    state = log(state, "redrawn", character=cid, card=card, space=space, deck=deck)
    return draw_cards(state, cid, space, 1, deck)


def drawn_in_place(state, character, cards):
    """Whether the Events ``cards`` are the one card the Vampire Hunter drew in place of an Event
    of the same draw: 003 Passage of Time, "Whenever a character draws one or more Events during
    his turn, before he encounters any cards": the draw's Events were announced (the Time card
    flipped, the Doomsayer paid) before she chose, and the card drawn in place, still before any
    card is met, is one more Event of that draw, not a draw of its own (rulings R-FIX15C.4)."""
    flags = state.characters[character].turn_flags
    at = flags.get("redrawn_event_at")
    drawn = flags.get("drawn", ())
    return at is not None and at < len(drawn) and set(cards) == {drawn[at]}


def _flag(state, cid, key, value):
    return update_character(state, cid, turn_flags=state.characters[cid].turn_flags.set(key, value))


EVENT_TYPES = ("event", "lunar_event")


def cards_drawn(state, character, space, cards):
    """The ``cards_drawn`` hook: the Vampire Hunter's redraw of a card that is not an Event or
    an Enemy, the Doomsayer's extra card, a held card's ``data.after_draw`` (the Witch Finder).
    Harbinger cards are not Adventure cards while drawn: only Adventure cards count."""
    cards_ = load().cards
    drawn = [c for c in cards if cards_[c].deck == "adventure"]
    if not drawn:
        return state
    kinds = {cards_[c].type for c in drawn}
    todo = []
    if chars.has_ability(state, character, "redraw_non_enemy"):
        state = _flag(state, character, "redraw_used", False)
        others = [c for c in drawn if cards_[c].type not in EVENT_TYPES + ("enemy",)]
        if others and not kinds & set(EVENT_TYPES):
            todo.append(frame("blood_moon.redraw_offer", who=character, cards=others))
    if chars.has_ability(state, character, "doom_extra_draw") and not kinds & set(EVENT_TYPES + ("enemy",)):
        todo.append(frame("blood_moon.after_draw", who=character, space=space, cause="doom_extra_draw",
                          effects=[{"draw": {"count": 1}}]))
    for card, rule in after_draw_cards(state, character):
        if not kinds & set(rule.get("unless", ())):
            todo.append(frame("blood_moon.after_draw", who=character, space=space, cause=card,
                              effects=rule["effects"]))
    return push(state, *reversed(todo)) if todo else state


def after_draw_cards(state, cid):
    """``(card, rule)`` for the Followers and usable Objects ``cid`` holds whose
    ``data.after_draw`` (``unless``: card types that cancel it; ``effects``) follows a draw."""
    ch = state.characters[cid]
    if ch.toad_turns:
        return []
    held = [c for c in dict.fromkeys(ch.objects) if chars.usable(ch, load().cards[c], state)]
    held += list(dict.fromkeys(ch.followers))
    return [(c, store.card_data(c)["after_draw"]) for c in held if store.card_data(c).get("after_draw")]


def after_draw(state, who, space, cause, effects):
    """Rule step: effects that follow a draw, for a character still on the space."""
    ch = state.characters[who]
    if not ch.alive or ch.space != space or state.outcome is not None:
        return state
    state = log(state, "blood_moon_effect", character=who, cause=cause)
    return base.run(state, effects, who, {"card": cause, "space": space})


def before_draw(state, character, space, count, deck):
    """The ``before_draw`` hook: the Grave Robber may draw from the Adventure discard pile (a
    draw from the pile answers the waiting draw: replaced)."""
    if deck != "adventure" or not chars.has_ability(state, character, "draw_from_discards") \
            or len(state.discards.get("adventure", ())) < count:
        return state
    return decide(state, character, "draw", ["pile:deck", "pile:discards"], "blood_moon.draw_source",
                  prompt=f"draw {count} from the Adventure deck or the discard pile",
                  space=space, count=count)


def draw_source(state, action, space, count):
    """The Grave Robber's choice: the top ``count`` cards of the Adventure discard pile are
    drawn onto the space (as drawn cards: met, announced, ``when_drawn`` followed)."""
    cid = state.current
    if action.args[0] == "deck":
        return state
    state = kernel.answer(state, "encounters.draw_checked", {}, replaced=True)
    pile = list(state.discards["adventure"])
    top = list(reversed(pile[-count:]))  # the top card first
    state = replace(state, discards=state.discards.set("adventure", state.discards["adventure"][:-count]))
    state = log(state, "drawn_from_discards", character=cid, cards=top, space=space)
    return draw_held(state, space, top)  # under resolution on the space until each is drawn


def discard_drawn(state, space, card):
    """Rule step of older saved games (now ``encounters.held_drawn``)."""
    return held_drawn(state, space, card)


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
    state = chars.take_from_discards(state, card)
    state = log(state, "graveyard_searched", character=cid, card=card)
    return add_possession(state, cid, card, "graveyard search")


STEPS = {"blood_moon.redraw_offer": redraw_offer, "blood_moon.redraw_chosen": redraw_chosen,
         "blood_moon.after_draw": after_draw, "blood_moon.draw_source": draw_source,
         "blood_moon.discard_drawn": discard_drawn,
         "blood_moon.graveyard_search": graveyard_search,
         "blood_moon.graveyard_taken": graveyard_taken}


#: The abilities of the Blood Moon's characters played by this module.
ABILITIES = frozenset({"doom_fate_on_events", "doom_extra_draw", "redraw_non_enemy",
                       "draw_from_discards", "graveyard_search"})


def alone_wanted(config) -> bool:
    """Whether a game of ``config`` plays these abilities without the Blood Moon (whose own
    hooks play them in its games): one of its characters, or of a listed ``character_pool``
    (a character joining later), has one."""
    if "blood_moon" in config.expansions:
        return False
    defs = load()
    pool = config.options.get("character_pool")
    ids = list(config.characters) + (list(pool) if pool is not None and not isinstance(pool, str) else [])
    return any(ABILITIES & set(defs.characters[c].abilities) for c in ids if c in defs.characters)


def alone_before_encounter(state, result, character, space):
    """``before_encounter`` alone: the Grave Robber's Graveyard search (the encounter is never
    replaced here)."""
    state, replaced = result
    if replaced:
        return result
    return before_encounter(state, character, space), replaced


#: The Blood Moon's characters played without the Blood Moon (003 Expansion Rules); the rule
#: steps are the expansion's own (registered with its plugin, found by name in any game).
ALONE_PLUGIN = Plugin("blood_moon_characters", always=True, wanted=alone_wanted, hooks={
    "events_drawn": events_drawn, "cards_drawn": cards_drawn, "before_draw": before_draw,
    "before_encounter": alone_before_encounter})
