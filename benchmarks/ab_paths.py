"""An A/B timing of two builds of the same package, run by hand:
``python benchmarks/ab_paths.py SRC_A SRC_B``.

``ab.py`` times two revisions in one process by renaming one of them; a build compiled with
mypyc cannot be renamed (its extension modules carry their full names), so here each build
plays in processes of its own, ``SRC_A`` or ``SRC_B`` first on ``sys.path``, the two taking
turns (ABBA...) for ``--repeat`` rounds.  Each process checks which of the hot modules it runs
compiled (``module.__file__`` ends in ``.so``), plays a warm-up game and then the same seeded
random games as ``ab.py`` (``--inner`` times, each game at its best; seeds 0..``--games``-1, ``--rounds`` round limit), each game timed
alone (CPU time).  The figure to quote, as ``ab.py``'s: the ratio of decisions (and turns) a
second with each game at its best time of all the rounds.  Both builds must end the same games
in the same states (checked: a SHA-256 of the final states).

    python benchmarks/ab_paths.py src /path/to/compiled/src [--games 20] [--rounds 8] [--repeat 6]
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

HOT = ("talisman.engine.records", "talisman.engine.machine", "talisman.engine.ruleset", "talisman.state",
       "talisman.rules.characters", "talisman.rules.movement", "talisman.rules.encounters")

CHILD = """
import hashlib, importlib, json, sys, time
sys.path[:0] = {paths!r}
import talisman
from ab import game
compiled = [m for m in {hot!r} if importlib.import_module(m).__file__.endswith('.so')]
game(talisman, 0, {rounds})
times, steps, turns, h = [None] * {games}, [], [], hashlib.sha256()
for inner in range({inner}):
    for seed in range({games}):
        cpu = time.process_time()
        n, s = game(talisman, seed, {rounds})
        took = time.process_time() - cpu
        times[seed] = took if times[seed] is None else min(times[seed], took)
        if inner == 0:
            steps.append(n)
            turns.append(s.turn)
            h.update(talisman.to_json(s).encode())
print(json.dumps({{"compiled": compiled, "times": times, "steps": steps, "turns": turns,
                   "finals": h.hexdigest(), "from": talisman.__file__}}))
"""


def play(src, games, rounds, inner=1):
    """One process of ``src``'s build: its record of the games (see ``CHILD``)."""
    code = CHILD.format(paths=[str(Path(__file__).resolve().parent), str(Path(src).resolve())],
                        hot=HOT, games=games, rounds=rounds, inner=inner)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=8)
    ap.add_argument("--repeat", type=int, default=6)
    ap.add_argument("--inner", type=int, default=1,
                    help="play the games this many times in each process, each at its best (the "
                    "memos then warm as in ab.py's one process)")
    args = ap.parse_args(argv)
    best = {"a": None, "b": None}
    runs = {"a": [], "b": []}
    for r in range(args.repeat):
        for side in ("a", "b") if r % 2 == 0 else ("b", "a"):
            rec = play(getattr(args, side), args.games, args.rounds, args.inner)
            runs[side].append(rec)
            best[side] = rec["times"] if best[side] is None else list(map(min, best[side], rec["times"]))
    for side in ("a", "b"):
        first = runs[side][0]
        print(f"{side}: {getattr(args, side)} ({first['from']}); compiled: {', '.join(first['compiled']) or 'none'}")
    finals = {rec["finals"] for side in runs for rec in runs[side]}
    if len(finals) != 1:
        print("note: the two builds do not end the same games in the same states")
    steps = {side: sum(runs[side][0]["steps"]) for side in runs}
    turns = {side: sum(runs[side][0]["turns"]) for side in runs}
    rate = {side: steps[side] / sum(best[side]) for side in runs}
    round_ratios = sorted((sum(rb["steps"]) / sum(rb["times"])) / (sum(ra["steps"]) / sum(ra["times"]))
                          for ra, rb in zip(runs["a"], runs["b"]))
    print(f"decisions {steps['a']:,} / {steps['b']:,}, turns {turns['a']:,} / {turns['b']:,}")
    print(f"a: {rate['a']:,.0f} decisions/s, b: {rate['b']:,.0f} decisions/s (each game at its best)")
    print(f"b / a, round by round: {', '.join(f'{x:.3f}' for x in round_ratios)}")
    print(f"b / a, each game at its best time (the figure to quote): {rate['b'] / rate['a']:.3f} "
          f"(turns a second: {(turns['b'] / sum(best['b'])) / (turns['a'] / sum(best['a'])):.3f})")


if __name__ == "__main__":
    main()
