"""The Lantern Sprite (003 Adventure Cards; card-data.md 1.3: "look secretly at the top
Adventure card and hand it face down to any character, who puts it back on top at his next
turn start"): who sees the handed card, when it goes back (rulings R-BM19B-3; where it waits is
counted in test_blood_moon_book.py)."""
import sys
from pathlib import Path

from talisman import api
from talisman.engine.records import replace
from talisman.expansions.blood_moon import lantern, store

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_blood_moon import ok, position  # noqa: E402


def handed(card="sword", holder="warrior"):
    """The Thief and the Warrior; ``card`` out of the Adventure deck, handed to ``holder``."""
    s = position([{"id": "thief", "space": "fields_1"}, {"id": "warrior", "space": "chapel"}])
    deck = s.decks["adventure"]
    s = replace(s, decks=s.decks.set("adventure", deck.delete(deck.index(card))))
    return store.store(s, handed={holder: [card]})


def test_only_its_holder_sees_the_handed_card():
    """"hand it face down": the other players see that a card is held, not which."""
    s = handed()
    mine = store.data(api.player_view(s, "warrior"))
    theirs = store.data(api.player_view(s, "thief"))
    assert list(mine.handed["warrior"]) == ["sword"]
    assert list(theirs.handed["warrior"]) == ["hidden"] and list(theirs.cards["handed"]) == ["hidden"]
    assert "sword" not in repr(theirs)


def test_it_goes_back_on_top_at_its_holders_turn_start_only():
    """"puts it back on top at his next turn start": not at another's; a dead holder's goes back
    at the next turn's start."""
    s = handed()
    assert lantern.turn_started(s, "thief") == s
    back = ok(lantern.turn_started(s, "warrior"))
    assert back.decks["adventure"][0] == "sword" and store.get(back, "handed") is None
    dead = replace(s, characters=s.characters.set("warrior", replace(s.characters["warrior"], alive=False)))
    assert lantern.turn_started(dead, "thief").decks["adventure"][0] == "sword"
