"""Talisman's game state: one aggregate of small frozen records, referring to
cards, spaces and characters by id.

Turn bookkeeping (``current``, ``round``, ``stack``, ``pending``) is kept apart
from game data (``characters``, ``board_cards``, ``decks``).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
from pyrsistent import pmap, pvector
from pyrsistent.typing import PMap, PVector

from .engine.records import plain, plain_set, replace, set_field
from .options import OPTIONS
from .engine.dice import Dice
from .engine.records import (EMPTY_PMAP, PlainViews, winner_of, deep_freeze, Decision, Event, Frame, Outcome, as_pmap, as_pvector, as_tuple, record,
                             record_keyed, record_map, record_vector, OMIT_NONE)


#: ``_flag_view(m)``: a character's turn flags as a read-only plain dict (:class:`PlainViews`).
_flag_view = PlainViews(64).view


@attrs.frozen(slots=False)
class Character:
    """One character in play: where it stands, its counters and what it holds."""

    id: str
    space: str
    strength: int
    craft: int
    lives: int
    fate: int
    gold: int
    alignment: str
    objects: PVector[str] = attrs.field(factory=pvector, converter=as_pvector)    # card ids
    spells: PVector[str] = attrs.field(factory=pvector, converter=as_pvector)
    scrolls: PVector[str] = attrs.field(factory=pvector, converter=as_pvector)  # SCROLLS: any number
    followers: PVector[str] = attrs.field(factory=pvector, converter=as_pvector)
    trophies: PVector[str] = attrs.field(factory=pvector, converter=as_pvector)
    lost_turn: int = 0           # LOSING A TURN: turns still to sit out (0: none)
    alive: bool = True
    toad_turns: int = 0          # TOADS & TRANSFORMATIONS: full turns left as a Toad
    raft: bool = False           # Rafts: a raft built or acquired, usable next turn
    next_move: PMap[str, Any] | None = None  # an encounter's "as your next move": {to: space} or {teleport: region}
    hold: str | None = None      # an Inner Region space whose instructions are not yet completed
    pit_fiends: int = 0          # PITS: fiends still to fight
    extra_turns: int = 0         # turns to take straight after this one (Temporal Warp)
    quest: PMap[str, Any] | None = None  # the Warlock's quest in hand (rules.quests), plain data
    turn_flags: PMap[str, Any] = attrs.field(factory=pmap, converter=as_pmap)  # reset each turn

    def flag(self, key: str, default: Any = None) -> Any:
        """A turn flag's value, ``default`` if it is not set."""
        flags = self.turn_flags
        if flags is EMPTY_PMAP:  # most turns set no flag: the shared empty map, nothing to look up
            return default
        # a plain view of the map (kept apart from ``plain``'s, whose few entries hold the
        # characters' map): one dict look-up, where ``key in flags`` costs pyrsistent three
        # Python calls and a hit three more (``PMap.get`` raises and catches a KeyError on a miss)
        return _flag_view(flags).get(key, default)


@attrs.frozen
class Config:
    """What a game was started with: replaying it needs nothing else but the actions."""

    characters: tuple[str, ...] = attrs.field(converter=as_tuple)
    expansions: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)
    options: PMap[str, Any] = attrs.field(factory=pmap, converter=as_pmap)  # rule option -> value
    seed: int = 0


def _frame_or_none(value: Any) -> PMap[str, Any] | None:
    return None if value is None else as_pmap(value)


_EMPTY_PVECTOR: PVector[Any] = pvector()

#: The fields of :class:`Battle` (a key that is none of them is an expansion's: ``Battle.ext``).
_BATTLE_FIELDS: frozenset[str] = frozenset()


@attrs.frozen(slots=False)
class Battle:
    """The combat in progress (``GameState.battle``; rules.combat), typed.

    ``who``: the character fighting (the attacker, between characters); ``kind``: ``battle``
    or ``psychic``; ``enemies``: each ``{name, card, value}`` (a card id or None, the Strength
    or Craft it attacks with; a creature that is no card may add its ``subtype``, the Crags' Spirit); ``opponent``: the other character, or None; ``bonus`` /
    ``opponent_bonus``: what spells and paid Followers add this combat; ``evadable``; the
    frames run on each result (``on_win``, ``on_lose``, ``on_standoff``, ``on_evade``: a
    ``{step, args}`` map or None); ``result`` once decided (``won``, ``lost``, ``standoff``,
    ``evaded``); ``roll`` / ``opponent_roll`` and whether each was rolled again for a fate;
    ``tame_tried``: the Animals a taming was tried on; ``henchman`` / ``opponent_henchman``: the
    Henchman fighting instead of the attacker / the defender (an option); ``scores``: each comparison of the scores ``[character's,
    opponent's]`` (kept only when the ``combat_ended`` hook has a listener); ``ext``: an
    expansion's own fields of this combat (the Blood Moon's ``bm_*``), and ``assassinate``
    when the Assassin chose to assassinate (set only then: rulings R-FF12.4), and ``no_spoils``
    in a bout of 6) THE ARENA, REVISITED (``combat.start_combat``'s ``spoils=False``).

    Older code reads and writes it as the mapping it was (``b["who"]``, ``b.get("result")``,
    ``b.set("result", "won")``): that face stays, a key that is no field lives in ``ext``.

    Kept in a ``__dict__`` (``slots=False``), as ``GameState`` and ``Character`` are: a combat
    changes a field or two at a time (about 0.5 copies a decision), and ``records.replace``
    copies such a record's dict whole where a slotted one is copied field by field (22 fields).
    The empty collections are shared defaults (immutable), not a factory called per combat.
    """

    who: str
    kind: str
    enemies: PVector[PMap[str, Any]] = attrs.field(default=_EMPTY_PVECTOR, converter=as_pvector)
    opponent: str | None = None
    bonus: int = 0
    opponent_bonus: int = 0
    evadable: bool = True
    on_win: PMap[str, Any] | None = attrs.field(default=None, converter=_frame_or_none)
    on_lose: PMap[str, Any] | None = attrs.field(default=None, converter=_frame_or_none)
    on_standoff: PMap[str, Any] | None = attrs.field(default=None, converter=_frame_or_none)
    on_evade: PMap[str, Any] | None = attrs.field(default=None, converter=_frame_or_none)
    result: str | None = None
    roll: int | None = None
    rerolled: bool = False
    opponent_roll: int | None = None
    opponent_rerolled: bool = False
    tame_tried: PVector[str] = attrs.field(default=_EMPTY_PVECTOR, converter=as_pvector)
    henchman: str | None = None
    opponent_henchman: str | None = None
    scores: PVector[PVector[int]] = attrs.field(default=_EMPTY_PVECTOR, converter=as_pvector)
    ext: PMap[str, Any] = attrs.field(default=EMPTY_PMAP, converter=as_pmap)

    # --- the mapping face (expansions written against the plain-data battle) -----------------

    def __getitem__(self, key: str) -> Any:
        if key in _BATTLE_FIELDS:
            return getattr(self, key)
        return self.ext[key]

    def get(self, key: str, default: Any = None) -> Any:
        """A field's value (``default`` when it is None), or an expansion's key from ``ext``."""
        if key in _BATTLE_FIELDS:
            value = getattr(self, key)
            return default if value is None else value
        ext = self.ext  # (``in`` first: a pmap's ``get`` raises and catches a KeyError on a miss)
        return ext[key] if key in ext else default

    def __contains__(self, key: object) -> bool:
        return key in _BATTLE_FIELDS or key in self.ext

    def set(self, key: str, value: Any) -> Battle:
        """A copy with one field (or an expansion's key, kept in ``ext``) changed."""
        if key in _BATTLE_FIELDS:
            return replace(self, **{key: value})
        return replace(self, ext=self.ext.set(key, deep_freeze(value)))


_BATTLE_FIELDS = frozenset(f.name for f in attrs.fields(Battle)) - {"ext"}


class ExtRecord:
    """The base of a typed slice of ``GameState.ext``: an attrs frozen record an expansion (or a
    rule option's base plugin) declares for its own state, registered under its slice id with
    ``register_slice`` (``rules.kernel.ExtSlice`` does both; docs/architecture.md).

    Its fields are read as attributes.  For older readers it also answers as a read-only mapping
    of its present fields (``mine["time"]``, ``mine.get("riders", {})``, ``"riders" in mine``) and
    ``mine.set(field, value)``; a field marked ``records.OMIT_NONE`` is absent while None (left
    out of the JSON, ``get`` gives the default)."""

    __slots__ = ()

    def __contains__(self, key: object) -> bool:
        fields = _slice_fields(type(self))
        if key not in fields:
            return False
        return not (fields[key] and getattr(self, key) is None)

    def __getitem__(self, key: str) -> Any:
        if key not in self:
            raise KeyError(key)
        return getattr(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        """A present field's value, ``default`` for an absent one."""
        return getattr(self, key) if key in self else default

    def keys(self) -> list[str]:
        """The present fields' names."""
        return [k for k in _slice_fields(type(self)) if k in self]

    def items(self) -> list[tuple[str, Any]]:
        """The present fields and their values."""
        return [(k, getattr(self, k)) for k in self.keys()]

    def __iter__(self) -> Any:
        return iter(self.keys())

    def set(self, key: str, value: Any) -> Any:
        """A copy with one field changed (``engine.records.replace``: its converter runs)."""
        return replace(self, **{key: value})

    def discard(self, key: str) -> Any:
        """A copy with an optional field absent (None)."""
        if not _slice_fields(type(self)).get(key):
            raise KeyError(f"{type(self).__name__}.{key} is not an optional field")
        return replace(self, **{key: None})


def map_field(validator: Any = None) -> Any:
    """A slice record's field holding a frozen map (empty by default; a dict given is frozen);
    ``validator``: the attrs validator of its values (``rules.slice_values.checked``), run where
    the slice is built whole (``from_json``, a scenario's set-up), never by ``replace``."""
    return attrs.field(factory=pmap, converter=deep_freeze, validator=validator)


def vector_field(validator: Any = None) -> Any:
    """A slice record's field holding a frozen vector (empty by default; a list given is frozen);
    ``validator`` as :func:`map_field`'s."""
    return attrs.field(factory=pvector, converter=deep_freeze, validator=validator)


def absent_field(validator: Any = None) -> Any:
    """A slice record's optional field, absent (None, left out of the JSON) until set;
    ``validator`` as :func:`map_field`'s (None passes it)."""
    return attrs.field(default=None, converter=deep_freeze, metadata=OMIT_NONE, validator=validator)


def _slice_fields(cls: type) -> dict[str, bool]:
    """A slice record's field names -> whether the field is absent while None."""
    fields = _SLICE_FIELDS.get(cls)
    if fields is None:
        fields = _SLICE_FIELDS[cls] = {f.name: bool(f.metadata.get("omit_none")) for f in attrs.fields(cls)}
    return fields


_SLICE_FIELDS: dict[type, dict[str, bool]] = {}


#: Slice id -> the record class of that slice of ``GameState.ext``, filled from above by the slice
#: owners (``rules.kernel.ExtSlice``): the model imports no rule or expansion.
EXT_SLICES: dict[str, type[ExtRecord]] = {}


def register_slice(key: str, cls: type[ExtRecord]) -> None:
    """Declare ``cls`` (an attrs frozen :class:`ExtRecord`) the record of ``state.ext[key]``."""
    if not (attrs.has(cls) and issubclass(cls, ExtRecord)):
        raise TypeError(f"the slice {key!r} must be an attrs record deriving from ExtRecord, not {cls!r}")
    EXT_SLICES[key] = cls


def slice_record(key: str) -> type[ExtRecord] | None:
    """The record class registered for the slice ``key`` (None: none is)."""
    return EXT_SLICES.get(key)


@attrs.frozen(slots=False)
class GameState:
    """A whole game of Talisman as one immutable value."""

    config: Config = attrs.field(metadata=record(Config))
    order: tuple[str, ...] = attrs.field(converter=as_tuple)
    current: str
    characters: PMap[str, Character] = attrs.field(converter=as_pmap, metadata=record_map(Character))
    dice: Dice = attrs.field(metadata=record(Dice))
    round: int = 1
    turn: int = 1
    board_cards: PMap[str, PVector[str]] = attrs.field(factory=pmap, converter=as_pmap)  # space -> cards
    decks: PMap[str, PVector[str]] = attrs.field(factory=pmap, converter=as_pmap)  # top card first
    discards: PMap[str, PVector[str]] = attrs.field(factory=pmap, converter=as_pmap)
    stack: PVector[Frame] = attrs.field(factory=pvector, converter=as_pvector,
                                metadata=record_vector(Frame))
    pending: Decision | None = attrs.field(default=None, metadata=record(Decision))
    log: PVector[Event] = attrs.field(factory=pvector, converter=as_pvector,
                              metadata=record_vector(Event))
    outcome: Outcome | None = attrs.field(default=None, metadata=record(Outcome))
    board_gold: PMap[str, int] = attrs.field(factory=pmap, converter=as_pmap)  # space -> gold lying there
    battle: Battle | None = attrs.field(default=None, metadata=record(Battle))  # the combat in progress
    crown_reached: bool = False  # someone has reached the Crown of Command
    ending: PMap[str, Any] | None = attrs.field(default=None, converter=deep_freeze)  # Alternative Endings
    # "space/card" -> counters left on a card; a few marks by a word (rules.characters, abilities)
    card_stock: PMap[str, int | str] = attrs.field(factory=pmap, converter=as_pmap)
    # slice id (an expansion's, a rule option's) -> its own typed record (``ExtRecord``)
    ext: PMap[str, ExtRecord] = attrs.field(factory=pmap, converter=as_pmap,
                                            metadata=record_keyed(slice_record))
    lasting: PMap[str, Any] = attrs.field(factory=pmap, converter=as_pmap)  # rules.lasting: name -> plain data
    # space -> the cards under resolution there (drawn, their ``when_drawn`` not yet done; drawn
    # from a discard pile, not yet met): off the space, so no effect that clears it reaches them
    # (rules.kernel: hold_resolving, settle_resolving)
    resolving: PMap[str, PVector[str]] = attrs.field(factory=pmap, converter=as_pmap)

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    winner = property(winner_of, doc="The one winner, or None (not over, a draw, several winners).")

    def _repr_svg_(self) -> str | None:
        """Jupyter's picture of the state, when a picture maker is registered (talisman.svg)."""
        draw = _PICTURES.get(type(self))
        return draw(self) if draw is not None else None

    def option(self, name: str) -> Any:
        """A rule option's value (the defaults are in :mod:`talisman.options`)."""
        default = OPTIONS[name]
        return plain(self.config.options).get(name, default)  # a game's options never change: one view


_PICTURES: dict[type, Callable[[Any], str]] = {}   # state class -> function(state) -> SVG text, filled by a higher layer


def register_picture(cls: type, draw: Callable[[Any], str]) -> None:
    """Let states of ``cls`` draw themselves in Jupyter with ``draw`` (the model draws nothing)."""
    _PICTURES[cls] = draw


def character(state: GameState, cid: str) -> Character:
    """``state.characters[cid]``, read through the map's plain view (:func:`engine.records.plain`:
    a dict look-up instead of pyrsistent's three calls).  ``KeyError`` for an unknown id."""
    return plain(state.characters)[cid]


def update_character(state: GameState, cid: str, **changes: Any) -> GameState:
    """A new state with one character's fields changed."""
    chars = state.characters
    new = replace(plain(chars)[cid], **changes)
    return set_field(state, "characters", plain_set(chars, cid, new))
