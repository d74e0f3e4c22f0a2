"""A game record as one self-contained HTML page (no network): the board picture at each step,
the narration of what the step did, and controls to step forward and back."""
from __future__ import annotations

import html
import json
import xml.etree.ElementTree as ET

from rich.text import Text

from .. import api, triwizard
from ..engine.records import Event
from ..errors import ReplayError, TalismanError
from ..narration import narrate
from ..triwizard.narrate import describe
from .maze import maze_drawing
from .picture import HIDDEN, drawing

#: The page: {title}, {data} (JSON); the script reads the pictures from the JSON block.
TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<style>
body {{ font-family: DejaVu Sans, Verdana, Arial, sans-serif; margin: 12px; background: #f4f1e8; color: #222; }}
#controls {{ display: flex; gap: 6px; align-items: center; margin-bottom: 8px; flex-wrap: wrap; }}
#controls button {{ font-size: 16px; min-width: 44px; }}
#slider {{ flex: 1; min-width: 200px; }}
#main {{ display: flex; gap: 12px; align-items: flex-start; }}
#picture svg {{ max-width: 100%; height: auto; }}
#picture {{ flex: 3; }}
#story {{ flex: 1; min-width: 260px; max-height: 90vh; overflow-y: auto; background: #fff;
          border: 1px solid #b8a888; border-radius: 5px; padding: 8px; }}
#action {{ font-weight: bold; margin: 0 0 6px 0; }}
#lines p {{ margin: 2px 0; }}
</style>
</head>
<body>
<h1 style="font-size:20px;margin:0 0 8px 0">{title}</h1>
<div id="controls">
  <button id="first" title="first step (Home)">|&#x25C0;</button>
  <button id="prev" title="back one step (left arrow)">&#x25C0;</button>
  <button id="next" title="forward one step (right arrow)">&#x25B6;</button>
  <button id="last" title="last step (End)">&#x25B6;|</button>
  <input id="slider" type="range" min="0" value="0" aria-label="step">
  <span id="counter"></span>
</div>
<div id="main">
  <div id="picture"></div>
  <div id="story"><p id="action"></p><div id="lines"></div></div>
</div>
<script id="replay-data" type="application/json">{data}</script>
<script>
"use strict";
const data = JSON.parse(document.getElementById("replay-data").textContent);
const steps = data.steps;
let at = 0;
const slider = document.getElementById("slider");
slider.max = steps.length - 1;
function show(i) {{
  at = Math.max(0, Math.min(steps.length - 1, i));
  const step = steps[at];
  document.getElementById("picture").innerHTML = data.pictures[step.picture].replace(
    /<g class="board-static" data-static="(\\d+)" \\/>/, function (m, k) {{ return data.boards[Number(k)]; }});
  document.getElementById("counter").textContent = "step " + at + " of " + (steps.length - 1);
  document.getElementById("action").textContent = step.action;
  const lines = document.getElementById("lines");
  lines.replaceChildren(...step.lines.map(function (t) {{
    const p = document.createElement("p"); p.textContent = t; return p; }}));
  slider.value = at;
  document.body.dataset.step = at;
}}
document.getElementById("first").onclick = function () {{ show(0); }};
document.getElementById("prev").onclick = function () {{ show(at - 1); }};
document.getElementById("next").onclick = function () {{ show(at + 1); }};
document.getElementById("last").onclick = function () {{ show(steps.length - 1); }};
slider.oninput = function () {{ show(Number(slider.value)); }};
document.addEventListener("keydown", function (e) {{
  if (e.key === "ArrowRight") show(at + 1);
  else if (e.key === "ArrowLeft") show(at - 1);
  else if (e.key === "Home") show(0);
  else if (e.key === "End") show(steps.length - 1);
}});
show(0);
</script>
</body>
</html>
"""


def is_triwizard(record):
    """A Triwizard Maze record or state (``"game": "triwizard"``), not a Talisman one."""
    return isinstance(record, dict) and record.get("game") == "triwizard"


def _start(record):
    options = record.get("options") or {}
    if is_triwizard(record):
        return triwizard.new_game(record.get("players", 4), record.get("seed", 0), options)
    return api.new_game(record.get("characters", ()), record.get("expansions", ()),
                        record.get("seed", 0), options)


def replay_steps(record):
    """``[(state, action text or None, log length before it)]`` for the start and after each action of a
    game record (Talisman's or the Triwizard's); :class:`ReplayError` names the first action
    that fails."""
    if not isinstance(record, dict):
        raise TalismanError("a game record is a mapping with characters, seed and actions")
    apply = triwizard.apply if is_triwizard(record) else api.apply
    try:
        state = _start(record)
    except TalismanError as e:
        raise ReplayError(0, "(setup)", str(e)) from None
    out = [(state, None, 0)]
    for i, text in enumerate(record.get("actions", ()), start=1):
        before = len(state.log)
        try:
            state = apply(state, text)
        except TalismanError as e:
            raise ReplayError(i, text, getattr(e, "reason", str(e))) from None
        out.append((state, str(text), before))
    return out


def seen_events(state, before, player):
    """The events logged since ``before`` as ``player`` may see them (``None``: nobody, so
    every secret look stays hidden), as :func:`talisman.player_view` shows them."""
    tw = isinstance(state, triwizard.TriwizardState)
    if player is not None:
        view = triwizard.player_view(state, player) if tw else api.player_view(state, player)
        return tuple(view.log[before:])
    out = []
    for e in state.log[before:]:
        if tw and e.data.get("secret"):
            e = Event(e.name, e.data.update({f: HIDDEN for f in e.data["secret"]}))
        elif not tw and e.data.get("seen_by") is not None:
            e = Event(e.name, e.data.set("cards", [HIDDEN] * len(e.data.get("cards", ()))))
        out.append(e)
    return tuple(out)


def _plain(line):
    """Narration without its console markup."""
    return Text.from_markup(line).plain


def replay_page(record, *, player=None, size=None, title=None) -> str:
    """The game record as one self-contained HTML page: one picture per step (drawn for
    ``player``, or for nobody), the narration of each step, and controls to step through.
    A Triwizard Maze record gets the maze's pictures.

    Args:
        record: a game record (:func:`talisman.record`, :func:`talisman.triwizard.record`).
        player: draw every step as this player may see it; ``None``: for nobody.
        size: the pictures' width in pixels.
        title: the page's title (default: the characters and the seed).

    Returns:
        The HTML page as text (no file or network is needed to view it).

    Raises:
        ReplayError: the record does not replay (names the first action that fails).

    Example:
        >>> import talisman
        >>> s = talisman.new_game(["warrior", "troll"], seed=7)
        >>> html = replay_page(talisman.record(s, ["move:forest"]))
        >>> html.startswith("<!DOCTYPE html>"), "seed 7" in html
        (True, True)
    """
    if is_triwizard(record):
        return _triwizard_page(record, player, size, title)
    pictures: list[str] = []
    index: dict[str, int] = {}
    steps: list[dict[str, object]] = []
    statics: dict[str, str] = {}
    previous = None
    for state, action, before in replay_steps(record):
        events = seen_events(state, before, player)
        path = None
        moves = [e for e in events if e.name == "moved" and e.data.get("path")]
        if moves and previous is not None:
            cid = moves[-1].data["character"]
            start = previous.characters[cid].space if cid in previous.characters else None
            path = ((start,) if start else ()) + tuple(moves[-1].data["path"])
        svg = _without_board(drawing(state, player=player, size=size, path=path), statics)
        if svg not in index:
            index[svg] = len(pictures)
            pictures.append(svg)
        lines = [_plain(t) for t in (narrate(e) for e in events) if t]
        who: str | None = previous.pending.player if previous is not None and previous.pending is not None else None
        label = "The game is set up." if action is None else f"{who}: {action}" if who else action
        steps.append({"picture": index[svg], "action": label, "lines": lines})
        previous = state
    names = ", ".join(record.get("characters", ()))
    title = title or f"Talisman replay: {names} (seed {record.get('seed', 0)})"
    return _page(title, list(statics), pictures, steps)


def _triwizard_page(record, player, size, title):
    pictures: list[str] = []
    index: dict[str, int] = {}
    steps: list[dict[str, object]] = []
    statics: dict[str, str] = {}
    previous = None
    for state, action, before in replay_steps(record):
        events = seen_events(state, before, player)
        svg = _without_board(maze_drawing(state, player=player, size=size), statics)
        if svg not in index:
            index[svg] = len(pictures)
            pictures.append(svg)
        lines = [_plain(t) for t in (describe(e) for e in events) if t]
        who: str | None = previous.pending.player if previous is not None and previous.pending is not None else None
        label = "The game is set up." if action is None else f"{who}: {action}" if who else action
        steps.append({"picture": index[svg], "action": label, "lines": lines})
        previous = state
    title = title or f"Triwizard Maze replay (seed {record.get('seed', 0)})"
    return _page(title, list(statics), pictures, steps)


def _without_board(root, statics):
    """The picture's text with its ``board-static`` part left out (the page draws each
    different board once, ``statics``: its text -> its number; the script puts it back)."""
    static = root.find("g[@class='board-static']")
    text = ET.tostring(static, encoding="unicode")
    statics.setdefault(text, len(statics))
    static.clear()
    static.attrib.update({"class": "board-static", "data-static": str(statics[text])})
    return ET.tostring(root, encoding="unicode")


def _page(title, boards, pictures, steps):
    data = json.dumps({"boards": boards, "pictures": pictures, "steps": steps}, separators=(",", ":"))
    data = data.replace("<", "\\u003c")   # nothing in the JSON block can close the script
    return TEMPLATE.format(title=html.escape(title), data=data)
