"""The effect interpreter: where card and space data meet the rules.

Every effect name of the vocabulary (``talisman.effects_schema``, ``docs/effects.md``) maps
to one function here, ``fn(state, params, actor, source) -> state``.  A list of effects runs
one step at a time through the ``effects.next`` frame, so an effect that needs a decision
or a roll simply asks for it and the rest of the list waits on the stack.

``source`` is plain data saying where the effect comes from: ``{"card": id, "space": id}``
for a card lying on a space, ``{"space": id}`` for a space's own instructions, or ``{}``.

Cards whose behaviour the vocabulary cannot say get a named handler in :data:`kernel.HANDLERS`
(the only place a card id appears in rule code).
"""
from __future__ import annotations

from pyrsistent import pmap, pvector

from ..engine.ruleset import Plugin, declare
from .hooks import adjust, effect, run_hook, subscribed
from . import kernel
from . import lasting as lasting_rules
from .kernel import on_space, remove_from_space, run_effects, run_effects_now  # noqa: F401  (also effects.<name>)
from ..engine.records import replace
from ..definitions import load
from ..effects_schema import lookup_table
from ..engine.machine import decide, frame, log, push, request_roll
from ..state import update_character
from . import characters as chars
from .characters import region_of, test_holds  # noqa: F401  (also effects.<name>)
from .possessions import (add_possession, drop_followers,  # noqa: F401  (also effects.<name>)
                          gain_talisman, take_card)
from . import combat
from . import abilities
from . import encounters
from . import inner_region
from . import movement
from . import quests
from . import spells
from .winning import HELD_CHECK_STEP, check_last_survivor


#: Schedule effects for an actor (the kernel's ``run_effects``; also ``effects.run``).
run = run_effects


def next_effect(state, effects, actor, source):
    """Rule step: run the first effect, leaving the rest to run after it (and its sub-steps)."""
    if not effects or not state.characters[actor].alive:
        return state
    (name, params), = effects[0].items()
    if len(effects) > 1:
        state = push(state, frame("effects.next", effects=effects[1:], actor=actor, source=source))
    if name == "if":
        # ``if`` (docs/effects.md): the branch the test picks runs before the rest of the list,
        # at once (this step's last act: ``if_``'s frame would be popped next)
        return run_effects_now(state, branch_taken(state, params, actor), actor, source)
    fn = EFFECTS.get(name)
    if fn is None:
        fn = effect(state, name)
        if fn is None:  # an expansion's effect while that expansion is not in play
            return log(state, "effect_ignored", effect=name, reason="its expansion is not in play")
    return fn(state, params, actor, source)


# --- counters and possessions -----------------------------------------------------------

#: What an effect's ``source`` names as its cause (``kernel.cause_of``).
_cause = kernel.cause_of


#: The order counters are changed in when one effect names several (never a hash order:
#: determinism across processes).
COUNTER_ORDER = ("strength", "craft", "fate", "gold", "lives")


def _counters(params):
    return [(k, params[k]) for k in COUNTER_ORDER if k in params]


def gain(state, params, actor, source):
    for which, n in _counters(params):
        state = chars.gain(state, actor, which, n, _cause(source))
    return state


def lose(state, params, actor, source):
    for which, n in _counters(params):
        if n == "all":
            n = getattr(state.characters[actor], which)
        elif n == "earned":  # what was gained above the starting quota
            n = max(0, getattr(state.characters[actor], which)
                    - getattr(load().characters[actor], which, 0))
        if n == 0:
            continue
        if which == "lives":  # the last counter in COUNTER_ORDER: nothing follows it here
            savers = spells.life_savers(state, actor)
            if savers:  # SPELLS cast "whenever needed": Preservation saves the life
                return decide(state, actor, "save_life", ["lose"] + savers,
                              "effects.life_saving_chosen", prompt=f"lose {n} lives ({_cause(source)})",
                              actor=actor, n=n, cause=_cause(source))
            return offer_others_save(state, actor, n, _cause(source))
        state = chars.lose(state, actor, which, n, _cause(source))
        if not state.characters[actor].alive:
            break
    return state


def life_saving_chosen(state, action, actor, n, cause):
    if action.kind in ("cast", "read"):
        save = spells.cast_to_save if action.kind == "cast" else spells.read_to_save
        state = save(state, actor, action.args[0], cause)
        n -= 1  # one life saved
        return chars.lose(state, actor, "lives", n, cause) if n > 0 else state
    return offer_others_save(state, actor, n, cause)


def offer_others_save(state, actor, n, cause, asked=()):
    """SPELLS cast "whenever needed" by another character: Preservation ("save a character's
    life") may be cast by any other holder, in turn order, to save one life the actor would
    lose outside combat; otherwise the lives are lost."""
    for holder, sp in spells.spell_holders(state, actor, "saves_life"):
        if holder not in asked:
            return decide(state, holder, "save_other", ["pass", f"cast:{sp}"], "effects.other_saves",
                          prompt=f"save a life of {actor} ({cause})?", actor=actor, n=n, cause=cause,
                          asked=list(asked) + [holder])
    return chars.lose(state, actor, "lives", n, cause)


def other_saves(state, action, actor, n, cause, asked):
    if action.kind == "pass":
        return offer_others_save(state, actor, n, cause, asked)
    holder = asked[-1]
    state = spells.spend_spell(state, holder, action.args[0], "life_lost")
    state = log(state, "life_preserved", character=actor, card=action.args[0], cause=cause, caster=holder)
    return chars.lose(state, actor, "lives", n - 1, cause) if n > 1 else state


def heal(state, params, actor, source):
    return chars.heal(state, actor, chars.life_value(state, actor) if params == "full" else params,
                      _cause(source))


def heal_for_gold(state, params, actor, source):
    """Pay ``per_life`` gold for each life healed, up to ``max`` lives and never above 4."""
    ch = state.characters[actor]
    most = min(chars.life_value(state, actor) - ch.lives, ch.gold // params["per_life"], params.get("max", 4))
    if most <= 0:
        return log(state, "nothing_to_buy", character=actor, what="healing")
    return decide(state, actor, "heal", [f"heal:{n}" for n in range(0, most + 1)],
                  "effects.healing_bought", prompt=f"{params['per_life']} gold a life",
                  per_life=params["per_life"], actor=actor, source=source)


def healing_bought(state, action, per_life, actor, source):
    n = int(action.args[0])
    if n:
        state = chars.lose(state, actor, "gold", n * per_life, "healing")
        state = chars.heal(state, actor, n, _cause(source))
    return state


def replenish_fate(state, params, actor, source):
    ch = state.characters[actor]
    value = chars.fate_value(state, actor)
    if ch.fate >= value:
        return state
    if state.config.expansions:  # a card that lets no fate be gained (the Blood Moon's Black Cat)
        value = ch.fate + adjust(state, "counter_gain", value - ch.fate, character=actor, counter="fate")
        if value <= ch.fate:
            return log(state, "gain_refused", character=actor, counter="fate", cause=_cause(source))
    state = update_character(state, actor, fate=value)
    return log(state, "fate_replenished", character=actor, value=value, cause=_cause(source))


def replenish_fate_for_gold(state, params, actor, source):
    ch = state.characters[actor]
    most = min(chars.fate_value(state, actor) - ch.fate, ch.gold // params["per_token"])
    if most <= 0:
        return state
    return decide(state, actor, "fate", [f"fate:{n}" for n in range(0, most + 1)],
                  "effects.fate_bought", prompt=f"{params['per_token']} gold a fate token",
                  actor=actor, price=params["per_token"], source=source)


def fate_bought(state, action, actor, price, source):
    n = int(action.args[0])
    if n:
        state = chars.lose(state, actor, "gold", n * price, "buying fate")
        state = chars.gain(state, actor, "fate", n, _cause(source))
    return state


def gain_spells(state, params, actor, source):
    n = 99 if params == "to_limit" else params
    return chars.draw_spells(state, actor, n, _cause(source))


def discard_spells(state, params, actor, source):
    ch = state.characters[actor]
    for sp in ch.spells:
        state = chars.discard(state, sp)
    state = update_character(state, actor, spells=[])
    return log(state, "spells_discarded", character=actor, cards=list(ch.spells), cause=_cause(source))


def set_alignment(state, params, actor, source):
    return chars.set_alignment(state, actor, params, _cause(source))


def become_toad(state, params, actor, source):
    return chars.become_toad(state, actor, params["turns"], _cause(source))


def lose_turn(state, params, actor, source):
    """LOSING A TURN.  EVENT: "Any, which result in the Character losing a turn, end the turn
    immediately" -- once the card's instructions are followed: a card that strikes every
    character of a Region (the Storm, ``each_character``) still strikes the others after the
    drawer (the drawer's turn ends when they are done, ``turn_end_deferred``), and the card met
    is disposed of as after any encounter (an Event is discarded, not left face up)."""
    ch = state.characters[actor]
    if actor == state.current and ch.flag("turn_end_deferred"):
        state = update_character(state, actor, lost_turn=max(1, ch.lost_turn))
        state = log(state, "turn_lost", character=actor)
        return kernel.set_turn_flag(state, actor, "turn_end_due", source)
    if actor == state.current:
        state = _dispose_met_card(state, source)
    return kernel.lose_turn(state, actor)


def _dispose_met_card(state, source):
    """The card met whose instruction ends the turn is disposed of as the encounter would
    have done after it (ADVENTURE CARDS WHICH REMAIN ON THE BOARD: only the cards not met stay
    face up): an Event or a Stranger/Place that does not stay goes to the discards."""
    card, space = source.get("card"), source.get("space")
    if not card or not space or card not in state.board_cards.get(space, ()):
        return state
    if load().cards[card].type in encounters.TAKEABLE or load().cards[card].type == "enemy":
        return state  # claimed cards and enemies are not met this way (trophies, followers...)
    return encounters.dispose(state, space, card)


def deferred_turn_end(state, actor):
    """Rule step: the effects for every character are done; a turn the current character lost
    meanwhile ends now (see :func:`lose_turn`)."""
    ch = state.characters[actor]
    if not ch.alive:
        # the drawer died under the card: his turn ends now that the others are dealt with
        return kernel.end_turn_now(state) if state.current == actor else state
    due = ch.flag("turn_end_due")
    flags = ch.turn_flags.discard("turn_end_deferred").discard("turn_end_due")
    state = update_character(state, actor, turn_flags=flags)
    if due is None or state.current != actor:
        return state
    return kernel.end_turn_now(_dispose_met_card(state, due))


def miss_turns(state, params, actor, source):
    """``params`` more turns to sit out later (the Instructor's lessons: "one missed turn
    each"); unlike ``lose_turn`` the turn in progress goes on."""
    ch = state.characters[actor]
    state = update_character(state, actor, lost_turn=ch.lost_turn + params)
    return log(state, "turns_to_miss", character=actor, turns=params, cause=_cause(source))


def _follower_gone(state, actor, follower, cause):
    """One Follower lost: it is killed (Preservation may save it, a Henchman too: "considered
    Followers for any pertaining rules")."""
    return kill_follower(state, actor, follower, cause)


def lose_follower(state, params, actor, source):
    ch = state.characters[actor]
    others = chars.other_followers(state, actor)
    if not ch.followers and not others:
        return state
    if not isinstance(params, (int, str)):  # {card: id}: that Follower, if still held
        card = params["card"]
        return _follower_gone(state, actor, card, _cause(source)) if card in ch.followers or card in others else state
    if params == "all":
        for f in others:
            state = _follower_gone(state, actor, f, _cause(source))
        return drop_followers(state, actor, list(ch.followers), _cause(source)) if ch.followers else state
    choices = chars.all_followers(state, actor, distinct=True)
    if len(choices) == 1:
        return _follower_gone(state, actor, choices[0], _cause(source))
    return decide(state, actor, "follower", [f"lose:{f}" for f in choices],
                  "effects.follower_lost", prompt="lose a follower", actor=actor, source=source)


def lose_lives_or_followers(state, params, actor, source):
    """Lose ``params`` lives, each of which a Follower given up may prevent (the Vampire's
    Tower: "each Follower discarded prevents 1 life loss", talisman-facts.md): the character
    gives up Followers one at a time (``give:<card>``) or takes the rest as lives (``lose``)."""
    followers = chars.all_followers(state, actor, distinct=True)
    if not followers:
        return lose(state, {"lives": params}, actor, source)
    return decide(state, actor, "drain", ["lose"] + [f"give:{f}" for f in followers],
                  "effects.drain_chosen", prompt=f"lose {params} lives or give up Followers",
                  n=params, actor=actor, source=source)


def drain_chosen(state, action, n, actor, source):
    if action.kind == "lose":
        return lose(state, {"lives": n}, actor, source)
    given = action.joined()
    if given in state.characters[actor].followers:
        state = drop_followers(state, actor, [given], _cause(source))
    else:  # a Henchman given up
        state = run_hook(state, "other_follower_lost", character=actor, follower=given, cause=_cause(source))
    return lose_lives_or_followers(state, n - 1, actor, source) if n > 1 else state


def roll_for_each_follower(state, params, actor, source):
    """A die for each Follower, one after the other; on a result in ``dies_on`` that
    Follower is killed (LOSING FOLLOWERS: discarded).  The Chasm: "Roll 1 die for yourself
    and 1 per Follower" (talisman-facts.md).  Each is an ordinary roll (FATE may re-roll it)."""
    sides = int(params["dice"][1:])
    rolls = [{"roll": {"dice": params["dice"], "table": {
        str(n): [{"lose_follower": {"card": f}}] if n in params["dies_on"] else [{"nothing": {}}]
        for n in range(1, sides + 1)}}}
        for f in chars.all_followers(state, actor)]
    return run(state, rolls, actor, source)


def follower_lost(state, action, actor, source):
    return _follower_gone(state, actor, action.joined(), _cause(source))


def kill_follower(state, actor, card, cause, asked=()):
    """LOSING FOLLOWERS: "Any Followers that are killed must be discarded" -- unless a Spell
    saves it (Preservation: "save a character's life or a Follower", ``data: {saves_follower:
    true}``), cast "whenever needed" by its owner or, in turn order, by another character."""
    if actor not in asked and spells.can_cast(state, actor):
        own = [sp for sp in dict.fromkeys(state.characters[actor].spells)
               if (load().cards[sp].data or {}).get("saves_follower")]
        if own:
            return decide(state, actor, "save_follower", ["lose"] + [f"cast:{sp}" for sp in own],
                          "effects.follower_saving_chosen", prompt=f"the {card} is killed ({cause})",
                          actor=actor, card=card, cause=cause, asked=list(asked) + [actor])
    for holder, sp in spells.spell_holders(state, actor, "saves_follower"):
        if holder not in asked:
            return decide(state, holder, "save_follower", ["pass", f"cast:{sp}"],
                          "effects.follower_saving_chosen", prompt=f"save {actor}'s {card} ({cause})?",
                          actor=actor, card=card, cause=cause, asked=list(asked) + [holder])
    if card in state.characters[actor].followers:
        return drop_followers(state, actor, [card], cause)
    # a Follower that is no card (a Henchman) leaves through its plugin
    return run_hook(state, "other_follower_lost", character=actor, follower=card, cause=cause)


def follower_saving_chosen(state, action, actor, card, cause, asked):
    if action.kind in ("lose", "pass"):
        return kill_follower(state, actor, card, cause, asked)
    state = spells.spend_spell(state, asked[-1], action.args[0], "follower_saved")
    return log(state, "follower_preserved", character=actor, card=card, caster=asked[-1], cause=cause)


def taken_from_discards(state, action, actor, cause):
    """Rule step: a card chosen from the Adventure discards (``take:<card>``, or ``done``)
    joins the actor's possessions (cards of the expansions that take a card back)."""
    if action.kind == "done":
        return state
    card = action.args[0]
    state = chars.take_from_discards(state, card)
    state = log(state, "taken_from_discards", character=actor, card=card, cause=cause)
    return add_possession(state, actor, card, cause)


def sell_objects(state, params, actor, source):
    """Sell any Objects for ``price`` gold each (one at a time, until done); a Magic Object only
    when its card says ``data.sold_as_object`` (the Blood Moon's Living Doll, sold to the
    Alchemist).  ``trade: false``: a conversion with no one to trade with (the Alchemy Spell),
    logged as ``object_converted``."""
    ch = state.characters[actor]
    cards = load().cards
    options = [f"sell:{c}" for c in dict.fromkeys(ch.objects)
               if cards[c].type == "object" or (cards[c].data or {}).get("sold_as_object")]
    if not options:
        return state
    return decide(state, actor, "sell", options + ["done"], "effects.sold",
                  prompt=f"{params['price']} gold each", actor=actor, params=params, source=source)


def sold(state, action, actor, params, source):
    if action.kind == "done":
        return state
    card_id = action.args[0]
    state = chars.remove_objects(state, actor, [card_id])
    state = chars.discard(state, card_id)
    event = "object_sold" if params.get("trade", True) else "object_converted"
    state = log(state, event, character=actor, card=card_id, price=params["price"])
    state = chars.gain(state, actor, "gold", params["price"], "sale")
    return sell_objects(state, params, actor, source)


def buy(state, params, actor, source):
    """PURCHASE CARDS: buy from the Purchase stock; no card left, no purchase; no Object the
    buyer may not use (R-PS10.6)."""
    ch = state.characters[actor]
    stock = state.decks.get("purchase", ())
    # (POSSESSIONS: "No Character may possess an Object they are not permitted to use": such an
    # Object is not offered for sale to him, rulings R-PS10.6)
    options = [f"buy:{item}" for item, price in sorted(params["items"].items())
               if item in stock and ch.gold >= price and not (ch.raft and movement.is_raft(item))
               and chars.usable(ch, load().cards[item])]
    if not options:
        return state
    return decide(state, actor, "buy", options + ["done"], "effects.bought", prompt="buy",
                  actor=actor, params=params, source=source)


def bought(state, action, actor, params, source):
    if action.kind == "done":
        return state
    item = action.args[0]
    state = chars.lose(state, actor, "gold", params["items"][item], f"bought {item}")
    if movement.is_raft(item):  # Rafts: no possession; "back with the Purchase Cards" once used or lost
        state = movement.acquire_raft(state, actor, None, "purchase", bought=item)
        return buy(state, params, actor, source)
    state = take_card(state, actor, "purchase", item, "purchase")
    return buy(state, params, actor, source)


def take_counters_from_card(state, params, actor, source):
    """A card holding a stock of counters (its own Strength or Craft value): take
    ``per_visit``; the card is discarded when none are left."""
    key = f"{source['space']}/{source['card']}"
    c = load().cards[source["card"]]
    left = state.card_stock.get(key, getattr(c, params["counter"]) or 0)
    n = min(left, params["per_visit"])
    state = chars.gain(state, actor, params["counter"], n, source["card"])
    left -= n
    state = replace(state, card_stock=state.card_stock.set(key, left))
    if left <= 0:
        state = replace(state, card_stock=state.card_stock.discard(key))
        state = kernel.remove_drawn(state, source["space"], source["card"])
        state = chars.discard(state, source["card"])
    return state


# --- control --------------------------------------------------------------------------------

def roll(state, params, actor, source):
    return request_roll(state, params["dice"], f"{_cause(source)} roll of {actor}",
                        "effects.rolled", params=params, actor=actor, source=source)


def rolled(state, action, params, actor, source, kept=None):
    """FATE: the roller may pay a fate token to roll again before the table is read: of a roll
    of several dice (the Death space's 2D6), one die, the others ``kept`` (rulings R-RF14.1)."""
    new, action = action.dice, chars.rerolled_roll(action, kept)
    total = sum(action.dice)
    if params.get("rerolled"):
        state = chars.fate_rerolled(state, actor, new, _cause(source))
    rerolls = chars.fate_options(state, actor, action.dice, params.get("rerolled"))
    if rerolls:
        return decide(state, actor, "fate", ["keep", *rerolls],
                      "effects.roll_fate",
                      prompt=f"rolled {total} for {_cause(source)}", params=params, actor=actor,
                      source=source, total=total, dice=list(action.dice))
    return roll_kept(state, params, actor, source, total, action.dice)


def roll_kept(state, params, actor, source, total, dice):
    """The roll stands: the ``table_rolled`` hook sees its dice, then the table is read."""
    if subscribed(state, "table_rolled"):
        state = run_hook(state, "table_rolled", character=actor, roll=total, dice=list(dice),
                         cause=_cause(source))
    return read_table(state, params, actor, source, total)


def roll_fate(state, action, params, actor, source, total, dice=None):
    if action.kind == "keep":
        return roll_kept(state, params, actor, source, total, dice if dice is not None else [total])
    state, spec, args = chars.pay_fate(state, actor, total, params["dice"], dice if dice is not None else [total],
                                       action)
    return request_roll(state, spec, f"{_cause(source)} re-roll of {actor}",
                        "effects.rolled", params=params.set("rerolled", True), actor=actor,
                        source=source, **args)


def read_table(state, params, actor, source, total):
    if state.config.expansions and "prayer_bonus" in params.get("bonus", {}) and "added" not in params:
        # a prayer: the expansions' moment to add to the roll before the table is read
        state = push(state, frame("effects.prayer_read", params=params, actor=actor, source=source,
                                  total=total))
        return run_hook(state, "prayer_rolled", character=actor, roll=total)
    value = total + params.get("added", 0)
    if "add" in params:
        value += chars.total(state, actor, params["add"])
    if "subtract" in params:
        value -= chars.total(state, actor, params["subtract"])
    for ability, n in params.get("bonus", {}).items():
        if chars.has_ability(state, actor, ability):
            value += n  # e.g. the Priest's and the Monk's +1 to prayers
    if subscribed(state, "table_roll"):
        value = adjust(state, "table_roll", value, character=actor, space=source.get("space"),
                       card=source.get("card"), roll=total)
    state = log(state, "table_roll", character=actor, source=_cause(source), roll=total, result=value)
    # (the last act of the rule steps that read a table, ``rolled``, ``roll_fate`` and
    # ``prayer_read``: the result's effects run at once)
    return run_effects_now(state, lookup_table(params["table"], value), actor, source)


def prayer_read(state, params, actor, source, total, added=0):
    """After the ``prayer_rolled`` hook: the table is read with what a hook added (its answer
    ``added``, given to this waiting step)."""
    return read_table(state, params.set("added", added), actor, source, total)


#: The gains a Toad cannot have ("may not Gain Strength or Craft", "nor may they Gain any"
#: Spells, "cannot have any Possessions": Gold, Scrolls, a Talisman; docs/rulings.md R-TE13.6)
_TOAD_REFUSED = {"gain_spells", "gain_scrolls", "gain_talisman"}


def _nothing_for_a_toad(state, option, actor):
    """Whether ``option`` of a choice gives ``actor``, a Toad, nothing: every effect of it a gain
    he cannot have (the Enchanter's wish of gold).  Such an option is not offered to him, as a
    trade that gains nothing is not (rulings 13, F5; docs/rulings.md R-FD13.2)."""
    if not state.characters[actor].toad_turns or not option.get("effects"):
        return False
    for entry in option["effects"]:
        if len(entry) != 1:
            return False
        (kind, params), = entry.items()
        if not (kind in _TOAD_REFUSED or (kind == "gain" and set(params) <= {"gold", "strength", "craft"})):
            return False
    return True


def choose(state, params, actor, source):
    options = [o for o in params if test_holds(state, o.get("require", {}), actor)
               and not _nothing_for_a_toad(state, o, actor) and not _visit_refused(state, o, actor)]
    if not options:
        return log(state, "no_choice_possible", character=actor, source=_cause(source))
    return decide(state, actor, "choose", [f"choose:{o['id']}" for o in options],
                  "effects.chosen", prompt=f"{_cause(source)}", choices=params, actor=actor,
                  source=source)


#: The effects that are only a payment (a visit to the Blacksmith, the Healer, the Doctor).
_PAYMENTS = ("buy", "heal_for_gold")


def _visit_refused(state, option, actor):
    """Whether the option ``visit_without_gold: refused`` takes ``option`` away: a choice whose
    every effect is a payment, offered to a character with no Gold (rulings R-RULE16.2; the
    default ``allowed`` keeps it, a visit that buys nothing: R-MEND16.1)."""
    if state.option("visit_without_gold") != "refused" or state.characters[actor].gold:
        return False
    effects = option.get("effects") or ()
    return bool(effects) and all(set(e) <= set(_PAYMENTS) for e in effects)


def chosen(state, action, choices, actor, source):
    opt = next(o for o in choices if o["id"] == action.args[0])
    state = log(state, "chose", character=actor, option=opt["id"], source=_cause(source))
    # (the rule step's last act: the chosen effects run at once)
    if opt.get("again"):  # the same choice is offered again afterwards (several lessons)
        return run_effects_now(state, list(opt["effects"]) + [{"choose": choices}], actor, source)
    return run_effects_now(state, opt["effects"], actor, source)


def branch_taken(state, params, actor):
    """The effects of an ``if``: ``then`` where its test holds, else ``else`` (or none)."""
    return params["then"] if test_holds(state, params["test"], actor) else params.get("else", ())


def if_(state, params, actor, source):
    """The ``if`` effect called by name (a hook's or a card's own handler): its branch is
    scheduled (``effects.next`` runs it, the list from :func:`next_effect` runs it at once)."""
    return run(state, branch_taken(state, params, actor), actor, source)


def each_character(state, params, actor, source):
    """Run effects for each matching living character, in seating order from the actor."""
    here = state.characters[actor]
    order = state.order
    i = order.index(actor)
    targets = []
    for cid in order[i:] + order[:i]:
        ch = state.characters[cid]
        if not ch.alive:
            continue
        w = params["where"]
        if (w == "others" and cid == actor) or \
                (w == "region" and region_of(ch.space) != region_of(here.space)) or \
                (w == "space" and ch.space != here.space):
            continue
        targets.append(cid)
    targets = adjust(state, "effect_targets", tuple(targets), actor=actor, source=source)
    cur = state.current
    if cur in targets and not state.characters[cur].flag("turn_end_deferred"):
        # EVENT: a lost turn ends the drawer's turn only once every character is dealt with
        state = push(state, frame("effects.deferred_turn_end", actor=cur))
        state = kernel.set_turn_flag(state, cur, "turn_end_deferred")
    if len(targets) > 1:
        # one effect for all of them: the last survivor is looked for once every one is struck
        # (KING OF THE HILL; docs/rulings.md R-FIX15D.4)
        state = push(state, frame(HELD_CHECK_STEP))
    for cid in reversed(targets):
        state = run(state, params["effects"], cid, source)
    return state


def survivors_checked(state):
    """Rule step: an effect has struck every character it names; KING OF THE HILL's last
    survivor (or no one alive) is looked for now."""
    return check_last_survivor(state)


def nothing(state, params, actor, source):
    return state


# --- combat -----------------------------------------------------------------------------------

def fight(state, params, actor, source):
    """A creature that is not a card attacks; ``add_roll`` rolls its extra Strength first;
    ``until_won``: the space holds the character until the creature is beaten (one who stays
    to fight on meets the same creature: ``inner_region.kept_creature``)."""
    if params.get("until_won") and "add_roll" in params and "rolled" not in params:
        kept = inner_region.kept_creature(state, actor)
        if kept is not None:
            params = params.set("rolled", kept)
    if "add_roll" in params and "rolled" not in params:
        return request_roll(state, params["add_roll"], f"the {params['name']}'s Strength",
                            "effects.fight_rolled", params=params, actor=actor, source=source)
    enemy = {"name": params["name"], "card": None, "value": params["strength"] + params.get("rolled", 0)}
    if params.get("until_won"):
        state = inner_region.hold(state, actor)
        won = {"step": "effects.next", "args": {"effects": [{"release": {}}], "actor": actor,
                                                "source": source}}
        # not beaten: the same creature waits for him (its die kept while the space holds him)
        kept = ({"step": "inner.creature_kept", "args": {"who": actor, "rolled": params["rolled"]}}
                if "add_roll" in params else None)
        return combat.start_combat(state, actor, "battle", [enemy], on_win=won, on_lose=kept,
                                   on_standoff=kept)
    if "on_win" in params or "on_lose" in params:
        # what follows a win / a loss (an Alternative Ending card's creature); ``evadable``
        # false: "None of the creatures in the Inner Region ... can be evaded"
        then = {r: ({"step": "effects.next", "args": {"effects": params[r], "actor": actor,
                                                       "source": source}} if params.get(r) else None)
                for r in ("on_win", "on_lose")}
        return combat.start_combat(state, actor, "battle", [enemy], on_win=then["on_win"],
                                   on_lose=then["on_lose"], on_standoff=None,
                                   evadable=params.get("evadable", True))
    return combat.start_combat(state, actor, "battle", [enemy], on_win=None,
                               on_lose=None, on_standoff=None)


def fight_rolled(state, action, params, actor, source):
    return fight(state, params.set("rolled", sum(action.dice)), actor, source)


def fight_in_succession(state, params, actor, source):
    return inner_region.fight_in_succession(state, params, actor)


def contest(state, params, actor, source):
    return inner_region.contest(state, params, actor)


def hold(state, params, actor, source):
    return inner_region.hold(state, actor)


def release(state, params, actor, source):
    return inner_region.release(state, actor)


def command_spell(state, params, actor, source):
    """The Crown's Command Spell, which a Counterspell may cancel (spells.offer_counter)."""
    return spells.offer_counter(state, actor, "command_spell", "command")


def psychic(state, params, actor, source):
    enemy = {"name": params["name"], "card": None, "value": params["craft"]}
    if params.get("subtype"):
        enemy["subtype"] = params["subtype"]  # the kind of creature (the Crags' Spirit)
    return combat.start_combat(state, actor, "psychic", [enemy], on_win=None,
                               on_lose=None, on_standoff=None)


@declare(holds_card=True)  # its Spell's card lies with the effect (validate.held_by)
def evade(state, params, actor, source):
    """The actor evades the combat in progress.  The Invisibility Spell's card ("evade any
    creature or character until the end of the turn") lies with its effect until the turn ends
    (CASTING SPELLS: "Once cast, and its effect ended"; ``rules.lasting``, rulings R-RH14.3)."""
    if state.battle is None:
        return state
    state, card = _spell_in_play(state, source)
    if card is not None:
        state = lasting_rules.hold_this_turn(state, card, actor)
    state = log(state, "evaded", character=actor, how=_cause(source))  # the attacked character may evade too
    if actor == state.current and state.battle.who == actor:
        # EVADING: "With the exception of the Immobility Spell and Scroll, all creatures on the
        # Evading Character's Space may be Evaded": the creatures met later this turn too
        state = kernel.set_turn_flag(state, actor, "evading", True)
    return replace(state, battle=state.battle.set("result", "evaded"))


@declare(holds_card=True)  # its Spell's card lies with the effect (validate.held_by)
def immobilize(state, params, actor, source):
    """EVADING: "With the exception of the Immobility Spell and Scroll, all creatures on the
    Evading Character's Space may be Evaded": Immobility evades one creature only.  Alone, the
    creature is evaded; among several fighting as one, the caster names the one frozen and
    fights the others (the frozen one stays face up on the space)."""
    b = state.battle
    if b is None:
        return state
    if b.opponent is not None or len(b.enemies) <= 1:
        # (not ``evade``: the creatures met later this turn are not evaded with it, rulings F4)
        state = log(state, "evaded", character=actor, how=_cause(source))
        return replace(state, battle=b.set("result", "evaded"))
    names = list(dict.fromkeys(e["name"] for e in b.enemies))
    return decide(state, actor, "target", [f"target:{n}" for n in names], "effects.immobilized",
                  prompt="freeze which creature?", source=source)


def immobilized(state, action, source):
    b = state.battle
    name = action.args[0]
    enemies = list(b.enemies)
    frozen = next(e for e in enemies if e["name"] == name)
    enemies.remove(frozen)
    on_win = b.on_win
    if frozen.get("card") and on_win is not None and "cards" in on_win["args"]:
        # the frame that takes beaten enemies off the space must leave the frozen one there
        cards = list(on_win["args"]["cards"])
        cards.remove(frozen["card"])
        on_win = on_win.set("args", on_win["args"].set("cards", pvector(cards)))
    state = replace(state, battle=b.set("enemies", pvector(enemies)).set("on_win", on_win))
    return log(state, "immobilized", character=b.who, enemy=name, how=_cause(source))


def add_to_battle(state, params, actor, source):
    if state.battle is None:
        return state
    n = params["strength"]
    if n == "starting_craft":
        n = load().characters[actor].craft
    key = "bonus" if actor == state.battle.who else "opponent_bonus"
    return replace(state, battle=state.battle.set(key, state.battle[key] + n))


def standoff(state, params, actor, source):
    if state.battle is None:
        return state
    return replace(state, battle=state.battle.set("result", "standoff"))


# --- movement -------------------------------------------------------------------------------

def _space_ruled_out(state, space, effect, actor):
    """An effect naming ``space`` that an expansion rules out (the ``space_named`` hook: the
    Harbinger's Terrain covers the space): logged and ignored."""
    if not state.config.expansions:
        return None
    if adjust(state, "space_named", True, space=space, effect=effect):
        return None
    return log(state, "effect_ignored", character=actor, space=space, effect=effect)


def move_to(state, params, actor, source):
    ignored = _space_ruled_out(state, params["space"], "move_to", actor)
    if ignored is not None:
        return ignored
    return movement.forced_move(state, actor, params["space"], params.get("encounter", True),
                                _cause(source))


def teleport(state, params, actor, source):
    return movement.offer_teleport(state, actor, params["region"], params.get("encounter", True),
                                   _cause(source), params.get("other", False))


def next_move(state, params, actor, source):
    ignored = _space_ruled_out(state, params.get("to"), "next_move", actor) if params.get("to") else None
    if ignored is not None:
        return ignored
    state = update_character(state, actor, next_move=pmap(params))
    return log(state, "next_move_set", character=actor, **dict(params))


def move_steps(state, params, actor, source):
    return movement.offer_steps(state, actor, params["count"], _cause(source))


def move_nearest(state, params, actor, source):
    return movement.move_nearest(state, actor, params["kind"], _cause(source))


# --- cards ------------------------------------------------------------------------------------

def draw(state, params, actor, source):
    return encounters.draw_cards(state, actor, state.characters[actor].space,
                                 params["count"], params.get("deck", "adventure"))


def place_self(state, params, actor, source):
    """ADVENTURE CARDS: "Any card which instructs that it be placed on another Space does not
    effect the Character drawing it."
    """
    card_id = source.get("card")
    if card_id is None:
        return state
    ignored = _space_ruled_out(state, params["space"], "place_self", actor)
    if ignored is not None:
        return ignored
    state = kernel.remove_drawn(state, source["space"], card_id)
    state = chars.put_on_space(state, params["space"], [card_id])
    return log(state, "card_placed", card=card_id, space=params["space"])


def discard_self(state, params, actor, source):
    """The card discards itself: from its space (where it lies, or is under resolution) when it
    has one; a card already gone from there (an Omen it revealed cleared the space) is not
    discarded twice."""
    card_id = source.get("card")
    if card_id is None:
        return state
    if "space" in source:
        if not on_space(state, source["space"], card_id):
            return state
        state = kernel.remove_drawn(state, source["space"], card_id)
    state = chars.discard(state, card_id)
    return log(state, "card_discarded", card=card_id)


def surrender(state, params, actor, source):
    """A spell's target gives the caster one Object or gold (Acquisition) or one Follower
    (Mesmerism), chosen by the caster."""
    caster = source.get("caster")
    if caster is None or caster == actor:
        return state
    what = "objects_and_gold" if params["what"] == "object_or_gold" else "any_follower"
    return abilities.offer_spoils(state, caster, actor, what, f"taken by {source.get('card')}")


def destroy_card(state, params, actor, source):
    """Discard one face-up Adventure card from the board, chosen by the actor (Destruction)."""
    options = [f"destroy:{space}:{c}" for space, cards in sorted(state.board_cards.items())
               for c in dict.fromkeys(cards) if load().cards[c].home_deck == "adventure"]
    if not options:
        return state
    return decide(state, actor, "destroy", options, "effects.card_destroyed",
                  prompt="a face-up card to destroy", source=source)


def card_destroyed(state, action, source):
    space, card = action.args
    state = remove_from_space(state, space, card)
    state = chars.discard(state, card)
    return log(state, "card_destroyed", card=card, space=space, cause=_cause(source))


def hex_space(state, params, actor, source):
    """The Hex: the spell card is placed face up on an empty Outer or Middle space for
    ``rounds`` rounds; whoever meets it there loses a life (the card's own effect)."""
    board = load().board
    empty = [s for s in list(board.regions["outer"]) + list(board.regions["middle"])
             if not state.board_cards.get(s) and not any(
                 c.alive and c.space == s for c in state.characters.values())]
    if not empty or source.get("card") is None:
        return state
    return decide(state, actor, "hex", [f"hex:{s}" for s in empty], "effects.hexed",
                  prompt="a space to curse", card=source["card"], rounds=params["rounds"])


def hexed(state, action, card, rounds):
    space = action.args[0]
    deck = load().cards[card].deck
    discards = state.discards[deck]
    if card in discards:  # the cast spell goes to the space instead of the discard pile
        state = replace(state, discards=state.discards.set(deck, discards.delete(discards.index(card))))
    state = chars.put_on_space(state, space, [card])
    until = state.round + rounds
    state = replace(state, card_stock=state.card_stock.set(f"{space}/{card}", until))
    return log(state, "card_placed", card=card, space=space, until_round=until)


def move_gold(state, params, actor, source):
    """All the actor's gold is left on a space for whoever lands there (the Raiders' stash)."""
    gold = state.characters[actor].gold
    if not gold:
        return state
    state = chars.lose(state, actor, "gold", gold, _cause(source))
    space = params["to"]
    state = replace(state, board_gold=state.board_gold.set(space, state.board_gold.get(space, 0) + gold))
    return log(state, "gold_left", character=actor, space=space, amount=gold)


@declare(holds_card=True)  # its Spell's card lies with the effect (validate.held_by)
def extra_turns(state, params, actor, source):
    """The actor takes more turns straight after this one (Temporal Warp); the Spell's card
    lies with its effect until those turns are played (``rules.lasting``)."""
    state = update_character(state, actor, extra_turns=state.characters[actor].extra_turns + params)
    state = log(state, "extra_turns", character=actor, turns=params, cause=_cause(source))
    state, card = _spell_in_play(state, source)
    if card is None and lasting_rules.holding(state, source.get("card")) is not None:
        card = source.get("card")  # the same card's effect again: it waits for every turn
    if card is not None:
        state = lasting_rules.hold(state, card, actor, state.characters[actor].extra_turns)
    return state


def secret_look(state, params, actor, source):
    """A secret look at the top of a deck (Divination): logged for the actor's eyes only
    (``player_view`` hides the cards from everyone else)."""
    deck = params.get("deck", "adventure")
    cards = list(state.decks.get(deck, ()))[:params["count"]]
    return log(state, "peeked", character=actor, deck=deck, cards=cards, seen_by=actor)


def join(state, params, actor, source):
    """The card being met joins the actor as a Follower (the Mercenary, once hired)."""
    card = source.get("card")
    space = source.get("space") or state.characters[actor].space
    if card is None or card not in state.board_cards.get(space, ()):
        return state
    state = remove_from_space(state, space, card)
    return add_possession(state, actor, card, _cause(source))


def set_quest(state, params, actor, source):
    """The Warlock sets a quest (``rules.quests``)."""
    return quests.set_quest(state, params, actor, source)


def gain_scrolls(state, params, actor, source):
    """GAINING SCROLLS: ``params`` Scrolls from the top of the Scroll Stockpile."""
    return chars.draw_scrolls(state, actor, params, _cause(source))


def _spell_in_play(state, source):
    """``(state, card)``: the Spell just cast whose effect outlasts the cast (a lasting effect,
    extra turns), taken back off the Spell discard pile where the cast put it, or ``None``.
    CASTING SPELLS: "Once cast, and its effect ended, the card is usually placed on the Spell
    discard pile": it waits with its effect (``rules.lasting``; docs/rulings.md R-PROBE14B.1)."""
    card = source.get("card")
    if card is None or load().cards[card].type != "spell" or card not in state.discards.get("spell", ()):
        return state, None
    return chars.take_from_discards(state, card, "spell"), card


def lasting(state, params, actor, source):
    """A lasting effect (``rules.lasting``): the Blizzard, Destroy Magic.  One that lowers Craft
    (Destroy Magic: no Magic Object counts) asks for each surplus of Spells at once, as the
    Cursed Glade does (NUMBER OF SPELLS; docs/rulings.md R-PS10.5), the first in play order first."""
    state, card = _spell_in_play(state, source)
    state = lasting_rules.start(state, params["name"], actor, params["rounds"], card)
    for cid in reversed(state.order):
        if state.characters[cid].spells:
            state = chars.discard_surplus_spells(state, cid)
    return state


EFFECTS = {
    "gain": gain, "lose": lose, "heal": heal, "heal_for_gold": heal_for_gold,
    "replenish_fate": replenish_fate, "replenish_fate_for_gold": replenish_fate_for_gold,
    "gain_spells": gain_spells, "discard_spells": discard_spells, "gain_talisman": gain_talisman,
    "set_alignment": set_alignment, "become_toad": become_toad, "lose_turn": lose_turn,
    "lose_follower": lose_follower, "miss_turns": miss_turns, "sell_objects": sell_objects, "buy": buy,
    "take_counters_from_card": take_counters_from_card,
    "roll": roll, "choose": choose, "if": if_, "each_character": each_character,
    "nothing": nothing, "fight": fight, "psychic": psychic, "evade": evade,
    "immobilize": immobilize,
    "fight_in_succession": fight_in_succession, "contest": contest, "hold": hold,
    "release": release, "command_spell": command_spell,
    "add_to_battle": add_to_battle, "standoff": standoff, "move_to": move_to,
    "teleport": teleport, "next_move": next_move, "move_steps": move_steps,
    "move_nearest": move_nearest, "draw": draw, "place_self": place_self,
    "surrender": surrender, "destroy_card": destroy_card, "hex_space": hex_space,
    "extra_turns": extra_turns, "secret_look": secret_look, "move_gold": move_gold,
    "discard_self": discard_self, "lasting": lasting,
    "roll_for_each_follower": roll_for_each_follower,
    "lose_lives_or_followers": lose_lives_or_followers, "quest": set_quest,
    "join": join, "gain_scrolls": gain_scrolls,
}

STEPS = {"effects.next": next_effect, "effects.deferred_turn_end": deferred_turn_end,
         HELD_CHECK_STEP: survivors_checked, "effects.life_saving_chosen": life_saving_chosen,
         "effects.healing_bought": healing_bought,
         "effects.fate_bought": fate_bought, "effects.follower_lost": follower_lost,
         "effects.sold": sold, "effects.bought": bought, "effects.rolled": rolled,
         "effects.roll_fate": roll_fate, "effects.chosen": chosen,
         "effects.fight_rolled": fight_rolled, "effects.card_destroyed": card_destroyed,
         "effects.hexed": hexed, "effects.immobilized": immobilized,
         "effects.drain_chosen": drain_chosen, "effects.other_saves": other_saves,
         "effects.follower_saving_chosen": follower_saving_chosen,
         "effects.taken_from_discards": taken_from_discards, "effects.prayer_read": prayer_read}

#: The base game's effects as a base plugin: an area below this interpreter (a Spell cast in
#: combat) finds them through ``hooks.effect`` without importing it.
PLUGIN = Plugin("effects", effects=EFFECTS, always=True)
kernel.EFFECT_STEPS["effects.next"] = next_effect  # (for ``kernel.run_effects_now``)
