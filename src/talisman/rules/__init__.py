"""The base game's rule areas, one module each.

:data:`STEPS` maps every rule step's name to its function; the decision
machine (:mod:`talisman.engine.machine`) runs them.  Each module lists its own
steps in a ``STEPS`` dict; they are collected here explicitly, not by import
side-effect.
"""
from . import (abilities, characters, combat, effects, encounters, endings, inner_region, movement, setup,
               spells, turn)

STEPS = {}
for _module in (abilities, turn, movement, combat, characters, encounters, effects, spells, inner_region,
                endings, setup):
    for _name, _fn in _module.STEPS.items():
        assert _name not in STEPS, f"duplicate rule step {_name}"
        STEPS[_name] = _fn
