"""The Blood Moon's words for the effect vocabulary (docs/blood_moon.md lists them).

Each is ``fn(state, params, actor, source) -> state`` like the base effects, with a JSON
schema for its parameters in :data:`EFFECT_SCHEMAS` (checked when card data loads).
"""
from __future__ import annotations

from ...definitions import load
from ...effects_schema import lookup_table
from ...engine.dice import shuffle
from ...engine.machine import decide, log
from ...engine.ruleset import declare
from ...engine.records import replace
from ...rules import characters as chars
from ...rules import effects as base_effects
from ...rules import lasting
from ...rules.hooks import adjust
from ...state import update_character
from . import board_cards, lycanthropy, store, time_card, trades
from . import after_move, haunting, kept, lantern

_EFFECTS = {"$ref": "#/$defs/effects"}
_ID = {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"}
_SIDE = {"enum": ["day", "night"]}


def _obj(required=(), **props):
    return {"type": "object", "additionalProperties": False, "required": list(required),
            "properties": props}


EFFECT_SCHEMAS = {
    "flip_time": _obj(["to"], to={"enum": ["day", "night", "other"]}),
    "lunar_event": _obj(),
    "if_time": _obj(["is", "then"], then=_EFFECTS, **{"is": _SIDE, "else": _EFFECTS}),
    "if_lycanthrope": _obj(["then"], then=_EFFECTS, **{"else": _EFFECTS}),
    "become_lycanthrope": _obj(),
    "werewolf_chart": _obj(),
    "cure_lycanthropy": _obj(discard=_ID),
    "lycanthrope_roll": _obj(["table"], table={"type": "object", "minProperties": 1,
                                               "additionalProperties": _EFFECTS}),
    "trophies_rise": _obj(),
    "take_as_trophy": _obj(),
    "free_purchase": _obj(),
    "discard_here": _obj(),
    "search_discards": _obj(types={"type": "array", "minItems": 1,
                                   "items": {"enum": ["object", "magic_object", "follower"]}}),
    "clear_space": _obj(where={"enum": ["space", "region", "board"]}),
    "raise_from_discards": _obj(["types"], types={"type": "array", "minItems": 1,
                                                   "items": {"enum": ["enemy"]}}),
    "gold_on_card": _obj(["dice", "per_visit"], dice={"enum": ["d6", "2d6", "3d6"]},
                         per_visit={"type": "integer", "minimum": 1}),
    "drain_enemies": _obj(),
    "move_self": _obj(["dice"], dice={"enum": ["d6", "2d6"]}),
    "draw_keep_one": _obj(["dice"], dice={"enum": ["d6", "2d6"]}),
    "move_self_to_cards": _obj(),
    "give_object": _obj(),
    "convert_points": _obj(),
    "lose_random_object": _obj(),
    "take_object": _obj(),
    "reanimate_trophy": _obj(which={"enum": ["choose", "last"]}, then=_EFFECTS, keep={"type": "boolean"}),
    "roll_at_least": _obj(["counter", "then"], counter={"enum": ["strength", "craft"]}, then=_EFFECTS),
    "exorcise": _obj(),
    "give_trophy": _obj(["then"], then=_EFFECTS, repeat={"type": "boolean"}),
    "gather": _obj(["subtype"], subtype={"enum": ["spirit", "animal", "monster", "dragon"]},
                   count={"enum": ["all", "one"]}),
    "set_attack_roll": _obj(["value"], value={"type": "integer", "minimum": 1, "maximum": 6}),
    "fix_attack_rolls": _obj(["value"], value={"type": "integer", "minimum": 1, "maximum": 6}),
    "restore_fate": {"type": "integer", "minimum": 1},
    "lose_random_follower": _obj(),
    "keep_drawn": _obj(["count", "types"], count={"type": "integer", "minimum": 1, "maximum": 20},
                       types={"type": "array", "minItems": 1, "items": {"enum": ["enemy", "follower"]}}),
    "take_kept": _obj(["as"], **{"as": {"enum": ["trophy", "possession"]}}),
    "haunt": _obj(),
    "hand_top_card": _obj(),
}


def _cause(source):
    return source.get("card") or source.get("space") or "an effect"


def flip_time(state, params, actor, source):
    return time_card.flip_when_drawn(state, params["to"], actor, source, _cause(source))


def if_time(state, params, actor, source):
    branch = params["then"] if store.time(state) == params["is"] else params.get("else", ())
    return base_effects.run(state, branch, actor, source)


def if_lycanthrope(state, params, actor, source):
    yes = lycanthropy.is_lycanthrope(state, actor)
    return base_effects.run(state, params["then"] if yes else params.get("else", ()), actor, source)


def become_lycanthrope(state, params, actor, source):
    return lycanthropy.become(state, actor, _cause(source))


def cure_lycanthropy(state, params, actor, source):
    """Discard the Lycanthrope card (and the object named, the Wolfsbane, if held)."""
    item = params.get("discard")
    ch = state.characters[actor]
    if item:
        if item not in ch.objects:
            return state
        state = chars.remove_objects(state, actor, [item])
        state = chars.discard(state, item)
    return lycanthropy.discard_card(state, actor, f"cured by {_cause(source)}")


def lycanthrope_roll(state, params, actor, source):
    """Roll one die less one for each lycanthrope in play (never below 1), read ``table``."""
    return LYCANTHROPE_ROLL.roll(state, f"{_cause(source)} roll of {actor}", params=params, actor=actor,
                                 source=source)


def lycanthrope_kept(state, dice, params, actor, source):
    """The die, Fate's re-roll made or declined: the table read."""
    return _read(state, params, actor, source, sum(dice))


#: The character's die for ``lycanthrope_roll`` (Growing Suspicions).  FATE
#: (talisman-facts-verified.md 3: "a roll ordered by a card or board space"): he may pay one
#: fate, once, to roll it again; the re-roll logs ``fate_spent`` and runs the ``fate_rerolled``
#: hook point (the Harbinger's Witch Cat).
LYCANTHROPE_ROLL = chars.OwnRoll(
    "blood_moon.lycanthrope_rolled", "blood_moon.lycanthrope_fate", "d6", lycanthrope_kept,
    offer="rolled {total}", again=lambda actor, source, **_: f"{_cause(source)} re-roll of {actor}",
    cause=lambda source, **_: _cause(source), roller="actor")


def _read(state, params, actor, source, total):
    value = max(1, total - lycanthropy.count(state))
    state = log(state, "table_roll", character=actor, source=_cause(source), roll=total, result=value)
    return base_effects.run(state, lookup_table(params["table"], value), actor, source)


def trophies_rise(state, params, actor, source):
    """The Restless Dead: every character's trophies are shuffled and placed face up, one a
    space, from the actor's space on clockwise."""
    board = load().board
    order = state.order
    i = order.index(actor)
    risen = []
    # "every character" as the ``effect_targets`` hook has it (the Catacombs: an Event drawn above
    # ground reaches nobody underground)
    rotation = order[i:] + order[:i]
    reached = adjust(state, "effect_targets", tuple(c for c in rotation if state.characters[c].alive),
                     actor=actor, source=source)
    for cid in rotation:
        ch = state.characters[cid]
        if ch.alive and cid not in reached:
            continue
        if ch.trophies:
            risen += list(ch.trophies)
            state = update_character(state, cid, trophies=[])
    if not risen:
        return log(state, "trophies_risen", character=actor, cards=[])
    cards, dice = shuffle(state.dice, risen)
    state = replace(state, dice=dice)
    here = state.characters[actor].space
    placed = []
    for c in cards:
        state = chars.put_on_space(state, here, [c])
        placed.append([c, here])
        sdef = board.spaces[here]
        if board.shapes[sdef.region] == "ring":
            here = board.ring_step(here, 1)
    return log(state, "trophies_risen", character=actor, cards=list(cards), placed=placed)


def take_as_trophy(state, params, actor, source):
    """A killed Enemy whose card says what happens when it is killed is still kept."""
    card_id = source.get("card")
    if card_id is None or card_id not in state.board_cards.get(source.get("space"), ()):
        return state
    state = base_effects.remove_from_space(state, source["space"], card_id)
    return chars.add_trophies(state, actor, [card_id])  # (a Toad keeps none: R-FD13.3)


def search_discards(state, params, actor, source):
    """The actor may take one card of ``types`` (default: Objects and Magic Objects) from the
    Adventure discard pile (``take:<card>``) or none (``done``) (the Mummy King)."""
    types = tuple(params.get("types", ("object", "magic_object")))
    found = sorted({c for c in state.discards.get("adventure", ()) if load().cards[c].type in types})
    if not found or not state.characters[actor].alive:
        return log(state, "nothing_to_take", character=actor, cause=_cause(source))
    return decide(state, actor, "take", [f"take:{c}" for c in found] + ["done"],
                  "effects.taken_from_discards", prompt="take a card from the discard pile",
                  actor=actor, cause=_cause(source))


def free_purchase(state, params, actor, source):
    """Take one Object of the actor's choice from the Purchase cards for nothing."""
    stock = sorted(set(state.decks.get("purchase", ())))
    if not stock:
        return log(state, "nothing_to_buy", character=actor, what="purchase")
    return decide(state, actor, "take", [f"take:{c}" for c in stock], "blood_moon.purchase_taken",
                  prompt="one Purchase card for free", actor=actor, source=source)


def purchase_taken(state, action, actor, source):
    return base_effects.take_card(state, actor, "purchase", action.args[0], _cause(source))


def set_attack_roll(state, params, actor, source):
    """In a combat against creatures, their attack roll is ``value`` (the Feral Hunger: 6)."""
    b = state.battle
    if b is None or b["opponent"] is not None:
        return state
    state = replace(state, battle=b.set("bm_attack_roll", params["value"]))
    return log(state, "attack_roll_fixed", character=actor, roll=params["value"], cause=_cause(source))


@declare(holds_card=True)  # its Spell's card lies with the effect (validate.held_by)
def fix_attack_rolls(state, params, actor, source):
    """Every creature's attack roll is ``value`` until the actor's next turn starts (the Feral
    Hunger at Night; read by the ``attack_roll`` hook, ended by ``turn_started``).  The Spell's
    card lies with its effect until then (CASTING SPELLS: "Once cast, and its effect ended";
    ``rules.lasting.hold_until_next_turn``, docs/rulings.md R-FD14.1)."""
    fixed = store.get(state, "attack_rolls_fixed", {})
    state = store.store(state, attack_rolls_fixed={**dict(fixed), actor: params["value"]})
    state = lasting.hold_until_next_turn(state, source.get("card"), actor)
    return log(state, "attack_rolls_fixed", character=actor, roll=params["value"], cause=_cause(source))


def restore_fate(state, params, actor, source):
    """Replenish ``params`` fate: gain that many, never above the character's fate value (his
    starting fate: FATE's "replenish"), as the Luminous Blessing's "replenish 1 fate"."""
    ch = state.characters[actor]
    n = min(params, chars.fate_value(state, actor) - ch.fate)
    if n <= 0:
        return log(state, "gain_refused", character=actor, counter="fate",
                   cause=f"{_cause(source)}: fate already at its value")
    return chars.gain(state, actor, "fate", n, _cause(source))


def lose_random_follower(state, params, actor, source):
    """One of the actor's Followers, chosen at random (a shuffle of the seeded dice: not the
    loser's choice), is killed (the Vampire Prince); a Henchman counts as a Follower."""
    followers = chars.all_followers(state, actor, sort=True)
    if not followers:
        return state
    order, dice = shuffle(state.dice, followers)
    state = log(replace(state, dice=dice), "follower_picked_at_random", character=actor, card=order[0],
                cause=_cause(source))
    return base_effects.kill_follower(state, actor, order[0], _cause(source))


def _discard_here(state, params, actor, source):
    return after_move.discard_here(state, params, actor, source)


EFFECTS = {
    "flip_time": flip_time, "lunar_event": time_card.lunar_event, "if_time": if_time,
    "if_lycanthrope": if_lycanthrope, "become_lycanthrope": become_lycanthrope,
    "werewolf_chart": lycanthropy.chart, "cure_lycanthropy": cure_lycanthropy,
    "lycanthrope_roll": lycanthrope_roll, "trophies_rise": trophies_rise,
    "take_as_trophy": take_as_trophy, "free_purchase": free_purchase,
    "set_attack_roll": set_attack_roll, "discard_here": _discard_here,
    "fix_attack_rolls": fix_attack_rolls, "restore_fate": restore_fate,
    "lose_random_follower": lose_random_follower,
    "search_discards": search_discards, **board_cards.EFFECTS, **trades.EFFECTS, **kept.EFFECTS,
    **haunting.EFFECTS, **lantern.EFFECTS,
}

#: Effects whose parameters hold further effect lists (for walking card data).
NESTED = {"if_time": ("then", "else"), "if_lycanthrope": ("then", "else"), "give_trophy": ("then",),
          "roll_at_least": ("then",), "reanimate_trophy": ("then",)}

STEPS = {**LYCANTHROPE_ROLL.steps(),
         "blood_moon.purchase_taken": purchase_taken,
         **board_cards.STEPS, **trades.STEPS, **kept.STEPS, **lantern.STEPS}
