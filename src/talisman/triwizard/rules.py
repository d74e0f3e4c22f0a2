"""The Triwizard Maze game's rule steps, collected explicitly from each rule-area module
(no registration by import side effect).  The decision machine runs them."""
from __future__ import annotations

from . import battle, cloak, movement, piles, resources, setup, spaces, turn

STEPS = {}
for _module in (setup, turn, piles, movement, spaces, battle, resources, cloak):
    for _name, _fn in _module.STEPS.items():
        assert _name not in STEPS, f"duplicate rule step {_name}"
        STEPS[_name] = _fn
