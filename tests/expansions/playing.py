"""What the modules' tests share (the Emperor's Guard, Airships, the Brotherhood, the Catacombs):
seeded random play and heuristic bot games from a position, and a table made bad on load.

Written once here; a test module of this folder imports it as ``playing`` (pytest puts the
folder of a test module on ``sys.path``).
"""
from __future__ import annotations

import shutil

import pytest
import yaml

import talisman
from talisman import api, definitions
from talisman.engine.data import data_root
from talisman.bots import HeuristicBot
from talisman.errors import DataError
from talisman.testing import invariants
from talisman.testing.strategies import play_random


def random_play(start, seeds, steps=300, every=10):
    """Seeded random play from ``start(seed)`` for each of ``seeds``: no exception, every
    invariant holds (in the first state, every ``every``-th and the last), the last state
    round-trips through JSON and the same seed replays the same game.

    Returns:
        The names of the events the games logged (for the caller to ask what was met).
    """
    met = set()
    for seed in seeds:
        s = start(seed)
        assert invariants.check(s) == []
        states, _ = play_random(s, steps, bot_seed=seed)
        for st in states[::every] + states[-1:]:
            assert invariants.check(st) == [], (seed, invariants.check(st))
        met |= {e.name for e in states[-1].log}
        assert api.from_json(api.to_json(states[-1])) == states[-1]
        again, _ = play_random(s, steps, bot_seed=seed)
        assert again[-1] == states[-1]
    return met


def bot_games(start, seeds, steps=400):
    """Heuristic bots play from ``start(seed)`` for each of ``seeds`` (one bot a character, up
    to ``steps`` decisions); every invariant holds at the end.

    Returns:
        The kinds of the decisions the bots took.
    """
    decided = set()
    for seed in seeds:
        s = start(seed)
        bots = {c: HeuristicBot(seed * 10 + i) for i, c in enumerate(s.order)}
        for _ in range(steps):
            if s.is_over:
                break
            decided.add(s.pending.kind)
            s = talisman.apply(s, bots[s.pending.player].choose(s))
        assert invariants.check(s) == []
    return decided


def refused_on_load(tmp_path, monkeypatch, data, change, text):
    """An expansion's table (``data.FILE``, which its plugin registers) changed by ``change``, in
    a copy of the data folder, is refused by ``talisman.definitions.load_from`` with a
    ``DataError`` matching ``text``.

    Returns:
        The error's message (for the caller to check what it names)."""
    root = tmp_path / "talisman"
    shutil.copytree(data_root() / "talisman", root)
    doc = yaml.safe_load((root / data.FILE).read_text(encoding="utf-8"))
    change(doc)
    (root / data.FILE).write_text(yaml.safe_dump(doc), encoding="utf-8")
    with pytest.raises(DataError, match=text) as refused:
        definitions.load_from(root)
    return str(refused.value)
