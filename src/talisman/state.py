"""Talisman's game state: one aggregate of small frozen records, referring to
cards, spaces and characters by id.

Turn bookkeeping (``current``, ``round``, ``stack``, ``pending``) is kept apart
from game data (``characters``, ``board_cards``, ``decks``).
"""
from __future__ import annotations

import attrs
from pyrsistent import pmap, pvector

from .engine.records import replace, set_field
from .options import OPTIONS
from .engine.dice import Dice
from .engine.records import (winner_of, deep_freeze, Decision, Event, Frame, Outcome, as_pmap, as_pvector, record,
                             record_map, record_vector)


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
    objects: object = attrs.field(factory=pvector, converter=as_pvector)
    spells: object = attrs.field(factory=pvector, converter=as_pvector)
    scrolls: object = attrs.field(factory=pvector, converter=as_pvector)  # SCROLLS: any number
    followers: object = attrs.field(factory=pvector, converter=as_pvector)
    trophies: object = attrs.field(factory=pvector, converter=as_pvector)
    lost_turn: int = 0           # LOSING A TURN: turns still to sit out (0: none)
    alive: bool = True
    toad_turns: int = 0          # TOADS & TRANSFORMATIONS: full turns left as a Toad
    raft: bool = False           # Rafts: a raft built or acquired, usable next turn
    next_move: object = None     # an encounter's "as your next move": {to: space} or {teleport: region}
    hold: str | None = None      # an Inner Region space whose instructions are not yet completed
    pit_fiends: int = 0          # PITS: fiends still to fight
    extra_turns: int = 0         # turns to take straight after this one (Temporal Warp)
    quest: object = None         # the Warlock's quest in hand (rules.quests), plain data
    turn_flags: object = attrs.field(factory=pmap, converter=as_pmap)  # reset each turn

    def flag(self, key, default=None):
        """A turn flag's value, ``default`` if it is not set."""
        flags = self.turn_flags
        return flags[key] if key in flags else default  # PMap.get raises and catches a KeyError on a miss


@attrs.frozen
class Config:
    """What a game was started with: replaying it needs nothing else but the actions."""

    characters: tuple = attrs.field(converter=tuple)
    expansions: tuple = attrs.field(default=(), converter=tuple)
    options: object = attrs.field(factory=pmap, converter=as_pmap)
    seed: int = 0


@attrs.frozen(slots=False)
class GameState:
    """A whole game of Talisman as one immutable value."""

    config: Config = attrs.field(metadata=record(Config))
    order: tuple = attrs.field(converter=tuple)
    current: str
    characters: object = attrs.field(converter=as_pmap, metadata=record_map(Character))
    dice: Dice = attrs.field(metadata=record(Dice))
    round: int = 1
    turn: int = 1
    board_cards: object = attrs.field(factory=pmap, converter=as_pmap)
    decks: object = attrs.field(factory=pmap, converter=as_pmap)
    discards: object = attrs.field(factory=pmap, converter=as_pmap)
    stack: object = attrs.field(factory=pvector, converter=as_pvector,
                                metadata=record_vector(Frame))
    pending: Decision | None = attrs.field(default=None, metadata=record(Decision))
    log: object = attrs.field(factory=pvector, converter=as_pvector,
                              metadata=record_vector(Event))
    outcome: Outcome | None = attrs.field(default=None, metadata=record(Outcome))
    board_gold: object = attrs.field(factory=pmap, converter=as_pmap)   # space -> gold lying there
    battle: object = None        # the combat in progress (plain data), or None
    crown_reached: bool = False  # someone has reached the Crown of Command
    ending: object = attrs.field(default=None, converter=deep_freeze)  # Alternative Endings (plain data)
    card_stock: object = attrs.field(factory=pmap, converter=as_pmap)  # "space/card" -> counters left on a card
    ext: object = attrs.field(factory=pmap, converter=as_pmap)  # expansion id -> its own plain data
    lasting: object = attrs.field(factory=pmap, converter=as_pmap)  # rules.lasting: name -> plain data

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    winner = property(winner_of, doc="The one winner, or None (not over, a draw, several winners).")

    def option(self, name):
        """A rule option's value (the defaults are in :mod:`talisman.options`)."""
        default = OPTIONS[name]
        options = self.config.options
        return options[name] if name in options else default  # no KeyError raised on a miss


def update_character(state: GameState, cid: str, **changes) -> GameState:
    """A new state with one character's fields changed."""
    chars = state.characters
    return set_field(state, "characters", chars.set(cid, replace(chars[cid], **changes)))
