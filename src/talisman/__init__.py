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

import importlib as _importlib
import sys as _sys
import types as _types
from typing import TYPE_CHECKING, Any as _Any

from .errors import (DataError, DiceExhausted, IllegalAction, NotationError, OptionError,
                     ReplayError, RulesError, ScenarioError, StateError, TalismanError, UserError)

if TYPE_CHECKING:  # what the names below are, for type checkers (imported on first use)
    from .api import (apply, chance_outcomes, from_json, legal_actions, new_game, parse_action,
                      player_view, record, replay, to_json)
    from .engine.reasons import Reason
    from .notation import Action
    from .odds import odds
    from .state import GameState
    from . import svg

__all__ = ["new_game", "legal_actions", "apply", "parse_action", "chance_outcomes",
           "player_view", "to_json", "from_json", "record", "replay", "Action", "GameState",
           "Reason", "TalismanError", "UserError", "IllegalAction", "NotationError", "OptionError",
           "DataError", "ScenarioError", "DiceExhausted", "ReplayError", "StateError", "RulesError", "svg", "odds"]
__version__ = "0.1.0"

#: The public names imported on first use (``import talisman`` alone loads no rules: the pytest
#: plugin of :mod:`talisman.testing` imports this package in every pytest run): name -> module.
_LAZY = {**{name: ".api" for name in ("new_game", "legal_actions", "apply", "parse_action",
                                      "chance_outcomes", "player_view", "to_json", "from_json",
                                      "record", "replay")},
         "Reason": ".engine.reasons", "Action": ".notation", "GameState": ".state"}


def __getattr__(name: str) -> _Any:
    """A public name's first use imports its module (PEP 562)."""
    where = _LAZY.get(name)
    if where is None:
        if name == "svg":  # the pictures (a submodule)
            return _importlib.import_module(".svg", __name__)
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(_importlib.import_module(where, __name__), name)
    if where == ".api":
        _importlib.import_module(".svg", __name__)  # the pictures: states draw themselves in Jupyter
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({n for n in globals() if not n.startswith("_") and n != "TYPE_CHECKING"} | set(__all__))


class _Package(_types.ModuleType):
    """This package's module type: ``talisman.odds`` is always the function :func:`talisman.odds.odds`
    (its module, of the same name, stays ``sys.modules["talisman.odds"]``: the import system's
    binding of the submodule on the package is ignored)."""

    @property
    def odds(self) -> _Any:
        """:func:`talisman.odds.odds` (imported on first use)."""
        return _importlib.import_module(".odds", __name__).odds

    @odds.setter
    def odds(self, module: _Any) -> None:
        pass  # the submodule bound by the import system: the function stays the package's ``odds``


_sys.modules[__name__].__class__ = _Package
