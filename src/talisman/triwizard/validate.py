"""Checks of Triwizard Maze input that comes from outside: a saved state's JSON text
(:func:`state_document`), the state an API function is given (:func:`is_state`,
:func:`playable`) and the player a view is asked for (:func:`player_id`).

Each refuses bad input with one :class:`~talisman.errors.StateError` naming the path of the
first bad value (``state.players.harry.space: unknown square 'atlantis'``), as Talisman's
``from_json`` does: shape, types and ranges from a JSON schema, then every id against the
game's data (squares, cards, tiles, players, rule steps) and no card in more places than it
has copies.  Text too large or too deep is refused before it is parsed.

>>> state_document('{"game": "triwizard", "format": 1, "state": {}}', 1, {})
Traceback (most recent call last):
...
talisman.errors.StateError: state.config: missing value
"""
from __future__ import annotations

import weakref
from collections import Counter
from collections.abc import Mapping
from typing import Any

import jsonschema

from ..engine.documents import (check_chance_decision, check_seeds, check_step_args, check_whole_numbers,
                                parse_document, saveable_data, show)
from ..errors import StateError, UserError
from ..notation import Action
from . import piles
from .definitions import load
from .resources import BLIND_DRAW
from .state import OPTIONS, RESERVED_IDS, TriwizardState

#: Text longer than this is refused before it is parsed (a long game's state is well under 1 MB).
MAX_TEXT = 8 * 1024 * 1024
#: Nesting deeper than this is refused (a real state nests about eight deep).
MAX_DEPTH = 48
#: Counters above this are refused.
MAX_COUNT = 10 ** 9
#: How much of a bad value an error message shows.
SHOWN = 60

_ID = {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"}
_OPT_ID = {"anyOf": [_ID, {"type": "null"}]}
_COUNT = {"type": "integer", "minimum": 0, "maximum": MAX_COUNT}
_IDS = {"type": "array", "items": _ID}
_MAP = {"type": "object"}
_PILES = {"type": "object", "additionalProperties": False,
          "properties": {p: _IDS for p in (piles.BATTLE, piles.OBSTACLES, piles.RESOURCES,
                                           piles.CUPS, BLIND_DRAW)}}
_FRAME = {"type": "object", "additionalProperties": False, "required": ["step"],
          "properties": {"step": {"type": "string"}, "args": _MAP}}

STATE = {
    "type": "object", "additionalProperties": False,
    "required": ["config", "order", "current", "players", "dice"],
    "properties": {
        "config": {"type": "object", "additionalProperties": False, "required": ["players"],
                   "properties": {"players": {"type": "array", "minItems": 2, "maxItems": 4,
                                              "items": _ID},
                                  "options": _MAP, "seed": {"type": "integer"}}},
        "order": _IDS, "current": _ID,
        "players": {"type": "object", "additionalProperties": {
            "type": "object", "additionalProperties": False, "required": ["id", "space"],
            "properties": {"id": _ID, "space": _ID, "hand": _IDS, "tiles": _IDS}}},
        "dice": {"type": "object", "additionalProperties": False, "required": ["seed", "counter"],
                 "properties": {"seed": {"type": "integer"}, "counter": _COUNT,
                                "script": {"anyOf": [{"type": "null"}, {
                                    "type": "array",
                                    "items": {"type": "integer", "minimum": 1,
                                              "maximum": MAX_COUNT}}]}}},
        "cloak": _OPT_ID, "hedge": _ID,
        "cups": {"type": "object", "additionalProperties": {
            "type": "object", "additionalProperties": False,
            "properties": {"tile": _OPT_ID, "face_up": {"type": "boolean"}}}},
        "lineup": {"type": "array", "items": {
            "type": "object", "additionalProperties": False, "required": ["card"],
            "properties": {"card": _ID, "face_up": {"type": "boolean"}}}},
        "turn": _COUNT, "tile_played": {"type": "boolean"}, "battled": {"type": "boolean"},
        "battle_card": _OPT_ID, "obstacle_space": _OPT_ID, "came_from": _OPT_ID,
        "decks": _PILES, "discards": _PILES,
        "stack": {"type": "array", "items": _FRAME},
        "pending": {"anyOf": [{"type": "null"}, {
            "type": "object", "additionalProperties": False,
            "required": ["player", "kind", "step"],
            "properties": {"player": _ID, "kind": {"type": "string"},
                           "options": {"type": "array", "items": {"type": "string"}},
                           "step": {"type": "string"}, "args": _MAP,
                           "spec": {"type": ["string", "null"]},
                           "deck": {"type": ["string", "null"]}, "prompt": {"type": "string"}}}]},
        "log": {"type": "array", "items": {
            "type": "object", "additionalProperties": False, "required": ["name"],
            "properties": {"name": {"type": "string"}, "data": _MAP}}},
        "outcome": {"anyOf": [{"type": "null"}, {
            "type": "object", "additionalProperties": False, "required": ["reason"],
            "properties": {"reason": {"type": "string"}, "winners": _IDS}}]},
    },
}

_VALIDATOR = jsonschema.Draft202012Validator(STATE)


def _show(value: Any) -> str:
    return show(value)


def _schema_error(err: jsonschema.ValidationError) -> StateError:
    path = ["state"] + [str(p) for p in err.absolute_path]
    if err.validator == "additionalProperties":
        extra = sorted(set(err.instance) - set(err.schema.get("properties", {})))
        return StateError(".".join(path + extra[:1]), "unknown field")
    if err.validator == "required":
        missing = [r for r in err.validator_value if r not in err.instance]
        return StateError(".".join(path + missing[:1]), "missing value")
    if err.validator == "pattern":
        return StateError(".".join(path), f"expected an id (lower-case letters, digits, _), "
                                          f"got {_show(err.instance)}")
    return StateError(".".join(path), f"{err.message[:SHOWN * 2]}")


def state_document(text: Any, fmt: int, steps: Mapping[str, Any]) -> dict:
    """Check a state document's JSON text as a whole; returns its ``state`` (plain data).

    Args:
        text: the JSON text (``str`` or UTF-8 ``bytes``).
        fmt: the format number it must have.
        steps: the rule steps a frame or a decision may name.

    Raises:
        StateError: the first bad value, by path.
    """
    doc = parse_document(text, "triwizard", fmt, MAX_TEXT, MAX_DEPTH)
    unknown = sorted(set(doc) - {"game", "format", "state"})
    if unknown:
        raise StateError(f"document.{unknown[0]}", "unknown field")
    if "state" not in doc:
        raise StateError("document.state", "missing value")
    return state_data(doc["state"], steps)


def state_data(st: Any, steps: Mapping[str, Any]) -> dict:
    """Check a state's plain data (a document's ``state``) as a whole; returns it.

    Raises:
        StateError: the first bad value, by path.
    """
    if not isinstance(st, dict):
        raise StateError("state", f"expected a mapping, got {_show(st)}")
    err = jsonschema.exceptions.best_match(_VALIDATOR.iter_errors(st))
    if err is not None:
        raise _schema_error(err)
    check_whole_numbers(st, "state")
    check_seeds(st)
    _check_ids(st, steps)
    _check_cards(st)
    return st


def _check_ids(st: dict, steps: Mapping[str, Any]) -> None:
    """Every id the state names is one of the game's."""
    board = load().board
    players = st["config"]["players"]
    for i, pid in enumerate(players):
        if pid in RESERVED_IDS:
            raise StateError(f"state.config.players.{i}", f"player id {pid!r} is reserved")
    if len(set(players)) != len(players):
        raise StateError("state.config.players", "a player is listed twice")
    for name, value in st["config"].get("options", {}).items():
        if name not in OPTIONS:
            raise StateError(f"state.config.options.{name}", "unknown rule option")
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_COUNT:
            raise StateError(f"state.config.options.{name}",
                             f"expected an int >= 0, got {_show(value)}")
    if sorted(st["players"]) != sorted(players):
        raise StateError("state.players", f"expected the players {sorted(players)}, "
                                          f"got {_show(sorted(st['players']))}")
    if sorted(st["order"]) != sorted(players):
        raise StateError("state.order", f"expected a seating of {sorted(players)}, "
                                        f"got {_show(st['order'])}")
    if st["current"] not in players:
        raise StateError("state.current", f"expected a player of the game, got {_show(st['current'])}")
    for pid, p in st["players"].items():
        if p["id"] != pid:
            raise StateError(f"state.players.{pid}.id", f"expected {pid!r}, got {_show(p['id'])}")
        if p["space"] not in board.kinds:
            raise StateError(f"state.players.{pid}.space", f"unknown square {_show(p['space'])}")
    if st.get("cloak") is not None and st["cloak"] not in players:
        raise StateError("state.cloak", f"expected a player of the game or null, "
                                        f"got {_show(st['cloak'])}")
    for field in ("hedge", "obstacle_space", "came_from"):
        if st.get(field) is not None and st[field] not in board.kinds:
            raise StateError(f"state.{field}", f"unknown square {_show(st[field])}")
    for square in st.get("cups", {}):
        if square not in board.cups:
            raise StateError(f"state.cups.{square}", "not a Cup space")
    for i, f in enumerate(st.get("stack", [])):
        if f["step"] not in steps:
            raise StateError(f"state.stack.{i}.step", f"unknown rule step {_show(f['step'])}")
        check_step_args(steps[f["step"]], 1, f.get("args", {}), f"state.stack.{i}", f["step"])
    p = st.get("pending")
    if p is not None:
        if p["step"] not in steps:
            raise StateError("state.pending.step", f"unknown rule step {_show(p['step'])}")
        check_step_args(steps[p["step"]], 2, p.get("args", {}), "state.pending", p["step"])
        if p["player"] != "chance" and not p.get("options"):
            raise StateError("state.pending.options", "a player's decision with no option to choose")
        if p["player"] == "chance":
            check_chance_decision(p)
        if p.get("deck") is not None and p["deck"] not in st.get("decks", {}):
            raise StateError("state.pending.deck", f"not a deck of the game: {_show(p['deck'])}")
        if p["player"] != "chance" and p["player"] not in players:
            raise StateError("state.pending.player", f"expected a player of the game or "
                                                     f"'chance', got {_show(p['player'])}")
        for i, text in enumerate(p.get("options", [])):
            try:
                Action.parse(text)
            except Exception:  # NotationError, or anything the parser trips on
                raise StateError(f"state.pending.options.{i}", f"not an action: {_show(text)}") from None
    for i, w in enumerate((st.get("outcome") or {}).get("winners", [])):
        if w not in players:
            raise StateError(f"state.outcome.winners.{i}", f"not a player of the game: {_show(w)}")


def _expected() -> dict[str, Counter]:
    d = load()
    return {piles.BATTLE: Counter(d.battle_deck), piles.OBSTACLES: Counter(d.obstacle_deck),
            piles.RESOURCES: Counter(d.resource_pile), piles.CUPS: Counter(list(d.cup_tiles))}


def _places(st: dict):
    """``(pile, path, card)`` for every card or tile the state document holds."""
    for field in ("decks", "discards"):
        for pile, cards in st.get(field, {}).items():
            for i, c in enumerate(cards):
                yield pile, f"state.{field}.{pile}.{i}", c
    for pid, p in st["players"].items():
        for i, c in enumerate(p.get("hand", [])):
            yield piles.BATTLE, f"state.players.{pid}.hand.{i}", c
        for i, c in enumerate(p.get("tiles", [])):
            yield piles.RESOURCES, f"state.players.{pid}.tiles.{i}", c
    for i, slot in enumerate(st.get("lineup", [])):
        yield piles.OBSTACLES, f"state.lineup.{i}.card", slot["card"]
    for square, cup in st.get("cups", {}).items():
        if cup.get("tile") is not None:
            yield piles.CUPS, f"state.cups.{square}.tile", cup["tile"]
    if st.get("battle_card") is not None:
        yield piles.BATTLE, "state.battle_card", st["battle_card"]


def _check_cards(st: dict) -> None:
    """Every card of its own pile, and none in more places than it has copies (a card may be
    out of every place for a moment: held in a pending decision's arguments)."""
    expected = _expected()
    seen: Counter = Counter()
    # a Red Sparks blind draw is made from copies of the victim's tiles (still in their hand)
    for i, tile in enumerate(st.get("decks", {}).get(BLIND_DRAW, [])):
        if tile not in expected[piles.RESOURCES]:
            raise StateError(f"state.decks.{BLIND_DRAW}.{i}", f"not a Resource tile: {_show(tile)}")
    for pile, path, card in _places(st):
        if pile == BLIND_DRAW:
            continue
        if pile not in expected:  # (a discard pile of Cup tiles, say)
            raise StateError(path, f"unknown pile {_show(pile)}")
        if card not in expected[pile]:
            raise StateError(path, f"not a card of the {pile} pile: {_show(card)}")
        seen[pile, card] += 1
        if seen[pile, card] > expected[pile][card]:
            raise StateError(path, f"one copy too many of {card!r} "
                                   f"(the game has {expected[pile][card]})")


def is_state(state: Any) -> None:
    """Refuse anything that is not a :class:`~talisman.triwizard.TriwizardState`."""
    if not isinstance(state, TriwizardState):
        raise StateError("state", f"expected a TriwizardState, got {type(state).__name__}")


#: The states the engine made or has checked, by identity: a Triwizard state is a slotted record,
#: which cannot carry Talisman's mark (a key of its ``__dict__``, ruling R-HARDEN19.1), so the
#: API keeps them here instead, held weakly (an entry goes with its state; while it lives, no
#: other object has its id).
_VETTED: weakref.WeakValueDictionary[int, TriwizardState] = weakref.WeakValueDictionary()


def vouch(state: TriwizardState) -> TriwizardState:
    """Note ``state`` as one the engine made or checked (``new_game``, ``apply``, ``from_json``,
    a view) and return it."""
    _VETTED[id(state)] = state
    return state


def vetted(state: Any, steps: Mapping[str, Any]) -> None:
    """Refuse a non-state, and check a state the engine did not make (one built or changed by hand
    with ``attrs.evolve``) once, whole, as :func:`state_document` checks a saved one, before an
    entry point plays or shows it: a bad value is a :class:`StateError` naming its path, never a
    rule step tripping on it later (rulings R-HARDEN19.1, R-HARDEN20.2).  One look-up for the
    engine's own states."""
    is_state(state)
    if _VETTED.get(id(state)) is not state:
        if state.config.seed is None:  # a player's view made or changed by hand: no document
            return                     # holds one (its seed, its hidden cards), left as before
        state_data(saveable_data(state), steps)
        vouch(state)


def playable(state: Any) -> None:
    """Refuse a non-state and a player's view (its seed is hidden: only the whole state plays)."""
    is_state(state)
    if state.config.seed is None:
        raise StateError("state", "this is a player's view of the game, which hides cards and "
                                  "dice: apply actions to the whole state")


def player_id(state: Any, player: Any) -> None:
    """Refuse a non-state, and a player who is not in the game."""
    is_state(state)
    if not isinstance(player, str) or player not in state.players:
        raise UserError(f"no player {_show(player)} in this game")
