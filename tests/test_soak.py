"""benchmarks/soak.py (docs/reliability.md): any budget plays every expansion set, and the
summary has what the page records.  The script is loaded once, by the conftest fixture
``soak_module``."""
import json


def test_a_tiny_step_budget_still_plays_every_expansion_set(tmp_path, soak_module):
    s = soak_module
    out = tmp_path / "soak.json"
    assert s.main(["--steps", "1", "--max-rounds", "1", "--no-check", "--json", str(out)]) == 0
    summary = json.loads(out.read_text())
    assert len(s.SETS) == 2 ** len(s.IMPLEMENTED_EXPANSIONS)
    assert summary["expansion_sets"] == summary["expansion_sets_in_all"] == len(s.SETS)
    assert summary["games"] + summary["refused_configurations"] == len(s.SETS)
    assert summary["exceptions"] == summary["invariant_breaks"] == 0
    assert sum(summary["steps_by_set"].values()) == summary["steps"] > 0


def test_the_markdown_summary_is_the_table_the_page_records(capsys, soak_module):
    s = soak_module
    assert s.main(["--games", "2", "--seed", "40", "--max-rounds", "2", "--markdown"]) == 0
    table = capsys.readouterr().out
    rows = dict(line.split(" | ")[0:2] for line in (r.strip("| ") for r in table.splitlines()[2:]))
    assert set(rows) >= {"date", "machine", "command", "games", "steps", "expansion sets",
                         "invariants", "endings", "exceptions", "invariant breaks"}
    assert rows["exceptions"] == rows["invariant breaks"] == "**0**"
    assert rows["games"].startswith("2 (seeds 40 on") and rows["invariants"] == "checked after every step"
    assert "--games 2 --seed 40" in rows["command"]
