"""002 Moving Through the Maze: orthogonal moves, pieces, hedges, and what each symbol
space does (Portkey, Gold Mist, Headstone, Obstacle spaces); Winning the Game."""
from talisman.triwizard import apply
from talisman.triwizard.positions import events, options, position


def rolled(players, dice, **kw):
    return apply(position(players, dice=dice, **kw), "roll")


def test_002_moving_orthogonally_never_diagonally():
    """002 Moving Through the Maze: "left, right, up or down ... but you cannot move diagonally"."""
    s = rolled({"harry": {"space": "r6c6"}, "cedric": {"space": "r1c1"}}, [2], hedge="r8c8")
    opts = options(s)
    assert "move:r6c7" in opts and "move:r7c6" in opts
    assert "move:r7c7" not in opts          # diagonal (and a Green Hedge)
    s = rolled({"harry": {"space": "r6c6"}, "cedric": {"space": "r1c1"}}, [6])
    assert "move:r5c5" not in options(s)    # Dark Hedge, never


def test_002_moving_through_pieces_but_never_ending_on_one():
    """002 Moving Through the Maze: "You may move 'through' any playing piece"; two pieces
    never share a space."""
    s = rolled({"harry": {"space": "r15c5"}, "cedric": {"space": "r15c7"}}, [2])
    opts = options(s)
    assert "move:r15c8" in opts and "move:r15c9" in opts     # through cedric
    assert "move:r15c7" not in opts


def test_002_moving_to_the_next_available_space_past_an_occupied_one():
    """002 Moving Through the Maze: "If another playing piece is in the space on which you
    wish to stop, move to the next available space" -- even one beyond the count."""
    s = rolled({"harry": {"space": "r15c5"}, "cedric": {"space": "r15c9"}}, [2])
    assert "move:r15c10" in options(s)       # r15c9 is the 4th space: on to the 5th
    s = rolled({"harry": {"space": "r15c5"}, "cedric": {"space": "r1c1"}}, [2])
    assert "move:r15c10" not in options(s)


def test_002_moving_never_through_a_hedge_without_a_curse():
    """002 Moving Through the Maze: pieces stay on the path; the Green Hedge only with the
    Reductor Curse; the Wandering Hedge tile blocks its square."""
    s = rolled({"harry": {"space": "r1c5"}, "cedric": {"space": "r15c1"}}, [2])
    assert "move:r4c5" not in options(s)     # behind the Green Hedge r3c5
    s = rolled({"harry": {"space": "r6c6"}, "cedric": {"space": "r15c1"}}, [2], hedge="r6c7")
    assert "move:r6c8" not in options(s) and "move:r6c7" not in options(s)


def test_002_portkey_spaces_travel_to_the_matching_symbol():
    """002 Portkey Spaces: stopping on one sends the piece to its pair, where it stops."""
    s = rolled({"harry": {"space": "r15c12"}, "cedric": {"space": "r1c1"}}, [2])
    s = apply(s, "move:r15c15")
    assert s.players["harry"].space == "r4c4"
    assert events(s, "portkey_travelled") == [{"player": "harry", "from": "r15c15", "to": "r4c4"}]


def test_002_portkey_spaces_not_for_a_cloaked_piece():
    """002 Portkey Spaces: a cloaked piece "simply stays there as if it were a normal space"."""
    s = rolled({"harry": {"space": "r15c12"}, "cedric": {"space": "r1c1"}}, [2], cloak="harry")
    s = apply(s, "move:r15c15")
    assert s.players["harry"].space == "r15c15"
    assert events(s, "space_ignored")[0]["kind"] == "portkey"


def test_002_gold_mist_spaces_draw_one_resource_tile():
    """002 Gold Mist Spaces: "Stopping on this space allows you to draw 1 Resource Tile"."""
    s = rolled({"harry": {"space": "r15c3"}, "cedric": {"space": "r1c1"}}, [2],
               decks={"resources": ["veritaserum", "red_sparks"]})
    s = apply(s, "move:r15c1")
    assert list(s.players["harry"].tiles) == ["veritaserum"]


def test_002_gold_mist_spaces_not_when_cloaked():
    """002 Gold Mist Spaces: "If your playing piece is wearing the Invisibility Cloak, you may
    not pick up Resource Tiles"."""
    s = rolled({"harry": {"space": "r15c3"}, "cedric": {"space": "r1c1"}}, [2], cloak="harry")
    s = apply(s, "move:r15c1")
    assert list(s.players["harry"].tiles) == [] and events(s, "resource_drawn") == []


def test_002_headstone_spaces_are_one_way_only():
    """002 Headstone Spaces: stopping on a Headstone space does not jump to the tile."""
    s = rolled({"harry": {"space": "r15c5"}, "cedric": {"space": "r1c1"}}, [2])
    s = apply(s, "move:r14c3")
    assert s.players["harry"].space == "r14c3" and s.pending.player == "cedric"


def test_002_headstone_tile_sends_the_piece_to_its_space_and_ends_the_turn():
    """002 Headstone Spaces / Winning the Game: a Headstone tile is left face up, the piece
    jumps to the matching Headstone space, the turn ends (no tile window)."""
    s = rolled({"harry": {"space": "r6c8", "tiles": ["invisibility_cloak"]},
                "cedric": {"space": "r1c1"}}, [2], cups={"r7c8": "headstone_2"})
    s = apply(s, "move:r7c8")
    assert s.cups["r7c8"].face_up and s.cups["r7c8"].tile == "headstone_2"
    assert s.players["harry"].space == "r14c3" and s.current == "cedric"


def test_002_headstone_tile_face_up_sends_any_piece_that_lands_on_it():
    """002 Headstone Spaces: "A face-up Headstone Tile will transport any playing piece"."""
    s = rolled({"harry": {"space": "r6c8"}, "cedric": {"space": "r1c1"}}, [2],
               cups={"r7c8": "up:headstone_1"})
    s = apply(s, "move:r7c8")
    assert s.players["harry"].space == "r3c13"


def test_002_headstone_tile_not_for_a_cloaked_piece():
    """002 Headstone Spaces: "A playing piece wearing the Invisibility Cloak will not transport
    from a face-up Headstone Tile"; nor may it check a Cup tile."""
    s = rolled({"harry": {"space": "r6c8"}, "cedric": {"space": "r1c1"}}, [2],
               cups={"r7c8": "up:headstone_1", "r9c8": "triwizard_cup"}, cloak="harry")
    s = apply(s, "move:r7c8")
    assert s.players["harry"].space == "r7c8"


def test_headstone_space_occupied_sends_the_piece_to_the_nearest_free_square():
    """Choice headstone_occupied: the Headstone space is taken, the nearest free square."""
    s = rolled({"harry": {"space": "r6c8"}, "cedric": {"space": "r14c3"}}, [2],
               cups={"r7c8": "headstone_2"})
    s = apply(s, "move:r7c8")
    assert s.players["harry"].space == "r15c3"


def test_002_obstacle_spaces_stop_the_move():
    """002 Obstacle Spaces / Let the Tournament Begin! 2: "you MUST stop if you land on an
    Obstacle Space" -- no square past it is reachable through it."""
    s = rolled({"harry": {"space": "r15c6"}, "cedric": {"space": "r1c1"}}, [6])
    opts = options(s)
    assert "move:r12c6" in opts
    assert "move:r12c7" not in opts and "move:r12c5" not in opts


def test_002_obstacle_spaces_battle_the_next_lineup_card():
    """002 Obstacle Spaces: "immediately battle the next card in the Obstacle Lineup"."""
    s = rolled({"harry": {"space": "r13c6", "hand": ["green_5_4"] * 2 + ["red_8_2"] * 2},
                "cedric": {"space": "r1c1"}}, [2],
               lineup=["down:sphinx", "grindylow", "boggart", "dementor"])
    s = apply(s, "move:r12c6")
    assert events(s, "battle_started")[0]["obstacle"] == "grindylow"
    assert options(s) == ["battle:green_5_4"]


def test_002_winning_the_game_the_real_cup_wins():
    """002 Winning the Game / Let the Tournament Begin! 5: turning over the Triwizard Cup wins."""
    s = rolled({"harry": {"space": "r6c8"}, "cedric": {"space": "r1c1"}}, [2],
               cups={"r7c8": "triwizard_cup"})
    s = apply(s, "move:r7c8")
    assert s.is_over and s.winner == "harry" and s.outcome.reason == "triwizard_cup"
    assert s.pending is None and s.cups["r7c8"].face_up


def test_002_winning_the_game_flipping_a_cup_is_a_chance_draw():
    """002 Game Set-Up 4: the Cup tiles are shuffled face down; turning one over is a draw
    over the tiles not yet seen, each equally likely."""
    s = apply(position({"harry": {"space": "r6c8"}, "cedric": {"space": "r1c1"}},
                       stop_at_chance=True), "roll", stop_at_chance=True)
    s = apply(s, "roll:2", stop_at_chance=True)
    s = apply(s, "move:r7c8", stop_at_chance=True)
    from talisman.triwizard import chance_outcomes
    outs = chance_outcomes(s)
    assert sorted(str(a) for a, _ in outs) == ["draw:headstone_1", "draw:headstone_2",
                                              "draw:headstone_3", "draw:triwizard_cup"]
    assert {p for _, p in outs} == {0.25}
    s = apply(s, "draw:triwizard_cup", stop_at_chance=True)
    assert s.winner == "harry"
