"""A person at the terminal (``talisman play --seat 1=human``): named options, prefixes, help,
clear refusals, the status panel and the map, hidden information (issue 26)."""
import io
import json
import os
import re
import select
import subprocess
import sys
import time
from fractions import Fraction

import pytest
from click.testing import CliRunner
from rich.console import Console

import talisman
from talisman.bots import BOTS
from talisman.cli import main
from talisman.console import board_map, describe, fight_odds, match, pieces_on, status_panel
from talisman.definitions import load
from talisman.engine.machine import AT_SCRIPT_END
from talisman.scenarios import setup_state
from talisman.svg.layout import grid_cells, main_board


def play(args, text):
    """Run ``talisman play`` with typed input; the result of the run."""
    r = CliRunner().invoke(main, ["play", *args], input=text)
    assert r.exception is None or isinstance(r.exception, SystemExit), r.output
    assert "Traceback" not in r.output
    return r


def humans_actions(record):
    """The notations a given seat typed in a game record, replayed through the API."""
    state = talisman.new_game(record["characters"], record["expansions"], record["seed"],
                              record["options"])
    out = []
    for notation in record["actions"]:
        out.append((state.pending.player, notation))
        state = talisman.apply(state, notation)
    return out, state


def test_a_whole_game_is_played_by_typed_numbers_then_by_typed_notations(tmp_path):
    args = ["--characters", "warrior,troll", "--seed", "3", "--seat", "1=human",
            "--option", "max_rounds=25"]
    first = tmp_path / "numbers.json"
    r = play([*args, "--save", str(first)], "1\n" * 3000)
    assert r.exit_code == 0, r.output
    assert "The game stops here" not in r.output
    record = json.loads(first.read_text())
    played, end = humans_actions(record)
    assert end.is_over and ("wins the game" in r.output or "round limit" in r.output
                            or "Every character has lost" in r.output)
    typed = [n for who, n in played if who == "warrior"]
    assert len(typed) >= 10
    # the same game again, the person typing each option's notation instead of its number
    second = tmp_path / "notations.json"
    r2 = play([*args, "--save", str(second)], "".join(n + "\n" for n in typed))
    assert r2.exit_code == 0 and "The game stops here" not in r2.output, r2.output
    assert json.loads(second.read_text()) == record


def test_bad_input_is_refused_with_a_clear_message_and_asked_again(tmp_path):
    rec = tmp_path / "g.json"
    r = play(["--characters", "warrior", "--seed", "1", "--seat", "1=human", "--save", str(rec)],
             "zzz\n0\n\nmove:crown_of_command\n1\n")
    assert r.exit_code == 0
    assert "'zzz' is not one of the options" in r.output
    assert "there is no option 0; choose 1 to" in r.output
    assert "Type a number, a notation or help." in r.output
    assert "'move:crown_of_command' is not one of the options" in r.output
    assert r.output.count("Choose (a number, a notation, or help)") >= 5
    # only the good answer was played; end of input then ends the game cleanly, with its record
    assert len(json.loads(rec.read_text())["actions"]) == 1
    assert "The game stops here, after 1 action." in r.output


def first_decision(chars=("warrior",), seed=1):
    return talisman.new_game(list(chars), (), seed, {"max_rounds": 200})


def unique_prefix(notations, target):
    for n in range(1, len(target) + 1):
        if [x for x in notations if x.startswith(target[:n])] == [target]:
            return target[:n]
    return None


def test_a_unique_prefix_of_a_notation_or_of_a_name_chooses_it(tmp_path):
    # Fate dealt (the Revised 4th rule): the first decision offers fate:reroll, uniquely prefixed
    s = talisman.new_game(["warrior"], (), 1, {"max_rounds": 200, "fate": "card"})
    notations = [str(a) for a in talisman.legal_actions(s)]
    target = notations[-1]
    prefix = unique_prefix(notations, target)
    assert prefix is not None and prefix != target
    rec = tmp_path / "g.json"
    r = play(["--characters", "warrior", "--seed", "1", "--option", "fate=card", "--seat", "1=human",
              "--save", str(rec)], prefix + "\n")
    assert r.exit_code == 0
    assert json.loads(rec.read_text())["actions"] == [target]
    # an ambiguous prefix is refused, naming the options it could be
    rows = [(a, *describe(talisman.player_view(s, "warrior"), a, "warrior"))
            for a in talisman.legal_actions(s)]
    action, why = match("move:", rows)
    assert action is None and "could be any of" in why and "type more" in why
    # a name's prefix, when only one option's name begins so
    names = [name for _, name, _ in rows]
    for a, name, _ in rows:
        if sum(n.lower().startswith(name.lower()) for n in names) == 1:
            assert match(name.lower(), rows) == (a, None)


def test_help_map_status_and_options_commands(tmp_path):
    r = play(["--characters", "warrior,troll", "--seed", "2", "--seat", "1=human"],
             "help\nm\ns\no\n")
    out = r.output
    assert r.exit_code == 0
    for word in ("help", "options", "status", "map", "quit"):
        assert f"  {word}" in out
    # the map: every space of the three regions and the Crown, with the pieces on it
    for region in ("outer", "middle", "inner", "crown"):
        for sid in load().board.regions[region]:
            assert load().board.spaces[sid].name.split()[0] in out
    assert out.count("warrior: move") >= 2  # the options were shown again
    assert out.count("Counters") >= 2      # and the status panel


def test_every_option_is_named_and_explained():
    s = first_decision()
    view = talisman.player_view(s, "warrior")
    for a in talisman.legal_actions(s):
        name, meaning = describe(view, a, "warrior")
        if a.kind == "move":
            space = load().board.spaces[a.args[0]]
            assert name == f"Move to {space.name}" and space.text in meaning
            assert ("Outer" in meaning or "Middle" in meaning)
    r = play(["--characters", "warrior", "--seed", "1", "--seat", "1=human"], "")
    for a in talisman.legal_actions(s):
        name, _ = describe(view, a, "warrior")
        assert str(a) in r.output and name in r.output  # notation and name side by side


def first_fight(seed):
    """The first fight offered to a lone Wizard (random choices), or None."""
    s = talisman.new_game(["wizard"], (), seed, {"max_rounds": 30})
    bot = BOTS["random"](seed)
    while not s.is_over:
        if any(a.kind == "fight" for a in talisman.legal_actions(s)):
            return s
        s = talisman.apply(s, bot.choose(s))
    return None


def test_fight_odds_are_exact_as_the_rules_compute_them():
    """BATTLE: each side rolls one die and adds its Strength; higher wins, equal is a stand-off."""
    checked = 0
    for seed in range(40):
        s = first_fight(seed)
        if s is None:
            continue
        ch, b = s.characters["wizard"], s.battle
        if len(b["enemies"]) != 1 or ch.objects or ch.followers or b["kind"] != "battle":
            continue
        mine = ch.strength
        theirs = b["enemies"][0]["value"] + load().board.spaces[ch.space].creature_bonus
        die = range(1, 7)
        win = sum(Fraction(1, 36) for a in die for e in die if mine + a > theirs + e)
        tie = sum(Fraction(1, 36) for a in die for e in die if mine + a == theirs + e)
        odds = fight_odds(talisman.player_view(s, "wizard"), "wizard")
        assert (odds["win"], odds["standoff"], odds["lose"]) == (win, tie, 1 - win - tie)
        checked += 1 if 0 < win < 1 else 0
    assert checked >= 2


def test_the_fight_option_shows_its_odds():
    s = next(x for x in map(first_fight, range(40)) if x is not None and x.battle["enemies"][0]["card"])
    view = talisman.player_view(s, "wizard")
    odds = fight_odds(view, "wizard")
    name, meaning = describe(view, talisman.parse_action(s, "fight"), "wizard", odds)
    enemy = load().cards[s.battle["enemies"][0]["card"]].name
    assert enemy in name and f"win {float(odds['win']) * 100:.0f}%" in meaning


def wolf_fight():
    """The Warrior draws the Wolf in the Ruins and fights it: the Wolf is under resolution (off
    the space, in ``state.resolving``) while the fight lasts."""
    setup = {"characters": [{"id": "warrior", "space": "fields_5", "fate": 0},
                            {"id": "troll", "space": "tavern", "fate": 0}],
             "deck_tops": {"adventure": ["wolf", "bag_of_gold"]}}
    s = talisman.apply(setup_state(setup, [1]), "move:ruins", stop_at_chance=AT_SCRIPT_END)
    assert s.pending.kind == "combat" and list(s.resolving["ruins"]) == ["wolf"]
    assert "wolf" not in s.board_cards.get("ruins", ())
    return s


def test_the_map_shows_the_enemy_being_fought_on_its_space():
    """An Enemy fought is held off the space while the fight lasts (issue 16, item 3): the view
    still shows it there, marked as fought, to the fighter and to the other seats."""
    s = wolf_fight()
    for seat in ("warrior", "troll"):
        view = talisman.player_view(s, seat)
        assert pieces_on(view, "ruins")[:2] == ["Warrior", "Wolf (fighting)"]
        out = Console(file=io.StringIO(), width=160)
        out.print(board_map(view, seat))
        assert "Wolf (fighting)" in out.file.getvalue()


def spells_of(state, cid):
    return {load().cards[c].name for c in state.characters[cid].spells}


def test_another_seats_hidden_spells_are_never_printed(tmp_path):
    """All Spells / Scrolls may be kept face down: the person sees how many, never which."""
    seed = next(sd for sd in range(20)
                if spells_of(talisman.new_game(["warrior", "wizard"], (), sd), "wizard"))
    s = talisman.new_game(["warrior", "wizard"], (), seed)
    hidden = spells_of(s, "wizard")
    if s.pending.player == "wizard":  # the Wizard may begin with a Scroll
        s = talisman.apply(s, "start:spells")
        hidden = spells_of(s, "wizard")
    r = play(["--characters", "warrior,wizard", "--seed", str(seed), "--seat", "1=human"],
             "s\nm\no\nhelp\n")
    assert "face down" in r.output
    for name in hidden:
        assert name not in r.output
    # the panel itself, built from the view, names none of them; the owner's names them all
    console = Console(record=True, width=120)
    console.print(status_panel(talisman.player_view(s, "warrior"), "warrior"))
    text = console.export_text()
    assert all(name not in text for name in hidden) and "Wizard" in text
    console = Console(record=True, width=120)
    console.print(status_panel(talisman.player_view(s, "wizard"), "wizard"))
    text = console.export_text()
    assert hidden and all(name in text for name in hidden)


def test_the_status_panel_shows_the_expansions_round_time_and_omens():
    s = talisman.new_game(["warrior", "troll"], ("harbinger", "blood_moon"), 0)
    console = Console(record=True, width=160)
    console.print(status_panel(talisman.player_view(s, s.pending.player), s.pending.player))
    text = console.export_text()
    assert "Round 1" in text and ("Day" in text or "Night" in text)
    top = s.ext["harbinger"]["omen_stack"][0]
    assert f"Omen stack {len(s.ext['harbinger']['omen_stack'])}" in text
    assert load().cards[top].name in text


def test_the_map_places_the_rings_as_concentric_squares():
    layout = grid_cells(load().board)
    assert len(set(layout.values())) == len(layout) == 49
    assert layout["crown_of_command"] == (3, 3)
    for sid, (r, c) in layout.items():
        ring = 3 - max(abs(r - 3), abs(c - 3))   # 0 on the border, 3 at the centre
        assert load().board.spaces[sid].region == ("outer", "middle", "inner", "crown")[ring]
    # ring neighbours are grid neighbours
    for sid, (r, c) in layout.items():
        for other in load().board.spaces[sid].neighbours:
            if other in layout and load().board.spaces[other].region == load().board.spaces[sid].region:
                r2, c2 = layout[other]
                assert abs(r - r2) + abs(c - c2) == 1


def test_the_map_and_the_svg_picture_agree_on_each_spaces_ring_and_side():
    """The terminal map's cells come from the picture's layout: each space is on the same ring
    and the same side (left/right of the centre, above/below it) in both."""
    board = load().board
    picture = main_board(board)
    cx, cy = picture.centre
    rings = {region: k for k, (region, _) in enumerate(picture.rings)}
    view = talisman.player_view(talisman.new_game(["warrior", "troll"], seed=7), "warrior")
    console = Console(record=True, width=200)
    console.print(board_map(view, "warrior"))
    rows = [line for line in console.export_text().splitlines() if line.startswith("│")]
    for sid, (r, c) in grid_cells(board).items():
        x, y = picture.boxes[sid].centre
        assert (c > 3) - (c < 3) == (x > cx + 1) - (x < cx - 1), sid
        assert (r > 3) - (r < 3) == (y > cy + 1) - (y < cy - 1), sid
        if sid in rings:
            ring = rings[board.spaces[sid].region]
            assert 3 - max(abs(r - 3), abs(c - 3)) == ring, sid
    # and the printed map shows the Village in the bottom-left cell, as the picture draws it
    assert picture.boxes["village"].x < cx and picture.boxes["village"].y > cy
    village = [i for i, line in enumerate(rows) if line.split("│")[1].strip() == "Village"]
    assert village and village[0] > len(rows) // 2


def test_quit_and_pause_end_the_game_cleanly(tmp_path):
    r = play(["--characters", "warrior,troll", "--seat", "1=human"], "quit\n")
    assert r.exit_code == 0 and "The game stops here, after 0 actions." in r.output
    r = play(["--characters", "warrior,troll", "--seat", "1=human", "--pause", "--pace", "0"],
             "1\n1\n1\n1\n\n\n")
    assert r.exit_code == 0 and "-- Enter: Troll's turn --" in r.output


# ----------------------------------------------------------------------------- a real terminal

ANSI = re.compile(r"\x1b\[[0-9;?]*[a-zA-Z]|\x1b\][^\x07]*\x07|\r")


class Pty:
    """``talisman play`` in a pseudo-terminal (the standard library's ``pty``), read and typed to
    like a person would."""

    def __init__(self, args):
        import pty  # POSIX only: the test is skipped elsewhere
        master, slave = pty.openpty()
        env = {**os.environ, "COLUMNS": "120", "LINES": "50", "TERM": "xterm",
               "PYTHONPATH": os.pathsep.join(sys.path)}
        self.proc = subprocess.Popen([sys.executable, "-m", "talisman.cli", "play", *args],
                                     stdin=slave, stdout=slave, stderr=slave, env=env,
                                     close_fds=True)
        os.close(slave)
        self.fd = master
        self.raw = b""
        self.screen = ""

    def expect(self, pattern, timeout=60):
        """Read until ``pattern`` (a regex) shows after what was read before; the new text."""
        start = len(self.screen)
        end = time.monotonic() + timeout
        while not re.search(pattern, self.screen[start:]):
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{pattern!r} never showed:\n{self.screen[start:][-3000:]}")
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:  # the child closed the terminal
                    chunk = b""
                if not chunk:
                    raise AssertionError(f"ended before {pattern!r}:\n{self.screen[start:][-3000:]}")
                # the escapes are stripped from the whole output, not chunk by chunk: under load
                # a read may end inside an escape sequence (or a UTF-8 character) after the
                # prompt, and a half sequence left on the screen hid the prompt's end (``$``)
                self.raw += chunk
                self.screen = ANSI.sub("", self.raw.decode("utf-8", "replace"))
        return self.screen[start:]

    def type(self, text):
        os.write(self.fd, text.encode())

    def end_input(self, tries=5):
        """Type the end of input (Ctrl-D) until the game says it stops; the text then.  A Ctrl-D
        typed before the program is back in its read can be lost when the line editor (readline)
        switches the terminal's mode, unlike a typed line; so it is typed again after a while."""
        for _ in range(tries - 1):
            self.type("\x04")
            try:
                return self.expect(r"The game stops here, after \d+ actions", timeout=10)
            except AssertionError:
                continue
        self.type("\x04")
        return self.expect(r"The game stops here, after \d+ actions")

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=30)
        os.close(self.fd)


PROMPT = r"Choose \(a number, a notation, or help\): $"
END = r"wins the game|Every character has lost|round limit"


@pytest.mark.skipif(not sys.platform.startswith(("linux", "darwin")), reason="needs a POSIX pty")
def test_a_person_plays_several_turns_in_a_pseudo_terminal():
    t = Pty(["--characters", "warrior,troll", "--seed", "4", "--seat", "1=human",
             "--expansions", "harbinger,blood_moon"])
    try:
        screen = t.expect(PROMPT)
        assert "Counters" in screen and "Omen stack" in screen and "Round 1" in screen
        t.type("help\n")
        assert "quit" in t.expect(PROMPT)
        t.type("m\n")
        assert "Crown of Command" in t.expect(PROMPT)
        t.type("nonsense\n")
        assert "'nonsense' is not one of the options" in t.expect(PROMPT)
        t.type("1\n")                                   # a number
        turns, over = 0, False
        for i in range(12):
            screen = t.expect(PROMPT + "|" + END)
            turns += len(re.findall(r"Round \d+, turn \d+: Warrior", screen))
            if re.search(END, screen):
                over = True
                break
            options = re.findall(r"^  1\. (\S+)", screen, re.M)
            assert options, screen
            t.type(options[-1] + "\n")                  # a notation
        if not over:
            assert "after" in t.end_input()
        assert t.proc.wait(timeout=30) == 0
        assert "Traceback" not in t.screen and turns >= 2
    finally:
        t.close()


@pytest.mark.parametrize("expansions", [(), ("harbinger", "blood_moon", "city", "wizards_tower",
                                              "disasters")])
def test_every_decision_of_random_games_is_described_and_drawn(expansions):
    """Whatever the decision, its options get a name, and the panel and the map draw."""
    console = Console(file=open(os.devnull, "w"), width=100)
    kinds = set()
    for seed in (1,):
        s = talisman.new_game(["warrior", "wizard", "troll", "elf"], expansions, seed,
                              {"max_rounds": 12})
        bot = BOTS["random"](seed)
        while not s.is_over:
            seat = s.pending.player
            view = talisman.player_view(s, seat)
            for a in talisman.legal_actions(s):
                name, meaning = describe(view, a, seat)
                assert name and isinstance(meaning, str)
                kinds.add(a.kind)
            if any(a.kind == "fight" for a in talisman.legal_actions(s)):
                fight_odds(view, seat)
            if len(s.log) % 7 == 0:
                console.print(status_panel(view, seat))
                console.print(board_map(view, seat))
            s = talisman.apply(s, bot.choose(s))
    console.file.close()
    assert {"move", "done"} <= kinds
