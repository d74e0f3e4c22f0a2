"""TIME CARD, PASSAGE OF TIME and LUNAR EVENTS.

"During the Day, each creature subtracts 1 from its attack score during battle and psychic
combat (to a minimum of 1).  During the Night, each creature adds 1 to its attack score"
(each Enemy separately when several fight together: the ``attack_score`` hook is asked once
per enemy).  The attack score is the creature's value plus its die: by Day the 1 comes off the
value (down to 0), so the score with the die is never below 1, and a Strength-1 creature
loses its 1 too.

"Whenever a character draws one or more Events during his turn, before he encounters any
cards, he must flip the Time Card over to the other side" (the ``events_drawn`` hook, once per
encounter).  A Lunar Event names the side instead; "If an encounter instructs a character to
flip the Time Card to a specific side and the Time Card is already flipped to that side, the
Time Card is not flipped."  Lunar Events are placed next to the Time Card, not on the board,
"and remain in play until the Time Card is flipped over".
"""
from __future__ import annotations

from pyrsistent import pmap

from ...definitions import load
from ...engine.machine import log
from ...rules import characters as chars
from ...rules import encounters
from ...rules.kernel import set_turn_flag
from ...rules import effects as base_effects
from ...rules.kernel import remove_drawn
from . import store
from .store import DAY, NIGHT, OTHER_SIDE
from ...rules.endings.cards import time_flipped
from . import jobs
from . import lycanthropy
from . import modifiers


def flip(state, to, cause):
    """Flip the Time card: ``to`` is ``day``, ``night`` or ``other`` (over to the other side).
    Flipping to the side already showing does nothing."""
    now = store.time(state)
    target = OTHER_SIDE[now] if to == "other" else to
    if target == now:
        return log(state, "time_unchanged", time=now, cause=cause)
    state = jobs.settle(state)  # results under the Lunar Events about to go count first
    state = store.store(state, time=target)
    state = log(state, "daybreak" if target == DAY else "nightfall", time=target, cause=cause)
    state = discard_lunar_events(state)
    if target == DAY and store.get(state, "stalkers"):
        stalkers = store.get(state, "stalkers")
        state = store.store(state, stalkers={})
        for cid in sorted(stalkers):  # "discard at daybreak" (card-data.md 1.3)
            state = chars.discard(state, stalkers[cid])
        state = log(state, "stalkers_gone", characters=sorted(stalkers), cards=[stalkers[c] for c in sorted(stalkers)])
    if target == NIGHT:
        state = lycanthropy.nightfall(state)
    return time_flipped(state, target)  # an Alternative Ending's star instruction (Lightbearers)


def discard_lunar_events(state):
    """The Lunar Events in play are discarded when the Time card flips."""
    gone = list(store.get(state, "lunar_events", ()))
    if not gone:
        return state
    for c in gone:
        state = chars.discard(state, c)
    state = store.store(state, lunar_events=[])
    return log(state, "lunar_events_discarded", cards=gone)


def side_of(card_id):
    """The side a Lunar Event flips the Time card to."""
    return store.card_data(card_id)["side"]


def passage_of_time(state, character, cards):
    """The ``events_drawn`` hook: one flip before any card is met.  If a Lunar Event is among
    the Events drawn, the first drawn names the side; otherwise the card flips over."""
    lunar = [c for c in cards if load().cards[c].type == "lunar_event"]
    if lunar:
        return flip(state, side_of(lunar[0]), lunar[0])
    return flip(state, "other", f"{character} drew an Event")


def flip_when_drawn(state, to, actor, source, cause):
    """A card's own flip to a side as it is drawn (the Herald of the Dawn, the Torchbearer, the
    Keeper of the Vigil, the Eventide Invoker: ``when_drawn: flip_time``).  With Events drawn
    beside it and not yet announced, the draw's own flip (PASSAGE OF TIME, "before he encounters
    any cards") comes first, there and then, and this card's side second: "If an encounter
    instructs a character to flip the Time Card to a specific side and the Time Card is already
    flipped to that side, the Time Card is not flipped" (R-BM11.6).  The turn flag
    ``bm_draw_flipped`` names the Events flipped for, so the ``events_drawn`` hook does not flip
    for them again (:func:`draw_flip_done`)."""
    space = source.get("space")
    ch = state.characters.get(actor)
    if space is not None and ch is not None and source.get("card") in ch.flag("drawn", ()):
        events = encounters.events_unannounced(state, space, actor)
        done = ch.flag("bm_draw_flipped", ())
        if events and not set(events) <= set(done):
            state = passage_of_time(state, actor, events)
            state = set_turn_flag(state, actor, "bm_draw_flipped", sorted(set(done) | set(events)))
    return flip(state, to, cause)


def draw_flip_done(state, character, cards):
    """Whether the draw's flip for these Events was made already (:func:`flip_when_drawn`)."""
    done = state.characters[character].flag("bm_draw_flipped", ())
    return bool(done) and set(cards) <= set(done)


def lunar_event(state, params, actor, source):
    """Effect: a Lunar Event is met: the Time card goes to its side (no flip if it shows it
    already) and the card is placed beside the Time card, not on the board."""
    card_id = source.get("card")
    if card_id is None:
        return state
    if store.time(state) != side_of(card_id):  # (already flipped when it was drawn, as a rule)
        state = flip(state, side_of(card_id), card_id)
    if "space" in source:
        state = remove_drawn(state, source["space"], card_id)
    state = store.store(state, lunar_events=list(store.get(state, "lunar_events", ())) + [card_id])
    return log(state, "lunar_event_in_play", card=card_id, side=side_of(card_id), character=actor)


def turn_start_jobs(state, cid):
    """Lunar Events that act "whenever a character starts their turn"; an Enemy following
    him (the Night Stalker)."""
    out = []
    stalker = store.get(state, "stalkers", pmap()).get(cid)
    if stalker is not None:
        # (a job of its own kind: asked again when it runs, as it may have gone meanwhile)
        out.append({**jobs.effects_job(cid, store.card_data(stalker)["stalks"], stalker), "kind": "stalker"})
    for c in store.lunar_events_reaching(state, cid):
        w = store.card_data(c).get("while_in_play", {})
        if "turn_start" in w:
            out.append(jobs.effects_job(cid, w["turn_start"], c))
    return out


def turn_ended(state, character):
    """Lunar Events that reward killing an Enemy in one's own turn (``while_in_play.
    killed_in_own_turn``, once a round for each character: Divine Retribution's extra turn),
    read from this turn's log; their effects run before play passes on."""
    cid = character
    rules = [(c, store.card_data(c).get("while_in_play", {}).get("killed_in_own_turn"))
             for c in store.lunar_events_reaching(state, cid)]
    rules = [(c, effs) for c, effs in rules if effs]
    if not rules or not state.characters[cid].alive or state.outcome is not None:
        return state
    done = store.get(state, "rewarded", pmap())
    if done.get(cid) == state.round or not _killed_this_turn(state, cid):
        return state
    state = store.store(state, rewarded=done.set(cid, state.round))
    for c, effs in rules:
        state = log(state, "blood_moon_effect", character=cid, cause=c)
        state = base_effects.run(state, effs, cid, {"card": c})
    return state


def held_turn_end(state, character):
    """A held Object's or Follower's ``data.turn_end`` effects, as the holder's turn ends (the
    Hungering Artefact)."""
    if not state.characters[character].alive or state.outcome is not None:
        return state
    for c in modifiers.held_cards(state, character):
        effs = store.card_data(c).get("turn_end")
        if effs:
            state = log(state, "blood_moon_effect", character=character, cause=c)
            state = base_effects.run(state, effs, character, {"card": c})
    return state


def _killed_this_turn(state, cid):
    cards = load().cards
    for e in reversed(state.log):
        if e.name == "turn_started":
            return False
        if e.name == "combat_won" and e.data.get("character") == cid and \
                any(n in cards and cards[n].type == "enemy" for n in e.data.get("enemies", ())):
            return True
    return False


def attack_score(state, score, enemy, kind):
    """The ``attack_score`` value hook, for one creature: its card's own day/night change
    (the Duskwood Wraith), the Flesh Golem's Strength, then the Time card, then the fighter's
    Lycanthrope card at Night."""
    d = store.card_data(enemy)
    who = state.battle.get("who") if state.battle is not None else None
    if d.get("strength_from") == "trophy_points" and who is not None:
        score = max(1, lycanthropy.trophy_points(state, who))
    if store.is_night(state):
        score += d.get("night_attack", 0)
    if store.is_night(state):
        score += 1
    else:
        # "subtracts 1 from its attack score ... (to a minimum of 1)": the attack score is the
        # creature's Strength (Craft) plus its die, so the 1 comes off the creature's part of it
        # and a Strength-1 creature loses it too; the die (at least 1) then keeps the score at 1
        # or more (docs/blood_moon.md, docs/rulings.md entry 7).
        score = max(0, score - 1)
    if who is not None and who in state.characters:
        mod = lycanthropy.enemy_attack_modifier(state, who, kind)
        if mod:
            score = max(1, score + mod)
    return score
