"""THE WIZARD'S TOWER (000): a path of rooms from the Portal of Power to the Crown of Command.

Joins the base game through hooks only (``talisman.expansions``):

- ``before_movement``: a character starting its move on the Portal of Power may enter by the
  Door instead of rolling ("Characters entering the Wizard's Tower must end their move on the
  DOOR space": entering is the whole move); inside, "The die is not rolled for Movement.
  Characters Move only 1 space per Turn", forward only when the room's instructions are
  completed, back towards the Portal "at any time": a step back by choice ignores the room it
  enters, and next turn he may go on again or further back; one who MUST retreat (the Dragon
  Prince, Dice with Death) goes back until out (docs/rulings.md R-WT13.5).  From the Antechamber
  (or the Door) back to the Portal of Power is one move.
- ``before_encounter``: the rooms' instructions (Antechamber Gargoyle 3D6+4, Dice with Death,
  Magical Trap, Pit Trap, Dragon Prince, then the Crown of Command); a character stepping back
  ignores them but may meet a character in the room (R-WT13.7).
- ``combat_options``: "A Character may Encounter another Character in the Wizard's Tower,
  however, no Magic Object, Magic Item, Spells or Scrolls will work": no Spell nor Scroll in a
  combat between characters in the Tower, whoever casts it; ``character_score``: Magic Objects
  add nothing there (R-WT13.2: the rooms' creatures are fought with them); the Holy Lance's bonus
  against Dragons counts against the Dragon Prince ("Objects and Items that give bonuses against
  dragons do (e.g. the Holy Lance does add 3 ...)": the Strength each such card adds is data,
  ``tower.yaml``'s ``against_dragons``).

The rooms' numbers (the Gargoyle, Death's dice, the traps, the Dragon Prince, the bonuses against
dragons) are ``data/talisman/expansions/wizards_tower/tower.yaml``.

Its own state, ``state.ext["wizards_tower"]``: ``cleared`` (character -> the room whose
instructions it completed, or that he stepped back into) and ``retreating`` (characters who must
go out: a step back by choice is the turn flag ``wt_back``).
Stand-ins and what is missing: docs/endings.md, "The Wizard's Tower".
"""
from __future__ import annotations

import functools

import attrs
from pyrsistent.typing import PMap

from ...engine.data import data_root, load_yaml, validate
from ...engine.ruleset import Plugin
from ...definitions import load
from ...engine.machine import decide, frame, log, push, request_roll
from ...engine.records import deep_freeze, replace
from ...errors import DataError
from ...state import ExtRecord, absent_field, map_field, update_character
from ...rules.kernel import ExtSlice
from ...rules.slice_values import CHARACTER, COUNT, FLAG, checked, map_of
from ...rules.hooks import run_hook
from ...rules import characters as chars, combat, encounters, inner_region, movement, spells

ID = "wizards_tower"


@functools.lru_cache(maxsize=None)
def rooms() -> tuple[str, ...]:
    """The rooms of the Wizard's Tower from the Door to its Crown of Command: the Tower's region of
    the board in the data, in the order of the text (``wizards_tower/board.yaml``); each must be a
    room whose encounter this module plays (:data:`ROOM_ENCOUNTERS`)."""
    path = data_root() / "talisman" / "expansions" / ID / "board.yaml"
    order = load().board.regions.get(ID)
    if not order:
        raise DataError(path, ID, "regions", "the Wizard's Tower's region (its rooms in order) is missing")
    for room in order:
        if room not in ROOM_ENCOUNTERS:
            raise DataError(path, ID, "regions", f"no encounter of the Tower plays the room {room!r} "
                                                 f"(known: {', '.join(ROOM_ENCOUNTERS)})")
    return order


def _room(value):
    """A room of the Tower (``cleared`` holds only these: a room's instructions done, or stepped
    back into)."""
    return None if value in rooms() else ("", f"a room of the Wizard's Tower ({', '.join(rooms())})", value)


#: "Mules, Horses, Horses and Carts, and Warhorses cannot enter": the Animals of these breeds (a
#: card's ``breed``: the Mules, and the Horses, none of which the engine has yet; rulings R-FB12.1).
BARRED = ("mule", "horse")
_DICE = {"type": "string", "pattern": "^[0-9]+d[0-9]+$"}
_COUNTERS = {"type": "object", "additionalProperties": False, "required": ["strength", "craft"],
             "properties": {"strength": {"type": "integer", "minimum": 0},
                            "craft": {"type": "integer", "minimum": 0}}}
TOWER_SCHEMA = {
    "type": "object", "additionalProperties": False,
    "required": ["gargoyle", "death_dice", "trap_loss", "dragon_prince", "against_dragons"],
    "properties": {
        "source": {"type": "string"},
        "gargoyle": {"type": "object", "additionalProperties": False, "required": ["dice", "add"],
                     "properties": {"dice": _DICE, "add": {"type": "integer"}}},
        "death_dice": _DICE,
        "trap_loss": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 6}},
        "dragon_prince": _COUNTERS,
        "against_dragons": {"type": "object", "additionalProperties": {"type": "integer"}}}}


#: The rooms' numbers, under ``data/talisman`` (registered on the plugin: read by the loader).
FILE = f"expansions/{ID}/tower.yaml"


def read_tower(path, defs):
    """``data/talisman/expansions/wizards_tower/tower.yaml`` (the rooms' numbers), validated
    (frozen); every card it names must be a card of ``defs``."""
    doc = validate(path, load_yaml(path), TOWER_SCHEMA)
    for card in doc["against_dragons"]:
        if card not in defs.cards:
            raise DataError(path, "against_dragons", card, f"no such card {card!r}")
    return deep_freeze(doc)


@functools.lru_cache(maxsize=None)
def tower_data():
    """The rooms' numbers, as the data loader read them."""
    return load().tables[FILE]


# --- own state ----------------------------------------------------------------------------------

@attrs.frozen
class WizardsTower(ExtRecord):
    """``state.ext["wizards_tower"]`` (the fields above)."""

    cleared: PMap[str, str] = map_field(checked(map_of(CHARACTER, _room)))
    retreating: PMap[str, bool] = map_field(checked(map_of(CHARACTER, FLAG)))
    #: the Gargoyle's Strength each character met in the Antechamber and has not beaten (absent
    #: until one is met): he who stays fights the same one (docs/rulings.md R-IN10.2)
    gargoyles: PMap[str, int] | None = absent_field(checked(map_of(CHARACTER, COUNT)))


SLICE = ExtSlice(ID, WizardsTower)


def _ext(state) -> WizardsTower:
    return SLICE.of(state)


def _set(state, key, cid, value):
    table = getattr(_ext(state), key)
    table = table.discard(cid) if value is None else table.set(cid, value)
    return SLICE.put(state, **{key: table})


def cleared(state, cid):
    return _ext(state).cleared.get(cid)


def retreating(state, cid):
    return bool(_ext(state).retreating.get(cid))


def in_tower(state, cid):
    return state.characters[cid].space in rooms()


def stepping_back(state, cid):
    """He entered this room going back (a retreat he must make, or a step back by choice this
    turn): its instructions are ignored."""
    return retreating(state, cid) or bool(state.characters[cid].turn_flags.get("wt_back"))


def characters_meeting(state):
    """A combat between characters in the Wizard's Tower is in progress: "no Magic Object, Magic
    Item, Spells or Scrolls will work" there (docs/rulings.md R-WT13.2)."""
    b = state.battle
    return b is not None and b.opponent is not None and (in_tower(state, b.who)
                                                         or in_tower(state, b.opponent))


def _flag(state, cid, key, value=True):
    ch = state.characters[cid]
    return update_character(state, cid, turn_flags=ch.turn_flags.set(key, deep_freeze(value)))


# --- hooks --------------------------------------------------------------------------------------

def setup(state):
    return SLICE.init(state)


def before_movement(state, result, character):
    state, replaced = result
    cid = character
    ch = state.characters[cid]
    if ch.space == load().board.role("portal") and not ch.turn_flags.get("wt_declined") and ch.next_move is None:
        # the Door beside the roll, and the player's other choices before the move with them
        # (I. Movement: an exchange with the Mule's load, a drop, a Spell...): what stays at the
        # Portal with the Mule is his to arrange first (EXCHANGING CARRIED POSSESSIONS)
        options = ["roll", "move:wt_door"] + movement.before_roll_options(state, cid)
        return decide(state, cid, "move", options, "wt.enter_chosen",
                      prompt="roll, or enter the Wizard's Tower by the Door"), True
    if ch.space not in rooms():
        return result
    return decide(state, cid, "move", tower_moves(state, cid), "wt.moved",
                  prompt="one space (MOVEMENT IN THE WIZARDS TOWER)"), True


def tower_moves(state, cid):
    space = state.characters[cid].space
    order = rooms()
    i = order.index(space)
    back = load().board.role("portal") if i <= 1 else order[i - 1]
    if retreating(state, cid):
        return [f"move:{back}"]
    forward = [f"move:{order[i + 1]}"] if cleared(state, cid) == space else ["stay"]
    return forward + [f"move:{back}"]


def before_encounter(state, result, character, space):
    """A room's encounter replaces the base one."""
    state, replaced = result
    if space not in rooms():
        return result
    cid = character
    others = [o for o in state.order if o != cid and state.characters[o].alive
              and state.characters[o].space == space]
    if stepping_back(state, cid):
        state = log(state, "tower_retreat", character=cid, space=space)  # instructions ignored
        if others:  # a character there is no instruction of the room: he may be met (R-WT13.7)
            return encounters.retreat_encounter(state, cid), True
        return state, True
    if state.characters[cid].turn_flags.get("moved"):
        # CASTING SPELLS: a Spell cast "just after moving" (Destruction) comes before the room's
        # encounter too; the Tower bars Spells only where characters meet (R-WT13.2, R-FC14.4)
        state, late = encounters.after_move_spells(state, cid)
        if late:
            return decide(state, cid, "after_move", ["go_on"] + late, "wt.after_move_cast",
                          prompt="cast a Spell before the encounter?"), True
    return room_encounter(state, cid), True


def room_encounter(state, cid):
    """The encounter in a room (not stepping back): a character there, or the room itself."""
    space = state.characters[cid].space
    others = [o for o in state.order if o != cid and state.characters[o].alive
              and state.characters[o].space == space]
    if others:
        # ENCOUNTERS IN THE WIZARD'S TOWER: "A Character may Encounter another Character in the
        # Wizard's Tower" (the room's instructions then wait for another turn)
        return decide(state, cid, "encounter", ["encounter:room"] + [f"encounter:char:{o}" for o in others],
                      "wt.encounter_chosen", prompt="in the Wizard's Tower")
    return ROOM_ENCOUNTERS[space](state, cid)


def after_move_cast(state, action):
    """The Spell cast just after moving into a room (or none): the room's encounter follows."""
    cid = state.current
    if action.kind == "go_on":
        return room_encounter(state, cid)
    return spells.cast(push(state, frame("wt.room")), cid, action.args[0], context="turn")


def room_step(state):
    """Rule step: :func:`room_encounter` for the current character, once the Spell is cast."""
    return room_encounter(state, state.current)


def encounter_chosen(state, action):
    cid = state.current
    if action.args[0] == "room":
        return ROOM_ENCOUNTERS[state.characters[cid].space](state, cid)
    return encounters.encounter_character(state, cid, action.args[1])


def combat_options(state, options, character):
    """No Spell nor Scroll in a combat between characters in the Tower, whoever would cast it (a
    Preservation from outside too); the rooms' creatures may be fought with them (R-WT13.2)."""
    if not characters_meeting(state):
        return options
    return tuple(o for o in options if not o.startswith(("cast:", "read:")))  # no Spells nor Scrolls


def character_score(state, score, character, kind):
    """The Tower's two changes to a character's combat score, one question first: a combat
    between characters in the Tower?  There "no Magic Object, Magic Item ... will work": what his
    Magic Objects add comes off (R-WT13.2).  In any other combat nothing is taken off, and against
    the Dragon Prince a card that gives a bonus against dragons adds what that bonus gives beyond
    its ordinary one, which the base combat has counted (``combat.combat_total`` knows the Prince
    is no Dragon card): the Holy Lance's +1 and 2 more make its 3."""
    b = state.battle
    if b is None:
        return score
    if characters_meeting(state):
        return score - _magic_bonus(state, character, kind)
    if kind == "battle" and b.who == character and any(e["name"] == "dragon_prince" for e in b.enemies):
        return score + sum(value - _ordinary(chars.card(c)) for c, value in _against_dragons(state, character))
    return score


def _magic_bonus(state, cid, kind):
    """What the Magic Objects ``cid`` may use add to his score in a ``kind`` combat: his bonus
    with them less his bonus without them.  Taken as a difference, not card by card, because the
    base combat counts one Weapon only (``chars.bonus_of``): a Magic weapon left out lets the
    ordinary one he also holds (a Sword beside the Holy Lance) be the weapon that counts."""
    ch = state.characters[cid]
    without = replace(ch, objects=tuple(c for c in chars.in_use(ch)
                                        if chars.card(c).type not in chars.MAGIC_OBJECT_TYPES),
                      followers=tuple(c for c in ch.followers
                                      if chars.card(c).type not in chars.MAGIC_OBJECT_TYPES))
    which = "strength" if kind == "battle" else "craft"
    return chars.bonus_of(state, ch, which, kind) - chars.bonus_of(state, without, which, kind)


def _against_dragons(state, cid):
    """The cards he may use that give a bonus against dragons (``tower.yaml``), with it."""
    ch = state.characters[cid]
    for c in list(ch.objects) + list(ch.followers):
        value = tower_data()["against_dragons"].get(c)
        if value is not None and chars.usable(ch, chars.card(c), state):
            yield c, value


def _ordinary(card):
    """The Strength a card adds in battle anywhere (what the base combat counts for it)."""
    b = card.bonus or {}
    return b.get("strength", 0) if b.get("in", "always") in ("always", "battle") else 0


def dragon_bonus(state, cid):
    """DRAGON PRINCE: "Objects and Items that give bonuses against dragons do (e.g. the Holy Lance
    does add 3 to the Strength of its user when fighting the Dragon Prince)": the Strength such
    cards add in all against the Prince (``tower.yaml``), in place of their ordinary bonus
    (:func:`character_score`)."""
    return sum(value for _, value in _against_dragons(state, cid))


# --- moving -------------------------------------------------------------------------------------

def _walk_to_portal(state, cid, roll):
    """The walk of a movement roll that carries the character beyond the Portal of Power, up to
    the Portal (``None`` when no such walk avoids the Sentinel's bridge)."""
    board = load().board
    path = movement.reachable(board, state.characters[cid].space, roll).get(board.role("inner_gate"))
    if path is None or any(how == "bridge" for _, how in path):
        return None
    return [space for space, _ in path[:-1]]


def movement_destinations(state, destinations, character, roll, dice=None, way=None):
    """THE PORTAL OF POWER: "Characters may try to open the Portal or Door only if their die roll
    for Movement is sufficient to carry them beyond" (rulings 16): the Door beside the Portal."""
    board = load().board
    if board.role("inner_gate") in destinations and _walk_to_portal(state, character, roll) is not None:
        return tuple(sorted(tuple(destinations) + (board.role("tower_door"),)))
    return destinations


def move_elsewhere(state, result, character, dest, roll):
    state, handled = result
    if handled or dest != load().board.role("tower_door"):
        return result
    passed = _walk_to_portal(state, character, roll)
    if passed:
        portal = load().board.role("portal")
        state = update_character(state, character, space=portal)
        state = log(state, "moved", character=character, path=passed, to=portal)
    return enter(state, character), True


def enter_chosen(state, action):
    cid = state.current
    if action.kind == "roll":
        state = _flag(state, cid, "wt_declined")
        return push(state, frame("movement.start"))
    if action.kind == "move":
        return enter(state, cid)
    return movement.before_roll(state, action)  # (the move's start, the Door with it, again)


def enter(state, cid):
    """Through the Door; the animals (and what only they could carry) stay at the Portal.  An
    Object left there may lower the Craft: the NUMBER OF SPELLS check ("at any time") comes at
    the Portal, the move through the Door beneath it (docs/rulings.md R-FF12.1)."""
    left = [f for f in state.characters[cid].followers if chars.is_animal(f, BARRED)]
    if not left:
        return move(state, cid, load().board.role("tower_door"))
    state = push(state, frame("wt.through_the_door", cid=cid))
    return chars.leave_followers(state, cid, left, load().board.role("portal"), "left_at_portal")


def through_the_door(state, cid):
    """The move through the Door once what stays at the Portal is left (:func:`enter`)."""
    return move(state, cid, load().board.role("tower_door"))


def move(state, cid, dest):
    state = forget_gargoyle(state, cid)  # a room left: a Gargoyle met again is a new one
    state = update_character(state, cid, space=dest, hold=None)
    state = _flag(state, cid, "moved")
    return log(state, "moved", character=cid, path=[dest], to=dest)


def moved(state, action):
    cid = state.current
    if action.kind == "stay":
        return log(state, "stayed", character=cid, space=state.characters[cid].space)
    here = state.characters[cid].space
    dest = action.args[0]
    portal = load().board.role("portal")
    going_back = dest == portal or (dest in rooms() and rooms().index(dest) < rooms().index(here))
    if going_back and not retreating(state, cid):
        # "A Character may decide at any time to Move back": a step, not a duty to leave (that
        # is the Dragon Prince's "MUST ... leave the Tower"): the room he steps into is ignored,
        # nothing there holds him, and next turn he may go on again (docs/rulings.md R-WT13.5)
        if dest in rooms():  # (out on the Portal, its space is met as after any move: R-IN10.3)
            state = _flag(state, cid, "wt_back")
            state = _set(state, "cleared", cid, dest)
        state = log(state, "turned_back", character=cid)
    state = move(state, cid, dest)
    if dest == portal:
        state = _set(state, "retreating", cid, None)
        state = _set(state, "cleared", cid, None)
        state = log(state, "left_tower", character=cid)
    return state


def forced_retreat(state, who):
    """"A Character defeated by the Dragon Prince MUST move back towards the Portal of Power and
    leave the Tower" (and Dice with Death: "must Retreat from the Tower")."""
    if not state.characters[who].alive:
        return state
    state = _set(state, "retreating", who, True)
    return log(state, "must_retreat", character=who, space=state.characters[who].space)


def room_cleared(state, who):
    state = _set(state, "cleared", who, state.characters[who].space)
    return log(state, "room_cleared", character=who, space=state.characters[who].space)


# --- the rooms ----------------------------------------------------------------------------------

def door(state, cid):
    return room_cleared(state, cid)


def antechamber(state, cid):
    """"A Gargoyle guards the entrance ... you must defeat it in combat ... (3D6+4)": its Strength
    rolled when he comes into the room; one who stays to fight on meets the same Gargoyle."""
    kept = (_ext(state).gargoyles or {}).get(cid)
    if kept is not None:
        return fight_gargoyle(state, cid, kept)
    return request_roll(state, tower_data()["gargoyle"]["dice"], "the Gargoyle's Strength", "wt.gargoyle_rolled", who=cid)


def gargoyle_rolled(state, action, who):
    return fight_gargoyle(state, who, sum(action.dice) + tower_data()["gargoyle"]["add"])


def gargoyle_kept(state, who, value):
    """Rule step: the Gargoyle was not beaten (a battle lost or a standoff): the same one waits
    for him while he stays in the Antechamber (docs/rulings.md R-IN10.2)."""
    if not state.characters[who].alive:
        return state
    return SLICE.put(state, gargoyles={**(_ext(state).gargoyles or {}), who: value})


def forget_gargoyle(state, cid):
    kept = _ext(state).gargoyles
    if not kept or cid not in kept:
        return state
    return SLICE.put(state, gargoyles={k: v for k, v in kept.items() if k != cid} or None)


def fight_gargoyle(state, who, value):
    gargoyle = {"name": "gargoyle", "card": None, "value": value}
    kept = {"step": "wt.gargoyle_kept", "args": {"who": who, "value": value}}
    state = forget_gargoyle(state, who)
    return combat.start_combat(state, who, "battle", [gargoyle],
                               on_win={"step": "wt.room_cleared", "args": {"who": who}},
                               on_lose=kept, on_standoff=kept, evadable=False)


def dice_with_death(state, cid):
    return DEATH.roll(state, f"{cid} dices with Death", who=cid)


def death_kept(state, dice, who):
    """The character's dice stand; then Death rolls."""
    return request_roll(state, tower_data()["death_dice"], f"Death dices with {who}", "wt.death_answered", who=who,
                        mine=sum(dice))


def death_answered(state, action, who, mine):
    """"If you win, you may continue. If you lose or draw, you lose 1 Life and must Retreat"."""
    theirs = sum(action.dice)
    state = log(state, "contest", character=who, opponent="death", roll=mine, opponent_roll=theirs,
                result="win" if mine > theirs else "lose" if mine < theirs else "draw")
    if mine > theirs:
        return room_cleared(state, who)
    state = chars.lose_lives(state, who, 1, "Dice with Death")
    return forced_retreat(state, who)


#: The character's dice against Death.  FATE (talisman-facts-verified.md 3: "a die rolled due to
#: the instructions on a card or board space"; "If several dice are rolled at once ..., only one
#: of them may be rerolled"): he may pay one fate, once, to roll one of his dice again (the whole
#: roll under ``fate_reroll: whole_roll``), as at the Death space (rulings R-RG14.1); Death's dice
#: are no character's and are not re-rolled.
DEATH = chars.OwnRoll("wt.death_rolled", "wt.death_fate", lambda **_: tower_data()["death_dice"], death_kept,
                      offer="rolled {total} against Death", again="{who}'s re-roll against Death",
                      cause="Dice with Death")


def magical_trap(state, cid):
    """"For each Possession you or your Followers carry, roll a die. On 1-2, the item is
    discarded" (the character's objects, one die each, in order)."""
    return trap_next(state, cid, "objects", list(state.characters[cid].objects), [])


def pit_trap(state, cid):
    """"Roll 1 die on a 1-2 that Follower is lost" (one die for each follower, a Henchman too:
    HENCHMEN, "considered Followers for any pertaining rules")."""
    items = chars.all_followers(state, cid)
    return trap_next(state, cid, "followers", items, [])


def trap_next(state, who, field, items, lost):
    if items:
        return TRAP.roll(state, f"the trap and {items[0]}", who=who, field=field, items=items, lost=lost)
    if lost:
        kept = list(getattr(state.characters[who], field))
        for c in lost:
            if c not in kept:  # a Follower that is no card (a Henchman) leaves through its plugin
                state = run_hook(state, "other_follower_lost", character=who, follower=c, cause="Pit Trap")
                continue
            kept.remove(c)
            state = chars.discard(state, c)
        state = update_character(state, who, **{field: kept})
        state = chars.check_surplus_spells(state, who)  # a Craft possession lost (R-NB11.1)
        state = log(state, "trap_took", character=who, cards=list(lost))
    return room_cleared(state, who)


def trap_kept(state, dice, who, field, items, lost):
    """The trap's die for ``items[0]`` stands: on 1-2 the item is lost."""
    items, lost = list(items), list(lost)
    if sum(dice) in tower_data()["trap_loss"]:
        lost.append(items[0])
    return trap_next(state, who, field, items[1:], lost)


#: The trap's die for ``items[0]``.  FATE (talisman-facts-verified.md 3: "a die rolled due to the
#: instructions on a card or board space"): the character rolls it on the room's instruction, so
#: he may pay one fate, once a die, to roll it again (rulings R-RI14.1).
TRAP = chars.OwnRoll("wt.trap_rolled", "wt.trap_fate", "d6", trap_kept, offer="rolled {total} for {items[0]}",
                     again="{who}'s re-roll of the trap and {items[0]}", cause="the Tower's trap")


def dragon_prince(state, cid):
    """"S=15, C=15. Fight him in Combat or Psychic Combat (your choice). If you lose or draw,
    you must leave the tower. If you win, you may continue on your next turn."."""
    return decide(state, cid, "attack", ["attack:battle", "attack:psychic"], "wt.prince_chosen",
                  prompt="the Dragon Prince (Strength 15, Craft 15)")


def prince_chosen(state, action):
    cid = state.current
    kind = action.args[0]
    prince = {"name": "dragon_prince", "card": None,
              "value": tower_data()["dragon_prince"]["strength" if kind == "battle" else "craft"]}
    out = {"step": "wt.forced_retreat", "args": {"who": cid}}
    return combat.start_combat(state, cid, kind, [prince],
                               on_win={"step": "wt.room_cleared", "args": {"who": cid}},
                               on_lose=out, on_standoff=out, evadable=False)


def tower_crown(state, cid):
    """"Move to the Crown of Command Space in the Inner Region" (its encounter follows)."""
    state = _set(state, "cleared", cid, None)
    crown = load().board.role("crown")
    state = update_character(state, cid, space=crown, hold=None)
    state = log(state, "moved", character=cid, path=[crown], to=crown)
    state = log(state, "crown_reached", character=cid)
    state = replace(state, crown_reached=True)
    return inner_region.encounter_inner(state, cid)


ROOM_ENCOUNTERS = {"wt_door": door, "wt_antechamber": antechamber,
                   "wt_dice_with_death": dice_with_death, "wt_magical_trap": magical_trap,
                   "wt_pit_trap": pit_trap, "wt_dragon_prince": dragon_prince,
                   "wt_crown_of_command": tower_crown}

def crown_route(state, route, space):
    """The Lord of Chaos's routes to the Crown: through the Tower's rooms is a way of its own."""
    return "wizards_tower" if load().board.origin.get(space) == "wizards_tower" else route


HOOKS = {"crown_route": crown_route, "movement_destinations": movement_destinations,
         "move_elsewhere": move_elsewhere, "setup": setup, "before_movement": before_movement, "before_encounter": before_encounter,
         "combat_options": combat_options, "character_score": character_score}

STEPS = {"wt.enter_chosen": enter_chosen, "wt.moved": moved, "wt.forced_retreat": forced_retreat,
         "wt.room_cleared": room_cleared, "wt.gargoyle_rolled": gargoyle_rolled,
         "wt.gargoyle_kept": gargoyle_kept,
         **DEATH.steps(), "wt.death_answered": death_answered, **TRAP.steps(), "wt.prince_chosen": prince_chosen,
         "wt.encounter_chosen": encounter_chosen, "wt.through_the_door": through_the_door,
         "wt.after_move_cast": after_move_cast, "wt.room": room_step}

#: Everything this expansion adds to a game (the API layer registers it: docs/architecture.md).
PLUGIN = Plugin("wizards_tower", hooks=HOOKS, steps=STEPS, data_files={FILE: read_tower})
