"""The one-way layers of docs/architecture.md, written as import-linter contracts in
pyproject.toml: they hold for the package, and a wrong-way import breaks them."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import talisman

pytest.importorskip("importlinter")

PACKAGE = Path(talisman.__file__).parent
PYPROJECT = PACKAGE.parent.parent / "pyproject.toml"
LINT = "from importlinter.cli import lint_imports_command; lint_imports_command()"

pytestmark = pytest.mark.skipif(not PYPROJECT.is_file(), reason="needs the source tree (pyproject.toml)")


def lint_imports(root: Path) -> subprocess.CompletedProcess:
    """``lint-imports`` over the package under ``root/src`` with ``root/pyproject.toml``."""
    env = {**os.environ, "PYTHONPATH": str(root / "src")}
    return subprocess.run([sys.executable, "-c", LINT], cwd=root, env=env, capture_output=True,
                          text=True, timeout=300)


def test_the_import_contracts_hold():
    """Every contract of ``[tool.importlinter]`` is kept (``lint-imports``)."""
    result = lint_imports(PYPROJECT.parent)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.fixture(scope="module")
def package_copy(tmp_path_factory):
    """A copy of the package and its pyproject.toml, to break on purpose."""
    root = tmp_path_factory.mktemp("layers")
    shutil.copy(PYPROJECT, root / "pyproject.toml")
    shutil.copytree(PACKAGE, root / "src" / "talisman",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return root


@pytest.mark.parametrize("module, wrong, contract", [
    # the model reaches up into the rules
    ("state.py", "from .rules import hooks as _wrong_way", "Layers: engine <- model"),
    # a rule area reaches an expansion
    ("rules/movement.py", "from ..expansions import harbinger as _wrong_way", "Layers: engine <- model"),
    # a rule area reaches up past the kernel: the kernel imports an area
    ("rules/kernel.py", "from . import combat as _wrong_way", "The rule kernel"),
    # one expansion imports another
    ("expansions/city_law/store.py", "from ..blood_moon import store as _wrong_way",
     "Expansions are independent"),
    # the engine imports the game
    ("engine/dice.py", "from ..state import GameState as _wrong_way", "The engine imports no game"),
    # the Triwizard Maze imports the Talisman rules
    ("triwizard/piles.py", "from ..rules import kernel as _wrong_way", "The Triwizard Maze"),
    # a new circle between two rule areas
    ("rules/characters.py", "from . import movement as _wrong_way", "do not import each other"),
])
def test_a_wrong_way_import_breaks_a_contract(package_copy, module, wrong, contract):
    path = package_copy / "src" / "talisman" / module
    original = path.read_text()
    path.write_text(original + f"\n{wrong}  # reason: this test's wrong-way import\n")
    try:
        result = lint_imports(package_copy)
    finally:
        path.write_text(original)
    assert result.returncode != 0, result.stdout
    broken = result.stdout.split("Broken contracts", 1)[-1]
    assert contract in broken, result.stdout
