"""The package type-checks: ``mypy src`` reports no error under pyproject's ``[tool.mypy]``, where
the engine, the model and the public API must also annotate every function (issue 15)."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

mypy_api = pytest.importorskip("mypy.api", reason="mypy is not installed (pip install -e '.[test]')")

REPO = Path(__file__).resolve().parents[1]
#: mypy's incremental cache, kept across runs outside the checkout (a cold run takes ~10 s).
CACHE = Path(tempfile.gettempdir()) / f"talisman-mypy-cache-{os.getuid() if hasattr(os, 'getuid') else 0}"


def run_mypy(*args: str) -> tuple[str, int]:
    out, err, status = mypy_api.run(["--config-file", str(REPO / "pyproject.toml"),
                                     "--cache-dir", str(CACHE), *args])
    return out + err, status


def test_mypy_passes_on_the_whole_package():
    report, status = run_mypy(str(REPO / "src"))
    assert status == 0, report


def test_the_strict_modules_are_checked_strictly(tmp_path):
    """The per-module ``disallow_untyped_defs`` is in force: an unannotated function in an
    engine module is reported (so the passing run above means something)."""
    pkg = tmp_path / "talisman" / "engine"
    pkg.mkdir(parents=True)
    (tmp_path / "talisman" / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "sample.py").write_text("def f(x):\n    return x\n")
    report, status = run_mypy("--no-incremental", str(pkg / "sample.py"))
    assert status == 1 and "no-untyped-def" in report, report
