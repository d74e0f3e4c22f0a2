"""Scenario files (DESIGN.md section 7): running, failures that name path/expected/actual,
malformed files that name the line, and `talisman check`'s exit code."""
import pytest
from click.testing import CliRunner

from talisman.cli import main
from talisman.errors import ScenarioError
from talisman.scenarios import run_file

pytest_plugins = ["pytester"]


def write(tmp_path, text, name="s.yaml"):
    p = tmp_path / name
    p.write_text(text)
    return p


GOOD = """\
name: A standoff with the Sentinel
rules: "000 SENTINEL SPACE"
setup:
  characters:
    - {id: warrior, space: woods_1, fate: 0}
dice: [2, 6, 1, 1]
actions: [move:hills_3, fight]
expect:
  characters.warrior.space: sentinel
  log_contains: [{event: standoff}]
"""


def test_a_passing_scenario(tmp_path):
    assert run_file(write(tmp_path, GOOD)).passed


def test_a_failing_scenario_names_the_path_the_expected_and_the_actual_value(tmp_path):
    p = write(tmp_path, GOOD.replace("space: sentinel", "space: hills_3"))
    r = run_file(p)
    assert not r.passed
    assert str(r.failures[0]) == "characters.warrior.space: expected 'hills_3', got 'sentinel'"


def test_a_mapping_that_is_only_part_of_the_value_fails_and_says_to_check_each_field_by_its_path(tmp_path):
    # a dotted path compares the whole value there (docs/scenarios.md): a partial mapping fails,
    # and the failure says how to write it
    p = write(tmp_path, GOOD.replace("characters.warrior.space: sentinel",
                                     "characters: {warrior: {space: sentinel}}"))
    r = run_file(p)
    assert not r.passed
    assert r.failures[0].path == "characters"
    assert "compared whole" in str(r.failures[0]) and "characters.warrior.space" in str(r.failures[0])
    wrong = run_file(write(tmp_path, GOOD.replace("characters.warrior.space: sentinel",
                                                  "characters: {warrior: {space: hills_3}}"), "w.yaml"))
    assert wrong.failures[0].hint == ""  # not a part: a plain difference, no hint


def test_log_lacks_and_contains_are_checked(tmp_path):
    p = write(tmp_path, GOOD.replace("log_contains: [{event: standoff}]",
                                     "log_lacks: [{event: standoff}]"))
    r = run_file(p)
    assert r.failures[0].path == "log_lacks"


def test_an_illegal_action_names_its_line(tmp_path):
    p = write(tmp_path, GOOD.replace("actions: [move:hills_3, fight]",
                                     "actions:\n  - move:hills_3\n  - flee"))
    with pytest.raises(ScenarioError, match=r"s.yaml:9: action 2 \(flee\) failed: illegal action"):
        run_file(p)


def test_a_malformed_file_names_its_line(tmp_path):
    p = write(tmp_path, GOOD.replace("dice: [2, 6, 1, 1]", "dice: [2, 6, 1, 1"))
    with pytest.raises(ScenarioError, match=r"s.yaml:\d+: not valid YAML"):
        run_file(p)
    p = write(tmp_path, GOOD.replace("dice: [2, 6, 1, 1]", "dice: [2, 6, 1, 1]\nforecast: rain"))
    with pytest.raises(ScenarioError, match=r"s.yaml:7: unknown key 'forecast'"):
        run_file(p)
    p = write(tmp_path, GOOD.replace("id: warrior,", "id: warrior, mood: grim,"))
    # the line of the deepest key of the error's path the file has (`characters:`, a list whose
    # items are not keyed by id), not only the line of `setup:`
    with pytest.raises(ScenarioError, match=r"s.yaml:4: bad setup: setup.characters.warrior.mood: unknown field"):
        run_file(p)


def test_running_out_of_scripted_dice_names_the_wanted_roll(tmp_path):
    p = write(tmp_path, GOOD.replace("dice: [2, 6, 1, 1]", "dice: [2, 6, 1]"))
    r = run_file(p)
    assert "ran out: wanted d6 for attack roll of sentinel" in str(r.failures[-1])
    p = write(tmp_path, GOOD.replace("dice: [2, 6, 1, 1]", "dice: []"))
    with pytest.raises(ScenarioError, match="s.yaml:7: .*scripted dice ran out: wanted d6 for movement of warrior"):
        run_file(p)


def test_forced_dice_left_unrolled_fail_naming_how_many_and_which(tmp_path):
    """A scenario that stops with forced dice never rolled (here the ``fight`` is missing) fails:
    its expectation may hold only because the roll it was written for never happened
    (docs/scenarios.md, "How dice are forced")."""
    p = write(tmp_path, GOOD.replace("actions: [move:hills_3, fight]", "actions: [move:hills_3]")
              .replace("  log_contains: [{event: standoff}]\n", ""))
    r = run_file(p)
    assert [(f.path, f.expected, f.actual) for f in r.failures] == [("dice_left", 0, 3)]
    assert "3 forced dice never rolled: [6, 1, 1]" in str(r.failures[0])
    assert "expect.dice_left: 3" in str(r.failures[0])
    fail = CliRunner().invoke(main, ["check", str(p)])
    assert fail.exit_code == 1 and str(p) in fail.output and "never rolled: [6, 1, 1]" in fail.output


def test_the_pytest_plugin_fails_a_scenario_with_dice_left_unrolled(pytester):
    """The pytest plugin (``talisman_pytest``) runs the same check: the item fails, its report
    naming the file, how many forced dice were left and which."""
    pytester.makeini("[pytest]\ntalisman_scenarios = true\n")
    pytester.mkdir("scenarios")
    (pytester.path / "scenarios" / "no_fight.yaml").write_text(
        GOOD.replace("move:hills_3, fight", "move:hills_3").replace("  log_contains: [{event: standoff}]\n", ""))
    (pytester.path / "scenarios" / "good.yaml").write_text(GOOD)
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider", "-p", "no:randomly")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*no_fight.yaml (000 SENTINEL SPACE)*", "*dice_left: expected 0, got 3",
                                 "*(3 forced dice never rolled: [[]6, 1, 1[]]*"])


def test_dice_left_states_a_roll_that_must_not_happen(tmp_path):
    """``expect.dice_left: N``: exactly N forced dice stay unrolled, no more, no fewer."""
    # the Warrior stops on the Sentinel, and no attack roll is to be made before his decision
    extra = (GOOD.replace("dice: [2, 6, 1, 1]", "dice: [2, 6]").replace("move:hills_3, fight", "move:hills_3")
             .replace("  log_contains: [{event: standoff}]\n", "  log_lacks: [{event: standoff}]\n"))
    assert [f.path for f in run_file(write(tmp_path, extra)).failures] == ["dice_left"]
    assert run_file(write(tmp_path, extra + "  dice_left: 1\n", "one.yaml")).passed
    r = run_file(write(tmp_path, GOOD + "  dice_left: 1\n", "none.yaml"))  # every die rolled
    assert [(f.path, f.expected, f.actual) for f in r.failures] == [("dice_left", 1, 0)]
    for bad in ("-1", "true", "two"):
        with pytest.raises(ScenarioError, match=r"s.yaml:11: expect.dice_left: the number of forced dice"):
            run_file(write(tmp_path, GOOD + f"  dice_left: {bad}\n"))


def test_talisman_check_exits_non_zero_on_a_failure(tmp_path):
    good = write(tmp_path, GOOD, "good.yaml")
    bad = write(tmp_path, GOOD.replace("space: sentinel", "space: hills_3"), "bad.yaml")
    runner = CliRunner()
    ok = runner.invoke(main, ["check", str(good)])
    assert ok.exit_code == 0 and "ok" in ok.output
    fail = runner.invoke(main, ["check", str(good), str(bad)])
    assert fail.exit_code == 1
    assert "expected 'hills_3', got 'sentinel'" in fail.output


def test_contains_and_lacks_look_into_a_list_or_a_mapping_s_keys(tmp_path):
    """``expect.contains`` / ``expect.lacks`` (docs/scenarios.md): the Warrior at the Sentinel,
    with the Water Bottle the set-up gave him, no card lying on woods_1."""
    base = GOOD.replace("{id: warrior, space: woods_1, fate: 0}",
                        "{id: warrior, space: woods_1, fate: 0, objects: [water_bottle]}")
    ok = base + ("  contains: {characters.warrior.objects: [water_bottle], characters: [warrior]}\n"
                 "  lacks: {characters.warrior.objects: [axe], board_cards: [woods_1], characters: [troll]}\n")
    assert run_file(write(tmp_path, ok)).passed
    bad = base + ("  contains: {characters.warrior.objects: [axe, water_bottle, water_bottle]}\n"
                  "  lacks: {characters.warrior.objects: [water_bottle], characters: [warrior]}\n")
    r = run_file(write(tmp_path, bad, "bad.yaml"))
    assert [str(f) for f in r.failures][:4] == [  # (then where play stopped: the dice ran out)
        "contains.characters.warrior.objects: expected 'axe', got ['water_bottle']",
        "contains.characters.warrior.objects: expected 'water_bottle', got ['water_bottle']",  # a second copy
        "lacks.characters.warrior.objects: expected \"no 'water_bottle'\", got ['water_bottle']",
        f"lacks.characters: expected \"no 'warrior'\", got {r.failures[3].actual!r}",
    ]


def test_contains_and_lacks_at_a_path_leading_nowhere_fail_naming_it(tmp_path):
    r = run_file(write(tmp_path, GOOD + "  lacks: {characters.warior.objects: [sword]}\n"))
    assert r.failures[0].path == "lacks.characters.warior.objects" and "no such path" in str(r.failures[0])
    r = run_file(write(tmp_path, GOOD + "  contains: {characters.warrior.space: [s]}\n", "t.yaml"))
    assert r.failures[0].path == "contains.characters.warrior.space"
    assert "a list or a mapping's keys" in str(r.failures[0])
