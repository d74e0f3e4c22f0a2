"""Malformed data files loaded through the public loader (harden19, written code-blind).

The developers' guide: "Bad input gets the library's own clear error, never a traceback from
deep inside, never a hang: a malformed YAML card names its file, card and field."  DESIGN.md 4:
"an unknown field, a missing number, a dangling id or a wrong type stops loading with a message
that names the file, the card id and the field."

A user points the library at a data folder with ``talisman.definitions.load_from(root)`` (and
``talisman.triwizard.definitions.load_from(root)``); a game itself is always played on the
packaged data (``new_game`` takes no data folder).  Each test copies the packaged folder, breaks
one file in one way and loads the copy.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from hangs import deadline  # a hang is a failure (tests/hangs.py)
from talisman import definitions
from talisman.errors import DataError
from talisman.triwizard import definitions as tw_definitions

DATA = Path(__file__).resolve().parents[1] / "data"
TALISMAN_FILES = sorted(str(p.relative_to(DATA / "talisman")) for p in (DATA / "talisman").rglob("*.yaml"))
TRIWIZARD_FILES = sorted(str(p.relative_to(DATA / "triwizard")) for p in (DATA / "triwizard").rglob("*.yaml"))

# Every file under data/talisman is read by `load_from` (its docstring: "every Talisman data file
# under root"): the board, characters, cards... by the loader itself, and a rule module's own
# tables (an expansion's charts, an option's table) by the reader its plugin registers
# (``Plugin.data_files``; harden20: these 19 files loaded silently when broken before).


def broken_copy(tmp_path: Path, game: str, rel: str, text: str) -> Path:
    root = tmp_path / game
    shutil.copytree(DATA / game, root)
    (root / rel).write_text(text, encoding="utf-8")
    return root


def load_error(tmp_path: Path, rel: str, text: str, game: str = "talisman", names: tuple = ()) -> DataError:
    root = broken_copy(tmp_path, game, rel, text)
    loader = definitions.load_from if game == "talisman" else tw_definitions.load_from
    with deadline():
        with pytest.raises(DataError) as info:
            loader(root)
    assert any(f in str(info.value) for f in (rel, *names)), f"the error does not name the file {rel}: {info.value}"
    return info.value


def edited(rel: str, edit, game: str = "talisman") -> str:
    """The text of ``rel`` with ``edit`` applied to its parsed document."""
    doc = yaml.safe_load((DATA / game / rel).read_text(encoding="utf-8"))
    edit(doc)
    return yaml.safe_dump(doc, sort_keys=False)


def marks_for(rel: str, also=None):
    marks = []
    if also and rel in also:
        marks.append(pytest.mark.xfail(strict=True, reason=also[rel]))
    return marks


EMPTY_FAILS: dict[str, str] = {}
LIST_FAILS: dict[str, str] = {}


@pytest.mark.parametrize("rel", [pytest.param(r, marks=marks_for(r, EMPTY_FAILS)) for r in TALISMAN_FILES])
def test_an_empty_data_file_is_a_data_error_naming_it(tmp_path, rel):
    assert rel in str(load_error(tmp_path, rel, ""))


@pytest.mark.parametrize("rel", [pytest.param(r, marks=marks_for(r)) for r in TALISMAN_FILES])
def test_a_data_file_that_is_not_yaml_is_a_data_error_naming_it(tmp_path, rel):
    error = load_error(tmp_path, rel, "cards: [{id: x, name: {{: [\n")
    assert "YAML" in str(error)


@pytest.mark.parametrize("rel", [pytest.param(r, marks=marks_for(r, LIST_FAILS)) for r in TALISMAN_FILES])
def test_a_list_where_the_file_holds_a_mapping_is_a_data_error_naming_it(tmp_path, rel):
    load_error(tmp_path, rel, "- id: bear\n- id: wolf\n")


@pytest.mark.parametrize("rel", TRIWIZARD_FILES)
@pytest.mark.parametrize("text", ["", "grid: [ {{\n", "- a\n- b\n"], ids=["empty", "not_yaml", "a_list"])
def test_a_broken_triwizard_file_is_a_data_error_naming_it(tmp_path, rel, text):
    load_error(tmp_path, rel, text, game="triwizard")


def first(key):
    return lambda doc: doc[key][0]


CHARACTER_CASES = {
    "missing_strength": (lambda c: c.pop("strength"), "strength"),
    "strength_a_word": (lambda c: c.__setitem__("strength", "four"), "strength"),
    "strength_negative": (lambda c: c.__setitem__("strength", -3), "strength"),
    "craft_a_list": (lambda c: c.__setitem__("craft", [3]), "craft"),
    "start_unknown_space": (lambda c: c.__setitem__("start", "nowhere"), "start"),
    "ability_unknown": (lambda c: c.__setitem__("abilities", ["zz_unknown"]), "abilities"),
    "abilities_a_map": (lambda c: c.__setitem__("abilities", {"assassinate": 1}), "abilities"),
    "alignment_unknown": (lambda c: c.__setitem__("alignment", "chaotic"), "alignment"),
    "size_unknown": (lambda c: c.__setitem__("size", "XL"), "size"),
    "unknown_field": (lambda c: c.__setitem__("wings", 2), "wings"),
}


@pytest.mark.parametrize("rel", ["characters.yaml", "characters_compendium.yaml"])
@pytest.mark.parametrize("case", sorted(CHARACTER_CASES))
def test_a_broken_character_names_file_character_and_field(tmp_path, rel, case):
    change, field = CHARACTER_CASES[case]
    cid = yaml.safe_load((DATA / "talisman" / rel).read_text())["characters"][0]["id"]
    error = load_error(tmp_path, rel, edited(rel, lambda doc: change(doc["characters"][0])))
    assert cid in str(error) and field in str(error), str(error)


CARD_CASES = {
    "missing_type": (lambda c: c.pop("type"), "type"),
    "copies_negative": (lambda c: c.__setitem__("copies", -1), "copies"),
    "copies_a_word": (lambda c: c.__setitem__("copies", "one"), "copies"),
    "number_a_list": (lambda c: c.__setitem__("number", [1]), "number"),
    "effect_a_map": (lambda c: c.__setitem__("effect", {"gain": {"lives": 1}}), "effect"),
    "effect_unknown": (lambda c: c.__setitem__("effect", [{"zz_unknown": {}}]), "effect"),
    "gain_a_word": (lambda c: c.__setitem__("effect", [{"gain": {"lives": "many"}}]), "effect"),
    "unknown_field": (lambda c: c.__setitem__("wings", 2), "wings"),
}


@pytest.mark.parametrize("case", sorted(CARD_CASES))
def test_a_broken_adventure_card_names_file_card_and_field(tmp_path, case):
    change, field = CARD_CASES[case]
    error = load_error(tmp_path, "cards/adventure.yaml", edited("cards/adventure.yaml", lambda doc: change(doc["cards"][0])))
    assert "angel" in str(error) and field in str(error), str(error)


def test_a_card_given_twice_is_a_data_error_naming_it(tmp_path):
    error = load_error(
        tmp_path, "cards/adventure.yaml", edited("cards/adventure.yaml", lambda doc: doc["cards"].append(dict(doc["cards"][0])))
    )
    assert "angel" in str(error)


def test_a_card_id_in_two_files_is_a_data_error(tmp_path):
    """The Spells' first card given again, as an Adventure card: two definitions of one id."""
    spell = yaml.safe_load((DATA / "talisman/cards/spells.yaml").read_text())["cards"][0]
    twin = {k: v for k, v in spell.items() if k not in ("cast",)}
    twin.update(type="object", number=5)
    error = load_error(
        tmp_path, "cards/adventure.yaml", edited("cards/adventure.yaml", lambda doc: doc["cards"].append(twin)),
        names=("cards/spells.yaml",),
    )
    assert spell["id"] in str(error)


def test_a_card_file_naming_an_unknown_deck_is_a_data_error(tmp_path):
    """The Adventure cards' file naming another deck leaves the rules without the Adventure deck."""
    error = load_error(tmp_path, "cards/adventure.yaml", edited("cards/adventure.yaml", lambda doc: doc.__setitem__("deck", "zz_unknown")),
                       names=("talisman/cards,",))
    assert "'adventure'" in str(error) and "deck" in str(error)


def test_a_card_file_whose_cards_are_a_mapping_is_a_data_error(tmp_path):
    error = load_error(
        tmp_path, "cards/adventure.yaml",
        edited("cards/adventure.yaml", lambda doc: doc.__setitem__("cards", {c["id"]: c for c in doc["cards"]})),
    )
    assert "cards" in str(error)


def test_a_deck_size_that_does_not_match_its_cards_is_a_data_error(tmp_path):
    error = load_error(tmp_path, "cards/adventure.yaml", edited("cards/adventure.yaml", lambda doc: doc["cards"].pop(0)))
    assert "size" in str(error)


SPACE_CASES = {
    "neighbour_unknown": (lambda s: s["neighbours"].append("nowhere"), "neighbours"),
    "neighbours_a_map": (lambda s: s.__setitem__("neighbours", {"fields_1": 1}), "neighbours"),
    "draw_negative": (lambda s: s.__setitem__("draw", -2), "draw"),
    "draw_a_word": (lambda s: s.__setitem__("draw", "two"), "draw"),
    "region_unknown": (lambda s: s.__setitem__("region", "zz_unknown"), "region"),
    "opposite_unknown": (lambda s: s.__setitem__("opposite", ["nowhere"]), "opposite"),
    "missing_region": (lambda s: s.pop("region"), "region"),
}


@pytest.mark.parametrize("case", sorted(SPACE_CASES))
def test_a_broken_board_space_names_file_space_and_field(tmp_path, case):
    change, field = SPACE_CASES[case]
    error = load_error(tmp_path, "board.yaml", edited("board.yaml", lambda doc: change(doc["spaces"][0])))
    assert "village" in str(error) and field in str(error), str(error)


def test_a_one_way_neighbour_is_a_data_error(tmp_path):
    def drop(doc):
        doc["spaces"][0]["neighbours"].remove("fields_1")

    error = load_error(tmp_path, "board.yaml", edited("board.yaml", drop))
    assert "village" in str(error) and "fields_1" in str(error), str(error)


def test_a_space_given_twice_is_a_data_error_naming_it(tmp_path):
    error = load_error(tmp_path, "board.yaml", edited("board.yaml", lambda doc: doc["spaces"].append(dict(doc["spaces"][0]))))
    assert "village" in str(error)


def test_an_ability_given_twice_is_a_data_error_naming_it(tmp_path):
    error = load_error(tmp_path, "abilities.yaml", edited("abilities.yaml", lambda doc: doc["abilities"].append(dict(doc["abilities"][0]))))
    assert "assassinate" in str(error)


def test_an_endings_chart_naming_an_unknown_space_is_a_data_error(tmp_path):
    def bad(doc):
        doc["demon_lord"]["barrier"]["chart"]["5"] = "nowhere"

    error = load_error(tmp_path, "endings.yaml", edited("endings.yaml", bad))
    assert "nowhere" in str(error)


TRIWIZARD_CASES = {
    "battle_strength_negative": ("battle_cards.yaml", lambda d: d["cards"][0].__setitem__("strength", -4), "strength"),
    "battle_copies_a_word": ("battle_cards.yaml", lambda d: d["cards"][0].__setitem__("copies", "one"), "copies"),
    "battle_duplicate": ("battle_cards.yaml", lambda d: d["cards"].append(dict(d["cards"][0])), "red_3_6"),
    "obstacle_colour_unknown": ("obstacles.yaml", lambda d: d["obstacles"][0].__setitem__("colours", ["plaid"]), "colours"),
    "obstacle_missing_strength": ("obstacles.yaml", lambda d: d["obstacles"][0].pop("strength"), "strength"),
    "obstacles_a_map": ("obstacles.yaml", lambda d: d.__setitem__("obstacles", {"x": d["obstacles"][0]}), "obstacles"),
}


@pytest.mark.parametrize("case", sorted(TRIWIZARD_CASES))
def test_a_broken_triwizard_entry_names_file_and_field(tmp_path, case):
    rel, change, field = TRIWIZARD_CASES[case]
    error = load_error(tmp_path, rel, edited(rel, change, game="triwizard"), game="triwizard")
    assert field in str(error), str(error)


def test_the_packaged_data_loads_from_a_copy(tmp_path):
    """The control: an unbroken copy loads, so each test above fails for its one change."""
    root = tmp_path / "talisman"
    shutil.copytree(DATA / "talisman", root)
    with deadline():
        defs = definitions.load_from(root)
    assert "warrior" in defs.characters
    tw_root = tmp_path / "triwizard"
    shutil.copytree(DATA / "triwizard", tw_root)
    with deadline():
        assert len(tw_definitions.load_from(tw_root).battle_deck) == 40
