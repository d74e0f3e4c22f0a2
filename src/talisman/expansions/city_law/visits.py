"""Encounters in the City: the Gate, the streets (City cards) and the buildings (000 THE TALISMAN
CITY).

- "The City Space on the main board is considered the City Gate. Ignore all instructions printed
  there ... Upon landing on the City Gate, Move the playing Piece to the corresponding City Gate on
  the Talisman City Board. The Character's turn ends here."
- "The Cards to be drawn are ... City Cards on the City Board": a City space draws from the ``city``
  deck (the ``draw_deck`` hook); otherwise an encounter in the City is the base game's (a character
  on the space, or the space: its cards, its instructions, claiming), judged against the Statutes
  once it is resolved (``law.after_encounter``).
- The Thief "may attempt to steal in any Building of the City (except the High Temple and the Royal
  Castle)": ``choose:steal`` in place of the building's own instructions.
- "Each time you visit the High Temple without a Scroll, you Gain a Scroll" (the Monk, the Priest,
  the Prophetess; the Minstrel at the 6 Fates Inn; the Wizard at the Magic Emporium): city.yaml
  ``scrolls`` adds ``city_scroll`` to the building's instructions for them.
"""
from __future__ import annotations

from typing import Any

from ...definitions import card_of
from ...engine.machine import frame, log, push_under
from ...rules import characters as chars
from ...rules import effects, turn
from ...rules.hooks import adjust
from ...state import update_character
from . import data, store


#: The rule step that judges an encounter in the City once it is resolved (``law.after_encounter``).
JUDGE = "city.after_encounter"

#: The cause the move onto the City board's Gate is asked with (``before_forced_move``).
GATE_CAUSE = "city gate"


def before_encounter(before, result, character, space):
    """Hook: the Gate ends the turn (the encounter replaced); after an encounter in the City the
    Statutes judge it.  ``before`` is the state the ``before_encounter`` hooks were asked in:
    the judgement goes under every frame pushed since (an expansion asked first may already
    have pushed its own encounter, The Harbinger's flow on a City street), so it comes after
    the encounter whatever the order of the expansions.  An encounter begun again (a hook that
    put it off pushed ``encounters.begin`` anew) is judged once (rulings R-FC13.2, R-FA14.1)."""
    state, replaced = result
    cid = character
    if space == data.gate()["main"]:
        gate = data.gate()["inside"]
        # "Move the playing Piece to the corresponding City Gate on the Talisman City Board": a
        # move a rule makes, asked as every move straight to a space is (``before_forced_move``):
        # a party aboard an Airship leaves it on the main board's City space (rulings A14,
        # R-PROBE18A.4)
        state, refused = adjust(state, "before_forced_move", (state, False), character=cid, space=gate,
                                cause=GATE_CAUSE)
        if refused:
            return turn.end_turn_now(state), True
        state = update_character(state, cid, space=gate)
        state = store.set_arrived(state, cid, True)
        state = log(state, "city_gate_reached", character=cid, to=gate)
        return turn.end_turn_now(state), True
    if data.kind(space) is None:
        return state, replaced
    if before.stack and before.stack[-1].step == JUDGE:
        # the encounter begun again (a hook that put it off pushed it anew, so that the hooks
        # that stood back are asked: the Worldeater Box's Terrain), or a new one on the space an
        # encounter moved him to: the judgement is queued already, right under, next to run once
        # it is resolved; a second one there would judge nothing new.  (A Spell cast just after
        # moving begins nothing again: the encounter goes on after the hooks, R-FA14.1)
        return state, replaced
    # under the encounter's own frames (the base's, pushed after this hook, or an earlier
    # hook's): it runs when the encounter is resolved
    return push_under(state, len(before.stack), frame(JUDGE)), replaced


def space_stands_for(state, stands_for, space):
    """Value hook: "The City Space on the main board is considered the City Gate": walking
    through the City board's Gate is walking over the main board's City space (a Realm there)."""
    return data.gate()["main"] if space == data.gate()["inside"] else stands_for


def draw_deck(state, deck, character, space):
    """Value hook: "The Cards to be drawn are ... City Cards on the City Board"."""
    return "city" if deck == "adventure" and data.kind(space) is not None else deck


def space_effect(state, instructions, space):
    """Value hook: the main board's City space has none (it is the Gate); a City building may
    have the City's own (city.yaml ``instructions``); the Thief may steal instead."""
    if space == data.gate()["main"]:
        return ()
    if data.kind(space) is None:
        return instructions
    rules = data.rules()
    instructions = rules["instructions"].get(space, instructions)
    theft = rules["theft"]
    cid = state.current
    if card_of(cid) in rules["scrolls"].get(space, ()) and state.characters[cid].space == space:
        instructions = ({"city_scroll": {}},) + tuple(instructions)  # the visit, then business
    if (data.kind(space) == "building" and space not in theft["not_in"]
            and card_of(cid) in theft["characters"] and state.characters[cid].space == space
            and not state.characters[cid].toad_turns):
        return ({"choose": [
            {"id": "steal", "label": "try to steal", "effects": theft["effects"]},
            {"id": "visit", "label": "do business", "effects": list(instructions) or [{"nothing": {}}]},
        ]},)
    return instructions


def scroll_effect(state, params, actor, source):
    """``city_scroll`` (Corrections/Additions/Deletions to the Existing Characters: "Each time you
    visit the High Temple [the 6 Fates Inn, the Magic Emporium] without a Scroll, you Gain a
    Scroll"; city.yaml ``scrolls``)."""
    if state.characters[actor].scrolls:
        return log(state, "scroll_not_gained", character=actor, reason="holds a Scroll")
    return chars.draw_scrolls(state, actor, 1, "a visit without a Scroll")


def theft_effect(state, params, actor, source):
    """``city_theft``: the log records the attempt (``seen``: the Law may know of it)."""
    return log(state, "city_theft", character=actor, space=state.characters[actor].space,
               seen=params["seen"])


def loot_effect(state, params, actor, source):
    """``city_loot``: the Thief's result 6, by building (city.yaml ``theft.loot``)."""
    space = state.characters[actor].space
    loot = data.rules()["theft"]["loot"].get(space)
    if not loot:
        return state
    return effects.run(state, loot, actor, {"space": space})


STEPS: dict[str, Any] = {}
