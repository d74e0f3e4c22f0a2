"""Every done or partial row of docs/rules-coverage.md is proven by scenarios that cite it.

A scenario *cites* a row when one of the entries of its `rules:` field (entries are separated by
`;`) equals the row's file prefix, a space and the row's `section` cell exactly as the table writes
it, e.g. `"000 SENTINEL SPACE"` or `"000 EXAMPLE (under SENTINEL SPACE)"`.

For each done/partial row, the `tests` column names at least one scenario file
(`tests/scenarios/NAME.yaml`, or `tests/triwizard/scenarios/NAME.yaml` for the Triwizard game) that
exists and cites the row, unless the row's notes say `no scenario: <reason>` (a pure layout or naming
rule that no position can exercise).  The named files lie in folders the scenario plugin collects
(a folder named `scenarios`; never `tests/scenarios_pending/`), so the plugin runs every one of them as
its own test in the same session: a named scenario that fails fails the suite, and this test does not
run them a second time.
"""
import re

import yaml
from test_docs import ROOT, rows

SCENARIO_REF = re.compile(r"`(tests/(?:triwizard/)?scenarios/[^`/]+\.ya?ml)`")
COLLECTED = ("tests/scenarios/", "tests/triwizard/scenarios/")
NO_SCENARIO = "no scenario:"


def cited_sections(path):
    data = yaml.safe_load(path.read_text())
    return {part.strip() for part in str(data.get("rules", "")).split(";") if part.strip()}


def all_scenarios():
    return sorted((ROOT / "tests" / "scenarios").glob("*.yaml")) + \
        sorted((ROOT / "tests" / "triwizard" / "scenarios").glob("*.yaml"))


def row_key(prefix, cells):
    return f"{prefix} {cells[0]}"


def test_every_done_or_partial_row_names_a_scenario_that_cites_it():
    problems = []
    checked = 0
    for prefix, cells in rows():
        if cells[2] not in ("done", "partial"):
            continue
        key = row_key(prefix, cells)
        refs = SCENARIO_REF.findall(cells[4])
        if not refs:
            if NO_SCENARIO not in cells[5]:
                problems.append(f"{key}: {cells[2]} but names no scenario file (nor `{NO_SCENARIO}`)")
            continue
        for ref in refs:
            checked += 1
            path = ROOT / ref
            if not ref.startswith(COLLECTED):
                problems.append(f"{key}: {ref} is not in a collected scenarios folder")
            elif not path.exists():
                problems.append(f"{key}: {ref} does not exist")
            elif key not in cited_sections(path):
                problems.append(f"{key}: {ref} does not cite it (rules: {sorted(cited_sections(path))})")
    assert not problems, "\n".join(problems)
    assert checked > 200


def test_no_scenario_rows_are_few_and_give_a_reason():
    marked = [row_key(p, c) for p, c in rows()
              if c[2] in ("done", "partial") and NO_SCENARIO in c[5]]
    for p, c in rows():
        if NO_SCENARIO in c[5]:
            reason = c[5].split(NO_SCENARIO, 1)[1].strip()
            assert len(reason) > 10, f"{row_key(p, c)}: `{NO_SCENARIO}` without a reason"
    assert len(marked) <= 15, marked


def test_every_scenario_cites_existing_rows_and_is_listed_in_them():
    keys = {row_key(p, c): c for p, c in rows()}
    problems = []
    for path in all_scenarios():
        ref = path.relative_to(ROOT).as_posix()
        for section in cited_sections(path):
            if section not in keys:
                problems.append(f"{ref}: rules cites {section!r}, which is no row of the table")
            elif f"`{ref}`" not in keys[section][4]:
                problems.append(f"{ref}: cites {section!r} but that row's tests column does not name it")
    assert not problems, "\n".join(problems)
    assert len(all_scenarios()) > 150


def test_pending_scenarios_are_not_named_as_proof():
    for p, c in rows():
        assert "tests/scenarios_pending/" not in c[4], \
            f"{row_key(p, c)}: a pending scenario is no proof; name it in the notes instead"
