"""An experimental build of the engine compiled with mypyc, run by hand:
``python benchmarks/mypyc_build.py DEST [MODULE...]``.

Not a supported way to install the library (docs/performance.md, nineteenth pass: the suite
does not pass with it, and the gain is about 1.15 times): a measuring aid.  The package under
``src/`` is copied to ``DEST/src`` (``data`` linked beside it), the few edits mypyc needs are
made to the copy only (``EDITS``: none changes what the code does), and mypyc compiles the
named modules (default ``MODULES``) to C extensions in place there.  Then
``PYTHONPATH=DEST/src python ...`` runs the compiled build (check ``module.__file__`` ends in
``.so``), e.g. ``benchmarks/ab_paths.py src DEST/src`` or ``PYTHONPATH=DEST/src python
benchmarks/ab.py HEAD``.  The working tree is never changed.  Needs mypy (which ships mypyc),
``mypy_extensions`` at run time of the build and a C compiler; without one the build fails and
the copy stays pure Python (the same games).

    python benchmarks/mypyc_build.py /work/tmp/x/build [--python PYTHON]
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: The modules compiled by default: the largest set found to build and play the same games
#: (docs/performance.md, nineteenth pass).  ``rules/characters.py`` is left out (its ``OwnRoll`` steps copy a
#: method's ``__code__``, which a compiled method has not), as are the modules using
#: ``ruleset.declare`` (it sets an attribute on a function; a compiled function takes none) and
#: ``state.py`` (attrs fields annotated ``tuple[...]``: mypyc checks the class body's
#: ``attrs.field(...)`` against the annotation and fails at import).
MODULES = ("talisman/engine/records.py", "talisman/engine/machine.py", "talisman/engine/ruleset.py",
           "talisman/engine/dice.py", "talisman/rules/movement.py", "talisman/rules/encounters.py",
           "talisman/rules/turn.py", "talisman/rules/kernel.py", "talisman/rules/possessions.py",
           "talisman/rules/abilities.py")

_FRAME_GETATTR = '''
    if TYPE_CHECKING:
        plain_args: dict[str, Any] | None
    else:
        def __getattr__'''
_EVENT_GETATTR = '''
    if not TYPE_CHECKING:  # (mypy: ``data`` is the field declared above)
        def __getattr__'''


def _records(text):
    """``engine/records.py`` for mypyc: no ``if`` in a class body (``Frame``'s and ``Event``'s
    ``__getattr__`` defined plainly, which mypy then sees), those two classes kept Python classes
    (``mypyc_attr(native_class=False)``: they extend attrs classes and add a slot), and the
    ``default=()`` of a ``tuple`` field given as ``Any`` (mypyc checks a class body's value
    against the annotation: ``attrs.field(...)`` is no tuple)."""
    text = text.replace("from typing import TYPE_CHECKING, Any, TypeVar",
                        "from typing import Any, TypeVar, cast\n\nfrom mypy_extensions import mypyc_attr")
    for old, cls in ((_FRAME_GETATTR, "Frame"), (_EVENT_GETATTR, "Event")):
        start = text.index(old)
        end = text.index("\n\n", start)  # the end of the method (no blank line inside)
        body = text[start + len(old):end]
        head = "\n    plain_args: dict[str, Any] | None\n" if cls == "Frame" else ""
        method = "\n".join(line[4:] if line.startswith("        ") else line
                           for line in ("        def __getattr__" + body).split("\n"))
        text = text[:start] + head + "\n" + method + text[end:]
        text = text.replace(f"\nclass {cls}(", f"\n@mypyc_attr(native_class=False)\nclass {cls}(", 1)
    return text.replace("attrs.field(default=(), converter=", "attrs.field(default=cast(Any, ()), converter=")


#: path -> edit of its text (each checked to change the text).
EDITS = {"talisman/engine/records.py": _records}


def build(dest, modules=MODULES, python=sys.executable):
    """Copy, edit and compile (see above) into ``dest``; return the seconds the compilation took."""
    dest = Path(dest)
    if (dest / "src").exists():
        shutil.rmtree(dest / "src")
    shutil.copytree(ROOT / "src", dest / "src", ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", dest / "pyproject.toml")  # mypy's settings
    if not (dest / "data").exists():
        (dest / "data").symlink_to(ROOT / "data")
    for path, edit in EDITS.items():
        file = dest / "src" / path
        old = file.read_text(encoding="utf-8")
        new = edit(old)
        if new == old or re.search(r"^\s+if (not )?TYPE_CHECKING", new, re.M):
            raise SystemExit(f"{path}: the edit for mypyc no longer applies; update EDITS")
        file.write_text(new, encoding="utf-8")
    start = time.monotonic()
    res = subprocess.run([python, "-m", "mypyc", "--disable-error-code", "annotation-unchecked",
                          *modules], cwd=dest / "src", capture_output=True, text=True,
                         env={**os.environ, "MYPY_CACHE_DIR": str(dest / "mypy_cache")})
    took = time.monotonic() - start
    if res.returncode != 0:
        errors = [line for line in res.stdout.splitlines() + res.stderr.splitlines()
                  if "error" in line.lower() and "warning" not in line][-15:]
        raise SystemExit(f"mypyc failed after {took:.0f} s (the copy stays pure Python):\n"
                         + "\n".join(errors))
    return took


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dest")
    ap.add_argument("modules", nargs="*", default=list(MODULES),
                    help="paths under src/ to compile (default: MODULES)")
    ap.add_argument("--python", default=sys.executable, help="the Python to build for (with mypy)")
    args = ap.parse_args(argv)
    took = build(args.dest, args.modules, args.python)
    built = sorted(str(p.relative_to(Path(args.dest) / "src"))
                   for p in (Path(args.dest) / "src").rglob("*.so") if "build" not in p.parts)
    print(f"built in {took:.0f} s: {', '.join(built)}")


if __name__ == "__main__":
    main()
