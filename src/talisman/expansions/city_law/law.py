"""The Law of the City: the Statutes, the Watch, arrest, Warrants and the Donjon (000 THE TALISMAN
CITY: Arrest and Warrants, Purchasing Warrants, Discarding Warrants; STATUTES OF THE CITY).

The Statutes are data (city.yaml ``statutes``): each forbids an *act* in some kinds of City space,
or is a *state* of the character (being a Troll; having no money at all).  Acts are read from the
log (city.yaml ``acts``: a combat is an ``attacked`` or ``character_attacked`` event, a spell a
``spell_cast``, ...), so a rule of the base game needs no City code to be judged.  The log from the
start of a turn is the *window* still to judge; every character's place is followed through it
(every event that moves a character names its ``to``), so an act is judged where its doer stood.

"After resolving an Encounter which involved breaking one of the Statutes of the City, draw an
additional City Card, if it is a law card the Watch will attempt to arrest the Character": the
judgment runs after each City encounter (``city.after_encounter``).  When the turn ended before the
encounter was resolved (a lost combat ends the turn at once), the breaches are kept as ``due`` and
the Watch comes at the next movement of the game (the first point where the rules can wait on a
decision).  An ``arrest`` Statute (B: fighting in a building) sends the character to the Donjon at
once; a ``watch`` Statute draws one City card for the whole encounter: a Law card means a combat
with it for every character involved (lost: "taken at once to the Donjon", after the life the lost
combat costs as any lost combat does); anything else is discarded and nothing happens.  Resisting
the Law is not another crime.
"""
from __future__ import annotations

from ...definitions import load
from ...engine.machine import decide, frame, log, push, request_draw, then
from ...rules import characters as chars
from ...rules import combat, effects, master_levels, movement
from ...rules.kernel import affectable, remove_from_space, run_effects
from ...rules.hooks import run_hook
from ...state import update_character
from . import data, store
from . import streets


# --- the window of acts to judge ------------------------------------------------------------

def turn_started(state, character):
    """Hook: a new window of acts opens with the turn."""
    if store.arrived(state, character) and data.kind(state.characters[character].space) != "gate":
        state = store.set_arrived(state, character, False)  # moved away from the Gate meanwhile
    return store.put(state, window={"from": len(state.log), "who": character,
                                    "spaces": places(state), "states": False})


def places(state):
    """Where every character stands: the window follows each one through the log (a spell cast
    in reaction by another character is judged where its caster stands)."""
    return {c: standing(state, c) for c in state.order}


def standing(state, cid):
    """Where the Law sees ``cid``: his space, but the main board's City space for one who has only
    landed on the Gate ("may attempt to enter the City on their next turn", Entering the City): he
    is not yet in the City, so nothing he does or is there breaks a Statute (rulings R-PROBE16B.1)."""
    space = state.characters[cid].space
    if data.kind(space) == "gate" and store.arrived(state, cid):
        return data.gate()["main"]
    return space


def turn_ended(state, character):
    """Hook: what the turn broke and nobody judged yet (the turn was cut short) is due."""
    found, state = judge(state)
    state = store.put(state, window=None)
    if found:
        state = store.put(state, due=list(store.get(state, "due") or ()) + found)
    return state


def law_met(state, character, law):
    """Hook: a Law that is no card (another expansion's piece: the Emperor's Guard, "considered
    LAW as well") meets ``character``; logged, so the combat that may follow is judged as
    resisting the Law, never a breach of Statute A or B (docs/rulings.md A16)."""
    return log(state, "law_met", character=character, law=law)


def matches(state, event, pattern, laws=frozenset()):
    if event.name != pattern["event"]:
        return False
    d = event.data
    for key, want in pattern.items():
        if key in ("event", "involves", "by_ability"):
            continue
        if d.get(key) != want:
            return False
    if "by_ability" in pattern:
        cid = d.get("character")
        if cid not in state.characters or not chars.has_ability(state, cid, pattern["by_ability"]):
            return False
    if event.name == "attacked" and d.get("enemies") and all(
            data.law_card(e) or e in laws for e in d["enemies"]):
        return False  # resisting the Law (a Law card, or a Law met that is no card) is not another crime
    return True


def acts(state, events, who, spaces):
    """``([(act, character, space)], met)`` for the acts in ``events``; ``spaces``: where each
    character stood at the first of them; ``met``: whether ``who`` had an encounter."""
    patterns = data.rules()["acts"]
    pos, out, met, laws = dict(spaces), [], False, set()
    for e in events:
        d = e.data
        if e.name == "law_met":
            laws.add(d["law"])
        if d.get("character") in pos and isinstance(d.get("to"), str):
            # landing on the Gate from the main board is no entering (``standing``)
            pos[d["character"]] = data.gate()["main"] if e.name == "city_gate_reached" else d["to"]
        if e.name in ("encountered_space", "encountered_character") and d.get("character") == who \
                and data.kind(pos[who]) is not None:
            met = True
        for act, pats in sorted(patterns.items()):  # a fixed order (a PMap's follows the hash seed)
            for p in pats:
                if matches(state, e, p, laws):
                    for field in p.get("involves", ("character",)):
                        cid = d.get(field)
                        if cid in pos and data.kind(pos[cid]) is not None:
                            out.append((act, cid, pos[cid]))
    return out, met


def judge(state):
    """The breaches in the window not yet judged, logged; the window then closes up to here.
    ``(breaches, state)``; a breach is ``{"character", "statute", "penalty"}``."""
    w = store.get(state, "window")
    if not w:
        return [], state
    found, seen = [], set()
    done, met = acts(state, state.log[w["from"]:], w["who"], w["spaces"])
    statutes = data.rules()["statutes"]

    def add(cid, statute, space):
        if (cid, statute["id"]) not in seen:
            seen.add((cid, statute["id"]))
            found.append({"character": cid, "statute": statute["id"], "penalty": statute["penalty"],
                          "space": space})

    for act, cid, space in done:
        for s in statutes:
            if s.get("act") == act and s.get("applicable", True) and data.kind(space) in s["where"]:
                add(cid, s, space)
    who = w["who"]
    if met and not w["states"] and state.characters[who].alive:
        here = standing(state, who)
        for s in statutes:
            if data.kind(here) not in s["where"]:
                continue
            if "broken_if" in s and (effects.test_holds(state, s["broken_if"], who)
                                     or master_levels.title_of(state, who) in s.get("titles", ())):
                add(who, s, here)
            if "broken_unless" in s and not effects.test_holds(state, s["broken_unless"], who):
                add(who, s, here)
    for b in found:
        state = log(state, "statute_broken", character=b["character"], statute=b["statute"],
                    space=b["space"])
    states_done = w["states"] or met
    state = store.put(state, window={**dict(w), "from": len(state.log), "spaces": places(state),
                                     "states": states_done})
    return found, state


def after_encounter(state):
    """Rule step: after a City encounter, judge it and call the Watch if a Statute was broken."""
    found, state = judge(state)
    return watch(state, found)


def watch_due(state, found):
    """Rule step: the Watch for a turn that ended before its encounter was judged."""
    return watch(state, found)


# --- the Watch and arrest --------------------------------------------------------------------

def at_large(state, cid):
    """Alive and in the City, not already in the Donjon: the Law can take him."""
    ch = state.characters[cid]
    return ch.alive and data.kind(ch.space) not in (None, "donjon")


def watch(state, found):
    """Arrest at once for an ``arrest`` Statute; for a ``watch`` Statute draw one City card."""
    now = list(dict.fromkeys(b["character"] for b in found if b["penalty"] == "arrest"))
    for cid in now:
        if at_large(state, cid):
            statutes = [b["statute"] for b in found if b["character"] == cid and b["penalty"] == "arrest"]
            state = to_donjon(state, cid, f"Statute {statutes[0]}: immediate arrest")
    offenders = [c for c in dict.fromkeys(b["character"] for b in found if b["penalty"] == "watch")
                 if c not in now and at_large(state, c)]
    if not offenders:
        return state
    state = log(state, "watch_called", characters=offenders)
    state = chars.refill_deck(state, "city")
    if not state.decks.get("city"):
        return log(state, "deck_empty", deck="city")
    return request_draw(state, "city", "does the Watch come?", "city.watch_drawn",
                        offenders=offenders)


def watch_drawn(state, action, offenders):
    """"If the next card is not the Watch, nothing happens. If it is, they will attempt to arrest
    the Character(s) involved."  The card drawn is discarded either way."""
    card = action.args[0]
    state = chars.discard(state, card)
    if not data.law_card(card):
        return log(state, "watch_absent", card=card)
    state = log(state, "watch_arrives", card=card, characters=list(offenders))
    return push(state, *then(*[frame("city.arrest", who=c, card=card) for c in offenders]))


def arrest_step(state, who, card):
    """Rule step: the Law (``card``) fights ``who`` to arrest him -- unless the card treats him
    otherwise: a character whose ability the card's own effect names (the Patrol sends the
    Archeologist to the City Gate, fights the Cyborg) meets the card's effect instead (the
    Corrections' "If you Encounter the Patrol ...")."""
    if not at_large(state, who):
        return state
    if exempt(state, who, card):
        state = log(state, "law_exception", character=who, card=card)
        return run_effects(state, list(load().cards[card].effect), who, {"card": card})
    return arrest(state, who, card)


def _named_abilities(effects):
    """The abilities the ``if`` tests of a Law card's effect name, on a branch that does not
    lead to its ``city_law``."""
    out = set()
    for step in effects or ():
        (name, params), = step.items()
        if name == "if":
            if "ability" in params["test"] and not any("city_law" in s for s in params["then"]):
                out.add(params["test"]["ability"])
            out |= _named_abilities(params.get("else", ()))
    return out


def exempt(state, who, card):
    """Whether the Law card ``card`` treats ``who`` by an ability of his (its effect names it)
    rather than by arresting him."""
    return any(chars.has_ability(state, who, a) for a in _named_abilities(load().cards[card].effect))


#: The Soldier's row (Corrections/Additions/Deletions to the Existing Characters): "You may
#: bribe (1G) your way out of any Encounter with the Law".
LAW_BRIBE = "bribes_the_law"


def law_bribe(state, cid):
    """The Gold ``cid`` may pay to bribe his way out of an Encounter with the Law (the ability
    ``bribes_the_law``), or None: no such ability, or not that much Gold."""
    if not chars.has_ability(state, cid, LAW_BRIBE):
        return None
    gold = load().abilities[LAW_BRIBE]["params"]["gold"]
    return gold if state.characters[cid].gold >= gold else None


def arrest(state, who, card):
    """"The Character must fight a Combat with the Watch. If the Watch wins, the Character is
    taken at once to the Donjon ... If the Character wins, or it is a Standoff, then arrest is
    escaped at this time."  The Law's Strength is its card's.  The Soldier may first bribe his
    way out (``law:bribe``; ``law:resist`` fights)."""
    state = log(state, "arrest_attempt", character=who, card=card)
    gold = law_bribe(state, who)
    if gold is not None:
        return decide(state, who, "law", ["law:bribe", "law:resist"], "city.law_bribe_chosen",
                      prompt=f"bribe the {load().cards[card].name} ({gold} Gold)?", who=who, card=card)
    return resist(state, who, card)


def law_bribe_chosen(state, action, who, card):
    if action.args[0] != "bribe":
        return resist(state, who, card)
    gold = load().abilities[LAW_BRIBE]["params"]["gold"]
    state = chars.lose(state, who, "gold", gold, f"a bribe to the {load().cards[card].name}")
    return log(state, "law_bribed", character=who, card=card, gold=gold)


def resist(state, who, card):
    """The combat with the Law."""
    enemy = {"name": card, "card": None, "value": load().cards[card].strength or 1}
    escaped = {"step": "city.arrest_escaped", "args": {"who": who, "card": card}}
    taken = {"step": "city.arrest_made", "args": {"who": who, "card": card}}
    return combat.start_combat(state, who, "battle", [enemy], on_win=escaped, on_lose=taken,
                               on_standoff=escaped)


def arrest_escaped(state, who, card):
    return log(state, "arrest_escaped", character=who, card=card)


def arrest_made(state, who, card):
    return to_donjon(state, who, f"arrested by {load().cards[card].name}")


def characters_fought(state, victor, loser, kind):
    """Hook (RESOLVING COMBAT BETWEEN CHARACTERS): "If the loser possess a Warrant, the victor may
    turn the loser over to the Law. The loser is immediately placed in the Donjon in the Talisman
    City."  Offered to the victor once the spoils are taken (``law:hand_over``, ``law:let_go``)."""
    if not store.has_warrant(state, loser):
        return state
    return push(state, frame("city.hand_over_offered", victor=victor, loser=loser))


def hand_over_offered(state, victor, loser):
    if not state.characters[loser].alive or not state.characters[victor].alive or \
            data.kind(state.characters[loser].space) == "donjon" or not store.has_warrant(state, loser):
        return state
    return decide(state, victor, "law", ["law:hand_over", "law:let_go"], "city.hand_over_chosen",
                  prompt=f"hand {loser} (a Warrant) to the Law?", victor=victor, loser=loser)


def hand_over_chosen(state, action, victor, loser):
    if action.args[0] != "hand_over":
        return state
    return to_donjon(state, loser, f"handed to the Law by {victor}")


#: The cause the Law's taking a prisoner to the Donjon is told with (the hook point ``placed``).
DONJON_CAUSE = "taken to the Donjon"


def to_donjon(state, cid, reason):
    """The character is taken to the Donjon (no move, no encounter): "The loser is immediately
    placed in the Donjon".  Placed by the Law, not moved by an effect: no ``before_forced_move``
    (no rule keeps a prisoner from the Donjon, nor asks the Loan on the way), but the hook point
    ``placed`` lets what cannot go there stay on the space he leaves (an Airship, docs/rulings.md
    R-FIX28.1); the hook point ``arrested`` tells the rules that begin there (the Brotherhood's
    "discard immediately", docs/rulings.md R-RULE17.5)."""
    donjon = data.donjon()
    state = run_hook(state, "placed", character=cid, space=donjon, cause=DONJON_CAUSE)
    state = update_character(state, cid, space=donjon)
    state = log(state, "arrested", character=cid, to=donjon, reason=reason)
    return run_hook(state, "arrested", character=cid)


# --- effects: the Law met, the Royal Castle, the Donjon -----------------------------------------

def law_effect(state, params, actor, source):
    """``city_law`` (a Law card met): "if a Character with a Warrant Encounters any Law Card, the
    Watch will attempt to arrest the Character. Win or lose, the Character must retain the
    Warrant."  Without a Warrant the Law passes by."""
    card = source.get("card")
    if card is None or not store.has_warrant(state, actor):
        return log(state, "law_passes", character=actor, card=card)
    return arrest(state, actor, card)


def patrol_fight_effect(state, params, actor, source):
    """``city_patrol_fight`` (the Cyborg's row: "If you Encounter the Patrol they will fight you
    with a Strength of 6. If you win, you may keep the card for additional Strength. If you lose,
    you Lose a Life. The Patrol is then discarded."): a battle with the card's Strength; won, the
    card is his trophy; otherwise it is discarded (the life of a lost battle is lost as always)."""
    card = source.get("card")
    enemy = {"name": card, "card": None, "value": load().cards[card].strength or 1}
    kept = {"step": "city.patrol_beaten", "args": {"who": actor, "card": card,
                                                  "space": source.get("space")}}
    gone = {"step": "city.patrol_gone", "args": {"card": card, "space": source.get("space")}}
    return combat.start_combat(state, actor, "battle", [enemy], on_win=kept, on_lose=gone,
                               on_standoff=gone)


def _take_card(state, card, space):
    """The Law card off its space, or out of the City discards (drawn as the Law's extra card);
    whether it was found."""
    if space is not None and card in state.board_cards.get(space, ()):
        return remove_from_space(state, space, card), True
    if card in state.discards.get("city", ()):
        return chars.take_from_discards(state, card, "city"), True
    return state, False


def patrol_beaten(state, who, card, space):
    state, found = _take_card(state, card, space)
    if not found or not state.characters[who].alive:
        return state
    return chars.add_trophies(state, who, [card])  # (a Toad keeps none: R-FD13.3)


def patrol_gone(state, card, space):
    state, found = _take_card(state, card, space)
    return chars.discard(state, card) if found else state


def arrest_effect(state, params, actor, source):
    """``city_arrest``: taken at once to the Donjon (caught stealing, caught stowing away)."""
    return to_donjon(state, actor, params.get("reason", "arrested"))


def sell_warrant_effect(state, params, actor, source):
    """``city_sell_warrant`` (the Royal Castle): "Warrants may be purchased in the Royal Castle
    and immediately given to any players who may not refuse to take them"."""
    offered = _warrant_offer(state, actor, params["price"])
    if offered is None:
        return log(state, "nothing_to_buy", character=actor, what="a Warrant")
    return offered


def _warrant_offer(state, actor, price):
    """The Royal Castle's choice of whom to give a Warrant (``warrant:<character>``, ``done``), or
    None when the buyer cannot pay or nobody can take one."""
    targets = [o for o in state.order if o != actor and state.characters[o].alive
               and not store.has_warrant(state, o)]
    # "given to any players": another character affected, where he may be (the Timescape's
    # "may not ... be affected by other Characters": the ``may_affect`` hook, R-FC12.1)
    targets = affectable(state, actor, targets, "warrant")
    if state.characters[actor].gold < price or not targets:
        return None
    return decide(state, actor, "warrant", [f"warrant:{t}" for t in targets] + ["done"],
                  "city.warrant_chosen", prompt=f"buy a Warrant ({price} gold) for",
                  actor=actor, price=price)


def warrant_chosen(state, action, actor, price):
    if action.kind == "done":
        return state
    target = action.args[0]
    state = chars.lose(state, actor, "gold", price, "a Warrant")
    state = store.give_warrant(state, target)
    state = log(state, "warrant_given", character=actor, target=target, price=price)
    # "Warrants may be purchased ... and immediately given to any players": bought as at any shop,
    # one after another while the gold lasts, one for each player without one (rulings
    # R-PROBE14E.2; a holder takes no second, R-CY11.9)
    offered = _warrant_offer(state, actor, price)
    return state if offered is None else offered


def donjon_options(state, cid):
    """A prisoner's turn: "Once a Character is taken to the Donjon he has three options: Bribery,
    Escape, or judgment" (``donjon:<option>``; the numbers are city.yaml's stand-ins)."""
    options = [f"donjon:{o['id']}" for o in data.rules()["donjon"]["options"]
               if effects.test_holds(state, o.get("require", {}), cid)]
    return decide(state, cid, "donjon", options, "city.donjon_chosen", prompt="in the Donjon")


def donjon_chosen(state, action):
    cid = state.current
    opt = next(o for o in data.rules()["donjon"]["options"] if o["id"] == action.args[0])
    state = log(state, "donjon_choice", character=cid, option=opt["id"])
    return effects.run(state, opt["effects"], cid, {"space": data.donjon()})


def release_effect(state, params, actor, source):
    """``city_release``: out of the Donjon onto its street, as this turn's move; "If he decides to
    Bribe the judge, or accepts the sentence given, then the Warrant Card is discarded upon leaving
    the Donjon. A Character who manages to Escape retains his Warrant Card"."""
    if data.kind(state.characters[actor].space) != "donjon":
        return state
    held = store.has_warrant(state, actor)
    if params["warrant"] == "discard" and held:
        state = store.drop_warrant(state, actor)
    state = log(state, "released", character=actor, warrant=("kept" if held and params["warrant"] == "keep"
                                                              else "discarded" if held else "none"))
    state = streets.regain_animals(state, actor)
    return movement.forced_move(state, actor, data.rules()["donjon"]["exit"], True, "out of the Donjon")


def remain_effect(state, params, actor, source):
    """``city_remain``: the prisoner stays in the Donjon this turn."""
    return log(state, "held_in_donjon", character=actor)


STEPS = {"city.after_encounter": after_encounter, "city.watch_due": watch_due,
         "city.watch_drawn": watch_drawn, "city.arrest": arrest_step,
         "city.arrest_escaped": arrest_escaped, "city.arrest_made": arrest_made,
         "city.warrant_chosen": warrant_chosen, "city.donjon_chosen": donjon_chosen,
         "city.hand_over_offered": hand_over_offered, "city.hand_over_chosen": hand_over_chosen,
         "city.law_bribe_chosen": law_bribe_chosen, "city.patrol_beaten": patrol_beaten,
         "city.patrol_gone": patrol_gone}
