"""A hang is a failure: the bad-input tests run the library under a deadline.

The developers' guide: bad input gets the library's own clear error, "never a hang".  A test wraps
the call in ``deadline(seconds)``; past it SIGALRM raises ``Hang`` inside the call, so the test
fails naming the wait instead of blocking the suite (POSIX only, the main thread: pytest's).
"""

from __future__ import annotations

import contextlib
import signal


class Hang(Exception):
    """The call under ``deadline`` gave no answer in time."""


@contextlib.contextmanager
def deadline(seconds: int = 30):
    """Raise ``Hang`` in the running code if the block takes longer than ``seconds``."""

    def _alarm(*_):
        raise Hang(f"no answer within {seconds} s")

    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
