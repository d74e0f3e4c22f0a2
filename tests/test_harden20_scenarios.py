"""A scenario that checks nothing is refused (harden20, ruling R-HARDEN20.3).

docs/scenarios.md: "`expect` | what must hold afterwards (required)"; a rules-clarification
scenario states the outcome its `rules:` section settles.  Before, an `expect: {}` ran to success
(R-HARDEN19.4 left it), and a file with `rules:` but no `expect:` was not even collected by the
pytest plugin, so it failed nowhere.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from talisman.errors import ScenarioError
from talisman.scenarios import run_file
from talisman_pytest import looks_like_scenario

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = [ROOT / "tests" / "scenarios", ROOT / "tests" / "triwizard" / "scenarios"]

HEAD = """\
name: a Toad moves one space
rules: "000 TOADS & TRANSFORMATIONS"
setup:
  characters:
    - {id: thief, space: graveyard, fate: 0, toad_turns: 2}
actions: []
"""


@pytest.mark.parametrize("expect", ["expect: {}\n", "expect: {dice_left: 0}\n"])
def test_an_expect_that_states_no_outcome_is_refused_naming_its_line(tmp_path, expect):
    f = tmp_path / "empty.yaml"
    f.write_text(HEAD + expect)
    with pytest.raises(ScenarioError, match=r"empty\.yaml:7: expect states no outcome"):
        run_file(f)


def test_an_expect_with_no_value_is_refused(tmp_path):
    f = tmp_path / "none.yaml"
    f.write_text(HEAD + "expect:\n")
    with pytest.raises(ScenarioError, match=r"none\.yaml:7: expect must map paths to values"):
        run_file(f)


def test_a_scenario_without_expect_is_collected_and_fails_saying_so(tmp_path):
    f = tmp_path / "missing.yaml"
    f.write_text(HEAD)
    assert looks_like_scenario(f)  # the pytest plugin collects it
    with pytest.raises(ScenarioError, match=r"missing\.yaml:1: missing 'expect'"):
        run_file(f)


def test_an_expect_that_states_one_outcome_runs(tmp_path):
    """The control: the same file with one expectation passes (``dice_left: 1`` says a roll must
    not happen, an outcome of its own)."""
    f = tmp_path / "good.yaml"
    f.write_text(HEAD.replace("actions: []", "dice: [6]\nactions: []")
                 + "expect: {legal_contains: [move:woods_1], dice_left: 1}\n")
    assert run_file(f).passed


def test_every_file_of_the_scenario_folders_is_collected():
    """A YAML file of a scenario folder without ``rules:`` would be skipped by the plugin."""
    files = [p for folder in FOLDERS for p in folder.rglob("*.y*ml")]
    assert len(files) > 3000
    assert [p.name for p in files if not looks_like_scenario(p)] == []
