"""Malformed scenario files, through the scenario loader and `talisman check` (harden19, code-blind).

The developers' guide: "Bad input gets the library's own clear error, never a traceback from
deep inside, never a hang."  docs/scenarios.md: "A malformed file names its line"; "A failed
expectation names the path, the expected and the actual value."  Each case changes one thing in
a scenario that passes (the control, first) and asks for a :class:`ScenarioError` naming the
file, a line and the key, or, for a wrong ``expect:``, a failure naming the path and both values.
"""

from __future__ import annotations

import copy
import re

import pytest
import yaml
from click.testing import CliRunner

from hangs import deadline  # a hang is a failure (tests/hangs.py)
from talisman import scenarios
from talisman.cli import main
from talisman.errors import ScenarioError

# docs/scenarios.md's example: the Warrior (Strength 4) meets the Sentinel (Strength 9) in a standoff.
BASE = {
    "name": "A standoff with the Sentinel ends the move on the Sentinel",
    "rules": "000 SENTINEL SPACE",
    "setup": {"characters": [{"id": "warrior", "space": "woods_1", "strength": 4, "lives": 4, "fate": 0}, "troll"]},
    "dice": [2, 6, 1, 1],
    "actions": ["move:hills_3", "fight"],
    "expect": {"characters.warrior.space": "sentinel", "characters.warrior.lives": 4},
}


def write(tmp_path, doc, name="scenario.yaml"):
    path = tmp_path / name
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return path


def with_setup(**changes):
    doc = copy.deepcopy(BASE)
    for key, value in changes.items():
        if value is DELETE:
            doc["setup"].pop(key, None)
        else:
            doc["setup"][key] = value
    return doc


def with_warrior(**fields):
    doc = copy.deepcopy(BASE)
    doc["setup"]["characters"][0].update(fields)
    return doc


DELETE = object()


def refused(tmp_path, doc):
    """The ScenarioError refusing the file: it begins with the file and a line; returned is what
    follows them (so a word found there is not merely part of the test's folder name)."""
    path = write(tmp_path, doc)
    with deadline(60):
        with pytest.raises(ScenarioError) as info:
            scenarios.run_file(str(path))
    text = str(info.value)
    where = re.match(re.escape(str(path)) + r":\d+: ", text)
    assert where, f"no file and line in: {text}"
    return text[where.end():]


def test_the_control_scenario_passes(tmp_path):
    with deadline(60):
        result = scenarios.run_file(str(write(tmp_path, BASE)))
    assert result.failures == ()


WRONG_TYPES = {
    "characters": ({"warrior": {}}, "setup.characters"),
    "expansions": ("city", "setup.expansions"),
    "options": (["max_rounds"], "setup.options"),
    "seed": ("seven", "setup.seed"),
    "current": (["warrior"], "setup.current"),
    "deck_tops": (["bear"], "setup.deck_tops"),
    "board_cards": ("bear", "setup.board_cards"),
    "board_gold": ([2], "setup.board_gold"),
    "discards": (["bear"], "setup.discards"),
    "reached_crown": ("warrior", "setup.reached_crown"),
}


@pytest.mark.parametrize("key", sorted(WRONG_TYPES))
def test_a_setup_key_of_the_wrong_type_names_its_key(tmp_path, key):
    value, named = WRONG_TYPES[key]
    text = refused(tmp_path, with_setup(**{key: value}))
    assert named in text, text


FIELD_TYPES = {
    "space": 7, "strength": "four", "craft": [2], "lives": 2.5, "fate": True, "gold": {"a": 1},
    "alignment": "chaotic", "objects": "sword", "spells": 3, "followers": {"x": 1}, "trophies": "bear",
    "lost_turn": "yes", "alive": "no", "wings": 2,
}


@pytest.mark.parametrize("field", sorted(FIELD_TYPES))
def test_a_character_field_of_the_wrong_type_names_the_field(tmp_path, field):
    text = refused(tmp_path, with_warrior(**{field: FIELD_TYPES[field]}))
    assert f"warrior.{field}" in text, text


UNKNOWN_IDS = {
    "character": (dict(characters=["warrior", "gandalf"]), "gandalf"),
    "space": (dict(characters=[{"id": "warrior", "space": "mordor"}]), "mordor"),
    "object": (dict(characters=[{"id": "warrior", "objects": ["ring_of_power"]}]), "ring_of_power"),
    "expansion": (dict(expansions=["moria"]), "moria"),
    "option": (dict(options={"second_breakfast": True}), "second_breakfast"),
    "option_value": (dict(options={"movement_die": "d100"}), "movement_die"),
    "current": (dict(current="gandalf"), "gandalf"),
    "deck_tops_card": (dict(deck_tops={"adventure": ["balrog"]}), "balrog"),
    "deck_tops_deck": (dict(deck_tops={"moria": ["bear"]}), "moria"),
    "board_cards_space": (dict(board_cards={"mordor": ["bear"]}), "mordor"),
    "board_gold_space": (dict(board_gold={"mordor": 2}), "mordor"),
    "discards_card": (dict(discards={"adventure": ["balrog"]}), "balrog"),
    "reached_crown": (dict(reached_crown=["gandalf"]), "gandalf"),
    "lasting": (dict(lasting={"eternal_night": {"by": "warrior", "until_round": 2}}), "eternal_night"),
    "setup_key": (dict(forecast="rain"), "forecast"),
    "ext_module": (dict(ext={"moria": {"x": 1}}), "moria"),
}


@pytest.mark.parametrize("case", sorted(UNKNOWN_IDS))
def test_an_unknown_id_in_the_setup_is_named(tmp_path, case):
    changes, named = UNKNOWN_IDS[case]
    text = refused(tmp_path, with_setup(**changes))
    assert named in text, text


OUT_OF_RANGE = {
    "strength_negative": (dict(strength=-1), "strength"),
    "gold_huge": (dict(gold=10**30), "gold"),
    "lost_turn_negative": (dict(lost_turn=-2), "lost_turn"),
    "fate_negative": (dict(fate=-1), "fate"),
}


@pytest.mark.parametrize("case", sorted(OUT_OF_RANGE))
def test_an_out_of_range_character_value_is_named(tmp_path, case):
    fields, named = OUT_OF_RANGE[case]
    text = refused(tmp_path, with_warrior(**fields))
    assert named in text, text


@pytest.mark.parametrize("field", ["strength", "craft"])
def test_a_strength_or_craft_of_0_is_refused(tmp_path, field):
    text = refused(tmp_path, with_warrior(**{field: 0}))
    assert f"warrior.{field}" in text, text


def test_a_living_character_with_no_lives_is_refused(tmp_path):
    text = refused(tmp_path, with_warrior(lives=0))
    assert "warrior.lives" in text, text


@pytest.mark.parametrize("field,card", [("spells", "sword"), ("scrolls", "teleport"), ("spells", "bear")])
def test_a_card_of_the_wrong_kind_for_its_place_is_refused(tmp_path, field, card):
    """An Object or an Enemy is never held among the Spells, nor a Spell among the Scrolls."""
    text = refused(tmp_path, with_warrior(**{field: [card]}))
    assert f"warrior.{field}" in text, text
    assert card in text, text


def test_an_ending_without_the_alternative_endings_is_refused(tmp_path):
    text = refused(tmp_path, with_setup(ending={"deck": [], "card": "demon_lord"}))
    assert "ending" in text, text
    assert "alternative_endings" in text, text


@pytest.mark.parametrize("key,value", [("name", 7), ("rules", 7)])
def test_name_and_rules_must_be_text(tmp_path, key, value):
    doc = copy.deepcopy(BASE)
    doc[key] = value
    text = refused(tmp_path, doc)
    assert key in text, text


@pytest.mark.parametrize("key", ["name", "rules", "expect"])
def test_a_required_key_left_out_is_named(tmp_path, key):
    doc = copy.deepcopy(BASE)
    del doc[key]
    text = refused(tmp_path, doc)
    assert key in text, text


@pytest.mark.parametrize("value", [7, "2,6", [2, "six"], [2.5], [True], [-1], [10**30]], ids=str)
def test_bad_dice_are_refused(tmp_path, value):
    doc = copy.deepcopy(BASE)
    doc["dice"] = value
    assert "dice" in refused(tmp_path, doc)


@pytest.mark.parametrize("value", ["move:hills_3", 7, [7], [None], [["fight"]], ["fly:away"]], ids=str)
def test_bad_actions_are_refused_naming_the_action(tmp_path, value):
    doc = copy.deepcopy(BASE)
    doc["actions"] = value
    text = refused(tmp_path, doc)
    assert "action" in text


def test_a_wrong_expectation_names_the_path_the_expected_and_the_actual_value(tmp_path):
    doc = copy.deepcopy(BASE)
    doc["expect"] = {"characters.warrior.space": "chapel", "characters.warrior.lives": 4}
    with deadline(60):
        result = scenarios.run_file(str(write(tmp_path, doc)))
    assert str(result.failures[0]) == "characters.warrior.space: expected 'chapel', got 'sentinel'"
    assert "characters.warrior.lives" not in " ".join(map(str, result.failures))


@pytest.mark.parametrize(
    "expect,named",
    [
        ({"log_contains": "standoff"}, "log_contains"),
        ({"legal_contains": 5}, "legal_contains"),
        ({"contains": {"characters.warrior.objects": "sword"}}, "contains"),
        ({"error": 5}, "error"),
        ({"odds": {"until": "turn_ended", "is": {"won": 0.5}}}, "odds"),
        ([{"characters.warrior.space": "sentinel"}], "expect"),
    ],
    ids=["log_contains", "legal_contains", "contains", "error", "odds_float", "a_list"],
)
def test_a_malformed_expect_is_refused_naming_its_key(tmp_path, expect, named):
    doc = copy.deepcopy(BASE)
    doc["expect"] = expect
    text = refused(tmp_path, doc)
    assert named in text, text


@pytest.mark.parametrize(
    "text",
    ["", "name: [unclosed\n", "- a\n- b\n", "\xff\xfe junk", "name: x\nrules: y\nexpect: {a: 1}\n" + "x: &a [*a]\n"],
    ids=["empty", "not_yaml", "a_list", "not_utf8", "recursive_alias"],
)
def test_a_file_that_is_no_scenario_is_refused(tmp_path, text):
    path = tmp_path / "junk.yaml"
    path.write_bytes(text.encode("latin-1"))
    with deadline(60):
        with pytest.raises(ScenarioError) as info:
            scenarios.run_file(str(path))
    assert str(path) in str(info.value)


@pytest.mark.parametrize(
    "doc",
    [with_setup(characters=["warrior", "gandalf"]), with_warrior(strength="four"), dict(BASE, dice="2,6")],
    ids=["unknown_character", "wrong_type", "bad_dice"],
)
def test_talisman_check_reports_a_bad_file_in_one_line_without_a_traceback(tmp_path, doc):
    path = write(tmp_path, doc)
    with deadline(60):
        result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code != 0
    assert "Traceback" not in result.output
    assert str(path) in result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)
