"""Blood Moon Strangers who take a trophy for a reward (docs/blood_moon.md):

``give_trophy: {then, repeat}``
    the actor may give one of his trophies (``give:<card>``, discarded) for the ``then``
    effects, or keep them (``keep``); with ``repeat`` the offer comes again after each trade
    (the Cairn Caretaker: 1 Strength or Craft a trophy; the Ghostwood Ent: a hand of Spells,
    then he leaves);
``gold_on_card: {dice, per_visit}``
    a card holding gold (the Treasure Trove): at its first visit ``dice`` are rolled for the
    gold it holds (kept in the base ``state.card_stock`` under ``space/card``); each visit the
    visitor takes up to ``per_visit``; empty, the card is discarded.  The card says "up to 2":
    2 are always taken (more gold never hurts).
"""
from __future__ import annotations

from ...engine.machine import decide, frame, log, push, request_roll
from ...engine.records import replace
from ...rules import characters as chars
from ...rules import effects as base_effects
from ...state import update_character


def give_trophy(state, params, actor, source):
    trophies = list(dict.fromkeys(state.characters[actor].trophies))
    if not trophies:
        return state
    return decide(state, actor, "trophy", [f"give:{c}" for c in trophies] + ["keep"],
                  "blood_moon.trophy_given", prompt=f"give a trophy to the {source.get('card')}?",
                  params=params, actor=actor, source=source)


def trophy_given(state, action, params, actor, source):
    if action.kind == "keep":
        return state
    card = action.args[0]
    held = state.characters[actor].trophies
    state = update_character(state, actor, trophies=held.delete(held.index(card)))
    state = chars.discard(state, card)
    state = log(state, "trophy_given", character=actor, card=card, cause=source.get("card"))
    if params.get("repeat"):
        state = push(state, frame("effects.next", effects=[{"give_trophy": params}], actor=actor,
                                  source=source))
    return base_effects.run(state, list(params["then"]), actor, source)


def gold_on_card(state, params, actor, source):
    key = f"{source['space']}/{source['card']}"
    if key not in state.card_stock:
        return request_roll(state, params["dice"], f"the gold of the {source['card']}",
                            "blood_moon.card_gold_rolled", params=params, actor=actor, source=source)
    return _take_gold(state, params, actor, source, key)


def card_gold_rolled(state, action, params, actor, source):
    key = f"{source['space']}/{source['card']}"
    state = replace(state, card_stock=state.card_stock.set(key, sum(action.dice)))
    state = log(state, "card_gold_rolled", card=source["card"], gold=sum(action.dice))
    return _take_gold(state, params, actor, source, key)


def _take_gold(state, params, actor, source, key):
    left = state.card_stock[key]
    n = min(left, params["per_visit"])
    state = chars.gain(state, actor, "gold", n, source["card"])
    left -= n
    if left > 0:
        return replace(state, card_stock=state.card_stock.set(key, left))
    state = replace(state, card_stock=state.card_stock.discard(key))
    state = base_effects._remove_from_space(state, source["space"], source["card"])
    state = chars.discard(state, source["card"])
    return log(state, "card_emptied", card=source["card"], space=source["space"])


EFFECTS = {"give_trophy": give_trophy, "gold_on_card": gold_on_card}
STEPS = {"blood_moon.trophy_given": trophy_given, "blood_moon.card_gold_rolled": card_gold_rolled}
