"""The same games on two engines, run by hand: ``python benchmarks/same_games.py REV``.

A change that pushes fewer rule-step frames (a change of kind, not of a helper's cost) alters
the states' ``stack``, so :mod:`fingerprint`'s hash changes although the games do not.  This
plays the fingerprint's 42 games with ``REV`` (exported in-process, as ``ab.py`` does) and with
the working tree side by side, and compares them decision by decision: the pending player,
kind and legal actions, the log's events, and the rest of the state's JSON, everything but
``stack``.  It prints the first difference, or the count of decisions found identical.

    PYTHONPATH=$PWD/src python benchmarks/same_games.py main
"""
from __future__ import annotations

import argparse
import importlib
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ab import export  # noqa: E402  (a sibling script, not a package)
from fingerprint import BASE, EXPANSIONS  # noqa: E402


def games():
    """The fingerprint's games: (characters, seed, expansions, bot name, rounds, options)."""
    yield from ((BASE, seed, (), "RandomBot", 40, None) for seed in range(12))
    for seed in range(14):
        yield "mixed", 100 + seed, (), "HeuristicBot" if seed % 2 else "RandomBot", 40, None
    for seed, exps in enumerate(EXPANSIONS * 2):
        yield BASE, 200 + seed, exps, "RandomBot", 40, None
    for seed in range(4):
        yield BASE, 300 + seed, (), "RandomBot", 60, {"alternative_endings": True}


def seen(t, s):
    """What a decision shows, the stack left out: (player, kind, legal actions, the state's JSON
    without ``stack``; the log's events are in it)."""
    p = s.pending
    state = json.loads(t.to_json(s))["state"]
    del state["stack"]
    return (p.player if p else None, p.kind if p else None,
            [str(a) for a in t.legal_actions(s)] if p else [], state)


def compare(engines, characters, seed, expansions, bot, rounds, options):
    """Play one game on each engine (the same bots' choices, since the states agree) and return
    (decisions, the first difference or None)."""
    if characters == "mixed":
        ids = sorted(importlib.import_module(engines[0].__name__ + ".definitions").characters_of_sets(
            importlib.import_module(engines[0].__name__ + ".definitions").load(), {"base"}))
        characters = tuple(ids[(seed - 100 + k * 3) % len(ids)] for k in range(4))
    opts = {"max_rounds": rounds, **(options or {})}
    states, bots = [], []
    for t in engines:
        cls = getattr(importlib.import_module(t.__name__ + ".bots"), bot)
        states.append(t.new_game(characters, expansions=expansions, seed=seed, options=opts))
        bots.append(({c: cls(seed * 1000 + i) for i, c in enumerate(characters)}, cls))
    n = 0
    while True:
        views = [seen(t, s) for t, s in zip(engines, states)]
        if views[0] != views[1]:
            return n, next(f"{name} differs" for name, a, b in
                           zip(("player", "kind", "legal actions", "state"), views[0], views[1]) if a != b)
        if states[0].is_over or n >= 3000:
            return n, None
        nxt = []
        for t, s, (table, cls) in zip(engines, states, bots):
            b = table.get(s.pending.player) or cls(seed * 7 + n)
            nxt.append(t.apply(s, b.choose(s)))
        states = nxt
        n += 1


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rev")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as root:
        export(args.rev, root)
        sys.path.insert(0, root)
        import talisman
        import talisman_ab
        engines = (talisman_ab, talisman)
        total = 0
        for g in games():
            n, diff = compare(engines, *g)
            total += n
            if diff:
                print(f"game {g[:4]}: decision {n}: {diff}")
                return 1
        print(f"{total} decisions in 42 games: player, kind, legal actions and state (stack "
              f"aside) identical on {args.rev} and the working tree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
