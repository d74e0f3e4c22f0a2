"""Work the Blood Moon owes to a turn boundary.

* What follows a combat result (a Direwolf's bite, the Midnight Howl, a kill under the Vampiric
  Thirst, a fight with a lycanthrope, the Night Stalker following its victim).  There is no
  state hook after a combat (``combat_result`` is a value hook), so :func:`settle` reads those
  results from the structured log and queues a *job*.
* Jobs run in the next ``turn_started`` hook, then the new character's "start of turn" rules;
  frames a ``turn_started`` hook pushes run before the turn's movement (:func:`push_jobs`).

(The prowling Werewolf's move is a job too, but it is pushed by the mover's ``turn_ended``
hook: "he completes his turn as normal, but then ... move the Werewolf figure".  A death there
is safe: ``kernel.end_turn_now`` stops at ``turn.pass``.)

A job is plain data: ``{"kind": "effects", "who": cid, "effects": [...], "cause": card}`` or
``{"kind": "werewolf", "mover": cid}``.
"""
from __future__ import annotations

from pyrsistent import pmap

from ...definitions import load
from ...engine.machine import frame, log, push, then
from ...rules import effects as base_effects
from . import store
from . import lycanthropy
from . import werewolf


def effects_job(who, effects, cause):
    return {"kind": "effects", "who": who, "effects": effects, "cause": cause}


def queue(state, *jobs):
    return store.store(state, jobs=list(store.get(state, "jobs", ())) + list(jobs))


def _enemy_cards(names):
    cards = load().cards
    return [n for n in names if n in cards and cards[n].type == "enemy"]


def settle(state):
    """Read the log since the last settlement and queue what combat results call for:

    * an Enemy killed while a Lunar Event saying ``enemy_killed`` is in play;
    * a character defeated by an Enemy whose card says ``on_defeat`` (the Direwolf, the
      Wolfen...) or while a Lunar Event saying ``lost_to_enemy`` is in play;
    * a Stranger or Place visited while a Lunar Event saying ``visited`` is in play;
    * a fight between a lycanthrope and a character who is not one (BECOMING A LYCANTHROPE:
      "fights a character who has become a lycanthrope");
    * a loss to an Enemy that ``stalks`` turned into a stand-off (the Night Stalker: its
      scores say the character was beaten): it follows him from now on.
    """
    start = store.get(state, "scanned", 0)
    events = state.log[start:]
    state = store.store(state, scanned=len(state.log))
    if not events:
        return state
    lunar = [(c, store.card_data(c).get("while_in_play", {})) for c in store.get(state, "lunar_events", ())]
    out = []
    scores = None
    for e in events:
        if e.name == "combat_scores":
            scores = e
        if e.name == "combat_won":
            for _ in _enemy_cards(e.get("enemies", ())):
                out += [effects_job(e.get("character"), w["enemy_killed"], c) for c, w in lunar
                        if "enemy_killed" in w]
        elif e.name == "combat_lost":
            foes = _enemy_cards(e.get("enemies", ()))
            for f in foes:
                if "on_defeat" in store.card_data(f):
                    out.append(effects_job(e.get("character"), store.card_data(f)["on_defeat"], f))
            if foes:
                out += [effects_job(e.get("character"), w["lost_to_enemy"], c) for c, w in lunar
                        if "lost_to_enemy" in w]
            for f in foes:  # the Headless Horseman rides to its victim's next stop
                if store.card_data(f).get("rides_to_victim") and store.alive(state, e.get("character")):
                    riders = store.get(state, "riders", pmap())
                    state = store.store(state, riders=riders.set(e.get("character"), f))
        elif e.name == "card_met" and e.get("card") in load().cards and \
                load().cards[e.get("card")].type in ("stranger", "place"):
            out += [effects_job(e.get("character"), w["visited"], c) for c, w in lunar if "visited" in w]
        elif e.name == "standoff" and scores is not None and \
                scores.get("opponent_score") > scores.get("character_score"):
            for f in _enemy_cards(e.get("enemies", ())):
                if "stalks" in store.card_data(f) and store.alive(state, e.get("character")):
                    state = store.store(state, stalkers=store.get(state, "stalkers", pmap()).set(
                        e.get("character"), f))
                    state = log(state, "stalked", character=e.get("character"), card=f)
        if e.name == "combat_scores" and e.get("opponent") in state.characters:
            a, b = e.get("character"), e.get("opponent")
            la, lb = lycanthropy.is_lycanthrope(state, a), lycanthropy.is_lycanthrope(state, b)
            if la != lb:
                out.append(effects_job(b if la else a, lycanthropy.curse_roll(), "lycanthrope"))
    return queue(state, *out) if out else state


# --- running jobs from a hook ------------------------------------------------------------

def push_jobs(state, jobs):
    """Push ``jobs`` as frames from the ``turn_started`` hook: they run first, before the
    turn's movement, in the order given.  (A character killed by them before his turn began
    does nothing more this turn: ``turn.end_turn_now`` drops the turn's frames.)"""
    if not jobs:
        return state
    return push(state, *then(*[frame("blood_moon.job", job=j) for j in jobs]))


def job(state, job):
    """Rule step: one job."""
    if job["kind"] == "werewolf":
        return werewolf.start_move(state, job["mover"])
    who = job["who"]
    if not store.alive(state, who):
        return state
    state = log(state, "blood_moon_effect", character=who, cause=job["cause"])
    return base_effects.run(state, job["effects"], who, {"card": job["cause"]})


STEPS = {"blood_moon.job": job}
