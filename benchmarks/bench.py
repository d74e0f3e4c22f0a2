"""Benchmarks, run by hand (not by CI): ``python benchmarks/bench.py [--games N]``.

- steps per second in seeded random play of the base game with four characters (the data is
  loaded by a warm-up game first; the best of ``--repeat`` runs), by the process's CPU time
  (one core's work: on a shared machine, time spent waiting for a core is not counted) and
  by the wall clock;
- median time of one whole seeded random game;
- memory of keeping every state of a long game, against one state and against deep copies;
- data loading time, cold (validating) and warm (cached).
"""
from __future__ import annotations

import argparse
import copy
import gc
import platform
import statistics
import sys
import time
import tracemalloc

import talisman
from talisman.bots import RandomBot

CHARACTERS = ("warrior", "wizard", "troll", "elf")


def play(seed, max_rounds, keep=False):
    s = talisman.new_game(CHARACTERS, seed=seed, options={"max_rounds": max_rounds})
    bots = {c: RandomBot(seed * 1000 + i) for i, c in enumerate(CHARACTERS)}
    states, steps = [s], 0
    while not s.is_over:
        s = talisman.apply(s, bots[s.pending.player].choose(s))
        steps += 1
        if keep:
            states.append(s)
    return s, steps, states


def steps_per_second(games, max_rounds):
    """``(steps/s by CPU time, steps/s by the wall clock, median game (wall), steps a game)``."""
    play(games, max_rounds)  # warm up: the first game would otherwise time loading the data
    total_steps, times = 0, []
    cpu = time.process_time()
    for seed in range(games):
        t = time.perf_counter()
        _, steps, _ = play(seed, max_rounds)
        times.append(time.perf_counter() - t)
        total_steps += steps
    cpu = time.process_time() - cpu
    return total_steps / cpu, total_steps / sum(times), statistics.median(times), total_steps / games


def measure(fn):
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    value = fn()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return value, after - before


def history_memory(max_rounds):
    (_, steps, states), history = measure(lambda: play(1, max_rounds, keep=True))
    last = states[-1]
    _, one = measure(lambda: talisman.from_json(talisman.to_json(last)))
    _, copies = measure(lambda: [copy.deepcopy(s) for s in states])
    return len(states), history, one, copies


def data_loading():
    from talisman import definitions
    from talisman.engine.data import data_root
    t = time.perf_counter()
    definitions.load_from(data_root() / "talisman")
    cold = time.perf_counter() - t
    definitions.load()
    t = time.perf_counter()
    definitions.load()
    warm = time.perf_counter() - t
    return cold, warm


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--rounds", type=int, default=50)
    ap.add_argument("--repeat", type=int, default=3,
                    help="time the games this many times and keep the fastest run (shared "
                         "machines are noisy)")
    args = ap.parse_args(argv)
    print(f"python {sys.version.split()[0]} on {platform.machine()} {platform.system()}, "
          f"talisman {talisman.__version__}")
    runs = [steps_per_second(args.games, args.rounds) for _ in range(args.repeat)]
    sps, wall, median, avg_steps = max(runs)
    print(f"random play, 4 characters, {args.rounds} rounds: {sps:,.0f} steps/s (CPU time; "
          f"{max(r[1] for r in runs):,.0f} by the wall clock); "
          f"median game {median * 1000:.1f} ms ({avg_steps:.0f} steps)"
          + (f"; best of {args.repeat} runs: {', '.join(f'{r[0]:,.0f}' for r in runs)}"
             if args.repeat > 1 else ""))
    n, history, one, copies = history_memory(args.rounds)
    print(f"memory: {n} states kept {history / 1e6:.2f} MB; one state {one / 1e3:.1f} kB; "
          f"deep copies {copies / 1e6:.2f} MB (history/copies = {history / copies:.3f})")
    cold, warm = data_loading()
    print(f"data loading: cold {cold * 1000:.1f} ms, warm {warm * 1e6:.1f} us")


if __name__ == "__main__":
    main()
