"""A scenario set-up that gives one card in several places (docs/scenarios.md, `deck_tops`): the deck
tops are taken last, so they are exactly the cards given; a card short is refused with the file, the
line and the field (the reader probeD: before, `board_cards` silently took the top copies)."""
import pytest

from talisman.errors import ScenarioError
from talisman.scenarios import run_file, setup_state

DOORWAYS = """\
name: One Doorway on the board, two on top (the second of them ignored, the Sword drawn in its place)
rules: "000 Discovering Doorways"
setup:
  expansions: [dungeon]
  characters:
    - {id: thief, space: hills_3, fate: 0}
  board_cards:
    woods_1: [dungeon_doorway]
  deck_tops:
    adventure: [dungeon_doorway, dungeon_doorway, bag_of_gold, sword]
dice: [1]
actions: [move:hidden_valley]
expect:
  board_cards.woods_1: [dungeon_doorway]
  board_cards.hidden_valley: [dungeon_doorway, bag_of_gold, sword]
  discards.adventure: [dungeon_doorway]
"""


def write(tmp_path, text):
    p = tmp_path / "s.yaml"
    p.write_text(text)
    return p


def test_board_cards_take_no_copy_given_on_top():
    state = setup_state({"expansions": ["dungeon"], "characters": ["thief"],
                         "board_cards": {"woods_1": ["dungeon_doorway"]},
                         "deck_tops": {"adventure": ["dungeon_doorway", "dungeon_doorway", "bag_of_gold"]}},
                        dice=[])
    assert list(state.board_cards["woods_1"]) == ["dungeon_doorway"]
    assert list(state.decks["adventure"][:3]) == ["dungeon_doorway", "dungeon_doorway", "bag_of_gold"]
    # the four Doorways: one on the Woods, two on top, one left in the rest of the deck
    assert list(state.decks["adventure"]).count("dungeon_doorway") == 3


def test_the_scenario_plays_the_tops_as_written(tmp_path):
    result = run_file(write(tmp_path, DOORWAYS))
    assert result.passed, [str(f) for f in result.failures]


def test_a_card_short_on_top_names_the_file_the_line_and_the_field(tmp_path):
    # four Doorways in the game: one on the Woods leaves three for the top, not four
    p = write(tmp_path, DOORWAYS.replace("adventure: [dungeon_doorway, dungeon_doorway, bag_of_gold, sword]",
                                         "adventure: [dungeon_doorway, dungeon_doorway, dungeon_doorway, "
                                         "dungeon_doorway]"))
    with pytest.raises(ScenarioError, match=r"s.yaml:10: bad setup: deck_tops.adventure: 4 'dungeon_doorway' "
                                            r"asked on top, 3 left in the adventure deck once the other set-up "
                                            r"keys .* have placed theirs"):
        run_file(p)


def test_a_card_short_on_the_board_names_its_space_and_line(tmp_path):
    p = write(tmp_path, DOORWAYS.replace("woods_1: [dungeon_doorway]",
                                         "woods_1: [dungeon_doorway, dungeon_doorway, dungeon_doorway, "
                                         "dungeon_doorway, dungeon_doorway]"))
    with pytest.raises(ScenarioError, match=r"s.yaml:8: bad setup: board_cards.woods_1: no copy of "
                                            r"'dungeon_doorway' left in the adventure deck"):
        run_file(p)


def test_a_title_card_asked_on_top_is_not_also_on_the_discards():
    # the Recruiter (one copy) gave the Troll the Templar title; the set-up asks for it on top: it was
    # shuffled back since, so it is on top and not on the discard pile (before, the title took the top
    # copy and the Monk never drew it)
    state = setup_state({"options": {"master_levels": ["templar"]}, "characters": ["monk", "troll"],
                         "titles": {"troll": "templar"}, "deck_tops": {"adventure": ["recruiter", "bag_of_gold"]}},
                        dice=[])
    assert list(state.decks["adventure"][:2]) == ["recruiter", "bag_of_gold"]
    assert "recruiter" not in state.discards.get("adventure", ())
    plain = setup_state({"options": {"master_levels": ["templar"]}, "characters": ["monk", "troll"],
                         "titles": {"troll": "templar"}}, dice=[])
    assert list(plain.discards["adventure"]) == ["recruiter"]
