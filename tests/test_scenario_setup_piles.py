"""The scenario set-up keys ``discards``, ``lasting`` and ``ability_stockpile`` (docs/scenarios.md):
positions the rules reach (GAINING SPELLS: "When the Stockpile is exhausted, shuffle the discard
pile"; GAINING SPECIAL ABILITIES, the same for the Ability Stockpile), every card still in one
place."""
from collections import Counter

import pytest

from talisman.definitions import load
from talisman.errors import TalismanError
from talisman.scenarios import held_spells, setup_state
from talisman.testing import invariants


def position(**setup):
    s = setup_state({"characters": [{"id": "warrior", "fate": 0}, {"id": "troll", "fate": 0}], **setup}, [])
    assert invariants.card_places(s) == invariants.expected_cards(s)  # no card lost or doubled
    return s


def test_discards_rest_leaves_only_the_tops_on_the_deck():
    s = position(deck_tops={"spell": ["healing"]}, discards={"spell": "rest"})
    assert list(s.decks["spell"]) == ["healing"]
    spells = Counter({c: n for c, n in invariants.expected_cards(s).items() if load().cards[c].home_deck == "spell"})
    assert Counter(s.discards["spell"]) + Counter(["healing"]) == spells  # (the Warrior and Troll hold none)


def test_discards_given_lie_in_their_order_the_last_on_top():
    s = position(discards={"adventure": ["bag_of_gold", "sword"]})
    assert list(s.discards["adventure"]) == ["bag_of_gold", "sword"]
    assert list(s.decks["adventure"]).count("sword") == list(position().decks["adventure"]).count("sword") - 1


def test_a_lasting_spell_takes_its_card_out_of_the_deck():
    s = position(lasting={"destroy_magic": {"by": "troll", "until_round": 2, "card": "destroy_magic"}})
    assert s.lasting["destroy_magic"]["by"] == "troll" and "destroy_magic" not in s.decks["spell"]


def test_the_ability_stockpile_pile_given_sends_the_rest_to_the_discards():
    s = position(options={"ability_stockpile": True},
                 ability_stockpile={"held": {"warrior": ["ability_of_prayer"]}, "pile": ["ability_of_the_cave"]})
    m = s.ext["master_levels"]
    assert list(m.abilities["warrior"]) == ["ability_of_prayer"]
    assert list(m.ability_pile) == ["ability_of_the_cave"]
    assert sorted(m.ability_discards) == ["ability_of_foresight", "ability_of_the_crags",
                                          "ability_of_the_hills", "ability_of_the_woods"]


def test_a_spell_held_under_its_own_id_is_one_whose_effect_lasts():
    """CASTING SPELLS: "Once cast, and its effect ended": Invisibility's card lies with its effect
    until the turn ends, so it may be held under its own id; Healing's effect never lasts."""
    s = position(lasting={"invisibility": {"by": "troll", "until_round": 1, "until_turn": 1, "card": "invisibility"}})
    assert s.lasting["invisibility"]["card"] == "invisibility"
    assert {"invisibility", "immobility", "temporal_warp"} <= set(held_spells())
    assert "healing" not in held_spells()
    with pytest.raises(TalismanError, match="the Spell 'healing' has no effect that lasts"):
        position(lasting={"healing": {"by": "troll", "until_round": 1, "until_turn": 1, "card": "healing"}})


def test_ext_of_an_option_in_play_sets_its_slice_the_tithes_taken_out_of_their_decks():
    """Tithings: "a tithing must be left behind ... 1 Gold or any Object": a tithe already lying on a
    Realm (option ``noblemen``, not an expansion) is set by ``ext`` as an expansion's slice is."""
    s = position(options={"noblemen": True}, realms={"chapel": {"owner": "warrior", "title": "baron"}},
                 ext={"noblemen": {"cards": {"chapel": ["sword"]}}})
    assert list(s.ext["noblemen"].cards["chapel"]) == ["sword"]
    assert s.ext["noblemen"].realms["chapel"]["owner"] == "warrior"
    assert list(s.decks["adventure"]).count("sword") == list(position().decks["adventure"]).count("sword") - 1


def test_ext_of_an_option_is_refused_with_its_path_named():
    with pytest.raises(TalismanError, match="ext: 'noblemen' is not among the setup's expansions, nor a rule option in play"):
        position(ext={"noblemen": {"cards": {}}})  # the option off
    with pytest.raises(TalismanError, match=r"ext.noblemen.cards.chapel: expected a space a Realm lies on"):
        position(options={"noblemen": True}, ext={"noblemen": {"cards": {"chapel": ["sword"]}}})
    with pytest.raises(TalismanError, match=r"ext.noblemen.cards.chapel: unknown card 'swrod'"):
        position(options={"noblemen": True}, realms={"chapel": {"owner": "warrior", "title": "baron"}},
                 ext={"noblemen": {"cards": {"chapel": ["swrod"]}}})
    with pytest.raises(TalismanError, match=r"ext.noblemen"):
        position(options={"noblemen": True}, ext={"noblemen": {"pile": 3}})
    with pytest.raises(TalismanError, match=r"ext.noblemen"):
        position(options={"noblemen": True}, ext={"noblemen": {"tithes": {}}})
