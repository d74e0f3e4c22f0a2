"""Sphinx configuration of the talisman-engine documentation site.

Build it with ``python -m sphinx -W -b html docs docs/_build/html`` (tests/test_docsite.py builds
it in the suite, warnings as errors).  The API pages are autodoc over the docstrings (Google style,
read by napoleon), the command line is sphinx-click over the click commands, the existing Markdown
pages are read by myst-parser, and the data-sources pages are generated from the data's ``source``
and ``stand_in`` fields by ``_ext/data_sources.py``.
"""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))
sys.path.insert(0, str(HERE.parent / "src"))  # build from the checkout, installed or not

project = "talisman-engine"
author = "the talisman-engine authors"
copyright = "the talisman-engine authors"
release = version = "0.1.0"

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "myst_parser",
    "sphinx_click",
    "data_sources",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "README.md"]
templates_path: list[str] = []

# Markdown pages: `#` anchors for the headings, so the pages' links to each other's sections work.
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence", "deflist"]

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
napoleon_google_docstring = True
napoleon_numpy_docstring = False


html_theme = "alabaster"
html_title = "talisman-engine"
smartquotes = False   # keep the CLI help and notation as typed (`--until`, not an en dash)

# Every cross-reference must resolve (`-n`): a docstring naming a function that went away
# fails the build.  Only the types of other libraries, which this site does not document and
# (nothing being downloaded at build time) cannot link to, are let through.
nitpicky = True
nitpick_ignore_regex = [
    ("py:class", r"(collections\.abc|typing|enum|fractions|pathlib|xml\.etree\.ElementTree)\..*"),
    ("py:class", r"(pyrsistent|hypothesis|_pytest|pytest|rich|click)\..*"),
    ("py:class", r"(Fraction|Path|PMap|PVector|SearchStrategy)"),
]
