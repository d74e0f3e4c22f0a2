"""pytest plugin: collects rules-clarification scenario files and offers a ``talisman_game``
fixture.  Scenario files are ``*.yaml`` under a folder named ``scenarios``."""
from __future__ import annotations

import pytest


def pytest_collect_file(parent, file_path):
    if file_path.suffix in (".yaml", ".yml") and "scenarios" in file_path.parts:
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    def collect(self):
        yield ScenarioItem.from_parent(self, name=self.path.stem)


class ScenarioFailed(Exception):
    pass


class ScenarioItem(pytest.Item):
    def runtest(self):
        from ..scenarios import run_file
        result = run_file(self.path)
        if not result.passed:
            lines = "\n".join(f"  {f}" for f in result.failures)
            raise ScenarioFailed(f"{self.path} ({result.rules}): {result.name}\n{lines}")

    def repr_failure(self, excinfo):
        if excinfo.errisinstance(ScenarioFailed):
            return str(excinfo.value)
        from ..errors import TalismanError
        if excinfo.errisinstance(TalismanError):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, 0, f"scenario: {self.name}"


@pytest.fixture
def talisman_game():
    """A fresh seeded two-character game, waiting on its first decision."""
    import talisman
    return talisman.new_game(["warrior", "troll"], seed=0)
