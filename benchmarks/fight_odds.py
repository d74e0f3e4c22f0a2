"""What the heuristic bot's fight-or-evade question costs in ``simulate``, run by hand:
``python benchmarks/fight_odds.py [--games 20] [--rounds 6] [--full] [--today]``.

An A/B in one process, on the same games: the games of ``talisman simulate --games N --jobs 1
--bots heuristic`` (simulate's own ``play_one``), played in turn by

- ``asks``: the heuristic bot as it is, asking :func:`talisman.odds` at each contested fight;
- ``told``: the same bot told each answer instead (the answers the warm-up's ``asks`` games
  recorded, in order), so it plays the very same games without asking anything (checked: the
  same number of questions and of steps in every game);
- ``full`` (with ``--full``): asking with ``shortcut=False``, every outcome played through the
  rule steps (the search before the shortcut);
- ``today`` (with ``--today``): the bot before it asked :func:`talisman.odds` (commit 6408c1b
  replaced it), its question answered by its own dice arithmetic (:func:`win_odds`, the code of
  that revision: the character's die against the creature's d6, no Fate re-roll, no listener):
  the issue's "today", on today's engine.  It decides otherwise, so it plays other games (the
  same seeds and characters): it is compared round by round, per step, and on the games it
  plays in as many steps as ``asks`` (most likely the same choices), not step for step.

Each round plays every game once with each arm, the arms in turn game by game (A B C, then
C B A), timed by the process's CPU time (on a shared machine, time spent waiting for a core is
not counted); the ratio of each arm to ``told`` is taken round by round (the machine's speed
drifts, less within a round than between rounds), and its median, min and max are printed with
the ratio of all rounds' sums; and game by game (each game's CPU summed over the rounds, the
ratio of those sums: the median and the quartiles over the games), which a slow moment in one
round moves less.  The questions' share is the time spent answering them (timed
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
from talisman.engine.dice import outcomes
from talisman.rules import combat

odds_module = importlib.import_module("talisman.odds")  # (``talisman.odds`` is also the function)

CHARACTERS = ("warrior", "wizard", "troll", "elf")
ASKS = bots.HeuristicBot.fight_odds
ODDS = odds_module.odds
COMBAT_ODDS = odds_module.combat_odds


def win_odds(state):
    """The bot's question before 6408c1b (its ``win_odds``, adapted to the battle record's
    attributes): the exact chance that the combat in progress is won from the dice's outcomes
    alone, the character's die against the creature's d6 (or the defender's die)."""
    b = state.battle
    who = b.who
    mine = combat.combat_total(state, who, b.kind) + b.bonus
    if b.opponent is not None:
        theirs, their_die = (combat.combat_total(state, b.opponent, b.kind) + b.opponent_bonus,
                             combat.character_die(state, b.opponent))
    else:
        theirs = (sum(e["value"] for e in b.enemies)
                  + combat.creature_bonus(state, state.characters[who].space))
        their_die = "d6"
    win = 0
    for (a,), pa in outcomes(combat.character_die(state, who)):
        for (c,), pc in outcomes(their_die):
            if a + mine > c + theirs:
                win += pa * pc
    return win


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

    def today(self, state, fight="fight"):
        return win_odds(state)

    bots.HeuristicBot.fight_odds = told if arm == "told" else today if arm == "today" else asking
    if arm == "full":  # the search before the shortcuts: no closed form, every roll played
        odds_module.odds = functools.partial(ODDS, shortcut=False)
        odds_module.combat_odds = lambda state, *args, **kwargs: None
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
    ap.add_argument("--today", action="store_true",
                    help="also time the bot before it asked (its dice arithmetic: other games)")
    ap.add_argument("--arm", choices=("asks", "told", "full", "today"), help="play one arm once")
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
    arms = ("asks", "told") + (("full",) if args.full else ()) + (("today",) if args.today else ())
    count, ms = question_cost(games, steps)
    print(f"{len(games)} games, {sum(steps)} steps, {count} questions, "
          f"{ms:.2f} ms of CPU a question (asks)")
    cpu = {arm: [0.0] * args.rounds for arm in arms}
    per_game = {arm: [0.0] * len(games) for arm in arms}
    today_steps = [0] * len(games)
    for r in range(args.rounds):   # game by game, each arm in turn (A B C, C B A, ...)
        odds_module.clear_memos()   # a round starts as a fresh ``simulate`` process: memos empty
        for g, game in enumerate(games):
            for arm in arms if (r + g) % 2 == 0 else reversed(arms):
                t = time.process_time()
                got, _ = play([game], arm, answers[g])
                spent = time.process_time() - t
                cpu[arm][r] += spent
                per_game[arm][g] += spent
                if arm == "today":   # (other choices, other games: the same every round)
                    if today_steps[g] not in (0, got[0]):
                        raise SystemExit(f"today: game {g} not the same from round to round")
                    today_steps[g] = got[0]
                elif got != [steps[g]]:
                    raise SystemExit(f"{arm}: not the same game {g} ({got} steps, not {steps[g]})")
    told = cpu["told"]
    print(f"told: CPU seconds a round, median {statistics.median(told):.3f} "
          f"(min {min(told):.3f}, max {max(told):.3f}); the questions' share: "
          f"{count * ms / 1000 / statistics.median(told):.1%}")
    pairs = [(arm, "told") for arm in arms if arm not in ("told", "today")]
    if "today" in arms:
        print(f"today: {sum(today_steps)} steps in the same {len(games)} games' seeds "
              f"(asks and told: {sum(steps)})")
        pairs += [("asks", "today"), ("told", "today")]
    for arm, base in pairs:
        ratios = [a / b for a, b in zip(cpu[arm], cpu[base])]
        by_game = sorted(a / b for a, b in zip(per_game[arm], per_game[base]))
        q1, _, q3 = statistics.quantiles(by_game, n=4) if len(by_game) > 1 else by_game * 3
        print(f"{arm} / {base}: CPU seconds a round, median {statistics.median(cpu[arm]):.3f} and "
              f"{statistics.median(cpu[base]):.3f}; round by round: median {statistics.median(ratios):.3f} "
              f"(min {min(ratios):.3f}, max {max(ratios):.3f}); all rounds: "
              f"{sum(cpu[arm]) / sum(cpu[base]):.3f}; game by game: median {statistics.median(by_game):.3f} "
              f"(quartiles {q1:.3f}-{q3:.3f})")
        if base == "today":
            per_step = (sum(cpu[arm]) / sum(steps)) / (sum(cpu[base]) / sum(today_steps))
            # (the games where today plays as many steps: most likely the same choices)
            same = [g for g in range(len(games)) if today_steps[g] == steps[g]]
            alike = (sum(per_game[arm][g] for g in same) / sum(per_game[base][g] for g in same)
                     if same else float("nan"))
            print(f"  {arm} / {base} per step (CPU a step, all rounds): {per_step:.3f}; "
                  f"on the {len(same)} games of as many steps: {alike:.3f}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
