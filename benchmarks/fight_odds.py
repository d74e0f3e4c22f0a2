"""What the heuristic bot's fight-or-evade question costs in ``simulate``, run by hand:
``python benchmarks/fight_odds.py [--games 20] [--rounds 6] [--full]``.

An A/B in one process, on the same games: the games of ``talisman simulate --games N --jobs 1
--bots heuristic`` (simulate's own ``play_one``), played in turn by

- ``asks``: the heuristic bot as it is, asking :func:`talisman.odds` at each contested fight;
- ``told``: the same bot told each answer instead (the answers the warm-up's ``asks`` games
  recorded, in order), so it plays the very same games without asking anything (checked: the
  same number of questions and of steps in every game);
- ``full`` (with ``--full``): asking with ``shortcut=False``, every outcome played through the
  rule steps (the search before the shortcut).

Each round plays every game once with each arm, the arms in turn game by game (A B C, then
C B A), timed by the process's CPU time (on a shared machine, time spent waiting for a core is
not counted); the ratio of each arm to ``told`` is taken round by round (the machine's speed
drifts, less within a round than between rounds), and its median, min and max are printed with
the ratio of all rounds' sums.  The questions' share is the time spent answering them (timed
one by one in a separate pass) over a median ``told`` round: what the ratio should be, less 1.

    PYTHONPATH=src python benchmarks/fight_odds.py --games 20 --rounds 6 --full

``--arm asks|told|full --answers FILE`` plays one arm once (``told`` reads the answers that
``--record FILE`` wrote), for timing whole processes from outside.
"""
from __future__ import annotations

import argparse
import functools
import importlib
import json
import statistics
import sys
import time
from collections import deque

from talisman import bots, simulate

odds_module = importlib.import_module("talisman.odds")  # (``talisman.odds`` is also the function)

CHARACTERS = ("warrior", "wizard", "troll", "elf")
ASKS = bots.HeuristicBot.fight_odds
ODDS = odds_module.odds
COMBAT_ODDS = odds_module.combat_odds


def tasks(games, seed=0, expansions=(), options=None):
    return simulate.tasks_for(games, seed, CHARACTERS, options or {}, ("heuristic",) * len(CHARACTERS),
                              expansions)


def play(task_list, arm, answers=None):
    """Play the games with ``arm``'s bot; return each game's steps and (``asks``, ``full``) the
    answers given, in order."""
    given = []
    queue = deque(answers or ())

    def asking(self, state, fight="fight"):
        got = ASKS(self, state, fight)
        given.append(got)
        return got

    def told(self, state, fight="fight"):
        if not queue:
            raise SystemExit("told: more questions than recorded answers (not the same games)")
        return queue.popleft()

    bots.HeuristicBot.fight_odds = told if arm == "told" else asking
    if arm == "full":  # the search before the shortcuts: no closed form, every roll played
        odds_module.odds = functools.partial(ODDS, shortcut=False)
        odds_module.combat_odds = lambda state, rerolls=None: None
    try:
        steps = [simulate.play_one(t)["steps"] for t in task_list]
    finally:
        bots.HeuristicBot.fight_odds, odds_module.odds = ASKS, ODDS
        odds_module.combat_odds = COMBAT_ODDS
    if arm == "told" and queue:
        raise SystemExit(f"told: {len(queue)} answers left over (not the same games)")
    return steps, given


def question_cost(task_list, answers_steps):
    """The questions' count and mean CPU milliseconds, timed one by one (a separate pass)."""
    spent = []
    odds_module.clear_memos()

    def timed(self, state, fight="fight"):
        t = time.process_time()
        got = ASKS(self, state, fight)
        spent.append(time.process_time() - t)
        return got

    bots.HeuristicBot.fight_odds = timed
    try:
        steps = [simulate.play_one(t)["steps"] for t in task_list]
    finally:
        bots.HeuristicBot.fight_odds = ASKS
    assert steps == answers_steps
    return len(spent), 1000 * sum(spent) / max(1, len(spent))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--expansions", default="", help="comma-separated expansion ids")
    ap.add_argument("--options", default="{}", help="rule options as JSON ('{\"master_levels\": true}')")
    ap.add_argument("--full", action="store_true", help="also time shortcut=False")
    ap.add_argument("--arm", choices=("asks", "told", "full"), help="play one arm once")
    ap.add_argument("--answers", help="the answers file of --arm told")
    ap.add_argument("--record", help="play the asks arm once and write its answers here")
    args = ap.parse_args(argv)
    games = tasks(args.games, args.seed, tuple(e for e in args.expansions.split(",") if e),
                  json.loads(args.options))
    if args.record:
        steps, given = play(games, "asks")
        with open(args.record, "w", encoding="utf-8") as f:
            json.dump({"steps": steps, "answers": [[a.numerator, a.denominator] for a in given]}, f)
        print(f"{len(given)} answers over {sum(steps)} steps written to {args.record}")
        return
    if args.arm:
        answers = None
        if args.arm == "told":
            if not args.answers:
                ap.error("--arm told needs --answers FILE (written by --record FILE)")
            with open(args.answers, encoding="utf-8") as f:
                from fractions import Fraction  # (only this arm reads fractions back)
                answers = [Fraction(n, d) for n, d in json.load(f)["answers"]]
        play(games, args.arm, answers)
        return
    steps, answers = [], []   # the warm-up: loads the data, records each game's answers
    for game in games:
        got, given = play([game], "asks")
        steps += got
        answers.append(given)
    arms = ("asks", "told") + (("full",) if args.full else ())
    count, ms = question_cost(games, steps)
    print(f"{len(games)} games, {sum(steps)} steps, {count} questions, "
          f"{ms:.2f} ms of CPU a question (asks)")
    cpu = {arm: [0.0] * args.rounds for arm in arms}
    for r in range(args.rounds):   # game by game, each arm in turn (A B C, C B A, ...)
        odds_module.clear_memos()   # a round starts as a fresh ``simulate`` process: memos empty
        for g, game in enumerate(games):
            for arm in arms if (r + g) % 2 == 0 else reversed(arms):
                t = time.process_time()
                got, _ = play([game], arm, answers[g])
                cpu[arm][r] += time.process_time() - t
                if got != [steps[g]]:
                    raise SystemExit(f"{arm}: not the same game {g} ({got} steps, not {steps[g]})")
    told = cpu["told"]
    print(f"told: CPU seconds a round, median {statistics.median(told):.3f} "
          f"(min {min(told):.3f}, max {max(told):.3f}); the questions' share: "
          f"{count * ms / 1000 / statistics.median(told):.1%}")
    for arm in arms:
        if arm == "told":
            continue
        ratios = [a / b for a, b in zip(cpu[arm], told)]
        print(f"{arm}: CPU seconds a round, median {statistics.median(cpu[arm]):.3f}; "
              f"{arm} / told round by round: median {statistics.median(ratios):.3f} "
              f"(min {min(ratios):.3f}, max {max(ratios):.3f}); all rounds: "
              f"{sum(cpu[arm]) / sum(told):.3f}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
