"""002 Resource Tiles: the limit of six, one a turn, and the eight kinds."""
from fractions import Fraction

from talisman.triwizard import apply, chance_outcomes, player_view
from talisman.triwizard.positions import events, options, position


def two(harry_tiles=(), cedric=None, **kw):
    cedric = cedric or {"space": "r1c1"}
    return position({"harry": {"space": "r15c5", "tiles": list(harry_tiles)}, "cedric": cedric},
                    **kw)


def test_002_resource_tiles_at_most_six_discard_the_surplus_by_choice():
    """002 Resource Tiles: "If you collect more than 6, decide which you want to keep"."""
    tiles = ["veritaserum"] * 3 + ["double_die"] * 3
    s = apply(position({"harry": {"space": "r15c3", "tiles": tiles}, "cedric": {"space": "r1c1"}},
                       dice=[2], decks={"resources": ["red_sparks"]}), "roll")
    s = apply(s, "move:r15c1")                                 # Gold Mist: a seventh tile
    assert s.pending.kind == "discard" and s.pending.player == "harry"
    assert options(s) == ["discard:double_die", "discard:red_sparks", "discard:veritaserum"]
    s = apply(s, "discard:red_sparks")
    assert len(s.players["harry"].tiles) == 6 and list(s.discards["resources"]) == ["red_sparks"]


def test_002_resource_tiles_reshuffle_the_discards_when_the_pile_is_empty():
    """002 Resource Tiles: "If the Draw Pile is emptied, re-shuffle the Discard Pile"."""
    s = position({"harry": {"space": "r15c3", "tiles": ["veritaserum"]},
                  "cedric": {"space": "r1c1", "tiles": ["double_die"]}},
                 dice=[2], decks={"resources": []})
    s = apply(s, "play:veritaserum:cedric")
    s = apply(apply(apply(s, "take:double_die"), "roll"), "move:r15c1")
    assert events(s, "pile_reshuffled") == [{"pile": "resources", "cards": 1}]
    assert sorted(s.players["harry"].tiles) == ["double_die", "veritaserum"]


def test_002_albus_dumbledore_sends_the_wearer_to_the_nearest_empty_penalty_space():
    """002 ALBUS DUMBLEDORE / Albus Dumbledore: the cloak goes beside the board, the wearer to
    the nearest empty Penalty space (r14c9 is 4 steps from r15c12)."""
    s = two(["dumbledore"], cedric={"space": "r15c12"}, cloak="cedric")
    s = apply(s, "play:dumbledore")
    assert s.cloak is None and s.players["cedric"].space == "r14c9"
    assert list(s.discards["resources"]) == ["dumbledore"]


def test_002_albus_dumbledore_skips_an_occupied_penalty_space():
    """002 Albus Dumbledore: "the nearest empty Penalty Space"."""
    s = position({"harry": {"space": "r14c9", "tiles": ["dumbledore"]},
                  "cedric": {"space": "r15c12"}}, cloak="cedric")
    s = apply(s, "play:dumbledore")
    assert s.players["cedric"].space == "r8c13"


def test_002_albus_dumbledore_only_against_another_players_cloak():
    """Choice dumbledore_target: played only while another player's piece wears the cloak."""
    assert "play:dumbledore" not in options(two(["dumbledore"]))
    assert "play:dumbledore" not in options(two(["dumbledore"], cloak="harry"))


def test_002_double_die_rolls_again_and_adds_after_a_failed_battle_roll():
    """002 DOUBLE DIE: a second roll added to the first (sphinx 10: 5 + 3 + 4 = 12)."""
    s = position({"harry": {"space": "r13c6", "hand": ["green_5_4", "green_5_4", "green_6_3", "green_6_3"], "tiles": ["double_die"]},
                  "cedric": {"space": "r1c1"}}, dice=[2, 3, 4],
                 lineup=["sphinx", "grindylow", "boggart", "dementor"])
    s = apply(apply(apply(s, "roll"), "move:r12c6"), "battle:green_5_4")
    assert s.pending.kind == "double_die" and options(s) == ["play:double_die", "pass"]
    s = apply(s, "play:double_die")
    assert [r["total"] for r in events(s, "battle_roll")] == [8, 12]
    assert events(s, "battle_won") and "double_die" not in s.players["harry"].tiles
    assert list(s.discards["resources"]) == ["double_die"]


def test_002_double_die_is_not_offered_after_another_tile_this_turn():
    """002 Resource Tiles: "you may only play one per turn"."""
    s = position({"harry": {"space": "r13c6", "hand": ["green_5_4", "green_5_4", "green_6_3", "green_6_3"],
                            "tiles": ["double_die", "invisibility_cloak"]},
                  "cedric": {"space": "r1c1"}}, dice=[2, 3],
                 lineup=["sphinx", "grindylow", "boggart", "dementor"])
    s = apply(s, "play:invisibility_cloak:cedric")
    s = apply(apply(apply(s, "roll"), "move:r12c6"), "battle:green_5_4")
    assert s.pending.kind == "push_back"


def test_002_four_point_spell_is_a_private_look():
    """002 FOUR POINT SPELL: look at one Cup tile without showing it; it stays face down.
    player_view hides it from everyone else."""
    s = apply(two(["four_point_spell"], cups={"r7c8": "headstone_3"}),
              "play:four_point_spell:r7c8")
    assert events(s, "cup_peeked")[0]["tile"] == "headstone_3" and not s.cups["r7c8"].face_up
    mine, theirs = player_view(s, "harry"), player_view(s, "cedric")
    assert events(mine, "cup_peeked")[0]["tile"] == "headstone_3"
    assert events(theirs, "cup_peeked")[0]["tile"] == "hidden"
    assert theirs.cups["r7c8"].tile == "hidden"
    # the pile counts the tile looked at too: no tile shows as missing from it
    assert list(theirs.decks["cups"]) == ["hidden"] * 4


def test_002_invisibility_cloak_tile_onto_any_piece_but_the_wearer():
    """002 INVISIBILITY CLOAK: onto any piece, including your own; a worn cloak must move."""
    s = two(["invisibility_cloak"], cloak="cedric")
    assert [o for o in options(s) if o.startswith("play")] == ["play:invisibility_cloak:harry"]
    s = apply(s, "play:invisibility_cloak:harry")
    assert s.cloak == "harry"


def test_002_red_sparks_is_a_blind_draw_from_the_chosen_player():
    """002 RED SPARKS: a blind draw -- each of the victim's tiles is equally likely."""
    s = two(["red_sparks"], cedric={"space": "r1c1", "tiles": ["veritaserum", "veritaserum",
                                                                "double_die"]},
            stop_at_chance=True)
    s = apply(s, "play:red_sparks:cedric", stop_at_chance=True)
    assert dict((str(a), p) for a, p in chance_outcomes(s)) == {
        "draw:double_die": Fraction(1, 3), "draw:veritaserum": Fraction(2, 3)}
    assert player_view(s, "harry").decks["blind_draw"] == ["hidden"] * 3
    s = apply(s, "draw:double_die", stop_at_chance=True)
    assert list(s.players["harry"].tiles) == ["double_die"] and "blind_draw" not in s.decks
    assert sorted(s.players["cedric"].tiles) == ["veritaserum", "veritaserum"]
    assert events(player_view(s, "cedric"), "tile_stolen")[0]["tile"] == \
        "double_die"


def test_002_red_sparks_and_veritaserum_need_a_player_with_tiles():
    """Choice empty_handed_target: not playable against a player holding no tile."""
    opts = options(two(["red_sparks", "veritaserum"]))
    assert not [o for o in opts if o.startswith("play")]


def test_002_reductor_curse_through_one_green_hedge_in_a_straight_line():
    """002 REDUCTOR CURSE: played after the roll; the hedge counts as 1 space."""
    s = apply(two(["reductor_curse"], dice=[2]), "roll")
    assert "play:reductor_curse" not in options(s)           # r15c5: no hedge within 4
    s = apply(position({"harry": {"space": "r1c5", "tiles": ["reductor_curse"]},
                        "cedric": {"space": "r15c1"}}, dice=[2]), "roll")
    s = apply(s, "play:reductor_curse")
    opts = options(s)
    assert "move:r4c5" in opts and "move:r4c6" in opts       # 3 and 4 spaces
    assert "move:r2c5" not in opts and "stay" not in opts    # must go through the hedge
    s = apply(s, "move:r4c6")
    assert events(s, "moved")[0] == {"player": "harry", "from": "r1c5", "to": "r4c6",
                                     "steps": 4, "curse": True}


def test_002_reductor_curse_never_through_the_dark_hedge():
    """002 REDUCTOR CURSE: "This tile may not be used to pass through the Dark Hedge"."""
    s = apply(position({"harry": {"space": "r1c9", "tiles": ["reductor_curse"]},
                        "cedric": {"space": "r15c1"}}, dice=[2]), "roll")
    assert "play:reductor_curse" not in options(s)           # only Dark Hedge around r1c9


def test_002_summon_hedge_open_path_square_no_symbol_no_dark_hedge():
    """002 SUMMON HEDGE: any open path space, not touching the Dark Hedge, without a symbol."""
    s = two(["summon_hedge"], cedric={"space": "r6c7"})
    squares = {o.split(":")[2] for o in options(s) if o.startswith("play:summon_hedge")}
    assert squares == {"r7c10", "r9c6", "r10c9"}   # the ring's gates, behind Green Hedges
    assert "r6c7" not in squares            # a piece stands there
    assert "r4c6" not in squares            # touches the Dark Hedge r3c6
    assert "r6c6" not in squares            # touches the Dark Hedge r6c5
    assert "r6c10" not in squares           # Gold Mist symbol
    assert "r8c8" not in squares            # where the hedge stands now
    s = apply(s, "play:summon_hedge:r9c6")
    assert s.hedge == "r9c6" and events(s, "hedge_summoned")[0]["from"] == "r8c8"


def test_002_veritaserum_shows_the_tiles_and_takes_one():
    """002 VERITASERUM: the opponent's tiles face up for all, one taken."""
    s = two(["veritaserum"], cedric={"space": "r1c1", "tiles": ["summon_hedge", "dumbledore"]})
    s = apply(s, "play:veritaserum:cedric")
    assert events(s, "tiles_revealed")[0]["tiles"] == ["dumbledore", "summon_hedge"]
    assert options(s) == ["take:dumbledore", "take:summon_hedge"]
    s = apply(s, "take:summon_hedge")
    assert list(s.players["harry"].tiles) == ["summon_hedge"]
    assert list(s.players["cedric"].tiles) == ["dumbledore"]
