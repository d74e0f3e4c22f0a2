"""THE TALISMAN DUNGEON (000, lines ~944-997): a spiral board under the main board.

Joins the base game through hooks only (``talisman.expansions``):

- ``setup``: the Dungeon deck is shuffled (the four Doorways join the Adventure deck as data:
  ``data/talisman/expansions/dungeon/cards/adventure.yaml``).
- The Doorway's ``when_drawn`` effect ``dungeon_doorway``: "When there are two Doorways on the
  Board, any subsequent Doorway cards, which are drawn, are ignored; they are discarded and
  another card is drawn."  Otherwise the card stays face up as a place.
- ``before_movement``: on a space with an upturned Doorway, the character may "Move onto the
  Entrance Space of the Dungeon Board. Your Turn ends here!" (the Horse, Warhorse and Horse and
  Cart dropped there); on the Entrance, enter (roll) or return through any upturned Doorway; in
  the Dungeon, one die (a D4 for Large characters) toward the centre, or toward the Entrance when
  fleeing (declared at any time after the Entrance: offered before each roll; ended by the
  Dungeon's Sealing, R-DG10.2) or defeated in
  combat last turn; the Treasure Chamber ends movement and next turn its chart decides where
  the character emerges (+1 per character on the Crown if he chooses: R-CF9.1, over 6 read as 6); with the option
  ``king_of_the_hill`` (000 OPTIONAL RULES, KING OF THE HILL: "Any Character reaching the Treasure
  Chamber in the Dungeon may take a Talisman and exit the Dungeon at the Portal of Power") that
  move may instead take a Talisman and emerge at the Portal of Power (rulings R-DT-3).
- The movement roll is the main board's (``movement.movement_die``: the Moon Mist's extra die,
  the lower counting; ``movement_dice``: a Large character's dice are D4s here): heard by
  ``movement_rolled``, answered by the others first (``movement_roll_answers``, waiting in
  ``dungeon.roll_answered``: the Harbinger's Dark Binding), whose stop along the spiral the
  Dungeon gives (``movement_along``, ``movement_walks``) and walks (``move_elsewhere``;
  docs/rulings.md R-NC11.1): :data:`WALK`, a ``kernel.OwnWalk`` over the spiral, as the City's
  streets.  The move asks ``movement_destinations`` as the main board's (the Blood Moon's
  Guiding Light and Fright Night, the Harbinger's Bog and a roll of 1 that stays: R-FB12.3).
- ``draw_deck``: the Dungeon's spaces draw Dungeon cards (000 line 744).
- ``combat_resolved`` / ``characters_fought``: a character defeated in the Dungeon moves toward
  the Entrance on his next turn only.
- ``before_forced_move`` / ``teleport_destinations``: "Characters may not Teleport out of the
  Dungeon"; a teleport in the Dungeon (the only way through its walls) stays in it.
- Events: the board's region is ``part_of: outer`` (data); the Blizzard slows only the base
  movement roll, which the Dungeon replaces ("The Blizzard does not affect Characters in the
  Dungeon").

Its own state, ``state.ext["dungeon"]`` (all public): ``fleeing`` and ``beaten`` (character ->
True) and ``face_down`` (spaces whose Doorway is turned face down).  Nothing in it is secret,
so the player view needs no filter of its own (the Dungeon deck's order is hidden with every
other deck by the base view).  Reconstructions: docs/dungeon.md.
"""
from __future__ import annotations

import functools

import attrs
from pyrsistent import pvector
from pyrsistent.typing import PMap, PVector

from ...definitions import load
from ...errors import StateError
from ...engine.data import check_ref, load_table
from ...engine.machine import decide, log, push, frame, request_roll
from ...engine.records import deep_freeze, replace
from ...engine.ruleset import Plugin, declare, no_results
from ...engine.dice import shuffle
from ...rules import characters as chars, encounters, movement, possessions
from ...rules.hooks import adjust, run_hook
from ...rules.kernel import ExtSlice, OwnWalk, end_turn_now, remove_drawn, set_turn_flag
from ...rules.slice_values import CHARACTER, FLAG, SPACE, checked, list_of, map_of
from ...state import ExtRecord, map_field, update_character, vector_field

ID = "dungeon"
REGION = "dungeon"
#: The cause a move down a Doorway onto the Entrance is asked with (``before_forced_move``).
DOWN = "a Doorway down to the Dungeon"
#: The Doorway cards: the Dungeon's own (main board) and the City deck's (the Scout: "two on the
#: Main Board and one in the City"); only the main board's count towards "two Doorways".
DOORWAY = "dungeon_doorway"
DOORWAYS = (DOORWAY, "city_doorway")
MAX_DOORWAYS = 2
#: "The Horse, Warhorse, and Horse and Cart may not be taken into the dungeon": the Animals of
#: the breed ``horse`` (a card's ``breed``; the engine has no Horse card yet: rulings R-FB12.1).
BARRED = ("horse",)
#: The step a movement roll in the Dungeon waits in while others answer it (Dark Binding).
WAITING = "dungeon.roll_answered"
#: Effects that name a side of the spiral.
BACK, ON = "dungeon_back", "dungeon_on"


def spiral():
    """The Dungeon's spaces from the Entrance (0) to the Treasure Chamber (last)."""
    return load().board.regions[REGION]


def entrance_space():
    """The Entrance, the spiral's way in and out (the Dungeon board's role ``dungeon_entrance``)."""
    return load().board.role("dungeon_entrance")


def treasure_space():
    """The Treasure Chamber, the spiral's end (the Dungeon board's role ``treasure_chamber``)."""
    return load().board.role("treasure_chamber")


def in_dungeon(state, cid):
    return state.characters[cid].space in spiral()


#: ``chart.yaml``: a row for each die result 1-6, each a space of the board (checked on load).
CHART_SCHEMA = {
    "type": "object", "additionalProperties": False, "required": ["chart", "source", "table"],
    "properties": {"chart": {"type": "string"}, "source": {"type": "string", "minLength": 1},
                   "stand_in": {"type": "array", "items": {"type": "string"}},
                   "table": {"type": "object", "additionalProperties": False,
                             "required": [str(n) for n in range(1, 7)],
                             "properties": {str(n): {"type": "string"} for n in range(1, 7)}}},
}


def _check_chart(path, doc, defs):
    for row, space in doc["table"].items():
        check_ref(path, "table", row, space, defs.board.spaces, "space")


#: The Treasure Chamber Chart, under ``data/talisman`` (registered on the plugin: read by the loader).
FILE = f"expansions/{ID}/chart.yaml"


def read_chart(path, defs):
    """The Treasure Chamber Chart: die result (1-6) -> the space where the character emerges
    (``chart.yaml``, validated: a malformed copy is a DataError naming file, entry, field)."""
    doc = load_table(path, CHART_SCHEMA, lambda p, doc: _check_chart(p, doc, defs))
    return deep_freeze({int(k): v for k, v in doc["table"].items()})


@functools.lru_cache(maxsize=None)
def chart():
    """The Treasure Chamber Chart, as the data loader read it."""
    return load().tables[FILE]


# --- own state ----------------------------------------------------------------------------------

@attrs.frozen
class Dungeon(ExtRecord):
    """``state.ext["dungeon"]`` (the fields above)."""

    fleeing: PMap[str, bool] = map_field(checked(map_of(CHARACTER, FLAG)))
    beaten: PMap[str, bool] = map_field(checked(map_of(CHARACTER, FLAG)))
    face_down: PVector[str] = vector_field(checked(list_of(SPACE)))


SLICE = ExtSlice(ID, Dungeon)


def _ext(state) -> Dungeon:
    return SLICE.of(state)


def _mark(state, key, cid, value):
    table = getattr(_ext(state), key)
    table = table.discard(cid) if not value else table.set(cid, True)
    return SLICE.put(state, **{key: table})


def fleeing(state, cid):
    return bool(_ext(state).fleeing.get(cid))


def beaten(state, cid):
    return bool(_ext(state).beaten.get(cid))


def doorways(state, main_only=False):
    """The spaces with an upturned Doorway (one entry per card), in board order."""
    down = set(_ext(state).face_down)
    kinds = (DOORWAY,) if main_only else DOORWAYS
    return [s for s, cards in sorted(state.board_cards.items()) for c in cards
            if c in kinds and s not in down]


def entrance_ways(state, spaces, entrance):
    """Value hook: the ways down onto the Dungeon's Entrance (and back out from it) are its
    upturned Doorways, for another board's figure that asks (the Blood Moon's Werewolf):
    "you may return to the Main Board through any upturned Doorway"."""
    return tuple(spaces) + tuple(doorways(state)) if entrance == entrance_space() else spaces


def sealed(state):
    """"Should all Doorways to the Dungeon be removed from play or turned face down, the
    Dungeon is Sealed": no upturned Doorway on the board (one still in the Adventure deck counts
    for none: docs/rulings.md R-PROBE16A.2)."""
    return not doorways(state)


# --- hooks --------------------------------------------------------------------------------------

def setup(state):
    cards, dice = shuffle(state.dice, state.decks.get("dungeon", ()))
    state = replace(state, dice=dice, decks=state.decks.set("dungeon", pvector(cards)))
    return SLICE.init(state)


def draw_deck(state, deck, character, space):
    """Value hook: a Dungeon space's draw is of Dungeon cards, in place of the Adventure deck
    (a deck another expansion's rule put there already stays)."""
    return "dungeon" if space in spiral() and deck == "adventure" else deck


def before_movement(state, result, character):
    """The Dungeon's own movement (on the spiral, or down a Doorway) replaces the base one."""
    state, replaced = result
    cid = character
    ch = state.characters[cid]
    if replaced:
        return result  # another expansion moves the character its own way (the City's streets)
    space = ch.space
    if space in spiral() and ch.next_move is not None:
        # a "next move" naming a space off the spiral would leave the Dungeon some other way
        # than its exits: ignored (the move is the Dungeon's)
        state = update_character(state, cid, next_move=None)
        state = log(state, "effect_ignored", character=cid, reason="in the Dungeon")
        ch = state.characters[cid]
    if ch.next_move is not None:
        return state, False
    if space not in spiral():
        if space in doorways(state) and not ch.flag("dg_declined"):
            # CHARACTER'S TURN: going down is the turn's Movement ("On your next turn you may
            # Move onto the Entrance Space"); another's Immobility freezes "the character whose
            # turn is starting", before any of it (R-MV10.2): the window first, the way down after
            frozen = movement.offer_freeze(state, cid, "movement.start")
            if frozen is not None:
                return frozen, True
            return decide(state, cid, "move", ["roll", f"move:{entrance_space()}"], "dungeon.doorway_chosen",
                          prompt="roll, or go down to the Entrance of the Dungeon"), True
        return state, False
    # Immobility, "wherever they are": another's freeze as the turn starts, before the
    # Dungeon's move (as on the main board: ``movement.offer_freeze``; R-DS9.1)
    frozen = movement.offer_freeze(state, cid, "movement.start")
    if frozen is not None:
        return frozen, True
    return _on_the_spiral(state, cid, space), True


def _on_the_spiral(state, cid, space):
    """The move from a space of the spiral (the Treasure Chamber's chart, the Entrance's ways);
    before it, what the main board offers before a roll ("in the same manner as Movement on the
    outer and Middle Regions": :func:`before_roll_options`)."""
    extra = before_roll_options(state, cid)
    if space == treasure_space():
        ways = [f"move:{load().board.role('portal')}"] if state.option("king_of_the_hill") else []
        if not ways and not extra:
            return chart_roll(state, cid)
        # KING OF THE HILL: "may take a Talisman and exit the Dungeon at the Portal of Power"
        return decide(state, cid, "move", ["roll"] + ways + extra, "dungeon.treasure_chosen",
                      prompt="the Treasure Chamber Chart" + (", or take a Talisman and exit at the "
                                                             "Portal of Power" if ways else ""))
    if space == entrance_space():
        state = _mark(state, "fleeing", cid, False)
        state = _mark(state, "beaten", cid, False)
        out = [] if sealed(state) else [f"move:{d}" for d in dict.fromkeys(doorways(state))]
        return decide(state, cid, "move", ["roll"] + out + extra, "dungeon.entrance_chosen",
                      prompt="enter the Dungeon, or return through an upturned Doorway")
    if fleeing(state, cid) and sealed(state):
        # "Any Characters in the Dungeon when it is Sealed, must exit through the Treasure
        # Chamber": the flight toward the Entrance ends (rulings R-DG10.2)
        state = _mark(state, "fleeing", cid, False)
        state = log(state, "dungeon_fleeing_ended", character=cid, reason="the Dungeon is Sealed")
    options = ["roll"]
    if not fleeing(state, cid) and not sealed(state):
        options.append("flee")  # "At any time, after you have left the Entrance Space"
    return decide(state, cid, "move", options + extra, "dungeon.move_chosen", prompt="in the Dungeon")


def before_roll_options(state, cid):
    """The main board's choices before the roll (``movement.before_roll_options``: "in the same
    manner as Movement on the outer and Middle Regions", R-DT-6), less what THE TALISMAN DUNGEON
    forbids: a Spell or Scroll whose teleport has nowhere to go (``movement.may_land``; a teleport
    stays in the Dungeon: ``teleport_destinations``), the Warlock's quest delivered (its
    "teleported back here" would leave it: "Characters may not Teleport out of the Dungeon",
    R-DS9.2), a Raft (no river runs here)."""
    return movement.before_roll_options(state, cid, keep=lambda o: _kept(state, cid, o))


def _kept(state, cid, option):
    # a card whose teleport has nowhere to go (none from the Treasure Chamber, whose way out is
    # the chart: "Characters may not Teleport out of the Dungeon") is left out by
    # ``movement.before_roll_options`` itself (``movement.may_land``, R-FC14.6)
    return option.split(":", 1)[0] in BEFORE_ROLL


#: The kinds of action :func:`before_roll_options` offers (taken the main board's way,
#: ``movement.before_roll``): not ``quest`` (R-DS9.2), not ``raft``.
BEFORE_ROLL = ("cast", "read", "cash", "align", "woods", "exchange", "dispel", "drop")


def turn_started(state, character):
    """A Doorway on another board (the City's: "two on the Main Board and one in the City"): the
    way down is offered at the start of the turn, before that board's own movement takes the
    move (a lost turn only rights the piece)."""
    ch = state.characters[character]
    space = ch.space
    if (not ch.alive or space in spiral() or load().board.origin.get(space) in (None, ID)
            or space not in doorways(state) or not any(f.step == "movement.start" for f in state.stack)):
        return state
    # another's Immobility first, as on a main-board Doorway (R-MV10.2); passed, the way down
    frozen = movement.offer_freeze(state, character, "dungeon.city_doorway")
    if frozen is not None:
        return frozen
    return decide(state, character, "move", ["roll", f"move:{entrance_space()}"], "dungeon.doorway_chosen",
                  prompt="move on, or go down to the Entrance of the Dungeon", city=True)


def city_doorway(state):
    """Rule step: the Immobility window passed, the way down a City Doorway is offered."""
    return turn_started(state, state.current)


@declare(changes_results=no_results, roll_blind=True, reads_no_roll=True,
         reads_no_fate=True)  # (it reads the result only)
def combat_resolved(state, character, result):
    """"If a Character is defeated in Combat, or Psychic Combat, they must Move toward the
    Entrance on their next turn only.\""""
    if result == "lost" and character in state.characters and in_dungeon(state, character):
        state = _mark(state, "beaten", character, True)
        state = log(state, "dungeon_beaten", character=character)
    return state


def characters_fought(state, victor, loser, kind):
    if in_dungeon(state, loser) and not beaten(state, loser):
        state = _mark(state, "beaten", loser, True)
        state = log(state, "dungeon_beaten", character=loser)
    return state


#: Space instructions in the expansion's own effects (the board file's schema knows only the base
#: effects): "Lost in the dark: move back 2 spaces toward the Entrance" (a stand-in, case A).
SPACE_EFFECTS = {"dg_chamber_of_darkness": deep_freeze([{BACK: {"spaces": 2}}])}


def space_effect(state, effects, space):
    return tuple(effects) + tuple(SPACE_EFFECTS.get(space, ()))


def before_forced_move(state, result, character, space, cause):
    """"Characters may not Teleport out of the Dungeon" (every move straight out counts).  A
    character sent into the Dungeon from outside it (the Demon Lord's barrier chart: the Torture
    Chamber) enters it all the same: "The Horse, Warhorse, and Horse and Cart may not be taken into
    the dungeon. They are dropped on the Entrance Space" (rulings TS23)."""
    state, refused = result
    inside = in_dungeon(state, character)
    if inside and space not in spiral():
        return log(state, "effect_ignored", character=character, space=space,
                   reason="no teleporting out of the Dungeon"), True
    if not inside and not refused and space in spiral():
        return drop_animals(state, character), refused
    if inside and not refused and character == state.current and not state.characters[character].flag("moved"):
        # a teleport taken as the turn's move (before the roll): the defeat's move back is made
        # ("on their next turn only")
        state = _mark(state, "beaten", character, False)
    return state, refused


def teleport_destinations(state, spaces, character, region):
    """In the Dungeon a teleport (through its walls) reaches only the Dungeon's spaces, toward the
    centre ("Movement must be toward the center"; backward only in the rule's cases: fleeing, or
    defeated last turn, then toward the Entrance only, rulings R-DT-5); outside it never reaches
    them (the way in is a Doorway)."""
    here = state.characters[character].space
    ring = spiral()
    if here in ring:
        i = ring.index(here)
        return tuple(ring[:i][::-1]) if backward(state, character) else tuple(ring[i + 1:])
    return tuple(s for s in spaces if s not in ring)


# --- effects ------------------------------------------------------------------------------------

def doorway_drawn(state, params, actor, source):
    """The Doorway's ``when_drawn``: a third Doorway on the Board is discarded and another card
    drawn in its place (that card, a Doorway too, is "subsequent" in its turn: ignored again,
    until another card comes)."""
    space = source["space"]
    # the Doorway drawn is under resolution (state.resolving), not yet among those on the Board
    drawn = 1 if source["card"] in state.resolving.get(space, ()) else 0
    if len(doorways(state, main_only=True)) + drawn <= MAX_DOORWAYS:
        return log(state, "doorway_found", character=actor, space=space)
    # the copy ignored is the one drawn, under resolution: not a copy already found on the space
    # (in a draw of several cards the Doorways found lie there, alike; taking one of those would
    # leave one Doorway fewer on the Board until the drawn one settled, and the card drawn in
    # its place would be counted against one Doorway only: kept, a third on the Board)
    state = remove_drawn(state, space, source["card"])
    state = chars.discard(state, source["card"])
    state = log(state, "doorway_ignored", character=actor, space=space)
    return encounters.draw_cards(state, actor, space, 1, "adventure")


def back(state, params, actor, source):
    """A Dungeon Card or Space says move back (case A): ``spaces`` toward the Entrance."""
    return _instructed(state, actor, -params["spaces"])


def on(state, params, actor, source):
    return _instructed(state, actor, params["spaces"])


def _instructed(state, cid, steps):
    """A card's or space's move along the spiral: the space reached is met next, as after any move
    an encounter makes (ENCOUNTERS IN THE MIDDLE, OUTER & FAR-OUTER REGIONS: "or a Space to which
    they are Moved as a result of an Encounter"; ``movement.forced_move`` does so on the main
    board)."""
    here = state.characters[cid].space
    state = walk(state, cid, steps, cause="instructed")
    ch = state.characters[cid]
    if ch.space != here and cid == state.current and ch.flag("phase") == "encounter":
        state = set_turn_flag(state, cid, "encounter_again", True)
    return state


def walk(state, cid, steps, cause):
    """Move ``steps`` along the spiral (negative: toward the Entrance), stopping on the Entrance
    or in the Treasure Chamber ("Upon entering the Treasure Chamber, your Movement ends")."""
    ring = spiral()
    here = state.characters[cid].space
    if here not in ring:
        return log(state, "effect_ignored", character=cid, reason="not in the Dungeon")
    i = ring.index(here)
    j = max(0, min(len(ring) - 1, i + steps))
    path = list(ring[i + 1:j + 1]) if j > i else list(reversed(ring[j:i]))
    if not path:
        return log(state, "stayed", character=cid, space=here)
    state = update_character(state, cid, space=ring[j], hold=None)
    state = set_turn_flag(state, cid, "moved")
    state = log(state, "moved", character=cid, path=path, to=ring[j], cause=cause)
    if ring[j] == entrance_space():
        state = _mark(state, "fleeing", cid, False)
        state = log(state, "dungeon_entrance_reached", character=cid)
    return state


# --- steps --------------------------------------------------------------------------------------

def doorway_chosen(state, action, city=False):
    cid = state.current
    if action.kind == "roll":
        state = set_turn_flag(state, cid, "dg_declined")
        if city:
            return state  # the turn's movement (that board's) comes next
        return push(state, frame("movement.start"))
    return enter(state, cid)


def enter(state, cid):
    """Onto the Entrance; the animals stay there; "Your Turn ends here!".  Going down is a move
    straight onto the Entrance, asked of ``before_forced_move`` (cause :data:`DOWN`) as every other
    way off a board is: another board's own rule may refuse it (from the City, "It is possible to
    leave the City by entering the Dungeon, if a Character draws or lands on a Dungeon doorway",
    and a Loan unpaid makes him a Toad where he stands instead).  Refused, his turn ends there."""
    state, refused = adjust(state, "before_forced_move", (state, False), character=cid,
                            space=entrance_space(), cause=DOWN)
    if refused:
        return end_turn_now(state)
    state = drop_animals(state, cid)
    state = update_character(state, cid, space=entrance_space(), hold=None)
    state = set_turn_flag(state, cid, "moved")
    state = log(state, "moved", character=cid, path=[entrance_space()], to=entrance_space())
    state = log(state, "dungeon_entered", character=cid)
    return end_turn_now(state)


def drop_animals(state, cid):
    """"The Horse, Warhorse, and Horse and Cart may not be taken into the dungeon. They are
    dropped on the Entrance Space" (with the Objects only they carried)."""
    left = [f for f in state.characters[cid].followers if chars.is_animal(f, BARRED)]
    return chars.leave_followers(state, cid, left, entrance_space(), "left_at_entrance")


def die(state, cid):
    """The dice of a movement roll in the Dungeon: the main board's (``movement.movement_die``,
    the Moon Mist's extra die too: rulings R-MM9, R-CF10.1), of the kind :func:`movement_dice`
    makes them."""
    return movement.movement_die(state, cid)


def movement_dice(state, spec, character):
    """Value hook ``movement_dice``: "Large Characters must roll a D4 for Movement in the
    Dungeon"; others their usual die.  The count of dice another hook set (the Moon Mist's two)
    is kept, only the kind changed, so the order of the hooks does not matter.  The D4 holds under
    the option ``movement_die: d6`` too (docs/rulings.md R-PROBE16A.1)."""
    if load().characters[character].size != "L" or not in_dungeon(state, character):
        return spec
    count = spec.split("d", 1)[0]
    return f"{count}d4"


def _walks(state, cid, steps):
    """``{end: spaces}``: the move of ``steps`` along the spiral, the spaces it passes, its end
    last (the way it goes: :func:`backward`; the Entrance and the Treasure Chamber stop it); none
    when it goes nowhere."""
    ring = spiral()
    i = ring.index(state.characters[cid].space)
    j = destination(state, cid, steps)
    path = tuple(ring[i + 1:j + 1]) if j > i else tuple(reversed(ring[j:i]))
    return {path[-1]: path} if path else {}


#: The spiral's walk for the hook points that read a move's walk (docs/rulings.md R-NC11.1,
#: R-FB12.3): ``movement_walks`` (the way the move goes, for the ``movement_destinations``
#: subscribers: the Blood Moon's Guiding Light and Fright Night, Dark Binding's choice),
#: ``movement_along`` (every space of the spiral a roll or fewer reaches the way the move goes,
#: toward the centre or toward the Entrance when fleeing or defeated last turn: Dark Binding) and
#: ``move_elsewhere`` (a stop another added, by the shortest count, as his own move: :func:`go`).
WALK = OwnWalk(on_board=in_dungeon, walks=_walks,
               pairs=lambda path: tuple((s, "step") for s in path),
               walk=lambda state, cid, steps, path: go(state, cid, steps))


def entrance_chosen(state, action):
    cid = state.current
    if action.kind in BEFORE_ROLL:
        return movement.before_roll(state, action)  # then ``movement.start``: back here
    if action.kind == "roll":
        return request_roll(state, die(state, cid), f"movement of {cid} in the Dungeon",
                            "dungeon.rolled")
    dest = action.args[0]
    state = update_character(state, cid, space=dest, hold=None)
    state = set_turn_flag(state, cid, "moved")
    state = log(state, "moved", character=cid, path=[dest], to=dest)
    return log(state, "dungeon_left", character=cid, to=dest)


def move_chosen(state, action):
    cid = state.current
    if action.kind in BEFORE_ROLL:
        return movement.before_roll(state, action)  # then ``movement.start``: back here
    if action.kind == "flee":
        state = _mark(state, "fleeing", cid, True)
        state = log(state, "dungeon_fleeing", character=cid)
    return request_roll(state, die(state, cid), f"movement of {cid} in the Dungeon", "dungeon.rolled")


def rolled(state, action, rerolled=False, kept=None):
    """Rule step: the roll is made.  "In the same manner as Movement on the outer and Middle
    Regions": the ``movement_rolled`` hook hears it (the Werewolf stirs on a 1), the others answer
    it before the mover chooses (``movement_roll_answers``: the Harbinger's Dark Binding, cast
    "after another character's movement roll"), and of several dice (the Moon Mist's) the one the
    ``movement_count`` hook names counts (docs/rulings.md R-NB11.3, R-NC11.1)."""
    cid = state.current
    new, action = action.dice, chars.rerolled_roll(action, kept)  # (one die re-rolled: R-RF14.1)
    n = sum(action.dice)
    count = movement.counted_roll(state, cid, n, action.dice)
    state = log(state, "movement_roll", character=cid, roll=n)
    if rerolled:  # a Fate re-roll, as the main board's and the City's: its hook sees the dice (R-NB11.3)
        state = chars.fate_rerolled(state, cid, new, "movement")
    # a roll "for his move" as any (003 MOVING THE WEREWOLF: the Werewolf stirs on a 1; R-NB11.3)
    state = run_hook(state, "movement_rolled", character=cid, roll=n, dice=action.dice)
    first = adjust(state, "movement_roll_answers", (), character=cid, roll=n, dice=action.dice,
                   waiting=WAITING)
    if first:
        return push(state, frame(WAITING, character=cid, roll=count, dice=list(action.dice)),
                    *reversed(first))
    return offer(state, cid, count, action.dice)


def roll_answered(state, character, roll, replaced=False, dice=None):
    """Rule step: the roll's answers are done; the mover chooses (unless one took the move)."""
    return state if replaced else offer(state, character, roll, dice)


def offer(state, cid, n, dice=None):
    """The mover's move on a roll counting ``n`` (``dice``: the dice rolled): the spiral's one
    destination, as the ``movement_destinations`` hook point makes it, as on the main board and in
    the City's streets ("in the same manner as Movement on the outer and Middle Regions": a stop
    on the way, the Blood Moon's Guiding Light and Fright Night; docs/rulings.md R-FB12.3); the
    Fate re-roll.  With one destination, the spiral's own, and no Fate to spend, he goes."""
    ch = state.characters[cid]
    own = spiral()[destination(state, cid, n)]
    dests = adjust(state, "movement_destinations", (own,), character=cid, roll=n,
                   dice=tuple(dice or (n,)))
    if not dests:
        return log(state, "no_move", character=cid, space=ch.space)
    # FATE: pay one to roll the movement die again (as on the main board)
    rerolls = movement.offer_reroll(state, cid, dice or (n,))
    if tuple(dests) == (own,) and not rerolls:
        return go(state, cid, n)
    options = [f"move:{d}" for d in dests] + rerolls
    several = {"dice": list(dice)} if dice is not None and len(dice) > 1 else {}
    return decide(state, cid, "move", options, "dungeon.roll_kept",
                  prompt=movement.roll_prompt(state, cid, n, dice, where="the Dungeon"), roll=n, **several)


def roll_kept(state, action, roll, dice=None):
    """The move chosen: the spiral's own count, a stop the ``movement_destinations`` hook point
    added (walked by the shortest count that reaches it: ``move_elsewhere``, :data:`WALK`),
    staying put (the character's own space: he stays and meets it, as on the main board), or the
    Fate re-roll."""
    cid = state.current
    if action.kind == "fate":
        return movement.pay_reroll(state, cid, dice or (roll,), action, f"movement re-roll of {cid}",
                                   "dungeon.rolled", rerolled=True)
    here, dest = state.characters[cid].space, action.args[0]
    if dest == spiral()[destination(state, cid, roll)]:
        return go(state, cid, roll)
    if dest == here:
        state = _mark(state, "beaten", cid, False)  # "on their next turn only"
        return log(set_turn_flag(state, cid, "moved"), "stayed", character=cid, space=here)
    state, handled = adjust(state, "move_elsewhere", (state, False), character=cid, dest=dest, roll=roll)
    if not handled:
        raise StateError("state.pending", f"dungeon.roll_kept: no walk of {roll!r} from {here} to {dest}")
    return state


def backward(state, cid):
    """Toward the Entrance: when defeated last turn (case B), or fleeing (case C) while the Dungeon
    is not Sealed (a Sealed Dungeon's way out is the Treasure Chamber: rulings R-DG10.2)."""
    return state.characters[cid].space != entrance_space() and (
        beaten(state, cid) or (fleeing(state, cid) and not sealed(state)))


def destination(state, cid, n):
    """The order of the space a roll of ``n`` reaches (the Entrance and the Treasure Chamber stop it)."""
    ring = spiral()
    i = ring.index(state.characters[cid].space)
    return max(0, min(len(ring) - 1, i + (-n if backward(state, cid) else n)))


def go(state, cid, n):
    back = backward(state, cid)
    flight = back and fleeing(state, cid) and not sealed(state)
    state = _mark(state, "beaten", cid, False)  # "on their next turn only"
    return walk(state, cid, -n if back else n, cause="fleeing" if flight else
                "defeated" if back else "movement")


def chart_roll(state, cid):
    return CHART.roll(state, f"the Treasure Chamber Chart for {cid}")


def treasure_chosen(state, action):
    """KING OF THE HILL (with the option): the chart, or "take a Talisman and exit the Dungeon at
    the Portal of Power" (the Talisman from the stock: none left, none taken; the exit all the
    same)."""
    cid = state.current
    if action.kind in BEFORE_ROLL:
        return movement.before_roll(state, action)  # then ``movement.start``: back here
    if action.kind == "roll":
        return chart_roll(state, cid)
    state = log(state, "king_of_the_hill_talisman", character=cid)
    state = possessions.gain_talisman(state, {}, cid, {"space": treasure_space()})
    return emerge(state, cid, load().board.role("portal"))


def emerged(state, dice):
    """The Treasure Chamber Chart: "You may add 1 to your die roll for each Character already on
    the Crown of Command Space" (his choice, once the die is seen: the bonus or none, docs/rulings.md
    R-CF9.1); over 6 read as 6.  When the bonus changes nothing it is simply added."""
    cid = state.current
    roll, on_crown = sum(dice), crowned(state, cid)
    added, plain = chart()[min(6, roll + on_crown)], chart()[min(6, roll)]
    if added != plain:
        return decide(state, cid, "move", [f"move:{added}", f"move:{plain}"], "dungeon.chart_chosen",
                      prompt=f"the Treasure Chamber Chart: {roll}, add {on_crown} for the Crown or not",
                      roll=roll, bonus=on_crown)
    return chart_result(state, cid, roll, on_crown)


#: The chart's die is the character's own roll, "you roll a die ... This is your Move for this
#: turn": FATE (talisman-facts-verified.md 3: "his movement", "a roll ordered by a card or board
#: space") lets him pay one fate, once, to roll it again.
CHART = chars.OwnRoll("dungeon.emerged", "dungeon.chart_fate", "d6", emerged,
                      offer="rolled {total} on the Treasure Chamber Chart",
                      again="the Treasure Chamber Chart for {cid}, re-rolled",
                      cause="the Treasure Chamber Chart", roller=None)


def chart_chosen(state, action, roll, bonus):
    """The chart's bonus taken (``move:`` the row with it) or not (the row of the die alone)."""
    cid = state.current
    return chart_result(state, cid, roll, bonus if action.args[0] == chart()[min(6, roll + bonus)] else 0)


def chart_result(state, cid, roll, bonus):
    total = min(6, roll + bonus)
    dest = chart()[total]
    state = log(state, "treasure_chamber_chart", character=cid, roll=roll, bonus=bonus,
                result=total, to=dest)
    return emerge(state, cid, dest)


def crowned(state, cid):
    """The Treasure Chamber Chart's bonus for ``cid``: "You may add 1 to your die roll for each
    Character already on the Crown of Command Space"."""
    return sum(1 for o in state.order if o != cid and state.characters[o].alive
               and state.characters[o].space == load().board.role("crown"))


def emerge(state, cid, dest):
    """Out of the Treasure Chamber onto ``dest`` (this is the turn's move)."""
    state = _mark(state, "fleeing", cid, False)
    state = _mark(state, "beaten", cid, False)
    state = update_character(state, cid, space=dest, hold=None)
    state = set_turn_flag(state, cid, "moved")
    state = log(state, "moved", character=cid, path=[dest], to=dest)
    if dest == load().board.role("crown"):
        state = log(state, "crown_reached", character=cid)
        state = replace(state, crown_reached=True)
    return state


HOOKS = {"setup": setup, "turn_started": turn_started, "draw_deck": draw_deck, "space_effect": space_effect, "before_movement": before_movement,
         "combat_resolved": combat_resolved, "characters_fought": characters_fought,
         "before_forced_move": before_forced_move, "teleport_destinations": teleport_destinations,
         "entrance_ways": entrance_ways, "movement_dice": movement_dice,
         **WALK.hooks()}  # movement_walks, movement_along, move_elsewhere

STEPS = {"dungeon.doorway_chosen": doorway_chosen, "dungeon.city_doorway": city_doorway,
         "dungeon.entrance_chosen": entrance_chosen,
         "dungeon.move_chosen": move_chosen, "dungeon.rolled": rolled, "dungeon.roll_kept": roll_kept,
         WAITING: roll_answered, **CHART.steps(),
         "dungeon.treasure_chosen": treasure_chosen, "dungeon.chart_chosen": chart_chosen}

EFFECTS = {"dungeon_doorway": doorway_drawn, BACK: back, ON: on}
_STEPS = {"type": "object", "additionalProperties": False, "required": ["spaces"],
          "properties": {"spaces": {"type": "integer", "minimum": 1}}}
EFFECT_SCHEMAS = {"dungeon_doorway": {"type": "object", "additionalProperties": False, "properties": {}},
                  BACK: _STEPS, ON: _STEPS}

#: Everything this expansion adds to a game (the API layer registers it: docs/architecture.md).
PLUGIN = Plugin("dungeon", hooks=HOOKS, steps=STEPS, effects=EFFECTS, effect_schemas=EFFECT_SCHEMAS,
                data_files={FILE: read_chart})
