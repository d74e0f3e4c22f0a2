"""SPECIAL ABILITIES of the characters: the steps an ability adds to the rules.

"Any instances where the Special Abilities are at conflict with the rules, the Special Ability
overrides the rules!"  The precedence is explicit: each rule step that an ability changes asks
this module first (``ability_options`` before the rule's own options; ``battle_dice`` before
the die by size; ``may_use`` before an object's use), so an ability always wins over the
general rule it changes.  Abilities are data ids (``data/talisman/abilities.yaml``); a Toad
has none (``characters.has_ability``).
"""
from __future__ import annotations

from ..definitions import load
from ..engine.machine import decide, log, request_roll
from ..state import update_character
from . import characters as chars

#: BEGUILE: the roll needed against each alignment (talisman-facts.md: 6 Good, 5-6 Neutral, 4-6 Evil).
BEGUILE_AT_LEAST = {"good": 6, "neutral": 5, "evil": 4}
#: Followers the Sorceress may not take.
NOT_TAKEN_BY_SORCERESS = {"maiden", "unicorn", "princess"}


def may_use(state, cid, card_id):
    """Whether the character may use (and so possess) an object: its alignment restriction
    and the character's own restrictions (``characters.usable``)."""
    return chars.usable(state.characters[cid], load().cards[card_id])


def battle_dice(state, cid, die):
    """The Warrior rolls two dice in battle and uses the higher (``two_dice_in_battle``)."""
    if chars.has_ability(state, cid, "two_dice_in_battle"):
        return "2" + die
    return die


def battle_roll(state, cid, values):
    """The character's battle roll from its dice: the higher of two for the Warrior."""
    return max(values) if len(values) > 1 else values[0]


def opponent_adds_no_die(state, attacker):
    """The Assassin's attack: the defender adds no die roll to its attack score (``assassinate``)."""
    return chars.has_ability(state, attacker, "assassinate")


# --- abilities used on another character ------------------------------------------------

def character_options(state, cid, other):
    """What a character may do to another besides attacking (ENCOUNTERING ANOTHER CHARACTER:
    "attack or use any Special Ability on the other Character")."""
    och = state.characters[other]
    out = []
    if chars.has_ability(state, cid, "steal_from_character") and (och.objects or och.gold):
        out.append("ability:steal")
    if chars.has_ability(state, cid, "beguile") and (och.objects or och.gold):
        out.append("ability:beguile")
    if chars.has_ability(state, cid, "take_follower") and any(
            f not in NOT_TAKEN_BY_SORCERESS and load().cards[f].type != "enemy"
            and "animal" not in load().cards[f].abilities for f in och.followers):
        out.append("ability:take_follower")
    if chars.has_ability(state, cid, "take_maiden_or_princess") and (
            {"maiden", "princess"} & set(och.followers)):
        out.append("ability:take_maiden")
    return out


def use_on_character(state, cid, other, ability):
    if ability == "beguile":
        return request_roll(state, "d6", f"beguiling by {cid}", "abilities.beguile_rolled",
                            who=cid, other=other)
    if ability == "steal":
        return offer_spoils(state, cid, other, "objects_and_gold", "stolen")
    if ability == "take_follower":
        return offer_spoils(state, cid, other, "followers_for_sorceress", "taken")
    return offer_spoils(state, cid, other, "maiden_or_princess", "taken")


def beguile_rolled(state, action, who, other):
    """Beguile: a die roll against the victim's alignment takes an Object or a gold."""
    roll = sum(action.dice)
    need = BEGUILE_AT_LEAST[state.characters[other].alignment]
    state = log(state, "beguile", character=who, opponent=other, roll=roll, needed=need)
    if roll < need:
        return state
    return offer_spoils(state, who, other, "objects_and_gold", "beguiled")


def offer_spoils(state, cid, other, what, how):
    och = state.characters[other]
    if what == "objects_and_gold":
        options = [f"take:{c}" for c in dict.fromkeys(och.objects) if may_use(state, cid, c)]
        options += ["take:gold"] if och.gold else []
    elif what == "any_follower":
        options = [f"take:{f}" for f in dict.fromkeys(och.followers)]
    elif what == "followers_for_sorceress":
        options = [f"take:{f}" for f in dict.fromkeys(och.followers)
                   if f not in NOT_TAKEN_BY_SORCERESS and load().cards[f].type != "enemy"]
    else:
        options = [f"take:{f}" for f in dict.fromkeys(och.followers) if f in ("maiden", "princess")]
    if not options:
        return state
    return decide(state, cid, "take", options, "abilities.taken", prompt=f"{how} from {other}",
                  other=other, how=how)


def taken(state, action, other, how):
    cid = state.current
    what = action.args[0]
    if what == "gold":
        state = chars.lose(state, other, "gold", 1, f"{how} by {cid}")
        return chars.gain(state, cid, "gold", 1, f"{how} from {other}")
    och = state.characters[other]
    field = "objects" if what in och.objects else "followers"
    items = getattr(och, field)
    state = update_character(state, other, **{field: items.delete(items.index(what))})
    from .effects import add_possession
    state = add_possession(state, cid, what, f"{how} from {other}")
    return log(state, "possession_taken", character=cid, opponent=other, card=what, how=how)


# --- abilities before the move ------------------------------------------------------------

def before_move_options(state, cid):
    """Abilities offered before the movement roll: the Druid's change of alignment (one step,
    once a turn: CHANGING ALIGNMENT), the Elf's path from Woods to Woods."""
    ch = state.characters[cid]
    out = []
    if chars.has_ability(state, cid, "change_alignment_at_will") and not ch.turn_flags.get("realigned"):
        steps = {"good": ["neutral"], "neutral": ["good", "evil"], "evil": ["neutral"]}
        out += [f"align:{a}" for a in steps[ch.alignment]]
    if chars.has_ability(state, cid, "woods_to_woods") and ch.space.startswith("woods"):
        out += [f"woods:{w}" for w in sorted(load().board.spaces) if w.startswith("woods_") and w != ch.space
                and load().board.spaces[w].region == load().board.spaces[ch.space].region]
    return out


def before_move_chosen(state, cid, action):
    from .movement import _set_flag
    if action.kind == "align":
        state = chars.set_alignment(state, cid, action.args[0], "changed at will")
        return _set_flag(state, cid, "realigned")
    state = update_character(state, cid, space=action.args[0])
    state = _set_flag(state, cid, "moved")
    return log(state, "moved", character=cid, path=[action.args[0]], to=action.args[0])


def movement_roll_options(state, cid, roll):
    """The Troll may heal a life instead of moving on a movement roll of 6 (``regenerate``)."""
    if roll == 6 and chars.has_ability(state, cid, "regenerate") and state.characters[cid].lives < 4:
        return ["regenerate"]
    return []


def regenerate(state, cid):
    """Instead of moving: the Troll stays (and so has no encounter) and heals a life."""
    return chars.heal(state, cid, 1, "regenerate")


STEPS = {"abilities.beguile_rolled": beguile_rolled, "abilities.taken": taken}
