"""pytest plugin: collects rules-clarification scenario files and offers a ``talisman_game``
fixture.  Scenario files are ``*.yaml`` under a folder named ``scenarios``.

Installed with the package (the ``pytest11`` entry point ``talisman_scenarios``), so any project
that depends on talisman-engine can keep its own rules questions as scenario files
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

import pytest


def pytest_collect_file(parent, file_path):
    """The pytest hook: a :class:`ScenarioFile` for each ``*.yaml`` / ``*.yml`` file under a
    folder named ``scenarios``, None for any other file."""
    if file_path.suffix in (".yaml", ".yml") and "scenarios" in file_path.parts:
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


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
        from ..errors import TalismanError
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
    import talisman
    return talisman.new_game(["warrior", "troll"], seed=0)
