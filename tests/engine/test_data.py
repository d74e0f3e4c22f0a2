"""Data loading: every malformed file stops loading with one message naming file, entry, field."""
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import yaml

from talisman.definitions import load, load_from
from talisman.engine.data import data_root
from talisman.errors import DataError

ROOT = data_root() / "talisman"


@pytest.fixture
def data_copy(tmp_path):
    dest = tmp_path / "talisman"
    shutil.copytree(ROOT, dest)
    return dest


def edit(path, fn):
    doc = yaml.safe_load(path.read_text())
    fn(doc)
    path.write_text(yaml.safe_dump(doc, sort_keys=False))


def test_the_packaged_data_loads():
    d = load()
    assert len([c for c in d.characters.values() if c.set == "base"]) == 14
    assert len(d.board.regions["outer"]) == 24 and len(d.board.regions["middle"]) == 16


def test_malformed_yaml_names_the_file_and_line(data_copy):
    (data_copy / "characters.yaml").write_text("characters:\n  - {id: troll, name: [\n")
    with pytest.raises(DataError, match=r"characters.yaml.*not valid YAML at line \d+"):
        load_from(data_copy)


def test_unknown_field_names_file_entry_and_field(data_copy):
    edit(data_copy / "characters.yaml", lambda d: d["characters"][11].update(hairstyle="mohawk"))
    with pytest.raises(DataError) as e:
        load_from(data_copy)
    msg = str(e.value)
    assert "characters.yaml" in msg and "'troll'" in msg and "'hairstyle'" in msg
    assert "unknown field" in msg


def test_missing_value_names_file_entry_and_field(data_copy):
    edit(data_copy / "characters.yaml", lambda d: d["characters"][0].pop("craft"))
    with pytest.raises(DataError, match=r"characters.yaml: entry 'assassin', field 'craft': missing value"):
        load_from(data_copy)


def test_wrong_type_names_file_entry_and_field(data_copy):
    edit(data_copy / "board.yaml", lambda d: d["spaces"][3].update(draw="one"))
    with pytest.raises(DataError, match=r"board.yaml: entry 'woods_1', field 'draw'"):
        load_from(data_copy)


def test_dangling_id_names_file_entry_and_field(data_copy):
    edit(data_copy / "characters.yaml", lambda d: d["characters"][2].update(start="moria"))
    with pytest.raises(DataError, match=r"entry 'dwarf', field 'start': unknown space id 'moria'"):
        load_from(data_copy)


def test_dangling_neighbour_and_ability_are_caught(data_copy):
    edit(data_copy / "board.yaml", lambda d: d["spaces"][0]["neighbours"].append("atlantis"))
    with pytest.raises(DataError, match=r"entry 'village', field 'neighbours': unknown space id"):
        load_from(data_copy)


def test_duplicate_ids_are_caught(data_copy):
    edit(data_copy / "abilities.yaml", lambda d: d["abilities"].append(dict(d["abilities"][0])))
    with pytest.raises(DataError, match="duplicate ability id"):
        load_from(data_copy)


def test_data_loads_from_an_installed_wheel(tmp_path):
    """data/ ships inside the wheel as talisman/data and is found there; so does py.typed."""
    repo = Path(__file__).resolve().parents[2]
    out = tmp_path / "dist"
    r = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out),
                        str(repo)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-2000:]
    wheel = next(out.glob("*.whl"))
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as z:
        z.extractall(site)
        assert "talisman/py.typed" in z.namelist()  # PEP 561: the package's types are used
        # the pytest entry point: a light module beside the package, not inside it (issue 16)
        assert "talisman_pytest.py" in z.namelist()
        entry_points = next(n for n in z.namelist() if n.endswith(".dist-info/entry_points.txt"))
        assert "talisman_scenarios = talisman_pytest" in z.read(entry_points).decode()
    code = ("import talisman, talisman.definitions as d; from talisman.engine.data import data_root;"
            "print(talisman.__file__); print(data_root()); print(len(d.load().board.spaces))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env={"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin"}, cwd=tmp_path)
    assert r.returncode == 0, r.stderr[-2000:]
    file, root, count = r.stdout.split()
    assert file.startswith(str(site)) and root == str(site / "talisman" / "data")
    assert int(count) == len(load().board.spaces)
