"""The pytest entry of talisman-engine (the ``pytest11`` entry point ``talisman_scenarios``).

pytest loads this module in every run of every project that installs talisman-engine, so it
sits outside the ``talisman`` package: importing anything under ``talisman`` first runs
``talisman/__init__``, which loads the whole engine (about a second).  Here only the standard
library and pytest are imported; the engine loads when a project that asked for scenario files
(``talisman_scenarios = true`` in its pytest configuration) has one, or when a test asks for the
``talisman_game`` fixture.  The scenario test items themselves live in
:mod:`talisman.testing.pytest_plugin`.
"""
from __future__ import annotations

import re

import pytest

#: How much of a file is read to decide whether it looks like a scenario.
SNIFF = 64 * 1024
_RULES = re.compile(r"^rules\s*:", re.MULTILINE)


def pytest_addoption(parser):
    parser.addini("talisman_scenarios", type="bool", default=False,
                  help="collect Talisman rules-clarification scenario files (*.yaml under a "
                       "'scenarios' folder inside the rootdir) as tests")


def pytest_collect_file(parent, file_path):
    """The pytest hook: a :class:`~talisman.testing.pytest_plugin.ScenarioFile` for a scenario
    file of a project that asked for them (see :mod:`talisman.testing.pytest_plugin`), None for
    any other file."""
    config = parent.config
    if file_path.suffix not in (".yaml", ".yml") or not config.getini("talisman_scenarios"):
        return None
    try:
        inside = file_path.resolve().relative_to(config.rootpath.resolve())
    except ValueError:  # outside the project
        return None
    if "scenarios" not in inside.parts[:-1] or not looks_like_scenario(file_path):
        return None
    # reason: the engine loads only once a project that asked for scenarios has one
    from talisman.testing.pytest_plugin import ScenarioFile
    return ScenarioFile.from_parent(parent, path=file_path)


def looks_like_scenario(path):
    """A file with a top-level ``rules:`` key (read no further than ``SNIFF``): one without an
    ``expect:`` is collected too, and fails saying so (a scenario that checks nothing)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            head = f.read(SNIFF)
    except OSError:
        return False
    return _RULES.search(head) is not None


@pytest.fixture
def talisman_game():
    """A fresh seeded two-character game (the Warrior and the Troll, seed 0), waiting on its
    first decision.

    Returns:
        A new :class:`~talisman.state.GameState`.

    Example:
        A test in any project with talisman-engine installed::

            def test_first_decision(talisman_game):
                assert talisman_game.pending.player == "warrior"
    """
    # reason: the engine loads only when a test asks for a game
    from talisman import api
    return api.new_game(["warrior", "troll"], seed=0)
