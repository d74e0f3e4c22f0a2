"""An A/B timing of two engines in one process, run by hand: ``python benchmarks/ab.py REV``.

On a machine shared with other work, two runs of ``bench.py`` a minute apart can differ by a
third; timing the working tree against ``REV`` (a git revision) in the same process, in
alternation, cancels most of that.  ``REV``'s ``src/talisman`` is exported with ``git archive``
into a temporary folder under the package name ``talisman_ab`` (its absolute imports and
module paths renamed), both engines play the same seeded random games (checked to end in the
same states), and the best and median steps per second (CPU time) of each are printed.

    PYTHONPATH=$PWD/src python benchmarks/ab.py HEAD~3 [--games 15] [--rounds 8] [--processes]

``--processes`` times each engine in a fresh process per round instead (after the same warm-up
there): CPython's garbage collector is a process's own, so in one process each engine's
collections also walk the objects the other keeps alive, which hides a change in what an engine
keeps (docs/performance.md, sixth pass of issue 20).
"""
from __future__ import annotations

import argparse
import importlib
import io
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

CHARACTERS = ("warrior", "wizard", "troll", "elf")
_ABSOLUTE = re.compile(r"\b(from|import) talisman(?=[. \n])|\"talisman\.(?=[a-z])")


def export(rev, root):
    """``rev``'s package as ``talisman_ab`` under ``root`` (``rev``'s data folder linked beside it)."""
    top = Path(subprocess.check_output(["git", "rev-parse", "--show-toplevel"], text=True).strip())
    tar = subprocess.check_output(["git", "-C", str(top), "archive", rev, "src/talisman", "data"])
    with tarfile.open(fileobj=io.BytesIO(tar)) as t:
        try:
            t.extractall(root, filter="data")
        except TypeError:  # a Python without extraction filters (our own archive: trusted)
            t.extractall(root)
    pkg = Path(root) / "talisman_ab"
    (Path(root) / "src" / "talisman").rename(pkg)
    for path in pkg.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        path.write_text(_ABSOLUTE.sub(lambda m: m.group(0).replace("talisman", "talisman_ab"), text),
                        encoding="utf-8")
    (pkg / "data").symlink_to(Path(root) / "data")  # ``rev``'s own data (its schemas may differ)


def games(t, n, rounds, finals=None, first=0):
    """Play ``n`` seeded random games (seeds ``first``...) with engine module ``t``; return the
    steps played (and append each final state's JSON to ``finals`` if given)."""
    bots_cls = importlib.import_module(t.__name__ + ".bots").RandomBot
    steps = 0
    for seed in range(first, first + n):
        s = t.new_game(CHARACTERS, seed=seed, options={"max_rounds": rounds})
        bots = {c: bots_cls(seed * 1000 + i) for i, c in enumerate(CHARACTERS)}
        while not s.is_over:
            s = t.apply(s, bots[s.pending.player].choose(s))
            steps += 1
        if finals is not None:
            finals.append(t.to_json(s))
    return steps


CHILD = """
import importlib, sys, time
sys.path[:0] = {paths!r}
from ab import games
t = importlib.import_module({package!r})
games(t, 3, {rounds})
cpu = time.process_time()
steps = games(t, {games}, {rounds})
print(steps / (time.process_time() - cpu))
"""


def rate_in_a_process(package, root, n, rounds):
    """Steps per second (CPU time) of ``n`` games played by ``package`` in a fresh process."""
    code = CHILD.format(paths=[str(Path(__file__).resolve().parent), root], package=package,
                        games=n, rounds=rounds)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(out.stdout.strip())


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rev")
    ap.add_argument("--games", type=int, default=15)
    ap.add_argument("--rounds", type=int, default=50)
    ap.add_argument("--repeat", type=int, default=8)
    ap.add_argument("--processes", action="store_true",
                    help="time each engine in a fresh process per round (see above)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as root:
        export(args.rev, root)
        sys.path.insert(0, root)
        import talisman
        import talisman_ab
        engines = {args.rev: talisman_ab, "working tree": talisman}
        finals = {name: [] for name in engines}
        for name, t in engines.items():  # a warm-up that also compares the games' ends
            games(t, 3, args.rounds, finals[name])
        if len({tuple(f) for f in finals.values()}) != 1:
            print("note: the two engines do not end the same games in the same states")
        rates = {name: [] for name in engines}
        for _ in range(args.repeat):
            for name, t in engines.items():
                if args.processes:
                    rates[name].append(rate_in_a_process(t.__name__, root, args.games, args.rounds))
                    continue
                cpu = time.process_time()
                steps = games(t, args.games, args.rounds)
                rates[name].append(steps / (time.process_time() - cpu))
        for name, r in rates.items():
            print(f"{name}: best {max(r):,.0f} steps/s, median {statistics.median(r):,.0f}")
        a, b = rates[args.rev], rates["working tree"]
        print(f"working tree / {args.rev}: {max(b) / max(a):.2f} (bests), "
              f"{statistics.median(b) / statistics.median(a):.2f} (medians)")


if __name__ == "__main__":
    main()
