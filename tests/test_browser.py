"""The replay page (``talisman replay FILE --html``) opened in a real headless browser.

Debian's ``chromium`` is driven through the DevTools protocol over a pipe
(``--remote-debugging-pipe``: JSON messages ended by a NUL byte on file descriptors 3 and 4), so
no client library is needed. The test checks that the page runs without a script error or a
console error, that stepping changes the picture (and stepping back restores it), and saves a
screenshot under the test's temporary folder.

``.ci/run`` installs ``chromium`` when it is missing; where it cannot be had the tests skip,
naming the reason (``TALISMAN_CHROMIUM`` names another browser executable).
"""
from __future__ import annotations

import base64
import fcntl
import json
import os
import random
import select
import shutil
import subprocess
import time
import warnings

import pytest

import talisman
from talisman import triwizard
from talisman.svg.page import replay_page

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
TIMEOUT = 120.0   # seconds for one protocol answer (the machine is shared: slow, never stuck)


def chromium_executable():
    for name in (os.environ.get("TALISMAN_CHROMIUM"), "chromium", "chromium-browser", "google-chrome"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


class BrowserError(Exception):
    pass


class Browser:
    """A headless Chromium with one page, spoken to over the DevTools pipe."""

    def __init__(self, exe, profile):
        to_child_r, self._to_child = os.pipe()
        self._from_child, from_child_w = os.pipe()

        def fds():  # (in the child) the protocol's pipe ends on descriptors 3 and 4
            high = [fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in (to_child_r, from_child_w)]
            os.dup2(high[0], 3)
            os.dup2(high[1], 4)

        self.proc = subprocess.Popen(
            [exe, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions",
             "--hide-scrollbars", "--window-size=1400,1000", f"--user-data-dir={profile}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=fds, pass_fds=(3, 4))  # (kept open past the child's close_fds)
        os.close(to_child_r)
        os.close(from_child_w)
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict] = []
        targets = self.call("Target.getTargets")["targetInfos"]
        page = next(t for t in targets if t["type"] == "page")
        self.session = self.call("Target.attachToTarget", targetId=page["targetId"], flatten=True)["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable", session=True)

    def _message(self, deadline):
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BrowserError("no answer from the browser in time")
            ready, _, _ = select.select([self._from_child], [], [], left)
            if ready:
                chunk = os.read(self._from_child, 1 << 16)
                if not chunk:
                    raise BrowserError(f"the browser closed its pipe (exit code {self.proc.poll()})")
                self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(raw)

    def call(self, method, session=False, **params):
        """Send one command; keep the events met on the way (``self.events``); its result."""
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        os.write(self._to_child, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + TIMEOUT
        while True:
            m = self._message(deadline)
            if m.get("id") == self._next_id:
                if "error" in m:
                    raise BrowserError(f"{method}: {m['error']}")
                return m.get("result", {})
            if "method" in m:
                self.events.append(m)

    def wait_for(self, method):
        deadline = time.monotonic() + TIMEOUT
        while not any(e["method"] == method for e in self.events):
            m = self._message(deadline)
            if "method" in m:
                self.events.append(m)

    def open(self, path):
        self.events.clear()
        self.call("Page.navigate", session=True, url=path.as_uri())
        self.wait_for("Page.loadEventFired")

    def js(self, expression):
        r = self.call("Runtime.evaluate", session=True, expression=expression, returnByValue=True,
                      awaitPromise=True)
        if "exceptionDetails" in r:
            raise BrowserError(f"{expression}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def errors(self):
        """Every uncaught exception and every console or log entry at the error level."""
        out = []
        for e in self.events:
            p = e.get("params", {})
            if e["method"] == "Runtime.exceptionThrown":
                d = p["exceptionDetails"]
                out.append(d.get("exception", {}).get("description") or d.get("text"))
            elif e["method"] == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                out.append(" ".join(str(a.get("value", a.get("description"))) for a in p.get("args", ())))
            elif e["method"] == "Log.entryAdded" and p["entry"]["level"] == "error":
                out.append(p["entry"]["text"])
        return out

    def screenshot(self, path):
        data = base64.b64decode(self.call("Page.captureScreenshot", session=True, format="png")["data"])
        path.write_bytes(data)
        return data

    def close(self):
        try:
            self.call("Browser.close")
        except (BrowserError, OSError):
            pass
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._to_child)
        os.close(self._from_child)


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
