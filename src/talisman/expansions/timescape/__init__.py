"""THE TALISMAN TIMESCAPE (000, lines ~1088-1173): fifteen realities beside the main board.

Joins the base game through hooks only (``talisman.expansions``):

- ``setup``: the Timescape deck is shuffled (the Warp Gate Spells join the Spell deck as data).
- Entering: the Warp Gate Spell (effect ``timescape_warp_gate``: "enter the Timescape on your next
  turn", taken at ``turn_started``, before any movement); the Horrible Black Void on the Crown (``crown_encounter``:
  "drawn into the Timescape and is Moved to the Warp Gate Space"); the Mystic (the Village), the
  Enchantress (the City, and the City board's Enchantress) and the Warlock (instead of a quest)
  are offered as one more choice of their space (``space_effect``): 2 dice under Strength plus
  Craft, once each, or the Warlock's D8 fee (``warlock.yaml``).  The animals and vehicles that
  fear the Timescape stay on the space the character left; Dragons go along.
- ``before_movement``: in the Timescape a D6 (all characters) on the Movement Table picks the
  Warp Line (``warp_lines.yaml``), followed one way; the Warp Belt allows the Red line always;
  nothing else changes the move.  Some line ends lead back to the main board.
- ``draw_deck``: each reality draws Timescape or Adventure cards (``warp_lines.yaml`` ``decks``);
  ``cards_drawn``: Adventure cards that cannot be in the Timescape are discarded and redrawn; the
  Pool of Life, the Magic Stream and the Fountain of Wisdom give 1 and are discarded; an Event
  that reaches other characters takes effect on the drawer alone.
- ``before_encounter``, ``encounter_characters``: no encounter between characters there unless a
  Dimensional Rift was drawn this turn: the space's instructions are followed; outside it, a range weapon (the Timescape
  Purchase cards) may be fired instead of the encounter (:mod:`.ranged`).  ``turn_ended``: no card
  is left on the Timescape board (discarded).
- ``spell_cast``, ``scroll_read``: a Spell cast or a Scroll read there rolls on the D8 table (``magic.yaml``).
- ``turn_beginning``: a Timescape character who joins later (LOSING ALL LIVES) is put on the Warp
  Gate as his first turn begins, as the eight are at the set-up.
- ``turn_started``: a prisoner of the Sentinels escapes with 2D8 under or equal to his Craft, or
  his turn ends.
- ``before_forced_move`` / ``teleport_destinations``: the Timescape is entered and left only by
  its own ways.
- ``may_affect``: "Characters in the Timescape may not affect or be affected by other
  Characters, unless a Dimensional Rift has occurred": no character picked across the boundary
  (a Warrant bought, an Object given or taken, Dispel Magic, a card's "another character"), a Spell
  or a Scroll excepted, the Rift's drawer open for its turn.

Its own state, ``state.ext["timescape"]`` (all public): ``gate`` (a Warp Gate Spell cast:
character -> ``cast``, then ``ready`` from the end of that turn), ``sent`` (character -> who
sent him already: ``mystic``, ``enchantress``), ``imprisoned`` (character -> True), ``rift``
(the character whose turn has a Dimensional Rift).
Reconstructions: docs/timescape.md.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

import attrs
from pyrsistent.typing import PMap, PVector

from pyrsistent import pmap, pvector

from ...definitions import DATA_EFFECTS, DATA_FLAG, DATA_MAP, DATA_TEXT, DATA_TEXTS, card_of, load
from ...engine.data import check_ref, load_table
from ...engine.dice import shuffle
from ...engine.machine import decide, frame, log, push, request_roll, then
from ...engine.records import deep_freeze, replace
from ...engine.ruleset import Plugin, declare
from ...errors import DataError
from ...rules import characters as chars, encounters, lasting, movement, spells
from ...rules.endings import cards as ending_cards
from ...rules.kernel import ExtSlice, answer, end_turn_now, remove_from_space, run_effects, set_turn_flag
from ...rules.slice_values import CHARACTER, FLAG, NAME, checked, list_of, map_of, one_of
from ...state import ExtRecord, map_field, update_character
from . import artifacts, ranged

ID = "timescape"
REGION = "timescape"
#: the causes of a forced move, from the rules elsewhere, that send a character to the Warp Gate
#: (000 Alternative Endings, the Demon Lord's chart: "1. Warp Gate, Talisman Timescape")
WARP_GATE_CAUSES = ("demon_lord_barrier",)
RED = "red"
#: The Horrible Black Void: the compendium's ending and the Blood Moon's card of the same name.
VOIDS = ("black_void", "horrible_black_void")
#: Who may send a character into the Timescape, once each: the space and its choice.  (Ids kept
#: here: the main board's Village and City carry no role, a role for one expansion's use would be
#: the base board's data naming the Timescape.)
HELPERS = {"village": ("mystic", "mystic"), "city": ("enchantress", "enchantress")}
#: The City board's building (the `city` expansion): its space wraps its own instructions in the
#: choice, unlike HELPERS' (kept for the same reason: a role would be the City's data naming the Timescape).
CITY_ENCHANTRESS = "city_enchantress"


def realities():
    """The Timescape's fifteen spaces."""
    return load().board.regions[REGION]


def warp_gate():
    """The Warp Gate, the Timescape's way in (its board's role ``timescape_gate``)."""
    return load().board.role("timescape_gate")


def outpost():
    """The Sentinel Outpost, where the Sentinels imprison (its board's role ``sentinel_outpost``)."""
    return load().board.role("sentinel_outpost")


def wears_warp_belt(ch):
    """Whether ``ch`` carries a card marked ``red_line`` (the Warp Belt: "except the Warp Belt which
    always allows Movement on the Red Warp Line")."""
    return any(o in marked()["red_line"] for o in ch.objects)


def in_timescape(state, cid):
    return state.characters[cid].space in realities()


def _rows(n, row):
    """A D``n`` table: a row for each result 1..n exactly, each of schema ``row``."""
    return {"type": "object", "additionalProperties": False, "required": [str(i) for i in range(1, n + 1)],
            "properties": {str(i): row for i in range(1, n + 1)}}


_WHOLE = {"type": "integer", "minimum": 0}
_IDS_TO = {"type": "object", "additionalProperties": {"type": "string"}}
_HEAD = {"chart": {"type": "string"}, "source": {"type": "string", "minLength": 1},
         "stand_in": {"type": "boolean"}}
#: The Timescape's own tables (``data/talisman/expansions/timescape/<name>.yaml``), each checked
#: when first read: a malformed copy is a DataError naming the file, the entry and the field.
CHART_SCHEMAS = {
    "magic": {"type": "object", "additionalProperties": False, "required": ["chart", "source", "table", "reverse"],
              "properties": {**_HEAD, "table": _rows(8, {
                  "type": "object", "additionalProperties": False, "required": ["times", "text"],
                  "properties": {"times": _WHOLE, "text": {"type": "string"}, "reverse": {"type": "boolean"},
                                 "random_target": {"type": "boolean"}, "keep": {"type": "boolean"}}}),
                  "reverse": {"type": "object", "additionalProperties": {
                      "type": "object", "additionalProperties": False, "required": ["as"],
                      "properties": {"as": {"type": "string"}, "key": {"type": "string"}}}}}},
    "warlock": {"type": "object", "additionalProperties": False, "required": ["chart", "source", "table"],
                "properties": {**_HEAD, "table": _rows(8, {
                    "type": "object", "additionalProperties": False,
                    "properties": {"ignored": {"type": "boolean"}, "fee": {
                        "type": "object", "additionalProperties": False,
                        "properties": {"followers": _WHOLE, "objects_or_followers": _WHOLE, "magic": _WHOLE}}}})}},
    "warp_lines": {"type": "object", "additionalProperties": False,
                   "required": ["chart", "source", "movement_table", "lines", "decks"],
                   "properties": {**_HEAD, "movement_table": _rows(6, {"type": "string"}),
                                  "lines": {"type": "object", "additionalProperties": _IDS_TO},
                                  "decks": _IDS_TO}},
    "adventure": {"type": "object", "additionalProperties": False,
                  "required": ["chart", "source", "springs"],
                  "properties": {**_HEAD,
                                 "springs": {"type": "object", "additionalProperties": {
                                     "enum": ["lives", "strength", "craft"]}}}},
    "start": {"type": "object", "additionalProperties": False, "required": ["chart", "source", "characters"],
              "properties": {**_HEAD, "characters": {"type": "array", "items": {"type": "string"}, "minItems": 1,
                                                     "uniqueItems": True}}},
    "theft": {"type": "object", "additionalProperties": False,
              "required": ["chart", "source", "characters", "space", "effects"],
              "properties": {**_HEAD, "characters": {"type": "array", "items": {"type": "string"}},
                             "space": {"type": "string"},
                             "effects": {"type": "array", "items": {"type": "object"}}}},
}


def _check_chart(path, doc, defs):
    """What the schemas cannot say: the spaces and colours named are the board's and the lines'."""
    spaces = defs.board.spaces
    for colour in doc.get("movement_table", {}).values():
        check_ref(path, "movement_table", "colour", colour, doc["lines"], "Warp Line")
    for colour, line in doc.get("lines", {}).items():
        for a, b in line.items():
            check_ref(path, f"lines.{colour}", a, a, spaces, "space")
            check_ref(path, f"lines.{colour}", a, b, spaces, "space")
    for space in doc.get("decks", {}):
        check_ref(path, "decks", space, space, spaces, "space")
    if "space" in doc:
        check_ref(path, doc["chart"], "space", doc["space"], spaces, "space")
    for cid in doc.get("characters", ()):
        check_ref(path, doc["chart"], "characters", cid, defs.characters, "character")


def _reader(name):
    """The reader of the table ``name``: ``read(path, defs)``, the table validated (frozen)."""
    def read(path, defs):
        return load_table(path, CHART_SCHEMAS[name], lambda p, doc: _check_chart(p, doc, defs))
    return read


#: The Timescape's tables, under ``data/talisman`` -> their readers (registered on the plugin:
#: read by the data loader).
FILES = {f"expansions/{ID}/{name}.yaml": _reader(name) for name in CHART_SCHEMAS}


@lru_cache(maxsize=None)
def _chart(name):
    """The table ``name``, as the data loader read it."""
    return load().tables[f"expansions/{ID}/{name}.yaml"]


def movement_table():
    """D6 result (1-6) -> the colour of the Warp Line followed."""
    return {int(k): v for k, v in _chart("warp_lines")["movement_table"].items()}


def warp_lines():
    """Colour -> {reality: where the line leads from it} (one way)."""
    return _chart("warp_lines")["lines"]


def warlock_fee():
    return {int(k): v for k, v in _chart("warlock")["table"].items()}


def magic_table():
    return {int(k): v for k, v in _chart("magic")["table"].items()}


# --- own state ----------------------------------------------------------------------------------

@attrs.frozen
class Timescape(ExtRecord):
    """``state.ext["timescape"]`` (the fields above)."""

    gate: PMap[str, str] = map_field(checked(map_of(CHARACTER, one_of("cast", "ready"))))
    sent: PMap[str, PVector[str]] = map_field(checked(map_of(CHARACTER, list_of(NAME))))
    imprisoned: PMap[str, bool] = map_field(checked(map_of(CHARACTER, FLAG)))
    rift: str | None = attrs.field(default=None, validator=checked(CHARACTER))


SLICE = ExtSlice(ID, Timescape)


def _ext(state) -> Timescape:
    return SLICE.of(state)


def _set(state, key, value):
    return SLICE.put(state, **{key: value})


def _mark(state, key, cid, value):
    table = getattr(_ext(state), key)
    table = table.discard(cid) if not value else table.set(cid, value)
    return _set(state, key, table)


def imprisoned(state, cid):
    return bool(_ext(state).imprisoned.get(cid))


def sent_by(state, cid):
    """Who has sent ``cid`` into the Timescape already (the Mystic, the Enchantress)."""
    return tuple(_ext(state).sent.get(cid, ()))


def rift(state, cid):
    return _ext(state).rift == cid


# --- entering -----------------------------------------------------------------------------------

def animal(card_id):
    """Whether a card is an Animal (the one notion: ``chars.is_animal``; docs/rulings.md R-TS11.1)."""
    return chars.is_animal(card_id)


#: The marks a card's data may hold under ``timescape`` (``data: {timescape: [...]}``): ``fears``:
#: it fears the Timescape and will not enter; ``redrawn``: drawn there, it is discarded and another
#: drawn.  The Animals need none: every Animal is both (their one mark, ``subtype: animal``).
#: ``red_line``: its wearer may always follow the Red Warp Line (the Warp Belt).
CARD_MARKS = ("fears", "redrawn", "red_line")


@lru_cache(maxsize=None)
def marked() -> dict[str, frozenset[str]]:
    """Mark -> the cards whose data holds it (:func:`marks_of` the loaded cards, read once)."""
    return marks_of(load().cards)


def marks_of(cards) -> dict[str, frozenset[str]]:
    """Mark -> the ids of ``cards`` (id -> card) whose data holds it; a mark not in
    :data:`CARD_MARKS`, or no list, is a DataError naming the card."""
    out: dict[str, set[str]] = {m: set() for m in CARD_MARKS}
    for cid, c in cards.items():
        marks = (c.data or {}).get(ID)
        if marks is None:
            continue
        if isinstance(marks, str) or not all(m in CARD_MARKS for m in marks):
            raise DataError(f"the {c.set} set's {c.deck} cards", cid, f"data.{ID}",
                            f"a list of the Timescape's marks {', '.join(CARD_MARKS)}, got {marks!r}")
        for m in marks:
            out[m].add(cid)
    return {m: frozenset(cs) for m, cs in out.items()}


def fearful(card_id):
    """"Mules, Warhorses, Horses and Carts, the Poltergeist and all Animal Followers (the Unicorn
    and all Animals taken as Followers) fear the Timescape and will not enter": every Animal (the
    Mules and the Horses are Animals, ``breed``) and a card marked ``fears`` (the Poltergeist)."""
    return card_id in marked()["fears"] or animal(card_id)


def enter(state, cid, cause):
    """Into the Timescape, on the Warp Gate Space: the followers that fear it stay "on the Space
    you were on just before you entered the Warp Gate" (Dragons go along).  Another board may
    refuse the move (the Dungeon: "Characters may not Teleport out"): then nothing happens."""
    here, gate = state.characters[cid].space, warp_gate()
    state = movement.forced_move(state, cid, gate, True, ID)
    if state.characters[cid].space != gate:
        return log(state, "timescape_not_entered", character=cid, cause=cause)
    state = leave_fearful(state, cid, here)
    return log(state, "timescape_entered", character=cid, cause=cause)


def leave_fearful(state, cid, here):
    """The followers that fear the Timescape stay on ``here`` (with what a Mule carried)."""
    left = [f for f in state.characters[cid].followers if fearful(f)]
    return chars.leave_followers(state, cid, left, here, "left_behind", space=here)


def crown_encounter(state, result, character):
    """"If a Character on the Crown of Command Space draws the Horrible Black Void, he then is
    drawn into the Timescape and is Moved to the Warp Gate Space"; the Void is discarded as
    without the Timescape (docs/rulings.md)."""
    state, handled = result
    e = state.ending
    if handled or e is None:
        return result
    card = e["card"] if e["card"] is not None else (e["deck"][0] if e["deck"] else None)
    if card not in VOIDS:
        return result
    if e["card"] is None:
        state = replace(state, ending=e.set("deck", e["deck"][1:]).set("card", card))
        state = log(state, "ending_drawn", character=character, ending=card)
    if not ending_cards.face_up(state):
        state = ending_cards.reveal(state, character)
    state = ending_cards.discard_ending(state)
    state = log(state, "black_void_to_timescape", character=character, by=card)
    return enter(state, character, "black_void"), True


@declare(holds_card=True)  # its Spell's card lies with the effect (validate.held_by)
def warp_gate_spell(state, params, actor, source):
    """"Cast a Warp Gate Spell and enter the Timescape on your next turn."""
    if in_timescape(state, actor):
        return log(state, "effect_ignored", character=actor, reason="already in the Timescape")
    state = _mark(state, "gate", actor, "cast")  # "ready" when the caster's turn ends
    # CASTING SPELLS: "Once cast, and its effect ended": the card lies with its effect, the entry
    # on his next turn, until that turn starts (rules.lasting; docs/rulings.md R-FD14.1)
    state = lasting.hold_until_next_turn(state, source.get("card"), actor)
    return log(state, "warp_gate_opened", character=actor)


def seek_help(state, params, actor, source):
    """The Mystic or the Enchantress: "Roll 2 dice and add them together. If the score is lower
    than your Strength and Craft together, you have been judged worthy of entering the
    Timescape"."""
    return JUDGED.roll(state, f"{params['who']}'s judgment of {actor}", who=params["who"])


def judged_kept(state, dice, who):
    """The character's two dice stand: judged worthy below his Strength and Craft together."""
    cid = state.current
    score = sum(dice)
    need = chars.total(state, cid, "strength") + chars.total(state, cid, "craft")
    worthy = score < need
    state = log(state, "timescape_judged", character=cid, by=who, roll=score, against=need, worthy=worthy)
    if not worthy:
        return state
    state = _mark(state, "sent", cid, deep_freeze(list(sent_by(state, cid)) + [who]))
    return enter(state, cid, who)


#: The character's two dice at the Mystic or the Enchantress.  FATE (talisman-facts-verified.md 3:
#: "a die rolled due to the instructions on a card or board space"; of several dice "only one of
#: them may be rerolled"): he may pay one fate, once, to roll one of them again (the whole roll
#: under ``fate_reroll: whole_roll``; rulings R-RG14.2); the judgment is made outside the
#: Timescape, where Fate is played as anywhere.
JUDGED = chars.OwnRoll("timescape.judged", "timescape.judged_fate", "2d6", judged_kept,
                       offer="rolled {total} to be judged worthy", again="{who}'s judgment of {cid}, re-rolled",
                       cause="judgment", roller=None)


def warlock(state, params, actor, source):
    """"For a fee the Warlock ... will open a Warp Gate ... instead of going on a Quest.  Roll a
    D8"."""
    return FEE.roll(state, f"the Warlock's fee for {actor}")


def _payable(state, cid, fee):
    ch = state.characters[cid]
    # OPTIONAL RULES, HENCHMEN: "Henchmen are considered Followers for any pertaining rules": a
    # Henchman (``henchman:<id>``) is a Follower of the fee
    followers = chars.all_followers(state, cid)
    if "followers" in fee:
        return followers, fee["followers"]
    if "objects_or_followers" in fee:
        return list(ch.objects) + followers, fee["objects_or_followers"]
    if "magic" in fee:
        return [o for o in ch.objects if load().cards[o].type == "magic_object"], fee["magic"]
    return [], 0


def fee_kept(state, dice):
    """The character's D8 stands: the Warlock's fee of that roll."""
    cid, roll = state.current, sum(dice)
    row = warlock_fee()[roll]
    state = log(state, "warlock_fee", character=cid, roll=roll, fee=row.get("fee"))
    if row.get("ignored"):
        state = log(state, "warlock_ignored", character=cid)
        return end_turn_now(state)
    cards, need = _payable(state, cid, row["fee"])
    if len(cards) < need:
        state = log(state, "warlock_ignored", character=cid, reason="no fee")
        return end_turn_now(state)
    return pay(state, cid, need, row["fee"])


#: The character's D8.  FATE (talisman-facts-verified.md 3: "a die rolled due to the instructions
#: on a card or board space"): the character rolls it ("Roll a D8") at the Warlock's Cave, so he
#: may pay one fate, once, to roll it again (rulings R-RI14.3).
FEE = chars.OwnRoll("timescape.fee_rolled", "timescape.fee_fate", "d8", fee_kept,
                    offer="rolled {total} for the Warlock's fee", again="the Warlock's fee for {cid}, re-rolled",
                    cause="the Warlock's fee", roller=None)


def pay(state, cid, need, fee):
    """"If you have his fee, you must pay it and immediately Move to the Warp Gate Space": one
    card at a time, the character choosing which."""
    if need <= 0:
        return enter(state, cid, "warlock")
    cards, _ = _payable(state, cid, fee)
    return decide(state, cid, "pay", [f"pay:{c}" for c in dict.fromkeys(cards)], "timescape.paid",
                  prompt="the Warlock's fee", need=need, fee=fee)


def paid(state, action, need, fee):
    """One card of the fee paid; the payment (and the move to the Warp Gate) goes on under the
    NUMBER OF SPELLS check the card's going may ask: "If at any time a Character has more
    Spells than his Craft allows, the surplus Spells must be discarded", at once (R-FA12.4)."""
    cid = state.current
    card = action.joined()
    state = push(state, frame("timescape.pay", cid=cid, need=need - 1, fee=fee))
    if card in chars.other_followers(state, cid):  # a Henchman paid: it leaves the game
        state = chars.lose_other_follower(state, cid, card, "the Warlock's fee")
    else:
        state = chars.remove_possession(state, cid, card)
        state = chars.discard(state, card)
    return log(state, "warlock_paid", character=cid, card=card)


# --- the Sentinels ------------------------------------------------------------------------------

def imprison(state, params, actor, source):
    """Imprisoned by the Sentinels (the Sentinel Outpost, the Sentinels' card)."""
    if not in_timescape(state, actor):
        return log(state, "effect_ignored", character=actor, reason="not in the Timescape")
    state = _mark(state, "imprisoned", actor, True)
    return log(state, "imprisoned", character=actor, by="sentinels")


def caught(state, params, actor, source):
    """The Thief's 1 in the Space Fortress: "Caught and sent to the ... Sentinel Outpost" (moved
    there and imprisoned by the Sentinels)."""
    state = log(state, "caught_stealing", character=actor, space=state.characters[actor].space)
    state = movement.forced_move(state, actor, outpost(), False, ID)
    return imprison(state, params, actor, source)


def escape_kept(state, dice, who):
    """"you must roll less than or equal to your Craft on 2D8 ... If you succeed, you may take
    your turn as usual. If you fail, your Turn ends." """
    roll = sum(dice)
    # the Ancient Artifact is an Object here: its Craft counts while Destroy Magic lasts
    craft = chars.total(state, who, "craft") + artifacts.bonus(state, who, "craft")
    if roll <= craft:
        state = _mark(state, "imprisoned", who, False)
        return log(state, "escaped", character=who, roll=roll, craft=craft)
    state = log(state, "escape_failed", character=who, roll=roll, craft=craft)
    return end_turn_now(state)


#: The prisoner's 2D8.  FATE (talisman-facts-verified.md 3): his own, rolled as the imprisonment
#: orders: he may pay one fate, once, to roll one of the two again (the whole roll under
#: ``fate_reroll: whole_roll``; rulings R-RI14.2).
ESCAPE = chars.OwnRoll("timescape.escape_rolled", "timescape.escape_fate", "2d8", escape_kept,
                       offer="rolled {total} to escape the Sentinels",
                       again="{who}'s escape from the Sentinels, re-rolled", cause="escape from the Sentinels")


# --- hooks --------------------------------------------------------------------------------------

def timescape_characters():
    """The Timescape box's eight characters (``timescape/start.yaml``; expansion-boards.md 3.1:
    "All of them start in the Timescape" [S3][S14]); the rule sheet names the Warp Gate for the
    Scientist only: the Warp Gate for all eight is a stand-in (rulings R-DT-7).  Without the
    Timescape they start on their cards' main-board spaces (rulings 32)."""
    return _chart("start")["characters"]


def setup(state):
    cards, dice = shuffle(state.dice, state.decks.get("timescape", ()))
    state = replace(state, dice=dice, decks=state.decks.set("timescape", pvector(cards)))
    for cid in state.order:
        if cid in timescape_characters() and state.characters[cid].space == load().characters[cid].start:
            # "All of them start in the Timescape"
            state = update_character(state, cid, space=warp_gate())
            state = log(state, "timescape_start", character=cid, space=warp_gate())
    return SLICE.init(state)


def turn_beginning(state, character):
    """A Timescape character who joins later (LOSING ALL LIVES, the option ``new_character``)
    starts in the Timescape as the eight do at the set-up (rulings R-DT-7, R-SB-2): placed on the
    Warp Gate as his first turn begins, before its movement."""
    ch = state.characters[character]
    if (card_of(character) in timescape_characters() and state.option("new_character")
            and ch.space == load().characters[character].start and joined_this_turn(state, character)):
        state = update_character(state, character, space=warp_gate())
        state = log(state, "timescape_start", character=character, space=warp_gate())
    return state


def joined_this_turn(state, cid):
    """Whether this turn of ``cid`` is his first after joining the game (LOSING ALL LIVES): back
    from this turn's ``turn_started``, the log reaches his ``new_character`` before any other
    turn's start."""
    starts = 0
    for event in reversed(state.log):
        if event.name == "new_character":
            return event.data.get("character") == cid
        if event.name == "turn_started":
            starts += 1
            if starts > 1:
                return False
    return False


def full_turn(state):
    """Whether this turn has its movement still to come (a lost turn only rights the piece)."""
    return any(f.step == "movement.start" for f in state.stack)


def turn_started(state, character):
    if not full_turn(state):
        return state  # LOSING A TURN: "all they may do is right their playing piece"
    if _ext(state).gate.get(character) == "ready" and state.characters[character].alive:
        # the Warp Gate Spell cast last turn: this turn's move is into the Timescape (made before
        # the movement, so no other board's movement takes it; the Warp Gate is then encountered)
        state = _mark(state, "gate", character, False)
        return enter(state, character, "warp_gate")
    if imprisoned(state, character) and state.characters[character].alive:
        return ESCAPE.roll(state, f"{character}'s escape from the Sentinels", who=character)
    return state


def turn_ended(state, character):
    """"Cards are never left on the Timescape Board, discard.\""""
    for space in realities():
        for card in list(state.board_cards.get(space, ())):
            state = remove_from_space(state, space, card)
            state = chars.discard(state, card)
            state = log(state, "card_discarded", card=card, space=space, reason="never left on the Timescape")
    if _ext(state).gate.get(character) == "cast":
        state = _mark(state, "gate", character, "ready")  # "enter the Timescape on your next turn"
    return _set(state, "rift", None) if _ext(state).rift is not None else state


def draw_deck(state, deck, character, space):
    """Value hook: a reality's draw is of its deck (Timescape or Adventure cards), in place of
    the Adventure deck (a deck another expansion's rule put there already stays)."""
    if space in realities() and deck == "adventure":
        return _chart("warp_lines")["decks"].get(space, "timescape")
    return deck


def before_movement(state, result, character):
    state, replaced = result
    cid = character
    ch = state.characters[cid]
    if replaced or not in_timescape(state, cid):
        return result
    if ch.next_move is not None:
        state = update_character(state, cid, next_move=None)
        state = log(state, "effect_ignored", character=cid, reason="in the Timescape")
    return offer(state), True


def offer(state):
    """Before the roll: a Spell may be cast or a Scroll read (none that moves: "No Objects, Magic
    Objects, Magic Items, Followers or Special Abilities may be used to affect Movement"); the
    Warp Belt's Red line."""
    cid = state.current
    ch = state.characters[cid]
    options = ["roll"]
    if wears_warp_belt(ch):
        options.append(f"warp:{RED}")
    if ch.spells:
        options += [f"cast:{sp}" for sp in dict.fromkeys(spells.castable_on_turn(state, cid))
                    if "movement" not in load().cards[sp].cast["when"]]
    if ch.scrolls:
        options += [f"read:{sc}" for sc in spells.readable_on_turn(state, cid)
                    if "movement" not in load().cards[sc].cast["when"]]
    if len(options) == 1:
        return roll(state, cid)
    return decide(state, cid, "move", options, "timescape.move_chosen",
                  prompt="roll on the Movement Table" + (", or follow the Red Warp Line (Warp Belt)"
                                                          if wears_warp_belt(ch) else ""))


def roll(state, cid):
    # "roll a D6 (all Characters)": the size's die does not count here
    return request_roll(state, "d6", f"the Movement Table for {cid}", "timescape.rolled")


def move_chosen(state, action):
    cid = state.current
    if action.kind == "cast":
        state = push(state, frame("timescape.offer"))
        return spells.cast(state, cid, action.args[0], context="turn")
    if action.kind == "read":
        state = push(state, frame("timescape.offer"))
        return spells.read(state, cid, action.args[0], context="turn")
    if action.kind == "warp":
        state = log(state, "warp_belt_used", character=cid)
        return follow(state, cid, action.args[0])
    return roll(state, cid)


def rolled(state, action):
    # No ``movement_rolled`` hook: the table's die picks a Warp Line and counts no spaces
    # (R-TS11.7), so a 1 here does not stir the Blood Moon's Werewolf (R-PROBE15C.1)
    cid = state.current
    n = sum(action.dice)
    line = movement_table()[n]
    state = log(state, "movement_roll", character=cid, roll=n)
    return follow(state, cid, line)


def follow(state, cid, line):
    """One step along ``line`` from the character's reality (one way); a line end off the
    Timescape is the way back to the main board."""
    here = state.characters[cid].space
    dest = warp_lines()[line][here]
    state = log(state, "warp_line", character=cid, line=line, frm=here, to=dest)
    state = update_character(state, cid, space=dest, hold=None)
    state = set_turn_flag(state, cid, "moved")
    state = log(state, "moved", character=cid, path=[dest], to=dest)
    if dest not in realities():
        state = _mark(state, "imprisoned", cid, False)
        state = log(state, "timescape_left", character=cid, to=dest)
        if dest == load().board.role("crown"):
            state = log(state, "crown_reached", character=cid)
            state = replace(state, crown_reached=True)
    return state


def redrawn(card):
    """Whether an Adventure card drawn in the Timescape is discarded and another drawn (000
    Drawing Adventure Cards: "a Mule, a Horse, ... the Hermit or any Animal")."""
    c = load().cards[card]
    return c.deck == "adventure" and (card in marked()["redrawn"] or animal(card))


def placed_away(card):
    """Whether an Adventure card's "when drawn" effect places it on another space (the Ghost
    haunting one of six places): "Any card which instructs that it be placed on another Space
    does not effect the Character drawing it" (000 ADVENTURE CARDS)."""
    c = load().cards[card]
    return c.deck == "adventure" and _names(c.when_drawn, "place_self")


def _names(effects, name):
    """Whether an effect ``name`` is among ``effects``, nested steps (a roll's table) included."""
    if isinstance(effects, Mapping):
        return name in effects or any(_names(v, name) for v in effects.values())
    if isinstance(effects, Sequence) and not isinstance(effects, str):
        return any(_names(v, name) for v in effects)
    return False


def when_drawn_played(state, played, character, space, card):
    """Value hook: a card the Timescape discards and draws again plays no "when drawn" effect
    there (the Hermit does not withdraw), nor a card that would place itself on another space (a
    Ghost would haunt a main-board space: "will not effect any other Character or Region",
    docs/rulings.md R-PROBE14F.8): ``cards_drawn`` discards it unmet."""
    return played and not (space in realities() and (redrawn(card) or placed_away(card)))


def cards_drawn(state, character, space, cards):
    """Adventure cards in the Timescape: some discarded and drawn again, the springs give 1."""
    if space not in realities():
        return state
    again, springs = 0, []
    for card in cards:
        c = load().cards[card]
        if c.deck != "adventure":
            continue
        if redrawn(card):
            state = remove_from_space(state, space, card)
            state = chars.discard(state, card)
            state = log(state, "timescape_redraw", character=character, card=card)
            again += 1
        elif placed_away(card):
            # it would place itself on another space, which it may not reach from here, and it
            # does not affect its drawer (000 ADVENTURE CARDS): discarded unmet
            state = remove_from_space(state, space, card)
            state = chars.discard(state, card)
            state = log(state, "timescape_spared", character=character, card=card)
        elif artifacts.spared(card):
            # "Dragon Rage does not effect any Character in the Timescape": not even the drawer
            state = remove_from_space(state, space, card)
            state = chars.discard(state, card)
            state = log(state, "timescape_spared", character=character, card=card)
        elif c.type == "event" and (drawer_part(card) is not None
                                    or any("each_character" in step for step in c.effect)):
            # "Cards only affect the Character who draws them": an Event that reaches other
            # characters takes effect on the drawer alone (then is discarded, as met); one that
            # reaches the main board ("will not effect any other ... Region": the Raiders' stash,
            # the Emperor's Guard's pieces) plays only the drawer's part its card gives
            state = remove_from_space(state, space, card)
            state = chars.discard(state, card)
            state = log(state, "timescape_drawer_only", character=character, card=card)
            effects = drawer_part(card)
            if effects is None:
                effects = drawer_only(c.effect)
            state = run_effects(state, effects, character, {"card": card, "space": space})
        elif card in _chart("adventure")["springs"]:
            state = remove_from_space(state, space, card)
            state = chars.discard(state, card)
            state = log(state, "timescape_spring", character=character, card=card)
            springs.append(card)
    if again:
        seen = len(state.characters[character].flag("drawn") or ())
        state = push(state, frame("encounters.drawn", space=space, seen=seen),
                     frame("encounters.draw_checked", space=space, count=again, deck="adventure", asked=True))
    # "you may add 1 to the appropriate attribute": a choice, asked before any card drawn again
    return push(state, *(frame("timescape.spring_offer", character=character, card=card)
                         for card in reversed(springs)))


def spring_offer(state, character, card):
    """Rule step (000 Drawing Adventure Cards): "If you draw the Pool of Life, the Magic Stream, or
    the Fountain of Wisdom, you may add 1 to the appropriate attribute": ``gain:<counter>`` or
    ``pass`` (docs/rulings.md R-RULE16.3: one may want a lower attribute, a Strength or Craft some
    card tests below a mark)."""
    if not state.characters[character].alive or state.outcome is not None:
        return state
    counter = _chart("adventure")["springs"][card]
    return decide(state, character, "spring", [f"gain:{counter}", "pass"], "timescape.spring_chosen",
                  prompt=f"{load().cards[card].name}: add 1 to your {counter}?", character=character, card=card)


def spring_chosen(state, action, character, card):
    if action.kind == "pass":
        return log(state, "gain_declined", character=character, card=card)
    return chars.gain(state, character, _chart("adventure")["springs"][card], 1, card)


def drawer_part(card):
    """The effects an Event whose effect reaches the main board has when drawn on a reality, on
    its drawer alone (``data: {timescape_drawer: [...]}``; 000 Drawing Adventure Cards: "will not
    effect any other Character or Region"; docs/rulings.md R-PROBE14F.1, R-PROBE14F.2), or None."""
    return (load().cards[card].data or {}).get("timescape_drawer")


def drawer_only(effects):
    """A card's effects with each ``each_character`` step narrowed to the drawer (nothing for
    ``others``)."""
    out = []
    for step in effects:
        if "each_character" not in step:
            out.append(step)
        elif step["each_character"]["where"] != "others":
            out.extend(step["each_character"]["effects"])
    return deep_freeze(out)


def before_encounter(state, result, character, space):
    """"Characters may not Encounter other Characters. If one Character lands on an occupied
    Space, the instructions on the Space are always followed" (unless a Dimensional Rift was
    drawn this turn): logged here, and the characters are left out of the encounter by
    :func:`encounter_characters`, so the space is met -- not a replaced encounter, so that a rule
    replacing the whole encounter (the Harbinger's chart) holds whichever expansion is asked
    first (docs/rulings.md R-HB8.5)."""
    state, replaced = result
    ch = state.characters[character]
    if replaced:
        return result
    if space not in realities():
        return ranged.offer(state, character, space)  # a range weapon fired instead
    if not ch.flag("moved") or rift(state, character):
        return result
    others = [o for o in state.order if o != character and state.characters[o].alive
              and state.characters[o].space == space]
    if not others:
        return result
    # the encounter is not replaced (another rule may still replace it: the Harbinger's chart);
    # the characters are taken out of it by ``encounter_characters``
    return log(state, "no_encounter_between_characters", character=character, others=others), replaced


def encounter_characters(state, others, character, space):
    """Value hook: "Characters may not Encounter other Characters" on a reality (unless a
    Dimensional Rift was drawn this turn): the space is encountered."""
    if space in realities() and not rift(state, character):
        return ()
    return others


def effect_targets(state, targets, actor, source):
    """Value hook: "Cards only affect the Character who draws them; they never affect other
    Characters" (000 Changes to Existing Rules): an effect of a card drawn on a reality by a
    character in the Timescape reaches him alone, unless a Dimensional Rift was drawn this turn
    ("The only exception to this rule is ... Spells or Scrolls": a Spell is no card drawn there).
    The Adventure Events are narrowed as drawn (``cards_drawn``); this holds for every other deck
    a reality may draw (another expansion's cards, docs/rulings.md R-HB8.4).  Then Dragon Rage's
    own rule (:func:`artifacts.effect_targets`)."""
    card = source.get("card") if source else None
    if (card is not None and source.get("space") in realities() and in_timescape(state, actor)
            and load().cards[card].type != "spell" and not rift(state, actor)):
        targets = tuple(cid for cid in targets if cid == actor)
    return artifacts.effect_targets(state, targets, actor, source)


#: The acts the Timescape's isolation lets through: "The only exception to this rule is the
#: possible effect of other Character by the use of Spells or Scrolls".
THROUGH_THE_BOUNDARY = ("spell", "scroll")
#: The acts done where no one is in the Timescape any more: Pandora's Box's Arena ("All
#: Characters are transported to The Arena", 000 Alternative Endings; docs/rulings.md R-FB13.1).
OUT_OF_IT = ("arena",)


def may_affect(state, allowed, actor, target, means):
    """Value hook: "Characters in the Timescape may not affect or be affected by other
    Characters, unless a Dimensional Rift has occurred.  The effect of a Dimensional Rift will
    only last for the turn in which it was drawn.  The only exception to this rule is the
    possible effect of other Character by the use of Spells or Scrolls" (000 THE TALISMAN
    TIMESCAPE): no, when either is in the Timescape, unless one of the two drew a Dimensional
    Rift this turn or the act is a Spell or a Scroll (docs/rulings.md R-FC12.1), or is done in the
    Arena, out of the Timescape (R-FB13.1).  One player's two pieces (``actor`` and ``target`` the
    same: the Mirror Image, the Mystic) meeting in the Timescape are apart as any two (R-FB13.1)."""
    if (not allowed or means in THROUGH_THE_BOUNDARY or means in OUT_OF_IT
            or _ext(state).rift in (actor, target)):
        return allowed
    return not (in_timescape(state, actor) or in_timescape(state, target))


def rift_effect(state, params, actor, source):
    """The Dimensional Rift: for this turn the drawer may affect and be affected by the other
    characters: he may encounter one on his reality now."""
    state = _set(state, "rift", actor)
    state = log(state, "dimensional_rift", character=actor)
    here = state.characters[actor].space
    others = [o for o in state.order if o != actor and state.characters[o].alive
              and state.characters[o].space == here]
    if not others:
        return state
    return decide(state, actor, "encounter", ["pass"] + [f"encounter:char:{o}" for o in others],
                  "timescape.rift_chosen", prompt="a Dimensional Rift: encounter a character?")


def rift_chosen(state, action):
    if action.kind == "pass":
        return state
    return encounters.encounter_character(state, state.current, action.args[1])


def space_effect(state, effects, space):
    """The Sentinel Outpost imprisons; the Thief may steal in the Space Fortress instead of its
    instructions (``theft.yaml``); the Mystic, the Enchantress and the Warlock offer the way in as
    one more choice of their space."""
    if space == outpost():
        return tuple(effects) + ({"timescape_imprison": pmap()},)
    cid = state.current
    if cid is None or cid not in state.characters:
        return effects
    theft = _chart("theft")
    if (space == theft["space"] and card_of(cid) in theft["characters"]
            and state.characters[cid].space == space and not state.characters[cid].toad_turns):
        return deep_freeze([{"choose": [
            {"id": "steal", "label": "try to steal", "effects": list(theft["effects"])},
            {"id": "visit", "label": "the space's instructions",
             "effects": list(effects) or [{"nothing": {}}]}]}])
    if space in HELPERS:
        who, option = HELPERS[space]
        if who in sent_by(state, cid):
            return effects  # "The Mystic or Enchantress will only send you to the Timescape once each"
        extra = {"id": f"{option}_timescape", "label": f"ask the {who.title()}'s help to enter the Timescape",
                 "effects": [{"timescape_seek_help": {"who": who}}]}
        return _with_choice(effects, extra)
    if space == CITY_ENCHANTRESS and "enchantress" not in sent_by(state, cid):
        return deep_freeze([{"choose": [
            {"id": "enchantress", "label": "visit the Enchantress", "effects": list(effects)},
            {"id": "enchantress_timescape", "label": "ask the Enchantress's help to enter the Timescape",
             "effects": [{"timescape_seek_help": {"who": "enchantress"}}]}]}])
    if space == load().board.role("warlock"):
        extra = {"id": "warp_gate", "label": "ask the Warlock to open a Warp Gate (instead of a quest)",
                 "effects": [{"timescape_warlock": {}}]}
        return _with_choice(effects, extra)
    return effects


def _with_choice(effects, extra):
    out = []
    for step in effects:
        if "choose" in step:
            step = {"choose": list(step["choose"]) + [extra]}
        out.append(step)
    return deep_freeze(out)


def before_forced_move(state, result, character, space, cause):
    """The Timescape is entered and left only by its own ways (a Warp Gate, a Warp Line) and by
    the rules elsewhere that send a character to the Warp Gate (the Demon Lord's barrier chart,
    result 1: ``WARP_GATE_CAUSES``); the followers that fear it stay behind then too."""
    state, refused = result
    if cause == ID:
        return result
    inside = in_timescape(state, character)
    if space == warp_gate() and not inside and cause in WARP_GATE_CAUSES:
        here = state.characters[character].space
        state = leave_fearful(state, character, here)
        return log(state, "timescape_entered", character=character, cause=cause), refused
    if inside != (space in realities()):
        return log(state, "effect_ignored", character=character, space=space,
                   reason="the Timescape is entered and left only by its own ways"), True
    return result


def teleport_destinations(state, spaces, character, region):
    if in_timescape(state, character):
        return ()  # "No Objects, ... or Special Abilities may be used to affect Movement"
    return tuple(s for s in spaces if s not in realities())


def spell_cast(state, caster, spell, context):
    """"when a Spell is cast or a Scroll read Random may occur.  Roll a D8"."""
    return _magic(state, caster, spell, context, "spell")


def scroll_read(state, reader, scroll, context):
    """"when a Spell is cast or a Scroll read": a Scroll rolls the same D8 table."""
    return _magic(state, reader, scroll, context, "scroll")


def _magic(state, caster, spell, context, kind):
    if not in_timescape(state, caster):
        return state
    return request_roll(state, "d8", f"the Timescape's magic for {spell}", "timescape.magic_rolled",
                        caster=caster, spell=spell, context=context, kind=kind)


#: the frame that makes a Spell (it may be countered) or a Scroll take effect once
_ANSWERED = {"spell": ("spells.answered", "caster", "spell"),
             "scroll": ("spells.scroll_answered", "reader", "scroll")}


def _answered(caster, spell, context, kind):
    name, who, card = _ANSWERED[kind]
    return frame(name, **{who: caster, card: spell, "context": context})


def magic_rolled(state, action, caster, spell, context, kind="spell"):
    roll = sum(action.dice)
    row = magic_table()[roll]
    state = log(state, "timescape_magic", character=caster, card=spell, roll=roll, result=row["text"])
    if row.get("reverse"):
        state = cancel(state, caster, kind)  # its own effect is not taken
        effects = reversed_effects(spell)
        if effects is None:
            # no reverse of this card's effect in the engine's vocabulary (docs/rulings.md TS12, TS22)
            return log(state, "reverse_effect_not_modelled", character=caster, card=spell)
        state = log(state, "reverse_effect", character=caster, card=spell, times=row["times"])
        return run_effects(state, list(effects) * row["times"], caster, {"card": spell, "caster": caster})
    if row["times"] == 0:
        return cancel(state, caster, kind)
    if row.get("random_target"):
        return pick_random(state, caster, spell, context, kind)  # the cast waits: it is the target's
    if row["times"] == 1 and not row.get("keep"):
        return state  # "Full Effect": the cast goes on as anywhere else
    # the first effect here, then the others, then the card kept; the cast's own frame (below)
    # is then cancelled, its effect having been taken here
    return push(state, *then(_answered(caster, spell, context, kind),
                             frame("timescape.again", caster=caster, spell=spell, context=context,
                                   left=row["times"] - 1, keep=bool(row.get("keep")), kind=kind),
                             frame("timescape.cancel", caster=caster, kind=kind)))


def reversed_effects(spell):
    """The reverse of ``spell``'s effects (``magic.yaml`` ``reverse``), or None: only for a card
    aimed at its caster whose every effect has an opposite there, with whole-number counters."""
    cast = load().cards[spell].cast
    if not cast or cast.get("target", "self") != "self" or not cast["effect"]:
        return None
    table = _chart("magic")["reverse"]
    out = []
    for step in cast["effect"]:
        (name, params), = step.items()
        rule = table.get(name)
        if rule is None:
            return None
        if "key" in rule:
            params = {rule["key"]: params}
        if isinstance(params, int):
            values = [params]
        elif hasattr(params, "items"):
            values = list(params.values())
        else:
            return None
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            return None
        out.append({rule["as"]: params})
    return deep_freeze(out)


def _discarded(state, spell):
    """The card cast is on its discard pile, or lies with its lasting effect (``rules.lasting``:
    Destroy Magic's, Temporal Warp's, docs/rulings.md R-PROBE14B.1): still this cast's card."""
    return spell in state.discards.get(load().cards[spell].deck, ()) or lasting.holding(state, spell) is not None


def again(state, caster, spell, context, left, keep, kind="spell"):
    """Each further effect of a Spell cast (a Scroll read) in the Timescape (a Spell may be
    countered as the first), while the card is still on the discard pile (a Spell whose card its
    effect has placed, the Hex, takes effect once: docs/rulings.md); then "do not Discard": back
    to the caster's hand (a Scroll to his Scrolls)."""
    if not state.characters[caster].alive:
        return state
    if not _discarded(state, spell):
        return log(state, "effect_ignored", character=caster, card=spell, reason="the card is in play")
    if left > 0:
        return push(state, *then(_answered(caster, spell, context, kind),
                                 frame("timescape.again", caster=caster, spell=spell, context=context,
                                       left=left - 1, keep=keep, kind=kind)))
    if keep:
        deck = load().cards[spell].deck
        pile = state.discards[deck]
        if spell in pile:
            i = len(pile) - 1 - list(reversed(pile)).index(spell)
            state = replace(state, discards=state.discards.set(deck, pile.delete(i)))
        else:
            state = lasting.release(state, spell)  # kept from where it lay with its effect
        ch = state.characters[caster]
        if kind == "scroll":
            state = update_character(state, caster, scrolls=ch.scrolls.append(spell))
        else:
            state = update_character(state, caster, spells=ch.spells.append(spell))
        state = log(state, "spell_kept", character=caster, card=spell)
    return state


def cancel(state, caster, kind="spell"):
    """The cast (the Scroll read) waiting for the Timescape's answer (``spells.answered``,
    ``spells.scroll_answered``) is cancelled."""
    name, who, _card = _ANSWERED[kind]
    return answer(state, name, {who: caster}, cancelled=True)


def pick_random(state, caster, spell, context, kind="spell"):
    """A die of at least as many sides as living characters, rolled again over their number."""
    alive = [c for c in state.order if state.characters[c].alive]
    sides = min(s for s in (4, 6, 8, 10, 12, 20, 100) if s >= len(alive))
    return request_roll(state, f"d{sides}", f"a random character for {spell}", "timescape.target_rolled",
                        caster=caster, spell=spell, context=context, kind=kind)


def target_rolled(state, action, caster, spell, context, kind="spell"):
    """"Full Effect on a Random Character anywhere in the Game" (the caster among them)."""
    alive = [c for c in state.order if state.characters[c].alive]
    n = sum(action.dice)
    if n > len(alive):
        return pick_random(state, caster, spell, context, kind)
    target = alive[n - 1]
    state = log(state, "random_target", character=caster, card=spell, target=target)
    cast = load().cards[spell].cast
    if target == caster and (context == "combat" or cast.get("target", "self") != "character"):
        return state  # the waiting cast takes effect as anywhere else: his own
    # the cast's own effect is the target's, taken here; a Spell aimed at a character that
    # falls on its caster is his too: he does not aim it at another (docs/rulings.md R-PROBE14F.3)
    state = cancel(state, caster, kind)
    if context == "combat":
        # a combat Spell changes only the caster's combat: on anyone else it does nothing
        return log(state, "effect_ignored", character=target, card=spell, reason="not in this combat")
    return run_effects(state, cast["effect"], target, {"card": spell, "caster": caster})


HOOKS = {"setup": setup, "turn_beginning": turn_beginning, "turn_started": turn_started, "turn_ended": turn_ended, "draw_deck": draw_deck,
         "before_movement": before_movement, "cards_drawn": cards_drawn, "when_drawn_played": when_drawn_played,
         "before_encounter": before_encounter, "space_effect": space_effect,
         "before_forced_move": before_forced_move, "teleport_destinations": teleport_destinations,
         "spell_cast": spell_cast, "scroll_read": scroll_read, "crown_encounter": crown_encounter,
         "character_score": artifacts.character_score, "spell_limit": artifacts.spell_limit,
         "effect_targets": effect_targets, "encounter_characters": encounter_characters,
         "may_affect": may_affect}

STEPS = {"timescape.offer": offer, **JUDGED.steps(), **FEE.steps(),
         "timescape.paid": paid, "timescape.pay": pay, **ESCAPE.steps(), "timescape.move_chosen": move_chosen,
         "timescape.rolled": rolled, "timescape.rift_chosen": rift_chosen,
         "timescape.magic_rolled": magic_rolled, "timescape.target_rolled": target_rolled,
         "timescape.again": again, "timescape.cancel": cancel, "timescape.spring_offer": spring_offer,
         "timescape.spring_chosen": spring_chosen, **ranged.STEPS}

_EMPTY = {"type": "object", "additionalProperties": False, "properties": {}}
EFFECTS = {"timescape_warp_gate": warp_gate_spell, "timescape_seek_help": seek_help,
           "timescape_warlock": warlock, "timescape_imprison": imprison, "timescape_rift": rift_effect,
           "timescape_caught": caught, "timescape_purchase_object": ranged.random_object}
EFFECT_SCHEMAS = {"timescape_warp_gate": _EMPTY, "timescape_warlock": _EMPTY, "timescape_imprison": _EMPTY,
                  "timescape_rift": _EMPTY, "timescape_caught": _EMPTY,
                  "timescape_purchase_object": _EMPTY,
                  "timescape_seek_help": {"type": "object", "additionalProperties": False, "required": ["who"],
                                          "properties": {"who": {"enum": ["mystic", "enchantress"]}}}}

#: Everything this expansion adds to a game (the API layer registers it: docs/architecture.md).
#: The keys of a card's ``data`` this expansion's rules read, and the kind of each value
#: (``Plugin.card_data``: a key no rule names stops loading, ruling R-HARDEN20.4).
CARD_DATA = {
    "range_weapon": DATA_MAP, "timescape": DATA_TEXTS, "timescape_drawer": DATA_EFFECTS,
    "timescape_spares": DATA_FLAG, "timescape_type": DATA_TEXT,
}

PLUGIN = Plugin(ID, hooks=HOOKS, steps=STEPS, effects=EFFECTS, effect_schemas=EFFECT_SCHEMAS,
                data_files=FILES,
                card_data=CARD_DATA)
