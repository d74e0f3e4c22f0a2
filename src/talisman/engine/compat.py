"""A guard against a pyrsistent build known to crash, checked once when the engine is imported.

pyrsistent 0.20's wheel for CPython 3.13 carries no C extension: its vector is the pure-Python
one (correct; random play about 40% slower than with the C vector).  A build of its C
extension (``pvectorc``) from source on CPython 3.13 was seen to end the process with a
segmentation fault in the vector's evolver (``_Evolver._reallocate``), which no ``try`` can
catch.  So on CPython 3.13 or later with pyrsistent 0.20 or older, the engine refuses to load
when the C vector is in use, and says how to install the safe build (docs/performance.md).
``TALISMAN_TRUST_PVECTORC=1`` skips the refusal for someone who has checked their own build.
"""
from __future__ import annotations

import os
import re
import sys
from importlib import metadata

from pyrsistent import pvector

#: (first CPython, last pyrsistent release) of the known-crashing C extension builds.
UNSAFE_FROM_PYTHON = (3, 13)
UNSAFE_UP_TO_PYRSISTENT = (0, 20)


def _release(text: str) -> tuple[int, ...]:
    """``"0.20.0"`` -> ``(0, 20, 0)`` (numeric parts only; what is not a number stops it)."""
    out = []
    for part in text.split("."):
        digits = re.match(r"\d+", part)
        if digits is None:
            break
        out.append(int(digits.group()))
        if digits.end() != len(part):  # "0rc1": a pre-release of this number
            break
    return tuple(out)


def unsafe_pvectorc(python: tuple[int, ...], pyrsistent_version: str, vector_module: str) -> str | None:
    """Why this combination may crash (a message for the user), or None when it is safe.

    >>> unsafe_pvectorc((3, 13, 0), "0.20.0", "pyrsistent._pvector") is None   # the 3.13 wheel
    True
    >>> unsafe_pvectorc((3, 12, 1), "0.20.0", "pvectorc") is None
    True
    >>> "segmentation fault" in unsafe_pvectorc((3, 13, 0), "0.20.0", "pvectorc")
    True
    """
    if vector_module != "pvectorc" or tuple(python[:2]) < UNSAFE_FROM_PYTHON:
        return None
    if _release(pyrsistent_version)[:2] > UNSAFE_UP_TO_PYRSISTENT:
        return None
    return (f"talisman: pyrsistent {pyrsistent_version} with its C extension (pvectorc) on Python "
            f"{'.'.join(map(str, python[:3]))} was seen to crash with a segmentation fault "
            "(_Evolver._reallocate). Install its pure-Python build instead: "
            "python -m pip install --force-reinstall --only-binary=:all: 'pyrsistent>=0.20' "
            "(the wheel for this Python has no C extension; see docs/performance.md), "
            "or set TALISMAN_TRUST_PVECTORC=1 if you have checked your build.")


def check_pyrsistent() -> None:
    """Refuse to load on a pyrsistent build known to crash (raises ImportError with the fix)."""
    if os.environ.get("TALISMAN_TRUST_PVECTORC") == "1":
        return
    module = type(pvector()).__module__
    if module != "pvectorc":  # the pure-Python vector: always safe (and no metadata read)
        return
    try:
        version = metadata.version("pyrsistent")
    except metadata.PackageNotFoundError:  # an unpackaged copy: judge by the Python alone
        version = "0"
    reason = unsafe_pvectorc(sys.version_info[:3], version, module)
    if reason is not None:
        raise ImportError(reason)
