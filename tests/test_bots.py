"""Bots and whole games: the heuristic bot reaches the Crown of Command; whole seeded games
finish (THE CROWN OF COMMAND SPACE; WINNING THE GAME)."""
import talisman
from talisman.bots import HeuristicBot, RandomBot
from talisman.simulate import play_one


def bot_game(seed, bot=HeuristicBot, characters=("warrior", "wizard", "troll", "elf"), rounds=200):
    s = talisman.new_game(characters, seed=seed, options={"max_rounds": rounds})
    bots = {c: bot(seed * 1000 + i) for i, c in enumerate(characters)}
    while not s.is_over:
        s = talisman.apply(s, bots[s.pending.player].choose(s))
    return s


def readme_crown_seed():
    """The seed the README gives for a game that reaches the Crown of Command."""
    import re
    from pathlib import Path
    text = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    return int(re.search(r"`talisman play --seed (\d+)` narrates a game in which", text).group(1))


def test_a_seeded_heuristic_bot_game_reaches_the_crown_and_ends_with_a_winner():
    # the README's seed: a rule change that changes this game must update the README too
    s = bot_game(readme_crown_seed())
    reached = [e.data["character"] for e in s.log if e.name == "crown_reached"]
    assert reached, "no one reached the Crown of Command"
    assert any(e.name == "command_spell" for e in s.log)
    assert s.is_over and s.winner == reached[0]


def test_whole_random_games_finish_or_report_the_round_cap():
    reasons = set()
    for seed in range(12):
        s = bot_game(seed, bot=RandomBot, rounds=60)
        assert s.outcome.reason in ("last_survivor", "round_limit", "all_dead")
        if s.outcome.reason == "round_limit":
            assert s.round == 61 or any(e.name == "round_limit" for e in s.log)
        reasons.add(s.outcome.reason)
    assert "last_survivor" in reasons


def test_simulation_results_are_deterministic():
    a = play_one((5, ("warrior", "troll"), {"max_rounds": 30}))
    b = play_one((5, ("warrior", "troll"), {"max_rounds": 30}))
    assert a == b and a["steps"] > 0


def test_the_heuristic_bot_reads_exact_odds():
    """win_odds agrees with a hand count: Strength 4 with a D6 against a Strength 3 animal wins
    21 times in 36."""
    from fractions import Fraction
    import attrs
    from talisman.bots import win_odds
    from talisman.engine.records import deep_freeze
    s = talisman.new_game(["thief"], seed=0)
    s = attrs.evolve(s, battle=deep_freeze({"who": "thief", "kind": "battle", "opponent": None,
                                            "enemies": [{"name": "bear", "card": "bear", "value": 3}],
                                            "bonus": 1, "opponent_bonus": 0}))
    assert win_odds(s) == Fraction(21, 36)
