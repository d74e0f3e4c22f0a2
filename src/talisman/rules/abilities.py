"""SPECIAL ABILITIES of the characters: the steps an ability adds to the rules.

"Any instances where the Special Abilities are at conflict with the rules, the Special Ability
overrides the rules!"  The precedence is explicit: each rule step that an ability changes asks
this module first (``ability_options`` before the rule's own options; ``battle_dice`` before
the die by size; ``may_use`` before an object's use; ``raisable`` before a carcass is kept as a
trophy; ``calm_options`` before an Animal or Dragon attacks; ``foresight`` before the cards
drawn are met; ``destroys_spirits`` before a psychic combat), so an ability always wins over
the general rule it changes.  Abilities are data ids (``data/talisman/abilities.yaml``); a Toad
has none (``characters.has_ability``).
"""
from __future__ import annotations

import functools

from . import possessions
from .hooks import listens, run_hook
from .kernel import remove_from_space, set_turn_flag, space_named_for
from ..definitions import card_of, load
from ..engine.machine import decide, log, request_roll
from ..engine.ruleset import Plugin
from ..state import character, update_character
from . import characters as chars
from ..engine.records import replace

#: BEGUILE: the roll needed against each alignment (talisman-facts.md: 6 Good, 5-6 Neutral, 4-6 Evil).
BEGUILE_AT_LEAST = {"good": 6, "neutral": 5, "evil": 4}


def cards_param(ability, key):
    """The card ids an ability's ``params[key]`` lists (abilities.yaml; checked on load): the
    Sorceress's ``take_follower`` ``except_cards``, the Minstrel's ``take_maiden_or_princess``
    ``cards``."""
    return frozenset(load().abilities[ability].get("params", {}).get(key, ()))


def may_use(state, cid, card_id):
    """Whether the character may use (and so possess) an object: its alignment restriction
    and the character's own restrictions (``characters.usable``)."""
    return chars.usable(character(state, cid), load().cards[card_id])


def battle_dice(state, cid, die):
    """The Warrior rolls two dice in battle and uses the higher (``two_dice_in_battle``)."""
    if chars.has_ability(state, cid, "two_dice_in_battle"):
        return "2" + die
    return die


def battle_roll(state, cid, values):
    """The character's battle roll from its dice: the higher of two for the Warrior."""
    return max(values) if len(values) > 1 else values[0]


def may_assassinate(state, cid):
    """Whether ``cid`` may choose to assassinate the character he attacks (``assassinate``:
    "When he attacks a character ... he may 'assassinate'", a choice: R-FF12.4)."""
    return chars.has_ability(state, cid, "assassinate")


def opponent_adds_no_die(state, attacker):
    """The Assassin's attack, when he chose to assassinate: the defender adds no die roll to
    its attack score (the combat's ``assassinate``, set by :func:`combat.start_combat`)."""
    b = state.battle
    return b is not None and b.who == attacker and bool(b.get("assassinate")) and may_assassinate(state, attacker)


# --- abilities used on another character ------------------------------------------------

def character_options(state, cid, other):
    """What a character may do to another besides attacking (ENCOUNTERING ANOTHER CHARACTER:
    "attack or use any Special Ability on the other Character")."""
    och = character(state, other)
    out = []
    if chars.has_ability(state, cid, "steal_from_character") and (och.objects or och.gold):
        out.append("ability:steal")
    if chars.has_ability(state, cid, "beguile") and (och.objects or och.gold):
        out.append("ability:beguile")
    if chars.has_ability(state, cid, "take_follower") and (
            takeable_followers(state, cid, other, "followers_for_sorceress")):
        out.append("ability:take_follower")
    if chars.has_ability(state, cid, "take_maiden_or_princess") and (
            takeable_followers(state, cid, other, "maiden_or_princess")):
        out.append("ability:take_maiden")
    return out


def takeable_followers(state, cid, other, what):
    """The Followers ``cid`` may take from ``other`` (``what``: ``any_follower``, Mesmerism;
    ``followers_for_sorceress``; ``maiden_or_princess``, the Minstrel's), a Henchman too for the
    first two: only those that may join him (``follower_allowed``: an Airship's Complement, a
    trophy that bars Followers; docs/rulings.md R-AS10.1)."""
    och = character(state, other)
    if what == "maiden_or_princess":
        wanted = cards_param("take_maiden_or_princess", "cards")
        found = [f for f in dict.fromkeys(och.followers) if f in wanted]
    else:
        # the Sorceress's "not Maiden/Unicorn/Princess/Animal": the cards her ability names and
        # every Animal (the card's mark, ``characters.is_animal``: the Mules, the Dog, the cats)
        found = [f for f in dict.fromkeys(och.followers) if what == "any_follower" or (
            f not in cards_param("take_follower", "except_cards") and load().cards[f].type != "enemy"
            and not chars.is_animal(f))]
        found += list(chars.other_followers(state, other))  # a Henchman too
    return [f for f in found if chars.follower_allowed(state, cid, f)]


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
    need = BEGUILE_AT_LEAST[character(state, other).alignment]
    state = log(state, "beguile", character=who, opponent=other, roll=roll, needed=need)
    if roll < need:
        return state
    return offer_spoils(state, who, other, "objects_and_gold", "beguiled")


def offer_spoils(state, cid, other, what, how):
    och = character(state, other)
    if what == "objects_and_gold":
        options = [f"take:{c}" for c in dict.fromkeys(och.objects) if may_use(state, cid, c)]
        options += ["take:gold"] if och.gold else []
    else:
        options = [f"take:{f}" for f in takeable_followers(state, cid, other, what)]
    if not options:
        return state
    return decide(state, cid, "take", options, "abilities.taken", prompt=f"{how} from {other}",
                  other=other, how=how)


def taken(state, action, other, how):
    cid = state.current
    what = action.joined()
    if what != "gold" and what not in load().cards:
        # a Follower that is no card (a Henchman): its plugin moves it
        state = run_hook(state, "other_follower_taken", character=cid, opponent=other, follower=what)
        return log(state, "possession_taken", character=cid, opponent=other, card=what, how=how)
    if what == "gold":
        state = chars.lose(state, other, "gold", 1, f"{how} by {cid}")
        return chars.gain(state, cid, "gold", 1, f"{how} from {other}")
    och = character(state, other)
    field = "objects" if what in och.objects else "followers"
    items = getattr(och, field)
    state = update_character(state, other, **{field: items.delete(items.index(what))})
    state = possessions.add_possession(state, cid, what, f"{how} from {other}")
    state = log(state, "possession_taken", character=cid, opponent=other, card=what, how=how)
    state = chars.article_gone(state, other, what)  # his Mule taken: its load is over his limit
    return chars.discard_surplus_spells(state, other)  # NUMBER OF SPELLS: "at any time"


# --- abilities before the move ------------------------------------------------------------

def before_move_options(state, cid):
    """Abilities offered before the movement roll: the Druid's change of alignment (one step,
    once a turn: CHANGING ALIGNMENT), the Elf's path from Woods to Woods."""
    ch = character(state, cid)
    out = []
    if chars.has_ability(state, cid, "change_alignment_at_will") and not ch.turn_flags.get("realigned"):
        steps = {"good": ["neutral"], "neutral": ["good", "evil"], "evil": ["neutral"]}
        out += [f"align:{a}" for a in steps[ch.alignment]]
    if chars.has_ability(state, cid, "woods_to_woods") and ch.space.startswith("woods") \
            and space_named_for(state, ch.space, "woods_to_woods"):
        # a Woods whose name a Terrain card covers is no Woods, to start from or to go to
        out += [f"woods:{w}" for w in sorted(load().board.spaces) if w.startswith("woods_") and w != ch.space
                and load().board.spaces[w].region == load().board.spaces[ch.space].region
                and space_named_for(state, w, "woods_to_woods")]
    return out


def before_move_chosen(state, cid, action):
    if action.kind == "align":
        state = chars.set_alignment(state, cid, action.args[0], "changed at will")
        return set_turn_flag(state, cid, "realigned")
    state = update_character(state, cid, space=action.args[0])
    state = set_turn_flag(state, cid, "moved")
    return log(state, "moved", character=cid, path=[action.args[0]], to=action.args[0])


def movement_roll_options(state, cid, roll):
    """The Troll may heal a life instead of moving on a movement roll of 6 (``regenerate``);
    the Leprechaun may teleport on a 4 (``teleport_on_roll``)."""
    out = []
    if roll == 6 and chars.has_ability(state, cid, "regenerate") and \
            character(state, cid).lives < chars.life_value(state, cid):
        out.append("regenerate")
    if teleport_region(state, cid, roll) is not None:
        out.append("teleport")
    return out


def regenerate(state, cid):
    """Instead of moving: the Troll stays (and so has no encounter) and heals a life."""
    return chars.heal(state, cid, 1, "regenerate")


# --- abilities in combat and encounters -----------------------------------------------------

def destroys_spirits(state, cid):
    """Who may destroy a Spirit at once instead of fighting it: the holder of the Cross
    (``destroy_spirits``) and the Priest (``spirit_bane``: a stand-in, the Priest's power over
    Spirits is known only from memory, talisman-facts-verified.md section 2)."""
    return chars.has_ability(state, cid, "destroy_spirits") or chars.has_ability(state, cid, "spirit_bane")


def raisable(state, cid, kept):
    """The Ghoul's ``raise_dead``: Enemies killed in battle (their carcasses) he may raise; a
    raised Enemy is a Follower, so one a ``follower_allowed`` hook bars is not offered."""
    b = state.battle
    if not kept or b is None or b.kind != "battle" or not chars.has_ability(state, cid, "raise_dead"):
        return []
    return [c for c in dict.fromkeys(kept) if load().cards[c].subtype != "spirit"
            and chars.follower_allowed(state, cid, c)]


def raise_dead(state, cid, card):
    """The raised Enemy becomes a Follower adding its Strength in his next battle (no trophy)."""
    ch = character(state, cid)
    state = update_character(state, cid, followers=ch.followers.append(card))
    state = chars.mark_follower(state, cid, card, "raised")
    return log(state, "dead_raised", character=cid, card=card)


def dismiss_raised(state, cids):
    """After the battle it served in, a raised Enemy is discarded."""
    for cid in cids:
        ch = character(state, cid)
        gone = [f for f in ch.followers if chars.follower_mark(state, cid, f) == "raised"]
        if not gone:
            continue
        followers = ch.followers
        for f in gone:
            followers = followers.delete(followers.index(f))
            state = chars.mark_follower(state, cid, f, None)
        state = update_character(state, cid, followers=followers)
        for f in gone:
            state = chars.discard(state, f)
        state = log(state, "followers_lost", character=cid, cards=gone, cause="raised dead dismissed")
    return state


def _charm_key(cid):
    return f"ability:{cid}/charm_animal"


def calm_options(state, cid, calm):
    """Animals and Dragons do not attack the Minstrel (``animals_will_not_attack``): he leaves
    them, attacks them, or (``charm_animal``, once per game) tries to charm one Animal."""
    options = ["leave", "attack"]
    if chars.has_ability(state, cid, "charm_animal") and not state.card_stock.get(_charm_key(cid)):
        options += [f"charm:{c}" for c in dict.fromkeys(calm) if chars.is_animal(c)
                    and chars.follower_allowed(state, cid, c)]  # charmed, it would be a Follower
    return options


def charm_tried(state, cid):
    """The charm is used once per game, whatever the roll (the attempt is "done")."""
    return replace(state, card_stock=state.card_stock.set(_charm_key(cid), "used"))


def charmed(state, cid, card, space):
    """A charmed Animal leaves the space and follows the Minstrel, adding its Strength in battle."""
    state = remove_from_space(state, space, card)
    ch = character(state, cid)
    state = update_character(state, cid, followers=ch.followers.append(card))
    state = chars.mark_follower(state, cid, card, "charmed")
    return log(state, "animal_charmed", character=cid, card=card)


def foresight(state, cid):
    """The Prophetess draws one extra Adventure card and discards one (``foresight_draw``); "You
    may not draw extra Cards while in the Dungeon" (her row of Corrections/Additions/Deletions)."""
    return (chars.has_ability(state, cid, "foresight_draw")
            and load().board.origin.get(character(state, cid).space) != "dungeon")


STEPS = {"abilities.beguile_rolled": beguile_rolled, "abilities.taken": taken}


# --- the compendium's character exceptions on a visit (exceptions.yaml) -----------------------

@functools.cache
def scroll_visit_spaces():
    """``{space: rows}`` of exceptions.yaml's ``scroll_visits`` (a space may have several rows:
    the Ghoul's and the Necromancer's Graveyard)."""
    out = {}
    for row in load().exceptions["scroll_visits"]:
        out.setdefault(row["space"], []).append(row)
    return out


def scroll_on_visit(state, cid, space):
    """"Each time you visit <space> without a Scroll, you Gain a Scroll" (the Druid at the
    Ruins; the Ghoul at the Graveyard, who then "may not Encounter the Graveyard"; the
    Necromancer there too; the Minstrel at the Tavern "If the City is not in play").  Returns
    the state and whether the visit replaces the space's encounter."""
    rows = [r for r in scroll_visit_spaces()[space] if card_of(cid) in r["characters"]]
    ch = character(state, cid)
    if not rows or ch.scrolls or ch.toad_turns or rows[0].get("unless_expansion") in state.config.expansions:
        return state, False
    state = chars.draw_scrolls(state, cid, 1, f"a visit to the {load().board.spaces[space].name}")
    return state, bool(rows[0].get("instead_of_encounter"))


# --- data-driven kinds: the compendium's other characters (abilities.yaml ``kind``) -------------

#: The kinds of ability played from their ``params`` (abilities.yaml), and where.
KINDS = {
    "weapon_bonus": "characters.weapon_value: a Weapon adds at least params[counter] (cards listed)",
    "teleport_on_roll": "movement roll options: Teleport on params.roll (params.city: into the City)",
    "cuts_weapon_on_roll": "characters_fought: a roll of params.roll discards the other's Weapon",
    "plunder_gold": "setup / turn_beginning / before_encounter / gold_paid: params.gold on params.spaces, "
                    "more for the first there; gold paid for params.left_for on params.left_on is left there",
    "evade_on_board": "combat_options: evade Enemies on params.board (but params.except subtypes)",
}

def _of_kind(state, cid, kind):
    """The parameters of each ability of ``kind`` the character has (own or lent), in order."""
    defs = load().abilities
    return [defs[a].get("params", {}) for a in _abilities_of_kind(kind) if chars.has_ability(state, cid, a)]


@functools.cache
def _abilities_of_kind(kind):
    return tuple(a for a, d in sorted(load().abilities.items()) if d.get("kind") == kind)


def teleport_region(state, cid, roll):
    """``teleport_on_roll`` (the Leprechaun: "You may Teleport whenever you roll a 4 for
    Movement.  You may not Teleport while in the Dungeon"): the region to teleport in, or None."""
    space = character(state, cid).space
    if load().board.origin.get(space) == "dungeon":
        return None
    for params in _of_kind(state, cid, "teleport_on_roll"):
        if roll == params["roll"]:
            return params.get("region", "same")
    return None


# --- abilities in combat (a base plugin: the hook points combat offers) ---------------------------

BERSERK_STRENGTH = 3


def combat_options(state, options, character):
    """The Barbarian's ``berserk``: "You may choose to go Berserk in Combat" (in a battle, once);
    ``evade_on_board`` (the Dwarf, the Dragon Slayer: "You may Evade Enemies[, except Dragons,]
    in the Dungeon")."""
    b = state.battle
    if b is None or b.get("who") != character:
        return options
    if b["kind"] == "battle" and not b.get("berserk") and chars.has_ability(state, character, "berserk"):
        options = tuple(options) + ("berserk",)
    if "evade" not in options and b["opponent"] is None and b["evadable"] and _evades_on_board(state, character):
        options = tuple(options) + ("evade",)
    return options


def _evades_on_board(state, cid):
    kinds = _of_kind(state, cid, "evade_on_board") if _abilities_of_kind("evade_on_board") else ()
    if not kinds:
        return False
    board = load().board.origin.get(character(state, cid).space)
    subtypes = {load().cards[e["card"]].subtype for e in state.battle["enemies"] if e.get("card")}
    return any(p["board"] == board and not subtypes & set(p.get("except", ())) for p in kinds)


def combat_option_chosen(state, character, action):
    """"You may add 3 to your Strength while Berserk, but you must lose your next turn to
    recover your wits": 3 more for this battle; the next turn is lost (LOSING A TURN)."""
    if action != "berserk":
        return state
    b = state.battle
    state = replace(state, battle=b.set("berserk", True).set("bonus", b["bonus"] + BERSERK_STRENGTH))
    ch = state.characters[character]
    state = update_character(state, character, lost_turn=max(1, ch.lost_turn))
    state = log(state, "ability_used", character=character, ability="berserk", strength=BERSERK_STRENGTH)
    return log(state, "turn_lost", character=character, cause="berserk")


def characters_fought(state, victor, loser, kind):
    """``cuts_weapon_on_roll`` (the Chainsaw Warrior: "If you roll a 6 in Combat with another
    Character, your Chainsword has cut their weapon in half. They must discard."): the Weapon
    the other fought with (the best of those in use) is discarded.  "Combat" is a battle: the
    compendium names Psychic Combat apart (docs/rulings.md R-CX10.5)."""
    return _cut_weapons(state, victor, loser) if kind == "battle" else state


def characters_stood_off(state, character, opponent, kind):
    """``cuts_weapon_on_roll`` in a combat that ends in a stand-off: "If you roll a 6 in Combat
    with another Character" names no victor, so the Weapon is cut whatever the result (in a
    battle only: R-CX10.5)."""
    return _cut_weapons(state, character, opponent) if kind == "battle" else state


def _cut_weapons(state, one, two):
    holders = [c for c in (one, two) if _abilities_of_kind("cuts_weapon_on_roll")
               and _of_kind(state, c, "cuts_weapon_on_roll")]
    if not holders:
        return state
    scores = next(e.data for e in reversed(state.log) if e.name == "combat_scores")
    rolls = {scores["character"]: scores["character_roll"], scores["opponent"]: scores["opponent_roll"]}
    for cid in holders:
        other = two if cid == one else one
        if not any(rolls.get(cid) == p["roll"] for p in _of_kind(state, cid, "cuts_weapon_on_roll")):
            continue
        och = character(state, other)
        weapons = [c for c in dict.fromkeys(chars.in_use(och)) if "weapon" in load().cards[c].abilities
                   and c in och.objects and chars.usable(och, load().cards[c])]
        if not weapons:
            continue
        cut = max(weapons, key=lambda c: (load().cards[c].bonus or {}).get("strength", 0))
        state = chars.remove_objects(state, other, [cut])
        state = chars.discard(state, cut)
        state = log(state, "weapon_cut", character=cid, opponent=other, card=cut)
    return state


def _plunder_spaces(state, params):
    """The spaces of a ``plunder_gold`` ability on the boards in play."""
    origin = load().board.origin
    return [s for s in params["spaces"] if origin.get(s) is None or origin[s] in state.config.expansions]


def _plunderers(state):
    return [(c, p) for c in state.order for p in _of_kind(state, c, "plunder_gold")] \
        if _abilities_of_kind("plunder_gold") else []


def setup(state):
    """``plunder_gold`` (the Pirate: "Place 1 Gold on the each of the Doctor, Royal Castle Bank and
    the Castle"): the gold is put on those spaces of the boards in play when the game is set up."""
    for cid, params in _plunderers(state):
        state = _place_plunder(state, cid, params)
    return state


def _placed_key(cid):
    return f"plunder_placed:{cid}"


def _place_plunder(state, cid, params):
    state = replace(state, card_stock=state.card_stock.set(_placed_key(cid), 1))
    for space in _plunder_spaces(state, params):
        gold = state.board_gold.get(space, 0) + params["gold"]
        state = replace(state, board_gold=state.board_gold.set(space, gold))
        state = log(state, "gold_placed", character=cid, space=space, gold=params["gold"])
    return state


def turn_beginning(state, character):
    """``plunder_gold`` at a turn's beginning: the gold paid on a ``left_on`` space in the turn
    before is put on it (``gold_paid``); and for a Pirate who joins the game later (LOSING ALL
    LIVES, the option ``new_character``) his Gold is placed as his first turn begins, the spaces
    counting as not reached yet, so he may reach them first (ruling C10)."""
    if not _abilities_of_kind("plunder_gold"):
        return state
    for key in sorted(k for k in state.card_stock if k.startswith(_left_key(""))):
        space, gold = key[len(_left_key("")):], state.card_stock[key]
        state = replace(state, card_stock=state.card_stock.discard(key),
                        board_gold=state.board_gold.set(space, state.board_gold.get(space, 0) + gold))
        state = log(state, "gold_left", space=space, gold=gold)
    if state.card_stock.get(_placed_key(character)):
        return state
    for params in _of_kind(state, character, "plunder_gold"):
        stock = state.card_stock
        for space in _plunder_spaces(state, params):
            stock = stock.discard(_reached_key(space))
        state = _place_plunder(replace(state, card_stock=stock), character, params)
    return state


def gold_paid(state, character, amount, cause):
    """``plunder_gold`` with ``left_on`` (the Pirate: "During play anyone who pays the Doctor must
    leave the Gold on that space for you to Plunder"): gold paid for ``left_for`` (healing) on such
    a space, while a Pirate plays, is left on it instead of going to the bank, put there as the
    next turn begins (the payer does not take back what he paid; ruling C11)."""
    if amount <= 0 or not _abilities_of_kind("plunder_gold"):
        return state
    space = state.characters[character].space
    if not any(space in p.get("left_on", ()) and cause == p.get("left_for") and space in _plunder_spaces(state, p)
               for _, p in _plunderers(state)):
        return state
    key = _left_key(space)
    state = replace(state, card_stock=state.card_stock.set(key, state.card_stock.get(key, 0) + amount))
    return log(state, "gold_to_leave", character=character, space=space, gold=amount)


def _left_key(space):
    return f"plunder_left:{space}"


def _reached_key(space):
    return f"plunder:{space}"


def before_encounter(state, result, character, space):
    """"Anyone landing on them may take the Gold but if you reach them first, you may also take a
    second Gold": the first to end a move there marks the space reached; the Pirate first there
    gains one more Gold (from the bank).  The encounter is never replaced here."""
    plunderers = _plunderers(result[0])
    if not plunderers:
        return result
    state, replaced = result
    if state.card_stock.get(_reached_key(space)):
        return result
    if not any(space in _plunder_spaces(state, p) for _, p in plunderers):
        return result
    state = replace(state, card_stock=state.card_stock.set(_reached_key(space), character))
    for cid, params in plunderers:
        if cid == character and space in _plunder_spaces(state, params):
            state = chars.gain(state, cid, "gold", params["gold"], "plundered, the first there")
    return state, replaced


def crosses_city_walls(state, cid):
    """``teleport_on_roll`` with ``city``: the Leprechaun's "You may Teleport into and out of any
    Space in the City if you are in the Outer Region" (docs/rulings.md R-CY11.6, R-RH14.2)."""
    return bool(_abilities_of_kind("teleport_on_roll")) and \
        any(p.get("city") for p in _of_kind(state, cid, "teleport_on_roll"))


def teleport_destinations(state, found, character, region):
    """``teleport_on_roll`` with ``city`` (the Leprechaun: "You may Teleport into and out of any
    Space in the City if you are in the Outer Region"): with the City in play, a teleport in the
    Outer Region (the City counts as it) may end on any City space too."""
    if "city" not in state.config.expansions or region != "same" or not crosses_city_walls(state, character):
        return found
    board = load().board
    here = board.spaces[state.characters[character].space].region
    if board.part_of.get(here, here) != "outer":
        return found
    city = [s for s in sorted(board.spaces) if board.origin.get(s) == "city" and s not in found]
    return tuple(found) + tuple(city)


#: The base plugin of the characters' abilities that join the rules at hook points.
PLUGIN = Plugin("abilities", always=True, hooks={"combat_options": combat_options,
                                                 "combat_option_chosen": combat_option_chosen,
                                                 "characters_fought": characters_fought,
                                                 "characters_stood_off": characters_stood_off,
                                                 "teleport_destinations": teleport_destinations})


def plunder_wanted(config) -> bool:
    """Whether ``plunder_gold`` (the Pirate's) can play in a game of ``config``: one of its
    characters has such an ability on his card, or a character may come to have one: a card
    gives one, a character joins later (LOSING ALL LIVES, the option ``new_character``), or a
    plugin of the game lends abilities (``ability_lent``: the Henchmen, the Master Levels, an
    expansion).  (A test of the data and the configuration, asked once a game.)"""
    kinds = set(_abilities_of_kind("plunder_gold"))
    defs = load()
    return bool(kinds) and (
        any(kinds & set(defs.characters[c].abilities) for c in config.characters)
        or _on_cards("plunder_gold")
        or bool(config.options.get("new_character"))
        or listens(config, "ability_lent"))


@functools.cache
def _on_cards(kind):
    """Whether some card gives an ability of ``kind`` (a pure function of the loaded data)."""
    kinds = set(_abilities_of_kind(kind))
    return any(kinds & set(c.abilities) for c in load().cards.values())


#: The Pirate's plunder (``plunder_gold``), subscribed only in the games where a character may
#: have it (:func:`plunder_wanted`): its hooks look for a plunderer at every turn's beginning,
#: every encounter and every payment of gold.  Registered right after :data:`PLUGIN` (the order
#: its hooks ran in when they were part of it).
PLUNDER_PLUGIN = Plugin("plunder", always=True, wanted=plunder_wanted, hooks={
    "setup": setup, "before_encounter": before_encounter, "turn_beginning": turn_beginning,
    "gold_paid": gold_paid})
