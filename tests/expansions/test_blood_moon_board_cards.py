"""The Blood Moon's cards that move or clear face-up cards, pray, or end a combat
(talisman-facts.md section 6, the Adventure and Spell cards; ``blood_moon.board_cards``,
``blood_moon.modifiers``).  Each test names its card."""
import sys
from pathlib import Path

from talisman.definitions import load
from talisman.rules.kernel import on_space

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_blood_moon import ok, position  # noqa: E402
from test_blood_moon_cards import thief_meets  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from support import events, legal, names, play, run_effects  # noqa: E402


def effect_of(card):
    return list(load().cards[card].effect)


def met(s, card, space, dice):
    """``card``'s effect run as when met on ``space`` (its source names it)."""
    import attrs
    from talisman.api import STEPS
    from talisman.engine import machine
    from talisman.engine.dice import Dice
    from talisman.rules import effects
    s = attrs.evolve(s, pending=None, dice=Dice(seed=0, script=tuple(dice)))
    s = effects.run(s, effect_of(card), "thief", {"card": card, "space": space})
    return machine.advance(s, STEPS, machine.AT_SCRIPT_END)


def test_fire_salamander_burns_every_other_card_in_its_region_as_it_appears():
    """Fire Salamander ("when it appears every other card in this Region burns away"): drawn on
    the Hills, the face-up cards of the Outer Region are discarded, not those of the Middle."""
    s = position([{"id": "thief", "space": "woods_1"}], deck_tops={"adventure": ["fire_salamander"]},
                 board_cards={"woods_2": ["sword"], "fields_3": ["bear"], "oasis": ["helmet"]})
    s = ok(play(s, "roll:2", "move:hills_1"))
    assert on_space(s, "hills_1", "fire_salamander")  # (under resolution: it attacks)
    assert not s.board_cards.get("woods_2") and not s.board_cards.get("fields_3")
    assert list(s.board_cards["oasis"]) == ["helmet"]
    assert {"sword", "bear"} <= set(s.discards["adventure"])


def test_raging_volcano_clears_the_region_or_every_region_itself_included():
    """Raging Volcano (card-data.md 1.3, [DB]: "1-2 lose 1 life; 3-4 discard all other Adventure
    cards in this Region; 5-6 discard all Adventure cards in every Region, itself included")."""
    s = position([{"id": "thief", "space": "hills_1"}],
                 board_cards={"hills_1": ["raging_volcano"], "woods_2": ["sword"], "oasis": ["helmet"]})
    s = ok(met(s, "raging_volcano", "hills_1", [5]))
    assert not any(s.board_cards.values())
    s = position([{"id": "thief", "space": "hills_1"}],
                 board_cards={"hills_1": ["raging_volcano"], "woods_2": ["sword"], "oasis": ["helmet"]})
    s = ok(met(s, "raging_volcano", "hills_1", [4]))
    assert not s.board_cards.get("woods_2") and list(s.board_cards["oasis"]) == ["helmet"]
    assert list(s.board_cards["hills_1"]) == ["raging_volcano"]
    s = ok(met(s, "raging_volcano", "hills_1", [2]))
    assert s.characters["thief"].lives == 3 and list(s.board_cards["oasis"]) == ["helmet"]


def test_sepulchre_spectre_gathers_every_spirit_on_the_board():
    """Sepulchre Spectre ("when it appears every Spirit on the board gathers on this space"):
    the face-up Spirits of other spaces come as it is drawn and, of its number, attack with it."""
    s = position([{"id": "thief", "space": "woods_1"}], deck_tops={"adventure": ["sepulchre_spectre"]},
                 board_cards={"woods_2": ["spectre", "sword"], "oasis": ["ghost"]})
    s = ok(play(s, "roll:2", "move:hills_1"))
    assert {"sepulchre_spectre", "spectre", "ghost"} <= \
        set(s.board_cards.get("hills_1", ())) | set(s.resolving.get("hills_1", ()))  # (in the combat)
    assert list(s.board_cards["woods_2"]) == ["sword"]
    assert set(events(s, "attacked")[-1]["enemies"]) == {"sepulchre_spectre", "spectre", "ghost"}


def test_haunted_hamlet_is_the_village_by_day_and_brings_a_spirit_at_night():
    """Haunted Hamlet ("by Day it works as the Village, by Night the visitor must bring a
    Spirit here from anywhere"): by Day the Village's three choices; at Night the visitor
    chooses a face-up Spirit on another space, which comes to the Hamlet's space."""
    s = position([{"id": "thief", "space": "hills_1", "gold": 3}])
    s = run_effects(s, effect_of("haunted_hamlet"), "thief", dice=[])
    assert {"choose:blacksmith", "choose:healer", "choose:mystic"} <= set(legal(s))
    s = position([{"id": "thief", "space": "hills_1"}], time="night",
                 board_cards={"woods_2": ["spectre"], "oasis": ["ghost"]})
    s = run_effects(s, effect_of("haunted_hamlet"), "thief", dice=[])
    assert legal(s) == {"bring:spectre", "bring:ghost"}
    s = ok(play(s, "bring:ghost"))
    assert list(s.board_cards["hills_1"]) == ["ghost"] and not s.board_cards.get("oasis")


def test_sacred_ground_and_burial_rites_pray_as_at_the_chapel_by_day_and_the_graveyard_at_night():
    """Sacred Ground, Burial Rites ("pray with one die, as at the Chapel by Day or at the
    Graveyard by Night"): a 5 gains a life by Day, a fate at Night (the base prayer tables)."""
    rites = list(load().cards["burial_rites"].cast.effect)
    for effs in (effect_of("sacred_ground"), rites):
        s = position([{"id": "thief", "space": "hills_1"}])
        s = ok(run_effects(s, effs, "thief", dice=[5]))
        assert s.characters["thief"].lives == 5
        s = position([{"id": "thief", "space": "hills_1"}], time="night")
        s = ok(run_effects(s, effs, "thief", dice=[5]))
        assert s.characters["thief"].fate == 1 and s.characters["thief"].lives == 4


def test_holy_water_poured_out_discards_the_enemies_of_a_psychic_combat():
    """Holy Water (card-data.md 1.3: "discard it to discard Enemies you are about to fight in
    psychic combat"): before the dice, ``use:holy_water`` discards it and the Spectre, and no
    combat follows (no life lost, no trophy); not offered in battle."""
    s = thief_meets("spectre", objects=["holy_water"])
    assert "use:holy_water" in legal(s)
    s = ok(play(s, "use:holy_water"))
    assert "holy_water" in s.discards["adventure"] and s.characters["thief"].lives == 4
    assert "spectre" in s.discards["adventure"] and "spectre" not in s.board_cards.get("hills_1", ())
    assert "combat_lost" not in names(s) and "spectre" not in s.characters["thief"].trophies
    assert "use:holy_water" not in legal(thief_meets("bear", objects=["holy_water"]))


def test_boneyard_brings_an_enemy_from_the_top_of_the_discard_pile():
    """Boneyard ("once a visit, an Enemy on top of the discard pile is brought to this space"):
    the top discard, an Enemy, comes face up to the Boneyard's space; a top card of another
    type stays where it is."""
    from talisman.engine.records import replace
    s = position([{"id": "thief", "space": "hills_1"}], board_cards={"hills_1": ["boneyard"]})
    s = replace(s, decks=s.decks.set("adventure", s.decks["adventure"].remove("bear")),
                discards=s.discards.set("adventure", s.discards["adventure"].append("bear")))
    s = ok(met(s, "boneyard", "hills_1", []))
    assert "bear" in s.board_cards["hills_1"] and "bear" not in s.discards["adventure"]
    s = replace(s, decks=s.decks.set("adventure", s.decks["adventure"].remove("sword")),
                discards=s.discards.set("adventure", s.discards["adventure"].append("sword")))
    s = ok(met(s, "boneyard", "hills_1", []))
    assert s.discards["adventure"][-1] == "sword" and "nothing_raised" in names(s)


def test_scarecrow_is_set_on_a_fields_space_of_the_drawers_choice():
    """Scarecrow ("when it appears, you set it on a Fields space of your choice")."""
    s = position([{"id": "thief", "space": "woods_1"}], deck_tops={"adventure": ["scarecrow"]})
    s = play(s, "roll:2", "move:hills_1")
    assert {f"choose:fields_{n}" for n in range(1, 7)} == set(legal(s))
    s = ok(play(s, "choose:fields_4"))
    assert list(s.board_cards["fields_4"]) == ["scarecrow"] and not s.board_cards.get("hills_1")


def test_cairn_caretaker_trades_trophies_for_strength_or_craft():
    """Cairn Caretaker ("trade trophies for 1 Strength or Craft each"): each trophy given is
    discarded for a Strength or a Craft, and the offer comes again until the visitor keeps."""
    s = position([{"id": "thief", "space": "hills_1", "trophies": ["bear", "wolf"]}],
                 board_cards={"hills_1": ["cairn_caretaker"]})
    s = met(s, "cairn_caretaker", "hills_1", [])
    assert legal(s) == {"give:bear", "give:wolf", "keep"}
    s = play(s, "give:bear", "choose:strength")
    assert legal(s) == {"give:wolf", "keep"}
    s = ok(play(s, "give:wolf", "choose:craft"))
    ch = s.characters["thief"]
    assert (ch.strength, ch.craft, list(ch.trophies)) == (4, 4, [])
    assert {"bear", "wolf"} <= set(s.discards["adventure"])


def test_ghostwood_ent_fills_the_hand_with_spells_for_a_trophy_and_leaves():
    """Ghostwood Ent ("give him a trophy to fill your hand with Spells; then he leaves")."""
    s = position([{"id": "wizard", "space": "hills_1", "trophies": ["bear"], "spells": []}],
                 board_cards={"hills_1": ["ghostwood_ent"]})
    from talisman.rules import characters as chars
    s = met_by(s, "wizard", "ghostwood_ent", "hills_1")
    s = ok(play(s, "give:bear"))
    assert len(s.characters["wizard"].spells) == chars.spell_limit(s, "wizard") > 0
    assert not s.board_cards.get("hills_1") and "ghostwood_ent" in s.discards["adventure"]
    s = position([{"id": "wizard", "space": "hills_1", "trophies": ["bear"], "spells": []}],
                 board_cards={"hills_1": ["ghostwood_ent"]})
    s = ok(play(met_by(s, "wizard", "ghostwood_ent", "hills_1"), "keep"))
    assert "ghostwood_ent" in s.board_cards["hills_1"] and not s.characters["wizard"].spells


def met_by(s, who, card, space):
    import attrs
    from talisman.api import STEPS
    from talisman.engine import machine
    from talisman.rules import effects
    s = attrs.evolve(s, pending=None)
    s = effects.run(s, effect_of(card), who, {"card": card, "space": space})
    return machine.advance(s, STEPS, machine.AT_SCRIPT_END)


def test_treasure_trove_holds_two_dice_of_gold_taken_two_a_visit():
    """Treasure Trove ("holds two dice of gold; a visitor takes up to 2 a visit until it is
    empty"): rolled at the first visit (3), 2 then 1 taken; empty, the card is discarded."""
    s = position([{"id": "thief", "space": "hills_1", "gold": 0}], board_cards={"hills_1": ["treasure_trove"]})
    s = ok(met(s, "treasure_trove", "hills_1", [1, 2]))
    assert s.characters["thief"].gold == 2 and s.card_stock["hills_1/treasure_trove"] == 1
    s = ok(met(s, "treasure_trove", "hills_1", []))
    assert s.characters["thief"].gold == 3 and "hills_1/treasure_trove" not in s.card_stock
    assert not s.board_cards.get("hills_1") and "treasure_trove" in s.discards["adventure"]


def test_drain_life_discards_the_enemy_and_heals_by_its_value():
    """Drain Life (Spell; "on an Enemy you are about to meet; discard it and heal as many lives
    as its Strength or Craft"): cast before the dice, the Enemy is discarded, the caster heals
    (never above 4 lives) and the combat ends without a roll."""
    s = position([{"id": "wizard", "space": "woods_1", "spells": ["drain_life"], "lives": 1}],
                 board_cards={"hills_1": ["spectre"]})
    s = play(s, "roll:2", "move:hills_1")
    assert "cast:drain_life" in legal(s)
    s = ok(play(s, "cast:drain_life"))
    assert s.characters["wizard"].lives == 4 and "spectre" in s.discards["adventure"]
    assert not s.board_cards.get("hills_1") and "combat_scores" not in names(s)


def test_exorcise_discards_a_spirit_anywhere_or_keeps_it_as_a_trophy_by_day():
    """Exorcise (Spell; "discard one Spirit anywhere on the board; by Day you may keep it as a
    trophy instead")."""
    s = position([{"id": "wizard", "space": "hills_1"}], board_cards={"oasis": ["spectre"], "woods_2": ["ghost", "bear"]})
    s = run_effects(s, [{"exorcise": {}}], "wizard", dice=[])
    assert legal(s) == {"exorcise:spectre", "exorcise:ghost"}
    s = ok(play(s, "exorcise:ghost"))
    assert "ghost" in s.characters["wizard"].trophies and list(s.board_cards["woods_2"]) == ["bear"]
    s = position([{"id": "wizard", "space": "hills_1"}], time="night", board_cards={"oasis": ["spectre"]})
    s = ok(play(run_effects(s, [{"exorcise": {}}], "wizard", dice=[]), "exorcise:spectre"))
    assert "spectre" in s.discards["adventure"] and not s.characters["wizard"].trophies


def test_balefire_dragon_breath_clears_the_region_on_a_roll_at_least_the_craft():
    """Balefire Dragon ("before the battle it breathes fire: a die roll at least your Craft
    clears every other card from this Region"): drawn, a 4 against the Thief's Craft 3 clears
    the Outer Region but the Dragon; a 2 clears nothing."""
    s = position([{"id": "thief", "space": "woods_1"}], deck_tops={"adventure": ["balefire_dragon"]},
                 board_cards={"woods_2": ["sword"], "oasis": ["helmet"]})
    s = ok(play(s, "roll:2", "move:hills_1", "roll:4"))
    assert not s.board_cards.get("woods_2") and list(s.board_cards["oasis"]) == ["helmet"]
    assert on_space(s, "hills_1", "balefire_dragon")  # (under resolution: it attacks)
    s = position([{"id": "thief", "space": "woods_1"}], deck_tops={"adventure": ["balefire_dragon"]},
                 board_cards={"woods_2": ["sword"]})
    s = ok(play(s, "roll:2", "move:hills_1", "roll:2"))
    assert list(s.board_cards["woods_2"]) == ["sword"]


def test_pit_fiend_shirker_may_be_sent_to_another_space_of_the_region():
    """Pit Fiend Shirker ("you may send it to another space of this Region instead of
    fighting"): before the dice, ``send_away`` then ``send:<space>``: it goes there and the
    combat ends (as evaded: no roll, no life lost)."""
    s = thief_meets("pit_fiend_shirker")
    assert "send_away" in legal(s)
    s = play(s, "send_away")
    assert "send:woods_2" in legal(s) and "send:oasis" not in legal(s) and "send:hills_1" not in legal(s)
    s = ok(play(s, "send:woods_2"))
    assert list(s.board_cards["woods_2"]) == ["pit_fiend_shirker"] and not s.board_cards.get("hills_1")
    assert "combat_scores" not in names(s) and s.characters["thief"].lives == 4
    assert "send_away" not in legal(thief_meets("bear"))


def test_night_carriage_by_day_and_gypsy_caravan_move_clockwise():
    """Night Carriage ("by Day it rolls on a die of spaces clockwise") and Gypsy Caravan
    ("then the caravan moves on"; a die of spaces clockwise, a stand-in count): the card moves
    along its Region's ring."""
    from talisman.definitions import load
    board = load().board
    s = position([{"id": "thief", "space": "hills_1"}], board_cards={"hills_1": ["night_carriage"]})
    s = ok(met(s, "night_carriage", "hills_1", [3]))
    to = "hills_1"
    for _ in range(3):
        to = board.ring_step(to, 1)
    assert list(s.board_cards[to]) == ["night_carriage"] and not s.board_cards.get("hills_1")
    s = position([{"id": "thief", "space": "hills_1", "gold": 3}], board_cards={"hills_1": ["gypsy_caravan"]})
    s = met(s, "gypsy_caravan", "hills_1", [2])
    s = ok(play(s, "choose:pay"))
    to = board.ring_step(board.ring_step("hills_1", 1), 1)
    assert s.characters["thief"].strength == 4 and list(s.board_cards[to]) == ["gypsy_caravan"]


def test_twilight_forest_at_night_keeps_one_of_a_dies_worth_of_cards():
    """Twilight Forest ("by Night, draw a die's worth of cards, keep one here and discard the
    rest")."""
    s = position([{"id": "thief", "space": "hills_1"}], time="night",
                 board_cards={"hills_1": ["twilight_forest"]}, deck_tops={"adventure": ["sword", "bear", "helmet"]})
    s = met(s, "twilight_forest", "hills_1", [3])
    assert legal(s) == {"keep:sword", "keep:bear", "keep:helmet"}
    s = ok(play(s, "keep:helmet"))
    assert list(s.board_cards["hills_1"]) == ["twilight_forest", "helmet"]
    assert {"sword", "bear"} <= set(s.discards["adventure"])


def test_peasant_mob_is_set_on_a_space_with_cards_clearing_them():
    """Peasant Mob ("anyone else may set the mob on a space with cards, clearing the rest")."""
    s = position([{"id": "thief", "space": "hills_1"}],
                 board_cards={"hills_1": ["peasant_mob"], "oasis": ["sword", "bear"]})
    s = met(s, "peasant_mob", "hills_1", [])
    assert legal(s) == {"place:oasis", "done"}
    s = ok(play(s, "place:oasis"))
    assert list(s.board_cards["oasis"]) == ["peasant_mob"] and not s.board_cards.get("hills_1")
    assert {"sword", "bear"} <= set(s.discards["adventure"])


def test_mischievous_devil_moves_objects_between_characters():
    """Mischievous Devil ("one die: give an Object away, lose one at random, or take one from
    anyone and he leaves"; the split of the die is a stand-in)."""
    def devil(roll):
        s = position([{"id": "thief", "space": "hills_1", "objects": ["sword"]},
                      {"id": "wizard", "space": "city", "objects": ["helmet"]}],
                     board_cards={"hills_1": ["mischievous_devil"]})
        return met(s, "mischievous_devil", "hills_1", [roll])
    s = devil(1)
    assert legal(s) == {"give:sword:wizard"}
    s = ok(play(s, "give:sword:wizard"))
    assert "sword" in s.characters["wizard"].objects and not s.characters["thief"].objects
    s = ok(devil(3))  # ditched: left on his space, not discarded (docs/rulings.md R-FB14.4)
    assert not s.characters["thief"].objects and "sword" not in s.discards["adventure"]
    assert list(s.board_cards["hills_1"]) == ["mischievous_devil", "sword"]
    s = devil(6)
    assert legal(s) == {"take:wizard:helmet"}
    s = ok(play(s, "take:wizard:helmet"))
    assert set(s.characters["thief"].objects) == {"sword", "helmet"} and not s.characters["wizard"].objects
    assert not s.board_cards.get("hills_1")


def test_laboratory_reanimates_a_trophy_to_follow_for_one_combat():
    """Laboratory (card-data.md 1.3: "reanimate one of your trophies as a one-combat Follower
    adding its Strength or Craft; then discard both"): the trophy chosen follows the visitor in
    the Blood Moon's store (as the Reanimate Spell's Enemy, ruling R-CD5-1), not as the Ghoul's
    raised Follower card; the Laboratory is gone.  Without ``keep`` the effect still raises the
    Ghoul's way (the last trophy)."""
    from talisman.expansions.blood_moon import store
    from talisman.rules import characters as chars
    s = position([{"id": "thief", "space": "hills_1", "trophies": ["bear", "wolf"]}],
                 board_cards={"hills_1": ["laboratory"]})
    s = met(s, "laboratory", "hills_1", [])
    assert legal(s) == {"raise:bear", "raise:wolf", "done"}
    s = ok(play(s, "raise:bear"))
    assert store.listed(s, "reanimated", "thief") == ["bear"]
    assert "bear" not in s.characters["thief"].followers and list(s.characters["thief"].trophies) == ["wolf"]
    assert not s.board_cards.get("hills_1") and "laboratory" in s.discards["adventure"]
    s = position([{"id": "thief", "space": "hills_1", "trophies": ["bear", "wolf"]}])
    s = ok(run_effects(s, [{"reanimate_trophy": {"which": "last"}}], "thief", dice=[]))
    assert "wolf" in s.characters["thief"].followers and chars.follower_mark(s, "thief", "wolf") == "raised"


def test_crawling_hand_not_killed_scuttles_a_die_of_spaces_clockwise():
    """Crawling Hand ("not killed, it scuttles a die roll of spaces clockwise"): a lost combat
    moves it 2 spaces on; a won one leaves nothing to move."""
    from talisman.definitions import load
    board = load().board
    s = ok(play(thief_meets("crawling_hand"), "fight", "roll:1", "roll:6", "roll:2"))
    to = board.ring_step(board.ring_step("hills_1", 1), 1)
    assert "combat_lost" in names(s) and list(s.board_cards[to]) == ["crawling_hand"]
    assert not s.board_cards.get("hills_1")
    s = ok(play(thief_meets("crawling_hand"), "fight", "roll:6", "roll:1"))
    assert "crawling_hand" in s.characters["thief"].trophies and "card_moved" not in names(s)


def test_fortune_teller_peeks_at_the_top_adventure_card_as_the_turn_starts():
    """Fortune Teller ("at the start of your turn you may peek at the top Adventure card"): a
    secret look for the holder."""
    from test_blood_moon import hook_then_run
    s = position([{"id": "thief", "space": "woods_1", "followers": ["fortune_teller"]}],
                 deck_tops={"adventure": ["bear"]})
    s = hook_then_run(s, "turn_started", "thief")
    e = events(s, "peeked")[-1]
    assert e["cards"] == ["bear"] and e["seen_by"] == "thief"
