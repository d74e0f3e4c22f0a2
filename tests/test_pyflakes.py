"""No unused import or variable, no star import, no undefined name in ``src/``: pyflakes (the
``test`` extra installs it) reports nothing.

Pyflakes honours no ``# noqa`` comment: a name imported only to be re-exported is named in the
module's ``__all__`` (``talisman.rules.endings``, ``talisman.testing.pytest_plugin``).
"""
import io
from pathlib import Path

import pytest

pyflakes_api = pytest.importorskip("pyflakes.api")
from pyflakes.reporter import Reporter  # noqa: E402

SRC = Path(__file__).resolve().parents[1] / "src"


def pyflakes_messages(paths):
    """Pyflakes' messages (one a line) and errors for ``paths`` (files or folders)."""
    out, err = io.StringIO(), io.StringIO()
    pyflakes_api.checkRecursive([str(p) for p in paths], Reporter(out, err))
    return out.getvalue().splitlines() + err.getvalue().splitlines()


def test_pyflakes_reports_nothing_in_src():
    messages = pyflakes_messages([SRC])
    assert not messages, f"pyflakes on src/ ({len(messages)}):\n" + "\n".join(messages)


def test_pyflakes_reports_nothing_in_tests():
    """The tests too: an import a test no longer uses hides what the test depends on."""
    messages = pyflakes_messages([SRC.parent / "tests"])
    assert not messages, f"pyflakes on tests/ ({len(messages)}):\n" + "\n".join(messages)


def test_pyflakes_sees_an_unused_import(tmp_path):
    """The check can fail: a module with one unused import gets one message naming it."""
    (tmp_path / "module.py").write_text("import os\n\n\ndef f():\n    return 1\n")
    messages = pyflakes_messages([tmp_path])
    assert len(messages) == 1 and "'os' imported but unused" in messages[0], messages


def test_the_endings_package_re_exports_every_name_of_its_modules():
    """``talisman.rules.endings`` imports its modules' names one by one (no star import): its
    ``__all__`` is exactly the union of theirs, so a name a module adds is re-exported too."""
    from talisman.rules import endings
    names = [n for module in endings.MODULES for n in module.__all__]
    assert sorted(endings.__all__) == sorted(names)
    assert all(getattr(endings, n) is getattr(m, n) for m in endings.MODULES for n in m.__all__)
