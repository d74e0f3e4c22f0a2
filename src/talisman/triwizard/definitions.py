"""The Triwizard Maze game's definitions, loaded once from ``data/triwizard``: the maze, the
die, the Cup tiles, the Battle cards, the Obstacle cards and the Resource tiles.

Every file is marked ``stand_in: true``: the published board and card lists are not public
(docs/triwizard.md).  Each file is checked against a schema and for its counts (Contents).

>>> d = load()
>>> len(d.battle_deck), len(d.obstacle_deck), len(d.resource_pile), d.die
(40, 20, 36, ('cloak', 2, 3, 4, 5, 6))
>>> d.obstacles["sphinx"].colours, d.battle["red_5_4"].strength
(('blue', 'green'), 5)
"""
from __future__ import annotations

import functools
from pathlib import Path

import attrs

from ..engine.data import data_root, load_yaml, unique_ids, validate
from ..errors import DataError
from .board import Board, load_board

_ID = {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"}
COLOURS = ("red", "blue", "orange", "green")
#: The eight Resource tile kinds the rules handle (Resource Tiles).
TILE_KINDS = ("dumbledore", "double_die", "four_point_spell", "invisibility_cloak",
              "red_sparks", "reductor_curse", "summon_hedge", "veritaserum")
#: Contents: "40 Battle Cards, 20 Obstacle Cards, 36 Resource Tiles", "4 Triwizard Cup Tiles".
COUNTS = {"battle": 40, "obstacles": 20, "resources": 36, "cups": 4}

_COPIES = {"type": "integer", "minimum": 1}
BATTLE_SCHEMA = {
    "type": "object", "required": ["stand_in", "cards"], "additionalProperties": False,
    "properties": {"stand_in": {"type": "boolean"}, "cards": {"type": "array", "items": {
        "type": "object", "required": ["id", "colour", "strength", "movement", "copies"],
        "additionalProperties": False,
        "properties": {"id": _ID, "colour": {"enum": list(COLOURS)},
                       "strength": {"type": "integer", "minimum": 0},
                       "movement": {"type": "integer", "minimum": 0}, "copies": _COPIES}}}}}
OBSTACLE_SCHEMA = {
    "type": "object", "required": ["stand_in", "obstacles"], "additionalProperties": False,
    "properties": {"stand_in": {"type": "boolean"}, "obstacles": {"type": "array", "items": {
        "type": "object", "required": ["id", "name", "colours", "strength", "reward", "copies"],
        "additionalProperties": False,
        "properties": {"id": _ID, "name": {"type": "string"},
                       "colours": {"type": "array", "minItems": 1, "uniqueItems": True,
                                   "items": {"enum": list(COLOURS)}},
                       "strength": {"type": "integer", "minimum": 1},
                       "reward": {"type": "integer", "minimum": 0}, "copies": _COPIES}}}}}
RESOURCE_SCHEMA = {
    "type": "object", "required": ["stand_in", "tiles"], "additionalProperties": False,
    "properties": {"stand_in": {"type": "boolean"}, "tiles": {"type": "array", "items": {
        "type": "object", "required": ["id", "name", "copies"], "additionalProperties": False,
        "properties": {"id": {"enum": list(TILE_KINDS)}, "name": {"type": "string"},
                       "copies": _COPIES}}}}}
COMPONENTS_SCHEMA = {
    "type": "object", "required": ["die", "cup_tiles"], "additionalProperties": False,
    "properties": {
        "die": {"type": "object", "required": ["stand_in", "faces"], "additionalProperties": False,
                "properties": {"stand_in": {"type": "boolean"},
                               "faces": {"type": "array", "minItems": 6, "maxItems": 6,
                                         "items": {"anyOf": [
                                             {"const": "cloak"},
                                             {"type": "integer", "minimum": 1, "maximum": 6}]}}}},
        "cup_tiles": {"type": "array", "items": {
            "type": "object", "required": ["id", "name"], "additionalProperties": False,
            "properties": {"id": _ID, "name": {"type": "string"}, "source": {"type": "string"},
                           "real": {"const": True}, "headstone": {"enum": ["1", "2", "3"]}}}}}}


@attrs.frozen
class BattleCard:
    id: str
    colour: str
    strength: int
    movement: int


@attrs.frozen
class ObstacleCard:
    id: str
    name: str
    colours: tuple = attrs.field(converter=tuple)
    strength: int = 0
    reward: int = 0


@attrs.frozen
class CupTileDef:
    id: str
    name: str
    real: bool = False
    headstone: str | None = None


@attrs.frozen
class Definitions:
    board: Board
    die: tuple                                   # the six faces, a d6 result N shows die[N-1]
    cup_tiles: dict = attrs.field(eq=False)
    battle: dict = attrs.field(eq=False)
    obstacles: dict = attrs.field(eq=False)
    tiles: dict = attrs.field(eq=False)          # kind -> name
    battle_deck: tuple = ()                      # every card id, one entry per copy
    obstacle_deck: tuple = ()
    resource_pile: tuple = ()

    def face(self, roll: int):
        """The die face a d6 result shows: ``'cloak'`` or a number."""
        return self.die[roll - 1]


def _copies(items):
    return tuple(i["id"] for i in items for _ in range(i["copies"]))


def _count(path, items, expected, what):
    total = sum(i["copies"] for i in items)
    if total != expected:
        raise DataError(path, None, "copies", f"{what} copies add up to {total}, "
                                              f"the game has {expected} (Contents)")


def _load_components(path, board):
    doc = validate(path, load_yaml(path), COMPONENTS_SCHEMA)
    faces = tuple(doc["die"]["faces"])
    if faces.count("cloak") != 1:
        raise DataError(path, "die", "faces", "the die has exactly one Invisibility Cloak face")
    tiles = doc["cup_tiles"]
    unique_ids(path, tiles, "cup tile")
    if len(tiles) != COUNTS["cups"] or sum(1 for t in tiles if t.get("real")) != 1:
        raise DataError(path, None, "cup_tiles", "4 Cup tiles, exactly one of them real")
    cups = {}
    for t in tiles:
        stone = t.get("headstone")
        if t.get("real") == bool(stone):
            raise DataError(path, t["id"], "headstone",
                            "a Cup tile is either the real Cup or a Headstone tile")
        if stone and stone not in board.headstones:
            raise DataError(path, t["id"], "headstone", f"no Headstone space {stone} on the maze")
        cups[t["id"]] = CupTileDef(t["id"], t["name"], bool(t.get("real")), stone)
    if sorted(c.headstone for c in cups.values() if c.headstone) != sorted(board.headstones):
        raise DataError(path, None, "cup_tiles", "one Headstone tile per Headstone space")
    return faces, cups


def _load_battle(path):
    doc = validate(path, load_yaml(path), BATTLE_SCHEMA)
    unique_ids(path, doc["cards"], "battle card")
    _count(path, doc["cards"], COUNTS["battle"], "Battle card")
    cards = {c["id"]: BattleCard(c["id"], c["colour"], c["strength"], c["movement"])
             for c in doc["cards"]}
    return cards, _copies(doc["cards"])


def _load_obstacles(path):
    doc = validate(path, load_yaml(path), OBSTACLE_SCHEMA)
    unique_ids(path, doc["obstacles"], "obstacle card")
    _count(path, doc["obstacles"], COUNTS["obstacles"], "Obstacle card")
    cards = {o["id"]: ObstacleCard(o["id"], o["name"], o["colours"], o["strength"], o["reward"])
             for o in doc["obstacles"]}
    return cards, _copies(doc["obstacles"])


def _load_resources(path):
    doc = validate(path, load_yaml(path), RESOURCE_SCHEMA)
    unique_ids(path, doc["tiles"], "resource tile")
    _count(path, doc["tiles"], COUNTS["resources"], "Resource tile")
    missing = set(TILE_KINDS) - {t["id"] for t in doc["tiles"]}
    if missing:
        raise DataError(path, sorted(missing)[0], "id", "a Resource tile kind is missing "
                                                        "(Resource Tiles: 8 kinds)")
    return {t["id"]: t["name"] for t in doc["tiles"]}, _copies(doc["tiles"])


def load_from(root: Path) -> Definitions:
    """Load and validate every Triwizard data file under ``root`` (a ``data/triwizard`` folder)."""
    root = Path(root)
    board = load_board(root / "maze.yaml")
    die, cups = _load_components(root / "components.yaml", board)
    battle, battle_deck = _load_battle(root / "battle_cards.yaml")
    obstacles, obstacle_deck = _load_obstacles(root / "obstacles.yaml")
    tiles, pile = _load_resources(root / "resources.yaml")
    return Definitions(board, die, cups, battle, obstacles, tiles, battle_deck, obstacle_deck,
                       pile)


@functools.lru_cache(maxsize=None)
def load() -> Definitions:
    """The packaged Triwizard data, loaded and validated once per process."""
    return load_from(data_root() / "triwizard")
