"""The City's own effect names and their parameters (``EFFECT_SCHEMAS``), and the schema of its
rules file ``data/talisman/expansions/city/city.yaml``.

The effect schemas join the base vocabulary (``talisman.effects_schema``) wherever card data is
validated; docs/city.md documents each effect.
"""
from __future__ import annotations

from ...definitions import BREEDS
from ...effects_schema import TEST

_ID = {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"}
_IDS = {"type": "array", "items": _ID}
_POS = {"type": "integer", "minimum": 1}
_EFFECTS = {"$ref": "#/$defs/effects"}


#: Where an entry's values come from (engine.data.check_provenance reads the same fields).
_PROVENANCE = {"source": {"type": "string", "minLength": 1}, "stand_in": {"type": "boolean"},
               "reason": {"type": "string", "minLength": 1}}


def _obj(required=(), **props):
    return {"type": "object", "additionalProperties": False, "required": list(required),
            "properties": props}


#: effect name -> JSON schema of its parameters
EFFECT_SCHEMAS = {
    # the Law
    "city_law": _obj(),                                     # a Law card met: arrest a Warrant holder
    "city_arrest": _obj(reason={"type": "string"}),         # taken at once to the Donjon
    "city_release": _obj(["warrant"], warrant={"enum": ["discard", "keep"]}),   # out of the Donjon
    "city_remain": _obj(),                                  # held in the Donjon this turn
    "city_patrol_fight": _obj(),                            # the Patrol fights the Cyborg
    "city_sell_warrant": _obj(["price"], price=_POS),       # the Royal Castle
    # leaving and the Wharf
    "city_leave": _obj(["by", "then"], by={"enum": ["barge", "stowaway"]}, then=_EFFECTS),
    "city_run": _obj(),                                     # Stowaways 3: run clockwise
    # the Bank
    "city_bank": _obj(["lend", "repay"], lend=_POS, repay=_POS),
    # the Thief in the City's buildings
    "city_theft": _obj(["seen"], seen={"type": "boolean"}),
    "city_loot": _obj(),
    "city_take": _obj(["items"], items={"type": "array", "items": _ID, "minItems": 1}),
    # the characters' Scrolls in the City's buildings (a Spell stands in)
    "city_scroll": _obj(),
}

KINDS = ("gate", "square", "street", "wharf", "building", "donjon")
_WHERE = {"type": "array", "items": {"enum": list(KINDS)}, "minItems": 1}

RULES_SCHEMA = {
    "type": "object", "additionalProperties": False,
    "required": ["kinds", "gate", "circuit", "animals_also", "animals_allowed", "prices", "toad_turns",
                 "instructions", "donjon", "stowaway", "theft", "scrolls", "statutes", "acts"],
    "properties": {
        "kinds": {"type": "object", "additionalProperties": {"enum": list(KINDS)}},
        "gate": _obj(["main", "inside", "square"], main=_ID, inside=_ID, square=_ID),
        "circuit": _IDS,
        # the card subtypes the merchants keep out with the Animals (the Dragons)
        "animals_also": _IDS,
        "animals_allowed": _IDS,
        "prices": _obj(["barge"], barge=_obj(["outer", "middle"], outer=_POS, middle=_POS)),
        "toad_turns": _POS,
        "instructions": {"type": "object", "additionalProperties": _EFFECTS},
        "donjon": _obj(["exit", "options"], exit=_ID, options={
            "type": "array", "minItems": 1,
            "items": _obj(["id", "effects"], id=_ID, label={"type": "string"}, require=TEST,
                          effects=_EFFECTS, **_PROVENANCE)}),
        "stowaway": _obj(["max_possessions", "forbidden_breeds", "effects"], max_possessions=_POS,
                         forbidden_breeds={"type": "array", "items": {"enum": list(BREEDS)}},
                         effects=_EFFECTS),
        "theft": _obj(["characters", "not_in", "effects", "loot"], characters=_IDS, not_in=_IDS,
                      effects=_EFFECTS,
                      loot={"type": "object", "additionalProperties": _EFFECTS}),
        "scrolls": {"type": "object", "additionalProperties": _IDS},
        "statutes": {"type": "array", "minItems": 1, "items": _obj(
            ["id", "text", "where", "penalty"],
            id={"type": "string", "pattern": "^[A-Z]$"}, text={"type": "string"}, act=_ID,
            broken_if=TEST, titles=_IDS, broken_unless=TEST, where=_WHERE,
            penalty={"enum": ["watch", "arrest"]}, applicable={"type": "boolean"},
            note={"type": "string"}, **_PROVENANCE)},
        "acts": {"type": "object", "additionalProperties": {
            "type": "array", "items": {
                "type": "object", "required": ["event"],
                "properties": {"event": _ID, "involves": _IDS, "by_ability": _ID},
                "additionalProperties": {"type": ["string", "boolean", "integer"]}}}},
    },
}
