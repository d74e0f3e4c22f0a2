"""The Warlock's quests (``talisman.rules.quests``): the Warlock's Cave, one of the SPACES of
the board data (000 SPACES IN THE OUTER REGION: "each space's instructions as data").  The
space's text is from talisman-facts.md: "Optional quest, d6: 1 take 1 life from another
character; 2 kill 1 Enemy; 3 deliver (discard) 1 Follower; 4 deliver 1 Magic Object; 5
deliver 3G; 6 deliver 2G. On completion: teleported back here, gain a Talisman"."""
import talisman

from support import events, game, legal, play


def test_the_warlock_sets_a_quest_by_a_die_when_asked():
    s = game([{"id": "thief", "space": "desert_1"}], [1, 5])
    s = play(s, "move:warlocks_cave")
    assert legal(s) == {"choose:quest", "choose:leave"}
    s = play(s, "choose:quest")
    assert dict(s.characters["thief"].quest) == {"deliver": "gold", "amount": 3}
    assert events(s, "quest_set") == [{"character": "thief", "deliver": "gold", "amount": 3}]
    assert talisman.from_json(talisman.to_json(s)) == s


def test_one_quest_at_a_time():
    s = game([{"id": "thief", "space": "desert_1", "quest": {"deliver": "follower"}}], [1])
    s = play(s, "move:warlocks_cave")
    assert "choose:quest" not in legal(s)


def test_a_delivery_before_the_move_teleports_to_the_cave_with_a_talisman():
    s = game([{"id": "thief", "space": "fields_1", "gold": 4, "quest": {"deliver": "gold", "amount": 3}}])
    assert "quest:deliver:gold" in legal(s)
    s = play(s, "quest:deliver:gold")
    ch = s.characters["thief"]
    assert ch.gold == 1 and ch.quest is None and ch.space == "warlocks_cave"
    assert any(load_type(c) == "talisman" for c in ch.objects)
    # the teleport is the move: the Cave is encountered (and the Warlock may be asked again)
    assert legal(s) == {"choose:quest", "choose:leave"}


def test_a_follower_delivery_discards_the_follower():
    s = game([{"id": "thief", "space": "fields_1", "followers": ["maiden"],
               "quest": {"deliver": "follower"}}])
    s = play(s, "quest:deliver:maiden")
    assert not s.characters["thief"].followers and "maiden" in s.discards["adventure"]


def test_killing_an_enemy_completes_the_quest_at_the_end_of_the_turn():
    s = game([{"id": "thief", "space": "black_knight", "strength": 4,
               "quest": {"complete_on": "enemy_killed"}}],
             [1, 6, 1], board_cards={"hidden_valley": ["bear", "sword", "ring"]})
    s = play(s, "move:hidden_valley", "fight")
    assert events(s, "quest_fulfilled") == [{"character": "thief", "how": "enemy_killed"}]
    assert s.characters["thief"].space == "hidden_valley"  # the encounter finishes first
    s = play(s, "done")
    ch = s.characters["thief"]
    assert ch.quest is None and ch.space == "warlocks_cave" and "bear" in ch.trophies
    assert any(load_type(c) == "talisman" for c in ch.objects)


def test_taking_a_life_from_another_character_completes_the_quest():
    s = game([{"id": "thief", "space": "black_knight", "quest": {"complete_on": "life_taken"}},
              {"id": "warrior", "space": "hidden_valley"}],
             [1, 6, 1, 1], board_cards={"hidden_valley": ["sword", "ring", "wand"]})
    s = play(s, "move:hidden_valley", "encounter:char:warrior", "attack:battle", "fight")
    s = play(s, "spoils:life")
    assert s.characters["warrior"].lives == 3
    assert events(s, "quest_completed") == [{"character": "thief"}]
    assert s.characters["thief"].space == "warlocks_cave"


def test_a_fight_that_does_not_fit_the_quest_does_not_complete_it():
    s = game([{"id": "thief", "space": "black_knight", "strength": 4,
               "quest": {"complete_on": "life_taken"}}],
             [1, 6, 1], board_cards={"hidden_valley": ["bear", "sword", "ring"]})
    s = play(s, "move:hidden_valley", "fight")
    assert dict(s.characters["thief"].quest) == {"complete_on": "life_taken"}
    assert "quest_completed" not in [e.name for e in s.log]


def load_type(card_id):
    from talisman.definitions import load
    return load().cards[card_id].type
