"""THE TALISMAN CATACOMBS (000, lines ~1277-1300): no board, entered through its cards on several
boards, a Catacombs card drawn each turn underground, the cards never left in play, the Exit cards
and the Locales.  Expansion id ``catacombs``.

"The Catacombs set has no board ... Any player entering the Catacombs is assumed to be underground,
but no one (not even the player) knows quite where": one space, ``catacombs``, in a region of its
own with no neighbours (``data/talisman/expansions/catacombs/board.yaml``).  It joins the game only
through the hook points of :mod:`talisman.expansions`:

- the ways in are Places that stay (six in the Adventure deck, two each in the Dungeon, City and
  Timescape decks; docs/rulings.md) whose visit offers ``catacombs_enter``;
- ``before_movement``: "Each turn a Character is in the Catacombs, draw a Catacombs card and follow
  the encounter as usual": no move (the movement replaced);
- ``before_encounter``: the encounter is the space's own, never another character (nobody knows
  where the others are); ``draw_deck``: the Catacombs space draws Catacombs cards;
- ``turn_ended``: "Cards encountered do not remain in play unless a player takes them": whatever
  lies on the Catacombs space is discarded (the Locales too, "whether or not they are
  encountered"; gold goes back to the bank);
- the Exit cards' ``catacombs_exit``: "if you choose to exit, roll the dice to determine where the
  Character and Party emerge" (the chart ``catacombs.yaml``, a stand-in), met as a space moved to
  by an encounter.

Events drawn elsewhere for a Region never reach the Catacombs (a region of its own), nor do Events
for every character (``effect_targets``), except the Earthquake (a stand-in Event: docs/catacombs.md);
the Blood Moon's Lunar Events are Events, their lasting effects too (docs/rulings.md R-OQ10.1).
"""
from __future__ import annotations

from pyrsistent import pvector

from ...engine.machine import decide, frame, log, push
from ...engine.records import replace
from ...definitions import DATA_FLAG, load
from ...engine.ruleset import Plugin
from ...rules import characters as chars
from ...rules import encounters, movement, spells
from ...rules.hooks import run_hook
from ...rules.kernel import set_turn_flag, update_character
from . import data

ID = "catacombs"
#: The space that stands for being underground.
SPACE = "catacombs"
#: The Catacombs deck.
DECK = "catacombs"


def setup(state):
    """Hook: the Exit chart is read (and checked) when a game is set up."""
    data.rules()
    return state


def underground(state, cid):
    ch = state.characters[cid]
    return ch.alive and ch.space == SPACE


def before_movement(state, result, character):
    """Hook: underground there is no move; the turn is the Catacombs card."""
    state, replaced = result
    if not underground(state, character):
        return result
    state = log(state, "catacombs_turn", character=character)
    return push(state, frame("catacombs.start")), True


def start(state):
    """Rule step: before the card, what may be done at the start of a turn (a Spell cast, trophies
    cashed in), as before any move; ``go_on`` draws the card."""
    cid = state.current
    if not underground(state, cid):
        return state  # a Spell took him out: the encounter is the new space's
    # a teleport has nowhere to go: "The Catacombs is NOT part of any region" (R-FC14.6)
    options = [f"cast:{sp}" for sp in spells.castable_on_turn(state, cid) if movement.may_land(state, cid, sp)]
    options += [f"cash:{w}" for w in ("strength", "craft") if chars.can_cash_in(state, cid, w)]
    if not options:
        return state
    return decide(state, cid, "catacombs_turn", ["go_on"] + options, "catacombs.turn_chosen",
                  prompt="in the Catacombs")


def turn_chosen(state, action):
    cid = state.current
    if action.kind == "go_on":
        return state
    state = push(state, frame("catacombs.start"))
    if action.kind == "cast":
        return spells.cast(state, cid, action.args[0], context="turn")
    return chars.cash_in(state, cid, action.args[0])


def before_encounter(state, result, character, space):
    """Hook: the encounter underground is the Catacombs card, never a character met."""
    state, replaced = result
    if space != SPACE or not underground(state, character):
        return result
    return encounters.encounter_space(state, character, SPACE), True


def draw_deck(state, deck, character, space):
    """Value hook: the Catacombs space draws Catacombs cards."""
    return DECK if space == SPACE and deck == "adventure" else deck


#: The card types that are Events for "Events, which effect players in other regions, will not
#: apply": the Event, and the Blood Moon's Lunar Event ("Lunar Events are treated in all respects
#: like normal Events", 003 Lunar Events).  An Omen is no Event: it is not an Adventure card and
#: is never drawn (docs/rulings.md R-OQ10.1).
EVENT_TYPES = ("event", "lunar_event")


def effect_targets(state, targets, actor, source):
    """Value hook: "The Catacombs is NOT part of any region, hence Events, which effect players in
    other regions, will not apply" (EFFECTS OF ADVENTURE CARDS): an Event drawn above ground for
    every character leaves out those underground, "EXCEPT Earthquake! In the Catacombs you are
    effects by Earthquake just as on the Main Board": a card marked ``reaches_underground`` in its
    data (the stand-in Earthquake, docs/catacombs.md) leaves nobody out.  ``actor`` None is an
    Event in play asked for whom it reaches (a Lunar Event's lasting effects: drawn above ground,
    as the Catacombs deck holds none)."""
    card = source.get("card") if source else None
    if card is None or (actor is not None and underground(state, actor)):
        return targets
    c = load().cards[card]
    if c.type not in EVENT_TYPES or (c.data or {}).get("reaches_underground"):
        return targets
    return tuple(cid for cid in targets if not underground(state, cid))


def turn_ended(state, character):
    """Hook: "Cards encountered do not remain in play unless a player takes them" (Locales:
    "discarded whether or not they are encountered")."""
    cards = list(state.board_cards.get(SPACE, ()))
    gold = state.board_gold.get(SPACE, 0)
    if not cards and not gold:
        return state
    state = replace(state, board_cards=state.board_cards.set(SPACE, pvector()),
                    board_gold=state.board_gold.discard(SPACE))
    for c in cards:
        state = chars.discard(state, c)
    return log(state, "catacombs_cleared", cards=cards, gold=gold)


def enter_effect(state, params, actor, source):
    """``catacombs_enter``: down into the Catacombs with the party; the first Catacombs card is
    the next turn's.  The card's own way in, neither a move on a board nor a teleport: no
    expansion's rule on moves straight out of its board stops it (the Dungeon's "may not Teleport
    out"; docs/rulings.md), but a way off the board's surface: ``going_underground`` is fired first
    (the party's Airship stays above, R-FIX25.1)."""
    came_from = state.characters[actor].space
    state = run_hook(state, "going_underground", character=actor, space=SPACE)
    state = update_character(state, actor, space=SPACE)
    state = set_turn_flag(state, actor, "moved")
    return log(state, "catacombs_entered", character=actor, by=source.get("card"), came_from=came_from)


def exit_effect(state, params, actor, source):
    """``catacombs_exit``: "roll the dice to determine where the Character and Party emerge!\""""
    if not underground(state, actor):
        return log(state, "effect_ignored", character=actor, effect="catacombs_exit",
                   reason="not in the Catacombs")
    return EXIT_ROLL.roll(state, f"where {actor} emerges from the Catacombs", character=actor)


def exit_kept(state, dice, character):
    """The exit roll stands: the character (his Party with him) emerges where the chart says."""
    space = data.exit_chart()["table"][str(sum(dice))]
    state = log(state, "catacombs_exited", character=character, roll=sum(dice), to=space)
    return movement.forced_move(state, character, space, True, "emerged from the Catacombs")


#: The exit roll is the character's own, ordered by the Exit card ("roll the dice to determine
#: where the Character and Party emerge!"): FATE ("a roll ordered by a card or board space") lets
#: him pay one fate to roll it again, once (rulings R-PROBE17F.2).
EXIT_ROLL = chars.OwnRoll("catacombs.exit_rolled", "catacombs.exit_fate", lambda **_: data.exit_chart()["dice"],
                          exit_kept, offer="rolled {total} to emerge from the Catacombs",
                          again="where {character} emerges, re-rolled", cause="the Catacombs' exit",
                          roller="character")


HOOKS = {"setup": setup, "before_movement": before_movement, "before_encounter": before_encounter,
         "draw_deck": draw_deck, "effect_targets": effect_targets, "turn_ended": turn_ended}
EFFECTS = {"catacombs_enter": enter_effect, "catacombs_exit": exit_effect}
_NONE = {"type": "object", "additionalProperties": False, "properties": {}}
EFFECT_SCHEMAS = {"catacombs_enter": _NONE, "catacombs_exit": _NONE}
STEPS = {**EXIT_ROLL.steps(), "catacombs.start": start,
         "catacombs.turn_chosen": turn_chosen}

#: Everything this expansion adds to a game (the API layer registers it: docs/architecture.md).
#: The keys of a card's ``data`` this expansion's rules read, and the kind of each value
#: (``Plugin.card_data``: a key no rule names stops loading, ruling R-HARDEN20.4).
CARD_DATA = {
    "reaches_underground": DATA_FLAG,
}

PLUGIN = Plugin(ID, hooks=HOOKS, steps=STEPS, effects=EFFECTS, effect_schemas=EFFECT_SCHEMAS,
                data_files={data.FILE: data.read},
                card_data=CARD_DATA)
