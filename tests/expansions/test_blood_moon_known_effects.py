"""The Blood Moon cards whose published effect (card-data.md 1.3) replaced a stand-in: each test
names its card and the row it belongs to (003 Adventure Cards / 003 Spell Cards)."""
import sys
from pathlib import Path

import attrs

from talisman.engine.dice import Dice
from talisman.expansions.blood_moon import haunting, kept, store
from talisman.expansions.blood_moon.effects import lose_random_follower
from talisman.scenarios import setup_state
from talisman.testing import invariants

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_blood_moon import ok  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from support import events, legal, play, run_effects  # noqa: E402


def scene(characters, dice=(), **setup):
    return ok(setup_state({"expansions": ["blood_moon"], "characters": characters, **setup}, list(dice)))


# --- Luminous Blessing: heal 1 or replenish 1 fate ------------------------------------------------

def test_luminous_blessing_replenishes_one_fate_below_the_fate_value():
    """Luminous Blessing ("at the start of a turn heal 1 or replenish 1 fate"): below his fate
    value the character regains 1; at it, nothing (the effect ``restore_fate``)."""
    s = scene([{"id": "thief", "space": "woods_1", "fate": 0}])
    s = ok(run_effects(s, [{"restore_fate": 1}], "thief", dice=[]))
    assert s.characters["thief"].fate == 1
    s = ok(run_effects(s, [{"restore_fate": 3}], "thief", dice=[]))
    assert s.characters["thief"].fate == 2  # the Thief's fate value
    assert events(s, "fate_gained")[-1]["amount"] == 1


# --- Vampire Prince: a random Follower -------------------------------------------------------------

def test_vampire_prince_without_followers_takes_another_life():
    """Vampire Prince ("beaten: also a random Follower is killed (none: lose 1 more life)")."""
    s = scene([{"id": "thief", "space": "woods_1", "fate": 0}], dice=[2, 1, 6, 3],
              board_cards={"hills_1": ["vampire_prince"]})
    s = ok(play(s, "move:hills_1", "fight"))
    assert s.characters["thief"].lives == 2 and not events(s, "follower_picked_at_random")


def test_the_random_follower_is_the_seeds_and_no_choice_is_asked():
    """``lose_random_follower``: the pick follows the seeded dice (the same seed, the same
    Follower) and no decision is asked."""
    picks = set()
    for seed in range(6):
        s = scene([{"id": "thief", "space": "woods_1", "followers": ["maiden", "mule", "guide"]}], seed=seed)
        s = attrs.evolve(s, pending=None, dice=Dice(seed=seed, script=()))
        once = lose_random_follower(s, {}, "thief", {"card": "vampire_prince"})
        assert invariants.card_places(once) == invariants.expected_cards(once)
        again = lose_random_follower(s, {}, "thief", {"card": "vampire_prince"})
        assert once.pending is None and len(once.characters["thief"].followers) == 2  # no choice asked
        assert once.characters["thief"].followers == again.characters["thief"].followers
        picks.add(events(once, "follower_picked_at_random")[-1]["card"])
    assert len(picks) > 1


# --- Corpse Collector / The Phantom: cards kept on a card -----------------------------------------

COLLECTOR = {"adventure": ["corpse_collector", "bear", "amulet", "wolf", "maiden", "ogre", "cross",
                           "dragon", "serpent"]}


def collector_met():
    s = scene([{"id": "thief", "space": "woods_1", "fate": 0}], dice=[2], deck_tops=COLLECTOR)
    return ok(play(s, "move:hills_1"))


def test_corpse_collector_cards_are_off_the_space_and_counted_once():
    """Corpse Collector: its Enemies lie in ``state.resolving`` (every card in one place), not on
    the space; the visitor may also take none (``done``)."""
    s = collector_met()
    assert list(s.board_cards["hills_1"]) == ["corpse_collector"]
    assert sorted(s.resolving["hills_1"]) == ["bear", "dragon", "ogre", "serpent", "wolf"]
    assert invariants.card_places(s) == invariants.expected_cards(s)
    assert "done" in legal(s)
    s = ok(play(s, "done"))
    assert not s.characters["thief"].trophies and len(s.resolving["hills_1"]) == 5


def visit(s, card="corpse_collector", taken_as="trophy"):
    """A later visit to ``card`` on the Hills: its ``take_kept`` effect offered again."""
    s = attrs.evolve(s, pending=None)
    return kept.take_kept(s, {"as": taken_as}, "thief", {"card": card, "space": "hills_1"})


def test_corpse_collector_one_per_visit_and_discarded_when_empty():
    """Corpse Collector ("take one per visit; discarded when empty"): each visit offers one card;
    the last one taken, the Collector goes to the discard pile."""
    s = ok(play(collector_met(), "take:ogre"))
    for card in ("bear", "wolf", "dragon", "serpent"):
        s = visit(s)
        assert {a for a in legal(s) if a.startswith("take:")} == {f"take:{c}" for c in s.resolving["hills_1"]}
        s = ok(play(s, f"take:{card}"))
    assert sorted(s.characters["thief"].trophies) == ["bear", "dragon", "ogre", "serpent", "wolf"]
    assert "corpse_collector" in s.discards["adventure"] and not s.board_cards.get("hills_1")
    assert not s.resolving.get("hills_1") and not store.get(s, "kept_on")
    assert events(s, "card_emptied")[-1] == {"card": "corpse_collector", "space": "hills_1"}


def test_corpse_collector_drawing_no_enemy_is_discarded_at_once():
    """Corpse Collector: eight cards without an Enemy leave it empty: it is discarded."""
    tops = {"adventure": ["corpse_collector", "amulet", "maiden", "cross", "mule", "guide", "orb_of_knowledge",
                          "holy_grail", "magic_belt"]}
    s = scene([{"id": "thief", "space": "woods_1", "fate": 0}], dice=[2], deck_tops=tops)
    s = ok(play(s, "move:hills_1"))
    assert "corpse_collector" in s.discards["adventure"] and not s.resolving.get("hills_1")
    assert events(s, "cards_kept_on_card")[-1]["cards"] == []


def test_the_phantom_offers_only_followers_the_visitor_may_take():
    """The Phantom: a visitor takes one of its Followers as a Follower found would join him."""
    tops = {"adventure": ["the_phantom", "maiden", "mule", "bear", "amulet", "cross", "wolf", "ogre", "dragon"]}
    s = scene([{"id": "thief", "space": "woods_1", "fate": 0}], dice=[2], deck_tops=tops)
    s = ok(play(s, "move:hills_1"))
    assert {a for a in legal(s) if a.startswith("take:")} == {"take:maiden", "take:mule"}
    s = ok(play(s, "take:maiden"))
    assert list(s.characters["thief"].followers) == ["maiden"] and list(s.resolving["hills_1"]) == ["mule"]
    s = ok(play(visit(s, "the_phantom", "possession"), "take:mule"))
    assert "the_phantom" in s.discards["adventure"]


def test_corpse_collector_goes_with_its_cards_when_taken_off_the_space():
    """Corpse Collector: when another card's effect takes it off its space (here the Raging
    Volcano's sort of clearing: ``clear_space``), its Enemies are discarded with it at the next
    turn boundary (:func:`kept.sweep`)."""
    s = collector_met()
    s = ok(play(s, "take:ogre"))
    s = ok(run_effects(s, [{"clear_space": {"where": "space"}}], "thief", dice=[]))
    assert "corpse_collector" not in s.board_cards.get("hills_1", ())
    s = ok(kept.sweep(s))  # (as the next turn_started does)
    assert not s.resolving.get("hills_1") and not store.get(s, "kept_on")
    assert {"bear", "wolf", "dragon", "serpent"} <= set(s.discards["adventure"])


# --- Disciple of Darkness: at Night one Spell always kept (ruling R-BM19) -------------------------

def test_disciple_of_darkness_keeps_a_spell_at_night_only():
    """Disciple of Darkness ("at Night always keep at least 1 Spell if Craft allows"): at Night
    his holder has the Wizard's ``keeps_one_spell``; by Day, or without him, not."""
    def cast_last(time, followers):
        s = scene([{"id": "thief", "space": "woods_1", "fate": 0, "spells": ["solstice_ritual"],
                    "followers": followers}], deck_tops={"spell": ["benediction"]}, ext={"blood_moon": {"time": time}})
        first = ("choose:keep",) if time == "day" and followers else ()  # (by Day: send him away?)
        return ok(play(s, *first, "cast:solstice_ritual"))
    assert list(cast_last("night", ["disciple_of_darkness"]).characters["thief"].spells) == ["benediction"]
    assert not cast_last("day", ["disciple_of_darkness"]).characters["thief"].spells
    assert not cast_last("night", []).characters["thief"].spells


# --- The Bride: a trophy to join ------------------------------------------------------------------

def test_the_bride_stays_on_the_space_for_a_character_without_a_trophy():
    """The Bride ("joins only if you discard a trophy"): without a trophy she does not join."""
    s = scene([{"id": "thief", "space": "woods_1", "fate": 0}], dice=[2, 3], board_cards={"hills_1": ["the_bride"]})
    s = ok(play(s, "move:hills_1"))
    assert s.pending.kind == "move" and s.characters["thief"].space == "hills_1"  # no claim offered
    assert not s.characters["thief"].followers and "the_bride" in s.board_cards["hills_1"]


def test_the_bride_takes_the_only_kind_of_trophy_without_asking():
    """The Bride: one kind of trophy, no choice: it is discarded as she joins."""
    s = scene([{"id": "thief", "space": "woods_1", "fate": 0, "trophies": ["bear"]}], dice=[2],
              board_cards={"hills_1": ["the_bride"]})
    s = ok(play(s, "move:hills_1", "take:the_bride"))
    assert list(s.characters["thief"].followers) == ["the_bride"] and not s.characters["thief"].trophies
    assert "bear" in s.discards["adventure"]


# --- Haunting Poltergeist: a Spell card as a Follower -----------------------------------------------

def test_haunting_poltergeist_come_another_way_counts_its_crossing_from_then():
    """Haunting Poltergeist ("until he crosses the Storm River"): a holder who got the card
    otherwise than by the cast (no Region marked) is tracked from where he first moves with it:
    a step within the Region keeps it, a step across the River frees him."""
    s = scene([{"id": "thief", "space": "hills_3", "fate": 0, "followers": ["haunting_poltergeist"]}])
    s = haunting.crossed(s, "thief", "hills_3")
    assert list(s.characters["thief"].followers) == ["haunting_poltergeist"]
    s = haunting.crossed(s, "thief", "chasm")
    assert list(s.characters["thief"].followers) == ["haunting_poltergeist"]
    s = haunting.crossed(s, "thief", "sentinel")
    assert not s.characters["thief"].followers and "haunting_poltergeist" in s.discards["spell"]
    assert invariants.card_places(s) == invariants.expected_cards(s)


# --- Feral Hunger: cast into another character's combat -------------------------------------------

def test_feral_hunger_offered_to_an_onlooker_who_may_pass():
    """Feral Hunger ("when a character is about to fight a creature"): the other character
    holding it is asked before the fighter declares; passing, the combat goes on unchanged
    and he keeps the Spell."""
    s = scene([{"id": "thief", "space": "woods_1", "fate": 0},
               {"id": "druid", "space": "chapel", "fate": 0, "spells": ["feral_hunger"]}],
              dice=[2, 6, 1, 3], board_cards={"hills_1": ["bear"]})
    s = ok(play(s, "move:hills_1"))
    assert s.pending.player == "druid" and legal(s) == {"pass", "cast:feral_hunger"}
    s = ok(play(s, "pass"))
    assert s.pending.player == "thief" and "fight" in legal(s)
    s = ok(play(s, "fight"))
    assert list(s.characters["druid"].spells) == ["feral_hunger"]
    assert events(s, "combat_scores")[-1]["opponent_roll"] == 1 and "combat_won" in [e.name for e in s.log]


def test_feral_hunger_not_offered_to_a_toad():
    """Feral Hunger: an onlooker who may not cast (a Toad) is not asked."""
    s = scene([{"id": "thief", "space": "woods_1", "fate": 0},
               {"id": "druid", "space": "chapel", "fate": 0, "spells": ["feral_hunger"], "toad_turns": 2}],
              dice=[2], board_cards={"hills_1": ["bear"]})
    s = ok(play(s, "move:hills_1"))
    assert s.pending.player == "thief" and s.pending.kind == "combat"


def test_corpse_collector_met_holding_nothing_is_discarded():
    """Corpse Collector: one lying on a space without cards (put there by another card's effect,
    never revealed by a draw) is empty when met: it is discarded."""
    s = scene([{"id": "thief", "space": "woods_1", "fate": 0}], dice=[2, 3],
              board_cards={"hills_1": ["corpse_collector"]})
    s = ok(play(s, "move:hills_1"))
    assert "corpse_collector" in s.discards["adventure"] and not s.board_cards.get("hills_1")
