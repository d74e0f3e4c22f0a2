"""Soak run, by hand (not by CI): many seeded random games over every expansion set, with the
invariants of :mod:`talisman.testing.invariants` checked after every step and every exception
counted.  ``docs/reliability.md`` records a run.

    PYTHONPATH=src python benchmarks/soak.py --steps 1000000 --jobs 2 --markdown   # a step budget
    PYTHONPATH=src python benchmarks/soak.py --seconds 300 --jobs 2     # or a time budget

Game ``i`` (from ``--seed``) plays the expansion set ``i mod 2**n`` of the ``n`` implemented
expansions (so every set is played, the base game alone included), 2-6 characters drawn from
the base game and those expansions, random rule options (movement die, lives, new character;
with ``--henchmen`` the option HENCHMEN too),
a round limit, and seeded random legal actions (the same seed, the same game: a failure is
reproduced by ``--seed <its seed> --games 1``).  A step or time budget never stops the run
before every expansion set has been played once, however small it is.  It prints the totals
as JSON, or (``--markdown``) as the table ``docs/reliability.md`` records.  Exits 1 when any
game raised or broke an invariant.
"""
from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import random
import resource
import shlex
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

import talisman
from talisman.definitions import characters_of_sets, load
from talisman.errors import OptionError
from talisman.rules.setup import IMPLEMENTED_EXPANSIONS
from talisman.testing import invariants

#: Every expansion set: each subset of the implemented expansions, the empty one first.
SETS = [combo for n in range(len(IMPLEMENTED_EXPANSIONS) + 1)
        for combo in itertools.combinations(IMPLEMENTED_EXPANSIONS, n)]


def config(seed: int, max_rounds: int, henchmen: bool = False) -> dict:
    """The seeded configuration of game ``seed``: its expansion set, characters and options
    (``henchmen``: the option HENCHMEN too, 0-2 a player, drawn apart so that the rest of the
    configuration is the one the seed has without it)."""
    rng = random.Random(seed)
    expansions = SETS[seed % len(SETS)]
    pool = sorted(characters_of_sets(load(), ("base", *expansions)))
    characters = rng.sample(pool, rng.randint(2, min(6, len(pool))))
    options = {"max_rounds": max_rounds,
               "movement_die": rng.choice(["by_size", "d6"]),
               "lives": rng.choice(["compendium", "card"]),
               "new_character": rng.random() < 0.3}
    if henchmen:
        options["henchmen"] = random.Random(seed * 7927 + 3).choice([0, 1, 2])
    return {"seed": seed, "expansions": list(expansions), "characters": characters,
            "options": options}


def play(args: tuple) -> dict:
    """One seeded game, invariants checked after every step: ``(seed, max_rounds, max_steps,
    check)``, and ``henchmen`` (default false) as a fifth.  Returns its counts and the first
    failure (an exception's traceback, or the invariants broken and the step)."""
    seed, max_rounds, max_steps, check, *more = args
    cfg = config(seed, max_rounds, bool(more and more[0]))
    out = {**cfg, "steps": 0, "exception": None, "broken": None, "ended": None}
    try:
        state = talisman.new_game(cfg["characters"], cfg["expansions"], seed, cfg["options"])
    except OptionError as e:  # a character count or mix the rules refuse: not a failure
        out["refused"] = str(e)
        return out
    rng = random.Random(seed * 7919 + 1)
    try:
        while not state.is_over and out["steps"] < max_steps:
            legal = talisman.legal_actions(state)
            state = talisman.apply(state, legal[rng.randrange(len(legal))])
            out["steps"] += 1
            if check:
                broken = invariants.check(state)
                if broken:
                    out["broken"] = {"step": out["steps"], "invariants": broken}
                    break
        out["ended"] = ("invariant broken" if out["broken"] else
                        state.outcome.reason if state.is_over else "step limit")
    except Exception:  # noqa: BLE001 - counting every exception is the point of a soak run
        out["exception"] = traceback.format_exc(limit=-6)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--steps", type=int, default=0, help="stop after this many steps (0: no limit)")
    p.add_argument("--seconds", type=float, default=0, help="stop after this long (0: no limit)")
    p.add_argument("--games", type=int, default=0, help="stop after this many games (0: no limit)")
    p.add_argument("--seed", type=int, default=0, help="the first game's seed")
    p.add_argument("--max-rounds", type=int, default=40, help="each game's round limit")
    p.add_argument("--max-steps", type=int, default=5000, help="each game's step limit")
    p.add_argument("--jobs", type=int, default=1, help="processes (at most the CPU count)")
    p.add_argument("--no-check", action="store_true", help="skip the invariants (faster)")
    p.add_argument("--henchmen", action="store_true",
                   help="the option HENCHMEN in each game too (0-2 a player; off by default, so "
                        "that a seed replays the game recorded without it)")
    p.add_argument("--json", metavar="PATH", help="write the totals and failures here")
    p.add_argument("--markdown", action="store_true",
                   help="print the totals as the table docs/reliability.md records (instead of JSON)")
    a = p.parse_args(argv)
    if not (a.steps or a.seconds or a.games):
        p.error("give a budget: --steps, --seconds or --games")
    for name in ("steps", "seconds", "games", "max_rounds", "max_steps", "jobs"):
        if getattr(a, name) < 0 or name in ("max_rounds", "max_steps", "jobs") and getattr(a, name) < 1:
            p.error(f"--{name.replace('_', '-')} must be {'positive' if name in ('max_rounds', 'max_steps', 'jobs') else '0 or more'}")
    jobs = max(1, min(a.jobs, os.cpu_count() or 1))
    command = "python benchmarks/soak.py " + " ".join(map(shlex.quote, sys.argv[1:] if argv is None else argv))
    start, cpu0 = time.perf_counter(), time.process_time()
    totals: Counter = Counter()
    by_set: Counter = Counter()
    endings: Counter = Counter()
    failures: list[dict] = []
    seeds = itertools.count(a.seed)
    tasks = ((s, a.max_rounds, a.max_steps, not a.no_check, a.henchmen) for s in seeds)
    if a.games:
        tasks = itertools.islice(tasks, a.games)

    def done() -> bool:
        """The budget is spent, and every expansion set has been played (a budget of games
        is exact: it names the seeds played)."""
        if totals["games"] + totals["refused"] < len(SETS) and not a.games:
            return False
        return bool(a.steps and totals["steps"] >= a.steps
                    or a.seconds and time.perf_counter() - start >= a.seconds)

    def count(r: dict) -> None:
        if "refused" in r:
            totals["refused"] += 1
            return
        totals["games"] += 1
        totals["steps"] += r["steps"]
        by_set["+".join(r["expansions"]) or "base"] += r["steps"]
        endings[r["ended"] or "exception"] += 1
        if r["exception"]:
            totals["exceptions"] += 1
        if r["broken"]:
            totals["invariant_breaks"] += 1
        if (r["exception"] or r["broken"]) and len(failures) < 20:
            failures.append(r)
            print(f"FAILED seed {r['seed']}: {r['broken'] or r['exception'].splitlines()[-1]}",
                  file=sys.stderr)

    if jobs == 1:
        for t in tasks:
            count(play(t))
            if done():
                break
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            batch = jobs * 4
            while not done():
                chunk = list(itertools.islice(tasks, batch))
                if not chunk:
                    break
                for r in pool.map(play, chunk):
                    count(r)
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu0
    children = resource.getrusage(resource.RUSAGE_CHILDREN)  # the pool's workers, reaped by now
    cpu += children.ru_utime + children.ru_stime
    summary = {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(time.time() - wall)),
        "machine": f"{platform.platform()}, {os.cpu_count()} CPUs, Python {platform.python_version()}",
        "command": command, "first_seed": a.seed, "jobs": jobs, "invariants_checked": not a.no_check,
        "games": totals["games"], "steps": totals["steps"],
        "refused_configurations": totals["refused"],
        "expansion_sets": len(by_set), "expansion_sets_in_all": len(SETS),
        "exceptions": totals["exceptions"], "invariant_breaks": totals["invariant_breaks"],
        "wall_seconds": round(wall, 1), "cpu_seconds": round(cpu, 1),
        "steps_per_wall_second": round(totals["steps"] / wall) if wall else 0,
        "endings": dict(endings.most_common()), "steps_by_set": dict(sorted(by_set.items())),
        "failed_seeds": [f["seed"] for f in failures],
    }
    print(markdown(summary) if a.markdown else json.dumps(summary, indent=1))
    if a.json:
        with open(a.json, "w") as f:
            json.dump({**summary, "failures": failures}, f, indent=1)
    return 1 if totals["exceptions"] or totals["invariant_breaks"] else 0


def markdown(summary: dict) -> str:
    """The summary as the table ``docs/reliability.md`` records a run with."""
    per_set = summary["steps_by_set"].values()
    rows = [
        ("date", summary["date"]),
        ("machine", summary["machine"]),
        ("command", f"`{summary['command']}`"),
        ("games", f"{summary['games']:,} (seeds {summary['first_seed']:,} on; "
                  f"{summary['refused_configurations']} configurations refused by `new_game`)"),
        ("steps", f"{summary['steps']:,} ({summary['cpu_seconds']:,} CPU-seconds, "
                  f"{summary['wall_seconds']:,} s of wall clock, {summary['jobs']} job(s))"),
        ("expansion sets", f"{summary['expansion_sets']} of {summary['expansion_sets_in_all']}"
                           + (f" ({min(per_set):,} to {max(per_set):,} steps each)" if per_set else "")),
        ("invariants", "checked after every step" if summary["invariants_checked"] else "**not checked**"),
        ("endings", ", ".join(f"{n:,} {e}" for e, n in summary["endings"].items())),
        ("exceptions", f"**{summary['exceptions']}**"),
        ("invariant breaks", f"**{summary['invariant_breaks']}**"),
    ]
    if summary["failed_seeds"]:
        rows.append(("failed seeds", ", ".join(map(str, summary["failed_seeds"]))))
    return "\n".join(["| | |", "|---|---|"] + [f"| {k} | {v} |" for k, v in rows])


if __name__ == "__main__":
    sys.exit(main())
