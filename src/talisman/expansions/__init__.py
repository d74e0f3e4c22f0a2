"""Expansions join the base game only through these named hook points.

An expansion module defines ``HOOKS``: a dict from hook name to a pure function
``fn(state, **details) -> state``.  The base rules call :func:`run_hook` at each point;
only the expansions named in ``state.config.expansions`` run, in the order configured, so a
base-game state never runs expansion code.

Hook points (the whole list; keep it short):

``turn_started(state, character)``
    A character's turn begins, before movement.
``turn_ended(state, character)``
    A character's turn has ended, before play passes on.
``event_drawn(state, character, card)``
    A character drew an Event card (the Harbinger moves; the Blood Moon's Time card flips).
``attack_score(state, score, enemy)`` (a value hook, :func:`adjust`)
    A creature's attack score is computed (the Blood Moon's day and night change it).
``space_text(state, text, space)`` (a value hook, :func:`adjust`)
    A space's instructions are looked up (the City gate ignores the City's printed text).
"""
from __future__ import annotations

import importlib

HOOK_NAMES = ("turn_started", "turn_ended", "event_drawn", "attack_score", "space_text")

#: Expansion id -> module path.  Only implemented expansions are listed.
MODULES: dict[str, str] = {}


def _module(expansion):
    return importlib.import_module(MODULES[expansion])


def run_hook(state, hook, **details):
    """Run ``hook`` of every enabled expansion, threading the state through."""
    assert hook in HOOK_NAMES, hook
    for e in state.config.expansions:
        fn = _module(e).HOOKS.get(hook)
        if fn is not None:
            state = fn(state, **details)
    return state


def adjust(state, hook, value, **details):
    """Value hooks (``attack_score``, ``space_text``): each enabled expansion may change ``value``."""
    assert hook in HOOK_NAMES, hook
    for e in state.config.expansions:
        fn = _module(e).HOOKS.get(hook)
        if fn is not None:
            value = fn(state, value, **details)
    return value
