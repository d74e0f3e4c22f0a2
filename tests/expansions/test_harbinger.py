"""The Harbinger expansion (001_12251af71a893e4e.txt): each test names the rule section it checks."""
import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))

import talisman  # noqa: E402
from support import events, game, hgame, legal, names, play, run_effects  # noqa: E402
from talisman.definitions import load  # noqa: E402
from talisman.engine.records import Outcome  # noqa: E402
from talisman.expansions import harbinger  # noqa: E402
from talisman.expansions.harbinger import figure, omens, store, terrain  # noqa: E402
from talisman.rules import encounters  # noqa: E402
from talisman.testing import invariants  # noqa: E402
from talisman.testing.strategies import play_random  # noqa: E402

H = ["harbinger"]


def ext(state, key):
    return state.ext["harbinger"][key]


def cards_of(deck):
    return [c for c in load().cards.values() if c.deck == deck and c.set == "harbinger"]


# --- 001 Components, The Harbinger Symbol ------------------------------------------------------

def test_components_decks_and_card_counts():
    """001 Components: 75 Harbinger cards, 32 Omen cards, 10 Terrain cards, 10 Spells,
    2 Alternative Endings; every card of the game is in exactly one place at set-up."""
    decks = load().expansion_decks["harbinger"]
    assert {d: len(c) for d, c in decks.items()} == {
        "harbinger": 75, "omen": 32, "terrain": 10, "spell": 10, "alternative_ending": 2}
    s = talisman.new_game(["warrior", "wizard"], expansions=H, seed=1)
    assert len(s.decks["harbinger"]) == 75 and len(s.decks["terrain"]) == 10
    assert len(s.decks["spell"]) + sum(len(c.spells) for c in s.characters.values()) == 34
    assert invariants.check(s) == []


def test_card_data_fields_are_ones_the_rules_read():
    """001 Components: every expansion-specific card field (``data:``) is one the rules read; the
    chart's table covers each die result exactly once (checked on load)."""
    known = {"omen": {"set", "position", "continuous"},
             "terrain": {"draw", "always_draw", "deck", "creature_bonus", "die_modifier"},
             "alternative_ending": {"icons", "star"}}
    continuous = {"attack_bonus", "all_draws_harbinger", "space_override", "terrain_landing_spreads",
                  "terrain_end_turn_lives", "spell_limit", "no_spells", "trophy_bonus", "after_fight",
                  "roll_of_one_stays", "extra_from_discards", "on_cast",
                  "magic_object_limit", "no_trophies", "blank_inner", "after_win", "undead_rise"}
    for c in load().cards.values():
        if c.set != "harbinger" or not c.data:
            continue
        allowed = known.get(c.type, {"attack_per_omen_discarded", "wins_when_omens_exhausted", "dispels",
                                     "unbeaten", "beaten", "on_roll", "attack_on_roll",
                                     "attack_per_trophy", "as_trophy", "on_omen_discard",
                                     "moves_harbinger_on_event", "roll_of_one_stays", "on_take",
                                     "at_turn_start", "prayer_add_up_to", "on_visit", "battle_won",
                                     "second_die", "toad_on_reroll", "table_roll_bonus", "on_meet",
                                     "life_value", "fate_value", "others_lose_lives", "others_heal",
                                     "ignores_omens", "chart_on_first_event", "binds_movement",
                                     "shifts_terrain"})
        assert set(c.data.get("as_trophy", {})) <= {"attack_bonus", "roll_of_one_ends_turn", "no_followers",
                                                    "trophy_value_less"}, c.id
        assert set(c.data) <= allowed, c.id
        assert set(c.data.get("continuous", {})) <= continuous, c.id
        assert set(c.data.get("star", {})) <= {"crown_wins_when_omens_exhausted", "harbinger_to_the_dead"}
    assert figure.chart()[0]["roll"]["dice"] == "d6"


def test_the_harbinger_symbol_marks_every_expansion_card():
    """001 The Harbinger Symbol: the expansion's cards are told apart from the base game's
    (each card knows its set)."""
    ours = [c for c in load().cards.values() if c.set == "harbinger"]
    assert len(ours) == len(set(c.id for c in ours)) and len(ours) > 100
    assert not any(c.set == "harbinger" for c in load().cards.values() if c.deck == "adventure")
    assert {c.id for c in cards_of("spell")} == {"augury", "dark_binding", "dispellation",
                                                 "sacred_offering", "terra_shift"}


def test_base_game_never_runs_harbinger_code(monkeypatch):
    """001 Expansion Rules: a base-game state never runs the expansion's hooks, effects or steps."""
    def boom(*a, **k):
        raise AssertionError("harbinger code ran in a base game")
    for name in list(harbinger.HOOKS):
        monkeypatch.setitem(harbinger.HOOKS, name, boom)
    for name in list(harbinger.EFFECTS):
        monkeypatch.setitem(harbinger.EFFECTS, name, boom)
    for seed in range(3):
        s = talisman.new_game(["warrior", "troll", "elf"], seed=seed, options={"max_rounds": 4})
        states, _ = play_random(s, 400, bot_seed=seed)
        assert "harbinger" not in states[-1].ext
    with pytest.raises(AssertionError):
        talisman.new_game(["warrior"], expansions=H)


# --- 001 Strength/Craft ----------------------------------------------------------------------------

def test_strength_craft_enemies_are_fought_in_battle_or_psychic_combat_as_chosen():
    """001 Strength/Craft: the character chooses battle or psychic combat against them (the
    Horsemen have both values; the E-G blocks fight by Craft only: docs/rulings.md R-CD1), its one
    Strength/Craft value either way (R-HB13.3)."""
    s = hgame([{"id": "warrior", "space": "woods_2", "craft": 4}], [1],
              board_cards={"fields_3": ["horseman_of_war"]})
    s = play(s, "move:fields_3")
    assert legal(s) == {"combat:battle", "combat:psychic"}
    p = play(s, "combat:psychic")
    assert p.battle["kind"] == "psychic" and p.battle["enemies"][0]["value"] == 7  # its Craft
    b = play(s, "combat:battle")
    assert b.battle["kind"] == "battle" and b.battle["enemies"][0]["value"] == 7  # its Strength


def test_an_enemy_of_one_combat_kind_offers_no_choice():
    """R-CD1 (card-data.md 2.2): the Herald of Death (block F) fights by Craft only, the Nephilim
    (block B) by Strength only: the fight starts without a battle/psychic choice."""
    for card, kind in (("herald_of_death", "psychic"), ("nephilim", "battle")):
        s = hgame([{"id": "warrior", "space": "woods_2"}], [1], board_cards={"fields_3": [card]})
        s = play(s, "move:fields_3")
        assert legal(s) == {"fight"} and s.battle["kind"] == kind


def test_strength_craft_choice_covers_all_of_them_and_joins_same_kind_enemies():
    """001 Strength/Craft: "he can choose to fight all these Enemies" in one combat; plain
    enemies of the same number that fight the chosen way join them, the others wait."""
    cards = ["horseman_of_war", "doomsday_prophet", "skeleton"]
    s = hgame([{"id": "warrior", "space": "woods_2"}], [1], board_cards={"fields_3": list(cards)})
    s = play(s, "move:fields_3", "combat:psychic")
    assert [e["name"] for e in s.battle["enemies"]] == ["horseman_of_war", "doomsday_prophet"]
    s2 = hgame([{"id": "warrior", "space": "woods_2"}], [1], board_cards={"fields_3": list(cards)})
    s2 = play(s2, "move:fields_3", "combat:battle")
    assert [e["name"] for e in s2.battle["enemies"]] == ["horseman_of_war", "skeleton"]


def test_strength_craft_trophies_cash_in_for_strength_or_craft():
    """001 Strength/Craft: "Characters may exchange trophies with a Strength/Craft value for
    either Strength counters or Craft counters"."""
    s = hgame([{"id": "warrior", "space": "woods_2", "craft": 9}], [1, 6, 1],
              board_cards={"fields_3": ["horseman_of_war"]})
    s = play(s, "move:fields_3", "combat:psychic", "fight")
    assert list(s.characters["warrior"].trophies) == ["horseman_of_war"]
    from talisman.rules import characters as chars  # a test-local helper import
    s = attrs_replace_char(s, "warrior", trophies=["horseman_of_war", "horseman_of_death"])  # 7+7 / 6+7
    assert chars.can_cash_in(s, "warrior", "strength") and chars.can_cash_in(s, "warrior", "craft")
    craft = chars.cash_in(s, "warrior", "craft")
    assert craft.characters["warrior"].craft == s.characters["warrior"].craft + 1
    assert not craft.characters["warrior"].trophies


def attrs_replace_char(state, cid, **changes):
    from talisman.state import update_character
    return update_character(state, cid, **changes)


# --- 001 The Harbinger ---------------------------------------------------------------------------

def test_the_harbinger_starts_on_its_sheet_and_moves_to_a_character_who_draws_an_event():
    """001 The Harbinger: on the sheet at the start; "After a character (not in the Inner
    Region) draws an Event, move the Harbinger to that character's space"."""
    s = hgame([{"id": "thief", "space": "woods_2"}], [1],
              deck_tops={"adventure": ["angel"]})
    assert ext(s, "harbinger") is None
    s = play(s, "move:fields_3")
    assert ext(s, "harbinger") == "fields_3"
    moved = names(s).index("harbinger_moved")
    assert moved < names(s).index("card_met")  # before the Event is met
    # a character in the Inner Region draws no Harbinger after it
    inner = hgame([{"id": "thief", "space": "mines"}])
    inner = figure.events_drawn(inner, "thief", ["angel"])
    assert ext(inner, "harbinger") is None


def test_the_harbinger_makes_board_spaces_in_its_region_draw_harbinger_cards():
    """001 The Harbinger: "Whenever a character in the same Region as the Harbinger is
    instructed by a board space to draw cards, he must draw Harbinger cards instead"."""
    s = hgame([{"id": "thief", "space": "woods_2"}], [1], position={"harbinger": "village"},
              deck_tops={"harbinger": ["black_squire"], "adventure": ["sword"]})
    s = play(s, "move:fields_3")
    assert [(e["card"]) for e in events(s, "card_drawn")] == ["black_squire"]
    # in another Region, the Adventure deck as usual
    m = hgame([{"id": "thief", "space": "oasis"}], [1], position={"harbinger": "village"},
              deck_tops={"harbinger": ["black_squire"], "adventure": ["sword"]})
    m = play(m, "move:desert_2")
    assert [e["card"] for e in events(m, "card_drawn")] == ["sword"]
    assert figure.draw_deck(m, "adventure", "thief", "desert_2") == "adventure"
    assert figure.draw_deck(s, "adventure", "thief", "fields_3") == "harbinger"
    assert figure.draw_deck(s, "spell", "thief", "fields_3") == "spell"


def test_landing_on_the_harbinger_rolls_on_his_chart_instead_of_the_space_or_a_character():
    """001 The Harbinger: "A character landing on the same space as the Harbinger must
    encounter the Harbinger by rolling on his chart instead of encountering the space or another
    character on the space"."""
    s = hgame([{"id": "warrior", "space": "woods_2"}, {"id": "troll", "space": "fields_3"}],
              [1, 4], position={"harbinger": "fields_3"}, deck_tops={"harbinger": ["skeleton"]})
    s = play(s, "move:fields_3")
    assert "harbinger_encountered" in names(s)
    assert not events(s, "card_drawn") and "encountered_character" not in names(s)
    assert events(s, "cards_seen")[0]["cards"][0] == "skeleton"  # chart 4: visions
    assert s.characters["warrior"].fate == 1
    assert s.current == "troll"


def test_the_harbinger_goes_back_to_its_sheet_after_the_next_omen_is_resolved():
    """001 The Harbinger: "Whenever the top Omen is discarded, move the Harbinger figure to the
    Harbinger sheet after the next Omen in the stack is resolved"."""
    s = hgame([{"id": "warrior", "space": "fields_3", "fate": 2}],
              position={"harbinger": "fields_3", "omens_discarded": 0})
    s = run_effects(s, [{"discard_omen": {}}], "warrior")
    n = names(s)
    # the Prophecy goes, Doom (each character in the Harbinger's Region loses 1 fate) resolves,
    # then the Harbinger leaves the board
    assert n.index("omen_revealed") < n.index("fate_lost") < n.index("harbinger_moved")
    assert s.characters["warrior"].fate == 1
    assert ext(s, "harbinger") is None


def test_the_harbinger_chart_extra_turn():
    """001 The Harbinger: the chart (a stand-in) can give an extra turn right after this one."""
    s = hgame([{"id": "warrior", "space": "woods_2"}, {"id": "troll", "space": "city"}],
              [1, 6, 2], position={"harbinger": "fields_3"})
    s = play(s, "move:fields_3")
    assert "extra_turn" in names(s) and s.current == "warrior"
    assert s.pending.kind == "move" and s.pending.player == "warrior"


# --- 001 Harbinger Cards ---------------------------------------------------------------------------

def test_harbinger_enemies_are_always_taken_as_trophies():
    """001 Harbinger Cards: "Enemies from the Harbinger deck must be taken as trophies when
    defeated in battle or psychic combat" (no Harbinger enemy has an effect instead)."""
    enemies = [c for c in cards_of("harbinger") if c.type == "enemy"]
    assert sum(c.copies for c in enemies) == 33 and not any(c.effect for c in enemies)
    s = hgame([{"id": "thief", "space": "woods_2", "strength": 6}], [1, 6, 1],
              board_cards={"fields_3": ["skeleton"]})
    s = play(s, "move:fields_3", "fight")
    assert list(s.characters["thief"].trophies) == ["skeleton"]


def test_harbinger_cards_are_not_adventure_cards_while_drawn_but_are_once_face_up():
    """001 Harbinger Cards: drawn from their own deck (and discarded to their own pile), they are
    met and claimed like Adventure cards once face up on a space."""
    s = hgame([{"id": "thief", "space": "woods_2"}], [1], position={"harbinger": "village"},
              deck_tops={"harbinger": ["white_maiden"]})
    adventure_before = len(s.decks["adventure"])
    s = play(s, "move:fields_3")
    assert len(s.decks["adventure"]) == adventure_before
    assert "take:white_maiden" in legal(s)
    s = play(s, "take:white_maiden")
    assert "white_maiden" in s.characters["thief"].followers
    # a Harbinger card lying face up is met by the base game's own encounter
    b = hgame([{"id": "thief", "space": "woods_2"}], [1], board_cards={"fields_3": ["black_squire"]})
    b = play(b, "move:fields_3")
    assert "take:black_squire" in legal(b) and "encountered_space" in names(b)
    assert load().cards["the_first_sign"].deck == "harbinger"
    from talisman.rules import characters as chars
    d = chars.discard(b, "the_first_sign")
    assert "the_first_sign" in d.discards["harbinger"]


# --- 001 Omen Cards --------------------------------------------------------------------------------

@pytest.mark.parametrize("omen_set", omens.SETS)
def test_omen_stack_is_built_seventh_at_the_bottom_to_the_prophecy_on_top(omen_set):
    """001 Omen Cards: one Omen set, chosen at set-up, "starting with the 7th Omen at the
    bottom ... with the Prophecy card on the top"; the other sets stay in the box."""
    s = talisman.new_game(["warrior"], expansions=H, options={"harbinger_omen_set": omen_set})
    stack = list(ext(s, "omen_stack"))
    assert [load().cards[c].data["position"] for c in stack] == list(range(8))
    assert {load().cards[c].data["set"] for c in stack} == {omen_set}
    assert len(ext(s, "cards")["omen_box"]) == 24 and not s.decks["omen"]
    with pytest.raises(talisman.TalismanError):
        talisman.new_game(["warrior"], expansions=H, options={"harbinger_omen_set": "nope"})


def test_discarding_the_top_omen_reveals_and_resolves_the_next():
    """001 Omen Cards: the top card goes face up on the Omen discard pile; the newly revealed
    Omen's immediate effects resolve."""
    s = hgame([{"id": "warrior", "space": "fields_3"}, {"id": "troll", "space": "hills_1"},
               {"id": "elf", "space": "oasis"}], position={"harbinger": "woods_2", "omens_discarded": 1})
    assert omens.top(s) == "omen_doom"
    s = run_effects(s, [{"discard_omen": {}}], "warrior")
    assert list(ext(s, "omen_discards")) == ["omen_doom", "omen_armageddon_prophecy"]
    assert omens.top(s) == "omen_plague"
    # Plague: each character in the Harbinger's Region (the Outer) loses a life (of his card's:
    # the Revised 4th Edition's lives, the default with The Harbinger: Warrior 5, Troll 6, Elf 4)
    assert [s.characters[c].lives for c in ("warrior", "troll", "elf")] == [4, 5, 4]


def test_an_empty_omen_stack_ends_the_game_and_everyone_loses():
    """001 Omen Cards: "If there are no cards remaining in the Omen stack, the game is over and
    all characters lose the game"."""
    s = hgame(["warrior", "troll"], position={"omens_discarded": 7})
    assert list(ext(s, "omen_stack")) == ["omen_armageddon"]
    s = run_effects(s, [{"discard_omen": {}}], "warrior")
    assert s.outcome == Outcome("omens_exhausted", ()) and s.is_over and s.winner is None
    assert s.pending is None and invariants.check(s) == []
    assert len(ext(s, "omen_discards")) == 8


def test_the_apocrypha_wins_when_the_last_omen_goes():
    """001 Omen Cards: a card may change who wins when the stack runs out (The Apocrypha)."""
    s = hgame([{"id": "warrior", "objects": ["the_apocrypha"]}, "troll"],
              position={"omens_discarded": 7})
    s = run_effects(s, [{"discard_omen": {}}], "troll")
    assert s.outcome == Outcome("omens_exhausted", ("warrior",))


def test_a_discarded_omen_returned_to_the_stack_resolves_again():
    """001 Omen Cards: "If an effect places an Omen card in the Omen discard pile on top of the
    Omen stack, resolve any immediate effects on the newly placed card"."""
    s = hgame([{"id": "warrior", "space": "fields_3"}], position={"harbinger": "fields_3",
                                                                 "omens_discarded": 3})
    assert omens.top(s) == "omen_war"
    s = run_effects(s, [{"restore_omen": {}}], "warrior")
    assert omens.top(s) == "omen_plague" and s.characters["warrior"].lives == 4  # of the card's 5 (the Revised 4th Edition's lives, the default with The Harbinger)
    assert list(ext(s, "omen_discards")) == ["omen_doom", "omen_armageddon_prophecy"]
    assert "omen_restored" in names(s)


def test_continuous_effects_of_the_top_omen_apply_only_while_it_is_on_top():
    """001 Omen Cards: "Continuous effects of the top Omen card ... are always applied until the
    Omen is discarded or no longer the top card"."""
    s = hgame(["warrior"], options={"harbinger_omen_set": "rise_of_the_dead"},
              position={"omens_discarded": 1})
    assert omens.top(s) == "omen_restless_dead"
    assert harbinger.attack_score(s, 3, "skeleton", "battle") == 4        # Undead
    assert harbinger.attack_score(s, 4, "vengeful_ghosts", "psychic") == 5  # Spirit
    assert harbinger.attack_score(s, 4, "scavenging_beasts", "battle") == 4
    from talisman.expansions import adjust
    assert adjust(s, "attack_score", 3, enemy="skeleton", kind="battle") == 4
    before = hgame(["warrior"], options={"harbinger_omen_set": "rise_of_the_dead"})
    assert harbinger.attack_score(before, 3, "skeleton", "battle") == 3  # the Prophecy on top
    arma = hgame([{"id": "thief", "space": "woods_2"}], [1], position={"omens_discarded": 7},
                 deck_tops={"harbinger": ["black_squire"]})
    assert omens.continuous(arma)["all_draws_harbinger"]
    arma = play(arma, "move:fields_3")  # the Harbinger is on its sheet, yet Harbinger cards
    assert events(arma, "card_drawn")[0]["card"] == "black_squire"


def test_the_possessed_cultist_grows_with_each_discarded_omen():
    """001 Omen Cards: discarded Omens count for cards that say so (the Possessed Cultist)."""
    s = hgame(["warrior"], position={"omens_discarded": 3})
    assert harbinger.attack_score(s, 3, "possessed_cultist", "battle") == 6


def test_shattered_world_omens_growing_chaos_and_shards():
    """001 Omen Cards: continuous effects through the hooks -- Growing Chaos (ending a turn on
    Terrain costs a life) and Shards of the Old World (every space reads "lose a life, draw 1")."""
    s = hgame([{"id": "warrior", "space": "woods_2"}, {"id": "troll", "space": "city"}], [1],
              options={"harbinger_omen_set": "shattered_world"},
              position={"omens_discarded": 6, "terrain": {"fields_3": "terrain_runes"}},
              deck_tops={"adventure": ["sword"]})
    assert omens.top(s) == "omen_growing_chaos"
    s = play(s, "move:fields_3", "done")
    assert s.characters["warrior"].lives == 4 and s.current == "troll"  # of the card's 5 (the Revised 4th Edition's lives, the default with The Harbinger)
    shards = hgame([{"id": "warrior", "space": "woods_2"}], [1],
                   options={"harbinger_omen_set": "shattered_world"}, position={"omens_discarded": 7},
                   deck_tops={"adventure": ["sword"]})
    shards = play(shards, "move:fields_3", "done")
    assert shards.characters["warrior"].lives == 4  # of the card's 5 (the Revised 4th Edition's lives, the default with The Harbinger)
    assert events(shards, "encountered_space")[0]["as_name"] == "Shards of the Old World"
    assert [e["card"] for e in events(shards, "card_drawn")] == ["sword"]


def test_every_omen_resolves_without_error():
    """001 Omen Cards: each Omen's immediate effects run (a smoke test over the 32 cards)."""
    for omen_set in omens.SETS:
        for k in range(1, 8):
            s = hgame([{"id": "warrior", "space": "fields_3", "objects": ["sword"],
                        "followers": ["maiden"]}, {"id": "wizard", "space": "oasis"}],
                      options={"harbinger_omen_set": omen_set},
                      position={"omens_discarded": k - 1, "harbinger": "fields_3"},
                      board_cards={"woods_2": ["skeleton"]})
            s = run_effects(s, [{"discard_omen": {}}], "warrior", dice=[3] * 30)
            assert omens.top(s) == omens.set_cards(omen_set)[k]
            while s.pending is not None and not s.pending.is_chance and s.current == "warrior" \
                    and s.pending.kind != "move":
                s = play(s, str(talisman.legal_actions(s)[0]))  # the choices an Omen asks for
            assert invariants.card_places(s) == invariants.expected_cards(s), (omen_set, k)


def test_shattered_world_immediate_omens_place_and_clear():
    """001 Omen Cards: immediate effects -- Civilization Falls covers seven named spaces with
    random Terrain; The Earth Quakes discards every face-up card after each character loses a
    life per card on its space; Broken Worlds spreads Terrain from a Terrain a character lands on."""
    s = hgame(["warrior"], options={"harbinger_omen_set": "shattered_world"}, position={"omens_discarded": 4})
    s = run_effects(s, [{"discard_omen": {}}], "warrior")
    assert omens.top(s) == "omen_civilization_falls"
    assert set(ext(s, "terrain")) == {"tavern", "village", "graveyard", "chapel", "city", "temple", "castle"}
    q = hgame([{"id": "warrior", "space": "fields_3"}, {"id": "troll", "space": "oasis"}],
              options={"harbinger_omen_set": "shattered_world"}, position={"omens_discarded": 2},
              board_cards={"fields_3": ["sword", "bear"], "woods_2": ["ring"]})
    q = run_effects(q, [{"discard_omen": {}}], "warrior")
    assert omens.top(q) == "omen_the_earth_quakes"
    # of their cards' 5 and 6 (the Revised 4th Edition's lives, the default with The Harbinger)
    assert q.characters["warrior"].lives == 3 and q.characters["troll"].lives == 6
    assert not q.board_cards and {"sword", "bear", "ring"} <= set(q.discards["adventure"])
    b = hgame([{"id": "warrior", "space": "woods_2"}], [1, 1],
              options={"harbinger_omen_set": "shattered_world"},
              position={"omens_discarded": 4, "terrain": {"fields_3": "terrain_barrens"}},
              deck_tops={"terrain": ["terrain_bog"]})
    assert omens.top(b) == "omen_broken_worlds"
    b = play(b, "move:fields_3")
    assert legal(b) == {"place:woods_2", "place:city"}  # equally near: the character chooses
    b = play(b, "place:city")
    assert ext(b, "terrain")["city"] in {c.id for c in cards_of("terrain")}
    assert b.characters["warrior"].lives == 4  # and the Barrens still cost a life (of his card's 5)


def test_armageddon_war_replaces_face_up_cards_in_the_harbingers_region():
    """001 Omen Cards: War -- the face-up cards of the Harbinger's Region give way to Harbinger
    cards, one drawn for each card discarded (card-data.md 2.3 [DB]); the Harbinger then goes
    back to its sheet."""
    s = hgame([{"id": "warrior", "space": "oasis"}], position={"harbinger": "city", "omens_discarded": 2},
              board_cards={"fields_3": ["sword", "ring"], "oasis": ["axe"]},
              deck_tops={"harbinger": ["skeleton", "nephilim"]})
    s = run_effects(s, [{"discard_omen": {}}], "warrior")
    assert omens.top(s) == "omen_war"
    assert sorted(s.board_cards["fields_3"]) == ["nephilim", "skeleton"] and list(s.board_cards["oasis"]) == ["axe"]
    assert {"sword", "ring"} <= set(s.discards["adventure"])
    assert ext(s, "harbinger") is None
    assert invariants.card_places(s) == invariants.expected_cards(s)


def test_terrain_with_its_own_deck_and_a_choice_of_space():
    """001 Terrain Cards: a Terrain's own text -- the Hellpits always draw 2 Harbinger cards, the
    Rift places a random Terrain on another space of the Region, chosen by the character."""
    s = hgame([{"id": "thief", "space": "woods_2"}], [1], position={"terrain": {"fields_3": "terrain_hellpits"}},
              deck_tops={"harbinger": ["black_squire", "white_maiden"]}, board_cards={"fields_3": ["sword"]})
    s = play(s, "move:fields_3")
    assert [e["card"] for e in events(s, "card_drawn")] == ["black_squire", "white_maiden"]
    r = hgame([{"id": "thief", "space": "woods_2"}], [1], position={"terrain": {"fields_3": "terrain_rift"}})
    r = play(r, "move:fields_3")
    assert "place:fields_3" not in legal(r) and "place:city" in legal(r) and "place:hills_3" not in legal(r)
    r = play(r, "place:chapel")
    assert "chapel" in ext(r, "terrain")


def test_each_in_the_harbingers_region_needs_the_harbinger_on_the_board():
    """001 The Harbinger: effects on "the Harbinger's Region" touch no one while he is on his sheet."""
    s = hgame([{"id": "warrior", "space": "fields_3"}])
    s = run_effects(s, [{"each_in_harbinger_region": {"effects": [{"lose": {"lives": 1}}]}}], "warrior")
    assert s.characters["warrior"].lives == 5  # his card's (the Revised 4th Edition's, the default)


# --- 001 Cursed Keyword -----------------------------------------------------------------------------

FULL = ["sword", "axe", "helmet", "shield"]


def test_cursed_objects_must_be_taken_even_at_the_carrying_limit_and_cannot_be_ditched():
    """001 Cursed Keyword: "must be taken by a character encountering them (even if the character
    is at his Object Carrying Limit) and cannot be ditched"."""
    s = hgame([{"id": "thief", "space": "woods_2", "objects": FULL}], [1],
              board_cards={"fields_3": ["flail_of_blood", "armour_of_humility", "witch_cat"]})
    s = play(s, "move:fields_3")
    th = s.characters["thief"]
    assert "flail_of_blood" in th.objects and "witch_cat" in th.followers
    assert len(th.objects) == 5
    options = legal(s)
    assert "drop:flail_of_blood" not in options and "drop:sword" in options
    assert "take:armour_of_humility" not in options  # at the limit: drop something first
    # a cursed follower cannot be ditched either
    from talisman.expansions.harbinger import effects as heff
    d = run_effects(s, [{"ditch": {}}], "thief")
    assert "ditch:witch_cat" not in legal(d) and "ditch:flail_of_blood" not in legal(d)
    assert heff.SCHEMAS["ditch"]


def test_cursed_objects_are_kept_first_when_choosing_what_to_keep():
    """001 Cursed Keyword: with more Objects than the limit, a character keeps as many Cursed
    Objects as possible (the base game's only keep-or-drop moment is taking an Object at the
    limit: the drops offered never include a Cursed Object)."""
    s = hgame([{"id": "thief", "space": "plains_1", "craft": 1,
                "objects": ["flail_of_blood", "forbidden_tome", "worldeater_box", "cursed_talisman"]}],
              [2], board_cards={"fields_3": ["sword"]})
    if s.pending.kind == "turn":  # the Forbidden Tome filled his Spells as the turn started
        s = play(s, "roll")
    s = play(s, "move:fields_3")
    assert not any(a.startswith("drop:") for a in legal(s))
    assert "take:sword" not in legal(s)


def test_cursed_objects_taken_over_the_limit_the_others_are_left_and_the_cursed_kept():
    """001 Cursed Keyword: a Cursed Object taken over the limit stays; the character then keeps
    the Cursed first and leaves other Objects (base LIMIT TO NUMBER OF OBJECTS step)."""
    s = hgame([{"id": "thief", "space": "woods_2", "objects": FULL}], [1],
              board_cards={"fields_3": ["flail_of_blood"]})
    s = play(s, "move:fields_3")
    assert s.pending.kind == "over_limit" and "drop:flail_of_blood" not in legal(s)
    s = play(s, "drop:sword")
    th = s.characters["thief"]
    assert "flail_of_blood" in th.objects and len(th.objects) == 4 and "sword" in s.board_cards["fields_3"]


def test_cursed_objects_may_be_discarded_stolen_and_sold():
    """001 Cursed Keyword: "Cursed Objects and Followers may be discarded, stolen, and sold as
    normal"."""
    s = hgame([{"id": "thief", "space": "fields_3", "objects": ["flail_of_blood"]}])
    d = run_effects(s, [{"discard_object": {}}], "thief")
    d = play(d, "discard:flail_of_blood")
    assert not d.characters["thief"].objects and "flail_of_blood" in d.discards["harbinger"]
    sold = run_effects(s, [{"sell_objects": {"price": 1}}], "thief")
    assert "sell:flail_of_blood" in legal(sold)
    sold = play(sold, "sell:flail_of_blood")
    assert sold.characters["thief"].gold == 2
    # stolen: the victor of a fight between characters may take it
    f = hgame([{"id": "thief", "space": "woods_2", "strength": 9},
               {"id": "elf", "space": "fields_3", "objects": ["flail_of_blood"]}], [1, 6, 1])
    f = play(f, "move:fields_3", "encounter:char:elf", "attack:battle", "fight")
    assert "spoils:take:flail_of_blood" in legal(f)
    f = play(f, "spoils:take:flail_of_blood")
    assert "flail_of_blood" in f.characters["thief"].objects


# --- 001 Terrain Cards ------------------------------------------------------------------------------

def test_terrain_replaces_the_name_and_instructions_of_a_space():
    """001 Terrain Cards: "the text and name of that space is ignored and the text and name of
    the Terrain card is used instead"."""
    s = hgame([{"id": "warrior", "space": "plains_3"}], [1], position={"terrain": {"tavern": "terrain_barrens"}})
    s = play(s, "move:tavern")
    assert events(s, "encountered_space")[0]["as_name"] == "Barrens"
    assert s.characters["warrior"].lives == 4 and "table_roll" not in names(s)  # of the card's 5 (the Revised 4th Edition's lives, the default with The Harbinger)
    # a Terrain with a draw count: a non-draw space draws
    r = hgame([{"id": "warrior", "space": "plains_3"}], [1], position={"terrain": {"tavern": "terrain_ruins"}},
              deck_tops={"adventure": ["sword", "ring"]})
    r = play(r, "move:tavern")
    assert [e["card"] for e in events(r, "card_drawn")] == ["sword", "ring"]
    # and a draw space covered by Terrain without one draws nothing
    c = hgame([{"id": "warrior", "space": "woods_2"}], [1, 5], position={"terrain": {"fields_3": "terrain_crater"}})
    c = play(c, "move:fields_3")
    assert not events(c, "card_drawn") and c.characters["warrior"].gold == 2


def test_the_chasm_terrain_rolls_for_the_character_and_each_follower():
    """001 Terrain Cards: the pictured Chasm card: 1-2 for yourself costs a life, 1-2 for a
    Follower kills it."""
    s = hgame([{"id": "warrior", "space": "woods_2", "followers": ["maiden", "mule"]}], [1, 2, 1, 5],
              position={"terrain": {"fields_3": "terrain_chasm"}})
    s = play(s, "move:fields_3")
    assert s.characters["warrior"].lives == 4  # of the card's 5 (the Revised 4th Edition's lives, the default with The Harbinger)
    assert list(s.characters["warrior"].followers) == ["mule"]


def test_effects_naming_a_covered_space_are_ignored():
    """001 Terrain Cards: "If an effect refers to a space that is no longer on the board because
    that space contains a Terrain card, that effect is ignored" (the Tavern and the Temple: also
    a scenario, tests/scenarios/harbinger_chasm_on_the_temple.yaml)."""
    s = hgame(["warrior"], position={"terrain": {"temple": "terrain_chasm"}})
    from talisman.rules import encounters
    tavern = encounters.instructions(s, "tavern")
    six = tavern[0]["roll"]["table"]["6"]
    assert six[0] == {"harbinger_ignored": {"space": "temple", "effect": "next_move"}}
    plain = talisman.new_game(["warrior"])
    assert encounters.instructions(plain, "tavern")[0]["roll"]["table"]["6"][0] == {"next_move": {"to": "temple"}}
    # a next move fixed before the Terrain came is ignored too
    from talisman.state import update_character
    from pyrsistent import pmap
    s = update_character(s, "warrior", next_move=pmap({"to": "temple"}))
    s = harbinger.turn_started(s, "warrior")
    assert s.characters["warrior"].next_move is None


def test_terrain_is_removed_only_by_effects_that_remove_terrain():
    """001 Terrain Cards: "Terrain cards can only be removed by effects that specifically remove
    Terrain cards" (and it goes back to the Terrain deck)."""
    s = hgame([{"id": "warrior", "space": "fields_3"}], position={"terrain": {"fields_3": "terrain_barrens"}})
    s = run_effects(s, [{"discard_faceup_cards": {"where": "all"}}], "warrior")
    assert ext(s, "terrain")["fields_3"] == "terrain_barrens"
    s = run_effects(s, [{"remove_terrain": {}}], "warrior")
    assert "fields_3" not in ext(s, "terrain") and "terrain_barrens" in s.decks["terrain"]
    assert invariants.card_places(s) == invariants.expected_cards(s)


def test_terrain_is_never_placed_in_the_inner_region_an_impossible_placement_is_ignored():
    """001 Terrain Cards: "Players cannot place Terrain cards on spaces in the Inner Region. If an
    effect instructs a player to place a Terrain card where he cannot, he ignores that effect"."""
    s = hgame([{"id": "warrior", "space": "mines"}])
    before = list(s.decks["terrain"])
    s = run_effects(s, [{"place_terrain": {"terrain": "random", "where": "here"}}], "warrior")
    assert not ext(s, "terrain") and list(s.decks["terrain"]) == before
    assert events(s, "terrain_ignored")[0]["reason"] == "cannot hold Terrain"
    for space in ("plain_of_peril", "crown_of_command", "jail", "town_square"):
        assert not terrain.can_hold(space)
    assert terrain.can_hold("sentinel") and terrain.can_hold("portal_of_power")


def test_no_terrain_of_the_required_type_left_one_on_the_board_moves():
    """001 Terrain Cards: "there are no cards of the required type left in the Terrain deck, he
    must choose a Terrain card of that type on the board and move it to that space"."""
    s = hgame([{"id": "warrior", "space": "fields_3"}],
              position={"terrain": {"city": "terrain_floodland"}})
    s = run_effects(s, [{"place_terrain": {"terrain": "terrain_floodland", "where": "here"}}], "warrior")
    assert dict(ext(s, "terrain")) == {"fields_3": "terrain_floodland"}
    assert events(s, "terrain_moved")[0]["frm"] == "city"


def test_a_new_terrain_on_a_terrain_returns_the_old_one_to_the_deck():
    """001 Terrain Cards: "he removes the original Terrain card from that space and returns it
    to the Terrain deck"."""
    s = hgame([{"id": "warrior", "space": "fields_3"}], position={"terrain": {"fields_3": "terrain_bog"}})
    s = run_effects(s, [{"place_terrain": {"terrain": "terrain_rift", "where": "here"}}], "warrior")
    assert ext(s, "terrain")["fields_3"] == "terrain_rift"
    assert "terrain_bog" in s.decks["terrain"] and "terrain_rift" not in s.decks["terrain"]
    assert invariants.card_places(s) == invariants.expected_cards(s)


def test_new_characters_ignore_terrain_when_placed():
    """001 Terrain Cards: "If a player places a new character on the game board, he ignores any
    Terrain cards when placing that character" (a character starts on its start space by id)."""
    s = hgame(["warrior"], position={"terrain": {"tavern": "terrain_barrens"}})
    assert s.characters["warrior"].space == load().characters["warrior"].start == "tavern"
    assert s.characters["warrior"].lives == 5  # his card's, untouched by the Barrens


# --- 001 Terrain Cards and Movement ------------------------------------------------------------------

def test_terrain_on_the_sentinel_lets_characters_cross_freely():
    """001 Terrain Cards and Movement: "If the Sentinel space contains a Terrain card, characters
    may cross freely from the Outer Region to the Middle Region"."""
    s = hgame([{"id": "warrior", "space": "woods_1"}], [2], position={"terrain": {"sentinel": "terrain_necropolis"}})
    s = play(s, "move:hills_3")
    assert s.characters["warrior"].space == "hills_3" and "attacked" not in names(s)
    guarded = hgame([{"id": "warrior", "space": "woods_1"}], [2])
    guarded = play(guarded, "move:hills_3")
    assert events(guarded, "attacked")[0]["enemies"] == ["sentinel"]


def test_terrain_on_the_portal_of_power_lets_characters_cross_freely():
    """001 Terrain Cards and Movement: "if the Portal of Power space contains a Terrain card,
    characters may cross freely from the Middle Region to the Inner Region"."""
    s = hgame([{"id": "warrior", "space": "castle"}, "troll"], [2],
              position={"terrain": {"portal_of_power": "terrain_necropolis"}})
    s = play(s, "move:plain_of_peril")
    assert s.characters["warrior"].space == "plain_of_peril"
    assert "portal_opened" not in names(s) and s.current == "troll"


# --- 001 Placing Random Terrain Cards -----------------------------------------------------------------

def test_a_random_terrain_is_drawn_from_the_shuffled_deck_as_a_chance_node():
    """001 Placing Random Terrain Cards: "the player shuffles the Terrain deck, draws the top
    card, and places it as directed"."""
    s = hgame([{"id": "warrior", "space": "fields_3"}])
    from talisman.engine import machine
    from talisman.api import STEPS
    from talisman.rules import effects
    import attrs
    s = attrs.evolve(s, pending=None)
    s = effects.run(s, [{"place_terrain": {}}], "warrior", {})
    s = machine.advance(s, STEPS, stop_at_chance=True)
    outcomes = talisman.chance_outcomes(s)
    assert s.pending.deck == "terrain" and len(outcomes) == 10
    assert sum(p for _, p in outcomes) == 1
    s = talisman.apply(s, "draw:terrain_crater", stop_at_chance=True)
    assert ext(s, "terrain")["fields_3"] == "terrain_crater"


def test_an_empty_terrain_deck_moves_the_nearest_terrain_to_the_character():
    """001 Placing Random Terrain Cards: "If there are no cards remaining in the Terrain deck ...
    he instead takes the Terrain card closest to his character and moves it to his space. If two
    or more ... are equally close, he chooses which one to move"."""
    all_t = sorted(c.id for c in cards_of("terrain"))
    far = ["city", "fields_4", "hills_2", "plains_2", "woods_3", "plains_3", "tavern", "ruins"]
    pos = {"terrain": dict(zip(["woods_1", "hills_1"] + far, all_t))}
    s = hgame([{"id": "warrior", "space": "sentinel"}], position=pos)
    assert not s.decks["terrain"]
    s = run_effects(s, [{"place_terrain": {"terrain": "random", "where": "here"}}], "warrior")
    assert legal(s) == {"move_terrain:woods_1", "move_terrain:hills_1"}  # both one step away
    s = play(s, "move_terrain:hills_1")
    assert ext(s, "terrain")["sentinel"] == all_t[1] and "hills_1" not in ext(s, "terrain")


# --- 001 Terrain Cards and Other Expansions ----------------------------------------------------------

def test_the_city_jail_and_town_square_cannot_hold_terrain():
    """001 Terrain Cards and Other Expansions: with The City, no Terrain on the Jail or the Town
    Square (the City board is not implemented: the ids are refused)."""
    s = hgame(["warrior"])
    s = terrain.place(s, "warrior", "jail", "terrain_bog", "test")
    assert events(s, "terrain_ignored") and not ext(s, "terrain")
    assert not terrain.can_hold("city_town_square") and not terrain.can_hold("city_donjon")


def test_where_terrain_may_lie_is_the_data_s(monkeypatch):
    """001 Terrain Cards and Other Expansions: the barred City spaces and the expansion boards'
    regions that can hold Terrain come from ``harbinger/terrain_places.yaml`` (rulings T2,
    R-probeb-1); a space or a region not on the board is a DataError naming the file and field."""
    from talisman.errors import DataError
    assert terrain.places() == {"regions": {"city", "dungeon"}, "barred": {"city_donjon", "city_town_square"}}
    assert terrain.can_hold("city_wharf_road") and terrain.can_hold("dg_entrance")
    assert not terrain.can_hold("ts_warp_gate")  # the Timescape's board: not yet
    from talisman.engine.data import data_root
    real = terrain.load_yaml
    for field, value, message in (("barred", ["jail"], "field 'barred': unknown space id 'jail'"),
                                  ("regions", ["city", "moon"], "field 'regions': unknown region id 'moon'")):
        monkeypatch.setattr(terrain, "load_yaml", lambda path, field=field, value=value: {**real(path), field: value})
        try:
            with pytest.raises(DataError, match=f"terrain_places.yaml, {message}"):
                terrain.read_places(data_root() / "talisman" / terrain.FILE, load())  # as the loader does
        finally:
            monkeypatch.undo()


@pytest.mark.skipif("city" not in __import__("talisman.rules.setup", fromlist=["x"]).IMPLEMENTED_EXPANSIONS,
                    reason="needs the City expansion")
def test_terrain_on_a_space_leading_to_an_expansion_board_keeps_that_boards_movement():
    """001 Terrain Cards and Other Expansions: "if a Terrain card is on a space that allows
    movement between boards, characters can still move to and from the expansion board following
    the normal movement rules of that expansion" (the City: landing on its space enters the Gate)."""
    s = game([{"id": "thief", "space": "fields_3"}, "troll"], [1], expansions=["harbinger", "city"],
             options={"harbinger_position": {"terrain": {"city": "terrain_barrens"}}})
    s = play(s, "move:city")
    assert s.characters["thief"].space == "city_gate" and s.characters["thief"].lives == 4


# --- 001 Alternative Ending Cards ----------------------------------------------------------------------

def test_alternative_endings_revealed_variant_face_up_card_with_the_sun_icon():
    """001 Setup (under Alternative Ending Cards) and 001 Revealed Variant: hidden-only cards go
    back to the box; one card drawn at random lies face up on the Crown (the shared frame of
    talisman.rules.endings.cards; the older option harbinger_ending keeps the Harbinger's two)."""
    for seed in range(6):
        s = talisman.new_game(["warrior"], expansions=H, seed=seed, options={"harbinger_ending": "revealed"})
        e = s.ending
        assert e["revealed"] and "revealed" in load().cards[e["card"]].data["icons"]
        assert e["card"] in ("armageddon_crown", "end_of_days")
        assert invariants.check(s) == []


def test_alternative_endings_hidden_variant_face_down_card_with_the_moon_icon():
    """001 Hidden Variant: revealed-only cards go back to the box; one card, face down."""
    s = talisman.new_game(["warrior"], expansions=H, options={"harbinger_ending": "hidden"})
    e = s.ending
    assert not e["revealed"] and e["card"] == "armageddon_crown"  # End of Days is revealed-only
    assert "end_of_days" in e["box"]
    assert talisman.player_view(s, "warrior").ending["card"] == "hidden"


def test_alternative_endings_are_optional():
    """001 Alternative Ending Cards: "The inclusion of Alternative Ending cards is optional" --
    off unless an option says a variant; then the Crown of Command is the base game's."""
    off = talisman.new_game(["warrior"], expansions=H)
    assert off.ending is None and len(off.decks["alternative_ending"]) == 2
    crown = hgame([{"id": "warrior", "space": "valley_of_fire", "objects": ["talisman"]}, "troll"])
    crown = play(crown, "move:crown_of_command")
    assert crown.pending.kind == "command" and "ending_encountered" not in names(crown)


def test_encountering_the_alternative_ending_replaces_the_crown_of_command():
    """001 Encountering Alternative Endings: a character on the Crown meets the ending card (a
    hidden one is turned face up) instead of casting the Command Spell."""
    s = hgame([{"id": "warrior", "space": "valley_of_fire", "objects": ["talisman"]}, "troll"], [6],
              options={"harbinger_ending": "hidden"})
    s = play(s, "move:crown_of_command")
    assert s.ending["revealed"] and "ending_revealed" in names(s)
    assert "command_spell" not in names(s)
    assert s.outcome == Outcome("alternative_ending", ("warrior",))


def test_star_instructions_affect_every_character():
    """001 Encountering Alternative Endings: a star instruction affects all characters wherever
    they are (End of Days, a stand-in: a character on the Crown wins when the Omens run out)."""
    s = hgame([{"id": "warrior", "space": "crown_of_command"}, {"id": "troll", "space": "city"}],
              options={"alternative_endings": "revealed", "ending_deck": ["end_of_days"]},
              position={"omens_discarded": 7}, seed=0)
    assert s.ending["card"] == "end_of_days"
    s = run_effects(s, [{"discard_omen": {}}], "troll")
    assert s.outcome == Outcome("omens_exhausted", ("warrior",))


# --- 001 Components: the Spells ---------------------------------------------------------------

def test_harbinger_spells_sacred_offering_and_terra_shift():
    """001 Components: the 10 Spells join the Spell deck; Sacred Offering trades a Follower or a
    Magic Object for full lives or fate; Terra Shift, cast just after the caster's move, pulls
    Terrain and cards to him."""
    s = hgame([{"id": "thief", "space": "fields_3", "lives": 2, "spells": ["sacred_offering"],
                "followers": ["maiden"]}])
    assert "cast:sacred_offering" in legal(s)
    s = play(s, "cast:sacred_offering")
    assert "choose:follower_for_lives" in legal(s)
    # no Magic Object to give: its options are not offered (R-CD11-3)
    assert not {"choose:magic_object_for_lives", "choose:magic_object_for_fate"} & legal(s)
    s = play(s, "choose:follower_for_lives")
    assert s.characters["thief"].lives == 4 and not s.characters["thief"].followers
    t = hgame([{"id": "thief", "space": "woods_2", "spells": ["terra_shift"]}], [1],
              position={"terrain": {"city": "terrain_bog"}}, board_cards={"city": ["sword"]})
    # card-data.md 2.4: "cast on a character who just moved": not at the start of the turn,
    # but once he has moved, before his encounter (here the mover casts it on himself)
    assert "cast:terra_shift" not in legal(t)
    t = play(t, "move:fields_3")
    assert t.pending.player == "thief" and legal(t) == {"pass", "cast:terra_shift"}
    t = play(t, "cast:terra_shift")
    assert legal(t) == {"shift:city"}
    t = play(t, "shift:city")
    assert ext(t, "terrain")["fields_3"] == "terrain_bog" and "sword" in t.board_cards["fields_3"]
    assert "city" not in t.board_cards and "terra_shift" not in t.characters["thief"].spells
    # nothing to move in his Region (no Terrain, no face-up card elsewhere): no window at all
    u = hgame([{"id": "thief", "space": "woods_2"},
               {"id": "wizard", "space": "tavern", "spells": ["terra_shift"]}], [1])
    u = play(u, "move:fields_3")
    assert u.pending is None or u.pending.kind != "spell_window"
    assert not [e for e in u.log if e.name == "spell_cast"]


# --- the whole game ---------------------------------------------------------------------------------

def test_random_games_with_the_harbinger_play_to_the_end_keeping_every_invariant():
    """001 Expansion Rules: seeded random games with the expansion on end without an exception
    and keep every invariant at every state (20 games, all Omen sets and ending variants)."""
    chars = sorted(c for c, d in load().characters.items() if d.set == "base")
    seen = Counter()
    for seed in range(20):
        cs = [chars[(seed * 3 + i) % len(chars)] for i in range(2 + seed % 3)]
        opts = {"max_rounds": 10, "harbinger_omen_set": omens.SETS[seed % 4],
                "harbinger_ending": ("off", "revealed", "hidden")[seed % 3]}
        s = talisman.new_game(cs, expansions=H, seed=seed, options=opts)
        states, _ = play_random(s, 4000, bot_seed=seed)
        for st in states:
            assert invariants.check(st) == [], (seed, invariants.check(st))
        assert states[-1].is_over, seed
        seen.update(e.name for e in states[-1].log)
        text = talisman.to_json(states[-1])
        assert talisman.from_json(text) == states[-1]
    assert seen["harbinger_moved"] and seen["terrain_placed"] and seen["omen_discarded"]


def test_same_seed_same_game_with_the_harbinger():
    """001 Expansion Rules: the expansion keeps games reproducible (chance through the dice)."""
    def run():
        s = talisman.new_game(["warrior", "wizard"], expansions=H, seed=11,
                              options={"max_rounds": 6, "harbinger_omen_set": "random"})
        return play_random(s, 600, bot_seed=5)
    (a, x), (b, y) = run(), run()
    assert x == y and a[-1] == b[-1]


def test_the_city_counts_as_the_outer_region_for_the_draw_rule_and_the_dungeon_does_not():
    """001 The Harbinger: "Whenever a character in the same Region as the Harbinger is instructed
    by a board space to draw cards, he must draw Harbinger cards instead"; 000 THE TALISMAN CITY:
    "All rules, which apply to the Outer Region, apply to the City as well"; 000 THE TALISMAN
    DUNGEON: part of the Outer Region "for the purposes of Events" only (R-HARB3.1)."""
    s = hgame([{"id": "thief", "space": "woods_2"}], [1], position={"harbinger": "village"})
    on_street = store.store(s, harbinger="city_kings_way")
    assert figure.draw_deck(on_street, "adventure", "thief", "fields_3") == "harbinger"
    assert figure.draw_deck(on_street, "city", "thief", "city_kings_way") == "harbinger"
    assert figure.draw_deck(s, "city", "thief", "city_kings_way") == "harbinger"
    in_dungeon = store.store(s, harbinger="dg_entrance")
    assert figure.draw_deck(in_dungeon, "adventure", "thief", "fields_3") == "adventure"
    assert figure.draw_deck(s, "dungeon", "thief", "dg_entrance") == "dungeon"


def test_the_floodlands_ditch_is_a_drop_not_picked_up_again_this_turn():
    """001 Terrain Cards (the Floodland, card-data.md: "always draw 1, then ditch 1 Object or
    Follower"); 000 DROPPED OBJECTS OR ITEMS; 000 CLAIMING FACE UP CARDS ("at any time up to the
    end of their turn"): the Object ditched is dropped, the one way an Object is (R-FB14.4), so the
    claims offer it to no one this turn, whatever step they come at: that is the rule, not the
    order of the steps (docs/rulings.md R-FC14.5)."""
    s = game([{"id": "thief", "space": "plains_1", "objects": ["sword"]}, {"id": "warrior", "space": "chapel"}],
             [1], expansions=["harbinger"],
             ext={"harbinger": {"harbinger": "hills_3", "terrain": {"woods_2": "terrain_floodland"},
                                "cards": {"terrain_on_board": ["terrain_floodland"]}}},
             deck_tops={"adventure": ["angel"]})
    s = play(s, "move:woods_2")
    assert s.pending.kind == "ditch" and "ditch:sword" in legal(s)
    # the step itself, before the turn goes on: the Sword lies on the Floodland, not to be claimed
    s = harbinger.effects.ditched(s, talisman.parse_action(s, "ditch:sword"), "thief")
    assert "sword" in s.board_cards["woods_2"] and "sword" not in s.characters["thief"].objects
    assert "take:sword" not in encounters.claim_options(s, "thief", "woods_2")
    assert events(s, "object_dropped")[-1] == {"character": "thief", "card": "sword", "space": "woods_2"}
