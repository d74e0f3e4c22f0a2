"""OPTIONAL RULES, HENCHMEN (seed 000:1365-1381): the option ``henchmen: N`` (talisman.rules.henchmen).

The scenarios tests/scenarios/henchmen_*.yaml play the combat and the lent abilities; these tests
check the deal, the option's errors and the data table.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

import talisman
from talisman.definitions import characters_of_sets, load
from talisman.errors import OptionError
from talisman.rules import henchmen
from talisman.rules import effects
from talisman.rules.characters import all_followers, card_lives, has_ability, kill, other_followers
from talisman.state import update_character
from talisman.rules.possessions import add_possession
from talisman.expansions.emperors_guard import data as guard_data, guard, store as guard_store
from talisman.scenarios import setup_state

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from support import game, legal, play  # noqa: E402
from playing import random_play  # noqa: E402


@pytest.mark.parametrize("seed", range(6))
def test_dealt_from_the_remaining_characters(seed):
    """HENCHMEN: "randomly deal out the agreed upon number of henchmen to each player from the
    remaining Character Cards"."""
    players = ["warrior", "wizard", "troll"]
    s = talisman.new_game(players, seed=seed, options={"henchmen": 2})
    dealt = [h["id"] for p in players for h in henchmen.henchmen_of(s, p)]
    assert all(len(henchmen.henchmen_of(s, p)) == 2 for p in players)
    assert len(set(dealt)) == 6 and not set(dealt) & set(players)
    assert set(dealt) <= set(characters_of_sets(load(), {"base"}))
    assert all(h["lives"] == 4 for p in players for h in henchmen.henchmen_of(s, p))


def test_the_deal_is_random_and_deterministic():
    deals = {tuple(h["id"] for h in henchmen.henchmen_of(
        talisman.new_game(["warrior"], seed=seed, options={"henchmen": 1}), "warrior"))
        for seed in range(12)}
    assert len(deals) > 3
    a = talisman.new_game(["warrior"], seed=5, options={"henchmen": 1})
    assert henchmen.henchmen_of(a, "warrior") == henchmen.henchmen_of(
        talisman.new_game(["warrior"], seed=5, options={"henchmen": 1}), "warrior")


def test_an_expansions_characters_may_be_dealt_with_it():
    """The remaining Character Cards of the game: an expansion's characters with that expansion."""
    seen = set()
    for seed in range(8):
        s = talisman.new_game(["warrior"], expansions=["harbinger"], seed=seed, options={"henchmen": 10})
        seen |= {h["id"] for h in henchmen.henchmen_of(s, "warrior")}
    assert seen & set(characters_of_sets(load(), {"harbinger"}))


def test_no_option_no_henchmen_and_no_state():
    s = talisman.new_game(["warrior", "thief"], seed=1)
    assert "henchmen" not in s.ext and henchmen.henchmen_of(s, "warrior") == []


@pytest.mark.parametrize("options, text", [
    ({"henchmen": -1}, "whole number"), ({"henchmen": "one"}, "whole number"),
    ({"henchmen": 20}, "only"),
    ({"henchmen_dealt": {"warrior": ["wizard"]}}, "player's character"),
    ({"henchmen_dealt": {"warrior": ["nobody"]}}, "unknown character"),
    ({"henchmen_dealt": {"elf": ["thief"]}}, "not playing"),
    ({"henchmen_dealt": {"warrior": [{"id": "thief", "lives": 5}]}}, "lives 1 to 4"),
    ({"henchmen_dealt": {"warrior": [{"id": "troll", "lives": 5}]}}, "lives 1 to 4"),
    ({"lives": "card", "henchmen_dealt": {"warrior": [{"id": "troll", "lives": 7}]}}, "lives 1 to 6"),
    ({"lives": "card", "henchmen_dealt": {"warrior": [{"id": "thief", "lives": 5}]}}, "lives 1 to 4"),
])
def test_bad_options_are_option_errors(options, text):
    with pytest.raises(OptionError, match=text):
        talisman.new_game(["warrior", "wizard"], seed=0, options=options)


def test_lent_abilities_only_while_the_henchman_lives():
    s = talisman.new_game(["warrior", "wizard"], seed=0, options={"henchmen_dealt": {"warrior": ["thief"]}})
    assert has_ability(s, "warrior", "steal_from_character")
    assert not has_ability(s, "wizard", "steal_from_character")
    s = kill(s, "warrior", "test")
    assert henchmen.henchmen_of(s, "warrior") == []
    assert not has_ability(s, "warrior", "steal_from_character")


def test_restrictions_are_never_lent():
    s = talisman.new_game(["warrior"], seed=0, options={"henchmen_dealt": {"warrior": ["monk", "priest"]}})
    for a in ("no_weapons", "no_weapons_or_armour", "craft_adds_to_battle"):
        assert not has_ability(s, "warrior", a)
    assert has_ability(s, "warrior", "prayer_bonus")


def test_every_character_ability_is_judged():
    """The table names every character's ability (loading fails otherwise), each with a reason."""
    table = henchmen.table()
    every = {a for c in load().characters.values() for a in c.abilities}
    assert every <= set(table["abilities"])
    assert "steal_from_character" in henchmen.lent_abilities()   # the text's own example
    assert "hag_immune" not in henchmen.lent_abilities()         # a resistance, like the Siren's


@pytest.mark.parametrize("seed", range(3))
def test_random_play_with_henchmen(seed):
    """Seeded random play with the option and every expansion raises nothing; a Henchman fights."""
    rng = random.Random(seed)
    s = talisman.new_game(["warrior", "thief", "troll"], expansions=["harbinger", "blood_moon", "city"],
                          seed=seed, options={"henchmen": 1, "max_rounds": 15})
    for _ in range(600):
        if s.is_over:
            break
        acts = [str(a) for a in talisman.legal_actions(s)]
        hench = [a for a in acts if a.startswith("henchman:")]
        s = talisman.apply(s, hench[0] if hench else rng.choice(acts))
        for p in s.order:
            assert all(1 <= h["lives"] <= card_lives(s.option("lives"), h["id"])
                       for h in henchmen.henchmen_of(s, p))
    assert any(e.name == "henchman_fights" for e in s.log)


# --- "Henchmen are considered Followers for any pertaining rules"; the defender's Henchman ----------

def _fight_position(victor_followers=()):
    """The Wizard about to win a psychic combat against the Thief, who has a Henchman (Troll)."""
    s = game([{"id": "wizard", "space": "graveyard", "spells": [], "followers": list(victor_followers)},
              {"id": "thief", "space": "woods_1"}], [1, 6, 1],
             options={"henchmen_dealt": {"thief": ["troll"]}})
    return play(s, "move:woods_1", "encounter:char:thief", "attack:psychic", "fight", "fight")


def test_a_victor_with_the_hag_may_not_take_a_henchman():
    """The Hag: no Follower may be gained while she is with him; a Henchman neither."""
    with_hag, without = legal(_fight_position(["hag"])), legal(_fight_position())
    assert "spoils:henchman:troll" in without and "spoils:henchman:troll" not in with_hag


def test_the_minstrel_keeps_his_henchmen_from_the_hag():
    """The Minstrel sends the Hag away (``hag_immune``): nothing is driven off."""
    s = talisman.new_game(["minstrel"], seed=0, options={"henchmen_dealt": {"minstrel": ["thief"]}})
    s = add_possession(s, "minstrel", "hag", "test")
    assert [h["id"] for h in henchmen.henchmen_of(s, "minstrel")] == ["thief"]


def test_other_followers_only_with_the_option():
    base = talisman.new_game(["warrior"], seed=0)
    assert other_followers(base, "warrior") == ()
    s = talisman.new_game(["warrior"], seed=0, options={"henchmen_dealt": {"warrior": ["thief", "troll"]}})
    assert other_followers(s, "warrior") == ("henchman:thief", "henchman:troll")
    assert effects.test_holds(s, {"has_followers": True}, "warrior")
    assert not effects.test_holds(base, {"has_followers": True}, "warrior")


def test_the_defender_is_offered_his_henchman_once():
    s = game([{"id": "warrior", "space": "graveyard"}, {"id": "thief", "space": "woods_1"}], [1],
             options={"henchmen_dealt": {"thief": ["troll"]}})
    s = play(s, "move:woods_1", "encounter:char:thief", "attack:battle")
    # (a drop too, beside his other choice: rulings R-NC11.4)
    assert s.pending.player == "thief" and {a for a in legal(s) if not a.startswith("drop:")} == {"fight", "henchman:troll"}
    s = play(s, "henchman:troll")
    assert s.pending.player == "warrior" and henchmen.fighting(s, "thief") == "troll"
    assert henchmen.fighting(s, "warrior") is None


# --- the compendium's five modules together --------------------------------------------------------

def every_module(seed):
    """A seeded game (dice unscripted) with the four modules, the City and one Henchman each: the
    Warrior aboard a Wyvern on the Chapel, the Wizard in the Catacombs, the Thief a member in the
    City's streets, and the Guard's pieces on their spaces."""
    s = setup_state({"seed": seed, "expansions": ["city", "emperors_guard", "brotherhood", "catacombs", "airships"],
                     "options": {"max_rounds": 15, "henchmen": 1},
                     "characters": [{"id": "warrior", "space": "chapel"}, {"id": "wizard", "space": "catacombs"},
                                    {"id": "thief", "space": "city_mint_street"}],
                     "ext": {"brotherhood": {"known": {"thief": ["healer", "hermit"]}},
                             "airships": {"cards": {"warrior": ["airship_wyvern"]}}}}, None)
    return guard_store.put(s, guards={p: p for p in guard_data.placement_spaces() if guard.in_play(s, p)})


def test_random_play_with_every_module_and_henchmen_holds_the_invariants():
    """Issue 22's modules played together (a short seeded soak): Henchmen dealt and fighting in
    stead, an Airship flown, the Guard met, the Law's table rolled, Catacombs cards drawn; every
    invariant holds, the states round-trip and replay the same (``random_play``)."""
    met = random_play(every_module, range(4), steps=300)
    assert {"henchmen_dealt", "henchman_fights", "airship_flew", "guard_encounter", "guards_moved",
            "law_met", "brotherhood_undiscovered", "catacombs_turn", "catacombs_cleared"} <= met


def test_a_character_not_allowed_followers_is_dealt_no_henchman(monkeypatch):
    """HENCHMEN: "Any main Character, who is not allowed Followers, may not have henchmen either."
    No character of the data is forbidden Followers (the table's ``forbid_followers`` is empty);
    a table that forbids the Thief's ability deals him none, and the others theirs."""
    assert list(henchmen.table()["forbid_followers"]) == []
    forbidding = {**henchmen.table(), "forbid_followers": ["steal_from_character"]}
    monkeypatch.setattr(henchmen, "table", lambda: forbidding)
    s = talisman.new_game(["warrior", "thief", "wizard"], seed=2, options={"henchmen": 1})
    assert henchmen.henchmen_of(s, "thief") == []
    assert [len(henchmen.henchmen_of(s, c)) for c in ("warrior", "wizard")] == [1, 1]
    assert not [e for e in s.log if e.name == "henchmen_dealt" and e.data["character"] == "thief"]


def test_the_soak_plays_henchmen_when_asked_and_leaves_recorded_seeds_alone(soak_module):
    """``benchmarks/soak.py --henchmen``: the option in every game's configuration, drawn apart
    from the rest, which stays the seed's own; a game with it keeps every invariant."""
    plain = [soak_module.config(seed, 10) for seed in range(40)]
    asked = [soak_module.config(seed, 10, henchmen=True) for seed in range(40)]
    assert all("henchmen" not in c["options"] for c in plain)
    assert {c["options"]["henchmen"] for c in asked} == {0, 1, 2}
    assert [{**c, "options": {k: v for k, v in c["options"].items() if k != "henchmen"}} for c in asked] == plain
    seed = next(s for s, c in enumerate(asked) if c["options"]["henchmen"] and len(c["characters"]) <= 3)
    out = soak_module.play((seed, 6, 400, True, True))
    assert out["options"]["henchmen"] >= 1 and out["steps"] > 0
    assert out["exception"] is None and out["broken"] is None


@pytest.mark.parametrize("lives, expected", [("compendium", {"troll": 4, "dwarf": 4}),
                                             ("card", {"troll": 6, "dwarf": 5})])
def test_dealt_with_the_lives_their_cards_are_worth(lives, expected):
    """HENCHMEN: "nor may they ... Gain more than 4 Lives": a Henchman is dealt with the lives its
    card is worth under the ``lives`` option, as a character starts (docs/rulings.md R-FIX22.1)."""
    s = talisman.new_game(["thief", "warrior"], seed=0,
                          options={"henchmen": 1, "character_pool": ["troll", "dwarf"], "lives": lives})
    dealt = {h["id"]: h["lives"] for p in s.order for h in henchmen.henchmen_of(s, p)}
    assert dealt == expected
    assert {h: card_lives(lives, h) for h in dealt} == expected


def test_all_followers_cards_as_held_sorted_or_once_then_the_henchmen():
    """Every Follower, the cards first (as held, sorted, or each once: the order each caller's
    seeded shuffle or choice reads), then the Henchmen ("considered Followers")."""
    s = talisman.new_game(["warrior"], seed=0, options={"henchmen_dealt": {"warrior": ["troll", "thief"]}})
    s = update_character(s, "warrior", followers=["mule", "guide", "mule"])
    h = ["henchman:troll", "henchman:thief"]
    assert all_followers(s, "warrior") == ["mule", "guide", "mule"] + h
    assert all_followers(s, "warrior", sort=True) == ["guide", "mule", "mule"] + h
    assert all_followers(s, "warrior", distinct=True) == ["mule", "guide"] + h
