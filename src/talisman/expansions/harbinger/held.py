"""The Harbinger's Objects and Followers whose published rules work while they are held
(card-data.md 2.2).  Fields of a held card's ``data``:

``on_take: {types, effects}``
    the ``possession_gained`` hook: another card of one of ``types`` joining the holder costs
    him the effects (the Black Squire: an Object costs 1 fate; the White Maiden: another
    Follower costs 1 life);
``at_turn_start: effects``
    the ``turn_started`` hook: effects for the holder as his turn starts (the Witch Cat: 1 fate
    replenished; not ``turn_start``, a Blood Moon field of another shape);
``prayer_add_up_to: N``
    the ``prayer_rolled`` hook: after a prayer roll the holder may add 0 to N (``add:<n>``) (the
    Anathema Priest);
``on_visit: {space: effects}``
    the ``before_encounter`` hook: having moved onto that space, the holder first suffers the
    effects (the Anathema Priest: a fate at the Chapel, a life at the Graveyard), unless the
    space no longer bears its name (a Terrain card, Shards of the Old World);
``moves_harbinger_on_event: true``
    the ``events_drawn`` hook: the drawer of an Event may move the Harbinger to any space holding
    a character (``harbinger:<space>``) instead of his own (the Ancient Calendar);
``toad_on_reroll: {roll, turns}``
    the ``fate_rerolled`` hook: a fate re-roll of the holder's showing ``roll`` makes him a Toad
    for ``turns`` turns, once the step the roll serves is done (the Witch Cat: a 1, 3 turns);
a trophy's ``as_trophy.no_followers`` (the ``follower_allowed`` hook: the Putrid Zombie, no
    Follower joins its holder) and ``as_trophy.trophy_value_less: N`` (the ``trophy_value``
    hook, :func:`trophy_value_less`: the Vengeful Ghosts, each of its holder's trophies worth N
    less);
``table_roll_bonus: {spaces, amount}``
    the ``table_roll`` hook: ``amount`` added to the holder's table rolls on those spaces (the
    Cursed Talisman: 3 at the Mines and the Crypt);
``life_value: {per_character, per_spell, min}`` / ``fate_value: {per_spell, min}``
    the ``life_value`` / ``fate_value`` hooks: the holder's life value (HEALING's 4) or fate
    value (what a replenish restores) changed by ``per_character`` for each character in the
    game and ``per_spell`` for each Spell he holds, never below ``min`` (the Key to Hades: 2
    more a character; the Forbidden Tome: 1 less a Spell, at least 1);
``others_lose_lives: N`` / ``others_heal: N``
    the ``lives_losing`` / ``lives_gained`` hooks: as another character loses lives the holder
    loses N; as another heals or gains lives the holder heals N (the Key to Hades: 1 each);
``chart_on_first_event: {add, min}``
    the ``events_drawn`` hook (:func:`first_event_chart`): the holder's first Event drawn in a
    turn makes him roll on the Harbinger chart, ``add`` added to the roll, at least ``min``
    (the ``table_roll`` hook; the Black Astrolabe: -1, at least 1);
``ignores_omens: true``
    :func:`omen_ignorer`: the holder may ignore what an Omen's immediate effects do to him (the
    Black Astrolabe; ``omen_on_character`` in :mod:`.effects`);
``on_omen_discard: effects`` (:func:`.omens.holders_pay`) and ``roll_of_one_stays`` (the
    Worldeater Box, :func:`.terrain.roll_of_one_stays`) are read elsewhere; so is a trophy's
    ``as_trophy.roll_of_one_ends_turn`` (the Demon of Sloth, :func:`.terrain.slothful`; the turn
    ends in :func:`before_encounter`).
"""
from __future__ import annotations

from ...definitions import load
from ...engine.machine import decide, frame, log, push
from ...engine.ruleset import declare
from ...rules import characters as chars
from ...rules import effects as base
from ...rules import kernel
from . import figure, terrain
from . import store as st


def _held(state, cid):
    ch = state.characters[cid]
    if not ch.alive or ch.toad_turns:
        return []
    return list(dict.fromkeys(tuple(ch.objects) + tuple(ch.followers)))


def _with(state, cid, field):
    return [c for c in _held(state, cid) if st.cdata(c).get(field)]


def omen_ignorer(state, cid):
    """The card (the Black Astrolabe, card-data.md 2.2: "you may ignore Omen effects") that
    lets ``cid`` ignore an Omen's effects on him, or None."""
    cards = _with(state, cid, "ignores_omens") if cid in state.characters else []
    return cards[0] if cards else None


def possession_gained(state, character, card):
    """A card joining the holder of an ``on_take`` card costs him its effects."""
    kind = load().cards[card].type
    for held in _with(state, character, "on_take"):
        rule = st.cdata(held)["on_take"]
        if held != card and kind in rule["types"]:
            state = log(state, "possession_cost", character=character, card=card, cause=held)
            state = base.run(state, rule["effects"], character, {"card": held})
    return state


def other_follower_taken(state, character, opponent, follower):
    """A Henchman taken from another (OPTIONAL RULES, HENCHMEN: "considered Followers for any
    pertaining rules") is another Follower joining the taker: an ``on_take`` card for Followers
    (the White Maiden) costs him its effects once the Henchman serves him.  The Henchmen's own
    answer to this hook point, a base plugin's, comes after the expansions' (and may drive him
    off: the Hag), so the cost waits in a step of its own (docs/rulings.md R-PROBE17B.2)."""
    if any("follower" in st.cdata(h)["on_take"]["types"] for h in _with(state, character, "on_take")):
        return push(state, frame("harbinger.henchman_taken", character=character, follower=follower))
    return state


def henchman_taken(state, character, follower):
    """Rule step: the ``on_take`` costs of a Henchman who now serves ``character``."""
    if follower not in chars.other_followers(state, character):
        return state
    for held in _with(state, character, "on_take"):
        rule = st.cdata(held)["on_take"]
        if "follower" in rule["types"]:
            state = log(state, "possession_cost", character=character, card=follower, cause=held)
            state = base.run(state, rule["effects"], character, {"card": held})
    return state


def turn_started(state, character):
    ch = state.characters[character]
    if ch.lost_turn:
        return state
    for held in reversed(_with(state, character, "at_turn_start")):
        state = base.run(state, st.cdata(held)["at_turn_start"], character, {"card": held})
    return state


def prayer_rolled(state, character, roll):
    """After a prayer roll, the holder may add 0 to N (the largest N of his cards)."""
    most = max((st.cdata(c)["prayer_add_up_to"] for c in _with(state, character, "prayer_add_up_to")),
               default=0)
    if not most:
        return state
    # a frame, not a decision at once: another expansion's hook may ask its own question
    return push(state, frame("harbinger.prayer_offer", who=character, roll=roll, most=most))


def prayer_offer(state, who, roll, most):
    return decide(state, who, "prayer", [f"add:{n}" for n in range(most + 1)],
                  "harbinger.prayer_added", prompt=f"prayed {roll}: add up to {most}", who=who)


def prayer_added(state, action, who):
    n = int(action.args[0])
    reading = kernel.waiting(state, "effects.prayer_read", {"actor": who})
    added = reading.get("added", 0) if reading is not None else 0
    state = kernel.answer(state, "effects.prayer_read", {"actor": who}, added=added + n)
    return log(state, "prayer_added", character=who, amount=n)


def before_encounter(state, character, space):
    """The holder of an ``on_visit`` card who moved onto one of its spaces pays first.  A
    movement roll of 1 with the Demon of Sloth as a trophy ends the turn: no encounter.  The
    state and whether the encounter is replaced (the Demon of Sloth)."""
    ch = state.characters[character]
    if not ch.turn_flags.get("moved"):
        return state, False
    if terrain.slothful(state, character) and terrain.stayed_on_a_one(state, character):
        state = log(state, "turn_ended_by", character=character, cause="demon_of_sloth", reason="a movement roll of 1")
        return kernel.end_turn_now(state), True
    for held in reversed(_with(state, character, "on_visit")):
        todo = st.cdata(held)["on_visit"].get(space)
        # the card names the Chapel or the Graveyard: a space under a Terrain card, or renamed by
        # the top Omen (Shards of the Old World, rulings R-NA11.2), is none ("the text and name
        # of that space is ignored", 001 Terrain Cards; rulings R-PROBE18D.1)
        if todo and kernel.space_named_for(state, space, "on_visit"):
            state = push(state, frame("harbinger.run_for", who=character, effects=list(todo), card=held))
    return state, False


def events_drawn(state, character, cards):
    """The Ancient Calendar: the drawer may move the Harbinger to any space holding a
    character instead of his own (``harbinger:<space>``).  A held ``chart_on_first_event``
    card (the Black Astrolabe): the first Event its holder draws in a turn makes him roll on
    the Harbinger chart, once the Harbinger has moved and before the Event is met (rulings
    R-CD9)."""
    state = first_event_chart(state, character)
    if not _with(state, character, "moves_harbinger_on_event") or \
            not st.figure_space(state.characters[character].space):
        return figure.events_drawn(state, character, cards)
    return push(state, frame("harbinger.calendar_offer", who=character,
                             cause=f"{character} drew {', '.join(cards)}"))


def first_event_chart(state, character):
    """The Black Astrolabe: "your first Event drawn each turn makes you roll on the Harbinger
    chart at -1 (min 1)" (card-data.md 2.2); the roll's change is :func:`table_roll`'s."""
    cards = _with(state, character, "chart_on_first_event")
    if not cards or state.characters[character].flag("first_event_chart"):
        return state
    state = kernel.set_turn_flag(state, character, "first_event_chart")
    state = log(state, "chart_roll_owed", character=character, cause=cards[0])
    return push(state, frame("harbinger.run_for", who=character, effects=[{"harbinger_chart": {}}],
                             card=cards[0]))


def calendar_offer(state, who, cause):
    here = state.characters[who].space
    spaces = [here] + [s for s in dict.fromkeys(state.characters[c].space for c in st.alive_in_order(state, who))
                       if s != here and st.figure_space(s)]
    if len(spaces) == 1:
        return figure.move_to(state, here, cause)
    return decide(state, who, "harbinger", [f"harbinger:{s}" for s in spaces], "harbinger.calendar_chosen",
                  prompt="where the Harbinger goes (the Ancient Calendar)", cause=cause)


def calendar_chosen(state, action, cause):
    return figure.move_to(state, action.args[0], cause)


def _no_reroll_card(state):
    """Whether :func:`fate_rerolled` does nothing for the fighters of the combat in progress:
    neither holds a card with ``toad_on_reroll`` (a defending character re-rolls too; declared
    for exact odds: ``idle``)."""
    b = state.battle
    return b is not None and not any(_with(state, cid, "toad_on_reroll")
                                     for cid in (b["who"], b["opponent"]) if cid is not None)


@declare(idle=_no_reroll_card)
def fate_rerolled(state, character, dice, cause):
    """A held card's ``toad_on_reroll`` (the Witch Cat, card-data.md 2.2: "a fate re-roll that
    comes up 1 makes you a Toad for 3 turns"): a die of the re-roll showing ``roll``."""
    for card in _with(state, character, "toad_on_reroll"):
        rule = st.cdata(card)["toad_on_reroll"]
        if rule["roll"] in dice:
            state = log(state, "curse_roll", character=character, card=card, dice=list(dice), cause=cause)
            return push(state, frame("harbinger.toad_by", who=character, card=card, turns=rule["turns"]))
    return state


def toad_by(state, who, card, turns):
    """Rule step: the holder becomes a Toad (the roll's own step is done)."""
    ch = state.characters[who]
    if not ch.alive or ch.toad_turns or state.outcome is not None:
        return state
    return chars.become_toad(state, who, turns, card)


def _trophy_rule(state, cid, key):
    ch = state.characters[cid]
    return [t for t in ch.trophies if st.cdata(t).get("as_trophy", {}).get(key)]


def follower_allowed(state, allowed, character, card):
    """Value hook: a trophy's ``as_trophy.no_followers`` (the Putrid Zombie, card-data.md 2.2:
    "as a trophy: you can't take Followers")."""
    return allowed and not _trophy_rule(state, character, "no_followers")


def trophy_value_less(state, cid):
    """How much less each of ``cid``'s trophies is worth: the sum of his trophies'
    ``as_trophy.trophy_value_less`` (the Vengeful Ghosts, card-data.md 2.2: "as a trophy: each
    of your trophies is worth 1 less"; two Ghosts, 2 less; the Ghosts themselves too)."""
    if cid is None or cid not in state.characters:
        return 0
    return sum(st.cdata(t)["as_trophy"]["trophy_value_less"]
               for t in _trophy_rule(state, cid, "trophy_value_less"))


def table_roll(state, value, character, space, card, roll=None):
    """Value hook: a held card's ``table_roll_bonus`` on the table's space (the Cursed
    Talisman, card-data.md 2.2: "+3 to your rolls at the Mines and the Crypt")."""
    if character not in state.characters:
        return value
    for c in _with(state, character, "chart_on_first_event"):
        if card == c:  # the chart roll the card itself asks for (the Black Astrolabe: -1, at least 1)
            rule = st.cdata(c)["chart_on_first_event"]
            value = max(rule["min"], value + rule["add"])
    if space is None:
        return value
    for c in _with(state, character, "table_roll_bonus"):
        rule = st.cdata(c)["table_roll_bonus"]
        if space in rule["spaces"]:
            value += rule["amount"]
    return value


def _value(state, value, character, field):
    for card in _with(state, character, field):
        rule = st.cdata(card)[field]
        n = len(st.alive_in_order(state, character)) * rule.get("per_character", 0)
        n += len(state.characters[character].spells) * rule.get("per_spell", 0)
        value = max(rule.get("min", 1), value + n)
    return value


def life_value(state, value, character):
    """Value hook: a held card's ``life_value`` (the Key to Hades, the Forbidden Tome)."""
    return _value(state, value, character, "life_value")


def fate_value(state, value, character):
    """Value hook: a held card's ``fate_value`` (the Forbidden Tome)."""
    return _value(state, value, character, "fate_value")


def _others_with(state, character, field):
    """The other holders of a card with ``field`` whom ``character``'s loss or healing reaches
    (the ``may_affect`` hook, ``held``: not across the Timescape's boundary, docs/rulings.md
    R-FB13.1)."""
    return [(c, card) for c in st.alive_in_order(state, character)
            if c != character and kernel.may_affect(state, character, c, "held")
            for card in _with(state, c, field)]


def lives_losing(state, result, character, amount, cause):
    """Value hook (``(state, spared)`` threaded): as ``character`` loses lives, each other
    holder of an ``others_lose_lives`` card loses that many (the Key to Hades: 1); no life of
    ``character``'s is spared."""
    state, spared = result
    for holder, card in _others_with(state, character, "others_lose_lives"):
        if state.characters[holder].alive:
            state = chars.lose_lives(state, holder, st.cdata(card)["others_lose_lives"], card)
    return state, spared


def lives_gained(state, character, amount, cause):
    """As ``character`` heals or gains lives, each other holder of an ``others_heal`` card
    heals that many (the Key to Hades: 1; the card's "may" taken, healing costing nothing)."""
    for holder, card in _others_with(state, character, "others_heal"):
        state = chars.heal(state, holder, st.cdata(card)["others_heal"], card)
    return state


STEPS = {"harbinger.toad_by": toad_by, "harbinger.prayer_offer": prayer_offer, "harbinger.prayer_added": prayer_added, "harbinger.calendar_offer": calendar_offer,
         "harbinger.calendar_chosen": calendar_chosen, "harbinger.henchman_taken": henchman_taken}
