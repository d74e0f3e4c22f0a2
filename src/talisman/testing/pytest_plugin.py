"""pytest plugin: collects rules-clarification scenario files and offers a ``talisman_game``
fixture.

Scenario files are collected only where a project asks for them (``talisman_scenarios = true``
in its pytest configuration), only inside the project's rootdir, only ``*.yaml`` / ``*.yml``
files under a folder named ``scenarios`` there, and only files that look like scenarios (a
top-level ``rules:`` and ``expect:`` key).  Each file is its own test: a bad one fails alone.

Installed with the package (the ``pytest11`` entry point ``talisman_scenarios``), so any project
that depends on talisman-engine and sets ``talisman_scenarios = true`` can keep its own rules questions as scenario files
(``docs/scenarios.md``): each file is one test item, run by :func:`talisman.scenarios.run_file`.

>>> import pathlib, tempfile, yaml
>>> from talisman.scenarios import run_file
>>> scenario = {"name": "A Toad moves only 1 space a turn", "rules": "000 TOADS & TRANSFORMATIONS",
...             "setup": {"characters": [{"id": "thief", "space": "graveyard", "fate": 0,
...                                       "toad_turns": 2}]},
...             "dice": [], "actions": [],
...             "expect": {"legal_contains": ["move:woods_1", "move:fields_1"]}}
>>> with tempfile.TemporaryDirectory() as tmp:
...     path = pathlib.Path(tmp) / "scenarios" / "toad.yaml"
...     path.parent.mkdir()
...     _ = path.write_text(yaml.safe_dump(scenario))
...     run_file(path).passed      # what the collected test item checks
True
"""
from __future__ import annotations

import re

import pytest

from ..errors import TalismanError

#: How much of a file is read to decide whether it looks like a scenario.
SNIFF = 64 * 1024
_TOP_KEY = re.compile(r"^(rules|expect)\s*:", re.MULTILINE)


def pytest_addoption(parser):
    parser.addini("talisman_scenarios", type="bool", default=False,
                  help="collect Talisman rules-clarification scenario files (*.yaml under a "
                       "'scenarios' folder inside the rootdir) as tests")


def pytest_collect_file(parent, file_path):
    """The pytest hook: a :class:`ScenarioFile` for a scenario file of a project that asked
    for them (see the module's docstring), None for any other file."""
    config = parent.config
    if file_path.suffix not in (".yaml", ".yml") or not config.getini("talisman_scenarios"):
        return None
    try:
        inside = file_path.resolve().relative_to(config.rootpath.resolve())
    except ValueError:  # outside the project
        return None
    if "scenarios" not in inside.parts[:-1] or not looks_like_scenario(file_path):
        return None
    return ScenarioFile.from_parent(parent, path=file_path)


def looks_like_scenario(path):
    """A file with a top-level ``rules:`` and ``expect:`` key (read no further than ``SNIFF``)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            head = f.read(SNIFF)
    except OSError:
        return False
    return {m.group(1) for m in _TOP_KEY.finditer(head)} == {"rules", "expect"}


class ScenarioFile(pytest.File):
    """A scenario file: collects one :class:`ScenarioItem` named after the file."""

    def collect(self):
        """The file's one test item."""
        yield ScenarioItem.from_parent(self, name=self.path.stem)


class ScenarioFailed(Exception):
    """A scenario whose expectations do not hold (the message lists each failure)."""


class ScenarioItem(pytest.Item):
    """One scenario run as a test: it passes when every expectation of the file holds."""

    def runtest(self):
        """Run the scenario; raise :class:`ScenarioFailed` listing the failed expectations."""
        # reason: the plugin loads in every pytest run of every project: the engine when a scenario runs
        from ..scenarios import run_file
        result = run_file(self.path)
        if not result.passed:
            lines = "\n".join(f"  {f}" for f in result.failures)
            raise ScenarioFailed(f"{self.path} ({result.rules}): {result.name}\n{lines}")

    def repr_failure(self, excinfo):
        """A failed scenario, or a file the library rejects (a
        :class:`~talisman.errors.TalismanError`), is reported by its message, without a
        traceback."""
        if excinfo.errisinstance(ScenarioFailed):
            return str(excinfo.value)
        if excinfo.errisinstance(TalismanError):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        """Where pytest reports the item: the scenario file."""
        return self.path, 0, f"scenario: {self.name}"


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
    # reason: the plugin loads in every pytest run of every project: the engine when a test asks for a game
    from .. import api
    return api.new_game(["warrior", "troll"], seed=0)
