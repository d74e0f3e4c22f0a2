"""A fingerprint of play, run by hand: ``python benchmarks/fingerprint.py``.

Plays 42 seeded bot games (the base game with every character, random and heuristic bots,
each expansion alone and in pairs, the Alternative Endings) and prints the number of decisions
and a SHA-256 of every seventh state's JSON and of each final state.  A change meant to be
pure refactoring or optimisation must leave both unchanged (the golden games check three
games; this checks many more positions, in a few seconds).  String hashing is randomised per
process, so the same figure in two runs also shows that no rule depends on a set's order.
"""
from __future__ import annotations

import hashlib

import talisman
from talisman.bots import HeuristicBot, RandomBot
from talisman.definitions import characters_of_sets, load

BASE = ("warrior", "wizard", "troll", "elf")
EXPANSIONS = [("harbinger",), ("blood_moon",), ("city",), ("wizards_tower",),
              ("blood_moon", "city"), ("harbinger", "wizards_tower")]


def play(h, characters, seed, expansions=(), bot=RandomBot, rounds=40, options=None):
    opts = {"max_rounds": rounds, **(options or {})}
    s = talisman.new_game(characters, expansions=expansions, seed=seed, options=opts)
    bots = {c: bot(seed * 1000 + i) for i, c in enumerate(characters)}
    n = 0
    while not s.is_over and n < 3000:
        b = bots.get(s.pending.player) or bot(seed * 7 + n)  # a seat's new character
        s = talisman.apply(s, b.choose(s))
        n += 1
        if n % 7 == 0:
            h.update(talisman.to_json(s).encode())
    h.update(talisman.to_json(s).encode())
    return n


def main():
    h = hashlib.sha256()
    ids = sorted(characters_of_sets(load(), {"base"}))
    n = sum(play(h, BASE, seed) for seed in range(12))
    for seed in range(14):
        chars = tuple(ids[(seed + k * 3) % len(ids)] for k in range(4))
        n += play(h, chars, 100 + seed, bot=HeuristicBot if seed % 2 else RandomBot)
    for seed, exps in enumerate(EXPANSIONS * 2):
        n += play(h, BASE, 200 + seed, expansions=exps)
    for seed in range(4):
        n += play(h, BASE, 300 + seed, options={"alternative_endings": True}, rounds=60)
    print(f"{n} decisions; sha256 {h.hexdigest()}")


if __name__ == "__main__":
    main()
