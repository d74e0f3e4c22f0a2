"""The enemy cards of a combat under resolution go back on their space, each where it lay
(``kernel.release_enemies``; helper mut16, the mutation run of ``rules/kernel.py``)."""
from attrs import evolve

from talisman.rules import combat, kernel
from talisman.state import Battle

from support import game


def test_the_enemies_not_taken_go_back_each_where_it_lay():
    """ENCOUNTERS: a card stays on its space until an effect takes it; the cards a combat holds
    while it lasts (kernel.hold_resolving) go back when it ends, "each where it lay (those kept
    as trophies, raised or sent elsewhere meanwhile are gone from there)".  A Sword, four
    creatures and an Axe lie on the Fields; the Warrior fights the four; the first and third are
    taken (kept as trophies): the second and fourth go back between the Sword and the Axe, in
    their order, and nothing is left under resolution or held by the combat.  Mutants of the count of cards gone (none
    counted, one only, two each, one less each, the loop stopped at the first gone, the places shifted the
    other way) survived the selection."""
    cards = ["sword", "wolf", "bear", "ogre", "serpent", "axe"]
    s = game([{"id": "warrior", "space": "fields_1"}], board_cards={"fields_1": cards})
    enemies = [{"name": c, "card": c, "value": 3} for c in cards[1:5]]
    s = evolve(s, battle=Battle("warrior", "battle", enemies))
    s = combat.hold_enemies(s, "warrior", enemies)
    assert list(s.board_cards["fields_1"]) == ["sword", "axe"]
    for gone in ("wolf", "ogre"):
        s, found = combat.take_held(s, gone)
        assert found
    s = kernel.release_enemies(s)
    assert list(s.board_cards["fields_1"]) == ["sword", "bear", "serpent", "axe"]
    assert not s.resolving.get("fields_1") and list(s.battle.get("held")) == []
