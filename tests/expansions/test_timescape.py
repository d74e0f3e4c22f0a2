"""THE TALISMAN TIMESCAPE (000, lines ~1088-1173): the expansion's hooks, its data and random play.

The rule sentences themselves are settled by the scenarios ``tests/scenarios/timescape_*.yaml``;
these tests check what a scenario cannot set up (a teleport, the data's shape, the turn after a
cast) and that random play in the Timescape keeps every invariant.
"""
from __future__ import annotations

import pytest
from pyrsistent import pmap, pvector

import talisman
from talisman import api
from talisman.definitions import load
from talisman.engine.records import replace
from talisman.expansions import timescape
from talisman.rules import characters as chars, movement
from talisman.state import update_character
from talisman.testing import invariants
from talisman.testing.strategies import play_random

CHARS = ["warrior", "wizard", "troll"]


def game(expansions=("timescape",), seed=3):
    return talisman.new_game(CHARS, expansions=list(expansions), seed=seed)


def test_base_game_has_no_timescape():
    """A base game never runs the Timescape's code: no Warp Gate Spell, no deck, no own state,
    and the Village offers no way into the Timescape."""
    s = talisman.new_game(CHARS, seed=3)
    assert "warp_gate" not in s.decks["spell"]
    assert not s.decks.get("timescape")
    assert "timescape" not in s.ext
    from talisman.rules.kernel import space_instructions  # (the kernel: only for this check)
    ids = [o["id"] for step in space_instructions(s, "village") if "choose" in step for o in step["choose"]]
    assert "mystic" in ids and "mystic_timescape" not in ids


def test_setup_shuffles_the_timescape_deck_and_the_warp_gate_spells():
    s = game()
    assert len(s.decks["timescape"]) == 42
    assert list(s.decks["spell"]).count("warp_gate") == 2
    assert game(seed=4).decks["timescape"] != s.decks["timescape"]  # shuffled by the seed


def test_the_board_has_fifteen_realities_joined_only_by_warp_lines():
    """"The Timescape consists of 15 alternate realities"; "joined by three colored Warp
    Lines" (no neighbours: the main board's movement never walks in)."""
    board = load().board
    realities = board.regions["timescape"]
    assert len(realities) == 15 and realities[0] == timescape.warp_gate() == "ts_warp_gate"
    assert timescape.outpost() == "ts_sentinel_outpost" in realities and "ts_space_fortress" in realities
    assert all(not board.spaces[s].neighbours for s in realities)
    assert not any(s in realities for sp in board.spaces.values() for s in sp.neighbours)


def test_movement_table_and_lines_are_complete_and_one_way():
    """Every D6 result names a line; every line leaves every reality once; the way back leads to
    the Middle Region, the Inner Region or the Crown."""
    board = load().board
    table = timescape.movement_table()
    lines = timescape.warp_lines()
    assert sorted(table) == [1, 2, 3, 4, 5, 6] and set(table.values()) == set(lines)
    assert timescape.RED in lines
    realities = set(board.regions["timescape"])
    exits = set()
    for colour, line in lines.items():
        assert set(line) == realities, colour
        for here, there in line.items():
            assert there != here and there in board.spaces
            if there not in realities:
                exits.add(board.spaces[there].region)
    assert exits and exits <= {"middle", "inner", "crown"} and "crown" in exits


def test_every_timescape_enemy_is_an_alien():
    """"Timescape Card Enemies are all designated as Aliens"."""
    enemies = [c for c in load().cards.values() if c.deck == "timescape" and c.type == "enemy"]
    assert enemies and all(c.subtype == "alien" for c in enemies)
    # "Defeated Aliens may be kept for additional Strength or Craft": each has the value of the kind
    # it fights by; most fight in battle, some (stand-ins) by Craft (docs/rulings.md R-OQ10.5)
    assert all(c.craft if c.combat_kind == "psychic" else c.strength for c in enemies)
    kinds = [c.combat_kind for c in enemies]
    assert "battle" in kinds and "psychic" in kinds


def test_tables_follow_the_text():
    fee = timescape.warlock_fee()
    assert sorted(fee) == list(range(1, 9))
    assert all(fee[r].get("ignored") for r in (1, 2, 3)) and fee[8]["fee"] == {}
    magic = timescape.magic_table()
    assert [magic[r]["times"] for r in range(1, 9)] == [2, 1, 0, 1, 1, 1, 2, 3]
    assert sorted(r for r in magic if magic[r].get("keep")) == [6, 7]


def inside(space="ts_vortex", seed=3):
    s = game(seed=seed)
    return update_character(s, s.current, space=space)


def test_no_teleport_into_or_out_of_the_timescape():
    s = inside()
    cid = s.current
    out = movement.forced_move(s, cid, "chapel", False, "teleport")
    assert out.characters[cid].space == "ts_vortex"
    assert any(e.name == "effect_ignored" for e in out.log[len(s.log):])
    assert not movement.teleport_destinations(s, cid, "any")
    outside = game()
    for region in ("same", "any"):
        assert not set(movement.teleport_destinations(outside, outside.current, region)) & \
            set(load().board.regions["timescape"])
    into = movement.forced_move(outside, outside.current, timescape.warp_gate(), False, "teleport")
    assert into.characters[outside.current].space == outside.characters[outside.current].space


def test_warp_gate_spell_waits_for_the_next_turn():
    """"enter the Timescape on your next turn": the mark is ``cast`` until the caster's turn
    ends, then ``ready``."""
    s = game()
    cid = s.current
    s = timescape.warp_gate_spell(s, {}, cid, {"card": "warp_gate"})
    assert s.ext["timescape"]["gate"][cid] == "cast"
    s = timescape.turn_started(s, cid)
    assert s.characters[cid].space not in timescape.realities()
    s = timescape.turn_ended(s, cid)
    assert s.ext["timescape"]["gate"][cid] == "ready"


def test_a_cast_in_the_timescape_is_ignored():
    s = inside()
    out = timescape.warp_gate_spell(s, {}, s.current, {"card": "warp_gate"})
    assert not out.ext["timescape"]["gate"]


def test_cards_left_on_any_reality_are_discarded_at_the_end_of_a_turn():
    """"Cards are never left on the Timescape Board, discard" (another reality's too)."""
    s = game()
    deck = list(s.decks["timescape"])
    card = deck.pop(0)
    s = replace(s, decks=s.decks.set("timescape", pvector(deck)),
                board_cards=s.board_cards.set("ts_dead_planet", pvector([card])))
    s = timescape.turn_ended(s, s.current)
    assert not s.board_cards.get("ts_dead_planet")
    assert card in s.discards["timescape"]
    assert invariants.check(s) == []


def choice_ids(state, space):
    """The ids of the choices a space's instructions offer, with the Timescape's added."""
    effects = timescape.space_effect(state, load().board.spaces[space].effect, space)
    return [o["id"] for step in effects if "choose" in step for o in step["choose"]]


def test_mystic_and_enchantress_choices_only_until_used():
    s = game()
    cid = s.current
    ids = choice_ids
    assert "mystic_timescape" in ids(s, "village") and "enchantress_timescape" in ids(s, "city")
    assert "warp_gate" in ids(s, "warlocks_cave")
    s = replace(s, ext=s.ext.set("timescape", s.ext["timescape"].set("sent", pmap({cid: ("mystic",)}))))
    assert "mystic_timescape" not in ids(s, "village") and "enchantress_timescape" in ids(s, "city")


def in_the_timescape(state, seed):
    """Two characters start in the Timescape: random play then warps, is imprisoned, casts."""
    realities = load().board.regions["timescape"]
    for i, cid in enumerate(state.order[:2]):
        state = update_character(state, cid, space=realities[(seed * 5 + i * 7) % len(realities)])
    return state


MIXES = [("timescape",), ("dungeon", "timescape"),
         ("harbinger", "blood_moon", "city", "wizards_tower", "disasters", "dungeon", "timescape")]


@pytest.mark.parametrize("expansions", MIXES, ids=["+".join(m) for m in MIXES])
def test_random_play_through_the_timescape_keeps_every_invariant(expansions):
    """Seeded random play from a position with two characters in the Timescape: no exception,
    every invariant holds, and characters do follow the Warp Lines."""
    events: set[str] = set()
    for seed in range(6):
        s = in_the_timescape(game(expansions, seed=seed), seed)
        assert invariants.check(s) == []
        states, _ = play_random(s, 300, bot_seed=seed)
        for st in states[::10] + states[-1:]:
            assert invariants.check(st) == [], (seed, invariants.check(st))
        events.update(e.name for e in states[-1].log)
        assert api.from_json(api.to_json(states[-1])) == states[-1]
    assert "warp_line" in events


def test_the_quest_of_a_lifetime_passes_through_the_space_fortress():
    """000 4) THE QUEST OF A LIFETIME: "visit (land on and Encounter) Thirteen locations in order
    ... the Guard Room, the Space Fortress, Endless Sea ...": with the Dungeon and the Timescape in
    the game the Guard Room and the Space Fortress are on the way; a quest that skipped the Space
    Fortress is not met, one that encountered it in order is."""
    from talisman.engine.machine import log
    from talisman.rules import endings
    s = talisman.new_game(CHARS, expansions=["city", "dungeon", "timescape"], seed=3,
                          options={"alternative_endings": True})
    quest = endings.quest_of_a_lifetime(s)
    assert "ts_space_fortress" in quest and quest.index("dg_guard_room") < quest.index("ts_space_fortress")
    task = {"kind": "goal", "goal": "quest", "count": 0, "since": len(s.log)}
    skipped = s
    for sp in quest:
        s = log(s, "encountered_space", character="warrior", space=sp)
        if sp != "ts_space_fortress":
            skipped = log(skipped, "encountered_space", character="warrior", space=sp)
    assert endings.goal_met(s, "warrior", task)
    assert not endings.goal_met(skipped, "warrior", task)


def test_the_heuristic_bot_uses_the_warp_belt_when_the_red_line_is_nearer_the_way_out():
    """Movement in the Timescape: "except the Warp Belt which always allows Movement on the Red
    Warp Line": the heuristic bot follows the Red line from the Edge of Time (its end is the
    Temple, off the Timescape) and rolls at the Warp Gate (the Red line's next reality is no nearer
    the way out than a roll's end on average)."""
    from talisman.bots import HeuristicBot  # (the bots are above the rules: only for this check)
    from talisman.scenarios import setup_state  # (a scenario's position: only for this check)
    for here, wanted in (("ts_edge_of_time", "warp:red"), ("ts_warp_gate", "roll")):
        s = setup_state({"expansions": ["timescape"], "characters": [
            {"id": "warrior", "space": here, "objects": ["ts_warp_belt"], "fate": 0},
            {"id": "troll", "space": "village", "fate": 0}]}, [])
        assert s.pending.kind == "move" and "warp:red" in {str(a) for a in talisman.legal_actions(s)}
        assert str(HeuristicBot(1).choose(s)) == wanted, here


def test_random_play_with_range_weapons_keeps_every_invariant():
    """000 ENCOUNTERS IN THE MIDDLE, OUTER & FAR-OUTER REGIONS ("or to fire any range weapon"):
    random play in which every character holds a range weapon (the stand-in Timescape Purchase
    cards) keeps every invariant, with and without the City (Statute C), and shots are fired."""
    from talisman.testing.invariants import check
    fired = 0
    for seed, expansions in ((0, ["timescape"]), (1, ["timescape", "city"]), (2, ["timescape"])):
        s = talisman.new_game(CHARS, expansions=expansions, seed=seed)
        stock = s.decks["timescape_purchase"]
        for cid, weapon in zip(CHARS, stock):
            s = update_character(s, cid, objects=s.characters[cid].objects.append(weapon))
        s = replace(s, decks=s.decks.set("timescape_purchase", stock[len(CHARS):]))
        assert check(s) == []
        states, _ = play_random(s, 400, bot_seed=seed)
        for st in states[::10] + states[-1:]:
            assert check(st) == [], (seed, check(st))
        fired += sum(1 for e in states[-1].log if e.name == "range_weapon_fired")
    assert fired > 0


def test_the_ancient_artifact_counts_for_the_spell_limit_there_under_destroy_magic():
    """"Ancient Artifact: If brought into the Timescape this becomes an Object, not a Magic
    Object": while Destroy Magic lasts ("no one ... uses Magic Objects") its Craft still counts in
    its holder's NUMBER OF SPELLS in the Timescape, and not on the main board."""
    s = update_character(game(), "warrior", craft=5, objects=["ancient_artifact"])
    magic = replace(s, lasting=pmap({"destroy_magic": pmap({"by": "troll", "until_round": 9})}))
    here = update_character(magic, "warrior", space="ts_vortex")
    # no Destroy Magic: the Artifact is counted as any Magic Object (Craft 6: 3 Spells)
    assert chars.spell_limit(update_character(s, "warrior", space="ts_vortex"), "warrior") == 3
    # Destroy Magic, on the main board: a Magic Object, left out (Craft 5: 2 Spells)
    assert chars.spell_limit(magic, "warrior") == 2
    # Destroy Magic, in the Timescape: an Object, counted (Craft 6: 3 Spells)
    assert chars.spell_limit(here, "warrior") == 3
    assert timescape.artifacts.bonus(here, "warrior", "craft") == 1
    assert timescape.artifacts.bonus(magic, "warrior", "craft") == 0


def test_the_timescape_characters_are_the_data_s(monkeypatch):
    """The Timescape's eight characters come from ``timescape/start.yaml`` (rulings R-DT-7); one
    that is no character of the data is a DataError naming the file, the chart and the field."""
    import pytest
    from talisman.errors import DataError
    assert list(timescape.timescape_characters()) == ["archeologist", "astronaut", "astropath", "chainsaw_warrior",
                                                      "cyborg", "scientist", "space_marine", "space_pirate"]
    from talisman.definitions import load
    from talisman.engine.data import data_root
    real = timescape.load_table
    monkeypatch.setattr(timescape, "load_table", lambda path, schema, check: real(
        path, schema, lambda p, doc: check(p, {**doc, "characters": [*doc["characters"], "robot"]})))
    rel = "expansions/timescape/start.yaml"  # its reader, as the data loader calls it
    with pytest.raises(DataError, match="start.yaml: entry 'timescape_start', field 'characters': "
                                        "unknown character id 'robot'"):
        timescape.FILES[rel](data_root() / "talisman" / rel, load())


def test_the_timescape_characters_start_in_the_timescape_only_with_it():
    """The rule sheet: the Timescape's eight characters "all start in the Timescape" (the Warp Gate,
    rulings R-DT-7); without the expansion, on their cards' main-board spaces (rulings 32)."""
    eight = timescape.timescape_characters()
    assert len(eight) == 8 and all(c in load().characters for c in eight)
    for a, b in zip(eight[::2], eight[1::2]):
        with_it = talisman.new_game([a, b, "troll"], expansions=["timescape"], seed=5)
        without = talisman.new_game([a, b, "troll"], seed=5)
        for cid in (a, b):
            assert any(e.name == "timescape_start" and e.data["character"] == cid for e in with_it.log)
            assert not any(e.name == "timescape_start" for e in without.log)
            assert load().board.spaces[without.characters[cid].space].region != "timescape"
        assert invariants.check(with_it) == []
