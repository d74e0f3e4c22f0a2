"""POSSESSIONS and FOLLOWERS: cards joining and leaving a character's possessions.

A rule area below the effect interpreter (:mod:`talisman.rules.effects` re-exports these):
claiming a card (encounters), a card taken (abilities), followers lost (movement), the Talisman
stockpile (quests) come here without importing the interpreter.
"""
from __future__ import annotations

from ..definitions import load
from ..engine.machine import frame, log, push
from ..engine.records import replace
from ..state import update_character
from . import characters as chars
from .hooks import run_hook
from .kernel import cause_of

__all__ = ["gain_talisman", "take_card", "add_possession", "add_follower", "drop_followers"]


def gain_talisman(state, params, actor, source):
    """TALISMAN CARDS: "draw one from the Talisman Stockpile" (none left, none gained)."""
    deck = state.decks.get("talisman")
    if not deck:
        return log(state, "no_talisman_left", character=actor)
    return take_card(state, actor, "talisman", deck[0], cause_of(source))


def take_card(state, actor, deck, card_id, cause):
    """Move one card from a stock (the Purchase or Talisman cards) into the actor's possessions.
    A Toad takes none: it stays in its stock (TOADS & TRANSFORMATIONS; docs/rulings.md R-TE13.6)."""
    if state.characters[actor].toad_turns:
        return log(state, "possession_refused", character=actor, card=card_id, cause=cause,
                   reason="a Toad cannot have Possessions")
    cards = state.decks[deck]
    state = replace(state, decks=state.decks.set(deck, cards.delete(cards.index(card_id))))
    return add_possession(state, actor, card_id, cause)


def add_possession(state, actor, card_id, cause):
    """A card joins the actor's objects or followers; one it may not use, or cannot carry,
    is left on the space (POSSESSIONS; LIMIT TO NUMBER OF OBJECTS)."""
    c = load().cards[card_id]
    ch = state.characters[actor]
    if ch.toad_turns:
        # TOADS & TRANSFORMATIONS: "cannot have any Possessions": left face up where he is, as
        # POSSESSIONS leaves an Object one may not possess (docs/rulings.md R-TE13.6)
        state = chars.put_on_space(state, ch.space, [card_id])
        return log(state, "object_left", character=actor, card=card_id, reason="a Toad cannot have Possessions")
    field = {"follower": "followers", "scroll": "scrolls"}.get(c.type, "objects")
    cursed = "cursed" in c.abilities  # Cursed: taken even at the carrying limit (:func:`left_because`)
    reason = left_because(state, actor, card_id)
    if reason is not None:
        state = chars.put_on_space(state, ch.space, [card_id])
        return log(state, "object_left", character=actor, card=card_id, reason=reason)
    if field == "followers":
        state = add_follower(state, actor, card_id, cause)
    else:
        state = update_character(state, actor, **{field: getattr(ch, field).append(card_id)})
        state = log(state, "possession_gained", character=actor, card=card_id, cause=cause)
        if cursed and (len(chars.carried_objects(state.characters[actor])) > chars.carry_limit(state.characters[actor], state)
                       or chars.type_over_limit(state, actor) is not None):
            # taken over the limit (or an expansion's limit on its type): the character then
            # leaves others, keeping the Cursed first
            state = push(state, frame("characters.keep_within_limit", who=actor))
    # (or some plugin keeps state: the Henchmen, driven off by the Hag as Followers are)
    if (state.config.expansions or state.ext) and card_id in getattr(state.characters[actor], field):
        state = run_hook(state, "possession_gained", character=actor, card=card_id)
    return state


def left_because(state, cid, card_id):
    """Why the card ``card_id`` would not join ``cid`` as it is (:func:`add_possession` leaves it
    on the space), or None: an Object he may not use (POSSESSIONS), one past his carrying limit
    (LIMIT TO NUMBER OF OBJECTS) or past the limit of its type; never a Follower, a Scroll or a
    Cursed Object (Cursed: "must be taken ... even if ... at his Object Carrying Limit")."""
    c = load().cards[card_id]
    if c.type in ("follower", "scroll") or "cursed" in c.abilities:
        return None
    ch = state.characters[cid]
    if not chars.usable(ch, c):
        return "may not use it"
    if len(chars.carried_objects(ch)) >= chars.carry_limit(ch, state):
        return "cannot carry more"
    if chars.type_limit_reached(state, cid, c):
        return f"no more of type {c.type}"
    return None


def add_follower(state, actor, card_id, cause):
    """FOLLOWERS: "A Character may have any number of Followers" -- unless the Hag is with him
    (``hag_curse``: every other Follower is driven off, none may be gained until the Village
    Mystic takes her away, talisman-facts.md); the Minstrel (``hag_immune``) sends her away."""
    c = load().cards[card_id]
    ch = state.characters[actor]
    if "hag_curse" in c.abilities and chars.has_ability(state, actor, "hag_immune"):
        state = chars.discard(state, card_id)
        return log(state, "follower_refused", character=actor, card=card_id, reason="hag_immune")
    if chars.hag_held(ch):
        state = chars.put_on_space(state, ch.space, [card_id])
        return log(state, "follower_refused", character=actor, card=card_id, reason="hag_curse")
    if not chars.follower_allowed(state, actor, card_id):
        state = chars.put_on_space(state, ch.space, [card_id])  # a trophy that bars Followers
        return log(state, "follower_refused", character=actor, card=card_id, reason="refused")
    state = update_character(state, actor, followers=ch.followers.append(card_id))
    state = log(state, "possession_gained", character=actor, card=card_id, cause=cause)
    if "hag_curse" in c.abilities and len(ch.followers):
        state = drop_followers(state, actor, list(ch.followers), "driven off by the Hag")
    return state


def drop_followers(state, actor, gone, cause):
    followers = list(state.characters[actor].followers)
    for f in gone:
        followers.remove(f)
        state = chars.discard(state, f)
    state = update_character(state, actor, followers=followers)
    state = log(state, "followers_lost", character=actor, cards=gone, cause=cause)
    if any(load().cards[f].carry for f in gone):  # an Article lost: its load must be left
        state = push(state, frame("characters.keep_within_limit", who=actor))
    # NUMBER OF SPELLS: "If at any time" a Follower's Craft is gone, the surplus goes at once
    return chars.discard_surplus_spells(state, actor)
