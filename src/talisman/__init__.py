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

Both games on this engine share one shape (:class:`talisman.engine.protocol.Game`):

>>> from talisman.engine.protocol import Game
>>> isinstance(talisman, Game)
True
"""
from __future__ import annotations

from .api import (apply, chance_outcomes, from_json, legal_actions, new_game, parse_action,
                  player_view, record, replay, to_json)
from .engine.reasons import Reason
from .errors import (DataError, DiceExhausted, IllegalAction, NotationError, OptionError,
                     ReplayError, RulesError, ScenarioError, StateError, TalismanError, UserError)
from .notation import Action
from .odds import odds
from .state import GameState
from . import svg   # the pictures; importing it lets states draw themselves in Jupyter

__all__ = ["new_game", "legal_actions", "apply", "parse_action", "chance_outcomes",
           "player_view", "to_json", "from_json", "record", "replay", "Action", "GameState",
           "Reason", "TalismanError", "UserError", "IllegalAction", "NotationError", "OptionError",
           "DataError", "ScenarioError", "DiceExhausted", "ReplayError", "StateError", "RulesError", "svg", "odds"]
__version__ = "0.1.0"
