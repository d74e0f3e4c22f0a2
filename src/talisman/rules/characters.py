"""RULES CONCERNING CHARACTERS: counters and their totals, spells by Craft, gold, lives,
healing, death, trophies, alignment, toads.

The totals (CHARACTER'S TOTAL STRENGTH / CRAFT) add the bonuses of followers, magic objects
and objects in use; on the Cursed Glade objects and magic objects count for nothing.
"""
from __future__ import annotations

import functools
import inspect
import itertools
import types
from collections.abc import Callable
from typing import Any

import attrs
from pyrsistent import pvector
from pyrsistent.typing import PMap, PVector

from .kernel import ExtSlice, end_fight_of, end_turn_now, may_affect
from .hooks import adjust, run_hook, subscribed
from .slice_values import CARD, CHARACTER, checked, list_of, map_of
from ..engine.records import EMPTY_PMAP, IdentityMemo, replace
from ..definitions import card_of, load
from ..engine.dice import shuffle
from ..engine.machine import decide, frame, log, push, request_roll
from ..errors import RulesError
from ..notation import roll_action
from ..state import ExtRecord, character, map_field, update_character

#: NUMBER OF SPELLS: total Craft -> maximum spells (9 and more: 4).
SPELL_LIMIT = {1: 0, 2: 0, 3: 1, 4: 2, 5: 2, 6: 3, 7: 3, 8: 3}
#: GAINING STRENGTH / GAINING CRAFT: points of killed enemies per counter (Craft's: the option
#: ``craft_trophy_rate``, :func:`trophy_rate`).
TROPHY_RATE = {"strength": 7, "craft": 10}


@functools.lru_cache(maxsize=None)
def objects_do_not_count(space: str) -> bool:
    """Whether objects and magic objects add nothing on ``space`` (board data
    ``objects_do_not_count``: the Cursed Glade, CHARACTER'S TOTAL STRENGTH example; a memo of
    the loaded board, asked for every total)."""
    return load().board.spaces[space].objects_do_not_count


def card(cid):
    return load().cards[cid]


#: CARRIED POSSESSIONS: how many objects a character carries in use; more are transported.
CARRIED = 4
OBJECT_TYPES = ("object", "magic_object", "talisman")
#: The card types a rule naming "Magic Objects" reaches: the magic_object cards (a Magic Item is
#: one) and the Talisman, which the compendium calls a Magic Object ("a Wand and a Talisman (Magic
#: Objects)", CLAIMING FACE UP CARDS' example; rulings R-EN10.2, R-NA11.5).  Where the rule stops
#: their *use* (Destroy Magic, the Cursed Glade) the Talisman gives nothing to stop: it has no
#: Strength or Craft, and the Valley of Fire asks it only "in their possession".
MAGIC_OBJECT_TYPES = ("magic_object", "talisman")


def possessions(ch):
    """Every card a character holds that can add to its totals: the objects it carries in use
    (the first four; those beyond are transported by an Article and count for nothing until
    exchanged: CARRIED POSSESSIONS) and its followers."""
    return _held(ch)[2]


def in_use(ch):
    """The objects carried in use: every non-object card, and the first four objects."""
    return _held(ch)[0]


def transported(ch):
    """Objects beyond the four carried: on an Article (the Mule's load)."""
    return _held(ch)[1]


# A character's possessions are read several times a decision (each ``has_ability`` asked of an
# ability some card gives walks them, and the totals do) but change a few times a game; every
# ``update_character`` copy shares the ``objects`` and ``followers`` vectors it did not change.
# So what is derived from them alone is kept by the identity of those vectors and of the loaded
# data (an :class:`~talisman.engine.records.IdentityMemo`, the style explained there): a walk
# runs once for each set of possessions held, not once a question.
_HELD = IdentityMemo(16)  # (objects, followers, data) -> (carried, transported, possessions)
_GIVEN = IdentityMemo(16)  # (objects, followers, data, character, alignment, no magic) -> abilities


def _held(ch):
    """``(in_use, transported, possessions)`` of ``ch``, each a tuple (see ``_HELD``)."""
    objects, followers, defs = ch.objects, ch.followers, load()
    key = (id(objects), id(followers), id(defs))
    found = _HELD.find(key)
    if found is None:
        carried, moved = _carried_and_transported(objects, defs.cards)
        found = _HELD.keep(key, (objects, followers, defs), (carried, moved, carried + tuple(followers)))
    return found


def _carried_and_transported(objects, cards):
    carried, moved, n = [], [], 0
    for c in objects:
        if cards[c].type in OBJECT_TYPES:
            n += 1
            if n > CARRIED:
                moved.append(c)
                continue
        carried.append(c)
    return tuple(carried), tuple(moved)


def bonus_of(state, ch, which, context):
    """What followers and objects add to ``which`` (strength/craft) in ``context``
    (``always``, ``battle`` or ``psychic``)."""
    if ch.toad_turns:
        return 0
    cursed = objects_do_not_count(ch.space)
    # Destroy Magic (rules.lasting): no one uses Magic Objects while it lasts
    no_magic = state is not None and state.lasting is not EMPTY_PMAP and "destroy_magic" in state.lasting
    total = 0
    weapons = []
    for cid, copy in held_copies(ch, state):
        c = card(cid)
        if c.type == "enemy" and cid in ch.followers:
            if follower_mark(state, ch.id, cid) in ABILITY_FOLLOWERS:
                # the Ghoul's raised dead, the Minstrel's charmed Animal: their Strength in battle
                if which == "strength" and context == "battle":
                    total += c.strength or 0
                continue
            if which == "strength" and context != "psychic":
                total += 1  # TAMING ANIMALS: "The Animal will add 1 to your Strength."
                continue
        b = c.bonus
        if not b or (cursed and c.type in ("object", "magic_object")) or (no_magic and c.type == "magic_object"):
            continue
        if not usable(ch, c, state, copy):
            continue
        when = b.get("in", "always")
        if when == "always" or when == context:
            if "weapon" in c.abilities:
                if not wields_weapons(ch):
                    continue  # the Monk carries the Axe only to build a Raft
                weapons.append(weapon_value(ch, c, which, b.get(which, 0)))
                continue
            total += b.get(which, 0)
    if weapons:
        # one Weapon at a time in battle ("You can only use one weapon (sword, ax, etc.) in
        # battle", a printed rule; the compendium's Warrior row: "may not use two weapons
        # while in the Dungeon"): the best one, or two for ``two_weapons`` (the Warrior)
        weapons.sort(reverse=True)
        # (the Warrior's row of Corrections/Additions/Deletions: "You may not use two weapons
        # while in the Dungeon")
        two = (ch.id in load().characters and "two_weapons" in load().characters[ch.id].abilities
               and load().board.origin.get(ch.space) != "dungeon")
        total += sum(weapons[:2 if two else 1])
    return total


def weapon_value(ch, c, which, value):
    """What Weapon ``c`` adds to ``which`` for its holder: its own bonus, or more by an ability
    of the ``weapon_bonus`` kind (abilities.yaml ``params: {cards, strength}``: the Ninja's "Any
    Sword will add 2 to your Strength for any Combat in which you use it")."""
    if ch.toad_turns or ch.id not in load().characters:
        return value
    for a in load().characters[ch.id].abilities:
        ability = load().abilities[a]
        params = ability.get("params") if ability.get("kind") == "weapon_bonus" else None
        if params and c.id in params["cards"] and which in params:
            value = max(value, params[which])
    return value


def keep_one_scroll(state, cid):
    """The Scientist's ``keeps_one_scroll``: "Once you Gain a Scroll, you will always have one.
    Draw another whenever you discard your last one" (called where a Scroll is discarded)."""
    if not character(state, cid).scrolls and has_ability(state, cid, "keeps_one_scroll"):
        state = draw_scrolls(state, cid, 1, "keeps one scroll")
    return state


def scroll_discarded(state, cid, scroll):
    """The Gypsy's ``claims_discarded_scroll``: "If you have no Scroll and another Character
    discards one, you may claim it for yourself": offered (after the Scroll's own work, a frame
    below it) to a character with the ability and no Scroll, who may affect the discarder (the
    ``may_affect`` hook, ``claim``: not across the Timescape's boundary, docs/rulings.md R-FB13.1)."""
    for other in state.order:
        ch = character(state, other)
        if (other != cid and ch.alive and not ch.scrolls and has_ability(state, other, "claims_discarded_scroll")
                and may_affect(state, other, cid, "claim")):
            return push(state, frame("characters.scroll_claim", who=other, scroll=scroll))
    return state


def scroll_claim(state, who, scroll):
    """Rule step: the claim is offered while the Scroll is still the top of its discard pile
    and the claimant still holds none."""
    pile = state.discards.get("scroll") or ()
    if not pile or pile[-1] != scroll or character(state, who).scrolls or not character(state, who).alive:
        return state
    return decide(state, who, "claim", [f"claim:{scroll}", "pass"], "characters.scroll_claimed",
                  prompt=f"claim the discarded {scroll}?", who=who)


def scroll_claimed(state, action, who):
    if action.kind == "pass":
        return state
    scroll = action.args[0]
    state = take_from_discards(state, scroll, "scroll")
    state = update_character(state, who, scrolls=character(state, who).scrolls.append(scroll))
    return log(state, "scroll_gained", character=who, card=scroll, cause="claimed from the discards")


#: Enemies that became Followers by a Special Ability (not by TAMING ANIMALS): ``raised`` by the
#: Ghoul (for one battle), ``charmed`` by the Minstrel.  The mark lives in ``state.card_stock``
#: under ``follower:<character>/<card>`` (no field of its own in the state).
ABILITY_FOLLOWERS = ("raised", "charmed")


def _mark_key(cid, card_id):
    return f"follower:{cid}/{card_id}"


def follower_mark(state, cid, card_id):
    """How an Enemy Follower was gained by an ability (``raised``/``charmed``), or None (tamed)."""
    if state is None:
        return None
    return state.card_stock.get(_mark_key(cid, card_id))


def mark_follower(state, cid, card_id, mark):
    """Set (or, with ``mark=None``, clear) the ability mark of an Enemy Follower."""
    key = _mark_key(cid, card_id)
    stock = state.card_stock.set(key, mark) if mark else state.card_stock.discard(key)
    return replace(state, card_stock=stock)


def total(state, cid, which, context="always"):
    """CHARACTER'S TOTAL STRENGTH / CRAFT: counters plus what is in use (a Toad has 1)."""
    ch = character(state, cid)
    if ch.toad_turns:
        return 1
    value = getattr(ch, which) + bonus_of(state, ch, which, context)
    if which == "strength" and ch.turn_flags and "strength_for_turn" in ch.turn_flags:
        value += ch.turn_flags["strength_for_turn"]  # a draught drunk this turn (combat.drink)
    return value


def spell_limit(state, cid):
    """NUMBER OF SPELLS by total Craft (an expansion may change it: the ``spell_limit`` hook)."""
    craft = total(state, cid, "craft")
    return adjust(state, "spell_limit", SPELL_LIMIT.get(craft, 4 if craft >= 9 else 0), character=cid)


def with_copies(cards):
    """``(card, copy)`` for each of ``cards`` in order, ``copy`` counting the copies of the same
    card before it (0 for the first): a hook may tell one copy of a card held twice from the
    other (the Airships' stunned Follower, docs/rulings.md R-FIX15D.2)."""
    seen = {}
    for c in cards:
        n = seen.get(c, 0)
        seen[c] = n + 1
        yield c, n


_FIRST = itertools.repeat(0)


def held_copies(ch, state):
    """``with_copies(possessions(ch))`` where the copy can matter: it is told only to the
    ``object_usable`` hook, which :func:`usable` asks only when the game has extension state
    (``state.ext``); otherwise each card as its first copy, without counting (a base game's hot
    path: :func:`has_ability`, :func:`bonus_of`, :func:`possession_data`)."""
    cards = possessions(ch)
    if state is not None and state.ext is not EMPTY_PMAP and state.ext:  # (the shared empty pmap: no call)
        return with_copies(cards)
    return zip(cards, _FIRST)


def usable(ch, c, state=None, copy=0):
    """Whether a character may use an object: its alignment restriction (POSSESSIONS: the
    Assassin and the Holy Lance) and the character's own restrictions, which override the
    rules (SPECIAL ABILITIES): the Monk uses no weapon but the Axe (for rafts) and no armour;
    the Priest uses no weapon.  Given the ``state``, the ``object_usable`` hook may forbid more
    (a Master Level's piece that uses only Magic Objects, or none: docs/master_levels.md);
    carrying is not using (a card taken is refused by this test without the state only).
    ``copy``: which copy of the card the character holds this is (:func:`with_copies`)."""
    if c.alignment and ch.alignment not in c.alignment:
        return False
    if state is not None and state.ext and not adjust(state, "object_usable", True, character=ch.id, card=c.id,
                                                      copy=copy):
        return False
    own = own_abilities(ch)
    if "no_weapons_or_armour" in own and (
            ("weapon" in c.abilities and "build_raft" not in c.abilities) or "armour" in c.abilities):
        return False
    if "no_weapons" in own and "weapon" in c.abilities:
        return False
    return True


def own_abilities(ch):
    """The abilities printed on a character's card (none while a Toad, none for a piece that is
    no character of the data)."""
    return () if ch.toad_turns or ch.id not in load().characters else load().characters[ch.id].abilities


def wields_weapons(ch):
    """Whether a Weapon the character may carry adds its Strength in battle: not for the Monk
    ("may not use Sword, Helmet, Shield or Armour; Axe only for building a Raft",
    talisman-facts-verified.md section 2; docs/rulings.md R-BC12.7)."""
    return "no_weapons_or_armour" not in own_abilities(ch)


def has_ability(state, cid, ability):
    """A character's own abilities (none while a Toad) and those its possessions give."""
    # (``ext`` and ``lasting`` are the shared empty pmap in most games: told without a call to
    # the map's ``len``, as ``Character.flag`` tells its turn flags)
    own = ability in load().characters[cid].abilities or (
        state.ext is not EMPTY_PMAP and bool(state.ext)
        and adjust(state, "ability_lent", False, character=cid, ability=ability))
    if not own and ability not in _card_abilities():
        return False  # neither the character nor any card has it: nothing to look up
    ch = character(state, cid)
    if ch.toad_turns:
        return False
    if own:
        return True
    no_magic = state.lasting is not EMPTY_PMAP and "destroy_magic" in state.lasting  # rules.lasting
    if state.ext is EMPTY_PMAP or not state.ext:
        # no ``object_usable`` hook can be asked (:func:`usable`): what the possessions give
        # depends on the character's possessions, id and alignment alone (see ``_HELD``)
        return ability in _given_abilities(ch, no_magic)
    return any(ability in card(c).abilities and usable(ch, card(c), state, n)
               and not (no_magic and card(c).type == "magic_object") for c, n in held_copies(ch, state))


def _given_abilities(ch, no_magic):
    """The abilities that ``ch``'s possessions give and that it may use, in a game with no
    extension state (:func:`usable` without its hook; no Magic Object while Destroy Magic lasts,
    ``no_magic``); ``ch`` is no Toad (``has_ability`` told that first).  Kept as ``_HELD`` keeps
    the possessions, with the character's id and alignment (:func:`usable` reads both)."""
    objects, followers, defs = ch.objects, ch.followers, load()
    key = (id(objects), id(followers), id(defs), ch.id, ch.alignment, no_magic)
    found = _GIVEN.find(key)
    if found is None:
        given = set()
        for c in possessions(ch):
            d = defs.cards[c]
            if d.abilities and usable(ch, d) and not (no_magic and d.type == "magic_object"):
                given.update(d.abilities)
        found = _GIVEN.keep(key, (objects, followers, defs), frozenset(given))
    return found


def possession_data(state, cid, key):
    """The ``data[key]`` of each possession that gives one and that the character may use now
    (as :func:`has_ability` counts a possession's ability: none while a Toad, no Magic Object
    while Destroy Magic lasts), in the order held."""
    ch = character(state, cid)
    if ch.toad_turns:
        return []
    no_magic = state.lasting is not EMPTY_PMAP and "destroy_magic" in state.lasting  # rules.lasting
    out = []
    for c, n in held_copies(ch, state):
        d = card(c).data
        if d and key in d and usable(ch, card(c), state, n) and not (no_magic and card(c).type == "magic_object"):
            out.append(d[key])
    return out


@functools.cache
def banes():
    """The cards whose data adds Strength against some kinds of enemy (``strength_against``:
    the Holy Lance), a pure function of the loaded data."""
    return frozenset(c.id for c in load().cards.values() if c.data and "strength_against" in c.data)


@functools.cache
def _card_abilities():
    """Every ability that some card gives (a pure function of the loaded data)."""
    return frozenset(a for c in load().cards.values() for a in c.abilities)


def carried_objects(ch):
    """Objects and magic objects that count towards ENCUMBRANCE (followers do not)."""
    return [c for c in ch.objects if card(c).type in ("object", "magic_object", "talisman")]


def carry_limit(ch, state=None):
    """LIMIT TO NUMBER OF OBJECTS: 4, plus what Articles (the Mule) carry, plus what a card's
    ``carry`` changes while it is kept as a trophy (the Harbinger's Swarm of Flies: 1 less).
    Given the ``state`` (with expansions in play), the ``carry_limit`` hook may change it (an
    Airships' stunned Mule carries nothing: docs/rulings.md R-FIX15D.1)."""
    extra = sum(card(c).carry or 0 for c in tuple(ch.objects) + tuple(ch.followers) + tuple(ch.trophies))
    limit = 4 + extra
    if state is not None and state.config.expansions:
        limit = adjust(state, "carry_limit", limit, character=ch.id)
    return max(0, limit)


def may_have_followers(state, cid):
    """TOADS & TRANSFORMATIONS: "Toads and other transformed creatures cannot have any
    Possessions", and a Follower is one (POSSESSIONS: "Anything belonging to any Character"): no
    Follower joins a Toad, whatever the way, even one that forces itself on him (docs/rulings.md
    R-FIX26.1).  The one Toad test every way a Follower joins passes: :func:`follower_allowed`
    asks it first."""
    return not state.characters[cid].toad_turns


def follower_allowed(state, cid, card_id):
    """Whether the Follower ``card_id`` may join ``cid``: never a Toad (:func:`may_have_followers`);
    a card only some may take (``data.taken_with`` an ability: the Barbarian's Berserker) to them
    only; the ``follower_allowed`` hook, asked
    only with expansions in play (a trophy that bars Followers).  ``card_id`` may be a Follower
    that is no card (a Henchman, ``henchman:<id>``, taken from another character).  A card
    with an ``alignment`` joins only a character of one of them (POSSESSIONS' alignment
    restriction, for Followers as for Objects: the Blood Moon's Champion of Light "not for
    Evil"), whatever the way he is taken (docs/rulings.md R-CD11-1)."""
    if not may_have_followers(state, cid):
        return False
    c = load().cards.get(card_id)
    if c is not None and refuses_alignment(c, state.characters[cid].alignment):
        return False
    only = ((c.data if c is not None else None) or {}).get("taken_with")
    if only and not has_ability(state, cid, only):
        return False
    return not state.config.expansions or adjust(state, "follower_allowed", True, character=cid, card=card_id)


def refuses_alignment(c, alignment):
    """Whether the card ``c`` is not for a character of ``alignment`` (POSSESSIONS' alignment
    restriction: the card's ``alignment`` lists those it permits), an Object's use or a
    Follower's company alike."""
    return bool(c.alignment) and alignment not in c.alignment


def followers_leave(state, cid, cards, cause):
    """The Follower cards ``cards`` leave ``cid``, who is now one they refuse (his alignment
    changed, he became a lycanthrope: docs/rulings.md R-FA12.1): left face up on his space, as
    CHANGING ALIGNMENT drops a forbidden Magic Object, for anyone they may join; a Follower's
    Craft gone may leave a surplus of Spells (NUMBER OF SPELLS: the check follows)."""
    if not cards:
        return state
    ch = character(state, cid)
    followers = list(ch.followers)
    for c in cards:
        followers.remove(c)
    state = update_character(state, cid, followers=followers)
    state = put_on_space(state, ch.space, list(cards))
    state = log(state, "followers_left", character=cid, cards=list(cards), cause=cause)
    return check_surplus_spells(state, cid)


def fate_rerolled(state, cid, dice, cause):
    """FATE: ``cid`` paid a fate and rolled again; the ``fate_rerolled`` hook sees the new dice
    (of a roll of several dice, the one die re-rolled: rulings R-RF14.1)."""
    if not subscribed(state, "fate_rerolled"):
        return state
    return run_hook(state, "fate_rerolled", character=cid, dice=list(dice), cause=cause)


def fate_reroll_options(state, dice):
    """FATE (Revised 4th Edition; talisman-facts-verified.md 3): "pay 1 fate ... to reroll one
    die he has just rolled ... If several dice are rolled at once (e.g. Death space 2d6, Temple
    2d6), only one of them may be rerolled" (rulings R-RF14.1).  The re-roll options of a roll of
    ``dice``: ``fate:reroll`` for one die (or for the whole roll again, under the option
    ``fate_reroll: whole_roll``); of several, ``fate:reroll:<n>`` for each die, n its place in
    the order rolled (1-based), the others kept.

    >>> from types import SimpleNamespace
    >>> one = SimpleNamespace(option=lambda name: "one_die")
    >>> fate_reroll_options(one, (5,)), fate_reroll_options(one, (5, 1))
    (['fate:reroll'], ['fate:reroll:1', 'fate:reroll:2'])
    """
    if len(dice) <= 1 or state.option("fate_reroll") == "whole_roll":
        return ["fate:reroll"]
    return [f"fate:reroll:{n}" for n in range(1, len(dice) + 1)]


def fate_reroll(spec, dice, action):
    """The roll a Fate re-roll ``action`` (:func:`fate_reroll_options`) makes of a roll of
    ``dice`` made with ``spec``: ``(spec, args)``, the dice to roll and the arguments the roll's
    step takes for them: none for the roll again (``fate:reroll``), else one die of ``spec``'s
    kind and ``kept``, the dice with 0 in the place of the one re-rolled (:func:`rerolled_roll`).

    >>> from talisman.notation import Action
    >>> fate_reroll("2d6", (5, 1), Action.parse("fate:reroll:2"))
    ('d6', {'kept': [5, 0]})
    >>> fate_reroll("2d6", (5, 1), Action.parse("fate:reroll"))
    ('2d6', {})
    """
    if len(action.args) < 2:
        return spec, {}
    at = int(action.args[1]) - 1
    return "d" + spec.split("d", 1)[1], {"kept": [0 if i == at else d for i, d in enumerate(dice)]}


def fate_spent(state, cid, roll, dice, action):
    """Log ``fate_spent``: ``cid`` paid a fate to re-roll (``action``, :func:`fate_reroll_options`)
    his roll ``roll`` made of ``dice``; ``die`` says which die was rolled again: its place in the
    order rolled, from 1 (1 for a roll of one die), or ``"all"`` for the whole roll again (the
    option ``fate_reroll: whole_roll``).  The line's ``roll`` is what the fate rolls again
    (FATE: "reroll one die he has just rolled"): of one die of several, the number that die
    showed (the Moon Mist's 1 of a 5 and a 1, not their sum or the die that counts); else the
    roll ``roll``, the result the roll gave as the rule reads it, the same at every site: the die
    that counts of the Warrior's two battle dice (the higher) and of the Moon Mist's movement dice
    (the lower), a 2D6's total, one die's number (rulings R-FATE18.1, R-FIX23.4)."""
    if len(action.args) >= 2:
        die = int(action.args[1])
        roll = dice[die - 1]
    else:
        die = 1 if len(dice) <= 1 else "all"
    return log(state, "fate_spent", character=cid, roll=roll, die=die)


def lying_down(state, cid):
    """LOSING A TURN: "That player may perform no actions, cast no Spells, read no Scrolls, or the
    like until his following turn. If a Character is attacked while losing a turn he may defend
    himself as usual, including casting Spells": a character whose next turn is lost casts no
    Spell and buys nothing in the others' turns (R-PROBE16F.1, R-RULE17.1), but the defender of
    the combat in progress.  Asked by the Spells' windows and the effects' ``lying_down`` test."""
    if not character(state, cid).lost_turn:
        return False
    return not (state.battle is not None and state.battle.opponent == cid)


def may_reroll(state, cid, rerolled):
    """FATE (Revised 4th Edition; talisman-facts-verified.md 3): "once per die roll, a player
    may pay 1 fate ... to reroll one die he has just rolled ... the new result must be kept; the
    same die may not be rerolled again with more fate".  Whether ``cid`` may pay one for his roll
    just made: a fate left, and the roll no re-roll already (``rerolled``).  The one test of
    every roll that offers Fate (:func:`fate_options`, :class:`OwnRoll`, :class:`OwnDice`, the
    movement rolls, the attack rolls, the ``roll`` effect).  A Toad may too: TOADS &
    TRANSFORMATIONS takes his Possessions, Spells and Strength and Craft, not his fate, and FATE
    bars only a creature's die and another player's (rulings R-FATE17.1)."""
    return state.characters[cid].fate > 0 and not rerolled


def fate_options(state, cid, dice, rerolled):
    """The Fate options offered to ``cid`` after his own roll of ``dice`` (:func:`may_reroll`,
    :func:`fate_reroll_options`): none when he may not pay a fate for it."""
    return fate_reroll_options(state, dice) if may_reroll(state, cid, rerolled) else []


def pay_fate(state, cid, roll, spec, dice, action):
    """FATE: ``cid`` pays one fate to roll again his roll ``roll``, made of ``dice`` with
    ``spec`` (``action``: :func:`fate_reroll_options`'s choice): the fate lost and the
    ``fate_spent`` line (:func:`fate_spent`); ``(state, spec, args)``, the dice to roll and the
    arguments the roll's step takes for them (``kept``, for one die of several:
    :func:`fate_reroll`).  Every paid re-roll goes through here."""
    state = lose(state, cid, "fate", 1, "re-roll")
    state = fate_spent(state, cid, roll, dice, action)
    spec, kept = fate_reroll(spec, dice, action)
    return state, spec, kept


def offer_fate(state, cid, dice, rerolled, step, prompt, **args):
    """FATE, after ``cid``'s own roll of ``dice`` on a card's or space's instruction (or his
    attack roll): the decision to keep it or pay one fate to roll (one of) them again, answered
    at the step ``step`` with ``args`` and ``dice``; ``None`` when he may not pay one
    (:func:`may_reroll`)."""
    options = fate_options(state, cid, dice, rerolled)
    if not options:
        return None
    return decide(state, cid, "fate", ["keep", *options], step, prompt=prompt, dice=list(dice), **args)


def reroll_for_fate(state, cid, roll, spec, dice, action, prompt, step, **args):
    """FATE: ``cid`` pays one fate to roll again his roll ``roll``, made of ``dice`` with
    ``spec`` (:func:`pay_fate`), and the new roll, asked for the step ``step`` with ``args``
    (and ``kept``, for one die of several: :func:`fate_reroll`)."""
    state, spec, kept = pay_fate(state, cid, roll, spec, dice, action)
    return request_roll(state, spec, prompt, step, **args, **kept)


@attrs.frozen
class OwnRoll:
    """FATE, for a character's own roll on a card's or space's instruction (or his attack roll):
    the roll, the Fate offer after it and the re-roll, declared once by the rule that orders it.
    The rule asks for the roll (:meth:`roll`) and registers :meth:`steps`: the roll's step
    ``rolled`` offers the roller to keep it or pay one fate to roll (one of) the dice again
    (:func:`offer_fate`, answered at the step ``fate``: :func:`reroll_for_fate`, once a roll);
    when the roll stands, ``then(state, dice, **args)`` goes on with its final dice and the
    roll's arguments.  ``spec``: the dice (or a function of the arguments giving them);
    ``offer``, ``again`` and ``cause``: the Fate decision's prompt, the re-roll's purpose and the
    ``fate_rerolled`` cause, formatted with the arguments, ``cid`` (the roller), ``dice`` and
    ``total`` (or functions of the same, called with them); ``roller``: the argument naming the
    roller, ``None`` for the current character.  The roll's arguments are those ``then`` takes
    after the dice (and ``roller``): the steps declare them (:func:`_declared_step`), so
    ``from_json`` refuses a decision or frame of theirs with an argument wrong or missing, naming
    its path.  No argument may be named ``kind`` (a decision's own), ``cid``, ``dice`` or
    ``total``."""

    rolled: str
    fate: str
    spec: Any
    then: Callable[..., Any]
    offer: str | Callable[..., str]
    again: str | Callable[..., str]
    cause: str | Callable[..., str]
    roller: str | None = "who"

    def steps(self):
        """The two rule steps, by name, each declaring the roll's arguments."""
        names = _roll_args(self.then, () if self.roller is None else (self.roller,))
        return {self.rolled: _declared_step(self, OwnRoll.on_rolled, names),
                self.fate: _declared_step(self, OwnRoll.on_fate, names)}

    def roll(self, state, purpose, **args):
        """Ask for the roll (``purpose``: its prompt) with the arguments ``args``."""
        return request_roll(state, self._dice(args), purpose, self.rolled, **args)

    def on_rolled(self, state, action, rerolled=False, kept=None, **args):
        """The roll (``kept``: the dice kept beside one re-rolled, :func:`fate_reroll`): Fate
        offered unless this is the re-roll, else the roll stands."""
        cid = self._roller(state, args)
        new, action = action.dice, rerolled_roll(action, kept)
        if rerolled:
            state = fate_rerolled(state, cid, new, self._say(self.cause, cid, action.dice, args))
        offer = offer_fate(state, cid, action.dice, rerolled, self.fate,
                           self._say(self.offer, cid, action.dice, args), **args)
        return offer if offer is not None else self.then(state, action.dice, **args)

    def on_fate(self, state, action, dice, **args):
        """The roller keeps his ``dice``, or pays one fate to roll (one of) them again."""
        if action.kind == "keep":
            return self.then(state, dice, **args)
        cid = self._roller(state, args)
        return reroll_for_fate(state, cid, sum(dice), self._dice(args), dice, action,
                               self._say(self.again, cid, dice, args), self.rolled,
                               rerolled=True, **args)

    def _roller(self, state, args):
        return state.current if self.roller is None else args[self.roller]

    def _dice(self, args):
        return self.spec(**args) if callable(self.spec) else self.spec

    @staticmethod
    def _say(text, cid, dice, args):
        if callable(text):
            return text(cid=cid, dice=list(dice), total=sum(dice), **args)
        return text.format(cid=cid, dice=list(dice), total=sum(dice), **args)


@attrs.frozen
class OwnDice:
    """FATE, for one roll whose dice belong to several characters, one die each (a bout's two
    fighters, a shot's shooter and a target character: "his character's attack roll", never
    "another player's die"): each roller in turn (``rollers(state, args)``: his name and his die's
    place in the roll, from 1) may pay one fate to roll his own die again (``fate:reroll:<n>``),
    once a roll (``asked``: those offered already); when none is left to ask, ``then(state,
    dice, **args)`` goes on with the final dice.  As :class:`OwnRoll`: ``rolled`` and ``fate``
    the steps' names (:meth:`steps`), ``spec`` the dice, ``offer`` / ``again`` / ``cause`` the
    texts, formatted with the arguments, ``cid`` (the roller), ``die`` (his die) and ``dice``.
    The roll's arguments are those ``then`` takes after the dice, declared by the steps as
    :class:`OwnRoll`'s.  No argument may be named ``kind`` (a decision's own)."""

    rolled: str
    fate: str
    spec: str
    rollers: Callable[..., Any]
    then: Callable[..., Any]
    offer: str
    again: str
    cause: str

    def steps(self):
        """The two rule steps, by name, each declaring the roll's arguments."""
        names = _roll_args(self.then, ())
        return {self.rolled: _declared_step(self, OwnDice.on_rolled, names),
                self.fate: _declared_step(self, OwnDice.on_fate, names)}

    def roll(self, state, purpose, **args):
        """Ask for the roll (``purpose``: its prompt) with the arguments ``args``."""
        return request_roll(state, self.spec, purpose, self.rolled, **args)

    def on_rolled(self, state, action, asked=(), kept=None, **args):
        """The roll (``kept``: the dice kept beside the last roller's die, rolled again): the next
        roller not yet asked who may pay a fate is asked, else the roll stands."""
        if kept:
            state = fate_rerolled(state, asked[-1], action.dice, self.cause.format(cid=asked[-1], **args))
            action = rerolled_roll(action, kept)
        dice = list(action.dice)
        for who, place in self.rollers(state, args):
            if may_reroll(state, who, who in asked):
                prompt = self.offer.format(cid=who, die=dice[place - 1], dice=dice, **args)
                return decide(state, who, "fate", ["keep", f"fate:reroll:{place}"], self.fate, prompt=prompt,
                              asked=[*asked, who], dice=dice, **args)
        return self.then(state, dice, **args)

    def on_fate(self, state, action, asked, dice, **args):
        """The roller (the last ``asked``) keeps his die, or pays one fate to roll it again."""
        if action.kind == "keep":
            return self.on_rolled(state, roll_action(dice), asked=asked, **args)
        who, die = asked[-1], dice[int(action.args[1]) - 1]
        return reroll_for_fate(state, who, die, self.spec, dice, action,
                               self.again.format(cid=who, die=die, dice=list(dice), **args), self.rolled,
                               asked=list(asked), **args)


def _roll_args(then, also):
    """The arguments of an :class:`OwnRoll`'s or :class:`OwnDice`'s roll: the parameters of its
    continuation ``then(state, dice, ...)`` after the dice, as keyword-only ones (defaults
    kept), and the names ``also`` (the roller's argument) if ``then`` lacks them."""
    params = list(inspect.signature(then).parameters.values())[2:]
    names = {p.name for p in params}
    params += [inspect.Parameter(n, inspect.Parameter.KEYWORD_ONLY) for n in also if n not in names]
    return [p.replace(kind=p.kind if p.kind == p.VAR_KEYWORD else p.KEYWORD_ONLY) for p in params]


def _declared_step(owner, method, args):
    """``method`` (an :class:`OwnRoll`'s or :class:`OwnDice`'s step, which takes the roll's
    arguments as ``**args``) bound to ``owner``, its signature declaring the roll's arguments
    ``args`` (:func:`_roll_args`) in the place of ``**args``: ``from_json``'s check of a
    decision's or frame's arguments (``engine.documents.check_step_args``) reads it.  The copy
    shares ``method``'s code, so ``apply``'s safety net names the step as before."""
    fn = types.FunctionType(method.__code__, method.__globals__, method.__name__, method.__defaults__,
                            method.__closure__)
    fn.__kwdefaults__, fn.__doc__ = method.__kwdefaults__, method.__doc__
    own = [p for p in inspect.signature(method).parameters.values() if p.kind != p.VAR_KEYWORD]
    fn.__signature__ = inspect.Signature(own + list(args))
    return types.MethodType(fn, owner)


def rerolled_roll(action, kept):
    """The roll after a Fate re-roll of one die: the dice ``kept`` (:func:`fate_reroll`) with
    the re-rolled die (the roll ``action``) in its place; ``action`` itself without ``kept``.

    >>> from talisman.notation import Action
    >>> rerolled_roll(Action.parse("roll:3"), [5, 0])
    Action('roll:5+3')
    """
    if not kept:
        return action
    new = iter(action.dice)
    return roll_action([d or next(new) for d in kept])


def type_limit_reached(state, cid, c):
    """Whether an expansion's limit on cards of ``c``'s type (the ``type_limit`` hook: the
    Harbinger's Fleeting Magic, one Magic Object) keeps ``cid`` from taking one more."""
    if not state.config.expansions:
        return False
    limit = adjust(state, "type_limit", None, character=cid, kind=c.type)
    if limit is None:
        return False
    return sum(1 for o in character(state, cid).objects if card(o).type == c.type) >= limit


def type_over_limit(state, cid):
    """The type of Object ``cid`` holds more of than an expansion's limit allows (the
    ``type_limit`` hook), with that limit, or None: a Cursed one taken past the limit ("must be
    taken", 001 Cursed Keyword; Fleeting Magic's one Magic Object)."""
    if not state.config.expansions:
        return None
    held = [card(o).type for o in character(state, cid).objects]
    for kind in dict.fromkeys(held):
        limit = adjust(state, "type_limit", None, character=cid, kind=kind)
        if limit is not None and held.count(kind) > limit:
            return kind, limit
    return None


def region_of(space):
    """The Region a space counts as: its board region, or the one an expansion board is part of
    (board.yaml ``part_of``: "The City is considered to be part of the outer Region")."""
    board = load().board
    region = board.spaces[space].region
    return board.part_of.get(region, region)


def test_holds(state, test, actor):
    """The tests of ``if`` and ``require`` (docs/effects.md): the effects' conditions, and a
    Spell's choice whose options none can be taken (:mod:`.spells`, R-FA12.2)."""
    ch = state.characters[actor]
    for key, want in test.items():
        if key == "alignment" and ch.alignment not in want:
            return False
        if key == "strength_at_least" and total(state, actor, "strength") < want:
            return False
        if key == "craft_at_least" and total(state, actor, "craft") < want:
            return False
        if key == "strength_below" and total(state, actor, "strength") >= want:
            return False
        if key == "craft_below" and total(state, actor, "craft") >= want:
            return False
        if key == "gold_at_least" and ch.gold < want:
            return False
        if key == "fate_at_least" and ch.fate < want:
            return False
        if key == "has" and want not in tuple(ch.objects) + tuple(ch.followers):
            return False
        if key == "has_followers" and has_followers(state, actor) != want:
            return False
        if key == "has_type" and not any(load().cards[c].type == want for c in ch.objects):
            return False
        if key == "on_quest" and (ch.quest is not None) != want:
            return False
        if key == "below_spell_limit" and (len(ch.spells) < spell_limit(state, actor)) != want:
            return False
        if key == "character" and card_of(actor) not in want:  # (a card taken again: its card)
            return False
        if key == "ability" and not has_ability(state, actor, want):
            return False
        if key == "region" and region_of(ch.space) != want:
            return False
        if key == "toad" and bool(ch.toad_turns) != want:
            return False
        if key == "lying_down" and lying_down(state, actor) != want:  # LOSING A TURN (R-RULE17.1)
            return False
    return True


# --- counters -----------------------------------------------------------------------

def gain(state, cid, which, n, cause):
    """Gain counters (GAINING LIVES is not HEALING: no limit). Toads may not gain Strength or
    Craft, nor Gold: "Toads and other transformed creatures cannot have any Possessions", Gold
    among them (POSSESSIONS); the Gold a Toad would gain stays where it came from, the stock
    (docs/rulings.md R-TE13.6)."""
    ch = character(state, cid)
    if which in ("strength", "craft", "gold") and ch.toad_turns:
        return log(state, "gain_refused", character=cid, counter=which,
                   cause=f"a Toad cannot {'have' if which == 'gold' else 'gain'} {which}")
    if state.config.expansions:  # a card that lets no fate be gained (the Blood Moon's Black Cat)
        n = adjust(state, "counter_gain", n, character=cid, counter=which)
        if n <= 0:
            return log(state, "gain_refused", character=cid, counter=which, cause=cause)
    state = update_character(state, cid, **{which: getattr(ch, which) + n})
    state = log(state, f"{which}_gained", character=cid, amount=n,
                value=getattr(ch, which) + n, cause=cause)
    return _lives_gained(state, cid, n, cause) if which == "lives" else state


def lose(state, cid, which, n, cause):
    """Lose counters; lives and Strength/Craft have their own rules; gold and fate stop at 0."""
    if which == "lives":
        return lose_lives(state, cid, n, cause)
    if which in ("strength", "craft"):
        return lose_counter(state, cid, which, n, cause)
    ch = character(state, cid)
    value = max(0, getattr(ch, which) - n)
    state = update_character(state, cid, **{which: value})
    state = log(state, f"{which}_lost", character=cid, amount=getattr(ch, which) - value,
                value=value, cause=cause)
    if which == "gold" and ch.gold > value and subscribed(state, "gold_paid"):
        state = run_hook(state, "gold_paid", character=cid, amount=ch.gold - value, cause=cause)
    return state


def lose_lives(state, cid, n, cause):
    """LOSING LIVES, then LOSING ALL LIVES: at 0 the character is dead.  When a plugin
    listens, the ``lives_losing`` hook may take some of the loss elsewhere (the Blood Moon's
    Self-Portrait: spare lives lost instead; a Henchman's lives)."""
    if n > 0 and subscribed(state, "lives_losing"):
        state, n = _lives_spared(state, cid, n, cause)
        if n <= 0:
            return state
    ch = character(state, cid)
    lives = max(0, ch.lives - n)
    state = update_character(state, cid, lives=lives)
    state = log(state, "life_lost", character=cid, amount=ch.lives - lives, lives=lives, cause=cause)
    if lives == 0:
        state = kill(state, cid, cause)
    return state


def _lives_spared(state, cid, n, cause):
    """The ``lives_losing`` hook: ``(state, spared)`` threaded through its subscribers, a
    subscriber that takes some of the ``n`` lives elsewhere adds how many it spares."""
    state, spared = adjust(state, "lives_losing", (state, 0), character=cid, amount=n, cause=cause)
    return state, n - min(spared, n)


def heal(state, cid, n, cause):
    """HEALING: never restores a character to more than 4 lives (his life value: the card's under
    ``lives: card``, and an expansion's card may change it, :func:`life_value`)."""
    ch = character(state, cid)
    lives = max(ch.lives, min(life_value(state, cid), ch.lives + n))
    state = update_character(state, cid, lives=lives)
    state = log(state, "healed", character=cid, amount=lives - ch.lives, lives=lives, cause=cause)
    return _lives_gained(state, cid, lives - ch.lives, cause)


def _lives_gained(state, cid, n, cause):
    if n <= 0 or not subscribed(state, "lives_gained"):
        return state
    return run_hook(state, "lives_gained", character=cid, amount=n, cause=cause)


def card_lives(lives_option, card) -> int:
    """The lives a character card is worth under the ``lives`` option: 4 (SETTING UP: "Each
    Player then receives 4 Lives"), or under ``lives: card`` (the Revised 4th Edition's) the
    card's life value: what a character starts with, what HEALING restores him to
    (docs/rulings.md R-FIX21.4), and a Henchman's lives (R-FIX22.1)."""
    return load().characters[card].life if lives_option == "card" else 4


def life_value(state, cid):
    """HEALING's limit: 4 lives ("Healing can never restore a Character to more than 4 Lives"),
    or under ``lives: card`` (the Revised 4th Edition's lives) the character card's life value,
    the one he starts with (:func:`card_lives`); as the ``life_value`` hook changes it
    (expansions only)."""
    card = card_of(cid)
    value = card_lives(state.option("lives"), card) if card in load().characters else 4
    return adjust(state, "life_value", value, character=cid) if state.config.expansions else value


def fate_value(state, cid):
    """The fate a replenish restores: the starting fate, as the ``fate_value`` hook changes it
    (expansions only)."""
    start = load().characters[cid].fate
    return adjust(state, "fate_value", start, character=cid) if state.config.expansions else start


def lose_counter(state, cid, which, n, cause):
    """LOSING STRENGTH / LOSING CRAFT: at 0 the character loses a life and is restored
    to the starting quota.  A Toad's Strength and Craft are 1, not his counters, and "the
    Character regains all Strength and Craft when they revert" (TOADS & TRANSFORMATIONS): a
    loss while he is a Toad takes none of his counters (docs/rulings.md R-PROBE15F.1)."""
    ch = character(state, cid)
    if ch.toad_turns:
        return log(state, "loss_refused", character=cid, counter=which,
                   cause=f"a Toad's {which} is 1, his own regained when he reverts")
    value = max(0, getattr(ch, which) - n)
    state = update_character(state, cid, **{which: value})
    state = log(state, f"{which}_lost", character=cid, amount=getattr(ch, which) - value,
                value=value, cause=cause)
    if value == 0:
        quota = getattr(load().characters[cid], which)
        state = update_character(state, cid, **{which: quota})
        state = log(state, f"{which}_restored", character=cid, value=quota)
        state = lose_lives(state, cid, 1, f"{which} dropped to 0")
    if which == "craft" and character(state, cid).alive:
        state = discard_surplus_spells(state, cid)
    return state


# --- possessions on the board -----------------------------------------------------------

def other_followers(state, cid):
    """The one answer to "which Followers has ``cid`` that are not in his ``followers`` list":
    those that are no cards (OPTIONAL RULES, HENCHMEN: "Henchmen are considered Followers for
    any pertaining rules", ``henchman:<id>``), as the ``other_followers`` hook gives them; asked
    only when some plugin keeps state."""
    return tuple(adjust(state, "other_followers", (), character=cid)) if state.ext else ()


def other_possessions(state, cid):
    """The Possessions of ``cid`` that an expansion keeps outside his five lists (a tuple of card
    ids; the Blood Moon's cards kept with him: docs/rulings.md R-RULER20.5); asked only when
    some plugin keeps state."""
    return tuple(adjust(state, "other_possessions", (), character=cid)) if state.ext else ()


def all_followers(state, cid, sort=False, distinct=False):
    """Every Follower of ``cid``, a list: his Follower cards (sorted with ``sort``, each card
    once with ``distinct``, else as held), then those that are no cards (:func:`other_followers`:
    the Henchmen, "considered Followers for any pertaining rules").  The order feeds seeded
    shuffles and the order of choices: a caller keeps the one it has."""
    cards = state.characters[cid].followers
    cards = sorted(cards) if sort else list(dict.fromkeys(cards)) if distinct else list(cards)
    return cards + list(other_followers(state, cid))


def is_animal(card_id, breeds=None, also=()):
    """Whether a card is an Animal: its subtype ``animal``, the one mark on the card (an Animal
    Enemy, or a Follower that is an Animal: the Unicorn, the Mules, the Dog, the cats; docs/rulings.md
    R-TS11.1, R-FB12.1).  ``breeds``: only the Animals of those breeds (the card's ``breed``: the
    Mules' ``mule``, the Horses' ``horse``), where a rule names a narrower kind (the Wizard's Tower,
    the Dungeon); ``also``: the other card subtypes a rule counts with the Animals (the City's
    Dragons)."""
    c = load().cards.get(card_id)
    if c is None:
        return False
    if c.subtype in also:
        return True
    return c.subtype == "animal" and (breeds is None or c.breed in breeds)


def animals(state, cid, breeds=None, also=()):
    """The Animals among ``cid``'s Followers and Objects (:func:`is_animal`), in their order."""
    ch = state.characters[cid]
    return [c for c in tuple(ch.followers) + tuple(ch.objects) if is_animal(c, breeds, also)]


def leave_followers(state, cid, followers, where, event, **details):
    """Some of ``cid``'s Followers stay on ``where`` (the animals that may not enter a place: the
    Wizard's Tower's Portal, the Dungeon's Entrance, the Timescape's last space), with the Objects
    only they could carry (a Mule's load: LIMIT TO NUMBER OF OBJECTS); logged as ``event`` with
    the cards left."""
    if not followers:
        return state
    gone = set(followers)
    ch = state.characters[cid]
    state = update_character(state, cid, followers=[f for f in ch.followers if f not in gone])
    ch = state.characters[cid]
    surplus = carried_objects(ch)[carry_limit(ch, state):]
    if surplus:
        state = remove_objects(state, cid, surplus)
    left = list(followers) + list(surplus)
    state = put_on_space(state, where, left)
    return log(state, event, character=cid, **details, cards=left)


def droppable(ch):
    """DROPPED OBJECTS OR ITEMS: the objects a character may drop ("Characters may drop any
    Possession at any time"); Cursed objects "cannot be ditched"."""
    return [c for c in dict.fromkeys(ch.objects) if "cursed" not in card(c).abilities]


def hag_held(ch):
    """The Hag (``hag_curse``) is with the character: no Follower may be gained."""
    return any("hag_curse" in card(f).abilities for f in ch.followers)


def has_followers(state, cid):
    """Whether ``cid`` has any Follower: a Follower card, or one that is no card (a Henchman:
    "considered Followers for any pertaining rules").  The one test of "has Followers" / "has no
    Followers" a rule asks (the Stowaway's "alone, has no Followers", an effect's condition)."""
    return bool(state.characters[cid].followers) or bool(other_followers(state, cid))


def lose_other_follower(state, cid, follower, cause):
    """One Follower of ``cid`` that is no card (a Henchman, ``henchman:<id>``) leaves him, as a
    Follower card discarded, given up or paid away would (``other_follower_lost``)."""
    return run_hook(state, "other_follower_lost", character=cid, follower=follower, cause=cause)


def discard_other_followers(state, cid, cause):
    """Every Follower of ``cid`` that is no card (a Henchman) leaves him, as a Follower card
    discarded would (``other_follower_lost``): "lose all Possessions, discard immediately"."""
    for f in other_followers(state, cid):
        state = lose_other_follower(state, cid, f, cause)
    return state


def droppable_followers(ch):
    """CARRIED POSSESSIONS: "Characters may drop any Possession at any time" -- Followers too
    (POSSESSIONS: "Anything belonging to any Character"), except those that force themselves
    on a character (Cursed, ``must_take``) and Enemies kept as Followers (a tamed or raised
    creature is not left lying on a space)."""
    return [c for c in dict.fromkeys(ch.followers)
            if card(c).type == "follower" and not {"cursed", "must_take"} & set(card(c).abilities)]


def droppable_scrolls(ch):
    """CARRIED POSSESSIONS: a Scroll is a Possession (POSSESSIONS: "All Possessions, except
    Spells and Scrolls, must be kept face up"), so it may be dropped (docs/rulings.md R-PS10.1)."""
    return list(dict.fromkeys(ch.scrolls))


def drop_options(ch, gold=True):
    """Every ``drop:`` a character may choose (CARRIED POSSESSIONS: "Characters may drop any
    Possession at any time"): Objects, Followers and Scrolls (not Spells: SPELLS "may not be
    discarded until cast") and, with ``gold``, one Bag of Gold (R-PS10.1)."""
    options = [f"drop:{c}" for c in droppable(ch) + droppable_followers(ch) + droppable_scrolls(ch)]
    if gold and ch.gold:
        options.append("drop:gold")
    return options


def drop_object(state, cid, card_id, space=None):
    """Leave an object (or a Follower, a Scroll; ``gold``: one Bag of Gold) face up on the
    character's space (or ``space``: the Realm he collects from, passed over or landed on), for
    anyone landing there to pick up; not picked up again by him this turn."""
    ch = character(state, cid)
    space = ch.space if space is None else space
    if card_id == "gold":
        state = update_character(state, cid, gold=ch.gold - 1)
        state = replace(state, board_gold=state.board_gold.set(
            space, state.board_gold.get(space, 0) + 1))
        return log(state, "gold_dropped", character=cid, amount=1, space=space)
    field = ("objects" if card_id in ch.objects else "scrolls" if card_id in ch.scrolls
             else "followers")
    held = getattr(ch, field)
    state = update_character(state, cid, **{field: held.delete(held.index(card_id))},
                             turn_flags=ch.turn_flags.set(
                                 "dropped", ch.flag("dropped", _pvec([])).append(card_id)))
    state = put_on_space(state, space, [card_id])
    state = log(state, "object_dropped", character=cid, card=card_id, space=space)
    state = article_gone(state, cid, card_id)
    return discard_surplus_spells(state, cid)  # NUMBER OF SPELLS: "at any time"


def article_gone(state, cid, card_id):
    """LIMIT TO NUMBER OF OBJECTS: "A Character may possess more than 4 Objects or Items if they
    have an Object or Item, which will allow them to Carry or Possess more". An Article (a card
    with ``carry``: the Mule) that leaves ``cid`` -- dropped, left as a tithing, taken by another
    -- takes its room with it: over his limit, he leaves Objects of his choice on his space at
    once (:func:`keep_within_limit`, as when the Hag drives the Mule off; rulings R-PROBE19B.1)."""
    if card(card_id).carry:
        return push(state, frame("characters.keep_within_limit", who=cid))
    return state


def put_on_space(state, space, cards):
    if not cards:
        return state
    on_board = state.board_cards  # (``in``: a pmap's ``get`` raises a ``KeyError`` on a miss)
    cur = on_board[space].extend(cards) if space in on_board else _pvec(cards)
    return replace(state, board_cards=on_board.set(space, cur))


def put_gold_on_space(state, space, n):
    """``n`` Gold counters left lying on ``space`` (for anyone landing there to take)."""
    if not n:
        return state
    return replace(state, board_gold=state.board_gold.set(space, state.board_gold.get(space, 0) + n))


def _pvec(items):
    return pvector(items)


def take_from_discards(state, card_id, deck="adventure"):
    """Take ``card_id`` out of a discard pile (the copy nearest the top): for the cards and
    abilities that take a card back from the discards."""
    pile = state.discards[deck]
    at = len(pile) - 1 - list(reversed(pile)).index(card_id)
    return replace(state, discards=state.discards.set(deck, pile.delete(at)))


#: The stocks whose cards go back to them when discarded (no discard pile of their own).
STOCKS = ("purchase", "talisman")


def discard_held_cards(state, cid, keep_followers=False):
    """"Lose all Possessions", its cards: POSSESSIONS, "Anything belonging to any Character is
    considered a Possession": every card ``cid`` holds (Objects, Followers, Spells, Scrolls, the
    kept Enemy cards: R-FD13.3) to its discard pile, his Follower cards kept with
    ``keep_followers`` ("except Followers"), and the Possessions an expansion keeps outside
    his five lists (:func:`other_possessions`, discarded first by their keeper through the
    ``other_possessions_lost`` hook, while he still holds what keeps them: docs/rulings.md
    R-RULER20.5, R-FIX23.3; none of them is a Follower card).  ``(state, the cards
    discarded)``; his Gold and his Henchmen are the caller's (docs/rulings.md R-RULE17.2,
    R-PROBE17A.1)."""
    others = list(other_possessions(state, cid))
    if others:  # first, while he still holds what keeps them (his Book of the Dead: R-FIX23.3)
        state = run_hook(state, "other_possessions_lost", character=cid, cause="all Possessions lost")
    ch = state.characters[cid]
    followers = [] if keep_followers else list(ch.followers)
    gone = list(ch.objects) + followers + list(ch.spells) + list(ch.scrolls) + list(ch.trophies)
    for c in gone:
        state = discard(state, c)
    state = update_character(state, cid, objects=[], spells=[], scrolls=[], trophies=[],
                             followers=list(ch.followers) if keep_followers else [])
    return state, gone + others


def discard(state, card_id):
    """A card goes to its deck's discard pile (Purchase and Talisman cards back to their stock);
    the ``card_discarded`` hook is told of a card on a discard pile."""
    deck = card(card_id).home_deck
    if deck in STOCKS:
        cur = state.decks.get(deck, _pvec([]))
        return replace(state, decks=state.decks.set(deck, cur.append(card_id)))
    cur = state.discards.get(deck, _pvec([]))
    state = replace(state, discards=state.discards.set(deck, cur.append(card_id)))
    return run_hook(state, "card_discarded", card=card_id, deck=deck)


#: Rafts: the bought Raft cards held while their rafts are unused (``{"cards": {character: [id]}}``):
#: "it must be placed ... back with the Purchase Cards, if it was bought" once used or lost, and
#: not bought again meanwhile.
@attrs.frozen
class Rafts(ExtRecord):
    """``state.ext["rafts"]``: ``cards``, character -> the bought Raft cards he holds."""

    cards: PMap[str, PVector[str]] = map_field(checked(map_of(CHARACTER, list_of(CARD))))


RAFTS = ExtSlice("rafts", Rafts)


def hold_bought_raft(state, cid, card):
    """A bought Raft card leaves the Purchase stock while its raft is unused (Rafts)."""
    stock = state.decks["purchase"]
    state = replace(state, decks=state.decks.set("purchase", stock.delete(stock.index(card))))
    held = RAFTS.get(state, "cards")
    return RAFTS.put(state, cards=held.set(cid, held.get(cid, pvector()).append(card)))


def return_bought_raft(state, cid):
    """Rafts: "Whether or not it is used, it must be placed ... back with the Purchase Cards,
    if it was bought": the Raft card ``cid`` bought goes back to the Purchase stock."""
    if "rafts" not in state.ext:
        return state
    held = RAFTS.get(state, "cards")
    cards = held.get(cid)
    if not cards:
        return state
    state = RAFTS.put(state, cards=held.discard(cid))
    return replace(state, decks=state.decks.set("purchase", state.decks["purchase"].extend(cards)))


def leave_belongings(state, cid):
    """LOSING ALL LIVES: "Objects, Magic Objects, Followers, Scrolls, Magic Items and Gold are
    placed on the Space"; trophies and spells are discarded; a bought Raft goes back.  The
    character's record is left as it was (the caller clears or replaces it)."""
    ch = character(state, cid)
    state = put_on_space(state, ch.space, list(ch.objects) + list(ch.followers) + list(ch.scrolls))
    state = put_gold_on_space(state, ch.space, ch.gold)
    for c in list(ch.trophies) + list(ch.spells):
        state = discard(state, c)
    return return_bought_raft(state, cid)


def kill(state, cid, cause):
    """LOSING ALL LIVES: the piece leaves the board; objects, followers and gold stay on the
    space; trophies and spells are discarded; counters go back to the stock.  The fight he is
    in ends with him, before its result (``kernel.end_fight_of``), and so does his turn."""
    ch = character(state, cid)
    state = leave_belongings(state, cid)
    state = update_character(state, cid, alive=False, lost_turn=0, objects=[], followers=[], scrolls=[],
                             trophies=[], spells=[], gold=0, toad_turns=0, raft=False,
                             next_move=None)
    state = log(state, "character_died", character=cid, space=ch.space, cause=cause)
    state = end_fight_of(state, cid)  # the fight he was in ends with him (rulings R-FA13.1)
    state = run_hook(state, "character_died", character=cid)  # the endings area subscribes too
    if cid == state.current and state.outcome is None and not ch.flag("turn_end_deferred"):
        # (a card striking every character of a Region still strikes the others after the
        # drawer's death: his turn ends once they are dealt with, effects.deferred_turn_end)
        state = end_turn_now(state)
    return state


# --- spells -----------------------------------------------------------------------------

def draw_spells(state, cid, n, cause):
    """GAINING SPELLS: from the top of the stockpile (the discards reshuffled when it is
    exhausted), never beyond the Craft limit; Toads gain none."""
    ch = character(state, cid)
    if ch.toad_turns:
        return state
    room = spell_limit(state, cid) - len(ch.spells)
    for _ in range(min(n, max(0, room))):
        state = refill_deck(state, "spell")
        deck = state.decks.get("spell")
        if not deck:
            return log(state, "no_spell_left", character=cid)
        top, rest = deck[0], deck.delete(0)
        state = replace(state, decks=state.decks.set("spell", rest))
        ch = character(state, cid)
        state = update_character(state, cid, spells=ch.spells.append(top))
        state = log(state, "spell_gained", character=cid, card=top, cause=cause)
    return state


def draw_scrolls(state, cid, n, cause):
    """GAINING SCROLLS: "taken from the top of the Scroll Stockpile. When the Stockpile is
    exhausted, shuffle the discard pile"; "Any Character may have any number of Scrolls".
    A Toad draws none: Scrolls are Possessions he cannot have (they stay in the stock, R-TE13.6)."""
    if n and character(state, cid).toad_turns:
        return log(state, "possession_refused", character=cid, what="scroll", amount=n, cause=cause,
                   reason="a Toad cannot have Possessions")
    for _ in range(n):
        state = refill_deck(state, "scroll")
        deck = state.decks.get("scroll")
        if not deck:
            return log(state, "no_scroll_left", character=cid)
        state = replace(state, decks=state.decks.set("scroll", deck.delete(0)))
        ch = character(state, cid)
        state = update_character(state, cid, scrolls=ch.scrolls.append(deck[0]))
        state = log(state, "scroll_gained", character=cid, card=deck[0], cause=cause)
    return state


def refill_deck(state, deck):
    """When a stockpile is exhausted, shuffle its discard pile to start a new one."""
    if state.decks.get(deck) or not state.discards.get(deck):
        return state
    cards, dice = shuffle(state.dice, state.discards[deck])
    state = replace(state, dice=dice, decks=state.decks.set(deck, _pvec(cards)),
                         discards=state.discards.set(deck, _pvec([])))
    return log(state, "deck_reshuffled", deck=deck, cards=len(cards))


def discard_surplus_spells(state, cid):
    """NUMBER OF SPELLS: "If at any time a Character has more Spells than his Craft allows,
    the surplus Spells must be discarded ... The player may choose which": schedule the check."""
    return push(state, frame("characters.surplus_spells", who=cid))


def remove_objects(state, cid, cards):
    """One copy of each of ``cards`` taken out of ``cid``'s Objects, wherever they go next (the
    caller's: the discards, a space, another character).  Every path that takes an Object away
    comes here: a Magic Object gone may lower the Craft, and NUMBER OF SPELLS says "If at any
    time a Character has more Spells than his Craft allows, the surplus Spells must be
    discarded", so the check follows (R-PS10.3; docs/rulings.md R-NB11.1), scheduled only when
    there is a surplus (it runs once the step taking the Object is done)."""
    objects = list(character(state, cid).objects)
    for c in cards:
        objects.remove(c)
    state = update_character(state, cid, objects=objects)
    return check_surplus_spells(state, cid)


def remove_possession(state, cid, card_id):
    """One copy of ``card_id`` taken out of ``cid``'s Objects, or else his Followers (a
    Follower's Craft gone lowers the total too): :func:`remove_objects`'s surplus check follows."""
    followers = character(state, cid).followers
    if card_id in character(state, cid).objects or card_id not in followers:
        return article_gone(remove_objects(state, cid, [card_id]), cid, card_id)
    state = update_character(state, cid, followers=followers.delete(followers.index(card_id)))
    return check_surplus_spells(article_gone(state, cid, card_id), cid)


def check_surplus_spells(state, cid):
    """:func:`discard_surplus_spells` scheduled only when ``cid`` now holds a surplus (a
    possession taken away: :func:`remove_objects`)."""
    return discard_surplus_spells(state, cid) if has_surplus_spells(state, cid) else state


def has_surplus_spells(state, who):
    """Whether ``who`` holds more Spells than his Craft allows and must discard (NUMBER OF
    SPELLS): never a dead character or a Toad (TOADS: "Any Spells the Character had before
    transformation are kept"), nor the Wizard's one Spell (R-PS10.4)."""
    ch = character(state, who)
    if not ch.alive or not ch.spells or ch.toad_turns or len(ch.spells) <= spell_limit(state, who):
        return False  # (no spells: nothing to discard, no total to work out)
    # the Wizard's "always keeps at least one Spell" overrides the rule (R-PS10.4, R-FG12.1)
    return len(ch.spells) > 1 or not card_ability(state, who, "keeps_one_spell")


def card_ability(state, cid, ability):
    """Whether ``ability`` is printed on a character card ``cid`` plays: his own or a title's
    Character Card (the ``title_abilities`` hook: a Master Level), none while a Toad; not one a
    possession or a held card lends (the Wand's and the Disciple of Darkness's "keeps one Spell"
    are "Craft permitting", docs/rulings.md R-FG12.1)."""
    if ability in own_abilities(character(state, cid)):
        return True
    return (not character(state, cid).toad_turns and state.ext is not EMPTY_PMAP and bool(state.ext)
            and ability in adjust(state, "title_abilities", (), character=cid))


def surplus_spells(state, who):
    """Rule step: ask which spell to discard while there are more than the Craft allows."""
    if not has_surplus_spells(state, who):
        return state
    ch = character(state, who)
    return decide(state, who, "discard_spell", [f"discard:{sp}" for sp in dict.fromkeys(ch.spells)],
                  "characters.spell_discarded", prompt="more spells than the Craft allows", who=who)


def spell_discarded(state, action, who):
    sp = action.args[0]
    spells = character(state, who).spells
    state = update_character(state, who, spells=spells.delete(spells.index(sp)))
    state = discard(state, sp)
    state = log(state, "spell_discarded", character=who, card=sp, cause="over the Craft limit")
    return push(state, frame("characters.surplus_spells", who=who))


# --- trophies -----------------------------------------------------------------------------

def trophy_value(cid_card, which, state=None, character=None):
    """What a kept enemy is worth towards ``which`` (an expansion may change it in a game:
    the ``trophy_value`` hook; ``character``: whose trophy it is)."""
    c = card(cid_card)
    value = (c.strength if which == "strength" else c.craft) or 0
    if state is not None:
        value = adjust(state, "trophy_value", value, card=cid_card, counter=which, character=character)
    return value


def cashable(state, cid, which):
    """The trophies that may be cashed in for ``which`` (Pandora's Box's Hydra keeps Dragons)."""
    return [t for t, _ in cashable_values(state, cid, which)]


def cashable_values(state, cid, which):
    """:func:`cashable`'s trophies, each with its value towards ``which`` (asked once)."""
    out = []
    for t in character(state, cid).trophies:
        value = trophy_value(t, which, state, cid)
        if value > 0 and not adjust(state, "trophy_kept", False, character=cid, card=t, counter=which):
            out.append((t, value))
    return out


def trophy_rate(state, which):
    """GAINING STRENGTH / CRAFT: the points of kept Enemy cards per counter, 7 for Strength and
    the option ``craft_trophy_rate`` for Craft (10, the compendium's; 7, the published rule:
    rulings R-PROBE15B.2)."""
    return state.option("craft_trophy_rate") if which == "craft" else TROPHY_RATE[which]


def can_cash_in(state, cid, which):
    if not character(state, cid).trophies:
        return False  # nothing to cash in (the common case: no sum to make)
    return sum(value for _, value in cashable_values(state, cid, which)) >= trophy_rate(state, which)


def cash_options(state, cid):
    """GAINING STRENGTH / CRAFT, offered before the move: ``cash:<counter>`` trades every
    cashable trophy at once; ``cash:<counter>:<card>`` starts the player's own choice ("cashing
    in any Animals, Monsters, and Dragons"), one trophy at a time (``cash_in``)."""
    if not character(state, cid).trophies or character(state, cid).toad_turns:
        return []  # TOADS & TRANSFORMATIONS: "may not Gain Strength or Craft"
    out = []
    for which in ("strength", "craft"):
        found = cashable_values(state, cid, which)
        if sum(value for _, value in found) >= trophy_rate(state, which):  # (can_cash_in)
            out.append(f"cash:{which}")
            out += [f"cash:{which}:{t}" for t in dict.fromkeys(t for t, _ in found)]
    return out


def cash_in(state, cid, which, *chosen):
    """GAINING STRENGTH / CRAFT: 1 point per 7 Strength (10 Craft, or ``craft_trophy_rate``) of
    kept enemies; the trophies cashed are discarded and the remainder is lost.  With no
    ``chosen`` card every cashable trophy is traded; otherwise the player goes on choosing
    (``cash_pick``)."""
    if chosen:
        return cash_pick(state, cid, which, list(chosen))
    return trade_trophies(state, cid, which, cashable(state, cid, which))


def _without(cards, taken):
    """``cards`` less one copy of each of ``taken`` (trophies are a multiset: two Wolves)."""
    rest = list(cards)
    for c in taken:
        rest.remove(c)
    return rest


def cash_pick(state, cid, which, chosen):
    """The player's choice of trophies, one card at a time: ``cash:<counter>:<card>`` adds one,
    ``done`` trades those chosen (nothing when they are worth no point: they are kept).  The
    trade is made at once when no trophy left could add a point ("Excess ... points ... are
    lost": choosing more would only lose them)."""
    rest = cashable(state, cid, which)
    if any(chosen.count(c) > rest.count(c) for c in chosen):
        raise RulesError(f"{cid} cannot cash in {chosen} for {which}: not among the trophies {rest}")
    rest = _without(rest, chosen)
    rate = trophy_rate(state, which)
    have = sum(trophy_value(t, which, state, cid) for t in chosen)
    more = sum(trophy_value(t, which, state, cid) for t in rest)
    if have >= rate and have // rate == (have + more) // rate:
        return trade_trophies(state, cid, which, chosen)
    return decide(state, cid, "cash", ["done"] + [f"cash:{which}:{t}" for t in dict.fromkeys(rest)],
                  "characters.cash_picked", prompt=f"trophies chosen for {which}: {have // rate} point(s)",
                  who=cid, which=which, chosen=chosen)


def cash_picked(state, action, who, which, chosen):
    chosen = list(chosen)
    if action.kind != "done":
        return cash_pick(state, who, which, chosen + [action.args[1]])
    if sum(trophy_value(t, which, state, who) for t in chosen) < trophy_rate(state, which):
        return log(state, "trophies_kept", character=who, cards=chosen, cause="worth no point")
    return trade_trophies(state, who, which, chosen)


def trade_trophies(state, cid, which, spend):
    """Discard the trophies ``spend`` and gain 1 ``which`` per 7 (10, or ``craft_trophy_rate``) points of them."""
    ch = character(state, cid)
    keep = _without(ch.trophies, spend)
    points = sum(trophy_value(t, which, state, cid) for t in spend) // trophy_rate(state, which)
    state = update_character(state, cid, trophies=keep)
    for t in spend:
        state = discard(state, t)
    state = log(state, "trophies_cashed", character=cid, counter=which, cards=list(spend), points=points)
    return gain(state, cid, which, points, "trophies")


# --- alignment and toads ------------------------------------------------------------------

def set_alignment(state, cid, alignment, cause):
    """CHANGING ALIGNMENT: objects the new alignment forbids are dropped at once, and the
    Followers who are not for it leave (docs/rulings.md R-FA12.1)."""
    ch = character(state, cid)
    if ch.alignment == alignment:
        return state
    if adjust(state, "alignment_locked", False, character=cid, alignment=alignment):
        # an Alternative Ending's star instruction (Lightbearers): "stay Good (an alignment
        # change costs 1 life instead)"
        state = log(state, "alignment_kept", character=cid, alignment=ch.alignment, cause=cause)
        return lose_lives(state, cid, 1, f"{cause} (alignment kept)")
    if state.config.expansions:
        state, kept = adjust(state, "alignment_changing", (state, False), character=cid,
                             alignment=alignment, cause=cause)
        if kept:  # an expansion refused the change (the Possessed)
            return state
        ch = character(state, cid)
    state = update_character(state, cid, alignment=alignment)
    state = log(state, "alignment_changed", character=cid, alignment=alignment, cause=cause)
    forbidden = [c for c in ch.objects if refuses_alignment(card(c), alignment)]
    if forbidden:
        state = update_character(state, cid, objects=[c for c in ch.objects if c not in forbidden])
        state = put_on_space(state, ch.space, forbidden)
        state = log(state, "objects_dropped", character=cid, cards=forbidden, cause="alignment")
        state = discard_surplus_spells(state, cid)  # NUMBER OF SPELLS: "at any time" (R-PS10.3)
    refused = [c for c in ch.followers if refuses_alignment(card(c), alignment)]
    return followers_leave(state, cid, refused, "alignment")


def add_trophies(state, cid, cards, cause=None):
    """Killed Enemies kept ("the Character may keep those Enemy Cards") join ``cid``'s trophies;
    a Toad keeps none ("cannot have any Possessions"): they are discarded, as a carcass not kept
    (docs/rulings.md R-FD13.3), unless the option ``toad_trophies`` keeps them (R-FB14.3)."""
    cards = list(cards)
    if not cards:
        return state
    if character(state, cid).toad_turns and not toads_keep_trophies(state):
        return _toad_discards_trophies(state, cid, cards)
    state = update_character(state, cid, trophies=character(state, cid).trophies.extend(cards))
    if cause is None:
        return log(state, "trophies_kept", character=cid, cards=cards)
    return log(state, "trophies_kept", character=cid, cards=cards, cause=cause)


def toads_keep_trophies(state):
    """The option ``toad_trophies``: ``kept``, a Toad keeps his kept Enemy cards (ruling 4's B);
    ``discarded`` (the default), they are Possessions he cannot have (docs/rulings.md R-FD13.3,
    R-FB14.3)."""
    return state.option("toad_trophies") == "kept"


def _toad_discards_trophies(state, cid, cards):
    """A Toad's kept Enemy cards (``cards``, not empty) go to the discard pile: "cannot have any
    Possessions" (docs/rulings.md R-FD13.3)."""
    for c in cards:
        state = discard(state, c)
    return log(state, "trophies_discarded", character=cid, cards=cards,
               reason="a Toad cannot have Possessions")


def become_toad(state, cid, turns, cause):
    """TOADS & TRANSFORMATIONS: possessions dropped on the space (spells kept), Strength and
    Craft 1, no abilities, for ``turns`` full turns.  The kept Enemy cards (trophies) are
    Possessions too ("Anything belonging to any Character"): they go as LOSING ALL LIVES sends
    them, to the discard pile, never onto the space as live Enemies (docs/rulings.md R-FD13.3);
    with the option ``toad_trophies: kept`` he keeps them (R-FB14.3).  The Possessions an
    expansion keeps outside his five lists (:func:`other_possessions`) go first, while he still
    holds what keeps them, discarded by their keeper through the ``other_possessions_lost`` hook
    as when all Possessions are lost (docs/rulings.md R-FIX23.1, R-RULER20.5).  A City Warrant
    stays with him: no card sheds it (R-FIX23.2)."""
    if other_possessions(state, cid):
        state = run_hook(state, "other_possessions_lost", character=cid, cause="became a Toad")
    ch = character(state, cid)
    dropped = list(ch.objects) + list(ch.followers) + list(ch.scrolls)  # Scrolls are Possessions
    state = put_gold_on_space(put_on_space(state, ch.space, dropped), ch.space, ch.gold)
    trophies = list(ch.trophies) if toads_keep_trophies(state) else []
    if ch.trophies and not trophies:
        state = _toad_discards_trophies(state, cid, list(ch.trophies))
    state = update_character(state, cid, objects=[], followers=[], scrolls=[], gold=0, trophies=trophies,
                             toad_turns=turns)
    if cid == state.current:  # "3 Full turns": the turn it happens in does not count
        ch = character(state, cid)
        state = update_character(state, cid, turn_flags=ch.turn_flags.set("toad_new", True))
    state = log(state, "became_toad", character=cid, turns=turns, dropped=dropped, cause=cause)
    # HENCHMEN: "considered Followers for any pertaining rules": no card to lie on the space,
    # each leaves the game as a Follower lost (R-NB11.5)
    state = discard_other_followers(state, cid, "became a Toad")
    return run_hook(state, "became_toad", character=cid)


def toad_keeps_nothing_aside(state, cid, cause):
    """What a Toad "cannot have" that is kept outside his five lists goes (TOADS &
    TRANSFORMATIONS; docs/rulings.md R-FIX26.2): the Possessions an expansion keeps for him
    (``other_possessions_lost``, cause ``became a Toad``, as :func:`become_toad` asks it: R-FIX23.1),
    the Followers that are no cards (the Henchmen, R-FC14.3), and whatever the ``became_toad``
    hook point takes from a Toad (the Blood Moon's Lycanthrope card).  For a character who is a
    Toad without :func:`become_toad` being the way (the Mystic's two pieces made one again, one of
    them a Toad: R-FB14.1)."""
    if other_possessions(state, cid):
        state = run_hook(state, "other_possessions_lost", character=cid, cause="became a Toad")
    state = discard_other_followers(state, cid, cause)
    return run_hook(state, "became_toad", character=cid)


def end_of_turn_toad(state, cid):
    """At the end of the third full turn the Toad reverts."""
    ch = character(state, cid)
    if not ch.toad_turns:
        return state
    state = update_character(state, cid, toad_turns=ch.toad_turns - 1)
    if ch.toad_turns == 1:
        state = log(state, "toad_reverted", character=cid)
    return state


def keep_within_limit(state, who):
    """LIMIT TO NUMBER OF OBJECTS: a character over his carrying limit (his Mule lost, a Cursed
    object taken over the limit) leaves objects on his space until he is within it, choosing
    which; Cursed objects "cannot be ditched", so they are kept first. Over the limit with
    Cursed objects only, he leaves the Cursed ones he chooses down to the limit: "A character can
    only choose not to keep a Cursed Object if he has more Cursed Objects than his Carrying limit"
    (001 Cursed Keyword; docs/rulings.md R-TF5.2)."""
    ch = character(state, who)
    if not ch.alive:
        return state
    if len(carried_objects(ch)) > carry_limit(ch, state):
        options = droppable(ch) or list(dict.fromkeys(carried_objects(ch)))
        return decide(state, who, "over_limit", [f"drop:{c}" for c in options], "characters.over_limit_dropped",
                      prompt=f"carrying {len(carried_objects(ch))} of {carry_limit(ch, state)}: leave one", who=who)
    over = type_over_limit(state, who)
    if over is None:
        return state
    # an expansion's limit on one type (Fleeting Magic: one Magic Object) passed by a Cursed one
    # that had to be taken: the same choice, the Cursed kept first (rulings R-PROBE18D.2)
    kind, limit = over
    held = [c for c in dict.fromkeys(ch.objects) if card(c).type == kind]
    options = [c for c in held if "cursed" not in card(c).abilities] or held
    return decide(state, who, "over_limit", [f"drop:{c}" for c in options], "characters.over_limit_dropped",
                  prompt=f"holding {len(held)} of type {kind}, {limit} allowed: leave one", who=who)


def over_limit_dropped(state, action, who):
    state = drop_object(state, who, action.args[0])
    return keep_within_limit(state, who)


STEPS = {"characters.surplus_spells": surplus_spells, "characters.spell_discarded": spell_discarded,
         "characters.keep_within_limit": keep_within_limit,
         "characters.over_limit_dropped": over_limit_dropped,
         "characters.cash_picked": cash_picked, "characters.scroll_claim": scroll_claim,
         "characters.scroll_claimed": scroll_claimed}
