"""The replay page (``talisman replay FILE --html``) opened in a real headless browser.

Debian's ``chromium`` is driven through the DevTools protocol over a pipe
(``tests/chromium.py``: JSON messages ended by a NUL byte on file descriptors 3 and 4), so no
client library is needed. The test checks that the page runs without a script error or a
console error, that stepping changes the picture (and stepping back restores it), and saves a
screenshot under the test's temporary folder.

``.ci/run`` installs ``chromium`` when it is missing; where it cannot be had the tests skip,
naming the reason (``TALISMAN_CHROMIUM`` names another browser executable).
"""
from __future__ import annotations

import json
import random
import warnings

import pytest
from chromium import PNG_MAGIC, Browser, chromium_executable

import talisman
from talisman import triwizard
from talisman.svg.page import replay_page


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    exe = chromium_executable()
    if exe is None:
        reason = ("NO BROWSER: Debian's chromium is not installed (.ci/run installs it: "
                  "apt-get install chromium); the replay page was not opened in a browser")
        warnings.warn(reason)   # (shown in the summary, where a skip's reason is not by default)
        pytest.skip(reason)
    b = Browser(exe, tmp_path_factory.mktemp("chromium-profile"))
    yield b
    b.close()


def talisman_record():
    """A seeded random game with moves, cards and fights: its record."""
    s = talisman.new_game(["warrior", "wizard", "troll"], seed=11)
    r = random.Random(11)
    actions = []
    for _ in range(60):
        if s.is_over:
            break
        a = r.choice(talisman.legal_actions(s))
        actions.append(str(a))
        s = talisman.apply(s, a)
    return talisman.record(s, actions)


def triwizard_record():
    s = triwizard.new_game(3, 5)
    r = random.Random(5)
    actions = []
    for _ in range(40):
        if s.is_over:
            break
        a = r.choice(triwizard.legal_actions(s))
        actions.append(str(a))
        s = triwizard.apply(s, a)
    return triwizard.record(s, actions)


def first_step_with_another_picture(page):
    """The number of the first step whose picture differs from step 0's (read from the page's data)."""
    start = page.index('<script id="replay-data" type="application/json">') + \
        len('<script id="replay-data" type="application/json">')
    data = json.loads(page[start:page.index("</script>", start)])
    pictures = [s["picture"] for s in data["steps"]]
    return next(i for i, p in enumerate(pictures) if p != pictures[0]), len(pictures)


STATE_JS = """(() => {
  const svg = document.querySelector('#picture svg');
  const box = svg ? svg.getBoundingClientRect() : null;
  return {step: document.body.dataset.step, counter: document.getElementById('counter').textContent,
          action: document.getElementById('action').textContent,
          picture: document.getElementById('picture').innerHTML,
          width: box ? box.width : 0, height: box ? box.height : 0,
          spaces: document.querySelectorAll('#picture svg [data-space], #picture svg [data-square]').length,
          static_left: document.querySelectorAll('#picture g.board-static[data-static]').length};
})()"""


@pytest.mark.parametrize("kind", ["talisman", "triwizard"])
def test_the_replay_page_runs_and_steps_in_a_real_browser(browser, tmp_path, kind):
    record = talisman_record() if kind == "talisman" else triwizard_record()
    page = replay_page(record)
    k, n = first_step_with_another_picture(page)
    path = tmp_path / f"{kind}.html"
    path.write_text(page, encoding="utf-8")

    browser.open(path)
    assert browser.errors() == []
    first = browser.js(STATE_JS)
    assert first["step"] == "0" and first["counter"] == f"step 0 of {n - 1}"
    assert first["action"] == "The game is set up."
    assert first["width"] > 300 and first["height"] > 200       # the picture is laid out, not empty
    assert first["spaces"] > 20 and first["static_left"] == 0   # the shared board was put back

    for _ in range(k):
        browser.js("document.getElementById('next').click()")
    moved = browser.js(STATE_JS)
    assert moved["step"] == str(k) and moved["picture"] != first["picture"]
    assert moved["action"] != first["action"]
    browser.js("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'Home'}))")
    assert browser.js(STATE_JS)["picture"] == first["picture"]   # and back again
    browser.js("document.getElementById('last').click()")
    assert browser.js(STATE_JS)["step"] == str(n - 1)

    shot = browser.screenshot(tmp_path / f"{kind}.png")
    assert shot.startswith(PNG_MAGIC) and len(shot) > 20_000
    assert browser.errors() == []


def test_the_harness_sees_a_script_error(browser, tmp_path):
    """The check above can fail: a page whose script throws is reported."""
    path = tmp_path / "broken.html"
    path.write_text("<!DOCTYPE html><p>x</p><script>console.error('said'); null.x;</script>")
    browser.open(path)
    errors = browser.errors()
    assert any("said" in e for e in errors) and any("TypeError" in e for e in errors)
