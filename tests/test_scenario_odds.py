"""The ``odds:`` key of a scenario's ``expect`` (docs/scenarios.md): exact odds from the end of
the actions. The Sentinel fight of docs/odds.md question 1 ("000 SENTINEL SPACE", one die each
as in "000 RESOLVING COMBAT VS CREATURES OR ENEMIES"): won 5/18, standoff 5/36, lost 7/12."""
import pytest

from talisman.errors import ScenarioError
from talisman.scenarios import run_file

HEAD = """name: odds
rules: "000 SENTINEL SPACE"
setup:
  characters:
    - {id: thief, space: woods_1, strength: 8, fate: 0}
dice: [2]
actions: [move:hills_3, fight]
expect:
  pending.kind: roll
"""


def scenario(tmp_path, odds, head=HEAD):
    f = tmp_path / "s.yaml"
    f.write_text(head + "  odds:\n" + "".join(f"    {line}\n" for line in odds.strip().splitlines()))
    return f


def test_right_odds_pass(tmp_path):
    f = scenario(tmp_path, "until: combat_resolved\nis: {won: 5/18, standoff: 5/36, lost: 7/12}")
    assert run_file(f).passed


def test_wrong_odds_fail_with_expected_and_actual_fractions(tmp_path):
    f = scenario(tmp_path, "until: combat_resolved\nis: {won: 1/3, standoff: 1/9, lost: 5/9}")
    (failure,) = run_file(f).failures
    assert failure.path == "odds"
    assert failure.expected == {"won": "1/3", "standoff": "1/9", "lost": "5/9"}
    assert failure.actual == {"lost": "7/12", "won": "5/18", "standoff": "5/36"}
    assert "7/12" in str(failure) and "5/9" in str(failure)


def test_outcome_path_and_policy(tmp_path):
    # a lost battle costs one of the Thief's 4 lives: 3 with 7/12, 4 otherwise
    f = scenario(tmp_path, "until: combat_resolved\noutcome: characters.thief.lives\n"
                           "policy: {actions: [fight]}\nis: {3: 7/12, 4: 5/12}")
    assert run_file(f).passed


@pytest.mark.parametrize("odds, words", [
    ("[1, 2]", "a mapping"),
    ("until: combat_resolved\nis: {won: 5/18}\nforecast: 1", "unknown key(s) forecast"),
    ("is: {won: 1}", "missing 'until'"),
    ("until: combat_resolved", "missing 'is'"),
    ("until: 3\nis: {won: 1}", "until:"),
    ("until: combat_resolved\nis: {won: 0.28, lost: 0.72}", "is.won: 0.28 is not an exact probability"),
    ("until: combat_resolved\nis: {won: 5/18, lost: 7/12}", "sum to 31/36, not 1"),
    ("until: combat_resolved\nis: {won: 1/0, lost: 1}", "is.won"),
    ("until: combat_resolved\nis: {}", "is: a mapping"),
    ("until: combat_resolved\npolicy: {best: won, bot: heuristic}\nis: {won: 1}", "policy:"),
    ("until: combat_resolved\npolicy: {actions: fight}\nis: {won: 1}", "policy.actions"),
    ("until: combat_resolved\noutcome: [lives]\nis: {won: 1}", "outcome:"),
])
def test_malformed_odds_name_the_line(tmp_path, odds, words):
    f = scenario(tmp_path, odds)
    with pytest.raises(ScenarioError) as e:
        run_file(f)
    assert words in str(e.value)
    assert e.value.line == 10          # the line of `odds:` under expect
    assert "expect.odds" in str(e.value)


def test_unknown_bot_and_leftover_dice_are_scenario_errors(tmp_path):
    f = scenario(tmp_path, "until: combat_resolved\npolicy: {bot: oracle}\nis: {won: 1}")
    with pytest.raises(ScenarioError, match="unknown bot 'oracle'"):
        run_file(f)
    g = scenario(tmp_path, "until: combat_resolved\nis: {won: 1}",
                 head=HEAD.replace("dice: [2]", "dice: [2, 6]").replace(", fight]", "]"))
    with pytest.raises(ScenarioError, match="forced die result"):
        run_file(g)
