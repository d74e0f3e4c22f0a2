"""002 Let the Tournament Begin! (steps 1-6) and Battle Cards (the hand of four, a new hand)."""
from talisman.triwizard import apply
from talisman.triwizard.positions import events, options, position

HARRY_AT_R15C5 = {"harry": {"space": "r15c5"}, "cedric": {"space": "r1c1"}}


def test_002_tournament_1_draw_up_to_four_battle_cards():
    """002 Let the Tournament Begin! 1: draw until the hand holds 4."""
    s = position({"harry": {"space": "r15c5", "hand": ["red_5_4"]}, "cedric": {}}, dice=[])
    assert len(s.players["harry"].hand) == 4
    assert len(events(s, "battle_card_drawn")) == 3


def test_002_tournament_1_a_full_hand_draws_nothing():
    """002 Let the Tournament Begin! 1: "If you already hold 4 cards, you don't draw"."""
    s = position(HARRY_AT_R15C5, dice=[])
    assert events(s, "battle_card_drawn") == []


def test_002_tournament_2_move_up_to_double_the_roll():
    """002 Let the Tournament Begin! 2: a roll of 2 moves up to 4 spaces, or none."""
    s = apply(position(HARRY_AT_R15C5, dice=[2]), "roll")
    opts = options(s)
    assert "move:r15c1" in opts and "move:r15c9" in opts and "stay" in opts   # 4 spaces
    assert "move:r15c10" not in opts                                          # 5 spaces
    assert "move:r15c5" not in opts


def test_002_tournament_3_rolling_the_cloak_places_it_instead_of_moving():
    """002 Let the Tournament Begin! 3: the Cloak face: no move; the cloak goes on any piece."""
    s = apply(position(HARRY_AT_R15C5, dice=[1]), "roll")
    assert s.pending.kind == "cloak" and options(s) == ["cloak:harry", "cloak:cedric"]
    s = apply(s, "cloak:cedric")
    assert s.cloak == "cedric" and s.players["harry"].space == "r15c5"


def test_002_tournament_4_one_resource_tile_per_turn():
    """002 Let the Tournament Begin! 4: at most one Resource tile a turn (before the roll or
    after the move; a tile played first takes away the new hand)."""
    s = position({"harry": {"space": "r15c5", "tiles": ["invisibility_cloak", "summon_hedge"]},
                  "cedric": {"space": "r1c1"}}, dice=[2])
    assert "play:summon_hedge:r6c7" in options(s) and "discard_hand" in options(s)
    s = apply(s, "play:invisibility_cloak:harry")
    assert options(s) == ["roll"]
    s = apply(apply(s, "roll"), "move:r15c3")
    assert s.current == "cedric"                      # no tile window: one tile was played


def test_002_tournament_4_a_tile_may_be_played_after_the_move():
    """002 Let the Tournament Begin! 4: the tile may come after the move (``done`` passes)."""
    s = position({"harry": {"space": "r15c5", "tiles": ["invisibility_cloak"]},
                  "cedric": {"space": "r1c1"}}, dice=[2])
    s = apply(apply(s, "roll"), "move:r15c3")
    assert s.pending.kind == "tile" and options(s) == ["done", "play:invisibility_cloak:harry",
                                                      "play:invisibility_cloak:cedric"]
    s = apply(s, "done")
    assert s.current == "cedric"


def test_002_tournament_6_the_die_passes_clockwise():
    """002 Let the Tournament Begin! 6: the next player in the seating plays next, round."""
    s = position({"harry": {}, "cedric": {"space": "r1c1"}, "fleur": {"space": "r1c3"}},
                 current="fleur", dice=[2])
    s = apply(apply(s, "roll"), "stay")
    assert s.current == "harry" and s.turn == 2


def test_002_battle_cards_discard_the_hand_and_draw_four_ends_the_turn():
    """002 Battle Cards: "give up your turn to discard all of your Battle Cards and draw 4"."""
    s = position(HARRY_AT_R15C5, dice=[])
    old = list(s.players["harry"].hand)
    s = apply(s, "discard_hand")
    assert s.current == "cedric" and s.players["harry"].space == "r15c5"
    assert len(s.players["harry"].hand) == 4 and list(s.discards["battle"]) == old


def test_002_battle_cards_reshuffle_the_discards_when_the_pile_is_empty():
    """002 Battle Cards: "If the Battle Card Draw Pile is emptied, re-shuffle the Discard Pile"."""
    hand = ["red_5_4", "red_6_3", "blue_6_3", "green_6_3"]
    s = position({"harry": {"space": "r15c5", "hand": hand}, "cedric": {}},
                 decks={"battle": ["blue_5_4", "blue_8_2"]}, dice=[])
    s = apply(s, "discard_hand")          # two from the pile, then the four discards reshuffled
    assert events(s, "pile_reshuffled") == [{"pile": "battle", "cards": 4}]
    assert s.players["harry"].hand[:2] == ["blue_5_4", "blue_8_2"]
    assert len(s.players["harry"].hand) == 4 and len(s.decks["battle"]) == 2
    assert len(s.discards["battle"]) == 0


def test_002_turn_limit_option_ends_the_game_without_a_winner():
    """The max_turns safety option (not a rule) ends a game with no winner."""
    s = position(HARRY_AT_R15C5, dice=[2], options={"max_turns": 1})
    s = apply(apply(s, "roll"), "stay")
    assert s.is_over and s.winner is None and s.outcome.reason == "turn_limit"
