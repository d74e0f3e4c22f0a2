"""The Triwizard Maze game's state: one immutable aggregate of small frozen records that
refer to squares, cards and tiles by id.

Turn bookkeeping (``current``, ``turn``, ``tile_played``, ``battled``, ``stack``,
``pending``) is kept apart from game data (``players``, ``cloak``, ``hedge``, ``cups``,
``lineup``, ``decks``, ``discards``).
"""
from __future__ import annotations

from typing import Any

import attrs
from pyrsistent import pmap, pvector
from pyrsistent.typing import PMap, PVector

from ..engine.dice import Dice
from ..engine.machine import log
from ..engine.records import (winner_of, Decision, Event, Frame, Outcome, as_pmap, as_pvector, record,
                              record_map, record_vector)

#: Rule options and their defaults.
OPTIONS = {
    # End the game with no winner after this many turns (0: no limit).  A safety bound for
    # simulations and property tests; the rules themselves have no limit.
    "max_turns": 0,
}

#: Seating: the default player ids, the four Triwizard champions.
CHAMPIONS = ("harry", "cedric", "fleur", "viktor")
#: Notation words that cannot be player ids.
RESERVED_IDS = ("aside", "chance", "hidden")


@attrs.frozen
class Player:
    """One player's piece and what they hold (Battle cards ``hand``, Resource ``tiles``)."""

    id: str
    space: str
    hand: PVector[str] = attrs.field(factory=pvector, converter=as_pvector)
    tiles: PVector[str] = attrs.field(factory=pvector, converter=as_pvector)


@attrs.frozen
class Cup:
    """A Cup tile on its Cup space.  ``tile`` is None until the tile is first looked at:
    the shuffled Cup tiles wait in the ``cups`` pile, and turning one over or peeking at it
    is a draw from that pile (a chance node, docs/triwizard.md)."""

    tile: str | None = None
    face_up: bool = False


@attrs.frozen
class Slot:
    """One card of the Obstacle Lineup; index 0 lies closest to the Obstacle Draw Pile."""

    card: str
    face_up: bool = True


@attrs.frozen
class Config:
    """What a game was started with: replaying it needs nothing else but the actions."""

    players: tuple[str, ...] = attrs.field(converter=tuple)
    options: PMap[str, Any] = attrs.field(factory=pmap, converter=as_pmap)
    seed: int | None = 0   # None in a player's view


@attrs.frozen
class TriwizardState:
    """A whole game of the Triwizard Maze as one immutable value."""

    config: Config = attrs.field(metadata=record(Config))
    order: tuple[str, ...] = attrs.field(converter=tuple)        # the seating, clockwise
    current: str
    players: PMap[str, Player] = attrs.field(converter=as_pmap, metadata=record_map(Player))
    dice: Dice = attrs.field(metadata=record(Dice))
    cloak: str | None = None                           # who wears the Invisibility Cloak
    hedge: str = ""                                    # where the Wandering Hedge stands
    cups: PMap[str, Cup] = attrs.field(factory=pmap, converter=as_pmap, metadata=record_map(Cup))
    lineup: PVector[Slot] = attrs.field(factory=pvector, converter=as_pvector,
                                 metadata=record_vector(Slot))
    turn: int = 0
    tile_played: bool = False                          # a Resource tile was played this turn
    battled: bool = False                              # a Battle card was played this turn
    battle_card: str | None = None                     # the Battle card face up in a battle
    obstacle_space: str | None = None                  # the Obstacle space being battled
    came_from: str | None = None                       # the square the piece entered it from
    decks: PMap[str, PVector[str]] = attrs.field(factory=pmap, converter=as_pmap)
    discards: PMap[str, PVector[str]] = attrs.field(factory=pmap, converter=as_pmap)
    stack: PVector[Frame] = attrs.field(factory=pvector, converter=as_pvector,
                                metadata=record_vector(Frame))
    pending: Decision | None = attrs.field(default=None, metadata=record(Decision))
    log: PVector[Event] = attrs.field(factory=pvector, converter=as_pvector,
                              metadata=record_vector(Event))
    outcome: Outcome | None = attrs.field(default=None, metadata=record(Outcome))

    @property
    def is_over(self) -> bool:
        """True once the game has an outcome."""
        return self.outcome is not None

    winner = property(winner_of, doc="The one winner, or None (not over, a draw, several winners).")

    def option(self, name):
        """A rule option's value (defaults in :data:`OPTIONS`)."""
        return self.config.options.get(name, OPTIONS[name])


def update_player(state: TriwizardState, pid: str, **changes) -> TriwizardState:
    """A new state with one player's fields changed."""
    p = state.players[pid]
    return attrs.evolve(state, players=state.players.set(pid, attrs.evolve(p, **changes)))


def occupant(state: TriwizardState, square: str, besides=None):
    """The player whose piece stands on ``square`` (other than ``besides``), or None."""
    for pid in state.order:
        if pid != besides and state.players[pid].space == square:
            return pid
    return None


def occupied(state: TriwizardState, besides=None) -> set:
    """The squares where pieces other than ``besides``'s stand."""
    return {p.space for pid, p in state.players.items() if pid != besides}


def right_of(state: TriwizardState, pid: str) -> str:
    """The player on ``pid``'s right.  Play passes clockwise, to the left, so the player on
    the right is the one who played just before (Losing a Battle)."""
    i = state.order.index(pid)
    return state.order[(i - 1) % len(state.order)]


def log_secret(state, name, seen_by, secret, **data):
    """Log an event some of whose fields (``secret``) only ``seen_by`` may see.

    :func:`talisman.triwizard.view.player_view` hides those fields from everyone else.
    """
    return log(state, name, seen_by=sorted(seen_by), secret=sorted(secret), **data)
