"""A book that keeps the Enemies its holder kills in psychic combat (the Book of the Dead,
card-data.md 1.3: "Enemies killed in psychic combat may be stored on it instead of as
trophies; discard them to add their Craft in a psychic combat").

The card's data: ``keeps_kills: {kind: psychic}``.  Where the Enemies are: the Blood Moon's
store, ``books`` (``{character: [cards]}``: they move with the character, as the book does;
listed in the store's ``cards`` as ``books``, which the card-conservation invariant, the
validator and ``from_json`` count).

* After a psychic combat won against Enemy cards, the holder may move the cards just kept as
  trophies onto the book (``book:<card>``, one at a time, or ``done``): a frame pushed at the
  ``combat_ended`` hook, so the offer comes once the combat and what follows its result are
  over (ruling R-BM19B-2).
* In a psychic combat of his, before the dice, each card stored is an option
  (``book:<card>``): discarded, its Craft is added to his score for this combat (the battle's
  ``bonus``).
* A book that has left its holder takes its cards along (at the next turn boundary,
  :func:`sweep`): to the character who holds it now, or (discarded, lost) to the discard pile.
"""
from __future__ import annotations

from ...definitions import load
from ...engine.machine import decide, frame, log, push
from ...engine.records import replace
from ...rules import characters as chars
from ...state import update_character
from . import store
from .modifiers import held_cards

KEY = "keeps_kills"


def books_of(state, cid):
    """The cards of ``cid``'s book that keep kills of this kind (usable ones only)."""
    return [c for c in held_cards(state, cid) if KEY in store.card_data(c)]


def stored(state, cid):
    return store.listed(state, "books", cid)


def _set(state, cid, cards):
    return store.set_listed(state, "books", cid, cards)


def combat_ended(state, combat):
    """A psychic combat won against Enemy cards by a holder of such a book: the offer, once the
    combat is over (the cards kept as trophies by then)."""
    b = state.battle
    if combat.result != "won" or combat.opponent is not None or b is None:
        return state
    cid = combat.character
    if not any(store.card_data(c)[KEY].get("kind") == combat.kind for c in books_of(state, cid)):
        return state
    cards = [e["card"] for e in b.enemies if e.get("card")]
    if not cards:
        return state
    return push(state, frame("blood_moon.book_offer", who=cid, cards=cards))


def book_offer(state, who, cards):
    ch = state.characters[who]
    here = [c for c in dict.fromkeys(cards) if c in ch.trophies]
    if not here or not books_of(state, who) or state.outcome is not None:
        return state
    return decide(state, who, "book", [f"book:{c}" for c in here] + ["done"],
                  "blood_moon.book_chosen", prompt="store the killed on the book?", who=who, cards=here)


def book_chosen(state, action, who, cards):
    if action.kind == "done":
        return state
    card = action.args[0]
    ch = state.characters[who]
    trophies = ch.trophies
    state = update_character(state, who, trophies=trophies.delete(len(trophies) - 1 - list(reversed(trophies)).index(card)))
    state = _set(state, who, stored(state, who) + [card])
    state = log(state, "stored_on_book", character=who, card=card)
    rest = list(cards)
    rest.remove(card)
    return push(state, frame("blood_moon.book_offer", who=who, cards=rest)) if rest else state


def combat_options(state, options, character):
    """``book:<card>`` for each card stored, in a psychic combat of the holder's, before the dice."""
    b = state.battle
    if b is None or b["who"] != character or b.get("roll") is not None or not stored(state, character):
        return options
    kinds = {store.card_data(c)[KEY].get("kind") for c in books_of(state, character)}
    if b["kind"] not in kinds:
        return options
    return tuple(options) + tuple(f"book:{c}" for c in dict.fromkeys(stored(state, character)))


def combat_option_chosen(state, character, action):
    """``book:<card>``: the card discarded, its Craft added to the holder's score this combat."""
    if not action.startswith("book:"):
        return state
    card = action.split(":", 1)[1]
    cards = stored(state, character)
    if card not in cards:
        return state
    cards.remove(card)
    state = _set(state, character, cards)
    state = chars.discard(state, card)
    craft = load().cards[card].craft or 0
    state = replace(state, battle=state.battle.set("bonus", state.battle.bonus + craft))
    return log(state, "book_spent", character=character, card=card, added=craft)


def holds_book(state, cid):
    """Whether ``cid``, alive, holds a book that keeps kills (the cards stored for him are his
    while he does: :func:`sweep`)."""
    return store.alive(state, cid) and any(c in state.characters[cid].objects for c in _book_ids())


def sweep(state):
    """Cards stored by a character who holds no such book any more: to the one who holds it
    now (if he keeps none yet), else to the discard pile."""
    for cid, cards in sorted(store.get(state, "books", {}).items()):
        if holds_book(state, cid):
            continue
        state = _set(state, cid, [])
        heir = next((o for o in state.order if o != cid and store.alive(state, o) and o not in
                     store.get(state, "books", {}) and any(c in state.characters[o].objects for c in _book_ids())),
                    None)
        if heir is not None:
            state = _set(state, heir, list(cards))
            state = log(state, "book_cards_moved", character=heir, previous=cid, cards=list(cards))
            continue
        for c in cards:
            state = chars.discard(state, c)
        state = log(state, "book_cards_discarded", character=cid, cards=list(cards))
    return state


def _book_ids():
    return [c.id for c in load().cards.values() if c.data and KEY in c.data]


STEPS = {"blood_moon.book_offer": book_offer, "blood_moon.book_chosen": book_chosen}
