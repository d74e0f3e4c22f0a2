"""Exact JSON round trips of attrs records holding pyrsistent collections.

Records say in field metadata which fields hold nested records
(:func:`~talisman.engine.records.record`, ``record_vector``, ``record_map``);
everything else is plain data that :func:`deep_freeze` rebuilds.
"""
from __future__ import annotations

import enum
import json
import types
import typing
from typing import Any, TypeVar

import attrs
from pyrsistent.typing import PMap, PVector

from ..errors import NotationError, StateError, TalismanError
from ..notation import Action
from .records import FieldError, PMapType, PSetType, PVectorType, deep_freeze

T = TypeVar("T")


def to_data(obj: Any) -> Any:
    """A record or collection as plain JSON-able data (dicts, lists, str, int, bool, None)."""
    if isinstance(obj, Action):
        return str(obj)
    if attrs.has(type(obj)):
        out = {}
        for f in attrs.fields(type(obj)):
            v = getattr(obj, f.name)
            if v is None and f.metadata.get("omit_none"):
                continue  # an absent optional field (``records.OMIT_NONE``)
            out[f.name] = to_data(v)
        return out
    t = type(obj)
    if t is PMapType or t is dict:
        return {str(k): to_data(v) for k, v in obj.items()}
    if t is PVectorType or t is tuple or t is list:
        return [to_data(v) for v in obj]
    if t is PSetType or t is frozenset or t is set:
        return sorted(to_data(v) for v in obj)
    if obj is None or t in (str, int, bool):
        return obj
    if isinstance(obj, enum.Enum):  # a str-valued enum (an ending's reason): its string
        return obj.value
    raise TypeError(f"cannot serialize {t.__name__} value {obj!r}")


def from_data(cls: type[T], data: Any, path: tuple[object, ...] = ("state",)) -> T:
    """Rebuild a record of ``cls`` from :func:`to_data`'s output.

    A document that is not such a record raises :class:`~talisman.errors.StateError` naming the
    path of the bad value (``state.characters.warrior``)."""
    if data is None:
        return None  # type: ignore[return-value]  # an optional record (``pending``, ``outcome``)
    if cls is Action:
        if not isinstance(data, str):
            raise StateError(path, f"an action is its notation string, not {data!r}")
        try:
            return Action.parse(data)  # type: ignore[return-value]  # cls is Action
        except NotationError as e:
            raise StateError(path, e.reason) from None
    if not isinstance(data, dict):
        raise StateError(path, f"a {cls.__name__} is a JSON object, not {_kind(data)}")
    fields = attrs.fields(cls)  # type: ignore[arg-type]  # cls: a record class (attrs)
    unknown = data.keys() - {f.name for f in fields}
    if unknown:
        raise StateError(path, f"a {cls.__name__} has no field(s) {', '.join(sorted(unknown))}")
    kwargs = {}
    for f in fields:
        if f.name not in data:
            continue
        v = data[f.name]
        here = (*path, f.name)
        meta = f.metadata
        if "record" in meta:
            kwargs[f.name] = from_data(meta["record"], v, here)
        elif "record_vector" in meta:
            if not isinstance(v, list):
                raise StateError(here, f"a list of {meta['record_vector'].__name__}, not {_kind(v)}")
            kwargs[f.name] = [from_data(meta["record_vector"], x, (*here, i)) for i, x in enumerate(v)]
        elif "record_map" in meta:
            if not isinstance(v, dict):
                raise StateError(here, f"a JSON object of {meta['record_map'].__name__}, not {_kind(v)}")
            kwargs[f.name] = {k: from_data(meta["record_map"], x, (*here, k)) for k, x in v.items()}
        elif "record_keyed" in meta:
            if not isinstance(v, dict):
                raise StateError(here, f"a JSON object, not {_kind(v)}")
            kwargs[f.name] = {k: typed_from_data(_keyed(meta["record_keyed"], k, (*here, k)), x, (*here, k))
                              for k, x in v.items()}
        else:
            kwargs[f.name] = deep_freeze(v)
    try:
        return cls(**kwargs)
    except FieldError as e:  # a field's validator: the field's own path
        raise StateError((*path, e.path), e.reason) from None
    except TalismanError as e:  # a converter's own check (an unknown ending reason...)
        raise StateError(path, str(e)) from None
    except (TypeError, ValueError) as e:  # a missing field, a value of the wrong kind
        raise StateError(path, f"not a {cls.__name__}: {e}") from None


def _keyed(lookup: Any, key: str, path: tuple[object, ...]) -> type:
    cls: type | None = lookup(key)
    if cls is None:
        raise StateError(path, "no record is kept under this name")
    return cls


def typed_from_data(cls: type[T], data: Any, path: tuple[object, ...]) -> T:
    """:func:`from_data` for a record whose every field is checked against its annotated type
    first (``str``, ``int``, ``bool``, ``None``, unions, ``PMap[K, V]``, ``PVector[V]``,
    ``Any``): a value of the wrong kind is refused with a :class:`StateError` naming its path
    (``state.ext.blood_moon.time: expected str, got 5``)."""
    if isinstance(data, dict):
        hints = _hints(cls)
        for name, value in data.items():
            tp = hints.get(name)
            if tp is not None:
                _check(value, tp, (*path, name))
    return from_data(cls, data, path)


def _hints(cls: Any) -> dict[str, Any]:
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


_HINTS: dict[type, dict[str, Any]] = {}


def _check(value: Any, tp: Any, path: tuple[object, ...]) -> None:
    """Refuse a JSON ``value`` that is not of the annotated type ``tp``."""
    if tp is Any:
        return
    origin = typing.get_origin(tp)
    if origin is typing.Union or origin is types.UnionType:
        for option in typing.get_args(tp):
            try:
                _check(value, option, path)
                return
            except StateError:
                continue
        raise StateError(path, f"expected {_name(tp)}, got {_kind(value)}")
    if tp is type(None):
        if value is not None:
            raise StateError(path, f"expected null, got {_kind(value)}")
        return
    if tp in (str, int, bool):
        if type(value) is not tp:
            raise StateError(path, f"expected {tp.__name__}, got {_kind(value)}")
        return
    if origin is PMap:
        if not isinstance(value, dict):
            raise StateError(path, f"expected a JSON object, got {_kind(value)}")
        _key, item = typing.get_args(tp) or (str, Any)
        for k, x in value.items():
            _check(x, item, (*path, k))
        return
    if origin is PVector:
        if not isinstance(value, list):
            raise StateError(path, f"expected a list, got {_kind(value)}")
        (item,) = typing.get_args(tp) or (Any,)
        for i, x in enumerate(value):
            _check(x, item, (*path, i))
        return
    if attrs.has(tp):
        typed_from_data(tp, value, path)
        return
    raise TypeError(f"cannot check a value against {tp!r}")  # a record annotated beyond this list


def _name(tp: Any) -> str:
    args = typing.get_args(tp)
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return " or ".join(_name(a) for a in args)
    if tp is type(None):
        return "null"
    if typing.get_origin(tp) is PMap:
        return "a JSON object"
    if typing.get_origin(tp) is PVector:
        return "a list"
    return getattr(tp, "__name__", str(tp))


def _kind(value: Any) -> str:
    """How a JSON value is named in an error (``a list``, ``the number 3``)."""
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return repr(value)


def dumps(data: Any) -> str:
    """Canonical JSON text: sorted keys, no spaces, so equal states give equal text."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
