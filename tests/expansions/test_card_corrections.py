"""Card data corrected to the published facts (issue 19; /work/shared/reference/card-data.md
sections 1.3, 2.2, 3 and 6, talisman-facts-verified.md section 2): pure data changes the effect
vocabulary already plays.  Each test names its card and quotes (in our words) the fact."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from support import game, hgame, legal, names, play, run_effects  # noqa: E402

from talisman.definitions import load  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_blood_moon import ok, position  # noqa: E402


def effect(card):
    return list(load().cards[card].effect)


def test_the_maze_never_holds_the_dwarf():
    """Dwarf (talisman-facts-verified.md 2, [WD]: "immune to the Maze"); the Maze (Place: "Craft
    under 5 -> miss a turn") still holds any other character of Craft under 5."""
    s = run_effects(game([{"id": "dwarf"}]), effect("maze"), "dwarf")
    assert "turn_lost" not in names(s)
    s = run_effects(game([{"id": "warrior"}]), effect("maze"), "warrior")
    assert "turn_lost" in names(s)


def test_the_castle_doctor_heals_for_gold_also_with_the_prince():
    """Castle (talisman-facts.md 1b: "Royal Doctor: heal at 1G/life; with Prince/Princess heal
    up to 2 free"): with the Prince the paid healing is offered besides the free one."""
    s = game([{"id": "warrior", "lives": 2, "gold": 3, "followers": ["prince"]}])
    s = run_effects(s, list(load().board.spaces["castle"].effect), "warrior")
    assert {"choose:pay", "choose:heal", "choose:ransom_prince"} <= legal(s)


def test_the_adventure_deck_holds_one_talisman_that_can_be_taken():
    """card-data.md 3: [DB]'s base Adventure list is one over 104 with two Talismans, so one
    Talisman is in the deck; TALISMAN CARDS: it lets its holder into the Valley of Fire."""
    card = load().cards["talisman_card"]
    assert card.deck == "adventure" and card.type == "talisman" and "talisman" in card.abilities
    s = game([{"id": "warrior", "objects": ["talisman_card"]}])
    assert "talisman_card" in s.characters["warrior"].objects


def test_dawn_bringer_gives_two_fate_and_always_leaves():
    """Dawn Bringer (card-data.md 1.3: "gain 2 fate, every other character in the Region may gain 1;
    at Night flip to Day; then discard")."""
    s = position([{"id": "thief", "space": "hills_1", "fate": 0}, {"id": "troll", "space": "woods_2", "fate": 0}],
                 board_cards={"hills_1": ["dawn_bringer"]})
    import attrs
    from talisman.api import STEPS
    from talisman.engine import machine
    from talisman.rules import effects as eff
    s = attrs.evolve(s, pending=None)
    s = eff.run(s, effect("dawn_bringer"), "thief", {"card": "dawn_bringer", "space": "hills_1"})
    s = ok(machine.advance(s, STEPS, machine.AT_SCRIPT_END))
    assert s.characters["thief"].fate == 2 and s.characters["troll"].fate == 1
    assert not s.board_cards.get("hills_1")


def _unbeaten(card):
    return list(load().cards[card].data["unbeaten"])


def test_horseman_of_disease_costs_those_without_a_talisman_strength_or_craft():
    """Horseman of Disease (card-data.md 2.2: "not beaten: every character without a Talisman
    loses 1 Strength or 1 Craft")."""
    s = hgame([{"id": "warrior"}, {"id": "wizard", "objects": ["talisman"]}])
    s = run_effects(s, _unbeaten("horseman_of_disease"), "warrior")
    s = play(s, "choose:craft")
    assert s.characters["warrior"].craft == load().characters["warrior"].craft - 1
    assert s.characters["wizard"].strength == load().characters["wizard"].strength
    assert s.characters["wizard"].craft == load().characters["wizard"].craft


def test_horseman_of_famine_kills_a_follower_of_those_without_a_talisman():
    """Horseman of Famine (card-data.md 2.2: "not beaten: every character without a Talisman
    kills 1 Follower")."""
    s = hgame([{"id": "warrior", "followers": ["maiden"]}, {"id": "wizard", "followers": ["unicorn"],
                                                           "objects": ["talisman"]}])
    s = run_effects(s, _unbeaten("horseman_of_famine"), "warrior")
    s = ok(play(s, *[a for a in ["choose:maiden"] if a in legal(s)]))
    assert not s.characters["warrior"].followers and list(s.characters["wizard"].followers) == ["unicorn"]


def test_heretic_angel_rolls_her_table_and_leaves():
    """Heretic Angel (card-data.md 2.2: "1 discard top Omen; 2 lose 1 life or fate; 3 become Evil;
    4 become Good; 5 gain 1 life and 1 fate; 6 restore the top discarded Omen, then discard")."""
    s = hgame([{"id": "warrior", "space": "hills_1"}], board_cards={"hills_1": ["heretic_angel"]})
    import attrs
    from talisman.api import STEPS
    from talisman.engine import machine
    from talisman.engine.dice import Dice
    from talisman.rules import effects as eff
    s = attrs.evolve(s, pending=None, dice=Dice(seed=0, script=(3,)))
    s = eff.run(s, effect("heretic_angel"), "warrior", {"card": "heretic_angel", "space": "hills_1"})
    s = machine.advance(s, STEPS, machine.AT_SCRIPT_END)
    assert s.characters["warrior"].alignment == "evil" and not s.board_cards.get("hills_1")


def test_crossroads_devil_grants_two_wishes_for_the_top_omen():
    """Crossroads Devil (card-data.md 2.2: "the first visitor who agrees to discard the top Omen
    gets two wishes, then it goes")."""
    s = hgame([{"id": "warrior", "space": "hills_1"}], board_cards={"hills_1": ["crossroads_devil"]})
    import attrs
    from talisman.api import STEPS
    from talisman.engine import machine
    from talisman.rules import effects as eff
    s = attrs.evolve(s, pending=None)
    s = eff.run(s, effect("crossroads_devil"), "warrior", {"card": "crossroads_devil", "space": "hills_1"})
    s = machine.advance(s, STEPS, machine.AT_SCRIPT_END)
    assert {"choose:accept", "choose:refuse"} <= legal(s)
    s = play(s, "choose:accept", "choose:strength", "choose:craft")
    w = load().characters["warrior"]
    assert (s.characters["warrior"].strength, s.characters["warrior"].craft) == (w.strength + 1, w.craft + 1)
    assert not s.board_cards.get("hills_1")


def test_the_altars_are_used_once():
    """Altars (card-data.md 2.2: "... discard top Omen and Altar"): used, the Omen is discarded and
    then the Altar, in the printed order (ruling R-RES3: an Altar the revealed Omen already
    cleared is not discarded twice, base ``discard_self``); the Stones of Time go to the
    discards before those are shuffled back ("the Stones themselves went back too")."""
    for altar in ("altar_of_desire", "altar_of_envy", "altar_of_greed", "altar_of_wrath"):
        used = [next(iter(e)) for e in list(load().cards[altar].effect)[0]["choose"][0]["effects"]]
        assert used.index("discard_omen") < used.index("discard_self"), altar
    used = [next(iter(e)) for e in list(load().cards["stones_of_time"].effect)[0]["choose"][0]["effects"]]
    assert used.index("discard_self") < used.index("harbinger_discards_to_deck")
