"""Resource Tiles: the limit of six, one tile a turn, and what each of the eight kinds does.

A tile is played as ``play:<kind>`` with its target where it has one:
``play:dumbledore``, ``play:double_die`` (in a battle), ``play:four_point_spell:<cup square>``,
``play:invisibility_cloak:<player>``, ``play:red_sparks:<player>``,
``play:reductor_curse`` (in the move after the roll), ``play:summon_hedge:<square>``,
``play:veritaserum:<player>`` (then ``take:<kind>``).
"""
from __future__ import annotations

import attrs
from pyrsistent import pvector

from ..engine.machine import decide, frame, log, push, request_draw
from ..engine.dice import shuffle
from . import cloak, piles
from .board import SYMBOLS
from .definitions import load
from .state import log_secret, occupied, update_player

#: Resource Tiles: "You can hold no more than 6 Resource Tiles."
TILE_LIMIT = 6
#: The temporary pile a Red Sparks blind draw is made from.
BLIND_DRAW = "blind_draw"
#: Tiles played in the turn's tile windows (before the roll, after the move); the Reductor
#: Curse belongs to the move and the Double Die to a battle.
WINDOW_TILES = ("dumbledore", "four_point_spell", "invisibility_cloak", "red_sparks",
                "summon_hedge", "veritaserum")

#: Tiles whose effect checks a Cup tile (Four Point Spell) or collects a Resource tile (Red
#: Sparks, Veritaserum): a player whose piece wears the cloak cannot play them.
CLOAKED_CANNOT = ("four_point_spell", "red_sparks", "veritaserum")


def may_play(state, pid, kind):
    """``pid`` holds a ``kind`` tile and has played no Resource tile this turn."""
    return not state.tile_played and kind in state.players[pid].tiles


def spend(state, pid, kind):
    """Play one ``kind`` tile: it leaves the hand for the Resource discard pile."""
    state = update_player(state, pid, tiles=piles.remove_one(state.players[pid].tiles, kind))
    state = piles.discard(state, piles.RESOURCES, [kind])
    state = attrs.evolve(state, tile_played=True) if pid == state.current else state
    return log(state, "tile_played", player=pid, tile=kind)


# --- which plays are legal now ------------------------------------------------------

def window_plays(state, pid):
    """Every ``play:...`` action ``pid`` may make in a tile window of their turn."""
    if state.tile_played:
        return []
    out = []
    for kind in sorted(set(state.players[pid].tiles)):
        if kind in WINDOW_TILES:
            out += [f"play:{kind}" + (f":{t}" if t else "") for t in targets(state, pid, kind)]
    return out


def targets(state, pid, kind):
    """The targets a tile may be played on now (``[None]``: no target needed; ``[]``: not
    playable now)."""
    board = load().board
    others = [p for p in state.order if p != pid]
    if state.cloak == pid and kind in CLOAKED_CANNOT:
        # The Invisibility Cloak: "you cannot check Cup Tiles or collect Resource Tiles if
        # your playing piece is wearing the Invisibility Cloak".
        return []
    if kind == "dumbledore":
        # ALBUS DUMBLEDORE punishes "a player 'cheating' with the Invisibility Cloak":
        # another player's piece must wear it (choice ``dumbledore_target``).
        return [None] if state.cloak not in (None, pid) else []
    if kind == "four_point_spell":
        return [sq for sq in board.cups if not state.cups[sq].face_up]
    if kind == "invisibility_cloak":
        # "If another playing piece is already wearing the Invisibility Cloak, you must
        # remove it and place it elsewhere."
        return [p for p in state.order if p != state.cloak]
    if kind in ("red_sparks", "veritaserum"):
        return [p for p in others if state.players[p].tiles]   # choice ``empty_handed_target``
    if kind == "summon_hedge":
        return summon_squares(state)
    return []


def summon_squares(state):
    """SUMMON HEDGE: "any open space on the Path", touching no Dark Hedge, no symbol."""
    taken = occupied(state)
    board = load().board
    return [sq for sq in board.summon_spaces
            if sq not in taken and sq != state.hedge and board.kinds[sq] not in SYMBOLS]


# --- playing a tile -----------------------------------------------------------------

def play(state, pid, action):
    """Play the tile ``action`` names (a window tile) and carry out its effect."""
    kind = action.args[0]
    target = action.args[1] if len(action.args) > 1 else None
    state = spend(state, pid, kind)
    return EFFECTS[kind](state, pid, target)


def dumbledore(state, pid, _target):
    """ALBUS DUMBLEDORE: the wearer may cancel with a Dumbledore of their own (the one tile
    played out of turn); otherwise the cloak comes off and the piece goes to a Penalty space."""
    wearer = state.cloak
    if "dumbledore" in state.players[wearer].tiles:
        return decide(state, wearer, "cancel", ["play:dumbledore", "pass"],
                      "resources.dumbledore_answered",
                      prompt=f"{pid} plays Albus Dumbledore against you", by=pid)
    return cloak.punish(state, wearer, by=pid)


def dumbledore_answered(state, action, by):
    """The wearer cancels with a Dumbledore of their own, or lets Dumbledore punish."""
    wearer = state.cloak
    if action.kind == "pass":
        return cloak.punish(state, wearer, by=by)
    # "Play your tile after your opponent plays their Albus Dumbledore Tile. Discard both.
    # Your playing piece retains the Invisibility Cloak."
    state = spend(state, wearer, "dumbledore")
    return log(state, "dumbledore_cancelled", player=wearer, by=by)


def four_point_spell(state, pid, square):
    """FOUR POINT SPELL: a private look at one Cup tile, then it lies face down again."""
    if state.cups[square].tile is None:
        return request_draw(state, piles.CUPS, f"the Cup tile on {square}", "spaces.cup_dealt",
                            square=square, player=pid, after="peek")
    return peek(state, pid, square)


def peek(state, pid, square):
    """Log the look at the Cup tile, secret to everyone but ``pid``."""
    return log_secret(state, "cup_peeked", [pid], ["tile"], player=pid, space=square,
                      tile=state.cups[square].tile)


def invisibility_cloak(state, pid, target):
    """INVISIBILITY CLOAK: "place it onto any playing piece on the game board"."""
    return cloak.put_on(state, target, by=pid, how="tile")


def red_sparks(state, pid, victim):
    """RED SPARKS: "Blind-draw a tile from the player of your choice": the victim's tiles
    are shuffled face down and one is drawn (a chance node over them)."""
    tiles, dice = shuffle(state.dice, state.players[victim].tiles)
    state = attrs.evolve(state, dice=dice, decks=state.decks.set(BLIND_DRAW, pvector(tiles)))
    return request_draw(state, BLIND_DRAW, f"Red Sparks on {victim}", "resources.stolen",
                        thief=pid, victim=victim)


def stolen(state, action, thief, victim):
    """The blind-drawn tile moves from the victim to the thief."""
    tile = action.args[0]
    state = attrs.evolve(state, decks=state.decks.discard(BLIND_DRAW))
    state = _move_tile(state, victim, thief, tile)
    state = log_secret(state, "tile_stolen", [thief, victim], ["tile"], player=thief,
                       victim=victim, tile=tile)
    return check_limit(state, thief)


def summon_hedge(state, pid, square):
    """SUMMON HEDGE: move the Wandering Hedge tile to ``square``."""
    state = log(state, "hedge_summoned", player=pid, **{"from": state.hedge}, to=square)
    return attrs.evolve(state, hedge=square)


def veritaserum(state, pid, victim):
    """VERITASERUM: the victim's tiles are shown to all; the player takes one."""
    tiles = sorted(state.players[victim].tiles)
    state = log(state, "tiles_revealed", player=victim, by=pid, tiles=tiles)
    return decide(state, pid, "take", [f"take:{t}" for t in sorted(set(tiles))],
                  "resources.taken", prompt=f"take one of {victim}'s tiles", victim=victim)


def taken(state, action, victim):
    """The chosen tile moves from the victim to the player."""
    pid = state.current
    tile = action.args[0]
    state = _move_tile(state, victim, pid, tile)
    state = log(state, "tile_taken", player=pid, victim=victim, tile=tile)
    return check_limit(state, pid)


def _move_tile(state, giver, taker, tile):
    state = update_player(state, giver, tiles=piles.remove_one(state.players[giver].tiles, tile))
    return update_player(state, taker, tiles=state.players[taker].tiles.append(tile))


EFFECTS = {"dumbledore": dumbledore, "four_point_spell": four_point_spell,
           "invisibility_cloak": invisibility_cloak, "red_sparks": red_sparks,
           "summon_hedge": summon_hedge, "veritaserum": veritaserum}


# --- the limit of six ----------------------------------------------------------------

def check_limit(state, player):
    """Rule step: "If you collect more than 6, decide which you want to keep and discard the
    extra tiles", one at a time (``discard:<kind>``)."""
    tiles = state.players[player].tiles
    if len(tiles) <= TILE_LIMIT:
        return state
    return decide(state, player, "discard", [f"discard:{t}" for t in sorted(set(tiles))],
                  "resources.discarded", prompt=f"{len(tiles)} tiles: discard down to 6",
                  holder=player)


def discarded(state, action, holder):
    """One surplus tile goes to the discard pile; check the limit again."""
    tile = action.args[0]
    state = update_player(state, holder,
                          tiles=piles.remove_one(state.players[holder].tiles, tile))
    state = piles.discard(state, piles.RESOURCES, [tile])
    state = log(state, "tile_discarded", player=holder, tile=tile)
    return push(state, frame("resources.check_limit", player=holder))


STEPS = {"resources.dumbledore_answered": dumbledore_answered, "resources.stolen": stolen,
         "resources.taken": taken, "resources.check_limit": check_limit,
         "resources.discarded": discarded}
