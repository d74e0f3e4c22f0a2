"""A file that is not UTF-8 text (a binary file, text in another encoding) given as a scenario
or a data file is refused with the library's error naming the file, never a raw
UnicodeDecodeError (the guide's Standards: "a malformed YAML card names its file")."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from talisman.cli import main
from talisman.engine.data import load_yaml
from talisman.errors import DataError, ScenarioError
from talisman.scenarios import run_file

NOT_UTF8 = b"\xff\xfename: x\n"


def test_a_scenario_file_that_is_not_utf8_is_a_scenario_error(tmp_path):
    f = tmp_path / "latin.yaml"
    f.write_bytes(NOT_UTF8)
    with pytest.raises(ScenarioError, match=r"latin\.yaml: cannot read: not UTF-8 text \(byte 0\)"):
        run_file(f)


def test_a_data_file_that_is_not_utf8_is_a_data_error(tmp_path):
    f = tmp_path / "cards.yaml"
    f.write_bytes(NOT_UTF8)
    with pytest.raises(DataError, match=r"cards\.yaml: cannot read: not UTF-8 text"):
        load_yaml(f)


@pytest.mark.parametrize("args", [["check"], ["odds", "--until", "battle_won"]])
def test_the_cli_says_so_in_one_line(tmp_path, args):
    f = tmp_path / "latin.yaml"
    f.write_bytes(NOT_UTF8)
    cmd, *rest = args
    r = CliRunner().invoke(main, [cmd, str(f), *rest])
    assert r.exit_code == 1 and not isinstance(r.exception, UnicodeDecodeError)
    assert "not UTF-8 text" in r.output
    assert "Traceback" not in r.output


# --- an expansion's own data file, read by its module's reader (``Plugin.data_files``) ----------
# werewolf.yaml (the Blood Moon's lycanthropy), airships.yaml (the Airships), master_levels.yaml
# (the option ``master_levels``): a malformed copy of each, in a data folder loaded with
# ``talisman.definitions.load_from`` (which calls every module's registered reader), is refused
# with a DataError naming the file, the entry and the field (never a raw KeyError or a yaml
# traceback).  Each case: (the file under data/, an edit of the text, the entry, the field).

import re  # noqa: E402
import shutil  # noqa: E402
from pathlib import Path  # noqa: E402

from talisman import definitions  # noqa: E402
from talisman.engine.data import data_root  # noqa: E402

WEREWOLF = "talisman/expansions/blood_moon/werewolf.yaml"
AIRSHIPS = "talisman/expansions/airships/airships.yaml"
MASTER = "talisman/options/master_levels.yaml"


def _sub(pattern, repl):
    def edit(text):
        new, n = re.subn(pattern, repl, text, count=1, flags=re.M)
        assert n == 1, f"the probe's edit {pattern!r} found nothing to change"
        return new
    return edit


@pytest.mark.parametrize("rel, edit, entry, field", [
    # a missing field
    (WEREWOLF, _sub(r"^curse_roll:", "curse_rolls:"), None, "curse_roll"),
    (AIRSHIPS, _sub(r"hit_points: 12,", "hit_pointz: 12,"), "dragon", "hit_points"),
    (MASTER, _sub(r"^(\s*)resign: false", r"\1resigns: false"), "titles.champion_of_chaos", "resign"),
    # a wrong type
    (WEREWOLF, _sub(r'^  "2": \[.*\]$', '  "2": seven'), "chart.2", None),
    (AIRSHIPS, _sub(r"movement: 3,", "movement: fast,"), "dragon", "movement"),
    (MASTER, _sub(r"^(\s*)lasts: 10", r"\1lasts: ten"), "titles.champion_of_chaos", "lasts"),
    # not YAML at all
    (WEREWOLF, lambda text: text + "\n  : : [\n", None, None),
    (AIRSHIPS, lambda text: text + "\n  : : [\n", None, None),
    (MASTER, lambda text: text + "\n  : : [\n", None, None),
])
def test_an_expansions_own_malformed_data_file_names_the_file_the_entry_and_the_field(
        tmp_path, rel, edit, entry, field):
    shutil.copytree(data_root() / "talisman", tmp_path / "talisman")
    target = tmp_path / rel
    target.write_text(edit((data_root() / rel).read_text(encoding="utf-8")), encoding="utf-8")
    with pytest.raises(DataError) as err:
        definitions.load_from(tmp_path / "talisman")
    e = err.value
    assert Path(e.file).name == Path(rel).name, str(e)
    assert str(target) in str(e)
    if entry is not None:  # the entry: as ``.entry``, or the first part of the field's path
        assert entry in (str(e.entry), str(e.field)) or str(e.field).startswith(entry + "."), str(e)
    if field is not None:
        assert field in str(e), str(e)
    if entry is None and field is None:  # not YAML: the line is named
        assert "line" in str(e), str(e)
