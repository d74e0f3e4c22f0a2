"""NOBLEMEN and REALMS (000 RULES CONCERNING CHARACTERS): the option ``noblemen`` (a base plugin,
docs/master_levels.md).

"If a Player becomes Entitled by encountering Entitlement ... they may take a Title card chosen at
Random and begin using any Special Abilities pertaining thereto. Immediately place the
corresponding Realm on any unoccupied, non-permanent location".  Tithings: "Whenever any Player,
other than the owner lands on or passes over a Realm, a tithing must be left behind ... 1 Gold or
any Object".  Collecting Tithings: "Realm owners (Nobles) may not collect tithings placed on their
Realms until they land on or pass over their Realms."

This area keeps its own state (a typed record) in ``state.ext["noblemen"]`` (public: a Realm's owner and its
tithes show in every player's view; the Title pile's order does not)::

    {"pile": [title ids, top first], "held": {character: title},
     "realms": {space: {"owner": character, "title": id, "gold": n}},
     "cards": {space: [Objects and Followers left as tithes]}}

(a realm's ``henchmen``: ``[{"id", "lives"}]``, the Henchmen left on it as tithes, only once one is.)

and joins the game through the effect ``noblemen_entitled`` (the Entitlement card's, in its data) and
hook points: ``before_encounter``
(the spaces landed on or passed over this move: tithes left or collected), ``ability_lent`` (the
Title's abilities), ``character_died`` (the Title and its Realm leave the game; tithes stay on the
space), ``player_view``.
"""
from __future__ import annotations

import functools
from typing import Any

import attrs
from pyrsistent.typing import PMap, PVector

from ..definitions import load
from ..engine.data import data_root, load_yaml, validate
from ..engine.dice import shuffle
from ..engine.machine import decide, frame, log, push, then
from ..engine.records import FieldError, deep_freeze, replace
from ..engine.ruleset import Plugin
from ..options import given
from ..errors import DataError, OptionError
from ..state import ExtRecord, map_field, update_character, vector_field
from . import characters as chars
from . import henchmen, master_levels, possessions
from .hooks import adjust
from .slice_values import CARD, CHARACTER, COUNT, NAME, SPACE, checked, list_of, map_of, mapping_with
from .kernel import ExtSlice, may_affect, remove_from_space, set_turn_flag

KEY = "noblemen"


#: A Realm on the board: its owner, its Title, the Gold and the Henchmen left on it as tithes.
REALM = mapping_with(("owner", "title", "gold"), owner=CHARACTER, title=NAME, gold=COUNT,
                     henchmen=list_of(mapping_with(("id", "lives"), id=NAME, lives=COUNT)))


@attrs.frozen
class Noblemen(ExtRecord):
    """``state.ext["noblemen"]`` (the layout above)."""

    pile: PVector[str] = vector_field(checked(list_of(NAME)))
    held: PMap[str, str] = map_field(checked(map_of(CHARACTER, NAME)))
    realms: PMap[str, PMap[str, Any]] = map_field(checked(map_of(SPACE, REALM)))
    cards: PMap[str, PVector[str]] = map_field(checked(map_of(SPACE, list_of(CARD))))

    @pile.validator
    def _not_also_held(self, attribute, value):
        """A Title on the pile is in no one's hands and on no Realm (a Realm's Title is its
        owner's, held by him too)."""
        seen = {}
        for i, title in enumerate(value):
            if title in seen:
                raise FieldError(f"pile.{i}", f"expected a Title once on the pile, got {title!r} also at "
                                              f"pile.{seen[title]}")
            seen[title] = i
        elsewhere = [(f"held.{c}", t) for c, t in self.held.items()]
        elsewhere += [(f"realms.{sp}.title", r.get("title")) for sp, r in self.realms.items()]
        for where, title in elsewhere:
            if title in seen:
                raise FieldError(where, f"expected a Title not on the pile, got {title!r}, also at "
                                        f"pile.{seen[title]}")

    @cards.validator
    def _on_realms(self, attribute, value):
        """The tithes lie on the Realms: a list of them on each Realm's space (empty when none
        waits) and on no other ("tithe Gold or Objects to the Realm")."""
        for space in value:
            if space not in self.realms:
                raise FieldError(f"cards.{space}", f"expected a space a Realm lies on (realms), got {space!r}")
        bare = [space for space in self.realms if space not in value]
        if bare:
            raise FieldError("cards", f"expected the tithes of every Realm (an empty list when none "
                                      f"waits), got none for {bare[0]!r}")


SLICE = ExtSlice(KEY, Noblemen)

_ID = {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"}
SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["titles"],
    "properties": {"titles": {"type": "array", "minItems": 1, "items": {
        "type": "object", "additionalProperties": False,
        "required": ["id", "name", "realm", "abilities", "stand_in", "reason"],
        "properties": {"id": _ID, "name": {"type": "string"}, "realm": {"type": "string"},
                       "abilities": {"type": "array", "items": _ID}, "stand_in": {"type": "boolean"},
                       "reason": {"type": "string", "minLength": 1}}}}},
}


#: The Title cards, under ``data/talisman`` (registered on the plugin: read by the data loader).
FILE = "options/noblemen.yaml"


def path():
    return data_root() / "talisman" / FILE


@functools.lru_cache(maxsize=None)
def table() -> Any:
    """The Title cards by id, as the data loader read them."""
    return load().tables[FILE]


def read(p, defs) -> Any:
    """The Title cards by id, validated (every ability is one of ``defs``), frozen."""
    doc = validate(p, load_yaml(p), SCHEMA)
    out = {}
    for t in doc["titles"]:
        if t["id"] in out:
            raise DataError(p, t["id"], "id", "a Title given twice")
        for a in t["abilities"]:
            if a not in defs.abilities:
                raise DataError(p, t["id"], "abilities", f"unknown ability {a!r}")
        out[t["id"]] = t
    return deep_freeze(out)


def _store(state, mine):
    return SLICE.put(state, **mine)


def title_of(state, cid):
    """The Title card ``cid`` holds, or None."""
    mine = state.ext.get(KEY)
    return mine.held.get(cid) if mine is not None else None


def realms(state) -> dict[str, Any]:
    """``{space: {"owner", "title", "gold"}}``: the Realms on the board."""
    mine = state.ext.get(KEY)
    return SLICE.plain(state)["realms"] if mine is not None else {}


# --- set-up ------------------------------------------------------------------------------------------

def setup(state):
    if not isinstance(state.option("noblemen"), bool):
        raise OptionError(f"rule option noblemen={state.option('noblemen')!r}: true or false")
    if not state.option("noblemen"):
        return state
    # "a Title card chosen at Random": the ids sorted before the shuffle (a pmap's own order
    # follows the string hashes, which differ between processes)
    pile, dice = shuffle(state.dice, sorted(table()))
    state = replace(state, dice=dice)
    return _store(state, {"pile": pile, "held": {}, "realms": {}, "cards": {}})


# --- becoming Entitled ----------------------------------------------------------------------------------

def realm_spaces(state) -> list[str]:
    """"any unoccupied, non-permanent location (Chapel, Tavern, etc.)": an Outer Region space with
    instructions of its own (no draw), where no character stands and no Realm lies
    (docs/rulings.md).  A player's resting piece (the Mirror Image's copy or original, the
    Mystic's other half: "two distinctive Characters") stands on the board too and occupies its
    space (rulings R-PROBE18B.1)."""
    standing = [ch.space for ch in state.characters.values() if ch.alive]
    standing += [piece.space for cid, ch in state.characters.items()
                 if ch.alive and (piece := master_levels.resting(state, cid)) is not None]
    taken = set(realms(state)) | {_stands_for(state, s) for s in standing}
    return sorted(s.id for s in load().board.spaces.values() if realm_location(s.id) and s.id not in taken)


def realm_location(space) -> bool:
    """Whether a Realm may lie on ``space`` at all: a "non-permanent location (Chapel, Tavern,
    etc.)", an Outer Region space with instructions of its own (no draw)."""
    s = load().board.spaces.get(space)
    return s is not None and s.region == "outer" and not s.draw


def hold(state, cid, title, space, gold=0):
    """``cid`` holds ``title`` and its Realm lies on ``space`` with ``gold`` left on it as tithes
    (a position from before: the scenarios' set-up key ``realms``); the caller checks the ids."""
    m = SLICE.plain(state)
    m["pile"].remove(title)
    m["held"][cid] = title
    m["realms"][space] = {"owner": cid, "title": title, "gold": gold}
    m["cards"][space] = []  # none yet (a scenario's ``ext``, merged after, may lay some there)
    return _store(state, m)


def entitled_effect(state, params, actor, source):
    """The effect ``noblemen_entitled``: the Entitlement card met (discarded first) makes its
    finder Entitled; a Spell cast or a Scroll read makes its caster Entitled."""
    if "space" in source:  # a card met on a space (the Entitlement Event)
        card, space = source["card"], source["space"]
        state = chars.discard(remove_from_space(state, space, card), card)
    return entitled(state, actor)


def entitled(state, cid):
    """"they may take a Title card chosen at Random" (one Title each: docs/rulings.md)."""
    mine = state.ext.get(KEY)
    if mine is None or title_of(state, cid) is not None or not mine.pile or not realm_spaces(state):
        return log(state, "entitlement_refused", character=cid,
                   reason="holds a Title" if mine is not None and title_of(state, cid) else "no Title or Realm left")
    return decide(state, cid, "entitled", ["title:take", "decline"], "noblemen.title_chosen",
                  prompt="take a Title card at random?")


def title_chosen(state, action):
    cid = state.current
    if action.args[:1] != ("take",):
        return log(state, "entitlement_declined", character=cid)
    m = SLICE.plain(state)
    title = m["pile"].pop(0)
    m["held"][cid] = title
    state = _store(state, m)
    state = log(state, "title_taken", character=cid, title=title)
    return decide(state, cid, "realm", [f"realm:{s}" for s in realm_spaces(state)], "noblemen.realm_placed",
                  prompt=f"place the {table()[title]['realm']}", title=title)


def realm_placed(state, action, title):
    cid = state.current
    space = action.args[0]
    m = SLICE.plain(state)
    m["realms"][space] = {"owner": cid, "title": title, "gold": 0}
    m["cards"][space] = []
    state = _store(state, m)
    return log(state, "realm_placed", character=cid, title=title, space=space)


# --- tithings ------------------------------------------------------------------------------------------------

def _walked(state, cid):
    """The spaces ``cid`` landed on or passed over since the tithes were last reckoned this turn
    (the ``moved`` events of the turn)."""
    since = state.characters[cid].flag("tithes_at", 0)
    out = []
    for i in range(len(state.log) - 1, since - 1, -1):
        e = state.log[i]
        if e.name == "turn_started" and e.data.get("character") == cid:
            break
        if e.name == "moved" and e.data.get("character") == cid:
            out = list(e.data.get("path", ())) + out
    return [_stands_for(state, s) for s in out]


def _stands_for(state, space):
    """The main board's space ``space`` is: a space of an expansion's board may be one (the
    City's Gate is the City space: a Realm there is landed on at the Gate, passed over on the way
    out of the City, and a character at the Gate occupies it; rulings R-PROBE14C.2)."""
    return adjust(state, "space_stands_for", space, space=space) if state.config.expansions else space


def before_encounter(state, result, character, space):
    state, replaced = result
    mine = state.ext.get(KEY)
    if mine is None or not mine.realms:
        return result
    walked = _walked(state, character)
    state = set_turn_flag(state, character, "tithes_at", len(state.log))
    here = [s for s in dict.fromkeys(walked) if s in mine.realms]
    if not here:
        return state, replaced
    tithes = [frame("noblemen.realm_reached", space=s) for s in here]
    if replaced:
        # an expansion replaced the encounter (its frames are pushed): the tithes come first
        return push(state, *then(*tithes)), True
    # the tithes come first: this encounter gives way and begins again after them (the hook
    # then finds nothing new walked)
    return push(state, *then(*tithes, frame("encounters.begin"))), True


def realm_reached(state, space, refused=()):
    """A Realm landed on or passed over: the owner collects; anyone else leaves a tithing ("1 Gold
    or any Object ..."), or offers a Follower ("or anything else agree upon by the Realm Owner and
    the Player", docs/rulings.md R-NR9.1); ``refused``: the Followers the owner has refused."""
    cid = state.current
    realm = realms(state).get(space)
    if realm is None:
        return state
    if realm["owner"] == cid:
        return collect(state, cid, space)
    ch = state.characters[cid]
    options = ["tithe:gold"] if ch.gold else []
    options += [f"tithe:{c}" for c in dict.fromkeys(chars.carried_objects(ch))
                if "cursed" not in load().cards[c].abilities]
    owner = state.characters.get(realm["owner"])
    # a Follower offered waits on the owner's word ("agree upon by the Realm Owner and the
    # Player"): a bargain with him, asked of the ``may_affect`` hook (``tithe``: none across the
    # Timescape's boundary, docs/rulings.md R-FB13.1); Gold and Objects are left on the space
    if owner is not None and owner.alive and may_affect(state, cid, realm["owner"], "tithe"):
        options += [f"offer:{c}" for c in chars.droppable_followers(ch) if c not in refused]
        # a Henchman too (``henchman:<id>``): "Henchmen are considered Followers for any
        # pertaining rules" (OPTIONAL RULES, HENCHMEN)
        options += [f"offer:{f}" for f in chars.other_followers(state, cid) if f not in refused]
    if not options:
        return log(state, "no_tithe", character=cid, space=space, owner=realm["owner"])
    return decide(state, cid, "tithe", options, "noblemen.tithe_left",
                  prompt=f"leave a tithing on the {table()[realm['title']]['realm']}", space=space,
                  refused=list(refused))


def tithe_left(state, action, space, refused=()):
    """"A tithing may consist of 1 Gold or any Object, Magic Object, Magic Item"; a Follower
    offered waits on the owner's answer."""
    cid = state.current
    what = action.joined()  # (a Henchman: ``henchman:<id>``)
    if action.kind == "offer":
        owner = realms(state)[space]["owner"]
        state = log(state, "tithe_offered", character=cid, space=space, owner=owner, tithe=what)
        return decide(state, owner, "tithe_agreed", ["accept", "refuse"], "noblemen.tithe_answered",
                      prompt=f"accept {cid}'s {what} as a tithing?", space=space, card=what,
                      refused=list(refused))
    return _leave(state, cid, space, what)


def _leave(state, cid, space, what):
    """``what`` (``gold``, an Object or a Follower) left by ``cid`` on the Realm on ``space``."""
    m = SLICE.plain(state)
    ch = state.characters[cid]
    if what == "gold":
        state = update_character(state, cid, gold=ch.gold - 1)
        m["realms"][space]["gold"] += 1
    elif what.startswith("henchman:"):  # it waits on the Realm with its lives, for the owner
        state, record = henchmen.hand_over(state, cid, what.split(":", 1)[1])
        m["realms"][space]["henchmen"] = m["realms"][space].get("henchmen", []) + [record]
    else:
        state = chars.remove_possession(state, cid, what)
        m["cards"][space].append(what)
    state = _store(state, m)
    return log(state, "tithe_left", character=cid, space=space, owner=m["realms"][space]["owner"], tithe=what)


def tithe_answered(state, action, space, card, refused):
    """The Realm's owner accepts the Follower offered (it is left as the tithing) or refuses it
    (the passer chooses again without it)."""
    cid = state.current
    if action.kind == "accept" and (card in state.characters[cid].followers
                                    or card in chars.other_followers(state, cid)):
        return _leave(state, cid, space, card)
    state = log(state, "tithe_refused", character=cid, space=space, owner=realms(state)[space]["owner"],
                tithe=card)
    return realm_reached(state, space, tuple(refused) + (card,))


def collect(state, cid, space):
    """Collecting Tithings: the owner, landing on or passing over his Realm, takes what lies on it."""
    m = SLICE.plain(state)
    gold, cards = m["realms"][space]["gold"], m["cards"][space]
    hench = m["realms"][space].pop("henchmen", [])
    if (not gold and not cards and not hench) or state.characters[cid].toad_turns:
        return state  # (a Toad has no Possessions: the tithes wait on the Realm, R-TE13.6)
    m["realms"][space]["gold"] = 0
    state = _store(state, m)
    state = update_character(state, cid, gold=state.characters[cid].gold + gold)
    more = {"henchmen": [h["id"] for h in hench]} if hench else {}
    # the cards he takes as he is, one by one (each may fill his last place); the rest wait on
    # the Realm for his choice (``_claim``)
    taken = []
    for c in cards:
        if _takeable(state, cid, c) or not chars.usable(state.characters[cid], load().cards[c]):
            state = _given(_store(state, _without(state, space, c)), cid, space, c)
            taken.append(c)
    state = log(state, "tithes_collected", character=cid, space=space, gold=gold, cards=taken, **more)
    for h in hench:
        state = henchmen.join(state, cid, h, "tithing")
    return _claim(state, cid, space)


def _takeable(state, cid, c):
    """Whether the tithe ``c`` joins its owner as it is (a Follower, or an Object he may use and
    has room to carry: ``possessions.left_because``)."""
    return possessions.left_because(state, cid, c) is None


def _without(state, space, c):
    """The module's record with the tithe ``c`` taken off the Realm on ``space``."""
    m = SLICE.plain(state)
    m["cards"][space].remove(c)
    return m


def _given(state, cid, space, c):
    """The tithe ``c``, off the Realm, goes to its owner (an Object he may not use is left face up
    on the space: POSSESSIONS, "It must be left face up on the Space where it was Encountered")."""
    if not chars.usable(state.characters[cid], load().cards[c]):
        state = chars.put_on_space(state, space, [c])
        return log(state, "object_left", character=cid, card=c, reason="may not use it")
    return possessions.add_possession(state, cid, c, "tithing")


def _claim(state, cid, space):
    """Objects tithed on the Realm that the owner, at his carrying limit, cannot take as he is:
    CARRIED POSSESSIONS, "If a Character carrying 4 Objects wishes to pickup another, he must
    first drop one" -- he may drop one of his on the Realm's space and take it, or leave it
    waiting on the Realm (``done``)."""
    waiting = SLICE.plain(state)["cards"][space]
    ch = state.characters[cid]
    drops = [f"drop:{c}" for c in chars.droppable(ch)]
    if not waiting or not drops:
        return state
    takes = [f"take:{c}" for c in dict.fromkeys(waiting) if _takeable(state, cid, c)]
    return decide(state, cid, "tithe_claim", takes + drops + ["done"], "noblemen.tithe_claimed",
                  prompt=f"collect from the {table()[realms(state)[space]['title']]['realm']}", space=space)


def tithe_claimed(state, action, space):
    """The owner at his limit takes a tithe, drops one of his Objects on the Realm's space, or
    leaves the rest on the Realm."""
    cid = state.current
    if action.kind == "done":
        return state
    card = action.joined()
    if action.kind == "take":
        state = _given(_store(state, _without(state, space, card)), cid, space, card)
    else:
        state = chars.drop_object(state, cid, card, space)
    return _claim(state, cid, space)


# --- the Title's abilities; death; the view ------------------------------------------------------------

def ability_lent(state, lent, character, ability):
    if lent or KEY not in state.ext:
        return lent
    title = title_of(state, character)
    return title is not None and ability in table()[title]["abilities"]


def character_died(state, character):
    """A dead Noble's Title goes back under the pile and his Realm leaves the board; the tithes on
    it stay on the space (docs/rulings.md)."""
    title = title_of(state, character)
    if title is None:
        return state
    m = SLICE.plain(state)
    del m["held"][character]
    m["pile"].append(title)
    for space, realm in sorted(m["realms"].items()):  # (a map: its own order is a hash order)
        if realm["owner"] == character:
            gold, cards = realm["gold"], m["cards"].pop(space)
            hench = [h["id"] for h in realm.get("henchmen", ())]  # no one's now: they leave the game
            del m["realms"][space]
            state = _store(state, m)
            if gold:
                state = replace(state, board_gold=state.board_gold.set(space, state.board_gold.get(space, 0) + gold))
            if cards:
                state = chars.put_on_space(state, space, cards)
            more = {"henchmen": hench} if hench else {}
            state = log(state, "realm_removed", character=character, space=space, gold=gold, cards=cards, **more)
    return _store(state, m)


def characters_held(state, held):
    """A Henchman waiting on a Realm as a tithing is in play, out of the remaining stock of
    Character Cards (rulings R-FIX15C.1)."""
    return held | {h["id"] for realm in realms(state).values() for h in realm.get("henchmen", ())}


def player_view(state, view, player):
    mine = state.ext.get(KEY)
    if mine is None:
        return view
    return replace(view, ext=view.ext.set(KEY, replace(mine, pile=["hidden"] * len(mine.pile))))


STEPS: dict[str, Any] = {"noblemen.title_chosen": title_chosen, "noblemen.realm_placed": realm_placed,
                         "noblemen.realm_reached": realm_reached, "noblemen.tithe_left": tithe_left,
                         "noblemen.tithe_answered": tithe_answered, "noblemen.tithe_claimed": tithe_claimed}

def engaged(state) -> bool:
    """Whether the options are on in this game (set-up keeps the module's record in ``ext``)."""
    return KEY in state.ext


#: The options' hooks (their ``setup`` makes the record the others need: it alone is not gated
#: by ``engaged``).
HOOKS: dict[str, Any] = {
    "setup": setup, "before_encounter": before_encounter, "ability_lent": ability_lent,
    "character_died": character_died, "player_view": player_view, "characters_held": characters_held}

PLUGIN = Plugin(KEY, data_files={FILE: read}, always=True, engaged={h: engaged for h in HOOKS if h != "setup"}, wanted=given("noblemen"),
                steps=STEPS, effects={"noblemen_entitled": entitled_effect},
                effect_schemas={"noblemen_entitled": {"type": "object", "additionalProperties": False}},
                hooks=HOOKS)

__all__ = ["PLUGIN", "STEPS", "title_of", "realms", "realm_spaces", "table"]
