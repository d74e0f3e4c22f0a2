"""The picture of a Triwizard Maze position (``talisman.svg.maze``): the maze's squares from its
grid data, the hedges, the symbol squares (Portkeys, Obstacles, Cups...), the Wandering Hedge,
the pieces and who wears the Invisibility Cloak; a side panel with each player's hand and
tiles (face down unless the picture is drawn for that player) and the Obstacle Lineup."""
from __future__ import annotations

import functools
import xml.etree.ElementTree as ET

import attrs

from ..errors import TalismanError
from ..triwizard import TriwizardState, player_view
from ..triwizard.definitions import load
from .picture import FONT, NS, PALETTE, svg_number, add_text

CELL = 40
PAD = 16
HEADER = 40
PANEL = 330
LINE = 17
HIDDEN = "hidden"
KIND_FILL = {"path": "#c8a27a", "dark_hedge": "#1f3d1f", "green_hedge": "#4f9a3f",
             "entrance": "#e8d8a8", "portkey": "#6fa8dc", "gold_mist": "#f1c232",
             "headstone": "#9e9e9e", "penalty": "#cc4125", "obstacle": "#8e7cc3",
             "cup": "#ffd966", "wandering_hedge": "#c8a27a"}
KIND_LABEL = {"entrance": "E", "gold_mist": "G", "penalty": "P", "obstacle": "O", "cup": "C"}


def maze(state, *, player=None, size=None, highlight=None) -> str:
    """The Triwizard position as a standalone SVG document.

    Args:
        state: a :class:`~talisman.triwizard.TriwizardState`.
        player: draw it as that player sees it (through :func:`talisman.triwizard.player_view`);
            ``None``: for nobody (every hand, tile and unturned Cup face down).
        size: the picture's width in pixels.
        highlight: a player id whose piece is outlined.

    Returns:
        The SVG document as text.

    Example:
        >>> from talisman import triwizard
        >>> maze(triwizard.new_game(players=2, seed=7), player="harry").startswith("<svg")
        True
    """
    return ET.tostring(maze_drawing(state, player=player, size=size, highlight=highlight),
                       encoding="unicode")


def maze_drawing(state, *, player=None, size=None, highlight=None) -> ET.Element:
    """:func:`maze`'s picture as an element tree, the squares in ``<g class="board-static">``."""
    if not isinstance(state, TriwizardState):
        raise TalismanError(f"a TriwizardState is needed to draw the maze, not {type(state).__name__}")
    if player is not None:
        state = player_view(state, player)
    else:
        state = player_view(state, state.order[0])
        me = state.players[state.order[0]]
        state = _with_player(state, me.id, hand=[HIDDEN] * len(me.hand),
                             tiles=[HIDDEN] * len(me.tiles))
    if highlight is not None and highlight not in state.players:
        raise TalismanError(f"no player {highlight!r} in this game to highlight")
    if size is not None and (not isinstance(size, (int, float)) or isinstance(size, bool) or size <= 0):
        raise TalismanError(f"picture size must be a positive number of pixels, not {size!r}")
    defs = load()
    b = defs.board
    board_w, board_h = b.cols * CELL, b.rows * CELL
    panel_x = PAD + board_w + PAD
    rows = _panel_rows(state, defs)
    width = panel_x + PANEL + PAD
    height = HEADER + max(board_h, len(rows) * LINE + 20) + PAD
    root = ET.Element("svg", {"xmlns": NS, "version": "1.1",
                              "viewBox": f"0 0 {svg_number(width)} {svg_number(height)}", "width": svg_number(size or width),
                              "height": svg_number(size / width * height if size else height),
                              "font-family": FONT, "class": "triwizard-maze"})
    ET.SubElement(root, "title").text = "The Triwizard Maze: " + ", ".join(state.order)
    ET.SubElement(root, "rect", {"x": "0", "y": "0", "width": svg_number(width), "height": svg_number(height), "fill": "#f4f1e8"})
    status = ("Game over" + (f": {', '.join(state.outcome.winners)} won" if state.outcome.winners else "")
              if state.is_over else
              f"{state.pending.player} to decide: {state.pending.kind}" if state.pending else "")
    add_text(root, PAD, 26, f"Turn {state.turn} · {status}", 16, font_weight="bold")
    root.append(ET.fromstring(_static_text()))
    if state.hedge in b.coords:
        r, c = b.coords[state.hedge]
        ET.SubElement(root, "rect", {"x": svg_number(PAD + c * CELL), "y": svg_number(HEADER + r * CELL),
                                     "width": svg_number(CELL), "height": svg_number(CELL),
                                     "fill": KIND_FILL["green_hedge"], "stroke": "#0b2a0b",
                                     "stroke-width": "3", "class": "wandering-hedge",
                                     "data-square": state.hedge})
    for sq, cup in state.cups.items():
        r, c = b.coords[sq]
        x, y = PAD + c * CELL + 4, HEADER + r * CELL + 4
        shown = cup.face_up and cup.tile not in (None, HIDDEN)
        t = ET.SubElement(root, "rect", {"x": svg_number(x), "y": svg_number(y), "width": svg_number(CELL - 8), "height": svg_number(CELL - 8),
                                         "rx": "3", "fill": "#fff2cc" if shown else "#3d2b6b",
                                         "stroke": "#c9a227", "class": "cup-tile" + ("" if shown else " face-down"),
                                         "data-square": sq, "data-tile": cup.tile if shown else ""})
        if shown:
            ET.SubElement(t, "title").text = defs.cup_tiles[cup.tile].name if cup.tile in defs.cup_tiles else cup.tile
    by_square: dict[str, list[str]] = {}
    for pid in state.order:
        by_square.setdefault(state.players[pid].space, []).append(pid)
    for sq, pids in by_square.items():
        r, c = b.coords[sq]
        rad = CELL / 4.6 if len(pids) > 1 else CELL / 3
        for k, pid in enumerate(pids):
            dx = (k % 2) * CELL / 2 + CELL / 4 if len(pids) > 1 else CELL / 2
            dy = (k // 2) * CELL / 2 + CELL / 4 if len(pids) > 1 else CELL / 2
            x, y = PAD + c * CELL + dx, HEADER + r * CELL + dy
            lit = pid == highlight
            p = ET.SubElement(root, "g", {"class": "piece" + (" highlight" if lit else ""),
                                          "data-player": pid, "data-square": sq})
            ET.SubElement(p, "circle", {"cx": svg_number(x), "cy": svg_number(y), "r": svg_number(rad),
                                        "fill": PALETTE[state.order.index(pid) % len(PALETTE)],
                                        "stroke": "#ffd700" if lit else "#fff", "stroke-width": "3" if lit else "1.5",
                                        "stroke-dasharray": "3 2" if state.cloak == pid else "none"})
            add_text(p, x, y + rad * 0.4, pid[:2].title(), rad * 1.0, "middle", fill="#fff", font_weight="bold")
            if state.cloak == pid:
                ET.SubElement(p, "title").text = f"{pid} wears the Invisibility Cloak"
    y = HEADER + 16
    for kind, text, field, pid, down in rows:
        attrs = {"class": kind}
        if field:
            attrs.update({"data-field": field, "data-player": pid, "data-face-down": str(down)})
        row = ET.SubElement(root, "g", attrs)
        add_text(row, panel_x, y, text, 13 if kind == "name" else 12, fill="#222",
              font_weight="bold" if kind == "name" else "normal")
        for k in range(down):
            ET.SubElement(row, "rect", {"x": svg_number(panel_x + len(text) * 6.6 + 6 + k * 13), "y": svg_number(y - 11),
                                        "width": "10", "height": "14", "rx": "1.5", "fill": "#3d2b6b",
                                        "stroke": "#c9a227", "class": "card face-down"})
        y += LINE
    return root


@functools.lru_cache(maxsize=1)
def _static_text():
    """The maze's squares (the parts that never change), drawn once."""
    b = load().board
    g = ET.Element("g", {"class": "board-static"})
    for sq, kind in b.kinds.items():
        r, c = b.coords[sq]
        x, y = PAD + c * CELL, HEADER + r * CELL
        ET.SubElement(g, "rect", {"x": svg_number(x), "y": svg_number(y), "width": svg_number(CELL), "height": svg_number(CELL),
                                  "fill": KIND_FILL[kind], "stroke": "#5a4a3a", "stroke-width": "0.5",
                                  "class": "square", "data-square": sq, "data-kind": kind})
        label = b.symbols[sq] if kind in ("portkey", "headstone") else KIND_LABEL.get(kind)
        if label:
            add_text(g, x + CELL / 2, y + CELL * 0.65, label, CELL * 0.42, "middle", fill="#222")
    return ET.tostring(g, encoding="unicode")


def _with_player(state, pid, **changes):
    return attrs.evolve(state, players=state.players.set(pid, attrs.evolve(state.players[pid], **changes)))


def _battle_name(defs, card):
    c = defs.battle.get(card)
    return f"{c.colour} {c.strength}/{c.movement}" if c else card


def _panel_rows(state, defs):
    rows = []
    for pid in state.order:
        p = state.players[pid]
        cloak = " (cloaked)" if state.cloak == pid else ""
        rows.append(("name", f"{pid.title()}{cloak}, on {p.space}", None, pid, 0))
        for field, label in (("hand", "Battle cards"), ("tiles", "Resource tiles")):
            cards = list(getattr(p, field))
            shown = [c for c in cards if c != HIDDEN]
            names = [defs.tiles.get(c, c) if field == "tiles" else _battle_name(defs, c) for c in shown]
            rows.append(("cards", f"{label}: " + ", ".join(names), field, pid, len(cards) - len(shown)))
    rows.append(("name", "Obstacle Lineup", None, None, 0))
    for slot in state.lineup:
        name = defs.obstacles[slot.card].name if slot.face_up and slot.card in defs.obstacles else "face down"
        rows.append(("lineup", f"  {name}", None, None, 0))
    return rows
