"""The public API of the Triwizard Maze game: the same shape as Talisman's (DESIGN.md section 5)."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from ..engine import machine
from ..engine.replays import make_record, replay_record
from ..engine.serialize import dumps, from_data, to_data
from ..errors import StateError
from . import validate
from ..engine.records import Outcome
from ..notation import Action
from .rules import STEPS
from .setup import initial_state
from .state import TriwizardState
from . import view

__all__ = ["new_game", "legal_actions", "apply", "parse_action", "chance_outcomes", "outcome",
           "player_view", "to_json", "from_json", "record", "replay"]
GAME = "triwizard"
FORMAT = 1


def new_game(players: int | Iterable[str] = 4, seed: int = 0,
             options: Mapping[str, Any] | None = None, stop_at_chance: bool = False) -> TriwizardState:
    """A new Triwizard Maze game, run forward to its first decision.

    Args:
        players: how many play (2 to 4: the champions in seating order ``harry``, ``cedric``,
            ``fleur``, ``viktor``), or a list of their ids.
        seed: the seed of every roll and shuffle: any int from -2**256 to 2**256.
        options: the game's options (``docs/triwizard.md``), or None for the defaults.
        stop_at_chance: stop at the first roll or draw instead of making it.

    Returns:
        The :class:`~talisman.triwizard.TriwizardState` waiting on its first decision.

    Raises:
        OptionError: a game that cannot be set up as asked (a number of players outside 2-4,
            an unknown player id or option, a seed that is not an int or is beyond 2**256 either way).

    Example:
        >>> from talisman import triwizard
        >>> s = triwizard.new_game(players=2, seed=7)
        >>> s.order, s.pending.kind
        (('harry', 'cedric'), 'turn')
        >>> triwizard.new_game(players=9)
        Traceback (most recent call last):
        ...
        talisman.errors.OptionError: the Triwizard Maze game is for 2 to 4 players, not 9
    """
    return validate.vouch(machine.advance(initial_state(players, seed, options), STEPS, stop_at_chance))


def legal_actions(state: TriwizardState) -> tuple[Action, ...]:
    """The legal actions of the pending decision (the outcomes, at a chance node).

    Args:
        state: a state of a game that is not over.

    Returns:
        A tuple of :class:`~talisman.notation.Action` in a stable order.

    Example:
        >>> from talisman import triwizard
        >>> triwizard.legal_actions(triwizard.new_game(players=2, seed=7))
        (Action('roll'), Action('discard_hand'), Action('play:veritaserum:harry'))
    """
    validate.vetted(state, STEPS)
    return machine.legal_actions(state)


def apply(state: TriwizardState, action: Action | str,
          stop_at_chance: bool = False) -> TriwizardState:
    """The state after one legal action; ``state`` itself never changes.

    Args:
        state: the state to act in.
        action: a legal action: an :class:`~talisman.notation.Action` or its notation.
        stop_at_chance: stop at the next roll or draw instead of making it.

    Returns:
        The new :class:`~talisman.triwizard.TriwizardState`, run forward to its next decision.

    Raises:
        IllegalAction: a well-formed action that is not legal now (``state`` is untouched).
        NotationError: text that is not the notation of any action.
        StateError: a state made or changed by hand that a rule step cannot play (it names
            the action and the rule step; the original error is chained as ``__cause__``).
            Never raises a ``RulesError``: one raised inside a rule step comes as this
            StateError, the RulesError its ``__cause__`` (a bug, on a state the engine made;
            ruling R-HARD12.6).

    Example:
        >>> from talisman import triwizard
        >>> s = triwizard.new_game(players=2, seed=7)
        >>> triwizard.apply(s, "roll", stop_at_chance=True).pending.kind
        'roll'
        >>> triwizard.apply(s, "fight")
        Traceback (most recent call last):
        ...
        talisman.errors.IllegalAction: illegal action 'fight': ...
    """
    validate.playable(state)
    validate.vetted(state, STEPS)  # a state made or changed by hand: checked once
    return validate.vouch(machine.apply(state, action, STEPS, stop_at_chance))


def parse_action(state: TriwizardState, text: str) -> Action:
    """The legal :class:`~talisman.notation.Action` that a notation names in ``state``.

    Args:
        state: the state whose pending decision the text answers.
        text: the action's notation (``"roll"``).

    Returns:
        The legal :class:`~talisman.notation.Action`.

    Raises:
        IllegalAction: well-formed notation of an action that is not legal now.
        NotationError: text that is not the notation of any action.
        StateError: a state made or changed by hand that a rule step cannot play (it names
            the action and the rule step; the original error is chained as ``__cause__``).
            Never raises a ``RulesError``: one raised inside a rule step comes as this
            StateError, the RulesError its ``__cause__`` (a bug, on a state the engine made;
            ruling R-HARD12.6).

    Example:
        >>> from talisman import triwizard
        >>> triwizard.parse_action(triwizard.new_game(players=2, seed=7), "roll")
        Action('roll')
    """
    validate.vetted(state, STEPS)
    return machine.coerce_action(state, text)


def chance_outcomes(state: TriwizardState) -> list[tuple[Action, Fraction]]:
    """The exact odds of each outcome when ``state`` waits on a roll or a draw.

    Args:
        state: any state.

    Returns:
        A list of ``(Action, Fraction)`` summing to exactly 1 at a chance node; ``[]`` when a
        player must decide.

    Example:
        >>> from talisman import triwizard
        >>> s = triwizard.apply(triwizard.new_game(players=2, seed=7), "roll", stop_at_chance=True)
        >>> triwizard.chance_outcomes(s)[:2]
        [(Action('roll:1'), Fraction(1, 6)), (Action('roll:2'), Fraction(1, 6))]
    """
    validate.vetted(state, STEPS)
    return machine.chance_outcomes(state)


def outcome(state: TriwizardState) -> Outcome | None:
    """Why the game ended and who won, or None while it goes on.

    Args:
        state: any state.

    Returns:
        An :class:`~talisman.engine.records.Outcome`, or None.

    Example:
        >>> from talisman import triwizard
        >>> triwizard.outcome(triwizard.new_game(players=2, seed=7)) is None
        True
    """
    validate.vetted(state, STEPS)
    return state.outcome


def player_view(state: TriwizardState, player: str) -> TriwizardState:
    validate.vetted(state, STEPS)
    return validate.vouch(view.player_view(state, player))


player_view.__doc__ = view.player_view.__doc__


def to_json(state: TriwizardState) -> str:
    """The state as canonical JSON text.

    Args:
        state: any state.

    Returns:
        JSON text; :func:`from_json` gives back an equal state.

    Example:
        >>> from talisman import triwizard
        >>> s = triwizard.new_game(players=2, seed=7)
        >>> triwizard.to_json(s)[:38]
        '{"format":1,"game":"triwizard","state"'
        >>> triwizard.from_json(triwizard.to_json(s)) == s
        True
    """
    validate.is_state(state)
    return dumps({"game": GAME, "format": FORMAT, "state": to_data(state)})


def from_json(text: str) -> TriwizardState:
    """Rebuild a state from :func:`to_json`'s text.

    Args:
        text: JSON text written by :func:`to_json`.

    Returns:
        The :class:`~talisman.triwizard.TriwizardState`.

    Raises:
        StateError: text that is not JSON, not a Triwizard Maze state in this format, or a bad
            value (the error names its path: shape, types, ranges, ids, card counts).

    Example:
        >>> from talisman import triwizard
        >>> triwizard.from_json('{"game": "talisman", "format": 1}')
        Traceback (most recent call last):
        ...
        talisman.errors.StateError: document.game: expected 'triwizard', got 'talisman'
    """
    st = validate.state_document(text, FORMAT, STEPS)
    try:
        return validate.vouch(from_data(TriwizardState, st))
    except StateError:  # a record's own check, which names the path of the value it refuses
        raise
    except Exception as e:  # a value the schema let through but a record refuses
        raise StateError("state", f"cannot be rebuilt: {str(e)[:120]!r}") from None


def record(state: TriwizardState, actions: Iterable[Action | str]) -> dict[str, Any]:
    """A game record (players, options, seed and notations), like a chess PGN.

    Args:
        state: a state of the game (only its configuration is read).
        actions: the actions played from the start, as Actions or notations.

    Returns:
        A plain ``dict`` that :func:`replay` turns back into the game (its ``options`` in
        sorted order).

    Raises:
        StateError: ``state`` is not a :class:`~talisman.triwizard.TriwizardState`, or is a
            player's view (its seed is hidden); ``actions`` is a string or an item is neither
            an Action nor well-formed notation (the path names it: ``actions.0``).

    Example:
        >>> from talisman import triwizard
        >>> triwizard.record(triwizard.new_game(players=2, seed=7), ["roll"])
        {'game': 'triwizard', 'players': ['harry', 'cedric'], 'options': {}, 'seed': 7, 'actions': ['roll']}
    """
    validate.playable(state)
    validate.vetted(state, STEPS)
    c = state.config
    return make_record(GAME, {"players": list(c.players), "options": to_data(c.options)}, c.seed, actions)


def replay(record: Mapping[str, Any], upto: int | None = None) -> TriwizardState:
    """Rebuild a game from its record.

    Args:
        record: a game record (:func:`record`'s ``dict``).
        upto: replay only the first ``upto`` actions (None: all of them).

    Returns:
        The :class:`~talisman.triwizard.TriwizardState` the record leads to.

    Raises:
        ReplayError: the set-up fails (action 0: a record of another game, a field the game
            does not write, actions that are not a list of notations, a bad player count, seed
            or option; the error names the field) or an action is not legal; the error names
            the first action that fails.

    Example:
        >>> from talisman import triwizard
        >>> s = triwizard.new_game(players=2, seed=7)
        >>> triwizard.replay(triwizard.record(s, ["roll"])) == triwizard.apply(s, "roll")
        True
        >>> triwizard.replay({"players": 2, "actions": ["fight"]})
        Traceback (most recent call last):
        ...
        talisman.errors.ReplayError: record diverges at action 1 ('fight'): ...
    """
    if not isinstance(record, Mapping):
        raise StateError("record", f"expected a mapping, got {type(record).__name__}")
    return replay_record(record, _start_record, apply, upto, game=GAME, fields=("players", "options"))


def _start_record(record: Mapping[str, Any]) -> TriwizardState:
    """A record's first state (:func:`replay`'s start)."""
    return new_game(record.get("players", 4), record.get("seed", 0), record.get("options") or {})
