"""A headless Chromium driven through the DevTools protocol over a pipe, for the tests and
``docs/pictures.py``: no client library needed.

Chromium is started with ``--remote-debugging-pipe``: it reads JSON commands, each ended by a
NUL byte, on file descriptor 3 and writes answers and events on 4 (the protocol's own pipe
transport).  :class:`Browser` opens one page, loads files, runs JavaScript, collects every
script error, console error and log error, and takes screenshots.
"""
from __future__ import annotations

import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import time

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
