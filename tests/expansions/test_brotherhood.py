"""THE BROTHERHOOD OF THE BELL (000): the tables are data checked on load, a base game never runs
the expansion's code, and the D% rules hold for every roll (the scenarios in
tests/scenarios/brotherhood_*.yaml play the rule sentences one by one)."""
import copy
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

import talisman
from talisman.definitions import load
from talisman.engine.data import load_yaml, validate
from talisman.errors import DataError
from talisman.notation import Action
from talisman.expansions import brotherhood
from talisman.expansions.brotherhood import data
from talisman.expansions.emperors_guard import data as guard_data, guard, store as guard_store
from talisman.scenarios import setup_state
from talisman.testing import invariants

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from support import events, game, legal, play  # noqa: E402
from playing import random_play  # noqa: E402


def raw():
    return load_yaml(data.path())


def test_the_tables_are_the_compendiums():
    rules = data.rules()
    assert rules["stranger_reveals"] == 20 and rules["talisman_at"] == 6
    # "Brotherhood members you know / % to roll": 1 10%, 2 15%, 3 20%, 4 25%, 5 30%, 6 40%
    assert [data.law_chance(n) for n in range(1, 8)] == [10, 15, 20, 25, 30, 40, 40]
    table = rules["donjon"]["options"]["judged"]["table"]
    assert sorted(table) == ["1", "2", "3", "4", "5", "6"]
    assert table["6"]["gold"] == 6 and table["2"]["lives"] == 1 and table["1"]["lose_game"]
    # "4 Tossed out of the City": the one sentence out of the City (docs/rulings.md R-FIX19.1)
    assert [f for f in sorted(table) if table[f].get("expelled")] == ["4"]


@pytest.mark.parametrize("change, message", [
    (lambda d: d["law_discovers"].pop("3"), "without a gap"),
    (lambda d: d["law_discovers"].update({"6": 5}), "must not fall"),
    (lambda d: d["donjon"]["options"]["judged"]["table"].pop("4"), "a row for each of 1-6"),
    (lambda d: d["donjon"].update({"exit": "city_bank"}), "not next to the Donjon"),
    (lambda d: d["donjon"].update({"space": "nowhere"}), "nowhere"),
    (lambda d: d["donjon"]["options"]["judged"]["table"]["3"].update({"to": "exit"}), "cannot also keep"),
    (lambda d: d["donjon"]["options"]["judged"]["table"]["3"].update({"expelled": True}), "needs the space"),
])
def test_a_broken_table_is_refused_with_its_field(change, message):
    doc = copy.deepcopy(raw())
    change(doc)
    with pytest.raises(DataError, match=message):
        data.check(data.path(), doc, load())


def test_the_schema_refuses_a_chance_beyond_100():
    doc = copy.deepcopy(raw())
    doc["stranger_reveals"] = 101
    with pytest.raises(DataError, match="stranger_reveals"):
        validate(data.path(), doc, data.SCHEMA)


def test_a_base_game_never_runs_the_brotherhood():
    s = game([{"id": "warrior", "space": "village"}, {"id": "wizard", "space": "chapel"}], [1],
             deck_tops={"adventure": ["healer"]})
    s = play(s, "move:fields_1")
    assert "brotherhood" not in s.ext
    assert not [e for e in s.log if e.name.startswith("brotherhood")]


def stranger_met(roll):
    s = game([{"id": "warrior", "space": "village"}, {"id": "wizard", "space": "chapel"}], [1, roll],
             expansions=["brotherhood"], deck_tops={"adventure": ["healer"]})
    return play(s, "move:fields_1")


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=1, max_value=100))
def test_a_stranger_reveals_himself_exactly_on_01_to_20(roll):
    """The Brotherhood in Talisman: "There is a 20% chance that any given Stranger will reveal
    their membership"."""
    s = stranger_met(roll)
    revealed = roll <= 20
    assert bool(events(s, "brotherhood_joined")) == revealed
    assert tuple(s.ext["brotherhood"]["known"].get("warrior", ())) == (("healer",) if revealed else ())
    assert invariants.check(s) == []


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=1, max_value=8), st.integers(min_value=1, max_value=100))
def test_the_law_discovers_by_the_members_known(known, roll):
    """"If you are a member of the Brotherhood and you encounter any LAW you must roll D%" (the
    table by members known; beyond six, the last row)."""
    members = ["healer", "hermit", "mage", "alchemist", "enchanter", "sorcerer", "witch", "fairy"][:known]
    s = game([{"id": "warrior", "space": "city_mint_street"}, {"id": "wizard", "space": "chapel"}],
             [1, roll], expansions=["city", "brotherhood"], deck_tops={"city": ["watch"]},
             ext={"brotherhood": {"known": {"warrior": members}}})
    s = play(s, "move:city_fates_lane")
    chance = [10, 15, 20, 25, 30, 40][min(known, 6) - 1]
    assert (tuple(s.ext["city"]["warrants"]) == ("warrior",)) == (roll <= chance)


def test_the_talisman_is_given_once_only():
    """The sixth member gives a Talisman; a seventh gives none."""
    s = game([{"id": "warrior", "space": "village"}, {"id": "wizard", "space": "chapel"}], [1, 1],
             expansions=["brotherhood"], deck_tops={"adventure": ["healer"]},
             ext={"brotherhood": {"known": {"warrior": ["hermit", "mage", "alchemist", "enchanter", "sorcerer",
                                                        "witch"]}, "gift": ["warrior"]}})
    s = play(s, "move:fields_1")
    assert events(s, "brotherhood_member_revealed")[0]["known"] == 7
    assert not events(s, "brotherhood_talisman") and "talisman" not in s.characters["warrior"].objects


def test_a_member_in_the_donjon_is_held_and_his_membership_is_open():
    s = game([{"id": "wizard", "space": "city_donjon"}, {"id": "warrior", "space": "chapel"}], [],
             expansions=["city", "brotherhood"], ext={"brotherhood": {"known": {"wizard": ["healer"]}}})
    assert s.ext["brotherhood"]["held"] == {"wizard": "held"}
    assert legal(s) == {"brotherhood:convince", "brotherhood:escape", "brotherhood:judged"}
    view = talisman.player_view(s, "warrior")
    assert tuple(view.ext["brotherhood"]["known"]["wizard"]) == ("healer",)   # the D% is rolled in the open


def test_random_play_with_the_city_holds_the_invariants():
    met = random_play(lambda seed: talisman.new_game(["warrior", "wizard", "thief"], expansions=["city", "brotherhood"],
                                               seed=seed, options={"max_rounds": 15}),
                range(3), steps=400, every=1)
    assert "turn_started" in met  # the games were played (the invariants: inside random_play)


def test_a_member_who_is_no_longer_in_the_donjon_is_no_longer_held():
    """Held "in the Donjon": out of it by any means (a Spell, an effect), the record goes."""
    s = game([{"id": "wizard", "space": "chapel"}, {"id": "warrior", "space": "village"}], [],
             expansions=["city", "brotherhood"],
             ext={"brotherhood": {"known": {"wizard": ["healer"]}, "held": {"wizard": "jailed"}}})
    assert s.ext["brotherhood"]["held"] == {}
    assert "roll" in legal(s)                       # an ordinary turn, no jail roll


def members_before_the_law(seed):
    """A seeded game (dice unscripted) with the City and the Emperor's Guard: every character a
    member knowing 1, 5 and 2 members, one in the City's streets, one on the Chapel, one at the
    City Gate, and the Guard's pieces all on their spaces."""
    s = setup_state({"seed": seed, "expansions": ["city", "emperors_guard", "brotherhood"],
                     "options": {"max_rounds": 15},
                     "characters": [{"id": "warrior", "space": "city_mint_street"},
                                    {"id": "wizard", "space": "chapel"}, {"id": "thief", "space": "city_gate"}],
                     "ext": {"brotherhood": {"known": {"warrior": ["healer"],
                                                      "wizard": ["hermit", "mage", "monk", "priest", "sage"],
                                                      "thief": ["troll", "elf"]}}}}, None)
    return guard_store.put(s, guards={p: p for p in guard_data.placement_spaces() if guard.in_play(s, p)})


def test_random_play_with_members_meeting_the_law_and_the_guard_holds_the_invariants():
    """A short seeded soak of the module at work: Strangers met, members meeting the Law (the
    Watch, the Guard) and rolling its table, Warrants, the Donjon's options taken; every invariant
    holds, the states round-trip and replay the same (``random_play``)."""
    met = random_play(members_before_the_law, range(4), steps=300)
    assert {"brotherhood_member_revealed", "brotherhood_not_revealed", "law_met", "brotherhood_discovered",
            "brotherhood_undiscovered", "guard_encounter", "brotherhood_imprisoned",
            "brotherhood_donjon_choice"} <= met


def test_a_member_discovered_again_takes_no_second_warrant_and_none_is_logged():
    """"If any Law discovers your membership you must take a Warrant Card": one Warrant a
    character (as the Emperor's Guard's, rulings R-FD14). Without the City the Brotherhood keeps
    the Warrant itself; a member who holds one already takes none, and no ``warrant_taken`` line
    says he did."""
    s = game([{"id": "warrior", "space": "chapel"}, {"id": "wizard", "space": "tavern"}],
             expansions=["brotherhood"], ext={"brotherhood": {"known": {"warrior": ["healer"]}}})
    first = brotherhood.law_rolled(s, Action("roll", ("1",)), "warrior", "emperors_guard")
    assert tuple(first.ext["brotherhood"]["warrants"]) == ("warrior",)
    assert [e["character"] for e in events(first, "warrant_taken")] == ["warrior"]
    again = brotherhood.law_rolled(first, Action("roll", ("1",)), "warrior", "emperors_guard")
    assert tuple(again.ext["brotherhood"]["warrants"]) == ("warrior",)
    assert len(events(again, "warrant_taken")) == 1
