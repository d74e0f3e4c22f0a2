"""Properties over random seeded games (DESIGN.md section 8)."""
import copy
import json
import subprocess
import sys

from hypothesis import given
from hypothesis import strategies as st

import talisman
from talisman.testing import invariants, strategies


@given(strategies.games(max_steps=80))
def test_random_play_raises_nothing_and_keeps_every_invariant(game):
    _, states, _ = game
    for s in states:
        assert invariants.check(s) == []


@given(strategies.games(max_steps=40))
def test_no_public_operation_mutates_a_state(game):
    _, states, actions = game
    for s, a in zip(states, actions):
        before = copy.deepcopy(s)
        talisman.legal_actions(s)
        talisman.chance_outcomes(s)
        talisman.to_json(s)
        talisman.player_view(s, s.current)
        talisman.apply(s, a)
        assert s == before


@given(strategies.states(max_steps=60))
def test_json_round_trip_is_exact(state):
    text = talisman.to_json(state)
    back = talisman.from_json(text)
    assert back == state and talisman.to_json(back) == text


@given(strategies.states_with_action(max_steps=60))
def test_notation_round_trips_for_every_legal_action(pair):
    state, _ = pair
    for action in talisman.legal_actions(state):
        assert talisman.parse_action(state, str(action)) == action


@given(strategies.states_with_action(max_steps=60), st.sampled_from(
    ["move:crown_of_command", "fight", "portal:craft", "roll:0", "done"]))
def test_an_illegal_action_leaves_the_state_as_it_was(pair, text):
    state, _ = pair
    before = copy.deepcopy(state)
    legal = {str(a) for a in talisman.legal_actions(state)}
    if text in legal:
        return
    try:
        talisman.apply(state, text)
        raise AssertionError(f"{text} was applied though not legal")
    except talisman.IllegalAction:
        pass
    assert state == before


@given(strategies.configs(max_rounds=4))
def test_the_same_seed_and_actions_give_the_same_game(config):
    def play():
        s = strategies.new_game(config)
        return strategies.play_random(s, 50, bot_seed=config["seed"])
    (s1, a1), (s2, a2) = play(), play()
    assert a1 == a2 and s1 == s2


GAME_SCRIPT = """
import json, sys, talisman
from talisman.testing.strategies import play_random
cfg = json.loads(sys.argv[1])
s = talisman.new_game(cfg["characters"], (), cfg["seed"], cfg["options"])
states, actions = play_random(s, 200, bot_seed=cfg["seed"])
print(talisman.to_json(states[-1]))
"""


def test_the_same_seed_gives_identical_states_and_logs_across_fresh_processes():
    for seed in (0, 12345, 2**31 + 7):
        cfg = {"characters": ["warrior", "troll", "dwarf"], "seed": seed,
               "options": {"max_rounds": 8}}
        outs = [subprocess.run([sys.executable, "-c", GAME_SCRIPT, json.dumps(cfg)],
                               capture_output=True, text=True, check=True,
                               env={"PYTHONHASHSEED": str(h), "PATH": "/usr/bin:/bin",
                                    "PYTHONPATH": ":".join(sys.path)}).stdout
                for h in (1, 2)]
        assert outs[0] == outs[1] and len(outs[0]) > 1000


WHOLE_GAMES = """
import hashlib, json, sys, talisman
from talisman.bots import HeuristicBot, RandomBot
from talisman.options import IMPLEMENTED_EXPANSIONS, OPTIONS


def digest(s):
    return hashlib.sha256(talisman.to_json(s).encode()).hexdigest()  # the state, its log included


out = []
for seed in range(int(sys.argv[1])):
    exp = [(), ("harbinger",), ("blood_moon",), ("harbinger", "blood_moon")][seed % 4]
    chars = ("warrior", "wizard", "troll", "elf")
    s = talisman.new_game(chars, exp, seed, {"max_rounds": 25})
    bots = {c: (HeuristicBot if i % 2 else RandomBot)(seed * 10 + i) for i, c in enumerate(chars)}
    while not s.is_over:
        s = talisman.apply(s, bots[s.pending.player].choose(s))
    out.append(digest(s))
# Every expansion and every rule option module engaged, each alone and all together: the
# switches (every option off by default) turned on, and the Henchmen dealt.
switches = {name: True for name, default in OPTIONS.items() if default is False}
switches.update(alternative_endings="revealed", henchmen=1)
modules = [((e,), {}) for e in IMPLEMENTED_EXPANSIONS] + [((), {k: v}) for k, v in switches.items()]
modules.append((IMPLEMENTED_EXPANSIONS, switches))
for exp, opts in modules:
    for seed in range(int(sys.argv[2])):
        chars = ("warrior", "wizard", "troll", "elf", "priest", "thief", "minstrel", "sorceress")[seed % 4:][:4]
        s = talisman.new_game(chars, exp, seed, {**opts, "max_rounds": 25})
        bots = {}
        for _ in range(int(sys.argv[3])):
            if s.is_over:
                break
            p = s.pending.player  # a player's seat, or one of his Henchmen
            bot = bots.setdefault(p, (HeuristicBot if len(bots) % 2 else RandomBot)(seed * 10 + len(bots)))
            s = talisman.apply(s, bot.choose(s))
        out.append(digest(s))
print(json.dumps(out))
"""


def test_whole_games_are_identical_under_any_hash_seed():
    """Determinism is sacred: no rule may depend on a hash order (PYTHONHASHSEED differs
    between processes), with or without expansions: 16 whole games, then 2 games of 60
    decisions with each expansion and each rule option module engaged alone and all of them
    together (the Noblemen's Title pile once followed the hash order), in three processes."""
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": ":".join(sys.path)}
    runs = [subprocess.Popen([sys.executable, "-c", WHOLE_GAMES, "16", "2", "60"], stdout=subprocess.PIPE,
                             text=True, env={**env, "PYTHONHASHSEED": str(h)}) for h in (1, 2, 3)]
    outs = [r.communicate()[0] for r in runs]
    assert [r.returncode for r in runs] == [0, 0, 0]
    assert outs[0] == outs[1] == outs[2]
    n_modules = len(talisman.options.IMPLEMENTED_EXPANSIONS) + 1 + sum(
        1 for d in talisman.options.OPTIONS.values() if d is False) + 1
    assert len(json.loads(outs[0])) == 16 + 2 * n_modules


TRIWIZARD_GAMES = """
import hashlib, json, sys
from talisman import triwizard
from talisman.triwizard.bots import heuristic, random_bot

out = []
for seed in range(int(sys.argv[1])):
    players = 2 + seed % 3
    s = triwizard.new_game(players, seed=seed, options={"max_turns": 60})
    actions = []
    while not s.is_over:
        counter = len(actions)
        a = random_bot(s, counter, seed) if (seed + counter) % 2 else heuristic(s, counter)
        actions.append(str(a))
        s = triwizard.apply(s, a)
    rec = triwizard.record(triwizard.new_game(players, seed=seed, options={"max_turns": 60}), actions)
    out.append({"record": rec, "state": hashlib.sha256(triwizard.to_json(s).encode()).hexdigest()})
print(json.dumps(out, sort_keys=True))
"""


def test_triwizard_games_are_identical_under_any_hash_seed():
    """Determinism is sacred for the Triwizard Maze too: 9 games (2 to 4 players, random and
    heuristic bots taking turns at each decision) give the same records and final states in
    three processes of different PYTHONHASHSEED."""
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": ":".join(sys.path)}
    runs = [subprocess.Popen([sys.executable, "-c", TRIWIZARD_GAMES, "9"], stdout=subprocess.PIPE,
                             text=True, env={**env, "PYTHONHASHSEED": str(h)}) for h in (1, 2, 3)]
    outs = [r.communicate()[0] for r in runs]
    assert [r.returncode for r in runs] == [0, 0, 0]
    assert outs[0] == outs[1] == outs[2]
    games = json.loads(outs[0])
    assert len(games) == 9 and all(len(g["record"]["actions"]) > 10 for g in games)
    assert len({g["state"] for g in games}) == 9
