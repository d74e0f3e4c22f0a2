"""An A/B timing of two engines in one process, run by hand: ``python benchmarks/ab.py REV``.

On a machine shared with other work, two runs of ``bench.py`` a minute apart can differ by a
third; timing the working tree against ``REV`` (a git revision) in the same process, in
alternation, cancels most of that.  ``REV``'s ``src/talisman`` is exported with ``git archive``
into a temporary folder under the package name ``talisman_ab`` (its absolute imports and
module paths renamed), both engines play the same seeded random games (checked to end in the
same states), and the best and median steps per second (CPU time) of each are printed.

    PYTHONPATH=$PWD/src python benchmarks/ab.py HEAD~3 [--games 15] [--rounds 8] [--processes]

By default the two engines take turns game by game (ABBA: neither always goes first), each
game is timed alone, and the figure to quote is the ratio of the steps per second of the two
engines with each game at its best time of the ``--repeat`` rounds (printed last; the rounds'
bests and medians and the range of the rounds' ratios are printed too).  This machine's speed
drifts by 20-50% within seconds even when it is quiet (a fixed pure-Python loop timed between
rounds varies as much as the games; the collector runs about three times a round and is not the
cause: docs/performance.md, fifteenth pass of issue 20), so a whole round of one engine and then
one of the other compare two speeds of the machine as much as two engines.  An A/A run (``REV``
the working tree's own commit) gives 0.96-1.01 this way, against 0.93-1.08 by the rounds' bests.
``--blocks`` times each engine over a whole round in turn, as ``ab.py`` did before that pass.
The same timing is also printed as turns a second: two engines that play the same seeds to the
same round limit play about as many turns, but a rule change that drops a decision point (a Fate
re-roll offered only where it can matter) lowers the decisions a turn, and so each decision does
more work (docs/performance.md, sixteenth pass of issue 20).

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


def game(t, seed, rounds):
    """Play the seeded random game ``seed`` with engine module ``t``; return (steps, final state)."""
    bots_cls = importlib.import_module(t.__name__ + ".bots").RandomBot
    s = t.new_game(CHARACTERS, seed=seed, options={"max_rounds": rounds})
    bots = {c: bots_cls(seed * 1000 + i) for i, c in enumerate(CHARACTERS)}
    steps = 0
    while not s.is_over:
        s = t.apply(s, bots[s.pending.player].choose(s))
        steps += 1
    return steps, s


def games(t, n, rounds, finals=None, first=0):
    """Play ``n`` seeded random games (seeds ``first``...) with engine module ``t``; return the
    steps played (and append each final state's JSON to ``finals`` if given)."""
    steps = 0
    for seed in range(first, first + n):
        played, s = game(t, seed, rounds)
        steps += played
        if finals is not None:
            finals.append(t.to_json(s))
    return steps


def paired_round(engines, n, rounds, record, turns=None):
    """One round of ``n`` games, the engines taking turns game by game (ABBA...): each game's
    CPU seconds are appended to ``record[engine][seed]`` (a pair: the game's steps, the list of
    its times), and its turns played are kept in ``turns[engine][seed]`` if given; return each
    engine's steps per second over the round."""
    order = list(engines.items())
    for seed in range(n):
        for name, t in order if seed % 2 == 0 else reversed(order):
            cpu = time.process_time()
            steps, s = game(t, seed, rounds)
            record[name].setdefault(seed, (steps, []))[1].append(time.process_time() - cpu)
            if turns is not None:
                turns[name][seed] = s.turn
    return {name: sum(steps for steps, _ in by_seed.values())
            / sum(times[-1] for _, times in by_seed.values()) for name, by_seed in record.items()}


def best_rate(by_seed, turns=None):
    """Steps per second over the games of ``by_seed`` (``paired_round``'s record of an engine),
    each game at its best time of the rounds; turns per second with ``turns`` (the engine's
    turns played by seed)."""
    done = sum(steps for steps, _ in by_seed.values()) if turns is None else sum(turns.values())
    return done / sum(min(times) for _, times in by_seed.values())


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
    how = ap.add_mutually_exclusive_group()
    how.add_argument("--processes", action="store_true",
                     help="time each engine in a fresh process per round (see above)")
    how.add_argument("--blocks", action="store_true",
                     help="time each engine over a whole round in turn, not game by game (see above)")
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
        record = {name: {} for name in engines}
        turns = {name: {} for name in engines}
        for _ in range(args.repeat):
            if not (args.processes or args.blocks):
                for name, rate in paired_round(engines, args.games, args.rounds, record, turns).items():
                    rates[name].append(rate)
                continue
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
        paired = sorted(y / x for x, y in zip(a, b))
        print(f"working tree / {args.rev}, round by round: median {statistics.median(paired):.3f}, "
              f"range {paired[0]:.3f}-{paired[-1]:.3f}")
        if record[args.rev]:
            print(f"working tree / {args.rev}, each game at its best time (the figure to quote): "
                  f"{best_rate(record['working tree']) / best_rate(record[args.rev]):.3f}")
            tree, other = (sum(turns[name].values()) for name in ("working tree", args.rev))
            print(f"working tree / {args.rev}, turns a second, each game at its best time: "
                  f"{best_rate(record['working tree'], turns['working tree']) / best_rate(record[args.rev], turns[args.rev]):.3f} "
                  f"({tree:,} and {other:,} turns; decisions a turn "
                  f"{sum(st for st, _ in record['working tree'].values()) / tree:.2f} and "
                  f"{sum(st for st, _ in record[args.rev].values()) / other:.2f}: an engine that asks fewer "
                  "decisions a turn does more work a decision)")


if __name__ == "__main__":
    main()
