"""The Blood Moon's cards that move or clear face-up cards, pray, or end a combat
(talisman-facts.md section 6, the Adventure and Spell cards; ``blood_moon.board_cards``,
``blood_moon.modifiers``).  Each test names its card."""
import sys
from pathlib import Path

from talisman.definitions import load

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_blood_moon import ok, position  # noqa: E402
from test_blood_moon_cards import thief_meets  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from support import events, legal, names, play, run_effects  # noqa: E402


def effect_of(card):
    return list(load().cards[card].effect)


def met(s, card, space, dice):
    """``card``'s effect run as when met on ``space`` (its source names it)."""
    import attrs
    from talisman.api import STEPS
    from talisman.engine import machine
    from talisman.engine.dice import Dice
    from talisman.rules import effects
    s = attrs.evolve(s, pending=None, dice=Dice(seed=0, script=tuple(dice)))
    s = effects.run(s, effect_of(card), "thief", {"card": card, "space": space})
    return machine.advance(s, STEPS, machine.AT_SCRIPT_END)


def test_fire_salamander_burns_every_other_card_in_its_region_as_it_appears():
    """Fire Salamander ("when it appears every other card in this Region burns away"): drawn on
    the Hills, the face-up cards of the Outer Region are discarded, not those of the Middle."""
    s = position([{"id": "thief", "space": "woods_1"}], deck_tops={"adventure": ["fire_salamander"]},
                 board_cards={"woods_2": ["sword"], "fields_3": ["bear"], "oasis": ["helmet"]})
    s = ok(play(s, "roll:2", "move:hills_1"))
    assert "fire_salamander" in s.board_cards["hills_1"]
    assert not s.board_cards.get("woods_2") and not s.board_cards.get("fields_3")
    assert list(s.board_cards["oasis"]) == ["helmet"]
    assert {"sword", "bear"} <= set(s.discards["adventure"])


def test_raging_volcano_clears_the_region_or_the_board_but_stays():
    """Raging Volcano ("lose a life, or the eruption clears the Region's cards, or every card on
    the board"; the split of the die is a stand-in): a 6 clears every face-up card but itself."""
    s = position([{"id": "thief", "space": "hills_1"}],
                 board_cards={"hills_1": ["raging_volcano"], "woods_2": ["sword"], "oasis": ["helmet"]})
    s = ok(met(s, "raging_volcano", "hills_1", [6]))
    assert {k: list(v) for k, v in s.board_cards.items() if v} == {"hills_1": ["raging_volcano"]}
    s = position([{"id": "thief", "space": "hills_1"}],
                 board_cards={"hills_1": ["raging_volcano"], "woods_2": ["sword"], "oasis": ["helmet"]})
    s = ok(met(s, "raging_volcano", "hills_1", [4]))
    assert not s.board_cards.get("woods_2") and list(s.board_cards["oasis"]) == ["helmet"]
    s = ok(met(s, "raging_volcano", "hills_1", [1]))
    assert s.characters["thief"].lives == 3


def test_sepulchre_spectre_gathers_every_spirit_on_the_board():
    """Sepulchre Spectre ("when it appears every Spirit on the board gathers on this space"):
    the face-up Spirits of other spaces come as it is drawn and, of its number, attack with it."""
    s = position([{"id": "thief", "space": "woods_1"}], deck_tops={"adventure": ["sepulchre_spectre"]},
                 board_cards={"woods_2": ["spectre", "sword"], "oasis": ["ghost"]})
    s = ok(play(s, "roll:2", "move:hills_1"))
    assert {"sepulchre_spectre", "spectre", "ghost"} <= set(s.board_cards["hills_1"])
    assert list(s.board_cards["woods_2"]) == ["sword"]
    assert set(events(s, "attacked")[-1]["enemies"]) == {"sepulchre_spectre", "spectre", "ghost"}


def test_haunted_hamlet_is_the_village_by_day_and_brings_a_spirit_at_night():
    """Haunted Hamlet ("by Day it works as the Village, by Night the visitor must bring a
    Spirit here from anywhere"): by Day the Village's three choices; at Night the visitor
    chooses a face-up Spirit on another space, which comes to the Hamlet's space."""
    s = position([{"id": "thief", "space": "hills_1", "gold": 3}])
    s = run_effects(s, effect_of("haunted_hamlet"), "thief", dice=[])
    assert {"choose:blacksmith", "choose:healer", "choose:mystic"} <= set(legal(s))
    s = position([{"id": "thief", "space": "hills_1"}], time="night",
                 board_cards={"woods_2": ["spectre"], "oasis": ["ghost"]})
    s = run_effects(s, effect_of("haunted_hamlet"), "thief", dice=[])
    assert legal(s) == {"bring:spectre", "bring:ghost"}
    s = ok(play(s, "bring:ghost"))
    assert list(s.board_cards["hills_1"]) == ["ghost"] and not s.board_cards.get("oasis")


def test_sacred_ground_and_burial_rites_pray_as_at_the_chapel_by_day_and_the_graveyard_at_night():
    """Sacred Ground, Burial Rites ("pray with one die, as at the Chapel by Day or at the
    Graveyard by Night"): a 5 gains a life by Day, a fate at Night (the base prayer tables)."""
    rites = list(load().cards["burial_rites"].cast.effect)
    for effs in (effect_of("sacred_ground"), rites):
        s = position([{"id": "thief", "space": "hills_1"}])
        s = ok(run_effects(s, effs, "thief", dice=[5]))
        assert s.characters["thief"].lives == 5
        s = position([{"id": "thief", "space": "hills_1"}], time="night")
        s = ok(run_effects(s, effs, "thief", dice=[5]))
        assert s.characters["thief"].fate == 1 and s.characters["thief"].lives == 4


def test_holy_water_poured_out_ends_a_psychic_combat_as_evaded():
    """Holy Water ("may be poured out to dismiss the Enemies of a psychic combat"): before the
    dice, ``use:holy_water`` discards it and the combat ends as evaded (no life lost); not
    offered in battle."""
    s = thief_meets("spectre", objects=["holy_water"])
    assert "use:holy_water" in legal(s)
    s = ok(play(s, "use:holy_water"))
    assert "holy_water" in s.discards["adventure"] and s.characters["thief"].lives == 4
    assert "combat_lost" not in names(s) and "spectre" in s.board_cards["hills_1"]
    assert "use:holy_water" not in legal(thief_meets("bear", objects=["holy_water"]))
