"""Held cards that answer the newer hook points (``data:`` fields, docs/blood_moon.md):

``spare_lives: N``
    the ``lives_losing`` hook: a held Magic Object holding N spare lives, lost instead of the
    holder's own (the Self-Portrait: 4).  How many are gone is kept per card in
    ``ext.blood_moon.spare_lives_lost``; the last one gone, the card is discarded
    (card-data.md 1.3: "discarded when empty") and its count forgotten, as it is when the card
    is drawn again.  The spare lives are always taken first (a life kept can only help).
``spoils: [counter, ...]``
    the ``spoils_options`` / ``spoils_option_chosen`` hooks: a victor holding the card may take
    one of these counters from the character he beat instead of the usual spoils
    (``spoils:syphon:strength``; the Syphoning Sceptre: Strength or Craft).  The loser loses
    it by the base rules of LOSING STRENGTH / CRAFT (at 0: a life, the quota restored).
``no_gain: [counter, ...]``
    the ``counter_gain`` hook: the holder gains none of these (the Black Cat: fate);
``on_gain: {lose_all: [counter, ...]}``
    the ``possession_gained`` hook: as the card joins, the holder loses all of these (the
    Black Cat: all fate);
``leaves_on_roll: N``
    the ``movement_rolled``, ``combat_resolved`` and ``prayer_rolled`` hooks: a die of N the
    holder rolls in his own turn (movement, attack, prayer) lets him discard the Follower
    (``let_go:<card>`` / ``keep``; the Black Cat: a 1);
``sole_object: true``
    the ``possession_gained`` and ``type_limit`` hooks: as the card joins, every other Object
    the holder carries that is not Cursed is left on his space, and while he holds it he may
    take no other Object (the Living Doll; the City's Alchemist, who takes it for a gold, is
    the base City's "sell Objects to the Alchemist": a Cursed Object may be sold);
``turn_start: {time, effects}``
    a held card's effects as its holder's turn starts (a job, :mod:`.jobs`), by ``time`` (the
    Champion of Light at Night / the Disciple of Darkness by Day: sent away to turn the Time
    card -- "at any time" is offered at the start of the holder's turn, the base game's moment
    for "any time" Spells out of combat);
``after_visit: {spaces, effects}``
    the ``before_encounter`` hook: having moved onto one of ``spaces``, once its encounter is
    over (a frame under the encounter's own, as the Grave Robber's search), the holder runs the
    effects (the Lost Soul after the Chapel or the Graveyard: let go for a reward, or kept);
``swap_drawn: true``
    the ``cards_drawn`` hook: after a space's draw of Adventure cards, the holder may swap one
    of them for the next card of its deck (``swap:<card>`` / ``keep``); having swapped, the
    Follower leaves (the Keeper of the Vigil: "once");
``joins_for: trophy``
    the ``follower_allowed`` and ``possession_gained`` hooks: the Follower joins only a
    character with a trophy, who then discards one of his choice (``pay:<trophy>``; the Bride);
``not_for: lycanthrope``
    the ``follower_allowed`` hook: the Follower never joins a lycanthrope, whatever the way he
    is taken, and leaves a holder who becomes one (:func:`.lycanthropy.lycanthrope_drawn`,
    R-FA12.1) (the Wolf Slayer; an alignment restriction is the card's ``alignment``, played by
    the base rules for every Follower: R-CD11-1);
``abilities_at: {day|night: [ability, ...]}``
    the ``ability_lent`` hook: while the Time card shows that side, the holder has these
    abilities of the base game as his own (the Disciple of Darkness at Night:
    ``keeps_one_spell``, the Wizard's "always keeps at least one Spell", ruling R-BM19);
``trick_on_character: true``
    the ``character_options`` / ``character_option_chosen`` hooks: landing on a character who
    carries an Object, the holder may, instead of attacking, take an Object of his choice from
    him (``trick:<card>``, then ``take:<object>``) and give him this card (Tricks and Treats;
    a card the receiver cannot carry is left on the space).
"""
from __future__ import annotations

import functools

from ...definitions import load
from ...rules import characters as chars
from ...state import update_character
from ...engine.machine import frame, log, push
from . import store
from .modifiers import held_cards
from ...engine.machine import decide
from ...rules import effects
from ...rules.effects import add_possession
from . import characters
from . import jobs
from . import lycanthropy
from ...engine.ruleset import declare

SYPHON = "syphon"


def _cards_with(state, cid, field):
    return [c for c in held_cards(state, cid) if field in store.card_data(c)]


# --- abilities lent by the time of day (the Disciple of Darkness) --------------------------------

@functools.cache
def _timed_abilities():
    """Every ability some card lends by the time of day (a pure function of the loaded data)."""
    return frozenset(a for c in load().cards.values()
                     for names in ((c.data or {}).get("abilities_at") or {}).values() for a in names)


def ability_lent(state, lent, character, ability):
    """``ability_lent``: a held card's ``abilities_at`` for the side of the Time card showing."""
    if lent or ability not in _timed_abilities() or not store.enabled(state):
        return lent
    side = store.time(state)
    return any(ability in (store.card_data(c).get("abilities_at") or {}).get(side, ())
               for c in _cards_with(state, character, "abilities_at"))


# --- spare lives (the Self-Portrait) -----------------------------------------------------------

def spare_left(state, card):
    lost = store.get(state, "spare_lives_lost", {}).get(card, 0)
    return store.card_data(card)["spare_lives"] - lost


def lives_losing(state, result, character, amount, cause):
    """LOSING LIVES with a card holding spare lives: they go first (``result``: ``(state,
    spared)``; the lives spared are added)."""
    state, already = result
    spared = 0
    for card in _cards_with(state, character, "spare_lives"):
        if spared >= amount:
            break
        take = min(amount - spared, spare_left(state, card))
        if take <= 0:
            continue
        spared += take
        state = _spend(state, character, card, take, cause)
    return state, already + spared


def _spend(state, character, card, n, cause):
    lost = dict(store.get(state, "spare_lives_lost", {}))
    lost[card] = lost.get(card, 0) + n
    left = store.card_data(card)["spare_lives"] - lost[card]
    state = log(state, "spare_lives_lost", character=character, card=card, amount=n, left=left,
                cause=cause)
    if left > 0:
        return store.store(state, spare_lives_lost=lost)
    del lost[card]
    state = store.store(state, spare_lives_lost=lost)
    state = chars.remove_objects(state, character, [card])
    state = chars.discard(state, card)
    return log(state, "object_discarded", character=character, card=card, cause="no spare lives left")


def cards_drawn(state, character, space, cards):
    """A card with spare lives drawn again holds all of them; a held card's offer to swap a
    drawn card (the Keeper of the Vigil)."""
    drawn = [c for c in cards if load().cards[c].deck == "adventure"]
    keepers = [c for c in _cards_with(state, character, "swap_drawn")
               if c in state.characters[character].followers]
    if drawn and keepers:
        state = push(state, frame("blood_moon.swap_offer", who=character, cards=drawn, keeper=keepers[0]))
    lost = store.get(state, "spare_lives_lost", {})
    again = [c for c in cards if c in lost]
    if not again:
        return state
    return store.store(state, spare_lives_lost={k: v for k, v in lost.items() if k not in again})


# --- spoils (the Syphoning Sceptre) ------------------------------------------------------------

def spoils_options(state, options, victor, loser, kind):
    """The victor's card offers a counter of the loser's instead of the usual spoils."""
    counters = []
    for card in _cards_with(state, victor, "spoils"):
        counters += [c for c in store.card_data(card)["spoils"] if c not in counters]
    return tuple(options) + tuple(f"spoils:{SYPHON}:{c}" for c in counters)


def spoils_option_chosen(state, victor, loser, action):
    parts = action.split(":")
    if parts[:2] != ["spoils", SYPHON]:
        return state
    counter = parts[2]
    state = log(state, "counter_syphoned", character=victor, opponent=loser, counter=counter)
    state = chars.lose(state, loser, counter, 1, f"syphoned by {victor}")
    return chars.gain(state, victor, counter, 1, f"syphoned from {loser}")


# --- cards that bind their holder (the Black Cat, the Living Doll) -------------------------------

def counter_gain(state, amount, character, counter):
    """No gain of a counter a held card forbids (the Black Cat: no fate)."""
    for card in _cards_with(state, character, "no_gain"):
        if counter in store.card_data(card)["no_gain"]:
            return 0
    return amount


def possession_gained(state, character, card):
    """As a card joins: all of some counter lost (the Black Cat); every other Object left on
    the space (the Living Doll)."""
    d = store.card_data(card)
    for counter in d.get("on_gain", {}).get("lose_all", ()):
        n = getattr(state.characters[character], counter)
        if n:
            state = chars.lose(state, character, counter, n, card)
    if d.get("joins_for") == "trophy" and card in state.characters[character].followers:
        state = push(state, frame("blood_moon.price_due", who=character, card=card))
    if d.get("sole_object"):
        ch = state.characters[character]
        others = [c for c in ch.objects if c != card and "cursed" not in load().cards[c].abilities]
        if others:
            state = chars.remove_objects(state, character, others)
            state = chars.put_on_space(state, ch.space, others)
            state = log(state, "objects_ditched", character=character, cards=others, cause=card)
    return state


def follower_allowed(state, allowed, character, card):
    """A Follower with a price (``joins_for: trophy``, the Bride: "joins only if you discard a
    trophy") joins only a character who has a trophy to pay with; one ``not_for: lycanthrope``
    (the Wolf Slayer) never joins a lycanthrope (R-CD11-1)."""
    if not allowed:
        return allowed
    data = store.card_data(card)
    if lycanthropy.refuses(card) and lycanthropy.is_lycanthrope(state, character):
        return False
    if data.get("joins_for") != "trophy":
        return allowed
    return bool(state.characters[character].trophies)


def price_due(state, who, card):
    """The price of a Follower that has just joined (a frame :func:`possession_gained` pushed:
    the hook itself asks for no decision): one trophy of the holder's choice is discarded
    (``pay:<trophy>``; no choice with one kind of trophy)."""
    trophies = list(dict.fromkeys(state.characters[who].trophies))
    if card not in state.characters[who].followers or not trophies:
        return state
    if len(trophies) == 1:
        return price_paid(state, None, who, card, trophies[0])
    return decide(state, who, "pay", [f"pay:{t}" for t in trophies], "blood_moon.price_paid",
                  prompt=f"a trophy for the {card}", who=who, card=card)


def price_paid(state, action, who, card, trophy=None):
    trophy = trophy or action.args[0]
    held = state.characters[who].trophies
    state = update_character(state, who, trophies=held.delete(held.index(trophy)))
    state = chars.discard(state, trophy)
    return log(state, "trophy_paid", character=who, card=trophy, cause=card)


def type_limit(state, limit, character, kind):
    """A held card that allows no other Object (the Living Doll): none of another type, and
    only itself of its own."""
    ch = state.characters[character]
    for card in ch.objects:
        if store.card_data(card).get("sole_object"):
            own = 1 if load().cards[card].type == kind else 0
            return own if limit is None else min(limit, own)
    return limit


def movement_rolled(state, character, roll, dice=None):
    """A movement roll: a held Follower its holder may let go on a die of its number (the
    Black Cat: a 1)."""
    return rolled_in_turn(state, character, list(dice) if dice else [roll])


def rolled_in_turn(state, character, values):
    """``leaves_on_roll: N`` (the Black Cat, card-data.md 1.3 and section 6: "may be discarded
    when you roll a 1 during your turn"): a die of N rolled by the holder in his own turn -- his
    movement roll, his attack roll in a combat, any table roll (``table_rolled``: a space's or a
    card's table, a prayer), the rolls the hook points show --
    offers to let the Follower go (``let_go:<card>`` / ``keep``), once the step at hand is done."""
    if character != state.current or not state.characters[character].alive:
        return state
    for card in _cards_with(state, character, "leaves_on_roll"):
        if card in state.characters[character].followers and \
                store.card_data(card)["leaves_on_roll"] in values:
            state = push(state, frame("blood_moon.let_go_offer", who=character, card=card))
    return state


@declare(reaction=True)
def let_go_offer(state, who, card):
    if card not in state.characters[who].followers or not state.characters[who].alive:
        return state
    return decide(state, who, "follower", [f"let_go:{card}", "keep"], "blood_moon.let_go_chosen",
                  prompt=f"a 1 rolled: let the {load().cards[card].name} go?", who=who, card=card)


@declare(reaction=True)
def let_go_chosen(state, action, who, card):
    if action.kind == "keep" or card not in state.characters[who].followers:
        return state
    followers = state.characters[who].followers
    state = update_character(state, who, followers=followers.delete(followers.index(card)))
    state = chars.discard(state, card)
    return log(state, "follower_left", character=who, card=card)


def combat_resolved(state, character, result):
    """The holder's attack roll in a combat of his own turn (a roll of 1: the Black Cat)."""
    b = state.battle
    if b is None or b["who"] != character or b.get("roll") is None:
        return state
    return rolled_in_turn(state, character, [b["roll"]])


def reacts_to_rolls(state, cid):
    """Whether ``cid`` holds a card reacting to a roll of his (``leaves_on_roll``: the Black
    Cat): what :func:`combat_resolved` does then depends on his attack roll."""
    return bool(_cards_with(state, cid, "leaves_on_roll"))


def table_rolled(state, character, roll, dice, cause):
    """A table roll of the holder's (a space's or a card's table, a prayer, an 'everyone
    rolls' Event): the Black Cat on a 1."""
    return rolled_in_turn(state, character, list(dice))


def turn_start_jobs(state, cid):
    """Jobs for held cards' ``turn_start`` effects (their ``time`` holding)."""
    out = []
    for card in _cards_with(state, cid, "turn_start"):
        rule = store.card_data(card)["turn_start"]
        if rule.get("time", store.time(state)) == store.time(state):
            out.append(jobs.effects_job(cid, rule["effects"], card))
    return out


def before_encounter(state, character, space):
    """A held card's effects once the encounter of one of its spaces is over."""
    ch = state.characters[character]
    if not ch.alive or not ch.turn_flags.get("moved"):
        return state
    for card in _cards_with(state, character, "after_visit"):
        if space in store.card_data(card)["after_visit"]["spaces"]:
            state = push(state, frame("blood_moon.after_visit", who=character, card=card, space=space))
    return state


def after_visit(state, who, card, space):
    """Rule step: the held card's ``after_visit`` effects, if he is still there with it."""
    ch = state.characters[who]
    if not ch.alive or ch.space != space or state.outcome is not None or card not in held_cards(state, who):
        return state
    return effects.run(state, list(store.card_data(card)["after_visit"]["effects"]), who, {"card": card})


def swap_offer(state, who, cards, keeper):
    ch = state.characters[who]
    here = [c for c in dict.fromkeys(cards) if c in state.board_cards.get(ch.space, ())]
    if not ch.alive or state.outcome is not None or not here or keeper not in ch.followers:
        return state
    return decide(state, who, "swap", [f"swap:{c}" for c in here] + ["keep"], "blood_moon.swap_chosen",
                  prompt=f"swap a drawn card ({keeper})?", who=who, keeper=keeper, space=ch.space)


def swap_chosen(state, action, who, keeper, space):
    """The drawn card is discarded and the next one drawn in its place; the Follower leaves."""
    if action.kind == "keep":
        return state
    followers = state.characters[who].followers
    state = update_character(state, who, followers=followers.delete(followers.index(keeper)))
    state = chars.discard(state, keeper)
    state = log(state, "follower_left", character=who, card=keeper, cause="swapped a drawn card")
    return characters.redraw_chosen(state, action, space, who)


def character_options(state, options, character, other):
    if not state.characters[other].objects:
        return options
    tricks = [c for c in _cards_with(state, character, "trick_on_character")
              if c in state.characters[character].objects]
    return tuple(options) + tuple(f"trick:{c}" for c in dict.fromkeys(tricks))


def character_option_chosen(state, character, other, action):
    if not action.startswith("trick:"):
        return state
    card = action.split(":", 1)[1]
    return decide(state, character, "take", [f"take:{c}" for c in dict.fromkeys(state.characters[other].objects)],
                  "blood_moon.tricked", prompt=f"take an Object from {other}", who=character,
                  other=other, card=card)


def tricked(state, action, who, other, card):
    obj = action.args[0]
    state = chars.remove_objects(state, other, [obj])
    state = chars.remove_objects(state, who, [card])
    state = log(state, "trick_played", character=who, opponent=other, card=card, took=obj)
    state = add_possession(state, who, obj, card)
    return add_possession(state, other, card, f"given by {who}")


STEPS = {"blood_moon.let_go_offer": let_go_offer, "blood_moon.let_go_chosen": let_go_chosen,
         "blood_moon.tricked": tricked, "blood_moon.after_visit": after_visit, "blood_moon.swap_offer": swap_offer,
         "blood_moon.swap_chosen": swap_chosen, "blood_moon.price_due": price_due,
         "blood_moon.price_paid": price_paid}
