"""ENCOUNTERS: not implemented yet.

The encounter part of the turn is a placeholder that logs ``encounter_skipped``
with the reason; docs/rules-coverage.md lists every encounter rule as not yet done.
"""
from __future__ import annotations

from ..engine.machine import log


def start_encounters(state):
    """Placeholder for II. Encounters of CHARACTER'S TURN: logs that nothing was encountered."""
    cid = state.current
    return log(state, "encounter_skipped", character=cid, space=state.characters[cid].space,
               reason="encounters are not implemented yet")


STEPS = {"encounters.start": start_encounters}
