"""The reference rules engine for Talisman.

>>> import talisman
>>> s = talisman.new_game(characters=["warrior", "wizard"], seed=7)
>>> s.pending.player, s.pending.kind   # the Wizard may begin with a Scroll instead of a Spell
('wizard', 'start')
>>> s = talisman.apply(s, "start:spells")
>>> s.pending.player, s.pending.kind
('warrior', 'move')
>>> s2 = talisman.apply(s, talisman.legal_actions(s)[0])
>>> talisman.from_json(talisman.to_json(s2)) == s2
True
"""
from __future__ import annotations

from .api import (apply, chance_outcomes, from_json, legal_actions, new_game, parse_action,
                  player_view, replay, to_json)
from .errors import (DataError, DiceExhausted, IllegalAction, NotationError, ReplayError,
                     ScenarioError, TalismanError)
from .notation import Action
from .odds import odds
from .state import GameState

__all__ = ["new_game", "legal_actions", "apply", "parse_action", "chance_outcomes",
           "player_view", "to_json", "from_json", "replay", "Action", "GameState",
           "TalismanError", "IllegalAction", "NotationError", "DataError", "ScenarioError",
           "DiceExhausted", "ReplayError"]
__version__ = "0.1.0"
