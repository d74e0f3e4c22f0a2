"""Blood Moon Strangers who take a trophy for a reward (docs/blood_moon.md):

``give_trophy: {then, repeat}``
    the actor may give one of his trophies (``give:<card>``, discarded) for the ``then``
    effects, or keep them (``keep``); with ``repeat`` the offer comes again after each trade
    (the Cairn Caretaker: 1 Strength or Craft a trophy; the Ghostwood Ent: a hand of Spells,
    then he leaves).
"""
from __future__ import annotations

from ...engine.machine import decide, frame, log, push
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


EFFECTS = {"give_trophy": give_trophy}
STEPS = {"blood_moon.trophy_given": trophy_given}
