"""THE TALISMAN DUNGEON (000, lines ~944-997): the expansion's hooks, its data and random play.

The rule sentences themselves are settled by the scenarios ``tests/scenarios/dungeon_*.yaml``;
these tests check what a scenario cannot set up (a teleport, the Events' Region, the data) and
that random play through the Dungeon keeps every invariant.
"""
from __future__ import annotations

import pytest
from pyrsistent import pvector

import talisman
from talisman import api
from talisman.definitions import load
from talisman.engine.records import replace
from talisman.expansions import dungeon
from talisman.rules import movement
from talisman.rules.kernel import set_turn_flag
from talisman.state import update_character
from talisman.testing import invariants
from talisman.testing.strategies import play_random

CHARS = ["warrior", "wizard", "troll"]


def game(expansions=("dungeon",), seed=3):
    return talisman.new_game(CHARS, expansions=list(expansions), seed=seed)


def test_base_game_has_no_dungeon():
    """A base game never runs the Dungeon's code: no Doorway, no Dungeon deck, no own state."""
    s = talisman.new_game(CHARS, seed=3)
    assert "dungeon_doorway" not in s.decks["adventure"]
    assert not s.decks.get("dungeon")
    assert "dungeon" not in s.ext


def test_setup_shuffles_four_doorways_and_the_dungeon_deck():
    """"Be certain to shuffle the four Doorway Adventure Cards into the Adventure deck"."""
    s = game()
    assert list(s.decks["adventure"]).count("dungeon_doorway") == 4
    assert len(s.decks["dungeon"]) == 36
    assert game(seed=4).decks["dungeon"] != s.decks["dungeon"]  # shuffled by the seed


def test_board_is_a_spiral_counted_as_the_outer_region():
    """"The Dungeon is considered to be part of the Outer Region for the purposes of Events";
    the spiral runs from the Entrance to the Treasure Chamber."""
    board = load().board
    ring = board.regions["dungeon"]
    assert ring[0] == dungeon.entrance_space() == "dg_entrance"
    assert ring[-1] == dungeon.treasure_space() == "dg_treasure_chamber"
    assert board.part_of["dungeon"] == "outer"
    assert not any(n in board.regions["outer"] for s in ring for n in board.spaces[s].neighbours)


def test_every_chart_result_is_a_real_space_in_the_middle_or_inner_region():
    board = load().board
    table = dungeon.chart()
    assert sorted(table) == [1, 2, 3, 4, 5, 6] and table[6] == "crown_of_command"
    assert all(board.spaces[s].region in ("middle", "inner", "crown") for s in table.values())


def in_dungeon_state(space="dg_passage_6"):
    s = game()
    return update_character(s, s.current, space=space)


def test_no_teleport_out_of_the_dungeon():
    """"Characters may not Teleport out of the Dungeon"."""
    s = in_dungeon_state()
    cid = s.current
    out = movement.forced_move(s, cid, "chapel", False, "teleport")
    assert out.characters[cid].space == "dg_passage_6"
    assert any(e.name == "effect_ignored" for e in out.log[len(s.log):])
    inside = movement.forced_move(s, cid, "dg_passage_10", False, "teleport")
    assert inside.characters[cid].space == "dg_passage_10"  # through the walls, by teleport


@pytest.mark.parametrize("space, effect, card", [(dungeon.entrance_space(), dungeon.back, "dg_collapse"),
                                                 (dungeon.treasure_space(), dungeon.on, "dg_trap_door")])
def test_a_dungeon_move_that_goes_nowhere_meets_nothing_again(space, effect, card):
    """ENCOUNTERS IN THE MIDDLE, OUTER & FAR-OUTER REGIONS: "Characters may only have Encounters in
    the Space in which they end their Move or a Space to which they are Moved as a result of an
    Encounter": a card's move along the spiral that cannot go on (back from the Entrance, on from
    the Treasure Chamber, the spiral's two ends) moves him to no space, so his encounter is not
    run again; one that moves him is (mutation testing, mut18: ``_instructed`` 1, 14)."""
    s = in_dungeon_state(space)
    cid = s.current
    s = set_turn_flag(s, cid, "phase", "encounter")
    out = effect(s, {"spaces": 1}, cid, {"card": card})
    assert out.characters[cid].space == space
    assert [e.name for e in out.log[len(s.log):]] == ["stayed"]
    assert not out.characters[cid].turn_flags.get("encounter_again")
    s6 = set_turn_flag(in_dungeon_state("dg_passage_6"), cid, "phase", "encounter")
    met = effect(s6, {"spaces": 1}, cid, {"card": card})
    assert met.characters[cid].space != "dg_passage_6"
    assert met.characters[cid].turn_flags.get("encounter_again") is True


def test_teleport_in_the_dungeon_stays_in_it_and_never_reaches_it_from_outside():
    s = in_dungeon_state()
    here = movement.teleport_destinations(s, s.current, "same")
    assert here and set(here) <= set(load().board.regions["dungeon"]) and "dg_passage_6" not in here
    outside = game()
    for region in ("same", "any", "outer"):
        assert not set(movement.teleport_destinations(outside, outside.current, region)) & \
            set(load().board.regions["dungeon"])


def test_a_third_doorway_on_the_main_board_counts_the_main_board_only():
    """The City's Doorway (the Scout: "two on the Main Board and one in the City") is a way in
    but does not count towards the two on the Main Board."""
    s = game()
    s = replace(s, board_cards=s.board_cards.set("fields_1", pvector(["dungeon_doorway"]))
                .set("chapel", pvector(["city_doorway"])))
    assert dungeon.doorways(s, main_only=True) == ["fields_1"]
    assert set(dungeon.doorways(s)) == {"fields_1", "chapel"}
    assert not dungeon.sealed(s)
    assert dungeon.sealed(game())


def doorways_everywhere(state):
    """Doorways on two starting spaces: random play then goes down often."""
    spaces = sorted({ch.space for ch in state.characters.values()})[:2]
    decks = state.decks
    adventure = list(decks["adventure"])
    for sp in spaces:
        adventure.remove("dungeon_doorway")
    state = replace(state, decks=decks.set("adventure", pvector(adventure)))
    for sp in spaces:
        state = replace(state, board_cards=state.board_cards.set(sp, pvector(["dungeon_doorway"])))
    return state


MIXES = [("dungeon",), ("city", "dungeon"), ("harbinger", "blood_moon", "city", "wizards_tower",
                                           "disasters", "dungeon")]


@pytest.mark.parametrize("expansions", MIXES, ids=["+".join(m) for m in MIXES])
def test_random_play_through_the_dungeon_keeps_every_invariant(expansions):
    """Seeded random play from a position with two Doorways on the board: no exception, every
    invariant holds, and characters do go down, move along the spiral and come out."""
    spaces_seen: set[str] = set()
    for seed in range(8):  # (random games with every expansion often end in a few rounds)
        s = doorways_everywhere(game(expansions, seed=seed))
        assert invariants.check(s) == []
        states, _ = play_random(s, 400, bot_seed=seed)
        for st in states[::10] + states[-1:]:
            assert invariants.check(st) == [], (seed, invariants.check(st))
        for st in states:
            spaces_seen.update(ch.space for ch in st.characters.values())
        assert api.from_json(api.to_json(states[-1])) == states[-1]
    assert dungeon.entrance_space() in spaces_seen
    assert len(spaces_seen & set(load().board.regions["dungeon"])) > 3


def test_a_character_sent_into_the_dungeon_drops_the_refused_animals_on_the_entrance(monkeypatch):
    """Entering the Dungeon: "The Horse, Warhorse, and Horse and Cart may not be taken into the
    dungeon. They are dropped on the Entrance Space" - also for a character sent there from
    outside (The Demon Lord's chart, "2. Torture Chamber Talisman Dungeon": rulings TS23).  No
    Horse card exists in the data (docs/rules-coverage.md, Entering the Dungeon), so the Mule, an
    Article carrying 4 more Objects, plays the refused animal here: it stays on the Entrance with
    the Objects only it carried."""
    monkeypatch.setattr(dungeon, "BARRED", ("mule",))  # the breed of the Mules
    s = game()
    cid = s.current
    objects = ["sword", "axe", "shield", "helmet", "armour", "bag_of_gold"]
    s = update_character(s, cid, space="valley_of_fire", followers=["mule"], objects=objects)
    out = movement.forced_move(s, cid, "dg_torture_chamber", False, "demon_lord_barrier")
    ch = out.characters[cid]
    assert ch.space == "dg_torture_chamber" and ch.followers == pvector()
    assert list(ch.objects) == objects[:4]
    assert list(out.board_cards["dg_entrance"]) == ["mule"] + objects[4:]
    moved = movement.forced_move(out, cid, "dg_passage_10", False, "teleport")  # already inside
    assert not [e for e in moved.log[len(out.log):] if e.name == "left_at_entrance"]


def test_a_teleport_out_of_the_dungeon_refused_drops_nothing(monkeypatch):
    monkeypatch.setattr(dungeon, "BARRED", ("mule",))  # the breed of the Mules
    s = in_dungeon_state()
    s = update_character(s, s.current, followers=["mule"])
    out = movement.forced_move(s, s.current, "chapel", False, "teleport")
    assert list(out.characters[s.current].followers) == ["mule"]


def test_king_of_the_hill_exit_with_the_talisman_stock_empty():
    """KING OF THE HILL: "may take a Talisman and exit the Dungeon at the Portal of Power": with
    no Talisman left in the stock (TALISMAN CARDS: none left, none gained) the exit is taken all
    the same, and no Talisman appears."""
    s = talisman.new_game(CHARS, expansions=["dungeon"], seed=3, options={"king_of_the_hill": True})
    cid = s.current
    s = update_character(s, cid, space=dungeon.treasure_space())
    # the stock's Talismans out of it (lying on the Crags: every card still in one place)
    s = replace(s, decks=s.decks.set("talisman", pvector()),
                board_cards=s.board_cards.set("crags", pvector(s.decks["talisman"])))
    s = dungeon.before_movement(s, (s, False), cid)[0]
    assert {str(a) for a in talisman.legal_actions(s)} == {"roll", "move:portal_of_power"}
    s = talisman.apply(s, "move:portal_of_power")
    assert s.characters[cid].space == "portal_of_power"
    assert "talisman" not in s.characters[cid].objects
    names = [e.name for e in s.log]
    assert "no_talisman_left" in names and "king_of_the_hill_talisman" in names
    assert invariants.check(s) == []


def test_king_of_the_hill_is_a_boolean_option():
    with pytest.raises(talisman.TalismanError, match="king_of_the_hill"):
        talisman.new_game(CHARS, expansions=["dungeon"], seed=3, options={"king_of_the_hill": "yes"})


def test_random_play_with_king_of_the_hill_keeps_every_invariant():
    """Seeded random play with the option KING OF THE HILL, every character starting in the
    Treasure Chamber: both ways out are taken (the chart, the Talisman and the Portal of Power)
    and every invariant holds."""
    seen = set()
    for seed in range(4):
        s = talisman.new_game(CHARS, expansions=["dungeon"], seed=seed,
                              options={"king_of_the_hill": True})
        for cid in CHARS:
            s = update_character(s, cid, space=dungeon.treasure_space())
        states, _ = play_random(s, 200, bot_seed=seed)
        for st in states[::10] + states[-1:]:
            assert invariants.check(st) == [], (seed, invariants.check(st))
        seen.update(e.name for e in states[-1].log)
    assert {"king_of_the_hill_talisman", "treasure_chamber_chart"} <= seen


def test_large_character_rolls_d4s_in_the_dungeon_under_the_moon_mist_too():
    """"Large Characters must roll a D4 for Movement in the Dungeon"; under the Moon Mist ("roll
    one extra die, use the lowest") two of them, whichever hook reads the die first; out of the
    Dungeon his own D8 (rulings R-NC11.1).  The same dice on the main board's path
    (``movement.movement_die``), which a bound character's Fate re-roll asks (Dark Binding).  The
    compendium's die by size is given: with The Blood Moon the default is the Revised 4th
    Edition's one D6 for all (docs/options.md, Editions)."""
    from talisman.scenarios import setup_state
    mist = {"blood_moon": {"time": "night", "lunar_events": ["moon_mist"], "cards": {"lunar_events": ["moon_mist"]}}}
    s = setup_state({"expansions": ["dungeon", "blood_moon"], "ext": mist,
                     "options": {"movement_die": "by_size"},
                     "characters": [{"id": "troll", "space": "dg_passage_3"}, {"id": "warrior", "space": "tavern"}]}, [])
    assert dungeon.die(s, "troll") == movement.movement_die(s, "troll") == "2d4"
    assert movement.movement_die(s, "warrior") == "2d6"
    s = update_character(s, "troll", space="tavern")
    assert movement.movement_die(s, "troll") == "2d8"
    plain = in_dungeon_state("dg_passage_3")
    plain = update_character(plain, "troll", space="dg_passage_3")
    assert dungeon.die(plain, "troll") == "d4"
