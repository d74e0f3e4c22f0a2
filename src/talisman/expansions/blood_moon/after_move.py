"""After the move, before the encounter: the ``before_encounter`` hook, once a turn, for a
character who moved onto an Outer or Middle Region space (turn flag ``bm_after_move``).

* The Headless Horseman (``data.rides_to_victim``): having beaten a character, on his next turn
  the card rides to wherever that character's move ends (``riders`` in the store: ``{victim:
  card}``, recorded by :func:`.jobs.settle`), and is met there.
* A Follower or usable Object with ``data.after_move: pull_nearest_enemy`` (Red Riding Hood):
  the nearest Enemy lying on another space of the character's Region comes to his space (the
  first one clockwise when several are as near).
* A Lunar Event's ``while_in_play.moved`` effects (Morning Song: discard Adventure cards on the
  space): run before the encounter, which then starts again (the hook replaces the encounter
  and pushes it again after the effects).
"""
from __future__ import annotations

from pyrsistent import pmap

from ...definitions import load
from ...engine.machine import decide, frame, log, push, then
from ...engine.records import replace
from ...rules import characters as chars
from ...state import update_character
from . import store
from . import jobs


def before_encounter(state, replaced, character, space):
    """The moment; returns the state and whether the encounter is replaced (``replaced``: an
    earlier expansion's answer; else put off for effects here)."""
    ch = state.characters[character]
    if not ch.alive or not ch.turn_flags.get("moved") or ch.turn_flags.get("bm_after_move") \
            or replaced \
            or load().board.spaces[space].region not in ("outer", "middle"):
        return state, replaced
    state = update_character(state, character, turn_flags=ch.turn_flags.set("bm_after_move", True))
    state = rider_arrives(state, character, space)
    state = pull_nearest_enemy(state, character, space)
    todo = [(c, store.card_data(c).get("while_in_play", {}).get("moved"))
            for c in store.get(state, "lunar_events", ())]
    todo = [(c, effs) for c, effs in todo if effs]
    if not todo:
        return state, False
    frames = [frame("blood_moon.job", job=jobs.effects_job(character, effs, c)) for c, effs in todo]
    return push(state, *then(*frames, frame("encounters.begin"))), True


def _card_space(state, card):
    return next((s for s, cards in sorted(state.board_cards.items()) if card in cards), None)


def _move_card(state, card, src, dest):
    cards = state.board_cards[src]
    state = replace(state, board_cards=state.board_cards.set(src, cards.delete(cards.index(card))))
    return chars.put_on_space(state, dest, [card])


def rider_arrives(state, cid, space):
    riders = store.get(state, "riders", pmap())
    card = riders.get(cid)
    if card is None:
        return state
    state = store.store(state, riders=riders.discard(cid))
    src = _card_space(state, card)
    if src is None or src == space:
        return state
    state = _move_card(state, card, src, space)
    return log(state, "card_moved", card=card, to=space, cause="rides to its victim", character=cid)


def _holds(state, cid, key):
    ch = state.characters[cid]
    if ch.toad_turns:
        return []
    cards = load().cards
    held = [c for c in dict.fromkeys(ch.objects) if chars.usable(ch, cards[c], state)]
    held += list(dict.fromkeys(ch.followers))
    return [c for c in held if store.card_data(c).get("after_move") == key]


def pull_nearest_enemy(state, cid, space):
    """Red Riding Hood: the nearest Enemy card on another space of this Region comes here."""
    holders = _holds(state, cid, "pull_nearest_enemy")
    if not holders:
        return state
    board = load().board
    region = board.spaces[space].region
    ring = list(board.regions[region])
    if space not in ring:
        return state
    i = ring.index(space)
    n = len(ring)
    for d in range(1, n // 2 + 1):
        for s in (ring[(i + d) % n], ring[(i - d) % n]):
            enemies = [c for c in state.board_cards.get(s, ()) if load().cards[c].type == "enemy"]
            if enemies:
                state = _move_card(state, enemies[0], s, space)
                return log(state, "card_moved", card=enemies[0], to=space, cause=holders[0], character=cid)
    return state


# --- the effect for Morning Song ------------------------------------------------------------

def discard_here(state, params, actor, source):
    """The actor may discard Adventure cards lying on his space, one at a time (``discard:<card>``),
    until ``done``."""
    space = state.characters[actor].space
    here = [c for c in dict.fromkeys(state.board_cards.get(space, ())) if load().cards[c].deck == "adventure"]
    if not here:
        return state
    return decide(state, actor, "discard", [f"discard:{c}" for c in here] + ["done"],
                  "blood_moon.discarded_here", prompt="discard Adventure cards here?", actor=actor,
                  space=space)


def discarded_here(state, action, actor, space):
    if action.kind == "done":
        return state
    card = action.args[0]
    cards = state.board_cards[space]
    state = replace(state, board_cards=state.board_cards.set(space, cards.delete(cards.index(card))))
    state = chars.discard(state, card)
    state = log(state, "card_discarded", character=actor, card=card, space=space, cause="discard_here")
    return discard_here(state, {}, actor, {})


STEPS = {"blood_moon.discarded_here": discarded_here}
