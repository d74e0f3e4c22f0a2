"""TALISMAN AIRSHIPS (000, compendium lines 1301-1362): claiming, flying, fighting, falling.

An Airship is met as a card (a stand-in Place that stays); a party that fits its complement may
claim it (Embarking); aboard, the character flies instead of rolling (Movement), adds the Airship's
die in combat (AIRSHIP COMBAT), may fire on another Airship, and falls when his own is destroyed
(the Fall Chart).  The tables are data (:mod:`.data`); the rulings are in docs/rulings.md
(A1-A17, R-AS9) and docs/airships.md.
"""
from __future__ import annotations

import itertools

from ...definitions import load
from ...engine.machine import decide, frame, log, push, push_under, request_roll
from ...engine.records import deep_freeze, replace
from ...engine.ruleset import declare, no_results
from ...rules import characters as chars
from ...rules.hooks import run_hook
from ...rules.combat import RESULT_STEP
from ...rules.kernel import remove_from_space, set_turn_flag
from ...rules.movement import crossed_river
from ...state import update_character
from . import data, store

#: The Regions an Airship flies over ("the Outer Region to the Middle Region and the Far Outer
#: Region"; the engine has no Far Outer Region).  Not the Inner Region nor the Crown.
SKIES = ("outer", "middle")


# --- the party ------------------------------------------------------------------------------------

def has_hands(follower):
    """Whether a Follower counts toward the complement: "Followers that do not have hands (The
    Unicorn and other Animals) do not count".  Without hands: every Animal (its card's subtype
    ``animal``: the Unicorn, the Mules, the Dog, an Animal Enemy tamed, charmed or raised;
    docs/rulings.md R-AS9B.1, R-TS11.1), and the cards the data's ``no_hands`` names (a handless
    Follower that is no Animal: none yet).  A Henchman (no card) has hands."""
    if follower in data.listed("no_hands"):
        return False
    return not chars.is_animal(follower)


def crew(state, cid):
    """The Followers that count toward the complement: those with hands, and Henchmen ("The
    Unicorn and other Animals do not count")."""
    return [f for f in state.characters[cid].followers if has_hands(f)]


def party_size(state, cid):
    """"Character + Followers + Henchmen" as the complement counts them."""
    return 1 + len(crew(state, cid)) + len(chars.other_followers(state, cid))


def ship_die(card):
    """The Airship's Strength: a die (``d8``...) or a fixed number (the Falcon's 1)."""
    return data.card_class(card)["strength"]


# --- Embarking --------------------------------------------------------------------------------------

def found(state, params, actor, source):
    """The ``airship_found`` effect (an Airship card met): "If you Encounter an unguarded Airship
    you may claim it immediately if your party fulfills the Compliment amount needed ... If you
    have less you may not claim the Airship. If you have more you must leave behind any Followers
    that would put your total over the Compliment total."  Unguarded: the space's Enemies are met
    first (All Other Spaces), so an Airship is only met once they are beaten (docs/rulings.md A2).\""""
    card, space = source["card"], source["space"]
    cls = data.card_class(card)
    if store.ship_of(state, actor) is not None:
        return log(state, "airship_not_claimed", character=actor, card=card, reason="already aboard an Airship")
    left = store.get(state, "left").get(card)
    if left is not None and list(left) == [actor, state.round] and state.current == actor:
        return log(state, "airship_not_claimed", character=actor, card=card,
                   reason="disembarked from this turn")
    low, high = cls["complement"]
    size = party_size(state, actor)
    if size < low:
        return log(state, "airship_not_claimed", character=actor, card=card,
                   reason=f"a party of {size}, the {cls['name']} needs {low}-{high}")
    return decide(state, actor, "airship", claim_options(state, actor, high) + ["pass"],
                  "airships.claim_chosen", prompt=f"claim the {cls['name']} Class Airship",
                  card=card, space=space, character=actor)


def claim_options(state, cid, most):
    """``claim`` when the party fits; else ``claim:<f>:...``: each way of leaving behind just
    enough Followers (with hands) to fit, a Henchman among them (``henchman:<id>``: "Henchmen
    are considered Followers for any pertaining rules", docs/rulings.md R-TS11.3).  None when
    leaving them all is not enough."""
    over = party_size(state, cid) - most
    if over <= 0:
        return ["claim"]
    hands = crew(state, cid) + list(chars.other_followers(state, cid))
    if over > len(hands):
        return []
    ways = sorted({tuple(sorted(hands[i] for i in idx))
                   for idx in itertools.combinations(range(len(hands)), over)})
    return ["claim:" + ":".join(w) for w in ways]


def left_behind(args):
    """The Followers a ``claim:<f>:...`` leaves behind: the cards, and the Henchmen
    (``henchman:<id>``, two arguments of the action)."""
    cards, henchmen_left, rest = [], [], list(args)
    while rest:
        a = rest.pop(0)
        if a == "henchman" and rest:
            henchmen_left.append(f"henchman:{rest.pop(0)}")
        else:
            cards.append(a)
    return cards, henchmen_left


def claim_chosen(state, action, card, space, character):
    cid = character
    if action.kind == "pass":
        return log(state, "airship_left", character=cid, card=card, space=space)
    ch = state.characters[cid]
    followers = list(ch.followers)
    left, gone = left_behind(action.args)
    for f in left:
        followers.remove(f)
    for h in gone:  # a Henchman is no card to lie on the space: left behind, he leaves the game
        state = run_hook(state, "other_follower_lost", character=cid, follower=h,
                         cause="left behind, over the Complement")
    # "You may not take a Horse and Cart aboard an Airship"
    carts = [o for o in ch.objects if o in data.listed("no_boarding")]
    state = chars.remove_objects(update_character(state, cid, followers=followers), cid, carts)
    if left or carts:
        state = chars.put_on_space(state, space, left + carts)
        state = log(state, "left_behind", character=cid, cards=left + carts, space=space)
    state = remove_from_space(state, space, card)
    state = store.set_ship(state, cid, card)
    left_map = store.get(state, "left")
    state = store.put(state, left=left_map.discard(card))
    cls = data.card_class(card)
    return log(state, "airship_claimed", character=cid, card=card, space=space, ship=cls["id"],
               damage=store.get(state, "damage").get(card, 0))


def follower_allowed(state, allowed, character, card):
    """``follower_allowed``: "Complement is how many people maximum (Character plus Followers
    and/or Henchmen) may board the vessel": aboard, a Follower with hands that would put the
    party over its class's most may not join; it stays on the space (docs/rulings.md R-AS9.1).
    A Follower without hands never counts.  Asked too for an Enemy the Ghoul would raise
    (R-AS9B.1)."""
    card_id = store.ship_of(state, character)
    if not allowed or card_id is None or not has_hands(card):
        return allowed
    return party_size(state, character) + 1 <= data.card_class(card_id)["complement"][1]


# --- Disembarking and Movement ---------------------------------------------------------------------

def flights(state, cid, card):
    """The spaces the Airship may fly to this turn: up to its Movement in steps from space to
    neighbouring space, or across the Storm River to the space opposite, over the Outer and
    Middle Regions only ("the air over the Inner Region and the Crown of Command Space is too
    thin")."""
    board = load().board
    here = state.characters[cid].space
    if board.spaces[here].region not in SKIES:
        return []
    reach = {here: 0}
    edge = [here]
    for step in range(1, data.card_class(card)["movement"] + 1):
        nxt = []
        for s in edge:
            sp = board.spaces[s]
            for t in tuple(sp.neighbours) + tuple(sp.opposite):
                if t not in reach and t in board.spaces and board.spaces[t].region in SKIES:
                    reach[t] = step
                    nxt.append(t)
        edge = nxt
    return sorted(s for s in reach if s != here)


def before_movement(state, result, character):
    """``before_movement``: aboard, "You do not need to roll a die for movement": fly up to the
    Airship's Movement, or disembark ("You may choose to disembark any Airship at any time during
    your turn") and move as usual (the movement replaced by the choice)."""
    state, replaced = result
    card = store.ship_of(state, character)
    ch = state.characters[character]
    if card is None or replaced or ch.flag("moved"):
        return result
    if ch.next_move is not None:
        # an earlier encounter fixed this move (the Temple's "stay until you roll 4-6 for
        # move"): the base rules make it; no flight instead (soak seed 4684, ruling A17)
        return result
    options = [f"fly:{s}" for s in flights(state, character, card)] + ["disembark"]
    return decide(state, character, "airship_move", options, "airships.move_chosen",
                  prompt=f"fly the {data.card_class(card)['name']} Class Airship, or disembark"), True


def move_chosen(state, action):
    cid = state.current
    if action.kind == "disembark":
        state = disembark(state, cid)
        return push(state, frame("movement.start"))
    state = flown(state, cid, action.args[0])
    # "You may choose to disembark any Airship at any time during your turn": after the
    # flight, before the encounter (docs/rulings.md R-AS9.2)
    return push(state, frame("airships.aboard_offered", cid=cid, when="landed"))


def flown(state, cid, dest):
    """The flight to ``dest`` (a move: the turn's encounter follows)."""
    board = load().board
    here = state.characters[cid].space
    state = update_character(state, cid, space=dest, hold=None)
    state = set_turn_flag(state, cid, "moved")
    state = log(state, "moved", character=cid, path=[dest], to=dest)
    state = log(state, "airship_flew", character=cid, card=store.ship_of(state, cid), to=dest, **{"from": here})
    if board.spaces[here].region != board.spaces[dest].region:
        state = crossed_river(state, cid)  # "They fly over the Storm River"
    return state


@declare(reaction=True)
def aboard_offered(state, cid, when):
    """Rule step: "You may choose to disembark any Airship at any time during your turn" (000
    Disembarking): besides the turn's movement, the character aboard is asked once he has flown
    (``when``: ``landed``, before the encounter), after a combat won when the Complement bars a
    Follower lying on the space (``encounter``) and at the end of his turn (``turn_end``):
    ``stay`` or ``disembark`` (docs/rulings.md R-AS9.2)."""
    ch = state.characters.get(cid)
    if ch is None or not ch.alive or state.outcome is not None or store.ship_of(state, cid) is None:
        return state
    cls = data.card_class(store.ship_of(state, cid))
    where = {"landed": "before the encounter", "encounter": "before claiming the space's cards"}.get(
        when, "at the end of the turn")
    return decide(state, cid, "airship_aboard", ["stay", "disembark"], "airships.aboard_chosen",
                  prompt=f"stay aboard the {cls['name']} Class Airship or disembark ({where})",
                  character=cid)


@declare(changes_results=no_results, roll_blind=True, reads_no_roll=True,
         reads_no_fate=True)  # (a choice after a win: no result changed)
def combat_resolved(state, character, result):
    """``combat_resolved``: "You may choose to disembark any Airship at any time during your
    turn", inside the encounter too: once a combat of his own turn is won aboard (the Airship
    die counted), before the space's cards are claimed, when a Follower lying there is one the
    Complement keeps off (``follower_allowed``): disembarked, he may take it (docs/rulings.md
    R-AS9B.2).  Elsewhere this point changes nothing the others do not.  The question comes
    after every other answer to the result (its frame is put under theirs, just above the step
    that applies the result, whatever the order of the expansions): one of them may still turn
    it (the Harbinger's Flail of Blood: a second die; R-AS10.3), so the result is read there."""
    b = state.battle
    if (character != state.current or b is None or b.opponent is not None
            or store.ship_of(state, character) is None):
        return state
    at = max((i for i, f in enumerate(state.stack) if f.step == RESULT_STEP), default=None)
    won = frame("airships.won_aboard", cid=character)
    return push(state, won) if at is None else push_under(state, at + 1, won)


@declare(reaction=True)
def won_aboard(state, cid):
    """Rule step: the combat's result as the other answers left it: a win aboard with a
    Follower on the space the Complement keeps off asks ``stay`` / ``disembark`` (R-AS9B.2)."""
    b = state.battle
    if b is None or b.result != "won" or state.current != cid or not barred_here(state, cid):
        return state
    return aboard_offered(state, cid, "encounter")


def cards_drawn(state, character, space, cards):
    """``cards_drawn``: the same point when the encounter's draw brings a Follower the Complement
    keeps off and no Enemy to fight first: before the cards are met and claimed (R-AS9B.2)."""
    if (character != state.current or not barred_here(state, character)
            or any(load().cards[c].type == "enemy" for c in state.board_cards.get(space, ()))):
        return state
    return push(state, frame("airships.aboard_offered", cid=character, when="encounter"))


def barred_here(state, cid):
    """Whether ``cid`` is aboard and a Follower lying on his space is one the Complement keeps
    off (``follower_allowed``): the encounter's point where disembarking changes the claim."""
    if store.ship_of(state, cid) is None:
        return False
    here = state.characters[cid].space
    return any(load().cards[c].type == "follower" and not follower_allowed(state, True, cid, c)
               for c in state.board_cards.get(here, ()))


@declare(reaction=True)
def aboard_chosen(state, action, character):
    if action.kind != "disembark":
        return state
    return disembark(state, character)


def disembark(state, cid):
    """"Simply state you and your party are disembarking. Once stated you may not reclaim the
    same Airship unless you Encounter it on another Turn": the Airship card lies on the space."""
    card = store.ship_of(state, cid)
    space = state.characters[cid].space
    state = store.set_ship(state, cid, None)
    state = chars.put_on_space(state, space, [card])
    state = store.put(state, left=store.get(state, "left").set(card, deep_freeze([cid, state.round])))
    return log(state, "airship_disembarked", character=cid, card=card, space=space)


def before_forced_move(state, character, space, cause):
    """``before_forced_move``: an effect moves the party straight to ``space``; its Airship goes
    with it over the Outer and Middle Regions, and stays behind on the space it leaves for any
    other Region ("Airships simply will not go that high"; docs/rulings.md A14)."""
    card = store.ship_of(state, character)
    if card is None or load().board.spaces[space].region in SKIES:
        return state
    state = disembark(state, character)
    return log(state, "airship_left_behind", character=character, card=card, to=space, cause=cause)


def going_underground(state, character, space):
    """``going_underground``: the party goes beneath the board (no Region: "Airships simply will
    not go that high"); its Airship stays behind on the space it leaves, as for a move by an effect
    out of the Airship's Regions (docs/rulings.md A14, R-FIX25.1)."""
    return before_forced_move(state, character, space, "underground")


# --- AIRSHIP COMBAT -----------------------------------------------------------------------------------

def applies(state, character):
    """Whether the Airship's Strength joins ``character``'s side of the combat in progress:
    Combat with Enemies (a battle: "When in Combat with any Enemy"), or a fight he started with
    another Character, Combat or Psychic Combat ("If you Encounter another Character and you
    choose to engage them")."""
    b = state.battle
    if b is None or b.who != character or store.ship_of(state, character) is None:
        return False
    if b.opponent is not None:
        return True
    return b.kind == "battle" and bool(b.enemies)


def combat_options(state, options, character):
    """``combat_options``: against Enemies the Airship die is rolled with the combat die (``fight``
    becomes ``airship:fight``); against a Character it may be (``airship:fight`` beside ``fight``)."""
    if not applies(state, character) or state.battle.get("airship_roll") is not None:
        return options
    if isinstance(ship_die(store.ship_of(state, character)), int):
        return options  # the Falcon: its 1 is added, no die
    out = list(options)
    if state.battle.opponent is None and "fight" in out:
        out[out.index("fight")] = "airship:fight"
    elif "fight" in out:
        out.insert(out.index("fight") + 1, "airship:fight")
    return tuple(out)


def combat_option_chosen(state, character, action):
    if action != "airship:fight":
        return state
    return push(state, frame("airships.combat_die", character=character))


def combat_die(state, character):
    """Rule step: "roll the appropriate die Airship Die along with 1D6" (the combat die follows)."""
    die = ship_die(store.ship_of(state, character))
    return request_roll(state, die, f"the Airship die of {character}", "airships.combat_die_rolled",
                        character=character)


def combat_die_rolled(state, action, character):
    roll = sum(action.dice)
    state = replace(state, battle=state.battle.set("airship_roll", roll))
    return log(state, "airship_die_rolled", character=character, roll=roll)


def dice_along(state, dice, character):
    """``combat_dice_along``: the Airship die, once rolled, is a die of the character's combat
    roll ("roll the appropriate die Airship Die along with 1D6. Add the results together"): nothing
    comes between it and his combat die, and a Fate re-roll may choose it (rulings R-FIX27.1,
    R-FIX27.2; the Falcon's 1 is no die)."""
    roll = state.battle.get("airship_roll")
    if roll is None or not applies(state, character):
        return dice
    return tuple(dice) + ((ship_die(store.ship_of(state, character)), roll),)


def die_along_rerolled(state, character, at, roll):
    """``combat_die_along_rerolled``: the Airship die rolled again for a fate; the new number stands."""
    if not applies(state, character):
        return state
    state = replace(state, battle=state.battle.set("airship_roll", roll))
    return log(state, "airship_die_rolled", character=character, roll=roll)


def stunned_copies(state, character, card):
    """How many copies of ``card`` (a Follower card, or ``henchman:<id>``) the Fall Chart has
    stunned among those ``character`` holds."""
    return len(store.get(state, "stunned").get(character, {}).get(card, ()))


def object_usable(state, usable, character, card, copy=0):
    """``object_usable``: a stunned Follower gives no benefit ("7 Stunned, Follower remains with
    you but you may not gain any benefits from this Follower for 3 Turns", the Fall Chart): its
    Strength and Craft, in combat or not, the abilities it lends and its data go unused while it
    stays with its character (docs/rulings.md R-PROBE15A.1); a stunned Henchman
    (``henchman:<id>``, asked by the Henchmen) lends no ability and fights in stead of no one.
    The mark is by copy: of a Follower card held twice with one copy stunned, the other still
    gives its benefits (the first ``n`` copies held stand for the ``n`` stunned; R-FIX15D.2)."""
    if not usable:
        return usable
    return copy >= stunned_copies(state, character, card)


def carry_limit(state, limit, character):
    """``carry_limit``: a stunned Mule (an Article, its card's ``carry``) carries nothing: what it
    carries is a benefit the Fall Chart's 7 takes away (docs/rulings.md R-FIX15D.1)."""
    mine = store.get(state, "stunned").get(character)
    if not mine:
        return limit
    held = list(state.characters[character].followers)
    for f, turns in mine.items():
        c = load().cards.get(f)
        if c is not None and c.carry:
            limit -= c.carry * min(len(turns), held.count(f))
    return limit


def character_score(state, score, character, kind):
    """``character_score``: the Airship's Strength (its die rolled, the Falcon's 1) added; a
    stunned Follower's Strength or Craft taken off ("you may not gain any benefits from this
    Follower"): an Enemy kept as a Follower (an Animal tamed, the Ghoul's raised dead) here,
    which the ``object_usable`` hook is not asked of; a Follower card is already left out by
    :func:`object_usable`."""
    stunned = store.get(state, "stunned").get(character)
    if stunned:
        ch = state.characters[character]
        context = "battle" if kind == "battle" else "psychic"
        which = "strength" if kind == "battle" else "craft"
        rest = list(ch.followers)
        for f, turns in stunned.items():
            if f in load().cards and load().cards[f].type == "enemy":
                for _ in range(min(len(turns), rest.count(f))):
                    rest.remove(f)
        without = replace(ch, followers=rest)
        score -= chars.bonus_of(state, ch, which, context) - chars.bonus_of(state, without, which, context)
    if not applies(state, character):
        return score
    die = ship_die(store.ship_of(state, character))
    if isinstance(die, int):
        return score + die
    roll = state.battle.get("airship_roll")
    return score + (roll or 0)


# --- Combat with Another Airship -----------------------------------------------------------------

def character_options(state, options, character, other):
    """``character_options``: "If you Encounter another Airship and wish to engage in Combat"
    (both aboard): ``airship:attack``."""
    if store.ship_of(state, character) is None or store.ship_of(state, other) is None:
        return options
    return tuple(options) + ("airship:attack",)


def character_option_chosen(state, character, other, action):
    """"simply roll the Appropriate Airship die. Do not roll a Combat die. The result is how much
    damage you give to the other Airship. In the case of a Falcon Class, do not roll at all. You
    do 1 point of damage to the other Airship.\""""
    if action != "airship:attack":
        return state
    die = ship_die(store.ship_of(state, character))
    state = log(state, "airship_attack", character=character, target=other)
    if isinstance(die, int):
        return damage(state, other, die, character)
    return VOLLEY.roll(state, f"the Airship die of {character} against {other}'s Airship",
                       character=character, target=other, die=die)


def volley_kept(state, dice, character, target, die):
    return damage(state, target, sum(dice), character)


#: The attacker's Airship die against another Airship.  FATE (Revised 4th Edition, option
#: ``fate``): "reroll one die he has just rolled for ... (2) his attack roll"; here the Airship die
#: is the whole attack ("simply roll the Appropriate Airship die. Do not roll a Combat die. The
#: result is how much damage you give"), rolled by the attacker for his own attempt: he may pay one
#: fate, once, to roll it again (docs/rulings.md R-PROBE18A.1, the test of R-RULER19.1).
VOLLEY = chars.OwnRoll("airships.volley_rolled", "airships.volley_fate", lambda die, **_: die, volley_kept,
                       offer="rolled {total} on the Airship die against {target}'s Airship",
                       again="the Airship die of {cid} against {target}'s Airship, re-rolled",
                       cause="the Airship die against another Airship", roller="character")


def damage(state, target, amount, by):
    """The Airship of ``target`` takes ``amount`` damage: "When an Airship has taken its maximum
    amount of damage it is destroyed.\""""
    card = store.ship_of(state, target)
    if card is None:
        return state
    taken = store.get(state, "damage").get(card, 0) + amount
    hp = data.card_class(card)["hit_points"]
    state = store.put(state, damage=store.get(state, "damage").set(card, taken))
    state = log(state, "airship_damaged", character=target, card=card, damage=amount, total=taken,
                hit_points=hp, by=by)
    if taken >= hp:
        return destroyed(state, target)
    return state


def destroyed(state, cid):
    """"If you and your party are aboard you have no place to go but down! Animal Objects are
    killed, discard. The only exception to this rule is for Flying Followers. Roll 1D8 for each
    Follower and consult the Fall Chart.\""""
    card = store.ship_of(state, cid)
    state = store.set_ship(state, cid, None)
    state = store.put(state, damage=store.get(state, "damage").discard(card))
    state = chars.discard(state, card)
    state = log(state, "airship_destroyed", character=cid, card=card)
    ch = state.characters[cid]
    # an Animal Object: an Object whose card is an Animal (its subtype ``animal``, the one mark:
    # none in the sets played; docs/rulings.md R-FB13.3)
    animals = [o for o in ch.objects if chars.is_animal(o)]
    if animals:
        state = chars.remove_objects(state, cid, animals)
        for o in animals:
            state = chars.discard(state, o)
        state = log(state, "animal_objects_killed", character=cid, cards=animals)
    flying = data.listed("flying")
    safe = [f for f in ch.followers if f in flying]
    if safe:
        state = log(state, "flying_followers_safe", character=cid, cards=safe)
    falling = [f for f in chars.all_followers(state, cid) if f not in flying]
    return fall_next(state, cid, falling)


def fall_next(state, cid, falling):
    if not falling:
        # a Mule stunned carries nothing: what it carried over the limit is left on the space
        # (LIMIT TO NUMBER OF OBJECTS; docs/rulings.md R-FIX15D.1)
        return push(state, frame("characters.keep_within_limit", who=cid))
    return FALL.roll(state, f"the fall of {falling[0]}", character=cid, falling=list(falling))


def fall_kept(state, dice, character, falling):
    """The Fall Chart for one Follower: killed (discard), injured (left on this space), stunned
    (no benefits for 3 Turns), safe."""
    roll = sum(dice)
    row = data.fall_row(roll)
    follower, rest = falling[0], list(falling[1:])
    ch = state.characters[character]
    state = log(state, "follower_fell", character=character, follower=follower, roll=roll,
                result=row["result"])
    henchman = follower.startswith("henchman:")
    if row["result"] in ("killed", "injured"):
        cause = "killed in the fall" if row["result"] == "killed" else "injured in the fall, left behind"
        if henchman:
            state = run_hook(state, "other_follower_lost", character=character, follower=follower,
                             cause=cause)
        elif follower in ch.followers:
            followers = list(ch.followers)
            followers.remove(follower)
            state = update_character(state, character, followers=followers)
            if row["result"] == "killed":
                state = chars.discard(state, follower)
            else:
                state = chars.put_on_space(state, ch.space, [follower])
    elif row["result"] == "stunned":
        stunned = store.get(state, "stunned")
        mine = {f: list(t) for f, t in stunned.get(character, {}).items()}
        mine[follower] = mine.get(follower, []) + [row["turns"]]
        state = store.put(state, stunned=stunned.set(character, deep_freeze(mine)))
    return fall_next(state, character, rest)


#: "If you and your party are aboard you have no place to go but down! ... Roll 1D8 for each
#: Follower and consult the Fall Chart": the character whose party falls rolls each D8, its result
#: his own lot.  FATE (option ``fate``): "reroll one die he has just rolled for ... (3) a roll
#: ordered by a card or board space", a module's rule here, as R-RULER19.1 reads it: he may pay
#: one fate to roll a Follower's D8 again, once a die (docs/rulings.md R-PROBE18A.2).
FALL = chars.OwnRoll("airships.fall_rolled", "airships.fall_fate", "d8", fall_kept,
                     offer="rolled {total} on the Fall Chart for {falling[0]}",
                     again="the fall of {falling[0]}, re-rolled", cause="the Fall Chart",
                     roller="character")


# --- turns and deaths ------------------------------------------------------------------------------

def turn_ended(state, character):
    """A stunned Follower's 3 Turns count down at the end of each of its character's turns; the
    character still aboard may disembark before play passes on (R-AS9.2: a party left aboard
    falls if another's Airship destroys this one before his next turn)."""
    if store.ship_of(state, character) is not None:
        state = push(state, frame("airships.aboard_offered", cid=character, when="turn_end"))
    mine = store.get(state, "stunned").get(character)
    if not mine:
        return state
    left = {f: [n - 1 for n in turns if n > 1] for f, turns in mine.items()}
    left = {f: turns for f, turns in left.items() if turns}
    recovered = sorted(f for f, turns in mine.items() for n in turns if n <= 1)
    stunned = store.get(state, "stunned")
    state = store.put(state, stunned=stunned.set(character, deep_freeze(left)) if left else stunned.discard(character))
    if recovered:
        state = log(state, "follower_recovered", character=character, cards=recovered)
    return state


def character_died(state, character):
    """The dead are aboard nothing: the Airship lies on the space where he died."""
    card = store.ship_of(state, character)
    stunned = store.get(state, "stunned")
    if character in stunned:
        state = store.put(state, stunned=stunned.discard(character))
    if card is None:
        return state
    state = store.set_ship(state, character, None)
    return chars.put_on_space(state, state.characters[character].space, [card])
