"""Sphinx extension: a page per game, expansion and module saying what is played, what is a
reconstruction and where its values come from, generated from the data files themselves.

Every YAML file under ``data/`` names its ``source``; a file, or an entry in it (a card, a space, a
character, a table row), that the published game does not give carries ``stand_in`` (``true``, or a
list of the entries made up).  This extension reads those fields when the site is built, so the
pages cannot drift from the data:

* on ``builder-inited`` it writes one stub page per set under ``docs/data-sources/`` (the base game,
  each folder of ``data/talisman/expansions/``, the Triwizard Maze) and an index page;
* the directive ``.. talisman-data-sources:: SET`` on each stub builds the page's content as
  docutils nodes (no text is pasted into markup, so no value can break the page): what is
  played (counted from :func:`talisman.definitions.load`), then, file by file, the ``source``
  and the entries that are stand-ins with their own ``source`` / ``note``.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any, Iterator

import yaml
from docutils import nodes
from docutils.parsers.rst import Directive
from sphinx import addnodes
from sphinx.application import Sphinx

from talisman.definitions import data_root, load

#: The hand-written page of a set, when there is one (a link from the generated page).
HAND_WRITTEN = {"blood_moon": "blood_moon", "city": "city", "disasters": "disasters",
                "harbinger": "harbinger", "triwizard": "triwizard"}
TITLES = {"base": "The base game (Revised 4th Edition and the compendium)",
          "blood_moon": "The Blood Moon", "city": "The Talisman City", "disasters": "TALISMAN Disasters",
          "harbinger": "The Harbinger", "wizards_tower": "The Wizard's Tower",
          "triwizard": "The Triwizard Maze (talisman.triwizard)"}
OUT_DIR = "data-sources"


def sets() -> dict[str, list[Path]]:
    """Set id -> its data files (sorted), found by walking ``data/``."""
    root = data_root()
    talisman = root / "talisman"
    out = {"base": sorted(p for p in talisman.rglob("*.yaml") if "expansions" not in p.relative_to(talisman).parts)}
    for folder in sorted(p for p in (talisman / "expansions").iterdir() if p.is_dir()):
        out[folder.name] = sorted(folder.rglob("*.yaml"))
    out["triwizard"] = sorted((root / "triwizard").rglob("*.yaml"))
    return out


def _label(entry: dict[str, Any], where: tuple[str, ...] = ()) -> str:
    name, ident = entry.get("name"), entry.get("id")
    if not name and not ident:
        return ".".join(where)
    if name and ident and str(name) != str(ident):
        return f"{name} ({ident})"
    return str(name or ident)


def entries(value: Any, where: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], dict[str, Any]]]:
    """Every mapping inside a data file that names itself (an ``id`` or a ``name``) or carries a
    ``stand_in`` / ``source`` of its own, with the keys that lead to it."""
    if isinstance(value, dict):
        if where and ("id" in value or "name" in value or "stand_in" in value or "source" in value):
            yield where, value
        for key, item in value.items():
            yield from entries(item, where + (str(key),))
    elif isinstance(value, list):
        for item in value:
            yield from entries(item, where)


def describe_file(path: Path) -> dict[str, Any]:
    """The ``source`` of a file, whether the whole file is a stand-in, and its stand-in entries."""
    doc = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    whole = doc.get("stand_in") is True if isinstance(doc, dict) else False
    listed = doc.get("stand_in") if isinstance(doc, dict) and isinstance(doc.get("stand_in"), list) else []
    stand_ins, sourced = [], []
    for where, entry in entries(doc):
        if entry.get("stand_in") is True:
            stand_ins.append((_label(entry, where), entry.get("source"), entry.get("note")))
        elif isinstance(entry.get("source"), str):
            sourced.append((_label(entry, where), entry["source"]))
    return {"source": doc.get("source") if isinstance(doc, dict) else None, "whole": whole,
            "header": header_comment(path),
            "listed": [str(x) for x in listed], "stand_ins": stand_ins, "sourced": sourced}


def header_comment(path: Path) -> str:
    """The comment block a data file opens with (its authors' account of where it comes from)."""
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        lines.append(line.lstrip("#").strip())
    return " ".join(" ".join(lines).split())


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def played(set_id: str) -> list[str]:
    """What the set puts on the table, counted from the loaded definitions."""
    if set_id == "triwizard":
        return ["A separate game on the same engine: talisman.triwizard.new_game(players=2..4)."]
    defs = load()
    lines = []
    if set_id == "base":
        decks = defs.decks
    else:
        decks = defs.expansion_decks.get(set_id, {})
        lines.append(f"Played with talisman.new_game(..., expansions=[{set_id!r}]).")
    if decks:
        lines.append("Decks: " + ", ".join(f"{name} ({len(cards)} cards)" for name, cards in sorted(decks.items())) + ".")
    chars = [c for c in defs.characters.values() if c.set == set_id]
    if chars:
        made_up = [c.name for c in chars if c.stand_in]
        lines.append(f"Characters ({len(chars)}): " + ", ".join(c.name for c in chars) + "."
                     + (f" Statistics made up (stand_in): {', '.join(made_up)}." if made_up else ""))
    cards = Counter(c.stand_in for c in defs.cards.values() if c.set == set_id)
    if cards:
        lines.append(f"Cards: {cards[False] + cards[True]} kinds, {cards[True]} of them stand-ins.")
    region = "wizards_tower" if set_id == "wizards_tower" else set_id
    if region in defs.board.regions:
        lines.append(f"Board region {region!r}: {len(defs.board.regions[region])} spaces.")
    if set_id == "base":
        lines.append("Board: " + ", ".join(f"{r} ({len(s)} spaces)" for r, s in defs.board.regions.items()
                                           if r in ("outer", "middle", "inner", "crown")) + ".")
    return lines


def _para(text: str) -> nodes.paragraph:
    return nodes.paragraph(text, text)


def _bullets(items: list[nodes.Node | str]) -> nodes.bullet_list:
    out = nodes.bullet_list()
    for item in items:
        li = nodes.list_item()
        li += _para(item) if isinstance(item, str) else item
        out += li
    return out


def _section(doc: Any, title: str, ident: str) -> nodes.section:
    sec = nodes.section(ids=[nodes.make_id(ident)])
    sec += nodes.title(title, title)
    doc.note_implicit_target(sec)
    return sec


class DataSources(Directive):
    """``.. talisman-data-sources:: SET``: the generated content of a set's page."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        set_id = self.arguments[0]
        files = sets().get(set_id)
        if files is None:
            raise self.error(f"no data set {set_id!r} (known: {', '.join(sets())})")
        env = self.state.document.settings.env
        root = data_root()
        out: list[nodes.Node] = []
        play = _section(self.state.document, "What is played", f"{set_id}-played")
        play += _bullets(played(set_id))
        if set_id in HAND_WRITTEN:
            para = nodes.paragraph()
            para += nodes.Text("The rules as implemented, and every choice made: ")
            # a cross-reference, so a page that goes away fails the build (-W)
            ref = addnodes.pending_xref("", refdomain="std", reftype="doc",
                                        reftarget=f"/{HAND_WRITTEN[set_id]}", refexplicit=False,
                                        refdoc=env.docname)
            ref += nodes.inline("", HAND_WRITTEN[set_id])
            para += ref
            para += nodes.Text(".")
            play += para
        out.append(play)
        summary = _section(self.state.document, "Reconstructions at a glance", f"{set_id}-glance")
        rows = []
        for path in files:
            env.note_dependency(str(path))
            info = describe_file(path)
            name = str(path.relative_to(root))
            if info["whole"]:
                rows.append(f"{name}: the whole file is a reconstruction (stand_in).")
            elif info["stand_ins"] or info["listed"]:
                n = len(info["stand_ins"]) + len(info["listed"])
                rows.append(f"{name}: {_count(n, 'stand-in entry', 'stand-in entries')}.")
            else:
                rows.append(f"{name}: no stand-in entry.")
        summary += _bullets(rows)
        out.append(summary)
        for path in files:
            info = describe_file(path)
            name = str(path.relative_to(root))
            sec = _section(self.state.document, name, f"{set_id}-{name}")
            sec += _para("Source: " + (" ".join(str(info["source"]).split()) if info["source"]
                                       else "no source field in the file."))
            if info["header"]:
                sec += _para("From the file's header: " + info["header"])
            if info["whole"]:
                sec += _para("Stand-in: the whole file is a reconstruction, not the published values.")
            if info["listed"]:
                sec += _para("Stand-in entries: " + ", ".join(info["listed"]) + ".")
            if info["stand_ins"]:
                sec += _para(f"Stand-ins ({len(info['stand_ins'])}):")
                sec += _bullets([label + "".join(f" - {k}: {' '.join(str(v).split())}"
                                                 for k, v in (("source", src), ("note", note)) if v)
                                 for label, src, note in info["stand_ins"]])
            if info["sourced"]:
                sec += _para(f"Entries with their own source ({len(info['sourced'])}):")
                sec += _bullets([f"{label}: {' '.join(src.split())}" for label, src in info["sourced"]])
            out.append(sec)
        return out


def write_pages(app: Sphinx) -> None:
    """One stub page per set and an index, rewritten only when their text changes."""
    folder = Path(app.srcdir) / OUT_DIR
    folder.mkdir(exist_ok=True)
    names = list(sets())
    pages = {"index": "Data sources and reconstructions\n================================\n\n"
             "Generated from the ``source`` and ``stand_in`` fields of the files under ``data/``\n"
             "(``docs/_ext/data_sources.py``): for each set, what is played, what is a\n"
             "reconstruction and where its values come from.\n\n"
             ".. toctree::\n   :maxdepth: 1\n\n" + "".join(f"   {n}\n" for n in names)}
    for n in names:
        title = TITLES.get(n, n)
        pages[n] = (f".. This page is generated by docs/_ext/data_sources.py; edit the data instead.\n\n"
                    f"{title}\n{'=' * len(title)}\n\n.. talisman-data-sources:: {n}\n")
    for n, text in pages.items():
        target = folder / f"{n}.rst"
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")
    for stale in folder.glob("*.rst"):
        if stale.stem not in pages:
            stale.unlink()


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("talisman-data-sources", DataSources)
    app.connect("builder-inited", write_pages)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
