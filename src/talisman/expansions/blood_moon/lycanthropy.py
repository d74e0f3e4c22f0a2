"""BECOMING A LYCANTHROPE and the Werewolf's chart.

"When a character becomes a lycanthrope, he must take a Lycanthrope Card and place it faceup
next to his character card.  If a character is instructed to become a lycanthrope and he
already has a Lycanthrope Card, the effect is ignored."  "The instructions on a Lycanthrope
Card are only followed when it is Night; however, the character is still considered a
lycanthrope even during the Day."  "If a character is turned into a Toad, he must discard his
Lycanthrope Card.  If a character who has been turned into a Toad becomes a lycanthrope, his
Toad Card and figure change back to his original character's card and figure."

The Lycanthrope cards are a deck of their own, shuffled at set-up; becoming a lycanthrope
draws its top card (a chance node).  A Lycanthrope card's instructions are data
(``data.night`` in ``lycanthropes.yaml``):

``turn_start``
    effects at the start of the lycanthrope's turn;
``nightfall``
    effects when the Time card flips to Night;
``enemy_attack`` / ``in``
    added to each creature's attack score when the lycanthrope fights it (``battle``,
    ``psychic`` or ``always``), never below 1;
``must_attack``
    on a space with other characters he must attack one of them instead of meeting the space.
"""
from __future__ import annotations

import functools

from pyrsistent import pmap

from ...definitions import load
from ...effects_schema import lookup_table, with_defs
from ...engine.data import load_yaml, validate
from ...engine.machine import decide, log, request_draw
from ...rules import characters as chars
from ...rules import effects as base_effects
from ...state import update_character
from . import store
from ...effects_schema import table_problem
from ...engine.records import deep_freeze
from ...errors import DataError
from . import effects
from . import jobs

CHART_FILE = "werewolf.yaml"
#: The Werewolf card's chart, under ``data/talisman`` (registered on the plugin: read by the loader).
FILE = f"expansions/{store.EXP}/{CHART_FILE}"


# --- the Werewolf card's chart (data) --------------------------------------------------------

def _chart_schema():
    table = {"type": "object", "additionalProperties": {"$ref": "#/$defs/effects"}}
    return with_defs({
        "type": "object", "additionalProperties": False,
        "required": ["chart", "curse_roll"],
        "properties": {"source": {"type": "string"}, "note": {"type": "string"},
                       "stand_in": {"type": "array", "items": {"type": "string"}},
                       "chart": table, "curse_roll": {"$ref": "#/$defs/effects"},
                       "expansion_boards": {"type": "object", "additionalProperties": {"oneOf": [{
                           "type": "object", "additionalProperties": False,
                           "required": ["gate", "ends_move", "closed", "last_space"],
                           "properties": {
                               "gate": {"type": "object", "additionalProperties": False,
                                        "required": ["main", "inside", "square"],
                                        "properties": {k: {"type": "string"}
                                                       for k in ("main", "inside", "square")}},
                               "ends_move": {"type": "array", "items": {"type": "string"}},
                               "closed": {"type": "array", "items": {"type": "string"}},
                               "last_space": {"type": ["string", "null"]}}}, {
                           # a path board (the Dungeon): werewolf.py, R-WOLF
                           "type": "object", "additionalProperties": False,
                           "required": ["entrance", "last_space", "jump_to"],
                           "properties": {
                               "jump_to": {"type": "array", "items": {"type": "string"}},
                               **{k: {"type": "string"} for k in ("entrance", "last_space")}}}]}}}},
        {**effects.EFFECT_SCHEMAS})


def read(path, defs):
    """``data/talisman/expansions/blood_moon/werewolf.yaml``, validated (frozen)."""
    doc = validate(path, load_yaml(path), _chart_schema())
    problem = table_problem(doc["chart"], 1, 6)
    if problem:
        raise DataError(path, "chart", "chart", problem)
    return deep_freeze(doc)


@functools.lru_cache(maxsize=None)
def werewolf_card():
    """The Werewolf card's chart, as the data loader read it."""
    return load().tables[FILE]


def chart_effects(value):
    return lookup_table(werewolf_card()["chart"], max(1, min(6, value)))


def curse_roll():
    """A character who fought a lycanthrope risks its curse (a stand-in roll, see the data)."""
    return werewolf_card()["curse_roll"]


# --- who is a lycanthrope -----------------------------------------------------------------------

def card_of(state, cid):
    return store.get(state, "lycanthropes", pmap()).get(cid)


def is_lycanthrope(state, cid):
    return card_of(state, cid) is not None


def count(state):
    return sum(1 for c in store.get(state, "lycanthropes", pmap()) if store.alive(state, c))


def night_rules(state, cid):
    """The instructions of ``cid``'s Lycanthrope card that apply now: only at Night, and
    never for a Toad (who has no Lycanthrope card)."""
    card_id = card_of(state, cid)
    if card_id is None or not store.is_night(state) or not store.alive(state, cid) \
            or state.characters[cid].toad_turns:
        return pmap()
    return store.card_data(card_id).get("night", pmap())


def become(state, cid, cause):
    """BECOMING A LYCANTHROPE: take a Lycanthrope card (a Toad first turns back)."""
    if not store.alive(state, cid):
        return state
    if is_lycanthrope(state, cid):
        return log(state, "lycanthropy_ignored", character=cid, cause=cause,
                   reason="already a lycanthrope")
    state = chars.refill_deck(state, "lycanthrope")
    if not state.decks.get("lycanthrope"):
        return log(state, "no_lycanthrope_card_left", character=cid, cause=cause)
    # "If a character who has been turned into a Toad becomes a lycanthrope, his Toad Card and
    # figure change back": only once a card is there to take (no card, no lycanthrope: R-TF5.6)
    if state.characters[cid].toad_turns:
        state = update_character(state, cid, toad_turns=0)
        state = log(state, "toad_reverted", character=cid, cause="became a lycanthrope")
    return request_draw(state, "lycanthrope", f"Lycanthrope card for {cid}",
                        "blood_moon.lycanthrope_drawn", who=cid, cause=cause)


def refuses(card):
    """Whether the Follower ``card`` is never with a lycanthrope (``data.not_for: lycanthrope``:
    the Wolf Slayer, R-CD11-1)."""
    return store.card_data(card).get("not_for") == "lycanthrope"


def lycanthrope_drawn(state, action, who, cause):
    """He is a lycanthrope now: a Follower never with one leaves him (R-FA12.1)."""
    card_id = action.args[0]
    state = store.store(state, lycanthropes=store.get(state, "lycanthropes", pmap()).set(who, card_id))
    state = log(state, "became_lycanthrope", character=who, card=card_id, cause=cause)
    refused = [f for f in state.characters[who].followers if refuses(f)]
    return chars.followers_leave(state, who, refused, "lycanthrope")


def discard_card(state, cid, reason):
    card_id = card_of(state, cid)
    if card_id is None:
        return state
    state = store.store(state, lycanthropes=store.get(state, "lycanthropes").discard(cid))
    state = chars.discard(state, card_id)
    return log(state, "lycanthrope_card_discarded", character=cid, card=card_id, reason=reason)


def nightfall(state):
    """Lycanthrope cards that act at nightfall (their rules apply at Night only)."""
    for cid in reversed(state.order):
        eff = night_rules(state, cid).get("nightfall")
        if eff:
            state = base_effects.run(state, eff, cid, {"card": card_of(state, cid)})
    return state


def turn_start_jobs(state, cid):
    eff = night_rules(state, cid).get("turn_start")
    return [jobs.effects_job(cid, eff, card_of(state, cid))] if eff else []


def enemy_attack_modifier(state, who, kind):
    rules = night_rules(state, who)
    if not rules.get("enemy_attack"):
        return 0
    return rules["enemy_attack"] if rules.get("in", "always") in ("always", kind) else 0


def must_attack(state, cid):
    return bool(night_rules(state, cid).get("must_attack"))


def trophy_points(state, cid):
    """Trophy points: the Strength or Craft of every Enemy kept as a trophy."""
    total = 0
    for t in state.characters[cid].trophies:
        c = load().cards[t]
        total += (c.strength or 0) + (c.craft or 0)
    return total


# --- the Werewolf's chart ----------------------------------------------------------------------

def chart(state, params, actor, source):
    """Effect: roll one die on the Werewolf's chart (ENCOUNTERING THE WEREWOLF)."""
    return CHART.roll(state, f"the Werewolf's chart for {actor}", who=actor)


def chart_kept(state, dice, who):
    """The chart's die, Fate's re-roll made or declined: the Wolfsbane may add to it."""
    return _wolfsbane(state, who, sum(dice))


#: The character's die on the Werewolf's chart.  FATE (talisman-facts-verified.md 3: "a roll
#: ordered by a card or board space"): he may pay one fate, once, to roll it again; the re-roll
#: logs ``fate_spent`` and runs the ``fate_rerolled`` hook point (the Harbinger's Witch Cat).
CHART = chars.OwnRoll("blood_moon.chart_rolled", "blood_moon.chart_fate", "d6", chart_kept,
                      offer="rolled {total} on the Werewolf's chart",
                      again="the Werewolf's chart re-roll for {who}", cause="werewolf")


def wolfsbane_bonus(state, cid):
    """The most a character's objects may add to a Werewolf chart roll (the Wolfsbane)."""
    ch = state.characters[cid]
    if ch.toad_turns:
        return 0
    return max([store.card_data(c).get("werewolf_chart_bonus", 0) for c in ch.objects
                if chars.usable(ch, load().cards[c], state)] or [0])


def _wolfsbane(state, who, total):
    most = min(wolfsbane_bonus(state, who), 6 - total)
    if most > 0:
        return decide(state, who, "wolfsbane", [f"wolfsbane:{n}" for n in range(most + 1)],
                      "blood_moon.chart_bonus", prompt=f"add up to {most} to {total}",
                      who=who, total=total)
    return read_chart(state, who, total, total)


def chart_bonus(state, action, who, total):
    return read_chart(state, who, total, total + int(action.args[0]))


def read_chart(state, who, roll, value):
    value = max(1, min(6, value))
    state = log(state, "werewolf_chart", character=who, roll=roll, result=value)
    return base_effects.run(state, chart_effects(value), who, {"card": "werewolf"})


STEPS = {"blood_moon.lycanthrope_drawn": lycanthrope_drawn, **CHART.steps(),
         "blood_moon.chart_bonus": chart_bonus}
