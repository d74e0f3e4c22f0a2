"""The Warlock's quest and the Perils of Pandora's teleport out of the City and the Dungeon
(docs/rulings.md R-CQ9): "On completion: teleported back here" (talisman-facts.md) and "you have
the power to Teleport any other Character" (000 3) PERILS OF PANDORA) ask the boards first, through
the ``before_forced_move`` hook point (000 Loans; 000 Leaving the Dungeon).  Each test names in its
docstring the rule section it checks; the worked cases are the scenario files
``tests/scenarios/city_quest_*.yaml`` (the Donjon: R-CQ9.4), ``dungeon_quest_*.yaml`` and
``ending_pandoras_box_perils_*_city_*`` / ``*_dungeon.yaml``.
"""
import sys
from pathlib import Path

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))

from support import events, game, legal, play  # noqa: E402

from talisman.rules import quests  # noqa: E402

PERILS = {"options": {"alternative_endings": True},
          "ending": {"deck": [], "card": "pandoras_box", "tasks": {"warrior": {"kind": "perils"}}}}


def settled(state):
    return attrs.evolve(state, pending=None)


def test_a_fulfilled_quest_waits_in_the_city_until_the_loan_no_longer_stops_it():
    """000 Loans (rulings R-CQ9.1): the quest fulfilled while the Bank's Wizard refused the way out is
    completed at the end of a later turn of his; with the Loan settled (the Toad) he leaves by the
    effect and is on the Warlock's Cave with a Talisman."""
    quest = {"complete_on": "enemy_killed", "fulfilled": True}
    s = game([{"id": "warrior", "space": "city_kings_way", "quest": quest}], expansions=["city"])
    s = quests.complete_fulfilled(settled(s))
    ch = s.characters["warrior"]
    assert (ch.space, ch.quest) == ("warlocks_cave", None)
    assert events(s, "city_left") == [{"character": "warrior", "by": "effect", "cause": quests.CAUSE}]
    assert events(s, "quest_completed") == [{"character": "warrior"}]


def test_a_fulfilled_quest_is_completed_only_at_the_end_of_its_holders_own_turn():
    """000 Leaving the Dungeon (rulings R-CQ9.2): a quest waiting since a fight in the Dungeon is not
    completed at another character's turn's end; at the Warrior's own, out of the Dungeon, it is."""
    quest = {"complete_on": "enemy_killed", "fulfilled": True}
    s = game([{"id": "troll", "space": "tavern"}, {"id": "warrior", "space": "fields_1", "quest": quest}],
             expansions=["dungeon"])
    assert s.current == "troll"
    s = quests.complete_fulfilled(settled(s))
    assert s.characters["warrior"].space == "fields_1" and s.characters["warrior"].quest is not None
    s = quests.complete_fulfilled(attrs.evolve(s, current="warrior"))
    assert s.characters["warrior"].space == "warlocks_cave" and s.characters["warrior"].quest is None


def test_a_fulfilled_delivery_quest_is_not_offered_again():
    """The Warlock's quest ("deliver 3G", talisman-facts.md; rulings R-CQ9.2): a quest already
    fulfilled, its teleport waiting, offers no second delivery before the move."""
    s = game([{"id": "thief", "space": "fields_1", "gold": 5,
               "quest": {"deliver": "gold", "amount": 3, "fulfilled": True}}])
    assert "quest:deliver:gold" not in legal(s)
    assert quests.delivery_options(s, "thief") == []


def test_a_debtor_sent_by_the_perils_keeps_his_own_next_move():
    """000 3) PERILS OF PANDORA; 000 Loans (rulings R-CQ9.3): the Bank's Wizard refuses another's
    teleport of the Thief; his own move, in his own turn, is not spent by it."""
    s = game([{"id": "warrior", "space": "crown_of_command"}, {"id": "troll", "space": "hills_2"},
              {"id": "thief", "space": "city_kings_way", "gold": 1},
              {"id": "wizard", "space": "graveyard"}],
             expansions=["city"], ext={"city": {"loans": {"thief": 4}}}, **PERILS)
    s = play(s, "perils:thief:troll:battle")
    thief = s.characters["thief"]
    assert thief.space == "city_kings_way" and thief.toad_turns == 3
    assert "moved" not in thief.turn_flags and "city_leaving" not in thief.turn_flags


def test_the_perils_send_a_character_without_a_loan_out_of_the_city_to_fight():
    """000 3) PERILS OF PANDORA; 000 Leaving the City: out of the City by the opener's teleport is
    leaving it by an effect (nothing owed: allowed), and the fight follows on the Troll's space."""
    s = game([{"id": "warrior", "space": "crown_of_command"}, {"id": "troll", "space": "hills_2"},
              {"id": "thief", "space": "city_kings_way"}, {"id": "wizard", "space": "graveyard"}],
             [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], expansions=["city"], **PERILS)
    s = play(s, "perils:thief:troll:battle")
    assert events(s, "city_left") == [{"character": "thief", "by": "effect", "cause": "perils_of_pandora"}]
    assert events(s, "forced_to_fight")[0]["character"] == "thief"
    assert s.characters["thief"].space == "hills_2"


def test_the_opener_in_the_dungeon_may_not_teleport_out_to_the_last_one():
    """000 3) PERILS OF PANDORA ("Once there is only one other Character and yourself, you may then
    Teleport to that Character and fight him"); 000 Leaving the Dungeon: "Characters may not
    Teleport out of the Dungeon". The opener's own teleport is refused: no fight (rulings R-CQ9.3)."""
    s = game([{"id": "warrior", "space": "dg_passage_3"}, {"id": "troll", "space": "hills_2"}],
             expansions=["dungeon"], **PERILS)
    assert "perils:warrior:troll:battle" in legal(s)
    s = play(s, "perils:warrior:troll:battle")
    assert s.characters["warrior"].space == "dg_passage_3"
    assert events(s, "perils_refused") == [{"character": "warrior", "opponent": "troll", "by": "warrior"}]
    assert events(s, "forced_to_fight") == []


def test_a_prisoner_released_completes_the_waiting_quest_at_that_turns_end():
    """000 Discarding Warrants (rulings R-CQ9.4): out of the Donjon by one of its three options
    (here the bribe, a stand-in), the prisoner's waiting quest is completed at the end of that
    turn, leaving the City by the effect (he owes nothing)."""
    s = game([{"id": "monk", "space": "city_donjon", "gold": 4,
               "quest": {"complete_on": "life_taken", "fulfilled": True}}],
             expansions=["city"], deck_tops={"city": ["purse"]})
    assert s.pending.kind == "donjon"
    s = play(s, "donjon:bribe", "take:purse")
    ch = s.characters["monk"]
    assert (ch.space, ch.quest) == ("warlocks_cave", None)
    assert [e["character"] for e in events(s, "released")] == ["monk"]
    assert events(s, "city_left") == [{"character": "monk", "by": "effect", "cause": quests.CAUSE}]


def test_the_perils_do_not_send_a_prisoner_out_of_the_donjon():
    """000 3) PERILS OF PANDORA; 000 Discarding Warrants (rulings R-CQ9.4): the prisoner's three
    options are his only ways out of the Donjon; the Perils' teleport is refused, no fight."""
    s = game([{"id": "warrior", "space": "crown_of_command"}, {"id": "troll", "space": "hills_2"},
              {"id": "thief", "space": "city_donjon"}, {"id": "wizard", "space": "graveyard"}],
             expansions=["city"], **PERILS)
    s = play(s, "perils:thief:troll:battle")
    assert s.characters["thief"].space == "city_donjon"
    assert events(s, "perils_refused") == [{"character": "thief", "opponent": "troll", "by": "warrior"}]
    assert events(s, "forced_to_fight") == []


def test_a_refused_teleport_to_the_cave_is_asked_once_at_a_turn_end_with_a_spell_to_cast():
    """000 Leaving the Dungeon: "Characters may not Teleport out of the Dungeon" (rulings R-CQ9.2):
    the Warlock's quest fulfilled by a fight is completed at the end of the turn by one teleport
    to the Cave, which the board refuses.  The end of the turn waits on a Spell cast "at the end of
    your turn" (the Troll holds Destroy Magic) and then ends: the one teleport is asked of the
    ``before_forced_move`` hook point once, not again once the Spell is declined (fix13C; the
    Dungeon's refusal logs ``effect_ignored`` each time it is asked)."""
    s = game([{"id": "troll", "space": "dg_passage_4", "strength": 6, "craft": 3, "spells": ["destroy_magic"],
               "quest": {"complete_on": "enemy_killed"}}, {"id": "warrior", "space": "tavern"}],
             [1, 6, 1], expansions=["dungeon"], board_cards={"fields_1": ["dungeon_doorway"]})
    s = play(s, "roll", "fight")
    assert s.pending.kind == "end_of_turn" and "cast:destroy_magic" in legal(s)
    s = play(s, "pass")
    assert s.current == "warrior"
    asked = [e for e in events(s, "effect_ignored") if e["space"] == "warlocks_cave"]
    assert asked == [{"character": "troll", "space": "warlocks_cave",
                      "reason": "no teleporting out of the Dungeon"}]
    assert events(s, "quest_waiting") == [{"character": "troll", "space": "dg_guard_room"}]
    assert s.characters["troll"].quest == {"complete_on": "enemy_killed", "fulfilled": True}
