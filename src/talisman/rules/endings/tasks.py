"""What the endings with a die keep for a character between its turns on the Crown (000
Alternative Endings: "then return here to Win the Game"): the task itself in
``state.ending["tasks"][character]``, the places it has landed on since (read from the log),
and the small moves the charts make (thrown off the Crown, possessions discarded)."""
from __future__ import annotations

from typing import Any

from ...engine.machine import log
from ...engine.records import deep_freeze, replace
from ...state import update_character
from ...definitions import load
from pyrsistent import pmap
from .. import characters

__all__ = ["task_of", "set_task", "throw", "discard_cards", "lose_all_possessions", "alive", "moves_since",
           "landings", "in_play", "places", "role", "MAGIC_OBJECTS"]


#: What the endings' "all your Magic Objects, and Magic items" reach (``characters.MAGIC_OBJECT_TYPES``:
#: the Talisman among them, rulings R-EN10.2).
MAGIC_OBJECTS = characters.MAGIC_OBJECT_TYPES


def places(ending):
    """The places ``ending`` names (``data/talisman/endings.yaml``, frozen plain data)."""
    return load().endings[ending]


def role(name):
    """The space of the board with role ``name`` (``definitions.ROLES``: ``crown``, ``portal``...)."""
    return load().board.role(name)


def task_of(state, cid):
    tasks = state.ending.get("tasks") if state.ending is not None else None
    return None if tasks is None else tasks.get(cid)


def set_task(state, cid, task):
    e = state.ending
    tasks = e.get("tasks") or pmap()
    tasks = tasks.discard(cid) if task is None else tasks.set(cid, deep_freeze(task))
    return replace(state, ending=e.set("tasks", tasks))


def throw(state, cid, to, cause):
    """Move a character off the Crown (a stand-in for "leave": the piece is placed there)."""
    state = update_character(state, cid, space=to, hold=None)
    return log(state, "thrown", character=cid, to=to, cause=cause)


def discard_cards(state, cid, only_types=None):
    """Discard a character's objects (of ``only_types`` if given: the Dragon King's and the
    Arena's Magic Objects); "all Possessions" is :func:`lose_all_possessions`."""
    ch = state.characters[cid]
    gone = [c for c in ch.objects if only_types is None or characters.card(c).type in only_types]
    for c in gone:
        state = characters.discard(state, c)
    state = update_character(state, cid, objects=[c for c in ch.objects if c not in gone])
    state = log(state, "possessions_discarded", character=cid, cards=gone)
    return characters.discard_surplus_spells(state, cid)  # NUMBER OF SPELLS: "at any time"


def lose_all_possessions(state, cid, cause, keep_followers=False):
    """"You lose ... all Possessions" (LET'S SEE YOU SUFFER, C and D): POSSESSIONS, "Anything
    belonging to any Character is considered a Possession": every card he holds (Objects,
    Followers, Spells, Scrolls, the kept Enemy cards) to its discard pile, and his Gold, paid back
    to the stock (rulings R-PROBE17A.1, as R-RULE17.2 reads the Donjon's "lose all Possessions").
    ``keep_followers``: "discard all Possessions except Followers" (the Lord of Chaos's errands,
    rulings R-FIX21.2): the Followers and Henchmen stay.  A City Warrant, a Possession no card
    sheds, stays too: it goes only as the City's "Discarding Warrants" says (rulings R-FIX23.2)."""
    ch = state.characters[cid]
    state, gone = characters.discard_held_cards(state, cid, keep_followers)
    state = log(state, "possessions_discarded", character=cid, cards=gone)
    if ch.gold:
        state = characters.lose(state, cid, "gold", ch.gold, cause)
    if keep_followers:
        return state
    # OPTIONAL RULES, HENCHMEN: "considered Followers" (rulings R-GB11.3)
    return characters.discard_other_followers(state, cid, "lost with all Possessions")


def landings(state, cid, task):
    """The spaces the character landed on since ``task`` was set: those the task records from
    before its log index (``landed``: a scenario's task begun before its log, docs/scenarios.md),
    then his moves since ``task["since"]``."""
    return list(task.get("landed", ())) + moves_since(state, cid, task["since"])


def alive(state, cid):
    return state.characters[cid].alive


def moves_since(state, cid, since):
    """The spaces the character landed on (moved or was placed) since log index ``since``."""
    out = []
    for e in list(state.log)[since:]:
        if e.data.get("character") == cid and e.name in ("moved", "thrown", "teleported"):
            out.append(e.data.get("to"))
    return out


def in_play(state, space):
    """Whether a space is on a board in this game (an expansion's spaces only with it)."""
    board = load().board
    if space not in board.spaces:
        return False
    origin = board.origin.get(space)
    return origin is None or origin in state.config.expansions

STEPS: dict[str, Any] = {}
