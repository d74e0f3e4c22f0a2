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
