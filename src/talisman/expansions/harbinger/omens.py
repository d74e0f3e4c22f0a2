"""001 Omen Cards: the Omen stack, its discard pile, immediate and continuous effects.

The stack is built at set-up from the Omen set chosen by the rule option
``harbinger_omen_set``: the 7th Omen at the bottom, then the 6th ... the 1st, with the
Prophecy on top (``store``: the top first).  Discarding the top Omen puts it on the Omen
discard pile and resolves the immediate effects (the card's ``effect``) of the Omen that
becomes the top one; the Harbinger figure then goes back to its sheet (001 The Harbinger).
A discard that empties the stack ends the game: every character loses (``Outcome("omens_exhausted", ())``)
unless a card says otherwise (The Apocrypha; the End of Days ending).  An effect may put the
top discarded Omen back on the stack; its immediate effects resolve again.  The top Omen's
continuous effects (its ``data.continuous``) apply while it is on top: :func:`continuous`.
"""
from __future__ import annotations

from pyrsistent import pmap, pvector

from ...definitions import load
from ...engine.dice import shuffle
from ...engine.machine import frame, log, push
from ...engine.records import Outcome, replace
from ...errors import TalismanError
from . import store as st
from ...rules import effects
from ...rules.encounters import draw_held, held_drawn
from ...rules.winning import reached_crown
from . import endings

#: The four Omen sets, by id (the ``harbinger_omen_set`` option; ``random`` picks one).
SETS = ("armageddon", "rise_of_the_dead", "shattered_world", "stars_align")


def set_cards(set_id):
    """The Omen cards of a set, the Prophecy first (the order of the stack, top first)."""
    cards = [c for c in load().cards.values()
             if c.type == "omen" and (c.data or {}).get("set") == set_id]
    return [c.id for c in sorted(cards, key=lambda c: c.data["position"])]


def setup(state):
    choice = state.option("harbinger_omen_set")
    if choice == "random":
        order, dice = shuffle(state.dice, SETS)
        choice, state = order[0], replace(state, dice=dice)
    if choice not in SETS:
        raise TalismanError(f"rule option harbinger_omen_set={choice!r}: choose one of "
                            f"{', '.join(SETS + ('random',))}")
    stack = set_cards(choice)
    box = list(state.decks.get("omen", ()))
    for c in stack:
        box.remove(c)
    state = replace(state, decks=state.decks.set("omen", pvector()))
    state = st.store(state, omen_set=choice, omen_stack=stack, omen_discards=[])
    state = st.put_aside(state, "omen_box", box)
    return log(state, "omen_stack_built", omen_set=choice, top=stack[0], cards=len(stack))


def top(state):
    stack = st.get(state, "omen_stack", ())
    return stack[0] if stack else None


def continuous(state):
    """The continuous effects of the top Omen (an empty mapping when it has none)."""
    t = top(state)
    if t is None:
        return pmap()
    return st.cdata(t).get("continuous", pmap())


def discarded_count(state):
    return len(st.get(state, "omen_discards", ()))


def discard_top(state, actor, cause):
    """Discard the top Omen, then resolve the new top Omen's immediate effects; then the
    Harbinger returns to its sheet.  An empty stack ends the game."""
    stack = list(st.get(state, "omen_stack", ()))
    if not stack:
        return state
    gone = stack.pop(0)
    discards = [gone] + list(st.get(state, "omen_discards", ()))
    state = st.store(state, omen_stack=stack, omen_discards=discards)
    state = log(state, "omen_discarded", card=gone, left=len(stack), cause=cause)
    if not stack:
        return exhausted(state)
    state = log(state, "omen_revealed", card=stack[0])
    # "move the Harbinger figure to the Harbinger sheet after the next Omen ... is resolved"
    state = push(state, frame("harbinger.to_sheet"))
    state = holders_pay(state, actor)
    return resolve(state, stack[0], actor)


def discard_harmless(state):
    """Whether discarding the top Omen now (:func:`discard_top`) changes no combat's result,
    fights on in none and ends no game, whoever discards it (read by exact odds through a
    beaten card's ``neutral_in``, ``cards.beaten_harmless``; odds16): an Omen is left after it
    (an empty stack ends the game: :func:`exhausted`), the next Omen's immediate effects only
    take Fate (:func:`fate_only`: a Fate lost asks nothing, ``characters.lose``; the Black
    Astrolabe's choice to ignore them changes nothing else), and nobody alive holds a card
    paying for every Omen discarded (:func:`holders_pay`: the Apocrypha's life, the Ancient
    Calendar's turn).  The new Omen's continuous effects come into play: only an
    ``after_fight`` is allowed (run once a fight between characters is over, after the
    combat's result is applied)."""
    stack = st.get(state, "omen_stack", ())
    if (len(stack) < 2 or not fate_only(st.card(stack[1]).effect or ())
            or not set(st.cdata(stack[1]).get("continuous", {})) <= {"after_fight"}):
        return False
    return not any(st.cdata(c).get("on_omen_discard") for cid in st.alive_in_order(state)
                   for c in tuple(state.characters[cid].objects) + tuple(state.characters[cid].followers))


def fate_only(todo):
    """Whether an Omen's immediate effects ``todo`` only take Fate from the characters they
    reach (``{each_in_harbinger_region: {effects: [{lose: {fate: n}}]}}``, Doom's)."""
    for step in todo:
        (name, params), = step.items()
        if name != "each_in_harbinger_region" or set(params) != {"effects"}:
            return False
        for effect in params["effects"]:
            (kind, what), = effect.items()
            if kind != "lose" or dict(what).keys() != {"fate"} or type(what["fate"]) is not int:
                return False
    return True


def holders_pay(state, actor):
    """Cards held whose ``data.on_omen_discard`` effects follow every Omen discarded (The
    Apocrypha: a life and 1 Strength or Craft; the Ancient Calendar: a turn missed), for each
    holder in seating order, once the new Omen's immediate effects are resolved."""
    start = st.acting_character(state, actor)
    if start is None:
        return state
    frames = []
    for cid in st.alive_in_order(state, start):
        ch = state.characters[cid]
        for c in dict.fromkeys(tuple(ch.objects) + tuple(ch.followers)):
            todo = st.cdata(c).get("on_omen_discard")
            if todo:
                frames.append(frame("harbinger.run_for", who=cid, effects=list(todo), card=c))
    return push(state, *reversed(frames)) if frames else state


def restore_top(state, actor, cause, card=None):
    """Put the top card of the Omen discard pile (or ``card`` of it) back on top of the stack
    and resolve it."""
    discards = list(st.get(state, "omen_discards", ()))
    if not discards:
        return log(state, "no_omen_to_restore", cause=cause)
    back = discards.pop(discards.index(card) if card in discards else 0)
    stack = [back] + list(st.get(state, "omen_stack", ()))
    state = st.store(state, omen_stack=stack, omen_discards=discards)
    state = log(state, "omen_restored", card=back, cause=cause)
    return resolve(state, back, actor)


#: The effect steps that run effects for each of several characters: an Omen's effects
#: "on him" for the holder of a card with ``data.ignores_omens`` (the Black Astrolabe).
PER_CHARACTER = ("each_character", "each_in_harbinger_region")


def on_each(todo, omen):
    """An Omen's effect steps with what each character suffers wrapped in ``omen_on_character``
    (there the holder of an ``ignores_omens`` card may ignore it; rulings R-CD9)."""
    out = []
    for step in todo:
        (name, params), = step.items()
        if name in PER_CHARACTER:
            inner = [{"omen_on_character": {"omen": omen, "effects": list(params["effects"])}}]
            step = {name: dict(params, effects=inner)}
        out.append(step)
    return out


def resolve(state, omen, actor):
    """Resolve an Omen's immediate effects (its card ``effect``)."""
    actor = st.acting_character(state, actor)
    todo = st.card(omen).effect
    if not todo or actor is None:
        return state
    return effects.run(state, on_each(todo, omen), actor, {"card": omen})


def exhausted(state):
    """"If there are no cards remaining in the Omen stack, the game is over and all characters
    lose the game" -- unless a card in play names a winner for this moment."""
    winners = []
    for cid in st.alive_in_order(state, state.order[0]):
        ch = state.characters[cid]
        if any(st.cdata(c).get("wins_when_omens_exhausted") for c in ch.objects):
            winners.append(cid)
    winners += [c for c in endings.crown_winners_when_omens_exhausted(state) if c not in winners]
    if state.option("chaos_bloodbath"):
        # 000 CHAOS BLOODBATH: "No one may win the game until he/she has reached the Crown of
        # Command Space" (a limit on every win: docs/rulings.md R-GB11.7, R-PROBE15A.2)
        winners = [c for c in winners if reached_crown(state, c)]
    state = replace(state, stack=pvector())
    if winners:
        state = log(state, "game_won", characters=winners, reason="omens_exhausted")
        return replace(state, outcome=Outcome("omens_exhausted", tuple(winners)))
    state = log(state, "game_lost", reason="omens_exhausted")
    return replace(state, outcome=Outcome("omens_exhausted", ()))


def to_sheet(state):
    """Rule step: the Harbinger goes back to its sheet."""
    if st.get(state, "harbinger") is None:
        return state
    state = st.store(state, harbinger=None)
    return log(state, "harbinger_moved", to="sheet")


def cards_drawn(state, character, space, cards):
    """State hook: the top Omen's ``continuous.extra_from_discards: N`` (The Dead Rise): a
    space's draw brings N more cards, picked at random from the Adventure discard pile
    (card-data.md 2.3 [DB]: "1 additional card at random from the discard pile"; a shuffle of
    the seeded dice), met as drawn cards."""
    n = continuous(state).get("extra_from_discards")
    if not n:
        return state
    pile = list(state.discards.get("adventure", ()))
    if not pile:
        return state
    order, dice = shuffle(state.dice, list(range(len(pile))))
    picked = sorted(order[:n])
    cards = [pile[i] for i in picked]
    state = replace(state, dice=dice, discards=state.discards.set(
        "adventure", pvector(c for i, c in enumerate(pile) if i not in picked)))
    state = log(state, "drawn_from_discards", character=character, cards=cards, space=space, cause=top(state))
    return draw_held(state, space, cards)  # under resolution on the space until each is drawn


def discard_drawn(state, space, card):
    """Rule step of older saved games (now ``encounters.held_drawn``): a card from the discard
    pile joins the space's draw (as a drawn card)."""
    return held_drawn(state, space, card)


STEPS = {"harbinger.to_sheet": to_sheet, "harbinger.discard_drawn": discard_drawn}
