"""MOVEMENT (000): the Outer and Middle Regions, the bridge and the Sentinel, the Portal of
Power, the Inner Region; and the board data these rules drive."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

import talisman
from talisman.definitions import load
from talisman.rules.movement import reachable, shortest_path
from talisman.scenarios import TalismanScenarios, setup_state

BOARD = load().board


def play(state, *actions):
    """Apply actions, stopping where the scripted dice run out (as scenarios do)."""
    for a in actions:
        state = TalismanScenarios.apply(state, a)
    return state


def at(space, character="thief", dice=(), **fields):
    """A one-character game on ``space`` with forced dice (no fate tokens unless given, so no
    FATE re-roll decisions come between the steps under test)."""
    fields.setdefault("fate", 0)
    fields.setdefault("strength", 4)  # as the Warrior, without his two battle dice
    return setup_state({"characters": [dict(id=character, space=space, **fields)]}, list(dice))


# --- board data ---------------------------------------------------------------------

def test_board_neighbours_are_symmetric_except_the_one_way_crown():
    for s in BOARD.spaces.values():
        for n in s.neighbours:
            assert s.id in BOARD.spaces[n].neighbours, (s.id, n)



def test_one_die_never_reaches_a_space_by_two_counts():
    """MOVEMENT IN THE OUTER , FAR-OUTER AND MIDDLE REGIONS: "Move the full number of Spaces
    shown on the die".  A D4, D6 or D8 (1-8) never reaches a space that a shorter count also
    reaches, so the roll's walk to it is the shortest (docs/rulings.md R-MV9.2: a roll of one
    die walks the roll's own path, and only the sum of several dice is walked the shortest way);
    the sum of two dice can (the Troll's 16 reaches the Crags from the Village, 8 the other way)."""
    starts = [s.id for s in BOARD.spaces.values() if s.region in ("outer", "middle")]
    walked_otherwise = [(s, roll, d) for s in starts for roll in range(1, 9)
                        for d, path in reachable(BOARD, s, roll).items()
                        if shortest_path(BOARD, s, d, roll) != path]
    assert walked_otherwise == []
    assert len(reachable(BOARD, "village", 16)["crags"]) == 16
    assert len(shortest_path(BOARD, "village", "crags", 16)) == 8

def test_outer_and_middle_regions_are_single_rings():
    for region, size in (("outer", 24), ("middle", 16), ("inner", 8)):
        ring = BOARD.regions[region]
        assert len(ring) == size
        seen, cur = [], ring[0]
        for _ in range(size):
            seen.append(cur)
            cur = BOARD.ring_step(cur, 1)
        assert cur == ring[0] and sorted(seen) == sorted(ring)
        for sid in ring:
            ring_nbrs = [n for n in BOARD.spaces[sid].neighbours if BOARD.spaces[n].region == region]
            assert sorted(ring_nbrs) == sorted([BOARD.ring_step(sid, 1), BOARD.ring_step(sid, -1)])


def test_every_outer_space_has_its_opposite_across_the_river():
    for sid in BOARD.regions["outer"]:
        opp = BOARD.spaces[sid].opposite
        assert len(opp) == 1 and BOARD.spaces[opp[0]].region == "middle"
        assert sid in BOARD.spaces[opp[0]].opposite
    # corners face corners; the bridge joins the Sentinel and the Hills opposite
    assert BOARD.spaces["tavern"].opposite == ("temple",)
    assert BOARD.spaces["sentinel"].opposite == ("hills_3",)
    assert BOARD.link("sentinel", "bridge") == "hills_3"
    assert BOARD.link("portal_of_power", "portal") == "plain_of_peril"


# --- MOVEMENT IN THE OUTER, FAR-OUTER AND MIDDLE REGIONS ------------------------------

def test_the_full_count_either_way():
    # "The Character must then Move the full number of Spaces ... either clockwise or counter clockwise."
    s = at("village", dice=[3])
    assert {str(a) for a in talisman.legal_actions(s)} == {"move:woods_1", "move:plains_4"}


@pytest.mark.parametrize("character,die", [("dwarf", "d4"), ("warrior", "d6"), ("troll", "d8")])
def test_the_movement_die_by_size(character, die):
    # "Small Characters use a D4 ... Medium Characters use a D6, and Large Characters use a D8."
    s = talisman.new_game([character], stop_at_chance=True)
    assert s.pending.spec == die


def test_the_revised_fourth_edition_option_rolls_one_d6_for_everyone():
    s = talisman.new_game(["troll"], stop_at_chance=True, options={"movement_die": "d6"})
    assert s.pending.spec == "d6"


def test_direction_is_not_reversed_during_a_move():
    # "Direction may not be reversed during Movement except when passing between ... Regions."
    dests = reachable(BOARD, "city", 4)
    assert set(dests) == {"woods_3", "crags"}


# --- SENTINEL SPACE ---------------------------------------------------------------------

def test_crossing_the_bridge_if_the_roll_is_sufficient_and_a_new_direction_after():
    # "Characters may cross the bridge in either direction if their die roll ... is sufficient."
    # "When passing from one Region to another, Characters may change the direction."
    dests = reachable(BOARD, "graveyard", 4)
    assert {"hidden_valley", "cursed_glade"} <= set(dests)
    assert "hills_3" in reachable(BOARD, "graveyard", 3)
    assert "hills_3" not in reachable(BOARD, "graveyard", 2)


def test_the_sentinel_attacks_a_character_crossing_inward_and_a_standoff_stops_him():
    s = at("graveyard", dice=[4, 6, 1])
    s = play(s, "move:hidden_valley")
    assert s.pending.kind == "combat" and s.characters["thief"].space == "sentinel"
    s = play(s, "fight")  # warrior 4 + 6 = 10 against Sentinel 9 + 1 = 10: a standoff
    assert s.characters["thief"].space == "sentinel"
    assert [e.name for e in s.log if e.name in ("standoff", "combat_won")] == ["standoff"]


def test_defeating_the_sentinel_continues_the_move():
    s = at("graveyard", dice=[4, 6, 1], strength=5)  # 5+6 = 11 > 9+1 = 10
    s = play(s, "move:hidden_valley")
    s = play(s, "fight")
    assert s.characters["thief"].space == "hidden_valley"
    assert any(e.name == "combat_won" for e in s.log)


def test_defeat_by_the_sentinel_costs_a_life_and_ends_the_move_on_the_sentinel():
    s = at("graveyard", dice=[4, 1, 6])  # 4+1 = 5 < 9+6 = 15
    s = play(s, "move:hidden_valley")
    s = play(s, "fight")
    ch = s.characters["thief"]
    assert ch.space == "sentinel" and ch.lives == 3


def test_the_sentinel_never_attacks_along_the_outer_region_outward_or_ending_there():
    # "The Sentinel will not attack Characters who pass through ... while Moving in the Outer
    # Region. Nor ... crossing from the Middle Region to the Outer Region or ... who end their
    # Move on the Sentinel Space."
    for start, roll, dest in (("graveyard", 4, "chapel"), ("hills_3", 2, "woods_1"),
                              ("graveyard", 2, "sentinel")):
        s = at(start, dice=[roll])
        s = play(s, f"move:{dest}")
        assert s.characters["thief"].space == dest
        assert not any(e.name == "attacked" for e in s.log)


# --- THE PORTAL OF POWER ------------------------------------------------------------

def test_the_portal_is_tried_only_if_the_roll_carries_beyond():
    assert "plain_of_peril" in reachable(BOARD, "castle", 2)
    assert "plain_of_peril" not in reachable(BOARD, "castle", 1)


def test_opening_the_portal_ends_the_turn_on_the_plain_of_peril():
    s = at("castle", dice=[2, 3, 4], strength=8)
    s = play(s, "move:plain_of_peril")
    assert s.pending.kind == "portal" and s.characters["thief"].space == "portal_of_power"
    s = play(s, "portal:strength")  # 3 + 4 = 7 <= 8
    assert s.characters["thief"].space == "plain_of_peril"
    assert not any(e.name == "encounter_skipped" for e in s.log)  # the turn ended at once


def test_failing_to_open_the_portal_ends_the_move_and_turn_on_the_portal():
    s = at("castle", dice=[2, 6, 6], craft=5)
    s = play(s, "move:plain_of_peril")
    s = play(s, "portal:craft")
    ch = s.characters["thief"]
    assert ch.space == "portal_of_power" and ch.craft == 4
    assert not any(e.name == "encounter_skipped" for e in s.log)


# --- MOVEMENT IN THE INNER REGION, RETREATING ---------------------------------------

def test_inner_region_one_space_a_turn_without_a_roll():
    s = at("plain_of_peril")
    assert s.pending.kind == "move" and not any(e.name == "movement_roll" for e in s.log)
    assert {str(a) for a in talisman.legal_actions(s)} == {"move:mines", "move:crypt",
                                                          "move:portal_of_power"}


def test_the_valley_of_fire_needs_a_talisman():
    s = at("pits")
    assert "move:valley_of_fire" not in {str(a) for a in talisman.legal_actions(s)}


def test_retreating_ignores_the_space_instructions():
    s = at("mines")
    s = play(s, "move:plain_of_peril")
    assert any(e.name == "retreated" for e in s.log)
    assert not any(e.name == "encounter_skipped" for e in s.log)


def test_passing_out_through_the_portal_is_the_whole_move():
    s = at("plain_of_peril")
    s = play(s, "move:portal_of_power")
    assert s.characters["thief"].space == "portal_of_power"


# --- the destinations offered are exactly the reachable ones --------------------------

def independent_destinations(start, n):
    """A breadth-first count on the board graph: (space, previous space, crossed-just-now)."""
    sp = BOARD.spaces
    frontier = {(start, None, None)}
    for step in range(n):
        nxt = set()
        for here, prev, came_from_region in frontier:
            for nb in sp[here].neighbours:
                if nb == prev or sp[nb].region not in ("outer", "middle"):
                    continue  # no reversal; the Portal is handled below
                if sp[nb].region != sp[here].region and came_from_region == sp[nb].region:
                    continue
                crossing = sp[nb].region != sp[here].region
                # after a crossing the direction is free: forget the previous space
                nxt.add((nb, None if crossing else here, sp[here].region if crossing else None))
        frontier = nxt
    out = {s for s, _, _ in frontier}
    # the Portal attempt: reaching the Portal of Power with steps to spare
    for k in range(n):
        front = {(start, None)}
        for _ in range(k):
            front = {(nb, None if sp[nb].region != sp[h].region else h)
                     for h, p in front for nb in sp[h].neighbours
                     if nb != p and sp[nb].region in ("outer", "middle")}
        if any(h == "portal_of_power" for h, _ in front):
            out.add("plain_of_peril")
    return out


@given(st.sampled_from(BOARD.regions["outer"] + BOARD.regions["middle"]), st.integers(1, 8))
def test_offered_destinations_match_an_independent_count(start, n):
    s = at(start, dice=[n] if n <= 6 else [], character="thief" if n <= 6 else "troll")
    if n > 6:
        s = setup_state({"characters": [{"id": "troll", "space": start, "fate": 0}]}, [n])
    offered = {str(a).split(":")[1] for a in talisman.legal_actions(s)}
    assert offered == independent_destinations(start, n)


def test_with_a_talisman_the_valley_of_fire_may_be_entered():
    # TALISMAN CARDS / RETREATING: "The Valley of Fire may only be entered by a Character
    # possessing a Talisman."
    s = at("pits", objects=["talisman"])
    assert "move:valley_of_fire" in {str(a) for a in talisman.legal_actions(s)}


def test_the_crown_of_command_holds_a_character_still_unless_he_retreats():
    s = at("crown_of_command", objects=["talisman"])
    assert {str(a) for a in talisman.legal_actions(s)} == {"stay", "move:valley_of_fire"}
    # TALISMAN CARDS: "No Character may enter the Valley of Fire without a Talisman": a retreat
    # from the Crown too (docs/rulings.md R-IN10.5)
    s = at("crown_of_command")
    assert {str(a) for a in talisman.legal_actions(s)} == {"stay"}


# --- mutation testing (docs/reliability.md): the boundaries the tests above left open -----

def portal_try(ability, dice, character="thief", **fields):
    """From the Castle a roll of 2 carries beyond the Portal of Power: try it by ``ability``."""
    s = at("castle", character=character, dice=[2, *dice], **fields)
    s = play(s, "move:plain_of_peril")
    assert s.pending.kind == "portal"
    return play(s, f"portal:{ability}")


def test_the_portal_opens_on_a_roll_equal_to_the_ability():
    # THE PORTAL OF POWER: "follow the instructions on the Portal of Power Space": roll 2D6,
    # "total <= ability -> move to Plain of Peril" (talisman-facts.md, the board's space 8).
    s = portal_try("strength", [3, 5], strength=8)  # 8 <= 8
    assert s.characters["thief"].space == "plain_of_peril"
    assert [e.data["roll"] for e in s.log if e.name == "portal_opened"] == [8]
    s = portal_try("strength", [4, 5], strength=8)  # 9 > 8
    ch = s.characters["thief"]
    assert ch.space == "portal_of_power" and ch.strength == 7
    assert not any(e.name == "portal_opened" for e in s.log)


def test_a_failed_portal_costs_one_of_the_ability_tried_only():
    # the Portal of Power Space: "else stay and lose 1 of that ability"
    s = portal_try("strength", [6, 6], strength=5, craft=5)
    ch = s.characters["thief"]
    assert (ch.strength, ch.craft) == (4, 5)
    assert [e.data["ability"] for e in s.log if e.name == "portal_failed"] == ["strength"]
    s = portal_try("craft", [6, 6], strength=5, craft=5)
    ch = s.characters["thief"]
    assert (ch.strength, ch.craft) == (5, 4)


def test_the_dwarf_adds_one_opening_the_portal_by_craft_only():
    # The Dwarf: "+1 when opening the Portal of Power by Craft" (talisman-facts-verified.md)
    s = portal_try("craft", [2, 2], character="dwarf", craft=3)  # 4 <= 3 + 1
    assert s.characters["dwarf"].space == "plain_of_peril"
    s = portal_try("craft", [2, 3], character="dwarf", craft=3)  # 5 > 3 + 1
    assert s.characters["dwarf"].space == "portal_of_power"
    s = portal_try("strength", [2, 2], character="dwarf", strength=3)  # 4 > 3: no bonus
    assert s.characters["dwarf"].space == "portal_of_power"


def test_the_gnome_lets_his_master_pick_the_portal_lock_with_one_die():
    # The Gnome: "Portal by Craft roll 1 die" (talisman-facts.md); by Strength still two
    s = at("castle", dice=[2], followers=["gnome"])
    s = play(s, "move:plain_of_peril", "portal:craft")
    assert s.pending.kind == "roll" and s.pending.spec == "d6"
    s = at("castle", dice=[2], followers=["gnome"])
    s = play(s, "move:plain_of_peril", "portal:strength")
    assert s.pending.spec == "2d6"


def test_an_unfinished_inner_space_is_left_only_by_retreating():
    # MOVEMENT IN THE INNER REGION: "The Encounter instructions on each Space must be completed
    # before a Character may Move on."  RETREATING: "A Character may decide at any time to Move
    # back towards the Plain of Peril."
    s = at("mines", hold="mines")
    assert {str(a) for a in talisman.legal_actions(s)} == {"stay", "move:plain_of_peril"}
    s = at("mines")  # instructions completed: on, or back
    assert {str(a) for a in talisman.legal_actions(s)} == {"move:plain_of_peril", "move:vampires_tower"}
    # from the Plain of Peril, back out through the Portal is the way towards the Middle Region
    s = at("plain_of_peril", hold="plain_of_peril")
    assert {str(a) for a in talisman.legal_actions(s)} == {"stay", "move:portal_of_power"}


def test_moving_on_in_the_inner_region_is_no_retreat_and_meets_the_space():
    # RETREATING: "the instructions are ignored when Retreating" - and only then
    s = at("plain_of_peril")
    s = play(s, "move:mines")
    assert not any(e.name == "retreated" for e in s.log)
    assert any(e.name == "encountered_space" for e in s.log)
    s = at("vampires_tower")
    s = play(s, "move:mines")  # one space back towards the Plain of Peril
    assert [e.data["to"] for e in s.log if e.name == "retreated"] == ["mines"]
    assert not any(e.name == "encountered_space" for e in s.log)
    s = at("death")
    s = play(s, "move:crypt")  # the other way round the Inner Region, back towards the Plain
    assert [e.data["to"] for e in s.log if e.name == "retreated"] == ["crypt"]
    s = at("crypt")
    s = play(s, "move:death")  # on, away from the Plain: the space is met
    assert not any(e.name == "retreated" for e in s.log)


def test_a_move_given_one_walk_reads_that_walk_and_no_other():
    """000 Stowaways ("immediately Move that many Spaces clockwise in the City") read with 000
    Movement in the City: a move that follows one walk (``hooks.OneWalk``, the ``way`` the
    ``movement_destinations`` hook point is given for the run, rulings R-FA13.2) has, for each
    count, the one walk of that many steps along it, whatever the board's walks from the space;
    none past its end.  The state is not read for it (no frame marks the run)."""
    from talisman.rules.hooks import OneWalk
    from talisman.rules.movement import walks
    s = setup_state({"characters": [{"id": "warrior", "space": "fields_1"}]}, [])
    run = OneWalk((("city_smiths_row", "step"), ("city_stable_yard", "step"), ("city_gaol_lane", "step")))
    assert walks(s, "warrior", 2, run) == {"city_stable_yard": run.pairs[:2]}
    assert walks(s, "warrior", 3, run) == {"city_gaol_lane": run.pairs}
    assert walks(s, "warrior", 4, run) == {} and walks(s, "warrior", 0, run) == {}
    # without it, the board's own walks from the Fields
    assert set(walks(s, "warrior", 1)) == {"graveyard", "village"}
