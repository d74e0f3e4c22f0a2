"""Scenario setup keys for expansion state and endings (docs/scenarios.md)."""
import pytest

from talisman.errors import ScenarioError, TalismanError
from talisman.scenarios import run_file, setup_state


def test_ext_merges_into_an_enabled_expansions_state():
    s = setup_state({"characters": ["warrior"], "expansions": ["blood_moon"],
                     "ext": {"blood_moon": {"time": "night"}}}, [])
    assert s.ext["blood_moon"]["time"] == "night"


def test_ext_for_an_expansion_not_in_play_is_an_error():
    with pytest.raises(TalismanError, match="not among the setup's expansions"):
        setup_state({"characters": ["warrior"], "ext": {"blood_moon": {"time": "night"}}}, [])


def test_ext_harbinger_terrain_takes_its_cards_out_of_the_terrain_deck():
    """001 Terrain Cards ("there are no cards of the required type left in the Terrain deck": a
    card on the board is not in the deck): a Terrain card set on a space through
    ``ext.harbinger.terrain`` leaves the Terrain deck, once, and the slice keeps it
    (``cards.terrain_on_board``); a second copy asked is refused naming the field (probe18D)."""
    def setup(terrain, **more):
        return setup_state({"characters": ["warrior"], "expansions": ["harbinger"],
                            "ext": {"harbinger": {"terrain": terrain, **more}}}, [])
    base = setup({})
    s = setup({"woods_1": "terrain_bog"})
    assert s.decks["terrain"].count("terrain_bog") == base.decks["terrain"].count("terrain_bog") - 1 == 0
    assert len(s.decks["terrain"]) == len(base.decks["terrain"]) - 1
    assert list(s.ext["harbinger"].cards["terrain_on_board"]) == ["terrain_bog"]
    with pytest.raises(TalismanError, match="ext.harbinger.terrain.woods_2: no copy of 'terrain_bog' left "
                                            "in the terrain deck"):
        setup({"woods_1": "terrain_bog", "woods_2": "terrain_bog"})
    # given in ``cards`` too (the older way), the cards are taken once, by ``cards``
    both = setup({"woods_1": "terrain_bog"}, cards={"terrain_on_board": ["terrain_bog"]})
    assert list(both.decks["terrain"]) == list(s.decks["terrain"])


def test_ext_harbinger_terrain_refuses_a_card_of_another_deck(tmp_path):
    """001 Terrain Cards ("A Terrain card on a space replaces that space"): only a card of the
    Terrain deck may lie there; a card of another deck given in ``ext.harbinger.terrain`` (in
    ``cards`` too or not) is refused with a ScenarioError naming the key path and the card, and
    the line of the key (fix27)."""
    def setup(terrain, **more):
        return setup_state({"characters": ["warrior"], "expansions": ["harbinger"],
                            "ext": {"harbinger": {"terrain": terrain, **more}}}, [])
    message = "ext.harbinger.terrain.woods_2: 'sword' is a card of the adventure deck, not of the terrain deck"
    with pytest.raises(TalismanError, match=message):
        setup({"woods_1": "terrain_bog", "woods_2": "sword"})
    with pytest.raises(TalismanError, match="ext.harbinger.terrain.woods_1: 'falling_stars' is a card of "
                                            "the harbinger deck"):
        setup({"woods_1": "falling_stars"}, cards={"terrain_on_board": ["falling_stars"]})
    path = tmp_path / "bad.yaml"
    path.write_text("name: bad\nrules: \"001 Terrain Cards\"\nsetup:\n  expansions: [harbinger]\n"
                    "  characters: [warrior]\n  ext:\n    harbinger:\n      terrain:\n"
                    "        woods_1: terrain_bog\n        woods_2: sword\nactions: []\nexpect: {is_over: false}\n",
                    encoding="utf-8")
    with pytest.raises(ScenarioError, match=message) as caught:
        run_file(path)
    assert caught.value.line == 10


def test_ending_sets_the_alternative_endings_in_play():
    s = setup_state({"characters": ["warrior"], "options": {"alternative_endings": True},
                     "ending": {"deck": [], "card": "demon_lord"}}, [])
    assert s.ending["card"] == "demon_lord"
