"""THE TALISMAN CITY: a turn that starts in the City (or at its Gate) offers the main board's
choices before the move (``talisman.rules.movement.before_roll_options``, taken by ``talisman.expansions.city_law.streets.start``; docs/rulings.md
R-CT8).  Each test names in its docstring the rule section it checks; the scenario files
``tests/scenarios/city_turn_start_*.yaml`` hold the worked cases.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))

from support import events, game, legal, play  # noqa: E402


def city(characters, dice=(), **setup):
    return game(characters, dice, expansions=["city"], **setup)


def test_the_elfs_woods_path_is_not_offered_in_the_city_or_at_its_gate():
    """000 Movement in the City (rulings R-CT8.1): the Elf's path "from one Woods space to another"
    starts in a Woods; no City space, nor the Gate, is one, so it is never offered there, while the
    rest of the turn's start is (here the Objects over his limit to drop)."""
    s = city([{"id": "elf", "space": "city_kings_way", "gold": 1, "spells": [],
               "objects": ["sword", "axe", "shield", "helmet", "water_bottle"]}])
    assert s.pending.kind == "turn"
    assert "drop:sword" in legal(s)
    assert not [a for a in legal(s) if a.startswith("woods:")]
    s = city([{"id": "elf", "space": "city_gate", "gold": 1, "spells": []}], ext={"city": {"arrived": ["elf"]}})
    assert legal(s) == {"move:city_town_square", "roll"}


def test_a_druid_in_a_building_may_change_alignment_and_must_still_move_out():
    """000 Movement in the City: "Characters may not remain in a Building from one turn to another";
    000 CHANGING ALIGNMENT: the Druid's change before the move is no move, so he still walks out."""
    s = city([{"id": "druid", "space": "city_bank", "gold": 1, "spells": []}], [1])
    assert {"align:good", "align:evil", "roll"} <= legal(s)
    s = play(s, "align:evil")
    assert s.characters["druid"].alignment == "evil"
    assert s.pending.kind == "move" and s.characters["druid"].space == "city_bank"
    assert "move:city_bank" not in legal(s)


def test_a_prisoner_is_offered_only_the_donjons_choices():
    """000 Discarding Warrants: "Once a Character is taken to the Donjon he has three options:
    Bribery, Escape, or judgment" (rulings R-CT8.4): no change of alignment, no Dispel Magic there."""
    s = city([{"id": "druid", "space": "city_donjon", "gold": 3, "spells": []},
              {"id": "thief", "space": "village", "toad_turns": 2}])
    assert s.pending.kind == "donjon"
    assert all(a.startswith("donjon:") for a in legal(s))


def test_gold_for_the_quest_must_leave_the_loan_to_repay():
    """000 Loans: "You must repay a total of 4 Gold, in one payment, before leaving the City"; the
    quest's 3 Gold handed over from the City leave with him, so 5 Gold (4 owed) is not enough and
    7 is: the Loan repaid on the way out, the quest delivered on the Cave (rulings R-CT8.3)."""
    quest = {"deliver": "gold", "amount": 3}
    s = city([{"id": "thief", "space": "city_kings_way", "gold": 5, "quest": quest}], [1],
             ext={"city": {"loans": {"thief": 4}}})
    assert s.pending.kind == "move"  # nothing to choose before the move: rolled at once
    assert "quest:deliver:gold" not in legal(s)
    s = city([{"id": "thief", "space": "city_kings_way", "gold": 7, "quest": quest}],
             ext={"city": {"loans": {"thief": 4}}})
    s = play(s, "quest:deliver:gold")
    ch = s.characters["thief"]
    assert (ch.space, ch.gold, ch.quest) == ("warlocks_cave", 0, None)
    assert events(s, "loan_repaid") == [{"character": "thief", "amount": 4}]
    assert s.ext["city"].loans.get("thief", 0) == 0


def test_a_quest_delivered_from_the_gate_outside_is_no_leaving():
    """000 Entering the City: a character who only arrived at the City Gate never entered it, so
    his quest's teleport is no leaving of the City (no Loan asked, nothing logged as leaving)."""
    s = city([{"id": "thief", "space": "city_gate", "gold": 3, "quest": {"deliver": "gold", "amount": 3}}],
             ext={"city": {"arrived": ["thief"]}})
    assert "quest:deliver:gold" in legal(s)
    s = play(s, "quest:deliver:gold")
    assert s.characters["thief"].space == "warlocks_cave"
    assert events(s, "city_left") == []
    assert "thief" not in s.ext["city"].arrived


def test_a_finders_keepers_power_is_used_from_the_city_and_its_teleport_leaves_it():
    """000 2) FINDER'S KEEPERS: "Each turn you then may Teleport to any Space on any Board to
    Encounter the other Characters" (before moving, any Board: the City too); out of the City it
    is leaving it by an effect (000 Loans: the Loan asked for; here none is owed)."""
    s = city([{"id": "warrior", "space": "city_kings_way", "gold": 1, "spells": []},
              {"id": "troll", "space": "village"}],
             options={"alternative_endings": True},
             ending={"deck": [], "card": "pandoras_box", "tasks": {"warrior": {"kind": "finders"}}})
    assert legal(s) == {"teleport:village", "done"}
    s = play(s, "teleport:village")
    assert s.characters["warrior"].space == "village"
    assert events(s, "city_left")[0]["by"] == "effect"


def test_immobility_declined_the_city_turn_goes_on():
    """000 CASTING SPELLS (Immobility: "freeze the character whose turn is starting"): offered as a
    turn starts in the City; declined, the City's own start follows (here the Druid's choices)."""
    s = city([{"id": "druid", "space": "city_kings_way", "gold": 1, "spells": []},
              {"id": "sorceress", "space": "graveyard", "spells": ["immobility"]}],
             options={"spell_reactions": True})
    assert s.pending.player == "sorceress" and legal(s) == {"pass", "cast:immobility"}
    s = play(s, "pass")
    assert s.pending.player == "druid" and {"align:good", "align:evil", "roll"} <= legal(s)
