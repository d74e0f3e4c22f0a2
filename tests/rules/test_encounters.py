"""ENCOUNTERS (000): what is encountered, drawing to a space's number, adventure cards in
encounter-number order, claiming face-up cards, the spaces' instructions, purchases, Talismans."""
from support import events, game, legal, names, play, run_effects
from talisman.definitions import load


def test_encounters_only_where_the_move_ends():
    # "They may never Encounter anything in the Space where they start their Move."
    s = game([{"id": "thief", "space": "black_knight"}], [1],
             board_cards={"black_knight": ["bear"], "hidden_valley": ["sword", "ring", "wand"]})
    s = play(s, "move:hidden_valley")
    assert events(s, "encountered_space")[0]["space"] == "hidden_valley"
    assert not events(s, "attacked")


def test_one_choice_a_character_on_the_space_or_the_space_itself():
    s = game([{"id": "thief", "space": "village"}, {"id": "troll", "space": "woods_1"}], [3])
    s = play(s, "move:woods_1")
    assert legal(s) == {"encounter:space", "encounter:char:troll"}


def test_draw_card_spaces_draw_only_enough_to_make_up_the_number():
    # ENCOUNTERS IN A SPACE: "only enough Cards to make up the given number may be drawn"
    s = game([{"id": "thief", "space": "black_knight"}], [1],
             board_cards={"hidden_valley": ["sword"]}, deck_tops={"adventure": ["ring", "wand", "raft"]})
    s = play(s, "move:hidden_valley")
    assert [e["card"] for e in events(s, "card_drawn")] == ["ring", "wand"]


def test_adventure_cards_are_met_lowest_number_first_events_before_enemies():
    # ADVENTURE CARDS: "The number at the top of all cards indicates the order ... Lowest number first."
    s = game([{"id": "thief", "space": "black_knight"}], [1, 6, 1],
             deck_tops={"adventure": ["bag_of_gold", "bear", "angel"]})
    s = play(s, "move:hidden_valley")
    met = [e["card"] for e in events(s, "card_met")]
    assert met[0] == "angel"
    assert events(s, "attacked")[0]["enemies"] == ["bear"]
    assert s.pending.kind == "combat"


def test_an_event_that_loses_a_turn_ends_the_turn_and_skips_the_other_cards():
    # EVENT: "Any, which result in the Character losing a turn, end the turn immediately."
    s = game([{"id": "thief", "space": "black_knight"}, {"id": "troll", "space": "city"}], [1],
             deck_tops={"adventure": ["storm", "bear", "sword"]})
    s = play(s, "move:hidden_valley")
    assert s.characters["thief"].lost_turn
    assert not events(s, "attacked") and s.current == "troll"
    assert {"bear", "sword"} <= set(s.board_cards["hidden_valley"])


def test_claiming_face_up_cards_not_while_an_enemy_is_on_the_space():
    # CLAIMING FACE UP CARDS: "EXCEPT WHEN: There is also an Enemy Card on the Space"
    s = game([{"id": "thief", "space": "black_knight"}], [1, 1, 6],
             board_cards={"hidden_valley": ["bear", "sword", "ring"]})
    s = play(s, "move:hidden_valley", "fight")
    assert not any(str(a).startswith("take:") for a in legal(s))


def test_claiming_face_up_cards_after_the_enemies_are_beaten():
    s = game([{"id": "thief", "space": "black_knight"}], [1, 6, 1],
             board_cards={"hidden_valley": ["bear", "sword", "ring"]})
    s = play(s, "move:hidden_valley", "fight")
    assert {"take:sword", "take:ring", "done"} <= legal(s)
    s = play(s, "take:sword", "done")
    assert list(s.characters["thief"].objects) == ["sword"]
    assert list(s.board_cards["hidden_valley"]) == ["ring"]   # "cards that remain ... face up"


def test_a_card_placed_on_another_space_does_not_affect_the_drawer():
    # ADVENTURE CARDS: the Ghost is placed by a die on another space when drawn
    s = game([{"id": "thief", "space": "village"}], [3, 5], deck_tops={"adventure": ["ghost"]})
    s = play(s, "move:woods_1")
    assert "ghost" in s.board_cards["castle"] and not events(s, "attacked")


def test_the_tavern_gambler_without_gold_loses_a_life():
    # SPACES IN THE OUTER REGION, TAVERN: "loses at gambling but has no Gold ... must lose a life"
    s = game([{"id": "thief", "space": "plains_3", "gold": 0}], [1, 3])
    s = play(s, "move:tavern")
    assert s.characters["thief"].lives == 3
    s = game([{"id": "thief", "space": "plains_3", "gold": 2}], [1, 3])
    s = play(s, "move:tavern")
    assert s.characters["thief"].lives == 4 and s.characters["thief"].gold == 1


def test_purchase_cards_no_card_left_no_purchase():
    # PURCHASE CARDS: "Should there be no cards of any given Object, that Object is not available"
    s = game([{"id": "thief", "space": "village", "gold": 20}])
    s = run_effects(s, [{"buy": {"items": {"purchase_sword": 2, "purchase_raft": 3}}}], "thief")
    assert legal(s) == {"buy:purchase_sword", "buy:purchase_raft", "done"}
    s = play(s, "buy:purchase_raft")
    # Rafts: "A Raft may not be ... taken as a possession": a raft, not an Object
    assert s.characters["thief"].raft and not s.characters["thief"].objects
    assert s.characters["thief"].gold == 17
    assert "buy:purchase_raft" not in legal(s)   # he has his raft
    s = play(s, "buy:purchase_sword", "buy:purchase_sword", "buy:purchase_sword")
    assert list(s.characters["thief"].objects) == ["purchase_sword"] * 3
    assert s.characters["thief"].gold == 11
    assert "buy:purchase_sword" not in legal(s)   # the three Sword cards are gone


def test_talisman_cards_from_the_stockpile_while_any_is_left():
    # TALISMAN CARDS: "If, through an Encounter, a Character is given a Talisman, draw one"
    s = game([{"id": "thief", "space": "village"}])
    for _ in range(5):
        s = run_effects(s, [{"gain_talisman": {}}], "thief")
    assert list(s.characters["thief"].objects).count("talisman") == 4
    assert "no_talisman_left" in names(s)


def test_space_instructions_the_chapel_by_alignment():
    s = game([{"id": "assassin", "space": "hills_1", "lives": 3}], [1])
    s = play(s, "move:chapel")
    assert s.characters["assassin"].lives == 2       # Evil: lose a life
    s = game([{"id": "elf", "space": "hills_1", "lives": 2}], [1])
    s = play(s, "move:chapel")
    assert legal(s) == {"choose:heal", "choose:pray"}
    s = play(s, "choose:heal")
    assert s.characters["elf"].lives == 4


def test_gold_counters_on_a_space_may_be_taken():
    s = game([{"id": "thief", "space": "black_knight"}], [1], board_gold={"hidden_valley": 2},
             board_cards={"hidden_valley": ["sword", "ring", "wand"]})
    s = play(s, "move:hidden_valley", "take:gold")
    assert s.characters["thief"].gold == 3 and "hidden_valley" not in s.board_gold


def test_the_raiders_stash_the_gold_at_the_oasis():
    s = game([{"id": "thief", "space": "village", "gold": 3}], [1],
             deck_tops={"adventure": ["raiders"]})
    s = play(s, "move:fields_1")
    assert s.characters["thief"].gold == 0 and s.board_gold["oasis"] == 3


def test_the_bandit_may_be_paid_off():
    s = game([{"id": "thief", "space": "black_knight", "gold": 2}], [1],
             board_cards={"hidden_valley": ["bandit", "sword", "ring"]})
    s = play(s, "move:hidden_valley")
    assert "bribe" in legal(s)
    s = play(s, "bribe")
    assert s.characters["thief"].gold == 1 and "bandit" in s.board_cards["hidden_valley"]
    assert not events(s, "combat_scores")


def test_the_chasm_rolls_for_the_character_and_for_each_follower():
    # SPACES (every space of the board data): the Chasm, "Roll 1 die for yourself and 1 per
    # Follower: 1-2 -> you lose 1 life / that Follower dies" (talisman-facts.md); LOSING
    # FOLLOWERS: "Any Followers that are killed must be discarded"
    s = game([{"id": "thief", "space": "runes_2", "followers": ["maiden", "mule"]}], [1, 5, 2, 3])
    s = play(s, "move:chasm")
    assert s.characters["thief"].lives == 4
    assert list(s.characters["thief"].followers) == ["mule"]
    assert "maiden" in s.discards["adventure"]
    assert events(s, "followers_lost") == [{"character": "thief", "cards": ["maiden"], "cause": "chasm"}]


def test_the_sorcerer_sells_a_spell_only_below_the_spell_limit():
    # STRANGERS (the Sorcerer: one Spell for 1 gold "to those whose Craft allows another");
    # NUMBER OF SPELLS: Craft 3 allows 1 Spell
    s = game([{"id": "thief", "space": "fields_1", "gold": 2, "spells": ["healing"]}])
    s = run_effects(s, load().cards["sorcerer"].effect, "thief")
    assert legal(s) == {"choose:leave"}
    s = game([{"id": "thief", "space": "fields_1", "gold": 2}])
    s = run_effects(s, load().cards["sorcerer"].effect, "thief")
    assert legal(s) == {"choose:buy_spell", "choose:leave"}


def test_the_instructor_gives_several_lessons_each_a_missed_turn():
    # STRANGERS (the Instructor: "each 3 gold paid buys a point of Strength or Craft at the
    # cost of a missed turn"); LOSING A TURN: each missed turn only stands the piece up
    s = game([{"id": "thief", "space": "fields_1", "gold": 7}, "warrior"])
    s = run_effects(s, load().cards["instructor"].effect, "thief")
    s = play(s, "choose:train_strength", "choose:train_craft")
    assert legal(s) == {"choose:leave"}                     # 1 gold left: no third lesson
    s = play(s, "choose:leave")
    ch = s.characters["thief"]
    assert (ch.strength, ch.craft, ch.gold, ch.lost_turn) == (4, 4, 1, 2)
