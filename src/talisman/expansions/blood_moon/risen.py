"""An Enemy reanimated to follow its killer for one combat of his choice (the Reanimate Spell,
talisman-facts.md 6: "On an Enemy you have just killed; it follows you and adds its Strength or
Craft to yours in one combat of your choice, then both are discarded").

The effect ``reanimate_trophy: {keep: true}`` (:mod:`.trades`) takes the trophy into the Blood
Moon's store, ``reanimated`` (``{character: [cards]}``; listed in the store's ``cards`` while
any is kept): it follows him, not as a Follower card (ruling R-BM19B-4).  Before the dice of any
combat of his against creatures or a character, each is an option (``reanimated:<card>``):
discarded, it adds its Strength in a battle, its Craft in psychic combat (the battle's
``bonus``).  Its follower dead, it is discarded (at the next turn boundary, :func:`sweep`).
"""
from __future__ import annotations

from ...definitions import load
from ...engine.machine import log
from ...engine.records import replace
from ...rules import characters as chars
from . import store

FIELD = "reanimated"
OPTION = "reanimated"


def keep(state, actor, card, cause):
    """A card (already off the trophies) follows ``actor``."""
    state = store.set_listed(state, FIELD, actor, store.listed(state, FIELD, actor) + [card])
    return log(state, "enemy_reanimated", character=actor, card=card, cause=cause)


def combat_options(state, options, character):
    b = state.battle
    if b is None or b["who"] != character or b.get("roll") is not None:
        return options
    kept = store.listed(state, FIELD, character)
    return tuple(options) + tuple(f"{OPTION}:{c}" for c in dict.fromkeys(kept)) if kept else options


def combat_option_chosen(state, character, action):
    """``reanimated:<card>``: discarded, its Strength (battle) or Craft (psychic) added."""
    if not action.startswith(OPTION + ":"):
        return state
    card = action.split(":", 1)[1]
    kept = store.listed(state, FIELD, character)
    if card not in kept:
        return state
    kept.remove(card)
    state = store.set_listed(state, FIELD, character, kept)
    state = chars.discard(state, card)
    c = load().cards[card]
    added = (c.craft if state.battle.kind == "psychic" else c.strength) or 0
    state = replace(state, battle=state.battle.set("bonus", state.battle.bonus + added))
    return log(state, "reanimated_spent", character=character, card=card, added=added)


def sweep(state):
    """The Enemies of a dead character go to the discard pile."""
    for cid, cards in sorted(store.get(state, FIELD, {}).items()):
        if store.alive(state, cid):
            continue
        state = store.set_listed(state, FIELD, cid, [])
        for c in cards:
            state = chars.discard(state, c)
        state = log(state, "reanimated_discarded", character=cid, cards=list(cards))
    return state
