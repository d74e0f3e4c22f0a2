"""Leaving the City, Stowaways and Loans (000 THE TALISMAN CITY).

- By road: "a Character must be able to reach the City Gate from within the City ... Any additional
  Movement is taken on the main Board" (``streets.walk``), or, from the Gate, ``roll``: a move on
  the main board from the City space.  "It is impossible for a Character to leave the City by road
  if he is in possession of a Warrant. Attempting to do so will result in immediate arrest".
- By barge: "If a Character begins his turn on the Wharf, he may pay 2G to be transported to any
  Space of his choice in the Outer Region. If he pays 4G he may be transported to any Space in the
  Middle Region" (``barge:outer``, ``barge:middle``, then ``teleport:<space>``).
- Stowaways: ``stowaway`` on the Wharf, alone, with no Followers, 4 Possessions or less (every
  Possession counted, Gold, Spells and trophies too: rulings R-RULER18.1) and no Mule (or Horse):
  the D6 chart of city.yaml.
- Loans: "A Character may obtain a Loan on the Bank Space. Take a Loan Card and 3 Gold ... You must
  repay a total of 4 Gold, in one payment, before leaving the City. Should a Character attempt to
  leave the City before repaying a Loan, the Bank's Wizard will turn him into a Toad."  Leaving
  with 4 gold repays it on the way out; without, the character becomes a Toad where he stands, does
  not leave this turn, and the Loan is settled.  Tossed out by a sentence (``expelled``: the
  Brotherhood's Judgment, or its Guard convinced), the Toad is moved out all the same (docs/rulings.md
  R-FIX19.1, R-FIX21.1).
- Followers who "will not leave the City" (the Errand Boy, the Urchins) stay behind: discarded;
  they follow the Merchant out (the compendium's Corrections/Additions/Deletions row).
"""
from __future__ import annotations

from ...engine.machine import decide, frame, log, push, request_roll
from ...rules import characters as chars
from ...rules import effects, movement, quests, turn
from ...rules.hooks import adjust, run_hook
from ...state import update_character
from . import data, store, streets
from . import law


def attempt(state, cid, how, cause=None):
    """An attempt to leave the City (``road``, ``barge``, ``stowaway``, or ``effect``: moved out by
    a spell or a card, ``cause``; or ``expelled``: tossed out by a sentence, which the Loan unpaid
    makes a Toad but does not stop: docs/rulings.md R-FIX19.1): ``(state, allowed)``."""
    if how == "road" and store.has_warrant(state, cid):
        state = log(state, "leaving_refused", character=cid, reason="holds a Warrant", by=how)
        return law.to_donjon(state, cid, "tried to leave the City by road holding a Warrant"), False
    owed = store.owed(state, cid)
    if owed:
        state = store.set_loan(state, cid, 0)
        if state.characters[cid].gold >= owed:
            state = chars.lose(state, cid, "gold", owed, "Loan repaid")
            state = log(state, "loan_repaid", character=cid, amount=owed)
        else:
            state = log(state, "loan_defaulted", character=cid, amount=owed)
            state = chars.become_toad(state, cid, data.rules()["toad_turns"], "the Bank's Wizard")
            if how != "expelled":
                return state, False
    state = streets.regain_animals(state, cid)
    ch = state.characters[cid]
    # (the Merchant's ``city_followers_follow``: "The Urchin and the Errand Boy will follow you
    # out of the City")
    behind = [] if chars.has_ability(state, cid, "city_followers_follow") else \
        [f for f in ch.followers if data.stays_in_city(f)]
    if behind:
        state = update_character(state, cid, followers=[f for f in ch.followers if f not in behind])
        for f in behind:
            state = chars.discard(state, f)
        state = log(state, "followers_lost", character=cid, cards=behind,
                    cause="they will not leave the City")
    state = streets.set_flag(state, cid, "city_leaving")  # the forced move that follows is allowed
    extra = {"cause": cause} if cause else {}
    return log(state, "city_left", character=cid, by=how, **extra), True


def before_forced_move(state, result, character, space, cause):
    """Hook: an effect moving a character out of the City (a Teleport spell, a card's "move to")
    is leaving the City: "Should a Character attempt to leave the City before repaying a Loan,
    the Bank's Wizard will turn him into a Toad" (Loans), whatever the way out.  Refused, the
    character stays where he is (the answer ``True``).  Only the road is barred to a Warrant holder
    ("impossible ... to leave the City by road"), so an effect may take him out.  A character
    who only arrived at the Gate never entered; a barge or stowaway passage was checked already.
    A prisoner leaves the Donjon only by its options ("Once a Character is taken to the Donjon he
    has three options: Bribery, Escape, or judgment"; the Brotherhood's own chart for its members),
    taken in his own turn: the Warlock's quest completed, or another's power (the Perils of Pandora)
    moving him out of it, is refused (docs/rulings.md R-CQ9.4).  A sentence tossing him out
    (``movement.EXPELLED``) asks the Loan but is not refused (docs/rulings.md R-FIX19.1)."""
    state, refused = result
    ch = state.characters[character]
    if not streets.in_city(ch.space):
        return state, refused
    if data.kind(ch.space) == "donjon" and space != ch.space and (
            cause == quests.CAUSE or character != state.current):
        return log(state, "effect_ignored", character=character, space=space,
                   reason="a prisoner leaves the Donjon only by its options"), True
    if streets.in_city(space):
        return streets.teleported_within(state, character, space), refused
    if ch.turn_flags.get("city_leaving"):
        return streets.set_flag(state, character, "city_leaving", False), refused
    if data.kind(ch.space) == "gate" and store.arrived(state, character):
        return store.set_arrived(state, character, False), refused
    how = "expelled" if cause == movement.EXPELLED else "effect"
    state, allowed = attempt(state, character, how, cause)
    if allowed:
        return streets.set_flag(state, character, "city_leaving", False), refused
    if character != state.current:
        return state, True  # moved by another (the Perils of Pandora): his own move is his
    return streets.set_flag(state, character, "moved"), True  # the spell or card spent: no move after


# --- the Warlock's quest delivered from the City ------------------------------------------------

def quest_options(state, cid):
    """The deliveries that would complete the quest now (``quests.delivery_options``).  Gold
    handed over from inside the City must leave the Loan's 4 Gold, repaid on the way out, when he
    can repay it (as for the barge's fare: :func:`wharf_options`); if he cannot, the attempt is
    offered and the Bank's Wizard answers it."""
    options = quests.delivery_options(state, cid)
    ch = state.characters[cid]
    owed = store.owed(state, cid) if streets.in_city(ch.space) else 0
    if owed and ch.gold >= owed and ch.gold < owed + ch.quest.get("amount", 0):
        options = [o for o in options if o != "quest:deliver:gold"]
    return options


def deliver_quest(state, cid, action):
    """``quest:deliver:<what>`` before the move: "On completion: teleported back here" (the
    Warlock's Cave) is, from inside the City, leaving it by an effect (docs/rulings.md R-CT8.3): the
    Loan is asked for first; refused, he is a Toad where he stands, the quest not delivered and his
    move spent.  At the Gate, only arrived from the main board, he never entered."""
    ch = state.characters[cid]
    if streets.in_city(ch.space) and not (data.kind(ch.space) == "gate" and store.arrived(state, cid)):
        state, allowed = attempt(state, cid, "effect", quests.CAUSE)
        if not allowed:
            return streets.set_flag(state, cid, "moved")
    elif store.arrived(state, cid) and not streets.in_city(ch.space):
        state = store.set_arrived(state, cid, False)
    # the teleport to the Cave asks ``before_forced_move``: the allowed leaving (``city_leaving``)
    # or the Gate's arrival is spent there
    return movement.before_roll(state, action)


# --- the Wharf ------------------------------------------------------------------------------------

def wharf_options(state, cid):
    """What a character who begins his turn on the Wharf may do besides walking."""
    prices = data.rules()["prices"]["barge"]
    gold, owed = state.characters[cid].gold, store.owed(state, cid)
    # the fare, and the Loan repaid on the way out (unless it cannot be: then the Bank's Wizard)
    out = [f"barge:{region}" for region in ("outer", "middle")
           if gold >= prices[region] + (owed if gold >= owed else 0)]
    if may_stow_away(state, cid):
        out.append("stowaway")
    return out


def may_stow_away(state, cid):
    """"If the Character is alone, has no Followers, has 4 Possessions or less and none of his
    possessions are a Horse, Mule or Horse and Cart"."  A Henchman is a Follower (OPTIONAL RULES,
    HENCHMEN: "considered Followers for any pertaining rules": ``chars.has_followers``).  The four
    count every Possession (``possessions``: rulings R-RULER18.1)."""
    ch = state.characters[cid]
    rules = data.rules()["stowaway"]
    alone = not any(o != cid and state.characters[o].alive and state.characters[o].space == ch.space
                    for o in state.order)
    return (alone and not chars.has_followers(state, cid) and possessions(state, cid) <= rules["max_possessions"]
            and not chars.animals(state, cid, breeds=rules["forbidden_breeds"]))


def possessions(state, cid):
    """How many Possessions ``cid`` has: POSSESSIONS, "Anything belonging to any Character is
    considered a Possession", and LIMIT TO NUMBER OF OBJECTS names the Gold, Spells, Scrolls, Killed
    enemies and Warrants among the "other Possessions": his Objects, Followers, Spells, Scrolls and
    kept Enemy cards, each Gold counter and a Warrant (rulings R-RULER18.1), and the cards another
    expansion keeps for him outside those lists (``chars.other_possessions``: rulings R-RULER20.5)."""
    ch = state.characters[cid]
    cards = len(ch.objects) + len(ch.followers) + len(ch.spells) + len(ch.scrolls) + len(ch.trophies)
    cards += len(chars.other_possessions(state, cid))
    return cards + ch.gold + (1 if store.has_warrant(state, cid) else 0)


def barge(state, cid, region):
    """Pay the barge and choose where in that Region it lands (the move of this turn)."""
    price = data.rules()["prices"]["barge"][region]
    state, allowed = attempt(state, cid, "barge")
    if not allowed:
        return turn.end_turn_now(state)
    state = chars.lose(state, cid, "gold", price, "barge")
    state = log(state, "barge_taken", character=cid, region=region, price=price)
    return movement.offer_teleport(state, cid, region, True, "barge")


def stowaway(state, cid):
    state = log(state, "stowaway_attempt", character=cid)
    return effects.run(state, data.rules()["stowaway"]["effects"], cid, {"space": data.wharf()})


# --- effects: leaving, running, the Bank ------------------------------------------------------------

def leave_effect(state, params, actor, source):
    """``city_leave``: an attempt to leave the City; if it is allowed, ``then`` follows."""
    state, allowed = attempt(state, actor, params["by"])
    return effects.run(state, params["then"], actor, source) if allowed else state


def run_effect(state, params, actor, source):
    """``city_run``: "Roll a die for Movement": the movement roll's dice (``movement.movement_die``:
    the Moon Mist's two under it, docs/rulings.md R-CF10.1), then run that many streets clockwise."""
    return request_roll(state, movement.movement_die(state, actor), f"{actor} runs into the streets",
                        "city.run_rolled", who=actor)


def run_rolled(state, action, who, rerolled=False, kept=None):
    """The run is the count of the roll (``movement.counted_roll``: of several dice, the one that
    counts, the Moon Mist's lowest), as on the main board.  The attempt took the place of the
    turn's move, and "a die for Movement" is its movement roll (docs/rulings.md R-NB11.6): the
    ``movement_rolled`` hook hears it (the Werewolf after a 1), and the Fate re-roll is offered
    once, as for any movement roll (R-MV9.1; reported to ``fate_rerolled``)."""
    new, action = action.dice, chars.rerolled_roll(action, kept)  # (one die re-rolled: R-RF14.1)
    roll = sum(action.dice)
    count = movement.counted_roll(state, who, roll, action.dice)
    state = log(state, "movement_roll", character=who, roll=roll)
    if rerolled:
        state = chars.fate_rerolled(state, who, new, "movement")
    # (the Moon Mist's lower die: its own hook logs which die counts, as in the streets)
    state = run_hook(state, "movement_rolled", character=who, roll=roll, dice=action.dice)
    # "cast after another character's movement roll": the others answer it first, as in the
    # streets (the Harbinger's Dark Binding: the caster stops him anywhere along the clockwise
    # run, :func:`streets.along`; docs/rulings.md R-FC12.2)
    first = adjust(state, "movement_roll_answers", (), character=who, roll=roll, dice=action.dice,
                   waiting=streets.RUN_WAITING)
    if first:
        return push(state, frame(streets.RUN_WAITING, character=who, count=count, **_several(action.dice)),
                    *reversed(first))
    return run_answered(state, who, count, dice=action.dice)


def _several(dice):
    """The ``dice`` argument of a roll of several dice (a Fate re-roll rolls one of them again:
    rulings R-RF14.1); none for one die."""
    return {"dice": list(dice)} if dice is not None and len(dice) > 1 else {}


def run_answered(state, character, count, replaced=False, dice=None):
    """Rule step: the run's roll is answered; unless an answer took the run over (Dark Binding),
    the run goes ``count`` streets clockwise, or stops where a card stops it along the way
    (``streets.run_stops``: Fright Night, the Wall of Fire; docs/rulings.md R-FI12.1).  "Immediately":
    with one stop and no Fate to spend he runs unasked; else he chooses among the stops or pays a
    Fate to roll again."""
    if replaced:
        return state
    ch = state.characters[character]
    stops = streets.run_stops(state, character, count)
    if not stops:
        return log(state, "no_move", character=character, space=ch.space)
    # FATE: pay one to roll the run's die again (one of several: rulings R-RF14.1)
    rerolls = movement.offer_reroll(state, character, dice or (count,))
    if len(stops) == 1 and not rerolls:
        return streets.run_to(state, character, count, stops[0])
    options = [f"move:{d}" for d in stops] + rerolls
    return decide(state, character, "move", options, "city.run_kept",
                  prompt=movement.roll_prompt(state, character, count, dice, where="the City", note="run clockwise"),
                  who=character, count=count, **_several(dice))


def run_kept(state, action, who, count, dice=None):
    """Rule step: the run is kept (up to the stop chosen), or a Fate paid to roll again (the new
    roll kept)."""
    if action.kind == "fate":
        return movement.pay_reroll(state, who, dice or (count,), action, f"{who} runs again", "city.run_rolled",
                                   who=who, rerolled=True)
    return streets.run_to(state, who, count, action.args[0])


def bank_effect(state, params, actor, source):
    """``city_bank``: take a Loan (none outstanding), repay one, or do neither."""
    ch = state.characters[actor]
    owed = store.owed(state, actor)
    options = []
    if not owed and not ch.toad_turns:  # a Toad can have no Gold to borrow (docs/rulings.md R-TE13.6)
        options.append("bank:loan")
    elif ch.gold >= owed:
        options.append("bank:repay")
    options.append("bank:leave")
    return decide(state, actor, "bank", options, "city.bank_chosen", prompt="the Bank",
                  actor=actor, lend=params["lend"], repay=params["repay"])


def bank_chosen(state, action, actor, lend, repay):
    what = action.args[0]
    if what == "loan":
        state = chars.gain(state, actor, "gold", lend, "a Loan from the Bank")
        state = store.set_loan(state, actor, repay)
        return log(state, "loan_taken", character=actor, gold=lend, owed=repay)
    if what == "repay":
        owed = store.owed(state, actor)
        state = chars.lose(state, actor, "gold", owed, "Loan repaid")
        state = store.set_loan(state, actor, 0)
        return log(state, "loan_repaid", character=actor, amount=owed)
    return state


def take_effect(state, params, actor, source):
    """``city_take``: take one of these Purchase cards for nothing (the Thief's loot)."""
    stock = state.decks.get("purchase", ())
    options = [f"take:{c}" for c in params["items"] if c in stock]
    if not options:
        return log(state, "nothing_to_take", character=actor)
    if len(options) == 1:
        return effects.take_card(state, actor, "purchase", options[0][5:], "stolen")
    return decide(state, actor, "take", options, "city.take_chosen", prompt="steal one",
                  actor=actor)


def take_chosen(state, action, actor):
    return effects.take_card(state, actor, "purchase", action.args[0], "stolen")


STEPS = {"city.run_rolled": run_rolled, "city.run_kept": run_kept, "city.run_answered": run_answered, "city.bank_chosen": bank_chosen,
         "city.take_chosen": take_chosen}
