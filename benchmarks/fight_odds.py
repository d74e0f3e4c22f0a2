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

``--abba`` (the measure that resolves a few percent, odds14): the arms ``asks``, ``today`` and
``told`` and a second copy of ``asks`` and of ``today`` (``asks'``, ``today'``: the A/A pairs,
an arm against itself) are timed game by game in turn (the order reversed from one game to the
next and from one round to the next: A B C, then C B A), each game at its best CPU time over the
rounds, as ``benchmarks/ab.py`` does (this machine's speed drifts by 20-50% within seconds: a
game's best time is the engine's, a round's sum is the machine's too); each arm keeps its own
memos, emptied at each round's start (a fresh ``simulate`` process each round) or, with
``--memos game``, before each game.  Printed: each
pair's ratio of the sums of the games' best times and per step (``today`` plays other games),
with the A/A pairs' ratios beside them (the resolution).  Then the component (``--component``
alone plays only it): the bot's decision at each recorded fight-or-evade state, ``bot.choose``
and the driver's ``apply`` of its choice (what ``simulate`` does there), ``asks`` against
``today`` (and their A/A copies), state by state in turn, each at its best time over the
rounds (``--repeat`` times within each timing); the difference times the number of questions
over the games' time is the questions' share of ``simulate`` above today's.

    PYTHONPATH=src python benchmarks/fight_odds.py --abba --games 12 --rounds 10

``--arm asks|told|full|today|today_told --answers FILE`` plays one arm once (``told`` reads the
answers that ``--record FILE`` wrote), for timing whole processes from outside, and prints its
steps.  ``today_told`` (odds17) asks today's question (:func:`win_odds`) at each fight and
plays the recorded answer: the bot before it asked, on the very games of ``asks`` (the two
compare step for step, where ``today`` plays other games).  ``--warmup`` plays game ``--seed
1000`` with ``today`` first: a run with ``--games 0 --warmup`` is what a run with games and
``--warmup`` costs besides its games, so that instruction counts (``valgrind --tool=callgrind``,
odds17 in docs/odds.md) can be taken of the games alone:

    PYTHONPATH=src valgrind --tool=callgrind --callgrind-out-file=OUT python benchmarks/fight_odds.py --arm asks --games 6 --warmup
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

from talisman import api, bots, simulate
from talisman.engine.dice import outcomes
from talisman.rules import combat

odds_module = importlib.import_module("talisman.odds")  # (``talisman.odds`` is also the function)

CHARACTERS = ("warrior", "wizard", "troll", "elf")
ASKS = bots.HeuristicBot.fight_odds
ODDS = odds_module.odds
COMBAT_ODDS = odds_module.combat_odds
ASKS2, TODAY2 = "asks'", "today'"   # (the A/A copies: the same arm again)


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

    def asking(self, state, fight="fight", **how):
        got = ASKS(self, state, fight, **how)
        given.append(got)
        return got

    def told(self, state, fight="fight", **how):
        if not queue:
            raise SystemExit("told: more questions than recorded answers (not the same games)")
        return queue.popleft()

    def today(self, state, fight="fight", **how):
        return win_odds(state)

    def today_told(self, state, fight="fight", **how):
        win_odds(state)   # (today's question asked, its answer not used: the same games as asks)
        return told(self, state, fight, **how)

    bots.HeuristicBot.fight_odds = {"told": told, "today": today, "today_told": today_told}.get(arm, asking)
    if arm == "full":  # the search before the shortcuts: no closed form, every roll played
        odds_module.odds = functools.partial(ODDS, shortcut=False)
        odds_module.combat_odds = lambda state, *args, **kwargs: None
    try:
        steps = [simulate.play_one(t)["steps"] for t in task_list]
    finally:
        bots.HeuristicBot.fight_odds, odds_module.odds = ASKS, ODDS
        odds_module.combat_odds = COMBAT_ODDS
    if arm in ("told", "today_told") and queue:
        raise SystemExit(f"told: {len(queue)} answers left over (not the same games)")
    return steps, given


def question_cost(task_list, answers_steps):
    """The questions' count and mean CPU milliseconds, timed one by one (a separate pass)."""
    spent = []
    odds_module.clear_memos()

    def timed(self, state, fight="fight", **how):
        t = time.process_time()
        got = ASKS(self, state, fight, **how)
        spent.append(time.process_time() - t)
        return got

    bots.HeuristicBot.fight_odds = timed
    try:
        steps = [simulate.play_one(t)["steps"] for t in task_list]
    finally:
        bots.HeuristicBot.fight_odds = ASKS
    assert steps == answers_steps
    return len(spent), 1000 * sum(spent) / max(1, len(spent))


#: The process-wide memos of :mod:`talisman.odds` (those ``clear_memos`` empties), swapped per
#: arm by ``--abba`` so that each arm keeps its own (checked against ``clear_memos``' code).
MEMOS = ("_BY_SCORES", "_ROUNDS", "_FACES")


def own_memos(arms):
    """``arm -> a fresh set of the odds memos`` (:data:`MEMOS`)."""
    if set(odds_module.clear_memos.__code__.co_names) - {"clear"} != set(MEMOS):
        raise SystemExit(f"talisman.odds.clear_memos empties other memos than {MEMOS}: update MEMOS")
    return {arm: {name: type(getattr(odds_module, name))() for name in MEMOS} for arm in arms}


def abba(task_list, arms, rounds, answers, memos="round"):
    """Each game played by each arm once a round, the arms in turn game by game (the order
    reversed from one game to the next and one round to the next); each arm keeps its own memos
    (:data:`MEMOS`), emptied at each round's start (``memos="round"``: a fresh ``simulate``
    process playing these games) or before each game (``"game"``: each game a fresh process's
    first, no answer remembered from another game); return ``arm -> (each game's CPU seconds
    over the rounds, each game's steps)``.  An arm named with a trailing ``'`` is the arm again
    (an A/A pair)."""
    times = {arm: [[] for _ in task_list] for arm in arms}
    steps = {arm: [None] * len(task_list) for arm in arms}
    for r in range(rounds):
        own = own_memos(arms)
        for g, game in enumerate(task_list):
            if memos == "game":
                own = own_memos(arms)
            for arm in arms if (r + g) % 2 == 0 else arms[::-1]:
                for name, memo in own[arm].items():
                    setattr(odds_module, name, memo)
                t = time.process_time()
                got, _ = play([game], arm.rstrip("'"), answers[g])
                times[arm][g].append(time.process_time() - t)
                if steps[arm][g] not in (None, got[0]):
                    raise SystemExit(f"{arm}: game {g} not the same from round to round")
                steps[arm][g] = got[0]
    return {arm: (times[arm], steps[arm]) for arm in arms}


def best(record):
    """The sum of the games' best times (``abba``'s record of an arm)."""
    return sum(min(t) for t in record[0])


def recorded_states(task_list):
    """The (bot, state, fight action) of every question the bot asking asks in the games."""
    got = []

    def asking(self, state, fight="fight", **how):
        got.append((self, state, fight))
        return ASKS(self, state, fight, **how)

    bots.HeuristicBot.fight_odds = asking
    try:
        for t in task_list:
            simulate.play_one(t)
    finally:
        bots.HeuristicBot.fight_odds = ASKS
    return got


def component(questions, arms, rounds):
    """The bot's decision at each recorded question's state, as ``simulate`` makes it: its
    ``choose`` and the ``apply`` of its choice, timed (CPU) for each arm (``asks``, ``today``;
    ``'``: the arm again) state by state in turn (the order reversed from one state to the next
    and one round to the next); memos emptied before each (cold: an upper bound of the
    question's cost in a game) and then the same again at once (warm: every answer
    remembered, a lower bound).  Return ``arm -> (each state's best cold, best warm time, the
    action chosen there)``."""
    today = lambda self, state, fight="fight", **how: win_odds(state)  # noqa: E731 (the old question)
    cold = {arm: [[] for _ in questions] for arm in arms}
    warm = {arm: [[] for _ in questions] for arm in arms}
    chosen = {arm: [None] * len(questions) for arm in arms}
    try:
        for r in range(rounds):
            for q, (bot, state, _) in enumerate(questions):
                for arm in arms if (r + q) % 2 == 0 else arms[::-1]:
                    bots.HeuristicBot.fight_odds = today if arm.startswith("today") else ASKS
                    odds_module.clear_memos()
                    for spent in (cold, warm):
                        t = time.process_time()
                        choice = bot.choose(state)
                        api.apply(state, choice)
                        spent[arm][q].append(time.process_time() - t)
                    chosen[arm][q] = str(choice)
    finally:
        bots.HeuristicBot.fight_odds = ASKS
    return {arm: ([min(t) for t in cold[arm]], [min(t) for t in warm[arm]], chosen[arm]) for arm in arms}


def report_abba(task_list, rounds, answers, steps, memos="round"):
    """``--abba``: the whole games' ratios, each game at its best time, with their A/A pairs."""
    arms = ("asks", "today", "told", ASKS2, TODAY2)
    got = abba(task_list, arms, rounds, answers, memos)
    if got["asks"][1] != steps or got["told"][1] != steps:
        raise SystemExit("asks or told: not the same games as the warm-up's")
    n_today = sum(got["today"][1])
    sec = {arm: best(got[arm]) for arm in arms}
    print(f"abba: {len(task_list)} games x {rounds} rounds, memos emptied each {memos}; steps asks {sum(steps)}, today {n_today}; "
          f"the sums of the games' best CPU seconds: "
          + ", ".join(f"{arm} {sec[arm]:.3f}" for arm in arms))
    per_step = (sec["asks"] / sum(steps)) / (sec["today"] / n_today)
    same = [g for g in range(len(task_list)) if got["today"][1][g] == steps[g]]
    alike = (sum(min(got["asks"][0][g]) for g in same) / sum(min(got["today"][0][g]) for g in same)
             if same else float("nan"))
    print(f"abba: asks / today {sec['asks'] / sec['today']:.3f}, per step {per_step:.3f}, "
          f"on the {len(same)} games of as many steps {alike:.3f}; asks / told "
          f"{sec['asks'] / sec['told']:.3f}; told / today per step "
          f"{(sec['told'] / sum(steps)) / (sec['today'] / n_today):.3f}; "
          f"A/A: asks / asks' {sec['asks'] / sec[ASKS2]:.3f}, "
          f"today / today' {sec['today'] / sec[TODAY2]:.3f}")
    return sec["told"]


def report_component(questions, rounds, told_seconds=None):
    """``--component``: the decision at the questions' states, asks against today."""
    arms = ("asks", "today", ASKS2, TODAY2)
    got = component(questions, arms, rounds)
    n = len(questions)
    alike = [q for q in range(n) if got["asks"][2][q] == got["today"][2][q]]
    for i, how in enumerate(("cold", "warm")):   # (on the states where both choose alike)
        ms = {arm: 1000 * sum(got[arm][i][q] for q in alike) / max(1, len(alike)) for arm in arms}
        print(f"component ({how}), the {len(alike)} of {n} states where asks and today choose alike: "
              f"ms a decision, asks {ms['asks']:.4f}, today {ms['today']:.4f}, asks / today "
              f"{ms['asks'] / ms['today']:.3f}, A/A {ms['asks'] / ms[ASKS2]:.3f} and {ms['today'] / ms[TODAY2]:.3f}")
    for i, how in enumerate(("cold", "warm")):
        ms = {arm: 1000 * sum(got[arm][i]) / n for arm in arms}
        extra = (ms["asks"] - ms["today"]) * len(questions) / 1000
        share = (f"; (asks - today) x {len(questions)} questions over told's games: "
                 f"{extra / told_seconds:.2%}" if told_seconds else "")
        print(f"component ({how}): ms a decision, best of {rounds}: "
              + ", ".join(f"{arm} {ms[arm]:.4f}" for arm in arms)
              + f"; asks / today {ms['asks'] / ms['today']:.3f}, A/A asks / asks' "
              f"{ms['asks'] / ms[ASKS2]:.3f}, today / today' {ms['today'] / ms[TODAY2]:.3f}"
              + share)


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
    ap.add_argument("--arm", choices=("asks", "told", "full", "today", "today_told"),
                    help="play one arm once")
    ap.add_argument("--answers", help="the answers file of --arm told and today_told")
    ap.add_argument("--warmup", action="store_true",
                    help="--arm: play game --seed 1000 with today's bot first (imports, data, memos)")
    ap.add_argument("--record", help="play the asks arm once and write its answers here")
    ap.add_argument("--abba", action="store_true",
                    help="game by game in turn, each game at its best time, with A/A pairs (then --component)")
    ap.add_argument("--component", action="store_true",
                    help="only the decision at the recorded fight-or-evade states, asks against today")
    ap.add_argument("--memos", choices=("round", "game"), default="round",
                    help="--abba: each arm's memos emptied at each round's start or before each game")
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
        if args.arm in ("told", "today_told"):
            if not args.answers:
                ap.error(f"--arm {args.arm} needs --answers FILE (written by --record FILE)")
            with open(args.answers, encoding="utf-8") as f:
                from fractions import Fraction  # (only these arms read fractions back)
                answers = [Fraction(n, d) for n, d in json.load(f)["answers"]]
        if args.warmup:
            play(tasks(1, 1000, tuple(e for e in args.expansions.split(",") if e),
                       json.loads(args.options)), "today")
        steps, _ = play(games, args.arm, answers) if games else ([], [])
        print(f"steps {sum(steps)}")
        return
    steps, answers = [], []   # the warm-up: loads the data, records each game's answers
    for game in games:
        got, given = play([game], "asks")
        steps += got
        answers.append(given)
    if args.component and not args.abba:
        report_component(recorded_states(games), args.rounds)
        return
    if args.abba:
        told = report_abba(games, args.rounds, answers, steps, args.memos)
        report_component(recorded_states(games), args.rounds, told)
        return
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
