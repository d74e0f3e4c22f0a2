"""The public API of the Triwizard Maze game: the same shape as Talisman's (DESIGN.md section 5)."""
from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from ..engine import machine
from ..engine.serialize import dumps, from_data, to_data
from ..errors import ReplayError, StateError, TalismanError
from ..engine.records import Outcome
from ..notation import Action
from .rules import STEPS
from .setup import initial_state
from .state import TriwizardState
from .view import player_view

__all__ = ["new_game", "legal_actions", "apply", "parse_action", "chance_outcomes", "outcome",
           "player_view", "to_json", "from_json", "record", "replay"]
GAME = "triwizard"
FORMAT = 1


def new_game(players: int | Iterable[str] = 4, seed: int = 0,
             options: Mapping[str, Any] | None = None, stop_at_chance: bool = False) -> TriwizardState:
    """A new game (2-4 players: a number or a list of ids), run forward to its first decision."""
    return machine.advance(initial_state(players, seed, options), STEPS, stop_at_chance)


def legal_actions(state: TriwizardState) -> tuple[Action, ...]:
    """The legal actions of the pending decision (chance outcomes at a chance node)."""
    return machine.legal_actions(state)


def apply(state: TriwizardState, action: Action | str,
          stop_at_chance: bool = False) -> TriwizardState:
    """Apply one legal action (an :class:`Action` or its notation); raise
    :class:`IllegalAction` otherwise, leaving ``state`` as it was."""
    return machine.apply(state, action, STEPS, stop_at_chance)


def parse_action(state: TriwizardState, text: str) -> Action:
    """Notation -> the legal :class:`Action` it names in ``state``."""
    return machine.coerce_action(state, text)


def chance_outcomes(state: TriwizardState) -> list[tuple[Action, Fraction]]:
    """``[(Action, Fraction)]`` when ``state`` waits on a roll or a draw, else ``[]``."""
    return machine.chance_outcomes(state)


def outcome(state: TriwizardState) -> Outcome | None:
    """Why the game ended and who won (an :class:`~talisman.engine.records.Outcome`), or None."""
    return state.outcome


def to_json(state: TriwizardState) -> str:
    """The state as canonical JSON text (exact round trip with :func:`from_json`)."""
    return dumps({"game": GAME, "format": FORMAT, "state": to_data(state)})


def from_json(text: str) -> TriwizardState:
    """Rebuild a state from :func:`to_json`'s text."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise StateError((), f"not JSON: {e}") from None
    if not isinstance(doc, dict) or doc.get("game") != GAME or doc.get("format") != FORMAT:
        raise StateError((), f"not a Triwizard Maze state in format {FORMAT}")
    if "state" not in doc:
        raise StateError(("state",), "missing")
    return from_data(TriwizardState, doc["state"])


def record(state: TriwizardState, actions: Iterable[Action | str]) -> dict[str, Any]:
    """A game record (players, options, seed and notations), like a chess PGN."""
    c = state.config
    return {"game": GAME, "players": list(c.players), "options": to_data(c.options),
            "seed": c.seed, "actions": [str(a) for a in actions]}


def replay(record: Mapping[str, Any], upto: int | None = None) -> TriwizardState:
    """Rebuild a game from its record; :class:`ReplayError` names the first action that fails."""
    try:
        state = new_game(record.get("players", 4), record.get("seed", 0),
                         record.get("options") or {})
    except TalismanError as e:
        raise ReplayError(0, "(setup)", str(e)) from None
    return machine.replay_actions(state, record.get("actions", []), apply, upto)
