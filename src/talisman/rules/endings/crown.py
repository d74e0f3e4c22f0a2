"""THE CROWN OF COMMAND SPACE (000): "The first Character who enters the Crown of Command Space
must draw a card from the Alternative Endings deck"; the card then decides the encounter.

The drawn card stays on the Crown.  For the endings with a die (the Dragon King, the Lord of
Chaos, Pandora's Box) each character who encounters the Crown without an unfinished task rolls;
a result that sets a task (fight the King, go to the Chapel and return, ...) is kept per
character in ``state.ending["tasks"]`` and continued on that character's later encounters of
the Crown.  Each chart is data (a dict per result naming its rule step)."""
from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from ...engine.machine import log
from ...engine.records import replace
from ...definitions import load
from ...errors import DataError
from .black_void import black_void
from .demon_lord import DEMON_LORD, demon_lord
from .dragon_king import DRAGON_KING_CHART, continue_king, fight_dragons, next_brother
from .lord_of_chaos import (CHAOS_FOES, TRIAL_OF_CHAOS, continue_change, lord_of_chaos_chart, continue_chaos_fight,
                            continue_errand, continue_trial, walked_out)
from .pandora import PANDORAS_BOX_CHART, continue_goal, continue_power
from .tasks import role, set_task, task_of
from .winning import win
from ...engine.machine import frame, push
from . import cards
from .. import characters

__all__ = ["ENDINGS", "setup_endings", "crown_ending", "character_died", "die_ending", "continue_walk",
           "CHART_ROLL", "DIE_ENDINGS", "chart_die", "chart_dice", "check_chart_dice", "TASKS", "TASK_SHAPES",
           "task_endings", "check_task_endings"]


#: The Alternative Endings deck the option uses (the implemented ones).
ENDINGS = ("crown_of_command", "demon_lord", "black_void", "dragon_king", "lord_of_chaos",
           "pandoras_box")


def setup_endings(state):
    """Shuffle the Alternative Endings deck (the option ``alternative_endings``: the compendium's
    endings and the expansions' ending cards, :mod:`.cards`); with CHAOS
    BLOODBATH "Only 1 Talisman Card is used" (the Talisman stock keeps one card)."""
    if state.option("chaos_bloodbath") and state.decks.get("talisman"):
        state = replace(state, decks=state.decks.set("talisman", state.decks["talisman"][:1]))
        state = log(state, "talisman_stock_limited", cards=1, cause="chaos_bloodbath")
    chart_dice()  # the endings' dice checked against their charts (once: a DataError stops set-up)
    return cards.setup_card_endings(state, ENDINGS)


def crown_ending(state, cid):
    """THE CROWN OF COMMAND SPACE: "The first Character who enters the Crown of Command Space
    must draw a card from the Alternative Endings deck"; the card then decides the encounter.

    Returns ``(state, handled)``: not handled means the Crown of Command's own rules apply."""
    alive = [c for c in state.order if state.characters[c].alive]
    if state.option("chaos_bloodbath") and len(state.order) > 1 and alive == [cid]:
        # CHAOS BLOODBATH: the last one alive, kept from winning until now, reaches the Crown
        return win(state, cid, "last_survivor"), True
    e = state.ending
    if e is None:
        return state, False
    if e["card"] is None:
        if not e["deck"]:
            return state, False
        card = e["deck"][0]
        state = replace(state, ending=e.set("deck", e["deck"][1:]).set("card", card))
        state = log(state, "ending_drawn", character=cid, ending=card)
    if not cards.face_up(state):
        state = cards.reveal(state, cid)  # 001/003 Hidden Variant: turned up when first met
    card = state.ending["card"]
    if cards.is_card(card):
        return cards.encounter_card(state, cid), True
    if card == "demon_lord":
        return demon_lord(state, cid), True
    if card == "black_void":
        return black_void(state, cid), True
    if card in DIE_ENDINGS:
        return die_ending(state, cid, card), True
    return state, False  # the Crown of Command: the Command Spell (inner_region)


def character_died(state, cid):
    """"If you are killed, the Demon Lord regains his Lives and awaits the next challenger."
    """
    e = state.ending
    if e is not None and e.get("barrier_by") == cid:
        state = replace(state, ending=e.set("demon_lives", DEMON_LORD["lives"]).discard("barrier_by"))
    if task_of(state, cid) is not None:
        state = set_task(state, cid, None)  # a dead character's unfinished task goes with it
    return state


def die_ending(state, cid, card):
    """Continue the character's unfinished task, or roll on the card's chart."""
    task = task_of(state, cid)
    if task is not None:
        return TASKS[task["kind"]](state, cid, task)
    return CHART_ROLL.roll(state, f"{card} for {cid}", card=card, who=cid)


def chart_kept(state, dice, card, who):
    """The character's die on the card's chart stands: its row is played."""
    roll = sum(dice)
    row = DIE_ENDINGS[card]()[roll]
    state = log(state, "ending_result", character=who, ending=card, roll=roll, result=row["name"])
    return push(state, frame(row["step"], who=who, row=row))


def continue_walk(state, who, task):
    """Back on the Crown after LET'S SEE YOU SUFFER's "must leave": "try again!" once the walk
    to the Portal of Power is made (rulings R-EN10.6); not yet made, he must still leave."""
    if not walked_out(state, who, task):
        return log(state, "must_leave", character=who, to=role("portal"))
    state = set_task(state, who, None)
    return die_ending(state, who, state.ending["card"])


#: The endings with a die, each keyed to its chart (a function: a chart may name places of the data;
#: its rows name rule steps, so the registry stays code); the die is the data's (:func:`chart_die`).
DIE_ENDINGS: dict[str, Callable[[], Mapping[int, Any]]] = {
    "dragon_king": lambda: DRAGON_KING_CHART, "lord_of_chaos": lord_of_chaos_chart,
    "pandoras_box": lambda: PANDORAS_BOX_CHART}


def chart_die(card) -> str:
    """The die a character rolls on a die ending's chart (``endings.yaml``'s ``die``: the Dragon
    King's "You must Roll a D8", the Lord of Chaos's "Roll a D6", Pandora's Box's "Roll a D8")."""
    return chart_dice()[card]


@functools.lru_cache(maxsize=1)
def chart_dice() -> Mapping[str, str]:
    """The die of each ending with a die (``endings.yaml``'s ``die``), read and checked once
    (:func:`check_chart_dice`; a game's set-up asks, so a bad file stops the first game)."""
    return MappingProxyType(check_chart_dice(load().endings))


def check_chart_dice(endings) -> dict[str, str]:
    """The die of each ending of :data:`DIE_ENDINGS` in ``endings`` (the data of ``endings.yaml``),
    checked against its chart: a die ``dN`` whose results 1 to N are not exactly the chart's rows
    (a D6 on a D8 chart, a D10 on it) is a DataError naming the entry and the field ``die``."""
    dice = {}
    for ending, chart_of in DIE_ENDINGS.items():
        die = endings.get(ending, {}).get("die")
        rows = sorted(chart_of())
        if not isinstance(die, str) or not die[1:].isdigit() or rows != list(range(1, int(die[1:]) + 1)):
            raise DataError("endings.yaml", ending, "die", f"{die!r} does not roll the results of its "
                            f"chart, {rows[0]} to {rows[-1]} (d{len(rows)})")
        dice[ending] = die
    return dice


TASKS = {"king": continue_king, "brothers": next_brother, "dragons": fight_dragons,
         "errand": continue_errand, "change": continue_change, "chaos_fight": continue_chaos_fight,
         "trial": continue_trial, "goal": continue_goal, "finders": continue_power,
         "perils": continue_power, "walk_out": continue_walk}

_COUNT = {"type": "integer", "minimum": 0}
_NAME = {"type": "string"}
#: A log index: the task reads the character's moves from there (a scenario's 0: its whole log).
_SINCE = _COUNT
#: The spaces landed on since the task was set, before its log index: a scenario's task begun before
#: its log (``landings``; docs/scenarios.md).
_LANDED = {"type": "array", "items": _NAME}
#: The Priest of Chaos's one Craft bonus kept (a card or ability id; null: none).
_ONE_CRAFT = {"anyOf": [_NAME, {"type": "null"}]}

#: The shape of each kind of task of :data:`TASKS`: its fields (JSON Schema) and those it may lack.
#: A scenario's ``setup.ending.tasks`` and a loaded state's ``state.ending.tasks`` (``from_json``) are
#: checked against it (``validate.ending_tasks``).
TASK_SHAPES: dict[str, tuple[dict[str, Any], tuple[str, ...]]] = {
    "king": ({"king": {"type": "object", "required": ["strength", "craft", "lives"],
                       "additionalProperties": False,
                       "properties": {"strength": _COUNT, "craft": _COUNT, "lives": _COUNT}}}, ()),
    "brothers": ({"left": _COUNT}, ()),
    "dragons": ({"cards": {"type": "array", "items": _NAME}}, ()),
    "errand": ({"to": _NAME, "since": _SINCE, "landed": _LANDED}, ("landed",)),
    "change": ({"alignment": {"enum": ["good", "neutral", "evil"]},
                "route": {"anyOf": [_NAME, {"type": "null"}]}, "since": _SINCE, "landed": _LANDED},
               ("landed",)),
    "chaos_fight": ({"foe": {"enum": sorted(CHAOS_FOES)}, "strength": _COUNT, "craft": _COUNT,
                     "lives": _COUNT, "n": _COUNT, "one_craft": _ONE_CRAFT}, ("one_craft",)),
    "trial": ({"done": {"type": "integer", "minimum": 0, "maximum": len(TRIAL_OF_CHAOS["battles"]) - 1},
               "one_craft": _ONE_CRAFT},
              ("one_craft",)),
    "goal": ({"goal": {"enum": sorted({r["goal"] for r in PANDORAS_BOX_CHART.values() if "goal" in r})},
              "count": _COUNT, "since": _SINCE, "visited": {"type": "array", "items": _NAME}},
             ("visited",)),
    "finders": ({}, ()),
    "perils": ({}, ()),
    "walk_out": ({"since": _SINCE, "landed": _LANDED}, ("landed",)),
}
assert set(TASK_SHAPES) == set(TASKS)


@functools.lru_cache(maxsize=1)
def task_endings() -> Mapping[str, str]:
    """The ending card each kind of task belongs to (``endings.yaml``: each die ending's ``tasks``),
    read and checked once (:func:`check_task_endings`): a task is kept only while its card is the
    ending in play (checked with :data:`TASK_SHAPES`)."""
    return MappingProxyType(check_task_endings(load().endings))


def check_task_endings(endings) -> dict[str, str]:
    """The ending card each kind of task belongs to in ``endings`` (the data of ``endings.yaml``),
    checked against the rule steps: a kind no rule step continues (:data:`TASKS`), one of
    :data:`TASKS` no ending names, or tasks of an ending without a die, is a DataError naming the
    entry."""
    owner = {kind: ending for ending, entry in endings.items() for kind in entry.get("tasks", ())}
    for ending, entry in endings.items():
        if "tasks" in entry and ending not in DIE_ENDINGS:
            raise DataError("endings.yaml", ending, "tasks", f"only an ending with a die "
                            f"({', '.join(DIE_ENDINGS)}) sets tasks")
        for kind in entry.get("tasks", ()):
            if kind not in TASKS:
                raise DataError("endings.yaml", ending, "tasks", f"no rule step continues a task "
                                f"{kind!r} (known: {', '.join(TASKS)})")
    missing = [kind for kind in TASKS if kind not in owner]
    if missing:
        raise DataError("endings.yaml", None, "tasks", f"no ending sets the tasks {', '.join(missing)}")
    return owner


#: The character's die on the card's chart ("Carefully open the Box. Roll a D8", "Roll a D6", "You
#: must Roll a D8").  FATE (talisman-facts-verified.md 3: "a die rolled due to the instructions on
#: a card or board space"): he may pay one fate, once, to roll it again (rulings R-RI14.4).
CHART_ROLL = characters.OwnRoll("endings.chart_rolled", "endings.chart_fate", lambda card, **_: chart_die(card),
                                chart_kept, offer="rolled {total} on {card}", again="{card} for {who}, re-rolled",
                                cause="{card}")

STEPS = CHART_ROLL.steps()
