"""TALISMAN AIRSHIPS (000, compendium lines 1301-1362): expansion id ``airships``.

Five Airship cards (stand-ins: the text prints none) join the Adventure deck: Places that stay on
their space until a party that fits the class's complement claims one.  Aboard, a character flies
instead of rolling (up to the class's Movement, over the Outer and Middle Regions), adds the
Airship's die in combat with Enemies and, if he likes, with a Character he engages, fires on
another Airship, and falls when his own is destroyed (the Fall Chart for each Follower).
Docs: docs/airships.md; rulings A1-A17, R-AS9 and R-AS10 in docs/rulings.md.

It joins the game only through hook points:

- ``setup``: the tables are checked, its state starts empty (``store``);
- ``before_movement``: aboard, fly or disembark (and, after the flight and at the turn's end
  (``turn_ended``), stay aboard or disembark); ``before_forced_move``: moved by an effect
  out of the skies, the Airship stays behind; ``going_underground``: nor does it go down into the
  Catacombs (R-FIX25.1);
- ``combat_options`` / ``combat_option_chosen`` / ``character_score``: the Airship die in combat
  (and a stunned Follower's Strength or Craft not counted); ``combat_dice_along`` /
  ``combat_die_along_rerolled``: the Airship die is a die of the combat roll, nothing comes
  between them and a Fate re-roll may choose it (R-FIX27.1, R-FIX27.2); ``object_usable``: a stunned
  Follower gives no benefit at all (its bonus, the abilities it lends, its data; one copy of a
  card held twice); ``carry_limit``: a stunned Mule carries nothing;
- ``follower_allowed``: aboard, no Follower with hands joins over the complement's most (nor an
  Enemy the Ghoul raises); ``combat_resolved``: a combat won aboard, stay or disembark before the
  space's cards are claimed, when the complement bars a Follower lying there (a step run after
  every other answer to the result, R-AS10.3); ``cards_drawn``: the
  same when the draw brings such a Follower and no Enemy;
- ``character_options`` / ``character_option_chosen``: Combat with Another Airship (its die, and the
  Fall Chart's, the roller's own for the Revised 4th's Fate: docs/rulings.md R-PROBE18A.1, R-PROBE18A.2);
- ``turn_ended``: a stunned Follower's turns count down; ``character_died``: the Airship stays.

Its data: ``data/talisman/expansions/airships/`` (``airships.yaml``: the class table, the Fall
Chart and the lists the text names by kind; ``cards/``: the Airship cards).
"""
from __future__ import annotations

from typing import Any

from ...definitions import DATA_TEXT
from ...engine.ruleset import Plugin
from ...rules.kernel import passing
from . import data, ships, store

EXPANSION = "airships"


def setup(state):
    data.rules()  # the tables are checked before the first turn
    return store.init(state)


HOOKS = {"setup": setup, "before_movement": ships.before_movement,
         "before_forced_move": passing(ships.before_forced_move), "going_underground": ships.going_underground,
         "combat_options": ships.combat_options, "combat_option_chosen": ships.combat_option_chosen,
         "character_score": ships.character_score, "character_options": ships.character_options,
         "character_option_chosen": ships.character_option_chosen, "turn_ended": ships.turn_ended,
         "character_died": ships.character_died, "follower_allowed": ships.follower_allowed,
         "object_usable": ships.object_usable, "carry_limit": ships.carry_limit,
         "combat_resolved": ships.combat_resolved, "cards_drawn": ships.cards_drawn,
         "combat_dice_along": ships.dice_along, "combat_die_along_rerolled": ships.die_along_rerolled}
EFFECTS = {"airship_found": ships.found}
EFFECT_SCHEMAS: dict[str, Any] = {
    "airship_found": {"type": "object", "additionalProperties": False, "properties": {}}}
STEPS = {"airships.claim_chosen": ships.claim_chosen, "airships.move_chosen": ships.move_chosen,
         "airships.aboard_offered": ships.aboard_offered, "airships.aboard_chosen": ships.aboard_chosen,
         "airships.won_aboard": ships.won_aboard,
         "airships.combat_die": ships.combat_die, "airships.combat_die_rolled": ships.combat_die_rolled,
         **ships.VOLLEY.steps(), **ships.FALL.steps()}

#: Everything this expansion adds to a game (the API layer registers it: docs/architecture.md).
#: The keys of a card's ``data`` this expansion's rules read, and the kind of each value
#: (``Plugin.card_data``: a key no rule names stops loading, ruling R-HARDEN20.4).
CARD_DATA = {
    "airship": DATA_TEXT,
}

PLUGIN = Plugin(EXPANSION, hooks=HOOKS, steps=STEPS, effects=EFFECTS, effect_schemas=EFFECT_SCHEMAS,
                data_files={data.FILE: data.read},
                card_data=CARD_DATA)
