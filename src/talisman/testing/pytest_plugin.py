"""pytest plugin: collects rules-clarification scenario files and offers a ``talisman_game``
fixture.

Scenario files are collected only where a project asks for them (``talisman_scenarios = true``
in its pytest configuration), only inside the project's rootdir, only ``*.yaml`` / ``*.yml``
files under a folder named ``scenarios`` there, and only files that look like scenarios (a
top-level ``rules:`` and ``expect:`` key).  Each file is its own test: a bad one fails alone.
"""
from __future__ import annotations

import re

import pytest

#: How much of a file is read to decide whether it looks like a scenario.
SNIFF = 64 * 1024
_TOP_KEY = re.compile(r"^(rules|expect)\s*:", re.MULTILINE)


def pytest_addoption(parser):
    parser.addini("talisman_scenarios", type="bool", default=False,
                  help="collect Talisman rules-clarification scenario files (*.yaml under a "
                       "'scenarios' folder inside the rootdir) as tests")


def pytest_collect_file(parent, file_path):
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
    def collect(self):
        yield ScenarioItem.from_parent(self, name=self.path.stem)


class ScenarioFailed(Exception):
    pass


class ScenarioItem(pytest.Item):
    def runtest(self):
        from ..scenarios import run_file  # (the plugin loads in every pytest run: the engine on use)
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
