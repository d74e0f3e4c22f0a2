"""The Rise of the Dead Omens and the Adventure discard pile: Open Graves and Burial Mounds.

* ``discard_top: {deck, count}``: the top ``count`` cards of a deck go to its discard pile
  (Open Graves: the top 10 Adventure cards).
* ``take_from_discards: {depth, types}``: the actor may take one card of ``types`` from the top
  ``depth`` cards of the Adventure discard pile (``take:<card>``) or none (``done``).
* The top Omen's ``continuous.after_win: {subtypes, effects}`` (Burial Mounds): a character who
  beats an Enemy of those subtypes in combat runs the effects (the ``combat_resolved`` hook,
  before the win is applied).
"""
from __future__ import annotations

from pyrsistent import pvector

from ...definitions import load
from ...engine.machine import decide, frame, log, push
from ...engine.records import replace
from . import omens

_POS = {"type": "integer", "minimum": 1}
_TYPES = {"type": "array", "minItems": 1, "items": {"enum": ["object", "magic_object", "follower"]}}


def discard_top(state, params, actor, source):
    """The top ``count`` cards of ``deck`` go to its discard pile (the deck is shuffled: a
    count of unseen cards, taken from the top as drawn)."""
    deck = params.get("deck", "adventure")
    cards = list(state.decks.get(deck, ()))
    n = min(params["count"], len(cards))
    if not n:
        return state
    gone = cards[:n]
    state = replace(state, decks=state.decks.set(deck, pvector(cards[n:])),
                    discards=state.discards.set(deck, state.discards.get(deck, pvector()).extend(gone)))
    return log(state, "cards_discarded_from_deck", deck=deck, cards=gone, cause=source.get("card"))


def take_from_discards(state, params, actor, source):
    """The actor may take one card of ``types`` among the top ``depth`` Adventure discards."""
    if not state.characters[actor].alive:
        return state
    types = tuple(params.get("types", ("object", "magic_object", "follower")))
    top = list(state.discards.get("adventure", ()))[-params["depth"]:]
    found = list(dict.fromkeys(c for c in reversed(top) if load().cards[c].type in types))
    if not found:
        return log(state, "nothing_to_take", character=actor, cause=source.get("card"))
    return decide(state, actor, "take", [f"take:{c}" for c in found] + ["done"],
                  "harbinger.taken_from_discards", prompt="take a card from the discard pile",
                  actor=actor, cause=source.get("card"))


def taken_from_discards(state, action, actor, cause):
    if action.kind == "done":
        return state
    card = action.args[0]
    pile = state.discards["adventure"]
    at = len(pile) - 1 - list(reversed(pile)).index(card)
    state = replace(state, discards=state.discards.set("adventure", pile.delete(at)))
    state = log(state, "taken_from_discards", character=actor, card=card, cause=cause)
    from ...rules.effects import add_possession
    return add_possession(state, actor, card, cause)


def combat_resolved(state, character, result):
    """State hook: the top Omen's ``after_win`` (Burial Mounds) for a character beating an
    Enemy of its subtypes."""
    rule = omens.continuous(state).get("after_win")
    b = state.battle
    if not rule or b is None or b["opponent"] is not None:
        return state
    hit = [e["card"] for e in b["enemies"]
           if e.get("card") and load().cards[e["card"]].subtype in rule["subtypes"]]
    if not hit:
        return state
    return push(state, frame("harbinger.after_win", who=character, omen=omens.top(state)))


def after_win(state, who, omen):
    """Rule step: the win stands: the Omen's effects for the winner."""
    b = state.battle
    if b is None or b.get("result") != "won" or state.outcome is not None:
        return state
    from ...rules import effects as base
    effects = omens.continuous(state).get("after_win", {}).get("effects", ())
    return base.run(state, effects, who, {"card": omen})


EFFECTS = {"discard_top": discard_top, "take_from_discards": take_from_discards}
SCHEMAS = {"discard_top": {"type": "object", "additionalProperties": False, "required": ["count"],
                           "properties": {"deck": {"enum": ["adventure"]}, "count": _POS}},
           "take_from_discards": {"type": "object", "additionalProperties": False, "required": ["depth"],
                                  "properties": {"depth": _POS, "types": _TYPES}}}
STEPS = {"harbinger.taken_from_discards": taken_from_discards, "harbinger.after_win": after_win}
