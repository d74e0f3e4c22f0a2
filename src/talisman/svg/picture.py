"""The picture of a Talisman position as a standalone SVG document (``talisman.svg.board``).

Built with :mod:`xml.etree.ElementTree` (no string gluing, so every name is escaped); the
coordinates come from :mod:`talisman.svg.layout`. Every drawn thing carries a ``class`` and
``data-*`` attributes naming what it shows (``data-space``, ``data-character``, ``data-card``),
so a program can read a picture back.
"""
from __future__ import annotations

import functools
import xml.etree.ElementTree as ET

from ..api import player_view
from ..definitions import load
from ..engine.data import data_root, load_yaml
from ..engine.records import replace
from ..errors import TalismanError
from ..state import GameState
from . import layout as lay

NS = "http://www.w3.org/2000/svg"
PAD = 16            # margins, in SVG units
HEADER = 44         # the status strip above the boards
PANEL = 340         # the side panel's width
LINE = 17           # a line of the side panel
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
#: Piece colours, by seat.
PALETTE = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2",
           "#17becf", "#bcbd22", "#7f7f7f")
#: Space colours, by region (the rings from the outside in, then the side boards).
REGION_FILL = ("#dfe9c6", "#efdcb4", "#e6b8a8", "#f5d76e")
SIDE_FILL = "#d9e2ef"
RIVER = "#6fa8dc"
CLIFF = "#8a7360"
LINK_STYLE = {"bridge": ("#8b5a2b", 22), "portal": ("#7b3fa0", 8), "crown": ("#c9a227", 8)}
#: Figures an expansion keeps on the board: (expansion id, field of its data) -> (label, name).
FIGURES = {("harbinger", "harbinger"): ("H", "The Harbinger"),
           ("blood_moon", "werewolf"): ("W", "The Werewolf")}
HIDDEN = "hidden"   # what player_view leaves of a face-down card


@functools.lru_cache(maxsize=None)
def board_layout(board, side_regions=()):
    """The main board and the given side boards in one frame, side by side.

    Args:
        board: the loaded board (``talisman.definitions.load().board``).
        side_regions: the side boards to draw beside the main board (:func:`side_regions`).

    Returns:
        ``(main, boxes, frames, right)``: the main board's :class:`Layout`, space id ->
        :class:`Box` for every space drawn, ``(region, Box)`` frames of the side boards, and
        the x where the panel begins.

    Example:
        >>> from talisman.definitions import load
        >>> main, boxes, frames, right = board_layout(load().board, ("city",))
        >>> [region for region, _ in frames], "forest" in boxes
        (['city'], True)
    """
    main = lay.main_board(board).moved(PAD, HEADER)
    boxes = dict(main.boxes)
    frames = []
    x, y, col_w = PAD + main.width + PAD, HEADER, 0.0
    for region in side_regions:
        part = lay.side_board(board, region, cell=lay.CELL * 0.9)
        if y > HEADER and y + part.height > HEADER + main.height:
            x, y, col_w = x + col_w + PAD, HEADER, 0.0
        boxes.update(part.moved(x, y).boxes)
        frames.append((region, lay.Box(x, y, part.width, part.height)))
        y += part.height + PAD
        col_w = max(col_w, part.width)
    right = x + col_w + (PAD if col_w else 0)
    return main, boxes, tuple(frames), right


def board(state, *, player=None, size=None, highlight=None, path="last") -> str:
    """The position as a standalone SVG document (text).

    Args:
        state: a Talisman :class:`~talisman.state.GameState`.
        player: draw it as that character's player may see it (through
            :func:`talisman.player_view`); ``None`` draws it for nobody: every Spell and
            Scroll in hand face down.
        size: the picture's width in pixels (default: one SVG unit a pixel).
        highlight: a character id whose piece and panel are outlined.
        path: the spaces of a move drawn as an arrow, ``"last"`` (the default) for the last
            move in the log, ``None`` for no arrow.

    Returns:
        The SVG document as text.

    Raises:
        UserError: ``player`` is not a character of the game.

    Example:
        >>> import talisman
        >>> s = talisman.new_game(["warrior", "troll"], seed=7)
        >>> svg = board(s, player="warrior", size=600)
        >>> svg.startswith("<svg") and 'width="600"' in svg
        True
    """
    return ET.tostring(drawing(state, player=player, size=size, highlight=highlight, path=path),
                       encoding="unicode")


def drawing(state, *, player=None, size=None, highlight=None, path="last") -> ET.Element:
    """:func:`board`'s picture as an element tree. The parts that depend on the board alone
    (its regions and spaces, their names) are in one ``<g class="board-static">``, the position
    (cards, figures, pieces, the panel) outside it."""
    if not isinstance(state, GameState):
        raise TalismanError(f"a Talisman GameState is needed to draw the board, not {type(state).__name__}")
    defs = load()
    if player is not None:
        state = player_view(state, player)   # raises TalismanError for a character not in play
    else:
        state = _for_nobody(state)
    if highlight is not None and highlight not in state.characters:
        raise TalismanError(f"no character {highlight!r} in this game to highlight")
    if size is not None and (not isinstance(size, (int, float)) or isinstance(size, bool) or size <= 0):
        raise TalismanError(f"picture size must be a positive number of pixels, not {size!r}")
    if path == "last":
        path = last_move(state)
    path = tuple(path or ())
    for sid in path:
        if sid not in defs.board.spaces:
            raise TalismanError(f"no space {sid!r} on the board (in the path to draw)")
    sides = side_regions(state)
    main, boxes, frames, right = board_layout(defs.board, sides)
    panel_x = right
    seats = {cid: i for i, cid in enumerate(state.order)}
    panel_h = sum(_panel_height(state, cid) for cid in state.order) + PAD
    width = panel_x + PANEL + PAD
    height = max(HEADER + main.height, max((f.y + f.h for _, f in frames), default=0),
                 HEADER + panel_h) + PAD
    root = ET.Element("svg", {"xmlns": NS, "version": "1.1", "viewBox": f"0 0 {svg_number(width)} {svg_number(height)}",
                              "width": svg_number(size if size else width),
                              "height": svg_number((size / width * height) if size else height),
                              "font-family": FONT, "class": "talisman-board"})
    ET.SubElement(root, "title").text = _title(state, defs)
    _marker(root)
    ET.SubElement(root, "rect", {"x": "0", "y": "0", "width": svg_number(width), "height": svg_number(height),
                                 "fill": "#fbf8f0"})
    _header(root, state, defs, width)
    root.append(_static(defs, main, boxes, frames))
    contents = ET.SubElement(root, "g", {"class": "board-state"})
    for sid, box in boxes.items():
        _space_contents(contents, defs, sid, box, state)
    _figures(root, state, boxes)
    if len(path) > 1:
        _arrow(root, [boxes[s].centre for s in path if s in boxes])
    _pieces(root, state, boxes, seats, highlight)
    y = HEADER
    for cid in state.order:
        y += _panel(root, state, defs, cid, panel_x, y, PALETTE[seats[cid] % len(PALETTE)], cid == highlight)
    return root


def side_regions(state):
    """The side boards in play: each region that is not part of the main board's rings and is
    named after an expansion of the game, or has a character standing on it.

    Args:
        state: a Talisman state.

    Returns:
        A tuple of region ids.

    Example:
        >>> import talisman
        >>> side_regions(talisman.new_game(["warrior"])), side_regions(talisman.new_game(["warrior"], ["city"]))
        ((), ('city',))
    """
    b = load().board
    occupied = {b.spaces[c.space].region for c in state.characters.values()
                if c.alive and c.space in b.spaces}
    return tuple(r for r, shape in b.shapes.items() if shape not in ("ring", "single")
                 and (r in state.config.expansions or r in occupied))


def last_move(state):
    """The spaces of the last move in the log.

    Args:
        state: a Talisman state.

    Returns:
        Where the character came from, then each space it passed; ``()`` before any move.

    Example:
        >>> import talisman
        >>> s = talisman.new_game(["warrior", "troll"], seed=7)
        >>> last_move(s)
        ()
        >>> last_move(talisman.apply(s, "move:forest"))[-1]
        'forest'
    """
    for i in range(len(state.log) - 1, -1, -1):
        e = state.log[i]
        if e.name == "moved" and e.data.get("path"):
            cid = e.data["character"]
            return (_came_from(state, cid, i), *e.data["path"])
    return ()


def _came_from(state, cid, before):
    """Where ``cid`` stood before the event at ``before``: the last place an earlier event put
    it, else its starting space."""
    for j in range(before - 1, -1, -1):
        d = state.log[j].data
        if d.get("character") == cid and isinstance(d.get("to"), str):
            return d["to"]
    ch = load().characters.get(cid)
    return ch.start if ch else state.characters[cid].space


def _for_nobody(state):
    """The state with every hand's Spells and Scrolls face down (a picture for nobody)."""
    chars = state.characters
    for cid, ch in state.characters.items():
        if ch.spells or ch.scrolls:
            chars = chars.set(cid, replace(ch, spells=[HIDDEN] * len(ch.spells),
                                           scrolls=[HIDDEN] * len(ch.scrolls)))
    return replace(state, characters=chars)


def svg_number(x):
    """A number as SVG text (at most two decimals)."""
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _name(defs, cid):
    c = defs.characters.get(cid) or defs.cards.get(cid)
    return c.name if c else str(cid).replace("_", " ").title()


def add_text(parent, x, y, text, size=12, anchor="start", **attrs):
    """A ``<text>`` element added to ``parent`` at ``(x, y)`` (the maze picture draws with it too);
    keyword attributes with ``_`` are written with ``-`` (``font_weight``)."""
    el = ET.SubElement(parent, "text", {"x": svg_number(x), "y": svg_number(y), "font-size": svg_number(size),
                                         "text-anchor": anchor,
                                         **{k.replace("_", "-"): v for k, v in attrs.items()}})
    el.text = text
    return el


def _wrap(text, width_chars):
    """Words in lines of at most ``width_chars`` characters (a long word gets a line alone)."""
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width_chars:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines


def _title(state, defs):
    names = ", ".join(_name(defs, c) for c in state.order)
    return f"Talisman, round {state.round}: {names}"


def _marker(root):
    defs_el = ET.SubElement(root, "defs")
    m = ET.SubElement(defs_el, "marker", {"id": "talisman-arrowhead", "viewBox": "0 0 10 10",
                                          "refX": "8", "refY": "5", "markerWidth": "5",
                                          "markerHeight": "5", "orient": "auto"})
    ET.SubElement(m, "path", {"d": "M0,0 L10,5 L0,10 z", "fill": "#222"})


def _header(root, state, defs, width):
    g = ET.SubElement(root, "g", {"class": "status"})
    if state.is_over:
        won = state.outcome.winners
        status = "Game over" + (f": {', '.join(_name(defs, w) for w in won)} won" if won else "")
    elif state.pending is not None:
        p = state.pending
        status = f"{_name(defs, p.player)} to decide: {p.kind}" + (f" ({p.prompt})" if p.prompt else "")
    else:
        status = "waiting on chance"
    time = state.ext.get("blood_moon", {}).get("time") if "blood_moon" in state.ext else None
    left = f"Round {state.round}, turn {state.turn}" + (f", {time}" if time else "")
    add_text(g, PAD, 28, left, 18, font_weight="bold")
    add_text(g, PAD + 300, 28, status[:110], 14)


def _main_board(root, board, main):
    g = ET.SubElement(root, "g", {"class": "main-board"})
    if main.rings:
        sq = main.rings[0][1]
        ET.SubElement(g, "rect", {"x": svg_number(sq.x), "y": svg_number(sq.y), "width": svg_number(sq.w), "height": svg_number(sq.h),
                                  "fill": "#6b8f4e", "rx": "6"})
    for outer, inner, edge, inside in main.bands:
        river = any(o in board.regions[inner] for s in board.regions[outer]
                    for o in board.spaces[s].opposite)
        colour = RIVER if river else CLIFF
        ET.SubElement(g, "rect", {"x": svg_number(edge.x), "y": svg_number(edge.y), "width": svg_number(edge.w),
                                  "height": svg_number(edge.h), "fill": colour,
                                  "class": "river" if river else "band",
                                  "data-between": f"{outer} {inner}"})
        ET.SubElement(g, "rect", {"x": svg_number(inside.x), "y": svg_number(inside.y), "width": svg_number(inside.w),
                                  "height": svg_number(inside.h), "fill": "#6b8f4e"})
        if river:
            add_text(g, edge.x + edge.w / 2, edge.y + 17, "Storm River", 13, "middle",
                  fill="#ffffff", font_style="italic")


def _region_fills(board, main):
    order = [r for r, _ in main.rings] + [r for r, s in board.shapes.items() if s == "single"]
    return {r: REGION_FILL[min(i, len(REGION_FILL) - 1)] for i, r in enumerate(order)}


def _links(root, board, boxes):
    g = ET.SubElement(root, "g", {"class": "links"})
    for lk in board.links:
        if lk.a not in boxes or lk.b not in boxes:
            continue
        colour, width = LINK_STYLE.get(lk.kind, ("#555", 6))
        (x1, y1), (x2, y2) = boxes[lk.a].centre, boxes[lk.b].centre
        ET.SubElement(g, "line", {"x1": svg_number(x1), "y1": svg_number(y1), "x2": svg_number(x2), "y2": svg_number(y2),
                                  "stroke": colour, "stroke-width": str(width), "class": "link",
                                  "data-kind": lk.kind, "data-a": lk.a, "data-b": lk.b})


def _side_frame(root, board, region, frame, boxes):
    g = ET.SubElement(root, "g", {"class": "side-board", "data-region": region})
    ET.SubElement(g, "rect", {"x": svg_number(frame.x), "y": svg_number(frame.y), "width": svg_number(frame.w),
                              "height": svg_number(frame.h), "fill": "#8aa0bd", "rx": "6"})
    add_text(g, frame.x + 8, frame.y + 18, _region_name(board, region), 14, fill="#ffffff",
          font_weight="bold")
    inside = set(board.regions[region])
    drawn = set()
    for sid in board.regions[region]:
        for n in board.spaces[sid].neighbours:
            if n in inside and (n, sid) not in drawn:
                drawn.add((sid, n))
                (x1, y1), (x2, y2) = boxes[sid].centre, boxes[n].centre
                ET.SubElement(g, "line", {"x1": svg_number(x1), "y1": svg_number(y1), "x2": svg_number(x2), "y2": svg_number(y2),
                                          "stroke": "#4a5d7a", "stroke-width": "5"})


@functools.lru_cache(maxsize=None)
def _region_names():
    """Region id -> its name in the board files (the definitions keep only the ids)."""
    root = data_root() / "talisman"
    names = {}
    for path in [root / "board.yaml", *sorted(root.glob("expansions/*/board.yaml"))]:
        if path.exists():
            names.update({r["id"]: r["name"] for r in load_yaml(path)["regions"]})
    return names


def _region_name(board, region):
    return _region_names().get(region, region.replace("_", " ").title())


@functools.lru_cache(maxsize=32)
def _static_text(side_regions):
    defs = load()
    main, boxes, frames, _ = board_layout(defs.board, side_regions)
    g = ET.Element("g", {"class": "board-static"})
    _main_board(g, defs.board, main)
    _links(g, defs.board, boxes)
    for region, frame in frames:
        _side_frame(g, defs.board, region, frame, boxes)
    fills = _region_fills(defs.board, main)
    for sid, box in boxes.items():
        _space(g, defs, sid, box, fills.get(defs.board.spaces[sid].region, SIDE_FILL))
    return ET.tostring(g, encoding="unicode")


def _static(defs, main, boxes, frames):
    """The board without the position (drawn once for a given set of side boards)."""
    return ET.fromstring(_static_text(tuple(r for r, _ in frames)))


def _name_font(box):
    return max(8.0, 11.5 * box.w / lay.CELL)


def _name_lines(name, box):
    font = _name_font(box)
    return _wrap(name, max(6, int(box.w / (font * 0.58))))[:3]


def _space(root, defs, sid, box, fill):
    g = ET.SubElement(root, "g", {"class": "space", "data-space": sid})
    ET.SubElement(g, "rect", {"x": svg_number(box.x), "y": svg_number(box.y), "width": svg_number(box.w), "height": svg_number(box.h),
                              "fill": fill, "stroke": "#5a4a3a", "stroke-width": "1.2", "rx": "4",
                              "class": "space-shape", "data-space": sid})
    font = _name_font(box)
    y = box.y + font + 2
    for line in _name_lines(defs.board.spaces[sid].name, box):
        add_text(g, box.x + box.w / 2, y, line, font, "middle", fill="#2b2118", **{"class": "space-name"})
        y += font + 1


def held_here(state, sid):
    """The cards under resolution on a space (``state.resolving``: the Enemy cards of the fight
    in progress, cards drawn and not yet settled), each with how it is held: ``"fighting"`` for
    an enemy card of the combat in progress, ``"drawn"`` for any other."""
    b = state.battle
    fighting = ([c for c, _ in b.get("held") or ()]
                if b is not None and b.get("held_on") == sid else [])
    out = []
    for c in state.resolving.get(sid, ()):
        if c in fighting:
            fighting.remove(c)
            out.append((c, "fighting"))
        else:
            out.append((c, "drawn"))
    return out


def _space_contents(root, defs, sid, box, state):
    """What lies on a space: a Terrain card, the cards under resolution there (an Enemy being
    fought first), face-up cards, gold."""
    terrain = state.ext["harbinger"].get("terrain", {}) if "harbinger" in state.ext else {}
    held = held_here(state, sid)
    cards = [c for c, _ in held] + list(state.board_cards.get(sid, ()))
    how = {i: h for i, (_, h) in enumerate(held)}
    gold = state.board_gold.get(sid, 0)
    if sid not in terrain and not cards and not gold:
        return
    g = ET.SubElement(root, "g", {"class": "space-contents", "data-space": sid,
                                  "data-cards": " ".join(cards)})
    if held:
        g.set("data-held", " ".join(c for c, _ in held))
    if cards:
        ET.SubElement(g, "title").text = ", ".join(
            _name(defs, c) + (f" ({how[i]})" if i in how else "") for i, c in enumerate(cards))
    scale = box.w / lay.CELL
    font = _name_font(box)
    y = box.y + font + 2 + len(_name_lines(defs.board.spaces[sid].name, box)) * (font + 1)
    small = max(7.0, font * 0.82)
    if sid in terrain:
        ET.SubElement(g, "rect", {"x": svg_number(box.x + 1), "y": svg_number(y - small), "width": svg_number(box.w - 2),
                                  "height": svg_number(small + 4), "fill": "#8fbc8f", "class": "terrain",
                                  "data-card": terrain[sid]})
        add_text(g, box.x + box.w / 2, y + 1, _name(defs, terrain[sid]), small, "middle",
              fill="#1b3b1b", **{"class": "terrain-name"})
        y += small + 5
    shown = cards[:2] if len(cards) <= 2 else cards[:1]
    for i, cid in enumerate(shown):
        label = _name(defs, cid)
        width = max(5, int(box.w / (small * 0.58)))
        label = label if len(label) <= width else label[:width - 1] + "…"
        y += 1
        held_card = i in how   # under resolution: a red frame (an Enemy being fought, a card drawn)
        rect = {"x": svg_number(box.x + 3), "y": svg_number(y - small + 1), "width": svg_number(box.w - 6),
                "height": svg_number(small + 3), "fill": "#fffdf5",
                "stroke": "#b22222" if held_card else "#9a8a6a",
                "stroke-width": "1.4" if held_card else "0.6",
                "class": "held-card" if held_card else "board-card", "data-card": cid}
        if held_card:
            rect["data-held"] = how[i]
        ET.SubElement(g, "rect", rect)
        add_text(g, box.x + box.w / 2, y + 2, label, small, "middle", fill="#5b2a00")
        y += small + 4
    if len(cards) > len(shown):
        add_text(g, box.x + box.w / 2, y + 2, f"+{len(cards) - len(shown)} more cards", small, "middle",
              fill="#5b2a00", **{"class": "more-cards", "data-count": str(len(cards) - len(shown))})
    if gold:
        r = max(6.0, 9 * scale)
        cx, cy = box.x + box.w - r - 3, box.y + box.h - r - 3
        ET.SubElement(g, "circle", {"cx": svg_number(cx), "cy": svg_number(cy), "r": svg_number(r), "fill": "#f1c232",
                                    "stroke": "#7f6000", "class": "gold", "data-gold": str(gold)})
        add_text(g, cx, cy + r * 0.45, str(gold), r * 1.2, "middle", fill="#3d2e00")


def _figures(root, state, boxes):
    g = ET.SubElement(root, "g", {"class": "figures"})
    for (exp, field), (label, title) in FIGURES.items():
        space = state.ext[exp].get(field) if exp in state.ext else None
        if space not in boxes:
            continue
        box = boxes[space]
        s = max(8.0, box.w * 0.12)
        x, y = box.x + s + 3, box.y + box.h - s - 3
        fig = ET.SubElement(g, "g", {"class": "figure", "data-figure": field, "data-space": space})
        ET.SubElement(fig, "title").text = title
        ET.SubElement(fig, "path", {"d": f"M{svg_number(x)},{svg_number(y - s)} L{svg_number(x + s)},{svg_number(y)} L{svg_number(x)},{svg_number(y + s)} "
                                         f"L{svg_number(x - s)},{svg_number(y)} z", "fill": "#222", "stroke": "#fff"})
        add_text(fig, x, y + s * 0.4, label, s * 1.05, "middle", fill="#fff", font_weight="bold")


def piece_spots(box, count):
    """Centres and radius of ``count`` pieces in a space: rows along the bottom, inside the box.

    Args:
        box: the space's :class:`Box`.
        count: how many pieces stand there.

    Returns:
        ``([(x, y), ...], radius)``.

    Example:
        >>> from talisman.svg import Box
        >>> piece_spots(Box(0, 0, 100, 100), 2)
        ([(37.0, 85.0), (63.0, 85.0)], 12.0)
    """
    r = max(5.0, min(12.0, box.w / 8))
    per_row = max(1, int((box.w - 4) // (2 * r + 2)))
    spots = []
    for i in range(count):
        row, col = divmod(i, per_row)
        in_row = min(per_row, count - row * per_row)
        x0 = box.x + box.w / 2 - (in_row * (2 * r + 2) - 2) / 2 + r
        y = box.y + box.h - r - 3 - row * (2 * r + 2)
        spots.append((x0 + col * (2 * r + 2), max(box.y + r, y)))
    return spots, r


def _pieces(root, state, boxes, seats, highlight):
    g = ET.SubElement(root, "g", {"class": "pieces"})
    by_space = {}
    for cid in state.order:
        ch = state.characters[cid]
        if ch.alive and ch.space in boxes:
            by_space.setdefault(ch.space, []).append(cid)
    defs = load()
    for space, cids in by_space.items():
        spots, r = piece_spots(boxes[space], len(cids))
        for cid, (x, y) in zip(cids, spots):
            ch = state.characters[cid]
            lit = cid == highlight
            p = ET.SubElement(g, "g", {"class": "piece" + (" highlight" if lit else ""),
                                       "data-character": cid, "data-space": space})
            ET.SubElement(p, "title").text = f"{_name(defs, cid)} ({defs.board.spaces[space].name})"
            ET.SubElement(p, "circle", {"cx": svg_number(x), "cy": svg_number(y), "r": svg_number(r),
                                        "fill": "#7a9a3a" if ch.toad_turns   # a Toad is green
                                        else PALETTE[seats[cid] % len(PALETTE)],
                                        "stroke": "#ffd700" if lit else "#ffffff",
                                        "stroke-width": "3" if lit else "1.5"})
            add_text(p, x, y + r * 0.38, _initials(defs, cid), r * 1.0, "middle", fill="#ffffff",
                  font_weight="bold")


def _initials(defs, cid):
    words = _name(defs, cid).split()
    return (words[0][:2] if len(words) == 1 else words[0][0] + words[-1][0]).title()


def _arrow(root, points):
    d = " ".join(f"{'M' if i == 0 else 'L'}{svg_number(x)},{svg_number(y)}" for i, (x, y) in enumerate(points))
    ET.SubElement(root, "path", {"d": d, "fill": "none", "stroke": "#222", "stroke-width": "4",
                                 "stroke-opacity": "0.75", "stroke-dasharray": "10 5",
                                 "marker-end": "url(#talisman-arrowhead)", "class": "last-move"})


def _panel_rows(state, defs, cid):
    """The side panel's rows for one character: ``(kind, text, field, cards, face_down)``;
    a list of cards is wrapped over several rows, the face-down ones drawn as card backs."""
    ch = state.characters[cid]
    where = defs.board.spaces[ch.space].name if ch.space in defs.board.spaces else ch.space
    status = [f"{ch.alignment}, on {where}"] if ch.alive else ["dead"]
    if ch.toad_turns:
        status.append(f"a Toad for {ch.toad_turns} turn(s)")
    if ch.lost_turn:
        status.append(f"misses {ch.lost_turn} turn(s)")
    rows = [("status", ", ".join(status), None, (), 0),
            ("counters", f"Strength {ch.strength}  Craft {ch.craft}  Lives {ch.lives}  "
                         f"Fate {ch.fate}  Gold {ch.gold}", None, (), 0)]
    for field, label in (("objects", "Objects"), ("followers", "Followers"), ("spells", "Spells"),
                         ("scrolls", "Scrolls"), ("trophies", "Trophies")):
        cards = tuple(getattr(ch, field))
        if not cards:
            continue
        shown = [_name(defs, c) for c in cards if c != HIDDEN]
        down = len(cards) - len(shown)
        text = _wrap(f"{label}: " + ", ".join(shown), 46) if shown else [f"{label}:"]
        if down and len(text[-1]) + down * 2 > 40:   # no room for the card backs on the last row
            text.append("")
        for i, row in enumerate(text):
            last = i == len(text) - 1
            rows.append(("cards", row, field, cards if i == 0 else (), down if last else 0))
    return rows


def _panel_height(state, cid):
    return 30 + LINE * len(_panel_rows(state, load(), cid)) + 4


def _panel(root, state, defs, cid, x, y, colour, lit):
    h = _panel_height(state, cid)
    g = ET.SubElement(root, "g", {"class": "panel" + (" highlight" if lit else ""), "data-character": cid})
    ET.SubElement(g, "rect", {"x": svg_number(x), "y": svg_number(y), "width": str(PANEL), "height": svg_number(h - 6),
                              "fill": "#ffffff", "stroke": "#ffd700" if lit else "#b8a888",
                              "stroke-width": "4" if lit else "1", "rx": "5"})
    ET.SubElement(g, "rect", {"x": svg_number(x), "y": svg_number(y), "width": "8", "height": svg_number(h - 6), "fill": colour})
    deciding = state.pending.player if state.pending is not None else None
    current = (" (to decide)" if deciding == cid else
               " (their turn)" if state.current == cid and not state.is_over else "")
    add_text(g, x + 16, y + 20, _name(defs, cid) + current, 15, font_weight="bold")
    yy = y + 20 + LINE
    group = g
    for kind, text, field, cards, down in _panel_rows(state, defs, cid):
        if kind != "cards":
            add_text(g, x + 16, yy, text, 12, fill="#333", **{"class": kind, "data-value": text})
            yy += LINE
            continue
        if cards:        # the first row of a list: a group naming the cards it shows
            group = ET.SubElement(g, "g", {"class": "cards", "data-field": field,
                                           "data-cards": " ".join(c for c in cards if c != HIDDEN),
                                           "data-face-down": str(sum(1 for c in cards if c == HIDDEN))})
        if text:
            add_text(group, x + 16, yy, text, 12, fill="#333")
        bx = x + 16 + (len(text) * 6.6 + 6 if text else 8)
        for k in range(down):
            ET.SubElement(group, "rect", {"x": svg_number(bx + k * 13), "y": svg_number(yy - 11), "width": "10",
                                          "height": "14", "rx": "1.5", "fill": "#3d2b6b",
                                          "stroke": "#c9a227", "class": "card face-down"})
        yy += LINE
    return h
