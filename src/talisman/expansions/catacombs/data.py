"""The Catacombs' Exit chart: ``data/talisman/expansions/catacombs/catacombs.yaml`` (a stand-in),
loaded and checked once: one row for each result of its dice, each a space of the main board."""
from __future__ import annotations

import functools

from ...definitions import load
from ...engine.data import check_ref, data_root, load_table
from ...engine.dice import parse_spec
from ...errors import DataError

_ID = {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"}

SCHEMA = {
    "type": "object", "additionalProperties": False, "required": ["source", "stand_in", "chart"],
    "properties": {
        "source": {"type": "string"}, "stand_in": {"type": "boolean"},
        "chart": {"type": "object", "additionalProperties": False, "required": ["dice", "table"],
                  "properties": {"dice": {"enum": ["d4", "d6", "d8"]},
                                 "table": {"type": "object", "minProperties": 1,
                                           "additionalProperties": _ID}}},
    },
}
#: Where a character may emerge: the Regions of the main board.
EMERGE_IN = ("outer", "middle")


#: The Catacombs' data file, under ``data/talisman`` (registered on the plugin: read by the loader).
FILE = "expansions/catacombs/catacombs.yaml"


def path():
    return data_root() / "talisman" / FILE


def read(p, defs):
    """The chart (frozen), validated against the schema and the board of ``defs``."""
    return load_table(p, SCHEMA, lambda p, doc: check(p, doc, defs))


@functools.lru_cache(maxsize=None)
def rules():
    """The chart, as the data loader read it."""
    return load().tables[FILE]


def check(p, doc, defs):
    """Every result of the dice has exactly one row; each row is an Outer or Middle space."""
    chart = doc["chart"]
    _, sides = parse_spec(chart["dice"])
    faces = sorted(chart["table"], key=lambda k: (len(k), k))
    if faces != [str(n) for n in range(1, sides + 1)]:
        raise DataError(p, "chart", "table", f"needs one row for each of 1-{sides}, has {faces}")
    board = defs.board
    for face, space in chart["table"].items():
        check_ref(p, f"chart.table.{face}", "space", space, board.spaces, "space")
        if board.spaces[space].region not in EMERGE_IN:
            raise DataError(p, f"chart.table.{face}", "space",
                            f"{space!r} is not in the Outer or Middle Region")


def exit_chart():
    return rules()["chart"]
