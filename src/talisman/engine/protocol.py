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
    Talisman's characters and expansions, the Triwizard Maze's players).

    A runtime-checkable protocol: ``isinstance(module, Game)`` checks that a module offers
    every function below.  Code written against it (a random player, a conformance test, an
    exact search) runs on either game.

    Example:
        >>> import talisman
        >>> from talisman import triwizard
        >>> from talisman.engine.protocol import Game
        >>> def play_first(game: Game, state, steps):
        ...     for _ in range(steps):
        ...         state = game.apply(state, game.legal_actions(state)[0])
        ...     return game.from_json(game.to_json(state)) == state
        >>> play_first(talisman, talisman.new_game(["warrior"], seed=1), 5)
        True
        >>> play_first(triwizard, triwizard.new_game(players=2, seed=1), 5)
        True
    """

    def new_game(self, *, seed: int = 0, options: Mapping[str, Any] | None = None,
                 stop_at_chance: bool = False) -> S:
        """A new game, run forward to its first decision (or chance node).

        Args:
            seed: the seed of every roll and shuffle.
            options: the game's options, or None for its defaults.
            stop_at_chance: stop at the first roll or draw instead of making it.

        Returns:
            The game's first state.
        """
        ...

    def legal_actions(self, state: S) -> tuple[Action, ...]:
        """The legal actions of the pending decision; the outcomes at a chance node.

        Args:
            state: a state of this game.

        Returns:
            A tuple of :class:`~talisman.notation.Action`.
        """
        ...

    def apply(self, state: S, action: Action | str, stop_at_chance: bool = False) -> S:
        """The state after one legal action, ``state`` untouched.

        Args:
            state: a state of this game.
            action: a legal action or its notation.
            stop_at_chance: stop at the next roll or draw instead of making it.

        Returns:
            The next state.

        Raises:
            IllegalAction: an action that is not legal now.
            NotationError: text that is not the notation of any action.
        """
        ...

    def chance_outcomes(self, state: S) -> list[tuple[Action, Fraction]]:
        """The outcomes of a chance node and their exact odds.

        Args:
            state: a state of this game.

        Returns:
            ``[(Action, Fraction)]`` at a chance node (the odds sum to exactly 1), else ``[]``.
        """
        ...

    def player_view(self, state: S, player: str) -> S:
        """The state as ``player`` may see it.

        Args:
            state: a state of this game.
            player: the id of a player in it.

        Returns:
            The state with hidden cards, deck order and the seed hidden.
        """
        ...

    def to_json(self, state: S) -> str:
        """Canonical JSON text of a state.

        Args:
            state: a state of this game.

        Returns:
            JSON text; :meth:`from_json` gives back an equal state.
        """
        ...

    def from_json(self, text: str) -> S:
        """A state from :meth:`to_json`'s text.

        Args:
            text: JSON text written by :meth:`to_json`.

        Returns:
            The state.

        Raises:
            StateError: text that is not a state of this game.
        """
        ...

    def record(self, state: S, actions: Iterable[Action | str]) -> dict[str, Any]:
        """A game record: the set-up of ``state``'s game and the actions played.

        Args:
            state: a state of the game.
            actions: the actions played from its start.

        Returns:
            A plain, JSON-ready ``dict``.
        """
        ...

    def replay(self, record: Mapping[str, Any], upto: int | None = None) -> S:
        """The state a record leads to.

        Args:
            record: a game record (:meth:`record`'s ``dict``).
            upto: replay only the first ``upto`` actions (None: all).

        Returns:
            The state.

        Raises:
            ReplayError: names the first action that fails.
        """
        ...
