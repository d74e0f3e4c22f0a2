"""Make the pictures of ``docs/pictures.md``: a few seeded positions drawn by ``talisman.svg``
and a screenshot of a replay page taken by headless Chromium (``tests/chromium.py``).

    PYTHONPATH=src python docs/pictures.py            # into docs/pictures/
    PYTHONPATH=src python docs/pictures.py --out DIR --no-browser

Every position is a seeded game played by seeded random legal actions, so the same code and
rules draw the same pictures; a rule change that changes a game changes its picture, and the
script is run again.
"""
from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

import talisman
from talisman import svg, triwizard

ROOT = Path(__file__).resolve().parents[1]


def played(state, steps, seed, apply=talisman.apply, legal=talisman.legal_actions):
    """``state`` after ``steps`` seeded random legal actions (fewer if the game ends), and the actions."""
    rng, actions = random.Random(seed), []
    for _ in range(steps):
        if state.is_over:
            break
        action = rng.choice(legal(state))
        actions.append(str(action))
        state = apply(state, action)
    return state, actions


def positions():
    """``{file name: SVG text}`` of the pictured positions."""
    start = talisman.new_game(["warrior", "wizard", "troll", "elf"], seed=7)
    middle, _ = played(talisman.new_game(["warrior", "wizard", "thief", "priest"], seed=3), 220, 3)
    many, _ = played(talisman.new_game(["warrior", "sorceress", "dwarf"], ["harbinger", "blood_moon", "city",
                                                                           "wizards_tower"], seed=5), 70, 5)
    maze, _ = played(triwizard.new_game(3, 5), 30, 5, triwizard.apply, triwizard.legal_actions)
    return {
        "start.svg": svg.board(start, size=900),
        "middle.svg": svg.board(middle, size=900, highlight=middle.current),
        "middle-for-the-wizard.svg": svg.board(middle, size=900, player="wizard"),
        "expansions.svg": svg.board(many, size=1100),
        "maze.svg": svg.maze(maze, size=700),
    }


def replay_record():
    """The record of a short seeded game, for the replay page's screenshot."""
    s, actions = played(talisman.new_game(["warrior", "wizard", "troll"], seed=11), 60, 11)
    return talisman.record(s, actions)


def screenshot(out: Path) -> bool:
    """``replay.png``: the replay page after its last step, in headless Chromium (False: no browser)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from chromium import Browser, chromium_executable  # (a test helper, not part of the package)
    exe = chromium_executable()
    if exe is None:
        return False
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "replay.html"
        page.write_text(svg.replay_page(replay_record()), encoding="utf-8")
        browser = Browser(exe, Path(tmp) / "profile")
        try:
            browser.open(page)
            browser.js("document.getElementById('last').click()")
            errors = browser.errors()
            if errors:
                raise SystemExit(f"the replay page raised script errors: {errors}")
            browser.screenshot(out / "replay.png")
        finally:
            browser.close()
    return True


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, default=ROOT / "docs" / "pictures", help="the folder to write into")
    p.add_argument("--no-browser", action="store_true", help="skip the replay page's screenshot")
    a = p.parse_args(argv)
    a.out.mkdir(parents=True, exist_ok=True)
    for name, text in positions().items():
        (a.out / name).write_text(text + "\n", encoding="utf-8")
        print(a.out / name)
    if not a.no_browser:
        if screenshot(a.out):
            print(a.out / "replay.png")
        else:
            print("no chromium: replay.png not made (apt-get install chromium)", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
