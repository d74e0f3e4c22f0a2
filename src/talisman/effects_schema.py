"""The effect vocabulary's schema: every effect name with the parameters it takes.

Card and space behaviour is inert data: a list of effect steps, each a mapping with
exactly one key, the effect's name.  ``docs/effects.md`` documents each effect with an
example; :mod:`talisman.rules.effects` runs them.  Roll tables must cover every die result
exactly once (checked on load).
"""
from __future__ import annotations

from .engine.reasons import Reason

_ID = {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"}
_INT = {"type": "integer"}
_POS = {"type": "integer", "minimum": 1}
_ALIGN = {"enum": ["good", "neutral", "evil"]}
_REGION = {"enum": ["outer", "middle", "inner", "same", "any"]}
_EFFECTS = {"$ref": "#/$defs/effects"}
_COUNTERS = {"type": "object", "additionalProperties": False, "minProperties": 1,
             "properties": {k: {"anyOf": [_POS, {"enum": ["all", "earned"]}]}
                            for k in ("strength", "craft", "lives", "gold", "fate")}}


def _obj(required=(), **props):
    return {"type": "object", "additionalProperties": False, "required": list(required),
            "properties": props}


TEST = _obj(
    alignment={"type": "array", "items": _ALIGN, "minItems": 1},
    strength_at_least=_POS, craft_at_least=_POS, strength_below=_POS, craft_below=_POS,
    gold_at_least=_POS, fate_at_least=_POS, has=_ID, has_followers={"type": "boolean"},
    has_type=_ID,
    character={"type": "array", "items": _ID}, ability=_ID, region=_REGION,
    on_quest={"type": "boolean"}, below_spell_limit={"type": "boolean"}, toad={"type": "boolean"},
    lying_down={"type": "boolean"},
)

#: effect name -> JSON schema of its parameters
EFFECTS = {
    # counters and possessions
    "gain": _COUNTERS,
    "lose": _COUNTERS,
    "heal": {"anyOf": [_POS, {"const": "full"}]},
    "heal_for_gold": _obj(["per_life"], per_life=_POS, max=_POS),
    "replenish_fate": _obj(),
    "replenish_fate_for_gold": _obj(["per_token"], per_token=_POS),
    "gain_spells": {"anyOf": [_POS, {"const": "to_limit"}]},
    "discard_spells": {"const": "all"},
    "gain_talisman": _obj(),
    "set_alignment": _ALIGN,
    "become_toad": _obj(["turns"], turns=_POS),
    "lose_turn": _obj(),
    "miss_turns": _POS,
    "lose_follower": {"anyOf": [_POS, {"const": "all"}, _obj(["card"], card=_ID)]},
    "lose_lives_or_followers": _POS,
    "roll_for_each_follower": _obj(["dice", "dies_on"], dice={"enum": ["d4", "d6", "d8"]},
                                   dies_on={"type": "array", "items": _POS, "minItems": 1}),
    "sell_objects": _obj(["price"], price=_POS, trade={"type": "boolean"}),
    "buy": _obj(["items"], items={"type": "object", "minProperties": 1,
                                  "additionalProperties": _POS}),
    "take_counters_from_card": _obj(["counter", "per_visit"], counter={"enum": ["strength", "craft"]},
                                    per_visit=_POS),
    # control
    "roll": _obj(["dice", "table"], dice={"enum": ["d4", "d6", "d8", "2d6", "3d6"]},
                 add={"enum": ["strength", "craft"]}, subtract={"enum": ["strength", "craft"]},
                 bonus={"type": "object", "additionalProperties": _POS},
                 table={"type": "object", "minProperties": 1,
                        "additionalProperties": _EFFECTS}),
    "choose": {"type": "array", "minItems": 1, "items": _obj(
        ["id", "effects"], id=_ID, label={"type": "string"}, require=TEST, effects=_EFFECTS,
        again={"type": "boolean"})},
    "if": _obj(["test", "then"], test=TEST, then=_EFFECTS, **{"else": _EFFECTS}),
    "each_character": _obj(["where", "effects"], where={"enum": ["all", "others", "region", "space"]},
                           effects=_EFFECTS),
    "nothing": _obj(),
    # combat
    "fight": _obj(["name", "strength"], name=_ID, strength=_POS,
                  add_roll={"enum": ["d4", "d6", "d8", "2d6", "3d6"]},
                  until_won={"type": "boolean"}, on_win=_EFFECTS, on_lose=_EFFECTS,
                  evadable={"type": "boolean"}),
    "fight_in_succession": _obj(["name", "strength", "count"], name=_ID, strength=_POS,
                                count={"enum": ["d4", "d6", "d8"]}),
    "contest": _obj(["name", "dice", "win", "draw", "lose"], name=_ID,
                    dice={"enum": ["d6", "2d6", "3d6"]}, win=_EFFECTS, draw=_EFFECTS, lose=_EFFECTS),
    "hold": _obj(),
    "release": _obj(),
    "command_spell": _obj(),
    "psychic": _obj(["name", "craft"], name=_ID, craft=_POS, subtype=_ID),
    "evade": _obj(),
    "immobilize": _obj(),
    "add_to_battle": _obj(["strength"], strength={"anyOf": [_POS, {"const": "starting_craft"}]}),
    "standoff": _obj(),
    # movement
    "move_to": _obj(["space"], space=_ID, encounter={"type": "boolean"}),
    "teleport": _obj(["region"], region=_REGION, encounter={"type": "boolean"}, other={"type": "boolean"}),
    "next_move": _obj(to=_ID, teleport=_REGION,
                      free_on={"type": "array", "items": _POS, "minItems": 1}),
    "move_steps": _obj(["count"], count=_POS),
    "move_nearest": _obj(["kind"], kind=_ID),
    # cards
    "draw": _obj(["count"], deck={"enum": ["adventure", "spell"]}, count=_POS),
    "place_self": _obj(["space"], space=_ID),
    "surrender": _obj(["what"], what={"enum": ["object_or_gold", "follower"]}),
    "destroy_card": _obj(),
    "hex_space": _obj(["rounds"], rounds=_POS),
    "move_gold": _obj(["to"], to=_ID),
    "extra_turns": _POS,
    "join": _obj(),
    "gain_scrolls": _POS,
    "quest": {"oneOf": [
        _obj(["complete_on"], complete_on={"enum": ["life_taken", "enemy_killed"]}),
        _obj(["deliver"], deliver={"enum": ["follower", "magic_object"]}),
        _obj(["deliver", "amount"], deliver={"const": "gold"}, amount=_POS)]},
    "lasting": _obj(["name", "rounds"], name={"enum": ["blizzard", "destroy_magic"]}, rounds=_POS),
    "secret_look": _obj(["count"], deck={"enum": ["adventure", "spell"]}, count=_POS),
    "discard_self": _obj(),
    # endings (talisman.rules.endings.cards): the Alternative Ending cards
    "win_game": _obj(reason={"enum": [r.value for r in Reason]}, who={"enum": ["actor", "all"]}),
    "annihilate": _obj(),
}

def effect_list(extra=None):
    """The schema of a list of effect steps: the base vocabulary plus ``extra`` effects."""
    effects = {**EFFECTS, **(extra or {})}
    return {"type": "array", "items": {
        "type": "object", "minProperties": 1, "maxProperties": 1,
        "propertyNames": {"enum": sorted(effects)},
        "properties": effects}}


def with_defs(schema, extra=None):
    """``schema`` with the effect list available as ``#/$defs/effects``."""
    return {**schema, "$defs": {"effects": effect_list(extra)}}


INF = float("inf")


def table_ranges(table):
    """``{"1": e, "2-3": e, "6+": e, "<=0": e}`` -> sorted ``[(lo, hi, effects)]``.

    ``N+`` is N and above, ``<=N`` is N and below (for rolls that add or subtract an ability).
    Raises ValueError on a malformed key.
    """
    out = []
    for key, effects in table.items():
        k = str(key).strip()
        if k.endswith("+"):
            lo, hi = int(k[:-1]), INF
        elif k.startswith("<="):
            lo, hi = -INF, int(k[2:])
        else:
            a, sep, b = k.partition("-")
            lo, hi = int(a), int(b) if sep else int(a)
        if hi < lo:
            raise ValueError(f"range {key!r} runs backwards")
        out.append((lo, hi, effects))
    return sorted(out, key=lambda r: r[0])


def table_problem(table, lo, hi):
    """Why a roll table does not cover ``lo..hi`` exactly once, or None."""
    try:
        ranges = table_ranges(table)
    except ValueError as e:
        return f"bad table key: {e}"
    expected = lo
    for a, b, _ in ranges:
        if a > expected:
            return (f"result {expected} is not covered" if expected != -INF
                    else f"results below {a} are not covered (use <={a - 1})")
        if a < expected:
            return f"result {max(a, expected - 1)} is covered more than once" if a >= lo or \
                expected > lo else f"results below {lo} cannot be rolled"
        expected = b + 1
    if expected == INF:
        return None  # an open top ("6+") covers whatever can be rolled
    if expected <= hi:
        return f"results from {expected} up are not covered"
    if expected > hi + 1 and hi != INF:
        return f"results above {hi} cannot be rolled"
    return None


def lookup_table(table, value):
    """The effects of the table row that ``value`` falls in."""
    for lo, hi, effects in table_ranges(table):
        if lo <= value <= hi:
            return effects
    raise KeyError(value)
