"""COMBAT, PSYCHIC COMBAT, STANDOFF, EVADING, FATE and life-saving objects (000; FATE: Revised
4th Edition upgrade rules, talisman-facts-verified.md section 3)."""
from fractions import Fraction

import talisman
from talisman.expansions.blood_moon import store as bm_store
from support import events, game, legal, names, play


def bear_at_hidden_valley(char="thief", dice=(), **fields):
    """The Bear and two objects fill the Hidden Valley's three cards: nothing is drawn.
    (The Thief with the Warrior's Strength 4 and none of his battle abilities.)"""
    fields.setdefault("strength", 4)
    c = {"id": char, "space": "black_knight", **fields}
    return game([c], dice, board_cards={"hidden_valley": ["bear", "sword", "ring"]})


def test_combat_vs_creatures_a_higher_score_kills_the_creature_and_keeps_it():
    # RESOLVING COMBAT VS CREATURES OR ENEMIES: die + Strength against die + Strength
    s = play(bear_at_hidden_valley(dice=[1, 4, 2]), "move:hidden_valley", "fight")
    (sc,) = events(s, "combat_scores")
    assert (sc["character_score"], sc["opponent_score"]) == (8, 5)
    assert list(s.characters["thief"].trophies) == ["bear"]
    assert "bear" not in s.board_cards["hidden_valley"]


def test_combat_vs_creatures_a_lower_score_costs_a_life_and_ends_the_turn():
    s = game([{"id": "thief", "space": "black_knight"}], [1, 1, 6],
             board_cards={"hidden_valley": ["bear", "bag_of_gold", "sword"]})
    s = play(s, "move:hidden_valley", "fight")
    assert s.characters["thief"].lives == 3
    # "The Character's turn now ends": the Bear stays and the gold is not claimed
    assert list(s.board_cards["hidden_valley"]) == ["bear", "bag_of_gold", "sword"]
    assert s.characters["thief"].gold == 1


def test_standoff_neither_side_is_harmed():
    # STANDOFF: "neither side is harmed and that player's turn ends"
    s = play(bear_at_hidden_valley(dice=[1, 2, 3]), "move:hidden_valley", "fight")
    assert "standoff" in names(s) and s.characters["thief"].lives == 4
    assert list(s.board_cards["hidden_valley"]) == ["bear", "sword", "ring"]


def test_more_than_one_enemy_fight_as_one_adding_their_strength():
    s = game([{"id": "troll", "space": "black_knight"}], [1, 1, 1],
             board_cards={"hidden_valley": ["bear", "wolf", "ogre"]})
    s = play(s, "move:hidden_valley", "fight")
    (att,) = events(s, "attacked")
    assert att["strength"] == 3 + 2 + 5 and len(att["enemies"]) == 3


def test_psychic_combat_against_spirits_uses_craft():
    # ENEMY - SPIRIT: "attack ... by Psychic Combat"; More than One Spirit add their Craft
    s = game([{"id": "wizard", "space": "black_knight", "spells": []}], [1, 3, 1],
             board_cards={"hidden_valley": ["wraith", "lemure"]})
    s = play(s, "roll", "move:hidden_valley", "fight") if "roll" in legal(s) else \
        play(s, "move:hidden_valley", "fight")
    (att,) = events(s, "attacked")
    assert att["kind"] == "psychic" and att["craft"] == 5 + 1
    (sc,) = events(s, "combat_scores")
    assert sc["character_score"] == 3 + 5 and sc["opponent_score"] == 1 + 6
    assert sorted(s.characters["wizard"].trophies) == ["lemure", "wraith"]


def test_exact_odds_of_a_strength_4_character_against_a_strength_3_animal():
    """chance_outcomes makes exact odds a question one can ask: P(d6 + 4 > d6 + 3) = 21/36."""
    s = bear_at_hidden_valley(dice=[1], strength=4)
    s = play(s, "move:hidden_valley")
    assert s.pending.kind == "combat"

    def p_win(state):
        if state.pending is None or state.pending.kind != "roll" and not state.pending.is_chance:
            won = any(e.name == "combat_won" for e in state.log)
            return Fraction(1 if won else 0)
        return sum(p * p_win(talisman.apply(state, a, stop_at_chance=True))
                   for a, p in talisman.chance_outcomes(state))

    s = talisman.apply(s, "fight", stop_at_chance=True)
    assert p_win(s) == Fraction(21, 36)


def test_evading_by_an_ability_the_dwarf_in_the_hills():
    # EVADING: "A Character may, by using a Special Ability ... Evade"
    s = game([{"id": "dwarf", "space": "chapel"}], [1], board_cards={"hills_1": ["bear"]})
    s = play(s, "move:hills_1")
    assert "evade" in legal(s)
    s = play(s, "evade")
    assert "evaded" in names(s) and s.characters["dwarf"].lives == 4
    assert list(s.board_cards["hills_1"]) == ["bear"]   # an evaded enemy stays


def test_no_evading_creatures_without_a_means():
    s = play(bear_at_hidden_valley(dice=[1]), "move:hidden_valley")
    # the Bear may be tamed, not evaded (a drop, offered beside another choice: rulings R-NC11.4)
    assert {a for a in legal(s) if not a.startswith("drop:")} == {"fight", "tame"}


def test_spells_are_cast_before_the_dice():
    # RESOLVING COMBAT: "Any Spells cast or Scrolls read must be performed before the die are rolled."
    s = game([{"id": "wizard", "space": "black_knight", "spells": ["psionic_blast"]}], [1, 1, 1],
             board_cards={"hidden_valley": ["bear"]})
    if "roll" in legal(s):
        s = play(s, "roll")
    s = play(s, "move:hidden_valley")
    assert "cast:psionic_blast" in legal(s)
    s = play(s, "cast:psionic_blast", "fight")
    (sc,) = events(s, "combat_scores")
    assert sc["character_score"] == 1 + 2 + 5   # roll + Strength + starting Craft


def test_armour_saves_a_life_on_4_to_6():
    # "the Character loses 1 Life (use of an Object ... may prevent this)"
    s = game([{"id": "thief", "space": "black_knight", "objects": ["armour"]}], [1, 1, 6, 5],
             board_cards={"hidden_valley": ["bear"]})
    s = play(s, "move:hidden_valley", "fight")
    assert s.characters["thief"].lives == 4 and "life_saved" in names(s)
    s = game([{"id": "thief", "space": "black_knight", "objects": ["armour"]}], [1, 1, 6, 3],
             board_cards={"hidden_valley": ["bear"]})
    s = play(s, "move:hidden_valley", "fight")
    assert s.characters["thief"].lives == 3 and "save_failed" in names(s)


def test_the_widest_life_saving_object_is_tried_first():
    s = game([{"id": "thief", "space": "black_knight", "objects": ["helmet", "shield", "armour"]}],
             [1, 1, 6, 4], board_cards={"hidden_valley": ["bear"]})
    s = play(s, "move:hidden_valley", "fight")
    (saved,) = events(s, "life_saved")
    assert saved["card"] == "armour"


def test_fate_a_token_rolls_the_die_again_once_and_the_new_result_stands():
    # FATE (Revised 4th Edition): pay 1 fate to roll one's own die again; the new result must be kept
    s = game([{"id": "thief", "space": "black_knight", "fate": 1, "strength": 4}], [1, 1, 5, 2],
             board_cards={"hidden_valley": ["bear"]})
    s = play(s, "move:hidden_valley", "fight")
    assert legal(s) == {"keep", "fate:reroll"}
    s = play(s, "fate:reroll")
    assert s.characters["thief"].fate == 0
    (sc,) = events(s, "combat_scores")
    assert sc["character_roll"] == 5 and sc["character_score"] == 9
    assert "fate:reroll" not in legal(s)


def test_a_creatures_roll_is_not_rerolled_by_fate():
    s = game([{"id": "thief", "space": "black_knight", "fate": 2}], [1, 1, 3, 2],
             board_cards={"hidden_valley": ["bear"]})
    s = play(s, "move:hidden_valley", "fight", "keep")
    assert s.pending is None or s.pending.kind != "fate"


def test_combat_between_characters_the_victor_takes_a_life_or_an_object_or_gold():
    # RESOLVING COMBAT BETWEEN CHARACTERS
    s = game([{"id": "thief", "space": "village"}, {"id": "troll", "space": "woods_1",
                                                       "objects": ["sword"]}], [3, 6, 1])
    s = play(s, "move:woods_1", "encounter:char:troll", "attack:battle", "fight")
    assert legal(s) == {"spoils:life", "spoils:take:sword", "spoils:gold"}
    s2 = play(s, "spoils:take:sword")
    assert list(s2.characters["thief"].objects) == ["sword"] and not s2.characters["troll"].objects
    s3 = play(s, "spoils:life")
    assert s3.characters["troll"].lives == 3


def test_psychic_combat_between_characters_may_take_a_follower():
    # RESOLVING PSYCHIC COMBAT BETWEEN CHARACTERS: "... or take one ... Follower"
    s = game([{"id": "wizard", "space": "village", "spells": []},
              {"id": "thief", "space": "woods_1", "followers": ["maiden"]}], [3, 6, 1])
    s = play(s, "move:woods_1", "encounter:char:thief", "attack:psychic", "fight")
    assert "spoils:take:maiden" in legal(s)


def test_taming_animals_2d6_plus_strength_less_than_craft():
    # TAMING ANIMALS: "Roll 2D6 and add the Animals' Strength, if the result is less than your Craft"
    s = game([{"id": "wizard", "space": "black_knight", "spells": [], "craft": 9}], [1, 2, 3],
             board_cards={"hidden_valley": ["wolf", "sword", "ring"]})
    if "roll" in legal(s):
        s = play(s, "roll")
    s = play(s, "move:hidden_valley")
    assert "tame" in legal(s)
    s = play(s, "tame")                  # 2 + 3 + wolf 2 = 7 < 9
    ch = s.characters["wizard"]
    assert list(ch.followers) == ["wolf"] and "wolf" not in s.board_cards["hidden_valley"]
    from talisman.rules import characters as chars
    assert chars.total(s, "wizard", "strength") == ch.strength + 1


def test_a_failed_taming_leads_to_combat_and_a_lost_combat_kills_a_tamed_animal():
    s = game([{"id": "thief", "space": "black_knight", "followers": ["bear"], "craft": 2}],
             [1, 6, 6, 1, 6], board_cards={"hidden_valley": ["wolf", "sword", "ring"]})
    s = play(s, "move:hidden_valley", "tame")
    assert "taming_failed" in names(s) and "tame" not in legal(s)
    s = play(s, "fight")                 # 1 + 4 + 1 (tamed Bear) = 6 against 6 + 2 = 8
    assert not s.characters["thief"].followers and "bear" in s.discards["adventure"]


def test_evading_the_immobility_exception_freezes_one_creature_and_the_rest_fight():
    # EVADING: "With the exception of the Immobility Spell and Scroll, all creatures on the
    # Evading Character's Space may be Evaded": Immobility evades one of a group only.
    s = game([{"id": "thief", "space": "black_knight", "strength": 4, "spells": ["immobility"]}],
             [1, 6, 1], board_cards={"hidden_valley": ["bear", "wolf", "ogre"]})
    s = play(s, "move:hidden_valley", "cast:immobility")
    assert legal(s) == {"target:bear", "target:wolf", "target:ogre"}
    s = play(s, "target:ogre")
    assert events(s, "immobilized") == [{"character": "thief", "enemy": "ogre", "how": "immobility"}]
    assert "cast:immobility" not in legal(s) and "fight" in legal(s)
    s = play(s, "fight")
    (sc,) = events(s, "combat_scores")
    assert sc["opponent_score"] == 1 + 3 + 2  # the Bear and the Wolf only
    assert sorted(s.characters["thief"].trophies) == ["bear", "wolf"]
    assert list(s.board_cards["hidden_valley"]) == ["ogre"]  # the frozen Ogre stays face up


def test_evading_immobility_against_a_lone_creature_evades_it():
    # EVADING (Immobility): alone, the creature is evaded and stays on the space
    s = game([{"id": "thief", "space": "black_knight", "spells": ["immobility"]}], [1],
             board_cards={"hidden_valley": ["bear", "sword", "ring"]})
    s = play(s, "move:hidden_valley", "cast:immobility")
    assert "evaded" in names(s) and "combat_scores" not in names(s)
    assert "bear" in s.board_cards["hidden_valley"]


def test_potion_of_strength_adds_two_strength_for_the_turn_and_is_gone():
    # TYPES OF ADVENTURE CARDS (Magic Object): the Potion of Strength, "a one-use +2 Str for
    # the turn" (talisman-facts.md); drunk before the dice (CASTING SPELLS' moment in combat)
    s = bear_at_hidden_valley(dice=[1, 3, 6], objects=["potion_of_strength"])
    s = play(s, "move:hidden_valley")
    assert "drink:potion_of_strength" in legal(s)
    s = play(s, "drink:potion_of_strength")
    assert "potion_of_strength" not in s.characters["thief"].objects
    assert "potion_of_strength" in s.discards["adventure"]
    assert "drink:potion_of_strength" not in legal(s)
    s = play(s, "fight")
    (sc,) = events(s, "combat_scores")
    assert (sc["character_score"], sc["opponent_score"]) == (3 + 4 + 2, 6 + 3)  # a standoff
    assert s.characters["thief"].turn_flags.get("strength_for_turn") is None  # the turn ended


def test_between_characters_the_defender_may_evade_by_a_spell_before_the_dice():
    # RESOLVING COMBAT BETWEEN CHARACTERS: "The Character being attacked has the option to
    # Evade"; "Both Characters have the opportunity to cast Spells ... before the dice"
    s = game([{"id": "thief", "space": "black_knight"},
              {"id": "wizard", "space": "hidden_valley", "spells": ["invisibility"]}],
             [1], board_cards={"hidden_valley": ["sword", "ring", "wand"]})
    s = play(s, "move:hidden_valley", "encounter:char:wizard", "attack:battle")
    # (a drop too, beside his other choice: rulings R-NC11.4)
    assert s.pending.player == "wizard" and {a for a in legal(s) if not a.startswith("drop:")} == {"fight", "cast:invisibility"}
    s = play(s, "cast:invisibility")
    assert events(s, "evaded") == [{"character": "wizard", "how": "invisibility"}]
    assert "combat_scores" not in names(s) and "evaded_character" in names(s)
    assert s.characters["wizard"].lives == 4


def test_between_characters_a_defender_with_nothing_to_do_is_not_asked():
    s = game([{"id": "thief", "space": "black_knight"}, {"id": "warrior", "space": "hidden_valley"}],
             [1], board_cards={"hidden_valley": ["sword", "ring", "wand"]})
    s = play(s, "move:hidden_valley", "encounter:char:warrior", "attack:battle")
    assert s.pending.player == "thief" and "fight" in legal(s)


def test_between_characters_the_defender_evades_by_ability_in_the_woods():
    # EVADING: "B. Any Character attempting to attack" may be evaded (the Elf in the Woods)
    s = game([{"id": "thief", "space": "runes_1"}, {"id": "elf", "space": "woods_4"}], [1])
    s = play(s, "move:woods_4", "encounter:char:elf", "attack:battle")
    # (a drop too, beside his other choice: rulings R-NC11.4)
    assert s.pending.player == "elf" and {a for a in legal(s) if not a.startswith("drop:")} == {"fight", "evade"}
    s = play(s, "evade")
    assert events(s, "evaded") == [{"character": "elf", "how": "ability"}]


def test_fate_the_warrior_re_rolls_one_of_his_battle_dice():
    """FATE (talisman-facts-verified.md 3): "reroll one die he has just rolled ... If several dice
    are rolled at once ..., only one of them may be rerolled" (rulings R-RF14.1); SPECIAL
    ABILITIES: the Warrior rolls two dice in battle and uses the higher.  He rolls 1 and 2, is
    offered each die, re-rolls the second: one die is rolled (a 5), the 1 is kept: 5.  The next
    die, a 3, is the Bear's."""
    s = game([{"id": "warrior", "space": "black_knight", "fate": 1}], [1, 1, 2, 5, 3],
             board_cards={"hidden_valley": ["bear", "sword", "ring"]})
    s = play(s, "move:hidden_valley", "fight")
    assert legal(s) == {"keep", "fate:reroll:1", "fate:reroll:2"}
    s = play(s, "fate:reroll:2")
    (sc,) = events(s, "combat_scores")
    assert sc["character_roll"] == 5 and sc["opponent_roll"] == 3
    # the kept die counts: re-rolling the 2 into a 1 leaves the 1 and the 1: 1
    t = game([{"id": "warrior", "space": "black_knight", "fate": 1}], [1, 1, 2, 1, 3],
             board_cards={"hidden_valley": ["bear", "sword", "ring"]})
    t = play(t, "move:hidden_valley", "fight", "fate:reroll:2")
    assert events(t, "combat_scores")[0]["character_roll"] == 1


def test_fate_the_warrior_re_rolls_both_his_battle_dice_under_whole_roll():
    """The option ``fate_reroll: whole_roll`` (rulings R-RF14.1, reading B; R-PROBE14A.3 before):
    the Warrior's Fate re-roll rolls both his dice again, the higher counting."""
    s = game([{"id": "warrior", "space": "black_knight", "fate": 1}], [1, 1, 2, 5, 3, 4],
             board_cards={"hidden_valley": ["bear", "sword", "ring"]}, options={"fate_reroll": "whole_roll"})
    s = play(s, "move:hidden_valley", "fight")
    assert legal(s) == {"keep", "fate:reroll"}
    s = play(s, "fate:reroll")
    (sc,) = events(s, "combat_scores")
    assert sc["character_roll"] == 5 and sc["opponent_roll"] == 4   # the higher of (3, 5) re-rolled


def test_fate_a_defending_warrior_re_rolls_one_of_his_dice():
    """RESOLVING COMBAT BETWEEN CHARACTERS: the defender rolls "as above" (his two dice) and may
    pay a Fate as the attacker: one of his dice again (rulings R-RF14.1), the other kept."""
    s = game([{"id": "elf", "space": "plains_1", "strength": 5, "spells": []},
              {"id": "warrior", "space": "woods_2", "strength": 4, "fate": 1, "spells": []}], [1, 3, 6, 1, 2])
    s = play(s, "move:woods_2", "encounter:char:warrior", "attack:battle")
    while s.pending.player != "elf" or s.pending.kind != "combat":
        s = play(s, "fight")
    s = play(s, "fight")
    assert s.pending.player == "warrior" and legal(s) == {"keep", "fate:reroll:1", "fate:reroll:2"}
    s = play(s, "fate:reroll:2")       # the 6 kept, the 1 (his second die) re-rolled into a 2: 6
    (sc,) = events(s, "combat_scores")
    assert sc["opponent_roll"] == 6 and sc["character_roll"] == 3


def test_preservation_saves_a_life_lost_in_combat_by_the_loser_or_another():
    # COMBAT: "loss costs a life unless something prevents it" (a Spell among them: Preservation,
    # "whenever needed, save a character's life", cast by the loser or by another character)
    s = game([{"id": "thief", "space": "black_knight"}, {"id": "wizard", "space": "village",
                                                          "spells": ["preservation", "healing"]}],
             [1, 1, 6], board_cards={"hidden_valley": ["bear", "sword", "ring"]})
    s = play(s, "move:hidden_valley", "fight")
    assert s.pending.player == "wizard" and legal(s) == {"pass", "cast:preservation"}
    s = play(s, "cast:preservation")
    assert s.characters["thief"].lives == 4
    assert events(s, "life_preserved")[0]["caster"] == "wizard"
    t = game([{"id": "thief", "space": "black_knight", "spells": ["preservation"]}], [1, 1, 6],
             board_cards={"hidden_valley": ["bear", "sword", "ring"]})
    t = play(t, "move:hidden_valley", "fight", "pass")
    assert t.characters["thief"].lives == 3 and list(t.characters["thief"].spells) == ["preservation"]


# --- RESOLVING COMBAT BETWEEN CHARACTERS: the defender's dice (issue 17, break 2) ---------------

def test_between_characters_the_defending_warrior_rolls_two_dice_and_uses_the_higher():
    # "Both Characters determine their Combat Score as above in Resolving Combat"; SPECIAL
    # ABILITIES: the Warrior "Rolls two dice in battle and uses the higher", attacked or not
    s = game([{"id": "thief", "space": "graveyard"}, {"id": "warrior", "space": "woods_1"}], [1, 2])
    s = play(s, "move:woods_1", "encounter:char:warrior", "attack:battle", "fight")
    assert s.pending.spec == "2d6"
    s = play(s, "roll:5+3")
    (sc,) = events(s, "combat_scores")
    assert (sc["character_roll"], sc["opponent_roll"]) == (2, 5)
    assert sc["opponent_score"] == 5 + 4 and sc["character_score"] == 2 + 3


def test_between_characters_a_cards_extra_die_is_the_defenders_too():
    # an expansion's extra die for the defender (the Blood Moon's Champion of Light: by Day a die
    # more, added to the holder's score), as for the attacker: rolled once the scores are
    # compared, before the result is applied
    s = game([{"id": "thief", "space": "graveyard"},
              {"id": "druid", "space": "woods_1", "spells": [], "followers": ["champion_of_light"]}],
             [1, 2], expansions=["blood_moon"])
    s = bm_store.store(s, time="day")
    s = play(s, "move:woods_1", "encounter:char:druid", "attack:battle", "fight", "roll:3")
    assert s.pending.spec == "d6" and "champion_of_light" in s.pending.prompt
    s = play(s, "roll:6")
    sc = events(s, "combat_scores")[-1]
    assert sc["opponent_roll"] == 3 and sc["added_for"] == "druid" and sc["added_die"] == 6


def test_between_characters_the_defenders_fate_re_roll_uses_his_own_dice():
    # FATE for the defender: the Warrior re-rolls one of his two dice (rulings R-RF14.1); once
    # only; no re-roll for the defender against the Assassin's attack (he adds no die)
    s = game([{"id": "thief", "space": "graveyard"}, {"id": "warrior", "space": "woods_1", "fate": 2}],
             [1, 2, 1, 1])
    s = play(s, "move:woods_1", "encounter:char:warrior", "attack:battle", "fight")
    assert legal(s) == {"keep", "fate:reroll:1", "fate:reroll:2"}
    s = play(s, "fate:reroll:1")
    assert s.pending.spec == "d6" and s.characters["warrior"].fate == 1
    s = play(s, "roll:6")
    sc = events(s, "combat_scores")[-1]
    assert sc["opponent_roll"] == 6 and not any(a.startswith("fate:reroll") for a in legal(s))
    kept = play(game([{"id": "thief", "space": "graveyard"},
                      {"id": "warrior", "space": "woods_1", "fate": 2}], [1, 2, 1, 1]),
                "move:woods_1", "encounter:char:warrior", "attack:battle", "fight", "keep")
    assert events(kept, "combat_scores")[-1]["opponent_roll"] == 1
    assert kept.characters["warrior"].fate == 2


# --- RESOLVING COMBAT BETWEEN CHARACTERS: the life taken may be saved (issue 17, break 3) -------

def test_between_characters_the_life_taken_is_saved_by_the_losers_armour():
    # "force the loser to lose 1 Life (use of an Object, Item, Spell, or Scroll may prevent this)"
    base = game([{"id": "thief", "space": "graveyard", "objects": ["runesword"]},
                 {"id": "druid", "space": "woods_1", "objects": ["armour"], "spells": []}], [1, 5, 1])
    s = play(base, "move:woods_1", "encounter:char:druid", "attack:battle", "fight", "spoils:life")
    assert s.pending.spec == "d6"
    saved = play(s, "roll:4")
    assert saved.characters["druid"].lives == 4 and saved.characters["thief"].lives == 4
    assert saved.battle is None
    lost = play(s, "roll:3")
    # the life lost: the Runesword's wound gives its life
    assert lost.characters["druid"].lives == 3 and lost.characters["thief"].lives == 5
    assert lost.battle is None


def test_between_characters_a_loser_with_one_life_may_be_killed_and_the_victor_goes_on():
    s = game([{"id": "thief", "space": "graveyard"},
              {"id": "druid", "space": "woods_1", "lives": 1, "spells": []}], [1, 5, 1])
    s = play(s, "move:woods_1", "encounter:char:druid", "attack:battle", "fight", "spoils:life")
    assert not s.characters["druid"].alive and s.battle is None and s.outcome is not None
    s = game([{"id": "thief", "space": "graveyard"}, {"id": "troll", "space": "village"},
              {"id": "druid", "space": "woods_1", "lives": 1, "spells": []}], [1, 5, 1])
    s = play(s, "move:woods_1", "encounter:char:druid", "attack:battle", "fight", "spoils:life")
    assert not s.characters["druid"].alive and s.battle is None and s.outcome is None
    assert s.current == "troll" and "character_died" in names(s)  # the thief's turn ended as usual


def test_between_characters_another_characters_preservation_is_offered_too():
    # Preservation "whenever needed, save a character's life": the loser's, or another's in turn order
    s = game([{"id": "thief", "space": "graveyard"}, {"id": "druid", "space": "woods_1", "spells": []},
              {"id": "wizard", "space": "village", "spells": ["preservation"]}], [1, 5, 1])
    s = play(s, "move:woods_1", "encounter:char:druid", "attack:battle", "fight", "spoils:life")
    assert s.pending.player == "wizard" and legal(s) == {"pass", "cast:preservation"}
    s = play(s, "cast:preservation")
    assert s.characters["druid"].lives == 4 and "preservation" not in s.characters["wizard"].spells
    assert events(s, "life_preserved")[-1]["caster"] == "wizard"


# --- TAMING ANIMALS (issue 17, break 4) ----------------------------------------------------------

def test_taming_among_several_enemies_only_animals_are_offered():
    s = game([{"id": "wizard", "space": "graveyard", "spells": []}], [1],
             board_cards={"woods_1": ["wolf", "ogre", "bear"]})
    s = play(s, "move:woods_1")
    assert {a for a in legal(s) if not a.startswith("drop:")} == {"fight", "tame:wolf", "tame:bear"}


def test_taming_a_lone_animal_that_fails_leaves_only_the_fight():
    s = game([{"id": "wizard", "space": "graveyard", "spells": []}], [1, 6, 6],
             board_cards={"woods_1": ["wolf"]})
    s = play(s, "move:woods_1", "tame")
    assert legal(s) == {"fight"}
    assert events(s, "taming_failed") == [{"character": "wizard", "card": "wolf", "roll": 14}]


def test_a_tamed_animal_is_not_killed_when_its_owner_wins_against_a_character():
    s = game([{"id": "thief", "space": "graveyard"},
              {"id": "wizard", "space": "woods_1", "spells": [], "followers": ["wild_boar"]}], [1, 1, 6])
    s = play(s, "move:woods_1", "encounter:char:wizard", "attack:battle", "fight")
    assert list(s.characters["wizard"].followers) == ["wild_boar"]
    assert events(s, "character_defeated")[-1]["victor"] == "wizard"


def test_a_state_after_a_taming_attempt_round_trips_as_json():
    s = game([{"id": "wizard", "space": "graveyard", "spells": []}], [1, 6, 6],
             board_cards={"woods_1": ["wolf", "bear"]})
    s = play(s, "move:woods_1", "tame:wolf")
    assert talisman.from_json(talisman.to_json(s)) == s


# --- the combat in progress as a typed record ------------------------------------------------

def test_the_battle_in_progress_is_a_typed_record_that_round_trips_as_json():
    """RESOLVING COMBAT VS CREATURES, mid-combat: ``state.battle`` is a ``Battle`` record
    (typed fields), and a state waiting on the combat's decision round-trips through JSON."""
    import json

    import pytest

    from talisman.errors import StateError
    from talisman.state import Battle
    s = play(bear_at_hidden_valley(dice=[1]), "move:hidden_valley")
    b = s.battle
    assert isinstance(b, Battle) and (b.who, b.kind, b.opponent, b.result) == ("thief", "battle", None, None)
    assert [e["card"] for e in b.enemies] == ["bear"]
    assert talisman.from_json(talisman.to_json(s)) == s
    doc = json.loads(talisman.to_json(s))
    doc["state"]["battle"]["kind"] = "wrestling"
    with pytest.raises(StateError):
        talisman.from_json(json.dumps(doc))


def test_the_battles_mapping_face_keeps_older_readers_working():
    """Expansions written against the plain-data battle read ``b["who"]`` and write
    ``b.set(key, value)``; a key that is no field (an expansion's own) lives in ``ext``."""
    from talisman.state import Battle
    b = Battle("thief", "battle", [{"name": "bear", "card": "bear", "value": 3}])
    assert b["who"] == "thief" and b.get("result") is None and b.get("result", "x") == "x"
    won = b.set("result", "won")
    assert won.result == "won" and b.result is None  # a copy; the record is immutable
    mine = b.set("bm_tried", ["black_cat"])
    assert mine["bm_tried"] == ["black_cat"] and mine.ext["bm_tried"] == ["black_cat"]
    assert "bm_tried" in mine and "bm_tried" not in b and "who" in b
    assert b.get("bm_tried", ()) == ()


def test_fate_a_reroll_costs_exactly_one_token_and_is_not_offered_twice():
    # FATE (Revised 4th, talisman-facts-verified.md section 3): "pay 1 fate ... to reroll one die
    # he has just rolled"; "the new result must be kept; the same die may not be rerolled again
    # with more fate" - with tokens to spare (mutation testing, docs/reliability.md)
    s = game([{"id": "thief", "space": "black_knight", "fate": 3, "strength": 4}], [1, 1, 5, 2],
             board_cards={"hidden_valley": ["bear"]})
    s = play(s, "move:hidden_valley", "fight", "fate:reroll")
    assert s.characters["thief"].fate == 2
    (sc,) = events(s, "combat_scores")
    assert sc["character_roll"] == 5
    assert [e.name for e in s.log].count("fate_spent") == 1


def test_fate_spent_names_the_die_re_rolled():
    """FATE (Revised 4th, talisman-facts-verified.md section 3): "reroll one die he has just
    rolled ... If several dice are rolled at once ..., only one of them may be rerolled"
    (rulings R-RF14.1, R-RG14, R-FATE18.1): the ``fate_spent`` event keeps the number rolled again
    and names the die re-rolled: 1 for a roll of one die, the place chosen of the Warrior's two battle dice, ``all``
    under ``fate_reroll: whole_roll``."""
    s = game([{"id": "thief", "space": "black_knight", "fate": 1, "strength": 4}], [1, 1, 5, 2],
             board_cards={"hidden_valley": ["bear"]})
    s = play(s, "move:hidden_valley", "fight", "fate:reroll")
    assert events(s, "fate_spent") == [{"character": "thief", "roll": 1, "die": 1}]
    # of the Warrior's 5 and 2, the die rolled again is the 2 (rulings R-FATE18.1: the number the
    # fate rolls again); the whole roll again keeps the battle roll replaced, the 5
    for options, action, roll, die in (({}, "fate:reroll:2", 2, 2),
                                       ({"fate_reroll": "whole_roll"}, "fate:reroll", 5, "all")):
        s = game([{"id": "warrior", "space": "graveyard", "fate": 1}, {"id": "elf", "space": "forest"}],
                 [1, 5, 2, 6, 1, 4], options={"fate": "card", **options}, deck_tops={"adventure": ["bear"]})
        s = play(s, "move:woods_1", "fight", action)
        assert events(s, "fate_spent") == [{"character": "warrior", "roll": roll, "die": die}]
