"""The implemented expansions: an explicit registry of their modules (no import side effects).

Each expansion module declares everything it adds in one record, its ``PLUGIN``
(:class:`talisman.engine.ruleset.Plugin`: hooks, effects and their schemas, rule steps); the API
layer registers the plugins of :data:`MODULES` in the engine's rule set.  How the layers fit,
how a hook point is declared and subscribed, and how to add an expansion: docs/architecture.md;
the hook points themselves: :mod:`talisman.rules.hooks`.
"""
from __future__ import annotations

import importlib

from ..engine.ruleset import RULESET
from ..rules.hooks import HOOK_NAMES, STATE_HOOKS, VALUE_HOOKS, adjust, effect, run_hook

__all__ = ["MODULES", "module", "implemented", "plugins", "effect_schemas", "steps", "run_hook",
           "adjust", "effect", "HOOK_NAMES", "STATE_HOOKS", "VALUE_HOOKS"]

#: Expansion id -> module path.  Only implemented expansions are listed.
MODULES: dict[str, str] = {"harbinger": "talisman.expansions.harbinger",
                           "blood_moon": "talisman.expansions.blood_moon",
                           "city": "talisman.expansions.city_law",
                           "wizards_tower": "talisman.expansions.wizards_tower",
                           "disasters": "talisman.expansions.disasters",
                           "dungeon": "talisman.expansions.dungeon",
                           "emperors_guard": "talisman.expansions.emperors_guard",
                           "brotherhood": "talisman.expansions.brotherhood",
                           "catacombs": "talisman.expansions.catacombs",
                           "timescape": "talisman.expansions.timescape",
                           "airships": "talisman.expansions.airships"}


def module(expansion):
    """The module of an implemented expansion."""
    return importlib.import_module(MODULES[expansion])


def implemented():
    """The modules of every implemented expansion, in registry order."""
    return [module(e) for e in MODULES]


def plugins():
    """The plugin of every implemented expansion, in registry order."""
    return [m.PLUGIN for m in implemented()]


def effect_schemas():
    """Every registered expansion's extra effect schemas (for loading data)."""
    return RULESET.effect_schemas()


def steps():
    """Every implemented expansion's rule steps."""
    out = {}
    for p in plugins():
        out.update(p.steps)
    return out
