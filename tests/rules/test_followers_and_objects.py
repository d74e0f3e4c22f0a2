"""Followers and objects whose behaviour is a rule of their own (FOLLOWERS, TYPES OF ADVENTURE
CARDS; the card texts are not in the seeds: talisman-facts.md gives them): one Weapon at a
time, the Runesword, the Hag, the Poltergeist, the Mercenary, the Prince and Princess at the
Castle, the Orb of Knowledge."""
from talisman.definitions import load
from talisman.rules import characters as chars

from support import events, game, legal, names, play


def test_one_weapon_at_a_time_in_battle_but_the_warrior_uses_two():
    # "You can only use one weapon (sword, ax, etc.) in battle" (a printed rule); the Warrior
    # "may use two Weapons at once" (his ability; the compendium: not in the Dungeon)
    s = game([{"id": "warrior", "space": "fields_1", "objects": ["sword", "purchase_axe"]},
              {"id": "thief", "space": "fields_1", "objects": ["purchase_sword", "axe"]}])
    assert chars.total(s, "thief", "strength", "battle") == 3 + 1
    assert chars.total(s, "warrior", "strength", "battle") == 4 + 2
    assert chars.total(s, "thief", "strength") == 3  # out of combat weapons add nothing


def test_the_runesword_gives_a_life_when_it_wounds_a_beaten_character():
    s = game([{"id": "thief", "space": "black_knight", "objects": ["runesword"]},
              {"id": "warrior", "space": "hidden_valley"}],
             [1, 6, 1, 1], board_cards={"hidden_valley": ["sword", "ring", "wand"]})
    s = play(s, "move:hidden_valley", "encounter:char:warrior", "attack:battle", "fight", "spoils:life")
    assert s.characters["warrior"].lives == 3 and s.characters["thief"].lives == 5


def test_the_hag_drives_off_every_other_follower_and_none_may_join():
    s = game([{"id": "thief", "space": "black_knight", "followers": ["maiden"]}], [1],
             board_cards={"hidden_valley": ["hag", "unicorn", "ring"]})
    s = play(s, "move:hidden_valley")
    assert list(s.characters["thief"].followers) == ["hag"]
    assert "maiden" in s.discards["adventure"]
    assert "take:unicorn" not in legal(s) and "drop:hag" not in legal(s)


def test_the_minstrel_sends_the_hag_away():
    s = game([{"id": "minstrel", "space": "black_knight", "followers": ["maiden"]}], [1],
             board_cards={"hidden_valley": ["hag", "sword", "ring"]})
    s = play(s, "move:hidden_valley")
    assert list(s.characters["minstrel"].followers) == ["maiden"]
    assert events(s, "follower_refused") == [{"character": "minstrel", "card": "hag", "reason": "hag_immune"}]


def test_the_village_mystic_takes_the_hag_away():
    s = game([{"id": "thief", "space": "fields_1", "followers": ["hag"]}], [1, 2])
    s = play(s, "move:village", "choose:mystic")
    assert not s.characters["thief"].followers and "hag" in s.discards["adventure"]


def test_the_poltergeist_one_space_a_turn_until_the_river_is_crossed():
    s = game([{"id": "thief", "space": "hills_1", "followers": ["poltergeist"]}])
    assert legal(s) == {"move:sentinel", "move:chapel"}  # no roll: one space
    board = load().board
    start = next(sid for sid, sp in sorted(board.spaces.items()) if sp.region == "outer" and sp.opposite)
    s = game([{"id": "thief", "space": start, "followers": ["poltergeist"], "raft": True}])
    s = play(s, f"raft:{board.spaces[start].opposite[0]}")
    assert not s.characters["thief"].followers
    assert events(s, "followers_lost")[0]["cause"] == "the Storm River crossed"


def test_the_mercenary_joins_when_hired_and_fights_harder_for_gold():
    s = game([{"id": "thief", "space": "black_knight", "gold": 3}], [1],
             board_cards={"hidden_valley": ["mercenary", "sword", "ring"]})
    s = play(s, "move:hidden_valley")
    s = play(s, "take:mercenary")
    assert legal(s) == {"choose:hire", "choose:leave"}
    s = play(s, "choose:hire")
    assert list(s.characters["thief"].followers) == ["mercenary"] and s.characters["thief"].gold == 2
    s = game([{"id": "thief", "space": "black_knight", "gold": 1, "followers": ["mercenary"]}], [1, 1, 1],
             board_cards={"hidden_valley": ["bear", "sword", "ring"]})
    s = play(s, "move:hidden_valley", "pay:mercenary")
    assert s.characters["thief"].gold == 0 and "pay:mercenary" not in legal(s)
    s = play(s, "fight")
    (sc,) = events(s, "combat_scores")
    assert sc["character_score"] == 1 + 3 + 3


def test_an_unhired_mercenary_stays_and_is_offered_once_a_visit():
    s = game([{"id": "thief", "space": "black_knight", "gold": 3}], [1],
             board_cards={"hidden_valley": ["mercenary", "sword", "ring"]})
    s = play(s, "move:hidden_valley", "take:mercenary", "choose:leave")
    assert "mercenary" in s.board_cards["hidden_valley"] and "take:mercenary" not in legal(s)


def test_the_castle_hands_the_princess_back_for_three_gold():
    """Castle (talisman-facts.md 1b: "Royal Doctor: heal at 1G/life; with Prince/Princess heal
    up to 2 free"): with the Princess the paid healing is still offered."""
    s = game([{"id": "thief", "space": "runes_1", "followers": ["princess"]}], [1])
    s = play(s, "move:castle")
    assert legal(s) == {"choose:pay", "choose:heal", "choose:ransom_princess"}
    s = play(s, "choose:ransom_princess")
    assert s.characters["thief"].gold == 4 and not s.characters["thief"].followers


def test_the_orb_of_knowledge_swaps_one_card_drawn_before_any_is_met():
    s = game([{"id": "thief", "space": "black_knight", "objects": ["orb_of_knowledge"]}], [1],
             deck_tops={"adventure": ["bear", "sword", "ring", "bag_of_gold"]})
    s = play(s, "move:hidden_valley")
    assert legal(s) == {"keep", "swap:bear", "swap:sword", "swap:ring"}
    s = play(s, "swap:bear")
    assert "bear" in s.discards["adventure"] and "attacked" not in names(s)
    assert "bag_of_gold" in [e.data["card"] for e in s.log if e.name == "card_drawn"]


def test_no_follower_joins_a_toad_by_the_one_test_every_way_asks():
    """TOADS & TRANSFORMATIONS: "Toads and other transformed creatures cannot have any
    Possessions" (a Follower is one: POSSESSIONS): ``follower_allowed`` refuses every Follower to a
    Toad, a card or a Henchman, through ``may_have_followers`` (docs/rulings.md R-FIX26.1), and
    allows it to the same character when he is no Toad."""
    s = game([{"id": "thief", "space": "fields_1"}])
    toad = game([{"id": "thief", "space": "fields_1", "toad_turns": 2}])
    assert chars.may_have_followers(s, "thief") and not chars.may_have_followers(toad, "thief")
    for follower in ("maiden", "unicorn", "henchman:troll"):
        assert chars.follower_allowed(s, "thief", follower)
        assert not chars.follower_allowed(toad, "thief", follower)
