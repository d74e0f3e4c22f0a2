"""TALISMAN AIRSHIPS (000:1301-1362): expansion id ``airships``.

The scenarios tests/scenarios/airships_*.yaml play each sentence of the text; these tests check the
class table and the Fall Chart as data (and that bad tables are refused), the stand-in cards joining
only with the expansion, the Airship of a dead character, Henchmen in the party, and random play
with every expansion.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
from pyrsistent import pvector

import talisman
from talisman.definitions import load
from talisman.engine.records import replace
from talisman.expansions.airships import data, ships, store
from talisman.rules.characters import has_ability, kill
from talisman.rules.combat import RESULT_STEP
from talisman.rules.movement import forced_move
from talisman.testing import invariants

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from support import events, game, legal, names, play  # noqa: E402
from playing import bot_games, random_play, refused_on_load  # noqa: E402

SHIPS = ["airship_dragon", "airship_wyvern", "airship_condor", "airship_eagle", "airship_falcon"]


# --- the data ------------------------------------------------------------------------------------

def test_the_class_table_and_the_fall_chart_are_the_texts():
    """Talisman Airships: "There are five classes of Airship" (the table, row for row) and the
    Fall Chart (1-3 killed, 4-6 injured, 7 stunned for 3 Turns, 8 safe)."""
    rows = [(c["name"], c["strength"], c["hit_points"], c["movement"], list(c["complement"]))
            for c in data.rules()["classes"]]
    assert rows == [("Dragon", "d8", 12, 3, [3, 8]), ("Wyvern", "d6", 8, 2, [2, 6]),
                    ("Condor", "d4", 6, 2, [2, 5]), ("Eagle", "d4", 4, 1, [1, 3]),
                    ("Falcon", 1, 2, 1, [1, 2])]
    assert [data.fall_row(r)["result"] for r in range(1, 9)] == [
        "killed", "killed", "killed", "injured", "injured", "injured", "stunned", "safe"]
    assert data.fall_row(7)["turns"] == 3
    assert "pixie" in data.listed("flying")
    # "The Unicorn and other Animals": the Animals by their cards' subtype, not by a list (R-TS11.1)
    assert not ships.has_hands("unicorn") and not ships.has_hands("dg_dog") and ships.has_hands("gnome")


@pytest.mark.parametrize("change, text", [
    (lambda d: d["classes"][0].update(strength="d7"), "strength"),
    (lambda d: d["classes"][1].update(complement=[6, 2]), "the least is more than the most"),
    (lambda d: d["classes"][2].update(id="dragon"), "a class given twice"),
    (lambda d: d["classes"].pop(0), "not in the table"),
    (lambda d: d["fall"][0].update(rolls=[1, 2]), "each roll of a D8 once"),
    (lambda d: d["fall"][2].pop("turns"), "turns belong to the stunned row"),
    (lambda d: d["fall"][0].update(result="bruised"), "result"),
    (lambda d: d["no_hands"].append({"card": "nobody", "reason": "x"}), "unknown card"),
    (lambda d: d["flying"].append({"card": "sword", "reason": "x"}), "not a follower"),
    (lambda d: d["flying"][0].pop("reason"), "reason"),
])
def test_bad_tables_are_refused_on_load(tmp_path, monkeypatch, change, text):
    message = refused_on_load(tmp_path, monkeypatch, data, change, text)
    assert data.path().name in message  # the error names the file it refuses


def test_the_airship_cards_join_the_adventure_deck_only_with_the_expansion():
    for cid in SHIPS:
        card = load().cards[cid]
        assert card.type == "place" and card.stays and card.stand_in and card.reason
    base = talisman.new_game(["warrior"], seed=1)
    assert not set(SHIPS) & set(base.decks["adventure"]) and "airships" not in base.ext
    s = talisman.new_game(["warrior"], seed=1, expansions=["airships"])
    assert set(SHIPS) <= set(s.decks["adventure"]) and "airships" in s.ext


# --- the party ------------------------------------------------------------------------------------

def test_a_dead_character_leaves_his_airship_on_the_space():
    s = game(["priest", {"id": "thief", "space": "fields_1"}, "elf"], expansions=["airships"],
             ext={"airships": {"cards": {"thief": ["airship_eagle"]}}})
    s = kill(s, "thief", "a test")
    assert store.ship_of(s, "thief") is None
    assert "airship_eagle" in s.board_cards["fields_1"]
    assert invariants.check(s) == []


def test_henchmen_count_toward_the_complement(monkeypatch):
    """"you must have a party size of 3-8 people (Character + Followers + Henchmen)": a Henchman
    (the other_followers hook point answers it) makes the Thief and the Maiden a party of 3."""
    s = game([{"id": "thief", "space": "graveyard", "followers": ["maiden"]}], [1], expansions=["airships"],
             deck_tops={"adventure": ["airship_dragon"]})
    assert ships.party_size(s, "thief") == 2
    monkeypatch.setattr(ships.chars, "other_followers", lambda state, cid: ("henchman:dwarf",))
    assert ships.party_size(s, "thief") == 3
    s = play(s, "move:woods_1")
    assert "claim" in legal(s)


def test_a_henchman_falls_too(monkeypatch):
    """"Roll 1D8 for each Follower": a Henchman (considered a Follower) rolls; killed, he is lost
    through the other_follower_lost hook point."""
    lost = []
    monkeypatch.setattr(ships.chars, "other_followers", lambda state, cid: ("henchman:dwarf",))
    monkeypatch.setattr(ships, "run_hook", lambda state, name, **kw: lost.append((name, kw)) or state)
    s = game([{"id": "thief", "space": "graveyard"}, {"id": "priest", "space": "woods_1", "spells": []}],
             [2], expansions=["airships"],
             ext={"airships": {"cards": {"thief": ["airship_falcon"], "priest": ["airship_eagle"]},
                               "damage": {"airship_eagle": 3}}})
    s = play(s, "fly:woods_1", "stay", "encounter:char:priest", "airship:attack")
    assert events(s, "follower_fell") == [
        {"character": "priest", "follower": "henchman:dwarf", "roll": 2, "result": "killed"}]
    assert lost == [("other_follower_lost", {"character": "priest", "follower": "henchman:dwarf",
                                             "cause": "killed in the fall"})]


def test_a_stunned_henchman_is_kept_in_a_state_that_round_trips():
    """The Fall Chart's 7 for a Henchman ("Henchmen are considered Followers for any pertaining
    rules"): he is marked stunned under the name he rolled as, ``henchman:<id>``, and the state still
    saves and loads (the mark's key was checked as a card id: the JSON of such a state was refused)."""
    s = game([{"id": "thief", "space": "woods_1"}, {"id": "warrior", "space": "graveyard"}],
             [7], expansions=["airships"], options={"henchmen_dealt": {"warrior": ["troll"]}},
             ext={"airships": {"cards": {"thief": ["airship_falcon"], "warrior": ["airship_eagle"]},
                               "damage": {"airship_eagle": 3}}})
    s = play(s, "fly:graveyard", "stay", "encounter:char:warrior", "airship:attack")
    assert events(s, "follower_fell") == [
        {"character": "warrior", "follower": "henchman:troll", "roll": 7, "result": "stunned"}]
    assert {f: list(t) for f, t in store.get(s, "stunned")["warrior"].items()} == {"henchman:troll": [3]}
    assert talisman.from_json(talisman.to_json(s)) == s


@pytest.mark.parametrize("dice, lent", [([7, 7], False), ([7, 8], True)])
def test_a_guide_held_twice_lends_its_skip_while_one_copy_is_not_stunned(dice, lent):
    """The Fall Chart's 7 ("you may not gain any benefits from this Follower for 3 Turns") stuns
    the copy it is rolled for (docs/rulings.md R-FIX15D.2): of two Guides both stunned neither
    lends the Forest's skip (the engine before marked the card once and let a card held twice
    give everything); with one stunned, the other still lends it."""
    s = game([{"id": "thief", "space": "woods_1"},
              {"id": "troll", "space": "graveyard", "followers": ["guide", "guide"]}],
             dice, expansions=["airships"],
             ext={"airships": {"cards": {"thief": ["airship_falcon"], "troll": ["airship_eagle"]},
                               "damage": {"airship_eagle": 3}}})
    s = play(s, "fly:graveyard", "stay", "encounter:char:troll", "airship:attack")
    assert [e["result"] for e in events(s, "follower_fell")] == ["stunned" if d == 7 else "safe" for d in dice]
    assert list(store.get(s, "stunned")["troll"]["guide"]) == [3] * dice.count(7)
    assert has_ability(s, "troll", "forest_roll_optional") is lent


def test_no_flight_from_outside_the_skies():
    """Aboard on a space of no Region an Airship flies over (the Inner Region): only disembarking."""
    s = game([{"id": "thief", "space": "plain_of_peril"}], expansions=["airships"],
             ext={"airships": {"cards": {"thief": ["airship_eagle"]}}})
    assert legal(s) == {"disembark"}


def test_a_forced_move_takes_the_airship_only_over_the_outer_and_middle_regions():
    """Movement: "the air over the Inner Region and the Crown of Command Space is too thin": moved
    by an effect to the Plain of Peril, the Thief leaves his Airship on the Portal of Power; moved
    to the Castle he keeps it (docs/rulings.md A14)."""
    s = game([{"id": "thief", "space": "portal_of_power"}], expansions=["airships"],
             ext={"airships": {"cards": {"thief": ["airship_eagle"]}}})
    kept = forced_move(s, "thief", "castle", False, "a test")
    assert store.ship_of(kept, "thief") == "airship_eagle" and kept.characters["thief"].space == "castle"
    left = forced_move(s, "thief", "plain_of_peril", False, "a test")
    assert store.ship_of(left, "thief") is None
    assert "airship_eagle" in left.board_cards["portal_of_power"]
    assert events(left, "airship_left_behind") == [
        {"character": "thief", "card": "airship_eagle", "to": "plain_of_peril", "cause": "a test"}]
    assert invariants.check(left) == []


# --- random play ----------------------------------------------------------------------------------

def aboard(expansions, seed, names=("warrior", "thief", "elf")):
    """A new game with each character aboard an Airship taken out of the Adventure deck."""
    s = talisman.new_game(list(names), seed=seed, expansions=list(expansions))
    deck = list(s.decks["adventure"])
    for cid, ship in zip(s.order, ["airship_wyvern", "airship_eagle", "airship_falcon"]):
        deck.remove(ship)
        s = store.set_ship(s, cid, ship)
    return replace(s, decks=s.decks.set("adventure", pvector(deck)))


MIXES = [("airships",), ("city", "airships"),
         ("harbinger", "blood_moon", "city", "wizards_tower", "disasters", "dungeon", "emperors_guard",
          "airships")]


@pytest.mark.parametrize("expansions", MIXES, ids=["+".join(m) for m in MIXES])
def test_random_play_with_airships_keeps_every_invariant(expansions):
    """Seeded random play with every character aboard: flights, airship dice, attacks and falls;
    no exception, every invariant holds, the state round-trips and replays the same."""
    met = random_play(lambda seed: aboard(expansions, seed), range(5))
    assert {"airship_flew", "airship_disembarked", "airship_die_rolled"} <= met


def test_heuristic_bots_play_aboard():
    """Whole bot games aboard: flights and airship fights, invariants kept."""
    assert "airship_move" in bot_games(lambda seed: aboard(("airships",), seed), range(3))


def test_an_enslaved_character_aboard_does_not_fly_away(soak_module):
    """Soak seed 4684 (docs/reliability.md): a Warrior enslaved at the Temple ("stay until you
    roll 4-6 for move") and aboard an Airship flew off to the City; freed there later, his
    movement roll found no destination on the main board and the engine raised.  TALISMAN
    AIRSHIPS (movement) and the Temple: a move an earlier encounter fixed is made by the base
    rules, no flight instead (ruling A17).  The seed now plays to its end."""
    out = soak_module.play((4684, 40, 100000, True))
    assert out["exception"] is None and out["broken"] is None, out
    assert out["ended"] != "step limit" and out["steps"] > 91


# --- the disembark question after a combat: after every other answer to the result (R-AS10.3) ------

def flail_fight(expansions, dice):
    """The Thief and the Maiden aboard the Falcon (its most), the Flail of Blood in hand, fight the
    Goblin in the Woods where the Gnome lies (barred by the Complement)."""
    state = game([{"id": "thief", "space": "graveyard", "followers": ["maiden"],
                   "objects": ["flail_of_blood"]}, {"id": "wizard", "space": "chapel"}], dice,
                 expansions=list(expansions), board_cards={"woods_1": ["goblin", "gnome"]},
                 ext={"airships": {"cards": {"thief": ["airship_falcon"]}}})
    return play(state, "fly:woods_1", "stay", "fight")


@pytest.mark.parametrize("expansions", [("airships", "harbinger"), ("harbinger", "airships")])
def test_the_disembark_question_follows_the_flail_of_blood_whatever_the_listing(expansions):
    # 000 Disembarking; the Flail of Blood's second die answers the result first, in either
    # order of the expansions: a loss it turns into a win asks (3+1+1 = 5 < 6, then +3 = 8) ...
    won = flail_fight(expansions, [1, 4, 3])
    assert [e["result"] for e in events(won, "combat_result_changed")] == ["won"]
    assert won.pending.kind == "airship_aboard"
    assert "before claiming the space's cards" in won.pending.prompt
    # ... and a win it turns into a loss (doubles: 4 and 4) does not: only the turn's end asks
    lost = flail_fight(expansions, [4, 1, 4])
    assert [e["result"] for e in events(lost, "combat_result_changed")] == ["lost"]
    assert "at the end of the turn" in lost.pending.prompt
    # while the second die waits, the question's step lies just above the step applying the result
    rolling = flail_fight(expansions, [1, 4])
    steps = [f.step for f in rolling.stack]
    assert rolling.pending.kind == "roll" and "flail_of_blood" in rolling.pending.prompt
    assert steps[steps.index(RESULT_STEP) + 1] == "airships.won_aboard"
    assert "airship_aboard" not in names(rolling) and "combat_won" not in names(rolling)


def test_an_animal_object_is_killed_when_the_airship_falls(monkeypatch):
    """"Animal Objects are killed, discard" (000 Combat with another Character): an Object whose card
    is an Animal (its ``subtype: animal``, the mark every Animal carries; none in the sets played, so
    the Sword stands in for one here; docs/rulings.md R-FB13.3); other Objects stay."""
    from talisman.scenarios import setup_state
    s = setup_state({"expansions": ["airships"],
                     "characters": [{"id": "priest", "space": "woods_1", "fate": 0, "spells": [],
                                     "objects": ["sword", "helmet"]}],
                     "ext": {"airships": {"cards": {"priest": ["airship_eagle"]}}}}, [])
    assert ships.destroyed(s, "priest").characters["priest"].objects == pvector(["sword", "helmet"])
    real = ships.chars.is_animal
    monkeypatch.setattr(ships.chars, "is_animal", lambda card, *a, **k: card == "sword" or real(card, *a, **k))
    after = ships.destroyed(s, "priest")
    assert after.characters["priest"].objects == pvector(["helmet"])
    assert "sword" in after.discards["adventure"]
    assert events(after, "animal_objects_killed") == [{"character": "priest", "cards": ["sword"]}]


WHOLE_ROLL_TWO_ALONG = """\
name: whole roll again with two dice along (a second plugin's die, faked)
rules: "000 Combat with Enemies"
setup:
  expansions: [airships]
  options: {fate_reroll: whole_roll}
  characters:
    - {id: thief, space: fields_1, fate: 1, spells: [], strength: 4}
    - {id: druid, space: fields_3, fate: 0, spells: []}
  ext: {airships: {cards: {thief: [airship_wyvern]}}}
  board_cards: {woods_1: [ogre]}
dice: [1, 3, 5, 4, 2, 3]
actions: [fly:woods_1, stay, airship:fight, fight, fate:reroll]
expect:
  log_contains:
    - {event: airship_die_rolled, character: thief, roll: 5}
    - {event: combat_scores, character: thief, character_roll: 2, character_score: 11, opponent: ogre, opponent_score: 8}
"""


def test_a_whole_roll_again_rerolls_every_die_along_in_order_then_his_own(monkeypatch, tmp_path):
    """000 Combat with Enemies: "roll the appropriate die Airship Die along with 1D6"; under
    fate_reroll: whole_roll a Fate re-roll rolls the whole roll again, the dice along first, as
    they were rolled, then his own (rulings R-FIX27.1).  The Airship is the one plugin that rolls
    a die along: a second one (faked, a D4 along after the Airship's) is rolled again second, at
    its own place, before the combat die."""
    from talisman import scenarios
    from talisman.expansions import airships
    real_along = airships.HOOKS["combat_dice_along"]
    real_rerolled = airships.HOOKS["combat_die_along_rerolled"]
    seen = []

    def along(state, dice, character):
        out = tuple(real_along(state, dice, character))
        return out + (("1d4", 2),) if out else out

    def rerolled(state, character, at, roll):
        seen.append((at, roll))
        return real_rerolled(state, character, at, roll) if at == 0 else state

    monkeypatch.setitem(airships.HOOKS, "combat_dice_along", along)
    monkeypatch.setitem(airships.HOOKS, "combat_die_along_rerolled", rerolled)
    path = tmp_path / "two_along.yaml"
    path.write_text(WHOLE_ROLL_TWO_ALONG)
    result = scenarios.run_file(str(path))
    assert result.passed, result.failures
    assert seen == [(0, 5), (1, 4)]
