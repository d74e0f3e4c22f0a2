"""The small records every game built on this core shares.

State data is frozen all the way down: attrs frozen classes for records,
pyrsistent collections for their contents.  The converters here are cheap when
the value already has the right type, because ``attrs.evolve`` re-runs them on
every update.
"""
from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import attrs
from pyrsistent import pmap, pset, pvector
from pyrsistent.typing import PMap, PSet, PVector

from ..errors import StateError
from ..notation import Action
from .compat import check_pyrsistent
from .reasons import Reason, as_reason

check_pyrsistent()  # before any state is built: a pyrsistent build known to crash is refused

#: Any record type (``replace`` and friends return the type they are given).
R = TypeVar("R")

_new = object.__new__
_set = object.__setattr__

# The collections' classes, compared with ``type(value) is ...`` on the hot path (Any: pyrsistent's
# runtime classes are not the ``pyrsistent.typing`` generics the fields are annotated with).
PVectorType: Any = type(pvector())
PMapType: Any = type(pmap())
PSetType: Any = type(pset())
EMPTY_PMAP: PMap[str, Any] = pmap()

#: The types ``deep_freeze`` changes (any other value is already its own frozen form).
THAWED = _THAWED = frozenset((dict, list, tuple, set, frozenset))

#: The name of the chance player: rolls and draws are its decisions.
CHANCE = "chance"


def deep_freeze(value: Any) -> Any:
    """dict -> pmap, list/tuple -> pvector, set -> pset, recursively.

    A pyrsistent collection is taken as already frozen all the way down (this library
    only builds them through this function), so frozen data passes through at no cost.
    """
    t = type(value)
    if t is dict:
        for v in value.values():
            if type(v) in _THAWED:
                return pmap({k: deep_freeze(v) for k, v in value.items()})
        return pmap(value)  # plain values only: the same pmap, without a call per value
    if t is list or t is tuple:
        for v in value:
            if type(v) in _THAWED:
                return pvector([deep_freeze(v) for v in value])
        return pvector(value)
    if t is set or t is frozenset:
        return pset(deep_freeze(v) for v in value)
    return value


_SCALARS = frozenset((str, int, bool, type(None)))


def freeze_kwargs(kwargs: dict[str, Any]) -> PMap[str, Any]:
    """``deep_freeze`` of a fresh ``**kwargs`` dict owned by the caller (frame arguments, event
    data): the same pmap.  When every value is a plain str, int, bool or None the pmap comes from
    a memo keyed by the items in order and with their types (so ``1`` and ``True`` stay apart
    and the pmap's layout is the one ``pmap`` builds from that order)."""
    if not kwargs:
        return EMPTY_PMAP
    key = scalar_key(kwargs)
    if key is not None:
        return _scalar_arguments(key)
    return freeze_arguments(kwargs)


def freeze_values(kwargs: dict[str, Any]) -> dict[str, Any]:
    """A fresh ``**kwargs`` dict owned by the caller with its values frozen in place (returned)."""
    for k, v in kwargs.items():
        if type(v) in _THAWED:
            kwargs[k] = deep_freeze(v)
    return kwargs


def freeze_data(kwargs: dict[str, Any]) -> PMap[str, Any]:
    """``freeze_kwargs`` of a fresh ``**kwargs`` dict already found not plain (``scalar_key``
    gave None): its values frozen in place, then its pmap (no view kept)."""
    return pmap(freeze_values(kwargs))


def freeze_arguments(kwargs: dict[str, Any]) -> PMap[str, Any]:
    """``freeze_data`` for a frame's or a decision's arguments: the dict itself, its values now
    frozen, is kept in ``ARGUMENTS`` as the pmap's view (so ``kwargs_of`` never walks the new
    pmap; the caller owns the fresh dict and never changes it after)."""
    m = freeze_data(kwargs)
    ARGUMENTS.keep(id(m), m, kwargs)
    return m


def scalar_key(kwargs: dict[str, Any]) -> tuple[tuple[str, type, Any], ...] | None:
    """The memo key of a ``**kwargs`` dict whose values are all plain str, int, bool or None:
    its ``(key, type, value)`` items in order (the type keeps ``1`` and ``True`` apart); None
    when some value is not plain."""
    key = []
    for k, v in kwargs.items():
        t = type(v)
        if t not in _SCALARS:
            return None
        key.append((k, t, v))
    return tuple(key)


# --- memos by identity: one style, explained here once -------------------------------------
# A value computed from some objects (immutable records, pmaps, the loaded definitions) is kept
# in an :class:`IdentityMemo`, keyed by the objects' identities (``id``) and holding the objects
# themselves: while the entry lives its objects live, so no other object can take one of their
# ids, and a hit is always the same objects (no ``is`` check needed).  Bounded and small: when
# full, the oldest entry goes (a missing entry only costs computing the value again).  Small on
# purpose: an entry keeps its objects (and all they hold: old characters, their turn flags, a
# whole ``ext`` record) alive, and objects kept alive across many decisions are what drive
# CPython's cyclic garbage collector (a collection runs each time the objects still alive grow
# by 700, and each one walks all the young objects); with tables of 256 and 20,000 entries
# cleared only when full, the view tables below kept about 45 objects a decision alive, the
# collector ran about twice as often and cost 12% of a decision (docs/performance.md, sixth
# pass).  Size a memo for the objects alive at once that ask it again (a game's current state,
# a combat's few states), not for a whole game.
#
# The one trick here that costs clarity, plain dicts kept beside pmaps: pyrsistent's ``PMap`` is
# pure Python: ``m[k]`` is three calls (about 0.5 us), a dict's is one opcode, and ``**m`` builds
# a key set and looks each key up again.  A :class:`PlainViews` memo keeps a plain dict of a
# pmap's items beside the map; a view is only read (or unpacked with ``**``, which copies it),
# never changed, never handed out as state.  Two tables use it:
#
# - ``ARGUMENTS``: the argument pmaps of frames and decisions (``kwargs_of`` gives a step its
#   arguments without walking the pmap): the memoized plain ones in the pmap's own order, a new
#   one's the fresh ``**kwargs`` dict it was made from (``freeze_arguments``; a step binds its
#   arguments by name, so their order is nothing to it);
# - ``VIEWS``: maps the rules read often (``state.characters``, the board, the options) through
#   :func:`plain`; ``plain_set`` makes the next map's view from the last one's (a small dict
#   copy), so a map changed one item at a time is never walked again.  Such a view is iterated
#   only where the order does not matter (its order is not the map's after ``plain_set``).


class IdentityMemo:
    """A bounded memo of values computed from some objects, keyed by the objects' identities and
    valid while they live (see above: the entry holds them; when full, the oldest entry goes).

    The caller builds the key inline (it is the hot path): ``(id(a), id(b), ...)`` of the
    objects the value comes from, with any plain hashable values it also depends on; ``keep``
    is given the objects of those ids to hold.  A value is never None (None is a miss)::

        key = (id(ch), id(defs), extra)
        value = MEMO.find(key)
        if value is None:
            value = MEMO.keep(key, (ch, defs), compute(ch, defs, extra))
    """

    __slots__ = ("table", "limit")

    def __init__(self, limit: int) -> None:
        self.table: dict[Any, tuple[Any, Any]] = {}
        self.limit = limit

    def find(self, key: Any) -> Any:
        """The value kept under ``key``, or None."""
        entry = self.table.get(key)
        return None if entry is None else entry[1]

    def keep(self, key: Any, objects: Any, value: R) -> R:
        """Keep ``value`` under ``key``, holding ``objects`` (those whose ids are in ``key``: one
        object or a tuple) while the entry lives; return ``value``."""
        table = self.table
        if len(table) >= self.limit:
            # the oldest entry goes; ``next`` and ``pop`` with defaults, so that two threads (a
            # Dask worker's) evicting at once never raise
            table.pop(next(iter(table), None), None)  # (None: no key)
        table[key] = (objects, value)
        return value

    def clear(self) -> None:
        """Forget every entry (what the values depend on changed: a plugin registered...)."""
        self.table.clear()


class PlainViews(IdentityMemo):
    """An :class:`IdentityMemo` of plain dicts kept beside pmaps, keyed by the map's ``id``
    alone (see above): ``keep(id(m), m, view)`` keeps a view (a plain dict of ``m``'s items,
    not to be changed after)."""

    __slots__ = ()

    def view(self, m: PMap[Any, Any]) -> dict[Any, Any]:
        """A read-only plain dict with the items of pmap ``m``, in ``m``'s order when made here
        (the one kept, or a new one, kept from now on)."""
        entry = self.table.get(id(m))
        if entry is not None:
            return entry[1]
        return self.keep(id(m), m, dict(m.iteritems()))

    def view_of(self, m: PMap[Any, Any]) -> dict[Any, Any] | None:
        """The view kept for ``m``, or None."""
        entry = self.table.get(id(m))
        return None if entry is None else entry[1]


ARGUMENTS = PlainViews(512)  # the frames on a game's stack and its decision, and the hottest memoized ones
VIEWS = PlainViews(32)  # the current state's characters (each change keeps a new map), board, options
_find_view = VIEWS.view_of


def _scalar_pmap(items: tuple[tuple[str, type, Any], ...]) -> PMap[str, Any]:
    """The pmap of ``(key, type, value)`` items (not a memo itself: its two callers are, and
    a memo of its own kept every event's data alive for a twentieth of hits)."""
    return pmap({k: v for k, _, v in items})


@functools.lru_cache(maxsize=16384)
def _scalar_arguments(items: tuple[tuple[str, type, Any], ...]) -> PMap[str, Any]:
    """``_scalar_pmap`` for a frame's or a decision's arguments: kept in ``ARGUMENTS`` too (in
    the pmap's own order, as ``kwargs_of`` walks it)."""
    m = _scalar_pmap(items)
    ARGUMENTS.keep(id(m), m, dict(m.iteritems()))
    return m


#: ``kwargs_of(args)``: a frame's or a decision's arguments as a dict to unpack with ``**``.
kwargs_of = ARGUMENTS.view
#: ``plain(m)``: a read-only plain dict with the items of pmap ``m`` (for fast look-ups).
plain = VIEWS.view


def plain_set(m: PMap[Any, Any], key: Any, value: Any) -> PMap[Any, Any]:
    """``m.set(key, value)``; when ``m`` has a view (:func:`plain`), the new map gets one too,
    made from ``m``'s (so a map changed one item at a time is never walked again)."""
    new = m.set(key, value)
    view = _find_view(m)
    if view is not None:
        view = view.copy()
        view[key] = value
        VIEWS.keep(id(new), new, view)
    return new


def as_pmap(value: Any) -> PMap[Any, Any]:
    """``value`` as a frozen pmap (the same object when it already is one); a value that is no
    mapping (``attrs.evolve(state, decks=None)``) is a :class:`~talisman.errors.StateError`."""
    if type(value) is PMapType:
        return value
    try:
        return deep_freeze(dict(value))
    except (TypeError, ValueError):
        raise _not_a("a mapping", value) from None


def as_pvector(value: Any) -> PVector[Any]:
    """``value`` (an iterable) as a frozen pvector (the same object when it already is one)."""
    if type(value) is PVectorType:
        return value
    try:
        return pvector(deep_freeze(list(value)))
    except TypeError:
        raise _not_a("a list", value) from None


def as_pset(value: Any) -> PSet[Any]:
    """``value`` (an iterable) as a pset (the same object when it already is one)."""
    return value if type(value) is PSetType else _convert(pset, value, "a set")


class FieldError(StateError):
    """A record's field given a value it does not take (an attrs validator, :func:`one_of`):
    ``path`` is the field's name, which :func:`~talisman.engine.serialize.from_data` puts after
    the record's own path (``state.ext.blood_moon.time``)."""


def one_of(*values: Any) -> Callable[[Any, Any, Any], None]:
    """An attrs validator: the field takes only these ``values`` (run where a record is built
    whole, ``from_json`` and a scenario's set-up; :func:`replace` runs converters only, so the
    rules' hot path pays nothing)."""
    def check(instance: Any, attribute: Any, value: Any) -> None:
        if value not in values:
            shown = repr(value) if len(repr(value)) <= 60 else repr(value)[:60] + "..."
            raise FieldError(attribute.name, f"expected one of {', '.join(map(repr, values))}, got {shown}")
    return check


def as_tuple(value: Any) -> tuple[Any, ...]:
    """``value`` (an iterable) as a tuple (the same object when it already is one)."""
    return value if type(value) is tuple else _convert(tuple, value, "a list")


def _convert(build: Callable[[Any], Any], value: Any, kind: str) -> Any:
    """``build(value)``, junk refused as a :class:`~talisman.errors.StateError`."""
    try:
        return build(value)
    except TypeError:
        raise _not_a(kind, value) from None


def _not_a(kind: str, value: Any) -> StateError:
    """The error of a record's collection field given junk: the converter is not told which
    field it fills, so the error names the kind expected and the value (ruling R-HARD11.1)."""
    shown = repr(value) if len(repr(value)) <= 60 else repr(value)[:60] + "..."
    return StateError("state", f"a field of the state that holds {kind} was given "
                               f"{type(value).__name__} {shown}")


def record(cls: type) -> dict[str, type]:
    """Field metadata: this field holds one record of ``cls`` (or None)."""
    return {"record": cls}


def record_vector(cls: type) -> dict[str, type]:
    """Field metadata: this field holds a pvector of records of ``cls``."""
    return {"record_vector": cls}


def record_map(cls: type) -> dict[str, type]:
    """Field metadata: this field holds a pmap from str to records of ``cls``."""
    return {"record_map": cls}


def record_keyed(lookup: Callable[[str], type | None]) -> dict[str, Callable[[str], type | None]]:
    """Field metadata: this field holds a pmap from str to records whose class depends on the
    key: ``lookup(key)`` gives it (None: no record is known under that key, refused on load).
    Such a record is rebuilt with its fields' types checked (``serialize.typed_from_data``)."""
    return {"record_keyed": lookup}


#: Field metadata: the field is left out of the JSON while it is None (a field added to a record
#: after states were written without it: absent and None are the same value).
OMIT_NONE: dict[str, bool] = {"omit_none": True}


@attrs.frozen
class _FrameRecord:
    """The attrs record of :class:`Frame` (its fields, equality, hash, repr and pickling)."""

    step: str
    args: PMap[str, Any] = attrs.field(factory=pmap, converter=as_pmap)


class Frame(_FrameRecord):
    """A rule step waiting on the engine's stack: a step name and its arguments.

    The trick of :class:`Event`, for frames whose arguments are not all plain (a list of cards,
    a path): ``lazy_frame`` keeps the caller's fresh ``**kwargs`` dict, its values frozen,
    in the slot ``plain_args`` and builds the ``args`` pmap only when something reads it (a rule
    looking at the stack, ``==``, JSON, pickling); the machine runs the step from
    ``plain_args`` (unpacked with ``**``: a copy), so most such frames never build a pmap.
    ``plain_args`` is None on any other frame (built with its pmap)."""

    __slots__ = ("plain_args",)

    if TYPE_CHECKING:
        plain_args: dict[str, Any] | None
    else:
        def __getattr__(self, attr: str) -> Any:
            # called only for a slot not set: ``args`` of a lazy frame, ``plain_args`` of a
            # frame built by attrs' ``__init__`` or unpickled (None: it has its pmap)
            if attr == "plain_args":
                return None
            if attr != "args":
                raise AttributeError(attr)
            args = pmap(object.__getattribute__(self, "plain_args"))
            _set(self, "args", args)
            return args


def new_frame(step: str, args: PMap[str, Any]) -> Frame:
    """``Frame(step, args)`` for an ``args`` pmap already frozen: attrs' converter skipped."""
    f = _new(Frame)
    _set(f, "step", step)
    _set(f, "args", args)
    _set(f, "plain_args", None)
    return f


def lazy_frame(step: str, kwargs: dict[str, Any]) -> Frame:
    """``Frame(step, kwargs)`` for a fresh ``**kwargs`` dict owned by the caller (never changed
    after): its values frozen in place, its pmap built when first read (see :class:`Frame`)."""
    f = _new(Frame)
    _set(f, "step", step)
    _set(f, "plain_args", freeze_values(kwargs))
    return f


@functools.lru_cache(maxsize=16384)
def scalar_frame(step: str, key: tuple[tuple[str, type, Any], ...]) -> Frame:
    """The frame of ``step`` with the plain arguments of ``scalar_key``: a pure memo (frames are
    immutable, so the same step with the same arguments is one shared object)."""
    return new_frame(step, _scalar_arguments(key))


@attrs.frozen
class _EventRecord:
    """The attrs record of :class:`Event` (its fields, equality, hash, repr and pickling)."""

    name: str
    data: PMap[str, Any] = attrs.field(factory=pmap, converter=as_pmap)


class Event(_EventRecord):
    """One entry of the log: what happened (``name``) with which numbers (``data``).

    The one trick of the log (explained here once): most events carry plain data (str, int,
    bool, None) that no rule reads again, and a third of them carry numbers seen for the first
    time (a turn, a roll), so their ``data`` pmap would be new each time (pyrsistent's
    ``pmap()``: pure Python, about as dear as the rest of logging the event).  Such an event is
    made by ``scalar_event`` with its ``scalar_key`` items in the slot ``plain_items`` (or
    by ``lazy_event`` with its fresh ``**data`` dict, values frozen) and ``data`` not yet
    set; the first read of ``data`` (by a rule, ``==``, ``hash``, ``repr``, JSON or pickling,
    all of which read the field by name) builds the pmap once, the same pmap ``Event(name,
    data)`` holds, and keeps it.  Every event is of this one class, so equality with an event
    built by hand or loaded from JSON is unchanged."""

    __slots__ = ("plain_items",)

    if not TYPE_CHECKING:  # (mypy: ``data`` is the field declared above)
        def __getattr__(self, attr: str) -> Any:
            # called only for a slot not set: ``data`` of an event made by ``scalar_event`` or
            # ``lazy_event``
            if attr != "data":
                raise AttributeError(attr)
            items = object.__getattribute__(self, "plain_items")
            data = pmap(items) if type(items) is dict else _scalar_pmap(items)
            _set(self, "data", data)
            return data

    def get(self, key: str, default: Any = None) -> Any:
        """One value of ``data``, ``default`` if the event has none."""
        return self.data.get(key, default)


def new_event(name: str, data: PMap[str, Any]) -> Event:
    """``Event(name, data)`` for a ``data`` pmap already frozen: attrs' converter skipped."""
    e = _new(Event)
    _set(e, "name", name)
    _set(e, "data", data)
    return e


def lazy_event(name: str, data: dict[str, Any]) -> Event:
    """``Event(name, data)`` for a fresh ``**data`` dict owned by the caller (never changed
    after): its values frozen in place, its pmap built when first read (see :class:`Event`)."""
    e = _new(Event)
    _set(e, "name", name)
    _set(e, "plain_items", freeze_values(data))
    return e


@functools.lru_cache(maxsize=1024)
def scalar_event(name: str, key: tuple[tuple[str, type, Any], ...]) -> Event:
    """The event ``name`` with the plain data of ``scalar_key``: a pure memo (as ``scalar_frame``),
    small: the events that repeat (``turn_ended``...) stay in it, those carrying a number seen
    once (a turn, a roll) leave it instead of being kept alive for good (see ``PlainViews``).
    Its ``data`` pmap is built when first read (see :class:`Event`)."""
    e = _new(Event)
    _set(e, "name", name)
    _set(e, "plain_items", key)
    return e


@attrs.frozen
class Decision:
    """What the game waits on: who chooses, what kind of choice, and the options.

    ``player`` is a player id or :data:`CHANCE`.  A chance decision carries a
    dice ``spec`` (``"2d6"``) or a ``deck`` name instead of listed options.
    ``step`` names the rule step that the chosen action resumes, with ``args``.
    """

    player: str
    kind: str
    step: str
    options: tuple[Action, ...] = attrs.field(default=(), converter=tuple,
                                              metadata=record_vector(Action))
    args: PMap[str, Any] = attrs.field(factory=pmap, converter=as_pmap)
    spec: str | None = None
    deck: str | None = None
    prompt: str = ""

    @property
    def is_chance(self) -> bool:
        return self.player == CHANCE


def new_decision(player: str, kind: str, step: str, options: tuple[Action, ...],
                 args: PMap[str, Any], spec: str | None = None, deck: str | None = None,
                 prompt: str = "") -> Decision:
    """``Decision(...)`` for ``options`` already a tuple and ``args`` a frozen pmap: attrs'
    converters skipped (the machine's own decisions, one or two a step)."""
    d = _new(Decision)
    _set(d, "player", player)
    _set(d, "kind", kind)
    _set(d, "step", step)
    _set(d, "options", options)
    _set(d, "args", args)
    _set(d, "spec", spec)
    _set(d, "deck", deck)
    _set(d, "prompt", prompt)
    return d


@attrs.frozen
class Outcome:
    """Why a game ended and who won (``winners`` may be empty: everyone lost)."""

    reason: Reason = attrs.field(converter=as_reason)
    winners: tuple[str, ...] = attrs.field(default=(), converter=tuple)

    @property
    def winner(self) -> str | None:
        """The one winner, or None (a draw, everyone lost, or several winners)."""
        return self.winners[0] if len(self.winners) == 1 else None


def winner_of(state: Any) -> str | None:
    """A game's one winner, or None (not over, a draw, or several winners)."""
    return None if state.outcome is None else state.outcome.winner


def _converters(cls: type) -> dict[str, Callable[[Any], Any]]:
    """The fields of ``cls`` that have a converter (cached on the class by attrs' own metadata)."""
    return {a.name: a.converter for a in attrs.fields(cls) if a.converter is not None}


def replace(obj: R, **changes: Any) -> R:
    """A copy of the attrs record ``obj`` with ``changes``: like ``attrs.evolve``, but only the
    changed fields' converters run (the others are already frozen).  The hot path of every rule.

    Records built for speed (``GameState``, ``Character``) keep their fields in a ``__dict__``,
    which is copied whole; slotted records are copied field by field.
    """
    cls: Any = type(obj)
    convs = _CONVERTERS.get(cls)
    if convs is None:
        convs = _CONVERTERS.setdefault(cls, _converters(cls))
    for name, value in changes.items():
        conv = convs.get(name)
        if conv is not None:
            changes[name] = conv(value)
    new = _new(cls)
    d = getattr(obj, "__dict__", None)
    if d is not None:
        nd = d.copy()  # (as in ``evolve``)
        nd.update(changes)
        if len(nd) != len(d):  # a name that is not a field
            unknown = changes.keys() - d.keys()
            raise TypeError(f"{cls.__name__} has no field(s) {', '.join(sorted(unknown))}")
        _set(new, "__dict__", nd)
        return new
    setter = object.__setattr__
    for a in cls.__attrs_attrs__:
        name = a.name
        setter(new, name, changes.pop(name) if name in changes else getattr(obj, name))
    if changes:
        raise TypeError(f"{cls.__name__} has no field(s) {', '.join(changes)}")
    return new


def evolve(obj: R, **changes: Any) -> R:
    """A copy of a ``__dict__`` record (``GameState``, ``Character``) with ``changes`` taken as
    they are: no converter runs and no field name is checked.  Only for the engine's own hot
    path, where every value is already of its field's frozen type.  Slotted records (another
    game's state on this machine) go through :func:`replace`."""
    d = getattr(obj, "__dict__", None)
    if d is None:
        return replace(obj, **changes)
    new = _new(type(obj))
    nd = d.copy()  # copies the table whole: cheaper than merging into a new dict
    nd.update(changes)
    _set(new, "__dict__", nd)
    return new


def set_field(obj: R, name: str, value: Any) -> R:
    """``evolve(obj, name=value)``: one field, without a keyword dict to build and merge (the
    machine's own copies, about 19 a decision, each change one field)."""
    try:
        d = obj.__dict__
    except AttributeError:  # a slotted record
        return replace(obj, **{name: value})
    nd = d.copy()
    nd[name] = value
    new = _new(type(obj))
    _set(new, "__dict__", nd)
    return new


#: class -> {field: converter}: derived once from the class's own attrs metadata (immutable facts).
_CONVERTERS: dict[type, dict[str, Callable[[Any], Any]]] = {}
