"""WINNING THE GAME lives in :mod:`talisman.rules.winning` (a rule area below the endings);
re-exported here under its old path."""
from __future__ import annotations

from typing import Any

from ..winning import *  # noqa: F401,F403
from ..winning import __all__  # noqa: F401

STEPS: dict[str, Any] = {}
