"""Many seeded bot games, in parallel processes; the results do not depend on the job count.

Each game is a pure function of its seed, its characters, its options and its bots, so a game
played in any process gives the same result; results are returned in seed order.
"""
from __future__ import annotations

import csv
import json
import math
from concurrent.futures import ProcessPoolExecutor

from . import api
from .bots import BOTS
from .errors import TalismanError


def play_one(args):
    """One whole seeded game: its ending, winner, length and each seat's bot."""
    seed, characters, options, *rest = args
    bots_by_seat = rest[0] if rest else ("random",) * len(characters)
    expansions = rest[1] if len(rest) > 1 else ()
    state = api.new_game(characters, expansions, seed, options)
    bots = {c: BOTS[b](seed * 1000 + i) for i, (c, b) in enumerate(zip(characters, bots_by_seat))}
    steps = 0
    while not state.is_over:
        state = api.apply(state, bots[state.pending.player].choose(state))
        steps += 1
    return {"seed": seed, "reason": state.outcome.reason, "winner": state.winner,
            "winners": list(state.outcome.winners), "rounds": state.round, "steps": steps,
            "characters": list(characters), "bots": list(bots_by_seat)}


def tasks_for(games, seed, characters, options, bots=None, expansions=()):
    bots = tuple(bots or ("random",) * len(characters))
    return [(seed + i, tuple(characters), dict(options), bots, tuple(expansions)) for i in range(games)]


def run_games(games, jobs, seed, characters, options, bots=None, expansions=(), progress=None,
              backend="local", address=None):
    """Play ``games`` seeded games on ``jobs`` processes (``backend="local"``) or on a Dask
    cluster (``backend="dask"``: the scheduler at ``address``, or a local cluster of ``jobs``
    workers); ``progress(n)`` is called as games finish.  Results come back in seed order."""
    tasks = tasks_for(games, seed, characters, options, bots, expansions)
    if backend == "dask":
        return run_on_dask(tasks, jobs, address, progress)
    if jobs <= 1:
        out = []
        for t in tasks:
            out.append(play_one(t))
            if progress:
                progress(1)
        return out
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        out = []
        for r in pool.map(play_one, tasks, chunksize=max(1, games // (jobs * 8))):
            out.append(r)
            if progress:
                progress(1)
        return out


def wilson(wins, n, z=1.96):
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def summarize(results):
    """Win rate per seat (character and bot) with confidence intervals, endings, lengths."""
    n = len(results)
    seats = {}
    for r in results:
        for c, b in zip(r["characters"], r["bots"]):
            key = (c, b)
            seats.setdefault(key, 0)
            if c in r["winners"]:
                seats[key] += 1
    rates = []
    for (c, b), wins in sorted(seats.items()):
        lo, hi = wilson(wins, n)
        rates.append({"character": c, "bot": b, "wins": wins, "games": n, "rate": wins / n if n else 0,
                      "low": lo, "high": hi})
    endings = {}
    for r in results:
        endings[r["reason"]] = endings.get(r["reason"], 0) + 1
    rounds = sorted(r["rounds"] for r in results)
    median = rounds[len(rounds) // 2] if rounds else 0
    return {"rates": rates, "endings": endings, "median_rounds": median,
            "mean_steps": sum(r["steps"] for r in results) / n if n else 0}


def write_results(results, path):
    """Every game's result as CSV (``.csv``) or JSON lines (anything else)."""
    with open(path, "w", encoding="utf-8", newline="") as f:
        if str(path).endswith(".csv"):
            w = csv.DictWriter(f, fieldnames=["seed", "reason", "winner", "rounds", "steps",
                                              "characters", "bots"])
            w.writeheader()
            for r in results:
                w.writerow({**{k: r[k] for k in ("seed", "reason", "winner", "rounds", "steps")},
                            "characters": " ".join(r["characters"]), "bots": " ".join(r["bots"])})
        else:
            for r in results:
                f.write(json.dumps(r, sort_keys=True) + "\n")


def run_on_dask(tasks, jobs, address=None, progress=None):
    """The same games on Dask distributed (the optional extra ``distributed``)."""
    try:
        # reason: dask is an optional extra (talisman-engine[distributed]), and heavy to load
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise TalismanError("the dask backend needs the extra: pip install 'talisman-engine[distributed]'") from None
    cluster = None
    if address is None:
        cluster = LocalCluster(n_workers=max(1, jobs), threads_per_worker=1, processes=True,
                               dashboard_address=None)
    try:
        with Client(address or cluster) as client:
            futures = client.map(play_one, tasks, pure=True)
            if progress:
                for _ in as_completed(futures):
                    progress(1)
            return client.gather(futures)
    finally:
        if cluster is not None:
            cluster.close()
