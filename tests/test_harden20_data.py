"""Every data file read by the loader, once; a card's ``data`` keys checked (harden20).

DESIGN.md 4: "Data is validated when loaded, against a schema: an unknown field, a missing number,
a dangling id or a wrong type stops loading with a message that names the file, the card id and
the field."  A rule module's own tables are read by the reader its plugin registers
(``Plugin.data_files``, ruling R-HARDEN20.1); a card's ``data`` mapping (its handlers' own keys)
is checked against the keys the base rules and the plugins read (``definitions.CARD_DATA``,
``Plugin.card_data``, ruling R-HARDEN20.4).
"""
from __future__ import annotations

import shutil
from pathlib import Path

import attrs
import pytest
import yaml

from talisman import definitions
from talisman.definitions import load
from talisman.engine.ruleset import RULESET
from talisman.errors import DataError
from talisman.expansions import dungeon, wizards_tower
from talisman.expansions.airships import data as airships
from talisman.expansions.blood_moon import lycanthropy
from talisman.expansions.brotherhood import data as brotherhood
from talisman.expansions.catacombs import data as catacombs
from talisman.expansions.city_law import data as city
from talisman.expansions.emperors_guard import data as guard
from talisman.expansions.harbinger import figure, terrain
from talisman.rules import henchmen, master_levels, noblemen

DATA = Path(__file__).resolve().parents[1] / "data" / "talisman"


def test_the_loader_keeps_every_registered_table_and_the_modules_read_it_there():
    """No file is parsed twice: each module's accessor answers the very table ``load()`` read."""
    tables = load().tables
    assert sorted(tables) == sorted(RULESET.data_files()) and len(tables) == 19
    for fn, rel in [(airships.rules, airships.FILE), (brotherhood.rules, brotherhood.FILE),
                    (catacombs.rules, catacombs.FILE), (city.rules, city.FILE), (guard.rules, guard.FILE),
                    (lycanthropy.werewolf_card, lycanthropy.FILE), (wizards_tower.tower_data, wizards_tower.FILE),
                    (dungeon.chart, dungeon.FILE), (figure.chart, figure.FILE), (terrain.places, terrain.FILE),
                    (noblemen.table, noblemen.FILE), (henchmen.table, henchmen.FILE),
                    (master_levels.table, master_levels.FILE)]:
        assert fn() is tables[rel], rel


def test_a_table_is_checked_against_the_definitions_it_is_given():
    """The Catacombs' exit chart names the Crags: a reader given definitions whose board lacks the
    Crags refuses the packaged file (it checks the definitions being loaded, never ``load()``'s)."""
    defs = load()
    board = attrs.evolve(defs.board, spaces={k: v for k, v in defs.board.spaces.items() if k != "crags"})
    with pytest.raises(DataError, match=r"catacombs\.yaml: entry 'chart\.table\.3', field 'space': unknown space id 'crags'"):
        catacombs.read(DATA / catacombs.FILE, attrs.evolve(defs, board=board))
    assert catacombs.read(DATA / catacombs.FILE, defs) == catacombs.rules()


def _card_with(rel, key):
    doc = yaml.safe_load((DATA / rel).read_text())
    return doc, next(c for c in doc["cards"] if key in (c.get("data") or {}))


@pytest.mark.parametrize("rel, key, junk", [
    ("cards/spells.yaml", "saves_life", "saves_lives"),                        # a base rule's key
    ("expansions/blood_moon/cards/adventure.yaml", "burns", "burn"),          # an expansion's
    ("cards/optional_rules.yaml", "owner_abilities", "owner_ability"),        # an option's
])
def test_a_misspelt_data_key_is_a_data_error_naming_file_card_and_field(tmp_path, rel, key, junk):
    root = tmp_path / "talisman"
    shutil.copytree(DATA, root)
    doc, card = _card_with(rel, key)
    card["data"][junk] = card["data"].pop(key)
    (root / rel).write_text(yaml.safe_dump(doc, sort_keys=False))
    with pytest.raises(DataError) as e:
        definitions.load_from(root)
    message = str(e.value)
    assert Path(rel).name in message and card["id"] in message and f"data.{junk}" in message, message
    assert "unknown field" in message


@pytest.mark.parametrize("rel, key, junk", [
    ("cards/spells.yaml", "saves_life", "yes"),
    ("expansions/harbinger/cards/harbinger.yaml", "attack_per_trophy", "two"),
    ("expansions/blood_moon/cards/adventure.yaml", "spoils", "sword"),
    ("expansions/harbinger/cards/harbinger.yaml", "on_meet", [{"zz_unknown": {}}]),   # an effect list
])
def test_a_data_value_of_the_wrong_kind_is_a_data_error(tmp_path, rel, key, junk):
    root = tmp_path / "talisman"
    shutil.copytree(DATA, root)
    doc, card = _card_with(rel, key)
    card["data"][key] = junk
    (root / rel).write_text(yaml.safe_dump(doc, sort_keys=False))
    with pytest.raises(DataError) as e:
        definitions.load_from(root)
    assert card["id"] in str(e.value) and f"data.{key}" in str(e.value), str(e.value)


def test_every_data_key_declared_is_one_a_card_holds():
    """The control: the schemas name the keys the data uses, no more (a key left behind when its
    last card goes is taken out)."""
    used = {k for c in load().cards.values() for k in (c.data or {})}
    declared = set(definitions.CARD_DATA) | set(RULESET.card_data_schemas())
    assert declared == used
    assert not set(definitions.CARD_DATA) & set(RULESET.card_data_schemas())  # each key once


def test_a_title_given_twice_in_the_noblemen_table_is_a_data_error(tmp_path):
    """The Title cards are kept by id (``noblemen.table``): a second entry with an id would
    silently replace the first; it stops loading, naming the file and the Title."""
    root = tmp_path / "talisman"
    shutil.copytree(DATA, root)
    doc = yaml.safe_load((root / noblemen.FILE).read_text())
    doc["titles"].append(dict(doc["titles"][0]))
    (root / noblemen.FILE).write_text(yaml.safe_dump(doc, sort_keys=False))
    with pytest.raises(DataError, match=rf"noblemen\.yaml: entry '{doc['titles'][0]['id']}', field 'id': a Title given twice"):
        definitions.load_from(root)
