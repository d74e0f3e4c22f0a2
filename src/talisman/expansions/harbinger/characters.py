"""The Harbinger's characters (001, Components; the character cards): the abilities the
expansion's own hooks can play.

The characters are data (``data/talisman/expansions/harbinger/characters.yaml``, abilities in
``.../abilities.yaml``).  Played here:

``heal_on_enemy_defeated`` (the Celestial, a stand-in owner)
    ``turn_ended``: for each battle he won against creatures this turn (the log's
    ``combat_won``), he heals 1 life.
``fate_on_healing`` (the Celestial, a stand-in owner)
    ``turn_ended``: for each time he healed (a ``healed`` event with a gain) in the turn just
    ended, whoever's turn it was, he replenishes 1 fate (never above his starting fate).
``discard_stranger_or_place`` (the Possessed, a stand-in owner)
    ``turn_started``: before moving he may discard one Stranger or Place on his space
    (``discard:<card>``) or not (``done``).

``never_good`` (the Possessed, a stand-in owner)
    ``alignment_changing``: an effect that would make him Good is ignored and he loses 1 life
    instead.

``divine_gifts`` (the Ascendant Divine)
    ``setup``: he starts with 4 divine gifts, the top 4 cards of the Spell deck (a stand-in: the
    printed gifts are not known), kept in the store (``gifts``), not among his Spells (so
    outside the Spell limit).  ``turn_started``: once a round, at the start of his turn, he may
    cast one whose card may be cast then (``gift:<spell>`` / ``done``), as if it were a Spell
    (it goes to the Spell discard pile; Counterspell, Dispellation and the Omens' casting rules
    answer it).  In his own combat, before the dice, one whose card may be cast in that kind of
    combat is offered the same way (``gift:<spell>``, the ``combat_options`` /
    ``combat_option_chosen`` hooks; the same once a round).
"""
from __future__ import annotations

from pyrsistent import pmap, pvector

from ...definitions import load
from ...engine.machine import decide, frame, log, push
from ...engine.records import replace
from ...rules import characters as chars
from . import store as st
from ...rules import combat, spells
from ...state import update_character

_ABILITIES = ("heal_on_enemy_defeated", "fate_on_healing")


def _turn_events(state):
    """The log's events since the last ``turn_started`` (oldest first)."""
    out = []
    for e in reversed(state.log):
        if e.name == "turn_started":
            break
        out.append(e)
    return out[::-1]


def turn_ended(state, character):
    """The Celestial's heal after a battle won, and fate after healing, for the turn just
    ended."""
    holders = [c for c in state.order if state.characters[c].alive
               and any(chars.has_ability(state, c, a) for a in _ABILITIES)]
    if not holders or state.outcome is not None:
        return state
    events = _turn_events(state)
    for cid in holders:
        heals = 0
        if chars.has_ability(state, cid, "heal_on_enemy_defeated"):
            wins = sum(1 for e in events if e.name == "combat_won" and e.data.get("character") == cid
                       and e.data.get("kind") == "battle")
            for _ in range(wins):
                before = state.characters[cid].lives
                state = chars.heal(state, cid, 1, "heal_on_enemy_defeated")
                heals += state.characters[cid].lives > before
        if chars.has_ability(state, cid, "fate_on_healing"):
            heals += sum(1 for e in events if e.name == "healed" and e.data.get("character") == cid
                         and e.data.get("amount", 0) > 0)
            room = chars.fate_value(state, cid) - state.characters[cid].fate
            n = min(heals, room)
            if n > 0:
                state = chars.gain(state, cid, "fate", n, "fate_on_healing")
    return state


def turn_started(state, character):
    ch = state.characters[character]
    if not ch.alive or ch.lost_turn:
        return state
    frames = []
    if chars.has_ability(state, character, "discard_stranger_or_place"):
        frames.append(frame("harbinger.discard_offer", who=character))
    if st.get(state, "gifts", {}).get(character):
        frames.append(frame("harbinger.gift_offer", who=character))
    return push(state, *reversed(frames)) if frames else state


#: DIVINE GIFTS: how many the Ascendant Divine starts with.
GIFTS = 4


def setup(state):
    """Each character with ``divine_gifts`` takes the top 4 cards of the Spell deck as gifts."""
    gifts = {}
    for cid in state.order:
        if chars.has_ability(state, cid, "divine_gifts"):
            deck = state.decks.get("spell", ())
            gifts[cid], rest = list(deck[:GIFTS]), deck[GIFTS:]
            state = replace(state, decks=state.decks.set("spell", rest))
            state = log(state, "divine_gifts", character=cid, count=len(gifts[cid]))
    return st.store(state, gifts=gifts) if gifts else state


def castable_gifts(state, cid):
    """The gifts ``cid`` may cast now: as his Spells would be at the start of his turn."""
    gifts = list(st.get(state, "gifts", {}).get(cid, ()))
    if not gifts or st.get(state, "gift_round", {}).get(cid) == state.round:
        return []
    return spells.castable_on_turn(update_character(state, cid, spells=gifts), cid)


def gift_offer(state, who):
    ch = state.characters[who]
    if not ch.alive or state.outcome is not None:
        return state
    castable = castable_gifts(state, who)
    if not castable:
        return state
    return decide(state, who, "gift", [f"gift:{g}" for g in castable] + ["done"],
                  "harbinger.gift_chosen", prompt="cast a divine gift?", who=who)


def gift_chosen(state, action, who, context="turn"):
    """The gift is cast as a Spell: it joins his Spells for the cast, which discards it."""
    if action.kind == "done":
        return state
    return _cast_gift(state, who, action.args[0], context)


def combat_gifts(state, cid):
    """The gifts ``cid`` may cast in his own combat now (before the dice, once a round)."""
    b = state.battle
    gifts = list(st.get(state, "gifts", {}).get(cid, ()))
    if b is None or b["who"] != cid or not gifts or st.get(state, "gift_round", {}).get(cid) == state.round:
        return []
    return combat.castable_in_combat(update_character(state, cid, spells=gifts), cid)


def combat_options(state, options, character):
    """Value hook: a divine gift offered before the dice of his own combat."""
    if not st.get(state, "gifts", {}).get(character):
        return options
    return tuple(options) + tuple(f"gift:{g}" for g in combat_gifts(state, character))


def combat_option_chosen(state, character, action):
    """State hook: ``gift:<spell>`` cast in combat (the combat resumes after the cast)."""
    if not action.startswith("gift:"):
        return state
    return _cast_gift(state, character, action.split(":", 1)[1], "combat")


def _cast_gift(state, who, gift, context):
    return spells.cast(take_gift(state, who, gift), who, gift, context=context)


def window_gifts(state, cid, flag):
    """The gifts with ``data.<flag>`` ``cid`` may cast in a window of another character's turn
    (Dark Binding, Terra Shift: :mod:`.binding`): once a round all told, as his Spells
    (docs/rulings.md R-CAST2.2)."""
    gifts = st.get(state, "gifts", {}).get(cid, ())
    if not gifts or st.get(state, "gift_round", {}).get(cid) == state.round \
            or not state.characters[cid].alive or not spells.can_cast(state, cid):
        return []
    return [g for g in dict.fromkeys(gifts) if (load().cards[g].data or {}).get(flag)]


def take_gift(state, who, gift):
    """A divine gift about to be cast: it leaves the gifts (the round's cast used) for his
    Spells, from which the cast discards it."""
    gifts = st.get(state, "gifts")
    mine = list(gifts[who])
    mine.remove(gift)
    rounds = st.get(state, "gift_round", pmap())
    state = st.store(state, gifts=gifts.set(who, pvector(mine)), gift_round=rounds.set(who, state.round))
    state = log(state, "divine_gift_cast", character=who, card=gift)
    ch = state.characters[who]
    return update_character(state, who, spells=ch.spells.append(gift))


def discard_offer(state, who):
    ch = state.characters[who]
    if not ch.alive or state.outcome is not None:
        return state
    here = [c for c in dict.fromkeys(state.board_cards.get(ch.space, ()))
            if load().cards[c].type in ("stranger", "place")]
    if not here:
        return state
    return decide(state, who, "discard", [f"discard:{c}" for c in here] + ["done"],
                  "harbinger.discard_chosen", prompt="discard a Stranger or Place here?", who=who)


def discard_chosen(state, action, who):
    if action.kind == "done":
        return state
    card = action.args[0]
    space = state.characters[who].space
    cards = state.board_cards[space]
    at = len(cards) - 1 - list(reversed(cards)).index(card)
    state = replace(state, board_cards=state.board_cards.set(space, cards.delete(at)))
    state = chars.discard(state, card)
    return log(state, "card_discarded", character=who, card=card, space=space,
               cause="discard_stranger_or_place")


def alignment_changing(state, result, character, alignment, cause):
    """NEVER GOOD: "If an effect would make him Good, it is ignored and he loses 1 life instead"
    (``result``: ``(state, kept)``; the change refused: ``kept`` is True)."""
    state, kept = result
    if kept or alignment != "good" or not chars.has_ability(state, character, "never_good"):
        return result
    state = log(state, "alignment_refused", character=character, alignment=alignment, cause=cause)
    return chars.lose_lives(state, character, 1, "never_good"), True


STEPS = {"harbinger.discard_offer": discard_offer, "harbinger.discard_chosen": discard_chosen,
         "harbinger.gift_offer": gift_offer, "harbinger.gift_chosen": gift_chosen}
