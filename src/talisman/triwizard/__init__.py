"""Harry Potter: The Triwizard Maze Game (Mattel, 2005) on the same engine as Talisman.

The same API shape as :mod:`talisman`: ``new_game``, ``legal_actions``, ``apply``,
``parse_action``, ``chance_outcomes``, ``player_view``, ``to_json``/``from_json``,
``outcome``, ``replay``.  Rules mapping, notation and every documented choice:
``docs/triwizard.md``.

>>> from talisman import triwizard
>>> s = triwizard.new_game(players=4, seed=7)
>>> s.order, s.pending.kind
(('harry', 'cedric', 'fleur', 'viktor'), 'turn')
>>> "roll" in [str(a) for a in triwizard.legal_actions(s)]
True
>>> s2 = triwizard.apply(s, "roll")
>>> triwizard.from_json(triwizard.to_json(s2)) == s2
True
"""
from __future__ import annotations

from .api import (apply, chance_outcomes, from_json, legal_actions, new_game, outcome,
                  parse_action, player_view, record, replay, to_json)
from .state import TriwizardState

__all__ = ["new_game", "legal_actions", "apply", "parse_action", "chance_outcomes",
           "player_view", "to_json", "from_json", "outcome", "record", "replay",
           "TriwizardState"]
