"""002 Game Set-Up (steps 1-10)."""
import pytest

from talisman.errors import TalismanError
from talisman.triwizard import new_game
from talisman.triwizard.definitions import load
from talisman.triwizard.positions import events


@pytest.fixture(scope="module")
def game():
    return new_game(players=4, seed=11)


def test_002_game_set_up_2_every_piece_starts_on_the_maze_entrance(game):
    """002 Game Set-Up 2: each piece on the Maze Entrance."""
    entrance = load().board.entrance
    assert all(p.space == entrance for p in game.players.values())


def test_002_game_set_up_3_the_cloak_starts_beside_the_board(game):
    """002 Game Set-Up 3: the Invisibility Cloak beside the game board."""
    assert game.cloak is None


def test_002_game_set_up_4_5_cup_tiles_face_down_hedge_between_them(game):
    """002 Game Set-Up 4-5: four face-down Cup tiles on the Cup spaces, the Wandering Hedge
    on the space between them; the tiles wait shuffled in the cups pile until looked at."""
    board = load().board
    assert sorted(game.cups) == sorted(board.cups)
    assert not any(c.face_up for c in game.cups.values())
    assert sorted(game.decks["cups"]) == sorted(load().cup_tiles)
    assert game.hedge == board.centre


def test_002_game_set_up_6_8_two_resource_tiles_and_four_battle_cards_each(game):
    """002 Game Set-Up 6 and 8: two Resource tiles and four Battle cards dealt to each."""
    for p in game.players.values():
        assert len(p.tiles) == 2 and len(p.hand) == 4
    assert len(game.decks["resources"]) == 36 - 8
    assert len(game.decks["battle"]) == 40 - 16


def test_002_game_set_up_9_obstacle_lineup_of_four_face_up(game):
    """002 Game Set-Up 9: four Obstacle cards face up in the Lineup, the rest in the pile."""
    assert len(game.lineup) == 4 and all(s.face_up for s in game.lineup)
    assert len(game.decks["obstacles"]) == 16


def test_002_game_set_up_10_first_player_by_die_roll_highest_wins():
    """002 Game Set-Up 10: the first player by a die roll, highest wins, ties roll again
    (the Cloak face counts 0)."""
    # harry 3, cedric 6, fleur 6 (tie), viktor 2; then cedric 4, fleur 5: fleur starts.
    s = new_game(4, seed=0, stop_at_chance=True)
    from talisman.triwizard import apply
    while s.pending.kind == "draw":
        s = apply(s, f"draw:{s.decks[s.pending.deck][0]}", stop_at_chance=True)
    for roll in (3, 6, 6, 2, 4, 5):
        s = apply(s, f"roll:{roll}", stop_at_chance=True)
    assert events(s, "first_player_tie") == [{"players": ["cedric", "fleur"], "value": 6}]
    assert events(s, "first_player") == [{"player": "fleur"}]
    assert s.current == "fleur" and s.pending.player == "fleur"


def test_players_given_as_ids_keep_their_seating():
    s = new_game(["luna", "neville"], seed=3)
    assert s.order == ("luna", "neville")
    with pytest.raises(TalismanError):
        new_game(["luna"])
    with pytest.raises(TalismanError):
        new_game(["aside", "luna"])
    with pytest.raises(TalismanError):
        new_game(4, options={"max_rounds": 3})
