"""The Emperor's Guard's rules data: ``data/talisman/expansions/emperors_guard/guard.yaml``.

Where the Event places the pieces, the tax, the bribe table and the card-type action table
(000 THE EMPEROR'S GUARD, GUARD ENCOUNTERS), the Guard's made-up fighting values and the circuits
of Regions that are not rings.  Loaded and checked once: a space not on the board, a bribe table
that is not the six rolls of a D6 once each, a card type the engine does not know (other than the
text's Magic Item and Permanent Location) is a :class:`talisman.errors.DataError` naming the file,
the entry and the field.
"""
from __future__ import annotations

import functools
from typing import Any

from ...definitions import CARD_TYPES, load
from ...engine.data import check_ref, data_root, load_table
from ...errors import DataError

#: The card types of the text's table the engine has no cards of ("Magic Item": the compendium's
#: name for Magic Objects of other sets; "Permanent Location": the printed space itself).
TEXT_ONLY_TYPES = ("magic_item", "permanent_location")
ACTIONS = ("discard", "fight", "close", "hide", "ignore")

_ID = {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"}
_TEXT = {"type": "string", "minLength": 1}
_COUNT = {"type": "integer", "minimum": 0}
SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "required": ["chart", "source", "stand_in", "placements", "tax", "guard", "circuits", "bribes",
                 "card_actions"],
    "properties": {
        "chart": _ID, "source": _TEXT,
        "stand_in": {"type": "array", "items": {"enum": ["guard", "circuits"]}},
        "placements": {"type": "array", "minItems": 1, "items": {
            "type": "object", "additionalProperties": False, "required": ["name", "space"],
            "properties": {"name": _TEXT, "space": {"anyOf": [_ID, {"type": "null"}]}, "reason": _TEXT}}},
        "tax": {"type": "integer", "minimum": 1},
        "guard": {"type": "object", "additionalProperties": False, "required": ["strength", "craft"],
                  "properties": {"strength": {"type": "integer", "minimum": 1},
                                 "craft": {"type": "integer", "minimum": 1}}},
        "circuits": {"type": "object", "additionalProperties": {"type": "array", "minItems": 2, "items": _ID}},
        "bribes": {"type": "array", "minItems": 6, "maxItems": 6, "items": {
            "type": "object", "additionalProperties": False, "required": ["roll", "text"],
            "properties": {"roll": {"type": "integer", "minimum": 1, "maximum": 6}, "text": _TEXT,
                           "friend": {"const": True},
                           "pay": {"type": "array", "items": {
                               "type": "object", "additionalProperties": False, "minProperties": 1,
                               "properties": {"gold": _COUNT, "item": {"const": 1}}}}}}},
        "card_actions": {"type": "array", "items": {
            "type": "object", "additionalProperties": False, "required": ["type", "text", "action"],
            "properties": {"type": _ID, "text": _TEXT, "action": {"enum": list(ACTIONS)}}}},
    },
}


#: The Guard's data file, under ``data/talisman`` (registered on the plugin: read by the loader).
FILE = "expansions/emperors_guard/guard.yaml"


def path():
    return data_root() / "talisman" / FILE


def read(p, defs) -> Any:
    """The Guard's data (frozen), validated against the schema and the board of ``defs``."""
    return load_table(p, SCHEMA, lambda p, doc: _check(p, doc, defs))


@functools.lru_cache(maxsize=None)
def rules() -> Any:
    """The Guard's data, as the data loader read it."""
    return load().tables[FILE]


def _check(p, doc, defs):
    board = defs.board
    names = set()
    for row in doc["placements"]:
        if row["name"] in names:
            raise DataError(p, "placements", row["name"], "a space named twice")
        names.add(row["name"])
        if row["space"] is None:
            if "reason" not in row:
                raise DataError(p, "placements", row["name"], "a space left out needs a reason")
        else:
            check_ref(p, "placements", row["name"], row["space"], board.spaces, "space")
    for region, spaces in doc["circuits"].items():
        check_ref(p, "circuits", region, region, board.regions, "region")
        for sid in spaces:
            if board.spaces.get(sid) is None or board.spaces[sid].region != region:
                raise DataError(p, "circuits", region, f"{sid!r} is not a space of the Region")
        if len(set(spaces)) != len(spaces):
            raise DataError(p, "circuits", region, "a space walked twice")
    rolls = sorted(r["roll"] for r in doc["bribes"])
    if rolls != [1, 2, 3, 4, 5, 6]:
        raise DataError(p, "bribes", "roll", f"each roll of a D6 once, got {rolls}")
    for r in doc["bribes"]:
        if ("friend" in r) == ("pay" in r):
            raise DataError(p, "bribes", str(r["roll"]), "either a friend or ways to pay")
    types = [r["type"] for r in doc["card_actions"]]
    for t in types:
        if t not in CARD_TYPES and t not in TEXT_ONLY_TYPES:
            raise DataError(p, "card_actions", t, "not a card type")
    if len(set(types)) != len(types):
        raise DataError(p, "card_actions", "type", "a card type given twice")


def bribe_row(roll: int) -> Any:
    """The bribe table's row for ``roll``."""
    return next(r for r in rules()["bribes"] if r["roll"] == roll)


def card_action(card_type: str) -> str:
    """What the Guard does to a card of ``card_type`` (a type not in the table: ``ignore``)."""
    for r in rules()["card_actions"]:
        if r["type"] == card_type:
            return str(r["action"])
    return "ignore"


def placement_spaces() -> list[str]:
    """The spaces the Event places a piece on, in the text's order (those on the engine's boards)."""
    return [r["space"] for r in rules()["placements"] if r["space"] is not None]


def circuit(region: str) -> tuple[str, ...] | None:
    """The spaces a Guard walks clockwise in ``region``: the ring, or the data's circuit; None
    when the Region has neither (the Guard stays where it is)."""
    board = load().board
    if board.shapes.get(region) == "ring":
        return tuple(board.regions[region])
    c = rules()["circuits"].get(region)
    return tuple(c) if c is not None else None
