"""Bots for the Triwizard Maze game: a seeded random bot and a heuristic bot.

A bot is a function ``choose(state, counter) -> Action`` for the player whose decision is
pending; it only chooses among :func:`~talisman.triwizard.api.legal_actions`.  The
heuristic bot looks only at what its player may know (its own cards and tiles, the board,
the face-up Cup tiles and its own Four Point Spell looks in the log):

* it heads for the nearest Cup tile not known to be a Headstone tile (walking distance on
  the maze, taking a Portkey when that lands nearer), preferring squares where it holds a
  Battle card for the obstacle it would face;
* in a battle it plays its strongest matching card, and a Double Die when it has one;
* it gives up its turn for a new hand only when no card fits the next obstacle and an
  Obstacle space lies within one roll on its way;
* it uses tiles when they help: a Four Point Spell on an unknown Cup, Dumbledore and Red
  Sparks and Veritaserum on the others, the cloak on the opponent nearest a Cup (a cloaked
  piece cannot check Cup tiles), a Reductor Curse when it shortens the way;
* moving an opponent back, it picks the square furthest from that opponent's goal.

>>> s = api.new_game(2, seed=3)
>>> heuristic(s) in api.legal_actions(s)
True
"""
from __future__ import annotations

import functools

from ..engine.dice import mix
from ..errors import TalismanError
from . import api, movement
from .board import walk_distances
from .definitions import load

FAR = 10_000
#: Tiles the bot would rather keep, most wanted first (discarding down to six, Veritaserum).
TILE_PREFERENCE = ("dumbledore", "double_die", "four_point_spell", "reductor_curse",
                   "invisibility_cloak", "red_sparks", "veritaserum", "summon_hedge")


def random_bot(state, counter, seed=0):
    """A seeded random choice among the legal actions."""
    legal = api.legal_actions(state)
    return legal[mix(seed, counter) % len(legal)]


# --- what a player knows ------------------------------------------------------------

def known_false(state, pid):
    """Cup spaces ``pid`` knows hold a Headstone tile: face up, or seen by a Four Point Spell."""
    defs = load()
    out = {sq for sq, cup in state.cups.items() if cup.face_up and not _real(cup.tile)}
    for e in state.log:
        if e.name == "cup_peeked" and e.data["player"] == pid and not _real(e.data["tile"]):
            out.add(e.data["space"])
    return out & set(defs.board.cups)


def known_cup(state, pid):
    """The Cup space ``pid`` knows holds the real Cup, or None."""
    for e in state.log:
        if e.name == "cup_peeked" and e.data["player"] == pid and _real(e.data["tile"]):
            return e.data["space"]
    return None


def _real(tile):
    return tile in load().cup_tiles and load().cup_tiles[tile].real


def targets(state, pid, public=False):
    """The Cup spaces worth heading for, as ``pid`` knows them (``public``: as everyone
    knows them, for guessing where an opponent heads without reading their looks)."""
    if public:
        left = tuple(sq for sq, cup in sorted(state.cups.items()) if not cup.face_up)
        return left or load().board.cups
    real = known_cup(state, pid)
    if real is not None:
        return (real,)
    false = known_false(state, pid)
    left = tuple(sq for sq in load().board.cups if sq not in false)
    return left or load().board.cups


@functools.lru_cache(maxsize=256)
def _distance_map(goals, hedge):
    """Walking distance to the nearest of ``goals`` (the Wandering Hedge blocks)."""
    board = load().board
    best = {}
    for g in goals:
        for sq, d in walk_distances(board, g, blocked=[hedge]).items():
            best[sq] = min(best.get(sq, FAR), d)
    return best


def distance(state, pid, square, public=False):
    """How far ``square`` is from ``pid``'s goal; a Portkey counts as where it leads."""
    dmap = _distance_map(tuple(sorted(targets(state, pid, public))), state.hedge)
    board = load().board
    d = dmap.get(square, FAR)
    far = board.portkeys.get(square)
    if far is not None and state.cloak != pid:
        blocked = any(p.space == far for q, p in state.players.items() if q != pid)
        if not blocked:
            d = min(d, dmap.get(far, FAR))
    return d


def current_obstacle(state):
    """The obstacle card a battle now would be fought against, or None."""
    for slot in state.lineup:
        if slot.face_up:
            return load().obstacles[slot.card]
    return None


def has_card_for(state, pid):
    """``pid`` holds a Battle card of a colour the next obstacle takes."""
    ob = current_obstacle(state)
    defs = load()
    return ob is None or any(defs.battle[c].colour in ob.colours for c in state.players[pid].hand)


# --- the heuristic bot ------------------------------------------------------------------

def heuristic(state, counter=0):
    """The heuristic bot's choice for the pending decision."""
    p = state.pending
    legal = api.legal_actions(state)
    texts = [str(a) for a in legal]
    pid = p.player
    choice = CHOOSERS.get(p.kind, _first)(state, pid, texts)
    return legal[texts.index(choice)] if choice in texts else legal[0]


def _first(state, pid, texts):
    return texts[0]


def _square_value(state, pid, sq):
    """Lower is better: the goal distance, with a penalty for an Obstacle space faced
    without a matching card and a small bonus for Gold Mist."""
    board = load().board
    d = distance(state, pid, sq)
    kind = board.kinds[sq]
    if kind == "obstacle" and state.cloak != pid and not has_card_for(state, pid):
        d += 8
    if kind == "gold_mist" and state.cloak != pid:
        d -= 0.5
    if kind == "cup" and sq in known_false(state, pid):
        d += 20
    if kind == "cup" and state.cloak == pid:
        d += 1.5        # a cloaked piece checks no Cup tile: wait next to it instead
    return d


def _best_move(state, pid, texts, prefix="move:"):
    moves = [t for t in texts if t.startswith(prefix)]
    here = state.players[pid].space
    scored = [(_square_value(state, pid, t.split(":")[1]), t) for t in moves]
    if "stay" in texts:
        # Staying resolves nothing: on a face-down Cup tile (reached under the cloak) the
        # piece must step off and come back to turn it over.
        on_cup = here in state.cups and not state.cups[here].face_up
        scored.append((_square_value(state, pid, here) + (4 if on_cup else 0.25), "stay"))
    return min(scored)[1] if scored else texts[0]


def _move(state, pid, texts):
    best = _best_move(state, pid, texts)
    if "play:reductor_curse" in texts:
        steps = state.pending.args["steps"]
        cursed = movement.reach(state, pid, steps, curse=True)
        if cursed:
            via = min(_square_value(state, pid, sq) for sq in cursed)
            plain = (_square_value(state, pid, best.split(":")[1]) if best != "stay"
                     else _square_value(state, pid, state.players[pid].space))
            if via < plain - 2:
                return "play:reductor_curse"
    return best


def _push(state, pid, texts):
    loser = state.pending.args["loser"]
    scored = [(-distance(state, loser, t.split(":")[1], public=True), t) for t in texts]
    return min(scored)[1]


def _battle(state, pid, texts):
    defs = load()
    cards = [t.split(":")[1] for t in texts]
    best = max(cards, key=lambda c: (defs.battle[c].strength, defs.battle[c].movement, c))
    return f"battle:{best}"


def _nearest_rival(state, pid):
    """The opponent whose piece stands nearest a Cup tile (by that opponent's goal)."""
    rivals = [q for q in state.order if q != pid]
    return min(rivals, key=lambda q: (distance(state, q, state.players[q].space, True), q))


def _tile_play(state, pid, texts):
    """A helpful tile play among ``texts``, or None."""
    me = state.players[pid]
    mine = distance(state, pid, me.space)
    rival = _nearest_rival(state, pid)
    for t in texts:
        if t == "play:dumbledore":
            return t
    cloak = f"play:invisibility_cloak:{rival}"
    if cloak in texts and distance(state, rival, state.players[rival].space, True) <= 16:
        return cloak
    if known_cup(state, pid) is None:
        unknown = [t for t in texts if t.startswith("play:four_point_spell:")
                   and t.split(":")[2] not in known_false(state, pid)]
        if unknown and mine <= 24:
            return min(unknown, key=lambda t: (distance(state, pid, t.split(":")[2]), t))
    if len(me.tiles) < 6:
        for kind in ("veritaserum", "red_sparks"):
            plays = [t for t in texts if t.startswith(f"play:{kind}:")]
            if plays:
                return max(plays, key=lambda t: (len(state.players[t.split(":")[2]].tiles), t))
    return None


def _turn(state, pid, texts):
    me = state.players[pid]
    here = distance(state, pid, me.space)
    if "remove_cloak" in texts and here <= 12:
        return "remove_cloak"
    play = _tile_play(state, pid, texts)
    if play is not None:
        return play
    if "discard_hand" in texts and state.cloak != pid and not has_card_for(state, pid) \
            and _obstacle_ahead(state, pid, 12):
        return "discard_hand"
    return "roll"


def _obstacle_ahead(state, pid, within):
    """An Obstacle space lies on a shortest way to the goal within ``within`` spaces."""
    board = load().board
    here = state.players[pid].space
    dist_here = walk_distances(board, here, blocked=[state.hedge])
    goal = distance(state, pid, here)
    for sq, d in dist_here.items():
        if 0 < d <= within and board.kinds[sq] == "obstacle" \
                and d + distance(state, pid, sq) == goal:
            return True
    return False


def _tile(state, pid, texts):
    play = _tile_play(state, pid, texts)
    return play if play is not None else "done"


def _cloak(state, pid, texts):
    """Put the cloak on the opponent nearest a Cup (a cloaked piece checks no Cup tile);
    after removing one's own, set it aside if that is better for nobody."""
    rival = _nearest_rival(state, pid)
    if f"cloak:{rival}" in texts:
        return f"cloak:{rival}"
    others = [t for t in texts if t not in (f"cloak:{pid}", "cloak:aside")]
    return others[0] if others else texts[0]


def _discard(state, pid, texts):
    kinds = [t.split(":")[1] for t in texts]
    worst = max(kinds, key=lambda k: TILE_PREFERENCE.index(k) if k in TILE_PREFERENCE else 99)
    return f"discard:{worst}"


def _take(state, pid, texts):
    kinds = [t.split(":")[1] for t in texts]
    best = min(kinds, key=lambda k: TILE_PREFERENCE.index(k) if k in TILE_PREFERENCE else 99)
    return f"take:{best}"


CHOOSERS = {
    "turn": _turn,
    "move": _move,
    "advance": lambda s, pid, texts: _best_move(s, pid, texts),
    "push_back": _push,
    "battle": _battle,
    "double_die": lambda s, pid, texts: "play:double_die",
    "cancel": lambda s, pid, texts: "play:dumbledore",
    "tile": _tile,
    "cloak": _cloak,
    "discard": _discard,
    "take": _take,
}


def make_bot(name, seed=0):
    """A bot by name: ``heuristic`` or ``random`` (seeded)."""
    if name == "heuristic":
        return heuristic
    if name == "random":
        return functools.partial(random_bot, seed=seed)
    raise TalismanError(f"unknown Triwizard bot {name!r}; known: heuristic, random")


BOTS = ("heuristic", "random")
