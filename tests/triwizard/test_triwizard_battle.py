"""002 Battles: Battle Cards, Obstacle Cards, Reading an Obstacle Card, Battling Obstacles,
Winning a Battle, Losing a Battle."""
from talisman.triwizard import apply
from talisman.triwizard.positions import events, options, position

GREEN = ["green_5_4", "green_5_4", "red_8_2", "red_8_2"]


def at_obstacle(dice, hand=GREEN, lineup=("grindylow", "boggart", "sphinx", "dementor"),
                players=None, **kw):
    """harry on r13c6 moves onto the Obstacle space r12c6 (roll 2) and meets the Lineup."""
    players = players or {"harry": {"space": "r13c6", "hand": hand},
                          "cedric": {"space": "r1c1"}, "fleur": {"space": "r1c3"}}
    s = apply(position(players, dice=dice, lineup=list(lineup), **kw), "roll")
    return apply(s, "move:r12c6")


def test_002_reading_an_obstacle_card_only_matching_colours_may_battle():
    """002 Reading an Obstacle Card / Battle Cards: a card may be used if its colour matches
    any colour block (grindylow: green, orange)."""
    s = at_obstacle([2], hand=["green_5_4", "orange_4_5", "red_8_2", "blue_8_2"])
    assert options(s) == ["battle:green_5_4", "battle:orange_4_5"]


def test_002_battling_obstacles_2_no_matching_card_loses_and_moves_back_up_to_4():
    """002 Battling Obstacles 2 / Losing a Battle: with no matching colour the battle is lost
    at once and the player on the right moves the piece back up to 4 spaces."""
    s = at_obstacle([2], hand=["red_8_2", "red_8_2", "red_6_3", "red_5_4"])  # (each card as many as it has copies)
    assert events(s, "battle_lost")[0]["reason"] == "no_matching_card"
    assert s.pending.player == "fleur" and s.pending.kind == "push_back"   # on harry's right
    assert options(s) == ["push:r13c6", "push:r14c6", "push:r15c5", "push:r15c6", "push:r15c7"]
    s = apply(s, "push:r15c5")
    assert s.players["harry"].space == "r15c5"
    assert len(s.players["harry"].hand) == 4          # no card was played


def test_002_battling_obstacles_4_die_plus_strength_equal_wins():
    """002 Battling Obstacles 4: die + Strength that "equals or exceeds" the obstacle wins
    (green_5_4 + 2 = 7 = grindylow)."""
    s = apply(at_obstacle([2, 2]), "battle:green_5_4")
    assert events(s, "battle_roll")[0]["total"] == 7 and events(s, "battle_won")


def test_002_battling_obstacles_4_the_cloak_face_counts_zero():
    """002 Battling Obstacles 4: "the Invisibility Cloak symbol equals 0"."""
    s = apply(at_obstacle([2, 1]), "battle:green_5_4")
    roll = events(s, "battle_roll")[0]
    assert roll["value"] == 0 and roll["total"] == 5 and events(s, "battle_lost")


def test_002_winning_a_battle_flip_discard_move_forward_then_reward():
    """002 Winning a Battle: flip the obstacle face down, discard the Battle card, move forward
    up to its Movement rating (never into another Obstacle space); "Next", draw the Resource
    Reward (after the move, R-TF7.1)."""
    s = apply(at_obstacle([2, 4], decks={"resources": ["red_sparks", "dumbledore"]}),
              "battle:green_5_4")
    assert not s.lineup[0].face_up and s.lineup[1].face_up
    assert list(s.players["harry"].tiles) == []                    # not yet: the move first
    assert list(s.discards["battle"]) == ["green_5_4"]
    assert s.pending.kind == "advance"
    opts = options(s)
    assert "move:r12c10" in opts and "move:r12c9" in opts and "stay" in opts
    assert "move:r11c9" not in opts                    # an Obstacle space: one battle a turn
    assert "move:r13c6" not in opts                    # back towards the Entrance
    s = apply(s, "move:r12c10")
    assert s.players["harry"].space == "r12c10"
    assert list(s.players["harry"].tiles) == ["red_sparks"]        # grindylow's reward: 1


def test_002_winning_a_battle_the_last_card_refills_the_lineup():
    """002 Winning a Battle: beating the last face-up card discards the four and lays out
    four new ones; a short pile is made up by reshuffling the discards."""
    s = apply(at_obstacle([2, 6], lineup=["down:boggart", "down:boggart", "down:sphinx",
                                          "grindylow"], decks={"obstacles": ["dementor"]}),
              "battle:green_5_4")
    assert events(s, "lineup_refilled") and events(s, "pile_reshuffled")[0]["pile"] == "obstacles"
    assert len(s.lineup) == 4 and all(slot.face_up for slot in s.lineup)
    assert s.lineup[0].card == "dementor"
    assert len(s.decks["obstacles"]) + len(s.discards["obstacles"]) == 1


def test_002_losing_a_battle_moved_back_by_the_movement_rating_obstacle_stays():
    """002 Losing a Battle: the player on the right moves the loser back up to the Battle
    card's Movement rating; the obstacle stays face up; the card is discarded."""
    s = apply(at_obstacle([2, 2], lineup=["sphinx", "grindylow", "boggart", "dementor"],
                          hand=["green_5_4"] * 2 + ["red_8_2"] * 2), "battle:green_5_4")
    assert events(s, "battle_lost")[0]["reason"] == "too_weak"
    assert s.lineup[0].face_up and s.lineup[0].card == "sphinx"
    assert list(s.discards["battle"]) == ["green_5_4"]
    assert s.pending.player == "fleur" and s.pending.args["rating"] == 4
    s = apply(s, "push:r15c6")
    assert events(s, "pushed_back") == [{"player": "harry", "by": "fleur", "from": "r12c6",
                                         "to": "r15c6", "rating": 4}]


def test_002_a_cloaked_piece_never_battles():
    """002 Obstacle Spaces / The Invisibility Cloak: a cloaked piece ignores Obstacle spaces."""
    s = at_obstacle([2], cloak="harry")
    assert events(s, "battle_started") == [] and events(s, "space_ignored")
