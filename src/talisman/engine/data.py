"""Loading YAML data: find it, parse it safely, validate it against a schema.

Every error names the file, the entry (by its ``id``) and the field.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from ..errors import DataError
from .records import deep_freeze

try:  # the C loader where present, the safe pure-Python one otherwise
    _Loader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover
    _Loader = yaml.SafeLoader


#: A YAML document longer than this is refused unread (the largest data file is about 45 KB).
MAX_YAML_TEXT = 1024 * 1024
#: A YAML document whose values, with every alias expanded, number more than this is refused
#: (a "billion laughs" of nested aliases); the data files count a few thousand.
MAX_YAML_NODES = 200_000


class YamlLimitError(yaml.YAMLError):
    """A YAML document over a size limit, nested too deep, or expanding beyond a bound."""

    problem_mark = None

    def __init__(self, problem: str) -> None:
        self.problem = problem
        super().__init__(problem)


def parse_yaml(text: str, loader: Any = None) -> Any:
    """Parse YAML text safely and within bounds: the text's length, the nesting, and the number
    of values once every alias is expanded.  Raises a ``yaml.YAMLError`` (a
    :class:`YamlLimitError` over a bound), in well under a second whatever the input."""
    if len(text) > MAX_YAML_TEXT:
        raise YamlLimitError(f"longer than {MAX_YAML_TEXT} characters")
    check_nesting(text)  # before loading: the C loader recurses (and may crash) on deep nesting
    try:
        doc = yaml.load(text, Loader=loader or _Loader)
    except RecursionError:
        raise YamlLimitError("nested too deep") from None
    check_expansion(doc)
    return doc


#: Deeper nesting than this is refused (the data files nest about fifteen deep).
MAX_YAML_DEPTH = 100
_OPENS = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
_CLOSES = (yaml.SequenceEndEvent, yaml.MappingEndEvent)


def check_nesting(text: str, limit: int = MAX_YAML_DEPTH) -> None:
    """Walk the parser's events (no recursion) and refuse nesting deeper than ``limit``."""
    depth = 0
    try:
        for event in yaml.parse(text, Loader=_Loader):
            if isinstance(event, _OPENS):
                depth += 1
                if depth > limit:
                    raise YamlLimitError(f"nested deeper than {limit} levels")
            elif isinstance(event, _CLOSES):
                depth -= 1
    except yaml.YAMLError as e:  # PyYAML 6.0.4 and later refuse deep nesting in the scanner itself
        if "nesting depth" in str(e):
            raise YamlLimitError(f"nested deeper than {limit} levels") from None
        raise


def check_expansion(doc: Any, limit: int = MAX_YAML_NODES) -> None:
    """Count the values of ``doc`` with every shared (aliased) value counted at each use, each
    shared value visited once; refuse more than ``limit`` and any value that contains itself."""
    sizes: dict[int, int] = {}      # id -> expanded size of a finished container
    active: set[int] = set()  # ids of the containers on the current path (a cycle: a value inside itself)
    todo = [(doc, False)]
    while todo:
        value, done = todo.pop()
        if not isinstance(value, (dict, list)):
            continue
        key = id(value)
        children = list(value.keys()) + list(value.values()) if isinstance(value, dict) else value
        if done:
            active.discard(key)
            total = 1 + sum(sizes.get(id(c), 1) for c in children)
            if total > limit:
                raise YamlLimitError(f"more than {limit} values once its aliases are expanded")
            sizes[key] = total
            continue
        if key in sizes:
            continue
        if key in active:
            raise YamlLimitError("a value that contains itself (a recursive alias)")
        active.add(key)
        todo.append((value, True))
        todo.extend((c, False) for c in children if isinstance(c, (dict, list)))
        if len(active) > 1000:
            raise YamlLimitError("nested deeper than 1000 levels")


def data_root() -> Path:
    """The ``data/`` folder: inside the installed package (a wheel) or at the top of a checkout."""
    here = Path(__file__).resolve()
    for candidate in (here.parents[1] / "data", here.parents[3] / "data"):
        if candidate.is_dir():
            return candidate
    raise DataError("data/", None, None, "cannot find the data folder next to the package "
                                         "or at the top of the checkout")


def load_yaml(path: Path) -> Any:
    """Parse one YAML file with the safe loader; a syntax error names the file and line."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise DataError(path, None, None, f"cannot read: {e.strerror}") from None
    except UnicodeDecodeError as e:  # a binary file, or text in another encoding
        raise DataError(path, None, None, f"cannot read: not UTF-8 text (byte {e.start})") from None
    try:
        return parse_yaml(text)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        raise DataError(path, None, None, f"not valid YAML{where}: "
                                          f"{getattr(e, 'problem', None) or e}") from None


def _entry_and_field(doc: Any, path: Iterable[Any]) -> tuple[Any, str | None]:
    """Turn a jsonschema error path into (entry id, dotted field)."""
    path = list(path)
    if len(path) >= 2 and isinstance(path[1], int):
        items = doc.get(path[0]) if isinstance(doc, dict) else None
        entry = f"{path[0]}[{path[1]}]"
        if isinstance(items, list) and path[1] < len(items) and isinstance(items[path[1]], dict):
            entry = items[path[1]].get("id", entry)
        return entry, ".".join(str(p) for p in path[2:]) or None
    return None, ".".join(str(p) for p in path) or None


def validate(path: object, doc: Any, schema: dict[str, Any]) -> Any:
    """Check ``doc`` against a JSON schema; raise :class:`DataError` on the first problem."""
    validator = jsonschema.Draft202012Validator(schema)
    errors = sorted(validator.iter_errors(doc), key=lambda e: (list(map(str, e.absolute_path)),
                                                               e.message))
    if not errors:
        return doc
    err = errors[0]
    entry, field = _entry_and_field(doc, err.absolute_path)
    message = err.message
    if err.validator == "additionalProperties":
        extra = sorted(set(err.instance) - set(err.schema.get("properties", {})))
        field = ".".join(filter(None, [field, extra[0] if extra else None]))
        message = "unknown field"
    elif err.validator == "required":
        missing = [r for r in err.validator_value if r not in err.instance]
        field = ".".join(filter(None, [field, missing[0] if missing else None]))
        message = "missing value"
    raise DataError(path, entry, field, message)


def check_ref(path: object, entry: object, field: str, value: object, known: Any,
              what: str) -> None:
    """A dangling id stops loading: ``value`` must be one of ``known``."""
    if value not in known:
        raise DataError(path, entry, field, f"unknown {what} id {value!r}")


#: The provenance fields every card, character and board space carries (``check_provenance``).
PROVENANCE = {
    "source": {"type": "string", "minLength": 1},        # where the values come from
    "stand_in": {"type": "boolean"},                       # the whole entry is made up
    "reason": {"type": "string", "minLength": 1},          # why (one line), with stand_in: true
    "stand_ins": {"type": "object", "minProperties": 1,    # field -> why that value is made up
                  "additionalProperties": {"type": "string", "minLength": 1}},
}


def check_provenance(path: object, entries: Sequence[dict[str, Any]], what: str,
                     fields: Iterable[str] = ()) -> None:
    """Every entry records where its values come from: a ``source`` (the seed file and line,
    or the reference file's source key), or ``stand_in: true`` with a one-line ``reason``.
    ``stand_ins`` names made-up values of an otherwise sourced entry: each key must be one of
    ``fields`` (or ``combat_kind``: a Strength/Craft choice only inferred)."""
    allowed = set(fields) | {"combat_kind"}
    for e in entries:
        entry = e.get("id")
        if e.get("stand_in") is True:
            if not e.get("reason"):
                raise DataError(path, entry, "reason", "a stand-in needs a one-line reason")
        elif not e.get("source"):
            raise DataError(path, entry, "source", f"a {what} needs a source (seed file and line, "
                                                   "or a reference source key), or stand_in: true "
                                                   "with a reason")
        for field, why in [("reason", e.get("reason"))] + list(e.get("stand_ins", {}).items()):
            if why is not None and "\n" in why.strip():
                raise DataError(path, entry, f"stand_ins.{field}" if field != "reason" else field,
                                "a stand-in reason is one line")
        for field in e.get("stand_ins", {}):
            if fields and field not in allowed:
                raise DataError(path, entry, f"stand_ins.{field}", "not a field of this entry")


def unique_ids(path: object, items: Sequence[dict[str, Any]], what: str) -> set[str]:
    """The ids of ``items``; a duplicate stops loading."""
    seen: set[str] = set()
    for item in items:
        if item["id"] in seen:
            raise DataError(path, item["id"], "id", f"duplicate {what} id")
        seen.add(item["id"])
    return seen


def load_table(path: Path, schema: dict[str, Any],
               check: Callable[[Path, Any], None] | None = None) -> Any:
    """A YAML data file read safely, validated against ``schema``, then checked by
    ``check(path, doc)`` for what a schema cannot say (it raises :class:`DataError`), and
    frozen all the way down: what every expansion's tables go through on load."""
    doc = validate(path, load_yaml(path), schema)
    if check is not None:
        check(path, doc)
    return deep_freeze(doc)
