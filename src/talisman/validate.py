"""Checks of documents that come from outside: a saved state (:func:`state_document`), a game
record (:func:`record_document`), the arguments of a new game (:func:`game_arguments`) and the
fields a scenario gives a character (:func:`character_fields`).

Each refuses bad input with one :class:`~talisman.errors.StateError` naming the path of the first
bad value, e.g. ``state.characters.warrior.lives: expected an int >= 0, got -1``.  Shape, types
and ranges come from a JSON schema; then every id is checked against the game's data (spaces,
cards, characters, expansions, rule options, rule steps) and no card may be in more places than
it has copies.  Pathological input (too deep, too large) is refused before any of that.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Set

import attrs
import jsonschema

from .definitions import CORE_SETS, card_of, cards_played, load
from .engine.dice import Dice, seed_problem
from .engine import documents
from .engine.documents import (check_chance_decision, check_seeds, check_step_args, check_whole_numbers,
                               parse_document, show)
from .engine.ruleset import RULESET, declared
from .engine.records import EMPTY_PMAP, Decision, FieldError, IdentityMemo, PVectorType, replace
from .engine.serialize import from_data
from .errors import StateError
from .notation import Action
from .rules.endings import ENDINGS, TASK_SHAPES, is_card, task_endings
from .rules.endings.cards import cards_held
from .rules.lasting import KNOWN as LASTING_KNOWN
from .rules.slice_values import check_in_game
from .state import ExtRecord, GameState, register_slice
from .rules.setup import EXPANSIONS, IMPLEMENTED_EXPANSIONS, OPTIONS, check_options, game_decks

#: Text longer than this is refused before it is parsed (a long game's state is well under 5 MB).
MAX_TEXT = 32 * 1024 * 1024
#: Nesting deeper than this is refused (a real state nests about ten deep).
MAX_DEPTH = 64
#: Counters above this are refused (no rule comes near it; it keeps arithmetic cheap).
MAX_COUNT = 10 ** 9
#: How much of a bad value an error message shows.
SHOWN = 60

_ID = {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"}
_COUNT = {"type": "integer", "minimum": 0, "maximum": MAX_COUNT}
_POSITIVE = {"type": "integer", "minimum": 1, "maximum": MAX_COUNT}
_CARDS = {"type": "array", "items": {"type": "string"}}
_MAP = {"type": "object"}
_NULLABLE_MAP = {"type": ["object", "null"]}

CHARACTER = {
    "type": "object", "additionalProperties": False,
    "required": ["id", "space", "strength", "craft", "lives", "fate", "gold", "alignment"],
    "properties": {
        "id": _ID, "space": _ID, "strength": _COUNT, "craft": _COUNT, "lives": _COUNT,
        "fate": _COUNT, "gold": _COUNT, "alignment": {"enum": ["good", "neutral", "evil"]},
        "objects": _CARDS, "spells": _CARDS, "scrolls": _CARDS, "followers": _CARDS,
        "trophies": _CARDS, "lost_turn": _COUNT, "alive": {"type": "boolean"},
        "toad_turns": _COUNT, "raft": {"type": "boolean"}, "next_move": _NULLABLE_MAP,
        "hold": {"anyOf": [_ID, {"type": "null"}]}, "pit_fiends": _COUNT, "extra_turns": _COUNT,
        "quest": _NULLABLE_MAP, "turn_flags": _MAP},
}

_NULL_OR = lambda schema: {"anyOf": [schema, {"type": "null"}]}  # noqa: E731
_INT = {"type": "integer", "minimum": -MAX_COUNT, "maximum": MAX_COUNT}
#: The combat in progress (``talisman.state.Battle``): its typed fields, ``ext`` an
#: expansion's own.
BATTLE = {
    "type": "object", "additionalProperties": False, "required": ["who", "kind"],
    "properties": {
        "who": _ID, "kind": {"enum": ["battle", "psychic"]},
        "enemies": {"type": "array", "items": {
            "type": "object", "required": ["name", "value"],
            "properties": {"name": {"type": "string"}, "card": _NULL_OR(_ID), "value": _INT,
                           "subtype": _ID}}},
        "opponent": _NULL_OR(_ID), "bonus": _INT, "opponent_bonus": _INT,
        "evadable": {"type": "boolean"},
        "on_win": _NULLABLE_MAP, "on_lose": _NULLABLE_MAP, "on_standoff": _NULLABLE_MAP,
        "on_evade": _NULLABLE_MAP, "result": _NULL_OR({"type": "string"}),
        "roll": _NULL_OR(_INT), "rerolled": {"type": "boolean"},
        "opponent_roll": _NULL_OR(_INT), "opponent_rerolled": {"type": "boolean"},
        "tame_tried": _CARDS, "henchman": _NULL_OR(_ID), "opponent_henchman": _NULL_OR(_ID),
        "scores": {"type": "array", "items": {"type": "array", "items": _INT}},
        "ext": _MAP},
}

_FRAME = {"type": "object", "additionalProperties": False, "required": ["step"],
          "properties": {"step": {"type": "string"}, "args": _MAP}}

#: A lasting effect in ``state.lasting`` (rules.lasting), as a state document and a scenario's
#: set-up (``lasting``) give it.
_LASTING_SPAN = {"type": "object", "additionalProperties": False, "required": ["by", "until_round"],
                 "properties": {"by": _ID, "until_round": _COUNT, "card": _ID, "until_turn": _COUNT,
                                "next_turn": {"type": "boolean"}}}

STATE = {
    "type": "object", "additionalProperties": False,
    "required": ["config", "order", "current", "characters", "dice"],
    "properties": {
        "config": {"type": "object", "additionalProperties": False, "required": ["characters"],
                   "properties": {"characters": {"type": "array", "minItems": 1, "items": _ID},
                                  "expansions": {"type": "array", "items": _ID},
                                  "options": _MAP, "seed": {"type": "integer"}}},
        "order": {"type": "array", "minItems": 1, "items": _ID},
        "current": _ID,
        "characters": {"type": "object", "minProperties": 1, "additionalProperties": CHARACTER},
        "dice": {"type": "object", "additionalProperties": False, "required": ["seed", "counter"],
                 "properties": {"seed": {"type": "integer"}, "counter": _COUNT,
                                "script": {"anyOf": [{"type": "null"},
                                                     {"type": "array", "items": _POSITIVE}]}}},
        "round": _POSITIVE, "turn": _POSITIVE,
        "board_cards": {"type": "object", "additionalProperties": _CARDS},
        "resolving": {"type": "object", "additionalProperties": _CARDS},
        "decks": {"type": "object", "additionalProperties": _CARDS},
        "discards": {"type": "object", "additionalProperties": _CARDS},
        "stack": {"type": "array", "items": _FRAME},
        "pending": {"anyOf": [{"type": "null"}, {
            "type": "object", "additionalProperties": False,
            "required": ["player", "kind", "step"],
            "properties": {"player": {"type": "string"}, "kind": {"type": "string"},
                           "step": {"type": "string"},
                           "options": {"type": "array", "items": {"type": "string"}},
                           "args": _MAP, "spec": {"type": ["string", "null"]},
                           "deck": {"type": ["string", "null"]}, "prompt": {"type": "string"}}}]},
        "log": {"type": "array", "items": {
            "type": "object", "additionalProperties": False, "required": ["name"],
            "properties": {"name": {"type": "string"}, "data": _MAP}}},
        "outcome": {"anyOf": [{"type": "null"}, {
            "type": "object", "additionalProperties": False, "required": ["reason"],
            "properties": {"reason": {"type": "string"},
                           "winners": {"type": "array", "items": _ID}}}]},
        "board_gold": {"type": "object", "additionalProperties": _COUNT},
        "battle": _NULL_OR(BATTLE),
        "crown_reached": {"type": "boolean"},
        "ending": _NULLABLE_MAP,
        "card_stock": {"type": "object",  # counters left on a card, or an ability's mark
                       "additionalProperties": {"anyOf": [_COUNT, {"type": "string"}]}},
        "ext": {"type": "object", "additionalProperties": _MAP},
        "lasting": {"type": "object", "additionalProperties": _LASTING_SPAN},  # rules.lasting: name -> its span
    },
}

DOCUMENT = {"type": "object", "additionalProperties": False, "required": ["game", "format", "state"],
            "properties": {"game": {"const": "talisman"}, "format": {"type": "integer"},
                           "state": {}}}

RECORD = {
    "type": "object", "additionalProperties": False,
    "properties": {"game": {"const": "talisman"},
                   "characters": {"type": "array", "minItems": 1, "items": {"type": "string"}},
                   "expansions": {"type": "array", "items": {"type": "string"}},
                   "options": {"type": ["object", "null"]}, "seed": {"type": "integer"},
                   "actions": {"type": "array", "items": {"type": "string"}}},
}

#: id(schema) -> its validator (the schemas are module constants, a few dozen: all stay)
_VALIDATORS = IdentityMemo(128)


def _show(value):
    return show(value)


def _type_words(t):
    words = {"integer": "an int", "string": "a string", "object": "a mapping", "array": "a list",
             "boolean": "true or false", "null": "null", "number": "a number"}
    ts = [t] if isinstance(t, str) else list(t)
    return " or ".join(words.get(x, x) for x in ts)


def _message(err):
    """A jsonschema error in this library's words: ``path: expected ..., got ...``."""
    v, inst, schema = err.validator, err.instance, err.schema
    got = f"got {_show(inst)}"
    if v == "type":
        return f"expected {_type_words(err.validator_value)}, {got}"
    if v in ("minimum", "maximum"):
        low, high = schema.get("minimum"), schema.get("maximum")
        rng = f">= {low}" if low is not None else ""
        rng = f"{rng} and <= {high}" if high is not None and v == "maximum" else rng
        return f"expected an int {rng.strip(' and')}, {got}"
    if v == "enum":
        return f"expected one of {', '.join(map(str, err.validator_value))}, {got}"
    if v == "const":
        return f"expected {err.validator_value!r}, {got}"
    if v == "pattern":
        return f"expected an id (lower-case letters, digits, _), {got}"
    if v in ("minItems", "minProperties"):
        return "must not be empty"
    if v == "anyOf":
        return f"expected {' or '.join(_describe(s) for s in err.validator_value)}, {got}"
    return err.message


def _describe(schema):
    if "type" in schema:
        return _type_words(schema["type"])
    return "a valid value"


def check_schema(doc, schema, root):
    """Raise :class:`StateError` at the first value of ``doc`` that ``schema`` refuses."""
    validator = _VALIDATORS.find(id(schema))
    if validator is None:
        validator = _VALIDATORS.keep(id(schema), schema, jsonschema.Draft202012Validator(schema))
    err = jsonschema.exceptions.best_match(validator.iter_errors(doc))
    if err is None:
        return
    path = [root] + [str(p) for p in err.absolute_path]
    if err.validator == "additionalProperties":
        extra = sorted(set(err.instance) - set(err.schema.get("properties", {})))
        raise StateError(".".join(path + extra[:1]), "unknown field")
    if err.validator == "required":
        missing = [r for r in err.validator_value if r not in err.instance]
        raise StateError(".".join(path + missing[:1]), "missing value")
    raise StateError(".".join(path), _message(err))


def check_depth(doc, root="document", limit=MAX_DEPTH):
    """Refuse data nested deeper than ``limit`` (iteratively: no recursion to exhaust)."""
    todo = [(doc, 1)]
    while todo:
        value, depth = todo.pop()
        if depth > limit:
            raise StateError(root, f"nested deeper than {limit} levels")
        if isinstance(value, Mapping):
            todo.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, (list, tuple)):
            todo.extend((v, depth + 1) for v in value)


def state_document(doc, steps):
    """Check a whole state document (``{"game", "format", "state"}``); ``steps`` are the rule
    steps a frame or a decision may name.  Returns the document's ``state``."""
    check_depth(doc)
    check_schema(doc, DOCUMENT, "document")
    st = doc["state"]
    if isinstance(st, Mapping) and isinstance(st.get("ext"), Mapping) and VIEW in st["ext"]:
        raise StateError(f"state.ext.{VIEW}", "a player's view hides cards and dice: only a "
                                              "whole state can be loaded")
    check_schema(st, STATE, "state")
    check_whole_numbers(st, "state")
    check_seeds(st)
    defs = load()
    config = st["config"]
    expansions = config.get("expansions", [])
    _check_expansions(expansions, "state.config.expansions")
    options = config.get("options", {})
    for name in options:
        if name not in OPTIONS:
            raise StateError(f"state.config.options.{name}", "unknown rule option")
    try:
        check_options(options)
    except Exception as e:  # check_options raises TalismanError; anything else is bad too
        raise StateError("state.config.options", str(e)) from None
    chars = config["characters"]
    for i, c in enumerate(chars):
        _check_character_id(c, expansions, f"state.config.characters.{i}")
    if len(set(chars)) != len(chars):
        raise StateError("state.config.characters", "a character is listed twice")
    # LOSING ALL LIVES (option new_character): a piece that joined later is in the state beside
    # the dead one whose seat it took (a card taken again under a piece id: rulings R-FIX15.1)
    if not set(chars) <= set(st["characters"]):
        raise StateError("state.characters", f"expected the characters {sorted(chars)}, "
                                              f"got {_show(sorted(st['characters']))}")
    for cid in st["characters"]:
        if cid not in chars:
            _check_character_id(cid, expansions, f"state.characters.{cid}", piece=True)
    order = st["order"]
    if (len(order) != len(chars) or len(set(order)) != len(order)
            or not all(isinstance(c, str) and c in st["characters"] for c in order)):
        raise StateError("state.order", f"expected a seating of {len(chars)} of the characters "
                                         f"{sorted(st['characters'])}, got {_show(order)}")
    for cid, ch in st["characters"].items():
        if cid not in order and ch.get("alive", True):
            raise StateError(f"state.characters.{cid}.alive", "a living character not seated in state.order")
    if st["current"] not in order:
        raise StateError("state.current", f"expected a character of the game, got {_show(st['current'])}")
    spaces = defs.board.spaces
    for cid, ch in st["characters"].items():
        where = f"state.characters.{cid}"
        if ch["id"] != cid:
            raise StateError(f"{where}.id", f"expected {cid!r}, got {_show(ch['id'])}")
        for field in ("space", "hold"):
            if ch.get(field) is not None and ch[field] not in spaces:
                raise StateError(f"{where}.{field}", f"unknown space {_show(ch[field])}")
        if ch.get("alive", True):  # Strength and Craft at least 1, the living have lives (000
            # STRENGTH: at 0 a life is lost and the Strength restored; talisman.testing.invariants)
            for field in ("strength", "craft", "lives"):
                if ch.get(field, 1) < 1:
                    raise StateError(f"{where}.{field}", f"a living character has at least 1, got {_show(ch[field])}")
    for field in ("board_cards", "board_gold", "resolving"):
        for space in st.get(field, {}):
            if space not in spaces:
                raise StateError(f"state.{field}.{space}", "unknown space")
    for ext_id in st.get("ext", {}):
        if ext_id not in expansions and ext_id not in RULESET.ids(always=True):  # a base plugin's own (henchmen)
            raise StateError(f"state.ext.{ext_id}", "not an expansion of this game")
    for i, f in enumerate(st.get("stack", [])):
        if f["step"] not in steps:
            raise StateError(f"state.stack.{i}.step", f"unknown rule step {_show(f['step'])}")
        check_step_args(steps[f["step"]], 1, f.get("args", {}), f"state.stack.{i}", f["step"])
    for field in ("decks", "discards"):  # every deck of the game has its pile, empty or not
        have = st.get(field, {})
        for name in sorted(game_decks(defs, expansions, options, tuple(chars))):
            if name not in have:
                raise StateError(f"state.{field}.{name}", "missing value")
    for name, span in st.get("lasting", {}).items():
        if span["by"] not in st["characters"]:
            raise StateError(f"state.lasting.{name}.by", f"not a character of the game: {_show(span['by'])}")
        problem = lasting_problem(name, span, defs.cards)
        if problem is not None:
            raise StateError(f"state.lasting.{name}{problem[0]}", problem[1])
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
        if p["player"] != "chance" and p["player"] not in st["characters"]:
            raise StateError("state.pending.player", f"expected a character of the game or "
                                                     f"'chance', got {_show(p['player'])}")
        for i, text in enumerate(p.get("options", [])):
            try:
                Action.parse(text)
            except Exception:  # NotationError, or anything the parser trips on
                raise StateError(f"state.pending.options.{i}", f"not an action: {_show(text)}") from None
    ending_ids(st.get("ending"), "state.ending")
    ending_tasks(st.get("ending"), list(st["characters"]), "state.ending")
    outcome = st.get("outcome")
    for i, w in enumerate((outcome or {}).get("winners", [])):
        if w not in st["characters"]:
            raise StateError(f"state.outcome.winners.{i}", f"not a character of the game: {_show(w)}")
    _check_cards(st, defs, expansions)
    return st


#: The places of the Alternative Endings area that hold ending ids (``card`` one, the others a list).
ENDING_PLACES = ("card", "deck", "box", "discarded")


def ending_ids(ending, where):
    """The Alternative Endings area (``state.ending``, a scenario's ``setup.ending``): every id it
    keeps is an ending (the compendium's, or an expansion's ending card)."""
    if not isinstance(ending, Mapping):
        return
    for place in ENDING_PLACES:
        value = ending.get(place)
        if value is None:
            continue
        if place == "card":
            found = [(f"{where}.card", value)]
        elif isinstance(value, (list, tuple, PVectorType)):
            found = [(f"{where}.{place}.{i}", v) for i, v in enumerate(value)]
        else:
            raise StateError(f"{where}.{place}", f"expected a list of ending ids, got {_show(value)}")
        for path, eid in found:
            if not isinstance(eid, str) or not (eid in ENDINGS or is_card(eid)):
                raise StateError(path, f"unknown ending {_show(eid)}")


#: Each kind of task as a whole (its ``kind``, every field it needs, none it does not know).
_TASK_SCHEMAS = {kind: {"type": "object", "additionalProperties": False,
                        "required": ["kind"] + [f for f in fields if f not in optional],
                        "properties": {"kind": {"const": kind}, **fields}}
                 for kind, (fields, optional) in TASK_SHAPES.items()}


def ending_tasks(ending, characters, where):
    """The tasks a die ending keeps for characters between their turns on the Crown (``tasks`` of
    the endings area, a scenario's ``setup.ending.tasks``): ``{character: task}``, each of a
    character of the game, of a kind the endings know (``endings.TASK_SHAPES``) that belongs to
    the ending card in play (``endings.task_endings``: ``endings.yaml``), with that kind's fields, and the spaces and
    cards it names in the game's data."""
    tasks = ending.get("tasks") if isinstance(ending, Mapping) else None
    if tasks is None:
        return
    if not isinstance(tasks, Mapping):
        raise StateError(f"{where}.tasks", f"expected a mapping of character ids to tasks, got {_show(tasks)}")
    defs = load()
    for cid, task in tasks.items():
        path = f"{where}.tasks.{cid}"
        if cid not in characters:
            raise StateError(path, f"not a character of the game ({', '.join(characters)})")
        if not isinstance(task, Mapping):
            raise StateError(path, f"expected a task (a mapping with its kind), got {_show(task)}")
        kind = task.get("kind")
        if kind not in _TASK_SCHEMAS:
            raise StateError(f"{path}.kind", f"expected one of {', '.join(sorted(_TASK_SCHEMAS))}, got {_show(kind)}")
        check_schema(task, _TASK_SCHEMAS[kind], path)
        spaces = ([("to", task["to"])] if "to" in task else []) + \
            [(f"visited.{i}", s) for i, s in enumerate(task.get("visited", ()))] + \
            [(f"landed.{i}", s) for i, s in enumerate(task.get("landed", ()))]
        for field, space in spaces:
            if space not in defs.board.spaces:
                raise StateError(f"{path}.{field}", f"unknown space {_show(space)}")
        if kind == "errand":
            chaos = defs.endings["lord_of_chaos"]
            errands = sorted(set(chaos["errands"].values()) | set(chaos["instead"].values()))
            if task["to"] not in errands:
                raise StateError(f"{path}.to", f"expected one of the Lord of Chaos's errands "
                                               f"{', '.join(errands)}, got {_show(task['to'])}")
        for i, card in enumerate(task.get("cards", ())):
            if card not in defs.cards:
                raise StateError(f"{path}.cards.{i}", f"unknown card {_show(card)}")
        # last: a task whose fields are good but whose ending is not the card in play
        owner = task_endings()[kind]
        if owner != ending.get("card"):
            raise StateError(f"{path}.kind", f"{_show(kind)} is a task of the ending {owner}, but "
                             + ("no ending card is in play" if ending.get("card") is None
                                else f"the ending in play is {_show(ending['card'])}"))


def load_state(doc, steps):
    """The :class:`~talisman.state.GameState` of a checked state document (see
    :func:`state_document`), the cards of the endings area counted too."""
    st = state_document(doc, steps)
    try:
        state = from_data(GameState, st)
    except StateError:  # a record's own check, which names the path of the value it refuses
        raise
    except Exception as e:  # a value the schema let through but a record refuses
        raise StateError("state", f"cannot be rebuilt: {_show(str(e))}") from None
    slices_in_game(state, "state.ext")
    if state.ending is not None:
        seen = _check_cards(st, load(), state.config.expansions)
        expected = _expected(load(), state.config.expansions, state.config.options,
                              cards_played(state.characters))
        try:
            held = cards_held(state)
        except Exception as e:  # a malformed endings area
            raise StateError("state.ending", f"not a valid endings area: {_show(str(e))}") from None
        for card in held:
            seen[card] += 1
            if card not in expected or seen[card] > expected[card]:
                raise StateError("state.ending", f"one copy too many of {card!r}")
    return state


def held_by():
    """The effects of a Spell whose card lies with its effect, under its own id, until the effect
    ends (``rules.lasting``: Invisibility's ``evade``, Immobility's ``immobilize``, Temporal Warp's
    ``extra_turns``, the Blood Moon's Feral Hunger at Night, the Timescape's Warp Gate): the
    registered effect functions, base and expansions', that declare ``holds_card``.  A Spell held
    under its own id in ``state.lasting`` must cast one of them (its card's ``cast`` in the data)."""
    return frozenset(name for pid in (*RULESET.ids(always=True), *RULESET.ids())
                     for name, fn in RULESET.plugin(pid).effects.items() if declared(fn, "holds_card", False))


def _casts(data, effects):
    """Whether the effect tree ``data`` (a card's ``cast``: effects nested in ``then``, ``else``,
    a roll's table...) names one of ``effects``."""
    if isinstance(data, Mapping):
        return any(k in effects or _casts(v, effects) for k, v in data.items())
    if isinstance(data, (list, tuple, PVectorType)):
        return any(_casts(v, effects) for v in data)
    return False


def held_spells(cards):
    """The Spell cards of ``cards`` (the data's, by id) whose card is held under its own id while
    their effect lasts."""
    held = held_by()
    return sorted(c.id for c in cards.values() if c.type == "spell" and _casts(c.cast, held))


def lasting_problem(name, span, cards):
    """Why ``name: span`` cannot be an entry of ``state.lasting`` (None if it can), as
    ``(path, reason)``, ``path`` below the entry ('' or ``.card``): a known effect
    (``rules.lasting.KNOWN``), or a Spell card held under its own id (``card`` the same) whose
    effect lasts (CASTING SPELLS: "Once cast, and its effect ended, the card is usually placed on
    the Spell discard pile"); a ``card`` is the Spell of ``name``.  One check for a state document
    (``from_json``) and a scenario's set-up (``lasting``)."""
    if name not in LASTING_KNOWN and span.get("card") != name:
        return "", (f"unknown lasting effect {name!r} (known: {', '.join(sorted(LASTING_KNOWN))}, "
                    "or a Spell card held under its own id)")
    if "card" in span:
        card = cards.get(span["card"])
        if card is None or card.type != "spell":
            return ".card", f"{span['card']!r} is no Spell card"
        if span["card"] != name:  # a Spell's card lies with its own effect (Destroy Magic's)
            return ".card", (f"{span['card']!r} is not the card of {name!r} (a Spell's card lies with "
                             "the effect of its own name)")
    if name not in LASTING_KNOWN and not _casts(cards[name].cast, held_by()):
        return "", (f"the Spell {name!r} has no effect that lasts, so its card is never held under "
                    f"its own id (those that are: {', '.join(held_spells(cards))})")
    return None


def slices_in_game(state, where):
    """Refuse a slice of ``state.ext`` naming a character not in the game (``where``: the path
    of ``ext``, which the error names first: ``state.ext.wizards_tower.cleared.troll``)."""
    try:
        check_in_game(state)
    except FieldError as e:
        raise StateError(f"{where}.{e.path}", e.reason) from None


def _check_expansions(expansions, where):
    for i, e in enumerate(expansions):
        if e not in EXPANSIONS:
            raise StateError(f"{where}.{i}", f"unknown expansion {_show(e)}")
        if e not in IMPLEMENTED_EXPANSIONS:
            raise StateError(f"{where}.{i}", f"expansion {e!r} is not implemented")
    if len(set(expansions)) != len(expansions):
        raise StateError(where, "an expansion is listed twice")


def _check_character_id(c, expansions, where, piece=False):
    """A character card's id (``piece``: or a piece id of a card taken again, ``troll_2``)."""
    defs = load()
    if c not in defs.characters or not (piece or card_of(c) == c):
        raise StateError(where, f"unknown character {_show(c)}")
    cset = defs.characters[c].set
    if cset not in CORE_SETS and cset not in expansions and not defs.characters[c].alone:
        raise StateError(where, f"character {c!r} needs the {cset} expansion")


def _places(st):
    """``(path, card)`` for every card the state document holds, where the state keeps cards
    (as :func:`talisman.testing.invariants.card_places` counts them)."""
    for field in ("decks", "discards", "board_cards", "resolving"):
        for name, cards in st.get(field, {}).items():
            for i, c in enumerate(cards):
                yield f"state.{field}.{name}.{i}", c
    for cid, ch in st["characters"].items():
        for field in ("objects", "spells", "scrolls", "followers", "trophies"):
            for i, c in enumerate(ch.get(field, [])):
                yield f"state.characters.{cid}.{field}.{i}", c
    for name, span in st.get("lasting", {}).items():
        if "card" in span:  # a lasting Spell's card, on no pile while it works (rules.lasting)
            yield f"state.lasting.{name}.card", span["card"]
    for e, data in st.get("ext", {}).items():
        places = data.get("cards", {})
        if not isinstance(places, Mapping):
            raise StateError(f"state.ext.{e}.cards", f"expected a mapping, got {_show(places)}")
        for place, cards in places.items():
            if not isinstance(cards, list):
                raise StateError(f"state.ext.{e}.cards.{place}", f"expected a list, got {_show(cards)}")
            for i, c in enumerate(cards):
                yield f"state.ext.{e}.cards.{place}.{i}", c


def _check_cards(st, defs, expansions):
    """Every card known to the game, and none in more places than it has copies (a card may be
    out of every place for a moment: held in a pending decision's arguments)."""
    config = st.get("config") or {}
    seated = config.get("characters") if isinstance(config.get("characters"), list) else ()
    # a piece that joined later brought his character's cards too (rulings R-FIX15C.3)
    pieces = list(st.get("characters", {})) if isinstance(st.get("characters"), Mapping) else []
    expected = _expected(defs, expansions, config.get("options"), cards_played(list(seated) + pieces))
    seen = Counter()
    for path, card in _places(st):
        if not isinstance(card, str) or card not in defs.cards:
            raise StateError(path, f"unknown card {_show(card)}")
        if card not in expected:
            raise StateError(path, f"card {card!r} is not in this game's decks")
        seen[card] += 1
        if seen[card] > expected[card]:
            raise StateError(path, f"one copy too many of {card!r} (the game has {expected[card]})")
    return seen


def _expected(defs, expansions, options=None, characters=()):
    expected = Counter()
    for cards in game_decks(defs, expansions, options, characters).values():
        expected.update(cards)
    return expected


def record_document(record):
    """Check a game record's shape and ids (``replay`` then checks each action)."""
    if not isinstance(record, Mapping):
        raise StateError("record", f"expected a mapping, got {_show(record)}")
    check_depth(record, "record")
    check_schema(record, RECORD, "record")
    game_arguments(record.get("characters", ()), record.get("expansions", []), record.get("seed", 0),
                   record.get("options"), root="record")


#: The most characters a game seats. The compendium (000 SETTING UP: "deal one [Character Card],
#: face down to each player"; INTRODUCTION: "Each Player will control a different Character")
#: gives each player one character of his own and names no number of players; the published
#: game is "for 2 to 6 players" (its box). So at most six characters; one alone is kept for
#: study positions and scenarios (docs/reliability.md, "The player limit").
MAX_CHARACTERS = 6


def game_arguments(characters, expansions, seed, options, root="new_game"):
    """The arguments of a new game: their types and no expansion twice (``initial_state`` then
    checks the ids against the data, naming the known ones)."""
    if isinstance(characters, (str, bytes)) or not _is_sequence(characters):
        raise StateError(f"{root}.characters", f"expected a list of character ids, got {_show(characters)}")
    if isinstance(expansions, (str, bytes)) or not _is_sequence(expansions):
        raise StateError(f"{root}.expansions", f"expected a list of expansion ids, got {_show(expansions)}")
    expansions = list(expansions)
    for i, e in enumerate(expansions):
        if not isinstance(e, str):
            raise StateError(f"{root}.expansions.{i}", f"expected an expansion id, got {_show(e)}")
    if len(set(expansions)) != len(expansions):  # (unknown ids: initial_state names the known ones)
        raise StateError(f"{root}.expansions", f"an expansion is listed twice: {_show(expansions)}")
    for i, c in enumerate(characters):
        if not isinstance(c, str):
            raise StateError(f"{root}.characters.{i}", f"expected a character id, got {_show(c)}")
    if len(characters) > MAX_CHARACTERS:
        raise StateError(f"{root}.characters", f"at most {MAX_CHARACTERS} characters play (one a player, "
                                               f"2-6 players), got {len(characters)}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise StateError(f"{root}.seed", f"expected an int, got {_show(seed)}")
    if seed_problem(seed):  # (a seed too long for a state's JSON to write)
        raise StateError(f"{root}.seed", str(seed_problem(seed)))
    if options is not None and not isinstance(options, Mapping):
        raise StateError(f"{root}.options", f"expected a mapping of rule options, got {_show(options)}")


def _is_sequence(value):
    """A list, a tuple or another ordered sized collection: not a mapping, and not a set (whose
    order follows the string hash, so the same arguments would seat a game differently in two
    processes)."""
    return isinstance(value, (list, tuple)) or (hasattr(value, "__iter__") and hasattr(value, "__len__")
                                                and not isinstance(value, (Mapping, Set)))


def character_fields(cid, fields, root="setup.characters"):
    """A scenario's changes to one character: only known fields, of the right types."""
    check_depth(fields, f"{root}.{cid}")
    schema_props = CHARACTER["properties"]
    for name, value in fields.items():
        if name not in schema_props or name == "id":
            raise StateError(f"{root}.{cid}.{name}", "unknown field")
        check_schema(value, schema_props[name], f"{root}.{cid}.{name}")


def parse_json(text, fmt):
    """A state document's JSON text -> the document: not too large, not too deep, JSON at all,
    a Talisman state of format ``fmt``."""
    return parse_document(text, "talisman", fmt, MAX_TEXT, MAX_DEPTH)


#: The key of ``state.ext`` that marks a :func:`~talisman.api.player_view` (not an expansion id).
VIEW = "player_view"


@attrs.frozen
class ViewMark(ExtRecord):
    """``state.ext["player_view"]``: whose view of the game this state is."""

    player: str


register_slice(VIEW, ViewMark)


def is_state(state):
    """Refuse anything that is not a :class:`GameState`, and a state whose ``pending`` is no
    :class:`~talisman.engine.records.Decision` (``attrs.evolve(s, pending="move")``)."""
    if not isinstance(state, GameState):
        raise StateError("state", f"expected a GameState, got {type(state).__name__}")
    p = state.pending
    if p is not None and type(p) is not Decision:
        raise StateError("state.pending", f"expected a Decision or None, got {_show(p)}")


def playable(state):
    """Refuse a non-state, a state whose pending is no Decision, and a player's view: only the
    whole state may be played."""
    # (O(1): three type tests and, for a state with expansion data, one look-up)
    if type(state) is not GameState or (state.pending is not None and type(state.pending) is not Decision):
        is_state(state)
    ext = state.ext
    if ext is not EMPTY_PMAP and VIEW in ext:  # the shared empty map of a base game: nothing to look up
        raise StateError("state", f"this is {state.ext[VIEW]['player']}'s view of the game, which "
                                  "hides cards and dice: apply actions to the whole state")


#: What a view shows in place of a card its player may not see.
HIDDEN = "hidden"

#: Log events that name a card drawn face down: shown to others only as ``hidden``
#: ("All Spells / Scrolls may be kept face down so as not to be seen by other players").
FACE_DOWN_GAINS = {"spell_gained": "spells", "scroll_gained": "scrolls"}


def mark_view(view, player, sees=()):
    """A view without the seed, the dice, another player's pending choice or the face-down
    cards others drew (``sees``: ``"spells"`` / ``"scrolls"`` when ``player`` may look at
    them), marked as a view."""
    log = view.log
    for i, e in enumerate(log):
        kind = FACE_DOWN_GAINS.get(e.name)
        if kind and kind not in sees and e.data.get("character") != player and "card" in e.data:
            log = log.set(i, replace(e, data=e.data.set("card", "hidden")))
    view = replace(view, log=log)
    view = replace(view, config=replace(view.config, seed=None),
                   dice=Dice(seed=None, counter=0, script=None))
    log = view.log
    for i, e in enumerate(log):
        if "seed" in e.data:  # game_started names it
            log = log.set(i, replace(e, data=e.data.discard("seed")))
    view = replace(view, log=log)
    p = view.pending
    if p is not None and not p.is_chance and p.player != player:
        # another player's choice may name the cards in their hand or cards drawn for them
        view = replace(view, pending=replace(p, options=(), args={}))
    return replace(view, ext=view.ext.set(VIEW, ViewMark(player)))


_SETUP_CHARACTER = {"anyOf": [_ID, {"type": "object", "required": ["id"], "properties": {"id": _ID}}]}

SETUP = {
    "type": "object",
    "properties": {
        "characters": {"type": ["array", "null"], "items": _SETUP_CHARACTER},
        "expansions": {"type": "array", "items": _ID},
        "options": {"type": ["object", "null"]},
        "seed": {"type": "integer"},
        "current": _ID,
        "deck_tops": {"type": ["object", "null"], "additionalProperties": _CARDS},
        "board_cards": {"type": ["object", "null"], "additionalProperties": _CARDS},
        "board_gold": {"type": ["object", "null"], "additionalProperties": _COUNT},
        "ext": {"type": ["object", "null"], "additionalProperties": _MAP},
        # the Alternative Endings in play: the card drawn (null: none yet), required (an area
        # without it would fail deep in a rule step), and the deck left (none if not given)
        "ending": {"type": ["object", "null"], "required": ["card"],
                   "properties": {"deck": _CARDS, "card": {"anyOf": [_ID, {"type": "null"}]}}},
        # a Master Level title held from before: {character: title} or {character: {title, turns}}
        "titles": {"type": ["object", "null"], "additionalProperties": {"anyOf": [
            _ID, {"type": "object", "required": ["title"], "additionalProperties": False,
                  "properties": {"title": _ID, "turns": {"type": "integer", "minimum": 1, "maximum": 100}}}]}},
        # discard piles from before: {deck: [cards], the last on top} or {deck: rest}
        "discards": {"type": ["object", "null"], "additionalProperties": {
            "anyOf": [_CARDS, {"const": "rest"}]}},
        # lasting effects in force: as state.lasting ({name: {by, until_round, ...}})
        "lasting": {"type": ["object", "null"], "additionalProperties": _LASTING_SPAN},
        # the Ability Stockpile (option ability_stockpile): its pile (top first), discards, held
        "ability_stockpile": {"type": ["object", "null"], "additionalProperties": False, "properties": {
            "pile": _CARDS, "discards": _CARDS, "held": {"type": "object", "additionalProperties": _CARDS}}},
        # the characters who have reached the Crown of Command before (the log's crown_reached)
        "reached_crown": {"type": ["array", "null"], "items": _ID},
        # the characters who have completed the Wizard's Tower room they stand in (may move on)
        "tower_cleared": {"type": ["array", "null"], "items": _ID},
        # a Realm placed from before (option noblemen): {space: {owner, title, gold}}
        "realms": {"type": ["object", "null"], "additionalProperties": {
            "type": "object", "required": ["owner", "title"], "additionalProperties": False,
            "properties": {"owner": _ID, "title": _ID, "gold": _COUNT}}},
    },
}


def scenario_setup(setup):
    """A scenario's ``setup``: the shape and types of every key, and of each character's fields
    (ids are checked as the position is built)."""
    check_depth(setup, "setup")
    check_schema(setup, SETUP, "setup")
    for c in setup.get("characters") or []:
        if isinstance(c, Mapping):
            character_fields(c["id"], {k: v for k, v in c.items() if k != "id"})


def saveable_data(state):
    """``state`` as plain data (:func:`~talisman.engine.serialize.to_data`); a value no state
    document can hold (a float, an object) is a :class:`StateError` naming its path."""
    return documents.saveable_data(state)


#: The states :func:`saved_once` found saveable, by identity (a few: a console asks for each
#: seat's view of one state in turn).
_SAVEABLE = IdentityMemo(8)


def saved_once(state):
    """Refuse a state :func:`saveable_data` refuses (a value no state document holds, named by
    its path), checking each state once: ``player_view`` calls it before building a view
    (ruling R-HARD12.3; it costs a walk of the state, as ``to_json``, off the bots' path)."""
    key = (id(state),)
    if _SAVEABLE.find(key) is None:
        saveable_data(state)
        _SAVEABLE.keep(key, state, True)


#: The mark of a state the engine made or has checked: a key of the state's ``__dict__``, not a
#: field (never compared nor saved).  The engine's own copies of a state (``records.replace``,
#: ``evolve``, ``set_field``) copy it with the fields, so every state played on from a marked one
#: is marked; ``attrs.evolve`` and the record's constructor start without it.
_VETTED = "_talisman_vetted"


def vouch(state):
    """Mark ``state`` as one the engine made or checked (``new_game``, ``from_json``, a scenario's
    checked set-up) and return it."""
    state.__dict__[_VETTED] = True
    return state


def vetted(state, steps, fmt):
    """Check a state the engine did not make (one built or changed by hand with ``attrs.evolve``)
    once, as :func:`check_state` checks it, before an entry point plays or shows it: a bad value is
    a :class:`StateError` naming its path, never a rule step tripping on it later (ruling
    R-HARDEN19.1).  One look-up for the engine's own states."""
    if _VETTED not in state.__dict__:
        check_state(state, steps, fmt)
        vouch(state)


def check_state(state, steps, fmt):
    """The whole check of a state in memory, as :func:`from_json` checks a document (shape,
    types, ids, cards): run by an entry point only once it has tripped on ``state``, to name the
    path of the bad value (a state made or changed by hand).  Returns if it finds none."""
    is_state(state)
    data = saveable_data(state)
    if isinstance(data.get("ext"), dict):  # a view is checked as the whole state it came from
        data["ext"].pop(VIEW, None)
    state_document({"game": "talisman", "format": fmt, "state": data}, steps)
