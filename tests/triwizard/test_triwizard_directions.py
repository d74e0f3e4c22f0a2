"""Issue 18: forward past an obstacle, back the way a piece came, moving through a piece on
an Obstacle space, and what a cloaked player cannot do.  The expected outcomes are read off
the rule text (002) first; the engine is made to agree.

The squares are those of the reconstructed maze (data/triwizard/maze.yaml)."""
import pytest
from hypothesis import given, settings

from talisman.engine.dice import mix
from talisman.testing.strategies import seeds
from talisman.triwizard import apply, legal_actions, new_game
from talisman.triwizard.board import walk_distances
from talisman.triwizard.definitions import load
from talisman.triwizard.movement import sides
from talisman.triwizard.positions import events, options, position

LINEUP = ["grindylow", "boggart", "sphinx", "dementor"]


def play(state, *actions):
    for a in actions:
        state = apply(state, a)
    return state


def squares(opts, prefix):
    return {o.split(":")[1] for o in opts if o.startswith(prefix)}


# --- 002 Winning a Battle ------------------------------------------------------------

@pytest.mark.parametrize("start, obstacle, came_from, beyond", [
    ("r4c5", "r5c7", "r4c7", {"r6c7", "r6c6", "r6c8"}),      # entered from the north
    ("r4c9", "r4c11", "r4c10", {"r4c12", "r5c12", "r6c12"}),  # entered from the west
    ("r6c12", "r4c11", "r4c12", {"r4c10", "r4c9", "r4c8"}),   # the same space from the east
])
def test_002_winning_a_battle_moves_forward_past_the_obstacle(start, obstacle, came_from, beyond):
    """002 Winning a Battle: "move forward up to the number of spaces indicated by the
    Movement Rating on your Battle Card"; Obstacle Cards: "defeat an obstacle before you
    can move past it".  Forward is past the Obstacle space, away from the way the piece
    came: every square offered lies beyond it, none back along the way in."""
    s = position({"harry": {"space": start, "hand": ["green_5_4"]},
                  "cedric": {"space": "r15c1"}}, dice=[2, 6], lineup=LINEUP)
    s = play(s, "roll", f"move:{obstacle}", "battle:green_5_4")
    assert s.pending.kind == "advance"
    offered = squares(options(s), "move:")
    assert beyond <= offered
    back, past = sides(obstacle, came_from)
    assert offered <= past and not offered & back and came_from not in offered
    assert events(s, "battle_started")[0]["came_from"] == came_from


# --- 002 Losing a Battle -------------------------------------------------------------

@pytest.mark.parametrize("start, came_from, back_squares, never", [
    ("r4c9", "r4c10", {"r4c10", "r4c8", "r4c5"}, {"r4c12", "r5c12", "r2c10", "r6c7"}),
    ("r6c12", "r4c12", {"r4c12", "r5c12", "r6c12", "r7c12"}, {"r4c10", "r4c8"}),
])
def test_002_losing_a_battle_moves_back_the_way_the_piece_came(start, came_from, back_squares,
                                                                 never):
    """002 Losing a Battle: "the player to your right moves you back up to the number of
    spaces indicated by your Battle Card's Movement Rating".  Back is the way the piece
    came into the Obstacle space: the squares offered all lie on that side, within the
    rating (6), never past the obstacle and never over another Obstacle space."""
    s = position({"harry": {"space": start, "hand": ["red_3_6"]},
                  "cedric": {"space": "r15c1"}}, dice=[2, 2],
                 lineup=["hungarian_horntail", "boggart", "sphinx", "dementor"])
    s = play(s, "roll", "move:r4c11", "battle:red_3_6")
    assert s.pending.kind == "push_back" and s.pending.player == "cedric"
    offered = squares(options(s), "push:")
    assert back_squares <= offered and not offered & never
    back, _ = sides("r4c11", came_from)
    assert offered <= back
    s = play(s, f"push:{sorted(back_squares)[0]}")
    assert s.players["harry"].space == sorted(back_squares)[0]
    assert s.obstacle_space is None and s.came_from is None


def test_002_losing_a_battle_without_a_matching_card_moves_back_up_to_4():
    """002 Losing a Battle: "If you lose because you don't have the right Battle Card, the
    player to your right automatically moves you back up to 4 spaces" -- back the way the
    piece came (from the north of r5c7), 4 spaces at most."""
    s = position({"harry": {"space": "r4c5", "hand": ["red_5_4"]},
                  "cedric": {"space": "r15c1"}}, dice=[2], lineup=LINEUP)   # grindylow: green/orange
    s = play(s, "roll", "move:r5c7")
    assert s.pending.kind == "push_back"
    # r4c7 is 1 space back, r4c4 and r4c10 are 4 (r3c10 and r5c7 are Obstacle spaces)
    assert squares(options(s), "push:") == {"r4c4", "r4c5", "r4c6", "r4c7", "r4c8", "r4c9",
                                            "r4c10"}


# --- 002 Moving Through the Maze: through a piece on an Obstacle space --------------

def test_002_moving_through_the_maze_through_a_piece_on_an_obstacle_space():
    """002 Moving Through the Maze: "You may move 'through' any playing piece"; "If another
    playing piece is in the space on which you wish to stop, move to the next available
    space".  Obstacle Cards: "defeat an obstacle before you can move past it".  A piece on
    the Obstacle space r5c7 no longer walls off the corridor: harry goes through it, stops
    on the first free square beyond (r6c7, not further) and battles there; losing, he is
    moved back through the obstacle to the north side he came from."""
    start = {"harry": {"space": "r4c5", "hand": ["green_5_4"]}, "cedric": {"space": "r5c7"}}
    s = play(position(start, dice=[3, 2], lineup=["sphinx", "boggart", "grindylow", "dementor"]),
             "roll")
    opts = options(s)
    assert "move:r6c7" in opts
    assert not {"move:r6c6", "move:r6c8", "move:r7c6"} & set(opts)   # the first free square only
    s = play(s, "move:r6c7")
    assert s.players["harry"].space == "r6c7" and s.pending.kind == "battle"
    assert events(s, "obstacle_passed_occupied") == [{"player": "harry", "space": "r5c7",
                                                      "to": "r6c7"}]
    s = play(s, "battle:green_5_4")          # 5 + 2 = 7 against the Sphinx's 10: lost
    offered = squares(options(s), "push:")
    assert offered and offered <= sides("r5c7", "r4c7")[0]
    assert "r4c7" in offered and "r6c6" not in offered


# --- 002 The Invisibility Cloak --------------------------------------------------------

def test_002_the_invisibility_cloak_no_cup_check_and_no_tile_collecting():
    """002 The Invisibility Cloak: "you cannot check Cup Tiles or collect Resource Tiles if
    your playing piece is wearing the Invisibility Cloak" -- so no Four Point Spell (a look
    at a Cup tile), Red Sparks or Veritaserum (taking a tile) while cloaked; all three once
    the cloak is on someone else."""
    tiles = ["four_point_spell", "red_sparks", "veritaserum"]
    players = {"harry": {"space": "r15c5", "tiles": tiles},
               "cedric": {"space": "r1c1", "tiles": ["double_die"]}}
    cloaked = options(position(players, cloak="harry"))
    assert not [o for o in cloaked if o.startswith("play:") and o.split(":")[1] in tiles]
    plain = options(position(players, cloak="cedric"))
    assert {"play:four_point_spell:r7c8", "play:red_sparks:cedric",
            "play:veritaserum:cedric"} <= set(plain)


# --- random play: the same rules checked after every action -------------------------

def hedge_free_walk(board, frm, to, steps, hedge):
    """A walk of at most ``steps`` from ``frm`` to ``to`` along the path (no hedge)."""
    return walk_distances(board, frm, blocked=[hedge]).get(to, steps + 1) <= steps


def check_action(before, after):
    """Rule checks on one action; a list of the broken ones."""
    board = load().board
    broken = []
    spaces = [p.space for p in after.players.values() if p.space != board.entrance]
    if len(spaces) != len(set(spaces)):
        broken.append("shared square")
    for p in after.players.values():
        if not board.walkable(p.space) or p.space == after.hedge:
            broken.append(f"{p.id} off the path")
    for e in after.log[len(before.log):]:
        d = e.data
        if e.name in ("moved", "advanced") and not d.get("curse"):
            limit = d["steps"]
            if not hedge_free_walk(board, d["from"], d["to"], limit, before.hedge):
                broken.append(f"{e.name} through a hedge: {dict(d)}")
        if e.name == "pushed_back" and not hedge_free_walk(board, d["from"], d["to"],
                                                           d["rating"] + 1, before.hedge):
            broken.append(f"pushed through a hedge: {dict(d)}")
        if e.name in ("advanced", "pushed_back"):
            back, past = sides(before.obstacle_space, before.came_from)
            if e.name == "advanced" and d["to"] not in past:
                broken.append(f"won battle not past the obstacle: {dict(d)}")
            if e.name == "pushed_back" and d["to"] not in back:
                broken.append(f"lost battle not back the way it came: {dict(d)}")
    return broken


@settings(deadline=None, max_examples=max(6, settings.default.max_examples // 8))
@given(seeds, seeds)
def test_random_play_keeps_to_the_path_and_the_battle_directions(seed, bot_seed):
    """After every action of seeded random play: no piece goes through a hedge, no two share
    a square, a won battle ends past the obstacle, a lost one on the side the piece came."""
    state = new_game(4, seed, {"max_turns": 400})
    for i in range(1500):
        if state.is_over:
            break
        legal = legal_actions(state)
        after = apply(state, legal[mix(bot_seed, i) % len(legal)])
        assert check_action(state, after) == []
        state = after


def test_the_random_play_checks_catch_a_wrong_direction():
    """The checks above can fail: a piece set past r5c7 after losing, or back after winning."""
    import attrs
    from talisman.engine.machine import log
    s = position({"harry": {"space": "r5c7"}, "cedric": {"space": "r15c1"}})
    s = attrs.evolve(s, obstacle_space="r5c7", came_from="r4c7")
    wrong_push = log(s, "pushed_back", player="harry", by="cedric", rating=4,
                     **{"from": "r5c7"}, to="r6c7")
    wrong_win = log(s, "advanced", player="harry", steps=1, **{"from": "r5c7"}, to="r4c7")
    assert [b.split(":")[0] for b in check_action(s, wrong_push)] == [
        "lost battle not back the way it came"]
    assert check_action(s, wrong_win)[0].startswith("won battle not past the obstacle")
    hedge = log(s, "moved", player="harry", steps=2, **{"from": "r6c6"}, to="r6c4")
    assert check_action(s, hedge)[0].startswith("moved through a hedge")


def test_the_two_sides_of_every_obstacle_space_split_the_maze_without_it():
    """Winning a Battle ("move ... forward") and Losing a Battle ("move back"): measured from the
    Obstacle space entered from ``came_from``, the square he came from is back, each other
    neighbour of the Obstacle space is past (the first square forward), the Obstacle space itself
    is on neither side (a walk never goes through it), and every square reachable without it
    lies on one side or both (a tie round a loop: rulings R-PROBE19A.1)."""
    board = load().board
    obstacles = [sq for sq in board.coords if board.kinds.get(sq) == "obstacle"]
    assert obstacles
    for obstacle in obstacles:
        for came_from in board.neighbours(obstacle):
            back, past = sides(obstacle, came_from)
            others = [n for n in board.neighbours(obstacle) if n != came_from]
            reach = set(walk_distances(board, came_from, blocked=[obstacle]))
            for n in others:
                reach |= set(walk_distances(board, n, blocked=[obstacle]))
            assert obstacle not in back | past
            assert came_from in back and came_from not in past
            assert all(n in past and n not in back for n in others), (obstacle, came_from)
            assert back | past == reach
