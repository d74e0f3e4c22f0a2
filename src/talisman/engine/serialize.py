"""Exact JSON round trips of attrs records holding pyrsistent collections.

Records say in field metadata which fields hold nested records
(:func:`~talisman.engine.records.record`, ``record_vector``, ``record_map``);
everything else is plain data that :func:`deep_freeze` rebuilds.
"""
from __future__ import annotations

import json

import attrs

from ..notation import Action
from .records import PMapType, PSetType, PVectorType, deep_freeze


def to_data(obj):
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
    raise TypeError(f"cannot serialize {t.__name__} value {obj!r}")


def from_data(cls, data):
    """Rebuild a record of ``cls`` from :func:`to_data`'s output."""
    if data is None:
        return None
    if cls is Action:
        return Action.parse(data)
    kwargs = {}
    for f in attrs.fields(cls):
        if f.name not in data:
            continue
        v = data[f.name]
        meta = f.metadata
        if "record" in meta:
            kwargs[f.name] = from_data(meta["record"], v)
        elif "record_vector" in meta:
            kwargs[f.name] = [from_data(meta["record_vector"], x) for x in v]
        elif "record_map" in meta:
            kwargs[f.name] = {k: from_data(meta["record_map"], x) for k, x in v.items()}
        else:
            kwargs[f.name] = deep_freeze(v)
    return cls(**kwargs)


def dumps(data) -> str:
    """Canonical JSON text: sorted keys, no spaces, so equal states give equal text."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
