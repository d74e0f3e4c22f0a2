"""The documentation stays true: the rules-coverage map's statuses, test references and summary."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COVERAGE = ROOT / "docs" / "rules-coverage.md"
STATUSES = {"done", "partial", "not yet", "—"}


def rows():
    current = None
    for line in COVERAGE.read_text().splitlines():
        if line.startswith("## ") and line[3:6].isdigit():
            current = line[3:6]
        elif line.startswith("## "):
            current = None
        if current and line.startswith("| ") and not line.startswith("| section") \
                and not line.startswith("|---"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            yield current, cells


def counts():
    out = {}
    for f, cells in rows():
        c = out.setdefault(f, {"rows": 0, "done": 0, "partial": 0, "not yet": 0, "—": 0, "run-in": 0})
        c["rows"] += 1
        c[cells[2]] += 1
        c["run-in"] += cells[5].startswith("run-in")
    return out


def test_every_row_has_a_known_status_and_done_rows_name_tests_that_exist():
    n = 0
    for f, cells in rows():
        n += 1
        assert cells[2] in STATUSES, cells
        if cells[2] in ("done", "partial"):
            assert cells[4] not in ("", "—"), f"{f} {cells[0]}: {cells[2]} without tests"
            for ref in re.findall(r"`(tests/[^`]+)`", cells[4]):
                assert (ROOT / ref).exists(), f"{f} {cells[0]}: {ref} does not exist"
    assert n > 250


def summary_table():
    lines = ["| file | rows | done | partial | not yet | no rules | of which run-in headings |",
             "|---|---|---|---|---|---|---|"]
    names = {"000": "000 (rules compendium)", "001": "001 (The Harbinger)",
             "002": "002 (Triwizard Maze game)", "003": "003 (The Blood Moon)"}
    total = {"rows": 0, "done": 0, "partial": 0, "not yet": 0, "—": 0, "run-in": 0}
    for f, c in sorted(counts().items()):
        lines.append(f"| {names[f]} | {c['rows']} | {c['done']} | {c['partial']} | {c['not yet']} "
                     f"| {c['—']} | {c['run-in']} |")
        for k in total:
            total[k] += c[k]
    lines.append(f"| **all** | {total['rows']} | {total['done']} | {total['partial']} | "
                 f"{total['not yet']} | {total['—']} | {total['run-in']} |")
    return "\n".join(lines)


def test_the_summary_matches_the_rows():
    text = COVERAGE.read_text()
    assert summary_table() in text, "regenerate the summary: python -c 'import tests.test_docs as t; print(t.summary_table())'"
