"""Loaded definitions are immutable (issue 16, item 10): ``definitions.load()`` is shared by
every game in the process, so no caller can change what a later game sees."""
from __future__ import annotations

import attrs
import pytest

import talisman
from talisman.definitions import load


def _mutations(d):
    """Every way a caller could try to change the shared data."""
    troll = d.characters["troll"]
    return {
        "replace a character": lambda: d.characters.__setitem__("warrior", troll),
        "add a character": lambda: d.characters.__setitem__("nobody", troll),
        "delete a character": lambda: d.characters.__delitem__("warrior"),
        "update the cards": lambda: d.cards.update({}),  # type: ignore[attr-defined]
        "pop a card": lambda: d.cards.pop("bag_of_gold"),  # type: ignore[attr-defined]
        "clear the decks": lambda: d.decks.clear(),  # type: ignore[attr-defined]
        "change a deck": lambda: d.decks.__setitem__("adventure", ()),
        "change an expansion's deck": lambda: next(iter(d.expansion_decks.values()))
        .__setitem__("x", ()),
        "add an expansion": lambda: d.expansion_decks.__setitem__("x", {}),
        "change an ability": lambda: next(iter(d.abilities.values())).__setitem__("summary", "x"),
        "replace an ability": lambda: d.abilities.__setitem__("x", {}),
        "move a space": lambda: d.board.spaces.__setitem__("city", d.board.spaces["village"]),
        "change a region": lambda: d.board.regions.__setitem__("outer", ()),
        "change a shape": lambda: d.board.shapes.__setitem__("outer", "path"),
        "change part_of": lambda: d.board.part_of.__setitem__("x", "outer"),
        "change an origin": lambda: d.board.origin.__setitem__("x", "city"),
        "set a character field": lambda: setattr(troll, "strength", 99),
        "set a card field": lambda: setattr(d.cards["bag_of_gold"], "name", "x"),
        "set a space field": lambda: setattr(d.board.spaces["city"], "draw", 9),
        "swap the board": lambda: setattr(d, "board", None),
        "swap the characters": lambda: setattr(d, "characters", {}),
        "change the exceptions": lambda: d.exceptions.set("x", 1).__setitem__("y", 2),
    }


@pytest.mark.parametrize("what", sorted(_mutations(load())))
def test_the_loaded_data_cannot_be_changed(what):
    d = load()
    before = (dict(d.characters), dict(d.cards), dict(d.decks), dict(d.board.spaces),
              {k: dict(v) for k, v in d.expansion_decks.items()}, dict(d.abilities))
    with pytest.raises((TypeError, AttributeError, attrs.exceptions.FrozenInstanceError)):
        _mutations(d)[what]()
    assert (dict(d.characters), dict(d.cards), dict(d.decks), dict(d.board.spaces),
            {k: dict(v) for k, v in d.expansion_decks.items()}, dict(d.abilities)) == before


def test_the_issue_example_no_longer_changes_later_games():
    d = load()
    with pytest.raises(TypeError):
        d.characters["warrior"] = d.characters["troll"]  # type: ignore[index]
    s = talisman.new_game(["warrior"], seed=1)
    assert s.characters["warrior"].strength == d.characters["warrior"].strength != \
        d.characters["troll"].strength


def test_every_value_of_the_loaded_data_is_frozen_all_the_way_down():
    from talisman.testing.invariants import frozen
    d = load()
    for name in ("characters", "abilities", "cards", "decks", "expansion_decks", "exceptions"):
        assert frozen(getattr(d, name)), name
    for name in ("spaces", "regions", "shapes", "part_of", "origin", "links"):
        assert frozen(getattr(d.board, name)), name


def test_a_copy_the_caller_makes_is_theirs_and_leaves_the_data_alone():
    d = load()
    mine = dict(d.characters)
    mine["warrior"] = d.characters["troll"]
    assert load().characters["warrior"].id == "warrior"
