"""The Blood Moon (003_4514fb79ab6fa57b.txt): the Time card and day/night, the passage of time,
Lunar Events, the prowling Werewolf and lycanthropy.

The expansion joins the base game only through the hook points of :mod:`talisman.expansions`:

``setup``
    the Time card on Day, the Werewolf on the Forest, the Lycanthrope cards shuffled;
``turn_started``
    work owed to the turn just ended runs first (the Werewolf's move after a movement roll of
    1, what combat results call for: see :mod:`.jobs`), then "start of turn" Lunar Events and
    Lycanthrope cards;
``movement_rolled``
    a 1: the Werewolf moves once the turn is over;
``events_drawn``
    the Time card flips (a Lunar Event names the side);
``before_encounter``
    a lycanthrope with the ``must_attack`` rule at Night attacks a character on his space;
``character_died``
    the dead character's Lycanthrope card is discarded;
``attack_score``
    Day: each creature 1 less (never below 1); Night: 1 more; for each enemy separately.

Its plain data lives in ``state.ext["blood_moon"]`` (:mod:`.store`).
"""
from __future__ import annotations

from pyrsistent import pvector

from ...definitions import load
from ...engine.dice import shuffle
from ...engine.machine import decide, log
from ...engine.records import replace
from ...state import update_character
from . import effects as _effects
from . import jobs, lycanthropy, store, time_card, werewolf

DECK = "lycanthrope"


def setup(state):
    """SETUP: the Time card Day side up, the Werewolf on the Forest, the Lycanthrope cards
    shuffled into a deck of their own."""
    cards, dice = shuffle(state.dice, state.decks.get(DECK, ()))
    state = replace(state, dice=dice, decks=state.decks.set(DECK, pvector(cards)))
    state = store.initial(state)
    return log(state, "blood_moon_setup", time=store.DAY, werewolf=store.WEREWOLF_START)


def turn_started(state, character):
    state = lycanthropy.sweep(state)
    state = jobs.settle(state)
    todo = list(store.get(state, "jobs", ()))
    due = store.get(state, "werewolf_due")
    state = store.store(state, jobs=[], werewolf_due=None)
    if due is not None and store.alive(state, due):
        todo.append({"kind": "werewolf", "mover": due})
    ch = state.characters[character]
    if ch.alive and not ch.lost_turn:
        todo += time_card.turn_start_jobs(state, character)
        todo += lycanthropy.turn_start_jobs(state, character)
        todo += cure_offer(state, character)
    return jobs.run_now(state, todo)


def cure_offer(state, cid):
    """An object that may be discarded to discard the Lycanthrope card (the Wolfsbane):
    offered at the start of the lycanthrope's turn."""
    if not lycanthropy.is_lycanthrope(state, cid):
        return []
    ch = state.characters[cid]
    for c in dict.fromkeys(ch.objects):
        if store.card_data(c).get("cures_lycanthropy"):
            return [jobs.effects_job(cid, [{"choose": [
                {"id": "cure", "effects": [{"cure_lycanthropy": {"discard": c}}]},
                {"id": "keep", "effects": [{"nothing": {}}]}]}], c)]
    return []


def movement_rolled(state, character, roll):
    """MOVING THE WEREWOLF: "Whenever a player rolls a '1' for his move" (the last roll
    counts when fate buys another)."""
    state = lycanthropy.sweep(state)
    if roll == 1:
        state = store.store(state, werewolf_due=character)
        return log(state, "werewolf_stirs", character=character)
    if store.get(state, "werewolf_due") == character:
        state = store.store(state, werewolf_due=None)
    return state


def events_drawn(state, character, cards):
    state = lycanthropy.sweep(state)
    return time_card.passage_of_time(state, character, cards)


def before_encounter(state, character, space):
    """A lycanthrope whose card says so must attack a character on his space at Night."""
    state = lycanthropy.sweep(state)
    ch = state.characters[character]
    if not ch.alive or not ch.turn_flags.get("moved") or \
            load().board.spaces[space].region not in ("outer", "middle") or \
            not lycanthropy.must_attack(state, character):
        return state
    others = [o for o in state.order if o != character and store.alive(state, o)
              and state.characters[o].space == space]
    if not others:
        return state
    state = update_character(state, character, turn_flags=ch.turn_flags.set("encounter_replaced", True))
    state = log(state, "lycanthrope_must_attack", character=character, card=lycanthropy.card_of(state, character))
    return decide(state, character, "encounter", [f"encounter:char:{o}" for o in others],
                  "encounters.chosen", prompt="the beast must attack")


def character_died(state, character):
    return lycanthropy.discard_card(state, character, "died")


def attack_score(state, score, enemy, kind="battle"):
    if not store.enabled(state):
        return score
    return time_card.attack_score(state, score, enemy, kind)


HOOKS = {"setup": setup, "turn_started": turn_started, "movement_rolled": movement_rolled,
         "events_drawn": events_drawn, "before_encounter": before_encounter,
         "character_died": character_died, "attack_score": attack_score}

EFFECTS = _effects.EFFECTS
EFFECT_SCHEMAS = _effects.EFFECT_SCHEMAS

STEPS = {}
for _m in (jobs, lycanthropy, werewolf, _effects):
    for _name, _fn in _m.STEPS.items():
        assert _name.startswith("blood_moon.") and _name not in STEPS, _name
        STEPS[_name] = _fn
