"""Malformed data files, drawn by hypothesis: one value of one file (an expansion's own table, read
by the reader its module registers, or another file, each loaded with ``definitions.load_from``,
of every kind: cards, characters, board, abilities, endings, options) deleted or replaced by junk.  Each copy loads, or is refused with a
:class:`~talisman.errors.DataError` naming the file (never a raw KeyError, TypeError or yaml
traceback), and the entry and the field wherever the change is not the file's whole shape (the
guide's Standards: "a malformed YAML card names its file")."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from talisman import definitions
from talisman.engine.data import data_root
from talisman.errors import DataError
from talisman.engine.ruleset import RULESET
from talisman.expansions import timescape
from talisman.triwizard import definitions as triwizard_definitions

#: An expansion's (or an option's) own file: each a plugin registers with its reader
#: (``Plugin.data_files``), which ``load_from`` calls.
OWN = sorted(f"talisman/{rel}" for rel in RULESET.data_files())
#: Files ``load_from`` reads: one of each kind (the whole tree loads in about half a second).
LOADED = ["talisman/cards/adventure.yaml", "talisman/cards/spells.yaml", "talisman/characters.yaml",
          "talisman/board.yaml", "talisman/abilities.yaml", "talisman/endings.yaml",
          "talisman/exceptions.yaml", "talisman/expansions/harbinger/cards/harbinger.yaml",
          "triwizard/maze.yaml", "triwizard/battle_cards.yaml"]
JUNK = st.sampled_from([None, "garbage", -7, 3.5, [], {}, [1, 2], {"x": 1}, True, "", 10 ** 9])


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    root = tmp_path_factory.mktemp("data") / "data"
    shutil.copytree(data_root(), root)
    return root


def _paths(doc, prefix=()):
    if prefix:
        yield prefix
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _paths(v, (*prefix, i))


def _load(rel, root, monkeypatch):
    if rel.startswith("triwizard/"):
        return triwizard_definitions.load_from(root / "triwizard")
    return definitions.load_from(root / "talisman")


def _mangle(data, rel, root):
    """Draw a path of ``rel`` and a change of it; write the changed copy; -> (path, original text)."""
    f = root / rel
    text = f.read_text(encoding="utf-8")
    doc = yaml.safe_load(text)
    path = data.draw(st.sampled_from(list(_paths(doc))), label="path")
    cur = doc
    for k in path[:-1]:
        cur = cur[k]
    if data.draw(st.booleans(), label="delete"):
        del cur[path[-1]]
    else:
        cur[path[-1]] = data.draw(JUNK, label="junk")
    f.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return path, text


def _outcome(data, rel, root, monkeypatch):
    """Mangle one value of ``rel`` (drawn from ``data``), load it, put the file back; return
    ``(named, error, path)``: ``named`` True when it still loads or the library's ``DataError``
    names a file of the tree and, when it is the mangled file and the change lies inside an
    entry, where in it; any other exception propagates (a raw traceback fails the test)."""
    path, text = _mangle(data, rel, root)
    try:
        _load(rel, root, monkeypatch)
    except DataError as e:
        named = e.file.endswith(".yaml") and not (
            Path(e.file).resolve() == (root / rel).resolve() and len(path) > 1
            and e.entry is None and not e.field)
        return named, e, path
    finally:
        (root / rel).write_text(text, encoding="utf-8")
    return True, None, path


@pytest.mark.parametrize("rel", sorted(OWN))
def test_every_own_data_file_loads_unchanged(tree, rel, monkeypatch):
    assert _load(rel, tree, monkeypatch)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_malformed_own_data_file_is_a_data_error_naming_file_entry_and_field(tree, data, monkeypatch):
    rel = data.draw(st.sampled_from(sorted(OWN)), label="file")
    named, error, path = _outcome(data, rel, tree, monkeypatch)
    assert named, f"{rel} at {path}: the error names no file or no place in it: {error}"


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_malformed_loaded_data_file_is_a_data_error_naming_file_entry_and_field(tree, data, monkeypatch):
    rel = data.draw(st.sampled_from(LOADED), label="file")
    named, error, path = _outcome(data, rel, tree, monkeypatch)
    assert named, f"{rel} at {path}: the error names no file or no place in it: {error}"


def test_the_dungeon_chart_was_read_unchecked(tree, monkeypatch):
    """Was: ``KeyError: 'table'`` (or a wrong row read as a space) at play time, the chart
    read without a schema; now refused on load, naming the row."""
    f = tree / "talisman/expansions/dungeon/chart.yaml"
    text = f.read_text(encoding="utf-8")
    try:
        f.write_text(text.replace('"6": crown_of_command', '"6": nowhere'), encoding="utf-8")
        with pytest.raises(DataError, match=r"chart\.yaml: entry 'table', field '6': unknown space id 'nowhere'"):
            _load("talisman/expansions/dungeon/chart.yaml", tree, monkeypatch)
    finally:
        f.write_text(text, encoding="utf-8")


def test_the_timescape_magic_table_keeps_its_whole_text():
    """Row 7's text held a comma in a YAML flow mapping: it was cut at the comma (a stray key
    ``do not Discard``), which the table's new schema refused."""
    assert timescape.magic_table()[7]["text"] == "Spell/Scroll had Double Effect, do not Discard"
