"""RULES CONCERNING CHARACTERS (000): totals, spells by Craft, gold, lives and healing, death,
possessions and encumbrance, trophies, alignment, toads."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from support import game, legal, names, play, run_effects
from talisman.rules import characters as chars


def warrior(**fields):
    return game([{"id": "warrior", "space": "village", **fields}])


def test_characters_total_strength_counts_what_is_in_use():
    # CHARACTER'S TOTAL STRENGTH (EXAMPLE): 5 counters, Magic Belt, Unicorn: 7; the Sword only in combat
    s = warrior(strength=5, objects=["magic_belt", "sword"], followers=["unicorn"])
    assert chars.total(s, "warrior", "strength") == 7
    assert chars.total(s, "warrior", "strength", "battle") == 8


@pytest.mark.parametrize("craft,limit", [(1, 0), (2, 0), (3, 1), (4, 2), (5, 2), (6, 3), (7, 3),
                                         (8, 3), (9, 4), (12, 4)])
def test_number_of_spells_by_total_craft(craft, limit):
    # NUMBER OF SPELLS: 1-2: 0, 3: 1, 4-5: 2, 6-8: 3, 9+: 4
    assert chars.spell_limit(warrior(craft=craft), "warrior") == limit


def test_only_characters_whose_abilities_allow_start_with_spells():
    import talisman
    g = talisman.new_game(["wizard", "prophetess", "warrior"], seed=3)
    assert len(g.characters["wizard"].spells) == 2
    assert len(g.characters["prophetess"].spells) == 1
    assert len(g.characters["warrior"].spells) == 0


def test_losing_strength_to_zero_costs_a_life_and_restores_the_quota():
    # LOSING STRENGTH: "Should a Character's Strength drop to 0, the Character must lose 1 Life"
    s = run_effects(warrior(strength=1), [{"lose": {"strength": 1}}], "warrior")
    ch = s.characters["warrior"]
    assert ch.strength == 4 and ch.lives == 3


def test_healing_never_restores_more_than_4_lives_but_gaining_lives_has_no_limit():
    s = run_effects(warrior(lives=3), [{"heal": 3}], "warrior")
    assert s.characters["warrior"].lives == 4
    s = run_effects(warrior(lives=4), [{"gain": {"lives": 2}}], "warrior")
    assert s.characters["warrior"].lives == 6


def test_losing_all_lives_drops_everything_on_the_space():
    # LOSING ALL LIVES: objects, followers and gold on the space; trophies and spells discarded
    s = warrior(lives=1, gold=3, objects=["sword"], followers=["maiden"], trophies=["bear"],
                spells=["healing"])
    s = run_effects(s, [{"lose": {"lives": 1}}], "warrior")
    ch = s.characters["warrior"]
    assert not ch.alive and "character_died" in names(s)
    assert sorted(s.board_cards["village"]) == ["maiden", "sword"]
    assert s.board_gold["village"] == 3
    assert "bear" in s.discards["adventure"] and "healing" in s.discards["spell"]
    assert not (ch.objects or ch.followers or ch.trophies or ch.spells or ch.gold)


def test_the_last_character_alive_wins():
    # WINNING THE GAME: "... OR by defeating all other Player's in the game"
    s = game([{"id": "warrior", "space": "village", "lives": 1}, {"id": "troll", "space": "city"}])
    s = run_effects(s, [{"lose": {"lives": 1}}], "warrior")
    assert s.is_over and s.winner == "troll" and s.outcome.reason == "last_survivor"


def test_gaining_strength_by_cashing_in_trophies_7_to_1_remainder_lost():
    # GAINING STRENGTH: "1 Strength point for every 7 points ... Excess ... are lost"
    s = warrior(trophies=["dragon", "bear", "wolf", "wraith"])   # 7 + 3 + 2 Strength; 5 Craft
    assert chars.can_cash_in(s, "warrior", "strength")
    assert not chars.can_cash_in(s, "warrior", "craft")
    s = chars.cash_in(s, "warrior", "strength")
    ch = s.characters["warrior"]
    assert ch.strength == 4 + 1 and list(ch.trophies) == ["wraith"]
    assert {"dragon", "bear", "wolf"} <= set(s.discards["adventure"])


def test_cashing_in_is_offered_before_the_move():
    s = game([{"id": "warrior", "space": "village", "trophies": ["dragon"]}])
    assert "cash:strength" in legal(s)
    s = play(s, "cash:strength")
    assert s.characters["warrior"].strength == 5


def test_limit_to_number_of_objects_and_the_mule():
    # LIMIT TO NUMBER OF OBJECTS: 4; ARTICLES: "A Mule may Carry no more than 4 Objects"
    s = warrior(objects=["sword", "helmet", "shield", "axe"])
    assert len(chars.carried_objects(s.characters["warrior"])) == chars.carry_limit(s.characters["warrior"]) == 4
    s = warrior(objects=["sword", "helmet", "shield", "axe"], followers=["mule"])
    assert chars.carry_limit(s.characters["warrior"]) == 8


def test_a_fifth_object_is_left_on_the_space():
    s = game([{"id": "warrior", "space": "black_knight", "objects": ["sword", "helmet", "shield", "axe"]}],
             [1], board_cards={"hidden_valley": ["ring", "wand", "raft"]})
    s = play(s, "move:hidden_valley")
    # (the Raft is no Object: "A Raft may not be ... taken as a possession", so it is on offer)
    assert not any(str(a).startswith("take:") and str(a) != "take:raft" for a in legal(s))
    assert {"drop:sword", "drop:axe"} <= legal(s)          # drop one first to take another
    s = play(s, "drop:sword", "take:ring")
    assert "ring" in s.characters["warrior"].objects and "sword" in s.board_cards["hidden_valley"]


def test_changing_alignment_drops_magic_objects_the_new_alignment_forbids():
    # CHANGING ALIGNMENT
    s = game([{"id": "elf", "space": "village", "objects": ["holy_lance"]}])
    s = run_effects(s, [{"set_alignment": "evil"}], "elf")
    assert s.characters["elf"].alignment == "evil"
    assert not s.characters["elf"].objects and list(s.board_cards["village"]) == ["holy_lance"]


def test_a_toad_drops_its_possessions_has_strength_and_craft_1_and_keeps_its_lives():
    # TOADS & TRANSFORMATIONS
    s = warrior(objects=["sword"], gold=2, lives=3, spells=[])
    s = run_effects(s, [{"become_toad": {"turns": 3}}], "warrior")
    ch = s.characters["warrior"]
    assert ch.toad_turns == 3 and not ch.objects and ch.gold == 0 and ch.lives == 3
    assert chars.total(s, "warrior", "strength") == 1 and chars.total(s, "warrior", "craft") == 1
    s = run_effects(s, [{"gain": {"strength": 1}}], "warrior")
    assert s.characters["warrior"].strength == 4   # "Toads ... may not Gain Strength or Craft"


def test_a_toad_gains_no_possession_by_any_way_in():
    # TOADS & TRANSFORMATIONS: "Toads and other transformed creatures cannot have any Possessions";
    # POSSESSIONS: "Anything belonging to any Character" (docs/rulings.md R-TE13.6): what comes from
    # a stock stays there (Gold, Scrolls, a Talisman), a card already in play is left on his space
    from talisman.rules import possessions
    s = warrior(toad_turns=2, gold=0, spells=[])
    talismans = len(s.decks["talisman"])
    s = run_effects(s, [{"gain": {"gold": 2}}, {"gain_scrolls": 1}, {"gain_talisman": {}}], "warrior")
    ch = s.characters["warrior"]
    assert ch.gold == 0 and not ch.scrolls and not ch.objects
    assert len(s.decks["talisman"]) == talismans and not s.board_gold
    s = possessions.add_possession(s, "warrior", "maiden", "given")
    s = possessions.add_possession(s, "warrior", "sword", "given")
    assert not s.characters["warrior"].followers and not s.characters["warrior"].objects
    assert list(s.board_cards["village"]) == ["maiden", "sword"]
    assert {"gain_refused", "possession_refused", "object_left"} <= set(names(s))


def test_a_toad_keeps_no_trophy_by_any_way_in():
    # TOADS & TRANSFORMATIONS: "cannot have any Possessions"; POSSESSIONS: "Anything belonging to
    # any Character" and GAINING STRENGTH: "the Character may keep those Enemy Cards" (docs/rulings.md
    # R-FD13.3): ``add_trophies``, the one way every rule area keeps a killed Enemy, discards a Toad's
    s = warrior(toad_turns=2)
    s = chars.add_trophies(s, "warrior", ["wolf", "bear"])
    assert list(s.characters["warrior"].trophies) == []
    assert list(s.discards["adventure"])[-2:] == ["wolf", "bear"]
    s = chars.add_trophies(warrior(), "warrior", ["wolf"], "a cause")
    assert list(s.characters["warrior"].trophies) == ["wolf"]
    assert s.log[-1].name == "trophies_kept" and s.log[-1].data["cause"] == "a cause"


def test_a_toad_reverts_at_the_end_of_its_third_full_turn():
    import talisman
    from talisman.engine import machine
    from talisman.api import STEPS
    from talisman.rules.setup import initial_state
    from talisman.state import update_character
    s = initial_state(["warrior", "troll"], seed=5)
    s = update_character(s, "warrior", toad_turns=3)
    s = machine.advance(s, STEPS)
    while s.characters["warrior"].toad_turns and not s.is_over:
        s = talisman.apply(s, talisman.legal_actions(s)[0])
    assert "toad_reverted" in names(s)
    assert sum(1 for e in s.log if e.name == "turn_ended" and e.data["character"] == "warrior") == 3


@given(st.integers(1, 6), st.integers(1, 10))
def test_property_healing_never_goes_above_4(lives, amount):
    s = run_effects(warrior(lives=lives), [{"heal": amount}], "warrior")
    assert s.characters["warrior"].lives == max(lives, min(4, lives + amount))


@given(st.lists(st.sampled_from(["dragon", "bear", "wolf", "ogre", "giant", "wraith", "demon",
                                 "ghost", "serpent"]), max_size=5, unique=True),
       st.sampled_from(["strength", "craft"]))
def test_property_trophies_never_buy_more_than_the_ratio_allows(trophies, which):
    s = warrior(trophies=trophies)
    before = getattr(s.characters["warrior"], which)
    worth = sum(chars.trophy_value(t, which) for t in trophies)
    s = chars.cash_in(s, "warrior", which)
    assert getattr(s.characters["warrior"], which) - before == worth // chars.TROPHY_RATE[which]


def test_a_player_may_begin_again_with_a_new_character_next_turn():
    # LOSING ALL LIVES: "may, if all players have agreed, begin again NEXT TURN with a new Character"
    s = game([{"id": "warrior", "space": "village", "lives": 1}, {"id": "troll", "space": "city"}],
             [3], options={"new_character": True})
    s = run_effects(s, [{"lose": {"lives": 1}}], "warrior")
    assert not s.is_over                                  # no last survivor while a restart is possible
    # the Troll's turn (forced rolls given as chance outcomes), then the warrior's seat chooses
    while s.pending is not None and s.pending.kind != "new_character":
        s = play(s, sorted(legal(s))[0])
    assert s.pending.player == "warrior" and "character:elf" in legal(s)
    s = play(s, "character:elf")
    assert s.order == ("elf", "troll") and s.current == "elf"
    assert s.characters["elf"].space == "forest" and s.characters["elf"].lives == 4


def test_without_the_option_the_dead_stay_dead():
    s = game([{"id": "warrior", "space": "village", "lives": 1}, {"id": "troll", "space": "city"}])
    s = run_effects(s, [{"lose": {"lives": 1}}], "warrior")
    assert s.is_over and s.winner == "troll"


def test_carried_possessions_only_four_objects_are_in_use():
    # CARRIED POSSESSIONS (EXAMPLE): the Wizard with a Mule and eight Objects uses the four he carries
    s = warrior(strength=4, objects=["sword", "helmet", "shield", "axe", "magic_belt"],
                followers=["mule"])
    assert chars.transported(s.characters["warrior"]) == ("magic_belt",)
    assert chars.total(s, "warrior", "strength") == 4      # the Belt is on the Mule


def test_exchanging_carried_possessions():
    # EXCHANGING CARRIED POSSESSIONS: "exchange Possessions carried with Possessions transported"
    s = warrior(strength=4, objects=["sword", "helmet", "shield", "axe", "magic_belt"],
                followers=["mule"], fate=0)
    assert "exchange:magic_belt:helmet" in legal(s)
    s = play(s, "exchange:magic_belt:helmet")
    assert chars.total(s, "warrior", "strength") == 5
    assert chars.transported(s.characters["warrior"]) == ("helmet",)


def test_dispel_magic_craft_above_strength_2d6_below_craft():
    # DISPEL MAGIC: "Any Character whose Craft is greater than their Strength ... Roll 2D6, if the
    # result is less than your Craft you succeed" (here: on a Toad)
    s = game([{"id": "wizard", "space": "village", "spells": [], "craft": 8},
              {"id": "troll", "space": "city", "toad_turns": 2}], [3, 4])
    assert "dispel:troll" in legal(s)
    s = play(s, "dispel:troll")
    assert s.characters["troll"].toad_turns == 0 and "toad_reverted" in names(s)
    assert "dispel:troll" not in legal(s)


def test_carried_possessions_followers_may_be_dropped_and_picked_up_by_the_next_comer():
    # CARRIED POSSESSIONS: "Characters may drop any Possession at any time by leaving it face
    # up on the Space they occupy" -- a Follower is a Possession (POSSESSIONS); a tamed
    # Animal (an Enemy kept as a Follower) is not left lying on a space.
    s = game([{"id": "warrior", "space": "black_knight", "followers": ["maiden", "mule", "bear"]},
              {"id": "thief", "space": "black_knight"}],
             [1, 1], board_cards={"hidden_valley": ["ring", "wand", "raft"]})
    s = play(s, "move:hidden_valley")
    assert {"drop:maiden", "drop:mule"} <= legal(s) and "drop:bear" not in legal(s)
    s = play(s, "drop:maiden")
    assert list(s.characters["warrior"].followers) == ["mule", "bear"]
    assert "maiden" in s.board_cards["hidden_valley"] and "take:maiden" not in legal(s)
    s = play(s, "done", "move:hidden_valley", "encounter:space")
    assert "take:maiden" in legal(s)
    s = play(s, "take:maiden")
    assert "maiden" in s.characters["thief"].followers


def test_gold_each_character_begins_with_one_and_payments_go_to_the_stock():
    # GOLD: "Each Character begins the Game with 1 Gold"; "Payments for any item Purchased or
    # Service Rendered is made into the remaining Stock of Counters" (no one receives it)
    import talisman
    s = talisman.new_game(["warrior", "wizard", "thief"], seed=5)
    assert [s.characters[c].gold for c in s.order] == [1, 1, 1]
    s = game([{"id": "thief", "space": "fields_1", "gold": 3, "lives": 2},
              {"id": "warrior", "space": "fields_1"}], [1])
    s = play(s, "move:village", "choose:healer", "heal:2")
    assert s.characters["thief"].gold == 1 and s.characters["thief"].lives == 4
    assert s.characters["warrior"].gold == 1 and not s.board_gold


def test_limit_to_number_of_objects_a_lost_mule_leaves_its_load_chosen_by_the_owner():
    # LIMIT TO NUMBER OF OBJECTS / ARTICLES: with the Mule gone (killed in the Chasm) the
    # character is over his limit and leaves objects on his space until he is within it
    s = game([{"id": "thief", "space": "runes_2", "followers": ["mule"],
               "objects": ["sword", "helmet", "shield", "purchase_axe", "ring", "wand"]}], [1, 5, 1])
    s = play(s, "roll", "move:chasm")
    assert s.pending.kind == "over_limit" and "drop:ring" in legal(s)
    s = play(s, "drop:ring")
    assert s.pending.kind == "over_limit"
    s = play(s, "drop:wand")
    ch = s.characters["thief"]
    assert len(chars.carried_objects(ch)) == 4 and {"ring", "wand"} <= set(s.board_cards["chasm"])


def test_the_key_to_hades_heals_its_holder_only_when_another_gains_a_life():
    """The Key to Hades (card-data.md 2.2): its holder "heals one whenever another heals or gains
    lives": a healing that restores nothing (HEALING: "never restore a Character to more than" his
    life value) is no life gained, and the holder's own healing is not another's (mutation testing,
    seventeenth run: ``characters.heal`` 44, 51)."""
    s = game([{"id": "warrior", "space": "fields_4", "lives": 4}, {"id": "troll", "space": "city", "lives": 2,
              "objects": ["key_to_hades"]}], expansions=["harbinger"], options={"lives": "compendium"})
    full = chars.heal(s, "warrior", 1, "test")                   # at his 4 already: nothing gained
    assert full.characters["warrior"].lives == 4 and full.characters["troll"].lives == 2
    own = chars.heal(s, "troll", 1, "test")                      # his own healing: 1, no more
    assert own.characters["troll"].lives == 3
    hurt = game([{"id": "warrior", "space": "fields_4", "lives": 2}, {"id": "troll", "space": "city", "lives": 2,
                 "objects": ["key_to_hades"]}], expansions=["harbinger"], options={"lives": "compendium"})
    hurt = chars.heal(hurt, "warrior", 1, "test")                # another gains 1: the holder heals 1
    assert hurt.characters["warrior"].lives == 3 and hurt.characters["troll"].lives == 3
