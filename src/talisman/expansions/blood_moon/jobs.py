"""Work the Blood Moon owes to a moment the hook points do not reach.

Two kinds of rule need it:

* what happens *after* a turn (the prowling Werewolf moves "after he completes his turn"),
  and what follows a combat result (a Direwolf's bite, the Midnight Howl, a kill under the
  Vampiric Thirst, a fight with a lycanthrope).  The base game has no hook after a combat,
  so :func:`settle` reads those results from the structured log and queues a *job*;
* jobs run at the next turn boundary, in the ``turn_started`` hook, before the new turn's
  movement.  A hook cannot push frames that run before the turn's own frames (they are
  pushed after the hook returns), so :func:`run_now` runs the jobs' frames at once, in a
  stack of their own, up to the first decision; that decision is then *wrapped*
  (:func:`resume`): when it is answered, the frames still waiting are put back on top of the
  stack and the original step resumes, so the rest runs before the turn goes on.

A job is plain data: ``{"kind": "effects", "who": cid, "effects": [...], "cause": card}`` or
``{"kind": "werewolf", "mover": cid}``.
"""
from __future__ import annotations

from pyrsistent import pvector

from ...definitions import load
from ...engine.machine import frame, log, push
from ...engine.records import Decision, Frame, replace
from ...errors import TalismanError
from ...rules import effects as base_effects
from . import store

LOOP_GUARD = 10_000


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
      "fights a character who has become a lycanthrope").
    """
    from . import lycanthropy
    start = store.get(state, "scanned", 0)
    events = state.log[start:]
    state = store.store(state, scanned=len(state.log))
    if not events:
        return state
    lunar = [(c, store.card_data(c).get("while_in_play", {})) for c in store.get(state, "lunar_events", ())]
    out = []
    for e in events:
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
        elif e.name == "card_met" and e.get("card") in load().cards and \
                load().cards[e.get("card")].type in ("stranger", "place"):
            out += [effects_job(e.get("character"), w["visited"], c) for c, w in lunar if "visited" in w]
        elif e.name == "combat_scores" and e.get("opponent") in state.characters:
            a, b = e.get("character"), e.get("opponent")
            la, lb = lycanthropy.is_lycanthrope(state, a), lycanthropy.is_lycanthrope(state, b)
            if la != lb:
                out.append(effects_job(b if la else a, lycanthropy.curse_roll(), "lycanthrope"))
    return queue(state, *out) if out else state


# --- running jobs from a hook ------------------------------------------------------------

def _steps():
    from ...api import STEPS
    return STEPS


def _run(state, steps):
    """Run frames until a decision, the end of the game or an empty stack."""
    for _ in range(LOOP_GUARD):
        if state.outcome is not None or state.pending is not None or not state.stack:
            return state
        f = state.stack[-1]
        state = replace(state, stack=state.stack.delete(len(state.stack) - 1))
        state = steps[f.step](state, **f.args)
    raise TalismanError(f"more than {LOOP_GUARD} Blood Moon steps without a decision")


def run_now(state, jobs):
    """Run ``jobs`` from a hook, before the frames the hook's caller pushes next."""
    if not jobs:
        return state
    saved = state.stack
    state = replace(state, stack=pvector([frame("blood_moon.job", job=j) for j in reversed(jobs)]))
    state = _run(state, _steps())
    rest = state.stack
    state = replace(state, stack=saved)
    p = state.pending
    if p is not None and state.outcome is None:
        waiting = [{"step": f.step, "args": f.args} for f in rest]
        state = replace(state, pending=Decision(
            p.player, p.kind, "blood_moon.resume", p.options,
            {"step": p.step, "args": p.args, "rest": waiting}, spec=p.spec, deck=p.deck,
            prompt=p.prompt))
    elif state.outcome is not None:
        state = replace(state, pending=None)
    cid = state.current
    if state.outcome is None and not state.characters[cid].alive:
        # the character whose turn starts was killed before it began: nothing more happens
        # in this turn (the turn's frames, pushed next, find him moved and his encounter done)
        ch = state.characters[cid]
        state = replace(state, characters=state.characters.set(cid, replace(
            ch, turn_flags=ch.turn_flags.set("moved", True).set("encounter_replaced", True))))
    return state


def resume(state, action, step, args, rest):
    """Rule step: a wrapped decision was answered; the waiting frames go back on top of the
    stack and the original step resumes."""
    for f in rest:
        state = push(state, Frame(f["step"], f["args"]))
    return _steps()[step](state, action, **args)


def job(state, job):
    """Rule step: one job."""
    if job["kind"] == "werewolf":
        from . import werewolf
        return werewolf.start_move(state, job["mover"])
    who = job["who"]
    if not store.alive(state, who):
        return state
    state = log(state, "blood_moon_effect", character=who, cause=job["cause"])
    return base_effects.run(state, job["effects"], who, {"card": job["cause"]})


STEPS = {"blood_moon.job": job, "blood_moon.resume": resume}
