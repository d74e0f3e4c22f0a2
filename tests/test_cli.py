"""The command line (DESIGN.md section 6)."""
import _thread
import json
import threading
import warnings

from click.testing import CliRunner

from talisman import simulate
from talisman.cli import main


def test_play_narrates_a_whole_bot_game_and_saves_a_record_that_replays(tmp_path):
    runner = CliRunner()
    rec = tmp_path / "game.json"
    r = runner.invoke(main, ["play", "--seed", "3", "--save", str(rec)])
    assert r.exit_code == 0, r.output
    assert "Round 1, turn 1: Warrior" in r.output and "rolls" in r.output
    assert "the game ends" in r.output or "wins" in r.output or "lost" in r.output
    again = runner.invoke(main, ["play", "--seed", "3"])
    assert r.output.startswith(again.output)  # the same seed narrates the same game
    record = json.loads(rec.read_text())
    assert record["seed"] == 3 and record["actions"]
    rp = runner.invoke(main, ["replay", str(rec)])
    assert rp.exit_code == 0 and f"Replayed {len(record['actions'])} actions" in rp.output


def test_replay_reports_the_first_divergence(tmp_path):
    rec = tmp_path / "bad.json"
    rec.write_text(json.dumps({"characters": ["warrior"], "seed": 0,
                               "actions": ["move:crown_of_command"]}))
    r = CliRunner().invoke(main, ["replay", str(rec)])
    assert r.exit_code != 0 and "record diverges at action 1" in r.output


def test_a_person_can_play_a_seat_by_numbered_options():
    r = CliRunner().invoke(main, ["play", "--characters", "warrior", "--seat", "1=human",
                                  "--option", "max_rounds=2"], input="1\n1\n1\n1\n1\n1\n")
    assert r.exit_code == 0, r.output
    assert "warrior: move" in r.output and "  1. move:" in r.output


def test_bad_arguments_are_clear_errors():
    r = CliRunner().invoke(main, ["play", "--characters", "gandalf"])
    assert r.exit_code != 0 and "unknown character 'gandalf'" in r.output
    r = CliRunner().invoke(main, ["play", "--seat", "9=human"])
    assert r.exit_code != 0 and "N from 1 to 4" in r.output


def test_cards_lists_matching_definitions():
    r = CliRunner().invoke(main, ["cards", "troll"])
    assert r.exit_code == 0 and "Troll" in r.output and "Strength 6" in r.output


def test_simulate_prints_an_ending_table():
    r = CliRunner().invoke(main, ["simulate", "--games", "4", "--jobs", "1"])
    assert r.exit_code == 0 and ("round_limit" in r.output or "last_survivor" in r.output)


def test_simulate_results_are_identical_for_any_job_count(tmp_path):
    from talisman.simulate import run_games
    one = run_games(6, 1, 10, ("warrior", "troll"), {"max_rounds": 40})
    two = run_games(6, 2, 10, ("warrior", "troll"), {"max_rounds": 40})
    assert one == two and [r["seed"] for r in one] == list(range(10, 16))


def test_simulate_writes_every_result_and_a_win_rate_table(tmp_path):
    out = tmp_path / "games.jsonl"
    r = CliRunner().invoke(main, ["simulate", "--games", "5", "--characters", "warrior,troll",
                                  "--option", "max_rounds=40", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "win rate" in r.output and "95% interval" in r.output and "median game length" in r.output
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [row["seed"] for row in rows] == [0, 1, 2, 3, 4]
    csv_out = tmp_path / "games.csv"
    CliRunner().invoke(main, ["simulate", "--games", "3", "--characters", "warrior,troll",
                              "--option", "max_rounds=40", "--out", str(csv_out)])
    assert csv_out.read_text().splitlines()[0].startswith("seed,reason,winner")


def test_the_heuristic_bot_beats_the_random_bot_in_a_seeded_match():
    """The same seat with the heuristic bot wins far more often than with the random bot."""
    from talisman.simulate import run_games, summarize
    chars = ("warrior", "wizard", "troll", "elf")
    smart = summarize(run_games(24, 2, 100, chars, {"max_rounds": 200},
                                ("heuristic", "random", "random", "random")))
    plain = summarize(run_games(24, 2, 100, chars, {"max_rounds": 200}))
    rate = {r["character"]: r["rate"] for r in smart["rates"]}["warrior"]
    base = {r["character"]: r["rate"] for r in plain["rates"]}["warrior"]
    assert rate >= base + 0.2, (rate, base)


def test_workers_fork_only_when_the_system_counts_one_thread():
    """fork() of a multi-threaded process can deadlock the child (CPython 3.12 warns of it,
    counting the threads as the system does): a thread outside :mod:`threading`, which
    ``threading.active_count()`` does not see, sends the workers to the fork server."""
    go, started = _thread.allocate_lock(), _thread.allocate_lock()
    go.acquire()
    started.acquire()

    def wait():
        started.release()
        go.acquire()

    _thread.start_new_thread(wait, ())  # a thread threading does not know of (as a C library's)
    started.acquire()
    try:
        assert threading.active_count() == 1 and simulate.os_threads() >= 2  # (unseen by threading)
        assert simulate.worker_context().get_start_method() == "forkserver"
    finally:
        go.release()


def test_a_pool_run_just_after_another_forks_no_multi_threaded_process():
    """The CLI's simulate runs pools back to back in one process: the first pool's threads,
    joined by Python, still exit at the system level when the second forks; the second waits
    for them (else: "This process is multi-threaded, use of fork() may lead to deadlocks")."""
    # what this process gets with no pool just run (a thread of another test may live on)
    before = simulate.worker_context().get_start_method()
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        for _ in range(3):
            assert simulate.run_tasks(abs, [-1, -2, -3], 2) == [1, 2, 3]
            # the first pool's exiting threads are waited for: the next pool forks, alone
            assert simulate.worker_context().get_start_method() == before


def test_bad_simulate_arguments_are_clear_errors():
    r = CliRunner().invoke(main, ["simulate", "--bots", "genius"])
    assert r.exit_code != 0 and "give one bot" in r.output
    r = CliRunner().invoke(main, ["simulate", "--games", "0"])
    assert r.exit_code != 0


def test_replay_step_walks_turn_by_turn(tmp_path):
    rec = tmp_path / "game.json"
    CliRunner().invoke(main, ["play", "--seed", "2", "--characters", "warrior,troll",
                              "--option", "max_rounds=2", "--save", str(rec)])
    r = CliRunner().invoke(main, ["replay", "--step", str(rec)], input="\n" * 10)
    assert r.exit_code == 0 and r.output.count("-- next turn --") == 3


def test_the_dask_backend_plays_the_same_games_as_the_local_one():
    """simulate --backend dask runs the games on a local Dask cluster: the results are equal."""
    from talisman.simulate import run_games
    local = run_games(4, 1, 20, ("warrior", "troll"), {"max_rounds": 30})
    dask = run_games(4, 2, 20, ("warrior", "troll"), {"max_rounds": 30}, backend="dask")
    assert dask == local
