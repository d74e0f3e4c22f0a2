"""The Harbinger's own encounter flow on a City street, in either order of the expansions
(001 Strength/Craft; 000 THE TALISMAN CITY; docs/rulings.md R-SC9.1): the Strength/Craft choice
is offered, and the City's Statutes still judge the encounter after it."""
import pytest

from talisman import apply, legal_actions
from talisman.scenarios import setup_state


def street_with_the_horseman(order):
    """The position of tests/scenarios/harbinger_strength_craft_enemy_drawn_on_a_city_street_battle_or_psychic.yaml
    with the expansions listed in ``order``, the Warrior moved onto King's Way."""
    s = setup_state({
        "expansions": list(order),
        "options": {"harbinger_position": {"harbinger": "fields_3"}},
        "characters": [{"id": "warrior", "space": "city_town_square", "fate": 0, "gold": 2}],
        "deck_tops": {"harbinger": ["horseman_of_death"], "city": ["purse"]},
    }, [1])
    return apply(s, "move:city_kings_way")


@pytest.mark.parametrize("order", [("harbinger", "city"), ("city", "harbinger")])
def test_strength_craft_enemy_on_a_city_street_offers_battle_or_psychic(order):
    """001 Strength/Craft: "he can choose to fight all these Enemies in either battle or in
    psychic combat" -- on a City street too, whichever expansion is listed first."""
    s = street_with_the_horseman(order)
    assert s.characters["warrior"].space == "city_kings_way"
    assert s.pending.kind == "combat_kind"
    assert {str(a) for a in legal_actions(s)} >= {"combat:battle", "combat:psychic"}
    drawn = [e.data.get("card") for e in s.log if e.name == "card_drawn"]
    assert "horseman_of_death" in drawn and "purse" not in drawn


@pytest.mark.parametrize("order", [("harbinger", "city"), ("city", "harbinger")])
def test_the_city_judges_the_encounter_after_it(order):
    """000 THE TALISMAN CITY (the Statutes judge an encounter once it is resolved): the City's
    judgement lies under the Harbinger flow's frames (its claim and its end) (the stack runs from its end), not above
    them, whichever expansion's ``before_encounter`` hook ran first."""
    steps = [f.step for f in street_with_the_horseman(order).stack]
    assert steps.count("city.after_encounter") == 1
    # the Harbinger's meeting step waits on the combat choice; the rest of its encounter lies above
    assert steps.index("city.after_encounter") < steps.index("encounters.after")
    assert steps.index("encounters.after") < steps.index("encounters.claim")


def test_an_encounter_begun_again_by_a_hook_is_judged_once(monkeypatch):
    """000 THE TALISMAN CITY: "After resolving an Encounter which involved breaking one of the
    Statutes of the City, draw an additional City Card": one judgement for one encounter.  The
    Worldeater Box (card-data.md 2.2: "a movement roll of 1: random Terrain on your space, stay
    and meet it") begins the encounter again once its Terrain lies on the street (its
    ``before_encounter`` answer replaces the encounter and pushes it anew): the City's judgement
    is queued once, not once for each beginning (fix13C; ``law.watch`` is the judgement's last
    call, counted here)."""
    from talisman.expansions.city_law import law
    calls = []
    original = law.watch
    monkeypatch.setattr(law, "watch", lambda state, found: calls.append(found) or original(state, found))
    s = setup_state({
        "expansions": ["harbinger", "city"],
        "characters": [{"id": "thief", "space": "city_kings_way", "fate": 0, "spells": [],
                        "objects": ["worldeater_box"]},
                       {"id": "warrior", "space": "hills_1", "fate": 0, "spells": []}],
    }, [1, 1])
    s = apply(s, "move:city_kings_way")
    assert [e.data["cause"] for e in s.log if e.name == "terrain_placed"] == ["worldeater_box"]
    # the whole turn is played: the encounter with the Terrain, then the warrior's turn
    assert s.current == "warrior"
    assert sum(1 for e in s.log if e.name == "encountered_space" and e.data["character"] == "thief") == 1
    assert len(calls) == 1
