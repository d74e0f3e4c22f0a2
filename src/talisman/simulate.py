"""Many seeded bot games, in parallel processes; the results do not depend on the job count."""
from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

from . import api
from .bots import RandomBot


def play_one(args):
    """One whole seeded game between random bots: its ending, winner and length."""
    seed, characters, options = args
    state = api.new_game(characters, (), seed, options)
    bots = {c: RandomBot(seed * 1000 + i) for i, c in enumerate(characters)}
    steps = 0
    while not state.is_over:
        state = api.apply(state, bots[state.pending.player].choose(state))
        steps += 1
    return {"seed": seed, "reason": state.outcome.reason, "winner": state.winner,
            "rounds": state.round, "steps": steps}


def run_games(games, jobs, seed, characters, options):
    tasks = [(seed + i, tuple(characters), dict(options)) for i in range(games)]
    if jobs <= 1:
        return [play_one(t) for t in tasks]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(play_one, tasks, chunksize=max(1, games // (jobs * 4))))
