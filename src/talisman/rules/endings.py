"""WINNING THE GAME and THE CROWN OF COMMAND SPACE's Alternative Endings.

"The object of the game is to reach the Crown of Command Space ... OR by defeating all other
Player's in the game."  The last survivor wins; after anyone has reached the Crown, a killed
character loses.  With the rule option ``alternative_endings`` the first character entering the
Crown of Command draws an Alternative Ending (THE CROWN OF COMMAND SPACE); implemented: the
Crown of Command, the Demon Lord and the Horrible Black Void (the other compendium endings are
not yet: docs/rules-coverage.md).  Without the option the Crown of Command is the ending.
"""
from __future__ import annotations

from ..engine.machine import decide, log
from ..engine.records import Outcome, replace
from ..engine.dice import shuffle

#: The Alternative Endings deck the option uses (the implemented ones).
ENDINGS = ("crown_of_command", "demon_lord", "black_void")
DEMON_LORD = {"craft": 12, "lives": 4}
#: The Demon Lord's barrier chart (D8) for a character on the Valley of Fire; results 1-3 name
#: the Timescape, Dungeon and City boards (not in play): a stand-in sends them to the Portal of Power.
BARRIER_CHART = {1: "portal_of_power", 2: "portal_of_power", 3: "portal_of_power",
                 4: "portal_of_power", 5: "graveyard", 6: "cursed_glade", 7: "oasis", 8: "castle"}


def may_restart(state):
    """LOSING ALL LIVES with the ``new_character`` option: a player whose character died may
    begin again with a new one (a character not yet in play), until someone has reached the
    Crown of Command ("any character who is killed automatically loses the game")."""
    return state.option("new_character") and not state.crown_reached and bool(unused_characters(state))


def unused_characters(state):
    from ..definitions import load
    return sorted(set(load().characters) - set(state.characters))


def check_last_survivor(state):
    """In a game of two or more, the last character alive wins (KING OF THE HILL); with the
    CHAOS BLOODBATH option only one who has reached the Crown may win this way."""
    if may_restart(state):
        return state
    alive = [c for c in state.order if state.characters[c].alive]
    if len(state.order) > 1 and len(alive) == 1:
        if state.option("chaos_bloodbath") and not state.crown_reached:
            return state
        state = log(state, "game_won", character=alive[0], reason="last_survivor")
        return replace(state, outcome=Outcome("last_survivor", (alive[0],)))
    if not alive:
        state = log(state, "game_lost", reason="all_dead")
        return replace(state, outcome=Outcome("all_dead", ()))
    return state


def win(state, cid, reason):
    state = log(state, "game_won", character=cid, reason=reason)
    return replace(state, outcome=Outcome(reason, (cid,)))


# --- Alternative Endings -------------------------------------------------------------------

def setup_endings(state):
    """Shuffle the Alternative Endings deck (the option ``alternative_endings``)."""
    if not state.option("alternative_endings"):
        return state
    deck, dice = shuffle(state.dice, ENDINGS)
    return replace(state, dice=dice, ending={"deck": list(deck), "card": None})


def crown_ending(state, cid):
    """THE CROWN OF COMMAND SPACE: "The first Character who enters the Crown of Command Space
    must draw a card from the Alternative Endings deck"; the card then decides the encounter.

    Returns ``(state, handled)``: not handled means the Crown of Command's own rules apply."""
    e = state.ending
    if e is None:
        return state, False
    if e["card"] is None:
        if not e["deck"]:
            return state, False
        card = e["deck"][0]
        state = replace(state, ending=e.set("deck", e["deck"][1:]).set("card", card))
        state = log(state, "ending_drawn", character=cid, ending=card)
    card = state.ending["card"]
    if card == "demon_lord":
        return demon_lord(state, cid), True
    if card == "black_void":
        return black_void(state, cid), True
    return state, False  # the Crown of Command: the Command Spell (inner_region)


def black_void(state, cid):
    """The Horrible Black Void: without the Timescape "the Character is ... annihilated along
    with all Followers, and Possessions. That Character is out of the game! Discard the Void
    and do not reuse for another player."
    """
    from . import characters as chars
    from ..state import update_character
    ch = state.characters[cid]
    for c in list(ch.objects) + list(ch.followers) + list(ch.trophies) + list(ch.spells):
        state = chars.discard(state, c)
    state = update_character(state, cid, objects=[], followers=[], trophies=[], spells=[], gold=0)
    state = replace(state, ending=state.ending.set("card", None))
    state = log(state, "annihilated", character=cid, by="black_void")
    return chars.kill(state, cid, "the Horrible Black Void")


def demon_lord(state, cid):
    """The Demon Lord: Craft 12 and 4 lives; psychic combat to take all his lives; the
    character may flee to the Plain of Peril (the Demon Lord keeps all his lives)."""
    e = state.ending
    if "demon_lives" not in e:
        state = replace(state, ending=e.set("demon_lives", DEMON_LORD["lives"]))
    state = raise_barrier(state, cid)
    return decide(state, cid, "demon_lord", ["fight", "flee"], "endings.demon_chosen",
                  prompt=f"the Demon Lord (Craft 12, {state.ending['demon_lives']} lives)")


def raise_barrier(state, cid):
    """"the Demon Lord has created an impenetrable mystic barrier preventing any other player
    from entering the Valley of Fire. Any Character already on the Valley of Fire is teleported
    to a random location" (the D8 chart)."""
    from ..engine.machine import frame, push
    state = replace(state, ending=state.ending.set("barrier_by", cid))
    out = [o for o in state.order if o != cid and state.characters[o].alive
           and state.characters[o].space == "valley_of_fire"]
    for o in reversed(out):
        state = push(state, frame("endings.barrier", who=o))
    return state


def barrier(state, who):
    from ..engine.machine import request_roll
    return request_roll(state, "d8", f"the barrier throws {who}", "endings.barrier_rolled", who=who)


def barrier_rolled(state, action, who):
    from ..state import update_character
    dest = BARRIER_CHART[sum(action.dice)]
    state = update_character(state, who, space=dest)
    return log(state, "teleported", character=who, to=dest, cause="the Demon Lord's barrier")


def demon_chosen(state, action):
    from . import combat
    from ..state import update_character
    cid = state.current
    if action.kind == "flee":
        state = update_character(state, cid, space="plain_of_peril")
        state = replace(state, ending=state.ending.set("demon_lives", DEMON_LORD["lives"])
                        .discard("barrier_by"))
        return log(state, "fled", character=cid, to="plain_of_peril", enemy="demon_lord")
    demon = {"name": "demon_lord", "card": None, "value": DEMON_LORD["craft"]}
    hit = {"step": "endings.demon_hit", "args": {"who": cid}}
    return combat.start_combat(state, cid, "psychic", [demon], on_win=hit, on_lose=None,
                               on_standoff=None, evadable=False)


def demon_hit(state, who):
    lives = state.ending["demon_lives"] - 1
    state = replace(state, ending=state.ending.set("demon_lives", lives))
    state = log(state, "demon_lord_wounded", character=who, lives=lives)
    if lives <= 0:
        return win(state, who, "demon_lord")
    return state


def character_died(state, cid):
    """"If you are killed, the Demon Lord regains his Lives and awaits the next challenger."
    """
    e = state.ending
    if e is not None and e.get("barrier_by") == cid:
        state = replace(state, ending=e.set("demon_lives", DEMON_LORD["lives"]).discard("barrier_by"))
    return state


STEPS = {"endings.demon_chosen": demon_chosen, "endings.demon_hit": demon_hit,
         "endings.barrier": barrier, "endings.barrier_rolled": barrier_rolled}
