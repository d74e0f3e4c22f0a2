"""Exact odds (``talisman.odds``): the numbers are worked out by hand from the rule texts and the
card data, and compared exactly.

"000 RESOLVING COMBAT VS CREATURES OR ENEMIES": "The Character's Combat Score is the die roll plus
the Character's Strength. Another player now rolls a die for the creature and adds this to the
creature's Strength ... If the Character's Combat Score is higher, the Creature is killed. If the
creature's score is higher the Character loses 1 Life ... If the Scores are equal, the result is a
standoff."  "Medium Characters use a D6" (the Thief and the Warrior are medium).
"000 SENTINEL SPACE": "The Sentinel will attack a Character each time they attempt to cross the
bridge ... Characters defeated by the Sentinel lose 1 Life".  The Sentinel's Strength is 9.
"""
import re
import shlex
import time
from fractions import Fraction as F
from pathlib import Path

import pytest
from click.testing import CliRunner

import talisman
from talisman.bots import HeuristicBot
from talisman.cli import main
from talisman.errors import TalismanError
from talisman.odds import Best, OddsTooLarge, odds
from talisman.scenarios import TalismanScenarios, setup_state

# The Thief, Strength 8, two spaces before the Sentinel; movement 2 forced.  Thief 8 + a against
# the Sentinel's 9 + c, a and c each 1..6 (36 equally likely pairs):
#   won:      8 + a > 9 + c, a - c >= 2: (3,1) (4,1) (4,2) (5,1..3) (6,1..4) = 1+2+3+4 = 10 -> 10/36 = 5/18
#   standoff: a - c = 1: (2,1) ... (6,5) = 5 -> 5/36
#   lost:     a - c <= 0: 36 - 15 = 21 -> 21/36 = 7/12
FRESH = {"won": F(5, 18), "standoff": F(5, 36), "lost": F(7, 12)}


def thief(fate=0, lives=4):
    return setup_state({"characters": [{"id": "thief", "space": "woods_1", "strength": 8,
                                        "fate": fate, "lives": lives}]}, [2])


def at_the_sentinel(fate):
    s = TalismanScenarios.apply(thief(fate), "move:hills_3")
    assert s.pending.kind == "combat" and "sentinel" in s.pending.prompt
    return s


def test_a_fight_with_the_sentinel_by_hand_and_a_fixed_list_of_notations():
    d = odds(thief(), "combat_resolved", policy=["move:hills_3", "fight"])
    assert dict(d) == FRESH
    assert sum(d.values()) == 1
    assert d["evaded"] == 0  # an outcome never reached reads as 0
    # the same question from the library's top level
    assert dict(talisman.odds(thief(), "combat_resolved", ["move:hills_3", "fight"])) == FRESH


def test_lives_left_after_the_fight_as_the_outcome():
    # "Characters defeated by the Sentinel lose 1 Life": 3 lives -> 2 with probability 7/12
    d = odds(thief(lives=3), "combat_resolved", ["move:hills_3", "fight"],
             outcome="characters.thief.lives")
    assert dict(d) == {2: F(7, 12), 3: F(5, 12)}
    d = odds(thief(lives=3), "combat_resolved", ["move:hills_3", "fight"],
             outcome=lambda s: s.characters["thief"].lives < 3)
    assert dict(d) == {True: F(7, 12), False: F(5, 12)}


def test_best_play_of_a_fate_re_roll_is_expectimax():
    # With 1 fate the Thief may roll his die again once, after seeing it and before the
    # Sentinel rolls; the new result stands.  After rolling a, winning needs c <= a - 2:
    # P(win | keep a) = max(0, a - 2)/6 = 0, 0, 1/6, 2/6, 3/6, 4/6; a fresh roll wins 5/18.
    # Best re-rolls when keeping is worse than 5/18: a = 1, 2, 3 (1/6 = 3/18 < 5/18); keeps 4, 5, 6.
    #   won      = 1/6 (2/6 + 3/6 + 4/6) + 3/6 * 5/18 = 9/36 + 5/36 = 7/18
    #   standoff = 1/6 (1/6 * 3)         + 3/6 * 5/36 = 1/12 + 5/72 = 11/72
    #   lost     = 1/6 (3/6 + 2/6 + 1/6) + 3/6 * 7/12 = 1/6 + 7/24 = 11/24
    d = odds(at_the_sentinel(fate=1), "combat_resolved", Best("won"))
    assert dict(d) == {"won": F(7, 18), "standoff": F(11, 72), "lost": F(11, 24)}
    assert sum(d.values()) == 1
    assert d["won"] > FRESH["won"]
    # playing for the standoff instead re-rolls every a except 2..6 whose standoff chance
    # 1/6 beats 5/36: only a = 1 (standoff 0) is re-rolled -> 5/6 * 1/6 + 1/6 * 5/36 = 35/216
    d = odds(at_the_sentinel(fate=1), "combat_resolved", Best("standoff"))
    assert d["standoff"] == F(35, 216)


def test_a_policy_per_player_and_the_chance_of_several_outcomes():
    d = odds(at_the_sentinel(fate=1), "combat_resolved", {"thief": Best("won")})
    assert d["won"] == F(7, 18)
    # not losing a life: won or standoff, 7/18 + 11/72 = 39/72 = 13/24 (Best("won")'s play)
    assert d.chance(["won", "standoff"]) == F(13, 24) == 1 - d["lost"]
    assert d.chance(lambda o: o != "lost") == F(13, 24)


def test_a_bot_policy():
    # The heuristic bot re-rolls with fate when its die shows 2 or less, keeps 3..6:
    #   won      = 1/6 (1/6 + 2/6 + 3/6 + 4/6) + 2/6 * 5/18 = 10/36 + 5/54 = 10/27
    #   standoff = 1/6 (4 * 1/6)               + 2/6 * 5/36 = 4/36 + 5/108 = 17/108
    #   lost     = 1 - 40/108 - 17/108 = 51/108 = 17/36
    d = odds(at_the_sentinel(fate=1), "combat_resolved", HeuristicBot(0))
    assert dict(d) == {"won": F(10, 27), "standoff": F(17, 108), "lost": F(17, 36)}
    assert d["won"] < odds(at_the_sentinel(fate=1), "combat_resolved", Best("won"))["won"]


def test_sampling_agrees_with_enumeration_on_a_small_question():
    exact = odds(at_the_sentinel(fate=1), "combat_resolved", HeuristicBot(0))
    est = odds(at_the_sentinel(fate=1), "combat_resolved", HeuristicBot(0), method="sample",
               samples=600, seed=3)
    assert est.samples == 600 and sum(est.values()) == 1
    for o, p in exact.items():
        low, high = est.interval(o)
        assert low <= p <= high, (o, p, low, high)
    again = odds(at_the_sentinel(fate=1), "combat_resolved", HeuristicBot(0), method="sample",
                 samples=600, seed=3)
    assert dict(again) == dict(est)  # the same seed, the same estimate
    with pytest.raises(TalismanError, match="needs method='exact'"):
        odds(at_the_sentinel(fate=1), "combat_resolved", Best("won"), method="sample", samples=5)
    with pytest.raises(OddsTooLarge):
        odds(talisman.new_game(["warrior", "troll"], seed=1), "game_over", HeuristicBot(0),
             method="sample", samples=2, limit=50)


def test_the_warriors_two_dice_against_the_dragon_use_the_memo():
    # The Warrior "rolls two dice in battle and uses the higher" (data/talisman/characters.yaml,
    # ability two_dice_in_battle); the Dragon's Strength is 7 (data/talisman/cards/adventure.yaml).
    # P(higher = m) = (2m - 1)/36.  Warrior 4 + m against 7 + c:
    #   won:      m - c >= 4: m=5,c=1 (9/36 * 1/6), m=6,c=1..2 (11/36 * 2/6) -> (9 + 22)/216 = 31/216
    #   standoff: m - c = 3: m=4 (7), m=5 (9), m=6 (11), each with one c -> 27/216 = 1/8
    #   lost:     the rest: 216 - 58 = 158 -> 79/108
    s = setup_state({"characters": [{"id": "warrior", "space": "chapel", "strength": 4, "fate": 0}],
                     "board_cards": {"fields_2": ["dragon"]}}, [1])
    s = TalismanScenarios.apply(s, "move:fields_2")
    assert "dragon" in s.pending.prompt
    d = odds(s, "combat_resolved", ["fight"])
    assert dict(d) == {"won": F(31, 216), "standoff": F(1, 8), "lost": F(79, 108)}
    assert sum(d.values()) == 1
    # The 36 ordered pairs of the Warrior's dice leave 6 different states (the higher die is
    # all that is kept): 6 are expanded, the other 30 are met again and taken from the memo.
    # States expanded: the declaration, the Warrior's roll, the Dragon's roll after each m.
    assert d.memo_hits == 30
    assert d.nodes == 1 + 1 + 6
    assert d.leaves == 6 * 6


def test_equal_states_hash_alike_and_json_round_trips_keep_the_hash():
    s = at_the_sentinel(fate=1)
    s2 = talisman.apply(s, "fight", stop_at_chance=True)
    again = talisman.from_json(talisman.to_json(s2))
    assert again == s2 and hash(again) == hash(s2)
    a = talisman.apply(s2, "roll:4", stop_at_chance=True)
    b = talisman.apply(s2, "roll:5", stop_at_chance=True)
    assert a != b  # (the roll is in the battle and in the log)


def test_an_over_large_question_is_refused_quickly():
    s = talisman.new_game(["warrior", "troll"], seed=1)
    started = time.perf_counter()
    with pytest.raises(OddsTooLarge, match="more than 300 states"):
        odds(s, "game_over", HeuristicBot(0), limit=300)
    assert time.perf_counter() - started < 30
    assert issubclass(OddsTooLarge, TalismanError)


def test_bad_questions_get_the_librarys_errors():
    s = at_the_sentinel(fate=1)
    with pytest.raises(TalismanError, match="thief must choose fate"):
        odds(s, "combat_resolved")  # a real choice and no policy
    with pytest.raises(TalismanError, match="notation 1 of the policy \\('evade'\\)"):
        odds(thief(), "combat_resolved", ["evade"])
    with pytest.raises(TalismanError, match="until must be"):
        odds(s, 42)
    with pytest.raises(TalismanError, match="not a policy"):
        odds(s, "combat_resolved", 3)
    with pytest.raises(TalismanError, match="limit"):
        odds(s, "combat_resolved", Best("won"), limit=0)
    with pytest.raises(TalismanError, match="not in the state"):
        odds(s, "combat_resolved", Best("won"), outcome="characters.nobody.lives")


def test_until_an_event_name_or_the_first_of_several():
    # the first event of any of the names ends a branch: a win, a lost life, or (after a
    # standoff, which ends the turn on the Sentinel) the end of the turn
    d = odds(thief(), ["combat_won", "life_lost", "turn_ended"], ["move:hills_3", "fight"])
    assert dict(d) == {"combat_won": F(5, 18), "life_lost": F(7, 12), "turn_ended": F(5, 36)}


SCENARIO = """\
name: The Thief (Strength 8, 1 fate) fights the Sentinel
rules: "000 SENTINEL SPACE"
setup:
  characters:
    - {id: thief, space: woods_1, strength: 8, fate: 1}
dice: [2]
actions: [move:hills_3, fight]
expect: {pending.kind: roll}
"""


def test_the_command_line_prints_the_distribution(tmp_path):
    path = tmp_path / "thief.yaml"
    path.write_text(SCENARIO)
    runner = CliRunner()
    r = runner.invoke(main, ["odds", str(path), "--until", "combat_resolved", "--best", "won"])
    assert r.exit_code == 0, r.output
    assert "7/18" in r.output and "38.89%" in r.output and "11/72" in r.output
    r = runner.invoke(main, ["odds", str(path), "--until", "combat_resolved", "--bot", "heuristic"])
    assert r.exit_code == 0 and "10/27" in r.output
    r = runner.invoke(main, ["odds", str(path), "--until", "combat_resolved"])
    assert r.exit_code != 0 and "thief must choose fate" in r.output
    r = runner.invoke(main, ["odds", str(path), "--until", "combat_resolved", "--actions", "keep",
                             "--outcome", "characters.thief.lives"])
    assert r.exit_code == 0, r.output  # every roll kept: lives 4 -> 3 with 7/12, else 4
    assert "7/12" in r.output and "5/12" in r.output and "58.33%" in r.output
    r = runner.invoke(main, ["odds", str(path), "--until", "combat_resolved", "--bot", "heuristic",
                             "--samples", "50", "--seed", "1"])
    assert r.exit_code == 0 and "95% interval" in r.output and "50 random plays" in r.output
    r = runner.invoke(main, ["odds", "--help"])
    assert "combat_resolved" in r.output and "turn_ended" in r.output and "game_over" in r.output


DOC = Path(__file__).resolve().parents[1] / "docs" / "odds.md"


def doc_questions():
    """(scenario text, file name, command arguments, stated odds) for each command of docs/odds.md:
    a ```console block's `$ talisman odds FILE ...` line and the line after it, with the
    ```yaml block before it as FILE."""
    text = DOC.read_text()
    blocks = re.findall(r"```(yaml|console)\n(.*?)```", text, re.S)
    out, last_yaml = [], None
    for kind, body in blocks:
        if kind == "yaml":
            last_yaml = body
            continue
        lines = body.strip().splitlines()
        for cmd, result in zip(lines[::2], lines[1::2]):
            args = shlex.split(cmd.removeprefix("$ talisman "))
            stated = dict(part.split() for part in result.split(" · "))
            out.append((last_yaml, args[1], args, stated))
    return out


def table_rows(output):
    rows = {}
    for line in output.splitlines():
        cells = [c.strip() for c in line.strip().strip("│").split("│")]
        if len(cells) == 3 and "/" in cells[1] or len(cells) == 3 and cells[1] == "1":
            rows[cells[0]] = cells[1]
    return rows


def test_the_questions_of_docs_odds_md_give_the_stated_odds(tmp_path):
    questions = doc_questions()
    assert len(questions) >= 7  # five questions, some asked more than one way
    for scenario, name, args, stated in questions:
        (tmp_path / name).write_text(scenario)
        args[1] = str(tmp_path / name)
        r = CliRunner().invoke(main, args)
        assert r.exit_code == 0, (args, r.output)
        assert table_rows(r.output) == stated, (args, r.output)
        assert sum(F(p) for p in stated.values()) == 1


def test_a_game_already_over():
    s = talisman.new_game(["troll"], seed=2, options={"max_rounds": 1})
    bot = HeuristicBot(0)
    while not s.is_over:
        s = talisman.apply(s, bot.choose(s))
    assert s.outcome.winners == ()  # the round cap ends the game without a winner
    assert dict(odds(s, "game_over")) == {"nobody": 1}
    assert dict(odds(s, "combat_resolved")) == {"game_over": 1}
