"""MASTER LEVEL CHARACTERS, MAGIC ITEMS and GAINING SPECIAL ABILITIES (000 RULES CONCERNING
CHARACTERS): the options ``master_levels``, ``magic_items`` and ``ability_stockpile`` (a base
plugin, docs/master_levels.md).

The titles, how each is gained, resigned and what it adds are data
(``data/talisman/options/master_levels.yaml``); the cards that make a title lie set aside
(``data/talisman/cards/optional_rules.yaml``) and join the Adventure deck only with the option.
This area keeps its own state (a typed record) in ``state.ext["master_levels"]``::

    {"held": {character: {"title": id, "turns": turns left or None, "strength": n, "craft": n,
                          "alignment": the alignment before, or None,
                          "playing": the piece in play, with two pieces}},
     "resting": {character: the player's other piece (a Character record)},
     "cards": {character: the resting piece's cards},
     "abilities": {character: [Ability card ids]},
     "ability_pile": [...], "ability_discards": [...]}

and joins the game only through hook points and card handlers (a game without the options never
changes):

- the trigger cards (``kernel.HANDLERS``): the Champion of Chaos card (must), the Noble (Herald),
  the Mirror (Mirror Image), the Recruiter (Templar: with a Templar in the game, another card is
  drawn), the Call of Chaos (Warrior of Chaos: +4 Strength, +2 Craft), and the City's Beggar
  (King's Champion: donate a gold and roll);
- ``space_effect``: the Magic Emporium (High Mage: offer Magic Objects, D8 + 1 each, 9 or more)
  and the Royal Castle (Sheriff: a die + Strength on the chart); a Spell or Scroll bought may be
  bought with an Ability for 1 more Gold (``ability_stockpile``);
- ``card_effect``: the same on a card that sells Spells or Scrolls (the Sorcerer), the
  purchase's own requirement (Craft room for the Spell) kept;
- ``combat_resolved``: the Master Thief beaten (Master Thief);
- ``turn_started``: a title that may be resigned is offered back (``resign:<title>`` / ``keep``);
- ``turn_ended``: a title that lasts 10 turns counts down and is returned (the Warrior of
  Chaos's card reshuffled into the Adventure deck);
- ``ability_lent``: a title's and an Ability card's abilities; a Magic Item is a Talisman for
  its aligned owner and gives him its owner abilities;
- ``character_died``: the title and the Abilities go back; ``player_view``: the Ability
  Stockpile's order is hidden, and a resting piece's Spells and Scrolls;
- one player, two pieces (the Mirror Image's copy, the Mystic): the piece not in play rests in
  ``resting``; ``turn_started`` offers the piece to move (``piece:<name>``), ``before_encounter``
  the trade (Mirror Image) or the rejoining (Mystic) where the two meet, ``turn_ended`` the one
  kept after ten turns (``keep:<name>``), ``lives_losing`` lets the player play on with the
  other when a piece dies (docs/master_levels.md, docs/rulings.md R-MI).
"""
from __future__ import annotations

import functools
from typing import Any

import attrs
from pyrsistent import pmap, pvector, thaw
from pyrsistent.typing import PMap, PVector

from ..definitions import DATA_TEXT, DATA_TEXTS, card_of, load
from ..engine.data import data_root, load_yaml, validate
from ..engine.dice import shuffle
from ..engine.machine import decide, frame, log, push
from ..engine.records import deep_freeze, replace
from ..engine.ruleset import Plugin, declare, no_results
from ..options import given
from ..errors import DataError, OptionError
from ..engine.records import as_pmap, record_map
from ..state import Character, ExtRecord, map_field, update_character, vector_field
from . import characters as chars
from . import encounters
from .slice_values import ANY_MAPPING, CHARACTER, NAME, checked, list_of, map_of
from .kernel import (HANDLERS, ExtSlice, end_turn_now, pieces_may_meet, remove_from_space, run_effects,
                     set_turn_flag)

KEY = "master_levels"


@attrs.frozen
class MasterLevels(ExtRecord):
    """``state.ext["master_levels"]`` (the layout above)."""

    held: PMap[str, PMap[str, Any]] = map_field(checked(map_of(CHARACTER, ANY_MAPPING)))
    #: the Ability cards (``ability_stockpile``: the data's ``ability_cards``, not the decks' cards)
    abilities: PMap[str, PVector[str]] = map_field(checked(map_of(CHARACTER, list_of(NAME))))
    ability_pile: PVector[str] = vector_field(checked(list_of(NAME)))
    ability_discards: PVector[str] = vector_field(checked(list_of(NAME)))
    #: the player's piece not in play now (the Mirror Image's other character, the Mystic's
    #: other half): a whole character record, under the player's id
    resting: PMap[str, Character] = attrs.field(factory=pmap, converter=as_pmap,
                                               metadata=record_map(Character))
    #: the resting pieces' cards, one place each (what the invariants and ``from_json`` count)
    cards: PMap[str, PVector[str]] = map_field(checked(map_of(CHARACTER, list_of(NAME))))


SLICE = ExtSlice(KEY, MasterLevels)
#: how a title's second piece is made (the title's ``second``) -> the piece's name
SECOND = {"opposite": "copy", "split": "mystic"}
OPTION_NAMES = ("master_levels", "magic_items", "ability_stockpile")

_ID = {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"}
_REASONS = {"type": "object", "additionalProperties": {"type": "string", "minLength": 1}}
SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["titles", "ability_cards"],
    "properties": {
        "titles": {"type": "object", "additionalProperties": {
            "type": "object", "additionalProperties": False,
            "required": ["name", "source", "gained", "resign", "strength", "craft", "abilities"],
            "properties": {
                "name": {"type": "string"}, "source": {"type": "string"},
                "gained": {"type": "object", "additionalProperties": False, "properties": {
                    "card": _ID, "spell": _ID, "space": _ID, "defeat": _ID, "must": {"type": "boolean"},
                    "unique": {"type": "boolean"}, "reshuffle": {"type": "boolean"},
                    "roll": {"enum": ["d6", "d8"]}, "add": {"enum": ["offered", "strength"]},
                    "at_least": {"type": "integer"}, "donate": {"type": "integer", "minimum": 1}}},
                "resign": {"type": "boolean"}, "second": {"enum": list(SECOND)}, "lasts": {"type": "integer", "minimum": 1},
                "alignment": {"enum": ["good", "neutral", "evil"]},
                "strength": {"type": "integer", "minimum": 0}, "craft": {"type": "integer", "minimum": 0},
                "abilities": {"type": "array", "items": _ID}, "stand_ins": _REASONS}}},
        "ability_cards": {"type": "array", "items": {
            "type": "object", "additionalProperties": False,
            "required": ["id", "name", "ability", "stand_in", "reason"],
            "properties": {"id": _ID, "name": {"type": "string"}, "ability": _ID,
                           "stand_in": {"type": "boolean"}, "reason": {"type": "string", "minLength": 1}}}},
    },
}


#: The titles and the Ability cards, under ``data/talisman`` (registered on the plugin: read by
#: the data loader).
FILE = "options/master_levels.yaml"


def path():
    return data_root() / "talisman" / FILE


@functools.lru_cache(maxsize=None)
def table() -> Any:
    """The titles and the Ability cards, as the data loader read them."""
    return load().tables[FILE]


@functools.lru_cache(maxsize=None)
def raw_table() -> Any:
    """The packaged table, checked against its schema only: read when this module is imported,
    before any data is loaded, to give the title cards their handlers (:func:`_register_handlers`)."""
    p = path()
    return deep_freeze(validate(p, load_yaml(p), SCHEMA))


def read(p, defs) -> Any:
    """The titles and the Ability cards, validated (every ability, card and space named is one
    of ``defs``), frozen.  The packaged file is not parsed again: :func:`raw_table` has read it."""
    doc = raw_table() if p == path() else deep_freeze(validate(p, load_yaml(p), SCHEMA))
    for tid, t in doc["titles"].items():
        for a in t["abilities"]:
            if a not in defs.abilities:
                raise DataError(p, tid, "abilities", f"unknown ability {a!r}")
        g = t["gained"]
        if "space" in g and g["space"] not in defs.board.spaces:
            raise DataError(p, tid, "gained.space", f"unknown space {g['space']!r}")
        for field in ("card", "defeat"):
            if field in g and g[field] not in defs.cards:
                raise DataError(p, tid, f"gained.{field}", f"unknown card {g[field]!r}")
    for a in doc["ability_cards"]:
        if a["ability"] not in defs.abilities:
            raise DataError(p, a["id"], "ability", f"unknown ability {a['ability']!r}")
    return doc


def titles() -> Any:
    return table()["titles"]


def ability_card(aid):
    return next(a for a in table()["ability_cards"] if a["id"] == aid)


# --- reading the state ---------------------------------------------------------------------------

def in_use(state) -> tuple[str, ...]:
    """The titles "to be used" (the option ``master_levels``: true for all, or a list)."""
    value = state.option("master_levels")
    if value is True:
        return tuple(table()["titles"])
    if not value:
        return ()
    return tuple(value)


def title_of(state, cid):
    """The Master Level title ``cid`` holds, or None."""
    mine = state.ext.get(KEY)
    if mine is None or cid not in mine.held:
        return None
    return mine.held[cid]["title"]


def holder(state, title):
    """Who holds ``title`` (one Character Card each), or None."""
    mine = state.ext.get(KEY)
    for cid, h in (mine.held.items() if mine is not None else ()):
        if h["title"] == title:
            return cid
    return None


def gained_abilities(state, cid) -> list[str]:
    """The Ability cards ``cid`` has gained (GAINING SPECIAL ABILITIES)."""
    mine = state.ext.get(KEY)
    return list(mine.abilities.get(cid, ())) if mine is not None else []


def _mine(state):
    return dict(SLICE.of(state).items())


def _store(state, mine):
    return SLICE.put(state, **mine)


# --- set-up ----------------------------------------------------------------------------------------

def _check(state):
    value = state.option("master_levels")
    if not isinstance(value, bool):
        if isinstance(value, str) or not hasattr(value, "__iter__"):
            raise OptionError(f"rule option master_levels={value!r}: true, false or a list of titles")
        known = table()["titles"]
        for t in value:
            if t not in known:
                raise OptionError(f"rule option master_levels: unknown title {t!r}; known: "
                                  f"{', '.join(sorted(known))}")
    for name in ("magic_items", "ability_stockpile"):
        if not isinstance(state.option(name), bool):
            raise OptionError(f"rule option {name}={state.option(name)!r}: true or false")


def setup(state):
    _check(state)
    if not (in_use(state) or state.option("magic_items") or state.option("ability_stockpile")):
        return state
    table()  # the data's references checked before play
    pile = ()
    if state.option("ability_stockpile"):
        pile, dice = shuffle(state.dice, [a["id"] for a in table()["ability_cards"]])
        state = replace(state, dice=dice)
    return _store(state, {"held": {}, "abilities": {}, "ability_pile": list(pile), "ability_discards": []})


# --- taking and giving back a title ------------------------------------------------------------------

def can_take(state, cid, title):
    """A title in use, held by no one, offered to a character without a title (one Master Level
    Character Card and Playing Piece at a time: docs/rulings.md)."""
    return title in in_use(state) and holder(state, title) is None and title_of(state, cid) is None


def barred_to_a_toad(state, cid, title):
    """TOADS & TRANSFORMATIONS: "Toads and other transformed creatures may not Gain Strength or
    Craft": a title whose card adds Strength or Craft (the Warrior of Chaos) is not offered to a
    Toad (docs/rulings.md R-RULER21.3); a title held from before stays his."""
    t = titles()[title]
    return bool(state.characters[cid].toad_turns) and bool(t["strength"] or t["craft"])


def may_gain(state, cid, title):
    """Whether ``title`` may be offered to or given ``cid`` now: free and he holds none
    (:func:`can_take`), and not barred to him as a Toad (:func:`barred_to_a_toad`).  The one test
    every way a title comes asks (a card met, the Master Thief beaten, the Magic Emporium's and
    the Royal Castle's offers, the Beggar's roll, a card's or Spell's ``master_levels_title``:
    docs/rulings.md R-FIX26.3); :func:`take_title` itself is the taking (a set-up's title held
    from before a Toad's change too)."""
    return can_take(state, cid, title) and not barred_to_a_toad(state, cid, title)


def take_title(state, cid, title, cause):
    """"When a player gains a Master Level title, take the appropriate Character Card and Playing
    Piece.  Characters retain all Strength, Craft, Gold, Lives, Possessions and Followers": the
    title's Strength and Craft are added, an Evil corruption turns the character Evil."""
    if not can_take(state, cid, title):
        return log(state, "master_level_refused", character=cid, title=title, cause=cause)
    t = titles()[title]
    ch = state.characters[cid]
    before = None
    state = update_character(state, cid, strength=ch.strength + t["strength"], craft=ch.craft + t["craft"])
    mine = SLICE.plain(state)
    # "10 turns": the holder's turns after the one the title is gained in (docs/rulings.md)
    mine["held"][cid] = {"title": title, "turns": t.get("lasts"), "strength": t["strength"],
                         "craft": t["craft"], "alignment": None, "since": state.turn}
    state = _store(state, mine)
    state = log(state, "master_level_gained", character=cid, title=title, strength=t["strength"],
                craft=t["craft"], cause=cause)
    if t.get("alignment") and ch.alignment != t["alignment"]:
        before = ch.alignment
        state = chars.set_alignment(state, cid, t["alignment"], f"the {t['name']}")
        if state.characters[cid].alignment == t["alignment"]:
            mine = SLICE.plain(state)
            mine["held"][cid]["alignment"] = before
            state = _store(state, mine)
    if t.get("second"):
        state = second_piece(state, cid, t["second"])
    return state


def give_back(state, cid, why):
    """The Character Card goes back to the Stockpile, "removing any additional Strength or Craft
    allowed": counters removed, and one that drops to 0 is LOSING STRENGTH / LOSING CRAFT (a
    life lost, the Starting Quota drawn back: docs/rulings.md R-RULER21.5); an Evil corruption
    ends (the alignment before it comes back); the Warrior of Chaos's card is "RE-SHUFFLED into
    the deck"."""
    if resting(state, cid) is not None:
        state = _join_for_good(state, cid)
    mine = SLICE.plain(state)
    h = mine["held"].pop(cid)
    state = _store(state, mine)
    t = titles()[h["title"]]
    ch = state.characters[cid]
    state = update_character(state, cid, strength=max(0, ch.strength - h["strength"]),
                             craft=max(0, ch.craft - h["craft"]))
    state = log(state, "master_level_returned", character=cid, title=h["title"], why=why,
                strength=h["strength"], craft=h["craft"])
    for which in ("strength", "craft"):  # "Should a Character's Strength drop to 0"
        if h[which] and getattr(state.characters[cid], which) == 0 and state.characters[cid].alive:
            quota = getattr(load().characters[card_of(cid)], which)
            state = update_character(state, cid, **{which: quota})
            state = log(state, f"{which}_restored", character=cid, value=quota)
            state = chars.lose_lives(state, cid, 1, f"{which} dropped to 0")
    if h["alignment"] and state.characters[cid].alive:
        state = chars.set_alignment(state, cid, h["alignment"], f"the {t['name']} returned")
    card = t["gained"].get("card")
    if t["gained"].get("reshuffle") and card:
        pile = state.discards.get("adventure", ())
        if card in pile:
            pile = list(pile)
            pile.remove(card)
            cards, dice = shuffle(state.dice, list(state.decks["adventure"]) + [card])
            state = replace(state, dice=dice, decks=state.decks.set("adventure", pvector(cards)),
                            discards=state.discards.set("adventure", pvector(pile)))
            state = log(state, "card_reshuffled", card=card, deck="adventure")
    # NUMBER OF SPELLS: "If at any time a Character has more Spells than his Craft allows, the
    # surplus Spells must be discarded": the Craft taken back (or two pieces' Spells joined)
    return chars.check_surplus_spells(state, cid)


def _discard_trigger(state, space, card):
    """A trigger card met goes to the Adventure discard pile (it is an Adventure card)."""
    return chars.discard(remove_from_space(state, space, card), card)


def trigger_met(state, cid, src):
    """The card handler of the Champion of Chaos card, the Noble, the Mirror, the Recruiter and
    the Call of Chaos."""
    card, space = src["card"], src["space"]
    title = load().cards[card].data["title"]
    state = _discard_trigger(state, space, card)
    t = titles()[title]
    if t["gained"].get("unique") and holder(state, title) is not None:
        # the Templar: "If there is a Templar already in the game, discard and choose another
        # Adventure card."
        state = log(state, "master_level_refused", character=cid, title=title, cause="already in the game")
        return encounters.draw_cards(state, cid, space, 1, "adventure")
    if not can_take(state, cid, title):
        return log(state, "master_level_refused", character=cid, title=title, cause=card)
    if barred_to_a_toad(state, cid, title):
        return log(state, "master_level_refused", character=cid, title=title,
                   cause="a Toad may not Gain Strength or Craft")
    if t["gained"].get("must"):
        return take_title(state, cid, title, card)
    return decide(state, cid, "master_level", [f"title:{title}", "decline"], "master_levels.title_chosen",
                  prompt=f"become the {t['name']}?", title=title, cause=card)


@declare(reaction=True)
def title_offered(state, who, title, cause):
    """Rule step: a title offered (the Master Thief beaten)."""
    if not may_gain(state, who, title):
        return state
    return decide(state, who, "master_level", [f"title:{title}", "decline"], "master_levels.title_chosen",
                  prompt=f"become the {titles()[title]['name']}?", title=title, cause=cause)


@declare(reaction=True)
def title_chosen(state, action, title, cause):
    if action.kind != "title":
        return log(state, "master_level_declined", character=state.current, title=title)
    return take_title(state, state.current, title, cause)


# --- the City: the Magic Emporium, the Royal Castle, the Beggar, the Master Thief ---------------------

def _space_titles(state, space):
    return [tid for tid in in_use(state) if titles()[tid]["gained"].get("space") == space]


def space_effect(state, effects, space):
    if KEY not in state.ext:
        return effects
    out = list(effects or ())
    if state.option("ability_stockpile"):
        out = [_with_ability(step) for step in out]
    for tid in _space_titles(state, space):
        out.append({"master_levels_offer": {"title": tid}})
    return deep_freeze(out) if out != list(effects or ()) else effects


def card_effect(state, effects, card):
    """GAINING SPECIAL ABILITIES on a card that sells Spells or Scrolls (the Sorcerer): the
    same twins as on a space (``_with_ability``)."""
    if KEY not in state.ext or not state.option("ability_stockpile") or not effects:
        return effects
    out = [_with_ability(step) for step in effects]
    return deep_freeze(out) if out != list(effects) else effects


def _with_ability(step):
    """GAINING SPECIAL ABILITIES: "If a character is allowed to purchase a Spell or Scroll, they
    may pay an additional Gold and draw an Ability": each choice that buys a Spell or a Scroll
    gains a twin that costs 1 Gold more and draws an Ability."""
    (name, params), = step.items()
    if name != "choose":
        return step
    options = []
    for opt in params:
        options.append(opt)
        effs = opt["effects"]
        buys = any(next(iter(e)) in ("gain_spells", "gain_scrolls") for e in effs)
        price = next((e["lose"]["gold"] for e in effs if "lose" in e and "gold" in e["lose"]), None)
        if buys and price is not None:
            more = [({"lose": {**thaw(e["lose"]), "gold": price + 1}} if "lose" in e else e) for e in effs]
            options.append({"id": f"{opt['id']}_and_ability",
                            "label": f"{opt.get('label', opt['id'])}, and an Ability for 1 more gold",
                            # what the purchase itself asks (the Sorcerer's Craft room) still holds
                            "require": {**thaw(opt.get("require") or {}), "gold_at_least": price + 1},
                            "effects": more + [{"master_levels_draw_ability": {}}]})
    return {"choose": options}


def offer_effect(state, params, actor, source):
    """The Magic Emporium (High Mage) and the Royal Castle (Sheriff): offered to one who may
    take the title."""
    title = params["title"]
    if not may_gain(state, actor, title):
        return state
    t = titles()[title]
    if t["gained"]["add"] == "offered":
        return high_mage_offering(state, actor, [], title)
    return decide(state, actor, "master_level", [f"try:{title}", "decline"], "master_levels.try_chosen",
                  prompt=f"roll for the {t['name']}?", title=title, offered=[])


def high_mage_offering(state, cid, offered, title):
    """"offer any number of Magic Objects or Items and roll a D8": one offering at a time, then
    the roll (``offer:<card>``, ``try:high_mage``, ``decline``)."""
    ch = state.characters[cid]
    # the Talisman is a Magic Object too (rulings R-NA11.5)
    left = [c for c in ch.objects if load().cards[c].type in chars.MAGIC_OBJECT_TYPES and c not in offered]
    options = [f"offer:{c}" for c in dict.fromkeys(left)] + [f"try:{title}", "decline"]
    return decide(state, cid, "master_level", options, "master_levels.try_chosen",
                  prompt=f"offer Magic Objects ({len(offered)} offered) and roll a D8",
                  title=title, offered=list(offered))


def try_chosen(state, action, title, offered):
    cid = state.current
    if action.kind == "offer":
        return high_mage_offering(state, cid, list(offered) + [action.args[0]], title)
    if action.kind != "try":
        return log(state, "master_level_declined", character=cid, title=title)
    g = titles()[title]["gained"]
    add = len(offered) if g["add"] == "offered" else None
    if not offered:
        return title_roll(state, title, add)
    # the offering is given up, whatever the roll (docs/rulings.md); a Craft Object gone asks
    # the NUMBER OF SPELLS check at once, the roll beneath it (R-FF12.3)
    state = push(state, frame("master_levels.title_roll", title=title, add=add))
    state = chars.remove_objects(state, cid, offered)
    for c in offered:
        state = chars.discard(state, c)
    return log(state, "objects_offered", character=cid, cards=list(offered), title=title)


def title_roll(state, title, add):
    """The roll for ``title`` (:func:`try_chosen`), ``add`` added to it (``None``: the Strength)."""
    if add is None:
        add = chars.total(state, state.current, "strength")
    return TITLE_ROLL.roll(state, f"the {titles()[title]['name']} for {state.current}", title=title, add=add)


def title_kept(state, dice, title, add):
    """The roll for ``title`` stands: ``add`` added, the title taken at the total it needs."""
    cid = state.current
    g = titles()[title]["gained"]
    total = sum(dice) + add
    state = log(state, "master_level_roll", character=cid, title=title, roll=sum(dice),
                add=add, total=total, needed=g["at_least"])
    if total >= g["at_least"]:
        return take_title(state, cid, title, "roll")
    return state


#: The High Mage's D8 ("offer any number of Magic Objects or Items and roll a D8") and the
#: Sheriff's die ("roll a die. You may add your Strength to your die roll"): the character's own
#: roll for his own attempt, ordered by the space he entered, so FATE lets him pay one fate, once,
#: to roll it again (rulings R-RULER19.1, R-PROBE18B.2; the King's Champion's die, a roll of the
#: Beggar's effects, already offered it).
TITLE_ROLL = chars.OwnRoll("master_levels.title_rolled", "master_levels.title_fate",
                           lambda title, **_: titles()[title]["gained"]["roll"], title_kept,
                           offer=lambda cid, total, title, add, **_: f"rolled {total} (+{add}) for the {titles()[title]['name']}",
                           again="the {title} roll of {cid}, re-rolled", cause="the {title} roll", roller=None)


def beggar_met(state, cid, src):
    """The City's Beggar with the King's Champion in use: "draw a Beggar City Card, donate a gold,
    and roll a die ... If the proper number is rolled, take the King's Champion"; otherwise the
    card's own effect."""
    card = src["card"]
    title = next((tid for tid in in_use(state) if titles()[tid]["gained"].get("card") == card), None)
    if title is None or not may_gain(state, cid, title):
        return run_effects(state, load().cards[card].effect, cid, src)
    g = titles()[title]["gained"]
    sides = int(g["roll"][1:])
    effects = [{"choose": [
        {"id": "donate", "label": f"give the Beggar {g['donate']} gold and roll a die",
         "require": {"gold_at_least": g["donate"]},
         "effects": [{"lose": {"gold": g["donate"]}},
                     {"roll": {"dice": g["roll"], "table": {
                         **({f"1-{g['at_least'] - 1}": [{"nothing": {}}]} if g["at_least"] > 1 else {}),
                         f"{g['at_least']}-{sides}": [{"master_levels_title": {"title": title}}]}}}]},
        {"id": "refuse", "label": "walk past", "effects": [{"nothing": {}}]}]}]
    return run_effects(state, deep_freeze(effects), cid, src)


def title_effect(state, params, actor, source):
    """``master_levels_title``: the title given (the Beggar's roll, the Way of the Lotus), unless
    a Toad may not gain it (:func:`may_gain`)."""
    title = params["title"]
    if can_take(state, actor, title) and barred_to_a_toad(state, actor, title):
        return log(state, "master_level_refused", character=actor, title=title,
                   cause="a Toad may not Gain Strength or Craft")
    return take_title(state, actor, title, source.get("card") or "roll")


@declare(changes_results=no_results, roll_blind=True, reads_no_roll=True,
         reads_no_fate=True)  # (it reads the result only)
def combat_resolved(state, character, result):
    if KEY not in state.ext or result != "won" or state.battle is None:
        return state
    beaten = {e.get("card") for e in state.battle["enemies"]} - {None}
    for tid in in_use(state):
        if titles()[tid]["gained"].get("defeat") in beaten and may_gain(state, character, tid):
            return push(state, frame("master_levels.title_offered", who=character, title=tid,
                                     cause=titles()[tid]["gained"]["defeat"]))
    return state


# --- resigning and the ten turns --------------------------------------------------------------------

def turn_started(state, character):
    title = title_of(state, character)
    if title is None:
        return state
    if resting(state, character) is not None and any(f.step == "movement.start" for f in state.stack):
        # "When rolling for Movement, the player may move either Character" (not in a lost turn)
        state = push(state, frame("master_levels.piece_offered", who=character))
    if titles()[title]["resign"]:  # offered first: a Mystic resigned has one piece again
        state = push(state, frame("master_levels.resign_offered", who=character, title=title))
    return state


def resign_offered(state, who, title):
    """RESIGNING A MASTER LEVEL: "Certain Master Levels may be Resigned at any time": offered at
    the start of each of the holder's turns (docs/rulings.md)."""
    if title_of(state, who) != title:
        return state
    return decide(state, who, "resign", [f"resign:{title}", "keep"], "master_levels.resign_chosen",
                  prompt=f"resign the {titles()[title]['name']}?", title=title)


def resign_chosen(state, action, title):
    if action.kind != "resign":
        return state
    return give_back(state, state.current, "resigned")


def turn_ended(state, character):
    if KEY not in state.ext:
        return state
    state = _resting_toad_counts_down(state, character)
    mine = SLICE.of(state)
    if character not in mine.held or mine.held[character]["turns"] is None \
            or mine.held[character]["since"] == state.turn:
        return state
    left = mine.held[character]["turns"] - 1
    if left <= 0 and character in mine.resting:
        # "At the end of the 10th turn the player must choose which Character to continue"
        return push(state, frame("master_levels.piece_kept_offered", who=character))
    if left <= 0:
        return give_back(state, character, "ten turns")
    m = SLICE.plain(state)
    m["held"][character]["turns"] = left
    return _store(state, m)


# --- two pieces: the Mirror Image's copy, the Mystic -------------------------------------------------

def resting(state, cid):
    """The piece of ``cid``'s player not in play now (a Character record under the player's id),
    or None (one piece)."""
    mine = state.ext.get(KEY)
    return None if mine is None else mine.resting.get(cid)


def playing(state, cid):
    """Which of the player's two pieces is in play (``original``, ``copy`` or ``mystic``), or
    None (one piece)."""
    mine = state.ext.get(KEY)
    if mine is None or cid not in mine.resting:
        return None
    return mine.held[cid]["playing"]


def _other(state, cid):
    h = SLICE.of(state).held[cid]
    second = SECOND[titles()[h["title"]]["second"]]
    return second if h["playing"] == "original" else "original"


def object_usable(state, usable, character, card, copy=0):
    """Mystic: "The Mystic Character may only use Magic Objects and Magic Items. The Original
    Character may only use Non-Magic Objects and other possessions."  While the player has two
    pieces, the Mystic in play uses only Magic Objects (the Magic Items are Magic Objects), the
    Original none; each still carries what it picks up ("The Mystic may only pick up an Object
    to transport it back to the Original Character"; docs/rulings.md R-S23.1)."""
    name = playing(state, character) if usable else None
    if name is None or titles()[SLICE.of(state).held[character]["title"]]["second"] != "split":
        return usable
    if card not in load().cards:
        return usable  # a Henchman (``henchman:<id>``): no Object, the limit says nothing of him
    kind = load().cards[card].type
    if kind == "talisman":
        # the Talisman has no use but its possession (the Valley of Fire asks it "in their
        # possession": docs/rulings.md R-NA11.5), so neither piece's limit touches it (R-NC11.5)
        return usable
    magic = kind == "magic_object"
    return magic if name == SECOND["split"] else not magic


def piece_cards(ch):
    """Every card a piece holds."""
    return list(ch.objects) + list(ch.spells) + list(ch.scrolls) + list(ch.followers) + list(ch.trophies)


def _rest(state, cid, piece):
    """``piece`` (a Character record, or None: no more) is the resting piece of ``cid``'s player."""
    mine = SLICE.of(state)
    if piece is None:
        return SLICE.put(state, resting=mine.resting.discard(cid), cards=mine.cards.discard(cid))
    return SLICE.put(state, resting=mine.resting.set(cid, piece),
                     cards=mine.cards.set(cid, pvector(piece_cards(piece))))


def _one_again(state, cid):
    """The player is down to one piece: a Toad "cannot have any Possessions", so what his other
    piece had while it was no Toad and is kept aside of the pieces (the Henchmen, R-FC14.3; an
    expansion's kept cards, such as a Night Stalker following the player, and a Lycanthrope card,
    R-FIX26.2) leaves him now, as at the change (``characters.toad_keeps_nothing_aside``)."""
    if not state.characters[cid].toad_turns:
        return state
    return chars.toad_keeps_nothing_aside(state, cid, "a Toad cannot have Followers")


def _set_playing(state, cid, name):
    held = SLICE.of(state).held
    return SLICE.put(state, held=held.set(cid, held[cid].set("playing", name)))


def _in_play(state, cid, piece):
    return replace(state, characters=state.characters.set(cid, piece))


def second_piece(state, cid, how):
    """Mirror Image: "Create a second character with opposite numbers as the original. For
    example: if the original had Strength 3 and Craft 4, the copy would have Strength 4 and Craft
    3"; Mystic: "think of the Mystic as two Characters. The Mystic Character has all the Craft,
    except one and the original Character has all the Strength, except one".  The second piece
    stands on the original's space with its Lives and Fate, no Gold and no cards (docs/rulings.md
    R-MI1, R-MI2); the original stays in play."""
    ch = state.characters[cid]
    if how == "opposite":
        strength, craft = ch.craft, ch.strength
    else:
        strength, craft = 1, max(1, ch.craft - 1)
        state = update_character(state, cid, strength=max(1, ch.strength - 1), craft=1)
    piece = Character(id=cid, space=ch.space, strength=strength, craft=craft, lives=ch.lives,
                      fate=ch.fate, gold=0, alignment=ch.alignment)
    state = _set_playing(_rest(state, cid, piece), cid, "original")
    state = log(state, "second_piece_made", character=cid, piece=SECOND[how], space=ch.space,
                strength=strength, craft=craft)
    # the Original keeps his Spells ("other possessions", his to use) with Craft 1: NUMBER OF
    # SPELLS, the surplus discarded at once (docs/rulings.md R-PROBE16D.1)
    return chars.check_surplus_spells(state, cid)


def swap(state, cid, why):
    """The resting piece comes into play (the player's id names the piece in play); the other
    rests where it stands."""
    now, rest = state.characters[cid], resting(state, cid)
    name = _other(state, cid)
    state = _rest(_in_play(state, cid, rest), cid, replace(now, turn_flags=pmap()))
    state = _set_playing(state, cid, name)
    return log(state, "piece_chosen", character=cid, piece=name, space=rest.space, why=why)


def _resting_toad_counts_down(state, cid):
    """TOADS & TRANSFORMATIONS: "The effects of Transforming lasts for 3 Full turns ... At the end
    of the third turn the Character reverts back": the turns are the player's, whichever piece he
    moved, so a resting piece that is a Toad counts each of them too (docs/rulings.md R-FB14.2;
    the piece in play counts in ``turn``, as any character)."""
    piece = resting(state, cid)
    if piece is None or not piece.toad_turns:
        return state
    state = _rest(state, cid, replace(piece, toad_turns=piece.toad_turns - 1))
    if piece.toad_turns == 1:
        state = log(state, "toad_reverted", character=cid, piece=_other(state, cid))
    return state


def piece_offered(state, who):
    """Rule step: "When rolling for Movement, the player may move either Character"
    (``piece:<name>``)."""
    if resting(state, who) is None:
        return state
    return decide(state, who, "piece", [f"piece:{playing(state, who)}", f"piece:{_other(state, who)}"],
                  "master_levels.piece_chosen", prompt="move which character?")


def piece_chosen(state, action):
    cid = state.current
    if action.args[0] == playing(state, cid):
        return log(state, "piece_chosen", character=cid, piece=action.args[0],
                   space=state.characters[cid].space, why="movement")
    return swap(state, cid, "movement")


def piece_kept_offered(state, who):
    """Rule step: "At the end of the 10th turn the player must choose which Character to
    continue and discard the other" (``keep:<name>``)."""
    if resting(state, who) is None:
        return give_back(state, who, "ten turns")
    return decide(state, who, "piece", [f"keep:{playing(state, who)}", f"keep:{_other(state, who)}"],
                  "master_levels.piece_kept", prompt="which character continues?")


def piece_kept(state, action):
    cid = state.current
    if action.args[0] != playing(state, cid):
        state = swap(state, cid, "kept")
    gone = resting(state, cid)
    state = _one_again(_rest(state, cid, None), cid)
    for c in piece_cards(gone):  # "discard the other": its cards to their discard piles (R-MI5)
        state = chars.discard(state, c)
    state = log(state, "piece_discarded", character=cid, space=gone.space, cards=piece_cards(gone),
                gold=gone.gold)
    return give_back(state, cid, "ten turns")


def lives_losing(state, result, character, amount, cause):
    """A piece that loses its last life dies as any character, "Objects, Magic Objects,
    Followers, Scrolls, Magic Items and Gold are placed on the Space" (LOSING ALL LIVES), but
    the player plays on with the other piece and the title goes back (docs/rulings.md R-MI6):
    the whole loss is taken here, before the player would count as dead."""
    state, spared = result
    mine = state.ext.get(KEY)
    if mine is None or character not in mine.resting:
        return result
    ch = state.characters[character]
    if ch.lives > amount - spared:
        return result
    state = chars.leave_belongings(state, character)
    state = log(state, "life_lost", character=character, amount=ch.lives, lives=0, cause=cause)
    state = log(state, "piece_died", character=character, piece=playing(state, character), space=ch.space,
                cause=cause)
    state = give_back(play_on(state, character), character, "died")
    if character == state.current and state.outcome is None:
        state = end_turn_now(state)
    return state, amount


def play_on(state, cid):
    """A piece died: the player plays on with the other (docs/rulings.md R-MI6)."""
    rest = resting(state, cid)
    name = _other(state, cid)
    state = _one_again(_rest(_in_play(state, cid, rest), cid, None), cid)
    return log(state, "piece_plays_on", character=cid, piece=name, space=rest.space)


def before_encounter(state, result, character, space):
    if result[1] or KEY not in state.ext:
        return result
    state = result[0]
    piece = resting(state, character)
    if piece is None or piece.space != space or state.characters[character].flag("pieces_met"):
        return result
    split = titles()[title_of(state, character)]["second"] == "split"
    # the two pieces are two Characters: where one may not affect the other (the ``may_affect``
    # hook: the Timescape's separate realities) they do not meet (docs/rulings.md R-FB13.1)
    if not pieces_may_meet(state, character, "rejoin" if split else "trade"):
        return result
    if split:
        # "Whenever the Mystic rejoins with the original Character, this is an entire turn!"
        # (the turn's steps dropped first: a Spell discard the hand-over asks still comes, R-FB13.4)
        return rejoin(end_turn_now(state), character), True
    # "The Original and Copy may trade with one another whenever they encounter one another":
    # first the trade, then the encounter (``done``: the encounter begins again, the trade had)
    return trade_offered(set_turn_flag(state, character, "pieces_met"), character), True


def _carries_more(state, ch, c):
    if load().cards[c].type not in ("object", "magic_object", "talisman"):
        return True
    return len(chars.carried_objects(ch)) < chars.carry_limit(ch, state)


def trade_offered(state, who):
    """Rule step: the piece in play meets the resting one: one Object, Follower or Gold given or
    taken at a time (``give:<card>``, ``take:<card>``, ``give:gold``, ``take:gold``), then
    ``done`` (docs/rulings.md R-MI4)."""
    now, rest = state.characters[who], resting(state, who)
    # a Toad piece "cannot have any Possessions": nothing is given to it (docs/rulings.md R-FD13.1)
    give, take = not rest.toad_turns, not now.toad_turns
    options = [f"give:{c}" for c in dict.fromkeys(list(now.objects) + list(now.followers))
               if give and _carries_more(state, rest, c)]
    options += [f"take:{c}" for c in dict.fromkeys(list(rest.objects) + list(rest.followers))
                if take and _carries_more(state, now, c)]
    options += ["give:gold"] * bool(give and now.gold) + ["take:gold"] * bool(take and rest.gold) + ["done"]
    return decide(state, who, "trade", options, "master_levels.trade_chosen",
                  prompt="trade with your other character?")


def _hand_over(state, cid, card, to_resting):
    """One Object or Follower handed between the two pieces of ``cid``'s player: to the resting
    piece (``to_resting``) it leaves the piece in play by the one step that takes a possession away
    (``characters.remove_possession``, whose NUMBER OF SPELLS check comes at once, R-FA12.5); from
    it, it leaves the resting piece's record and joins the piece in play's."""
    rest = resting(state, cid)
    if to_resting:
        field = "objects" if card in state.characters[cid].objects else "followers"
        state = _rest(state, cid, replace(rest, **{field: list(getattr(rest, field)) + [card]}))
        return chars.remove_possession(state, cid, card)
    field = "followers" if card in rest.followers else "objects"
    held = list(getattr(rest, field))
    held.remove(card)
    state = _rest(state, cid, replace(rest, **{field: held}))
    return update_character(state, cid, **{field: list(getattr(state.characters[cid], field)) + [card]})


def trade_chosen(state, action):
    cid = state.current
    if action.kind == "done":
        return push(state, frame("encounters.begin"))
    now, rest = state.characters[cid], resting(state, cid)
    what = action.args[0]
    given = action.kind == "give"
    # the trade is offered again once this card's own steps are done (a piece in play giving a
    # card is asked its Spell discard first, R-FA12.5)
    state = push(state, frame("master_levels.trade_offered", who=cid))
    if what != "gold":
        state = _hand_over(state, cid, what, given)
    else:
        move = 1 if given else -1
        state = _rest(_in_play(state, cid, replace(now, gold=now.gold - move)), cid, replace(rest, gold=rest.gold + move))
    return log(state, "pieces_traded", character=cid, given=given, what=what)


def rejoin(state, cid):
    """The Mystic and the Original meet: "All Possessions, Gold, and Followers Gained by the
    Mystic become the property of the Original Character ... The Mystic may only pick up an
    Object to transport it back to the Original Character": the Mystic hands the Original what
    it carries but Magic Objects, and the Original hands the Mystic his Magic Objects (each may
    use only those: R-MI8), as far as each can carry.  A Toad piece is handed nothing ("cannot
    have any Possessions"): what would go to it stays with the other piece (R-FD13.1)."""
    mystic_plays = playing(state, cid) == "mystic"

    def pieces(state):
        """(the Mystic, the Original) as they stand now."""
        now, rest = state.characters[cid], resting(state, cid)
        return (now, rest) if mystic_plays else (rest, now)

    mystic, original = pieces(state)
    magic = {c for c in piece_cards(mystic) + piece_cards(original) if load().cards[c].type == "magic_object"}
    handed = []
    # each card by the hand-over between the pieces (the piece in play loses it through
    # ``characters.remove_possession``): to the Original from the Mystic, then the other way
    for to_original, cards in ((True, [c for c in mystic.objects if c not in magic] + list(mystic.followers)),
                               (False, [c for c in original.objects if c in magic])):
        for c in cards:
            mystic, original = pieces(state)
            to = original if to_original else mystic
            if not to.toad_turns and _carries_more(state, to, c):
                # the Mystic in play gives to the resting Original; the Original in play to the resting Mystic
                state = _hand_over(state, cid, c, to_resting=to_original == mystic_plays)
                handed.append(c)
    mystic, original = pieces(state)
    gold, scrolls = (0, []) if original.toad_turns else (mystic.gold, list(mystic.scrolls))
    original = replace(original, gold=original.gold + gold, scrolls=list(original.scrolls) + scrolls)
    mystic = replace(mystic, gold=mystic.gold - gold, scrolls=list(mystic.scrolls)[len(scrolls):])
    now, rest = (mystic, original) if mystic_plays else (original, mystic)
    state = _rest(_in_play(state, cid, now), cid, rest)
    return log(state, "mystic_rejoined", character=cid, space=now.space, cards=handed + scrolls, gold=gold)


def _join_for_good(state, cid):
    """The Mystic resigned (or returned): "returning the Playing Piece": the two pieces are one
    again where the Original stands, Strength and Craft added back together, the Mystic's cards
    and Gold the Original's (R-MI7).  A piece that is a Toad stays one ("lasts for 3 Full turns"):
    the one character is a Toad for the longer of the two pieces' turns left (R-FB14.1), and can
    have no Possessions ("cannot have any Possessions"): the other piece's Objects, Followers,
    Scrolls and Gold are dropped where that piece stands, its kept Enemies discarded (R-FD13.3);
    its Spells join, as a Toad keeps his (R-FD13.1)."""
    now, rest = state.characters[cid], resting(state, cid)
    mystic, original = (now, rest) if playing(state, cid) == "mystic" else (rest, now)
    if original.toad_turns:
        state, mystic = _left_by_a_toad(state, cid, mystic)
    elif mystic.toad_turns:
        state, original = _left_by_a_toad(state, cid, original)
    one = replace(original, strength=original.strength + mystic.strength,
                  craft=original.craft + mystic.craft, gold=original.gold + mystic.gold,
                  objects=list(original.objects) + list(mystic.objects),
                  followers=list(original.followers) + list(mystic.followers),
                  spells=list(original.spells) + list(mystic.spells),
                  scrolls=list(original.scrolls) + list(mystic.scrolls),
                  trophies=list(original.trophies) + list(mystic.trophies),
                  toad_turns=max(original.toad_turns, mystic.toad_turns))
    state = _one_again(_rest(_in_play(state, cid, one), cid, None), cid)
    return log(state, "pieces_joined", character=cid, space=one.space, strength=one.strength, craft=one.craft)


def _left_by_a_toad(state, cid, piece):
    """The Possessions of ``piece`` (one of ``cid``'s two pieces, the other a Toad) left where it
    stands as the pieces join: its Objects, Followers, Scrolls and Gold on its space, its kept
    Enemies to the discard pile (kept with the option ``toad_trophies: kept``, R-FB14.3); its
    Spells stay (R-FD13.1).  Returns the state and the piece without them."""
    dropped = list(piece.objects) + list(piece.followers) + list(piece.scrolls)
    state = chars.put_gold_on_space(chars.put_on_space(state, piece.space, dropped), piece.space, piece.gold)
    discarded = [] if chars.toads_keep_trophies(state) else list(piece.trophies)
    for c in discarded:
        state = chars.discard(state, c)
    if dropped or piece.gold or discarded:
        state = log(state, "possessions_dropped", character=cid, space=piece.space, cards=dropped,
                    gold=piece.gold, discarded=discarded, reason="a Toad cannot have Possessions")
    return state, replace(piece, objects=[], followers=[], scrolls=[], gold=0,
                          trophies=[] if discarded else piece.trophies)


# --- abilities: titles, Ability cards, Magic Items ------------------------------------------------------

def draw_ability(state, cid, cause):
    """"When an Ability is Gained, or purchased, it is taken from the top of the Ability Stock
    pile. When the Stockpile is exhausted, shuffle the discard pile and turn it face down to
    start a new Stockpile.\""""
    m = SLICE.plain(state)
    if not m["ability_pile"] and m["ability_discards"]:
        pile, dice = shuffle(state.dice, m["ability_discards"])
        state = replace(state, dice=dice)
        m["ability_pile"], m["ability_discards"] = list(pile), []
        state = log(state, "stockpile_reshuffled", deck="ability")
    if not m["ability_pile"]:
        return log(state, "ability_not_gained", character=cid, reason="the Ability Stockpile is empty")
    card = m["ability_pile"].pop(0)
    m["abilities"].setdefault(cid, []).append(card)
    state = _store(state, m)
    return log(state, "ability_gained", character=cid, card=card, ability=ability_card(card)["ability"],
               cause=cause)


def draw_ability_effect(state, params, actor, source):
    return draw_ability(state, actor, source.get("space") or source.get("card") or "purchase")


def ability_lent(state, lent, character, ability):
    if lent or KEY not in state.ext:
        return lent
    title = title_of(state, character)
    if title is not None and ability in titles()[title]["abilities"]:
        return True
    if any(ability_card(a)["ability"] == ability for a in gained_abilities(state, character)):
        return True
    ch = state.characters[character]
    owner = {card_of(character), title}  # (a card taken again: its card)
    for c in ch.objects:
        data = load().cards[c].data
        if data and data.get("aligned_to") and owner & set(data["aligned_to"]):
            # "Magic Items are Talismans for their aligned owner"
            if ability == "talisman" or ability in data.get("owner_abilities", ()):
                return True
    return False


def title_abilities(state, abilities, character):
    """``title_abilities``: the abilities of the title's Character Card (the High Mage's Wizard's
    "keeps one Spell", docs/rulings.md R-FG12.1)."""
    title = title_of(state, character)
    return abilities if title is None else tuple(abilities) + tuple(titles()[title]["abilities"])


def character_died(state, character):
    mine = state.ext.get(KEY)
    if mine is None:
        return state
    if character in mine.resting:
        state = play_on(state, character)
    if character in mine.held:
        state = give_back(state, character, "died")
    m = SLICE.plain(state)
    gone = m["abilities"].pop(character, [])
    if gone:
        m["ability_discards"] += gone
        state = _store(state, m)
        state = log(state, "abilities_discarded", character=character, cards=gone)
    return state


def player_view(state, view, player):
    mine = state.ext.get(KEY)
    if mine is None or not (mine.ability_pile or mine.resting):
        return view
    hidden = replace(mine, ability_pile=deep_freeze(sorted(mine.ability_pile)))
    for cid, piece in mine.resting.items():
        if cid == player:
            continue
        # another player's resting piece: its Spells and Scrolls face down, as those in play
        piece = replace(piece, spells=["hidden"] * len(piece.spells), scrolls=["hidden"] * len(piece.scrolls))
        hidden = replace(hidden, resting=hidden.resting.set(cid, piece),
                         cards=hidden.cards.set(cid, pvector(piece_cards(piece))))
    return replace(view, ext=view.ext.set(KEY, hidden))


def _register_handlers():
    """The card handlers of the cards that make a title (set aside, and the City's Beggar)."""
    for t in raw_table()["titles"].values():
        card = t["gained"].get("card")
        if card:
            HANDLERS[card] = beggar_met if "donate" in t["gained"] else trigger_met


_register_handlers()

STEPS: dict[str, Any] = {
    "master_levels.title_chosen": title_chosen, "master_levels.title_offered": title_offered,
    "master_levels.try_chosen": try_chosen, **TITLE_ROLL.steps(),
    "master_levels.title_roll": title_roll,
    "master_levels.resign_offered": resign_offered, "master_levels.resign_chosen": resign_chosen,
    "master_levels.piece_offered": piece_offered, "master_levels.piece_chosen": piece_chosen,
    "master_levels.piece_kept_offered": piece_kept_offered, "master_levels.piece_kept": piece_kept,
    "master_levels.trade_offered": trade_offered, "master_levels.trade_chosen": trade_chosen,
}

_PARAMS = {"type": "object", "additionalProperties": False, "required": ["title"],
           "properties": {"title": _ID}}
def engaged(state) -> bool:
    """Whether the options are on in this game (set-up keeps the module's record in ``ext``)."""
    return KEY in state.ext


#: The options' hooks (their ``setup`` makes the record the others need: it alone is not
#: gated by ``engaged``).
HOOKS: dict[str, Any] = {
    "setup": setup, "turn_started": turn_started, "turn_ended": turn_ended,
    "space_effect": space_effect, "card_effect": card_effect, "combat_resolved": combat_resolved, "ability_lent": ability_lent,
    "title_abilities": title_abilities, "character_died": character_died, "player_view": player_view, "before_encounter": before_encounter,
    "lives_losing": lives_losing, "object_usable": object_usable}

#: The keys of a card's ``data`` the option's rules read (its set-aside cards), and their kinds
#: (``Plugin.card_data``, ruling R-HARDEN20.4).
CARD_DATA = {"aligned_to": DATA_TEXTS, "owner_abilities": DATA_TEXTS, "title": DATA_TEXT}

PLUGIN = Plugin(KEY, data_files={FILE: read}, card_data=CARD_DATA, always=True, engaged={h: engaged for h in HOOKS if h != "setup"},
    wanted=given("master_levels", "magic_items", "ability_stockpile"), steps=STEPS, hooks=HOOKS,
    effects={"master_levels_offer": offer_effect, "master_levels_title": title_effect,
             "master_levels_draw_ability": draw_ability_effect},
    effect_schemas={"master_levels_offer": _PARAMS, "master_levels_title": _PARAMS,
                    "master_levels_draw_ability": {"type": "object", "additionalProperties": False}})


__all__ = ["PLUGIN", "STEPS", "in_use", "title_of", "holder", "gained_abilities", "table", "titles",
           "take_title", "give_back", "draw_ability", "resting", "playing"]
