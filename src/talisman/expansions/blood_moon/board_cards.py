"""Blood Moon effects that move or clear face-up cards on the board (docs/blood_moon.md):

``clear_space: {where}``
    every Adventure card face up on the actor's space (``space``, the default: the Hungering
    Artefact), in his Region (``region``: the Fire Salamander, the Raging Volcano) or on the
    whole board (``board``: the Raging Volcano) is discarded -- never the card whose effect it
    is;
``gather: {subtype, count}``
    face-up Enemies of ``subtype`` on other spaces come to the card's space: all of them
    (``count: all``, the Sepulchre Spectre) or one the actor chooses (``count: one``,
    ``bring:<card>``: the Haunted Hamlet at Night).  Brought during an encounter, they are met
    as any Enemy lying there;
``raise_from_discards: {types}``
    the top card of the Adventure discard pile, if of ``types``, comes face up to the card's
    space (the Boneyard: an Enemy, met there as one lying on the space);
``drain_enemies``
    in a combat against creatures: the Enemy cards are discarded from the space, the caster
    heals as many lives as their attack values (Strength or Craft, the printed value), and the
    combat ends as evaded (the Drain Life Spell);
``exorcise``
    the actor chooses a face-up Spirit anywhere on the board (``exorcise:<card>``): it is
    discarded, or by Day kept as his trophy (the card says "may": a trophy is always kept) (the
    Exorcise Spell);
``roll_at_least: {counter, then}``
    one die: a roll at least the actor's total ``counter`` (his Craft, counters and what he
    uses: CHARACTER'S TOTAL CRAFT, R-FA12.3) runs ``then`` (the Balefire Dragon's breath: the
    Region cleared but for it).

An Enemy's ``data.before_battle: [effects]`` (the ``creature_combat_starting`` hook): each
combat against it, drawn or met lying on the board, runs them before the fighter declares, the
fighter the actor (the Balefire Dragon: "before battle it breathes", R-CD11-2).

``move_self: {dice}``
    the card whose effect it is rolls ``dice`` and moves that many spaces clockwise along its
    Region's ring (the Outer or Middle Region; elsewhere it stays) (the Night Carriage by Day,
    the Gypsy Caravan after a visit; a stand-in count for "moves on").

``draw_keep_one: {dice}``
    ``dice`` are rolled; that many cards come off the top of the Adventure deck; the actor keeps
    one face up on the card's space (``keep:<card>``) and the rest are discarded (the Twilight
    Forest at Night).  A kept Enemy attacks as one lying on the space.
``move_self_to_cards``
    the actor may set the card on another space holding face-up cards (``place:<space>`` /
    ``done``); every other Adventure card there is discarded (the Peasant Mob).

An Enemy's ``data.moves_when_not_killed: dice`` (the ``combat_resolved`` hook): a combat
against it that is lost or a stand-off (once the cards answering the result have answered)
rolls the dice and the card moves that many spaces clockwise along its Region's ring (the
Crawling Hand, the Fire Giant; the Giant's burning on the way is not played).

The ``send_away`` combat option (an Enemy's modifier, :mod:`.modifiers`): the fighter chooses
another space of his Region (``send:<space>``); the Enemy cards with the modifier go there and
the combat ends as evaded (the Pit Fiend Shirker; Enemies fighting with it are evaded too).
"""
from __future__ import annotations

from ...definitions import load
from ...engine.machine import decide, log, request_roll
from ...engine.records import replace
from ...rules import characters as chars
from ...rules import effects as base_effects
from ...rules.kernel import on_space
from ...engine.machine import frame, push
from ...state import update_character
from . import characters, store
from ...engine.ruleset import declare


def _cause(source):
    return source.get("card") or source.get("space") or "an effect"


def _spaces(state, actor, where):
    here = state.characters[actor].space
    if where == "space":
        return [here]
    if where == "region":
        region = load().board.spaces[here].region
        return sorted(s for s in state.board_cards if load().board.spaces[s].region == region)
    return sorted(state.board_cards)


def clear_space(state, params, actor, source):
    """Every Adventure card face up on the space / in the Region / on the board is discarded."""
    mine = source.get("card")
    gone = []
    for space in _spaces(state, actor, params.get("where", "space")):
        cards = [c for c in state.board_cards.get(space, ())
                 if load().cards[c].deck == "adventure" and c != mine]
        for c in cards:
            state = base_effects.remove_from_space(state, space, c)
            state = chars.discard(state, c)
        gone += cards
    if not gone:
        return state
    return log(state, "cards_discarded", character=actor, space=state.characters[actor].space,
               cards=gone, cause=_cause(source))


def _enemies_elsewhere(state, subtype, target):
    return [(s, c) for s in sorted(state.board_cards) if s != target
            for c in state.board_cards[s]
            if load().cards[c].type == "enemy" and load().cards[c].subtype == subtype]


def gather(state, params, actor, source):
    """Enemies of a subtype on other spaces come to the card's space (all, or one chosen)."""
    target = source.get("space") or state.characters[actor].space
    found = _enemies_elsewhere(state, params["subtype"], target)
    if not found:
        return log(state, "nothing_gathered", character=actor, cause=_cause(source))
    if params.get("count", "all") == "one" and len(found) > 1:
        options = [f"bring:{c}" for c in dict.fromkeys(c for _, c in found)]
        return decide(state, actor, "bring", options, "blood_moon.gather_chosen",
                      prompt=f"bring a {params['subtype']} to the {target}", target=target,
                      cause=_cause(source))
    if params.get("count", "all") == "one":
        found = found[:1]
    return _bring(state, found, target, _cause(source))


def gather_chosen(state, action, target, cause):
    card = action.args[0]
    found = [(s, c) for s, cards in sorted(state.board_cards.items()) for c in cards if c == card]
    return _bring(state, found[:1], target, cause)


def _bring(state, found, target, cause):
    for space, card in found:
        state = base_effects.remove_from_space(state, space, card)
        state = chars.put_on_space(state, target, [card])
    return log(state, "cards_gathered", space=target, cards=[c for _, c in found], cause=cause)


def raise_from_discards(state, params, actor, source):
    """The top Adventure discard comes to the card's space if it is of ``types``."""
    pile = state.discards.get("adventure", ())
    if not pile or load().cards[pile[-1]].type not in params["types"]:
        return log(state, "nothing_raised", character=actor, cause=_cause(source))
    card = pile[-1]
    target = source.get("space") or state.characters[actor].space
    state = replace(state, discards=state.discards.set("adventure", pile.delete(len(pile) - 1)))
    state = chars.put_on_space(state, target, [card])
    return log(state, "raised_from_discards", card=card, space=target, cause=_cause(source))


def discard_battle_enemies(state, actor):
    """The Enemy cards of the combat in progress (``actor``'s, against creatures) go to the
    discard pile (Drain Life, the Holy Water)."""
    space = state.characters[actor].space
    for c in [e["card"] for e in state.battle["enemies"] if e.get("card")]:
        if on_space(state, space, c):  # (lying there, or under resolution in this combat)
            state = base_effects.remove_from_space(state, space, c)
            state = chars.discard(state, c)
    return state


def drain_enemies(state, params, actor, source):
    """Drain Life: the creatures' cards discarded, their value healed, the combat over."""
    b = state.battle
    if b is None or b["opponent"] is not None:
        return state
    cards = [e["card"] for e in b["enemies"] if e.get("card")]
    value = sum(e["value"] for e in b["enemies"] if e.get("card"))
    state = discard_battle_enemies(state, actor)
    state = log(state, "enemies_drained", character=actor, cards=cards, value=value, cause=_cause(source))
    state = chars.heal(state, actor, value, _cause(source))
    return base_effects.evade(state, {}, actor, source)


def exorcise(state, params, actor, source):
    """Exorcise: a face-up Spirit anywhere is discarded (by Day, kept as a trophy)."""
    found = _enemies_elsewhere(state, "spirit", None)
    if not found:
        return log(state, "nothing_exorcised", character=actor, cause=_cause(source))
    return decide(state, actor, "exorcise", [f"exorcise:{c}" for c in dict.fromkeys(c for _, c in found)],
                  "blood_moon.exorcised", prompt="exorcise a Spirit", actor=actor, cause=_cause(source))


def exorcised(state, action, actor, cause):
    card = action.args[0]
    space = next(s for s, c in _enemies_elsewhere(state, "spirit", None) if c == card)
    state = base_effects.remove_from_space(state, space, card)
    state = log(state, "spirit_exorcised", character=actor, card=card, space=space, cause=cause)
    if store.time(state) == store.DAY:
        ch = state.characters[actor]
        return update_character(state, actor, trophies=ch.trophies.append(card))
    return chars.discard(state, card)


def roll_at_least(state, params, actor, source):
    return request_roll(state, "d6", f"{_cause(source)} against the {params['counter']} of {actor}",
                        "blood_moon.rolled_at_least", params=params, actor=actor, source=source)


def before_battle(state, character):
    """The ``creature_combat_starting`` hook: an Enemy of the combat with ``data.before_battle``
    runs its effects first (one frame each, in the order the enemies attack)."""
    b = state.battle
    if not store.enabled(state) or b is None:
        return state
    cards = [c for c in dict.fromkeys(e.get("card") for e in b.enemies)
             if c is not None and store.card_data(c).get("before_battle")]
    for card in reversed(cards):
        state = push(state, frame("blood_moon.before_battle_run", who=character, card=card))
    return state


def before_battle_run(state, who, card):
    b = state.battle
    if b is None or b.result or b.who != who:
        return state
    return base_effects.run(state, list(store.card_data(card)["before_battle"]), who, {"card": card})


def rolled_at_least(state, action, params, actor, source):
    roll = sum(action.dice)
    # "your Craft": the total (CHARACTER'S TOTAL CRAFT, counters and what is in use: R-FA12.3)
    value = chars.total(state, actor, params["counter"])
    state = log(state, "rolled_against", character=actor, roll=roll, counter=params["counter"],
                value=value, cause=_cause(source))
    if roll < value:
        return state
    return base_effects.run(state, list(params["then"]), actor, source)


def move_self(state, params, actor, source):
    card, space = source.get("card"), source.get("space")
    if card is None or space is None or card not in state.board_cards.get(space, ()):
        return state
    if load().board.spaces[space].region not in ("outer", "middle"):
        return state
    return request_roll(state, params["dice"], f"the move of the {card}", "blood_moon.self_moved",
                        card=card, space=space)


@declare(reaction=True)
def self_moved(state, action, card, space):
    to, path = space, []
    for _ in range(sum(action.dice)):
        to = load().board.ring_step(to, 1)
        path.append(to)
    if card not in state.board_cards.get(space, ()):
        return state
    state = base_effects.remove_from_space(state, space, card)
    state = chars.put_on_space(state, to, [card])
    state = log(state, "card_moved", card=card, space=space, to=to, roll=sum(action.dice))
    if store.card_data(card).get("burns"):
        state = burn(state, card, path)
    return state


def burn(state, card, path):
    """The Fire Giant's way (card-data.md 1.3, section 6): on each space it enters, the
    characters there lose 1 life and the other cards face up there are discarded."""
    for space in dict.fromkeys(path):
        gone = [c for c in state.board_cards.get(space, ()) if c != card]
        for c in gone:
            state = base_effects.remove_from_space(state, space, c)
            state = chars.discard(state, c)
            key = f"{space}/{c}"
            if key in state.card_stock:
                state = replace(state, card_stock=state.card_stock.discard(key))
        burnt = [c for c in state.order if state.characters[c].alive and state.characters[c].space == space]
        if gone or burnt:
            state = log(state, "burnt", card=card, space=space, cards=gone, characters=burnt)
        for c in burnt:
            if state.outcome is None and state.characters[c].alive:
                state = chars.lose_lives(state, c, 1, card)
    return state


def draw_keep_one(state, params, actor, source):
    return request_roll(state, params["dice"], f"the cards of the {_cause(source)}",
                        "blood_moon.keep_one_rolled", actor=actor, source=source)


def keep_one_rolled(state, action, actor, source):
    deck = list(state.decks.get("adventure", ()))
    n = min(sum(action.dice), len(deck))
    if not n:
        return state
    drawn = deck[:n]
    state = replace(state, decks=state.decks.set("adventure", state.decks["adventure"][n:]))
    # the drawn cards lie face up beside the card until one is kept (a place of their own in the
    # state, ``ext.blood_moon.choosing``, so every card is in exactly one place meanwhile)
    state = store.store(state, choosing=drawn)
    state = log(state, "cards_drawn_to_choose", character=actor, cards=drawn, cause=_cause(source))
    events = [c for c in drawn if load().cards[c].type in ("event", "lunar_event")]
    if events:
        # PASSAGE OF TIME: "Whenever a character draws one or more Events during his turn": these
        # are drawn too, though not met (R-BM11.5); the Doomsayer hears of them as of any draw.
        # reason: time_card imports modifiers, which imports this module: a cycle, broken at use
        from . import time_card
        state = time_card.passage_of_time(state, actor, events)
        state = characters.doom_fate(state, actor)
    return decide(state, actor, "keep", [f"keep:{c}" for c in dict.fromkeys(drawn)],
                  "blood_moon.one_kept", prompt="keep one card here", actor=actor, source=source)


def one_kept(state, action, actor, source):
    card = action.args[0]
    rest = list(store.get(state, "choosing", ()))
    rest.remove(card)
    state = store.store(state, choosing=[])
    for c in rest:
        state = chars.discard(state, c)
    space = source.get("space") or state.characters[actor].space
    state = chars.put_on_space(state, space, [card])
    return log(state, "card_kept_here", character=actor, card=card, space=space, discarded=rest)


def move_self_to_cards(state, params, actor, source):
    card, here = source.get("card"), source.get("space")
    if card is None or here is None or card not in state.board_cards.get(here, ()):
        return state
    spaces = [s for s in sorted(state.board_cards) if s != here and state.board_cards[s]]
    if not spaces:
        return state
    return decide(state, actor, "place", [f"place:{s}" for s in spaces] + ["done"],
                  "blood_moon.moved_to_cards", prompt=f"set the {card} on a space with cards?",
                  card=card, here=here)


def moved_to_cards(state, action, card, here):
    if action.kind == "done" or card not in state.board_cards.get(here, ()):
        return state
    to = action.args[0]
    gone = [c for c in state.board_cards.get(to, ()) if load().cards[c].deck == "adventure"]
    for c in gone:
        state = base_effects.remove_from_space(state, to, c)
        state = chars.discard(state, c)
    state = base_effects.remove_from_space(state, here, card)
    state = chars.put_on_space(state, to, [card])
    return log(state, "card_moved", card=card, space=here, to=to, discarded=gone)


def combat_resolved(state, character, result):
    """State hook: a frame checking, once the result is final, for Enemies that move on."""
    b = state.battle
    if b is None or b["who"] != character or b["opponent"] is not None:
        return state
    movers = [e["card"] for e in b["enemies"]
              if e.get("card") and store.card_data(e["card"]).get("moves_when_not_killed")]
    if not movers:
        return state
    return push(state, frame("blood_moon.not_killed", who=character, cards=movers))


@declare(reaction=True)
def not_killed(state, who, cards):
    b = state.battle
    if b is None or b.get("result") not in ("lost", "standoff"):
        return state
    space = state.characters[who].space
    here = [c for c in cards if c in state.board_cards.get(space, ())]
    if not here or load().board.spaces[space].region not in ("outer", "middle"):
        return state
    return request_roll(state, store.card_data(here[0])["moves_when_not_killed"], f"the move of the {here[0]}",
                        "blood_moon.self_moved", card=here[0], space=space)


def send_away(state, who):
    """Rule step: the fighter chooses where the Enemy goes."""
    here = state.characters[who].space
    region = load().board.spaces[here].region
    spaces = [s for s, d in load().board.spaces.items() if d.region == region and s != here]
    return decide(state, who, "send", [f"send:{s}" for s in spaces], "blood_moon.sent_away",
                  prompt="send the Enemy away", who=who)


def sent_away(state, action, who):
    b = state.battle
    here = state.characters[who].space
    to = action.args[0]
    gone = [e["card"] for e in b["enemies"] if e.get("card") and
            any(m["hook"] == "send_away" for m in store.card_data(e["card"]).get("modifiers", ()))]
    for c in gone:
        if on_space(state, here, c):  # (under resolution in this combat)
            state = base_effects.remove_from_space(state, here, c)
            state = chars.put_on_space(state, to, [c])
    state = log(state, "enemy_sent_away", character=who, cards=gone, space=to)
    return replace(state, battle=state.battle.set("result", "evaded"))


EFFECTS = {"draw_keep_one": draw_keep_one, "move_self_to_cards": move_self_to_cards,
           "move_self": move_self, "roll_at_least": roll_at_least, "clear_space": clear_space, "gather": gather, "raise_from_discards": raise_from_discards,
           "drain_enemies": drain_enemies, "exorcise": exorcise}
STEPS = {"blood_moon.not_killed": not_killed, "blood_moon.keep_one_rolled": keep_one_rolled, "blood_moon.one_kept": one_kept,
         "blood_moon.moved_to_cards": moved_to_cards, "blood_moon.self_moved": self_moved, "blood_moon.send_away": send_away, "blood_moon.sent_away": sent_away,
         "blood_moon.rolled_at_least": rolled_at_least, "blood_moon.before_battle_run": before_battle_run, "blood_moon.gather_chosen": gather_chosen, "blood_moon.exorcised": exorcised}
