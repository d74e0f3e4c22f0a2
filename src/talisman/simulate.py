"""Many seeded bot games, in parallel processes; the results do not depend on the job count.

Each game is a pure function of its seed, its characters, its options and its bots, so a game
played in any process gives the same result; results are returned in seed order.  Talisman's
games are :func:`run_games`; the Triwizard Maze's, :func:`run_triwizard_games` (the games of
:mod:`talisman.triwizard.simulate`, on the same processes).
"""
from __future__ import annotations

import csv
import json
import concurrent.futures  # (its ProcessPoolExecutor, and multiprocessing, load on first use)
import math
import multiprocessing
import os
import threading
import random
import time

from . import api
from .bots import BOTS
from .definitions import character_pool, load
from .errors import TalismanError
from .triwizard import simulate as triwizard_simulate

#: The columns of a Talisman game's row in a CSV file (``write_results``).
FIELDS = ("seed", "reason", "winner", "rounds", "steps", "characters", "bots", "boards")
#: The name of the main board's spaces in ``boards`` (every other space is on the board of the
#: expansion whose board data holds it: ``Board.origin``).
MAIN_BOARD = "main"


def board_of(space):
    """The board a space is on: the expansion whose board data holds it, else the main board.

    >>> board_of("tavern")
    'main'
    """
    return load().board.origin.get(space, MAIN_BOARD)


def _onto(seen, entries, before, after):
    """Count each character's arrival on a board other than the one it stood on (``before``,
    ``after``: character -> board)."""
    for c, b in after.items():
        seen.add(b)
        if before.get(c, b) != b:
            entries[b] = entries.get(b, 0) + 1
#: The columns of a Triwizard Maze game's row in a CSV file.
TRIWIZARD_FIELDS = ("seed", "reason", "winner", "winner_bot", "turns", "rounds", "first_player",
                    "decisions", "players", "bots")


def play_one(args):
    """One whole seeded game: its ending, winner, length and each seat's bot."""
    seed, characters, options, *rest = args
    bots_by_seat = rest[0] if rest else ("random",) * len(characters)
    expansions = rest[1] if len(rest) > 1 else ()
    state = api.new_game(characters, expansions, seed, options)
    bots = {c: BOTS[b](seed * 1000 + i) for i, (c, b) in enumerate(zip(characters, bots_by_seat))}
    steps = 0
    seen, entries = set(), {}
    where = _boards(state)
    _onto(seen, entries, where, where)
    while not state.is_over:
        state = api.apply(state, bots[state.pending.player].choose(state))
        steps += 1
        now = _boards(state)
        _onto(seen, entries, where, now)
        where = {**where, **now}
    return {"seed": seed, "reason": state.outcome.reason, "winner": state.winner,
            "winners": list(state.outcome.winners), "rounds": state.round, "steps": steps,
            "characters": list(characters), "bots": list(bots_by_seat),
            "boards": sorted(seen), "entries": dict(sorted(entries.items()))}


def _boards(state):
    """The board each living character stands on, after a decision (the states between the
    decisions: a character who passes a board within one decision is not counted there)."""
    return {c: board_of(ch.space) for c, ch in state.characters.items() if ch.alive}


def dealt(seed, deal, options, expansions=()):
    """The ``deal`` characters of game ``seed`` when each game deals its own from the pool (the
    rule option ``character_pool``): a pure function of the seed, in seating order.

    >>> dealt(7, 3, {"character_pool": "compendium"}) == dealt(7, 3, {"character_pool": "compendium"})
    True
    """
    pool = character_pool(load(), options.get("character_pool", "base"), expansions)
    if not 1 <= deal <= len(pool):
        raise TalismanError(f"cannot deal {deal} characters from a pool of {len(pool)}")
    return tuple(random.Random(f"deal:{seed}").sample(pool, deal))


def tasks_for(games, seed, characters, options, bots=None, expansions=(), deal=None):
    """The games' tasks: the same ``characters`` in every game, or (``deal``: a number of
    seats) each game's own characters dealt from the pool (:func:`dealt`)."""
    seats = deal or len(characters)
    bots = tuple(bots or ("random",) * seats)
    return [(seed + i, dealt(seed + i, deal, options, expansions) if deal else tuple(characters),
             dict(options), bots, tuple(expansions)) for i in range(games)]


def run_games(games, jobs, seed, characters, options, bots=None, expansions=(), progress=None,
              backend="local", address=None, deal=None):
    """Play ``games`` seeded games on ``jobs`` processes (``backend="local"``) or on a Dask
    cluster (``backend="dask"``: the scheduler at ``address``, or a local cluster of ``jobs``
    workers); ``progress(n)`` is called as games finish.  Results come back in seed order.
    ``deal``: each game deals that many characters from the pool (``character_pool``)."""
    tasks = tasks_for(games, seed, characters, options, bots, expansions, deal)
    if backend == "dask":
        return run_on_dask(tasks, jobs, address, progress)
    return run_tasks(play_one, tasks, jobs, progress)


def run_tasks(play, tasks, jobs, progress=None):
    """``play(task)`` for every task, on ``jobs`` local processes (in this one when ``jobs`` is
    1); ``progress(n)`` is called as games finish.  The results come back in task order."""
    out = []
    if jobs <= 1:
        for t in tasks:
            out.append(play(t))
            if progress:
                progress(1)
        return out
    with concurrent.futures.ProcessPoolExecutor(max_workers=jobs, mp_context=worker_context()) as pool:
        for r in pool.map(play, tasks, chunksize=max(1, len(tasks) // (jobs * 8))):
            out.append(r)
            if progress:
                progress(1)
    return out


def worker_context():
    """The way worker processes start.  A process that runs no other thread forks them (fast:
    they inherit the loaded data; a script needs no ``if __name__ == "__main__"`` guard).  One
    that runs threads (a test runner, a notebook, a Dask client) starts them from a fork
    server where the system has one, else by spawning: ``fork()`` of a multi-threaded process
    can deadlock the child, and CPython 3.12 warns of it.

    The threads are counted as the system counts them (:func:`os_threads`), as CPython's
    warning does: a thread Python has joined (the pool of a run just finished: its manager and
    its queue's feeder) still runs for a moment at the system level while it exits, and a thread
    started outside :mod:`threading` is not in :func:`threading.active_count` at all."""
    if "fork" in multiprocessing.get_all_start_methods() and threading.active_count() <= 1 \
            and _alone_soon():
        return multiprocessing.get_context("fork")
    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload([__name__])
        return ctx
    return multiprocessing.get_context("spawn")


#: How long :func:`worker_context` waits for threads that are exiting before it forks.
EXITING_THREADS_WAIT = 0.5


def os_threads():
    """The number of threads of this process as the system counts them (Linux:
    ``/proc/self/task``); :func:`threading.active_count` where the system does not tell."""
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return threading.active_count()


def _alone_soon():
    """Whether this process runs no other thread, once the threads that are exiting have
    exited (waiting at most ``EXITING_THREADS_WAIT`` seconds)."""
    end = time.monotonic() + EXITING_THREADS_WAIT
    while os_threads() > 1:
        if time.monotonic() >= end:
            return False
        time.sleep(0.001)
    return True


def play_triwizard(task):
    """One whole seeded Triwizard Maze game from a task ``(seed, bots, max_turns)``: the row of
    :func:`talisman.triwizard.simulate.play_game`."""
    seed, bots, max_turns = task
    return triwizard_simulate.play_game(seed, tuple(bots), max_turns)


def run_triwizard_games(games, jobs, seed=0, bots=("heuristic",) * 4, progress=None,
                        max_turns=triwizard_simulate.MAX_TURNS):
    """Play ``games`` seeded Triwizard Maze games (seeds ``seed`` .. ``seed + games - 1``, one
    bot name per seat) on ``jobs`` processes; the same rows as
    :func:`talisman.triwizard.simulate.run_games`, in seed order, for any job count.

    >>> rows = run_triwizard_games(2, 1, seed=5, bots=("heuristic", "heuristic"))
    >>> [r["seed"] for r in rows], rows == triwizard_simulate.run_games(2, 5, ("heuristic",) * 2)
    ([5, 6], True)
    """
    tasks = [(seed + i, tuple(bots), max_turns) for i in range(games)]
    return run_tasks(play_triwizard, tasks, jobs, progress)


def wilson(wins, n, z=1.96):
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def summarize(results, pool=()):
    """Win rate per character (and its bot) over the games it played, with confidence
    intervals; endings; lengths; the boards the games passed through (``boards``: each board's
    games with a character on it at some decision, their share of the games, and the arrivals
    onto it from another board; the main board first).  (With the same characters in every game
    each played all.)  ``pool``: the characters the games were dealt from; each one no game
    dealt still has its row, with no games and no rate (``rate`` None), so that every character
    of the pool is listed."""
    n = len(results)
    seats = {}
    for r in results:
        for c, b in zip(r["characters"], r["bots"]):
            played, wins = seats.get((c, b), (0, 0))
            seats[(c, b)] = (played + 1, wins + (c in r["winners"]))
    for c in set(pool) - {c for c, _ in seats}:
        seats[(c, "-")] = (0, 0)
    rates = []
    for (c, b), (played, wins) in sorted(seats.items()):
        lo, hi = wilson(wins, played)
        rates.append({"character": c, "bot": b, "wins": wins, "games": played,
                      "rate": wins / played if played else None, "low": lo, "high": hi})
    endings = {}
    for r in results:
        endings[r["reason"]] = endings.get(r["reason"], 0) + 1
    boards = {}
    for r in results:
        for b in r.get("boards", ()):
            games, entered = boards.get(b, (0, 0))
            boards[b] = (games + 1, entered + r.get("entries", {}).get(b, 0))
    rounds = sorted(r["rounds"] for r in results)
    median = rounds[len(rounds) // 2] if rounds else 0
    return {"rates": rates, "endings": endings, "median_rounds": median,
            "boards": [{"board": b, "games": g, "share": g / n, "entries": e}
                       for b, (g, e) in sorted(boards.items(), key=lambda kv: (kv[0] != MAIN_BOARD, kv[0]))],
            "mean_steps": sum(r["steps"] for r in results) / n if n else 0}


def write_results(results, path, fields=FIELDS):
    """Every game's result as CSV (``.csv``: the columns ``fields``, a list's items joined by
    spaces) or JSON lines (anything else: the whole rows)."""
    with open(path, "w", encoding="utf-8", newline="") as f:
        if str(path).endswith(".csv"):
            w = csv.DictWriter(f, fieldnames=list(fields))
            w.writeheader()
            for r in results:
                w.writerow({k: " ".join(r[k]) if isinstance(r[k], list) else r[k] for k in fields})
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
