"""A Spell card that becomes its target's Follower: the Haunting Poltergeist (talisman-facts.md 6:
"forced Follower: 1 space/turn until River crossed"; the card: "he must take this card as a
Follower and moves one space a turn until he crosses the Storm River").

``haunt: {}`` (the Spell's effect, run for its target): the cast Spell card is taken back from
the Spell discard pile and joins the target as a Follower, whatever Followers he may take (he
"must take" it), but never a Toad (``characters.may_have_followers``: R-FIX26.1).  The Region
he stands in is marked on the card (``chars.mark_follower``: ``haunted:<region>``).  While he holds it, its ``data.modifiers`` (``{hook: movement,
exactly: 1}``, :mod:`.modifiers`) make every movement roll move him one space.  Once he stands
in the other Region across the Storm River (the Outer and the Middle Region: crossed at the
Sentinel, by raft, or carried there) the card leaves him for the Spell discard pile
(:func:`crossed`, at the ``before_encounter`` moment after his move).
"""
from __future__ import annotations

from ...definitions import load
from ...engine.machine import log
from ...rules import characters as chars
from ...state import update_character
from . import store

MARK = "haunted:"
#: the two Regions the Storm River parts
BANKS = ("outer", "middle")


def haunt(state, params, actor, source):
    card = source.get("card")
    if card is None or card not in state.discards.get("spell", ()) or not state.characters[actor].alive:
        return state
    if not chars.may_have_followers(state, actor):
        # "he must take this card as a Follower": a Toad "cannot have any Possessions", must or
        # not; the Spell stays on the discard pile, spent (docs/rulings.md R-FIX26.1)
        return log(state, "follower_refused", character=actor, card=card,
                   reason="a Toad cannot have Possessions")
    state = chars.take_from_discards(state, card, "spell")
    ch = state.characters[actor]
    state = update_character(state, actor, followers=ch.followers.append(card))
    region = load().board.spaces[ch.space].region
    state = chars.mark_follower(state, actor, card, MARK + region)
    return log(state, "haunted", character=actor, card=card, region=region, caster=source.get("caster"))


def crossed(state, character, space):
    """A haunted character now on the other bank of the Storm River is free: the card goes."""
    ch = state.characters[character]
    region = load().board.spaces[space].region
    for card in [f for f in dict.fromkeys(ch.followers) if store.card_data(f).get("haunts")]:
        mark = chars.follower_mark(state, character, card) or ""
        if not mark.startswith(MARK):  # (come to him another way than the cast: counted from here)
            state = chars.mark_follower(state, character, card, MARK + region)
            continue
        start = mark[len(MARK):]
        if start not in BANKS or region not in BANKS or region == start:
            continue
        followers = state.characters[character].followers
        state = update_character(state, character, followers=followers.delete(followers.index(card)))
        state = chars.mark_follower(state, character, card, None)
        state = chars.discard(state, card)
        state = log(state, "haunting_ended", character=character, card=card, space=space)
    return state


EFFECTS = {"haunt": haunt}
