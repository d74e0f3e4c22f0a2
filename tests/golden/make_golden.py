"""Regenerate the golden playthroughs: ``python tests/golden/make_golden.py``.

A golden playthrough is a recorded seeded game (configuration, seed and every action's
notation) with a digest of its final state and a few lines of its log.  The test replays it
and must reach the same state bit for bit: any change to the rules that changes a game shows
up here, and must be a change someone meant (then regenerate and say so in the commit)."""
import hashlib
import json
from pathlib import Path

import talisman
from talisman.api import record
from talisman.bots import HeuristicBot

GAMES = [("seed48_crown", ("warrior", "wizard", "troll", "elf"), 48),
         ("seed7_two", ("dwarf", "sorceress"), 7)]


def play(characters, seed):
    s = talisman.new_game(characters, seed=seed, options={"max_rounds": 200})
    bots = {c: HeuristicBot(seed * 1000 + i) for i, c in enumerate(characters)}
    actions = []
    while not s.is_over:
        a = bots[s.pending.player].choose(s)
        actions.append(a)
        s = talisman.apply(s, a)
    return s, actions


def digest(state):
    return hashlib.sha256(talisman.to_json(state).encode()).hexdigest()


TRIWIZARD_GAMES = [("triwizard_seed5", 5)]


def play_triwizard(seed):
    from talisman import triwizard
    from talisman.triwizard.narrate import bot_choice
    s = triwizard.new_game(4, seed, {"max_turns": 20000})
    actions, counter = [], 0
    while not s.is_over:
        a = bot_choice(s, seed ^ 0x7B1, counter)
        actions.append(a)
        s = triwizard.apply(s, a)
        counter += 1
    return s, actions


def triwizard_digest(state):
    from talisman import triwizard
    return hashlib.sha256(triwizard.to_json(state).encode()).hexdigest()


if __name__ == "__main__":
    from talisman import triwizard
    for name, seed in TRIWIZARD_GAMES:
        s, actions = play_triwizard(seed)
        doc = {"game": "triwizard", "record": triwizard.record(s, actions),
               "digest": triwizard_digest(s),
               "outcome": {"reason": s.outcome.reason, "winners": list(s.outcome.winners)},
               "log_length": len(s.log)}
        Path(__file__).with_name(f"{name}.json").write_text(json.dumps(doc, indent=1) + "\n")
        print(name, doc["outcome"], len(actions), "actions")
    for name, chars, seed in GAMES:
        s, actions = play(chars, seed)
        doc = {"record": record(s, actions), "digest": digest(s),
               "outcome": {"reason": s.outcome.reason, "winners": list(s.outcome.winners)},
               "log_length": len(s.log)}
        Path(__file__).with_name(f"{name}.json").write_text(json.dumps(doc, indent=1) + "\n")
        print(name, doc["outcome"], len(actions), "actions")
