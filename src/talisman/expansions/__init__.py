"""Expansions join the base game only through these named hook points.

An expansion is a module listed in :data:`MODULES` (an explicit registry, no import side
effects).  It may define:

- ``HOOKS``: a dict from hook name to a pure function (below);
- ``EFFECTS`` and ``EFFECT_SCHEMAS``: extra effect names for its cards' data (the effect
  interpreter and the data loader take them from here);
- ``STEPS``: its rule steps (collected with the base game's).

The base rules call :func:`run_hook` (state hooks: ``fn(state, **details) -> state``) or
:func:`adjust` (value hooks: ``fn(state, value, **details) -> value``) at each point.  Only
the expansions named in ``state.config.expansions`` run, in the order configured, so a
base-game state never runs expansion code.  An expansion keeps its own plain data in
``state.ext[<expansion id>]``.

State hooks:

``setup(state)``
    The game is set up (decks are built and shuffled), before the first turn.
``turn_started(state, character)`` / ``turn_ended(state, character)``
    A character's turn begins / has ended.  Frames the hook pushes (and decisions it asks
    for) come first: before the turn's movement / before play passes on.
``before_movement(state, character)``
    A character is about to move.  A hook that moves the character its own way (on an
    expansion board: the City's streets) sets the character's turn flag ``movement_replaced``.
``movement_rolled(state, character, roll)``
    A character rolled for movement (the Blood Moon's Werewolf moves after a 1).
``events_drawn(state, character, cards)``
    A character drew one or more Events this encounter, before any card is met (the
    Harbinger moves; the Blood Moon's Time card flips).
``before_encounter(state, character, space)``
    A character is about to encounter its space.  A hook that replaces the encounter (the
    Harbinger's chart, an Alternative Ending on the Crown) sets the character's turn flag
    ``encounter_replaced``.
``before_forced_move(state, character, space, cause)``
    A character is about to be moved straight to ``space`` by an effect (a teleport, a
    "move to", a barge: ``movement.forced_move``).  A hook that forbids the move sets the
    character's turn flag ``move_refused``: the character stays where he is (the City's Loan:
    leaving the City by a spell with a Loan unpaid, the Bank's Wizard's Toad instead).
``character_died(state, character)``
    A character has died.
``became_toad(state, character)``
    A character has been turned into a Toad (the Blood Moon: a Lycanthrope card is discarded).
``characters_fought(state, victor, loser, kind)``
    One character has beaten another in combat, before the spoils.
``combat_option_chosen(state, character, action)``
    A combat option an expansion offered (``combat_options``) was chosen; the hook may set
    ``state.battle["result"]`` (``evaded``, ``won``, ``standoff``...) to end the combat.

Value hooks:

``draw_deck(state, deck, character, space)``
    The deck a space's "draw N cards" draws from (the Harbinger's region draws Harbinger cards).
``attack_score(state, score, enemy, kind)``
    One creature's attack value in a combat (the Blood Moon: 1 less by Day, never below 1,
    1 more at Night; for each enemy separately).
``space_effect(state, effects, space)``
    A space's instructions (a Terrain card replaces them; the City gate ignores the City's).
``crossing_guarded(state, guarded, space)``
    Whether the Sentinel or the Portal must be beaten to cross there (a Terrain card on it
    lets characters cross freely).
``combat_result(state, result, character, kind, enemies, opponent)``
    A combat's result (``won``, ``lost``, ``standoff``) before it is applied (a card turns a
    loss into a standoff).
``character_score(state, score, character, kind)``
    A character's Strength (battle) or Craft (psychic combat) total in a combat.
``attack_roll(state, roll, enemies, kind, character)``
    The die roll for the creatures in a combat.
``creature_bonus(state, bonus, space)``
    What a space adds to its creatures' attack (the Runes: 2).
``combat_options(state, options, character)``
    The options offered before the dice of a combat (tuple of notations).
``teleport_destinations(state, spaces, character, region)``
    The spaces a teleport ``region`` (``same``, ``any``, a region id) offers the character (a
    tuple of space ids; the City: from its spaces a same-Region teleport reaches its other
    spaces, from one building to another).
``draw_count(state, count, character, space)``
    How many cards a space's "draw N cards" makes up to.
``movement_dice(state, spec, character)``
    The dice of a movement roll.
``movement_destinations(state, destinations, character, roll)``
    The destinations a movement roll offers (a tuple of space ids; only removals count).
``spell_limit(state, limit, character)``
    NUMBER OF SPELLS: the most spells a character may hold.
``trophy_value(state, value, card, counter)``
    What a kept enemy is worth when cashed in for ``counter``.
``player_view(state, view, player)``
    The state as ``player`` may see it: an expansion hides its own secrets in ``view``
    (a face-down Alternative Ending).
"""
from __future__ import annotations

import importlib

STATE_HOOKS = ("setup", "turn_started", "turn_ended", "before_movement", "movement_rolled",
               "events_drawn", "before_encounter", "before_forced_move", "character_died",
               "became_toad", "characters_fought", "combat_option_chosen")
VALUE_HOOKS = ("draw_deck", "attack_score", "space_effect", "crossing_guarded", "combat_result",
               "character_score", "attack_roll", "creature_bonus", "combat_options", "draw_count",
               "movement_dice", "movement_destinations", "teleport_destinations", "spell_limit",
               "trophy_value", "player_view")
HOOK_NAMES = STATE_HOOKS + VALUE_HOOKS

#: Expansion id -> module path.  Only implemented expansions are listed.
MODULES: dict[str, str] = {"harbinger": "talisman.expansions.harbinger",
                           "blood_moon": "talisman.expansions.blood_moon",
                           "city": "talisman.expansions.city_law",
                           "wizards_tower": "talisman.expansions.wizards_tower"}


def module(expansion):
    """The module of an implemented expansion."""
    return importlib.import_module(MODULES[expansion])


def implemented():
    """The modules of every implemented expansion, in registry order."""
    return [module(e) for e in MODULES]


def run_hook(state, hook, **details):
    """Run ``hook`` of every enabled expansion, threading the state through."""
    assert hook in STATE_HOOKS, hook
    for e in state.config.expansions:
        fn = getattr(module(e), "HOOKS", {}).get(hook)
        if fn is not None:
            state = fn(state, **details)
    return state


def adjust(state, hook, value, **details):
    """Value hooks: each enabled expansion may change ``value``."""
    assert hook in VALUE_HOOKS, hook
    for e in state.config.expansions:
        fn = getattr(module(e), "HOOKS", {}).get(hook)
        if fn is not None:
            value = fn(state, value, **details)
    return value


def effect(state, name):
    """An expansion's effect function for ``name`` among the enabled expansions, or None."""
    for e in state.config.expansions:
        fn = getattr(module(e), "EFFECTS", {}).get(name)
        if fn is not None:
            return fn
    return None


def effect_schemas():
    """Every implemented expansion's extra effect schemas (for loading data)."""
    out = {}
    for m in implemented():
        out.update(getattr(m, "EFFECT_SCHEMAS", {}))
    return out


def steps():
    """Every implemented expansion's rule steps."""
    out = {}
    for m in implemented():
        out.update(getattr(m, "STEPS", {}))
    return out
