"""Machine instructions per decision, run by hand: ``python benchmarks/instructions.py [REV...]``.

Wall-clock and CPU-time figures on a shared 2-core machine swing by a third from minute to
minute; the count of machine instructions that a run executes does not depend on the load.
Each engine (the working tree, and each ``REV`` exported as ``ab.py`` does) plays ``ab.py``'s
seeded random games under ``valgrind --tool=callgrind`` twice: once only a warm-up game (imports,
data, memos), once the warm-up and then ``--games`` games.  The difference, divided by the
decisions of those games, is the instructions a decision; the ratio of two engines' figures is
their speed ratio on one core as far as instructions tell (caches and branches aside).

    PYTHONPATH=$PWD/src python benchmarks/instructions.py ae54e40 HEAD [--games 3]

``--tool cachegrind`` runs ``valgrind --tool=cachegrind --cache-sim=yes --branch-sim=yes``
instead and prints, beside the instructions, the simulated first-level instruction and data
misses (``I1mr``, ``D1mr``, ``D1mw``), last-level data misses (``DLmr``, ``DLmw``) and
mispredicted branches (``Bcm`` conditional, ``Bim`` indirect) a decision, warm-up subtracted the
same way, and an estimate of cycles ``Ir + 10*(I1mr+D1mr+D1mw) + 100*(ILmr+DLmr+DLmw) +
15*(Bcm+Bim)`` (a rough model, not a measurement of any one processor).  ``--keep DIR`` keeps
valgrind's output files there (for ``cg_annotate``, or ``cg_diff`` of the two runs).  A run of
``--games 5 --rounds 12`` under cachegrind takes about 6-8 minutes at a load of 4.

Needs ``valgrind`` (the machines of this project carry it; ``perf stat`` has no counters there).
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
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


# the cycle estimate's weights (a rough model: an L1 miss ~10 cycles, a last-level miss ~100,
# a mispredicted branch ~15); events a tool does not count are left out
WEIGHTS = {"Ir": 1, "I1mr": 10, "D1mr": 10, "D1mw": 10, "ILmr": 100, "DLmr": 100, "DLmw": 100,
           "Bcm": 15, "Bim": 15}
SHOWN = ("Ir", "I1mr", "D1mr", "D1mw", "DLmr", "DLmw", "Bcm", "Bim")


def count(python, package, path, n, rounds, out, tool="callgrind", extra=()):
    """The event totals of one run (valgrind's ``events``/``summary`` lines, a dict: ``Ir`` at
    least) and the decisions it played after the warm-up."""
    code = PROBE.format(bench=str(Path(__file__).resolve().parent), package=package, games=n,
                        rounds=rounds)
    env = {**os.environ, "PYTHONPATH": path, "PYTHONHASHSEED": "0"}
    if tool == "cachegrind":
        opts = ["--tool=cachegrind", "--cache-sim=yes", "--branch-sim=yes",
                f"--cachegrind-out-file={out}"]
    else:
        opts = ["--tool=callgrind", "--cache-sim=no", "--branch-sim=no",
                f"--callgrind-out-file={out}"]
    res = subprocess.run(["valgrind", *opts, *extra, python, "-c", code],
                         env=env, capture_output=True, text=True, check=True)
    steps = int(re.search(r"^steps (\d+)$", res.stdout, re.M).group(1))
    text = Path(out).read_text()
    events = re.search(r"^events: (.*)$", text, re.M).group(1).split()
    totals = re.findall(r"^(?:summary|totals): (.*)$", text, re.M)[-1].split()
    return dict(zip(events, map(int, totals))), steps


def cycles(figures):
    """The estimate of cycles (``WEIGHTS``) of a dict of events."""
    return sum(w * figures.get(e, 0) for e, w in WEIGHTS.items())


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("revs", nargs="*", help="git revisions to count beside the working tree")
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--rounds", type=int, default=50)
    ap.add_argument("--python", default=sys.executable)
    ap.add_argument("--tool", choices=("callgrind", "cachegrind"), default="callgrind",
                    help="cachegrind: simulate caches and branches too (see above)")
    ap.add_argument("--keep", help="a folder to keep valgrind's output files in")
    ap.add_argument("--valgrind-arg", action="append", default=[],
                    help="one more option for valgrind, e.g. --valgrind-arg=--LL=2097152,16,64 "
                    "(its own guess of the last-level cache can be a whole socket's)")
    ap.add_argument("--src", help="count the package under this folder as the working tree (a build "
                    "compiled with mypyc: docs/performance.md, nineteenth pass)")
    ap.add_argument("--no-tree", action="store_true",
                    help="count only the REVs (e.g. to run two engines in two processes)")
    args = ap.parse_args(argv)
    src = args.src or str(Path(__file__).resolve().parents[1] / "src")
    figures = {}
    with tempfile.TemporaryDirectory(prefix="instructions-") as tmp:
        engines = [] if args.no_tree else [("working tree", "talisman", src)]
        for i, rev in enumerate(args.revs):
            root = os.path.join(tmp, f"rev{i}")
            os.mkdir(root)
            export(rev, root)
            engines.append((rev, "talisman_ab", root))
        for i, (name, package, path) in enumerate(engines):
            outs = [os.path.join(tmp, f"{args.tool}.{i}.{part}.out")
                    for part in ("warmup", "games")]
            base, _ = count(args.python, package, path, 0, args.rounds, outs[0], args.tool,
                            args.valgrind_arg)
            total, steps = count(args.python, package, path, args.games, args.rounds, outs[1],
                                 args.tool, args.valgrind_arg)
            figures[name] = {e: (total[e] - base[e]) / steps for e in total}
            print(f"{name}: {figures[name]['Ir'] / 1e6:.4f} million instructions a decision "
                  f"({steps} decisions in {args.games} games)", flush=True)
            if args.tool == "cachegrind":
                print("  a decision: " + ", ".join(f"{e} {figures[name][e]:,.0f}" for e in SHOWN)
                      + f"; estimated cycles {cycles(figures[name]) / 1e6:.4f} million", flush=True)
            if args.keep:
                os.makedirs(args.keep, exist_ok=True)
                for out in outs:
                    shutil.copy(out, args.keep)
    here = figures.get("working tree")
    for rev in args.revs if here else ():
        print(f"working tree against {rev}: {figures[rev]['Ir'] / here['Ir']:.3f} times fewer "
              "instructions", end="")
        if args.tool == "cachegrind":
            print(f", {cycles(figures[rev]) / cycles(here):.3f} times fewer estimated cycles",
                  end="")
        print()


if __name__ == "__main__":
    main()
