"""The Rise of the Dead Omens and the Adventure discard pile: Open Graves and Burial Mounds.

* ``discard_top: {deck, count}``: the top ``count`` cards of a deck go to its discard pile
  (Open Graves: the top 10 Adventure cards).
* ``take_from_discards: {depth, types}``: the actor may take one card of ``types`` from the top
  ``depth`` cards of the Adventure discard pile (``take:<card>``) or none (``done``).
* The top Omen's ``continuous.after_win: {subtypes, effects}`` (Burial Mounds): a character who
  beats an Enemy of those subtypes in combat runs the effects (the ``combat_resolved`` hook,
  before the win is applied).
* ``enemies_to_decks`` (Undead Hordes): the Enemies in the Adventure and Harbinger discard
  piles go back into their decks, which are shuffled.
* The top Omen's ``continuous.undead_rise: {types, strength, number}`` (Spreading Death): while it
  is on top, a face-up card of those types (Strangers, Followers) is an Undead Enemy of that
  Strength and encounter number.  It is met in the Harbinger's encounter flow
  (:func:`.figure.meet`, which :func:`.figure.own_flow_needed` asks for on such a space): once
  the cards of lower numbers are met, each risen card attacks alone, in battle; beaten, it is
  discarded (no trophy: a stand-in); a loss or a stand-off ends the turn as an Enemy's does; an
  evasion goes on with the encounter.  As an Undead it has the Omen's Spirit/Undead attack
  bonus (the ``attack_score`` hook, :func:`is_risen`).
"""
from __future__ import annotations

from pyrsistent import pvector

from ...definitions import load
from ...engine.machine import decide, frame, log, push
from ...engine.dice import shuffle
from ...engine.records import replace
from ...rules import characters as chars
from . import omens
from ...rules import combat, effects, effects as base
from ...engine.ruleset import declare

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
    state = replace(state, decks=state.decks.set(deck, pvector(cards[n:])))
    state = log(state, "cards_discarded_from_deck", deck=deck, cards=gone, cause=source.get("card"))
    for c in gone:  # each through the base discard, so its card_discarded listeners hear it
        state = chars.discard(state, c)
    return state


def take_from_discards(state, params, actor, source):
    """The actor may take one card of ``types`` among the top ``depth`` Adventure discards (the
    whole pile without ``depth``)."""
    if not state.characters[actor].alive:
        return state
    types = tuple(params.get("types", ("object", "magic_object", "follower")))
    pile = list(state.discards.get("adventure", ()))
    top = pile[-params["depth"]:] if "depth" in params else pile
    found = list(dict.fromkeys(c for c in reversed(top) if load().cards[c].type in types))
    if not found:
        return log(state, "nothing_to_take", character=actor, cause=source.get("card"))
    return decide(state, actor, "take", [f"take:{c}" for c in found] + ["done"],
                  "effects.taken_from_discards", prompt="take a card from the discard pile",
                  actor=actor, cause=source.get("card"))



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


@declare(acts_on=("won",))
def after_win(state, who, omen):
    """Rule step: the win stands: the Omen's effects for the winner."""
    b = state.battle
    if b is None or b.get("result") != "won" or state.outcome is not None:
        return state
    effects = omens.continuous(state).get("after_win", {}).get("effects", ())
    return base.run(state, effects, who, {"card": omen})


def enemies_to_decks(state, params, actor, source):
    """Undead Hordes (card-data.md 2.3 [DB]: "take all Enemies in all discard piles, shuffle
    them, and place them on top of their respective decks"): the Enemies of each discard pile,
    shuffled, go on top of its deck."""
    for deck in ("adventure", "harbinger"):
        pile = list(state.discards.get(deck, ()))
        back = [c for c in pile if load().cards[c].type == "enemy"]
        if not back:
            continue
        mixed, dice = shuffle(state.dice, back)
        cards = list(mixed) + list(state.decks.get(deck, ()))
        state = replace(state, dice=dice, decks=state.decks.set(deck, pvector(cards)),
                        discards=state.discards.set(deck, pvector(c for c in pile if c not in back)))
        state = log(state, "enemies_back_in_deck", deck=deck, cards=back, cause=source.get("card"))
    return state


# --- Spreading Death: Strangers and Followers risen as Undead Enemies ---------------------------

def risen(state, space, met=()):
    """The face-up cards of ``space`` the top Omen makes Undead Enemies, not yet met."""
    rule = omens.continuous(state).get("undead_rise")
    if not rule:
        return []
    return [c for c in dict.fromkeys(state.board_cards.get(space, ()))
            if c not in met and load().cards[c].type in rule["types"]]


def is_risen(state, card_id):
    """Whether the enemy named ``card_id`` in a combat is a risen card (an Undead)."""
    rule = omens.continuous(state).get("undead_rise")
    c = load().cards.get(card_id)
    return bool(rule) and c is not None and c.type in rule["types"]


def risen_first(state, space, queue, met):
    """The risen card to fight now: the next card in the base order comes later (or none)."""
    rule = omens.continuous(state).get("undead_rise")
    up = risen(state, space, met)
    if not up:
        return None
    if queue and (load().cards[queue[0]].number or 99) < rule.get("number", 2):
        return None
    return up[0]


def fight_risen(state, cid, space, everything, met, card):
    """A risen card attacks (battle), alone."""
    rule = omens.continuous(state)["undead_rise"]
    state = log(state, "undead_risen", character=cid, card=card, space=space,
                strength=rule["strength"], cause=omens.top(state))
    go_on = {"step": "harbinger.risen_beaten",
             "args": {"space": space, "card": card, "everything": everything,
                      "met": list(met) + [card]}}
    evaded = {"step": "harbinger.meet",
              "args": {"space": space, "everything": everything, "met": list(met) + [card]}}
    stop = {"step": "combat.end_turn", "args": {}}
    enemy = {"name": card, "card": None, "value": rule["strength"]}
    return combat.start_combat(state, cid, "battle", [enemy], on_win=go_on, on_lose=stop,
                               on_standoff=stop, on_evade=evaded)


def risen_beaten(state, space, card, everything, met):
    """Rule step: the risen card beaten is discarded; the encounter goes on."""
    state = push(state, frame("harbinger.meet", space=space, everything=everything, met=met))
    if card not in state.board_cards.get(space, ()):
        return state
    state = effects.remove_from_space(state, space, card)
    state = chars.discard(state, card)
    return log(state, "undead_destroyed", character=state.current, card=card, space=space)


EFFECTS = {"discard_top": discard_top, "take_from_discards": take_from_discards,
           "enemies_to_decks": enemies_to_decks}
SCHEMAS = {"discard_top": {"type": "object", "additionalProperties": False, "required": ["count"],
                           "properties": {"deck": {"enum": ["adventure"]}, "count": _POS}},
           "take_from_discards": {"type": "object", "additionalProperties": False,
                                  "properties": {"depth": _POS, "types": _TYPES}},
           "enemies_to_decks": {"type": "object", "additionalProperties": False, "properties": {}}}
STEPS = {"harbinger.after_win": after_win,
         "harbinger.risen_beaten": risen_beaten}
