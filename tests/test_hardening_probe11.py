"""probe11X: a user's adversarial probe of the public API (the guide's Standards: bad input gets
the library's own clear error naming the path, the action or the option, never a raw exception
from deep inside; states are immutable and an error leaves them as they were; a view hides what
its player may not see; same seed, options and actions give the same game).

Written from the docs alone (README, DESIGN, docs/testing.md's hardening table, docs/odds.md,
docs/scenarios.md, docs/triwizard.md), covering what the other ``test_hardening*.py`` files do
not. A test marked ``xfail(strict=True)`` asserts a promise that does not hold today.
"""
from __future__ import annotations

import json

import attr
import pytest
from click.testing import CliRunner

import talisman
from talisman import triwizard
from talisman.cli import main
from talisman.errors import OptionError, ReplayError, ScenarioError, StateError, TalismanError
from talisman.odds import Best
from talisman.scenarios import run_file
from talisman.testing import strategies


@pytest.fixture(scope="module")
def game():
    return talisman.new_game(["warrior", "troll"], seed=3)


def _doc(state):
    return json.loads(talisman.to_json(state))


# --- arguments: seeds, unordered collections --------------------------------------------------

@pytest.mark.parametrize("seed", [-1, 2 ** 64, 10 ** 40, -(2 ** 70)])
def test_a_negative_or_huge_seed_plays_round_trips_and_replays_the_same_game(seed):
    """Any int is a seed: the game plays, its JSON round trips exactly and its record replays
    to the same state (determinism), and it is not folded onto a small seed."""
    s = talisman.new_game(["warrior", "troll"], seed=seed)
    states, actions = strategies.play_random(s, 25, 1)
    last = states[-1]
    assert talisman.from_json(talisman.to_json(last)) == last
    assert talisman.replay(talisman.record(s, actions)) == last
    assert s.log != talisman.new_game(["warrior", "troll"], seed=seed % 2 ** 64 + 1).log


@pytest.mark.parametrize("characters", [{"warrior", "troll", "wizard"}, frozenset({"elf", "dwarf"})])
def test_characters_given_as_a_set_are_refused(characters):
    with pytest.raises(OptionError, match=r"new_game\.characters"):
        talisman.new_game(characters, seed=1)


def test_expansions_given_as_a_set_are_refused():
    with pytest.raises(OptionError, match=r"new_game\.expansions"):
        talisman.new_game(["warrior"], expansions={"city", "dungeon", "harbinger"}, seed=1)


def test_triwizard_players_given_as_a_set_are_refused():
    with pytest.raises(OptionError, match="players"):
        triwizard.new_game(players={"harry", "cedric", "fleur"}, seed=1)


def test_an_ending_deck_naming_no_ending_is_refused_even_when_the_endings_are_off():
    with pytest.raises(OptionError, match="ending_deck"):
        talisman.new_game(["warrior"], options={"ending_deck": ["nope"]})


# --- a state changed by hand (attr.evolve with junk) ------------------------------------------

@pytest.mark.parametrize("call", ["legal_actions", "apply", "chance_outcomes", "player_view"])
def test_a_pending_that_is_no_decision_is_a_state_error(game, call):
    bad = attr.evolve(game, pending="move")
    args = {"legal_actions": (bad,), "apply": (bad, "done"), "chance_outcomes": (bad,),
            "player_view": (bad, "troll")}[call]
    with pytest.raises(StateError, match="state.pending"):
        getattr(talisman, call)(*args)


def _hand_made(game, what):
    w = game.characters["warrior"]
    return {
        "a character that is None": lambda: attr.evolve(game, characters=game.characters.set("warrior", None)),
        "a log entry that is no event": lambda: attr.evolve(game, log=game.log.append(1)),
        "an unknown expansion in the config": lambda: attr.evolve(
            game, config=attr.evolve(game.config, expansions=("chess",))),
        "an unknown character in the config": lambda: attr.evolve(
            game, config=attr.evolve(game.config, characters=("gandalf",))),
        "gold with a fraction": lambda: attr.evolve(
            game, characters=game.characters.set("warrior", attr.evolve(w, gold=1.5))),
    }[what]()


@pytest.mark.parametrize("what", ["a character that is None", "a log entry that is no event",
                                  "an unknown expansion in the config", "an unknown character in the config"])
def test_player_view_of_a_hand_made_state_is_a_state_error(game, what):
    bad = _hand_made(game, what)
    with pytest.raises(StateError, match="state"):
        talisman.player_view(bad, "troll")


def test_to_json_of_a_hand_made_state_names_the_path_of_the_bad_value(game):
    bad = _hand_made(game, "gold with a fraction")
    with pytest.raises(StateError, match=r"characters\.warrior\.gold"):
        talisman.to_json(bad)


def test_evolving_a_collection_field_into_junk_is_the_librarys_error(game):
    with pytest.raises(TalismanError):
        attr.evolve(game, decks=None)


def test_an_error_on_an_expansion_state_leaves_it_equal_to_a_copy_taken_before():
    """Immutability across the secret slices: each refused action (an illegal one, a hand-made
    pending that trips a rule step) leaves the state equal to, and serialized as, its copy."""
    s = talisman.new_game(["warrior", "wizard", "thief"], seed=11, options={"noblemen": True},
                          expansions=["harbinger", "blood_moon", "city", "dungeon", "timescape", "catacombs"])
    states, _ = strategies.play_random(s, 40, 11)
    for st in states[::8]:
        before = talisman.to_json(st)
        copy = talisman.from_json(before)
        with pytest.raises(TalismanError):
            talisman.apply(st, "cast:no_such_spell")
        if st.pending is not None and st.pending.options:
            broken = attr.evolve(st, current="gandalf", order=("gandalf",))
            try:
                talisman.apply(broken, st.pending.options[0])
            except TalismanError:
                pass
            assert broken.current == "gandalf"
        assert st == copy and talisman.to_json(st) == before


# --- state documents: unknown ids and values in an expansion's slice -------------------------

@pytest.mark.parametrize("field, value", [("card", "nope"), ("deck", ["nope"])])
def test_from_json_refuses_an_unknown_ending(field, value):
    doc = _doc(talisman.new_game(["warrior", "troll"], seed=1, options={"alternative_endings": True}))
    doc["state"]["ending"][field] = value
    with pytest.raises(StateError, match=rf"ending\.{field}"):
        talisman.from_json(json.dumps(doc))


def test_from_json_refuses_a_time_of_day_that_is_neither_day_nor_night():
    doc = _doc(talisman.new_game(["warrior", "troll"], expansions=["blood_moon"], seed=1))
    doc["state"]["ext"]["blood_moon"]["time"] = "noon"
    with pytest.raises(StateError, match=r"ext\.blood_moon\.time"):
        talisman.from_json(json.dumps(doc))


# --- scenario files ----------------------------------------------------------------------------

_HEAD = 'name: probe\nrules: "000 PROBE"\n'


@pytest.mark.parametrize("body", [
    "setup: {characters: [warrior], options: {alternative_endings: true}, ending: {card: nope}}\n",
    "setup: {characters: [warrior], expansions: [blood_moon], ext: {blood_moon: {time: noon}}}\n",
    "setup: {characters: [warrior]}\ndice: [true]\n",
], ids=["ending-card-nope", "blood-moon-noon", "dice-true"])
def test_a_scenario_with_a_junk_value_is_a_scenario_error(tmp_path, body):
    f = tmp_path / "s.yaml"
    f.write_text(_HEAD + body + "expect: {round: 1}\n", encoding="utf-8")
    with pytest.raises(ScenarioError, match="s.yaml"):
        run_file(f)


# --- odds ----------------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs, words", [
    ({"limit": 0}, "limit"), ({"limit": True}, "limit"), ({"limit": None}, "limit"),
    ({"until": ""}, "until"), ({"until": []}, "until"), ({"method": "magic"}, "method"),
    ({"method": "sample", "samples": 0}, "samples"), ({"policy": [1, 2]}, "not a policy"),
    ({"outcome": "no.such.path", "policy": Best("x")}, "no.such.path"),
])
def test_odds_with_silly_bounds_is_refused_by_name(kwargs, words):
    s = talisman.new_game(["warrior", "troll"], seed=3, stop_at_chance=True)
    args = {"until": "turn_ended", **kwargs}
    with pytest.raises(TalismanError, match=words.replace(".", r"\.")):
        talisman.odds(s, args.pop("until"), **args)


@pytest.mark.parametrize("call", [
    lambda s: talisman.odds(None, "turn_ended"),
    lambda s: talisman.odds(s, "turn_ended", method="sample", samples=3, seed="x"),
    lambda s: talisman.odds(s, "turn_ended", method="sample", samples=3, seed=1.5),
], ids=["state-none", "seed-str", "seed-float"])
def test_odds_refuses_a_non_state_and_a_junk_seed_with_the_librarys_error(call):
    s = talisman.new_game(["warrior", "troll"], seed=3, stop_at_chance=True)
    with pytest.raises(TalismanError):
        call(s)


def test_exact_odds_on_a_view_say_it_is_a_view():
    s = talisman.new_game(["warrior", "troll"], seed=3, stop_at_chance=True)
    v = talisman.player_view(s, "warrior")
    with pytest.raises(StateError, match="view of the game"):
        talisman.odds(v, "turn_ended", policy=Best("turn_ended"), limit=3000)


# --- the Triwizard Maze's records ------------------------------------------------------------

@pytest.mark.parametrize("record, words", [
    ({"game": "chess"}, "game"), ({"game": "talisman", "characters": ["warrior"]}, "game"),
    ({"players": 2, "junk": 1}, "junk"), ({"players": 2, "actions": "roll"}, "actions"),
])
def test_triwizard_replay_refuses_a_record_that_is_not_its_own(record, words):
    with pytest.raises(ReplayError, match=words):
        triwizard.replay(record)


def test_the_two_games_refuse_each_others_states_and_documents():
    s = triwizard.new_game(players=2, seed=3)
    t = talisman.new_game(["warrior"], seed=3)
    for call in (lambda: talisman.apply(s, "done"), lambda: talisman.player_view(s, s.order[0]),
                 lambda: talisman.to_json(s), lambda: triwizard.apply(t, "roll"),
                 lambda: talisman.from_json(triwizard.to_json(s)),
                 lambda: triwizard.from_json(talisman.to_json(t))):
        with pytest.raises(StateError, match="expected"):
            call()
    with pytest.raises(ReplayError, match="players"):
        talisman.replay(triwizard.record(s, []))


# --- the command line --------------------------------------------------------------------------

@pytest.mark.parametrize("pace", ["nan", "inf"])
def test_play_refuses_a_pace_that_is_not_a_finite_number(pace):
    r = CliRunner().invoke(main, ["play", "--pace", pace, "--option", "max_rounds=1"])
    assert isinstance(r.exception, SystemExit) and r.exit_code == 2, repr(r.exception)
    assert "--pace" in r.output


@pytest.mark.parametrize("args, words", [
    (["play", "--option", "max_rounds=abc"], "max_rounds"),
    (["play", "--option", "=3"], "unknown rule option"),
    (["play", "--characters", ",,,"], "at least one character"),
    (["play", "--seat", "0=human"], "--seat"),
    (["simulate", "--games", "1", "--option", "henchmen=99"], "henchmen"),
    (["simulate", "--games", "1", "--deal", "99"], "--deal"),
    (["triwizard", "simulate", "--games", "1", "--players", "3", "--bots", "random,random"], "--bots"),
])
def test_play_and_simulate_given_junk_arguments_fail_in_a_short_message(args, words):
    r = CliRunner().invoke(main, args)
    assert r.exit_code in (1, 2) and isinstance(r.exception, SystemExit), repr(r.exception)
    assert "Traceback" not in r.output and words in r.output
    assert len(r.output.strip().split("\n")) <= 4


# --- views: secrets of the endings and the Noblemen, and a draw seen from a view ------------

def test_the_hidden_endings_card_and_box_and_the_noblemen_pile_never_show_in_a_view():
    """001/003 Setup, the face-down ending on the Crown (`alternative_endings: hidden`): two
    positions differing only in which ending lies face down (swapped with one in the box) and in
    the order of the Noblemen's pile give every player the same view, step after step."""
    from pyrsistent import pvector

    from talisman.engine.records import replace
    s = talisman.new_game(["warrior", "wizard", "thief"], expansions=["harbinger", "blood_moon"], seed=5,
                          options={"alternative_endings": "hidden", "noblemen": True})
    states, _ = strategies.play_random(s, 60, 5)
    compared = 0
    for st in states[::10]:
        e = st.ending
        if e.get("revealed"):
            continue
        box = list(e["box"])
        face_down, box[0] = box[0], e["card"]
        nobles = st.ext["noblemen"]
        other = replace(st, ending=e.set("card", face_down).set("box", pvector(box)),
                        ext=st.ext.set("noblemen", replace(nobles, pile=pvector(reversed(nobles.pile)))))
        assert other.ending != st.ending and other.ext != st.ext
        for p in st.order:
            assert talisman.player_view(st, p) == talisman.player_view(other, p), p
            assert talisman.to_json(talisman.player_view(other, p)) == talisman.to_json(talisman.player_view(st, p))
        compared += 1
    assert compared


def test_a_draw_seen_from_a_view_offers_no_card_of_the_deck():
    """A draw pending in a view: its legal actions name no card (the deck's contents are
    hidden, ruling R-HARD.1), where the whole state lists every card; its chance outcomes are
    refused as apply refuses a view (ruling R-HARD11.2: no odds are told of a view)."""
    s = talisman.new_game(["warrior", "troll"], seed=3, stop_at_chance=True)
    s = talisman.apply(s, talisman.chance_outcomes(s)[0][0], stop_at_chance=True)
    s = talisman.apply(s, talisman.legal_actions(s)[0], stop_at_chance=True)
    assert s.pending.kind == "draw"
    v = talisman.player_view(s, "troll")
    assert len(talisman.chance_outcomes(s)) > 10
    assert [str(a) for a in talisman.legal_actions(v)] == ["draw:hidden"]
    with pytest.raises(StateError, match="view of the game"):
        talisman.chance_outcomes(v)


def test_the_order_options_are_written_in_changes_nothing():
    """Determinism: the same options written in another key order give the same state, JSON,
    game and record."""
    written = {"max_rounds": 5, "movement_die": "d6", "henchmen": 1, "noblemen": True}
    a = talisman.new_game(["warrior", "troll"], seed=4, options=written)
    b = talisman.new_game(["warrior", "troll"], seed=4, options=dict(reversed(list(written.items()))))
    assert a == b and talisman.to_json(a) == talisman.to_json(b)
    (sa, aa), (sb, ab) = strategies.play_random(a, 60, 2), strategies.play_random(b, 60, 2)
    assert aa == ab and talisman.to_json(sa[-1]) == talisman.to_json(sb[-1])
    assert talisman.record(a, aa) == talisman.record(b, ab)


_RECORD_SCRIPT = ("import json, talisman; s = talisman.new_game(['warrior', 'troll'], seed=4, options="
                  "{'max_rounds': 5, 'movement_die': 'd6', 'henchmen': 1, 'noblemen': True}); "
                  "print(json.dumps(talisman.record(s, [])))")


def test_the_same_games_record_is_written_with_the_same_bytes_in_every_process():
    import os
    import subprocess
    import sys
    outs = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        outs.add(subprocess.run([sys.executable, "-c", _RECORD_SCRIPT], env=env, check=True,
                                capture_output=True, text=True).stdout)
    assert len(outs) == 1, outs


# --- game records: record() given junk ---------------------------------------------------------

def test_record_refuses_a_non_state():
    with pytest.raises(StateError, match="expected a GameState"):
        talisman.record(None, [])


@pytest.mark.parametrize("which, actions", [("talisman", "move:plains_2"), ("talisman", [None, 5]),
                                            ("triwizard", "roll"), ("triwizard", [None])])
def test_record_refuses_actions_that_are_not_a_list_of_notations(which, actions):
    game_module = talisman if which == "talisman" else triwizard
    s = talisman.new_game(["warrior", "troll"], seed=3) if which == "talisman" else triwizard.new_game(players=2, seed=3)
    with pytest.raises(TalismanError, match="actions"):
        game_module.record(s, actions)


@pytest.mark.parametrize("which", ["talisman", "triwizard"])
def test_record_of_a_view_is_refused_like_apply_refuses_it(which):
    if which == "talisman":
        s = talisman.new_game(["warrior", "troll"], seed=3)
        view, record = talisman.player_view(s, "troll"), talisman.record
    else:
        s = triwizard.new_game(players=2, seed=3)
        view, record = triwizard.player_view(s, s.order[1]), triwizard.record
    with pytest.raises(StateError, match="view"):
        record(view, [])


# --- actions built by hand -----------------------------------------------------------------------

def test_a_huge_hand_built_action_is_refused_in_a_short_message(game):
    from talisman.notation import Action
    for action in (Action("x" * 100_000), Action("move", ["x" * 100_000])):
        with pytest.raises(TalismanError) as e:
            talisman.apply(game, action)
        assert len(str(e.value)) < 200


@pytest.mark.parametrize("kind", [None, 5], ids=["none", "int"])
@pytest.mark.parametrize("call", ["apply", "parse_action"])
def test_applying_an_action_built_from_junk_is_the_librarys_error(game, kind, call):
    from talisman.notation import Action
    with pytest.raises(TalismanError):
        getattr(talisman, call)(game, Action(kind))


def test_a_seed_too_long_to_write_is_refused_or_round_trips():
    try:
        s = talisman.new_game(["warrior"], seed=10 ** 5000)
    except OptionError as e:
        assert "seed" in str(e)
        return
    assert talisman.from_json(talisman.to_json(s)) == s
