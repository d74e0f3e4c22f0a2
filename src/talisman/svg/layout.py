"""Where each space is drawn, computed from the board data alone (regions, ring order, opposite
spaces, links): a new board gets drawn without new drawing code for each space.

The main board is the regions of shape ``ring`` nested as square rings, largest outside (the
Outer, Middle and Inner Regions of the published board), ring order clockwise from the
bottom-left corner; each inner ring is turned so its spaces face the spaces they are opposite
to, linked to or next to in the ring around it. Regions of shape ``single`` (the Crown of
Command) sit in the centre. The other regions (``path``, ``graph``: the expansions' boards)
are laid out on their own, beside the main board, by :func:`side_board`.

>>> from talisman.definitions import load
>>> lay = main_board(load().board)
>>> lay.boxes["village"].x < lay.boxes["city"].x     # opposite corners of the Outer Region
True
>>> lay.boxes["crown_of_command"].contains(*lay.centre)
True
"""
from __future__ import annotations

import math

import attrs

CELL = 100      # an Outer Region space's side, in SVG units
GAP = 26        # the band between two rings (the Storm River between the Outer and Middle Regions)
INSET = 2       # the margin inside each cell around a space's shape
TITLE = 26      # a side board's title strip


@attrs.frozen
class Box:
    """An axis-aligned rectangle (SVG units; ``y`` grows downwards).

    Args:
        x: the left edge.
        y: the top edge.
        w: the width.
        h: the height.

    Example:
        >>> b = Box(0, 0, 10, 4)
        >>> b.centre, b.contains(5, 2), b.moved(1, 1)
        ((5.0, 2.0), True, Box(x=1, y=1, w=10, h=4))
    """

    x: float
    y: float
    w: float
    h: float

    @property
    def centre(self):
        """The centre point ``(x, y)``."""
        return (self.x + self.w / 2, self.y + self.h / 2)

    def contains(self, px, py):
        """Whether the point ``(px, py)`` is inside (edges included)."""
        return self.x <= px <= self.x + self.w and self.y <= py <= self.y + self.h

    def moved(self, dx, dy):
        """The same box shifted by ``(dx, dy)``."""
        return Box(self.x + dx, self.y + dy, self.w, self.h)


@attrs.frozen
class Layout:
    """Space id -> :class:`Box`, and the bands between rings (outer region, inner region, the
    outer edge and the inner edge of the band).

    Args:
        boxes: space id -> :class:`Box`.
        width: the layout's width.
        height: the layout's height.
        bands: ``(outer region, inner region, outer edge Box, inner edge Box)`` per band.
        rings: ``(region id, its outer square)`` from the outside in.

    Example:
        >>> from talisman.definitions import load
        >>> layout = main_board(load().board)
        >>> layout.centre, [region for region, _ in layout.rings]
        ((350.0, 350.0), ['outer', 'middle', 'inner'])
    """

    boxes: dict
    width: float
    height: float
    bands: tuple = ()
    rings: tuple = ()          # (region id, its outer square) from the outside in

    @property
    def centre(self):
        """The centre point ``(x, y)``."""
        return (self.width / 2, self.height / 2)

    def moved(self, dx, dy):
        """The same layout shifted by ``(dx, dy)``."""
        return Layout({k: b.moved(dx, dy) for k, b in self.boxes.items()}, self.width, self.height,
                      tuple((a, b, o.moved(dx, dy), i.moved(dx, dy)) for a, b, o, i in self.bands),
                      tuple((r, sq.moved(dx, dy)) for r, sq in self.rings))


def _perimeter_cell(p, m):
    """(column, row) of perimeter position ``p`` on a square of ``m`` cells a side, clockwise on
    screen from the bottom-left corner (up the left side first)."""
    s = m - 1
    side, k = divmod(p, s)
    return [(0, s - k), (k, 0), (s, k), (s - k, s)][side]


def _ring_cells(n):
    """Cells a side of the square that holds a ring of ``n`` spaces."""
    return max(2, math.ceil(n / 4) + 1)


def _partners(board, sid, placed):
    """The already placed spaces ``sid`` is opposite to, linked to, or next to."""
    s = board.spaces[sid]
    out = [o for o in s.opposite + s.neighbours if o in placed]
    out += [lk.b if lk.a == sid else lk.a for lk in board.links if sid in (lk.a, lk.b)]
    return [o for o in out if o in placed]


def main_board(board):
    """The layout of the main board: its ring regions nested, its single regions in the centre.

    Args:
        board: the loaded board (``talisman.definitions.load().board``).

    Returns:
        A :class:`Layout` of every space of the rings and the centre.

    Example:
        >>> from talisman.definitions import load
        >>> layout = main_board(load().board)
        >>> len(layout.boxes), layout.boxes["forest"]
        (49, Box(x=202.0, y=602.0, w=96, h=96))
    """
    rings = sorted((r for r, shape in board.shapes.items() if shape == "ring"),
                   key=lambda r: -len(board.regions[r]))
    singles = [r for r, shape in board.shapes.items() if shape == "single"]
    boxes, bands, squares = {}, [], []
    offset, side, cell = 0.0, None, CELL
    for k, region in enumerate(rings):
        spaces = board.regions[region]
        m = _ring_cells(len(spaces))
        if side is None:
            side = m * cell
        else:
            inner = side - 2 * cell - 2 * GAP
            band_outer = Box(offset + cell, offset + cell, side - 2 * cell, side - 2 * cell)
            offset += cell + GAP
            cell, side = inner / m, inner
            bands.append((rings[k - 1], region, band_outer, Box(offset, offset, side, side)))
        squares.append((region, Box(offset, offset, side, side)))
        n_pos = 4 * (m - 1)
        best = None
        for turn in range(4):
            trial = {}
            for i, sid in enumerate(spaces):
                col, row = _perimeter_cell((i + turn * (m - 1)) % n_pos, m)
                trial[sid] = Box(offset + col * cell + INSET, offset + row * cell + INSET,
                                 cell - 2 * INSET, cell - 2 * INSET)
            cost = sum(_dist(trial[sid], boxes[o]) for sid in spaces
                       for o in _partners(board, sid, boxes))
            if best is None or cost < best[0] - 1e-9:
                best = (cost, trial)
        boxes.update(best[1])
    if side is None:     # no ring at all: the single regions alone
        side, offset, cell = CELL * max(1, len(singles)), 0.0, CELL
        centre_side = side
    else:
        centre_side = side - 2 * cell if len(rings) else side
    if singles:
        each = min(cell * 1.3, centre_side * 0.85 / len(singles))
        total = each * len(singles)
        cx = offset + side / 2
        for i, region in enumerate(singles):
            for sid in board.regions[region]:
                boxes[sid] = Box(cx - total / 2 + i * each + INSET, cx - each / 2 + INSET,
                                 each - 2 * INSET, each - 2 * INSET)
    full = squares[0][1].w if squares else side
    return Layout(boxes, full, full, tuple(bands), tuple(squares))


def grid_cells(board):
    """The main board as a text grid: where each space of :func:`main_board` sits, as
    ``(row, column)`` on a square of cells (one cell a space of the outermost ring), read off
    the picture's own boxes, so a text map and the picture agree on every space's side and ring.

    Args:
        board: the loaded board (``talisman.definitions.load().board``).

    Returns:
        Space id -> ``(row, column)``, or None for a board whose rings do not nest as squares
        one cell inside each other (no main board, or rings of other sizes).

    Example:
        >>> from talisman.definitions import load
        >>> cells = grid_cells(load().board)
        >>> len(cells), cells["forest"], cells["crown_of_command"]
        (49, (6, 2), (3, 3))
    """
    lay = main_board(board)
    if not lay.rings:
        return None
    outer = _ring_cells(len(board.regions[lay.rings[0][0]]))
    cells = {}
    for k, (region, square) in enumerate(lay.rings):
        m = _ring_cells(len(board.regions[region]))
        if m != outer - 2 * k:
            return None
        size = square.w / m
        for sid in board.regions[region]:
            cx, cy = lay.boxes[sid].centre
            cells[sid] = (k + int((cy - square.y) // size), k + int((cx - square.x) // size))
    inside = outer - 2 * len(lay.rings)          # the cells left in the centre
    singles = [sid for region, shape in board.shapes.items() if shape == "single"
               for sid in board.regions[region]]
    if len(singles) > max(inside, 0):
        return None
    mid = outer // 2
    for i, sid in enumerate(sorted(singles, key=lambda s: lay.boxes[s].x)):
        cells[sid] = (mid, mid - len(singles) // 2 + i)
    return cells


def _dist(a, b):
    (ax, ay), (bx, by) = a.centre, b.centre
    return math.hypot(ax - bx, ay - by)


def side_board(board, region, cell=CELL):
    """The layout of one side board (an expansion's region), with its title strip on top.

    A ``path`` is a column of spaces in order (8 at most a column); any other shape is laid
    out in columns by the number of steps from its first space, each space next to the spaces
    that lead to it.

    Args:
        board: the loaded board.
        region: the side board's region id (``city``, ``wizards_tower``).
        cell: the size of one space's cell.

    Returns:
        A :class:`Layout` with its origin at ``(0, 0)`` (place it with :meth:`Layout.moved`).

    Example:
        >>> from talisman.definitions import load
        >>> len(side_board(load().board, "city").boxes)
        26
    """
    spaces = board.regions[region]
    if board.shapes[region] in ("path", "single", "ring"):
        columns = [list(spaces[i:i + 8]) for i in range(0, len(spaces), 8)]   # 8 spaces a column
    else:
        columns = _layers(board, spaces)
    rows = max(len(c) for c in columns)
    width = max(len(columns), 2) * cell          # room for the board's title
    left = (width - len(columns) * cell) / 2
    boxes = {}
    for ci, column in enumerate(columns):
        top = TITLE + (rows - len(column)) * cell / 2
        for ri, sid in enumerate(column):
            boxes[sid] = Box(left + ci * cell + INSET, top + ri * cell + INSET, cell - 2 * INSET,
                             cell - 2 * INSET)
    return Layout(boxes, width, TITLE + rows * cell)


def _layers(board, spaces):
    """Spaces in columns by their distance (through the region's own spaces) from the first;
    each column ordered by where its spaces' predecessors stand (fewer crossing lines)."""
    inside = set(spaces)
    depth = {spaces[0]: 0}
    queue = [spaces[0]]
    while queue:
        s = queue.pop(0)
        for n in board.spaces[s].neighbours:
            if n in inside and n not in depth:
                depth[n] = depth[s] + 1
                queue.append(n)
    last = max(depth.values())
    for sid in spaces:                       # unreachable spaces: a column of their own
        depth.setdefault(sid, last + 1)
    columns = [[] for _ in range(max(depth.values()) + 1)]
    for sid in spaces:
        columns[depth[sid]].append(sid)
    rank = {spaces[0]: 0.0}
    for ci in range(1, len(columns)):
        def key(sid, ci=ci):
            prev = [rank[n] for n in board.spaces[sid].neighbours if depth.get(n) == ci - 1 and n in rank]
            return (sum(prev) / len(prev)) if prev else float("inf")
        columns[ci].sort(key=key)
        for i, sid in enumerate(columns[ci]):
            rank[sid] = float(i)
    return columns
