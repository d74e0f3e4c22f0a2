"""THE CROWN OF COMMAND SPACE's Alternative Endings (the option alternative_endings), CHAOS
BLOODBATH and KING OF THE HILL (000)."""
import attrs

from support import events, game, legal, names, play, run_effects
from talisman.effects_schema import table_problem
from talisman.rules import endings


def on_the_crown(ending, dice=(), **fields):
    s = game([{"id": "warrior", "space": "valley_of_fire", "objects": ["talisman"], **fields},
              {"id": "troll", "space": "city"}], dice, options={"alternative_endings": True})
    s = attrs.evolve(s, ending={"deck": [ending], "card": None})
    return play(s, "move:crown_of_command")


def test_the_barrier_chart_maps_each_d8_result_to_one_space():
    assert table_problem({str(k): [] for k in endings.BARRIER_CHART}, 1, 8) is None


def test_the_first_character_on_the_crown_draws_an_alternative_ending():
    s = on_the_crown("crown_of_command", [5])
    assert events(s, "ending_drawn")[0]["ending"] == "crown_of_command"
    assert legal(s) == {"target:troll"}                       # the Command Spell


def test_the_demon_lord_is_beaten_by_taking_his_four_lives():
    s = on_the_crown("demon_lord", [6, 6])
    assert legal(s) == {"fight", "flee"} and "evade" not in legal(s)
    s = play(s, "fight", "fight")          # choose to fight, then the psychic combat: 6 + 4 < 6 + 12
    assert s.ending["demon_lives"] == 4 and s.characters["warrior"].lives == 3
    # a later turn on the Crown: the last of his lives
    s2 = game([{"id": "warrior", "space": "crown_of_command", "craft": 12}, {"id": "troll", "space": "city"}],
              [6, 1], options={"alternative_endings": True})
    s2 = attrs.evolve(s2, ending={"deck": [], "card": "demon_lord", "demon_lives": 1})
    s2 = play(s2, "stay", "fight", "fight")
    assert s2.is_over and s2.winner == "warrior" and s2.outcome.reason == "demon_lord"


def test_fleeing_the_demon_lord_returns_to_the_plain_of_peril_and_he_keeps_his_lives():
    s = game([{"id": "warrior", "space": "crown_of_command"}, {"id": "troll", "space": "city"}],
             [], options={"alternative_endings": True})
    s = attrs.evolve(s, ending={"deck": [], "card": "demon_lord", "demon_lives": 2})
    s = play(s, "stay", "flee")
    assert s.characters["warrior"].space == "plain_of_peril" and s.ending["demon_lives"] == 4


def test_the_demon_lords_barrier_keeps_others_out_of_the_valley_of_fire():
    s = game([{"id": "troll", "space": "pits", "objects": ["talisman"]},
              {"id": "warrior", "space": "crown_of_command"}], [], options={"alternative_endings": True})
    s = attrs.evolve(s, ending={"deck": [], "card": "demon_lord", "demon_lives": 4, "barrier_by": "warrior"})
    from talisman.engine import machine
    from talisman.api import STEPS
    s = machine.advance(attrs.evolve(s, pending=None, stack=s.stack.append(
        __import__("talisman.engine.records", fromlist=["Frame"]).Frame("movement.start"))), STEPS,
        machine.AT_SCRIPT_END)
    assert "move:valley_of_fire" not in legal(s)


def test_the_horrible_black_void_annihilates_the_character():
    s = on_the_crown("black_void", [], gold=3, followers=["maiden"])
    assert "annihilated" in names(s) and not s.characters["warrior"].alive
    assert "maiden" in s.discards["adventure"] and "crown_of_command" not in s.board_cards
    assert s.ending["card"] is None                            # discarded, not reused
    assert s.is_over and s.winner == "troll"


def test_chaos_bloodbath_no_one_wins_before_reaching_the_crown():
    s = game([{"id": "warrior", "space": "village", "lives": 1}, {"id": "troll", "space": "city"}],
             options={"chaos_bloodbath": True})
    s = run_effects(s, [{"lose": {"lives": 1}}], "warrior")
    assert not s.is_over
