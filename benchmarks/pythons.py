"""Random-play speed on several CPythons, run by hand:
``python benchmarks/pythons.py PYTHON... [--games 8] [--rounds 3]``.

Each interpreter (a path to a ``python`` with this project's dependencies installed) plays the
same seeded random games (``bench.py``'s) in its own process with this checkout's ``src`` on
its path; the interpreters take turns, ``--rounds`` times, so that a shared machine's load
falls on all of them alike, and the best steps per second (CPU time) of each is printed,
with whether pyrsistent's C vector (``pvectorc``) is in use.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROBE = """
import sys, time
from pyrsistent import pvector
sys.path.insert(0, {bench!r})
from bench import play
play(0, 50)  # the data loaded, memos warm
cpu = time.process_time()
steps = sum(play(seed, 50)[1] for seed in range({games}))
print(sys.version.split()[0], type(pvector()).__module__, steps / (time.process_time() - cpu))
"""


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pythons", nargs="+")
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args(argv)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    code = PROBE.format(bench=str(ROOT / "benchmarks"), games=args.games)
    best: dict[str, tuple[str, str, float]] = {}
    for _ in range(args.rounds):
        for py in args.pythons:
            out = subprocess.run([py, "-c", code], env=env, capture_output=True, text=True,
                                 check=True).stdout.split()
            version, vector, rate = out[0], out[1], float(out[2])
            if py not in best or rate > best[py][2]:
                best[py] = (version, vector, rate)
    for py, (version, vector, rate) in best.items():
        print(f"CPython {version}: {rate:,.0f} steps/s (best of {args.rounds}; vector: {vector})")


if __name__ == "__main__":
    sys.exit(main())
