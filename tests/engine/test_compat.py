"""The guard against pyrsistent's C vector on CPython 3.13 (docs/performance.md): a build of it
from source was seen to crash the process (a segmentation fault in ``_Evolver._reallocate``),
so the engine refuses to load on it, with the fix in the message."""
from __future__ import annotations

import types

import pytest
from pyrsistent import pvector

from talisman.engine import compat


def test_the_wheels_and_older_pythons_are_accepted():
    assert compat.unsafe_pvectorc((3, 13, 0), "0.20.0", "pyrsistent._pvector") is None
    assert compat.unsafe_pvectorc((3, 12, 1), "0.20.0", "pvectorc") is None
    assert compat.unsafe_pvectorc((3, 10, 13), "0.19.3", "pvectorc") is None


def test_the_c_vector_of_pyrsistent_0_20_on_3_13_is_refused_with_the_fix():
    why = compat.unsafe_pvectorc((3, 13, 0), "0.20.0", "pvectorc")
    assert "segmentation fault" in why and "--only-binary=:all:" in why
    assert compat.unsafe_pvectorc((3, 14, 0), "0.19.3", "pvectorc") is not None
    assert compat.unsafe_pvectorc((3, 13, 0), "0.21.0", "pvectorc") is None  # a later release


def test_release_numbers():
    assert compat._release("0.20.0") == (0, 20, 0)
    assert compat._release("0.21.0rc1") == (0, 21, 0)
    assert compat._release("dev") == ()


@pytest.mark.skipif(type(pvector()).__module__ != "pvectorc", reason="needs the C vector loaded")
def test_check_refuses_at_import_time_on_an_unsafe_build(monkeypatch):
    monkeypatch.delenv("TALISMAN_TRUST_PVECTORC", raising=False)
    monkeypatch.setattr(compat, "sys", types.SimpleNamespace(version_info=(3, 13, 0)))
    monkeypatch.setattr(compat.metadata, "version", lambda name: "0.20.0")
    with pytest.raises(ImportError, match="segmentation fault"):
        compat.check_pyrsistent()
    monkeypatch.setenv("TALISMAN_TRUST_PVECTORC", "1")
    compat.check_pyrsistent()  # the user's own word


def test_check_passes_on_this_interpreter():
    compat.check_pyrsistent()  # the suite runs here, so this build is one the guard accepts
