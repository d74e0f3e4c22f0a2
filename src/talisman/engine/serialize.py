"""Exact JSON round trips of attrs records holding pyrsistent collections.

Records say in field metadata which fields hold nested records
(:func:`~talisman.engine.records.record`, ``record_vector``, ``record_map``);
everything else is plain data that :func:`deep_freeze` rebuilds.
"""
from __future__ import annotations

import enum
import json
from typing import Any, TypeVar

import attrs

from ..errors import NotationError, StateError, TalismanError
from ..notation import Action
from .records import PMapType, PSetType, PVectorType, deep_freeze

T = TypeVar("T")


def to_data(obj: Any) -> Any:
    """A record or collection as plain JSON-able data (dicts, lists, str, int, bool, None)."""
    if isinstance(obj, Action):
        return str(obj)
    if attrs.has(type(obj)):
        return {f.name: to_data(getattr(obj, f.name)) for f in attrs.fields(type(obj))}
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
        else:
            kwargs[f.name] = deep_freeze(v)
    try:
        return cls(**kwargs)
    except TalismanError as e:  # a converter's own check (an unknown ending reason...)
        raise StateError(path, str(e)) from None
    except (TypeError, ValueError) as e:  # a missing field, a value of the wrong kind
        raise StateError(path, f"not a {cls.__name__}: {e}") from None


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
