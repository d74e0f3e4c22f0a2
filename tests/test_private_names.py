"""Issue 15 (each rule area has a public face): no module imports another module's private
``_name`` (``from .picture import _text`` would reach behind a module's public face)."""
import ast
from pathlib import Path

import talisman

PACKAGE = Path(talisman.__file__).parent


def private_imports(root=PACKAGE):
    """``(file, module, name)`` for every ``from module import _name`` under ``root``."""
    out = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module != "__future__":
                for alias in node.names:
                    if alias.name.startswith("_") and not alias.name.startswith("__"):
                        out.append((str(path.relative_to(root)), node.module, alias.name))
    return out


def test_no_module_imports_a_private_name_of_another():
    assert private_imports() == []


def test_the_scan_finds_a_private_import(tmp_path):
    """The scan itself: a module importing ``_text`` is found."""
    (tmp_path / "a.py").write_text("from .picture import FONT, _text\n", encoding="utf-8")
    assert private_imports(tmp_path) == [("a.py", "picture", "_text")]
