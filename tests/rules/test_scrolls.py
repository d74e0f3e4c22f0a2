"""SCROLLS, GAINING SCROLLS, READING SCROLLS (000 RULES CONCERNING CHARACTERS).  The Scroll cards
are stand-ins (data/talisman/cards/scrolls.yaml: no published Scroll card is known)."""
import talisman
from talisman.definitions import load
from talisman.rules import characters as chars

from support import events, game, legal, play, run_effects


def test_reading_scrolls_only_as_the_card_says_then_to_the_scroll_discard_pile():
    s = game([{"id": "thief", "space": "fields_1", "scrolls": ["scroll_of_fortune", "scroll_of_courage"]}])
    # READING SCROLLS: "A Scroll may only be read as stated on the Scroll Card"
    assert "read:scroll_of_fortune" in legal(s) and "read:scroll_of_courage" not in legal(s)
    s = play(s, "read:scroll_of_fortune")
    assert s.characters["thief"].gold == 3
    assert list(s.characters["thief"].scrolls) == ["scroll_of_courage"]
    assert list(s.discards["scroll"]) == ["scroll_of_fortune"]
    assert events(s, "scroll_read") == [{"character": "thief", "card": "scroll_of_fortune", "context": "turn"}]


def test_scrolls_any_number_and_not_toward_encumbrance_nor_the_spell_limit():
    # SCROLLS: "Any Character may have any number of Scrolls. Scrolls do not count toward Encumbrance."
    s = game([{"id": "warrior", "space": "fields_1", "objects": ["sword", "helmet", "shield", "purchase_axe"]}])
    s = run_effects(s, [{"gain_scrolls": 5}], "warrior")
    ch = s.characters["warrior"]
    assert len(ch.scrolls) == 5 and all(load().cards[c].type == "scroll" for c in ch.scrolls)
    assert chars.spell_limit(s, "warrior") == 0
    assert len(chars.carried_objects(ch)) == 4 and not ch.spells


def test_gaining_scrolls_from_the_top_of_the_stockpile_the_discards_reshuffled_when_exhausted():
    s = game([{"id": "thief", "space": "fields_1"}])
    s = run_effects(s, [{"gain_scrolls": 6}], "thief")
    assert not s.decks["scroll"]
    s = run_effects(s, [{"gain_scrolls": 1}], "thief")
    assert "no_scroll_left" in [e.name for e in s.log]
    from talisman.engine.records import replace
    ch = s.characters["thief"]
    s = replace(s, characters=s.characters.set("thief", replace(ch, scrolls=ch.scrolls[1:])),
                discards=s.discards.set("scroll", ch.scrolls[:1]))
    s = run_effects(s, [{"gain_scrolls": 1}], "thief")
    assert "deck_reshuffled" in [e.name for e in s.log] and len(s.characters["thief"].scrolls) == 6


def test_scrolls_are_read_before_the_dice_in_combat():
    # RESOLVING COMBAT: "Any Spells cast or Scrolls read must be cast before the die are rolled"
    s = game([{"id": "thief", "space": "black_knight", "scrolls": ["scroll_of_courage"]}], [1, 3, 4],
             board_cards={"hidden_valley": ["bear", "sword", "ring"]})
    s = play(s, "move:hidden_valley")
    assert "read:scroll_of_courage" in legal(s)
    s = play(s, "read:scroll_of_courage", "fight")
    (sc,) = events(s, "combat_scores")
    assert sc["character_score"] == 3 + 3 + 2


def test_a_scroll_saves_a_life_whenever_needed():
    s = game([{"id": "thief", "space": "fields_1", "scrolls": ["scroll_of_warding"]}])
    s = run_effects(s, [{"lose": {"lives": 1}}], "thief")
    assert legal(s) == {"lose", "read:scroll_of_warding"}
    s = play(s, "read:scroll_of_warding")
    assert s.characters["thief"].lives == 4 and not s.characters["thief"].scrolls


def test_losing_all_lives_leaves_the_scrolls_on_the_space_for_the_next_comer():
    # LOSING ALL LIVES: "Objects, Magic Objects, Followers, Scrolls, Magic Items and Gold are
    # placed on the Space where the Character died"
    s = game([{"id": "thief", "space": "fields_1", "lives": 1, "scrolls": ["scroll_of_fortune"]}])
    s = run_effects(s, [{"lose": {"lives": 1}}], "thief")
    assert not s.characters["thief"].alive and "scroll_of_fortune" in s.board_cards["fields_1"]


def test_scrolls_are_kept_face_down():
    # SCROLLS: "All Scrolls may be kept face down so as not to be seen by other players"
    s = game([{"id": "thief", "space": "fields_1", "scrolls": ["scroll_of_fortune"]}, "warrior"])
    assert list(talisman.player_view(s, "warrior").characters["thief"].scrolls) == ["hidden"]
    assert list(talisman.player_view(s, "thief").characters["thief"].scrolls) == ["scroll_of_fortune"]


def test_the_scroll_stockpile_is_marked_as_stand_ins():
    scrolls = [c for c in load().cards.values() if c.type == "scroll"]
    assert scrolls and all(c.home_deck == "scroll" and c.stand_in and c.cast for c in scrolls)
