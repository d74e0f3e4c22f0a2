"""The Book of the Dead (003 Adventure Cards; card-data.md 1.3: "Enemies killed in psychic combat
may be stored on it instead of as trophies; discard them to add their Craft in a psychic
combat"): where its Enemies lie (the Blood Moon's store, ``books``), how they move with the
book, and that the saved game counts them (rulings R-BM19B-2)."""
import json
import sys
from pathlib import Path

import pytest

import talisman
from talisman import api
from talisman.engine.records import replace
from talisman.expansions.blood_moon import book, risen, store
from talisman.state import Battle, update_character

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_blood_moon import ok, position  # noqa: E402
from test_blood_moon_lantern import handed  # noqa: E402


def holding(cards=("ghost",), who="thief", objects=("book_of_the_dead",)):
    """The Thief (and the Warrior) with the book, these Enemies stored on it (out of the deck)."""
    s = position([{"id": "thief", "space": "fields_1", "objects": list(objects)},
                  {"id": "warrior", "space": "chapel"}])
    deck = s.decks["adventure"]
    for c in cards:
        deck = deck.delete(deck.index(c))
    s = replace(s, decks=s.decks.set("adventure", deck))
    return store.store(s, books={who: list(cards)})


@pytest.mark.parametrize("field, card", [("books", "ghost"), ("reanimated", "ghost"), ("handed", "sword")])
def test_the_cards_kept_in_the_store_are_counted_where_they_lie(field, card):
    """The card-conservation invariant and the saved game's validator find the Enemies on a
    book, a reanimated Enemy and a card the Lantern Sprite handed in the store's ``cards``; a
    game that never keeps one keeps its JSON as before."""
    s = ok({"books": holding, "reanimated": reanimated, "handed": handed}[field]())
    assert list(store.data(s).cards[field]) == [card]
    assert api.from_json(api.to_json(s)) == s
    fresh = talisman.new_game(["thief"], expansions=["blood_moon"], seed=2)
    doc = json.loads(api.to_json(fresh))["state"]["ext"]["blood_moon"]
    assert field not in doc and field not in doc["cards"]


def test_the_enemies_go_with_the_book_to_its_new_holder():
    """A book taken by another character (stolen, given) carries its Enemies: at the next turn
    boundary they are his."""
    s = holding()
    s = update_character(s, "thief", objects=s.characters["thief"].objects.remove("book_of_the_dead"))
    s = update_character(s, "warrior", objects=s.characters["warrior"].objects.append("book_of_the_dead"))
    s = ok(book.sweep(s))
    assert store.get(s, "books") == {"warrior": ["ghost"]}
    assert any(e.name == "book_cards_moved" for e in s.log)


def test_all_possessions_lost_after_the_book_changed_hands_leave_its_enemies_to_the_new_holder():
    """5) LET'S SEE YOU SUFFER, "You lose all Possessions" (R-PROBE17A.1, R-RULER20.5), met by a
    character whose book another has taken since the last turn boundary: the Enemies lie on the
    book, which is not his, so they are not lost with his Possessions nor counted among them; at the
    boundary they pass to the book's holder (rulings R-FIX23.3, R-BM19B-2).  A scenario cannot
    show it: each begins at a turn start, where the sweep has already moved them."""
    from talisman.rules import characters
    from talisman.rules.endings import tasks
    s = holding()
    s = update_character(s, "thief", objects=s.characters["thief"].objects.remove("book_of_the_dead"))
    s = update_character(s, "warrior", objects=s.characters["warrior"].objects.append("book_of_the_dead"))
    assert characters.other_possessions(s, "thief") == ()
    s = ok(tasks.lose_all_possessions(s, "thief", "test"))
    assert "ghost" not in s.discards.get("adventure", ())
    assert not any(e.name == "other_possessions_discarded" for e in s.log)
    s = ok(book.sweep(s))
    assert store.get(s, "books") == {"warrior": ["ghost"]}


def test_all_possessions_lost_holding_the_book_discard_its_enemies_with_it():
    """The same loss while he holds the book: the book and the Enemies on it go together, to the
    discard pile, at once (rulings R-RULER20.5, R-FIX23.3)."""
    from talisman.rules.endings import tasks
    s = holding(cards=("ghost", "wraith"))
    s = ok(tasks.lose_all_possessions(s, "thief", "test"))
    assert store.get(s, "books") is None
    assert {"book_of_the_dead", "ghost", "wraith"} <= set(s.discards["adventure"])
    (e,) = [e for e in s.log if e.name == "other_possessions_discarded"]
    assert e.data["cards"] == ["ghost", "wraith"]


def test_a_lost_book_takes_its_enemies_to_the_discard_pile():
    """A book discarded (or its holder dead) leaves its Enemies nowhere: they are discarded, and
    the store drops the entry."""
    s = holding(cards=("ghost", "wraith"))
    s = update_character(s, "thief", objects=s.characters["thief"].objects.remove("book_of_the_dead"))
    s = replace(s, discards=s.discards.set("adventure", s.discards.get("adventure", ()) + ("book_of_the_dead",)))
    s = ok(book.sweep(s))
    assert store.get(s, "books") is None
    assert list(s.discards["adventure"])[-2:] == ["ghost", "wraith"]


def test_the_stored_enemies_are_offered_only_in_a_psychic_combat():
    """"add their Craft in a psychic combat": no option in a battle, nor without the book."""
    s = holding()
    assert book.combat_options(replace(s, battle=None), ("fight",), "thief") == ("fight",)
    psychic = _battle(s, "psychic")
    assert book.combat_options(psychic, ("fight",), "thief") == ("fight", "book:ghost")
    assert book.combat_options(_battle(s, "battle"), ("fight",), "thief") == ("fight",)
    bare = update_character(psychic, "thief", objects=psychic.characters["thief"].objects.remove("book_of_the_dead"))
    assert book.combat_options(bare, ("fight",), "thief") == ("fight",)


def _battle(s, kind):
    return replace(s, battle=Battle(who="thief", kind=kind, enemies=[{"name": "Wraith", "card": None, "value": 5}]))


# --- Reanimate (003 Spell Cards; talisman-facts.md 6): the Enemy follows its caster -----------------

def reanimated(card="ghost"):
    s = holding(cards=(card,), objects=())
    return store.store(store.store(s, books=None), reanimated={"thief": [card]})


def test_a_reanimated_enemy_is_counted_and_adds_craft_in_psychic_combat():
    """"adds its Strength or Craft to yours in one combat of your choice": its Craft in psychic
    combat (the Ghost, Craft 4), offered in any combat of its follower, spent once."""
    s = ok(reanimated())
    psychic = _battle(s, "psychic")
    assert risen.combat_options(psychic, ("fight",), "thief") == ("fight", "reanimated:ghost")
    assert risen.combat_options(_battle(s, "battle"), ("fight",), "thief") == ("fight", "reanimated:ghost")
    spent = ok(risen.combat_option_chosen(psychic, "thief", "reanimated:ghost"))
    assert spent.battle.bonus == 4 and store.get(spent, "reanimated") is None
    assert list(spent.discards["adventure"])[-1] == "ghost"


def test_a_dead_followers_reanimated_enemy_is_discarded():
    """Its follower dead, the Enemy follows no one: discarded at the next turn boundary."""
    s = reanimated()
    dead = replace(s, characters=s.characters.set("thief", replace(s.characters["thief"], alive=False)))
    assert risen.sweep(s) == s
    gone = risen.sweep(dead)
    assert store.get(gone, "reanimated") is None and list(gone.discards["adventure"])[-1] == "ghost"
