"""CARRIED POSSESSIONS ("Characters may drop any Possession at any time") and NUMBER OF SPELLS
("If at any time a Character has more Spells than his Craft allows, the surplus Spells must be
discarded"): where drops are offered and where a fall of Craft asks for the discard
(docs/rulings.md R-PS10)."""
from support import events, game, legal, names, play
from talisman.rules import characters as chars


def test_carried_possessions_drop_offered_beside_the_other_choices_before_the_move():
    # 000 CARRIED POSSESSIONS: Objects, Followers, Scrolls and a Bag of Gold, not Spells (000
    # SPELLS: "Spells may not be discarded until cast"); R-PS10.1
    s = game([{"id": "thief", "space": "village", "gold": 2, "objects": ["sword"],
               "followers": ["maiden"], "scrolls": ["scroll_of_courage"], "spells": ["healing"]},
              {"id": "monk", "space": "city", "lives": 3}])  # (Healing has a target, R-FG12.3)
    offered = legal(s)
    assert {"drop:sword", "drop:maiden", "drop:scroll_of_courage", "drop:gold"} <= offered
    assert "drop:healing" not in offered
    s = play(s, "drop:gold")
    assert s.characters["thief"].gold == 1 and s.board_gold["village"] == 1
    assert events(s, "gold_dropped")[-1]["amount"] == 1
    s = play(s, "drop:scroll_of_courage")
    assert list(s.characters["thief"].scrolls) == [] and list(s.board_cards["village"]) == ["scroll_of_courage"]
    assert s.pending.kind == "turn"  # the move's start again: he may drop more, or roll


def test_carried_possessions_no_question_of_its_own_when_nothing_else_is_decided():
    # R-PS10.1: with no other choice before the move (no Spell, Scroll, trophy, exchange...) and
    # within the carrying limit, the move is rolled as before: no "roll or drop" every turn
    s = game([{"id": "troll", "space": "village", "gold": 3, "objects": ["sword", "helmet"]},
              {"id": "monk", "space": "city"}], [1])
    assert s.pending.kind != "turn"
    assert not any(a.startswith("drop:") for a in legal(s))


def test_carried_possessions_no_gold_dropped_in_the_claim():
    # R-PS10.1: a claim offers Scrolls with the Objects and Followers, not Gold (take:gold would
    # pick the Bag up again from the same pile)
    s = game([{"id": "thief", "space": "village", "gold": 2, "objects": ["sword"],
               "scrolls": ["scroll_of_courage"]}, {"id": "monk", "space": "city"}], [1],
             board_cards={"fields_1": ["axe"]})
    s = play(s, "move:fields_1")
    assert {"take:axe", "drop:sword", "drop:scroll_of_courage"} <= legal(s)
    assert "drop:gold" not in legal(s)


def test_number_of_spells_grail_dropped_on_turning_evil_then_the_event_goes():
    # 000 CHANGING ALIGNMENT + NUMBER OF SPELLS: the discard is asked inside the Event; once made,
    # Mephistopheles is discarded and the Grail lies alone on the Fields (R-PS10.3)
    s = game([{"id": "priest", "space": "village", "craft": 5, "objects": ["holy_grail"],
               "spells": ["healing", "hex", "divination"]}, {"id": "thief", "space": "city"}],
             [1], deck_tops={"adventure": ["mephistopheles"]})
    s = play(s, "roll", "move:fields_1")
    assert s.pending.kind == "discard_spell" and chars.spell_limit(s, "priest") == 2
    s = play(s, "discard:hex")
    assert list(s.characters["priest"].spells) == ["healing", "divination"]
    assert list(s.board_cards["fields_1"]) == ["holy_grail"]
    assert "mephistopheles" in s.discards["adventure"]


def test_number_of_spells_crown_put_on_the_mule_then_the_move_goes_on():
    # 000 EXCHANGING CARRIED POSSESSIONS + NUMBER OF SPELLS: the discard first, then the move's
    # start again with two Spells (R-PS10.3)
    s = game([{"id": "priest", "space": "village", "craft": 5,
               "objects": ["solomons_crown", "water_bottle", "helmet", "armour", "shield"],
               "followers": ["mule"], "spells": ["healing", "hex", "divination"]},
              {"id": "thief", "space": "city", "lives": 3}])  # (Healing has a target, R-FG12.3)
    s = play(s, "exchange:shield:solomons_crown", "discard:divination")
    assert list(s.characters["priest"].spells) == ["healing", "hex"]
    assert s.pending.kind == "turn" and "cast:healing" in legal(s)


def test_number_of_spells_the_wizard_keeps_one_spell_at_craft_two():
    # the Wizard "always keeps at least one Spell", a Special Ability that "overrides the rules"
    # (000 SPECIAL ABILITIES): Craft 2 allows none, the surplus is discarded down to one (R-PS10.4)
    s = game([{"id": "wizard", "space": "village", "craft": 2, "objects": ["solomons_crown"],
               "spells": ["healing", "hex"]}, {"id": "thief", "space": "city", "lives": 3}])
    s = play(s, "drop:solomons_crown")
    assert chars.spell_limit(s, "wizard") == 0 and s.pending.kind == "discard_spell"
    s = play(s, "discard:hex")
    assert list(s.characters["wizard"].spells) == ["healing"]
    assert s.pending.kind == "turn" and "spell_discarded" in names(s)


def test_number_of_spells_another_character_at_craft_two_keeps_none():
    s = game([{"id": "priest", "space": "village", "craft": 2, "objects": ["solomons_crown"],
               "spells": ["healing", "hex"]}, {"id": "thief", "space": "city"}])
    s = play(s, "drop:solomons_crown", "discard:hex", "discard:healing")
    assert list(s.characters["priest"].spells) == []


def test_number_of_spells_destroy_magic_lowers_the_craft_of_a_magic_object():
    # Destroy Magic: no one uses Magic Objects; the Crown's Craft no longer counts, so the
    # Priest's surplus is discarded at once, as on the Cursed Glade (R-PS10.5)
    s = game([{"id": "wizard", "space": "village", "spells": ["destroy_magic"]},
              {"id": "priest", "space": "city", "craft": 5, "objects": ["solomons_crown"],
               "spells": ["healing", "hex", "divination"]}])
    s = play(s, "cast:destroy_magic")
    assert s.pending.kind == "discard_spell" and s.pending.player == "priest"
    s = play(s, "discard:hex")
    assert list(s.characters["priest"].spells) == ["healing", "divination"]


def test_possessions_an_object_the_buyer_may_not_use_is_not_for_sale():
    # 000 POSSESSIONS: "No Character may possess an Object they are not permitted to use" -- the
    # Monk uses no weapon but the Axe and no armour: the Blacksmith offers him the Axe only (R-PS10.6)
    s = game([{"id": "monk", "space": "fields_1", "gold": 9}, {"id": "thief", "space": "city"}], [1])
    s = play(s, "move:village", "choose:blacksmith")
    offered = legal(s)
    assert "buy:purchase_axe" in offered
    assert not {"buy:purchase_sword", "buy:purchase_helmet", "buy:purchase_armour"} & offered
    s = game([{"id": "thief", "space": "fields_1", "gold": 9}, {"id": "monk", "space": "city"}], [1])
    s = play(s, "move:village", "choose:blacksmith")
    assert {"buy:purchase_sword", "buy:purchase_armour"} <= legal(s)


def test_losing_all_lives_at_the_sentinel_leaves_the_possessions_on_the_sentinel_space():
    # 000 SENTINEL SPACE: "Characters defeated by the Sentinel lose 1 Life and must end their Move
    # on the Sentinel Space"; 000 LOSING ALL LIVES: placed "on the Space where the Character died"
    # (R-PS10.9)
    s = game([{"id": "thief", "space": "sentinel", "lives": 1, "gold": 2, "objects": ["sword"]},
              {"id": "monk", "space": "city"}], [1, 1, 6])
    s = play(s, "move:hills_3")
    while s.characters["thief"].alive and s.pending.player == "thief":
        s = play(s, "fight" if "fight" in legal(s) else sorted(legal(s))[0])
    assert not s.characters["thief"].alive
    assert events(s, "character_died")[-1]["cause"] == "defeated by sentinel"
    assert list(s.board_cards["sentinel"]) == ["sword"] and s.board_gold["sentinel"] == 2
