"""The Blood Moon's held cards played through the hook points ``lives_losing``,
``spoils_options`` / ``spoils_option_chosen`` and ``combat_resolved`` (talisman-facts.md section 6,
the Adventure cards; ``talisman.expansions.blood_moon.held``).  Each test names its card."""
import sys
from pathlib import Path

import talisman
from talisman import expansions
from talisman.expansions.blood_moon import store

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_blood_moon import ok, position  # noqa: E402
from test_blood_moon_cards import scores, thief_meets  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from support import events, legal, names, play, run_effects  # noqa: E402


# --- Self-Portrait: spare lives (lives_losing) -------------------------------------------------

def test_self_portrait_spare_lives_are_lost_instead_of_the_holders():
    """Self-Portrait ("holds 4 spare lives that may be lost instead of your own"): lives lost
    come off the card first; the last one gone, the card is discarded and the rest of the loss
    is the holder's (003 cards, the ``lives_losing`` hook)."""
    s = position([{"id": "thief", "space": "woods_1", "objects": ["self_portrait"]}])
    s = ok(run_effects(s, [{"lose": {"lives": 3}}], "thief", dice=[]))
    assert s.characters["thief"].lives == 4
    assert events(s, "spare_lives_lost")[-1]["left"] == 1 and "life_lost" not in names(s)
    s = ok(run_effects(s, [{"lose": {"lives": 2}}], "thief", dice=[]))
    assert s.characters["thief"].lives == 3
    assert "self_portrait" not in s.characters["thief"].objects
    assert "self_portrait" in s.discards["adventure"]
    assert not store.get(s, "spare_lives_lost")
    assert not s.characters["thief"].flag("lives_spared")


def test_self_portrait_saves_a_life_lost_to_a_creature():
    """Self-Portrait: a combat lost to a creature takes a spare life, not the character's."""
    s = ok(play(thief_meets("ogre", objects=["self_portrait"]), "fight", "roll:1", "roll:6"))
    assert "combat_lost" in names(s)
    assert s.characters["thief"].lives == 4 and events(s, "spare_lives_lost")[-1]["left"] == 3


def test_self_portrait_not_held_or_not_usable_spares_nothing():
    """Self-Portrait: a character without it (or a Toad) loses his own lives."""
    s = position([{"id": "thief", "space": "woods_1", "objects": ["self_portrait"], "toad_turns": 2},
                  {"id": "wizard", "space": "woods_2"}])
    s = ok(run_effects(s, [{"lose": {"lives": 1}}], "thief", dice=[]))
    assert s.characters["thief"].lives == 3
    s = ok(run_effects(s, [{"lose": {"lives": 1}}], "wizard", dice=[]))
    assert s.characters["wizard"].lives == 3 and "spare_lives_lost" not in names(s)


def test_a_base_game_never_asks_the_lives_losing_hook(monkeypatch):
    """003 Expansion Rules: without the expansion ``lose_lives`` runs no hook."""
    from talisman.expansions import blood_moon

    def boom(*a, **k):
        raise AssertionError("lives_losing ran in a base game")
    monkeypatch.setitem(blood_moon.HOOKS, "lives_losing", boom)
    s = talisman.new_game(["thief"], seed=1)
    s = run_effects(s, [{"lose": {"lives": 1}}], "thief", dice=[])
    assert s.characters["thief"].lives == 3


# --- Syphoning Sceptre: spoils (spoils_options / spoils_option_chosen) ----------------------

def thief_beats_wizard(thief_objects=(), wizard=None):
    s = position([{"id": "thief", "space": "fields_2", "objects": list(thief_objects)},
                  {"id": "wizard", "space": "plains_1", **(wizard or {})}])
    return ok(play(s, "roll:2", "move:plains_1", "encounter:char:wizard", "attack:battle",
                   "fight", "roll:6", "roll:1"))


def test_syphoning_sceptre_takes_a_strength_or_craft_instead_of_the_usual_spoils():
    """Syphoning Sceptre ("beating a character, take one of his Strength or Craft instead of
    the usual spoils"): offered among the spoils of a fight between characters."""
    s = thief_beats_wizard(["syphoning_sceptre"])
    assert {"spoils:syphon:strength", "spoils:syphon:craft", "spoils:life"} <= set(legal(s))
    thief, wizard = s.characters["thief"].craft, s.characters["wizard"].craft
    s = ok(play(s, "spoils:syphon:craft"))
    assert s.characters["thief"].craft == thief + 1 and s.characters["wizard"].craft == wizard - 1
    assert s.characters["wizard"].lives == 4
    e = events(s, "counter_syphoned")[-1]
    assert (e["character"], e["opponent"], e["counter"]) == ("thief", "wizard", "craft")


def test_syphoning_sceptre_at_a_strength_of_1_costs_the_loser_a_life():
    """Syphoning Sceptre: the loser loses the Strength by LOSING STRENGTH (at 0 a life, the
    quota restored)."""
    s = thief_beats_wizard(["syphoning_sceptre"], wizard={"strength": 1})
    s = ok(play(s, "spoils:syphon:strength"))
    assert s.characters["wizard"].lives == 3 and "strength_restored" in names(s)


def test_without_the_sceptre_the_spoils_are_the_base_games():
    """Syphoning Sceptre: only its holder is offered the syphon."""
    s = thief_beats_wizard()
    assert not [a for a in legal(s) if "syphon" in a] and "spoils:life" in legal(s)
    assert expansions.adjust(s, "spoils_options", ("spoils:life",), victor="wizard",
                             loser="thief", kind="battle") == ("spoils:life",)


# --- Champion of Light: a die more by Day, added (combat_resolved) ------------------------------

def test_champion_of_light_adds_an_extra_die_by_day():
    """Champion of Light (card-data.md 1.3 and section 6: "by Day roll an extra die in battle
    or psychic combat and add it"): the die is rolled once the scores are compared and added to
    the holder's score; it turns a loss (1 + 3 against 6 + 3 - 1) into a win with a 6; at
    Night no die is added."""
    s = ok(play(thief_meets("bear", followers=["champion_of_light"]), "fight", "roll:1", "roll:6"))
    assert s.pending.spec == "d6" and "champion_of_light" in s.pending.prompt
    s = ok(play(s, "roll:6"))
    assert scores(s) == (1 + 3 + 6, 6 + 3 - 1)
    assert events(s, "combat_scores")[-1]["added_die"] == 6
    assert events(s, "combat_result_changed")[-1]["result"] == "won"
    assert "combat_won" in names(s) and "bear" in s.characters["thief"].trophies
    s = thief_meets("bear", time="night", followers=["champion_of_light"])
    s = ok(play(s, "fight", "roll:2", "roll:1"))
    assert scores(s)[0] == 2 + 3 and "added_die" not in events(s, "combat_scores")[-1]


# --- Black Cat: no fate, goes on a 1 (possession_gained, counter_gain, movement_rolled) -------

def test_black_cat_must_be_taken_takes_all_fate_and_lets_none_be_gained():
    """Black Cat ("must be taken; you lose all fate and gain none"): claimed at once, the
    holder's fate goes as it joins, and no fate is gained or replenished while it is held."""
    s = position([{"id": "thief", "space": "woods_1", "fate": 3}], board_cards={"hills_1": ["black_cat"]})
    s = ok(play(s, "roll:2", "move:hills_1"))
    assert "black_cat" in s.characters["thief"].followers and s.characters["thief"].fate == 0
    s = ok(run_effects(s, [{"gain": {"fate": 2}}, {"replenish_fate": {}}], "thief", dice=[]))
    assert s.characters["thief"].fate == 0
    assert [e["counter"] for e in events(s, "gain_refused")][-2:] == ["fate", "fate"]
    s = ok(run_effects(s, [{"gain": {"gold": 2}}], "thief", dice=[]))
    assert s.characters["thief"].gold >= 2


def test_black_cat_may_be_let_go_on_a_movement_roll_of_1():
    """Black Cat (card-data.md 1.3 and section 6: "may be discarded when you roll a 1 during
    your turn"): a movement roll of 1 offers to let it go once the move is made
    (``let_go:black_cat`` / ``keep``); another roll offers nothing."""
    s = position([{"id": "thief", "space": "woods_1", "followers": ["black_cat"]}])
    s = ok(play(s, "roll:2"))
    assert "black_cat" in s.characters["thief"].followers and "let_go:black_cat" not in legal(s)
    s = position([{"id": "thief", "space": "woods_1", "followers": ["black_cat"]}])
    s = ok(play(s, "roll:1", "move:graveyard"))
    assert legal(s) == {"let_go:black_cat", "keep"}
    kept = ok(play(s, "keep"))
    assert "black_cat" in kept.characters["thief"].followers
    s = ok(play(s, "let_go:black_cat"))
    assert "black_cat" not in s.characters["thief"].followers
    assert "black_cat" in s.discards["adventure"] and "follower_left" in names(s)


def test_black_cat_may_be_let_go_on_an_attack_roll_of_1():
    """Black Cat ("a 1 during your turn"): the holder's attack roll of 1 in a combat of his
    turn offers it too (the ``combat_resolved`` hook), before the result is applied."""
    s = thief_meets("bear", followers=["black_cat"])
    s = ok(play(s, "fight", "roll:1", "roll:1"))
    assert legal(s) == {"let_go:black_cat", "keep"}
    s = ok(play(s, "let_go:black_cat"))
    assert "black_cat" not in s.characters["thief"].followers


# --- Living Doll: no other Object (possession_gained, type_limit) ------------------------------

def test_living_doll_ditches_every_other_object_and_allows_none():
    """Living Doll ("must be taken; every other Object is ditched and none may be held"):
    claimed at once (Cursed), the holder's other Objects are left on the space and are not
    offered back; a Cursed Object is kept."""
    s = position([{"id": "thief", "space": "woods_1", "objects": ["sword", "hammer_of_light"]}],
                 board_cards={"hills_1": ["living_doll"]})
    s = ok(play(s, "roll:2", "move:hills_1"))
    ch = s.characters["thief"]
    assert list(ch.objects) == ["living_doll"]
    assert {"sword", "hammer_of_light"} <= set(s.board_cards["hills_1"])
    assert not [a for a in legal(s) if a.startswith("take:")]
    assert expansions.adjust(s, "type_limit", None, character="thief", kind="object") == 0
    assert expansions.adjust(s, "type_limit", None, character="thief", kind="magic_object") == 1
    # holding the Doll, an Object on the space is not offered (without it, it is)
    s = position([{"id": "thief", "space": "woods_1", "objects": ["living_doll"]}],
                 board_cards={"hills_1": ["sword"]})
    s = ok(play(s, "roll:2", "move:hills_1"))
    assert "take:sword" not in legal(s) and list(s.board_cards["hills_1"]) == ["sword"]
    s = position([{"id": "thief", "space": "woods_1"}], board_cards={"hills_1": ["sword"]})
    assert "take:sword" in legal(play(s, "roll:2", "move:hills_1"))


# --- Champion of Light / Disciple of Darkness sent away; the Bride; the Deranged Alchemist -------

def test_champion_of_light_may_be_sent_away_at_night_to_bring_the_day():
    """Champion of Light ("at Night may be sent away to bring the Day"): offered at the start
    of the holder's turn at Night (choose:send_away / choose:keep); by Day not offered.
    Disciple of Darkness: the same by Day, bringing the Night."""
    from test_blood_moon import hook_then_run
    s = position([{"id": "thief", "space": "woods_1", "followers": ["champion_of_light"]}], time="night")
    s = hook_then_run(s, "turn_started", "thief")
    assert legal(s) == {"choose:send_away", "choose:keep"}
    s = ok(play(s, "choose:send_away"))
    assert store.time(s) == "day" and not s.characters["thief"].followers
    assert "champion_of_light" in s.discards["adventure"]
    s = position([{"id": "thief", "space": "woods_1", "followers": ["champion_of_light"]}])
    s = hook_then_run(s, "turn_started", "thief")
    assert "choose:send_away" not in legal(s)
    s = position([{"id": "thief", "space": "woods_1", "followers": ["disciple_of_darkness"]}])
    s = ok(play(hook_then_run(s, "turn_started", "thief"), "choose:send_away"))
    assert store.time(s) == "night"


def test_the_bride_lets_her_holder_attack_characters_in_psychic_combat():
    """The Bride ("your attacks on characters may be psychic combat")."""
    s = position([{"id": "thief", "space": "fields_2", "followers": ["the_bride"]},
                  {"id": "wizard", "space": "plains_1"}])
    s = play(s, "roll:2", "move:plains_1", "encounter:char:wizard")
    assert "attack:psychic" in legal(s)
    s = position([{"id": "thief", "space": "fields_2"}, {"id": "wizard", "space": "plains_1"}])
    assert "attack:psychic" not in legal(play(s, "roll:2", "move:plains_1", "encounter:char:wizard"))


def test_deranged_alchemist_on_a_6_converts_any_points_and_leaves():
    """Deranged Alchemist (card-data.md 1.3 and 6, [DB]: on a 6 "convert any or all Strength
    points to Craft or vice versa, then discard him"): any number of one counter's points
    (``convert:strength:<n>`` / ``convert:craft:<n>``), one always kept, or none; he leaves."""
    from talisman.definitions import load
    s = position([{"id": "thief", "space": "hills_1"}], board_cards={"hills_1": ["deranged_alchemist"]})
    import attrs
    from talisman.api import STEPS
    from talisman.engine import machine
    from talisman.engine.dice import Dice
    from talisman.rules import effects
    s = attrs.evolve(s, pending=None, dice=Dice(seed=0, script=(6,)))
    s = effects.run(s, list(load().cards["deranged_alchemist"].effect), "thief",
                    {"card": "deranged_alchemist", "space": "hills_1"})
    s = machine.advance(s, STEPS, machine.AT_SCRIPT_END)
    assert legal(s) == {"convert:strength:1", "convert:strength:2", "convert:craft:1",
                        "convert:craft:2", "done"}  # Strength 3, Craft 3: one point kept
    done = ok(play(s, "done"))
    assert (done.characters["thief"].strength, done.characters["thief"].craft) == (3, 3)
    s = ok(play(s, "convert:strength:2"))
    assert (s.characters["thief"].strength, s.characters["thief"].craft) == (1, 5)
    assert not s.board_cards.get("hills_1")
    assert events(s, "points_converted")[-1]["amount"] == 2


# --- Feral Hunger at Night ----------------------------------------------------------------------

def test_feral_hunger_at_night_fixes_every_creatures_roll_until_the_casters_next_turn():
    """Feral Hunger (Spell; "at Night every creature's [roll is a 6], until your next turn"):
    cast at Night, any later creature's attack roll is a 6 (the ``attack_roll`` hook) until the
    caster's next turn starts; by Day only this combat's."""
    from test_blood_moon import hook_then_run
    s = position([{"id": "wizard", "space": "woods_1", "spells": ["feral_hunger"], "craft": 9},
                  {"id": "thief", "space": "city"}], time="night", board_cards={"hills_1": ["spectre"]})
    s = ok(play(s, "roll:2", "move:hills_1", "cast:feral_hunger", "fight", "roll:3", "roll:1"))
    assert events(s, "combat_scores")[-1]["opponent_roll"] == 6
    assert expansions.adjust(s, "attack_roll", 2, enemies=["bear"], kind="battle", character="thief") == 6
    s = hook_then_run(s, "turn_started", "wizard")
    assert expansions.adjust(s, "attack_roll", 2, enemies=["bear"], kind="battle", character="thief") == 2
    s = position([{"id": "wizard", "space": "woods_1", "spells": ["feral_hunger"], "craft": 9}],
                 board_cards={"hills_1": ["spectre"]})
    s = ok(play(s, "roll:2", "move:hills_1", "cast:feral_hunger", "fight", "roll:3", "roll:1"))
    assert expansions.adjust(s, "attack_roll", 2, enemies=["bear"], kind="battle", character="wizard") == 2


def test_lost_soul_is_let_go_after_the_chapel_for_a_reward():
    """Lost Soul ("after the Chapel or the Graveyard, let it go for 1 Strength, Craft, life,
    fate or a Spell"): once the Chapel's encounter is over, the holder may let it go for one of
    them, or keep it; elsewhere nothing is offered."""
    s = position([{"id": "thief", "space": "hills_1", "followers": ["lost_soul"], "alignment": "evil"}])
    s = play(s, "roll:1", "move:chapel")
    assert legal(s) == {"choose:strength", "choose:craft", "choose:life", "choose:fate",
                        "choose:spell", "choose:keep"}
    s = ok(play(s, "choose:craft"))
    assert s.characters["thief"].craft == 4 and not s.characters["thief"].followers
    assert "lost_soul" in s.discards["adventure"]
    s = position([{"id": "thief", "space": "woods_1", "followers": ["lost_soul"]}])
    s = ok(play(s, "roll:2", "move:hills_1"))
    assert "choose:keep" not in legal(s) and "lost_soul" in s.characters["thief"].followers


def test_keeper_of_the_vigil_swaps_a_drawn_card_once_then_leaves():
    """Keeper of the Vigil ("once, you may swap a card you drew for the next one, then the
    Keeper leaves"): the Bear drawn on the Hills is discarded and the next card drawn in its
    place; the Keeper goes; keeping changes nothing."""
    s = position([{"id": "thief", "space": "woods_1", "followers": ["keeper_of_the_vigil"]}],
                 deck_tops={"adventure": ["bear", "sword"]})
    s = play(s, "roll:2", "move:hills_1")
    assert legal(s) == {"swap:bear", "keep"}
    s = ok(play(s, "swap:bear"))
    assert "bear" in s.discards["adventure"] and "keeper_of_the_vigil" not in s.characters["thief"].followers
    assert "sword" in s.board_cards.get("hills_1", ()) or "sword" in s.characters["thief"].objects
    s = position([{"id": "thief", "space": "woods_1", "followers": ["keeper_of_the_vigil"]}],
                 deck_tops={"adventure": ["bear", "sword"]})
    s = ok(play(s, "roll:2", "move:hills_1", "keep"))
    assert "keeper_of_the_vigil" in s.characters["thief"].followers and "attacked" in names(s)


def test_tricks_and_treats_takes_an_object_and_gives_the_card_instead_of_an_attack():
    """Tricks and Treats ("landing on a character, take an Object of your choice from him and
    give him this card instead of an encounter"): the ``character_options`` /
    ``character_option_chosen`` hooks."""
    s = position([{"id": "thief", "space": "fields_2", "objects": ["tricks_and_treats"]},
                  {"id": "wizard", "space": "plains_1", "objects": ["helmet", "sword"]}])
    s = play(s, "roll:2", "move:plains_1", "encounter:char:wizard")
    assert "trick:tricks_and_treats" in legal(s) and "attack:battle" in legal(s)
    s = play(s, "trick:tricks_and_treats")
    assert legal(s) == {"take:helmet", "take:sword"}
    s = ok(play(s, "take:sword"))
    assert list(s.characters["thief"].objects) == ["sword"]
    assert set(s.characters["wizard"].objects) == {"helmet", "tricks_and_treats"}
    assert "combat_scores" not in names(s)
    s = position([{"id": "thief", "space": "fields_2", "objects": ["tricks_and_treats"]},
                  {"id": "wizard", "space": "plains_1"}])
    assert "trick:tricks_and_treats" not in legal(play(s, "roll:2", "move:plains_1", "encounter:char:wizard"))
