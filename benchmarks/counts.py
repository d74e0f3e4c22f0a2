"""Work per decision, run by hand: ``python benchmarks/counts.py [--games 15] [--top 30]``.

Plays the same seeded random games as ``ab.py`` (the base game, four characters, a round
limit of 50) under :mod:`cProfile` and prints, per decision: Python function calls, pyrsistent
``PMap`` operations (look-ups, ``in`` tests, ``get``, ``set``, new maps), state copies (the
engine's ``set_field``, ``evolve`` and ``replace`` of a ``GameState``) and frames run, then
the functions with the most own time.  Counts, not times: they do not depend on the machine's
load, so they compare two revisions fairly.
"""
from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import statistics
import time

import talisman
from talisman.bots import RandomBot

CHARACTERS = ("warrior", "wizard", "troll", "elf")


def play(n, rounds=50):
    steps = 0
    for seed in range(n):
        s = talisman.new_game(CHARACTERS, seed=seed, options={"max_rounds": rounds})
        bots = {c: RandomBot(seed * 1000 + i) for i, c in enumerate(CHARACTERS)}
        while not s.is_over:
            s = talisman.apply(s, bots[s.pending.player].choose(s))
            steps += 1
    return steps


def calls(stats, file_part, names):
    """Primitive plus recursive calls of the functions ``names`` defined in a file whose path
    holds ``file_part``."""
    return sum(v[1] for (f, _, fn), v in stats.stats.items() if file_part in f and fn in names)


def steps_by_name(games, top):
    """Print the rule steps looked up by name in ``talisman.api.STEPS`` (frames popped by
    ``advance``, decisions resumed) a decision, most first: the frames worth not pushing."""
    from collections import Counter

    from talisman import api

    play(1)
    seen: Counter[str] = Counter()

    def counted(name, fn):
        def step(*a, **k):
            seen[name] += 1
            return fn(*a, **k)
        return step

    original = dict(api.STEPS)
    api.STEPS.update({name: counted(name, fn) for name, fn in original.items()})
    try:
        steps = play(games)
    finally:
        api.STEPS.update(original)
    total = sum(seen.values())
    print(f"{steps} decisions in {games} games; rule steps run by name {total / steps:.2f} a decision")
    for name, n in seen.most_common(top):
        print(f"{name:40s} {n / steps:6.2f}")


def collector(games, freeze=False):
    """Print what CPython's cyclic garbage collector costs in the same games, without cProfile
    (which would slow the games and not the collections): collections of each generation a
    thousand decisions, the median and total time of each, and their share of the games' CPU
    time.  A full (generation 2) collection walks every container object alive (about 60,000
    after the warm-up game, most made by the imports and the loaded data) and comes about once in
    several thousand decisions, so a short run may catch one or none: run ``--games 20`` or more.
    ``freeze``: ``gc.freeze()`` after the warm-up game (what is alive then is never walked again),
    for comparison only: the library does not do it (it would freeze its user's objects too)."""
    play(1)
    if freeze:
        gc.collect()
        gc.freeze()
    times: dict[int, list[float]] = {0: [], 1: [], 2: []}
    started = [0.0]

    def timed(phase, info):
        if phase == "start":
            started[0] = time.process_time()
        else:
            times[info["generation"]].append(time.process_time() - started[0])

    gc.callbacks.append(timed)
    try:
        t0 = time.process_time()
        steps = play(games)
        spent = time.process_time() - t0
    finally:
        gc.callbacks.remove(timed)
    print(f"{steps} decisions in {games} games, {spent / steps * 1e6:.1f} us a decision (CPU time); "
          f"{len(gc.get_objects())} container objects alive at the end")
    for g, ts in times.items():
        if ts:
            print(f"generation {g}: {len(ts) / steps * 1000:6.2f} collections a 1,000 decisions, median "
                  f"{statistics.median(ts) * 1e3:7.3f} ms, total {sum(ts) * 1e3:7.1f} ms")
    total = sum(sum(ts) for ts in times.values())
    print(f"the collector: {total / spent * 100:.1f}% of the games' CPU time "
          f"({total / steps * 1e6:.1f} us a decision)")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=15)
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--steps", action="store_true",
                    help="instead: the rule steps run by name (looked up in the steps table) a decision")
    ap.add_argument("--gc", action="store_true",
                    help="instead: what the garbage collector costs a decision (no cProfile)")
    ap.add_argument("--freeze", action="store_true", help="with --gc: gc.freeze() after the warm-up game")
    args = ap.parse_args(argv)
    if args.gc:
        return collector(args.games, args.freeze)
    if args.steps:
        return steps_by_name(args.games, args.top)
    play(1)  # data loaded and memos warm, as in the timed runs
    prof = cProfile.Profile()
    prof.enable()
    steps = play(args.games)
    prof.disable()
    st = pstats.Stats(prof)
    total = sum(v[1] for v in st.stats.values())
    rows = [
        ("Python function calls (cProfile)", total),
        ("PMap look-ups m[k]", calls(st, "pyrsistent/_pmap", {"__getitem__"})),
        ("PMap in tests", calls(st, "pyrsistent/_pmap", {"__contains__"})),
        ("PMap.get (Mapping.get: a miss raises and catches KeyError)", calls(st, "_collections_abc", {"get"})),
        ("PMap.set", calls(st, "pyrsistent/_pmap", {"set"})),
        ("new pmaps (pmap())", calls(st, "pyrsistent/_pmap", {"pmap"})),
        ("freeze_kwargs", calls(st, "engine/records", {"freeze_kwargs"})),
        ("state copies (set_field + evolve + replace)",
         calls(st, "engine/records", {"set_field", "evolve", "replace"})),
        ("update_character", calls(st, "talisman/state", {"update_character"})),
        # ``plain`` and ``kwargs_of`` are the bound method ``PlainViews.view`` of two tables (one
        # function to cProfile): the row counts both
        ("plain views read (PlainViews.view: plain + kwargs_of)", calls(st, "engine/records", {"view"})),
        ("run_hook + adjust", calls(st, "engine/ruleset", {"run_hook", "adjust"})),
    ]
    print(f"{steps} decisions in {args.games} games")
    for name, n in rows:
        print(f"{name:60s} {n / steps:8.2f} per decision")
    st.sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
