"""The Triwizard Maze refuses bad input as Talisman does (issue 16): ``from_json`` names the
path of the first bad value (StateError), ``player_view`` refuses an unknown player
(UserError), ``new_game`` a bad player count (OptionError), and a view cannot be played."""
from __future__ import annotations

import json
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from talisman import triwizard as t
from talisman.errors import OptionError, StateError, TalismanError, UserError


@pytest.fixture(scope="module")
def game():
    s = t.new_game(players=3, seed=7)
    for i in range(60):
        legal = t.legal_actions(s)
        s = t.apply(s, legal[i % len(legal)])
    return s


@pytest.fixture(scope="module")
def text(game):
    return t.to_json(game)


def _mangle(text, change):
    d = json.loads(text)
    change(d["state"])
    return json.dumps(d)


def _dup_hand_card(s):
    s["players"]["harry"]["hand"].append(s["players"]["harry"]["hand"][0])


@pytest.mark.parametrize("change, path, words", [
    (lambda s: s["players"]["harry"].__setitem__("space", "atlantis"), "state.players.harry.space",
     "unknown square 'atlantis'"),
    (lambda s: s.__setitem__("turn", "x"), "state.turn", "'x'"),
    (lambda s: s.__setitem__("turn", -1), "state.turn", "-1"),
    (lambda s: s.__setitem__("turn", 10 ** 400), "state.turn", ""),
    (lambda s: s.pop("players"), "state.players", "missing value"),
    (lambda s: s.__setitem__("colour", 1), "state.colour", "unknown field"),
    (lambda s: s["config"].__setitem__("players", ["harry", "harry"]), "state.config.players",
     "listed twice"),
    (lambda s: s["config"].__setitem__("players", ["harry"]), "state.config.players", ""),
    (lambda s: s.__setitem__("current", "ron"), "state.current", "'ron'"),
    (lambda s: s["decks"]["battle"].append("red_9_9"), "state.decks.battle.", "'red_9_9'"),
    (lambda s: s["decks"]["battle"].append("dumbledore"), "state.decks.battle.", "'dumbledore'"),
    (_dup_hand_card, "state.players.harry.hand.", "one copy too many"),
    (lambda s: s.__setitem__("cloak", "ron"), "state.cloak", "'ron'"),
    (lambda s: s.__setitem__("hedge", "r99c99"), "state.hedge", "unknown square"),
    (lambda s: s["cups"].__setitem__("r1c1", {"tile": None, "face_up": False}), "state.cups.r1c1",
     "not a Cup space"),
    (lambda s: s["stack"].append({"step": "no.such_step"}), "state.stack.", "unknown rule step"),
    (lambda s: s["pending"].__setitem__("player", "ron"), "state.pending.player", "'ron'"),
    (lambda s: s["pending"].__setitem__("options", ["roll:"]), "state.pending.options.0",
     "not an action"),
    (lambda s: s["config"].__setitem__("options", {"max_turns": "x"}),
     "state.config.options.max_turns", "'x'"),
    (lambda s: s["config"].__setitem__("options", {"speed": 1}), "state.config.options.speed",
     "unknown rule option"),
    (lambda s: s["players"]["harry"].__setitem__("id", "cedric"), "state.players.harry.id",
     "'cedric'"),
])
def test_a_bad_value_is_refused_naming_its_path(text, change, path, words):
    with pytest.raises(StateError) as e:
        t.from_json(_mangle(text, change))
    assert e.value.path.startswith(path) and words in str(e.value)


@pytest.mark.parametrize("doc, path", [
    (None, "document"), (b"\xff", "document"), ("not json", "document"), ("[]", "document"),
    ('{"game": "talisman", "format": 1}', "document.game"),
    ('{"game": "triwizard", "format": 2}', "document.format"),
    ('{"game": "triwizard", "format": 1}', "document.state"),
    ('{"game": "triwizard", "format": 1, "state": null}', "state"),
    ('{"game": "triwizard", "format": 1, "state": {}}', "state.config"),
])
def test_a_document_of_the_wrong_shape_is_refused(doc, path):
    with pytest.raises(StateError) as e:
        t.from_json(doc)
    assert e.value.path == path


@pytest.mark.parametrize("bomb", ["[" * 100_000, '{"a":' * 100_000, " " * (9 * 1024 * 1024)])
def test_pathological_text_is_refused_quickly(bomb):
    start = time.perf_counter()
    with pytest.raises(StateError):
        t.from_json(bomb)
    assert time.perf_counter() - start < 2


def test_a_valid_document_still_round_trips_exactly(game, text):
    back = t.from_json(text)
    assert back == game and t.to_json(back) == text


def test_a_view_cannot_be_loaded_nor_played(game):
    view = t.player_view(game, "harry")
    with pytest.raises(StateError):
        t.from_json(t.to_json(view))
    with pytest.raises(StateError, match="view"):
        t.apply(view, t.legal_actions(game)[0])


@pytest.mark.parametrize("player", ["ron", "", None, 3, ["harry"]])
def test_player_view_refuses_a_player_not_in_the_game(game, player):
    with pytest.raises(UserError, match="no player"):
        t.player_view(game, player)


@pytest.mark.parametrize("call", [
    lambda: t.player_view(None, "harry"), lambda: t.apply(None, "roll"),
    lambda: t.legal_actions({}), lambda: t.to_json("state"), lambda: t.chance_outcomes(1),
    lambda: t.parse_action(None, "roll"), lambda: t.outcome(None), lambda: t.record(None, []),
])
def test_every_api_function_refuses_a_non_state(call):
    with pytest.raises(StateError, match="expected a TriwizardState"):
        call()


@pytest.mark.parametrize("kwargs, words", [
    ({"players": 9}, "2 to 4 players, not 9"), ({"players": 1}, "not 1"),
    ({"players": 0}, "not 0"), ({"players": -1}, "not -1"),
    ({"players": ["harry"] * 5}, "not 5"), ({"players": ["harry", "harry"]}, "once"),
    ({"players": ["harry", "chance"]}, "reserved"), ({"players": ["Harry", "ron"]}, "lowercase"),
    ({"options": {"speed": 1}}, "unknown rule option"),
    ({"options": {"max_turns": -1}}, "max_turns"), ({"seed": "x"}, "seed"),
])
def test_new_game_refuses_bad_arguments_with_an_option_error(kwargs, words):
    with pytest.raises(OptionError, match=words):
        t.new_game(**kwargs)


@pytest.mark.parametrize("record", [[1], "x", None])
def test_replay_refuses_a_record_that_is_not_a_mapping(record):
    with pytest.raises(StateError, match="record"):
        t.replay(record)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, prefix + (i,))


@settings(max_examples=60, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_fuzz_mangled_documents_are_accepted_or_refused_with_the_library_error(text, data):
    doc = json.loads(text)
    paths = [p for p in _paths(doc["state"]) if p]
    path = data.draw(st.sampled_from(paths))
    value = data.draw(st.one_of(st.none(), st.booleans(), st.integers(-10, 10 ** 12),
                                st.text(max_size=8), st.sampled_from(["harry", "r8c8", "roll"]),
                                st.lists(st.integers(), max_size=2), st.just({})))
    cur = doc["state"]
    for p in path[:-1]:
        cur = cur[p]
    if data.draw(st.booleans()) and isinstance(cur, dict):
        del cur[path[-1]]
    else:
        cur[path[-1]] = value
    start = time.perf_counter()
    try:
        state = t.from_json(json.dumps(doc))
    except TalismanError:
        pass
    else:  # whatever is accepted can be played on: no crash deep in the rules later
        if not state.is_over:
            try:
                t.legal_actions(state)
            except TalismanError:
                pass
    assert time.perf_counter() - start < 5


@pytest.mark.parametrize("seed", range(3))
def test_every_state_of_a_random_game_loads_back_chance_nodes_included(seed):
    """The checks refuse nothing a real game reaches (a Red Sparks blind draw pile, a Cup tile
    being dealt, a battle card face up...)."""
    import random
    rng = random.Random(seed)
    s = t.new_game(players=2 + seed % 3, seed=seed, options={"max_turns": 40},
                   stop_at_chance=True)
    for _ in range(250):
        if s.is_over:
            break
        assert t.from_json(t.to_json(s)) == s
        legal = t.legal_actions(s)
        s = t.apply(s, legal[rng.randrange(len(legal))], stop_at_chance=True)
