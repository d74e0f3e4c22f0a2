"""The Airships' rules data: ``data/talisman/expansions/airships/airships.yaml``.

The Airship class table and the Fall Chart (000 TALISMAN AIRSHIPS, row for row), and the lists the
text names by kind only (Followers without hands, Flying Followers, the Horse and Cart; an Animal
Object is an Object card marked an Animal, ``subtype: animal``, docs/rulings.md R-FB13.3).  Loaded and checked once: a die the engine cannot roll, a complement whose least is more
than its most, a Fall Chart that is not the eight rolls of a D8 once each, a card not in the
engine or of the wrong type, an Airship card of no class is a :class:`talisman.errors.DataError`
naming the file, the entry and the field.
"""
from __future__ import annotations

import functools
from typing import Any

from ...definitions import load
from ...engine.data import check_ref, data_root, load_table
from ...errors import DataError

RESULTS = ("killed", "injured", "stunned", "safe")

_ID = {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"}
_TEXT = {"type": "string", "minLength": 1}
_CARDS = {"type": "array", "items": {
    "type": "object", "additionalProperties": False, "required": ["card", "reason"],
    "properties": {"card": _ID, "reason": _TEXT}}}
SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "required": ["chart", "source", "classes", "fall", "no_hands", "flying", "no_boarding"],
    "properties": {
        "chart": _ID, "source": _TEXT,
        "classes": {"type": "array", "minItems": 1, "items": {
            "type": "object", "additionalProperties": False,
            "required": ["name", "id", "strength", "hit_points", "movement", "complement"],
            "properties": {
                "name": _TEXT, "id": _ID,
                "strength": {"anyOf": [{"type": "string", "pattern": "^d(4|6|8|10|12|20)$"},
                                       {"type": "integer", "minimum": 1}]},
                "hit_points": {"type": "integer", "minimum": 1},
                "movement": {"type": "integer", "minimum": 1},
                "complement": {"type": "array", "minItems": 2, "maxItems": 2,
                               "items": {"type": "integer", "minimum": 1}}}}},
        "fall": {"type": "array", "minItems": 1, "items": {
            "type": "object", "additionalProperties": False, "required": ["rolls", "result", "text"],
            "properties": {"rolls": {"type": "array", "minItems": 2, "maxItems": 2,
                                     "items": {"type": "integer", "minimum": 1, "maximum": 8}},
                           "result": {"enum": list(RESULTS)}, "text": _TEXT,
                           "turns": {"type": "integer", "minimum": 1}}}},
        "no_hands": _CARDS, "flying": _CARDS, "no_boarding": _CARDS,
    },
}


#: The Airships' data file, under ``data/talisman`` (registered on the plugin: read by the loader).
FILE = "expansions/airships/airships.yaml"


def path():
    return data_root() / "talisman" / FILE


def read(p, defs) -> Any:
    """The Airships' data (frozen), validated against the schema and the cards of ``defs``."""
    return load_table(p, SCHEMA, lambda p, doc: _check(p, doc, defs))


@functools.lru_cache(maxsize=None)
def rules() -> Any:
    """The Airships' data, as the data loader read it."""
    return load().tables[FILE]


def _check(p, doc, defs):
    cards = defs.cards
    ids = [c["id"] for c in doc["classes"]]
    if len(set(ids)) != len(ids):
        raise DataError(p, "classes", "id", "a class given twice")
    for c in doc["classes"]:
        low, high = c["complement"]
        if low > high:
            raise DataError(p, "classes", c["id"], f"complement {low}-{high}: the least is more than the most")
    rolls = sorted(r for row in doc["fall"] for r in range(row["rolls"][0], row["rolls"][1] + 1))
    if rolls != list(range(1, 9)):
        raise DataError(p, "fall", "rolls", f"each roll of a D8 once, got {rolls}")
    for row in doc["fall"]:
        if (row["result"] == "stunned") != ("turns" in row):
            raise DataError(p, "fall", row["text"], "turns belong to the stunned row, and it needs them")
    for key, kind in (("no_hands", "follower"), ("flying", "follower"),
                      ("no_boarding", "object")):
        for row in doc[key]:
            check_ref(p, key, row["card"], row["card"], cards, "card")
            if cards[row["card"]].type != kind and not (kind == "object" and cards[row["card"]].type == "magic_object"):
                raise DataError(p, key, row["card"], f"not a {kind}")
    for cid, c in cards.items():
        ship = (c.data or {}).get("airship") if c.set == "airships" else None
        if c.set == "airships" and ship not in ids:
            raise DataError(p, "classes", cid, f"the Airship card's class {ship!r} is not in the table")


def ship_class(class_id: str) -> Any:
    """The class table's row for ``class_id``."""
    return next(c for c in rules()["classes"] if c["id"] == class_id)


def card_class(card: str) -> Any:
    """The class row of an Airship card."""
    return ship_class(load().cards[card].data["airship"])


def fall_row(roll: int) -> Any:
    """The Fall Chart's row for a D8 ``roll``."""
    return next(r for r in rules()["fall"] if r["rolls"][0] <= roll <= r["rolls"][1])


def listed(key: str) -> frozenset[str]:
    """The card ids of one of the lists (``no_hands``, ``flying``, ``no_boarding``)."""
    return frozenset(r["card"] for r in rules()[key])
