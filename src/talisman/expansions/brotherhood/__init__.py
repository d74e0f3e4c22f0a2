"""THE BROTHERHOOD OF THE BELL (000, lines ~1208-1276): membership found through Strangers on
the D%, the Talisman of the sixth member, the Law's discovery table and a member's three
options in the Donjon.  Expansion id ``brotherhood``.

It joins the base game only through the hook points of :mod:`talisman.expansions`:

- ``setup``: ``state.ext["brotherhood"]`` starts empty (``known``: character -> the Strangers
  who revealed their membership to him; ``gift``: who got the sixth member's Talisman;
  ``warrants``: who the Law found out; ``held``: members in the Donjon under these rules,
  ``held`` or ``jailed``; ``seen``: how far the log has been read; ``found_by``: the Law that is
  no card which discovered a member at the meeting going on);
- ``before_encounter`` / ``turn_ended``: once the encounter is resolved (and at the end of the
  turn, for one cut short), every card met (the log's ``card_met``) is looked at: "Whenever you
  encounter a Stranger, roll percent dice (D%)"; a member meeting a LAW card (``data.law``, the
  City's Watch and Patrol) rolls the Law's table;
- ``turn_started``: a member in the Donjon "FOR ANY REASON ignore[s] the instructions written
  there": his turn is one of the three options (``brotherhood:convince``, ``brotherhood:escape``,
  ``brotherhood:judged``), or, Jailed, the roll of a 6;
- ``character_died``: the dead leave the Donjon's roll;
- ``law_met`` / ``law_won``: a Law that is no card (the Emperor's Guard, "considered LAW as
  well") meeting a member rolls the Law's table; beating one it discovered at that meeting, it
  sends him to the Donjon;
- ``arrested``: the City's Law has just taken a character to the Donjon: a member loses all his
  Possessions at once (docs/rulings.md R-RULE17.5);
- ``warrant_held``: a Warrant it recorded itself (no keeper of Warrant Cards in play) is held.

It fires ``warrant_discarded`` when a member leaves the Donjon other than by escaping (the City
drops his Warrant Card: docs/rulings.md R-PROBE16E.1).

The tables are data (``data/talisman/expansions/brotherhood/brotherhood.yaml``, checked on load:
:mod:`.data`).  The Donjon is the City's (``city_donjon``): without the City in play nobody is
taken there and those rules never run.  What is left: docs/brotherhood.md.
"""
from __future__ import annotations

from typing import Any

import attrs
from pyrsistent import pvector
from pyrsistent.typing import PMap, PVector

from ...definitions import load
from ...engine.machine import decide, frame, log, push, request_roll, then
from ...engine.ruleset import Plugin
from ...rules import characters as chars
from ...rules import movement, possessions
from ...rules.hooks import adjust, run_hook
from ...rules.kernel import ExtSlice, end_turn_now, passing
from ...rules.slice_values import CHARACTER, COUNT, NAME, TEXT, checked, list_of, map_of, one_of
from ...state import ExtRecord, map_field, vector_field
from . import data

ID = "brotherhood"


@attrs.frozen
class Brotherhood(ExtRecord):
    """``state.ext["brotherhood"]`` (the fields above)."""

    known: PMap[str, PVector[str]] = map_field(checked(map_of(CHARACTER, list_of(NAME))))
    gift: PVector[str] = vector_field(checked(list_of(CHARACTER)))
    warrants: PVector[str] = vector_field(checked(list_of(CHARACTER)))
    held: PMap[str, str] = map_field(checked(map_of(CHARACTER, one_of("held", "jailed"))))
    seen: int = attrs.field(default=0, validator=checked(COUNT))
    found_by: PMap[str, Any] = map_field(checked(map_of(CHARACTER, TEXT)))


SLICE = ExtSlice(ID, Brotherhood)
OPTIONS = ("convince", "escape", "judged")


# --- the expansion's own data ---------------------------------------------------------------

get, put = SLICE.get, SLICE.put


def known(state, cid):
    """The Strangers who revealed their membership to ``cid`` (in the order found)."""
    return tuple(get(state, "known").get(cid, ()))


def is_member(state, cid):
    """"Once you've discovered your first member of the Brotherhood you are considered to be a
    member yourself.\""""
    return bool(known(state, cid))


def setup(state):
    """Hook: the tables are read (and checked) when a game is set up; the record starts empty."""
    data.rules()
    return put(SLICE.init(state), seen=len(state.log))


# --- meeting Strangers and the Law ----------------------------------------------------------

def before_encounter(state, character, space):
    """Hook: once the encounter is resolved, the cards met are looked at (pushed under the
    encounter's own frames)."""
    return push(state, frame("brotherhood.review"))


def turn_ended(state, character):
    """Hook: the cards met in a turn cut short; a member taken to the Donjon meanwhile."""
    return push(state, frame("brotherhood.review"))


def review(state):
    """Rule step: every card met since the last look, in the order met; then the Donjon."""
    start = get(state, "seen")
    met = [(e.get("character"), e.get("card")) for e in state.log[start:] if e.name == "card_met"]
    state = put(state, seen=len(state.log))
    state = sweep(state)
    frames = [frame("brotherhood.check", character=c, card=card) for c, card in met
              if c in state.characters and card in load().cards]
    return push(state, *then(*frames)) if frames else state


def is_law(card):
    cd = load().cards[card]
    return bool(cd.data and cd.data.get("law"))


def check(state, character, card):
    """Rule step: a Stranger met rolls for membership; a member meeting the Law rolls its table."""
    if not state.characters[character].alive:
        return state
    cd = load().cards[card]
    name = cd.name
    if is_law(card):
        # the Law seeks "to destroy the Brotherhood at all costs": it reveals no membership
        if not is_member(state, character):
            return state
        return request_roll(state, data.rules()["dice"], f"does {name} know {character} is a member?",
                            "brotherhood.law_rolled", character=character, card=card)
    if cd.type != "stranger":
        return state
    if card in known(state, character):
        return log(state, "brotherhood_member_met", character=character, card=card)
    return request_roll(state, data.rules()["dice"], f"is {name} a member of the Brotherhood?",
                        "brotherhood.stranger_rolled", character=character, card=card)


def stranger_rolled(state, action, character, card):
    """"There is a 20% chance that any given Stranger will reveal their membership"; the first
    makes the character a member; "When you discover your 6th member of the Brotherhood they will
    give you a Talisman. Draw one immediately.\""""
    rules = data.rules()
    roll = action.dice[0]
    if roll > rules["stranger_reveals"]:
        return log(state, "brotherhood_not_revealed", character=character, card=card, roll=roll)
    found = known(state, character) + (card,)
    state = put(state, known=get(state, "known").set(character, pvector(found)))
    state = log(state, "brotherhood_member_revealed", character=character, card=card, roll=roll,
                known=len(found))
    if len(found) == 1:
        state = log(state, "brotherhood_joined", character=character)
    if len(found) == rules["talisman_at"] and character not in get(state, "gift"):
        state = put(state, gift=list(get(state, "gift")) + [character])
        state = log(state, "brotherhood_talisman", character=character, card=card)
        state = possessions.gain_talisman(state, {}, character, {"card": card})
    return state


def law_met(state, character, law):
    """Hook: a Law that is no card meets ``character`` ("The Emperor's Guard is considered LAW
    as well"): a member rolls the Law's table before the rest of the meeting.  What this Law
    knew at an earlier meeting is forgotten: the roll of each meeting decides (docs/rulings.md)."""
    found = get(state, "found_by")
    if character in found:
        state = put(state, found_by=found.discard(character))
    if not is_member(state, character) or not state.characters[character].alive:
        return state
    return push(state, frame("brotherhood.law_roll", character=character, law=law))


def law_roll(state, character, law):
    """Rule step: "you must roll D% to determine if they know you are a member!\""""
    return request_roll(state, data.rules()["dice"], f"does the Law know {character} is a member?",
                        "brotherhood.law_rolled", character=character, card=law)


def law_rolled(state, action, character, card):
    """"If any Law discovers your membership you must take a Warrant Card" (the % by the members
    known: the table in brotherhood.yaml).  ``card``: the Law card met, or the name of a Law that
    is no card (``law_met``), which then knows him for the rest of this meeting."""
    roll = action.dice[0]
    chance = data.law_chance(len(known(state, character)))
    if roll > chance:
        return log(state, "brotherhood_undiscovered", character=character, card=card, roll=roll,
                   chance=chance)
    state = log(state, "brotherhood_discovered", character=character, card=card, roll=roll,
                chance=chance)
    if card not in load().cards:
        state = put(state, found_by=get(state, "found_by").set(character, card))
    cause = "the Law knows a member of the Brotherhood"
    # The Warrant is a City Warrant Card where the City keeps them (the warrant_taking hook
    # point); without a keeper the Brotherhood records it itself.
    # One Warrant a character: one who holds the Brotherhood's already takes none, and none is
    # logged (as the Emperor's Guard's, R-FD14).
    state, taken = adjust(state, "warrant_taking", (state, False), character=character, cause=cause)
    if not taken:
        if character in get(state, "warrants"):
            return state
        state = put(state, warrants=list(get(state, "warrants")) + [character])
    return log(state, "warrant_taken", character=character, cause=cause)


# --- Membership and the Donjon --------------------------------------------------------------

def sweep(state):
    """Members in the Donjon come under these rules ("All Members ... lose all Possessions,
    discard immediately"); those no longer there (or dead) leave them."""
    where = data.donjon()["space"]
    held = get(state, "held")
    for cid in state.order:
        ch = state.characters[cid]
        inside = ch.alive and ch.space == where
        if cid in held and not inside:
            held = held.discard(cid)
            state = put(state, held=held)
        elif inside and cid not in held and is_member(state, cid):
            state = imprison(state, cid)
            held = get(state, "held")
    return state


def imprison(state, cid):
    """"The Brotherhood of the Bell has no allies here! All Members and suspected Members lose all
    Possessions, discard immediately": every card he holds and his Gold (POSSESSIONS: "Anything
    belonging to any Character is considered a Possession": Spells and Scrolls, the kept Enemy
    cards, R-FD13.3, and the Gold, paid back to the stock: docs/rulings.md R-RULE17.2); the
    Warrant goes by the City's Discarding Warrants (R-PROBE16E.1).  His Henchmen leave too
    (OPTIONAL RULES, HENCHMEN: "considered Followers for any pertaining rules": rulings R-GB11.3)."""
    ch = state.characters[cid]
    state, lost = chars.discard_held_cards(state, cid)
    if ch.gold:
        state = chars.lose(state, cid, "gold", ch.gold, "lost in the Donjon (the Brotherhood of the Bell)")
    state = chars.discard_other_followers(state, cid, ID)
    state = put(state, held=get(state, "held").set(cid, "held"))
    return log(state, "brotherhood_imprisoned", character=cid, discarded=lost)


def turn_started(state, character):
    """Hook: a member in the Donjon plays the Brotherhood's options instead of the Donjon's."""
    state = sweep(state)
    if get(state, "held").get(character) is None:
        return state
    if not any(f.step == "movement.start" for f in state.stack):
        return state  # a lost turn: all he does is right his piece
    return push(state, frame("brotherhood.donjon_turn", character=character))


def donjon_turn(state, character):
    """Rule step: the prisoner's turn is his attempt ("You may do one of the following"); Jailed,
    "You must now roll a 6 for your Movement or you cannot move"."""
    state = end_turn_now(state)  # neither the Donjon's own options nor a move
    if get(state, "held").get(character) == "jailed":
        return JAIL.roll(state, f"movement of {character}, jailed in the Donjon", character=character)
    return decide(state, character, "brotherhood_donjon", [f"brotherhood:{o}" for o in OPTIONS],
                  "brotherhood.donjon_chosen", prompt="in the Donjon, a member of the Brotherhood",
                  character=character)


def donjon_chosen(state, action, character):
    option = action.args[0]
    state = log(state, "brotherhood_donjon_choice", character=character, option=option)
    return DONJON_ROLLS[option].roll(state, f"{character} in the Donjon: {option}", character=character)


def convince_rolled(state, dice, character):
    """"Roll a D10 and add your Craft. If the result is 10 or higher you have succeeded and may
    move to the Castle Space."  The Guard's release, as the Judge's sentence, asks the City's Loan
    on the way out but is carried out, Toad or not (``expelled``: docs/rulings.md R-FIX21.1)."""
    rule = data.donjon()["options"]["convince"]
    score = dice[0] + chars.total(state, character, rule["add"])
    state = log(state, "brotherhood_convince", character=character, roll=dice[0], score=score,
                success=score >= rule["at_least"])
    if score < rule["at_least"]:
        return state
    return release(state, character, rule["to"], "convinced the Guard they are mistaken",
                   expelled=rule.get("expelled", False))


def escape_rolled(state, dice, character):
    """"Roll a D6. You escape on a roll of 1.\""""
    ok = dice[0] in data.donjon()["options"]["escape"]["on"]
    state = log(state, "brotherhood_escape", character=character, roll=dice[0], success=ok)
    return release(state, character, "exit", "escaped from the Donjon", keep_warrant=True) if ok else state


def judged_rolled(state, dice, character):
    """"Roll a D6 and consult this chart" (brotherhood.yaml ``donjon.options.judged.table``)."""
    roll = dice[0]
    row = data.donjon()["options"]["judged"]["table"][str(roll)]
    state = log(state, "brotherhood_judged", character=character, roll=roll, result=row["text"])
    if row.get("lose_game"):
        state = put(state, held=get(state, "held").discard(character))
        return chars.kill(state, character, "hanged as the Leader of the Brotherhood")
    if "gold" in row:
        state = chars.gain(state, character, "gold", row["gold"], "a wrongful arrest")
    if "lives" in row:
        state = chars.lose_lives(state, character, row["lives"], "beaten senseless in the Donjon")
        if not state.characters[character].alive:
            return state
    if row.get("jailed"):
        state = put(state, held=get(state, "held").set(character, "jailed"))
    if "to" in row:
        state = release(state, character, row["to"], "judged", expelled=row.get("expelled", False))
    return state


def jail_rolled(state, dice, character):
    roll = dice[0]
    free = roll == data.donjon()["jailed_free_on"]
    state = log(state, "brotherhood_jail_roll", character=character, roll=roll, free=free)
    return release(state, character, "exit", "rolled a 6 in the Donjon") if free else state


def _own_roll(option, then, what):
    """The prisoner's roll for ``option`` (its dice: brotherhood.yaml): his own roll ordered by the
    Donjon's rules, so FATE (talisman-facts-verified.md 3: "a roll ordered by a card or board
    space"; the Jailed roll is "your Movement") lets him pay one fate, once, to roll it again
   ."""
    spec = (lambda **_: "d6") if option == "jail" else (lambda **_: data.donjon()["options"][option]["dice"])
    return chars.OwnRoll(f"brotherhood.{option}_rolled", f"brotherhood.{option}_fate", spec, then,
                         offer=f"rolled {{total}} in the Donjon ({what})",
                         again=f"{{character}} in the Donjon: {option}, re-rolled",
                         cause=f"the Donjon: {what}", roller="character")


DONJON_ROLLS = {"convince": _own_roll("convince", convince_rolled, "to convince the Guard"),
                "escape": _own_roll("escape", escape_rolled, "to escape"),
                "judged": _own_roll("judged", judged_rolled, "to be judged")}
JAIL = _own_roll("jail", jail_rolled, "jailed, a 6 to move")


def release(state, cid, to, cause, keep_warrant=False, expelled=False):
    """Out of the Donjon onto ``to`` (``exit``: the way out next to it); the turn was the attempt.
    The Warrant is discarded on leaving unless he escaped: the three options stand for the City's
    three (Discarding Warrants: "If he decides to Bribe the judge, or accepts the sentence given,
    then the Warrant Card is discarded upon leaving the Donjon. A Character who manages to Escape
    retains his Warrant Card"; docs/rulings.md R-PROBE16E.1).  ``expelled``: the move is a sentence
    ("Tossed out of the City"), asked as :data:`movement.EXPELLED`: a board may take its dues on
    the way but does not keep him in (docs/rulings.md R-FIX19.1).  A move refused (a Loan unpaid on
    leaving the City: R-FIX18.1) leaves him held, and his Warrant with him: he has not left
    (R-MUT18.1)."""
    space = data.donjon()["exit"] if to == "exit" else to
    held = get(state, "held")
    state = put(state, held=held.discard(cid))
    state = movement.forced_move(state, cid, space, False, movement.EXPELLED if expelled else cause)
    if state.characters[cid].space == data.donjon()["space"]:
        return put(state, held=held)  # the move was refused: still held
    if not keep_warrant:
        state = put(state, warrants=[c for c in get(state, "warrants") if c != cid])
        state = run_hook(state, "warrant_discarded", character=cid, cause=cause)
    return log(state, "brotherhood_released", character=cid, to=space)


def law_won(state, character, law):
    """Hook: "If the Emperor's Guard defeats you in Combat and they know you are a member of the
    Brotherhood, they will send you to the Donjon" (they know: this meeting's roll discovered
    him).  The Donjon is the City's: without the City in play there is none to be sent to."""
    found = get(state, "found_by")
    if found.get(character) != law:
        return state
    state = put(state, found_by=found.discard(character))
    where = data.donjon()["space"]
    origin = load().board.origin.get(where)
    if origin is not None and origin not in state.config.expansions:
        return log(state, "brotherhood_no_donjon", character=character, law=law)
    # taken there as the Law takes a prisoner: no move of his, no encounter of the space; a move
    # a rule makes straight to a space, asked as every such move (``before_forced_move``: a party
    # aboard an Airship leaves it on the space it is taken from, docs/rulings.md R-FIX27.3)
    state, moved = movement.sent(state, character, where, "sent to the Donjon")
    if not moved:
        return state
    state = log(state, "brotherhood_sent_to_donjon", character=character, law=law, to=where)
    state = sweep(state)  # "find yourself in the Donjon FOR ANY REASON": its rules at once
    # sent in his own turn (the Guard moves before it): the turn ends there; each of his turns
    # in the Donjon is one attempt (docs/rulings.md B15)
    return end_turn_now(state) if character == state.current else state


def arrested(state, character):
    """Hook: the Law has just taken ``character`` to the Donjon: a member comes under its rules
    at once ("discard immediately"), before the rest of his turn or its end (docs/rulings.md
    R-RULE17.5)."""
    return sweep(state)


def warrant_held(state, held, character):
    """Value hook: a Warrant the Brotherhood recorded itself (no keeper of Warrant Cards in
    play) is held as any other, for the rules that ask (the Emperor's Guard takes no bribe)."""
    return held or character in get(state, "warrants")


def character_died(state, character):
    state = put(state, found_by=get(state, "found_by").discard(character))
    return put(state, held=get(state, "held").discard(character))


HOOKS = {"setup": setup, "before_encounter": passing(before_encounter), "turn_ended": turn_ended,
         "turn_started": turn_started, "character_died": character_died, "law_met": law_met,
         "law_won": law_won, "arrested": arrested, "warrant_held": warrant_held}
STEPS = {"brotherhood.review": review, "brotherhood.check": check,
         "brotherhood.stranger_rolled": stranger_rolled, "brotherhood.law_rolled": law_rolled,
         "brotherhood.law_roll": law_roll,
         "brotherhood.donjon_turn": donjon_turn, "brotherhood.donjon_chosen": donjon_chosen,
         **{k: v for roll in (*DONJON_ROLLS.values(), JAIL) for k, v in roll.steps().items()}}

#: Everything this expansion adds to a game (the API layer registers it: docs/architecture.md).
PLUGIN = Plugin(ID, hooks=HOOKS, steps=STEPS,
                data_files={data.FILE: data.read})
