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

Not played (no hook reaches it): ``divine_gifts`` (the Ascendant Divine's four gifts need
cards outside the Spell deck and a casting moment per round).  It is loaded and shown; it
changes nothing yet.
"""
from __future__ import annotations

from ...definitions import load
from ...engine.machine import decide, frame, log, push
from ...engine.records import replace
from ...rules import characters as chars

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
            room = load().characters[cid].fate - state.characters[cid].fate
            n = min(heals, room)
            if n > 0:
                state = chars.gain(state, cid, "fate", n, "fate_on_healing")
    return state


def turn_started(state, character):
    ch = state.characters[character]
    if ch.alive and not ch.lost_turn and chars.has_ability(state, character, "discard_stranger_or_place"):
        return push(state, frame("harbinger.discard_offer", who=character))
    return state


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


def alignment_changing(state, character, alignment, cause):
    """NEVER GOOD: "If an effect would make him Good, it is ignored and he loses 1 life instead"."""
    if alignment != "good" or not chars.has_ability(state, character, "never_good"):
        return state
    from ...state import update_character
    ch = state.characters[character]
    state = update_character(state, character, turn_flags=ch.turn_flags.set("alignment_kept", True))
    state = log(state, "alignment_refused", character=character, alignment=alignment, cause=cause)
    return chars.lose_lives(state, character, 1, "never_good")


STEPS = {"harbinger.discard_offer": discard_offer, "harbinger.discard_chosen": discard_chosen}
