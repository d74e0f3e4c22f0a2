"""Game Set-Up: the pieces on the Maze Entrance, the cloak beside the board, the Cup tiles
shuffled face down, the Wandering Hedge between them, two Resource tiles and four Battle
cards each, the Obstacle Lineup of four, and the first player chosen by a die roll.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Set

import attrs
from pyrsistent import pmap, pvector

from ..engine.dice import Dice, seed_problem, shuffle
from ..engine.machine import frame, log, push, request_roll, then
from ..errors import OptionError
from . import piles
from .battle import face_value
from .definitions import load
from .state import CHAMPIONS, OPTIONS, RESERVED_IDS, Config, Cup, Player, TriwizardState

#: Game Set-Up 6 and 8: "deal 2 [Resource tiles] face down to each player", "deal 4 [Battle
#: cards] face down to each player"; 9: "Draw 4 cards ... This is the Obstacle Lineup."
START_TILES, START_CARDS, LINEUP = 2, 4, 4
_PLAYER_ID = re.compile(r"[a-z][a-z0-9_]*")


def player_ids(players):
    """``4`` -> the first four champions; a list of ids is checked and kept in its order."""
    if isinstance(players, int) and not isinstance(players, bool):
        if not 2 <= players <= len(CHAMPIONS):
            raise OptionError(f"the Triwizard Maze game is for 2 to 4 players, not {players}")
        return CHAMPIONS[:players]
    if isinstance(players, (str, bytes, Mapping, Set)) or not isinstance(players, Iterable):
        # (a set: its order follows the string hash, so the seats would too)
        raise OptionError(f"players: a number of players (2 to 4) or a list of player ids, not {players!r}")
    ids = tuple(players)
    if not 2 <= len(ids) <= 4:
        raise OptionError(f"the Triwizard Maze game is for 2 to 4 players, not {len(ids)}")
    for pid in ids:
        if not isinstance(pid, str) or not _PLAYER_ID.fullmatch(pid):
            raise OptionError(f"player id {pid!r}: a lowercase letter, then letters, digits, '_'")
        if pid in RESERVED_IDS:
            raise OptionError(f"player id {pid!r} is reserved")
    if len(set(ids)) != len(ids):
        raise OptionError("each player id once")
    return ids


def check_options(options):
    """Unknown options and bad values stop the game from starting."""
    for name, value in options.items():
        if name not in OPTIONS:
            raise OptionError(f"unknown rule option {name!r}; "
                                f"known: {', '.join(sorted(OPTIONS))}")
        if name == "max_turns" and (not isinstance(value, int) or isinstance(value, bool)
                                    or value < 0):
            raise OptionError(f"rule option max_turns={value!r}: a whole number, 0 for no limit")


def initial_state(players=4, seed=0, options=None) -> TriwizardState:
    """The state before set-up runs: pieces on the Entrance, nothing dealt yet."""
    defs = load()
    ids = player_ids(players)
    if options is not None and not isinstance(options, Mapping):
        raise OptionError(f"options: a mapping of rule options, not {options!r}")
    options = dict(options or {})
    check_options(options)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise OptionError(f"seed must be an integer, not {seed!r}")
    if seed_problem(seed):  # (a seed too long for a state's JSON to write)
        raise OptionError(f"seed: {seed_problem(seed)}")
    board = defs.board
    state = TriwizardState(
        config=Config(ids, pmap(options), seed), order=ids, current=ids[0],
        players={pid: Player(pid, board.entrance) for pid in ids}, dice=Dice(seed=seed),
        cloak=None, hedge=board.centre, cups={sq: Cup() for sq in board.cups},
        decks={piles.BATTLE: defs.battle_deck, piles.OBSTACLES: defs.obstacle_deck,
               piles.RESOURCES: defs.resource_pile, piles.CUPS: sorted(defs.cup_tiles)},
        discards={piles.BATTLE: [], piles.OBSTACLES: [], piles.RESOURCES: []},
        stack=pvector([frame("setup.start")]))
    return log(state, "game_started", players=list(ids), seed=seed)


def start(state):
    """Game Set-Up 4-10: shuffle, deal, lay out the Lineup, then roll for the first player."""
    dice = state.dice
    decks = state.decks
    for name in (piles.CUPS, piles.RESOURCES, piles.BATTLE, piles.OBSTACLES):
        cards, dice = shuffle(dice, decks[name])
        decks = decks.set(name, pvector(cards))
    state = attrs.evolve(state, dice=dice, decks=decks)
    frames = []
    for pid in state.order:
        frames += piles.draws(piles.RESOURCES, "tiles", pid, START_TILES)
    for pid in state.order:
        frames += piles.draws(piles.BATTLE, "hand", pid, START_CARDS)
    frames += piles.draws(piles.OBSTACLES, "lineup", "lineup", LINEUP)
    frames.append(frame("setup.roll_for_first", candidates=list(state.order), rolls={}))
    return push(state, *then(*frames))


def roll_for_first(state, candidates, rolls):
    """Game Set-Up 10, as the issue puts it: "the first player chosen by a die roll" --
    each candidate rolls in seating order; the Cloak face counts 0 (as in battle)."""
    waiting = [c for c in candidates if c not in rolls]
    return request_roll(state, "d6", f"first-player roll of {waiting[0]}", "setup.rolled_for_first",
                        candidates=list(candidates), rolls=dict(rolls), who=waiting[0])


def rolled_for_first(state, action, candidates, rolls, who):
    """Record the roll; after the last one the highest starts, ties roll again."""
    value = face_value(action.dice[0])
    state = log(state, "first_player_roll", player=who, roll=action.dice[0], value=value)
    rolls = dict(rolls, **{who: value})
    if len(rolls) < len(candidates):
        return push(state, frame("setup.roll_for_first", candidates=list(candidates), rolls=rolls))
    best = max(rolls.values())
    tied = [c for c in candidates if rolls[c] == best]
    if len(tied) > 1:
        # "Resolve ties with a die-roll -- highest wins": the tied players roll again.
        state = log(state, "first_player_tie", players=tied, value=best)
        return push(state, frame("setup.roll_for_first", candidates=tied, rolls={}))
    state = log(state, "first_player", player=tied[0])
    state = attrs.evolve(state, current=tied[0])
    return push(state, frame("turn.start"))


STEPS = {"setup.start": start, "setup.roll_for_first": roll_for_first,
         "setup.rolled_for_first": rolled_for_first}
