"""THE EMPEROR'S GUARD (000, compendium lines 1174-1206): expansion id ``emperors_guard``.

The Event card (a stand-in: the card is named but printed nowhere) places the Guard's pieces and
raises a tax of 1 Gold (a Warrant for whoever cannot pay); at the end of each Round the pieces move
1D6 clockwise around their Region; a piece landing on characters meets each (the bribe table, or
a fight: a beaten Guard leaves play and its victor takes a Warrant) and deals with the space's
cards by the card-type table (discarded, fought, closed, hidden).  Docs: docs/emperors_guard.md.

It joins the game only through hook points:

- ``setup``: its state starts empty (``store``);
- ``turn_opening``: a Round has ended since the pieces last moved: they move, and meet whom and
  what they land on, before anything of the new turn (its lost turn righted, an escape from the
  Sentinels: docs/rulings.md G6, R-PROBE16C.1);
- ``before_encounter``: a character landing on a closed Place may reopen it (losing a turn), on
  a hiding Follower may take it;
- ``character_died``: the dead hold no Warrant;
- ``cards_lying``: its face-down cards count among the cards on their space for a "draw N cards".

It fires the hook points ``law_met`` (a piece meets a character: the Guard is the Law) and
``law_won`` (the Guard beat him in combat), which the Brotherhood of the Bell answers.

Warrants: with the City in play the Guard's Warrants are the City's Warrant Cards (the hook
points ``warrant_taking`` and ``warrant_held``, which the City answers); without it the Guard
keeps its own (docs/rulings.md).  Its data: ``data/talisman/expansions/emperors_guard/``
(``guard.yaml``: the placements, the tax, the bribe and card-type tables; ``cards/``: the Event).
"""
from __future__ import annotations

from typing import Any

from ...engine.ruleset import Plugin
from ...rules.kernel import passing
from . import data, guard, store

EXPANSION = "emperors_guard"


def setup(state):
    data.rules()  # the tables are checked before the first turn
    return store.init(state)


def character_died(state, character):
    warrants = store.get(state, "warrants")
    if character in warrants:
        state = store.put(state, warrants=[c for c in warrants if c != character])
    return state


def cards_lying(state, count, space):
    """Value hook: the closed Places and hiding Followers lie on their space, face down: "If there
    are already any Cards of any type on the Space, then only enough Cards to make up the given
    number may be drawn" (ENCOUNTERS IN A SPACE; docs/rulings.md R-GD9)."""
    return count + len(store.face_down(state, space))


HOOKS = {"setup": setup, "turn_opening": guard.round_check,
         "before_encounter": passing(guard.landing), "character_died": character_died,
         "cards_lying": cards_lying}
EFFECTS = {"emperors_guard_arrive": guard.arrive, "emperors_guard_tax": guard.tax}
EFFECT_SCHEMAS: dict[str, Any] = {
    "emperors_guard_arrive": {"type": "object", "additionalProperties": False, "properties": {}},
    "emperors_guard_tax": {"type": "object", "additionalProperties": False, "properties": {}}}
STEPS = {"emperors_guard.move": guard.move, "emperors_guard.moved": guard.moved,
         "emperors_guard.next": guard.next_encounter, "emperors_guard.bribe_rolled": guard.bribe_rolled,
         "emperors_guard.chosen": guard.chosen, "emperors_guard.beaten": guard.beaten,
         "emperors_guard.meet": guard.meet, "emperors_guard.won": guard.won,
         "emperors_guard.enemy_rolled": guard.enemy_rolled, "emperors_guard.landed": guard.landed,
         "emperors_guard.landing": guard.landing_again}

#: Everything this expansion adds to a game (the API layer registers it: docs/architecture.md).
PLUGIN = Plugin(EXPANSION, hooks=HOOKS, steps=STEPS, effects=EFFECTS, effect_schemas=EFFECT_SCHEMAS,
                data_files={data.FILE: data.read})
