"""THE TALISMAN CITY (000): the City board, its Law (the Statutes, the Watch, Warrants, the
Donjon), leaving it (by road, by barge, as a stowaway) and the Bank's Loans.  Expansion id ``city``.

It joins the base game only through the hook points of :mod:`talisman.expansions`:

- ``setup``: the City deck is shuffled; ``state.ext["city"]`` starts empty (``store``);
- ``turn_started`` / ``turn_ended``: the window of the log the Statutes judge (``law``);
- ``before_movement``: the Watch still due from a turn cut short; movement at the Gate and in the
  City (``streets``);
- ``before_encounter``: landing on the main board's City space moves the piece to the City Gate and
  ends the turn; an encounter in the City is judged once resolved (``visits``, ``law``);
- ``draw_deck``: a City space draws City cards;
- ``space_effect``: the main board's City space has no instructions (it is the Gate); the City's
  buildings' own instructions; the Thief's stealing;
- ``space_stands_for``: the City Gate is the main board's City space (a Realm lying there is
  passed over by a character walking out through the Gate: 000 Tithings);
- ``characters_fought``: a victor may hand a beaten Warrant holder to the Law (``law``);
- ``before_forced_move``: an effect taking a character out of the City is leaving it (the Loan;
  ``leaving``): a card, a Spell, the Warlock's quest completed, another's Perils of Pandora;
- ``movement_along`` / ``move_elsewhere`` / ``movement_walks``: the spaces along a roll in the
  streets, the walk to the one chosen (the Harbinger's Dark Binding: the caster stops him anywhere
  along it), the walks a stop on the way reads (``streets.WALK``, a ``kernel.OwnWalk``);
- ``teleport_destinations``: a teleport from a City space reaches the City's other spaces, from
  one building to another, and no main-board space but the Leprechaun's (``streets``);
- ``character_died``: the City forgets the dead (animals left outside drop where he died);
- ``became_toad``: animals left outside a building drop where he changed (R-FIX26.6);
- ``warrant_taking`` / ``warrant_held`` / ``warrant_discarded``: another expansion's Warrant is a
  City Warrant Card (the Emperor's Guard's tax unpaid or Guard beaten), asks whether one is held,
  and discards it (the Brotherhood's Donjon left by a sentence).

It fires ``arrested`` when its Law takes a character to the Donjon (``law.to_donjon``): the
Brotherhood's member loses his Possessions at once (docs/rulings.md R-RULE17.5).

Its data: ``data/talisman/expansions/city/board.yaml`` (the board, a marked reconstruction),
``cards/city.yaml`` (the City deck, stand-ins) and ``city.yaml`` (kinds of spaces, prices, the
Donjon, the Stowaways chart, the Thief's table, the Statutes A-J and the acts they forbid).
docs/city.md tells the reconstruction, the notation and what is not done.
"""
from __future__ import annotations

from pyrsistent import pvector

from ...definitions import DATA_FLAG
from ...engine.ruleset import Plugin
from ...engine.dice import shuffle
from ...engine.machine import frame, log, push, then
from ...engine.records import replace
from ...rules import characters as chars
from . import data, law, leaving, store, streets, visits
from .schemas import EFFECT_SCHEMAS

EXPANSION = "city"


def setup(state):
    """The City deck is shuffled ("Shuffle all Cards Stockpiles"); the City's data starts empty."""
    cards, dice = shuffle(state.dice, state.decks.get("city", ()))
    state = replace(state, dice=dice, decks=state.decks.set("city", pvector(cards)))
    return store.init(state)


def before_movement(state, result, character):
    """The Watch still due comes first; then the City's own movement (either replaces the move)."""
    state, replaced = result
    due = store.get(state, "due")
    if due:
        state = store.put(state, due=None)
        return push(state, *then(frame("city.watch_due", found=due), frame("city.resume_movement"))), True
    state, mine = streets.before_movement(state, character)
    return state, replaced or mine


def character_died(state, character):
    """A dead character's Warrant and Loan go; animals he left outside a building lie where he died."""
    state = store.drop_warrant(state, character)
    state = store.set_loan(state, character, 0)
    state = store.set_arrived(state, character, False)
    state, beasts = store.release(state, f"outside:{character}")
    if beasts:
        state = chars.put_on_space(state, state.characters[character].space, beasts)
    return state


def became_toad(state, character):
    """TOADS & TRANSFORMATIONS: "cannot have any Possessions. All of these are Dropped on the Space
    where the Character changed into a Toad": animals he left outside a building are his too, and
    lie there with the rest; he has none to regain on the way out (docs/rulings.md R-FIX26.6)."""
    state, beasts = store.release(state, f"outside:{character}")
    if not beasts:
        return state
    space = state.characters[character].space
    state = chars.put_on_space(state, space, beasts)
    return log(state, "animals_dropped", character=character, cards=beasts, space=space,
               reason="a Toad cannot have Possessions")


def warrant_taking(state, result, character, cause):
    """Another expansion's "must take a Warrant" (the Emperor's Guard): a City Warrant Card."""
    state, taken = result
    if taken:
        return result
    return store.give_warrant(state, character), True


def warrant_discarded(state, character, cause):
    """Another expansion's Warrant discarded (the Brotherhood's Donjon left by a sentence)."""
    if not store.has_warrant(state, character):
        return state
    return log(store.drop_warrant(state, character), "warrant_discarded", character=character, cause=cause)


def warrant_held(state, held, character):
    """Whether ``character`` holds a City Warrant Card (asked by another expansion's rule)."""
    return held or store.has_warrant(state, character)


HOOKS = {
    "setup": setup,
    "law_met": law.law_met,
    "warrant_taking": warrant_taking,
    "warrant_held": warrant_held,
    "warrant_discarded": warrant_discarded,
    "turn_started": law.turn_started,
    "turn_ended": law.turn_ended,
    "before_movement": before_movement,
    "before_encounter": visits.before_encounter,
    "character_died": character_died,
    "became_toad": became_toad,
    "characters_fought": law.characters_fought,
    "space_effect": visits.space_effect,
    "space_stands_for": visits.space_stands_for,
    "draw_deck": visits.draw_deck,
    "before_forced_move": leaving.before_forced_move,
    "teleport_destinations": streets.teleport_destinations,
    **streets.WALK.hooks(),  # movement_along, movement_walks, move_elsewhere
}

EFFECTS = {
    "city_law": law.law_effect,
    "city_arrest": law.arrest_effect,
    "city_release": law.release_effect,
    "city_remain": law.remain_effect,
    "city_patrol_fight": law.patrol_fight_effect,
    "city_sell_warrant": law.sell_warrant_effect,
    "city_leave": leaving.leave_effect,
    "city_run": leaving.run_effect,
    "city_bank": leaving.bank_effect,
    "city_take": leaving.take_effect,
    "city_theft": visits.theft_effect,
    "city_loot": visits.loot_effect,
    "city_scroll": visits.scroll_effect,
}
assert set(EFFECTS) == set(EFFECT_SCHEMAS)

STEPS = {}
for _module in (streets, visits, law, leaving):
    for _name, _fn in _module.STEPS.items():
        assert _name.startswith("city.") and _name not in STEPS, _name
        STEPS[_name] = _fn

#: Everything this expansion adds to a game (the API layer registers it: docs/architecture.md).
#: The keys of a card's ``data`` this expansion's rules read, and the kind of each value
#: (``Plugin.card_data``: a key no rule names stops loading, ruling R-HARDEN20.4).
CARD_DATA = {
    "law": DATA_FLAG, "stays_in_city": DATA_FLAG,
}

PLUGIN = Plugin("city", hooks=HOOKS, steps=STEPS, effects=EFFECTS, effect_schemas=EFFECT_SCHEMAS,
                data_files={data.FILE: data.read},
                card_data=CARD_DATA)
