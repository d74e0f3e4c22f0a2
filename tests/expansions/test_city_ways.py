"""THE TALISMAN CITY (000_b5c75187973e35b7.txt, ``talisman.expansions.city_law``): the ways in and
out that go through effects (the Barge card, Water Walking, teleports and cards moving a character
out), the City as part of the Outer Region, and the Statutes as data.  Each test names in its
docstring the rule section it checks; positions as in ``test_city``.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from test_city import at, broken, city  # noqa: E402
from support import events, legal, names, play  # noqa: E402
from talisman.definitions import load  # noqa: E402
from talisman.expansions.city_law import data, store, streets  # noqa: E402
from talisman.rules.setup import initial_state  # noqa: E402
from talisman.testing import invariants  # noqa: E402

BOARD = load().board
CITY = data.spaces()
BUILDINGS = [s for s in CITY if data.kind(s) == "building"]


# --- entering by Barge and by Water Walking ------------------------------------------------------

def test_the_barge_card_and_water_walking_join_their_decks_only_with_the_city():
    """000 Entering the City: the Barge (an Adventure card) and Water Walking (a Spell) are
    stand-in cards of the City, shuffled into the Adventure and Spell decks when it is in play."""
    for card in ("barge", "water_walking"):
        assert load().cards[card].set == "city" and load().cards[card].stand_in
    s = initial_state(["priest", "monk"], ("city",), 3, {})
    assert "barge" in s.decks["adventure"] and "water_walking" in s.decks["spell"]
    s = initial_state(["priest", "monk"], (), 3, {})
    assert "barge" not in s.decks["adventure"] and "water_walking" not in s.decks["spell"]


def test_a_character_meeting_a_barge_may_ride_it_to_the_wharf():
    """000 Entering the City: "The City may also be entered by Barge. When a Character Encounters a
    barge in the Outer or Middle Regions he may choose to ride the Barge to the Wharf Space in the
    City"; there he begins his next turn (the Wharf's barge and stowaway passages)."""
    s = city([{"id": "priest", "space": "graveyard", "gold": 3}], [1], deck_tops={"adventure": ["barge"]})
    s = play(s, "move:woods_1")
    assert legal(s) == {"choose:ride", "choose:stay"}
    s = play(s, "choose:ride")
    assert at(s, "priest") == "city_wharf"
    assert events(s, "teleported")[-1]["to"] == "city_wharf"
    assert "barge" in s.board_cards["woods_1"]  # the landing stays (a stand-in)
    assert {"barge:outer", "stowaway"} <= legal(s)  # his next turn begins on the Wharf


def test_letting_the_barge_go_keeps_the_character_outside():
    """000 Entering the City: riding the Barge is a choice ("he may choose")."""
    s = city([{"id": "priest", "space": "graveyard"}], [1], deck_tops={"adventure": ["barge"]})
    s = play(s, "move:woods_1", "choose:stay")
    assert at(s, "priest") == "woods_1"


def test_water_walking_takes_the_caster_to_the_wharf():
    """000 Entering the City: "Characters may not enter the City by Raft. However, any Character
    who casts a Water Walking Spell ... may simply walk to the Wharf Space in the City" (cast
    instead of rolling to move)."""
    s = city([{"id": "priest", "space": "village", "spells": ["water_walking"]}])
    assert "cast:water_walking" in legal(s)
    s = play(s, "cast:water_walking")
    assert at(s, "priest") == "city_wharf" and not s.characters["priest"].spells
    assert "movement_roll" not in names(s)


# --- teleporting in the City and leaving it by an effect --------------------------------------------

def test_a_teleport_goes_from_one_building_to_another():
    """000 Movement in the City: "All Buildings must be entered where there is an Arrow notating an
    entrance. Characters may, however, Teleport from one Building to another" (the Teleport spell
    from the Bank reaches every other City space but the Donjon)."""
    s = city([{"id": "priest", "space": "city_bank", "spells": ["teleport"]}])
    s = play(s, "cast:teleport")
    offered = {a.split(":", 1)[1] for a in legal(s)}
    assert set(BUILDINGS) - {"city_bank"} <= offered
    assert "city_donjon" not in offered and "city_bank" not in offered and "city" not in offered
    # no main-board space: a Teleport does not cross the City's walls, but the Leprechaun's
    # ("You may Teleport into and out of any Space in the City"; docs/rulings.md R-RH14.2)
    assert not (set(BOARD.regions["outer"]) & offered)
    s = play(s, "teleport:city_armoury")
    assert at(s, "priest") == "city_armoury"


def test_a_teleport_from_outside_does_not_reach_into_the_city():
    """000 Entering the City: the ways in are the Gate, the Barge and Water Walking (the
    Leprechaun's "You may Teleport into and out of any Space in the City" is his exception)."""
    s = city([{"id": "priest", "space": "village", "spells": ["teleport"]}])
    s = play(s, "cast:teleport")
    assert not {a.split(":", 1)[1] for a in legal(s)} & set(CITY)



def test_with_city_teleport_outer_region_a_teleport_crosses_the_walls_both_ways():
    """000 THE TALISMAN CITY: "All rules, which apply to the Outer Region, apply to the City as
    well, except where noted here": the option ``city_teleport: outer_region`` plays reading B of
    docs/rulings.md R-RH14.2 for every caster, not only the Leprechaun.  From the Bank the
    Teleport reaches the City's other spaces and the main board's Outer Region (not the Donjon,
    nor the main board's City space); from the Village it reaches the City's spaces too."""
    options = {"city_teleport": "outer_region"}
    s = play(city([{"id": "priest", "space": "city_bank", "spells": ["teleport"]}], options=options),
             "cast:teleport")
    offered = {a.split(":", 1)[1] for a in legal(s)}
    assert set(BUILDINGS) - {"city_bank"} <= offered and set(BOARD.regions["outer"]) - {"city"} <= offered
    assert "city_donjon" not in offered and "city" not in offered
    s = play(city([{"id": "priest", "space": "village", "spells": ["teleport"]}], options=options),
             "cast:teleport")
    offered = {a.split(":", 1)[1] for a in legal(s)}
    assert set(CITY) - {"city_donjon"} <= offered and "city_donjon" not in offered
    s = play(s, "teleport:city_armoury")
    assert at(s, "priest") == "city_armoury" and invariants.check(s) == []
    # the Middle Region is no Outer Region: no way into the City from it
    s = play(city([{"id": "priest", "space": "oasis", "spells": ["teleport"]}], options=options),
             "cast:teleport")
    assert not {a.split(":", 1)[1] for a in legal(s)} & set(CITY)

def test_animals_stay_outside_a_building_reached_by_teleport():
    """000 Entering the City: "Mules ... may not be taken into buildings", however the character
    gets in; regained when he teleports out to a street."""
    s = city([{"id": "priest", "space": "city_mint_street", "spells": ["teleport", "teleport"],
               "followers": ["purchase_mule"]}])
    s = play(s, "cast:teleport", "teleport:city_armoury")
    assert not s.characters["priest"].followers and store.held(s, "outside:priest")
    assert invariants.check(s) == []


def test_leaving_the_city_by_a_spell_with_a_loan_unpaid_makes_a_toad():
    """000 Loans: "Should a Character attempt to leave the City before repaying a Loan, the Bank's
    Wizard will turn him into a Toad": a Teleport out of the City (the Leprechaun's: "You may
    Teleport into and out of any Space in the City", docs/rulings.md R-RH14.2) is an attempt to
    leave; he stays where he stood."""
    s = city([{"id": "leprechaun", "space": "city_bank", "spells": ["teleport"], "gold": 1}],
             ext={"city": {"loans": {"leprechaun": 4}}})
    s = play(s, "cast:teleport", "teleport:fields_4")
    ch = s.characters["leprechaun"]
    assert ch.space == "city_bank" and ch.toad_turns == 3 and store.owed(s, "leprechaun") == 0
    assert "loan_defaulted" in names(s) and "city_left" not in names(s)
    assert invariants.check(s) == []


def test_leaving_the_city_by_a_spell_repays_the_loan_on_the_way_out():
    """000 Loans: "You must repay a total of 4 Gold, in one payment, before leaving the City": with
    the gold, a Teleport out (the Leprechaun's, R-RH14.2) repays it; a Warrant does not stop it (only the road is barred)."""
    s = city([{"id": "leprechaun", "space": "city_bank", "spells": ["teleport"], "gold": 5}],
             ext={"city": {"loans": {"leprechaun": 4}, "warrants": ["leprechaun"]}})
    s = play(s, "cast:teleport", "teleport:fields_4")
    assert at(s, "leprechaun") == "fields_4" and s.characters["leprechaun"].gold == 1
    assert events(s, "city_left")[-1] == {"character": "leprechaun", "by": "effect", "cause": "teleport"}
    assert store.has_warrant(s, "leprechaun") and "arrested" not in names(s)


def test_moving_within_the_city_or_from_the_gate_one_only_reached_is_not_leaving():
    """000 Loans and Entering the City: a teleport inside the City leaves nothing; a character who
    only arrived at the Gate and is moved away never entered (no Loan is asked for)."""
    s = city([{"id": "priest", "space": "city_bank", "spells": ["teleport"], "gold": 0}],
             ext={"city": {"loans": {"priest": 4}}})
    s = play(s, "cast:teleport", "teleport:city_wharf")
    assert at(s, "priest") == "city_wharf" and store.owed(s, "priest") == 4
    s = city([{"id": "priest", "space": "city_gate", "spells": ["teleport"], "gold": 0}],
             ext={"city": {"loans": {"priest": 4}, "arrived": ["priest"]}})
    s = play(s, "cast:teleport", "teleport:fields_4")
    assert at(s, "priest") == "fields_4" and "loan_defaulted" not in names(s)


# --- the City and the Outer Region ---------------------------------------------------------------------

def test_events_of_the_outer_region_reach_the_city():
    """000 THE TALISMAN CITY: "The City is considered to be part of the outer Region. Any events,
    which effect the Outer Region, will also effect the City" (Pestilence drawn in the Woods)."""
    s = city([{"id": "priest", "space": "graveyard"}, {"id": "monk", "space": "city_fates_lane"},
              {"id": "wizard", "space": "temple"}], [1], deck_tops={"adventure": ["pestilence"]})
    lives = {c: s.characters[c].lives for c in ("priest", "monk", "wizard")}
    s = play(s, "move:woods_1")
    assert s.characters["monk"].lives == lives["monk"] - 1
    assert s.characters["priest"].lives == lives["priest"] - 1
    assert s.characters["wizard"].lives == lives["wizard"]  # the Middle Region


def test_a_region_test_counts_the_city_as_the_outer_region():
    """000 THE TALISMAN CITY: "All rules, which apply to the Outer Region, apply to the City as
    well" (the ``region`` test of the effect vocabulary)."""
    from talisman.rules import effects
    s = city([{"id": "priest", "space": "city_bank"}])
    assert effects.test_holds(s, {"region": "outer"}, "priest")
    assert not effects.test_holds(s, {"region": "middle"}, "priest")


# --- the Statutes are data ----------------------------------------------------------------------------

def test_every_statute_is_a_data_driven_check():
    """000 STATUTES OF THE CITY: A to J are entries of city.yaml, each an act read from the log or a
    condition on the character; taking a Statute out of the data stops its check."""
    statutes = data.rules()["statutes"]
    assert [s["id"] for s in statutes] == list("ABCDEFGHIJ")
    for s in statutes:
        assert ("act" in s) != ("broken_if" in s or "broken_unless" in s)
        if "act" in s and s.get("applicable", True):
            assert data.rules()["acts"][s["act"]], s["id"]


def test_without_statute_a_in_the_data_a_street_fight_breaks_nothing(monkeypatch):
    """000 STATUTES OF THE CITY, A: the check is the data's (the same fight as Statute A's test,
    judged with A taken out of city.yaml)."""
    rules = data.rules()
    monkeypatch.setattr(data, "rules", lambda: rules.set(
        "statutes", [s for s in rules["statutes"] if s["id"] != "A"]))
    s = city([{"id": "priest", "space": "city_mint_street"}], [1, 6, 1],
             deck_tops={"city": ["footpad", "purse"]})
    s = play(s, "move:city_fates_lane", "fight")
    assert broken(s) == set() and "watch_called" not in names(s)


def test_statute_g_charming_an_animal_in_the_street():
    """000 STATUTES OF THE CITY, G: "Beguiling, Charming, Corrupting, and Enchanting are all
    considered to be Spells, and are therefore crimes": the Minstrel trying to charm an Animal in
    the street (whether it works or not)."""
    for roll, event in ((3, "animal_charmed"), (1, "charm_failed")):
        s = city([{"id": "minstrel", "space": "city_mint_street"}], [1, roll],
                 deck_tops={"city": ["sewer_rats", "purse"]})
        s = play(s, "move:city_fates_lane", "charm:sewer_rats")
        assert event in names(s) and ("minstrel", "G") in broken(s)
        assert events(s, "watch_absent")


def test_statute_g_kept_charming_outside_the_city():
    """000 STATUTES OF THE CITY, G: the Minstrel's charm outside the walls is no crime."""
    s = city([{"id": "minstrel", "space": "graveyard"}], [1, 6], deck_tops={"adventure": ["ape"]})
    s = play(s, "move:woods_1", "charm:ape")
    assert "animal_charmed" in names(s) and broken(s) == set()


def test_statute_g_taking_a_follower_by_sorcery_or_charm_in_the_street():
    """000 STATUTES OF THE CITY, G: the Sorceress taking a Follower (her sorcery, read as
    enchanting) and the Minstrel taking the Maiden (read as charming), in the street."""
    s = city([{"id": "sorceress", "space": "city_mint_street"},
              {"id": "monk", "space": "city_fates_lane", "followers": ["mercenary"]}], [1])
    s = play(s, "move:city_fates_lane", "encounter:char:monk", "ability:take_follower", "take:mercenary")
    assert ("sorceress", "G") in broken(s) and ("monk", "G") not in broken(s)
    s = city([{"id": "minstrel", "space": "city_mint_street"},
              {"id": "monk", "space": "city_fates_lane", "followers": ["maiden"]}], [1])
    s = play(s, "move:city_fates_lane", "encounter:char:monk", "ability:take_maiden", "take:maiden")
    assert ("minstrel", "G") in broken(s)


def test_statute_g_kept_taking_a_follower_in_a_building():
    """000 STATUTES OF THE CITY, G: the Statute names the Streets; in a building it is no crime."""
    s = city([{"id": "sorceress", "space": "city_mint_street"},
              {"id": "monk", "space": "city_bank", "followers": ["mercenary"]}], [1])
    s = play(s, "move:city_bank", "encounter:char:monk", "ability:take_follower", "take:mercenary")
    assert broken(s) == set()


def test_statute_f_a_spell_cast_in_reaction_is_judged_where_its_caster_stands():
    """000 STATUTES OF THE CITY, F: "casting Spells in the Street, from any source, is illegal": the
    Monk in a City street casting Counterspell on the Priest's spell outside the walls breaks F (the
    Watch comes at the next move); the Priest, outside, breaks nothing."""
    s = city([{"id": "priest", "space": "graveyard", "spells": ["alchemy"]},
              {"id": "monk", "space": "city_fates_lane", "spells": ["counterspell"]}], [1],
             deck_tops={"city": ["purse"], "adventure": ["bag_of_gold"]})
    s = play(s, "cast:alchemy", "cast:counterspell", "move:woods_1", "take:bag_of_gold")
    assert broken(s) == {("monk", "F")}
    assert events(s, "watch_called")[-1]["characters"] == ["monk"]


def test_statute_f_kept_a_counterspell_from_outside_the_walls():
    """000 STATUTES OF THE CITY, F: the Statute is the City's; the same Counterspell cast by a Monk
    outside the City breaks nothing."""
    s = city([{"id": "priest", "space": "graveyard", "spells": ["alchemy"]},
              {"id": "monk", "space": "village", "spells": ["counterspell"]}], [1],
             deck_tops={"city": ["purse"], "adventure": ["bag_of_gold"]})
    s = play(s, "cast:alchemy", "cast:counterspell", "move:woods_1", "take:bag_of_gold")
    assert "spell_countered" in names(s) and broken(s) == set()


# --- the compendium's character exceptions ---------------------------------------------------------

def test_a_scroll_at_the_high_temple_for_the_monk_the_priest_and_the_prophetess():
    """000 Corrections/Additions/Deletions to the Existing Characters (Monk, Priest, Prophetess):
    "Each time you visit the High Temple without a Scroll, you Gain a Scroll" (GAINING SCROLLS:
    from the top of the Scroll Stockpile)."""
    for cid in ("monk", "priest", "prophetess"):
        s = city([{"id": cid, "space": "city_street_of_temples"}], [1],
                 deck_tops={"scroll": ["scroll_of_fortune"]})
        s = play(s, "move:city_high_temple")
        assert list(s.characters[cid].scrolls) == ["scroll_of_fortune"], cid
        assert events(s, "scroll_gained")[-1]["cause"] == "a visit without a Scroll"


def test_no_scroll_for_a_character_holding_one_or_without_the_exception():
    """000 Corrections/Additions/Deletions to the Existing Characters: "without a Scroll"; the Elf
    has no such exception."""
    s = city([{"id": "monk", "space": "city_street_of_temples", "scrolls": ["scroll_of_courage"]}], [1])
    s = play(s, "move:city_high_temple")
    assert list(s.characters["monk"].scrolls) == ["scroll_of_courage"] and "scroll_not_gained" in names(s)
    s = city([{"id": "elf", "space": "city_street_of_temples"}], [1])
    s = play(s, "move:city_high_temple")
    assert not s.characters["elf"].scrolls and "scroll_gained" not in names(s)


def test_the_minstrel_at_the_six_fates_inn_and_the_wizard_at_the_magic_emporium():
    """000 Corrections/Additions/Deletions to the Existing Characters (Minstrel: "Each time you
    visit the 6 Fates Inn without a Scroll, you Gain a Scroll"; Wizard: the Magic Emporium), before
    the building's own business (where Scrolls are bought too)."""
    s = city([{"id": "minstrel", "space": "city_fates_lane"}], [1], deck_tops={"scroll": ["scroll_of_healing"]})
    s = play(s, "move:city_six_fates_inn")
    assert list(s.characters["minstrel"].scrolls) == ["scroll_of_healing"]
    s = city([{"id": "wizard", "space": "city_mages_walk", "gold": 3}], [1],
             deck_tops={"scroll": ["scroll_of_healing", "scroll_of_fortune"]})
    s = play(s, "move:city_magic_emporium")
    assert list(s.characters["wizard"].scrolls) == ["scroll_of_healing"]
    assert {"choose:buy_spell", "choose:buy_scroll"} <= legal(s)
    s = play(s, "choose:buy_scroll")
    assert list(s.characters["wizard"].scrolls) == ["scroll_of_healing", "scroll_of_fortune"]


def test_the_scroll_table_names_only_characters_and_buildings_that_exist():
    """000 Corrections/Additions/Deletions to the Existing Characters: city.yaml ``scrolls`` is
    checked like every data file (an unknown character stops loading)."""
    import pytest
    import yaml
    from talisman.errors import DataError
    doc = yaml.safe_load(data.path().read_text())
    doc["scrolls"]["city_high_temple"].append("sheriff_of_nottingham")
    with pytest.raises(DataError, match="sheriff_of_nottingham"):
        data._check(data.path(), doc, load())


# --- the spaces along a roll (another character's Dark Binding: rulings R-HARB2.1) -------------

def test_the_spaces_along_a_roll_in_the_streets_include_every_stop_short_of_its_end():
    """000 Movement in the City ("Characters follow the standard rules for Movement") with the
    Harbinger's Dark Binding ("may stop him anywhere along it"): in the City the ``movement_along``
    answer is every space a walk of the streets reaches with the roll or fewer, the Gate and the
    main board past it included; outside the City the City does not answer (the main board's walk
    applies); the chosen space is walked the City's way (``move_elsewhere``)."""
    s = city([{"id": "warrior", "space": "city_town_square", "gold": 1}, {"id": "troll", "space": "tavern"}])
    along = streets.along(s, None, "warrior", 3)
    assert {"city_market_street", "city_bank", "city_high_temple", "city_gate", "woods_2"} <= set(along)
    assert "city_town_square" not in along and list(along) == sorted(along)
    assert streets.along(s, None, "troll", 3) is None
    moved, handled = streets.move_elsewhere(s, (s, False), "warrior", "city_market_street", 3)
    assert handled and at(moved, "warrior") == "city_market_street"
    assert streets.move_elsewhere(s, (s, False), "troll", "chapel", 3) == (s, False)
