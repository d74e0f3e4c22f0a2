"""The Lantern Sprite (003 Adventure Cards; card-data.md 1.3: "look secretly at the top
Adventure card and hand it face down to any character, who puts it back on top at his next
turn start"): where the handed card waits, who sees it, when it goes back (rulings R-BM19B-3)."""
import json
import sys
from pathlib import Path

import talisman
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


def test_the_handed_card_is_counted_where_it_waits():
    """The card-conservation invariant and the saved game count the card in the store's ``cards``
    (``handed``); a game that never hands one keeps its JSON as before."""
    s = ok(handed())
    assert list(store.data(s).cards["handed"]) == ["sword"]
    assert api.from_json(api.to_json(s)) == s
    fresh = talisman.new_game(["thief"], expansions=["blood_moon"], seed=2)
    doc = json.loads(api.to_json(fresh))["state"]["ext"]["blood_moon"]
    assert "handed" not in doc and "handed" not in doc["cards"]


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
