"""000 Mystic ("All Possessions, Gold, and Followers Gained by the Mystic become the property of the
Original Character") and 000 Mirror Image ("The Original and Copy may trade with one another"): every
card handed between one player's two pieces goes by one helper (``master_levels._hand_over`` through
``characters.remove_possession`` for the piece in play, R-FA12.5, docs/rulings.md R-FB13.4); the
scenarios' outcomes are the same as before."""
from __future__ import annotations

from pathlib import Path

from support import game, play
from talisman.rules import characters as chars
from talisman.rules import henchmen, master_levels
from talisman.scenarios import run_file

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def _removals(monkeypatch):
    seen = []
    real = chars.remove_possession

    def recording(state, cid, card):
        seen.append((cid, card))
        return real(state, cid, card)

    monkeypatch.setattr(master_levels.chars, "remove_possession", recording)
    return seen


def test_the_mystic_in_play_hands_the_original_its_object_through_remove_possession(monkeypatch):
    seen = _removals(monkeypatch)
    result = run_file(SCENARIOS / "master_mystic_rejoining_is_a_whole_turn.yaml")
    assert result.passed, result
    assert ("wizard", "helmet") in seen


def test_a_card_taken_from_the_resting_piece_joins_the_piece_in_play(monkeypatch):
    seen = _removals(monkeypatch)
    result = run_file(SCENARIOS / "master_mirror_image_trade_on_meeting.yaml")
    assert result.passed, result
    # taken from the resting piece: the piece in play loses nothing
    assert seen == []


def test_the_piece_in_play_gives_through_remove_possession(monkeypatch):
    seen = _removals(monkeypatch)
    result = run_file(SCENARIOS / "fix12A_mirror_image_giving_a_craft_object_asks_the_spell_discard.yaml")
    assert result.passed, result
    assert seen == [("warrior", "solomons_crown")]


def test_a_toad_piece_in_play_has_no_henchman_the_other_piece_has_them():
    """000 TOADS & TRANSFORMATIONS ("Toads and other transformed creatures cannot have any
    Possessions"), 000 HENCHMEN ("considered Followers for any pertaining rules"), 000 Mystic ("you
    must think of the Mystic as two Characters"): the Henchmen are the player's; while the piece in
    play is a Toad and the other is not, none serves the Toad (no fight in his stead, no ability
    lent, no Follower counted) and none leaves; the Original moved again has them (R-FC14.3)."""
    s = game([{"id": "wizard", "space": "graveyard", "strength": 2, "craft": 5, "spells": []}],
             dice=[1, 1], options={"master_levels": ["mystic"], "henchmen_dealt": {"wizard": ["warrior"]}},
             titles={"wizard": "mystic"}, deck_tops={"adventure": ["witch"]})
    s = play(s, "keep", "piece:mystic", "move:woods_1")
    assert s.characters["wizard"].toad_turns == 3 and master_levels.playing(s, "wizard") == "mystic"
    assert henchmen.henchmen_of(s, "wizard") == [{"id": "warrior", "lives": 4}]
    assert henchmen.serving(s, "wizard") == []
    assert chars.other_followers(s, "wizard") == ()
    swapped = master_levels.swap(s, "wizard", "movement")
    assert master_levels.playing(swapped, "wizard") == "original"
    assert chars.other_followers(swapped, "wizard") == ("henchman:warrior",)
