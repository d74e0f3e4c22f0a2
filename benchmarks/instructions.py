"""Machine instructions per decision, run by hand: ``python benchmarks/instructions.py [REV...]``.

Wall-clock and CPU-time figures on a shared 2-core machine swing by a third from minute to
minute; the count of machine instructions that a run executes does not depend on the load.
Each engine (the working tree, and each ``REV`` exported as ``ab.py`` does) plays ``ab.py``'s
seeded random games under ``valgrind --tool=callgrind`` twice: once only a warm-up game (imports,
data, memos), once the warm-up and then ``--games`` games.  The difference, divided by the
decisions of those games, is the instructions a decision; the ratio of two engines' figures is
their speed ratio on one core as far as instructions tell (caches and branches aside).

    PYTHONPATH=$PWD/src python benchmarks/instructions.py ae54e40 HEAD [--games 3]

Needs ``valgrind`` (the machines of this project carry it; ``perf stat`` has no counters there).
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ab import export  # noqa: E402  (a sibling script, not a package)

PROBE = """
import importlib, sys
sys.path.insert(0, {bench!r})
from ab import games
t = importlib.import_module({package!r})
games(t, 1, {rounds})  # warm-up (seed 0): imports, the data, memos
print("steps", games(t, {games}, {rounds}, first=1))
"""


def count(python, package, path, n, rounds, out):
    """Instructions of one run (callgrind's total) and the decisions it played after the warm-up."""
    code = PROBE.format(bench=str(Path(__file__).resolve().parent), package=package, games=n,
                        rounds=rounds)
    env = {**os.environ, "PYTHONPATH": path, "PYTHONHASHSEED": "0"}
    res = subprocess.run(["valgrind", "--tool=callgrind", "--cache-sim=no", "--branch-sim=no",
                          f"--callgrind-out-file={out}", python, "-c", code],
                         env=env, capture_output=True, text=True, check=True)
    steps = int(re.search(r"^steps (\d+)$", res.stdout, re.M).group(1))
    total = re.search(r"^(?:summary|totals): (\d+)", Path(out).read_text(), re.M)
    return int(total.group(1)), steps


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("revs", nargs="*", help="git revisions to count beside the working tree")
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--rounds", type=int, default=50)
    ap.add_argument("--python", default=sys.executable)
    args = ap.parse_args(argv)
    src = str(Path(__file__).resolve().parents[1] / "src")
    figures = {}
    with tempfile.TemporaryDirectory(prefix="instructions-") as tmp:
        engines = [("working tree", "talisman", src)]
        for i, rev in enumerate(args.revs):
            root = os.path.join(tmp, f"rev{i}")
            os.mkdir(root)
            export(rev, root)
            engines.append((rev, "talisman_ab", root))
        for name, package, path in engines:
            base, _ = count(args.python, package, path, 0, args.rounds, os.path.join(tmp, "a.out"))
            total, steps = count(args.python, package, path, args.games, args.rounds,
                                 os.path.join(tmp, "b.out"))
            figures[name] = (total - base) / steps
            print(f"{name}: {figures[name] / 1e6:.4f} million instructions a decision "
                  f"({steps} decisions in {args.games} games)", flush=True)
    here = figures["working tree"]
    for rev in args.revs:
        print(f"working tree against {rev}: {figures[rev] / here:.3f} times fewer instructions")


if __name__ == "__main__":
    main()
