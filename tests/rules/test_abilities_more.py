"""SPECIAL ABILITIES (000), more of them: the Ghoul's raised dead, the Minstrel's charmed
Animal, the Prophetess's extra draw, the Priest's power over Spirits; SPELLS cast "whenever
needed" (Preservation outside combat); DROPPED OBJECTS OR ITEMS."""
import attrs
from support import events, game, legal, play, run_effects
from talisman.rules import characters as chars


def _ghoul_raises_the_bear():
    # the Ghoul (L: a D8) rolls 8 against the Bear's 1: 2+8 = 10 against 3+1 = 4
    s = game([{"id": "ghoul", "space": "black_knight"}], [1, 8, 1],
             board_cards={"hidden_valley": ["bear", "sword", "ring"]})
    s = play(s, "move:hidden_valley", "fight")
    assert {"keep", "raise:bear"} <= legal(s)
    return play(s, "raise:bear")


def test_the_ghoul_raises_a_killed_enemy_instead_of_keeping_its_trophy():
    """SPECIAL ABILITIES, the Ghoul (raise_dead): the killed Enemy becomes a Follower adding
    its Strength in battle; no trophy is kept."""
    s = _ghoul_raises_the_bear()
    ghoul = s.characters["ghoul"]
    assert list(ghoul.followers) == ["bear"] and not ghoul.trophies
    assert events(s, "dead_raised") == [{"character": "ghoul", "card": "bear"}]
    assert chars.total(s, "ghoul", "strength", "battle") == 2 + 3
    assert chars.total(s, "ghoul", "strength") == 2          # only in battle
    assert chars.total(s, "ghoul", "craft", "psychic") == 4


def test_the_ghouls_raised_dead_serve_for_one_battle_then_are_discarded():
    """SPECIAL ABILITIES, the Ghoul: the raised Enemy adds its Strength in the next battle and
    is discarded after it."""
    s = _ghoul_raises_the_bear()
    s = run_effects(s, [{"fight": {"name": "brigand", "strength": 4}}], "ghoul", dice=[1, 1])
    s = play(s, "fight")
    (_, sc) = events(s, "combat_scores")
    assert sc["character_score"] == 1 + 2 + 3               # the Bear's Strength counted
    assert not s.characters["ghoul"].followers and "bear" in s.discards["adventure"]
    assert not [k for k in s.card_stock if k.startswith("follower:")]


def test_the_ghoul_may_keep_the_trophy_instead():
    """SPECIAL ABILITIES, the Ghoul: raising is optional; "keep" keeps the carcass."""
    s = game([{"id": "ghoul", "space": "black_knight"}], [1, 8, 1],
             board_cards={"hidden_valley": ["bear", "sword", "ring"]})
    s = play(s, "move:hidden_valley", "fight", "keep")
    assert list(s.characters["ghoul"].trophies) == ["bear"] and not s.characters["ghoul"].followers


def test_the_minstrel_charms_an_animal_once_per_game():
    """SPECIAL ABILITIES, the Minstrel (charm_animal): instead of fighting an Animal he may
    charm it with one die greater than its Strength; it follows him adding its Strength in
    battle; only once per game."""
    s = game([{"id": "minstrel", "space": "black_knight"}], [1, 4],
             board_cards={"hidden_valley": ["bear", "sword", "ring"]})
    s = play(s, "move:hidden_valley")
    assert legal(s) == {"leave", "attack", "charm:bear"}
    s = play(s, "charm:bear")
    assert list(s.characters["minstrel"].followers) == ["bear"]
    assert "bear" not in s.board_cards["hidden_valley"]
    assert events(s, "animal_charmed")[0]["card"] == "bear"
    assert chars.total(s, "minstrel", "strength", "battle") == 2 + 3
    # once per game: the next Animal may only be left or attacked
    t = game([{"id": "minstrel", "space": "black_knight"}], [1],
             board_cards={"hidden_valley": ["wolf", "sword", "ring"]})
    t = attrs.evolve(t, card_stock=s.card_stock)
    t = play(t, "move:hidden_valley")
    assert legal(t) == {"leave", "attack"}


def test_the_minstrels_charm_fails_on_a_roll_not_greater_than_the_strength():
    """SPECIAL ABILITIES, the Minstrel: a die of 3 does not charm the Bear (Strength 3); the
    Animal still does not attack him, and the attempt is spent."""
    s = game([{"id": "minstrel", "space": "black_knight"}], [1, 3],
             board_cards={"hidden_valley": ["bear", "sword", "ring"]})
    s = play(s, "move:hidden_valley", "charm:bear")
    assert not s.characters["minstrel"].followers and "bear" in s.board_cards["hidden_valley"]
    assert events(s, "charm_failed") and not events(s, "attacked")
    assert s.card_stock.get("ability:minstrel/charm_animal") == "used"


def test_the_minstrel_may_still_attack_animals():
    """SPECIAL ABILITIES, the Minstrel: Animals do not attack him, "though he may attack them"."""
    s = game([{"id": "minstrel", "space": "black_knight"}], [1, 6, 1],
             board_cards={"hidden_valley": ["bear", "sword", "ring"]})
    s = play(s, "move:hidden_valley", "attack", "fight")
    assert events(s, "combat_won") and list(s.characters["minstrel"].trophies) == ["bear"]


def test_the_prophetess_draws_one_extra_card_and_discards_one():
    """SPECIAL ABILITIES, the Prophetess (foresight_draw): she draws one card more than the
    space asks for and discards one of them, her choice, before any is met."""
    s = game([{"id": "prophetess", "space": "fields_1", "spells": []}], [2],
             deck_tops={"adventure": ["bear", "bag_of_gold"]})
    s = play(s, "move:woods_1")
    assert legal(s) == {"discard:bear", "discard:bag_of_gold"}
    s = play(s, "discard:bear")
    assert "bear" in s.discards["adventure"] and not events(s, "attacked")
    assert "bear" not in s.board_cards.get("woods_1", ())


def test_the_priest_destroys_spirits_a_stand_in():
    """SPECIAL ABILITIES, the Priest (spirit_bane, a stand-in: his power over Spirits is known
    only from memory): he may destroy a Spirit at once, as the Cross does; no trophy."""
    s = game([{"id": "priest", "space": "black_knight", "spells": []}], [1],
             board_cards={"hidden_valley": ["wraith", "sword", "ring"]})
    s = play(s, "move:hidden_valley")
    assert "destroy" in legal(s)
    s = play(s, "destroy")
    assert not s.characters["priest"].trophies and "wraith" in s.discards["adventure"]


def test_dropped_objects_may_be_dropped_whenever_something_is_claimed():
    """DROPPED OBJECTS OR ITEMS: "Characters may drop any Possession at any time by leaving it
    face up on the Space"; offered in the claim decision; what is dropped is not picked up
    again in the same turn."""
    s = game([{"id": "thief", "space": "black_knight", "objects": ["axe"]}], [1],
             board_cards={"hidden_valley": ["sword", "ring", "bag_of_gold"]})
    s = play(s, "move:hidden_valley")
    assert "drop:axe" in legal(s)
    s = play(s, "drop:axe")
    assert not s.characters["thief"].objects and "axe" in s.board_cards["hidden_valley"]
    assert "take:axe" not in legal(s)


def test_over_the_carrying_limit_objects_may_be_dropped_before_moving():
    """DROPPED OBJECTS OR ITEMS / LIMIT TO NUMBER OF OBJECTS: over the limit, a drop is offered
    before the move (and not otherwise)."""
    s = game([{"id": "thief", "space": "village", "objects": ["axe", "sword", "helmet", "shield", "armour"]}])
    assert "drop:armour" in legal(s)
    s = play(s, "drop:armour")
    assert "armour" in s.board_cards["village"] and not any(a.startswith("drop:") for a in legal(s))
    t = game([{"id": "thief", "space": "village", "objects": ["axe"]}])
    assert not any(a.startswith("drop:") for a in legal(t))


def test_preservation_is_cast_whenever_needed_to_save_a_life_outside_combat():
    """CASTING SPELLS ("whenever needed") / SPELLS, Preservation: when an effect outside combat
    would take a life, the holder may cast it and the life is not lost."""
    s = game([{"id": "wizard", "space": "graveyard", "spells": ["preservation"], "lives": 3}])
    s = run_effects(s, [{"lose": {"lives": 1}}], "wizard")
    assert legal(s) == {"lose", "cast:preservation"}
    s = play(s, "cast:preservation")
    assert s.characters["wizard"].lives == 3 and "preservation" in s.discards["spell"]
    assert events(s, "life_preserved")[0]["card"] == "preservation"
    assert len(s.characters["wizard"].spells) == 1            # the Wizard keeps one Spell
    t = game([{"id": "wizard", "space": "graveyard", "spells": ["preservation"], "lives": 3}])
    t = play(run_effects(t, [{"lose": {"lives": 1}}], "wizard"), "lose")
    assert t.characters["wizard"].lives == 2 and list(t.characters["wizard"].spells) == ["preservation"]


def test_counterspell_cancels_a_spell_just_cast():
    """CASTING SPELLS / SPELLS, Counterspell ("whenever needed"): another character may cancel
    the Spell just cast; it has no effect and both go to the discards."""
    s = game([{"id": "wizard", "space": "graveyard", "spells": ["healing"]},
              {"id": "sorceress", "space": "chapel", "spells": ["counterspell"], "lives": 2}])
    s = play(s, "cast:healing")
    assert s.pending.player == "sorceress" and legal(s) == {"pass", "cast:counterspell"}
    s = play(s, "cast:counterspell")
    assert events(s, "spell_countered") == [{"character": "sorceress", "caster": "wizard", "card": "healing"}]
    assert {"healing", "counterspell"} <= set(s.discards["spell"])
    assert s.characters["sorceress"].lives == 2 and s.pending.player != "sorceress"
    t = game([{"id": "wizard", "space": "graveyard", "spells": ["healing"]},
              {"id": "sorceress", "space": "chapel", "spells": ["counterspell"], "lives": 2}])
    t = play(t, "cast:healing", "pass", "target:sorceress")
    assert t.characters["sorceress"].lives == 4 and list(t.characters["sorceress"].spells) == ["counterspell"]


def test_counterspell_against_counterspell_the_first_spell_takes_effect_after_all():
    """SPELLS, Counterspell: a Counterspell is a Spell cast, so it may be cancelled in turn
    (here by the first caster's own Counterspell): the Healing then takes effect."""
    s = game([{"id": "wizard", "space": "graveyard", "spells": ["healing", "counterspell"]},
              {"id": "sorceress", "space": "chapel", "spells": ["counterspell"], "lives": 2}])
    s = play(s, "cast:healing", "cast:counterspell")
    assert s.pending.player == "wizard" and legal(s) == {"pass", "cast:counterspell"}
    s = play(s, "cast:counterspell", "target:sorceress")
    assert events(s, "spell_countered") == [{"character": "wizard", "caster": "sorceress", "card": "counterspell"}]
    assert s.characters["sorceress"].lives == 4
    t = game([{"id": "wizard", "space": "graveyard", "spells": ["healing", "counterspell"]},
              {"id": "sorceress", "space": "chapel", "spells": ["counterspell"], "lives": 2}])
    t = play(t, "cast:healing", "cast:counterspell", "pass")
    assert events(t, "spell_countered") == [{"character": "sorceress", "caster": "wizard", "card": "healing"}]


def test_counterspell_cancels_the_command_spell():
    """SPELLS, Counterspell: "the Command Spell included"."""
    s = game([{"id": "wizard", "space": "graveyard"},
              {"id": "sorceress", "space": "chapel", "spells": ["counterspell"]}])
    s = run_effects(s, [{"command_spell": {}}], "wizard")
    assert legal(s) == {"pass", "cast:counterspell"}
    s = play(s, "cast:counterspell")
    assert events(s, "spell_countered")[0]["card"] == "command_spell" and not events(s, "command_spell")


def _turn_start_with_reactions(characters):
    """A position at the start of the first character's move, with the (not yet registered)
    rule option ``spell_reactions`` on."""
    from talisman.api import STEPS
    from talisman.engine import machine
    s = game(characters)
    s = attrs.evolve(s, config=attrs.evolve(s.config, options=s.config.options.set("spell_reactions", True)),
                     pending=None, stack=s.stack.append(machine.frame("movement.start")))
    return machine.advance(s, STEPS, machine.AT_SCRIPT_END)


def test_immobility_freezes_a_character_at_the_start_of_its_turn():
    """SPELLS, Immobility: cast on the character whose turn is starting, who can do nothing
    that turn (with the rule option ``spell_reactions``)."""
    s = _turn_start_with_reactions([{"id": "thief", "space": "village"},
                                    {"id": "wizard", "space": "graveyard", "spells": ["immobility"]}])
    assert s.pending.player == "wizard" and legal(s) == {"pass", "cast:immobility"}
    s = play(s, "cast:immobility")
    assert events(s, "character_frozen")[0]["character"] == "thief"
    assert s.characters["thief"].space == "village" and s.current == "wizard"
    assert "immobility" in s.discards["spell"]
    t = play(_turn_start_with_reactions([{"id": "thief", "space": "village"},
                                         {"id": "wizard", "space": "graveyard", "spells": ["immobility"]}]),
             "pass")
    assert not events(t, "character_frozen") and "immobility" in t.characters["wizard"].spells
    assert t.current == "thief" and t.pending.player != "wizard"


def test_immobility_is_not_offered_at_turn_start_without_the_option():
    """SPELLS, Immobility: by default (no ``spell_reactions``) no window opens at a turn start."""
    s = game([{"id": "thief", "space": "village"},
              {"id": "wizard", "space": "graveyard", "spells": ["immobility"]}])
    assert s.pending.player != "wizard"
