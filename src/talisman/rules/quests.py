"""The Warlock's quests (the Warlock's Cave, a corner of the Middle Region; SPACES of the board
data).  The space's own text is not in the seeds; talisman-facts.md gives it: "Optional quest,
d6: 1 take 1 life from another character; 2 kill 1 Enemy; 3 deliver (discard) 1 Follower;
4 deliver 1 Magic Object; 5 deliver 3G; 6 deliver 2G. On completion: teleported back here, gain
a Talisman (if available)".

A quest is plain data on the character (``Character.quest``), set by the ``quest`` effect of
the space's table:

- ``{complete_on: life_taken}``: done when the character, as the victor of a combat between
  characters, takes a life (``combat.spoils_chosen``);
- ``{complete_on: enemy_killed}``: done when the character wins a combat against creatures
  (``combat.finish``);
- ``{deliver: follower | magic_object | gold, amount: n}``: done when the character hands it
  over, which is offered before each move (``quest:deliver:<card>`` or ``quest:deliver:gold``;
  a Henchman is a Follower delivered, ``quest:deliver:henchman:<id>``: docs/rulings.md R-FIX18.2).

Choices made here (the text is silent): one quest at a time (the Warlock is not asked while one
is set); a delivery is the character's move: he is teleported to the Cave and encounters it,
gaining the Talisman first; a quest done by fighting is completed at the end of the turn in
which it was done (the teleport and the Talisman then, with no encounter), so that the fight's
own encounter finishes where it began.

The teleport to the Cave is a move straight to a space by an effect: the ``before_forced_move``
hook point is asked first (an expansion's board may refuse it: the City's Loan, "Characters may
not Teleport out of the Dungeon").  Refused, the quest is not completed there: a fight's
fulfilment is kept on the quest (``fulfilled``) and completed at the end of a later turn of his
in which the teleport is allowed (docs/rulings.md R-CQ9).
"""
from __future__ import annotations

from pyrsistent import pmap

from . import possessions
from ..definitions import load
from ..engine.machine import log
from .hooks import adjust, run_hook
from ..state import update_character
from . import characters

#: The cause the teleport to the Cave is asked with (``before_forced_move``).
CAUSE = "the Warlock's quest"


def set_quest(state, params, actor, source):
    """The ``quest`` effect: the Warlock sets the character a quest."""
    state = update_character(state, actor, quest=params)
    return log(state, "quest_set", character=actor, **dict(params))


def delivery_options(state, cid):
    """Before moving: the deliveries that would complete the character's quest now."""
    quest = state.characters[cid].quest
    if quest is None or "deliver" not in quest or quest.get("fulfilled"):
        return []
    ch = state.characters[cid]
    what = quest["deliver"]
    if what == "gold":
        return ["quest:deliver:gold"] if ch.gold >= quest["amount"] else []
    if what == "follower":  # a Henchman too (OPTIONAL RULES, HENCHMEN: "considered Followers for
        # any pertaining rules"): ``quest:deliver:henchman:<id>``, it leaves the game
        held = [c for c in ch.followers if load().cards[c].type == "follower"]
        held += characters.other_followers(state, cid)
    else:
        held = [c for c in ch.objects if load().cards[c].type == what]
    return [f"quest:deliver:{c}" for c in dict.fromkeys(held)]


def deliver(state, cid, what):
    """Hand the quest's object over (discarded; gold to the bank), be teleported to the
    Cave as this turn's move and take a Talisman."""
    ch = state.characters[cid]
    if what == "gold":
        state = characters.lose(state, cid, "gold", ch.quest["amount"], "the Warlock's quest")
    elif what in characters.other_followers(state, cid):  # a Henchman: it leaves the game
        state = run_hook(state, "other_follower_lost", character=cid, follower=what, cause=CAUSE)
    else:
        state = characters.remove_possession(state, cid, what)
        state = characters.discard(state, what)
    state = log(state, "quest_delivered", character=cid, card=what)
    state = complete(state, cid)
    flags = state.characters[cid].turn_flags
    return update_character(state, cid, turn_flags=flags.set("moved", True))


def mark_done(state, cid, how):
    """A fight did what the quest asked (``life_taken`` / ``enemy_killed``): completed at the
    end of the turn."""
    quest = state.characters[cid].quest
    if quest is None or quest.get("complete_on") != how or quest.get("fulfilled"):
        return state
    flags = state.characters[cid].turn_flags
    state = update_character(state, cid, turn_flags=flags.set("quest_done", True))
    return log(state, "quest_fulfilled", character=cid, how=how)


def complete_fulfilled(state):
    """At the end of a turn: complete every quest a fight fulfilled this turn, and the current
    character's quest fulfilled earlier whose teleport was refused then."""
    for cid in state.order:
        ch = state.characters[cid]
        if not ch.alive or ch.quest is None:
            continue
        if ch.turn_flags.get("quest_done"):
            state = update_character(state, cid, turn_flags=ch.turn_flags.discard("quest_done"))
            state = complete(state, cid)
        elif ch.quest.get("fulfilled") and cid == state.current:
            state = complete(state, cid)
    return state


def complete(state, cid):
    """"On completion: teleported back here, gain a Talisman (if available)" (here: the
    Warlock's Cave, the board's space with role ``warlock``).  A teleport an expansion refuses
    leaves the quest fulfilled but not completed."""
    cave = load().board.role("warlock")
    state, refused = adjust(state, "before_forced_move", (state, False), character=cid, space=cave,
                            cause=CAUSE)
    if refused:
        quest = state.characters[cid].quest
        if quest.get("fulfilled"):
            return state
        state = update_character(state, cid, quest=pmap(quest).set("fulfilled", True))
        return log(state, "quest_waiting", character=cid, space=state.characters[cid].space)
    state = update_character(state, cid, quest=None, space=cave)
    state = log(state, "quest_completed", character=cid)
    state = log(state, "moved", character=cid, path=[cave], to=cave)
    return possessions.gain_talisman(state, {}, cid, {"space": cave})


def before_move_chosen(state, cid, action):
    """The ``quest:deliver:<what>`` choice made before the move: the turn goes on with the
    encounters, on the Cave."""
    return deliver(state, cid, action.joined(1))
