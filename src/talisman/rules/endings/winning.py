"""WINNING THE GAME lives in :mod:`talisman.rules.winning` (a rule area below the endings);
re-exported here under its old path."""
from __future__ import annotations

from typing import Any

from ..winning import (HELD_CHECK_STEP, check_last_survivor, may_restart, reached_crown, unused_characters,
                       win, won_in_time)

__all__ = ["may_restart", "unused_characters", "check_last_survivor", "reached_crown", "win", "won_in_time",
           "HELD_CHECK_STEP"]

STEPS: dict[str, Any] = {}
