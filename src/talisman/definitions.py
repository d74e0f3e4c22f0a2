"""Talisman's definitions (board, characters, abilities), loaded once from ``data/talisman``.

Definitions are frozen values, read-only all the way down (attrs records, tuples, read-only
mappings): the loaded data is shared by every game in the process, so no caller may change it.
Game states refer to them only by id.

>>> d = load()
>>> d.board.spaces["sentinel"].name, d.characters["troll"].size
('Sentinel', 'L')
"""
from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

import attrs

from .effects_schema import INF, table_problem, with_defs
from .engine.data import (PROVENANCE, check_provenance, check_ref, data_root, load_yaml, unique_ids,
                          validate)
from .engine.dice import parse_spec
from .engine.records import deep_freeze
from .engine.ruleset import RULESET
from .errors import DataError

_ID = {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"}
_IDS = {"type": "array", "items": _ID}

BOARD_SCHEMA = with_defs({
    "type": "object",
    "required": ["board", "regions", "links", "spaces"],
    "additionalProperties": False,
    "properties": {
        "board": _ID, "source": {"type": "string"}, "clockwise": {"type": "string"},
        "opposite_derived": {"type": "boolean"},
        "regions": {"type": "array", "items": {
            "type": "object", "required": ["id", "name", "shape", "spaces"],
            "additionalProperties": False,
            "properties": {"id": _ID, "name": {"type": "string"},
                           "shape": {"enum": ["ring", "path", "single", "graph"]},
                           "spaces": _IDS, "part_of": _ID}}},
        "links": {"type": "array", "items": {
            "type": "object", "required": ["kind", "a", "b"], "additionalProperties": False,
            "properties": {"kind": {"enum": ["bridge", "portal", "crown"]}, "a": _ID, "b": _ID,
                           "guard": _ID, "strength": {"type": "integer", "minimum": 1},
                           "note": {"type": "string"}}}},
        "spaces": {"type": "array", "items": {
            "type": "object", "required": ["id", "name", "region", "order", "neighbours", "draw"],
            "additionalProperties": False,
            "properties": {"id": _ID, "name": {"type": "string"}, "region": _ID,
                           "order": {"type": "integer", "minimum": 0}, "neighbours": _IDS,
                           "opposite": _IDS, "draw": {"type": "integer", "minimum": 0},
                           "text": {"type": "string"}, **PROVENANCE,
                           "effect": {"$ref": "#/$defs/effects"}, "note": {"type": "string"},
                           "creature_bonus": {"type": "integer", "minimum": 0},
                           "role": _ID, "meet_characters": {"type": "boolean"},
                           "terrain": {"enum": ["woodland", "hills"]},
                           "objects_do_not_count": {"type": "boolean"},
                           "instructions_first": {"type": "boolean"}}}},
    },
})

#: The roles the base rules find their spaces by (``Board.role``): each names one space of the
#: main board (``role:`` in ``data/talisman/board.yaml``), so no rule compares a space id.
ROLES = {
    "crown": "the Crown of Command (THE CROWN OF COMMAND SPACE)",
    "crown_gate": "the Valley of Fire, the only way to the Crown (MOVEMENT IN THE INNER REGION)",
    "portal": "the Portal of Power, the Middle Region's way into the Inner (THE PORTAL OF POWER)",
    "inner_gate": "the Plain of Peril, the Inner Region's first space beyond the Portal",
    "warlock": "the Warlock's Cave, where Warlock Quests are given and handed in",
}

#: The decks the base rules deal and draw from by name: a card file of ``data/talisman/cards``
#: makes each (its ``deck:``), so a file naming another deck cannot leave the rules without one.
RULE_DECKS = {
    "adventure": "the Adventure Cards (ADVENTURE CARDS)",
    "spell": "the Spell Stockpile (SPELLS)",
    "purchase": "the Objects bought (PURCHASING)",
    "talisman": "the Talismans (THE TALISMAN)",
    "scroll": "the Scrolls (GAINING SCROLLS)",
}

CHARACTERS_SCHEMA = {
    "type": "object", "required": ["characters"], "additionalProperties": False,
    "properties": {"set": _ID,
                   # the rule that lets an expansion's characters play without it (its text)
                   "played_alone": {"type": "string", "minLength": 1},
                   "characters": {"type": "array", "items": {
        "type": "object", "additionalProperties": False,
        "required": ["id", "name", "alignment", "strength", "craft", "life", "fate", "start",
                     "size", "start_spells", "abilities"],
        "properties": {
            "id": _ID, "name": {"type": "string"},
            "alignment": {"enum": ["good", "neutral", "evil"]},
            "strength": {"type": "integer", "minimum": 1}, "craft": {"type": "integer", "minimum": 1},
            "life": {"type": "integer", "minimum": 1}, "fate": {"type": "integer", "minimum": 0},
            "start": _ID, "size": {"enum": ["S", "M", "L"]},
            "start_spells": {"type": "integer", "minimum": 0}, "abilities": _IDS,
            "uncertain": _IDS, **PROVENANCE}}}},
}

ABILITIES_SCHEMA = {
    "type": "object", "required": ["abilities"], "additionalProperties": False,
    "properties": {"abilities": {"type": "array", "items": {
        "type": "object", "required": ["id", "summary"], "additionalProperties": False,
        "properties": {"id": _ID, "summary": {"type": "string"}, "source": {"type": "string"},
                       "stand_in": {"type": "boolean"}, "reason": {"type": "string"},
                       # a data-driven kind of ability (rules.abilities.KINDS) and its parameters
                       "kind": _ID, "params": {"type": "object"}}}}},
}

_EFF = {"$ref": "#/$defs/effects"}
CARD_TYPES = ["event", "enemy", "stranger", "follower", "object", "magic_object", "place",
              "spell", "scroll", "talisman",
              # expansions' card types
              "lunar_event", "omen", "terrain", "lycanthrope", "alternative_ending", "disaster"]
#: The kinds of Animal a rule names apart from the others (a card's ``breed``): the Mules and the
#: Horses (the Horse, the Warhorse, the Horse and Cart: no card of the engine yet).  The City, the
#: Wizard's Tower and the Dungeon name theirs in their data (rulings R-FB12.1).
BREEDS = ("mule", "horse")
CARD_WHEN = ["combat", "psychic_combat", "own_turn", "any_time", "movement", "encounter", "end_of_turn"]
CARDS_SCHEMA_BODY = ({
    "type": "object", "required": ["deck", "cards"], "additionalProperties": False,
    "properties": {
        "deck": _ID,
        "source": {"type": "string"}, "size": {"type": "integer", "minimum": 1},
        # a stock whose contents are open to all (the Objects for sale): every file of the deck says so
        "face_up": {"type": "boolean"},
        "cards": {"type": "array", "items": {
            "type": "object", "additionalProperties": False,
            "required": ["id", "name", "type", "copies"],
            "properties": {
                "id": _ID, "name": {"type": "string"}, "type": {"enum": CARD_TYPES},
                "subtype": _ID,
                # what kind of Animal (subtype ``animal``) a card is where a rule names one
                "breed": {"enum": list(BREEDS)},
                "number": {"type": "integer", "minimum": 0},
                "copies": {"type": "integer", "minimum": 1},
                "strength": {"type": "integer", "minimum": 0},
                "craft": {"type": "integer", "minimum": 0},
                "fights_by": {"enum": ["strength", "craft"]},
                "alignment": {"type": "array", "items": {"enum": ["good", "neutral", "evil"]}},
                "stays": {"type": "boolean"},
                "effect": _EFF,
                "when_drawn": _EFF,
                "bonus": {"type": "object", "additionalProperties": False,
                          "properties": {"strength": {"type": "integer"},
                                         "craft": {"type": "integer"},
                                         "in": {"enum": ["battle", "psychic", "always"]}}},
                "save": {"type": "object", "additionalProperties": False, "required": ["on"],
                         "properties": {"on": {"type": "string", "pattern": "^[1-6](-[1-6])?$"}}},
                "abilities": _IDS,
                "carry": {"type": "integer", "not": {"const": 0}},  # a trophy's: less
                "cast": {"type": "object", "additionalProperties": False,
                         "required": ["when", "effect"],
                         "properties": {"when": {"type": "array", "items": {"enum": CARD_WHEN}},
                                        "target": {"enum": ["self", "character", "creature",
                                                            "space", "none"]},
                                        "effect": _EFF}},
                "summary": {"type": "string"},
                "uncertain": _IDS, **PROVENANCE, "note": {"type": "string"},
                "data": {"type": "object"}}}}},
})


#: The kinds of value a card's ``data`` holds (its handlers' own mapping): the schemas each key's
#: value is checked against (a key's reader gives its kind: ``CARD_DATA``, ``Plugin.card_data``).
DATA_FLAG = {"type": "boolean"}
DATA_WHOLE = {"type": "integer"}
DATA_TEXT = {"type": "string", "minLength": 1}
DATA_TEXTS = {"type": "array", "items": DATA_TEXT}
DATA_MAP = {"type": "object"}
DATA_MAPS = {"type": "array", "items": DATA_MAP}
#: an effect list, in the effect vocabulary (``docs/effects.md``), that the key's reader runs
DATA_EFFECTS = {"$ref": "#/$defs/effects"}

#: The keys of a card's ``data`` that the base rules read (rule areas, set-up, the endings) and
#: the kind of each value; an expansion's or an option's own keys are its plugin's
#: (``Plugin.card_data``).  A key none names is an unknown field: a DataError naming the file, the
#: card and ``data.<key>`` (ruling R-HARDEN20.4).
CARD_DATA = {
    "bribe": DATA_WHOLE,                # combat
    "cancels_spell": DATA_FLAG,         # spells
    "character": DATA_TEXT,             # setup
    "freezes_character": DATA_FLAG,     # spells
    "icons": DATA_TEXTS,                # endings
    "joins": DATA_TEXT,                 # definitions, setup
    "not_in": DATA_TEXTS,               # spells
    "option": DATA_TEXT,                # setup
    "paid_strength": DATA_MAP,          # combat
    "saves_follower": DATA_FLAG,        # effects
    "saves_life": DATA_FLAG,            # combat, effects, spells
    "star": DATA_MAP,                   # endings
    "strength_against": DATA_MAP,       # characters, combat
    "strength_for_turn": DATA_WHOLE,    # characters, combat
    "taken_with": DATA_TEXT,            # characters
    "targets_self": DATA_FLAG,          # spells
    "targets_wounded": DATA_FLAG,       # spells
}


def cards_schema() -> dict[str, Any]:
    """The card-file schema with the effects of every implemented expansion and the ``data``
    keys of the base rules and of every plugin."""
    body: dict[str, Any] = {**CARDS_SCHEMA_BODY}
    card: dict[str, Any] = body["properties"]["cards"]["items"]
    data = {"type": "object", "additionalProperties": False,
            "properties": {**CARD_DATA, **RULESET.card_data_schemas()}}
    body["properties"] = {**body["properties"], "cards": {
        "type": "array", "items": {**card, "properties": {**card["properties"], "data": data}}}}
    return with_defs(body, RULESET.effect_schemas())

def read_only(mapping: Mapping[str, Any]) -> Mapping[str, Any]:
    """A read-only copy of ``mapping`` (a ``MappingProxyType`` over a dict no one else holds):
    lookups cost what a dict's do, and any assignment raises ``TypeError``."""
    if isinstance(mapping, MappingProxyType):
        return mapping
    return MappingProxyType(dict(mapping))


#: A piece's id when a character card is taken again (LOSING ALL LIVES: "The Character Card is
#: returned to the remaining stock"): the card's id, ``_`` and the piece's number, from 2
#: (``troll_2``), so that nothing the state keeps under the dead piece's id (its record, its log,
#: the expansions' per-character slices) is read as the new piece's.  No card's id ends so.
_PIECE = re.compile(r"([a-z][a-z0-9_]*?)_([2-9]|[1-9][0-9]+)")


def _card_of_piece(cards: Mapping[str, Any], cid: Any) -> str | None:
    """The card a piece id names (``troll_2``: ``troll``), None if ``cid`` is no piece id."""
    m = _PIECE.fullmatch(cid) if isinstance(cid, str) else None
    if m is None or m.group(1) not in cards.keys():  # (the cards themselves: no recursion)
        return None
    return m.group(1)


class _CharacterCards(dict[str, Any]):
    """The character cards by id, which also answer for a piece id: ``troll_2`` is the Troll's
    card taken again after a death (:func:`card_of`), so every rule that reads a character's
    definition by its id reads the card's.  Iterating gives the cards only."""

    __slots__ = ()

    def __missing__(self, cid: Any) -> Any:
        card = _card_of_piece(self, cid)
        if card is None:
            raise KeyError(cid)
        return dict.__getitem__(self, card)

    def __contains__(self, cid: Any) -> bool:
        return dict.__contains__(self, cid) or _card_of_piece(self, cid) is not None

    def get(self, cid: Any, default: Any = None) -> Any:
        return self[cid] if cid in self else default


def _read_only_characters(mapping: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(_CharacterCards(mapping))


def card_of(cid: str) -> str:
    """The character card a piece plays: its own id, or the card's for one taken again.

    >>> card_of("troll_2"), card_of("questing_knight")
    ('troll', 'questing_knight')
    """
    return _card_of_piece(load().characters, cid) or cid


def piece_id(card: str, taken: Iterable[str]) -> str:
    """The id of a new piece playing ``card``: the card's id, or, when a piece has played it in
    this game already (``taken``), the card's id and the first number from 2 not taken.

    >>> piece_id("troll", ["troll", "warrior"]), piece_id("elf", ["troll"])
    ('troll_2', 'elf')
    """
    taken = set(taken)
    if card not in taken:
        return card
    n = 2
    while f"{card}_{n}" in taken:
        n += 1
    return f"{card}_{n}"


def cards_played(pieces: Iterable[str]) -> tuple[str, ...]:
    """The character cards ``pieces`` play (a game's pieces: the dead and those who joined later
    too), each once, in order: the characters whose own cards are in the game's decks.

    >>> cards_played(["troll", "warrior", "troll_2"])
    ('troll', 'warrior')
    """
    return tuple(dict.fromkeys(card_of(c) for c in pieces))


def _read_only_nested(mapping: Mapping[str, Mapping[str, Any]]) -> Mapping[str, Mapping[str, Any]]:
    return read_only({k: read_only(v) for k, v in mapping.items()})


def _frozen_entries(mapping: Mapping[str, Any]) -> Mapping[str, Any]:
    return read_only({k: deep_freeze(v) for k, v in mapping.items()})


#: Movement and combat die by character size (MOVEMENT IN THE OUTER, FAR-OUTER AND MIDDLE REGIONS).
DIE_BY_SIZE = {"S": "d4", "M": "d6", "L": "d8"}


@attrs.frozen
class SpaceDef:
    id: str
    name: str
    region: str
    order: int
    neighbours: tuple[str, ...]
    opposite: tuple[str, ...]
    draw: int
    text: str
    effect: Any = ()  # frozen effect steps (a pvector of one-key pmaps)
    creature_bonus: int = 0
    source: str = ""             # where the values come from (seed line or reference key)
    stand_in: bool = False       # the whole space is a reconstruction (``reason`` says why)
    reason: str = ""
    stand_ins: Any = None        # field -> why that value is made up (a pmap) or None
    role: str = ""               # the role the rules find this space by (``ROLES``), or ""
    meet_characters: bool = False  # an Inner Region space where characters may encounter each other
    terrain: str = ""  # ``woodland`` (a Woods or Forest space), ``hills``, or "" (what abilities ask)
    objects_do_not_count: bool = False  # the Cursed Glade: Objects and Magic Objects count for nothing
    instructions_first: bool = False  # a draw space whose instructions come before its draw (the Desert)


@attrs.frozen
class Link:
    kind: str
    a: str
    b: str
    guard: str | None = None     # the space whose guardian attacks a character crossing
    strength: int | None = None  # the guardian's Strength (the Sentinel's 9)


@attrs.frozen(eq=False)
class Board:
    """The board: compared and hashed by identity (one loaded board per data folder)."""
    spaces: Mapping[str, SpaceDef] = attrs.field(eq=False, converter=read_only)
    # region id -> space ids in ring order
    regions: Mapping[str, tuple[str, ...]] = attrs.field(eq=False, converter=read_only)
    # region id -> ring / path / single
    shapes: Mapping[str, str] = attrs.field(eq=False, converter=read_only)
    # region id -> the region it counts as
    part_of: Mapping[str, str] = attrs.field(factory=dict, eq=False, converter=read_only)
    # space id -> the expansion whose board has it
    origin: Mapping[str, str] = attrs.field(factory=dict, eq=False, converter=read_only)
    links: tuple[Link, ...] = ()
    # role -> space id (``ROLES``; an expansion's board may add its own)
    roles: Mapping[str, str] = attrs.field(factory=dict, eq=False, converter=read_only)

    def role(self, name: str) -> str:
        """The space id of the space with role ``name`` (``ROLES``)."""
        try:
            return self.roles[name]
        except KeyError:
            raise DataError("board", name, "role", "no space of the board has this role") from None

    def ring_step(self, space: str, direction: int) -> str:
        """The next space from ``space`` in ``direction`` (+1 clockwise, -1 counter-clockwise)."""
        s = self.spaces[space]
        ring = self.regions[s.region]
        return ring[(s.order + direction) % len(ring)]

    def link(self, space: str, kind: str) -> str | None:
        """The far end of a link of ``kind`` from ``space``, or None."""
        for lk in self.links:
            if lk.kind == kind and space in (lk.a, lk.b):
                return lk.b if space == lk.a else lk.a
        return None

    def link_at(self, space: str, kind: str) -> Link | None:
        """The link of ``kind`` with an end on ``space`` (its guard and the guard's Strength), or None."""
        for lk in self.links:
            if lk.kind == kind and space in (lk.a, lk.b):
                return lk
        return None


@attrs.frozen
class CharacterDef:
    id: str
    name: str
    alignment: str
    strength: int
    craft: int
    life: int
    fate: int
    start: str
    size: str
    start_spells: int
    abilities: tuple[str, ...]
    set: str = "base"            # the base game or the expansion the character comes from
    stand_in: bool = False       # statistics made up where the published values are not known
    source: str = ""             # where the values come from (seed line or reference key)
    reason: str = ""             # why it is a stand-in
    stand_ins: Any = None        # field -> why that value is made up (a pmap) or None
    alone: bool = False          # an expansion's character playable without it (its file's played_alone)

    @property
    def die(self) -> str:
        """The movement and combat die of the character's size."""
        return DIE_BY_SIZE[self.size]


#: The character sets that need no expansion: the base game's 14 and the compendium's other
#: characters (its table of Corrections/Additions/Deletions, ``characters_compendium.yaml``).
CORE_SETS = ("base", "compendium")


def characters_of_sets(defs: Definitions, sets: Iterable[str]) -> dict[str, CharacterDef]:
    """The characters (id -> :class:`CharacterDef`) whose set (``"base"`` or an expansion id)
    is among ``sets``: what may be chosen in a game with those expansions."""
    return {c: d for c, d in defs.characters.items() if d.set in sets}


def character_pool(defs: Definitions, pool: Any, expansions: Iterable[str]) -> list[str]:
    """The characters dealt from (the rule option ``character_pool``), sorted: ``"base"`` the
    base game's 14; ``"compendium"`` those and the compendium's other characters; each with the
    characters of the expansions in play; or a list of character ids, as given."""
    if pool is None or isinstance(pool, str):
        sets = {"base", *expansions} | ({"compendium"} if pool == "compendium" else set())
        return sorted(characters_of_sets(defs, sets))
    return sorted(pool)


@attrs.frozen
class CardDef:
    """One card (not one copy): what it is and how it behaves, as inert data."""

    id: str
    name: str
    deck: str
    type: str
    copies: int
    subtype: str | None = None
    breed: str | None = None     # an Animal's kind where a rule names one (``mule``, ``horse``)
    number: int | None = None
    strength: int | None = None
    craft: int | None = None
    fights_by: str | None = None  # an enemy's combat kind when its type's default is not it
    alignment: tuple[str, ...] = ()
    stays: bool = False
    effect: Any = ()             # frozen effect steps (a pvector of one-key pmaps)
    when_drawn: Any = ()         # the same, run when the card is drawn
    bonus: Any = None            # frozen plain data (a pmap) or None
    save: str | None = None
    abilities: tuple[str, ...] = ()
    carry: int | None = None
    cast: Any = None             # a spell's casting (frozen plain data) or None
    summary: str = ""
    stand_in: bool = False       # the whole card is made up (``reason`` says why)
    set: str = "base"            # the base game or the expansion the card comes from
    data: Any = None             # an expansion's own card fields (frozen plain data)
    source: str = ""             # where the values come from (seed line or reference key)
    reason: str = ""
    stand_ins: Any = None        # field -> why that value is made up or only inferred (a pmap)

    @property
    def home_deck(self) -> str:
        """The deck the card lies in during a game: its own, or for a card set aside for an
        option (the deck ``optional_rules``) the deck its ``data.joins`` names."""
        return self.data["joins"] if self.deck == SET_ASIDE else self.deck

    @property
    def combat_kind(self) -> str:
        """How an enemy card attacks: ``psychic`` (by Craft) or ``battle`` (by Strength).
        ENEMY: Spirits attack in psychic combat, the other Enemies in battle, unless the card's
        ``fights_by`` says otherwise (a Dragon fighting by Craft keeps its Dragon rules)."""
        if self.fights_by is not None:
            return "psychic" if self.fights_by == "craft" else "battle"
        return "psychic" if self.subtype == "spirit" else "battle"


#: The stock of cards set aside for what a table agrees on (data/talisman/cards/optional_rules.yaml):
#: never a deck of a game; each card joins the deck its ``data.joins`` names when its option is on
#: (:func:`talisman.rules.setup.game_decks`).
SET_ASIDE = "optional_rules"


@attrs.frozen
class Definitions:
    """Everything loaded from ``data/talisman``: every mapping is read-only (assigning to one
    raises ``TypeError``) and every entry is a frozen record or frozen plain data."""
    board: Board
    # character card id -> CharacterDef (a piece id of a card taken again reads its card's)
    characters: Mapping[str, CharacterDef] = attrs.field(eq=False, converter=_read_only_characters)
    # ability id -> its data entry (frozen plain data)
    abilities: Mapping[str, Any] = attrs.field(eq=False, converter=_frozen_entries)
    # card id -> CardDef
    cards: Mapping[str, CardDef] = attrs.field(factory=dict, eq=False, converter=read_only)
    # base deck -> card ids, one per copy
    decks: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict, eq=False, converter=read_only)
    # expansion -> deck -> card ids
    expansion_decks: Mapping[str, Mapping[str, tuple[str, ...]]] = attrs.field(
        factory=dict, eq=False, converter=_read_only_nested)
    exceptions: Any = None          # exceptions.yaml: the compendium's character exceptions (plain data)
    endings: Any = None             # endings.yaml: the places the Alternative Endings name (frozen plain data)
    # the decks whose contents are open to all (a deck file's ``face_up``: the stocks of Objects for sale)
    face_up: frozenset[str] = frozenset()
    # a rule module's own data file (its path under the data folder) -> the table its reader
    # returned (frozen): the files a plugin registers (``Plugin.data_files``), read by load_from
    tables: Mapping[str, Any] = attrs.field(factory=dict, eq=False, converter=read_only)


def _load_board(path: Path, extra_paths: Iterable[tuple[str, Path]] = ()) -> Board:
    """The main board, with the boards of implemented expansions merged in (their regions,
    spaces and links; a space may name main-board neighbours).  ``extra_paths``: ``(expansion
    id, path)`` pairs."""
    space_fields: Any = BOARD_SCHEMA["properties"]
    space_fields = space_fields["spaces"]["items"]["properties"]
    doc = validate(path, load_yaml(path), BOARD_SCHEMA)
    check_provenance(path, doc["spaces"], "board space", space_fields)
    origin: dict[str, str] = {}
    files: dict[str, Path] = {}  # an expansion's space -> its board file (errors name it)
    for set_id, extra in extra_paths:
        more = validate(extra, load_yaml(extra), BOARD_SCHEMA)
        check_provenance(extra, more["spaces"], "board space", space_fields)
        origin.update((sp["id"], set_id) for sp in more["spaces"])
        files.update((sp["id"], extra) for sp in more["spaces"])
        doc = {**doc, "regions": doc["regions"] + more["regions"],
               "links": doc["links"] + more["links"], "spaces": doc["spaces"] + more["spaces"]}
    ids = unique_ids(path, doc["spaces"], "space")
    regions: dict[str, tuple[str, ...]] = {}
    shapes: dict[str, str] = {}
    part_of: dict[str, str] = {}
    for r in doc["regions"]:
        for i, sid in enumerate(r["spaces"]):
            check_ref(path, r["id"], f"spaces[{i}]", sid, ids, "space")
        regions[r["id"]] = tuple(r["spaces"])
        shapes[r["id"]] = r["shape"]
        if "part_of" in r:
            part_of[r["id"]] = r["part_of"]
    spaces: dict[str, SpaceDef] = {}
    for s in doc["spaces"]:
        check_ref(path, s["id"], "region", s["region"], regions, "region")
        ring = regions[s["region"]]
        if s["order"] >= len(ring) or ring[s["order"]] != s["id"]:
            raise DataError(path, s["id"], "order",
                            f"{s['order']} is not this space's place in region {s['region']!r}")
        for f in ("neighbours", "opposite"):
            for n in s.get(f, ()):
                check_ref(path, s["id"], f, n, ids, "space")
        spaces[s["id"]] = SpaceDef(s["id"], s["name"], s["region"], s["order"],
                                   tuple(s["neighbours"]), tuple(s.get("opposite", ())),
                                   s["draw"], s.get("text", ""), deep_freeze(s.get("effect", [])),
                                   s.get("creature_bonus", 0), s.get("source", ""),
                                   s.get("stand_in", False), s.get("reason", ""),
                                   deep_freeze(s.get("stand_ins")), s.get("role", ""),
                                   s.get("meet_characters", False), s.get("terrain", ""),
                                   s.get("objects_do_not_count", False),
                                   s.get("instructions_first", False))
    for sp in spaces.values():  # adjacency goes both ways: each neighbour names the space back
        for n in sp.neighbours:
            if sp.id not in spaces[n].neighbours:
                raise DataError(files.get(n, path), n, "neighbours",
                                f"{sp.id!r} names {n!r} a neighbour, but {n!r} does not name {sp.id!r}")
    roles: dict[str, str] = {}
    for s in doc["spaces"]:
        if "role" in s:
            if s["role"] in roles:
                raise DataError(path, s["id"], "role",
                                f"role {s['role']!r} is already the role of {roles[s['role']]!r}")
            roles[s["role"]] = s["id"]
    for name in ROLES:
        if name not in roles:
            raise DataError(path, "spaces", "role", f"no space has the role {name!r} the rules need")
    links = []
    for i, lk in enumerate(doc["links"]):
        for f in ("a", "b", "guard"):
            if f in lk:
                check_ref(path, f"links[{i}]", f, lk[f], ids, "space")
        if lk["kind"] == "bridge" and ("guard" not in lk or "strength" not in lk):
            raise DataError(path, f"links[{i}]", "guard", "a bridge needs its guard and the guard's Strength")
        if "strength" in lk and "guard" not in lk:
            raise DataError(path, f"links[{i}]", "strength", "a guardian's Strength needs a guard")
        links.append(Link(lk["kind"], lk["a"], lk["b"], lk.get("guard"), lk.get("strength")))
    for rid, parent in part_of.items():
        check_ref(path, rid, "part_of", parent, regions, "region")
    return Board(spaces, regions, shapes, links=tuple(links), part_of=part_of, origin=origin,
                 roles=roles)


def _load_abilities(path: Path) -> dict[str, Any]:
    doc = validate(path, load_yaml(path), ABILITIES_SCHEMA)
    check_provenance(path, doc["abilities"], "ability")
    unique_ids(path, doc["abilities"], "ability")
    return {a["id"]: a for a in doc["abilities"]}


def _load_characters(path: Path, board: Board, abilities: Mapping[str, Any], set_id: str = "base",
                     known: Mapping[str, CharacterDef] | None = None) -> dict[str, CharacterDef]:
    """The characters of one file (the base game's, or an expansion's with ``set_id``).
    ``known``: characters already loaded (an id used again is an error naming this file)."""
    doc = validate(path, load_yaml(path), CHARACTERS_SCHEMA)
    unique_ids(path, doc["characters"], "character")
    char_fields: Any = CHARACTERS_SCHEMA["properties"]
    check_provenance(path, doc["characters"], "character",
                     char_fields["characters"]["items"]["properties"])
    known = {} if known is None else known
    out = {}
    for c in doc["characters"]:
        if c["id"] in known:
            raise DataError(path, c["id"], "id", f"character id already used by the "
                            f"{known[c['id']].set} set")
        check_ref(path, c["id"], "start", c["start"], board.spaces, "space")
        for a in c["abilities"]:
            check_ref(path, c["id"], "abilities", a, abilities, "ability")
        out[c["id"]] = CharacterDef(c["id"], c["name"], c["alignment"], c["strength"],
                                    c["craft"], c["life"], c["fate"], c["start"], c["size"],
                                    c["start_spells"], tuple(c["abilities"]), set=set_id,
                                    stand_in=c.get("stand_in", False), source=c.get("source", ""),
                                    reason=c.get("reason", ""),
                                    stand_ins=deep_freeze(c.get("stand_ins")),
                                    alone="played_alone" in doc)
    return out


def _load_expansion_characters(root: Path, board: Board, abilities: Mapping[str, Any],
                               characters: Mapping[str, CharacterDef]) -> dict[str, CharacterDef]:
    """The base characters with each implemented expansion's, from
    ``data/talisman/expansions/<id>/characters.yaml`` (the base schema; each records its set)."""
    out = dict(characters)
    for e in RULESET.ids():
        path = Path(root) / "expansions" / e / "characters.yaml"
        if path.is_file():
            out.update(_load_characters(path, board, abilities, e, out))
    return out


def check_effects(path: Path, entry: str, field: str, effects: Any,
                  known: Mapping[str, Any]) -> None:
    """Semantic checks the schema cannot make: roll tables cover each result exactly once,
    ids named by effects exist."""
    for i, step in enumerate(effects or ()):
        (name, params), = step.items()
        where = f"{field}[{i}].{name}"
        if name == "roll":
            count, sides = parse_spec(params["dice"])
            open_ended = "add" in params or "subtract" in params
            lo, hi = (-INF, INF) if open_ended else (count, count * sides + sum(
                params.get("bonus", {}).values()))
            problem = table_problem(params["table"], lo, hi)
            if problem:
                raise DataError(path, entry, where + ".table", problem)
            for key, sub in params["table"].items():
                check_effects(path, entry, f"{where}.table[{key}]", sub, known)
        elif name == "choose":
            for opt in params:
                check_effects(path, entry, f"{where}.{opt['id']}", opt["effects"], known)
        elif name == "if":
            check_effects(path, entry, where + ".then", params["then"], known)
            check_effects(path, entry, where + ".else", params.get("else"), known)
        elif name == "each_character":
            check_effects(path, entry, where + ".effects", params["effects"], known)
        elif name == "move_gold":
            check_ref(path, entry, where + ".to", params["to"], known["spaces"], "space")
        elif name in ("move_to", "place_self"):
            check_ref(path, entry, where + ".space", params["space"], known["spaces"], "space")
        elif name == "next_move" and "to" in params:
            check_ref(path, entry, where + ".to", params["to"], known["spaces"], "space")
        if name == "roll":
            for ability in params.get("bonus", {}):
                check_ref(path, entry, where + ".bonus", ability, known["abilities"], "ability")
        elif name == "buy":
            for item in params["items"]:
                check_ref(path, entry, where + ".items", item, known["cards"], "card")


def _load_cards(folder: Path, board: Board, abilities: Mapping[str, Any], set_id: str = "base",
               cards: dict[str, CardDef] | None = None, face_up: dict[str, bool] | None = None
               ) -> tuple[dict[str, CardDef], dict[str, tuple[str, ...]]]:
    """The cards of the deck files in ``folder`` (added to ``cards``); ``face_up``: deck -> whether
    it is face up, filled in (the files of one deck, in any folder, must agree)."""
    cards = {} if cards is None else cards
    face_up = {} if face_up is None else face_up
    decks: dict[str, list[str]] = {}
    raw = []
    schema = cards_schema()
    for path in sorted(Path(folder).glob("*.yaml")):
        doc = validate(path, load_yaml(path), schema)
        unique_ids(path, doc["cards"], "card")
        up = doc.get("face_up", False)
        if face_up.setdefault(doc["deck"], up) != up:
            raise DataError(path, None, "face_up", f"the other files of the {doc['deck']} deck say "
                            f"face_up: {str(not up).lower()}")
        card_fields: Any = CARDS_SCHEMA_BODY["properties"]
        check_provenance(path, doc["cards"], "card", card_fields["cards"]["items"]["properties"])
        for c in doc["cards"]:
            if c["id"] in cards:
                raise DataError(path, c["id"], "id", "card id already used in another deck file")
            for a in c.get("abilities", ()):
                check_ref(path, c["id"], "abilities", a, abilities, "ability")
            if c["type"] == "enemy" and not ("strength" in c or "craft" in c):
                raise DataError(path, c["id"], "strength", "an enemy needs a Strength or a Craft")
            if "fights_by" in c and (c["type"] != "enemy" or c["fights_by"] not in c):
                raise DataError(path, c["id"], "fights_by",
                                f"only an enemy with a {c['fights_by'].capitalize()} value "
                                f"fights by {c['fights_by'].capitalize()}")
            if "breed" in c and c.get("subtype") != "animal":
                raise DataError(path, c["id"], "breed", "only an Animal (subtype animal) has a breed")
            cards[c["id"]] = CardDef(
                id=c["id"], name=c["name"], deck=doc["deck"], type=c["type"], copies=c["copies"],
                subtype=c.get("subtype"), breed=c.get("breed"), number=c.get("number"), strength=c.get("strength"),
                craft=c.get("craft"), fights_by=c.get("fights_by"),
                alignment=tuple(c.get("alignment", ())),
                stays=c.get("stays", False), effect=deep_freeze(c.get("effect", [])),
                when_drawn=deep_freeze(c.get("when_drawn", [])),
                bonus=deep_freeze(c.get("bonus")), save=c.get("save", {}).get("on"),
                abilities=tuple(c.get("abilities", ())), carry=c.get("carry"),
                cast=deep_freeze(c.get("cast")), summary=c.get("summary", ""),
                stand_in=c.get("stand_in", False), set=set_id, data=deep_freeze(c.get("data")),
                source=c.get("source", ""), reason=c.get("reason", ""),
                stand_ins=deep_freeze(c.get("stand_ins")))
            decks.setdefault(doc["deck"], []).extend([c["id"]] * c["copies"])
        raw.append((path, doc))
    known = {"spaces": board.spaces, "cards": cards, "abilities": abilities}
    for path, doc in raw:
        for c in doc["cards"]:
            check_effects(path, c["id"], "effect", c.get("effect"), known)
            check_effects(path, c["id"], "when_drawn", c.get("when_drawn"), known)
            if c.get("cast"):
                check_effects(path, c["id"], "cast.effect", c["cast"]["effect"], known)
        if "size" in doc and len(decks.get(doc["deck"], ())) != doc["size"]:
            raise DataError(path, None, "size", f"the {doc['deck']} deck has "
                            f"{len(decks.get(doc['deck'], ()))} cards, not {doc['size']}")
    return cards, {k: tuple(v) for k, v in decks.items()}


def _load_expansion_cards(root: Path, board: Board, abilities: Mapping[str, Any],
                          cards: dict[str, CardDef], face_up: dict[str, bool]
                          ) -> dict[str, dict[str, tuple[str, ...]]]:
    """Each implemented expansion's cards, from ``data/talisman/expansions/<id>/cards``."""
    out = {}
    for e in RULESET.ids():
        folder = Path(root) / "expansions" / e / "cards"
        if folder.is_dir():
            _, decks = _load_cards(folder, board, abilities, e, cards, face_up)
            out[e] = decks
    return out


def load_from(root: Path) -> Definitions:
    """Load and validate every Talisman data file under ``root`` (a ``data/talisman`` folder).

    The board, the characters, the abilities, the cards, the exceptions and the endings are read
    here.  A rule module's own tables (an expansion's charts, an option's table) are read by the
    module's reader, which its plugin registers (``Plugin.data_files``: path under ``root`` ->
    ``read(path, definitions)``); this loader calls every registered reader on the file under
    ``root``, with the definitions read so far (so the model imports no rule module), and keeps
    each table in ``Definitions.tables``, where the module finds it (each file parsed once).  A
    missing or malformed file is a :class:`DataError` naming the file, the entry and the field.
    """
    root = Path(root)
    boards = [(e, root / "expansions" / e / "board.yaml") for e in RULESET.ids()]
    board = _load_board(root / "board.yaml", [(e, b) for e, b in boards if b.exists()])
    abilities = _load_abilities(root / "abilities.yaml")
    for extra in sorted((root / "expansions").glob("*/abilities.yaml")):
        abilities.update(_load_abilities(extra))
    characters = _load_characters(root / "characters.yaml", board, abilities)
    for extra in sorted(root.glob("characters_*.yaml")):  # more characters without an expansion
        doc = load_yaml(extra)  # not a mapping: refused by the file's schema, in _load_characters
        set_id = doc.get("set", extra.stem[11:]) if isinstance(doc, dict) else extra.stem[11:]
        characters.update(_load_characters(extra, board, abilities, set_id, characters))
    characters = _load_expansion_characters(root, board, abilities, characters)
    face_up: dict[str, bool] = {}
    cards, decks = _load_cards(root / "cards", board, abilities, face_up=face_up)
    for deck, what in RULE_DECKS.items():
        if deck not in decks:
            raise DataError(root / "cards", None, "deck", f"no card file makes the deck {deck!r}, "
                            f"{what}, which the rules draw from (each file names its deck: "
                            f"{', '.join(sorted(decks))})")
    expansion_decks = _load_expansion_cards(root, board, abilities, cards, face_up)
    known = {"spaces": board.spaces, "cards": cards, "abilities": abilities}
    for s in board.spaces.values():
        check_effects(root / "board.yaml", s.id, "effect", s.effect, known)
    for aid, entry in abilities.items():  # card lists of an ability's params name cards
        for key in ("cards", "except_cards"):
            for c in entry.get("params", {}).get(key, ()):
                check_ref(root / "abilities.yaml", aid, f"params.{key}", c, cards, "card")
    exceptions = _load_exceptions(root / "exceptions.yaml", board, characters)
    endings = _load_endings(root / "endings.yaml", board)
    tables: dict[str, Any] = {}
    defs = Definitions(board, characters, abilities, cards, decks, expansion_decks, exceptions,
                       endings, frozenset(d for d, up in face_up.items() if up), MappingProxyType(tables))
    for rel, read in RULESET.data_files().items():
        tables[rel] = read(root / rel, defs)  # (a later file's reader may read an earlier's table)
    return defs


_SPACES_BY_KEY = {"type": "object", "additionalProperties": _ID}
_STAND_INS = PROVENANCE["stand_ins"]
#: The kinds of task an ending with a die sets (``talisman.rules.endings.TASKS`` continues each).
_TASKS = {"type": "array", "items": _ID, "minItems": 1, "uniqueItems": True}
#: The die a character rolls on an ending's chart (``talisman.rules.endings.DIE_ENDINGS`` plays each).
_DIE = {"type": "string", "pattern": "^d[0-9]+$"}
ENDINGS_SCHEMA = {
    "type": "object", "additionalProperties": False,
    "required": ["demon_lord", "dragon_king", "lord_of_chaos", "pandoras_box"],
    "properties": {
        "dragon_king": {"type": "object", "additionalProperties": False, "required": ["source", "die", "tasks"],
                        "properties": {"source": PROVENANCE["source"], "die": _DIE, "tasks": _TASKS}},
        "demon_lord": {"type": "object", "additionalProperties": False, "required": ["barrier"],
                       "properties": {"barrier": {
                           "type": "object", "additionalProperties": False,
                           "required": ["source", "chart"],
                           "properties": {"source": PROVENANCE["source"], "stand_ins": _STAND_INS,
                                          "instead": _SPACES_BY_KEY, "chart": _SPACES_BY_KEY}}}},
        "lord_of_chaos": {"type": "object", "additionalProperties": False,
                          "required": ["source", "die", "tasks", "errands", "instead", "routes"],
                          "properties": {"source": PROVENANCE["source"], "die": _DIE, "tasks": _TASKS,
                                         "errands": _SPACES_BY_KEY,
                                         "instead": _SPACES_BY_KEY,
                                         "routes": {"type": "object", "additionalProperties": _IDS}}},
        "pandoras_box": {"type": "object", "additionalProperties": False,
                         "required": ["source", "die", "tasks", "quest_locations"],
                         "properties": {"source": PROVENANCE["source"], "die": _DIE, "tasks": _TASKS,
                                        "quest_locations": {
                             "type": "array", "items": {
                                 "type": "object", "additionalProperties": False, "required": ["name"],
                                 "properties": {"name": {"type": "string"}, "space": _ID}}}}},
    },
}


def _load_endings(path: Path, board: Board) -> Any:
    """The places the Alternative Endings name (``endings.yaml``): every space must be on the
    board, the Demon Lord's barrier chart must cover a D8 exactly, its stand-in rows must be
    rows of the chart; a kind of task belongs to one ending only."""
    doc = validate(path, load_yaml(path), ENDINGS_SCHEMA)
    owner: dict[str, str] = {}
    for ending, entry in doc.items():
        for kind in entry.get("tasks", ()):
            if kind in owner:
                raise DataError(path, ending, "tasks", f"the task {kind!r} is already a task of {owner[kind]!r}")
            owner[kind] = ending
    barrier = doc["demon_lord"]["barrier"]
    problem = table_problem(barrier["chart"], 1, 8)
    if problem:
        raise DataError(path, "demon_lord.barrier", "chart", problem)
    for row in barrier.get("stand_ins", {}):
        check_ref(path, "demon_lord.barrier", "stand_ins", row, barrier["chart"], "chart row")
    loc = doc["lord_of_chaos"]
    named = [("demon_lord.barrier", "chart", sp) for sp in barrier["chart"].values()]
    named += [("demon_lord.barrier", "instead", sp) for pair in barrier.get("instead", {}).items()
              for sp in pair]
    named += [("lord_of_chaos", "errands", sp) for sp in loc["errands"].values()]
    named += [("lord_of_chaos", "instead", sp) for pair in loc["instead"].items() for sp in pair]
    named += [("lord_of_chaos", "routes", sp) for side in loc["routes"].values() for sp in side]
    named += [("pandoras_box", "quest_locations", q["space"])
              for q in doc["pandoras_box"]["quest_locations"] if "space" in q]
    for entry, field, sp in named:
        check_ref(path, entry, field, sp, board.spaces, "space")
    return deep_freeze(doc)


EXCEPTIONS_SCHEMA = {
    "type": "object", "additionalProperties": False,
    "required": ["start_scroll_instead", "scroll_visits", "sees_scrolls"],
    "properties": {
        "start_scroll_instead": _IDS, "sees_scrolls": _IDS, "start_with_scroll": _IDS,
        "start_scrolls_any": _IDS,
        "scroll_visits": {"type": "array", "items": {
            "type": "object", "additionalProperties": False, "required": ["space", "characters"],
            "properties": {"space": _ID, "characters": _IDS, "instead_of_encounter": {"type": "boolean"},
                           "unless_expansion": _ID}}}},
}


def _load_exceptions(path: Path, board: Board, characters: Mapping[str, CharacterDef]) -> Any:
    """The compendium's character exceptions (Corrections/Additions/Deletions to the Existing
    Characters) that the base rules play: every space and character named must exist."""
    doc = load_yaml(path)
    validate(path, doc, EXCEPTIONS_SCHEMA)
    for key in ("start_scroll_instead", "sees_scrolls", "start_with_scroll", "start_scrolls_any"):
        for c in doc.get(key, ()):
            check_ref(path, key, key, c, characters, "character")
    for row in doc["scroll_visits"]:
        check_ref(path, row["space"], "space", row["space"], board.spaces, "space")
        for c in row["characters"]:
            check_ref(path, row["space"], "characters", c, characters, "character")
    return deep_freeze(doc)


@functools.lru_cache(maxsize=None)
def load() -> Definitions:
    """The packaged Talisman data, loaded and validated once per process."""
    return load_from(data_root() / "talisman")


# --- provenance: every value that is made up ------------------------------------------------

@attrs.frozen
class StandIn:
    """One made-up (or only inferred) value: ``field`` is ``*`` when the whole entry is."""
    set: str
    kind: str          # card, character, space, chart
    id: str
    name: str
    field: str
    reason: str


def _rows(set_id: str, kind: str, entry: Any) -> list[StandIn]:
    rows = []
    if entry.stand_in:
        rows.append(StandIn(set_id, kind, entry.id, entry.name, "*", entry.reason))
    for field, why in sorted((entry.stand_ins or {}).items()):
        rows.append(StandIn(set_id, kind, entry.id, entry.name, field, why))
    return rows


def _chart_rows(root: Path) -> list[StandIn]:
    """The expansions' charts (a top-level ``chart`` in ``expansions/<id>/*.yaml``): a chart
    marked ``stand_in: true`` is made up as a whole, a list names its made-up rows; the reason
    is the file's ``source``."""
    rows = []
    for path in sorted(root.glob("expansions/*/*.yaml")):
        doc = load_yaml(path)
        if not isinstance(doc, dict) or "chart" not in doc or not doc.get("stand_in"):
            continue
        name = path.stem if isinstance(doc["chart"], dict) else str(doc["chart"])
        why = " ".join(str(doc.get("source", "")).split())
        marked = doc["stand_in"]
        for row in (["*"] if marked is True else marked):
            rows.append(StandIn(path.parent.name, "chart", name, f"the {name} chart", str(row), why))
    return rows


def stand_in_values(defs: Definitions | None = None, root: Path | None = None) -> list[StandIn]:
    """Every stand-in value of the data: cards, characters, board spaces and charts."""
    defs = load() if defs is None else defs
    root = data_root() / "talisman" if root is None else Path(root)
    space_sets = {s["id"]: path.parent.name for path in sorted(root.glob("expansions/*/board.yaml"))
                  for s in load_yaml(path)["spaces"]}
    rows: list[StandIn] = []
    for ch in defs.characters.values():
        rows += _rows(ch.set, "character", ch)
    for sp in defs.board.spaces.values():
        rows += _rows(space_sets.get(sp.id, "base"), "space", sp)
    for c in defs.cards.values():
        rows += _rows(c.set, f"{c.deck} card", c)
    barrier = defs.endings["demon_lord"]["barrier"] if defs.endings is not None else {}
    for row, why in sorted(barrier.get("stand_ins", {}).items()):
        rows.append(StandIn("base", "chart", "demon_lord_barrier", "the Demon Lord's barrier chart",
                            row, why))
    return rows + _chart_rows(root)


def stand_ins_markdown(defs: Definitions | None = None) -> str:
    """``docs/stand-ins.md``: the stand-in values, by set (generated: ``talisman cards
    --stand-ins --markdown``)."""
    defs = load() if defs is None else defs
    rows = stand_in_values(defs)
    entries: dict[str, list[Any]] = {}
    everything: list[Any] = [*defs.cards.values(), *defs.characters.values()]
    for e in everything:
        entries.setdefault(e.set, []).append(e)
    out = ["# Stand-in values", "",
           "Generated from `data/` by `talisman cards --stand-ins --markdown > docs/stand-ins.md`;",
           "`tests/test_stand_ins.py` checks it is in step. Every card, character and board space",
           "records a `source` (a seed file and line, or a reference file and line with its source key)",
           "or `stand_in: true` with a `reason`; `stand_ins` names the made-up (or only inferred)",
           "values of an otherwise sourced entry. Field `*` means the whole entry is a stand-in.", "",
           "| set | cards and characters | wholly stand-in | with stand-in fields | stand-in values |",
           "|---|---|---|---|---|"]
    for set_id in sorted({r.set for r in rows} | set(entries)):
        es = entries.get(set_id, [])
        out.append(f"| {set_id} | {len(es)} | {sum(1 for e in es if e.stand_in)} | "
                   f"{sum(1 for e in es if not e.stand_in and e.stand_ins)} | "
                   f"{sum(1 for r in rows if r.set == set_id)} |")
    for set_id in sorted({r.set for r in rows}):
        out += ["", f"## {set_id}", "", "| kind | id | name | field | reason |", "|---|---|---|---|---|"]
        for r in rows:
            if r.set == set_id:
                reason = r.reason.replace("|", "\\|")
                out.append(f"| {r.kind} | {r.id} | {r.name} | {r.field} | {reason} |")
    return "\n".join(out) + "\n"
