"""pytest plugin: collects rules-clarification scenario files and offers a ``talisman_game``
fixture.

Scenario files are collected only where a project asks for them (``talisman_scenarios = true``
in its pytest configuration), only inside the project's rootdir, only ``*.yaml`` / ``*.yml``
files under a folder named ``scenarios`` there, and only files that look like scenarios (a
top-level ``rules:`` and ``expect:`` key).  Each file is its own test: a bad one fails alone.

Installed with the package (the ``pytest11`` entry point ``talisman_scenarios``), so any project
that depends on talisman-engine and sets ``talisman_scenarios = true`` can keep its own rules questions as scenario files
(``docs/scenarios.md``): each file is one test item, run by :func:`talisman.scenarios.run_file`.
The entry point names the light module :mod:`talisman_pytest` (the hooks and the
``talisman_game`` fixture, outside this package so that a pytest run of a project without
scenario files never loads the engine); it imports this module when it finds a scenario file.

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

import pytest

from ..errors import TalismanError
from ..scenarios import run_file
# the hooks and the fixture live in the light entry module; named here too, so an installation
# whose entry point still names this module keeps working
from talisman_pytest import SNIFF, looks_like_scenario, pytest_addoption, pytest_collect_file, talisman_game

__all__ = ["SNIFF", "looks_like_scenario", "pytest_addoption", "pytest_collect_file", "talisman_game",
           "ScenarioFile", "ScenarioItem", "ScenarioFailed"]


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
