"""``talisman triwizard simulate``: many seeded Triwizard Maze bot games from the command line."""
import json

from click.testing import CliRunner

from talisman.cli import main
from talisman.simulate import run_triwizard_games
from talisman.triwizard import simulate as tw_simulate

BOTS = ("heuristic", "random", "heuristic")


def _simulate(*args):
    return CliRunner().invoke(main, ["triwizard", "simulate", *args])


def test_the_rows_are_the_triwizard_games_for_any_job_count():
    """The parallel runner plays exactly talisman.triwizard.simulate's games, in seed order."""
    alone = tw_simulate.run_games(5, 7, BOTS)
    assert run_triwizard_games(5, 1, 7, BOTS) == alone
    assert run_triwizard_games(5, 2, 7, BOTS) == alone
    assert [r["seed"] for r in alone] == [7, 8, 9, 10, 11]


def test_simulate_prints_win_rates_by_seat_and_writes_the_same_file_for_any_job_count(tmp_path):
    outs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"games-{jobs}.jsonl"
        r = _simulate("--games", "5", "--jobs", jobs, "--seed", "3", "--bots", ",".join(BOTS),
                      "--out", str(out))
        assert r.exit_code == 0, r.output
        assert "Triwizard Maze: 5 games, seeds 3-7" in r.output
        assert "win rate" in r.output and "95% interval" in r.output and "game length" in r.output
        for champion in ("harry", "cedric", "fleur"):
            assert champion in r.output
        assert "viktor" not in r.output  # three seats, three champions
        outs.append(out.read_text())
    assert outs[0] == outs[1]
    rows = [json.loads(line) for line in outs[0].splitlines()]
    expected = json.loads(json.dumps(tw_simulate.run_games(5, 3, BOTS)))
    assert rows == expected
    wins = sum(1 for row in rows if row["winner"])
    table_wins = sum(int(line.split("│")[4]) for line in r.output.splitlines()
                     if line.count("│") == 7 and line.split("│")[1].strip().isdigit())
    assert table_wins == wins


def test_simulate_takes_one_bot_for_every_seat_and_writes_csv(tmp_path):
    out = tmp_path / "games.csv"
    r = _simulate("--games", "2", "--players", "2", "--bots", "heuristic", "--out", str(out))
    assert r.exit_code == 0, r.output
    lines = out.read_text().splitlines()
    assert lines[0] == ("seed,reason,winner,winner_bot,turns,rounds,first_player,decisions,"
                        "players,bots")
    assert len(lines) == 3 and lines[1].startswith("0,triwizard_cup,")
    assert lines[1].endswith(",harry cedric,heuristic heuristic")


def test_bad_triwizard_simulate_arguments_are_clear_errors(tmp_path):
    r = _simulate("--bots", "genius")
    assert r.exit_code == 2 and "give one bot, or one per seat" in r.output
    r = _simulate("--players", "3", "--bots", "random,heuristic")
    assert r.exit_code == 2 and "as many as --players" in r.output
    r = _simulate("--bots", "random,random,random,random,random")
    assert r.exit_code == 2 and "2 to 4" in r.output
    r = _simulate("--games", "0")
    assert r.exit_code == 2
    r = _simulate("--games", "1", "--out", str(tmp_path / "no" / "such.csv"))
    assert r.exit_code == 2 and "does not exist" in r.output
    assert "Traceback" not in r.output
