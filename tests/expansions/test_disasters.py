"""TALISMAN Disasters (000): twelve Adventure cards numbered 0, played at once on their space,
affecting the characters already there, remaining for the rest of the game.  The card texts
are stand-ins with the published shape (data/talisman/expansions/disasters/cards)."""
import sys
from pathlib import Path

import talisman
from talisman.definitions import load
from talisman.testing import invariants

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from support import events, game, legal, play  # noqa: E402


def dgame(characters, dice=(), **setup):
    return game(characters, dice, expansions=["disasters"], **setup)


def test_twelve_disasters_numbered_0_nine_outer_one_middle_two_inner():
    from talisman.expansions.disasters import candidate_spaces
    cards = [c for c in load().cards.values() if c.type == "disaster"]
    assert len(cards) == 12 and all(c.number == 0 and c.stand_in for c in cards)
    regions = [{load().board.spaces[s].region for s in candidate_spaces(c.id)} for c in cards]
    assert all(len(r) == 1 for r in regions)
    assert sorted(r.pop() for r in regions) == ["inner"] * 2 + ["middle"] + ["outer"] * 9
    s = talisman.new_game(["warrior", "thief"], expansions=["disasters"], seed=1)
    assert len(s.decks["adventure"]) == 104 + 12


def test_a_disaster_is_played_at_once_on_its_space_and_hits_who_is_there():
    s = dgame([{"id": "thief", "space": "black_knight"}, {"id": "warrior", "space": "village"}],
              [1], deck_tops={"adventure": ["disaster_plague", "bear", "sword", "ring"]})
    s = play(s, "move:hidden_valley")
    assert events(s, "disaster_played") == [{"card": "disaster_plague", "space": "village"}]
    assert s.characters["warrior"].lives == 3            # already there: affected immediately
    assert "disaster_plague" not in s.board_cards.get("hidden_valley", ())
    assert invariants.check(s) == []


def test_the_drawer_chooses_among_spaces_of_the_same_kind():
    s = dgame([{"id": "thief", "space": "black_knight"}, {"id": "warrior", "space": "fields_2"}],
              [1], deck_tops={"adventure": ["disaster_flood", "bear", "sword", "ring"]})
    s = play(s, "move:hidden_valley")
    assert s.pending.player == "thief" and legal(s) == {f"space:fields_{i}" for i in range(1, 7)}
    s = play(s, "space:fields_2")
    assert s.characters["warrior"].lost_turn


def test_a_played_disaster_remains_and_hits_whoever_comes_later():
    s = dgame([{"id": "thief", "space": "fields_6"}], [1, 1],
              ext={"disasters": {"cards": {"village": ["disaster_plague"]}}})
    s = play(s, "move:village", "choose:healer")
    assert s.characters["thief"].lives == 3


def test_a_base_game_has_no_disasters():
    s = talisman.new_game(["warrior", "thief"], seed=1)
    assert not any(load().cards[c].type == "disaster" for c in s.decks["adventure"])
