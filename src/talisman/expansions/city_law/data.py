"""The City's rules data: ``data/talisman/expansions/city/city.yaml``, loaded and checked once.

The file says what each City space is (``kinds``), the Gate, the streets walked clockwise, the
prices, the Donjon's options, the Stowaways chart, the Thief's table, the Statutes and the acts the
log shows (docs/city.md).  An error names the file, the entry and the field, as for every data file.
"""
from __future__ import annotations

import functools

from ...definitions import check_effects, load
from ...effects_schema import with_defs
from ...engine.data import check_ref, data_root, load_yaml, validate
from ...engine.records import deep_freeze
from ...errors import DataError
from ...rules import master_levels
from .schemas import EFFECT_SCHEMAS, RULES_SCHEMA

REGION = "city"
#: The open City: the "streets" of the Statutes.
OPEN = ("gate", "square", "street", "wharf")
#: Inside the walls for the Statutes that are states of a character (I, J).
INSIDE = ("square", "street", "wharf", "building")


#: The City's data file, under ``data/talisman`` (registered on the plugin: read by the loader).
FILE = "expansions/city/city.yaml"


def path():
    return data_root() / "talisman" / FILE


def read(p, defs):
    """The City's rules data (frozen), validated against the schema and the board of ``defs``."""
    doc = validate(p, load_yaml(p), with_defs(RULES_SCHEMA, EFFECT_SCHEMAS))
    _check(p, doc, defs)
    return deep_freeze(doc)


@functools.lru_cache(maxsize=None)
def rules():
    """The City's rules data, as the data loader read it."""
    return load().tables[FILE]


def _check(p, doc, defs):
    board, cards = defs.board, defs.cards
    spaces = board.regions.get(REGION, ())
    for sid, kind in doc["kinds"].items():
        check_ref(p, "kinds", sid, sid, spaces, "City space")
    for sid in spaces:
        if sid not in doc["kinds"]:
            raise DataError(p, "kinds", sid, "a City space without a kind")
    gate = doc["gate"]
    check_ref(p, "gate", "main", gate["main"], board.spaces, "space")
    for f, want in (("inside", "gate"), ("square", "square")):
        if doc["kinds"].get(gate[f]) != want:
            raise DataError(p, "gate", f, f"{gate[f]!r} is not the City's {want}")
    for i, sid in enumerate(doc["circuit"]):
        if doc["kinds"].get(sid) not in ("square", "street", "wharf"):
            raise DataError(p, "circuit", f"[{i}]", f"{sid!r} is not a City street")
        nxt = doc["circuit"][(i + 1) % len(doc["circuit"])]
        if nxt not in board.spaces[sid].neighbours:
            raise DataError(p, "circuit", f"[{i}]", f"{sid!r} does not lead to {nxt!r}")
    subtypes = {c.subtype for c in cards.values()} - {None}
    for sub in doc["animals_also"]:
        check_ref(p, "animals_also", sub, sub, subtypes, "card subtype")
    for sid in list(doc["animals_allowed"]) + list(doc["instructions"]) + \
            list(doc["theft"]["not_in"]) + list(doc["theft"]["loot"]):
        if doc["kinds"].get(sid) != "building":
            raise DataError(p, sid, None, f"{sid!r} is not a City building")
    for sid, who in doc["scrolls"].items():
        if doc["kinds"].get(sid) != "building":
            raise DataError(p, "scrolls", sid, f"{sid!r} is not a City building")
        for c in who:
            check_ref(p, "scrolls", sid, c, defs.characters, "character")
    if doc["kinds"].get(doc["donjon"]["exit"]) != "street":
        raise DataError(p, "donjon", "exit", "the Donjon's way out must be a street")
    known = {"spaces": board.spaces, "cards": cards}
    for sid, effects in doc["instructions"].items():
        _effects(p, sid, "instructions", effects, known)
    for opt in doc["donjon"]["options"]:
        _effects(p, opt["id"], "donjon.effects", opt["effects"], known)
    _effects(p, "stowaway", "effects", doc["stowaway"]["effects"], known)
    _effects(p, "theft", "effects", doc["theft"]["effects"], known)
    for sid, effects in doc["theft"]["loot"].items():
        _effects(p, sid, "theft.loot", effects, known)
    acts = doc["acts"]
    for s in doc["statutes"]:
        given = [k for k in ("act", "broken_if", "broken_unless") if k in s]
        if len(given) != 1:
            raise DataError(p, s["id"], "act", "a Statute forbids one act or one condition")
        if "act" in s and s["act"] not in acts:
            raise DataError(p, s["id"], "act", f"unknown act {s['act']!r} (see acts)")
        if "titles" in s and "broken_if" not in s:
            raise DataError(p, s["id"], "titles", "titles widen a broken_if condition")
        for t in s.get("titles", ()):
            check_ref(p, s["id"], "titles", t, defs.tables[master_levels.FILE]["titles"], "Master Level title")


def _effects(p, entry, field, effects, known):
    """The base semantic checks, and inside the City's own effects that hold effects."""
    check_effects(p, entry, field, effects, known)
    for i, step in enumerate(effects):
        (name, params), = step.items()
        if name == "city_leave":
            _effects(p, entry, f"{field}[{i}].then", params["then"], known)
        elif name == "city_take":
            for c in params["items"]:
                check_ref(p, entry, f"{field}[{i}].items", c, known["cards"], "card")
        elif name == "roll":
            for key, sub in params["table"].items():
                _effects(p, entry, f"{field}[{i}].table[{key}]", sub, known)
        elif name == "choose":
            for opt in params:
                _effects(p, entry, f"{field}[{i}].{opt['id']}", opt["effects"], known)


def kind(space):
    """What a City space is (``gate``, ``square``, ``street``, ``wharf``, ``building``,
    ``donjon``), or None for a space of another board."""
    return rules()["kinds"].get(space)


def spaces():
    """Every City space, in the board's order."""
    return load().board.regions[REGION]


def gate():
    return rules()["gate"]


def donjon():
    return next(s for s, k in rules()["kinds"].items() if k == "donjon")


def wharf():
    return next(s for s, k in rules()["kinds"].items() if k == "wharf")


def law_card(card_id):
    """A Law card of the City deck (``data: {law: true}``)."""
    c = load().cards.get(card_id)
    return c is not None and bool(c.data) and bool(c.data.get("law"))


def stays_in_city(card_id):
    c = load().cards.get(card_id)
    return c is not None and bool(c.data) and bool(c.data.get("stays_in_city"))
