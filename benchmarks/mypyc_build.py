"""An experimental build of the engine compiled with mypyc, run by hand:
``python benchmarks/mypyc_build.py DEST [MODULE...]``.

Not a supported way to install the library (docs/performance.md, nineteenth pass: the suite
does not pass with it; the ten modules of ``MODULES`` give about 1.17 times the decisions a
second on CPython 3.11, ``--all`` about 1.30): a measuring aid.  The package under
``src/`` is copied to ``DEST/src`` (``data`` linked beside it), the few edits mypyc needs are
made to the copy only (``EDITS``: none changes what the code does; ``--all`` also makes
``EDITS_ALL``'s, measuring aids), and mypyc compiles the named modules (default ``MODULES``, or
``ALL``) to C extensions in place there.  Then
``PYTHONPATH=DEST/src python ...`` runs the compiled build (check ``module.__file__`` ends in
``.so``), e.g. ``benchmarks/ab_paths.py src DEST/src`` or ``PYTHONPATH=DEST/src python
benchmarks/ab.py HEAD``.  The working tree is never changed.  Needs mypy (which ships mypyc),
``mypy_extensions`` at run time of the build and a C compiler; without one the build fails and
the copy stays pure Python (the same games).

    python benchmarks/mypyc_build.py /work/tmp/x/build [--all] [--python PYTHON]
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

#: The modules compiled by default: the largest set found to build with the edit of ``records.py``
#: alone and play the same games (docs/performance.md, nineteenth pass).  ``rules/characters.py``
#: is left out (its ``OwnRoll`` steps copy a
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


_DECLARED_STEP = '''    shares ``method``'s code, so ``apply``'s safety net names the step as before."""
'''
_COMPILED_STEP = '''    if not hasattr(method, "__code__"):  # compiled: no code to share, no signature to read
        P = inspect.Parameter
        names = {"on_rolled": (("rerolled", False), ("kept", None)) if isinstance(owner, OwnRoll)
                 else (("asked", ()), ("kept", None)),
                 "on_fate": (("dice", P.empty),) if isinstance(owner, OwnRoll)
                 else (("asked", P.empty), ("dice", P.empty))}[
            "on_rolled" if method is OwnRoll.on_rolled or method is OwnDice.on_rolled else "on_fate"]
        own = [P("state", P.POSITIONAL_OR_KEYWORD), P("action", P.POSITIONAL_OR_KEYWORD)]
        own += [P(n, P.POSITIONAL_OR_KEYWORD, default=d) for n, d in names]
        bound = functools.partial(method, owner)
        bound.__signature__ = inspect.Signature(own + list(args))
        return bound
'''


def _characters(text):
    """``rules/characters.py`` for mypyc: ``_declared_step`` copies an ``OwnRoll``'s or
    ``OwnDice``'s method's ``__code__``, which a compiled method has not, nor a signature: for a
    compiled method the step is a ``functools.partial`` given the signature the copy would have
    (the four methods' own parameters written out: a measuring aid, not a fix)."""
    return text.replace(_DECLARED_STEP, _DECLARED_STEP + _COMPILED_STEP, 1)


def _ruleset(text):
    """``engine/ruleset.py`` for mypyc: ``declare`` keeps its facts in a table keyed by the
    function (a compiled function takes no attribute), which ``declared`` reads too."""
    text = text.replace('''        setattr(fn, "declared", MappingProxyType({**getattr(fn, "declared", {}), **facts}))
        return fn
    return mark
''', '''        _FACTS[fn] = MappingProxyType({**_FACTS.get(fn, {}), **facts})
        return fn
    return mark


_FACTS: dict[Any, Any] = {}
''', 1)
    return text.replace('''    facts = getattr(fn, "declared", None)
''', '''    facts = getattr(fn, "declared", None)
    if facts is None:
        try:
            facts = _FACTS.get(fn)
        except TypeError:  # an unhashable callable
            facts = None
''', 1)


#: path -> edit of its text (each checked to change the text).
EDITS = {"talisman/engine/records.py": _records}
#: the edits of ``--all``.
EDITS_ALL = {**EDITS, "talisman/rules/characters.py": _characters, "talisman/engine/ruleset.py": _ruleset}

#: ``--all``: every rule module beside the engine's four (with the edits of ``characters`` and
#: ``ruleset`` above).  ``state.py`` cannot be compiled (``MODULES``); ``api.py`` builds but breaks
#: the scenario runner, which passes ``apply``'s ``stop_at_chance: bool`` a marker string
#: (``machine.AT_SCRIPT_END``): compiled code checks the annotation (``TypeError: bool object
#: expected; got str``).
ALL = MODULES[:4] + tuple(sorted(f"talisman/rules/{p.name}" for p in (ROOT / "src/talisman/rules").glob("*.py")
                                 if p.name != "__init__.py"))


def build(dest, modules=MODULES, python=sys.executable, edits=None):
    """Copy, edit and compile (see above) into ``dest``; return the seconds the compilation took."""
    dest = Path(dest)
    if (dest / "src").exists():
        shutil.rmtree(dest / "src")
    shutil.copytree(ROOT / "src", dest / "src", ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", dest / "pyproject.toml")  # mypy's settings
    if not (dest / "data").exists():
        (dest / "data").symlink_to(ROOT / "data")
    for path, edit in (EDITS if edits is None else edits).items():
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
    ap.add_argument("--all", action="store_true", help="compile ALL (see above) instead")
    ap.add_argument("--python", default=sys.executable, help="the Python to build for (with mypy)")
    args = ap.parse_args(argv)
    took = build(args.dest, ALL if args.all else args.modules, args.python,
                 EDITS_ALL if args.all else EDITS)
    built = sorted(str(p.relative_to(Path(args.dest) / "src"))
                   for p in (Path(args.dest) / "src").rglob("*.so") if "build" not in p.parts)
    print(f"built in {took:.0f} s: {', '.join(built)}")


if __name__ == "__main__":
    main()
