"""The Lord of Chaos (000 Alternative Endings): the D6 chart (:func:`lord_of_chaos_chart`), LET'S SEE
YOU SUFFER's letter table (``LETTER_TABLE``, ``LETTERS``) and COMBAT TO WIN's table by
alignment (``COMBAT_TABLE``, ``CHAOS_FOES``)."""
from __future__ import annotations

import functools
from typing import Any

from pyrsistent import pvector

from ...engine.machine import log, request_roll
from ...engine.records import replace
from ..hooks import adjust
from .tasks import (alive, landings, lose_all_possessions, in_play, moves_since, places, role,
                    set_task, task_of)
from .winning import win
from ...definitions import load
from .. import characters
from .. import combat

__all__ = ["lord_of_chaos_chart", "LETTER_TABLE",
           "LETTERS", "CHAOS_FOES", "COMBAT_TABLE", "TRIAL_OF_CHAOS", "errand",
           "continue_errand", "loc_alignment", "loc_neutral", "route_of", "route_in",
           "loc_change", "continue_change", "loc_suffer", "LOC_SUFFER_ROLL", "loc_suffer_kept",
           "loc_combat", "LOC_COMBAT_ROLL", "loc_combat_kept", "loc_lord_rolled", "continue_chaos_fight",
           "chaos_hit", "chaos_drain", "continue_trial", "trial_rolled", "ONE_CRAFT_FOE",
           "craft_sources", "one_craft_rolled", "trial_craft_rolled", "one_craft_engaged",
           "one_craft_score", "must_walk_out", "walked_out"]


#: The Lord of Chaos's D6 chart without its places: results 1-3 send a character on an errand
#: to the place ``errands`` names in ``data/talisman/endings.yaml`` (:func:`lord_of_chaos_chart`).
_CHART = {
    1: {"name": "good_wins_evil_loses", "step": "endings.loc_alignment", "wins": "good",
        "loses": "evil"},
    2: {"name": "evil_wins_good_loses", "step": "endings.loc_alignment", "wins": "evil",
        "loses": "good"},
    3: {"name": "neutral_wins", "step": "endings.loc_neutral"},
    4: {"name": "change_is_good", "step": "endings.loc_change"},
    5: {"name": "lets_see_you_suffer", "step": "endings.loc_suffer"},
    6: {"name": "combat_to_win", "step": "endings.loc_combat"},
}


@functools.lru_cache(maxsize=1)
def lord_of_chaos_chart():
    """The Lord of Chaos's D6 chart (result -> row): an errand's row names its place
    (``errand``); the Anarchist Guild is on the City board: with the City in the game its space,
    without it the space ``instead`` names (:func:`errand`)."""
    errands = places("lord_of_chaos")["errands"]
    return {r: {**row, "errand": errands[row["name"]]} if row["name"] in errands else row
            for r, row in _CHART.items()}


#: LET'S SEE YOU SUFFER: the D6 and the alignment give a letter.
LETTER_TABLE = {
    "good": {1: "A", 2: "A", 3: "B", 4: "B", 5: "E", 6: "F"},
    "neutral": {1: "B", 2: "B", 3: "A", 4: "A", 5: "F", 6: "E"},
    "evil": {1: "C", 2: "C", 3: "D", 4: "D", 5: "A", 6: "G"},
}


#: The letters' explanations ("leave": "you must go all the way to the Portal of Power before you
#: return", a walk: :func:`must_walk_out`, rulings R-EN10.6).
LETTERS = {
    "A": {"lives": 1, "leave": True},
    "B": {"lives": 2, "leave": True},
    "C": {"lives": 1, "possessions": True},
    "D": {"possessions": True, "leave": True},
    "E": {"lives": 2, "win": True},
    "F": {"lives": 3, "win": True},
    "G": {"lives": 3, "leave": True},
}


#: COMBAT TO WIN: the foes by alignment and D6.  The Lord's "Strength 12 (+D6), Craft 12 (+D6)":
#: ``bonus_dice`` rolled once as he appears and added for the whole fight (rulings F17S4-2), unless
#: the option ``lord_of_chaos_die: attack_only`` reads the mark as his attack die alone.
CHAOS_FOES = {
    "dragon_of_chaos": {"strength": 10, "craft": 10, "lives": 4, "kinds": ["battle", "psychic"]},
    "priest_of_chaos": {"strength": 8, "craft": 15, "lives": 4, "kinds": ["psychic"]},
    "lord_of_chaos": {"strength": 12, "craft": 12, "bonus_dice": "2d6", "lives": 5,
                      "kinds": ["battle", "psychic"], "drains": True},
}


COMBAT_TABLE = {
    "good": {**{r: "dragon_of_chaos" for r in range(1, 6)}, 6: "lord_of_chaos"},
    "neutral": {**{r: "priest_of_chaos" for r in range(1, 6)}, 6: "lord_of_chaos"},
    "evil": {**{r: "trial_of_chaos" for r in range(1, 6)}, 6: "lord_of_chaos"},
}


#: Evil 1-5: "two Battles each with the Dragon of Chaos and the Priest of Chaos ... You must win
#: each battle by 3 or more, a Standoff is considered a Loss!" (read: one battle against each).
TRIAL_OF_CHAOS: dict[str, Any] = {"margin": 3, "battles": [["dragon_of_chaos", "battle"], ["priest_of_chaos", "psychic"]]}


def errand(state, who, place):
    """"you must go to the <place> and discard all Possessions except Followers, then return
    here to Win the Game" (the discarding is done on the return: docs/endings.md); a place on a
    board not in the game: the place standing for it (``instead`` in the endings data).  "All
    Possessions" is POSSESSIONS' "Anything belonging to any Character": the Objects, Spells,
    Scrolls, kept Enemy cards and Gold go, the Followers (and Henchmen) stay (rulings R-FIX21.2)."""
    if not in_play(state, place):
        place = places("lord_of_chaos")["instead"].get(place, place)
    state = set_task(state, who, {"kind": "errand", "to": place, "since": len(state.log)})
    return log(state, "errand_set", character=who, to=place)


def continue_errand(state, who, task):
    if task["to"] not in landings(state, who, task):
        return log(state, "errand_unfinished", character=who, to=task["to"])
    state = lose_all_possessions(state, who, "the Lord of Chaos's errand", keep_followers=True)
    state = set_task(state, who, None)
    return win(state, who, "lord_of_chaos")


def loc_alignment(state, who, row):
    al = state.characters[who].alignment
    if al == row["wins"]:
        return win(state, who, "lord_of_chaos")
    if al == row["loses"]:
        state = log(state, "game_lost", character=who, reason="lord_of_chaos")
        return characters.kill(state, who, "lost the game to the Lord of Chaos")
    return errand(state, who, row["errand"])


def loc_neutral(state, who, row):
    if state.characters[who].alignment == "neutral":
        return win(state, who, "lord_of_chaos")
    state = characters.lose_lives(state, who, 1, "the Lord of Chaos")
    return errand(state, who, row["errand"]) if alive(state, who) else state


def route_of(space):
    """The route to the Crown whose Inner Region side ``space`` is on (``routes`` in
    ``data/talisman/endings.yaml``: the Mines or the Crypt), or None."""
    for route, spaces in places("lord_of_chaos")["routes"].items():
        if space in spaces:
            return route
    return None


def route_in(state, who, since=0, landed=()):
    """The way the character last came to the Crown: by the Mines or the Crypt side (an
    expansion's way in, e.g. the Wizard's Tower, names its spaces through the ``crown_route``
    hook point); ``landed``: the landings before ``since`` a task records (:func:`landings`).
    CHANGE IS GOOD names the route by its way in ("use your Strength to enter via the Crypt ...
    your Craft to enter via the Mines"): a step from the Valley of Fire or the Crown back onto a
    side (a retreat) and forward again is no way in, so such a landing does not change the route
    (rulings R-PROBE19D.1)."""
    route, before = None, None
    for to in list(landed) + moves_since(state, who, since):
        way = adjust(state, "crown_route", route_of(to), space=to)
        if way is not None and before not in (role("crown_gate"), role("crown")):
            route = way
        before = to
    return route


def loc_change(state, who, row):
    """4: "You must leave immediately. To win the game, you must return via a Different route
    than you took to get here ... or you must change Alignment, and then return to Win".  The
    leaving is the ending's own "Leave" ("you must go all the way to the Portal of Power before
    you return"): a walk, from his next turn, retreating (:func:`must_walk_out`; rulings R-NA11.3),
    with the alignment and the route he came by remembered for the return."""
    task = {"kind": "change", "alignment": state.characters[who].alignment,
            "route": route_in(state, who), "since": len(state.log)}
    return _leave(state, who, task)


def _leave(state, who, task):
    """The character must walk out to the Portal of Power (``task`` remembers since when)."""
    state = set_task(state, who, task)
    return log(state, "must_leave", character=who, to=role("portal"))


def continue_change(state, who, task):
    """Back on the Crown: not yet out, he must still leave; out and back by another route or
    with another alignment, he wins; else he must leave again."""
    if not walked_out(state, who, task):
        return log(state, "must_leave", character=who, to=role("portal"))
    route = route_in(state, who, task["since"], task.get("landed", ()))
    changed = state.characters[who].alignment != task["alignment"]
    if changed or (route is not None and route != task["route"]):
        state = set_task(state, who, None)
        return win(state, who, "lord_of_chaos")
    state = log(state, "no_change", character=who, route=route)
    return _leave(state, who, {**{k: v for k, v in task.items() if k != "landed"}, "since": len(state.log)})


def loc_suffer(state, who, row):
    return LOC_SUFFER_ROLL.roll(state, f"{who} suffers", who=who)


def loc_suffer_kept(state, dice, who):
    """LET'S SEE YOU SUFFER's D6 stands: the letter of the character's alignment and roll."""
    roll = sum(dice)
    letter = LETTER_TABLE[state.characters[who].alignment][roll]
    what = LETTERS[letter]
    state = log(state, "chaos_letter", character=who, letter=letter)
    if what.get("lives"):
        state = characters.lose_lives(state, who, what["lives"], "the Lord of Chaos")
        if not alive(state, who):
            return state
    if what.get("possessions"):
        state = lose_all_possessions(state, who, "the Lord of Chaos")
    if what.get("win"):
        return win(state, who, "lord_of_chaos")
    if what.get("leave"):
        # "(If you are forced to Leave, you must go all the way to the Portal of Power before you
        # return)": a walk from his next turn, retreating (rulings R-EN10.6)
        state = set_task(state, who, {"kind": "walk_out", "since": len(state.log)})
        state = log(state, "must_leave", character=who, to=role("portal"))
    return state


#: LET'S SEE YOU SUFFER's D6.  FATE (talisman-facts-verified.md 3: "a die rolled due to the
#: instructions on a card or board space"): the character rolls it on the card's instruction, so he
#: may pay one fate, once, to roll it again (rulings R-LC14.1).
LOC_SUFFER_ROLL = characters.OwnRoll("endings.loc_suffer_rolled", "endings.loc_suffer_fate", "d6", loc_suffer_kept,
                                     offer="rolled {total}: let's see you suffer", again="{who} suffers, re-rolled",
                                     cause="the Lord of Chaos")


def walked_out(state, who, task):
    """Whether the character has left the Inner Region (reached the Portal of Power, or been
    sent out some other way) since the task was set."""
    board = load().board
    return any(board.spaces[sp].region not in ("inner", "crown")
               for sp in landings(state, who, task) if sp in board.spaces)


def must_walk_out(state, who):
    """The ``retreat_forced`` hook: a character told to "go all the way to the Portal of Power"
    (LET'S SEE YOU SUFFER's "must leave", CHANGE IS GOOD's "must leave immediately") who is still
    in the Inner Region retreats, one space a turn."""
    if state.ending is None:
        return False
    task = task_of(state, who)
    return task is not None and task.get("kind") in ("walk_out", "change") and not walked_out(state, who, task)


def loc_combat(state, who, row):
    return LOC_COMBAT_ROLL.roll(state, f"{who}'s combat to win", who=who)


def loc_combat_kept(state, dice, who):
    """COMBAT TO WIN's D6 stands: the foe of the character's alignment and roll."""
    roll = sum(dice)
    foe = COMBAT_TABLE[state.characters[who].alignment][roll]
    state = log(state, "chaos_foe", character=who, foe=foe)
    if foe == "trial_of_chaos":
        state = set_task(state, who, {"kind": "trial", "done": 0})
        return continue_trial(state, who, task_of(state, who))
    spec = CHAOS_FOES[foe]
    if spec.get("bonus_dice") and state.option("lord_of_chaos_die") == "added":
        return request_roll(state, spec["bonus_dice"], "the Lord of Chaos's Strength and Craft",
                            "endings.loc_lord_rolled", who=who, foe=foe)
    task = {"kind": "chaos_fight", "foe": foe, "strength": spec["strength"], "craft": spec["craft"],
            "lives": spec["lives"], "n": 0}
    state = set_task(state, who, task)
    return continue_chaos_fight(state, who, task_of(state, who))


#: COMBAT TO WIN's D6, the character's own on the card's instruction: FATE lets him roll it again,
#: once (rulings R-LC14.1).
LOC_COMBAT_ROLL = characters.OwnRoll("endings.loc_combat_rolled", "endings.loc_combat_fate", "d6", loc_combat_kept,
                                     offer="rolled {total}: combat to win", again="{who}'s combat to win, re-rolled",
                                     cause="the Lord of Chaos")


def loc_lord_rolled(state, action, who, foe):
    spec = CHAOS_FOES[foe]
    s, c = action.dice
    task = {"kind": "chaos_fight", "foe": foe, "strength": spec["strength"] + s,
            "craft": spec["craft"] + c, "lives": spec["lives"], "n": 0}
    state = set_task(state, who, task)
    return continue_chaos_fight(state, who, task_of(state, who))


#: "the Priest of Chaos ... You may only use one Craft enhancing item, Object or Ability (choose at
#: Random)": the foe whose psychic combats count one Craft bonus, drawn by a die (R-RES21-1).
ONE_CRAFT_FOE = "priest_of_chaos"


def craft_sources(state, who):
    """The Craft enhancing items, Objects and Abilities a character may use in psychic combat
    (R-RES21-1): each possession in use that adds Craft there as :func:`characters.bonus_of`
    counts it (asked of the possession alone: usable, not on the Cursed Glade, no Magic Object
    while Destroy Magic lasts, nothing while a Toad), in the order held: ``[(card, craft)]``."""
    ch = state.characters[who]
    out = []
    for cid in characters.possessions(ch):
        alone = (replace(ch, objects=pvector(), followers=pvector([cid])) if cid in ch.followers
                 else replace(ch, objects=pvector([cid]), followers=pvector()))
        value = characters.bonus_of(state, alone, "craft", "psychic")
        if value > 0:
            out.append((cid, value))
    return out


#: The dice the engine rolls (``engine.dice.SIDES``).
_DICE = (4, 6, 8, 10, 12, 20, 100)


def _one_craft_die(n):
    """The die for ``n`` sources: the smallest whose faces share evenly among them (face ``f``
    keeps source ``(f - 1) % n``: a D4 for two, a D6 for three), else the smallest over ``n``
    (its faces over ``n`` rolled again)."""
    even = [s for s in _DICE if s % n == 0]
    return min(even) if even else min(s for s in _DICE if s >= n)


def _ask_one_craft(state, who, step, n):
    return request_roll(state, f"d{_one_craft_die(n)}", f"{who}'s one Craft enhancing item (of {n})",
                        step, who=who)


def _choose_one_craft(state, who, step):
    """The random choice of the one Craft bonus, made as the psychic combat begins: a die shared
    evenly among the sources (:func:`_one_craft_die`; a real chance node, its step ``step``);
    with at most one source there is nothing to choose.  Returns ``(state, asked)``."""
    sources = craft_sources(state, who)
    if len(sources) > 1:
        return _ask_one_craft(state, who, step, len(sources)), True
    return _keep_one_craft(state, who, sources[0][0] if sources else None), False


def _keep_one_craft(state, who, kept, roll=None):
    state = set_task(state, who, dict(task_of(state, who), one_craft=kept))
    return log(state, "one_craft_item", character=who, foe=ONE_CRAFT_FOE, card=kept,
               sources=[c for c, _ in craft_sources(state, who)], roll=roll)


def _one_craft_rolled(state, action, who, step):
    """The die's face: a source kept (``None`` when the face is over their number: asked again)."""
    sources = craft_sources(state, who)
    face, n = sum(action.dice), len(sources)
    if _one_craft_die(n) % n and face > n:
        return _ask_one_craft(state, who, step, n), False
    return _keep_one_craft(state, who, sources[(face - 1) % n][0], face), True


def one_craft_rolled(state, action, who):
    state, kept = _one_craft_rolled(state, action, who, "endings.one_craft_rolled")
    return _start_chaos_fight(state, who, task_of(state, who), "psychic") if kept else state


def one_craft_engaged(state):
    """Whether :func:`one_craft_score` can change a score in ``state``: some character's task
    keeps a random Craft item (a cheap test, asked by ``Ruleset.subscribed``)."""
    e = state.ending
    tasks = e.get("tasks") if e is not None else None
    return bool(tasks) and any("one_craft" in t for t in tasks.values())


def one_craft_score(state, score, character, kind):
    """``character_score``: in a psychic combat against the Priest of Chaos only the Craft
    bonus chosen at random counts (the others' Craft taken off the total)."""
    if kind != "psychic" or state.ending is None:
        return score
    task = task_of(state, character)
    if task is None or "one_craft" not in task:
        return score
    if task["kind"] == "chaos_fight":
        b = state.battle
        if b is None or b.who != character or not any(e["name"] == ONE_CRAFT_FOE for e in b.enemies):
            return score
    elif task["kind"] != "trial":
        return score
    sources = craft_sources(state, character)
    return score - sum(v for c, v in sources if c != task["one_craft"])


def continue_chaos_fight(state, who, task):
    """One combat a turn; "Each Combat changes to the other attribute" (battle first); against
    the Priest of Chaos one Craft bonus is chosen at random before each combat."""
    spec = CHAOS_FOES[task["foe"]]
    kind = spec["kinds"][task["n"] % len(spec["kinds"])]
    state = set_task(state, who, dict(task, n=task["n"] + 1))
    if task["foe"] == ONE_CRAFT_FOE and kind == "psychic":
        state, asked = _choose_one_craft(state, who, "endings.one_craft_rolled")
        if asked:
            return state
    return _start_chaos_fight(state, who, task_of(state, who), kind)


def _start_chaos_fight(state, who, task, kind):
    spec = CHAOS_FOES[task["foe"]]
    foe = {"name": task["foe"], "card": None,
           "value": task["strength"] if kind == "battle" else task["craft"]}
    drain = {"step": "endings.chaos_drain", "args": {"who": who}} if spec.get("drains") else None
    return combat.start_combat(state, who, kind, [foe],
                               on_win={"step": "endings.chaos_hit", "args": {"who": who}},
                               on_lose=drain, on_standoff=None, evadable=False)


def chaos_hit(state, who):
    task = task_of(state, who)
    lives = task["lives"] - 1
    state = log(state, "chaos_foe_wounded", character=who, foe=task["foe"], lives=lives)
    if lives <= 0:
        state = set_task(state, who, None)
        return win(state, who, "lord_of_chaos")
    return set_task(state, who, dict(task, lives=lives))


def chaos_drain(state, who):
    """"Lives lost by Characters are Gained by the Lord."."""
    task = task_of(state, who)
    state = set_task(state, who, dict(task, lives=task["lives"] + 1))
    return log(state, "chaos_foe_healed", foe=task["foe"], lives=task["lives"] + 1)


def continue_trial(state, who, task):
    """Evil 1-5: one battle a turn, in order; won by less than 3 (or a standoff) is a loss."""
    foe, kind = TRIAL_OF_CHAOS["battles"][task["done"]]
    if foe == ONE_CRAFT_FOE and kind == "psychic":
        state, asked = _choose_one_craft(state, who, "endings.trial_craft_rolled")
        if asked:
            return state
    return request_roll(state, "2d6", f"{who} against the servants of Chaos", "endings.trial_rolled",
                        who=who)


def trial_craft_rolled(state, action, who):
    state, kept = _one_craft_rolled(state, action, who, "endings.trial_craft_rolled")
    if not kept:
        return state
    return request_roll(state, "2d6", f"{who} against the servants of Chaos", "endings.trial_rolled",
                        who=who)


def trial_rolled(state, action, who):
    task = task_of(state, who)
    foe, kind = TRIAL_OF_CHAOS["battles"][task["done"]]
    mine_roll, their_roll = action.dice
    mine = mine_roll + combat.combat_total(state, who, kind)
    theirs = their_roll + CHAOS_FOES[foe]["strength" if kind == "battle" else "craft"]
    won = mine - theirs >= TRIAL_OF_CHAOS["margin"]
    state = log(state, "trial_of_chaos", character=who, foe=foe, kind=kind, score=mine,
                opponent_score=theirs, won=won)
    if "one_craft" in task:  # the random choice counts for this psychic combat only
        task = {k: v for k, v in task.items() if k != "one_craft"}
        state = set_task(state, who, task)
    if not won:
        return characters.lose_lives(state, who, 1, f"the {foe}")
    done = task["done"] + 1
    if done >= len(TRIAL_OF_CHAOS["battles"]):
        state = set_task(state, who, None)
        return win(state, who, "lord_of_chaos")
    return set_task(state, who, dict(task, done=done))

STEPS = {"endings.loc_alignment": loc_alignment,
         "endings.loc_neutral": loc_neutral,
         "endings.loc_change": loc_change,
         "endings.loc_suffer": loc_suffer,
         **LOC_SUFFER_ROLL.steps(),
         "endings.loc_combat": loc_combat,
         **LOC_COMBAT_ROLL.steps(),
         "endings.loc_lord_rolled": loc_lord_rolled,
         "endings.chaos_hit": chaos_hit,
         "endings.chaos_drain": chaos_drain,
         "endings.trial_rolled": trial_rolled,
         "endings.one_craft_rolled": one_craft_rolled,
         "endings.trial_craft_rolled": trial_craft_rolled}
