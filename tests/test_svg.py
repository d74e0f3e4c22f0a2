"""Pictures: talisman.svg.board, the Jupyter hook, the replay page, `talisman show` (issue 24).

Every test reads the SVG back with xml.etree and checks what it shows from the coordinates and
the ``data-*`` attributes, not from the text of the document."""
import ast
import json
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner
from pyrsistent import pmap, pvector

import talisman
from talisman import api, svg
from talisman.bots import RandomBot
from talisman.cli import main
from talisman.definitions import Board, SpaceDef, load
from talisman.engine.records import replace
from talisman.engine.machine import AT_SCRIPT_END
from talisman.errors import TalismanError
from talisman.scenarios import setup_state

NS = {"s": "http://www.w3.org/2000/svg"}


def parse(text):
    root = ET.fromstring(text)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def space_rects(root):
    return {r.get("data-space"): tuple(float(r.get(k)) for k in ("x", "y", "width", "height"))
            for r in root.iterfind(".//s:rect[@class='space-shape']", NS)}


def inside(rect, x, y, margin=0.0):
    rx, ry, w, h = rect
    return rx + margin <= x <= rx + w - margin and ry + margin <= y <= ry + h - margin


def pieces(root):
    out = {}
    for g in root.iterfind(".//s:g[@data-character]", NS):
        if "piece" in g.get("class").split():
            c = g.find("s:circle", NS)
            out[g.get("data-character")] = (g.get("data-space"), float(c.get("cx")),
                                            float(c.get("cy")), float(c.get("r")))
    return out


def panel(root, cid):
    found = [g for g in root.iterfind(f".//s:g[@data-character='{cid}']", NS)
             if "panel" in g.get("class").split()]
    assert len(found) == 1
    return found[0]


def played(chars, expansions=(), seed=1, steps=60):
    s = talisman.new_game(chars, expansions, seed=seed)
    bot, actions = RandomBot(seed), []
    for _ in range(steps):
        if s.is_over:
            break
        a = bot.choose(s)
        actions.append(a)
        s = talisman.apply(s, a)
    return s, actions


@pytest.fixture(scope="module")
def with_spells():
    s = talisman.new_game(characters=["warrior", "wizard"], seed=7)
    s = talisman.apply(s, "start:spells")
    assert s.characters["wizard"].spells
    return s


def test_the_picture_parses_and_every_piece_is_drawn_inside_its_space():
    for seed in (1, 2, 3):
        s, _ = played(["warrior", "wizard", "troll", "elf"], ("city", "wizards_tower"), seed, 80)
        root = parse(svg.board(s))
        rects, drawn = space_rects(root), pieces(root)
        alive = {c for c, ch in s.characters.items() if ch.alive}
        assert set(drawn) == alive
        for cid in alive:
            space, x, y, r = drawn[cid]
            assert space == s.characters[cid].space
            assert inside(rects[space], x - r, y - r) and inside(rects[space], x + r, y + r), cid


def test_many_pieces_on_one_space_stay_inside_it_without_overlapping():
    chars = ["warrior", "wizard", "troll", "elf", "dwarf", "priest"]
    s = talisman.new_game(chars, seed=0)
    for c in chars:
        s = replace(s, characters=s.characters.set(c, replace(s.characters[c], space="crypt")))
    root = parse(svg.board(s))
    rect = space_rects(root)["crypt"]
    spots = list(pieces(root).values())
    assert len(spots) == 6
    for _, x, y, r in spots:
        assert inside(rect, x - r, y - r) and inside(rect, x + r, y + r)
    for i, (_, x1, y1, r1) in enumerate(spots):
        for _, x2, y2, r2 in spots[i + 1:]:
            assert math.hypot(x1 - x2, y1 - y2) >= r1 + r2


def test_every_space_of_the_main_board_is_drawn_once_and_no_two_overlap():
    b = load().board
    rects = space_rects(parse(svg.board(talisman.new_game(["warrior"], seed=0))))
    main = [sid for r, shape in b.shapes.items() if shape in ("ring", "single") for sid in b.regions[r]]
    assert sorted(rects) == sorted(main)
    items = list(rects.values())
    for i, (x1, y1, w1, h1) in enumerate(items):
        for x2, y2, w2, h2 in items[i + 1:]:
            assert x1 + w1 <= x2 or x2 + w2 <= x1 or y1 + h1 <= y2 or y2 + h2 <= y1


def test_the_rings_follow_the_ring_order_and_face_their_opposite_spaces():
    """STORM RIVER: spaces opposite each other across the river are drawn facing each other;
    each ring runs clockwise in the board data's order."""
    b = load().board
    lay = svg.main_board(b)
    for region in ("outer", "middle", "inner"):
        ring = b.regions[region]
        cx, cy = lay.centre
        angles = [math.atan2(lay.boxes[s].centre[1] - cy, lay.boxes[s].centre[0] - cx) for s in ring]
        turns = [(angles[(i + 1) % len(ring)] - a) % (2 * math.pi) for i, a in enumerate(angles)]
        assert all(0 < t < math.pi for t in turns), region   # each step turns clockwise on screen
    middle = [lay.boxes[m] for m in b.regions["middle"]]
    for sid in b.regions["outer"]:
        here = lay.boxes[sid]
        nearest = min(math.dist(here.centre, m.centre) for m in middle)
        for o in b.spaces[sid].opposite:
            assert math.dist(here.centre, lay.boxes[o].centre) <= nearest * 1.5, (sid, o)
    crown = lay.boxes["crown_of_command"]
    assert crown.contains(*lay.centre)


def test_a_board_from_other_data_is_laid_out_without_new_code():
    """Coordinates come from the board data: rings of another size, a path, a graph."""
    def space(sid, region, order, neighbours=()):
        return SpaceDef(sid, sid.title(), region, order, tuple(neighbours), (), 0, "")
    outer = [f"o{i}" for i in range(12)]
    inner = [f"i{i}" for i in range(4)]
    path = [f"p{i}" for i in range(10)]
    spaces = {s: space(s, "outer", i) for i, s in enumerate(outer)}
    spaces.update({s: space(s, "inner", i) for i, s in enumerate(inner)})
    spaces.update({s: space(s, "side", i, [path[i - 1]] if i else []) for i, s in enumerate(path)})
    b = Board(spaces, {"outer": tuple(outer), "inner": tuple(inner), "side": tuple(path)},
              {"outer": "ring", "inner": "ring", "side": "path"})
    lay = svg.main_board(b)
    assert set(lay.boxes) == set(outer + inner)
    for box in lay.boxes.values():
        assert 0 <= box.x and box.x + box.w <= lay.width and 0 <= box.y and box.y + box.h <= lay.height
    side = svg.side_board(b, "side")
    assert set(side.boxes) == set(path)
    assert len({(bx.x, bx.y) for bx in side.boxes.values()}) == len(path)


def test_the_side_panel_shows_each_characters_counters(with_spells):
    root = parse(svg.board(with_spells))
    for cid, ch in with_spells.characters.items():
        text = panel(root, cid).find("s:text[@class='counters']", NS).text
        nums = dict(re.findall(r"(\w+) (\d+)", text))
        assert nums == {"Strength": str(ch.strength), "Craft": str(ch.craft), "Lives": str(ch.lives),
                        "Fate": str(ch.fate), "Gold": str(ch.gold)}


def spell_groups(root, cid):
    return panel(root, cid).find("s:g[@data-field='spells']", NS)


def test_face_down_spells_are_hidden_in_another_players_picture(with_spells):
    """All Spells may be kept face down: the Warrior's picture names none of the Wizard's."""
    spells = list(with_spells.characters["wizard"].spells)
    names = {load().cards[c].name for c in spells}
    mine = parse(svg.board(with_spells, player="wizard"))
    theirs = parse(svg.board(with_spells, player="warrior"))
    nobody = parse(svg.board(with_spells))
    assert spell_groups(mine, "wizard").get("data-cards").split() == spells
    all_text = lambda root: " ".join(root.itertext())  # noqa: E731
    assert all(n in all_text(mine) for n in names)
    for root in (theirs, nobody):
        g = spell_groups(root, "wizard")
        assert g.get("data-cards") == "" and int(g.get("data-face-down")) == len(spells)
        assert len(g.findall("s:rect[@class='card face-down']", NS)) == len(spells)
        assert not any(n in all_text(root) for n in names)
        assert not any(c in ET.tostring(root, encoding="unicode") for c in spells)


def test_the_prophetess_sees_the_spells_of_others_in_her_picture():
    s = talisman.new_game(characters=["prophetess", "wizard"], seed=7)
    while s.pending.kind == "start":
        s = talisman.apply(s, "start:spells")
    spells = list(s.characters["wizard"].spells)
    assert spells
    root = parse(svg.board(s, player="prophetess"))
    assert spell_groups(root, "wizard").get("data-cards").split() == spells


def test_expansion_boards_in_play_are_drawn_beside_the_main_board():
    plain = parse(svg.board(talisman.new_game(["warrior"], seed=0)))
    assert plain.find(".//s:g[@class='side-board']", NS) is None
    s = talisman.new_game(["warrior"], ["city", "wizards_tower"], seed=0)
    root = parse(svg.board(s))
    sides = {g.get("data-region") for g in root.iterfind(".//s:g[@class='side-board']", NS)}
    assert sides == {"city", "wizards_tower"}
    rects = space_rects(root)
    b = load().board
    main_right = max(x + w for sid, (x, y, w, h) in rects.items() if b.spaces[sid].region == "outer")
    for region in sides:
        for sid in b.regions[region]:
            assert rects[sid][0] > main_right, sid


def test_cards_gold_terrain_and_figures_lying_on_spaces_are_drawn_there():
    s = talisman.new_game(["warrior", "wizard"], ["harbinger", "blood_moon"], seed=0)
    h = s.ext["harbinger"].set("harbinger", "chapel").set("terrain", pmap({"crags": "terrain_x"}))
    s = replace(s, board_cards=s.board_cards.set("woods_1", pvector(["bear", "wolf", "ape"])),
                board_gold=s.board_gold.set("fields_1", 2),
                ext=s.ext.set("harbinger", h).set("blood_moon", s.ext["blood_moon"].set("werewolf", "ruins")))
    root = parse(svg.board(s))
    rects = space_rects(root)
    contents = root.find(".//s:g[@class='space-contents'][@data-space='woods_1']", NS)
    assert contents.get("data-cards").split() == ["bear", "wolf", "ape"]
    for card in contents.iterfind("s:rect[@class='board-card']", NS):
        assert inside(rects["woods_1"], float(card.get("x")), float(card.get("y")))
    assert contents.find("s:text[@class='more-cards']", NS).get("data-count") == "2"
    gold = root.find(".//s:circle[@class='gold']", NS)
    assert gold.get("data-gold") == "2" and inside(rects["fields_1"], float(gold.get("cx")), float(gold.get("cy")))
    terrain = root.find(".//s:rect[@class='terrain']", NS)
    assert terrain.get("data-card") == "terrain_x"
    assert inside(rects["crags"], float(terrain.get("x")), float(terrain.get("y")))
    figures = {g.get("data-figure"): g.get("data-space") for g in root.iterfind(".//s:g[@class='figure']", NS)}
    assert figures == {"harbinger": "chapel", "werewolf": "ruins"}


def test_the_enemy_being_fought_is_drawn_on_its_space():
    """An Enemy fought is held off the space while the fight lasts (``state.resolving``; issue
    16, item 3): the picture still draws it there, first, framed as fought, in every seat's view."""
    setup = {"characters": [{"id": "warrior", "space": "fields_5", "fate": 0},
                            {"id": "troll", "space": "tavern", "fate": 0}],
             "deck_tops": {"adventure": ["wolf", "bag_of_gold"]}}
    s = talisman.apply(setup_state(setup, [1]), "move:ruins", stop_at_chance=AT_SCRIPT_END)
    assert s.pending.kind == "combat" and list(s.resolving["ruins"]) == ["wolf"]
    for seat in (None, "warrior", "troll"):
        root = parse(svg.board(s, player=seat) if seat else svg.board(s))
        contents = root.find(".//s:g[@class='space-contents'][@data-space='ruins']", NS)
        assert contents.get("data-held") == "wolf" and contents.get("data-cards").split()[0] == "wolf"
        assert contents.find("s:title", NS).text.startswith("Wolf (fighting)")
        card = contents.find("s:rect[@class='held-card']", NS)
        assert card.get("data-card") == "wolf" and card.get("data-held") == "fighting"
        assert inside(space_rects(root)["ruins"], float(card.get("x")), float(card.get("y")))


def test_the_last_move_is_an_arrow_through_the_spaces_passed():
    s, _ = played(["warrior", "wizard"], seed=4, steps=12)
    path = svg.last_move(s)
    assert len(path) >= 2
    moved = [e for e in s.log if e.name == "moved"][-1]
    assert path[1:] == tuple(moved.data["path"]) and path[-1] == s.characters[moved.data["character"]].space
    root = parse(svg.board(s))
    rects = space_rects(root)
    arrow = root.find(".//s:path[@class='last-move']", NS)
    points = [tuple(map(float, p.split(","))) for p in re.findall(r"[\d.]+,[\d.]+", arrow.get("d"))]
    assert len(points) == len(path)
    assert all(inside(rects[sid], x, y) for sid, (x, y) in zip(path, points))
    assert parse(svg.board(s, path=None)).find(".//s:path[@class='last-move']", NS) is None


def test_options_size_and_highlight_and_bad_options_are_clear_errors(with_spells):
    root = parse(svg.board(with_spells, size=400, highlight="wizard"))
    assert float(root.get("width")) == 400
    vb = [float(v) for v in root.get("viewBox").split()]
    assert float(root.get("height")) == pytest.approx(400 * vb[3] / vb[2], abs=0.01)
    assert root.find(".//s:g[@class='piece highlight']", NS).get("data-character") == "wizard"
    assert root.find(".//s:g[@class='panel highlight']", NS).get("data-character") == "wizard"
    for bad in ({"player": "gandalf"}, {"highlight": "gandalf"}, {"size": 0}, {"size": "big"},
                {"path": ["village", "nowhere"]}):
        with pytest.raises(TalismanError):
            svg.board(with_spells, **bad)
    with pytest.raises(TalismanError, match="GameState"):
        svg.board({"characters": {}})


def test_the_same_position_gives_the_same_picture(with_spells):
    again = talisman.from_json(talisman.to_json(with_spells))
    assert svg.board(with_spells) == svg.board(again)


def test_a_state_draws_itself_in_jupyter(with_spells):
    assert with_spells._repr_svg_() == svg.board(with_spells)


def test_the_model_does_not_import_the_pictures():
    """Layers: the model (talisman.state) never imports talisman.svg, even inside a function."""
    src = Path(talisman.state.__file__).read_text()
    for node in ast.walk(ast.parse(src)):
        if isinstance(node, ast.ImportFrom):
            assert "svg" not in (node.module or "") and all("svg" not in a.name for a in node.names)
        elif isinstance(node, ast.Import):
            assert all("svg" not in a.name for a in node.names)


def page_steps(page):
    data = json.loads(re.search(r'<script id="replay-data" type="application/json">(.*?)</script>',
                                page, re.S).group(1))
    out = []
    for step in data["steps"]:
        pic = re.sub(r'<g class="board-static" data-static="(\d+)" />',
                     lambda m: data["boards"][int(m.group(1))], data["pictures"][step["picture"]])
        out.append((step, pic))
    return out


def test_the_replay_page_has_a_picture_and_narration_for_every_step():
    s, actions = played(["warrior", "wizard"], seed=2, steps=40)
    record = api.record(s, actions)
    page = svg.replay_page(record)
    assert "http://" not in page.replace("http://www.w3.org/2000/svg", "") and "https://" not in page
    assert not re.search(r"<(script|img|link)[^>]+(src|href)=", page)   # self-contained
    steps = page_steps(page)
    assert len(steps) == len(actions) + 1
    states = [talisman.replay(record, upto=i) for i in range(len(actions) + 1)]
    for (step, pic), state in zip(steps, states):
        root = parse(pic)
        drawn = pieces(root)
        assert {c: d[0] for c, d in drawn.items()} == {c: ch.space for c, ch in state.characters.items()
                                                       if ch.alive}
    assert steps[1][0]["action"].endswith(str(actions[0]))
    assert any(step["lines"] for step, _ in steps)
    assert len({pic for _, pic in steps}) > 1         # stepping changes the picture


def test_the_replay_page_for_a_player_hides_the_others_spells(with_spells):
    record = {"characters": ["warrior", "wizard"], "seed": 7, "actions": ["start:spells"]}
    spells = with_spells.characters["wizard"].spells
    for who in ("warrior", None):
        _, pic = page_steps(svg.replay_page(record, player=who))[-1]
        assert not any(c in pic for c in spells)
    _, pic = page_steps(svg.replay_page(record, player="wizard"))[-1]
    assert all(c in pic for c in spells)


def test_a_broken_record_is_a_replay_error():
    with pytest.raises(talisman.ReplayError):
        svg.replay_page({"characters": ["warrior"], "seed": 0, "actions": ["move:crown_of_command"]})


def test_talisman_show_draws_a_record_at_a_step_or_a_saved_state(tmp_path):
    s, actions = played(["warrior", "wizard"], seed=5, steps=20)
    rec = tmp_path / "game.json"
    rec.write_text(json.dumps(api.record(s, actions)))
    out = tmp_path / "pic.svg"
    runner = CliRunner()
    r = runner.invoke(main, ["show", str(rec), "--step", "6", "--svg", str(out), "--highlight", "wizard"])
    assert r.exit_code == 0, r.output
    at6 = talisman.replay(api.record(s, actions), upto=6)
    assert out.read_text() == svg.board(at6, highlight="wizard")
    state = tmp_path / "state.json"
    state.write_text(talisman.to_json(s))
    r = runner.invoke(main, ["show", str(state), "--svg", str(out), "--player", "warrior"])
    assert r.exit_code == 0, r.output
    assert out.read_text() == svg.board(s, player="warrior")


def test_talisman_show_and_replay_html_report_bad_input_clearly(tmp_path):
    runner = CliRunner()
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    rec = tmp_path / "game.json"
    rec.write_text(json.dumps({"characters": ["warrior"], "seed": 0, "actions": []}))
    out = str(tmp_path / "x.svg")
    for args, words in ((["show", str(junk), "--svg", out], "not a readable"),
                        (["show", str(rec), "--step", "3", "--svg", out], "only 0 actions"),
                        (["show", str(rec), "--svg", out, "--player", "gandalf"], "gandalf"),
                        (["replay", str(rec), "--html", out, "--player", "gandalf"], "gandalf")):
        r = runner.invoke(main, args)
        assert r.exit_code != 0 and words in r.output, (args, r.output)
        assert r.exception is None or isinstance(r.exception, SystemExit)


def test_talisman_replay_html_writes_the_page(tmp_path):
    s, actions = played(["warrior", "wizard"], seed=6, steps=15)
    rec = tmp_path / "game.json"
    rec.write_text(json.dumps(api.record(s, actions)))
    out = tmp_path / "game.html"
    r = CliRunner().invoke(main, ["replay", str(rec), "--html", str(out)])
    assert r.exit_code == 0, r.output
    assert out.read_text() == svg.replay_page(api.record(s, actions))
    assert len(page_steps(out.read_text())) == len(actions) + 1


# --- the Triwizard Maze ------------------------------------------------------------------

@pytest.fixture(scope="module")
def maze_state():
    from talisman import triwizard
    s = triwizard.new_game(players=4, seed=7)
    for _ in range(30):
        s = triwizard.apply(s, triwizard.legal_actions(s)[0])
    return s


def test_the_maze_picture_draws_every_square_and_each_piece_on_its_square(maze_state):
    from talisman.triwizard.definitions import load as maze_data
    b = maze_data().board
    root = parse(svg.maze(maze_state))
    squares = {r.get("data-square"): r for r in root.iterfind(".//s:rect[@class='square']", NS)}
    assert set(squares) == set(b.kinds)
    for sq, r in squares.items():
        assert r.get("data-kind") == b.kinds[sq]
    hedge = root.find(".//s:rect[@class='wandering-hedge']", NS)
    assert hedge.get("data-square") == maze_state.hedge
    assert (hedge.get("x"), hedge.get("y")) == (squares[maze_state.hedge].get("x"), squares[maze_state.hedge].get("y"))
    for g in root.iterfind(".//s:g[@data-player]", NS):
        if "piece" not in g.get("class").split():
            continue
        pid, sq = g.get("data-player"), g.get("data-square")
        assert sq == maze_state.players[pid].space
        c = g.find("s:circle", NS)
        r = squares[sq]
        rect = tuple(float(r.get(k)) for k in ("x", "y", "width", "height"))
        x, y, rad = float(c.get("cx")), float(c.get("cy")), float(c.get("r"))
        assert inside(rect, x - rad, y - rad) and inside(rect, x + rad, y + rad)


def test_the_maze_picture_hides_other_players_cards_and_unturned_cups(maze_state):
    harry = maze_state.players["harry"]
    mine = parse(svg.maze(maze_state, player="harry"))
    nobody = parse(svg.maze(maze_state))

    def hand(root, pid):
        return root.find(f".//s:g[@data-field='hand'][@data-player='{pid}']", NS)
    assert int(hand(mine, "harry").get("data-face-down")) == 0
    assert int(hand(mine, "cedric").get("data-face-down")) == len(maze_state.players["cedric"].hand)
    assert int(hand(nobody, "harry").get("data-face-down")) == len(harry.hand)
    for cup in nobody.iterfind(".//s:rect[@data-square]", NS):
        if "cup-tile" in cup.get("class", ""):
            sq = cup.get("data-square")
            assert (cup.get("data-tile") != "") == maze_state.cups[sq].face_up
    with pytest.raises(TalismanError):
        svg.maze(maze_state, player="voldemort")
    with pytest.raises(TalismanError, match="TriwizardState"):
        svg.maze(talisman.new_game(["warrior"], seed=0))


def test_the_triwizard_state_draws_itself_when_ipython_runs(monkeypatch, maze_state):
    import sys
    import types
    from talisman.svg import register_in_ipython
    from talisman.triwizard import TriwizardState
    seen = {}
    formatter = types.SimpleNamespace(for_type=lambda cls, f: seen.setdefault(cls, f))
    shell = types.SimpleNamespace(display_formatter=types.SimpleNamespace(
        formatters={"image/svg+xml": formatter}))
    monkeypatch.setitem(sys.modules, "IPython", types.SimpleNamespace(get_ipython=lambda: shell))
    register_in_ipython()
    assert seen[TriwizardState](maze_state) == svg.maze(maze_state)


def test_show_and_replay_html_draw_the_triwizard_maze_too(tmp_path):
    from talisman import triwizard
    s = triwizard.new_game(players=3, seed=2)
    actions = []
    for _ in range(12):
        a = triwizard.legal_actions(s)[0]
        actions.append(a)
        s = triwizard.apply(s, a)
    record = triwizard.record(s, actions)
    rec = tmp_path / "maze.json"
    rec.write_text(json.dumps(record))
    out = tmp_path / "maze.svg"
    r = CliRunner().invoke(main, ["show", str(rec), "--step", "5", "--svg", str(out)])
    assert r.exit_code == 0, r.output
    assert out.read_text() == svg.maze(triwizard.replay(record, upto=5))
    page = tmp_path / "maze.html"
    r = CliRunner().invoke(main, ["replay", str(rec), "--html", str(page), "--player", s.order[0]])
    assert r.exit_code == 0, r.output
    steps = page_steps(page.read_text())
    assert len(steps) == len(actions) + 1
    assert steps[-1][1] == svg.maze(s, player=s.order[0])
    assert len(page.read_text()) < 20_000 * len(steps)    # the maze itself is drawn once


def test_a_secret_look_stays_secret_in_the_replay_pages_narration():
    """A Talisman event seen by one player (``seen_by``) names its cards to that player only."""
    from talisman.engine.records import Event
    from talisman.svg.page import seen_events
    s = talisman.new_game(["warrior", "wizard"], seed=0)
    secret = Event("divined", pmap({"character": "wizard", "seen_by": "wizard", "cards": ["bear", "ape"]}))
    s = replace(s, log=s.log.append(secret))
    before = len(s.log) - 1
    assert list(seen_events(s, before, "wizard")[0].data["cards"]) == ["bear", "ape"]
    for who in ("warrior", None):
        assert list(seen_events(s, before, who)[0].data["cards"]) == ["hidden", "hidden"]


def test_the_pictures_page_shows_pictures_its_script_makes(tmp_path):
    """docs/pictures.md: every picture it shows is in docs/pictures/ (SVGs that parse, a PNG),
    and docs/pictures.py draws each SVG again from its seeded games (the browser's screenshot:
    tests/test_browser.py)."""
    import runpy
    docs = Path(__file__).resolve().parents[1] / "docs"
    shown = re.findall(r"!\[[^\]]*\]\((pictures/[^)]+)\)", (docs / "pictures.md").read_text(encoding="utf-8"))
    assert len(shown) >= 5 and "pictures/replay.png" in shown
    for name in shown:
        path = docs / name
        if name.endswith(".svg"):
            assert ET.parse(path).getroot().tag == "{http://www.w3.org/2000/svg}svg"
        else:
            assert path.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    script = runpy.run_path(str(docs / "pictures.py"))
    assert script["main"](["--out", str(tmp_path), "--no-browser"]) == 0
    made = sorted(p.name for p in tmp_path.iterdir())
    assert made == sorted(Path(n).name for n in shown if n.endswith(".svg"))
    for name in made:
        ET.parse(tmp_path / name)
