"""Bad game options and set-up arguments get the library's OptionError naming the option,
never a raw TypeError/ValueError from inside the set-up (the guide's Standards)."""
from __future__ import annotations

import pytest

import talisman
from talisman import triwizard
from talisman.errors import OptionError


@pytest.mark.parametrize("value", [3, {"a": 1}, "end_of_days", [1, 2]])
def test_ending_deck_of_the_wrong_type_is_refused_naming_the_option(value):
    """ending_deck is a list of ending ids (an int was a raw TypeError)."""
    with pytest.raises(OptionError, match="rule option ending_deck=.*a list of ending ids"):
        talisman.new_game(["warrior"], options={"alternative_endings": True, "ending_deck": value},
                          expansions=["harbinger"])


def test_ending_deck_as_a_list_still_works():
    s = talisman.new_game(["warrior"], options={"alternative_endings": True,
                                                "ending_deck": ["end_of_days", "armageddon_crown"]},
                          expansions=["harbinger"])
    assert list(s.config.options["ending_deck"]) == ["end_of_days", "armageddon_crown"]


@pytest.mark.parametrize("players", ["2", None, 2.5, {"harry": 1}])
def test_triwizard_players_of_the_wrong_type_are_refused(players):
    """players is a number (2 to 4) or a list of ids ("2" was read as one player, None and 2.5
    were a raw TypeError)."""
    with pytest.raises(OptionError, match="players: a number of players"):
        triwizard.new_game(players=players)


@pytest.mark.parametrize("options", ["x", ["max_turns"], 3])
def test_triwizard_options_that_are_not_a_mapping_are_refused(options):
    """(a string was a raw ValueError from dict())"""
    with pytest.raises(OptionError, match="options: a mapping of rule options"):
        triwizard.new_game(players=2, options=options)


@pytest.mark.parametrize("value", [8, "7", None, True])
def test_craft_trophy_rate_takes_10_or_7_only(value):
    """GAINING CRAFT's rate option (rulings R-PROBE15B.2): a number choice, named in the error
    (the list of choices was joined as text, which a number broke)."""
    with pytest.raises(OptionError, match=r"rule option craft_trophy_rate=.*choose one of 10, 7"):
        talisman.new_game(["warrior"], options={"craft_trophy_rate": value})


def test_craft_trophy_rate_7_is_accepted_and_kept():
    s = talisman.new_game(["warrior"], options={"craft_trophy_rate": 7})
    assert s.option("craft_trophy_rate") == 7
