"""000 RULES CONCERNING CHARACTERS: MASTER LEVEL CHARACTERS, MAGIC ITEMS, GAINING SPECIAL
ABILITIES, NOBLEMEN and REALMS (talisman.rules.master_levels, talisman.rules.noblemen).

The scenarios tests/scenarios/master_*.yaml and realm_*.yaml play the cards and the tithes; these
tests check the options, the countdown, the City offers, the Ability Stockpile, the Magic Items and
the player's view.
"""
from __future__ import annotations

import json
import random

import pytest
from pyrsistent import pvector

import talisman
from talisman.api import STEPS
from talisman.engine import machine
from talisman.engine.machine import frame
from talisman.engine.records import deep_freeze, replace
from talisman.errors import OptionError
from talisman.notation import Action
from talisman.rules import master_levels as ml
from talisman.rules import noblemen
from talisman.definitions import load
from talisman.rules.characters import has_ability, set_alignment, usable
from talisman.rules.movement import has_talisman
from talisman.scenarios import setup_state
from talisman.state import update_character
from talisman.testing.invariants import check

SET_ASIDE = {"champion_of_chaos_card", "noble", "mirror_event", "recruiter", "call_of_chaos",
             "entitlement", "staff_of_the_archmage", "blade_of_chaos", "holy_reliquary"}


def test_without_the_options_a_game_is_unchanged():
    """000 MASTER LEVEL CHARACTERS: "If the Champion of Chaos is to be used, shuffle the Champion of
    Chaos Adventure Card into the deck": without the options no set-aside card is in any deck and
    these areas keep no state."""
    s = talisman.new_game(["warrior", "wizard"], seed=3)
    assert not s.ext and "optional_rules" not in s.decks
    assert len(s.decks["adventure"]) == 104
    assert not SET_ASIDE & {c for cards in s.decks.values() for c in cards}


def test_only_the_titles_in_use_join_the_deck():
    """000 MASTER LEVEL CHARACTERS: each title's card is shuffled in only "if it is to be used"."""
    s = talisman.new_game(["warrior"], options={"master_levels": ["herald", "templar"]})
    assert {"noble", "recruiter"} <= set(s.decks["adventure"])
    assert not {"call_of_chaos", "mirror_event", "champion_of_chaos_card"} & set(s.decks["adventure"])
    assert ml.in_use(s) == ("herald", "templar")
    assert check(s) == []
    s = talisman.new_game(["warrior"], options={"master_levels": True, "noblemen": True,
                                                "magic_items": True, "ability_stockpile": True})
    assert SET_ASIDE <= set(s.decks["adventure"]) and check(s) == []


@pytest.mark.parametrize("options", [{"master_levels": ["sultan"]}, {"master_levels": "herald"},
                                     {"noblemen": 1}, {"magic_items": "yes"}])
def test_bad_option_values_are_refused(options):
    with pytest.raises(OptionError):
        talisman.new_game(["warrior"], options=options)


def test_ten_turns_then_the_title_goes_back_and_the_card_is_reshuffled():
    """000 Warrior of Chaos: "adds 4 to the Characters Strength and 2 to the Craft ... this Evil
    corruption will only remain for 10 turns, after which the Character Card must be returned to
    the Stockpile and the Warrior Adventure card RE-SHUFFLED into the deck"."""
    s = talisman.new_game(["warrior"], options={"master_levels": True})
    deck = list(s.decks["adventure"])
    deck.remove("call_of_chaos")
    s = replace(s, decks=s.decks.set("adventure", pvector(deck)),
                discards=s.discards.set("adventure", pvector(["call_of_chaos"])))
    s = ml.take_title(s, "warrior", "warrior_of_chaos", "test")
    assert (s.characters["warrior"].strength, s.characters["warrior"].craft) == (8, 4)
    assert s.characters["warrior"].alignment == "evil"
    for _ in range(9):
        s = replace(s, turn=s.turn + 1)
        s = ml.turn_ended(s, "warrior")
        assert ml.title_of(s, "warrior") == "warrior_of_chaos"
    s = replace(s, turn=s.turn + 1)
    dice = s.dice
    s = ml.turn_ended(s, "warrior")
    assert ml.title_of(s, "warrior") is None
    assert s.dice != dice  # the shuffle drew on the game's dice: the next chance is not its copy
    ch = s.characters["warrior"]
    assert (ch.strength, ch.craft, ch.alignment) == (4, 2, "neutral")
    assert [e.data for e in s.log if e.name == "master_level_returned"] == [
        {"character": "warrior", "title": "warrior_of_chaos", "why": "ten turns", "strength": 4, "craft": 2}]
    assert [e.data["cause"] for e in s.log if e.name == "alignment_changed"][-1] == "the Warrior of Chaos returned"
    assert "call_of_chaos" in s.decks["adventure"] and "call_of_chaos" not in s.discards["adventure"]


def test_one_card_per_title_and_one_title_per_character():
    """000 MASTER LEVEL CHARACTERS: "take the appropriate Character Card": a title is held by one
    character at a time, and a character holds one title (docs/rulings.md)."""
    s = talisman.new_game(["warrior", "wizard"], options={"master_levels": True})
    s = ml.take_title(s, "warrior", "herald", "test")
    s = ml.take_title(s, "wizard", "herald", "test")
    s = ml.take_title(s, "warrior", "templar", "test")
    assert ml.holder(s, "herald") == "warrior" and ml.title_of(s, "wizard") is None
    assert ml.holder(s, "templar") is None
    assert [e.data["title"] for e in s.log if e.name == "master_level_refused"] == ["herald", "templar"]


def test_a_second_templar_draws_another_adventure_card():
    """000 The Templar: "If there is a Templar already in the game, discard and choose another
    Adventure card"."""
    s = talisman.new_game(["warrior", "wizard"], options={"master_levels": True})
    s = ml.take_title(s, "warrior", "templar", "test")
    top = s.decks["adventure"][0]
    s = replace(s, board_cards=s.board_cards.set("fields_1", pvector(["recruiter"])),
                decks=s.decks.set("adventure", pvector(c for c in s.decks["adventure"] if c != "recruiter")))
    s = ml.trigger_met(s, "wizard", {"card": "recruiter", "space": "fields_1"})
    assert "recruiter" in s.discards["adventure"]
    assert ml.title_of(s, "wizard") is None
    drawn = s.pending.is_chance and s.pending.kind == "draw" or top in s.board_cards["fields_1"]
    assert drawn and any(e.name == "master_level_refused" for e in s.log)


def test_the_title_abilities_are_used_as_the_characters_own():
    """000 MASTER LEVEL CHARACTERS: "Master Level Characters allow Characters to Gain additional
    Special Abilities"; resigned, they are gone."""
    s = talisman.new_game(["warrior"], options={"master_levels": True})
    assert not has_ability(s, "warrior", "foresight_draw")
    s = ml.take_title(s, "warrior", "herald", "test")
    assert has_ability(s, "warrior", "foresight_draw")
    s = ml.give_back(s, "warrior", "resigned")
    assert not has_ability(s, "warrior", "foresight_draw")


def test_high_mage_offering_adds_one_each_and_needs_nine():
    """000 High Mage: "offer any number of Magic Objects or Items and roll a D8. On a 9 the power of
    the High Mage is bestowed. For each Magic Objector Items offered the Character may add 1"."""
    s = talisman.new_game(["wizard"], expansions=["city"], options={"master_levels": True})
    s = update_character(s, "wizard", objects=["amulet"], space="city_magic_emporium")
    s = replace(s, decks=s.decks.set("adventure", pvector(c for c in s.decks["adventure"] if c != "amulet")))
    effects = ml.space_effect(s, (), "city_magic_emporium")
    assert {"master_levels_offer": {"title": "high_mage"}} in [dict(e) for e in effects]
    s = ml.high_mage_offering(s, "wizard", [], "high_mage")
    assert [str(a) for a in s.pending.options] == ["offer:amulet", "try:high_mage", "decline"]
    s = ml.try_chosen(s, Action.parse("offer:amulet"), "high_mage", [])
    s = ml.try_chosen(s, Action("try", ("high_mage",)), "high_mage", ["amulet"])
    assert s.characters["wizard"].objects == [] and "amulet" in s.discards["adventure"]
    # the roll waits beneath the NUMBER OF SPELLS check the offering may ask (rulings R-FF12.3)
    assert s.stack[-1].step == "master_levels.title_roll" and dict(s.stack[-1].args)["add"] == 1
    s = ml.title_roll(s, "high_mage", 1)
    assert s.pending.spec == "d8" and dict(s.pending.args)["add"] == 1
    missed = ml.title_kept(s, (7,), "high_mage", 1)
    assert ml.title_of(missed, "wizard") is None
    made = ml.title_kept(s, (8,), "high_mage", 1)
    assert ml.title_of(made, "wizard") == "high_mage"


def test_sheriff_adds_strength_and_may_not_be_resigned():
    """000 Sheriff: "roll a die. You may add your Strength to your die roll ... The Sheriff may not
    be resigned"."""
    s = talisman.new_game(["troll"], expansions=["city"], options={"master_levels": ["sheriff"]})
    s = ml.offer_effect(s, {"title": "sheriff"}, "troll", {"space": "city_royal_castle"})
    s = ml.try_chosen(s, Action("try", ("sheriff",)), "sheriff", [])
    assert dict(s.pending.args)["add"] == 6
    s = ml.title_kept(s, (4,), "sheriff", 6)
    assert ml.title_of(s, "troll") == "sheriff"
    assert ml.turn_started(s, "troll").stack == s.stack  # no resign offer


def test_buying_a_spell_may_buy_an_ability_for_one_gold_more():
    """000 GAINING SPECIAL ABILITIES: "If a character is allowed to purchase a Spell or Scroll, they
    may pay an additional Gold and draw an Ability ... taken from the top of the Ability Stock pile.
    When the Stockpile is exhausted, shuffle the discard pile"."""
    s = talisman.new_game(["wizard"], expansions=["city"], options={"ability_stockpile": True})
    effects = ml.space_effect(s, talisman.definitions.load().board.spaces["city_magic_emporium"].effect,
                              "city_magic_emporium")
    ids = [o["id"] for o in effects[0]["choose"]]
    assert ids[:4] == ["buy_spell", "buy_spell_and_ability", "buy_scroll", "buy_scroll_and_ability"]
    twin = effects[0]["choose"][1]
    assert twin["require"]["gold_at_least"] == 3 and dict(twin["effects"][0]["lose"]) == {"gold": 3}
    top = s.ext["master_levels"]["ability_pile"][0]
    s = ml.draw_ability(s, "wizard", "purchase")
    assert ml.gained_abilities(s, "wizard") == [top]
    assert has_ability(s, "wizard", ml.ability_card(top)["ability"])
    s = ml.character_died(s, "wizard")
    assert list(s.ext["master_levels"]["ability_discards"]) == [top]
    for _ in range(5):
        s = ml.draw_ability(s, "wizard", "purchase")
    s = ml.draw_ability(s, "wizard", "purchase")  # the pile is empty: the discards reshuffled
    assert ml.gained_abilities(s, "wizard")[-1] == top
    assert any(e.name == "stockpile_reshuffled" for e in s.log)


def test_a_magic_item_is_a_talisman_for_its_aligned_owner_only():
    """000 MAGIC ITEMS: "Magic Items are Talismans for their aligned owner"; CHANGING ALIGNMENT: "If a
    Character possesses any ... Magic Item not permitted by their new alignment, that ... Item must
    be dropped immediately"."""
    s = talisman.new_game(["wizard", "warrior", "troll"], options={"magic_items": True, "master_levels": True})
    s = update_character(s, "wizard", objects=["staff_of_the_archmage"])
    s = update_character(s, "warrior", objects=["holy_reliquary"])
    assert has_talisman(s, "wizard") and has_ability(s, "wizard", "sees_spells")
    assert not has_talisman(s, "warrior")  # the Reliquary is the Priest's, the Monk's, the Templar's
    s = ml.take_title(s, "warrior", "templar", "test")
    assert has_talisman(s, "warrior")
    s = update_character(s, "troll", objects=["blade_of_chaos"])
    assert has_talisman(s, "troll")
    s = set_alignment(s, "troll", "good", "test")
    assert s.characters["troll"].objects == [] and "blade_of_chaos" in s.board_cards[s.characters["troll"].space]


def test_a_realm_owner_and_its_tithes_show_in_every_view_the_title_pile_does_not():
    """000 REALMS: the Realm and its tithings lie on the board for all to see; the Title cards are
    "chosen at Random" (their order is hidden)."""
    s = talisman.new_game(["warrior", "wizard"], options={"noblemen": True})
    m = noblemen.SLICE.plain(s)
    m["held"]["warrior"] = m["pile"].pop(0)
    m["realms"]["chapel"] = {"owner": "warrior", "title": m["held"]["warrior"], "gold": 2}
    m["cards"]["chapel"] = []
    s = noblemen._store(s, m)
    view = talisman.player_view(s, "wizard")
    assert view.ext["noblemen"]["realms"]["chapel"]["owner"] == "warrior"
    assert view.ext["noblemen"]["realms"]["chapel"]["gold"] == 2
    assert list(view.ext["noblemen"]["pile"]) == ["hidden"] * 4
    assert has_ability(s, "warrior", noblemen.table()[m["held"]["warrior"]]["abilities"][0])


def test_a_dead_nobles_realm_leaves_the_board_and_its_tithes_stay():
    s = talisman.new_game(["warrior", "wizard"], options={"noblemen": True})
    m = noblemen.SLICE.plain(s)
    m["held"]["warrior"] = m["pile"].pop(0)
    m["realms"]["chapel"] = {"owner": "warrior", "title": m["held"]["warrior"], "gold": 2}
    m["cards"]["chapel"] = []
    s = noblemen._store(s, m)
    s = noblemen.character_died(s, "warrior")
    assert noblemen.realms(s) == {} and s.board_gold["chapel"] == 2
    assert len(s.ext["noblemen"]["pile"]) == 5


@pytest.mark.parametrize("seed", range(4))
def test_random_play_with_every_option_holds_the_invariants(seed):
    """Random play with Master Levels, Noblemen, Magic Items and the Ability Stockpile."""
    rng = random.Random(seed)
    s = talisman.new_game(["warrior", "wizard", "troll", "monk"], expansions=["city"], seed=seed,
                          options={"master_levels": True, "noblemen": True, "magic_items": True,
                                   "ability_stockpile": True, "max_rounds": 25})
    for _ in range(1500):
        if s.is_over:
            break
        assert check(s) == []
        s = talisman.apply(s, rng.choice(list(talisman.legal_actions(s))))
    assert check(s) == []


def _run(state, *actions):
    """Run the frames pushed on a state whose decision was cleared, then play ``actions``."""
    state = machine.advance(state, STEPS, machine.AT_SCRIPT_END)
    for a in actions:
        state = talisman.apply(state, a, stop_at_chance=True)
    return state


def _cleared(state):
    """The state with its decision put aside (the turn's frames stay beneath what a test pushes)."""
    return replace(state, pending=None, stack=state.stack.append(frame("turn.start")))


@pytest.mark.parametrize("roll, made", [(5, False), (6, True)])
def test_kings_champion_donate_a_gold_to_the_beggar_and_roll(roll, made):
    """000 King's Champion: "draw a Beggar City Card, donate a gold, and roll a die ... If the proper
    number is rolled, take the King's Champion Master Level Card" (6: a stand-in)."""
    s = talisman.new_game(["warrior"], expansions=["city"], options={"master_levels": ["kings_champion"]})
    s = update_character(s, "warrior", gold=2)
    s = ml.beggar_met(_cleared(s), "warrior", {"card": "beggar", "space": "city_town_square"})
    s = _run(s, "choose:donate", f"roll:{roll}")
    assert s.characters["warrior"].gold == 1
    assert (ml.title_of(s, "warrior") == "kings_champion") is made


def test_without_the_kings_champion_the_beggar_is_the_citys_own_card():
    """000 King's Champion: without the title in use the Beggar plays its own card."""
    s = talisman.new_game(["warrior"], expansions=["city"])
    s = update_character(s, "warrior", gold=2)
    s = ml.beggar_met(_cleared(s), "warrior", {"card": "beggar", "space": "city_town_square"})
    s = _run(s, "choose:donate", "roll:6")
    assert "master_levels" not in s.ext and s.characters["warrior"].gold == 1
    assert s.characters["warrior"].fate == 1  # the City's stand-in Beggar: a 6 after giving brings luck


def test_the_master_thief_beaten_offers_the_title():
    """000 Master Thief: "one must Encounter the Master Thief in the Talisman City and defeat him in
    Combat"; beating another enemy offers nothing."""
    s = talisman.new_game(["warrior"], expansions=["city"], options={"master_levels": True})
    thief = [{"name": "master_thief", "card": "master_thief", "value": 5}]
    won = ml.combat_resolved(replace(s, battle=deep_freeze({"enemies": thief})), "warrior", "won")
    assert won.stack[-1].step == "master_levels.title_offered"
    lost = ml.combat_resolved(replace(s, battle=deep_freeze({"enemies": thief})), "warrior", "lost")
    assert lost.stack == s.stack
    other = [{"name": "footpad", "card": "footpad", "value": 3}]
    assert ml.combat_resolved(replace(s, battle=deep_freeze({"enemies": other})), "warrior", "won").stack == s.stack
    s = ml.title_offered(_cleared(won), "warrior", "master_thief", "master_thief")
    s = ml.title_chosen(s, Action.parse("title:master_thief"), "master_thief", "master_thief")
    assert ml.title_of(s, "warrior") == "master_thief"


@pytest.mark.parametrize("replaced", [False, True])
def test_tithes_come_before_the_encounter(replaced):
    """000 Tithings: the tithe is left on passing over the Realm, before the encounter of the space
    landed on; an encounter an expansion replaced is not begun again."""
    s = talisman.new_game(["warrior", "wizard"], options={"noblemen": True})
    m = noblemen.SLICE.plain(s)
    m["realms"]["chapel"] = {"owner": "wizard", "title": "baron", "gold": 0}
    m["cards"]["chapel"] = []
    s = noblemen._store(s, m)
    s = machine.log(s, "moved", character="warrior", path=["chapel", "fields_2"], to="fields_2")
    before = len(s.stack)
    s, answer = noblemen.before_encounter(s, (s, replaced), "warrior", "fields_2")
    pushed = [f.step for f in s.stack[before:]]
    assert pushed == (["noblemen.realm_reached"] if replaced else ["encounters.begin", "noblemen.realm_reached"])
    assert answer  # the encounter waits for the tithes (or was replaced already)
    again, answer = noblemen.before_encounter(s, (s, False), "warrior", "fields_2")  # nothing new walked since
    assert len(again.stack) == len(s.stack) and not answer


# --- two pieces: the Mirror Image's copy and the Mystic ------------------------------------------------

def _with_title(chars, title, **fields):
    """A game where the first character holds ``title`` (its second piece made the engine's way)."""
    s = talisman.new_game(chars, seed=5, options={"master_levels": [title]})
    s = update_character(s, chars[0], **fields) if fields else s
    return ml.take_title(s, chars[0], title, "test")


def test_the_mirror_copy_is_a_typed_resting_piece_with_opposite_numbers():
    """000 Mirror Image: "Create a second character with opposite numbers as the original"."""
    s = _with_title(["warrior", "wizard"], "mirror_image", strength=3, craft=4)
    copy = ml.resting(s, "warrior")
    assert isinstance(copy, talisman.state.Character)
    assert (copy.strength, copy.craft, copy.space) == (4, 3, s.characters["warrior"].space)
    assert ml.playing(s, "warrior") == "original" and ml.playing(s, "wizard") is None
    assert check(s) == []


def test_a_state_with_a_resting_piece_survives_json_and_its_record_is_checked():
    s = _with_title(["warrior", "wizard"], "mirror_image")
    s = ml.swap(s, "warrior", "test")
    again = talisman.from_json(talisman.to_json(s))
    assert again == s and isinstance(ml.resting(again, "warrior"), talisman.state.Character)
    doc = json.loads(talisman.to_json(s))
    piece = doc["state"]["ext"]["master_levels"]["resting"]["warrior"]
    piece["fate_points"] = piece.pop("fate")  # a resting piece is a whole, checked character record
    with pytest.raises(talisman.errors.TalismanError):
        talisman.from_json(json.dumps(doc))


def test_swapping_keeps_every_card_in_one_place():
    """The resting piece's cards are counted where it rests (``ext.master_levels.cards``)."""
    s = _with_title(["warrior", "wizard"], "mirror_image")
    s = update_character(s, "warrior", objects=list(s.characters["warrior"].objects))
    before = s.characters["warrior"]
    s = ml.swap(s, "warrior", "test")
    assert list(ml.SLICE.of(s).cards["warrior"]) == ml.piece_cards(before)
    assert ml.playing(s, "warrior") == "copy" and check(s) == []
    s = ml.swap(s, "warrior", "test")
    assert s.characters["warrior"] == replace(before, turn_flags=before.turn_flags) and check(s) == []


def test_other_players_do_not_see_a_resting_pieces_spells():
    """"All Spells ... may be kept face down": the Wizard's original resting with his Spells."""
    s = _with_title(["wizard", "warrior"], "mirror_image")
    spells = list(s.characters["wizard"].spells)
    assert spells
    s = ml.swap(s, "wizard", "test")
    theirs = talisman.player_view(s, "warrior").ext["master_levels"]
    assert list(theirs.resting["wizard"].spells) == ["hidden"] * len(spells)
    assert not set(spells) & set(theirs.cards["wizard"])
    mine = talisman.player_view(s, "wizard").ext["master_levels"]
    assert list(mine.resting["wizard"].spells) == spells


def test_the_mystic_split_and_joined_again_keeps_the_numbers():
    """000 Mystic: "The Mystic Character has all the Craft, except one and the original Character
    has all the Strength, except one"; resigned, the two are one again (R-MI7)."""
    s = _with_title(["wizard"], "mystic", strength=4, craft=5)
    assert (s.characters["wizard"].strength, s.characters["wizard"].craft) == (3, 1)
    mystic = ml.resting(s, "wizard")
    assert (mystic.strength, mystic.craft) == (1, 4)
    s = ml.swap(s, "wizard", "test")
    s = update_character(s, "wizard", gold=2)
    s = ml.give_back(s, "wizard", "resigned")
    one = s.characters["wizard"]
    assert (one.strength, one.craft, one.gold) == (4, 5, 2 + 1)
    assert ml.resting(s, "wizard") is None and check(s) == []


def test_the_mystic_of_a_craft_of_2_has_1_craft_and_the_original_1():
    """000 Mystic: "The Mystic Character has all the Craft, except one and the original Character
    has all the Strength, except one": Craft 2 is 1 for the Mystic and 1 for the Original, no Craft
    made up (mutation testing, mut18: ``second_piece`` 12 gave the Mystic 2)."""
    s = _with_title(["wizard"], "mystic", strength=4, craft=2)
    assert (s.characters["wizard"].strength, s.characters["wizard"].craft) == (3, 1)
    mystic = ml.resting(s, "wizard")
    assert (mystic.strength, mystic.craft) == (1, 1)
    made = [e.data for e in s.log if e.name == "second_piece_made"]
    assert made == [{"character": "wizard", "piece": "mystic", "space": mystic.space, "strength": 1, "craft": 1}]


def test_a_title_given_back_leaves_strength_and_craft_of_1_as_they_are():
    """A Master Level's card goes back "removing any additional Strength or Craft allowed": the
    Herald adds none (the card is not printed), so a holder of Strength 1 and Craft 1 keeps both, and
    nothing is made up (mutation testing, mut18: ``give_back`` 39 raised the Strength to 2)."""
    s = _with_title(["warrior"], "herald", strength=1, craft=1)
    s = ml.give_back(s, "warrior", "resigned")
    assert (s.characters["warrior"].strength, s.characters["warrior"].craft) == (1, 1)
    back = [e.data for e in s.log if e.name == "master_level_returned"]
    assert back == [{"character": "warrior", "title": "herald", "why": "resigned", "strength": 0, "craft": 0}]


def test_the_mystic_joined_to_a_toad_original_drops_its_possessions_where_it_stands():
    """000 Mystic: "The Mystic may be resigned at any time" (the Mystic's cards and Gold the
    Original's, R-MI7); 000 TOADS & TRANSFORMATIONS: "Toads and other transformed creatures cannot
    have any Possessions": with the Original a Toad, the Mystic's Helmet, Scroll and 3 Gold lie on
    the Mystic's space, its kept Wolf is discarded, its Spell joins (docs/rulings.md R-FD13.1)."""
    s = _with_title(["wizard"], "mystic", strength=4, craft=5)
    s = update_character(s, "wizard", toad_turns=2, gold=0, objects=[], scrolls=[])
    home = s.characters["wizard"].space
    s = ml.swap(s, "wizard", "test")  # the Mystic in play, the Toad Original resting
    s = update_character(s, "wizard", space="fields_1", gold=3, objects=["helmet"],
                         scrolls=["scroll_of_escape"], trophies=["wolf"], spells=["hex"])
    s = ml.give_back(s, "wizard", "resigned")
    one = s.characters["wizard"]
    assert one.toad_turns == 2 and one.space == home
    assert (one.gold, list(one.objects), list(one.scrolls), list(one.trophies)) == (0, [], [], [])
    assert "hex" in one.spells
    assert list(s.board_cards["fields_1"]) == ["helmet", "scroll_of_escape"] and s.board_gold["fields_1"] == 3
    assert "wolf" in s.discards["adventure"] and ml.resting(s, "wizard") is None
    assert any(e.name == "possessions_dropped" for e in s.log)


def test_the_mystic_joined_keeps_the_longer_toad_state_of_the_two_pieces():
    """000 TOADS & TRANSFORMATIONS: "The effects of Transforming lasts for 3 Full turns": resigning
    the Mystic ends no piece's transformation; both Toads, the one character is a Toad for the
    longer of the two spans left (docs/rulings.md R-FB14.1)."""
    s = _with_title(["wizard"], "mystic", strength=4, craft=5)
    s = update_character(s, "wizard", toad_turns=1, gold=0, objects=[], scrolls=[])
    s = ml.swap(s, "wizard", "test")  # the Mystic in play, the Toad Original resting
    s = update_character(s, "wizard", toad_turns=3)
    s = ml.give_back(s, "wizard", "resigned")
    assert s.characters["wizard"].toad_turns == 3 and check(s) == []
    assert not any(e.name == "possessions_dropped" for e in s.log)


@pytest.mark.parametrize("option, kept", [("discarded", []), ("kept", ["wolf"])])
def test_the_original_joined_to_a_toad_mystic_keeps_his_trophies_only_with_the_option(option, kept):
    """000 TOADS & TRANSFORMATIONS: "cannot have any Possessions": the Original's Sword lies where
    he stands as he joins a Toad Mystic (R-FB14.1); his kept Wolf is discarded, or kept with the
    option ``toad_trophies: kept`` (R-FB14.3)."""
    s = talisman.new_game(["wizard"], seed=5, options={"master_levels": ["mystic"], "toad_trophies": option})
    s = ml.take_title(s, "wizard", "mystic", "test")
    s = update_character(s, "wizard", objects=["sword"], trophies=["wolf"])
    home = s.characters["wizard"].space
    s = ml.swap(s, "wizard", "test")
    s = update_character(s, "wizard", toad_turns=2, space="fields_1")  # the Mystic in play is a Toad
    s = ml.give_back(s, "wizard", "resigned")
    one = s.characters["wizard"]
    assert (one.toad_turns, one.space, list(one.objects), list(one.trophies)) == (2, home, [], kept)
    assert list(s.board_cards[home]) == ["sword"]
    assert ("wolf" in s.discards.get("adventure", ())) == (not kept)


def test_a_resting_toad_piece_counts_its_players_turn_and_the_piece_in_play_is_counted_once():
    """000 TOADS & TRANSFORMATIONS: "lasts for 3 Full turns": the player's turns, whichever piece
    he moved (docs/rulings.md R-FB14.2): at the end of the turn both Toad pieces count one down."""
    s = _with_title(["wizard", "warrior"], "mirror_image")
    s = update_character(s, "wizard", toad_turns=3)
    s = ml.swap(s, "wizard", "test")
    s = update_character(s, "wizard", toad_turns=2)
    s = ml.turn_ended(s, "wizard")
    assert ml.resting(s, "wizard").toad_turns == 2 and s.characters["wizard"].toad_turns == 2
    s = ml.turn_ended(ml.turn_ended(s, "wizard"), "wizard")
    assert ml.resting(s, "wizard").toad_turns == 0
    assert [e.data["piece"] for e in s.log if e.name == "toad_reverted"] == ["original"]
    assert check(s) == []


def test_the_mystic_uses_only_magic_objects_the_original_the_rest_until_joined():
    """000 Mystic: "The Mystic Character may only use Magic Objects and Magic Items. The Original
    Character may only use Non-Magic Objects and other possessions" (R-S23.1): a Follower is no
    Magic Object, so the Mystic has no use of it; the Mirror Image's pieces use everything; joined
    again, the one character uses everything."""
    cards = load().cards
    s = _with_title(["wizard"], "mystic", strength=4, craft=5)
    original = s.characters["wizard"]
    assert [usable(original, cards[c], s) for c in ("sword", "magic_belt", "maiden")] == [True, False, True]
    assert usable(original, cards["magic_belt"])   # without the state: carrying is not using
    s = ml.swap(s, "wizard", "test")
    mystic = s.characters["wizard"]
    assert [usable(mystic, cards[c], s) for c in ("sword", "magic_belt", "maiden")] == [False, True, False]
    s = ml.give_back(s, "wizard", "resigned")
    one = s.characters["wizard"]
    assert all(usable(one, cards[c], s) for c in ("sword", "magic_belt", "maiden"))
    m = _with_title(["warrior"], "mirror_image")
    assert all(usable(m.characters["warrior"], cards[c], m) for c in ("sword", "magic_belt", "maiden"))


def test_random_play_with_two_pieces_keeps_the_invariants():
    """The Mirror on top of the Adventure deck: seeded random games with two pieces hold every
    invariant, and the pieces are chosen, traded and kept."""
    seen = set()
    for seed in range(3):
        s = talisman.new_game(["warrior", "troll"], seed=seed, options={"master_levels": ["mirror_image"],
                                                                         "max_rounds": 20})
        deck = list(s.decks["adventure"])
        deck.remove("mirror_event")
        s = replace(s, decks=s.decks.set("adventure", pvector(["mirror_event"] + deck)))
        rng = random.Random(seed)
        for _ in range(600):
            if s.is_over:
                break
            legal = talisman.legal_actions(s)
            s = talisman.apply(s, legal[rng.randrange(len(legal))])
            assert check(s) == []
        seen |= {e.name for e in s.log}
    assert {"second_piece_made", "piece_chosen"} <= seen


def test_the_blood_moons_and_the_towers_own_checks_ask_the_mystics_use_limit():
    """000 Mystic: "The Mystic Character may only use Magic Objects and Magic Items. The Original
    Character may only use Non-Magic Objects" (R-S23.1): the Wolfsbane (an Object) adds nothing to
    the Mystic's Werewolf chart roll, the Holy Lance (a Magic Object) nothing against the Dragon
    Prince for the Original; joined again, both count."""
    from talisman.expansions.blood_moon import lycanthropy, modifiers  # (the expansions' own checks)
    from talisman.expansions.wizards_tower import dragon_bonus
    s = talisman.new_game(["druid"], seed=5, expansions=["blood_moon", "wizards_tower"],
                          options={"master_levels": ["mystic"]})
    s = ml.take_title(update_character(s, "druid", objects=["holy_lance"]), "druid", "mystic", "test")
    assert dragon_bonus(s, "druid") == 0
    s = ml.swap(s, "druid", "test")
    s = update_character(s, "druid", objects=["wolfsbane"])
    assert lycanthropy.wolfsbane_bonus(s, "druid") == 0
    assert modifiers.held_cards(s, "druid") == []
    s = ml.give_back(s, "druid", "resigned")
    assert lycanthropy.wolfsbane_bonus(s, "druid") == 2 and dragon_bonus(s, "druid") == 3


def test_a_follower_left_as_an_agreed_tithe_is_collected_by_the_owner():
    """000 Collecting Tithings: "Realm owners (Nobles) may not collect tithings placed on their Realms
    until they land on or pass over their Realms": a Follower the owner agreed to (000 Tithings,
    "anything else agree upon"; docs/rulings.md R-NR9.1) is collected as any tithe, and joins his
    Followers."""
    s = talisman.new_game(["warrior", "wizard"], options={"noblemen": True})
    m = noblemen.SLICE.plain(s)
    m["held"]["warrior"] = m["pile"].pop(0)
    m["realms"]["chapel"] = {"owner": "warrior", "title": m["held"]["warrior"], "gold": 1}
    m["cards"]["chapel"] = ["maiden"]
    s = noblemen._store(s, m)
    s = noblemen.collect(s, "warrior", "chapel")
    assert list(s.characters["warrior"].followers) == ["maiden"]
    assert noblemen.realms(s)["chapel"]["gold"] == 0 and list(s.ext["noblemen"].cards["chapel"]) == []


def _realm_with_a_henchman(followers=()):
    s = talisman.new_game(["warrior", "wizard"], options={"noblemen": True, "henchmen_dealt": {"warrior": ["thief"]}})
    s = update_character(s, "warrior", followers=list(followers))
    m = noblemen.SLICE.plain(s)
    m["held"]["warrior"] = m["pile"].pop(0)
    m["realms"]["chapel"] = {"owner": "warrior", "title": m["held"]["warrior"], "gold": 0,
                             "henchmen": [{"id": "priest", "lives": 2}]}
    m["cards"]["chapel"] = []
    return noblemen._store(s, m)


def test_a_henchman_left_as_a_tithe_serves_the_owner_with_its_lives_or_is_driven_off_by_the_hag():
    """000 Collecting Tithings; 000 HENCHMEN ("considered Followers for any pertaining rules"): a
    Henchman lying on a Realm as an agreed tithe (docs/rulings.md R-PROBE14C.1) joins the owner who
    collects it, with the lives it has; with the Hag ("none may be gained") it leaves the game."""
    s = noblemen.collect(_realm_with_a_henchman(), "warrior", "chapel")
    assert [dict(h) for h in s.ext["henchmen"].dealt["warrior"]] == [{"id": "thief", "lives": 4},
                                                                     {"id": "priest", "lives": 2}]
    assert "henchmen" not in noblemen.realms(s)["chapel"] and check(s) == []
    s = noblemen.collect(_realm_with_a_henchman(followers=["hag"]), "warrior", "chapel")
    assert [h["id"] for h in s.ext["henchmen"].dealt["warrior"]] == ["thief"]
    assert s.log[-1].name == "henchmen_left" and s.log[-1].data["henchmen"] == ["priest"]


def test_a_dead_nobles_realm_takes_a_henchman_lying_on_it_out_of_the_game():
    """000 REALMS (docs/rulings.md M9, R-PROBE14C.1): the dead Noble's Realm leaves the board; a
    Henchman left on it as a tithe is no one's and leaves the game (no card to lie on the space)."""
    s = noblemen.character_died(_realm_with_a_henchman(), "warrior")
    assert noblemen.realms(s) == {} and "chapel" not in s.board_cards
    removed = [e for e in s.log if e.name == "realm_removed"]
    assert removed[-1].data["henchmen"] == ["priest"]


def test_either_mystic_piece_carrying_a_talisman_may_enter_the_valley_of_fire():
    """000 Mystic's use limits ("may only use Magic Objects and Magic Items" / "Non-Magic Objects and
    other possessions") do not touch the Talisman, whose one use is its possession (TALISMAN CARDS:
    "No Character may enter the Valley of Fire without a Talisman in their possession"; rulings
    R-NA11.5, R-NC11.5): the Mystic carrying one may enter, as the Original may (the engine before:
    the Mystic could not "use" it, the Valley stayed shut to him)."""
    from talisman.rules import movement
    s = _with_title(["wizard"], "mystic", strength=4, craft=5)
    s = update_character(s, "wizard", objects=["talisman"])
    assert movement.has_talisman(s, "wizard")  # the Original
    s = ml.swap(s, "wizard", "test")
    s = update_character(s, "wizard", objects=["talisman"])
    assert usable(s.characters["wizard"], load().cards["talisman"], s)
    assert movement.has_talisman(s, "wizard")  # the Mystic
    assert not usable(s.characters["wizard"], load().cards["sword"], s)


def test_a_realm_given_by_the_scenario_setup_takes_its_title_out_of_the_pile():
    """000 NOBLEMEN ("they may take a Title card chosen at Random ... Immediately place the
    corresponding Realm"): the scenarios' set-up key ``realms`` places a Realm from before, its
    Title held by its owner and out of the Title pile (each Title once), the tithes' Gold on it;
    no card moves (docs/scenarios.md)."""
    s = setup_state({"options": {"noblemen": True}, "characters": ["warrior", "troll"],
                     "realms": {"tavern": {"owner": "troll", "title": "duke", "gold": 2}}}, [])
    m = s.ext["noblemen"]
    assert m.held == {"troll": "duke"} and "duke" not in m.pile and len(m.pile) == len(noblemen.table()) - 1
    assert dict(m.realms["tavern"]) == {"owner": "troll", "title": "duke", "gold": 2}
    assert noblemen.title_of(s, "troll") == "duke" and "tavern" not in noblemen.realm_spaces(s)
    check(s)


def _with_strength(monkeypatch, title, strength):
    """The titles as data, ``title``'s card adding ``strength`` (none in data but the Warrior of
    Chaos does: the bar's other routes are tried on a title changed so)."""
    changed = {k: dict(v) for k, v in ml.titles().items()}
    changed[title]["strength"] = strength
    monkeypatch.setattr(ml, "titles", lambda: changed)


def test_every_way_a_title_comes_asks_the_toads_bar(monkeypatch):
    """000 TOADS & TRANSFORMATIONS: "Toads and other transformed creatures may not Gain Strength
    or Craft" (docs/rulings.md R-RULER21.3, R-FIX26.3): a title whose card adds Strength is
    neither offered at the Royal Castle (``master_levels_offer``) nor given by an effect
    (``master_levels_title``: the Beggar's roll, the Way of the Lotus) to a Toad, and is to the
    same character when he is no Toad; a title adding nothing (the Sheriff as in data) is."""
    s = setup_state({"options": {"master_levels": ["sheriff", "kings_champion"]},
                     "characters": [{"id": "warrior", "space": "village", "fate": 0}]}, [])
    toad = update_character(s, "warrior", toad_turns=2)
    src = {"card": "beggar"}
    assert ml.may_gain(toad, "warrior", "sheriff")
    assert ml.offer_effect(toad, {"title": "sheriff"}, "warrior", src).pending.kind == "master_level"
    _with_strength(monkeypatch, "sheriff", 1)
    _with_strength(monkeypatch, "kings_champion", 1)
    assert not ml.may_gain(toad, "warrior", "sheriff") and ml.may_gain(s, "warrior", "sheriff")
    assert ml.offer_effect(toad, {"title": "sheriff"}, "warrior", src) is toad
    assert ml.offer_effect(s, {"title": "sheriff"}, "warrior", src).pending.kind == "master_level"
    given = ml.title_effect(toad, {"title": "kings_champion"}, "warrior", src)
    assert ml.title_of(given, "warrior") is None
    assert given.log[-1].name == "master_level_refused"
    assert ml.title_of(ml.title_effect(s, {"title": "kings_champion"}, "warrior", src), "warrior") == "kings_champion"
