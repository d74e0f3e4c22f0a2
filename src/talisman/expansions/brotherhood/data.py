"""The Brotherhood of the Bell's tables: ``data/talisman/expansions/brotherhood/brotherhood.yaml``,
loaded and checked once (the D% chances, the Law's discovery table, the Donjon's three options and
the Judgment chart).  An error names the file, the entry and the field, as for every data file.
"""
from __future__ import annotations

import functools

from ...definitions import load
from ...engine.data import check_ref, data_root, load_table
from ...errors import DataError

_ID = {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"}
_PCT = {"type": "integer", "minimum": 1, "maximum": 100}
_D6 = {"type": "integer", "minimum": 1, "maximum": 6}
_FACE = "^[1-6]$"


def _obj(required=(), **props):
    return {"type": "object", "additionalProperties": False, "required": list(required),
            "properties": props}


#: One row of the Judgment chart: what the result does.
_RESULT = _obj(["text"], text={"type": "string"}, gold={"type": "integer", "minimum": 1},
               lives={"type": "integer", "minimum": 1}, to=_ID, jailed={"const": True},
               lose_game={"const": True}, expelled={"const": True})

SCHEMA = _obj(
    ["source", "dice", "stranger_reveals", "talisman_at", "law_discovers", "donjon"],
    source={"type": "string"},
    dice={"const": "d%"},
    stranger_reveals=_PCT,
    talisman_at={"type": "integer", "minimum": 1},
    law_discovers={"type": "object", "minProperties": 1, "additionalProperties": False,
                   "patternProperties": {"^[1-9][0-9]*$": _PCT}},
    donjon=_obj(
        ["space", "exit", "options", "jailed_free_on"], space=_ID, exit=_ID,
        jailed_free_on=_D6,
        options=_obj(
            ["convince", "escape", "judged"],
            convince=_obj(["dice", "add", "at_least", "to"], dice={"enum": ["d6", "d10"]},
                          add={"enum": ["strength", "craft"]},
                          at_least={"type": "integer", "minimum": 1}, to=_ID,
                          expelled={"const": True}),
            escape=_obj(["dice", "on"], dice={"const": "d6"},
                        on={"type": "array", "items": _D6, "minItems": 1, "uniqueItems": True}),
            judged=_obj(["dice", "table"], dice={"const": "d6"},
                        table={"type": "object", "additionalProperties": False,
                               "patternProperties": {_FACE: _RESULT}}))),
)


#: The Brotherhood's data file, under ``data/talisman`` (registered on the plugin: read by the loader).
FILE = "expansions/brotherhood/brotherhood.yaml"


def path():
    return data_root() / "talisman" / FILE


def read(p, defs):
    """The tables (frozen), validated against the schema and the board of ``defs``."""
    return load_table(p, SCHEMA, lambda p, doc: check(p, doc, defs))


@functools.lru_cache(maxsize=None)
def rules():
    """The tables, as the data loader read them."""
    return load().tables[FILE]


def check(p, doc, defs):
    """What a schema cannot say: the tables are whole and the spaces exist."""
    law = doc["law_discovers"]
    rows = sorted(int(k) for k in law)
    if rows != list(range(1, len(rows) + 1)):
        raise DataError(p, "law_discovers", str(rows), "the rows must be 1, 2, 3 ... without a gap")
    chances = [law[str(n)] for n in rows]
    if chances != sorted(chances):
        raise DataError(p, "law_discovers", str(chances),
                        "the chance must not fall as more members are known")
    table = doc["donjon"]["options"]["judged"]["table"]
    if sorted(table) != [str(n) for n in range(1, 7)]:
        raise DataError(p, "donjon.options.judged", "table", "the chart needs a row for each of 1-6")
    board = defs.board
    donjon = doc["donjon"]
    check_ref(p, "donjon", "space", donjon["space"], board.spaces, "space")
    check_ref(p, "donjon", "exit", donjon["exit"], board.spaces, "space")
    if donjon["exit"] not in board.spaces[donjon["space"]].neighbours:
        raise DataError(p, "donjon", "exit", f"{donjon['exit']!r} is not next to the Donjon")
    check_ref(p, "donjon.options.convince", "to", donjon["options"]["convince"]["to"],
              board.spaces, "space")
    for face, row in table.items():
        if "to" in row and row["to"] != "exit":
            check_ref(p, f"donjon.options.judged.table.{face}", "to", row["to"], board.spaces, "space")
        if "to" in row and (row.get("jailed") or row.get("lose_game")):
            raise DataError(p, f"donjon.options.judged.table.{face}", "to",
                            "a result that leaves the Donjon cannot also keep or hang the prisoner")
        if row.get("expelled") and "to" not in row:
            raise DataError(p, f"donjon.options.judged.table.{face}", "expelled",
                            "a sentence out of the City needs the space it sends him to ('to')")


def law_chance(known):
    """The % to roll for a member who knows ``known`` members (the last row beyond the table)."""
    law = rules()["law_discovers"]
    return law[str(min(known, len(law)))]


def donjon():
    return rules()["donjon"]
