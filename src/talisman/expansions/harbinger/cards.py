"""The Harbinger cards whose published effects need rule code (card-data.md 2.2, section 6).

Effects (``fn(state, params, actor, source) -> state``, schemas in :data:`SCHEMAS`):

``lowest_roll``
    "everyone rolls 1 die; the lowest suffer X; a Terrain card goes on one lowest roller's
    space" (Chaos Rift, Falling Stars, Hell on Earth, Plague of Locusts, Rain of Toads, Rising
    Waters): each living character, in seating order from the drawer, rolls one die (a fate may
    re-roll it); every character with the lowest result runs ``effects``; then ``terrain`` goes
    on the space of one of them (the drawer chooses among several spaces, ``place:<space>``)
    or, with ``terrain_each``, on each one's own space (Chaos Rift).
``target_other``
    the actor chooses another living character (``target:<id>``): ``effects`` run for him,
    then ``then`` for the actor; ``take`` lets the actor take one of his Followers, Objects, or
    all his gold (``take:<card>`` / ``take:gold``); ``give: random_follower`` hands him a
    random Follower of the actor's (the Altars, the Nephilim, the Infernal Corruptor).
``trophy_to_space``
    the actor puts one of his trophies (his choice, ``trophy:<card>``) face up on a space
    (``graveyard`` or ``source``: the space of the card whose effect it is) as an Enemy to
    meet (Rise of the Dead, the Horseman of War).
``discard_possession``
    the actor discards one Object or Follower of his choice (``discard:<card>``) (Plague of
    Locusts).
``convert_counters``
    all the actor's ``from`` points but one become ``to`` points (the Demon of Pride).
``followers_for_lives``
    every Follower the actor has is killed; he gains a life for each (the Demon of Gluttony).
``discard_trophy``
    the actor discards one of his trophies (``discard:<card>``) (the Scavenging Beasts).
``combat_standoff``
    the combat being resolved becomes a stand-off (the Bone Giant's die).
``harbinger_discards_to_deck``
    the Harbinger discard pile is shuffled back into the Harbinger deck (Stones of Time).
``revelations``
    the actor secretly looks at the top ``count`` Harbinger cards and puts them, one at a time
    in the order he chooses (``put:<card>``), on top of the Adventure deck: the last one put is
    the top card (Revelations); the look and the cards put are logged ``seen_by`` him.
``augury``
    the actor chooses a deck (``deck:<deck>``), secretly looks at its top ``count`` cards and
    puts them back on top in the order he chooses, as Revelations does (the Augury Spell).

Enemy card fields read here (``data:``): ``beaten`` (effects for the character who beat it,
once the result stands as a win), ``on_roll: {kind, rolls, effects}`` (effects for the
character whose attack roll in a combat of that kind is one of ``rolls``: the Heralds of
Death, Disease and Famine), ``attack_on_roll: {kind, rolls, amount}`` (added to its attack
score when the character's roll is one of ``rolls``: the Herald of War), ``attack_per_trophy``
(the Skeleton King); a held card's ``battle_won`` (effects for its holder when he wins a
battle: the Armour of Humility); a held card's ``second_die`` (the Flail of Blood: a second
die added to its holder's battle roll, doubles lose); a trophy's ``as_trophy.attack_bonus: {amount, subtypes}`` (the Skeleton).
"""
from __future__ import annotations

from pyrsistent import pmap, pvector

from ...definitions import load
from ...engine.dice import shuffle
from ...engine.machine import decide, frame, log, push, request_roll
from ...engine.records import replace
from ...rules import characters as chars
from ...rules import effects as base
from ...rules import encounters, possessions
from ...rules.hooks import adjust, run_hook, subscribed
from ...rules.kernel import affectable, cause_of
from ...state import update_character
from . import held
from . import omens
from . import store as st
from . import terrain as tr
from ...engine.ruleset import RULESET, declare, declares

_ID = {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"}
_EFFECTS = {"$ref": "#/$defs/effects"}
_COUNTER = {"enum": ["strength", "craft"]}


def _obj(required=(), **props):
    return {"type": "object", "additionalProperties": False, "required": list(required),
            "properties": props}


def _cause(source):
    return cause_of(source)


# --- everyone rolls, the lowest suffer -----------------------------------------------------

def lowest_roll(state, params, actor, source):
    """Every living character rolls one die, in seating order from the actor: "every"
    character as the ``effect_targets`` hook has it (another expansion may leave some out: the
    Timescape's "Cards only affect the Character who draws them", the Catacombs' "NOT part of
    any region"; docs/rulings.md R-HB8.4)."""
    todo = list(adjust(state, "effect_targets", tuple(st.alive_in_order(state, actor)),
                       actor=actor, source=source))
    state = log(state, "everyone_rolls", cause=_cause(source), characters=todo)
    return _next_roller(state, actor, params, source, todo, [])


def _next_roller(state, actor, params, source, todo, rolls):
    if not todo:
        return _lowest_resolve(state, actor, params, source, rolls)
    return LOWEST.roll(state, f"{_cause(source)} roll of {todo[0]}", actor=actor, params=params,
                       source=source, who=todo[0], todo=list(todo[1:]), rolls=list(rolls))


def lowest_kept(state, dice, actor, params, source, who, todo, rolls):
    """``who``'s die, Fate's re-roll made or declined; then the next of ``todo``'s."""
    total = sum(dice)
    state = run_hook(state, "table_rolled", character=who, roll=total, dice=[total], cause=_cause(source))
    state = log(state, "everyone_rolls_result", character=who, roll=total, cause=_cause(source))
    return _next_roller(state, actor, params, source, list(todo), list(rolls) + [[who, total]])


#: One character's die of ``lowest_roll`` (``who``; ``todo``: those still to roll).  FATE
#: (talisman-facts-verified.md 3: "a roll ordered by a card or board space"): he may pay one
#: fate, once, to roll it again; the re-roll logs ``fate_spent`` and runs the ``fate_rerolled``
#: hook point (the Witch Cat).
LOWEST = chars.OwnRoll("harbinger.lowest_rolled", "harbinger.lowest_fate", "d6", lowest_kept,
                       offer=lambda total, source, **_: f"rolled {total} for {_cause(source)}",
                       again=lambda who, source, **_: f"{_cause(source)} re-roll of {who}",
                       cause=lambda source, **_: _cause(source))


def _lowest_resolve(state, actor, params, source, rolls):
    if not rolls:
        return state
    low = min(r for _, r in rolls)
    losers = [c for c, r in rolls if r == low]
    state = log(state, "lowest_rollers", characters=losers, roll=low, cause=_cause(source))
    terrain = params.get("terrain")
    if terrain is not None:
        # pushed first: runs once every loser's effects are done
        state = push(state, frame("harbinger.lowest_terrain", actor=actor, losers=losers,
                                  terrain=terrain, each=bool(params.get("terrain_each")),
                                  cause=_cause(source)))
    for c in reversed(losers):
        state = push(state, frame("harbinger.run_if_alive", who=c, effects=list(params.get("effects", ())),
                                  source=source))
    return state


#: Card effects that, run as an answer to a combat's result (a beaten card's ``beaten``, a
#: Herald's ``on_roll``), change no combat result, fight on in none and end no game: they only
#: take from the fighter (a trophy he discards, ``discard_trophy``; a Follower killed,
#: ``lose_follower: n``; a random Follower of his given to a character he chooses,
#: ``target_other: {give: random_follower}``), with only his own decisions on the way.  Each
#: kind's test of its parameters; any other effect, or other parameters, may do more.
#: Declared for exact odds (``neutral`` on the steps that run them, read by
#: ``harbinger.answers_result``): the result stands, so the search need not play them.
#: Also (odds25h) a heal of every other character (``each_character: {where: others, effects:
#: [{heal: ...}]}``, the Essence Eater's "beating it heals every other character fully"):
#: HEALING gives lives and asks nothing (``lives_gained`` answers it with more healing only, the
#: Key to Hades), so it too changes no result, fights on in none and ends no game.
NEUTRAL_EFFECTS = {
    "discard_trophy": lambda params: not params,
    "lose_follower": lambda params: isinstance(params, int) and not isinstance(params, bool),
    "target_other": lambda params: dict(params) == {"give": "random_follower"},
    "each_character": lambda params: (dict(params).keys() == {"where", "effects"} and params["where"] == "others"
                                      and all(_a_heal(e) for e in params["effects"])),
}


def _a_heal(effect):
    """Whether ``effect`` is a plain heal (``{heal: full}`` or ``{heal: n}``)."""
    if len(effect) != 1 or "heal" not in effect:
        return False
    n = effect["heal"]
    return n == "full" or (isinstance(n, int) and not isinstance(n, bool) and n > 0)


def neutral_effects(effects):
    """Whether every effect of ``effects`` (a card's list) is one of :data:`NEUTRAL_EFFECTS`."""
    return all(len(effect) == 1 and _neutral(*next(iter(effect.items()))) for effect in effects)


def _neutral(kind, params):
    """Whether the effect ``{kind: params}`` is one of :data:`NEUTRAL_EFFECTS`."""
    test = NEUTRAL_EFFECTS.get(kind)
    return test is not None and bool(test(params))


@declare(neutral=lambda args: neutral_effects(args["effects"]))
def run_if_alive(state, who, effects, source):
    if not effects or state.outcome is not None or not state.characters[who].alive:
        return state
    return base.run(state, effects, who, source)


def lowest_terrain(state, actor, losers, terrain, each, cause):
    """Rule step: the Terrain card on one lowest roller's space (the drawer chooses among
    several), or a random one on each lowest roller's space (``each``)."""
    if state.outcome is not None:
        return state
    if each:
        frames = [frame("harbinger.place_terrain", actor=c, space=state.characters[c].space,
                        terrain=terrain, cause=cause) for c in losers]
        return push(state, *reversed(frames))
    spaces = list(dict.fromkeys(state.characters[c].space for c in losers))
    holding = [s for s in spaces if tr.can_hold(s)]
    if len(holding) > 1:
        chooser = st.acting_character(state, actor)
        return decide(state, chooser, "terrain", [f"place:{s}" for s in holding],
                      "harbinger.place_chosen", prompt="which lowest roller's space takes the Terrain",
                      terrain=terrain, cause=cause, actor=chooser)
    return tr.place(state, st.acting_character(state, actor), (holding or spaces)[0], terrain, cause)


# --- another character ------------------------------------------------------------------------

_TAKE_FIELDS = {"follower": "followers", "object": "objects", "magic_object": "objects"}


def _takeable(state, actor, other, kinds):
    ch = state.characters[other]
    opts = []
    if state.characters[actor].toad_turns:  # a Toad takes no Possession (docs/rulings.md R-TE13.6)
        return opts
    for c in dict.fromkeys(tuple(ch.followers) + tuple(ch.objects)):
        kind = load().cards[c].type
        # a Follower that may not join the taker is none to take (``follower_allowed``: the Putrid
        # Zombie as a trophy, "you can't take Followers")
        if kind in kinds and (kind != "follower" or chars.follower_allowed(state, actor, c)):
            opts.append(f"take:{c}")
    if "follower" in kinds:  # a Henchman: "considered Followers for any pertaining rules"
        opts += [f"take:{h}" for h in chars.other_followers(state, other) if chars.follower_allowed(state, actor, h)]
    if "gold" in kinds and ch.gold > 0:
        opts.append("take:gold")
    return opts


def target_other(state, params, actor, source):
    """The actor chooses another living character for the card's effects (among those the
    ``effect_targets`` hook leaves: none from the Timescape, R-HB8.4)."""
    reached = adjust(state, "effect_targets", tuple(st.alive_in_order(state, actor)), actor=actor,
                     source=source)
    # a character the drawer may affect (the ``may_affect`` hook: none across the Timescape's
    # boundary for a card drawn outside it either, R-FC12.1)
    others = affectable(state, actor, [c for c in reached if c != actor], "card")
    if params.get("take"):
        others = [c for c in others if _takeable(state, actor, c, params["take"])]
    if params.get("give") == "random_follower" and not chars.has_followers(state, actor):
        return log(state, "no_effect", character=actor, reason="no Follower to give", source=_cause(source))
    if not others:
        return log(state, "no_target", character=actor, source=_cause(source))
    return decide(state, actor, "target", [f"target:{c}" for c in others], "harbinger.target_chosen",
                  prompt=f"another character for the {_cause(source)}", params=params, actor=actor,
                  source=source)


def target_chosen(state, action, params, actor, source):
    other = action.args[0]
    state = log(state, "target_chosen", character=actor, target=other, source=_cause(source))
    if params.get("then"):
        state = push(state, frame("harbinger.run_if_alive", who=actor, effects=list(params["then"]),
                                  source=source))
    if params.get("take"):
        state = push(state, frame("harbinger.take_from", actor=actor, other=other,
                                  kinds=list(params["take"]), cause=_cause(source)))
    if params.get("give") == "random_follower":
        state = _give_random_follower(state, actor, other, _cause(source))
    if params.get("effects"):
        state = base.run(state, params["effects"], other, source)
    return state


def _give_random_follower(state, actor, other, cause):
    # a Henchman (``henchman:<id>``) is one of the Followers: OPTIONAL RULES, HENCHMEN, "Henchmen
    # are considered Followers for any pertaining rules"
    others = chars.other_followers(state, actor)
    followers = chars.all_followers(state, actor, sort=True)
    order, dice = shuffle(state.dice, followers)  # the seeded dice pick one
    state = replace(state, dice=dice)
    card = order[0]
    if card in others:  # the Henchman serves the other player (as one taken from him)
        state = log(state, "follower_given", character=actor, card=card, to=other, cause=cause)
        return run_hook(state, "other_follower_taken", character=other, opponent=actor, follower=card)
    held = state.characters[actor].followers
    state = update_character(state, actor, followers=held.delete(held.index(card)))
    state = log(state, "follower_given", character=actor, card=card, to=other, cause=cause)
    state = chars.article_gone(state, actor, card)  # a Mule given: its load is over his limit
    return possessions.add_possession(state, other, card, cause)


def take_from(state, actor, other, kinds, cause):
    """Rule step: the actor takes one Follower or Object of the other's, or all his gold."""
    if not state.characters[actor].alive or not state.characters[other].alive:
        return state
    opts = _takeable(state, actor, other, kinds)
    if not opts:
        return log(state, "nothing_to_take", character=actor, target=other, cause=cause)
    return decide(state, actor, "take", opts, "harbinger.taken_from",
                  prompt=f"what to take from {other}", actor=actor, other=other, cause=cause)


def taken_from(state, action, actor, other, cause):
    what = action.joined()
    och = state.characters[other]
    if what in chars.other_followers(state, other):  # a Henchman now serves the taker
        state = log(state, "card_taken", character=actor, frm=other, card=what, cause=cause)
        return run_hook(state, "other_follower_taken", character=actor, opponent=other, follower=what)
    if what == "gold":
        state = update_character(state, other, gold=0)
        state = update_character(state, actor, gold=state.characters[actor].gold + och.gold)
        return log(state, "gold_taken", character=actor, frm=other, amount=och.gold, cause=cause)
    state = chars.remove_possession(state, other, what)
    state = log(state, "card_taken", character=actor, frm=other, card=what, cause=cause)
    return possessions.add_possession(state, actor, what, cause)


# --- trophies -------------------------------------------------------------------------------

def trophy_to_space(state, params, actor, source):
    """The actor puts one of his trophies face up on a space (his choice among them)."""
    trophies = state.characters[actor].trophies
    if not trophies:
        return state
    where = params.get("space", "source")
    space = (source.get("space") or state.characters[actor].space) if where == "source" else where
    options = list(dict.fromkeys(trophies))
    if len(options) == 1:
        return _trophy_placed(state, actor, options[0], space, _cause(source))
    return decide(state, actor, "trophy", [f"trophy:{c}" for c in options], "harbinger.trophy_chosen",
                  prompt=f"a trophy onto the {space}", actor=actor, space=space, cause=_cause(source))


def trophy_chosen(state, action, actor, space, cause):
    return _trophy_placed(state, actor, action.args[0], space, cause)


def _trophy_placed(state, actor, card, space, cause):
    held = state.characters[actor].trophies
    state = update_character(state, actor, trophies=held.delete(held.index(card)))
    state = chars.put_on_space(state, space, [card])
    return log(state, "trophy_placed", character=actor, card=card, space=space, cause=cause)


def discard_trophy(state, params, actor, source):
    """The actor discards one of his trophies (his choice)."""
    options = list(dict.fromkeys(state.characters[actor].trophies))
    if not options:
        return state
    return decide(state, actor, "discard", [f"discard:{c}" for c in options],
                  "harbinger.trophy_discarded", prompt="discard a trophy", actor=actor,
                  cause=_cause(source))


def trophy_discarded(state, action, actor, cause):
    card = action.args[0]
    held = state.characters[actor].trophies
    state = update_character(state, actor, trophies=held.delete(held.index(card)))
    state = chars.discard(state, card)
    return log(state, "trophy_discarded", character=actor, card=card, cause=cause)


# --- possessions and counters ---------------------------------------------------------------

def discard_possession(state, params, actor, source):
    """Discard one Object or Follower of the actor's choice (Cursed ones too)."""
    ch = state.characters[actor]
    # a Henchman is a Follower (OPTIONAL RULES, HENCHMEN: "considered Followers for any
    # pertaining rules")
    options = list(dict.fromkeys(tuple(ch.objects) + tuple(chars.all_followers(state, actor))))
    if not options:
        return log(state, "nothing_to_discard", character=actor, cause=_cause(source))
    return decide(state, actor, "discard", [f"discard:{c}" for c in options],
                  "harbinger.possession_discarded", prompt="discard an Object or a Follower",
                  actor=actor, cause=_cause(source))


def possession_discarded(state, action, actor, cause):
    card = action.joined()
    ch = state.characters[actor]
    if card in ch.followers or card in chars.other_followers(state, actor):
        return base.kill_follower(state, actor, card, cause)
    state = chars.remove_objects(state, actor, [card])
    state = chars.discard(state, card)
    return log(state, "object_discarded", character=actor, card=card, cause=cause)


def convert_counters(state, params, actor, source):
    """All the actor's ``from`` points become ``to`` points; one is kept, since a counter at 0
    is LOSING STRENGTH / CRAFT (a life lost), which the card does not mean (docs/rulings.md)."""
    frm, to = params["from"], params["to"]
    ch = state.characters[actor]
    n = getattr(ch, frm) - 1
    if n <= 0:
        return log(state, "no_effect", character=actor, source=_cause(source))
    state = update_character(state, actor, **{frm: 1, to: getattr(ch, to) + n})
    return log(state, "counters_converted", character=actor, frm=frm, to=to, amount=n,
               cause=_cause(source))


def followers_for_lives(state, params, actor, source):
    """Every Follower of the actor is killed; he gains one life for each (a Henchman too:
    OPTIONAL RULES, HENCHMEN, "considered Followers for any pertaining rules")."""
    followers = chars.all_followers(state, actor)
    if not followers:
        return state
    state = chars.gain(state, actor, "lives", len(followers), _cause(source))
    for f in reversed(followers):
        state = push(state, frame("harbinger.kill_follower", actor=actor, card=f, cause=_cause(source)))
    return state


def kill_follower_step(state, actor, card, cause):
    if card not in state.characters[actor].followers and card not in chars.other_followers(state, actor):
        return state
    return base.kill_follower(state, actor, card, cause)


def combat_standoff(state, params, actor, source):
    """The combat being resolved becomes a stand-off."""
    b = state.battle
    if b is None or b.get("result") is None:
        return state
    state = replace(state, battle=b.set("result", "standoff"))
    return log(state, "result_changed", character=actor, to="standoff", cause=_cause(source))


# --- enemies in combat ----------------------------------------------------------------------

def _cards_in_combat(state):
    b = state.battle
    if b is None or b["opponent"] is not None:
        return []
    return [e["card"] for e in b["enemies"] if e.get("card")]


def combat_resolved(state, character, result):
    """State hook: the Heralds' rolls (``data.on_roll``) and a beaten enemy's ``data.beaten``
    effects (a frame that looks at the result once the other answers to it are in); held
    cards' ``battle_won`` and ``second_die``."""
    b = state.battle
    state = held_rules(state, character, result)
    cards = _cards_in_combat(state)
    if not cards:
        return second_die(state, character, result)
    beaten = [c for c in cards if st.cdata(c).get("beaten")]
    if beaten:
        state = push(state, frame("harbinger.beaten", who=character, cards=beaten))
    roll = b.get("roll")
    for c in reversed(cards):
        rule = st.cdata(c).get("on_roll")
        if rule and b["kind"] == rule["kind"] and roll in rule["rolls"]:
            state = log(state, "herald_roll", character=character, card=c, roll=roll)
            state = push(state, frame("harbinger.run_if_alive", who=character,
                                      effects=list(rule["effects"]), source={"card": c}))
    # pushed last: the Flail of Blood's second die comes before the other answers to the result
    return second_die(state, character, result)


def roll_read(state):
    """What :func:`combat_resolved`, and the frames it pushes, read of the numbers compared in
    the combat in progress (the character's battle roll, the creature's die, the scores), not
    only its result: True, nothing; a tuple, whether the character's roll is one of the rolls
    of each Herald in the combat whose roll (``data.on_roll``) is of this combat's kind (its
    frame is pushed on those rolls, not on the others, and reads nothing more); False, the
    numbers themselves (a held card's second die, the Flail of Blood: added to the score,
    doubles with the roll).  The other frames it pushes (a beaten card's, a held card's
    ``battle_won``, a Horseman's, an Omen's ``after_win`` effects) run card effects, which read
    no battle roll, die or score, and clear no result."""
    b = state.battle
    if b is None or b["opponent"] is not None:
        return True
    if b["kind"] == "battle" and b.get("roll") is not None:
        ch = state.characters[b["who"]]
        if _wielded_second_die(state, ch):
            return False
    heralds = []
    for c in _cards_in_combat(state):
        rule = st.cdata(c).get("on_roll")
        if rule and b["kind"] == rule["kind"]:
            heralds.append((c, b.get("roll") in rule["rolls"]))
    return tuple(heralds) if heralds else True


def fate_read(state):
    """Whether what exact odds ask of :func:`combat_resolved` in the combat in progress (its
    declarations: the results it answers, what it reads of the roll, its offers) may read a
    fighter's Fate or whether his roll was re-rolled (odds19): only a beaten card's effects
    holding a table roll do (:func:`beaten_harmless` asks ``chars.may_reroll`` for it: "if he may
    pay a Fate to roll again"); the rest reads the battle's cards, the fighters' records but
    their Fate, and the top Omen."""
    return any(_rolls(st.cdata(c).get("beaten") or ()) for c in _cards_in_combat(state))


def _rolls(effects):
    """Whether ``effects`` (a card's list) hold a ``roll`` effect (:func:`_harmless_in` asks the
    Fate for such a roll only; the effects of its table are judged under it)."""
    return any("roll" in effect for effect in effects)


def held_rules(state, character, result):
    """A held card's ``data.battle_won`` effects (the Armour of Humility: a battle won costs a
    life unless a fate is paid), once the result stands as a win in battle: the fighter's, or,
    between characters, the defender's as the victor (RESOLVING COMBAT BETWEEN CHARACTERS: "The
    Character with the higher Combat Score wins the Combat"; rulings R-FC13.1)."""
    b = state.battle
    if b is None or b["who"] != character or b["kind"] != "battle":
        return state
    for who, step in ((b["opponent"], "harbinger.held_won_defending"), (character, "harbinger.held_won")):
        if who is None:
            continue
        ch = state.characters[who]
        held = [c for c in dict.fromkeys(tuple(ch.objects) + tuple(ch.followers))
                if st.cdata(c).get("battle_won")]
        if held and not ch.toad_turns:
            state = push(state, frame(step, who=who, cards=held))
    return state


def second_die(state, character, result):
    """A held card's ``data.second_die`` (the Flail of Blood: "must roll 2 dice added for your
    battle attack roll; doubles = automatic defeat"): in a battle of its holder the second die
    is rolled once the scores are compared (the base keeps one die), added to his score, and
    the result compared again; the same number twice loses the battle."""
    b = state.battle
    if b is None or b["who"] != character or b["kind"] != "battle" or b.get("roll") is None \
            or result not in ("won", "lost", "standoff"):
        return state
    held = _wielded_second_die(state, state.characters[character])
    if not held:
        return state
    return push(state, frame("harbinger.second_die", who=character, card=held[0]))


def _wielded_second_die(state, ch):
    """The held cards with ``data.second_die`` that ``ch`` may use (none while a Toad): the
    Flail of Blood is a weapon, so the Monk and the Priest carry it, Cursed, but never wield it
    (rulings R-TR10.9)."""
    if ch.toad_turns:
        return []
    return [c for c in dict.fromkeys(ch.objects)
            if st.cdata(c).get("second_die") and chars.usable(ch, load().cards[c], state)]


@declare(reads_scores=True)
def second_die_step(state, who, card):
    b = state.battle
    if b is None or b.get("result") not in ("won", "lost", "standoff"):
        return state
    return request_roll(state, "d6", f"the {card}'s second die for {who}", "harbinger.second_rolled",
                        who=who, card=card)


@declare(reads_scores=True)
def second_rolled(state, action, who, card):
    b = state.battle
    scores = next((e for e in reversed(state.log) if e.name == "combat_scores"
                   and e.data.get("character") == who), None)
    if b is None or scores is None:
        return state
    die = sum(action.dice)
    mine, theirs = scores.data["character_score"] + die, scores.data["opponent_score"]
    state = log(state, "combat_scores", **{**dict(scores.data), "character_score": mine,
                                           "second_die": die, "added_by": card})
    if die == b["roll"]:
        result = "lost"
        state = log(state, "doubles_rolled", character=who, card=card, roll=die)
    else:
        result = "won" if mine > theirs else "lost" if mine < theirs else "standoff"
        result = adjust(state, "combat_result", result, character=who, kind=b["kind"],
                        enemies=[e["name"] for e in b["enemies"]], opponent=b["opponent"])
    if result != b["result"]:
        state = log(state, "combat_result_changed", character=who, card=card, result=result)
    return replace(state, battle=b.set("result", result))


def _on_win(state, who, cards, field, space=None, result="won"):
    """Each card's ``data.<field>`` effects for ``who``, once the combat's result stands as
    ``result`` (a win of its fighter; ``lost``: of the defending character) (nothing otherwise,
    or once the game is over); ``space``: the source's space."""
    b = state.battle
    if b is None or b.get("result") != result or state.outcome is not None:
        return None
    for c in reversed(cards):
        source = {"card": c} if space is None else {"card": c, "space": space}
        state = push(state, frame("harbinger.run_if_alive", who=who, effects=list(st.cdata(c)[field]),
                                  source=source))
    return state


@declare(acts_on=("won",))
def held_won(state, who, cards):
    """Rule step: the battle stands as won: each held card's ``battle_won`` effects."""
    after = _on_win(state, who, cards, "battle_won")
    return state if after is None else after


@declare(acts_on=("lost",))
def held_won_defending(state, who, cards):
    """Rule step: the battle between characters stands as lost by its attacker, so won by the
    defending character ``who``: each of his held cards' ``battle_won`` effects (rulings
    R-FC13.1)."""
    after = _on_win(state, who, cards, "battle_won", result="lost")
    return state if after is None else after


def discards_to_deck(state, params, actor, source):
    """The Harbinger discard pile is shuffled back into the Harbinger deck (Stones of Time)."""
    pile = list(state.discards.get("harbinger", ()))
    if not pile:
        return state
    cards, dice = shuffle(state.dice, list(state.decks.get("harbinger", ())) + pile)
    state = replace(state, dice=dice, decks=state.decks.set("harbinger", pvector(cards)),
                    discards=state.discards.set("harbinger", pvector()))
    return log(state, "discards_shuffled_back", deck="harbinger", cards=len(pile), cause=_cause(source))


def revelations(state, params, actor, source):
    """Revelations (card-data.md 2.2): the top ``count`` Harbinger cards, looked at in secret,
    go on top of the Adventure deck in the order the actor chooses."""
    return _look_and_put(state, actor, "harbinger", "adventure", params["count"], _cause(source))


def augury(state, params, actor, source):
    """Augury (card-data.md 2.4: "look at the top 4 of any deck, reorder"): the actor chooses a
    deck holding cards (``deck:<deck>``), looks at its top ``count`` cards in secret and puts
    them back on top in the order he chooses."""
    decks = [d for d in sorted(state.decks) if state.decks[d]]
    if not decks:
        return log(state, "no_effect", character=actor, reason="every deck is empty", source=_cause(source))
    return decide(state, actor, "deck", [f"deck:{d}" for d in decks], "harbinger.augury_deck",
                  prompt="the deck to look into", actor=actor, count=params["count"], cause=_cause(source))


def augury_deck(state, action, actor, count, cause):
    deck = action.args[0]
    return _look_and_put(state, actor, deck, deck, count, cause)


def _look_and_put(state, actor, frm, to, count, cause):
    deck = list(state.decks.get(frm, ()))
    cards, rest = deck[:count], deck[count:]
    if not cards:
        return log(state, "no_effect", character=actor, reason=f"the {frm} deck is empty", source=cause)
    state = replace(state, decks=state.decks.set(frm, pvector(rest)))
    state = log(state, "cards_seen", character=actor, deck=frm, cards=cards, seen_by=actor)
    return _revelation_offer(state, actor, cards, cause, to)


def _in_hand(state, cards, actor=None):
    """The cards looked at and not yet put: kept where the invariants find them
    (``ext.harbinger.cards.revelations``), seen by ``actor`` alone (:func:`player_view`)."""
    d = st.data(state)
    held = d.get("cards", pmap())
    if cards:
        held = held.set("revelations", pvector(cards))
        d = d.set("revelations_by", actor)
    else:
        held = held.discard("revelations")
        d = d.discard("revelations_by")
    return replace(state, ext=state.ext.set(st.EXP, d.set("cards", held)))


def player_view(state, view, player):
    """Value hook: the Harbinger cards a Revelations drawer is still putting are his secret."""
    d = st.data(view)
    held = d.get("cards", pmap()).get("revelations")
    if not held or d.get("revelations_by") == player:
        return view
    cards = d["cards"].set("revelations", pvector(["hidden"] * len(held)))
    return replace(view, ext=view.ext.set(st.EXP, d.set("cards", cards)))


def _revelation_offer(state, actor, cards, cause, to="adventure"):
    state = _in_hand(state, cards, actor)
    if len(set(cards)) == 1:  # one card (or copies of one): no order to choose
        state = _in_hand(state, [])
        for c in cards:
            state = _put_on_deck(state, actor, c, cause, to)
        return state
    return decide(state, actor, "revelation", [f"put:{c}" for c in dict.fromkeys(cards)],
                  "harbinger.revelation_put", prompt=f"the next card onto the {to} deck (the last put is on top)",
                  actor=actor, cards=list(cards), cause=cause, **({} if to == "adventure" else {"to": to}))


def revelation_put(state, action, actor, cards, cause, to="adventure"):
    card = action.args[0]
    rest = list(cards)
    rest.remove(card)
    state = _put_on_deck(_in_hand(state, rest, actor), actor, card, cause, to)
    return _revelation_offer(state, actor, rest, cause, to) if rest else state


def _put_on_deck(state, actor, card, cause, to="adventure"):
    deck = state.decks.get(to, pvector())
    state = replace(state, decks=state.decks.set(to, pvector([card]) + pvector(deck)))
    return log(state, "card_put_on_deck", character=actor, deck=to, cards=[card],
               seen_by=actor, cause=cause)


def _harmless_in(state, who, effects):
    """Whether every effect of ``effects`` (a beaten card's list, run for the fighter ``who``)
    changes no result, fights on in none and ends no game in ``state`` (odds16): one of
    :data:`NEUTRAL_EFFECTS`, ``nothing``, the top Omen discarded where that is harmless
    (``omens.discard_harmless``: the Doomsday Prophet's), or a table roll of the fighter's
    (``roll``: "a die of 1-2 discards the top Omen") whose every entry is harmless, where
    nothing listens to a table roll (``table_rolled``: a held card reacting to it, the Blood
    Moon's Black Cat) and, if he may pay a Fate to roll again, every listener to a re-roll is
    idle (``fate_rerolled``: the Witch Cat's Toad)."""
    for effect in effects:
        if len(effect) != 1:
            return False
        (kind, params), = effect.items()
        if kind == "nothing" or (kind == "discard_omen" and not params and omens.discard_harmless(state)):
            continue
        if kind == "roll":
            if (set(params) != {"dice", "table"} or subscribed(state, "table_rolled")
                    or (chars.may_reroll(state, who, False) and not _rerolls_idle(state))
                    or not all(_harmless_in(state, who, then) for then in params["table"].values())):
                return False
            continue
        if not _neutral(kind, params):
            return False
    return True


def _rerolls_idle(state):
    """Whether every ``fate_rerolled`` listener declares itself idle in ``state`` (``idle``)."""
    return all(declares(fn, "idle", state) for _, fn in RULESET.listeners(state, "fate_rerolled"))


def beaten_harmless(state, args):
    """Declared on :func:`beaten` for exact odds (``neutral_in``, read by
    ``harbinger.answers_result`` at the creature's roll): with these cards, in ``state``, what it
    runs changes no result, fights on in none and ends no game (:func:`_harmless_in`)."""
    return all(_harmless_in(state, args["who"], st.cdata(c)["beaten"]) for c in args["cards"])


@declare(acts_on=("won",),
         neutral=lambda args: all(neutral_effects(st.cdata(c)["beaten"]) for c in args["cards"]),
         neutral_in=beaten_harmless)
def beaten(state, who, cards):
    """Rule step: the result stands as a win: each beaten card's ``beaten`` effects."""
    after = _on_win(state, who, cards, "beaten", space=state.characters[who].space)
    return state if after is None else log(after, "harbinger_beaten", character=who, cards=list(cards))


def attack_on_roll(enemy, kind, roll):
    """What an enemy adds to its attack for the character's battle ``roll`` in a fight of
    ``kind`` against creatures: the Herald of War's +2 on a battle roll of 4-6
    (``attack_on_roll: {kind, rolls, amount}``), else 0."""
    c = load().cards.get(enemy)
    rule = None if c is None else (c.data or {}).get("attack_on_roll")
    return rule["amount"] if rule and kind == rule["kind"] and roll in rule["rolls"] else 0


def attack_score(state, score, enemy, kind=None):
    """Value hook part: the Herald of War's +2 on a character's 4-6, the Skeleton King's +1 per
    trophy point, a Skeleton trophy's +1 to Spirits and Undead fighting its holder."""
    c = load().cards.get(enemy)
    b = state.battle
    if c is None or b is None or b["opponent"] is not None:
        return score
    d = c.data or {}
    score += attack_on_roll(enemy, kind, b.get("roll"))
    who = b["who"]
    if d.get("attack_per_trophy"):
        score += d["attack_per_trophy"] * trophy_points(state, who)
    if c.type == "enemy":
        for t in state.characters[who].trophies:
            bonus = (load().cards[t].data or {}).get("as_trophy", {}).get("attack_bonus")
            if bonus and c.subtype in bonus["subtypes"]:
                score += bonus["amount"]
    return score


def trophy_points(state, cid):
    """Trophy points: the Strength and Craft of every trophy held, each trophy worth what the
    Vengeful Ghosts take off (never below nothing)."""
    less = held.trophy_value_less(state, cid)
    return sum(max(0, (load().cards[t].strength or 0) + (load().cards[t].craft or 0) - less)
               for t in state.characters[cid].trophies)


# --- the Necropolis ------------------------------------------------------------------------

def draw_from_discards(state, cid, space, count):
    """The Necropolis: the Adventure discard pile is shuffled and up to ``count`` cards are
    drawn from it onto the space (as drawn cards)."""
    pile = list(state.discards.get("adventure", ()))
    if count <= 0 or not pile:
        return log(state, "drawn_from_discards", character=cid, cards=[], space=space, cause="Necropolis")
    order, dice = shuffle(state.dice, pile)
    top, rest = order[:count], order[count:]
    state = replace(state, dice=dice, discards=state.discards.set("adventure", pvector(rest)))
    state = log(state, "drawn_from_discards", character=cid, cards=list(top), space=space,
                cause="Necropolis")
    return encounters.draw_held(state, space, top)  # under resolution until each is drawn


EFFECTS = {
    "lowest_roll": lowest_roll, "target_other": target_other, "trophy_to_space": trophy_to_space,
    "discard_possession": discard_possession, "convert_counters": convert_counters,
    "followers_for_lives": followers_for_lives, "discard_trophy": discard_trophy,
    "combat_standoff": combat_standoff, "harbinger_discards_to_deck": discards_to_deck,
    "revelations": revelations, "augury": augury,
}

SCHEMAS = {
    "lowest_roll": _obj(effects=_EFFECTS, terrain={"anyOf": [{"const": "random"}, _ID]},
                        terrain_each={"type": "boolean"}),
    "target_other": _obj(effects=_EFFECTS, then=_EFFECTS,
                         take={"type": "array", "minItems": 1, "items": {
                             "enum": ["follower", "object", "magic_object", "gold"]}},
                         give={"enum": ["random_follower"]}),
    "trophy_to_space": _obj(space=_ID),
    "discard_possession": _obj(),
    "convert_counters": _obj(["from", "to"], **{"from": _COUNTER, "to": _COUNTER}),
    "followers_for_lives": _obj(),
    "discard_trophy": _obj(),
    "combat_standoff": _obj(),
    "harbinger_discards_to_deck": _obj(),
    "revelations": _obj(["count"], count={"type": "integer", "minimum": 1}),
    "augury": _obj(["count"], count={"type": "integer", "minimum": 1}),
}

STEPS = {
    **LOWEST.steps(),
    "harbinger.lowest_terrain": lowest_terrain, "harbinger.run_if_alive": run_if_alive,
    "harbinger.target_chosen": target_chosen, "harbinger.take_from": take_from,
    "harbinger.taken_from": taken_from, "harbinger.trophy_chosen": trophy_chosen,
    "harbinger.trophy_discarded": trophy_discarded,
    "harbinger.possession_discarded": possession_discarded,
    "harbinger.kill_follower": kill_follower_step, "harbinger.beaten": beaten,
    "harbinger.necropolis_draw": draw_from_discards, "harbinger.held_won": held_won,
    "harbinger.held_won_defending": held_won_defending,
    "harbinger.second_die": second_die_step, "harbinger.second_rolled": second_rolled,
    "harbinger.revelation_put": revelation_put, "harbinger.augury_deck": augury_deck,
}
