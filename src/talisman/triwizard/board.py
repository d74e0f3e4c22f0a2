"""The maze: a text grid in ``data/triwizard/maze.yaml``, loaded into a plain frozen value
and validated (Moving Through the Maze; Game Set-Up 1-5).

Squares are named ``r<row>c<column>`` from the top-left corner (``r15c8``).  A square's
*kind* comes from the grid's legend: ``path``, ``dark_hedge``, ``green_hedge`` or one of
the symbol kinds (``entrance``, ``portkey``, ``gold_mist``, ``headstone``, ``penalty``,
``obstacle``, ``cup``) or ``wandering_hedge`` (the path square under the Wandering Hedge
tile at set-up).  The maze itself never changes; where the Wandering Hedge stands is
part of the game state.

>>> from talisman.triwizard.definitions import load
>>> b = load().board
>>> b.entrance, b.portkeys[b.portkeys["r1c1"]], b.kinds[b.centre]
('r15c8', 'r1c1', 'wandering_hedge')
>>> sorted(b.neighbours(b.centre)) == sorted(b.cups)
True
"""
from __future__ import annotations

from collections import deque

import attrs

from ..engine.data import load_yaml, validate
from ..errors import DataError

KINDS = ("path", "dark_hedge", "green_hedge", "entrance", "portkey", "gold_mist", "headstone",
         "penalty", "obstacle", "cup", "wandering_hedge")
#: Squares a piece may stand on (the Wandering Hedge tile blocks its square in play).
WALKABLE = frozenset(KINDS) - {"dark_hedge", "green_hedge"}
#: "Some spaces are marked with symbols": every walkable kind but the plain path.
SYMBOLS = frozenset(WALKABLE) - {"path", "wandering_hedge"}
DIRECTIONS = ((-1, 0), (0, 1), (1, 0), (0, -1))

MAZE_SCHEMA = {
    "type": "object",
    "required": ["maze", "stand_in", "legend", "grid"],
    "additionalProperties": False,
    "properties": {
        "maze": {"type": "string"},
        "stand_in": {"type": "boolean"},
        "source": {"type": "string"},
        "legend": {"type": "object", "minProperties": 1,
                   "propertyNames": {"minLength": 1, "maxLength": 1},
                   "additionalProperties": {"enum": list(KINDS)}},
        "grid": {"type": "array", "minItems": 3,
                 "items": {"type": "string", "minLength": 3}},
    },
}


def square_id(row: int, col: int) -> str:
    """``(15, 8)`` -> ``'r15c8'``."""
    return f"r{row}c{col}"


@attrs.frozen
class Board:
    """The printed maze: what each square is, and the links the rules use."""

    rows: int
    cols: int
    kinds: dict = attrs.field(eq=False)       # square -> kind, every square of the grid
    symbols: dict = attrs.field(eq=False)     # square -> its grid character
    coords: dict = attrs.field(eq=False)      # square -> (row, col)
    entrance: str
    centre: str                                # where the Wandering Hedge starts
    cups: tuple                                # the four Cup spaces
    portkeys: dict = attrs.field(eq=False)    # portkey square -> its matching square
    headstones: dict = attrs.field(eq=False)  # "1" / "2" / "3" -> Headstone space
    penalties: tuple
    entrance_distance: dict = attrs.field(eq=False)  # walkable square -> steps from the Entrance
    summon_spaces: tuple                       # squares a Summon Hedge may use (before pieces)

    def at(self, row, col):
        """The square at ``(row, col)``, or None off the grid."""
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return square_id(row, col)
        return None

    def step(self, square, direction, n=1):
        """The square ``n`` steps from ``square`` in ``direction`` (None off the grid)."""
        r, c = self.coords[square]
        return self.at(r + direction[0] * n, c + direction[1] * n)

    def neighbours(self, square):
        """The orthogonal neighbours of ``square`` that a piece may stand on."""
        out = []
        for d in DIRECTIONS:
            n = self.step(square, d)
            if n is not None and self.kinds[n] in WALKABLE:
                out.append(n)
        return out

    def walkable(self, square):
        """A square a piece may stand on (the Wandering Hedge aside)."""
        return square is not None and self.kinds[square] in WALKABLE

    def sort_key(self, square):
        """Reading order: top row first, then left to right (ties and option lists)."""
        return self.coords[square]


# --- loading and the structural checks ---------------------------------------------

def load_board(path) -> Board:
    """Load ``maze.yaml``; raise :class:`DataError` naming the square and the problem."""
    doc = validate(path, load_yaml(path), MAZE_SCHEMA)
    grid, legend = doc["grid"], doc["legend"]
    width = len(grid[0])
    kinds, symbols, coords = {}, {}, {}
    for r, row in enumerate(grid):
        if len(row) != width:
            raise DataError(path, f"row {r}", "grid",
                            f"{len(row)} squares wide, the first row is {width}")
        for c, ch in enumerate(row):
            sq = square_id(r, c)
            if ch not in legend:
                raise DataError(path, sq, "grid", f"symbol {ch!r} is not in the legend")
            kinds[sq], symbols[sq], coords[sq] = legend[ch], ch, (r, c)
    board = _board(path, len(grid), width, kinds, symbols, coords)
    _check_border(path, board)
    _check_cups_around_hedge(path, board)
    _check_green_hedges(path, board)
    _check_connected(path, board)
    _check_obstacles_guard_cups(path, board)
    if not board.summon_spaces:
        raise DataError(path, None, "grid", "no square a Summon Hedge could use (a plain path "
                                            "square touching no Dark Hedge)")
    return board


def _only(path, kinds, kind, what):
    found = [sq for sq, k in kinds.items() if k == kind]
    if len(found) != 1:
        raise DataError(path, None, "grid", f"needs exactly one {what}, found {len(found)}")
    return found[0]


def _by_symbol(kinds, symbols, kind):
    out = {}
    for sq, k in kinds.items():
        if k == kind:
            out.setdefault(symbols[sq], []).append(sq)
    return out


def _board(path, rows, cols, kinds, symbols, coords) -> Board:
    entrance = _only(path, kinds, "entrance", "Maze Entrance")
    centre = _only(path, kinds, "wandering_hedge", "Wandering Hedge start")
    cups = tuple(sorted((sq for sq, k in kinds.items() if k == "cup"), key=coords.get))
    if len(cups) != 4:
        raise DataError(path, None, "grid",
                        f"needs 4 Cup spaces (Game Set-Up 4), found {len(cups)}")
    portkeys = {}
    pairs = _by_symbol(kinds, symbols, "portkey")
    for ch, squares in sorted(pairs.items()):
        if len(squares) != 2:
            raise DataError(path, squares[0], "grid",
                            f"Portkey {ch!r} appears {len(squares)} times; a pair is 2")
        a, b = squares
        portkeys[a], portkeys[b] = b, a
    if len(pairs) != 3:
        raise DataError(path, None, "grid", f"needs three Portkey pairs, found {len(pairs)}")
    stones = _by_symbol(kinds, symbols, "headstone")
    if sorted(stones) != ["1", "2", "3"] or any(len(v) != 1 for v in stones.values()):
        raise DataError(path, None, "grid", "needs exactly one Headstone space each marked "
                                            f"1, 2 and 3, found {sorted(stones)}")
    penalties = tuple(sorted((sq for sq, k in kinds.items() if k == "penalty"), key=coords.get))
    if len(penalties) < 2:
        raise DataError(path, None, "grid", "needs at least two Penalty spaces "
                                            "(\"the nearest empty Penalty Space\")")
    for kind, what in (("gold_mist", "Gold Mist space"), ("obstacle", "Obstacle space")):
        if kind not in kinds.values():
            raise DataError(path, None, "grid", f"needs at least one {what}")
    board = Board(rows, cols, kinds, symbols, coords, entrance, centre, cups, portkeys,
                  {ch: sqs[0] for ch, sqs in stones.items()}, penalties, {}, ())
    distance = walk_distances(board, entrance, blocked=())
    summon = tuple(sorted((sq for sq, k in kinds.items() if k in ("path", "wandering_hedge")
                           and not touches_dark_hedge(board, sq)), key=coords.get))
    return attrs.evolve(board, entrance_distance=distance, summon_spaces=summon)


def touches_dark_hedge(board, square):
    """SUMMON HEDGE: "cannot touch the Dark Hedge on any side" (off the grid counts as Dark)."""
    for d in DIRECTIONS:
        n = board.step(square, d)
        if n is None or board.kinds[n] == "dark_hedge":
            return True
    return False


def walk_distances(board, start, blocked=(), portkeys=False):
    """Steps from ``start`` to every walkable square reachable on foot (BFS)."""
    blocked = set(blocked)
    dist = {start: 0}
    queue = deque([start])
    while queue:
        sq = queue.popleft()
        nexts = list(board.neighbours(sq))
        if portkeys and sq in board.portkeys:
            nexts.append(board.portkeys[sq])
        for n in nexts:
            if n not in dist and n not in blocked:
                dist[n] = dist[sq] + 1
                queue.append(n)
    return dist


def _check_border(path, board):
    for sq, (r, c) in board.coords.items():
        edge = r in (0, board.rows - 1) or c in (0, board.cols - 1)
        if edge and board.kinds[sq] != "dark_hedge":
            raise DataError(path, sq, "grid", "the edge of the maze must be Dark Hedge")


def _check_cups_around_hedge(path, board):
    """Game Set-Up 5: the Wandering Hedge goes "on the space between the 4 Cup Tiles"."""
    around = {board.step(board.centre, d) for d in DIRECTIONS}
    if around != set(board.cups):
        raise DataError(path, board.centre, "grid", "the four Cup spaces must be the four "
                                                    "neighbours of the Wandering Hedge square")


def _check_green_hedges(path, board):
    """REDUCTOR CURSE: a Green Hedge is crossed as one space in a straight line, so every
    Green Hedge square lies between two squares a piece may stand on."""
    for sq, kind in board.kinds.items():
        if kind != "green_hedge":
            continue
        if not any(board.walkable(board.step(sq, d)) and board.walkable(board.step(sq, d, -1))
                   for d in DIRECTIONS[:2]):
            raise DataError(path, sq, "grid", "a Green Hedge square must lie between two path "
                                              "squares in a straight line (REDUCTOR CURSE)")


def _check_connected(path, board):
    walkable = [sq for sq, k in board.kinds.items() if k in WALKABLE]
    reached = walk_distances(board, board.entrance)
    for sq in sorted(walkable, key=board.sort_key):
        if sq not in reached:
            raise DataError(path, sq, "grid", "cannot be reached on foot from the Maze Entrance")


#: Every route from the Entrance to a Cup space passes at least this many Obstacle spaces
#: (the reconstruction's rule, docs/triwizard.md: one battle a turn, so no first-turn win).
MIN_OBSTACLES_TO_A_CUP = 2


def obstacles_to(board):
    """The fewest Obstacle spaces a route from the Entrance must pass to reach each square:
    Portkeys taken, any Green Hedge blasted (REDUCTOR CURSE), the Wandering Hedge on its
    start square blocking (0-1 breadth-first search)."""
    best = {board.entrance: 0}
    queue = deque([board.entrance])
    while queue:
        sq = queue.popleft()
        nexts = []
        for d in DIRECTIONS:
            n = board.step(sq, d)
            if n is not None and board.kinds[n] != "dark_hedge" and n != board.centre:
                nexts.append(n)
        if sq in board.portkeys:
            nexts.append(board.portkeys[sq])
        for n in nexts:
            cost = best[sq] + (board.kinds[n] == "obstacle")
            if cost < best.get(n, cost + 1):
                best[n] = cost
                (queue.append if board.kinds[n] == "obstacle" else queue.appendleft)(n)
    return best


def _check_obstacles_guard_cups(path, board):
    """Every route from the Entrance to a Cup space, Portkeys and Reductor Curses included,
    passes at least :data:`MIN_OBSTACLES_TO_A_CUP` Obstacle spaces."""
    best = obstacles_to(board)
    for cup in board.cups:
        if best.get(cup, MIN_OBSTACLES_TO_A_CUP) < MIN_OBSTACLES_TO_A_CUP:
            raise DataError(path, cup, "grid", "a Cup space can be reached from the Entrance "
                                               f"without passing {MIN_OBSTACLES_TO_A_CUP} "
                                               f"Obstacle spaces (found {best[cup]})")
