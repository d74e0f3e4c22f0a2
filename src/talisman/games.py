"""The games on this engine, each a :class:`talisman.engine.protocol.Game`.

>>> sorted(GAMES)
['talisman', 'triwizard']
>>> GAMES["triwizard"].new_game(seed=1).order
('harry', 'cedric', 'fleur', 'viktor')
"""
from __future__ import annotations

from typing import Any

from . import api as talisman_game
from . import triwizard
from .engine.protocol import Game
from .state import GameState
from .triwizard.state import TriwizardState

TALISMAN: Game[GameState] = talisman_game
TRIWIZARD: Game[TriwizardState] = triwizard
#: Game name (as a state document's ``game``) -> the game.
GAMES: dict[str, Game[Any]] = {"talisman": TALISMAN, "triwizard": TRIWIZARD}
