"""002 Contents and the maze data: counts, stand-in marks, and validation on load."""
import shutil
from collections import Counter

import pytest
import yaml

from talisman.engine.data import data_root
from talisman.errors import DataError
from talisman.triwizard.definitions import TILE_KINDS, load, load_from


def test_002_contents_counts_match_the_component_list():
    """002 Contents: 40 Battle cards, 20 Obstacle cards, 36 Resource tiles, 4 Cup tiles."""
    d = load()
    assert len(d.battle_deck) == 40 and len(d.obstacle_deck) == 20
    assert len(d.resource_pile) == 36 and len(d.cup_tiles) == 4
    assert set(Counter(d.resource_pile)) == set(TILE_KINDS) and len(TILE_KINDS) == 8
    assert sum(1 for t in d.cup_tiles.values() if t.real) == 1


def test_002_battle_cards_have_the_four_colours():
    """002 Battle Cards: red, blue, orange or green, with a Strength and a Movement rating."""
    assert {c.colour for c in load().battle.values()} == {"red", "blue", "orange", "green"}


def test_002_die_has_one_cloak_face_stated_in_the_data():
    """002 Let the Tournament Begin! 3: the die has the Invisibility Cloak symbol on one face."""
    assert load().die.count("cloak") == 1 and load().face(1) == "cloak"


def test_every_data_file_is_marked_stand_in():
    """The board, die and card lists are not public: every file says stand_in: true."""
    root = data_root() / "triwizard"
    for name in ("maze.yaml", "battle_cards.yaml", "obstacles.yaml", "resources.yaml"):
        assert yaml.safe_load((root / name).read_text())["stand_in"] is True
    assert yaml.safe_load((root / "components.yaml").read_text())["die"]["stand_in"] is True


def test_002_game_set_up_maze_holds_every_element():
    """002 Game Set-Up / Moving Through the Maze: one Entrance, three Portkey pairs, Gold Mist,
    Headstone spaces 1-3, Penalty, Obstacle spaces, four Cup spaces around the Wandering Hedge."""
    b = load().board
    assert b.kinds[b.entrance] == "entrance"
    assert len(b.portkeys) == 6 and all(b.portkeys[b.portkeys[s]] == s for s in b.portkeys)
    assert sorted(b.headstones) == ["1", "2", "3"]
    assert len(b.penalties) >= 2
    kinds = Counter(b.kinds.values())
    assert kinds["gold_mist"] >= 1 and kinds["obstacle"] >= 1 and kinds["green_hedge"] >= 1
    assert sorted(b.neighbours(b.centre)) == sorted(b.cups)


# --- validation on load names the file, the entry and the field ------------------------

@pytest.fixture
def data_copy(tmp_path):
    shutil.copytree(data_root() / "triwizard", tmp_path / "triwizard")
    return tmp_path / "triwizard"


def _edit_grid(root, row, col, ch):
    path = root / "maze.yaml"
    doc = yaml.safe_load(path.read_text())
    line = doc["grid"][row]
    doc["grid"][row] = line[:col] + ch + line[col + 1:]
    path.write_text(yaml.safe_dump(doc, sort_keys=False))


def test_an_unpaired_portkey_stops_loading(data_copy):
    _edit_grid(data_copy, 1, 1, ".")                      # r1c1 was Portkey A
    with pytest.raises(DataError, match=r"maze\.yaml: entry 'r12c12', field 'grid'.*Portkey"):
        load_from(data_copy)


def test_a_cut_off_square_stops_loading(data_copy):
    _edit_grid(data_copy, 2, 3, "#")                      # wall in the Gold Mist pocket r2c3
    _edit_grid(data_copy, 1, 3, "#")
    _edit_grid(data_copy, 2, 3, "G")
    with pytest.raises(DataError, match=r"entry 'r2c3'.*cannot be reached"):
        load_from(data_copy)


def test_cup_spaces_must_surround_the_wandering_hedge(data_copy):
    _edit_grid(data_copy, 7, 8, ".")
    _edit_grid(data_copy, 6, 8, "U")
    with pytest.raises(DataError, match=r"entry 'r8c8'.*four neighbours"):
        load_from(data_copy)


def test_a_cup_reachable_past_fewer_than_two_obstacles_stops_loading(data_copy):
    """The reconstruction's guarantee (docs/triwizard.md): every route to a Cup passes two
    Obstacle spaces, so one battle a turn never lets the first turn win."""
    _edit_grid(data_copy, 5, 7, ".")                      # the top gate r5c7 was an Obstacle
    with pytest.raises(DataError, match=r"entry 'r7c8'.*without passing 2 Obstacle spaces "
                                        r"\(found 1\)"):
        load_from(data_copy)


def test_every_cup_lies_past_two_obstacles_on_the_packaged_maze():
    from talisman.triwizard.board import obstacles_to
    board = load().board
    best = obstacles_to(board)
    assert {best[c] for c in board.cups} == {2}
    assert best["r12c6"] == best["r15c11"] == best["r14c1"] == 1    # the Entrance's gates


def test_an_unknown_symbol_names_the_square(data_copy):
    _edit_grid(data_copy, 4, 6, "Z")
    with pytest.raises(DataError, match=r"entry 'r4c6', field 'grid'.*'Z' is not in the legend"):
        load_from(data_copy)


def test_wrong_card_counts_and_unknown_fields_name_the_entry(data_copy):
    path = data_copy / "obstacles.yaml"
    doc = yaml.safe_load(path.read_text())
    doc["obstacles"][1]["copies"] = 2
    path.write_text(yaml.safe_dump(doc))
    with pytest.raises(DataError, match=r"obstacles\.yaml.*field 'copies'.*21"):
        load_from(data_copy)
    doc["obstacles"][1]["copies"] = 1
    doc["obstacles"][1]["colour"] = "red"
    path.write_text(yaml.safe_dump(doc))
    with pytest.raises(DataError, match=r"entry 'sphinx', field 'colour': unknown field"):
        load_from(data_copy)
