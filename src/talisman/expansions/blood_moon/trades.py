"""Blood Moon Strangers who take a trophy for a reward (docs/blood_moon.md):

``give_trophy: {then, repeat}``
    the actor may give one of his trophies (``give:<card>``, discarded) for the ``then``
    effects, or keep them (``keep``); with ``repeat`` the offer comes again after each trade
    (the Cairn Caretaker: 1 Strength or Craft a trophy; the Ghostwood Ent: a hand of Spells,
    then he leaves);
``gold_on_card: {dice, per_visit}``
    a card holding gold (the Treasure Trove): at its first visit ``dice`` are rolled for the
    gold it holds (kept in the base ``state.card_stock`` under ``space/card``); each visit the
    visitor takes up to ``per_visit``; empty, the card is discarded.  The card says "up to 2":
    2 are always taken (more gold never hurts);
``give_object`` / ``lose_random_object`` / ``take_object``
    an Object given to another character (``give:<object>:<character>``), one lost at random
    (the seeded dice shuffle the Objects), one taken from any character
    (``take:<character>:<object>``): the Mischievous Devil's die;
``reanimate_trophy: {which, keep, then}``
    one of the actor's trophies (``choose``: ``raise:<card>`` / ``done``; ``last``: the trophy
    gained last) is reanimated: with ``keep`` it follows him until he spends it before the dice
    of a combat of his choice, adding its Strength in a battle, its Craft in psychic combat
    (:mod:`.risen`; the Laboratory, card-data.md 1.3: "a one-combat Follower adding its
    Strength or Craft", and the Reanimate Spell, "an Enemy you have just killed": the last
    trophy); without it, as the Ghoul's raised dead (the base ``abilities.raise_dead``: its
    Strength in his next battle, then discarded).
"""
from __future__ import annotations

from typing import Any, Callable

from ...definitions import load
from ...engine.machine import decide, frame, log, push, request_roll
from ...engine.records import replace
from ...rules import characters as chars
from ...rules import effects as base_effects
from ...state import update_character
from ...engine.dice import shuffle
from ...rules import abilities
from ...rules.effects import add_possession
from ...rules.kernel import affectable, remove_drawn
from . import risen


def give_trophy(state, params, actor, source):
    trophies = list(dict.fromkeys(state.characters[actor].trophies))
    if not trophies:
        return state
    return decide(state, actor, "trophy", [f"give:{c}" for c in trophies] + ["keep"],
                  "blood_moon.trophy_given", prompt=f"give a trophy to the {source.get('card')}?",
                  params=params, actor=actor, source=source)


def trophy_given(state, action, params, actor, source):
    if action.kind == "keep":
        return state
    card = action.args[0]
    held = state.characters[actor].trophies
    state = update_character(state, actor, trophies=held.delete(held.index(card)))
    state = chars.discard(state, card)
    state = log(state, "trophy_given", character=actor, card=card, cause=source.get("card"))
    if params.get("repeat"):
        state = push(state, frame("effects.next", effects=[{"give_trophy": params}], actor=actor,
                                  source=source))
    return base_effects.run(state, list(params["then"]), actor, source)


def gold_on_card(state, params, actor, source):
    key = f"{source['space']}/{source['card']}"
    if key not in state.card_stock:
        return request_roll(state, params["dice"], f"the gold of the {source['card']}",
                            "blood_moon.card_gold_rolled", params=params, actor=actor, source=source)
    return _take_gold(state, params, actor, source, key)


def card_gold_rolled(state, action, params, actor, source):
    key = f"{source['space']}/{source['card']}"
    state = replace(state, card_stock=state.card_stock.set(key, sum(action.dice)))
    state = log(state, "card_gold_rolled", card=source["card"], gold=sum(action.dice))
    return _take_gold(state, params, actor, source, key)


def _take_gold(state, params, actor, source, key):
    left = state.card_stock[key]
    n = min(left, params["per_visit"])
    state = chars.gain(state, actor, "gold", n, source["card"])
    left -= n
    if left > 0:
        return replace(state, card_stock=state.card_stock.set(key, left))
    state = replace(state, card_stock=state.card_stock.discard(key))
    state = remove_drawn(state, source["space"], source["card"])
    state = chars.discard(state, source["card"])
    return log(state, "card_emptied", card=source["card"], space=source["space"])


EFFECTS: dict[str, Callable[..., Any]] = {"give_trophy": give_trophy, "gold_on_card": gold_on_card}
STEPS: dict[str, Callable[..., Any]] = {"blood_moon.trophy_given": trophy_given, "blood_moon.card_gold_rolled": card_gold_rolled}


# --- Objects moved between characters (the Mischievous Devil) ----------------------------------

def _others(state, actor, means):
    """The other living characters ``actor`` may give to or take from (the ``may_affect`` hook:
    none in the Timescape, R-FC12.1)."""
    return affectable(state, actor, [o for o in state.order if o != actor and state.characters[o].alive], means)


def give_object(state, params, actor, source):
    """The actor gives one of his Objects (not a Cursed one) to another character of his
    choice (``give:<object>:<character>``)."""
    own = [c for c in dict.fromkeys(state.characters[actor].objects)
           if "cursed" not in load().cards[c].abilities]
    others = _others(state, actor, "give")
    if not own or not others:
        return log(state, "nothing_given", character=actor, cause=source.get("card"))
    return decide(state, actor, "give", [f"give:{c}:{o}" for c in own for o in others],
                  "blood_moon.object_given", prompt="give an Object away", actor=actor,
                  cause=source.get("card"))


def object_given(state, action, actor, cause):
    card, other = action.args[0], action.args[1]
    state = chars.remove_objects(state, actor, [card])
    state = log(state, "object_given", character=actor, card=card, to=other, cause=cause)
    return add_possession(state, other, card, cause)


def lose_random_object(state, params, actor, source):
    """The Mischievous Devil's 3-4, "ditch a random Object" (card-data.md 1.3): one of the
    actor's Objects, chosen at random (a shuffle of the seeded dice, each copy a chance), is
    left on his space, as every Object dropped is (000 DROPPED OBJECTS OR ITEMS: "Any Object or
    Item dropped is left in the Space presently occupied"; a ditch is no discard: 001 Cursed
    Keyword sets the two apart, docs/rulings.md R-FB14.4), and he may not pick it up again this
    turn.  Cursed Objects "cannot be ditched" (001 Cursed Keyword): the pick is among the others
    (rulings R-HB13.4)."""
    held = state.characters[actor].objects
    if not held:
        return state
    own = [c for c in held if "cursed" not in load().cards[c].abilities]
    if not own:  # Cursed Objects only
        return log(state, "nothing_to_ditch", character=actor, cause=source.get("card"))
    order, dice = shuffle(state.dice, own)
    card = order[0]
    state = replace(state, dice=dice)
    # dropped the one way an Object is (not picked up again this turn; the Spell check at once)
    return chars.drop_object(state, actor, card)


def take_object(state, params, actor, source):
    """The actor takes one Object from any other character (``take:<character>:<object>``)."""
    options = [f"take:{o}:{c}" for o in _others(state, actor, "take")
               for c in dict.fromkeys(state.characters[o].objects)]
    if not options:
        return log(state, "nothing_taken", character=actor, cause=source.get("card"))
    return decide(state, actor, "take", options, "blood_moon.object_taken", prompt="take an Object",
                  actor=actor, cause=source.get("card"))


def object_taken(state, action, actor, cause):
    other, card = action.args[0], action.args[1]
    state = chars.remove_objects(state, other, [card])
    state = log(state, "object_taken_from", character=actor, card=card, opponent=other, cause=cause)
    return add_possession(state, actor, card, cause)


EFFECTS.update({"give_object": give_object, "lose_random_object": lose_random_object,
                "take_object": take_object})
STEPS.update({"blood_moon.object_given": object_given, "blood_moon.object_taken": object_taken})


def reanimate_trophy(state, params, actor, source):
    trophies = list(state.characters[actor].trophies)
    if not trophies:
        return log(state, "nothing_reanimated", character=actor, cause=source.get("card"))
    if not chars.may_have_followers(state, actor):
        # a reanimated trophy follows him: a Toad "cannot have any Possessions" (R-FIX26.1)
        return log(state, "nothing_reanimated", character=actor, cause=source.get("card"),
                   reason="a Toad cannot have Possessions")
    if params.get("which", "choose") == "last":
        return _reanimate(state, actor, trophies[-1], source.get("card"), params.get("keep", False))
    return decide(state, actor, "raise", [f"raise:{c}" for c in dict.fromkeys(trophies)] + ["done"],
                  "blood_moon.trophy_reanimated", prompt="reanimate a trophy?", actor=actor,
                  cause=source.get("card"), then=list(params.get("then", ())), source=source,
                  keep=params.get("keep", False))


def trophy_reanimated(state, action, actor, cause, then, source, keep=False):
    if action.kind == "done":
        return state
    state = _reanimate(state, actor, action.args[0], cause, keep)
    return base_effects.run(state, then, actor, source)


def _reanimate(state, actor, card, cause, keep=False):
    """The trophy raised as the Ghoul's dead (the next battle), or with ``keep`` following
    the actor until spent in a combat of his choice (:mod:`.risen`)."""
    held = state.characters[actor].trophies
    state = update_character(state, actor, trophies=held.delete(held.index(card)))
    state = log(state, "trophy_reanimated", character=actor, card=card, cause=cause)
    return risen.keep(state, actor, card, cause) if keep else abilities.raise_dead(state, actor, card)


EFFECTS["reanimate_trophy"] = reanimate_trophy
STEPS["blood_moon.trophy_reanimated"] = trophy_reanimated


# --- the Deranged Alchemist's 6: points turned from one counter into the other ----------------

def convert_points(state, params, actor, source):
    """The actor may turn any number of his Strength points into Craft points or of his Craft
    points into Strength points (the Deranged Alchemist's 6, card-data.md 1.3 and section 6:
    "turn any Strength points into Craft or vice versa"): ``convert:strength:<n>`` /
    ``convert:craft:<n>`` (n points of that counter), or ``done``.  One point is always kept:
    a counter at 0 would be LOSING STRENGTH / CRAFT (docs/rulings.md)."""
    ch = state.characters[actor]
    options = [f"convert:strength:{n}" for n in range(1, ch.strength)] + \
              [f"convert:craft:{n}" for n in range(1, ch.craft)] + ["done"]
    if len(options) == 1:
        return log(state, "no_effect", character=actor, source=source.get("card"))
    return decide(state, actor, "convert", options, "blood_moon.points_converted",
                  prompt="turn Strength into Craft or Craft into Strength", actor=actor,
                  cause=source.get("card") or "an effect")


def points_converted(state, action, actor, cause):
    if action.kind == "done":
        return state
    frm, n = action.args[0], int(action.args[1])
    to = "craft" if frm == "strength" else "strength"
    ch = state.characters[actor]
    state = update_character(state, actor, **{frm: getattr(ch, frm) - n, to: getattr(ch, to) + n})
    return log(state, "points_converted", character=actor, frm=frm, to=to, amount=n, cause=cause)


EFFECTS["convert_points"] = convert_points
STEPS["blood_moon.points_converted"] = points_converted
