"""MOVEMENT IN THE OUTER, FAR-OUTER AND MIDDLE REGIONS: "he may Move either clockwise or counter
clockwise": a space one count reaches both ways round, and the notation that names the way
(``move:<space>:anticlockwise``, offered only where the way changes the move: rulings R-MV10.1)."""
import pytest

import talisman
from talisman.bots import HeuristicBot, RandomBot
from talisman.console import describe
from talisman.definitions import load
from talisman.errors import IllegalAction
from talisman.rules.movement import other_ways, reachable
from talisman.scenarios import setup_state

BOARD = load().board
MIDDLE = BOARD.regions["middle"]


def troll_rolls_8(space="desert_1", enemy_on=None, fright_night=True):
    """The Troll (Large: a D8) rolls 8 on ``space``; Fright Night at Night when asked, a Bear on
    ``enemy_on``.  The compendium's die by size is given: with The Blood Moon the default is the
    Revised 4th Edition's one D6 (docs/options.md, Editions), which never counts 8."""
    setup = {"characters": [{"id": "troll", "space": space, "fate": 0},
                            {"id": "warrior", "space": "village", "fate": 0}]}
    if fright_night:
        setup["expansions"] = ["blood_moon"]
        setup["options"] = {"movement_die": "by_size"}
        setup["ext"] = {"blood_moon": {"time": "night", "lunar_events": ["fright_night"],
                                       "cards": {"lunar_events": ["fright_night"]}}}
    if enemy_on:
        setup["board_cards"] = {enemy_on: ["bear"]}
    return setup_state(setup, [8])


def test_half_the_middle_ring_is_the_one_count_reaching_a_space_both_ways():
    """16 spaces round the Middle Region: 8 reaches the opposite space both ways round; no other
    count of one die (D4, D6, D8) does, on either ring (the 24-space Outer Region never)."""
    s = troll_rolls_8(fright_night=False)
    for steps in range(1, 9):
        ways = other_ways(s, "troll", steps)
        assert (list(ways) == ["black_knight"]) == (steps == 8)
    path = other_ways(s, "troll", 8)["black_knight"]
    assert [sp for sp, _ in path] == ["warlocks_cave", "runes_3", "chasm", "runes_2", "cursed_glade",
                                      "hills_3", "hidden_valley", "black_knight"]
    assert path != reachable(BOARD, "desert_1", 8)["black_knight"]  # the clockwise walk


@pytest.mark.parametrize("space", MIDDLE)
def test_in_the_base_game_the_way_round_is_never_offered(space):
    """Nothing on the Middle Region's ring is met in passing in the base game: the space reached
    both ways is one move, ``move:<space>``."""
    s = troll_rolls_8(space, fright_night=False)
    texts = [str(a) for a in talisman.legal_actions(s)]
    assert not [t for t in texts if t.endswith(":anticlockwise")]
    opposite = MIDDLE[(MIDDLE.index(space) + 8) % 16]
    assert f"move:{opposite}" in texts


def test_the_way_round_parses_back_and_prints_canonically():
    s = troll_rolls_8(enemy_on="temple")
    actions = talisman.legal_actions(s)
    assert "move:black_knight:anticlockwise" in [str(a) for a in actions]
    for a in actions:
        assert talisman.parse_action(s, str(a)) == a
        assert str(talisman.parse_action(s, str(a))) == str(a)
    a = talisman.parse_action(s, "move:black_knight:anticlockwise")
    assert (a.kind, a.args) == ("move", ("black_knight", "anticlockwise"))


def test_one_spelling_a_way_no_clockwise_suffix_and_no_plain_move_where_clockwise_stops():
    s = troll_rolls_8(enemy_on="temple")
    with pytest.raises(IllegalAction):
        talisman.parse_action(s, "move:black_knight:clockwise")
    with pytest.raises(IllegalAction):  # the clockwise walk stops on the Temple
        talisman.parse_action(s, "move:black_knight")
    with pytest.raises(IllegalAction):  # the way is offered only where it changes the move
        talisman.parse_action(troll_rolls_8(fright_night=False), "move:black_knight:anticlockwise")


def test_the_anticlockwise_move_walks_the_other_way_and_meets_nothing_on_the_clockwise_side():
    s = talisman.apply(troll_rolls_8(enemy_on="temple"), "move:black_knight:anticlockwise")
    assert s.characters["troll"].space == "black_knight"
    moved = [e for e in s.log if e.name == "moved" and e.data["character"] == "troll"][-1]
    assert list(moved.data["path"])[:3] == ["warlocks_cave", "runes_3", "chasm"]
    assert "temple" not in moved.data["path"]


def test_the_bots_and_the_terminal_read_the_way():
    s = troll_rolls_8(enemy_on="temple")
    legal = talisman.legal_actions(s)
    assert HeuristicBot(1).choose(s) in legal
    assert RandomBot(1).choose(s) in legal
    a = talisman.parse_action(s, "move:black_knight:anticlockwise")
    name, _ = describe(talisman.player_view(s, "troll"), a, "troll")
    assert "Black Knight" in name and "nticlockwise" in name


def test_under_the_moon_mist_the_way_is_that_of_the_counted_die():
    """Two dice, the lower counting (Moon Mist, rulings R-MV9.2): 8 and 8 count 8, which reaches
    the Black Knight both ways round; Fright Night's Bear on the Temple stops the clockwise walk,
    so the anticlockwise one is offered and walked, 8 spaces (not the sum's 16).  The compendium's
    D8 is given (`movement_die: by_size`): two D6, the Blood Moon's default, never roll 8 and 8."""
    setup = {"expansions": ["blood_moon"], "options": {"movement_die": "by_size"},
             "characters": [{"id": "troll", "space": "desert_1", "fate": 0},
                            {"id": "warrior", "space": "village", "fate": 0}],
             "ext": {"blood_moon": {"time": "night", "lunar_events": ["fright_night", "moon_mist"],
                                    "cards": {"lunar_events": ["fright_night", "moon_mist"]}}},
             "board_cards": {"temple": ["bear"]}}
    s = setup_state(setup, [8, 8])
    texts = [str(a) for a in talisman.legal_actions(s)]
    assert "move:black_knight:anticlockwise" in texts and "move:black_knight" not in texts
    s = talisman.apply(s, "move:black_knight:anticlockwise")
    moved = [e for e in s.log if e.name == "moved" and e.data["character"] == "troll"][-1]
    assert len(moved.data["path"]) == 8 and moved.data["path"][0] == "warlocks_cave"
    assert s.characters["troll"].space == "black_knight"
