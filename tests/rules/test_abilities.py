"""SPECIAL ABILITIES (000; the Revised 4th Edition characters, talisman-facts-verified.md
section 2): each ability overrides the rule it changes."""
import talisman
from support import events, game, legal, names, play, run_effects
from talisman.rules import characters as chars


def test_the_warrior_rolls_two_dice_in_battle_and_uses_the_higher():
    s = game([{"id": "warrior", "space": "black_knight"}], [1, 2, 5, 1],
             board_cards={"hidden_valley": ["bear", "sword", "ring"]})
    s = play(s, "move:hidden_valley", "fight")
    (sc,) = events(s, "combat_scores")
    assert sc["character_roll"] == 5 and sc["character_score"] == 9


def test_the_assassins_victim_adds_no_die():
    """The Assassin's ``assassinate`` ("the defender adds no die roll to its attack score"): the
    Troll rolls no die at all (rulings R-FC12.3): the Assassin's 3 to move and 2 in battle are the
    only dice rolled."""
    s = game([{"id": "assassin", "space": "village"}, {"id": "troll", "space": "woods_1"}], [3, 2])
    s = play(s, "move:woods_1", "encounter:char:troll", "attack:battle:assassinate", "fight")
    (sc,) = events(s, "combat_scores")
    assert sc["opponent_roll"] == 0 and sc["opponent_score"] == 6
    assert sc["character_roll"] == 2


def test_the_assassin_may_attack_without_assassinating():
    """"he may 'assassinate'" is a choice (rulings R-FF12.4): both attacks are offered, and the
    plain one lets the Troll roll his die (3 to move, 2 for the Assassin, 4 for the Troll)."""
    s = game([{"id": "assassin", "space": "village"}, {"id": "troll", "space": "woods_1"}], [3, 2, 4])
    s = play(s, "move:woods_1", "encounter:char:troll")
    assert {"attack:battle", "attack:battle:assassinate"} <= legal(s)
    s = play(s, "attack:battle", "fight")
    (sc,) = events(s, "combat_scores")
    assert sc["opponent_roll"] == 4 and sc["opponent_score"] == 10
    assert not any(e.get("assassinate") for e in events(s, "character_attacked"))


def test_the_druid_changes_alignment_one_step_once_a_turn():
    s = game([{"id": "druid", "space": "village", "spells": []}], [])
    assert {"align:good", "align:evil"} <= legal(s)
    s = play(s, "align:good")
    assert s.characters["druid"].alignment == "good"
    assert not any(a.startswith("align:") for a in legal(s))   # CHANGING ALIGNMENT: once per turn


def test_the_druid_refills_spells_on_a_woods_space():
    s = game([{"id": "druid", "space": "fields_1", "spells": []}], [2],
             board_cards={"woods_1": ["bag_of_gold"]})
    s = play(s, "roll", "move:woods_1")
    if s.pending is not None and s.pending.kind == "claim":
        s = play(s, "done")
    assert len(s.characters["druid"].spells) == chars.spell_limit(s, "druid") == 2


def test_the_prophetess_sees_the_other_characters_spells():
    s = game([{"id": "prophetess", "space": "chapel", "spells": ["healing"]},
              {"id": "wizard", "space": "graveyard", "spells": ["teleport"]}])
    assert list(talisman.player_view(s, "prophetess").characters["wizard"].spells) == ["teleport"]
    assert list(talisman.player_view(s, "wizard").characters["prophetess"].spells) == ["hidden"]


def test_the_thief_may_steal_instead_of_attacking():
    s = game([{"id": "thief", "space": "village"}, {"id": "troll", "space": "woods_1",
                                                     "objects": ["sword"]}], [3])
    s = play(s, "move:woods_1", "encounter:char:troll")
    assert "ability:steal" in legal(s)
    s = play(s, "ability:steal", "take:sword")
    assert list(s.characters["thief"].objects) == ["sword"] and not s.characters["troll"].objects


def test_the_sorceress_beguiles_by_alignment():
    s = game([{"id": "sorceress", "space": "village", "spells": []},
              {"id": "troll", "space": "woods_1", "gold": 2}], [3, 5])
    s = play(s, "move:woods_1", "encounter:char:troll", "ability:beguile")
    assert events(s, "beguile")[0]["needed"] == 5        # the Troll is Neutral: 5-6
    s = play(s, "take:gold")
    assert s.characters["sorceress"].gold == 2 and s.characters["troll"].gold == 1


def test_the_sorceress_may_not_take_the_maiden_but_the_minstrel_may():
    s = game([{"id": "sorceress", "space": "village", "spells": []},
              {"id": "troll", "space": "woods_1", "followers": ["maiden"]}], [3])
    s = play(s, "move:woods_1", "encounter:char:troll")
    assert "ability:take_follower" not in legal(s)
    s = game([{"id": "minstrel", "space": "village"},
              {"id": "troll", "space": "woods_1", "followers": ["maiden"]}], [3])
    s = play(s, "move:woods_1", "encounter:char:troll", "ability:take_maiden", "take:maiden")
    assert list(s.characters["minstrel"].followers) == ["maiden"]


def test_the_troll_regenerates_on_a_movement_roll_of_6_instead_of_moving():
    s = game([{"id": "troll", "space": "village", "lives": 2}], [6])
    assert "regenerate" in legal(s)
    s = play(s, "regenerate")
    assert s.characters["troll"].lives == 3 and s.characters["troll"].space == "village"
    assert "encountered_space" not in names(s)


def test_the_dwarf_adds_1_when_opening_the_portal_by_craft():
    s = game([{"id": "dwarf", "space": "castle", "craft": 6}], [2, 3, 4])
    s = play(s, "move:plain_of_peril", "portal:craft")     # 7 <= 6 + 1
    assert s.characters["dwarf"].space == "plain_of_peril"


def test_the_elf_moves_from_woods_to_woods():
    s = game([{"id": "elf", "space": "woods_1"}], [])
    assert {"woods:woods_2", "woods:woods_3"} <= legal(s)
    s = play(s, "woods:woods_3")
    assert s.characters["elf"].space == "woods_3"


def test_the_monk_uses_no_sword_or_armour_but_may_keep_an_axe():
    s = game([{"id": "monk", "space": "black_knight"}], [1],
             board_cards={"hidden_valley": ["sword", "armour", "axe"]})
    s = play(s, "move:hidden_valley")
    assert "take:axe" in legal(s) and "take:sword" not in legal(s) and "take:armour" not in legal(s)


def test_prayers_add_1_for_the_priest():
    s = game([{"id": "priest", "space": "hills_1", "lives": 2, "spells": []}], [1, 5])
    s = play(s, "move:chapel", "choose:pray")
    (roll,) = events(s, "table_roll")
    assert roll["roll"] == 5 and roll["result"] == 6 and len(s.characters["priest"].spells) == 1


def test_spells_acquisition_and_mesmerism_take_from_the_target():
    # SPELLS: "A Spell may only be cast as stated on the Spell Card" (Acquisition, Mesmerism)
    s = game([{"id": "wizard", "space": "graveyard", "spells": ["acquisition", "mesmerism"]},
              {"id": "troll", "space": "city", "objects": ["sword"], "followers": ["maiden"]}])
    s = play(s, "cast:acquisition", "target:troll", "take:sword")
    assert "sword" in s.characters["wizard"].objects and "acquisition" in s.discards["spell"]
    s = play(s, "cast:mesmerism", "target:troll", "take:maiden")
    assert list(s.characters["wizard"].followers) == ["maiden"]


def test_spell_destruction_discards_a_face_up_card():
    s = game([{"id": "wizard", "space": "graveyard", "spells": ["destruction"]}],
             board_cards={"oasis": ["dragon"]})
    s = play(s, "cast:destruction")
    assert legal(s) == {"destroy:oasis:dragon"}
    s = play(s, "destroy:oasis:dragon")
    assert "dragon" in s.discards["adventure"] and not s.board_cards["oasis"]


def test_a_raft_card_crosses_the_river_and_is_discarded():
    # Rafts: "Any Character acquiring a Raft may cross the River at the start of their next turn"
    s = game([{"id": "thief", "space": "woods_1", "objects": ["raft"]}])
    assert "raft:hidden_valley" in legal(s)
    s = play(s, "raft:hidden_valley")
    assert s.characters["thief"].space == "hidden_valley" and "raft" in s.discards["adventure"]


def test_the_holy_lance_adds_3_against_dragons():
    s = game([{"id": "thief", "space": "black_knight", "objects": ["holy_lance"], "strength": 3}],
             [1, 1, 1], board_cards={"hidden_valley": ["dragon", "sword", "ring"]})
    s = play(s, "move:hidden_valley", "fight")
    (sc,) = events(s, "combat_scores")
    assert sc["character_score"] == 1 + 3 + 3


def test_the_cross_destroys_spirits_without_a_trophy():
    s = game([{"id": "elf", "space": "black_knight", "objects": ["cross"]}], [1],
             board_cards={"hidden_valley": ["wraith", "sword", "ring"]})
    s = play(s, "move:hidden_valley")
    assert "destroy" in legal(s)
    s = play(s, "destroy")
    assert not s.characters["elf"].trophies and "wraith" in s.discards["adventure"]
    assert "wraith" not in s.board_cards["hidden_valley"]


def test_the_gnome_picks_the_portals_lock_with_one_die():
    s = game([{"id": "thief", "space": "castle", "followers": ["gnome"]}], [2, 3])
    s = play(s, "move:plain_of_peril", "portal:craft")       # one die: 3 <= Craft 3
    assert s.characters["thief"].space == "plain_of_peril"


def test_a_guide_makes_the_crags_roll_optional():
    s = game([{"id": "thief", "space": "plains_1", "followers": ["guide"]}], [1])
    s = play(s, "move:crags")
    assert legal(s) == {"choose:roll", "choose:skip"}


def test_the_hag_must_be_taken():
    s = game([{"id": "thief", "space": "black_knight"}], [1],
             board_cards={"hidden_valley": ["hag", "sword", "ring"]})
    s = play(s, "move:hidden_valley")
    assert "hag" in s.characters["thief"].followers


def test_spell_hex_curses_an_empty_space_for_three_rounds():
    # SPELLS (Hex); ENCOUNTERS IN A SPACE (EXAMPLE): "On the Oasis is a Hex Spell Card ... This
    # will also cause her to lose a Life, but ... the Hex Spell will only count as one of them"
    s = game([{"id": "wizard", "space": "graveyard", "spells": ["hex"]}])
    s = play(s, "cast:hex")
    assert "hex:oasis" in legal(s)
    s = play(s, "hex:oasis")
    assert list(s.board_cards["oasis"]) == ["hex"]
    t = game([{"id": "sorceress", "space": "temple", "spells": []}], [2],
             board_cards={"oasis": ["hex"]}, deck_tops={"adventure": ["bag_of_gold"]})
    t = play(t, "move:oasis")
    assert t.characters["sorceress"].lives == 3
    assert [e["card"] for e in events(t, "card_drawn")] == ["bag_of_gold"]   # one drawn to make up 2
    assert "hex" in t.board_cards["oasis"]


def test_spell_temporal_warp_gives_more_turns_and_divination_is_a_secret_look():
    import talisman
    s = game([{"id": "wizard", "space": "graveyard", "spells": ["divination"]},
              {"id": "troll", "space": "city"}])
    s = play(s, "cast:divination")
    (peek,) = events(s, "peeked")
    assert len(peek["cards"]) == 5
    view = talisman.player_view(s, "troll")
    assert [e.data["cards"] for e in view.log if e.name == "peeked"] == [["hidden"] * 5]
    w = game([{"id": "wizard", "space": "graveyard", "spells": ["temporal_warp"]},
              {"id": "troll", "space": "city"}])
    w = play(w, "cast:temporal_warp")
    assert w.characters["wizard"].extra_turns == 2


def test_spell_random_loses_only_earned_strength():
    s = game([{"id": "wizard", "space": "graveyard", "strength": 4, "spells": []}])
    s = run_effects(s, [{"lose": {"strength": "earned"}}], "wizard")
    assert s.characters["wizard"].strength == 2 and s.characters["wizard"].lives == 4


def test_the_dwarf_adds_1_to_the_die_in_the_cave():
    s = game([{"id": "dwarf", "space": "black_knight"}], [1, 3],
             board_cards={"hidden_valley": ["cave", "sword", "ring"]})
    s = play(s, "move:hidden_valley")
    if s.pending.kind == "claim" and "visit:cave" not in legal(s):
        s = play(s, "done")  # the Sword and the Ring, numbered below the Cave, come first (R-AO10.1)
    if "visit:cave" in legal(s):
        s = play(s, "visit:cave")
    (roll,) = [e for e in events(s, "table_roll") if e["source"] == "cave"]
    assert roll["roll"] == 3 and roll["result"] == 4 and s.characters["dwarf"].gold == 3


def test_the_stand_in_encounter_giving_an_ability_joins_the_adventure_deck_only_with_the_stockpile():
    """GAINING SPECIAL ABILITIES: "Abilities are usually Gained as the result of Encounters": the
    stand-in Hidden Teachings (no such card is known) is set aside, and shuffled into the Adventure
    deck only with the option ``ability_stockpile``, so a game without it is unchanged."""
    import talisman
    from talisman.definitions import load
    card = load().cards["hidden_teachings"]
    assert card.stand_in and card.reason and card.home_deck == "adventure"
    plain = talisman.new_game(["warrior", "troll"], seed=3)
    assert "hidden_teachings" not in plain.decks["adventure"]
    with_it = talisman.new_game(["warrior", "troll"], seed=3, options={"ability_stockpile": True})
    assert list(with_it.decks["adventure"]).count("hidden_teachings") == 1
    assert len(with_it.decks["adventure"]) == len(plain.decks["adventure"]) + 1
