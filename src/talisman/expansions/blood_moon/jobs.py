"""Work the Blood Moon owes to a turn boundary.

* What follows a combat result (a Direwolf's bite, the Midnight Howl, a kill under the Vampiric
  Thirst, a fight with a lycanthrope, the Night Stalker following its victim) or a visit: the
  ``combat_ended`` and ``card_met`` hooks record each one as it happens (:func:`combat_ended`,
  :func:`card_met`, in ``pending``), and :func:`settle` turns the records into *jobs*.
* Jobs run in the next ``turn_started`` hook, then the new character's "start of turn" rules;
  frames a ``turn_started`` hook pushes run before the turn's movement (:func:`push_jobs`).

(The prowling Werewolf's move is a job too, but it is pushed by the mover's ``turn_ended``
hook: "he completes his turn as normal, but then ... move the Werewolf figure".  A death there
is safe: ``kernel.end_turn_now`` stops at ``turn.pass``.)

A job is plain data: ``{"kind": "effects", "who": cid, "effects": [...], "cause": card}``, the
same with ``"kind": "stalker"`` (the Night Stalker's life at a turn start: run only while it still
follows him, R-FIX26.2) or ``{"kind": "werewolf", "mover": cid}``.
"""
from __future__ import annotations

from pyrsistent import pmap

from ...definitions import load
from ...engine.machine import frame, log, push, then
from ...rules import characters as chars
from ...rules import effects as base_effects
from ...rules import kernel
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


def combat_ended(state, combat):
    """The ``combat_ended`` hook: the combat's result, recorded for :func:`settle`; an Enemy
    that ``stalks`` (the Night Stalker) and beat the character, though the fight was settled as
    a stand-off, follows him there and then (:func:`_stalked`; ruling R-BMC-3), the record
    naming it (``stalked_by``) for the Lunar Events :func:`settle` reads."""
    entry = {"character": combat.character, "result": combat.result, "enemies": list(combat.enemies),
             "opponent": combat.opponent, "scores": [list(s) for s in combat.scores]}
    if combat.opponent is not None:
        # who was a lycanthrope in the fight, read now: the risk is the fight's ("fights a character
        # who has become a lycanthrope", BECOMING A LYCANTHROPE), kept though the lycanthrope dies
        # of it (his card discarded) before the turn boundary settles it (R-PROBE18C.1)
        entry["lycanthropes"] = [c for c in (combat.character, combat.opponent)
                                 if lycanthropy.is_lycanthrope(state, c)]
    stalkers = []
    if (combat.result == "standoff" and combat.opponent is None and combat.scores
            and combat.scores[-1][1] > combat.scores[-1][0]):
        stalkers = [f for f in _enemy_cards(combat.enemies) if "stalks" in store.card_data(f)]
    if stalkers:
        entry["stalked_by"] = stalkers
    state = _record(state, {"combat": entry})
    for f in stalkers:
        if not store.alive(state, combat.character):
            continue
        if not chars.may_have_followers(state, combat.character):
            # "it joins you as a Follower": not a Toad, who "cannot have any Possessions"; it
            # stays on its space, not killed (docs/rulings.md R-FIX26.1)
            state = log(state, "follower_refused", character=combat.character, card=f,
                        reason="a Toad cannot have Possessions")
            continue
        state = _stalked(state, combat.character, f)
    return state


def card_met(state, character, card, space):
    """The ``card_met`` hook: a Stranger or Place met, recorded for :func:`settle`."""
    c = load().cards.get(card)
    if c is None or c.type not in ("stranger", "place"):
        return state
    return _record(state, {"visited": {"character": character}})


def lives_losing(state, result, character, amount, cause):
    """The ``lives_losing`` hook, after the held cards' spare lives (``result``: ``(state,
    spared)``, returned unchanged but for the record): a character beaten by an Enemy whose card
    says ``on_wound`` (the Mummy, card-data.md 1.3: "beaten and losing a life: lose 1 more") who
    loses a life for it has that combat's record (``pending``, made by :func:`combat_ended`)
    marked ``wounded`` there and then.  Armour or a Spell that saves the life never reaches this
    hook; spare lives that take the whole loss, or a Henchman who fought instead, leave no mark."""
    state, spared = result
    b = state.battle
    if (spared >= amount or b is None or b.who != character or b.result != "lost"
            or b.opponent is not None or b.henchman is not None):
        return result
    if not any(e.get("card") and "on_wound" in store.card_data(e["card"]) for e in b.enemies):
        return result
    pending = list(store.get(state, "pending", ()))
    at = next((i for i in range(len(pending) - 1, -1, -1) if "combat" in pending[i]
               and pending[i]["combat"]["character"] == character), None)
    if at is None:
        return result
    pending[at] = {"combat": {**pending[at]["combat"], "wounded": True}}
    return store.store(state, pending=pending), spared


def _record(state, entry):
    return store.store(state, pending=list(store.get(state, "pending", ())) + [entry])


def settle(state):
    """Turn what happened since the last settlement (``pending``, in order) into jobs:

    * an Enemy killed while a Lunar Event saying ``enemy_killed`` is in play;
    * a character defeated by an Enemy whose card says ``on_defeat`` (the Direwolf, the
      Wolfen...) or while a Lunar Event saying ``lost_to_enemy`` is in play;
    * a Stranger or Place visited while a Lunar Event saying ``visited`` is in play;
    * a fight between a lycanthrope and a character who is not one (BECOMING A LYCANTHROPE:
      "fights a character who has become a lycanthrope"), once for each comparison of scores,
      who was a lycanthrope read as the combat ended (R-PROBE18C.1);
    * a loss to an Enemy that ``stalks`` turned into a stand-off (the Night Stalker, which
      follows him since the combat ended, the record's ``stalked_by``): since he was beaten, a
      Lunar Event saying ``lost_to_enemy`` fires too (ruling R-SC-2).

    The Lunar Events in play and who is alive are those at the settlement (a turn boundary,
    or just before the Time card flips).
    """
    pending = store.get(state, "pending", ())
    if not pending:
        return state
    state = store.store(state, pending=[])

    def lunar(who):  # the Lunar Events in play reaching ``who`` (not underground: R-OQ10.1)
        return [(c, store.card_data(c).get("while_in_play", {}))
                for c in store.lunar_events_reaching(state, who)]
    out = []
    for entry in pending:
        if "visited" in entry:
            who = entry["visited"]["character"]
            out += [effects_job(who, w["visited"], c) for c, w in lunar(who) if "visited" in w]
            continue
        e = entry["combat"]
        who, result, scores = e["character"], e["result"], e["scores"]
        if e["opponent"] is not None:
            if e["opponent"] in state.characters:
                a, b = who, e["opponent"]
                if "lycanthropes" in e:  # as they were in the fight (:func:`combat_ended`)
                    la, lb = a in e["lycanthropes"], b in e["lycanthropes"]
                else:
                    la, lb = lycanthropy.is_lycanthrope(state, a), lycanthropy.is_lycanthrope(state, b)
                for _ in scores:
                    # one who is not a lycanthrope risks the curse; one who is has it already,
                    # and rolls for nothing (BECOMING A LYCANTHROPE; R-FIX26.4)
                    if la != lb:
                        out.append(effects_job(b if la else a, lycanthropy.curse_roll(), "lycanthrope"))
            continue
        if result == "won":
            for _ in _enemy_cards(e["enemies"]):
                out += [effects_job(who, w["enemy_killed"], c) for c, w in lunar(who)
                        if "enemy_killed" in w]
        elif result == "lost":
            foes = _enemy_cards(e["enemies"])
            for f in foes:
                if "on_defeat" in store.card_data(f):
                    out.append(effects_job(who, store.card_data(f)["on_defeat"], f))
                if "on_wound" in store.card_data(f) and e.get("wounded"):
                    out.append(effects_job(who, store.card_data(f)["on_wound"], f))
            if foes:
                out += [effects_job(who, w["lost_to_enemy"], c) for c, w in lunar(who)
                        if "lost_to_enemy" in w]
            for f in foes:  # the Headless Horseman rides to its victim's next stop
                if store.card_data(f).get("rides_to_victim") and store.alive(state, who):
                    riders = store.get(state, "riders", pmap())
                    state = store.store(state, riders=riders.set(who, f))
        elif result == "standoff" and e.get("stalked_by"):
            # beaten, though spared the life (ruling R-SC-2): the Midnight Howl hears it
            out += [effects_job(who, w["lost_to_enemy"], c) for c, w in lunar(who)
                    if "lost_to_enemy" in w]
    return queue(state, *out) if out else state


def _stalked(state, who, card):
    """The Night Stalker (card-data.md 1.3: "it joins you as a Follower costing 1 life at each
    of your turn starts; discard at daybreak") leaves its space and follows ``who`` in the
    store's ``stalkers`` (its card listed in ``cards``; ruling R-CD5-3), from where it is: under
    resolution on his space while the combat's cards are held, else face up on his space (or
    another).  A second one already following him goes to the discard pile."""
    here = state.characters[who].space
    if not kernel.on_space(state, here, card):
        here = next((sp for sp, cards in sorted(state.board_cards.items()) if card in cards), None)
    if here is None:  # no longer on the board (another effect took it meanwhile)
        return state
    state = base_effects.remove_from_space(state, here, card)
    old = store.get(state, "stalkers", pmap()).get(who)
    state = store.store(state, stalkers=store.get(state, "stalkers", pmap()).set(who, card))
    if old is not None:
        state = chars.discard(state, old)
    return log(state, "stalked", character=who, card=card, space=here)


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
    if job["kind"] == "stalker" and store.get(state, "stalkers", pmap()).get(who) != job["cause"]:
        # no longer following him since his turn began (the Mystic joined to a Toad: R-FIX26.2)
        return state
    state = log(state, "blood_moon_effect", character=who, cause=job["cause"])
    return base_effects.run(state, job["effects"], who, {"card": job["cause"]})


STEPS = {"blood_moon.job": job}
