"""fixB (docs/rulings.md R-NB11): a card's own effect takes the copy drawn, not another copy of it
lying on the space (``kernel.remove_drawn``); every path taking an Object away asks the NUMBER OF
SPELLS check (``characters.remove_objects``)."""
from support import events, game
from talisman.rules import characters as chars
from talisman.rules import effects, kernel


def test_adventure_cards_a_ghost_drawn_moves_itself_not_the_ghost_lying_there():
    # 000 ADVENTURE CARDS: "Any card which instructs that it be placed on another Space does not
    # effect the Character drawing it": the Ghost drawn (under resolution) goes to the City; the
    # other Ghost, found earlier on the Woods, stays where it lies, before the Axe (R-NB11.2)
    s = game([{"id": "warrior", "space": "woods_1"}, {"id": "troll", "space": "city"}],
             board_cards={"woods_1": ["ghost", "axe"]})
    s = kernel.hold_resolving(s, "woods_1", ["ghost"])
    s = effects.place_self(s, {"space": "city"}, "warrior", {"card": "ghost", "space": "woods_1"})
    assert list(s.board_cards["woods_1"]) == ["ghost", "axe"]
    assert "woods_1" not in s.resolving
    assert list(s.board_cards["city"]) == ["ghost"]


def test_adventure_cards_a_card_discarding_itself_takes_the_drawn_copy():
    # the same for a card's discard_self: the copy under resolution goes to the discards
    s = game([{"id": "warrior", "space": "woods_1"}, {"id": "troll", "space": "city"}],
             board_cards={"woods_1": ["ghost", "axe"]})
    s = kernel.hold_resolving(s, "woods_1", ["ghost"])
    s = effects.discard_self(s, {}, "warrior", {"card": "ghost", "space": "woods_1"})
    assert list(s.board_cards["woods_1"]) == ["ghost", "axe"] and "woods_1" not in s.resolving
    assert events(s, "card_discarded")[-1]["card"] == "ghost"


def test_number_of_spells_an_object_sold_lowering_craft_asks_the_discard():
    # 000 NUMBER OF SPELLS: "If at any time a Character has more Spells than his Craft allows, the
    # surplus Spells must be discarded": the shared removal asks it (R-NB11.1); none without a surplus
    s = game([{"id": "priest", "space": "village", "craft": 5, "objects": ["holy_grail"],
               "spells": ["healing", "hex", "divination"]}, {"id": "troll", "space": "city"}])
    assert chars.has_surplus_spells(s, "priest") is False
    depth = len(s.stack)
    s2 = chars.remove_objects(s, "priest", ["holy_grail"])
    assert list(s2.characters["priest"].objects) == []
    assert chars.has_surplus_spells(s2, "priest") is True
    assert s2.stack[-1].step == "characters.surplus_spells" and len(s2.stack) == depth + 1
    s3 = chars.remove_objects(game([{"id": "priest", "space": "village", "craft": 5,
                                     "objects": ["holy_grail", "axe"], "spells": ["healing"]},
                                    {"id": "troll", "space": "city"}]), "priest", ["axe"])
    assert list(s3.characters["priest"].objects) == ["holy_grail"]
    assert not s3.stack or s3.stack[-1].step != "characters.surplus_spells"
