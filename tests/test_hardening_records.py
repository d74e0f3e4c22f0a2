"""Records, replays, hand-built actions, seeds and the command line given junk (hardfix2: the
probe11X items 11-19 beyond the probe's own tests in ``test_hardening_probe11.py``).

The promises (docs/testing.md, "What is refused"): bad input gets the library's own clear error
naming the field, never a raw traceback or a search run to its limit for nothing; the same game
gives the same record, byte for byte, in any process.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

import talisman
from talisman import triwizard
from talisman.cli import main
from talisman.engine.dice import MAX_SEED
from talisman.errors import IllegalAction, NotationError, OptionError, ReplayError, StateError, TalismanError
from talisman.notation import Action
from talisman.odds import Best, odds
from talisman.scenarios import setup_state

_SAVE_SCRIPT = ("import sys; from talisman.cli import main; main(['play', '--seed', '4', '--characters', "
                "'warrior,troll', '--option', 'max_rounds=1', '--option', 'henchmen=1', '--option', "
                "'noblemen=true', '--option', 'movement_die=d6', '--save', sys.argv[1]])")


def test_play_save_writes_the_same_bytes_under_two_hash_seeds(tmp_path):
    """`talisman play --save`: the record's options in sorted order, so the file is the same in a
    process of another PYTHONHASHSEED (a pmap iterates in hash order)."""
    files = []
    for hash_seed in ("1", "2"):
        path = tmp_path / f"game_{hash_seed}.json"
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        subprocess.run([sys.executable, "-c", _SAVE_SCRIPT, str(path)], env=env, check=True,
                       capture_output=True, text=True)
        files.append(path.read_bytes())
    assert files[0] == files[1]
    options = json.loads(files[0])["options"]
    assert list(options) == sorted(options) and {"henchmen", "noblemen", "movement_die"} <= set(options)
    assert talisman.replay(json.loads(files[0])).config.seed == 4


def test_a_record_lists_its_options_sorted_and_replays_the_game():
    s = talisman.new_game(["warrior", "troll"], seed=4, options={"noblemen": True, "henchmen": 1,
                                                                  "max_rounds": 5})
    r = talisman.record(s, [talisman.legal_actions(s)[0], " " + str(talisman.legal_actions(s)[0])])
    assert list(r["options"]) == sorted(r["options"])
    assert r["actions"][0] == r["actions"][1] == str(talisman.legal_actions(s)[0])  # canonical text
    t = triwizard.new_game(players=2, seed=4, options={"max_turns": 50})
    assert list(triwizard.record(t, [])["options"]) == sorted(triwizard.record(t, [])["options"])


@pytest.mark.parametrize("actions, path", [("roll", "actions"), ([Action("roll"), 5], "actions.1"),
                                           (["Move Forest"], "actions.0"), (7, "actions")])
def test_record_names_the_bad_item_of_its_actions(actions, path):
    s = triwizard.new_game(players=2, seed=3)
    with pytest.raises(StateError) as e:
        triwizard.record(s, actions)
    assert e.value.path == path


def test_record_of_a_view_names_whose_view_it_is():
    s = talisman.new_game(["warrior", "troll"], seed=3)
    with pytest.raises(StateError, match="troll's view"):
        talisman.record(talisman.player_view(s, "troll"), [])
    with pytest.raises(StateError, match="expected a TriwizardState"):
        triwizard.record(s, [])


@pytest.mark.parametrize("record, words", [
    ({"players": 2, "actions": ["roll", None]}, "record.actions.1"),
    ({"game": "triwizard", "players": 2, "seed": 2 ** 300}, "seed"),
    ({"game": "triwizard", "players": 2, "options": {}, "seed": 1, "actions": [], "x": 0}, "record.x"),
])
def test_triwizard_replay_names_the_field_of_the_set_up_that_fails(record, words):
    with pytest.raises(ReplayError) as e:
        triwizard.replay(record)
    assert e.value.index == 0 and words in str(e.value)


def test_a_triwizard_record_still_replays():
    s = triwizard.new_game(players=3, seed=9)
    r = triwizard.record(s, [triwizard.legal_actions(s)[0]])
    assert triwizard.replay(json.loads(json.dumps(r))) == triwizard.apply(s, triwizard.legal_actions(s)[0])


@pytest.mark.parametrize("kind", [None, 5, b"move", ("move",)])
def test_an_action_of_a_kind_that_is_no_string_is_refused_when_built(kind):
    with pytest.raises(NotationError, match="kind must be a string"):
        Action(kind)


def test_a_long_action_text_is_cut_alike_on_every_path():
    """Text or hand-built Action, apply or parse: the error shows 40 characters and the length."""
    s = talisman.new_game(["warrior", "troll"], seed=3)
    for call in (lambda: talisman.apply(s, "y" * 600), lambda: talisman.apply(s, Action("y" * 600)),
                 lambda: talisman.parse_action(s, Action("move", ["y" * 600])),
                 lambda: Action.parse("y" * 600), lambda: triwizard.apply(triwizard.new_game(2), "y" * 600)):
        with pytest.raises((IllegalAction, NotationError)) as e:
            call()
        assert "characters)" in e.value.action and len(e.value.action) < 70, e.value.action
    with pytest.raises(ReplayError) as e:
        talisman.replay({"characters": ["warrior"], "actions": ["y" * 600]})
    assert len(str(e.value)) < 200


@pytest.mark.parametrize("seed", [MAX_SEED, -MAX_SEED, 2 ** 200])
def test_a_seed_within_the_range_round_trips_in_both_games(seed):
    s = talisman.new_game(["warrior"], seed=seed)
    assert talisman.from_json(talisman.to_json(s)) == s
    t = triwizard.new_game(players=2, seed=seed)
    assert triwizard.from_json(triwizard.to_json(t)) == t


@pytest.mark.parametrize("seed", [MAX_SEED + 1, -MAX_SEED - 1, 10 ** 5000], ids=["over", "under", "5001-digits"])
def test_a_seed_beyond_the_range_is_an_option_error_in_both_games(seed):
    with pytest.raises(OptionError, match="seed: expected an int from -2\\*\\*256 to 2\\*\\*256"):
        talisman.new_game(["warrior"], seed=seed)
    with pytest.raises(OptionError, match="seed: expected an int from -2\\*\\*256 to 2\\*\\*256"):
        triwizard.new_game(players=2, seed=seed)


@pytest.mark.parametrize("pace", ["61", "1e300", "-0.5"])
def test_play_refuses_a_pace_outside_its_range(pace):
    r = CliRunner().invoke(main, ["play", "--pace", pace, "--option", "max_rounds=1"])
    assert r.exit_code == 2 and "--pace" in r.output and "0<=x<=60" in r.output
    assert "Traceback" not in r.output


def test_play_takes_a_pace_within_its_range():
    r = CliRunner().invoke(main, ["play", "--pace", "0", "--characters", "warrior,troll",
                                  "--option", "max_rounds=1"])
    assert r.exit_code == 0, r.output


def _thief(tmp_path):
    path = tmp_path / "thief.yaml"
    path.write_text("setup:\n  characters:\n    - {id: thief, space: woods_1, strength: 8, fate: 1}\n"
                    "dice: [2]\nactions: [move:hills_3, fight]\n")
    return path


@pytest.mark.parametrize("best", ["", "   "])
def test_odds_refuses_an_empty_outcome_to_maximize_at_once(tmp_path, best):
    r = CliRunner().invoke(main, ["odds", str(_thief(tmp_path)), "--until", "turn_ended", "--best", best])
    assert r.exit_code == 2 and "--best" in r.output and "name the outcome" in r.output


@pytest.mark.parametrize("want", ["", [], set()])
def test_best_refuses_no_outcome(want):
    with pytest.raises(TalismanError, match="Best wants an outcome"):
        Best(want)


def test_odds_refuses_a_shortcut_that_is_not_a_bool():
    s = setup_state({"characters": [{"id": "thief", "space": "woods_1", "strength": 8, "fate": 0}]},
                    dice=[2])
    s = talisman.apply(s, "move:hills_3")
    with pytest.raises(TalismanError, match="shortcut must be True or False; got 'no'"):
        odds(s, "combat_resolved", policy=["fight"], shortcut="no")
    assert odds(s, "combat_resolved", policy=["fight"], shortcut=False) == \
        odds(s, "combat_resolved", policy=["fight"])
