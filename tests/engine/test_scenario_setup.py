"""Scenario setup keys for expansion state and endings (docs/scenarios.md)."""
import pytest

from talisman.errors import TalismanError
from talisman.scenarios import setup_state


def test_ext_merges_into_an_enabled_expansions_state():
    s = setup_state({"characters": ["warrior"], "expansions": ["blood_moon"],
                     "ext": {"blood_moon": {"time": "night"}}}, [])
    assert s.ext["blood_moon"]["time"] == "night"


def test_ext_for_an_expansion_not_in_play_is_an_error():
    with pytest.raises(TalismanError, match="not among the setup's expansions"):
        setup_state({"characters": ["warrior"], "ext": {"blood_moon": {"time": "night"}}}, [])


def test_ending_sets_the_alternative_endings_in_play():
    s = setup_state({"characters": ["warrior"], "options": {"alternative_endings": True},
                     "ending": {"deck": [], "card": "demon_lord"}}, [])
    assert s.ending["card"] == "demon_lord"
