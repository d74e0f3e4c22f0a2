"""Many seeded bot games of the Triwizard Maze: who wins, how long games last.

>>> r = play_game(seed=1, bots=("heuristic", "heuristic"))
>>> r["reason"] == "triwizard_cup", r["winner"] in ("harry", "cedric"), r["rounds"] >= 1
(True, True, True)
"""
from __future__ import annotations

import statistics
from collections import Counter

from . import api
from .bots import make_bot

#: A safety bound on a simulated game (turns); heuristic games end long before it.
MAX_TURNS = 5_000


def play_game(seed, bots=("heuristic",) * 4, max_turns=MAX_TURNS):
    """One game, one bot per seat (the seats take the default champion ids); a result row."""
    state = api.new_game(len(bots), seed, {"max_turns": max_turns})
    chooser = {pid: make_bot(b, seed=seed * 31 + i) for i, (pid, b) in
               enumerate(zip(state.order, bots))}
    counter = 0
    while not state.is_over:
        state = api.apply(state, chooser[state.pending.player](state, counter))
        counter += 1
    first = next(e.data["player"] for e in state.log if e.name == "first_player")
    winner = state.winner
    return {"seed": seed, "bots": list(bots), "players": list(state.order),
            "winner": winner, "winner_bot": bots[state.order.index(winner)] if winner else None,
            "reason": state.outcome.reason, "turns": state.turn,
            "rounds": -(-state.turn // len(bots)), "first_player": first,
            "decisions": counter}


def run_games(games, seed=0, bots=("heuristic",) * 4, max_turns=MAX_TURNS):
    """``games`` games with seeds ``seed`` .. ``seed + games - 1``."""
    return [play_game(seed + i, bots, max_turns) for i in range(games)]


def summarize(results):
    """Win counts and rates by seat and by bot, endings, and the game-length distribution."""
    n = len(results)
    by_seat = Counter(r["winner"] for r in results if r["winner"])
    by_bot = Counter(r["winner_bot"] for r in results if r["winner_bot"])
    rounds = sorted(r["rounds"] for r in results)
    q = statistics.quantiles(rounds, n=4) if len(rounds) > 1 else [rounds[0]] * 3
    return {"games": n,
            "wins_by_seat": dict(sorted(by_seat.items())),
            "wins_by_bot": dict(sorted(by_bot.items())),
            "win_rate_by_seat": {k: v / n for k, v in sorted(by_seat.items())},
            "endings": dict(Counter(r["reason"] for r in results)),
            "rounds_min": rounds[0], "rounds_q1": q[0], "rounds_median": statistics.median(rounds),
            "rounds_q3": q[2], "rounds_max": rounds[-1],
            "won_on_first_turn": sum(1 for r in results if r["winner"] and r["turns"] == 1),
            "won_in_first_round": sum(1 for r in results if r["winner"] and r["rounds"] == 1)}
