"""One shape for every game on this engine (the OpenSpiel lesson): Talisman (:mod:`talisman`)
and the Triwizard Maze (:mod:`talisman.triwizard`) are both a :class:`Game`.

A game is a set of pure functions over immutable states.  Chance is a player: at a chance node
``legal_actions`` lists the outcomes and ``chance_outcomes`` gives their exact odds.  Anything
written against this protocol (a bot, a conformance test, a search) runs on either game::

    >>> import talisman
    >>> from talisman import triwizard
    >>> from talisman.engine.protocol import Game
    >>> isinstance(talisman, Game) and isinstance(triwizard, Game)
    True
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any, Protocol, TypeVar, runtime_checkable

from ..notation import Action

#: A game's state type (``GameState``, ``TriwizardState``).
S = TypeVar("S")


@runtime_checkable
class Game(Protocol[S]):
    """What every game module offers (each game adds its own set-up arguments to ``new_game``:
    Talisman's characters and expansions, the Triwizard Maze's players)."""

    def new_game(self, *, seed: int = 0, options: Mapping[str, Any] | None = None,
                 stop_at_chance: bool = False) -> S:
        """A new game, run forward to its first decision (or chance node)."""
        ...

    def legal_actions(self, state: S) -> tuple[Action, ...]:
        """The legal actions of the pending decision; the outcomes at a chance node."""
        ...

    def apply(self, state: S, action: Action | str, stop_at_chance: bool = False) -> S:
        """The state after one legal action; :class:`~talisman.errors.IllegalAction` (or
        :class:`~talisman.errors.NotationError`) otherwise, ``state`` untouched."""
        ...

    def chance_outcomes(self, state: S) -> list[tuple[Action, Fraction]]:
        """``[(Action, Fraction)]`` at a chance node (the odds sum to exactly 1), else ``[]``."""
        ...

    def player_view(self, state: S, player: str) -> S:
        """The state as ``player`` may see it (hidden cards and deck order hidden)."""
        ...

    def to_json(self, state: S) -> str:
        """Canonical JSON text; :meth:`from_json` gives back an equal state."""
        ...

    def from_json(self, text: str) -> S:
        """A state from :meth:`to_json`'s text; :class:`~talisman.errors.StateError` otherwise."""
        ...

    def record(self, state: S, actions: Iterable[Action | str]) -> dict[str, Any]:
        """A game record: the set-up of ``state``'s game and the actions played."""
        ...

    def replay(self, record: Mapping[str, Any], upto: int | None = None) -> S:
        """The state a record leads to; :class:`~talisman.errors.ReplayError` names the first
        action that fails."""
        ...
