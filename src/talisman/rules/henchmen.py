"""OPTIONAL RULES, HENCHMEN: the option ``henchmen: N`` (a base plugin, docs/henchmen.md).

"Decide how many henchmen are permitted to each player. ... Once Characters are chosen, randomly
deal out the agreed upon number of henchmen to each player from the remaining Character Cards."
This area keeps its own state (a typed record) in ``state.ext["henchmen"]``::

    {"dealt": {player: [{"id": character id, "lives": n}, ...]}}

(``henchmen_dealt`` gives ids, or ``{id: ..., lives: n}`` for a Henchman already wounded.)

and joins the game only through hook points (a base-game state without the option never changes):

- ``setup``: the deal (the option ``henchmen_dealt`` fixes it for a scenario);
- ``ability_lent``: the Henchmen's Special Abilities the player may use "as if they were his
  own" (only those the data ``data/talisman/options/henchmen.yaml`` marks as lent);
- ``combat_options`` / ``combat_option_chosen``: "At the start of any Combat, a player may
  declare a Henchman to fight in stead" (``henchman:<id>``), before any Spell or other option
  (the attacker's in ``state.battle.henchman``, a defending character's in
  ``state.battle.opponent_henchman``);
- ``character_score``: the Henchman fights "using the base Strength and/or Craft printed on their
  Character Cards", plus what the player's Objects, Followers and Spells add;
- ``lives_losing``: the Henchman that fought loses the lives of the fight, not the player; at 0
  it is dead and discarded;
- ``character_died``: a dead player's Henchmen leave the game (not when a Master Level's piece
  dies and the player plays on with the other);
- ``character_joined`` / ``characters_held``: a player who begins again with a new character is
  dealt Henchmen afresh from the remaining Character Cards, which hold none in play as a
  Henchman (rulings R-FIX15C.1, R-FIX15C.2);
- ``defender_options``: a character attacked by another may declare his Henchman too ("At the
  start of any Combat");
- ``possession_gained`` / ``spoils_options`` / ``spoils_option_chosen``: "Henchmen are
  considered Followers for any pertaining rules": the Hag drives them off, the victor of psychic
  combat may take one;
- ``other_followers`` / ``other_follower_lost``: the effects that count, take or make a
  character lose Followers (``lose_follower``, ``lose_lives_or_followers``,
  ``roll_for_each_follower``, the ``has_followers`` test) see the Henchmen (``henchman:<id>``);
  one lost leaves the game (Preservation, which saves a Follower that is killed, may save it);
- ``other_follower_taken``: the Sorceress's taking a Follower may take a Henchman;
- ``hand_over`` / ``join`` (asked by ``talisman.rules.noblemen``): a Henchman offered as a tithing
  on a Realm leaves the player whole and serves the Realm's owner once he collects it.

Henchmen "cannot increase their Strength or Craft, nor may they possess any Gold or Gain more
than 4 Lives": a Henchman has no counters but its lives, and nothing adds to them. It is dealt
with the lives its card is worth under the ``lives`` option, as a character starts: 4, or its
card's life value with ``lives: card`` (``characters.card_lives``; rulings R-FIX22.1).
"""
from __future__ import annotations

import functools
from typing import Any

import attrs
from pyrsistent.typing import PMap, PVector

from ..definitions import character_pool, load
from ..engine.data import data_root, load_yaml, validate
from ..engine.dice import shuffle
from ..engine.machine import log
from ..engine.records import deep_freeze, replace
from ..engine.ruleset import Plugin
from ..options import given
from ..errors import DataError, OptionError
from ..state import ExtRecord, map_field
from . import characters as chars
from . import master_levels
from .hooks import adjust
from .winning import unused_characters
from .kernel import ExtSlice
from .slice_values import CHARACTER, COUNT, NAME, checked, list_of, map_of, mapping_with

KEY = "henchmen"


#: One Henchman's record (:func:`_fresh`): its Character Card's id and the lives it has left.
HENCHMAN = mapping_with(("id", "lives"), id=NAME, lives=COUNT)


@attrs.frozen
class Henchmen(ExtRecord):
    """``state.ext["henchmen"]``: ``dealt``, player -> his living Henchmen (the layout above)."""

    dealt: PMap[str, PVector[PMap[str, Any]]] = map_field(checked(map_of(CHARACTER, list_of(HENCHMAN))))


SLICE = ExtSlice(KEY, Henchmen)

SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["abilities", "forbid_followers"],
    "properties": {
        "abilities": {"type": "object", "additionalProperties": {
            "type": "object", "additionalProperties": False, "required": ["lent", "reason"],
            "properties": {"lent": {"type": "boolean"}, "reason": {"type": "string", "minLength": 1}}}},
        "forbid_followers": {"type": "array", "items": {"type": "string"}},
    },
}


#: The lent-abilities table, under ``data/talisman`` (registered on the plugin: read by the loader).
FILE = "options/henchmen.yaml"


def path():
    return data_root() / "talisman" / FILE


@functools.lru_cache(maxsize=None)
def table() -> Any:
    """The lent-abilities table, as the data loader read it."""
    return load().tables[FILE]


def read(p, defs) -> Any:
    """The lent-abilities table, validated (a character ability of ``defs`` missing from it is an
    error), frozen."""
    doc = validate(p, load_yaml(p), SCHEMA)
    for c in defs.characters.values():
        for a in c.abilities:
            if a not in doc["abilities"]:
                raise DataError(p, "abilities", a, f"the {c.id}'s ability is not judged lent or not")
    return deep_freeze(doc)


@functools.lru_cache(maxsize=None)
def lent_abilities() -> frozenset[str]:
    """The abilities a Henchman lends (the table's ``lent: true`` rows)."""
    return frozenset(a for a, row in table()["abilities"].items() if row["lent"])


# --- reading the state -----------------------------------------------------------------------

def henchmen_of(state, cid) -> list[dict[str, Any]]:
    """The living Henchmen of a player: ``[{"id": ..., "lives": ...}]`` (none without the option)."""
    mine = state.ext.get(KEY)
    if mine is None:
        return []
    return [dict(h) for h in mine.dealt.get(cid, ())]


def serving(state, cid) -> list[dict[str, Any]]:
    """The Henchmen at the side of ``cid``'s piece in play: none while that piece is a Toad and
    the player's other piece is not ("cannot have any Possessions"; the Henchmen are the
    player's, kept for his other piece: docs/rulings.md R-FC14.3)."""
    ch = state.characters[cid]
    if ch.toad_turns:
        other = master_levels.resting(state, cid)
        if other is not None and not other.toad_turns:
            return []
    return henchmen_of(state, cid)


def fighting(state, cid):
    """The Henchman fighting for ``cid`` in the combat in progress (the attacker's, or the
    defender's in a fight between characters), or None."""
    b = state.battle
    if b is None or KEY not in state.ext:
        return None
    if b.who == cid:
        return b.henchman
    return b.opponent_henchman if b.opponent == cid else None


def _set(state, cid, henchmen):
    return SLICE.put(state, dealt=SLICE.get(state, "dealt").set(cid, deep_freeze(henchmen)))


# --- set-up: the deal ---------------------------------------------------------------------------

def _check(state, n, fixed):
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise OptionError(f"rule option henchmen={n!r}: a whole number of Henchmen per player, 0 for none")
    if fixed is None:
        return
    if not hasattr(fixed, "items"):
        raise OptionError(f"rule option henchmen_dealt={fixed!r}: a mapping character -> [henchman ids]")
    known = load().characters
    for cid, ids in fixed.items():
        if cid not in state.characters:
            raise OptionError(f"rule option henchmen_dealt: {cid!r} is not playing")
        for h in ids:
            hid = h.get("id") if hasattr(h, "items") else h
            if hid not in known:
                raise OptionError(f"rule option henchmen_dealt: unknown character {hid!r}")
            if hasattr(h, "items"):  # {id: ..., lives: n}: a scenario's Henchman already wounded
                lives, most = h.get("lives"), chars.card_lives(state.option("lives"), hid)
                if not isinstance(lives, int) or isinstance(lives, bool) or not 1 <= lives <= most:
                    raise OptionError(f"rule option henchmen_dealt: {h!r}: lives 1 to {most}")
            if hid in state.characters:
                raise OptionError(f"rule option henchmen_dealt: {hid!r} is a player's character, "
                                  "not one of the remaining Character Cards")


def setup(state):
    n, fixed = state.option("henchmen"), state.option("henchmen_dealt")
    _check(state, n, fixed)
    if not n and not fixed:
        return state
    eligible = [c for c in state.order if _may_have(c)]
    henchman = functools.partial(_fresh, state)
    if fixed:
        dealt = {c: [henchman(h) for h in fixed.get(c, ())] for c in eligible}
    else:
        pool = character_pool(load(), state.option("character_pool"), state.config.expansions)
        remaining = sorted(set(pool) - set(state.order))
        if n * len(eligible) > len(remaining):
            raise OptionError(f"rule option henchmen={n}: {len(eligible)} players need "
                              f"{n * len(eligible)} Henchmen, only {len(remaining)} characters remain")
        cards, dice = shuffle(state.dice, remaining)
        state = replace(state, dice=dice)
        dealt = {c: [henchman(h) for h in cards[i * n:(i + 1) * n]] for i, c in enumerate(eligible)}
    state = SLICE.put(state, dealt=dealt)
    for c in eligible:
        state = log(state, "henchmen_dealt", character=c, henchmen=[h["id"] for h in dealt[c]])
    return state


def _may_have(cid):
    """"Any main Character, who is not allowed Followers, may not have henchmen either"."""
    return not set(table()["forbid_followers"]) & set(load().characters[cid].abilities)


def _fresh(state, h):
    """A Henchman's record as dealt: the lives its card is worth under the ``lives`` option (4,
    or its card's life value with ``lives: card``: rulings R-FIX22.1); a scenario's
    ``{id, lives}`` as given."""
    if hasattr(h, "items"):
        return {"id": h["id"], "lives": h["lives"]}
    return {"id": h, "lives": chars.card_lives(state.option("lives"), h)}


def character_joined(state, character):
    """A player who begins again with a new Character (LOSING ALL LIVES, the option
    ``new_character``) is dealt the agreed number of Henchmen afresh, "from the remaining
    Character Cards", as the players were "once Characters are chosen" (those of his dead
    character left the game with him, as his Followers: :func:`character_died`); fewer if the
    stock holds fewer, none to a character not allowed Followers (rulings R-FIX15C.2)."""
    n = state.option("henchmen")
    if not n or not _may_have(character):
        return state
    cards, dice = shuffle(state.dice, unused_characters(state))
    state = _set(replace(state, dice=dice), character, [_fresh(state, h) for h in cards[:n]])
    return log(state, "henchmen_dealt", character=character, henchmen=list(cards[:n]))


def characters_held(state, held):
    """The cards in play as Henchmen are out of the remaining stock (rulings R-FIX15C.1)."""
    mine = SLICE.get(state, "dealt")
    return held | {h["id"] for hs in mine.values() for h in hs}


# --- abilities lent ------------------------------------------------------------------------------

def helping(state, cid) -> list[dict[str, Any]]:
    """The Henchmen serving ``cid`` whose help the player may use now (his abilities, his fight in
    stead): the ``object_usable`` hook point is asked of each as ``henchman:<id>`` ("Henchmen are
    considered Followers for any pertaining rules": a Follower the Airships' Fall Chart stunned
    gives no benefit, docs/rulings.md R-PROBE15A.1)."""
    return [h for h in serving(state, cid)
            if adjust(state, "object_usable", True, character=cid, card=f"henchman:{h['id']}")]


def ability_lent(state, lent, character, ability):
    if lent or ability not in lent_abilities() or KEY not in state.ext:  # cheapest test first: asked often
        return lent
    defs = load().characters
    return any(ability in defs[h["id"]].abilities for h in helping(state, character))


# --- fighting instead --------------------------------------------------------------------------

def combat_options(state, options, character):
    """"At the start of any Combat, a player may declare a Henchman to fight in stead": beside
    the fight at its start, whether the fight is the plain ``fight`` or a way to fight another
    plugin puts in its place (``<x>:fight``: aboard an Airship the Airship die is rolled "along
    with" the combat die, so the start of the combat comes before it; rulings R-PROBE18A.3)."""
    b = state.battle
    if (KEY not in state.ext or b is None or b.who != character or b.henchman
            or not any(o == "fight" or o.endswith(":fight") for o in options)):
        return options
    mine = helping(state, character)
    if not mine:
        return options
    return tuple(options) + tuple(f"henchman:{h['id']}" for h in mine)


def defender_options(state, options, character):
    """"At the start of any Combat": a character attacked by another may declare a Henchman too."""
    b = state.battle
    if KEY not in state.ext or b is None or b["opponent"] != character or b.get("opponent_henchman"):
        return options
    return tuple(options) + tuple(f"henchman:{h['id']}" for h in helping(state, character))


def combat_option_chosen(state, character, action):
    if not action.startswith("henchman:"):
        return state
    hid = action.split(":", 1)[1]
    field = "opponent_henchman" if state.battle.opponent == character else "henchman"
    state = replace(state, battle=state.battle.set(field, hid))
    return log(state, "henchman_fights", character=character, henchman=hid, kind=state.battle.kind)


def character_score(state, score, character, kind):
    hid = fighting(state, character)
    if hid is None:
        return score
    ch, hdef = state.characters[character], load().characters[hid]
    if kind == "battle":  # the player's own printed-or-gained Strength gives way to the Henchman's
        return score - ch.strength + hdef.strength
    return score - ch.craft + hdef.craft


def lives_losing(state, result, character, amount, cause):
    state, spared = result
    hid = fighting(state, character)
    if hid is None or spared >= amount:
        return result
    mine = henchmen_of(state, character)
    for h in mine:
        if h["id"] == hid:
            left = max(0, h["lives"] - (amount - spared))
            state = log(state, "henchman_life_lost", character=character, henchman=hid,
                        amount=h["lives"] - left, lives=left)
            if left:
                h["lives"] = left
            else:
                mine.remove(h)
                state = log(state, "henchman_died", character=character, henchman=hid)
            return _set(state, character, mine), amount
    return result


# --- "Henchmen are considered Followers for any pertaining rules" ------------------------------

def possession_gained(state, character, card):
    """The Hag joining drives off every other Follower (``hag_curse``): the Henchmen too, who
    leave the game."""
    mine = henchmen_of(state, character)
    if not mine or "hag_curse" not in load().cards[card].abilities:
        return state
    state = log(state, "henchmen_left", character=character, henchmen=[h["id"] for h in mine],
                cause="driven off by the Hag")
    return _set(state, character, [])


def _may_take(state, victor, hid=None):
    """Whether ``victor`` may gain a Henchman as a Follower: not while the Hag is with him
    (``hag_curse``: none may be gained), not a character forbidden Followers, not a Toad
    (TOADS & TRANSFORMATIONS: "cannot have any Possessions"); with ``hid``, not that Henchman if
    he may not join him (``follower_allowed``: the Putrid Zombie trophy's "you can't take
    Followers", docs/rulings.md R-FIX21.3)."""
    ch = state.characters[victor]
    if not chars.may_have_followers(state, victor):  # a Toad (R-FIX26.1)
        return False
    if chars.hag_held(ch):
        return False
    if hid is not None and not chars.follower_allowed(state, victor, f"henchman:{hid}"):
        return False
    return _may_have(victor)


def hand_over(state, cid, hid):
    """Henchman ``hid`` leaves ``cid`` whole, to be handed to another later (left as a tithing on
    a Realm: 000 Tithings, a Follower "agree upon by the Realm Owner"): the state and its record
    ``{"id", "lives"}``."""
    mine = henchmen_of(state, cid)
    record = next(h for h in mine if h["id"] == hid)
    return _set(state, cid, [h for h in mine if h["id"] != hid]), record


def join(state, cid, record, cause):
    """A Henchman handed over whole (:func:`hand_over`; a tithing collected) serves ``cid`` with
    the lives it has; one who may gain no Follower (the Hag with him, a Toad) drives it off and it
    leaves the game."""
    if not _may_take(state, cid, record["id"]):
        return log(state, "henchmen_left", character=cid, henchmen=[record["id"]], cause=cause)
    state = _set(state, cid, henchmen_of(state, cid) + [dict(record)])
    return log(state, "henchman_joined", character=cid, henchman=record["id"], lives=record["lives"],
               cause=cause)


def spoils_options(state, options, victor, loser, kind):
    """RESOLVING PSYCHIC COMBAT BETWEEN CHARACTERS: the victor may take a Follower: a Henchman
    too (``spoils:henchman:<id>``), who then serves him with the lives it has; not one that may
    not join him (``follower_allowed``: an Airship's Complement)."""
    if kind != "psychic" or not serving(state, loser) or not _may_take(state, victor):
        return options
    return tuple(options) + tuple(f"spoils:henchman:{h['id']}" for h in serving(state, loser)
                                  if chars.follower_allowed(state, victor, f"henchman:{h['id']}"))


def spoils_option_chosen(state, victor, loser, action):
    if not action.startswith("spoils:henchman:"):
        return state
    hid = action.split(":", 2)[2]
    theirs = henchmen_of(state, loser)
    taken = next(h for h in theirs if h["id"] == hid)
    theirs.remove(taken)
    state = _set(state, loser, theirs)
    state = _set(state, victor, henchmen_of(state, victor) + [taken])
    return log(state, "henchman_taken", character=victor, opponent=loser, henchman=hid, lives=taken["lives"])


def other_followers(state, followers, character):
    """A player's Henchmen as Followers that are no cards (``henchman:<id>``), for the effects
    that count, take or make him lose Followers (a Follower lost, given up, rolled for)."""
    mine = serving(state, character)
    return tuple(followers) + tuple(f"henchman:{h['id']}" for h in mine) if mine else followers


def other_follower_lost(state, character, follower, cause):
    """A Henchman lost as a Follower (killed, given up): it leaves the game."""
    if not follower.startswith("henchman:"):
        return state
    hid = follower.split(":", 1)[1]
    mine = henchmen_of(state, character)
    if not any(h["id"] == hid for h in mine):
        return state
    state = log(state, "henchmen_left", character=character, henchmen=[hid], cause=cause)
    return _set(state, character, [h for h in mine if h["id"] != hid])


def other_follower_taken(state, character, opponent, follower):
    """The Sorceress's ability (or a Henchman lending it) takes a Follower: a Henchman of the
    other player ("considered Followers for any pertaining rules") now serves her with the lives
    it has; while the Hag is with her (no Follower joins), or where it may not join (the Putrid
    Zombie trophy: R-FIX21.3), it is driven off and leaves the game."""
    if not follower.startswith("henchman:"):
        return state
    hid = follower.split(":", 1)[1]
    theirs = henchmen_of(state, opponent)
    taken = next((h for h in theirs if h["id"] == hid), None)
    if taken is None:
        return state
    theirs.remove(taken)
    state = _set(state, opponent, theirs)
    if not _may_take(state, character, hid):
        return log(state, "henchmen_left", character=opponent, henchmen=[hid],
                   cause="driven off by the Hag" if chars.hag_held(state.characters[character])
                   else f"may not join {character}")
    state = _set(state, character, henchmen_of(state, character) + [taken])
    return log(state, "henchman_taken", character=character, opponent=opponent, henchman=hid,
               lives=taken["lives"])


def character_died(state, character):
    """A dead player's Henchmen leave the game; a Master Level piece that dies is not the player
    (the Mirror Image, the Mystic: he plays on with his other piece, docs/rulings.md R-MI6), who
    keeps them (R-SA3)."""
    mine = henchmen_of(state, character)
    if not mine or master_levels.resting(state, character) is not None:
        return state
    state = log(state, "henchmen_left", character=character, henchmen=[h["id"] for h in mine])
    return _set(state, character, [])


def engaged(state) -> bool:
    """Whether the option's hooks can change anything: the Henchmen are dealt."""
    return KEY in state.ext


#: The option's hooks (its ``setup`` makes the record the others need: it alone is not gated by
#: ``engaged``).
HOOKS: dict[str, Any] = {
    "setup": setup, "ability_lent": ability_lent, "combat_options": combat_options,
    "combat_option_chosen": combat_option_chosen, "character_score": character_score,
    "lives_losing": lives_losing, "character_died": character_died,
    "defender_options": defender_options, "possession_gained": possession_gained,
    "spoils_options": spoils_options, "spoils_option_chosen": spoils_option_chosen,
    "other_followers": other_followers, "other_follower_lost": other_follower_lost,
    "other_follower_taken": other_follower_taken, "character_joined": character_joined,
    "characters_held": characters_held}

PLUGIN = Plugin("henchmen", data_files={FILE: read}, always=True, engaged={h: engaged for h in HOOKS if h != "setup"},
                wanted=given("henchmen", "henchmen_dealt"), hooks=HOOKS)

STEPS: dict[str, Any] = {}

__all__ = ["PLUGIN", "STEPS", "henchmen_of", "fighting", "lent_abilities", "table", "hand_over",
           "join"]
