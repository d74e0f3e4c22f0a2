"""Scenarios for the tricky rules: a set position, forced dice, actions in notation, and
what must follow."""
from talisman.triwizard import apply
from talisman.triwizard.positions import events, options, position


def play(state, *actions):
    for a in actions:
        state = apply(state, a)
    return state


def test_scenario_portkey_blocked_by_an_opponent_on_the_matching_space():
    """002 Portkey Spaces: "As long as an opponent's playing piece sits on a Portkey Space,
    the matching Portkey Space cannot be used for travel."

    harry (r15c12) rolls 2 and stops on Portkey C (r15c15); cedric stands on the other C
    (r4c4): harry stays where he stopped.  Once cedric leaves, the same move travels."""
    blocked = position({"harry": {"space": "r15c12"}, "cedric": {"space": "r4c4"}}, dice=[2])
    s = play(blocked, "roll", "move:r15c15")
    assert s.players["harry"].space == "r15c15"
    assert events(s, "portkey_blocked") == [{"player": "harry", "space": "r15c15",
                                             "to": "r4c4", "by": "cedric"}]
    assert events(s, "portkey_travelled") == []
    free = position({"harry": {"space": "r15c12"}, "cedric": {"space": "r4c5"}}, dice=[2])
    assert play(free, "roll", "move:r15c15").players["harry"].space == "r4c4"


def test_scenario_cloak_over_an_obstacle_space():
    """002 The Invisibility Cloak: "Playing pieces wearing the Invisibility Cloak may pass
    through Obstacle Spaces without having to battle -- they simply ignore all Obstacle Spaces."

    harry (r13c6) rolls 2: uncloaked he could only reach the Obstacle space r12c6 on that
    side; cloaked he walks over it to r12c9 and no battle is fought."""
    plain = play(position({"harry": {"space": "r13c6"}, "cedric": {"space": "r1c1"}}, dice=[2]),
                 "roll")
    assert "move:r12c9" not in options(plain) and "move:r12c6" in options(plain)
    s = position({"harry": {"space": "r13c6"}, "cedric": {"space": "r1c1"}}, dice=[2],
                 cloak="harry")
    s = play(s, "roll", "move:r12c9")
    assert s.players["harry"].space == "r12c9"
    assert events(s, "moved")[0]["steps"] == 4
    assert events(s, "battle_started") == [] and s.lineup[0].face_up
    # stopping on the Obstacle space itself is ignored too
    s = position({"harry": {"space": "r13c6"}, "cedric": {"space": "r1c1"}}, dice=[2],
                 cloak="harry")
    s = play(s, "roll", "move:r12c6")
    assert events(s, "space_ignored") == [{"player": "harry", "space": "r12c6",
                                           "kind": "obstacle", "reason": "cloak"}]


def test_scenario_dumbledore_cancelled_by_dumbledore():
    """002 ALBUS DUMBLEDORE: "You can also use this tile to cancel another Albus Dumbledore
    Tile played against you ... Play your tile after your opponent plays their Albus
    Dumbledore Tile. Discard both. Your playing piece retains the Invisibility Cloak."

    harry plays Dumbledore against cloaked cedric; cedric answers out of turn with his own;
    both tiles are discarded, cedric keeps the cloak and his square, harry's turn goes on."""
    s = position({"harry": {"space": "r15c5", "tiles": ["dumbledore"]},
                  "cedric": {"space": "r10c12", "tiles": ["dumbledore", "veritaserum"]}},
                 cloak="cedric", dice=[2])
    s = apply(s, "play:dumbledore")
    assert s.pending.player == "cedric" and s.pending.kind == "cancel"
    assert options(s) == ["play:dumbledore", "pass"]
    s = apply(s, "play:dumbledore")
    assert s.cloak == "cedric" and s.players["cedric"].space == "r10c12"
    assert list(s.players["cedric"].tiles) == ["veritaserum"] and s.players["harry"].tiles == []
    assert list(s.discards["resources"]) == ["dumbledore", "dumbledore"]
    assert events(s, "dumbledore_cancelled") == [{"player": "cedric", "by": "harry"}]
    assert s.pending.player == "harry" and options(s) == ["roll"]   # one tile a turn: spent
    # passing instead lets Dumbledore punish
    s = position({"harry": {"space": "r15c5", "tiles": ["dumbledore"]},
                  "cedric": {"space": "r10c12", "tiles": ["dumbledore"]}}, cloak="cedric")
    s = play(s, "play:dumbledore", "pass")
    assert s.cloak is None and s.players["cedric"].space == "r8c13"


def test_scenario_reductor_curse_short_of_the_hedge():
    """002 REDUCTOR CURSE: "You cannot end your move on a hedge space, so if you don't roll
    enough to move past the hedge space, wait to play this tile until you do."

    harry on r1c2: the Green Hedge r3c5 lies under r2c5.  Through it to r4c5 is 3 + 3 = 6
    spaces.  A roll of 2 (4 spaces) does not offer the curse and the tile is kept; a roll
    of 3 (6 spaces) offers it, reaching r4c5 exactly and no further."""
    short = play(position({"harry": {"space": "r1c2", "tiles": ["reductor_curse"]},
                           "cedric": {"space": "r15c1"}}, dice=[2]), "roll")
    assert "play:reductor_curse" not in options(short)
    s = play(short, "move:r1c6")
    assert list(s.players["harry"].tiles) == ["reductor_curse"]
    enough = play(position({"harry": {"space": "r1c2", "tiles": ["reductor_curse"]},
                            "cedric": {"space": "r15c1"}}, dice=[3]), "roll")
    assert "play:reductor_curse" in options(enough)
    s = play(enough, "play:reductor_curse")
    assert [o for o in options(s)] == ["move:r4c5"]
    s = play(s, "move:r4c5")
    assert s.players["harry"].space == "r4c5" and s.players["harry"].tiles == []
