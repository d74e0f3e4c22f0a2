"""001 Terrain Cards, Terrain Cards and Movement, Placing Random Terrain Cards, Terrain Cards
and Other Expansions.

A Terrain card on a space replaces the space's name and instructions (the ``space_effect``
hook and :func:`profile`, which the Harbinger's own encounter flow reads for the number of
cards to draw).  Effects that name a covered space are ignored (:func:`strip_covered`, applied
to every space's instructions).  Terrain never goes to the Inner Region, the Crown, or the
City's Jail and Town Square (the City's other spaces can hold it); an impossible placement
is ignored; the Dungeon's spaces can hold it too.  A new Terrain on a Terrain
sends the old one back to the Terrain deck.  No card of the required type left: one of that
type on the board moves there instead.  A random Terrain is the top card of the freshly
shuffled Terrain deck (a chance node); with the deck empty, the Terrain closest to the
character moves to the character's space.  Terrain on the Sentinel or the Portal of Power
lets characters cross freely (the ``crossing_guarded`` hook).
"""
from __future__ import annotations

import functools

from pyrsistent import pmap, pvector

from ...engine.data import check_ref, load_yaml, validate
from ...engine.dice import shuffle
from ...engine.machine import decide, log, request_draw
from ...engine.records import deep_freeze, replace
from ...engine.ruleset import declare
from . import omens
from . import store as st
from ...definitions import load
from ...engine.machine import frame, push
from ...rules.movement import nearest_spaces, walks
from ...state import update_character


_IDS = {"type": "array", "items": {"type": "string"}, "uniqueItems": True}
PLACES_SCHEMA = {"type": "object", "additionalProperties": False, "required": ["source", "regions", "barred"],
                 "properties": {"source": {"type": "string"}, "regions": _IDS, "barred": _IDS}}


#: Where Terrain may lie, under ``data/talisman`` (registered on the plugin: read by the loader).
FILE = f"expansions/{st.EXP}/terrain_places.yaml"


@functools.lru_cache(maxsize=None)
def places():
    """The places Terrain may lie (:func:`read_places`), as the data loader read them."""
    return load().tables[FILE]


def read_places(path, defs):
    """Where Terrain may lie besides the main board's Outer and Middle Regions
    (``harbinger/terrain_places.yaml``), validated once: ``regions``, those of the expansion boards
    whose spaces can hold it ("Terrain Cards and Other Expansions" bars only the City's Jail and Town
    Square, so its other spaces are open; the Dungeon's spaces too: the Treasure Chamber example,
    ruling R-probeb-1), and ``barred``, the spaces that never can (the City's Jail and Town
    Square).  A region or a space not on the board of ``defs`` is a DataError."""
    doc = validate(path, load_yaml(path), PLACES_SCHEMA)
    board = defs.board
    for region in doc["regions"]:
        check_ref(path, None, "regions", region, board.regions, "region")
    for space in doc["barred"]:
        check_ref(path, None, "barred", space, board.spaces, "space")
    return {"regions": frozenset(doc["regions"]), "barred": frozenset(doc["barred"])}


def can_hold(space):
    """Whether a Terrain card may be placed on ``space`` at all."""
    where = places()
    on_board = st.board_space(space) or (
        space in load().board.spaces and st.region_of(space) in where["regions"])
    return on_board and space not in where["barred"]


def terrain_map(state):
    return st.get(state, "terrain", pmap())


def place(state, actor, space, terrain, cause):
    """Place a Terrain card (``random`` or a card id) on ``space``."""
    if not can_hold(space):
        return log(state, "terrain_ignored", space=space, reason="cannot hold Terrain", cause=cause)
    deck = state.decks.get("terrain", ())
    if terrain == "random":
        if deck:
            cards, dice = shuffle(state.dice, deck)
            state = replace(state, dice=dice, decks=state.decks.set("terrain", pvector(cards)))
            return request_draw(state, "terrain", f"random Terrain for the {space}",
                                "harbinger.terrain_drawn", space=space, cause=cause)
        return nearest_to_character(state, actor, cause)
    if terrain in deck:
        state = replace(state, decks=state.decks.set("terrain", deck.delete(deck.index(terrain))))
        return put(state, space, terrain, cause)
    # "no cards of the required type left in the Terrain deck": one of that type on the board moves
    spots = sorted(s for s, c in terrain_map(state).items() if c == terrain and s != space)
    if not spots:
        return log(state, "terrain_ignored", space=space, card=terrain,
                   reason="none of that type left", cause=cause)
    if len(spots) == 1:
        return move(state, spots[0], space, cause)
    return decide(state, actor, "terrain", [f"move_terrain:{s}" for s in spots],
                  "harbinger.terrain_chosen", prompt=f"which {terrain} moves to the {space}",
                  to=space, cause=cause)


def nearest_to_character(state, actor, cause):
    """The Terrain deck is empty: the Terrain card closest to the character moves to the
    character's space (the character chooses among equally close ones); one already on his
    space is the closest, and stays."""
    here = state.characters[actor].space
    if not can_hold(here):
        return log(state, "terrain_ignored", space=here, reason="cannot hold Terrain", cause=cause)
    if here in terrain_map(state):
        # the Terrain on his own space is the closest (no step away): it stays (rulings R-TR10.4)
        return log(state, "terrain_ignored", space=here, card=terrain_map(state)[here],
                   reason="the closest Terrain is already on his space", cause=cause)
    spots = [s for s in terrain_map(state) if s != here]
    if not spots:
        return log(state, "terrain_ignored", space=here, reason="no Terrain card left", cause=cause)
    best = min(st.distance(here, s) for s in spots)
    near = sorted(s for s in spots if st.distance(here, s) == best)
    if len(near) == 1:
        return move(state, near[0], here, cause)
    return decide(state, actor, "terrain", [f"move_terrain:{s}" for s in near],
                  "harbinger.terrain_chosen", prompt="the closest Terrain moves to your space",
                  to=here, cause=cause)


def terrain_drawn(state, action, space, cause):
    return put(state, space, action.args[0], cause)


def terrain_chosen(state, action, to, cause):
    return move(state, action.args[0], to, cause)


def put(state, space, terrain, cause):
    """The card goes on the space; a Terrain already there goes back to the Terrain deck."""
    old = terrain_map(state).get(space)
    if old is not None:
        state = replace(state, decks=state.decks.set(
            "terrain", state.decks.get("terrain", pvector()).append(old)))
        state = log(state, "terrain_returned", space=space, card=old)
    state = st.store(state, terrain=terrain_map(state).set(space, terrain))
    return log(state, "terrain_placed", space=space, card=terrain, cause=cause)


def move(state, src, dest, cause):
    card = terrain_map(state)[src]
    state = st.store(state, terrain=terrain_map(state).discard(src))
    state = log(state, "terrain_moved", card=card, frm=src, to=dest)
    return put(state, dest, card, cause)


def remove(state, space, cause):
    """An effect that removes Terrain: the card goes back to the Terrain deck."""
    card = terrain_map(state).get(space)
    if card is None:
        return state
    state = st.store(state, terrain=terrain_map(state).discard(space))
    state = replace(state, decks=state.decks.set(
        "terrain", state.decks.get("terrain", pvector()).append(card)))
    return log(state, "terrain_removed", space=space, card=card, cause=cause)


def free_spaces_nearest(state, space):
    """The spaces nearest ``space`` that can hold Terrain and have none."""
    covered = terrain_map(state)
    return nearest_spaces(space, lambda s: can_hold(s) and s not in covered)


# --- a space as the Harbinger sees it ------------------------------------------------------

def profile(state, space):
    """``(name, draw, always_draw, deck)`` of a space: the Terrain card's when one covers it,
    the top Omen's override of every board space when it has one, else the board's."""
    t = terrain_map(state).get(space)
    if t is not None:
        d = st.cdata(t)
        return st.card(t).name, d.get("draw", 0), d.get("always_draw", False), d.get("deck")
    ov = omens.continuous(state).get("space_override")
    if ov is not None and st.board_space(space):
        return ov.get("name", st.space_def(space).name), ov.get("draw", 0), \
            ov.get("always_draw", False), ov.get("deck")
    s = st.space_def(space)
    return s.name, s.draw, False, None


def space_effect(state, effects, space):
    """Value hook: a Terrain card's instructions replace the space's; references to covered
    spaces are ignored; the top Omen's ``continuous.blank_inner: {except}`` blanks the Inner
    Region's spaces (A World Without Magic: all but the Plain of Peril and the Crown)."""
    t = terrain_map(state).get(space)
    blank = omens.continuous(state).get("blank_inner")
    if blank is not None and space not in blank.get("except", ()) and \
            st.space_def(space).region in ("inner", "crown"):
        return ()  # A World Without Magic: the Inner Region's spaces are blank
    if t is not None:
        effects = st.card(t).effect
    else:
        ov = omens.continuous(state).get("space_override")
        if ov is not None and st.board_space(space):
            effects = ov.get("effects", ())
    return strip_covered(state, effects)


#: Effects that name a space, and the parameter that names it.
SPACE_REFS = {"move_to": "space", "next_move": "to", "place_self": "space"}


def strip_covered(state, effects):
    """"If an effect refers to a space that is no longer on the board because that space
    contains a Terrain card, that effect is ignored"."""
    covered = terrain_map(state)
    if not covered or not effects:
        return effects
    return deep_freeze([_strip(step, covered) for step in effects])


def _strip(step, covered):
    (name, params), = step.items()
    if name in SPACE_REFS and hasattr(params, "get") and params.get(SPACE_REFS[name]) in covered:
        return {"harbinger_ignored": {"space": params[SPACE_REFS[name]], "effect": name}}
    if name == "roll":
        table = {k: [_strip(s, covered) for s in v] for k, v in params["table"].items()}
        return {name: {**dict(params), "table": table}}
    if name == "choose":
        return {name: [{**dict(o), "effects": [_strip(s, covered) for s in o["effects"]]}
                       for o in params]}
    if name == "if":
        out = {**dict(params), "then": [_strip(s, covered) for s in params["then"]]}
        if "else" in params:
            out["else"] = [_strip(s, covered) for s in params["else"]]
        return {name: out}
    if name == "each_character":
        return {name: {**dict(params), "effects": [_strip(s, covered) for s in params["effects"]]}}
    return step


@declare(dice_blind=True)  # (a Terrain card's or an Omen's text: no die)
def creature_bonus(state, bonus, space):
    """Value hook: a Terrain card replaces the space's text, so also what it adds to its
    creatures' attack (the Runes covered: nothing; the Runes Terrain card, "as board Runes":
    its ``data.creature_bonus``); the top Omen's text for every space (Shards of the Old World)
    does the same."""
    t = terrain_map(state).get(space)
    if t is not None:
        return st.cdata(t).get("creature_bonus", 0)
    ov = omens.continuous(state).get("space_override")
    if ov is not None and st.board_space(space):
        return ov.get("creature_bonus", 0)
    return bonus


def space_named(state, allowed, space, effect):
    """Value hook: "If an effect refers to a space that is no longer on the board because that
    space contains a Terrain card, that effect is ignored" -- in card effects too.  An ability
    that names a kind of space (``effect`` not one of :data:`SPACE_REFS`: the Elf's Woods, a
    Raft's Woods, "the nearest Woods") asks whether the space still bears its board name: not
    under the top Omen's ``space_override`` with a ``name`` (Shards of the Old World gives every
    space without Terrain its name and text, as a Terrain card does: rulings R-NA11.2); a card
    effect still reaches such a space, which holds no Terrain card and so is on the board."""
    if not allowed or space in terrain_map(state):
        return False
    return effect in SPACE_REFS or not renamed(state, space)


def renamed(state, space):
    """Whether the top Omen gives ``space`` (a board space without Terrain) its own name (the
    ``space_override``'s ``name``: Shards of the Old World)."""
    ov = omens.continuous(state).get("space_override")
    return ov is not None and bool(ov.get("name")) and st.board_space(space) \
        and space not in terrain_map(state)


def crossing_guarded(state, guarded, space):
    """Value hook: a Terrain card on the Sentinel or the Portal of Power lets characters cross
    freely."""
    if terrain_map(state).get(space) is not None:
        return False
    return guarded


def next_move_check(state, character):
    """An earlier "as your next move, go to X" whose X is now covered by Terrain is ignored."""
    nm = state.characters[character].next_move
    if nm is not None and nm.get("to") in terrain_map(state):
        state = update_character(state, character, next_move=None)
        state = log(state, "harbinger_effect_ignored", character=character, space=nm["to"],
                    effect="next_move", reason="the space is covered by Terrain")
    return state


# --- Terrain and the mover's dice; Cracks Appear -------------------------------------------------

def movement_destinations(state, destinations, character, roll, dice=None, way=None):
    """Value hook: the Terrain card under the mover changes its roll: ``data.die_modifier``
    (the Bog: "-1 to your die rolls here", never below 1).  The top Omen's
    ``continuous.roll_of_one_stays`` (Cracks Appear): a roll of 1 keeps the character where it
    is; it encounters its space once a random Terrain card covers it (:func:`cracks_appear`)."""
    here = state.characters[character].space
    if roll == 1 and slothful(state, character):
        return (here,)  # the Demon of Sloth as a trophy: the turn ends (held.before_encounter)
    if roll == 1 and roll_of_one_stays(state, character) and can_hold(here):
        return (here,)
    t = terrain_map(state).get(here)
    if t is None:
        return destinations
    d = st.cdata(t)
    if not d.get("die_modifier"):
        return destinations
    # the walks of the board he moves on (the City's streets, the Dungeon's spiral: R-FB12.3),
    # or the one walk he follows (``way``: the Stowaways' run, R-FA13.2)
    return tuple(sorted(set(walks(state, character, max(1, roll + d["die_modifier"]), way))))


def table_roll(state, value, character, roll):
    """Value hook: the Bog's "-1 to your die rolls here (min 1)" for a table roll (a card's, a
    prayer) of a character standing on it: the dice ``roll`` count 1 less, never below 1
    (R-CD11-7)."""
    t = terrain_map(state).get(state.characters[character].space) if character in state.characters else None
    mod = st.cdata(t).get("die_modifier") if t is not None else None
    if not mod or roll is None:
        return value
    return value + max(1, roll + mod) - roll


def _no_die_modifier(state):
    """Whether :func:`character_score` is the same whatever the fighter's die: no Terrain card
    with a ``die_modifier`` (the Bog) on his space (declared for exact odds: ``dice_blind``)."""
    b = state.battle
    if b is None:
        return True
    t = terrain_map(state).get(state.characters[b["who"]].space)
    return t is None or not st.cdata(t).get("die_modifier")


def _die_modifier(state, character):
    """The ``die_modifier`` of the Terrain card on ``character``'s space (the Bog's -1), or 0."""
    t = terrain_map(state).get(state.characters[character].space)
    return (st.cdata(t).get("die_modifier") if t is not None else None) or 0


def _bog_term(state):
    """What :func:`character_score` adds with the fighter's battle roll (the Bog: the die less
    1, at least 1, less the die itself): its only term reading the roll; nothing else reads
    the die, the Fate re-roll or the Fate left (declared for exact odds: ``roll_term``)."""
    b = state.battle
    if b is None:
        return None
    who = b["who"]
    mod = _die_modifier(state, who)

    def term(roll, character, kind):
        return max(1, roll + mod) - roll if character == who and mod else 0
    return term


@declare(dice_blind=_no_die_modifier, roll_term=_bog_term)
def character_score(state, score, character, kind):
    """Value hook: the Bog's "-1 to your die rolls here (min 1)" for the combat roll of the
    character whose combat it is (the character score counts its die)."""
    b = state.battle
    if b is None or b["who"] != character or b.get("roll") is None:
        return score
    mod = _die_modifier(state, character)
    if not mod:
        return score
    return score + max(1, b["roll"] + mod) - b["roll"]


def cracks_appear(state, character, space):
    """Cracks Appear (the top Omen, ``roll_of_one_stays``) or the Worldeater Box held (its
    ``data.roll_of_one_stays``): a character whose movement roll of 1
    kept it on its space places a random Terrain card there, then encounters it (the
    encounter is started again once the card lies there; turn flag ``cracks_appeared``).  The
    state and whether the encounter is replaced (begun again after the card)."""
    ch = state.characters[character]
    if not roll_of_one_stays(state, character) or ch.turn_flags.get("cracks_appeared") \
            or not ch.turn_flags.get("moved") or not can_hold(space) \
            or not stayed_on_a_one(state, character):
        return state, False
    state = update_character(state, character, turn_flags=ch.turn_flags.set("cracks_appeared", True))
    state = push(state, frame("encounters.begin"))
    cause = omens.top(state) if omens.continuous(state).get("roll_of_one_stays") else _worldeater(state, character)
    return place(state, character, space, "random", cause), True


def _worldeater(state, cid):
    """A held card with ``data.roll_of_one_stays`` (the Worldeater Box), or None."""
    ch = state.characters[cid]
    return next((c for c in tuple(ch.objects) + tuple(ch.followers)
                 if st.cdata(c).get("roll_of_one_stays")), None)


def slothful(state, cid):
    """A trophy whose ``data.as_trophy.roll_of_one_ends_turn`` (the Demon of Sloth: "as a
    trophy: a movement roll of 1 ends your turn") is held."""
    return any(st.cdata(t).get("as_trophy", {}).get("roll_of_one_ends_turn")
               for t in state.characters[cid].trophies)


def roll_of_one_stays(state, cid):
    """Cracks Appear on top of the Omen stack, or a held Worldeater Box (card-data.md 2.2: "a
    movement roll of 1: random Terrain on your space, stay and meet it")."""
    return bool(omens.continuous(state).get("roll_of_one_stays")) or _worldeater(state, cid) is not None


def stayed_on_a_one(state, cid):
    """This turn's last movement roll was a 1 and no move followed (read back to the turn's start)."""
    for e in reversed(state.log):
        if e.name == "turn_started":
            return False
        if e.data.get("character") != cid:
            continue
        if e.name == "moved":
            return False
        if e.name == "movement_roll":
            return e.data["roll"] == 1
    return False


STEPS = {"harbinger.terrain_drawn": terrain_drawn, "harbinger.terrain_chosen": terrain_chosen}
