"""The public API of the Talisman engine (DESIGN.md section 5)."""
from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from .engine.dice import Dice
from .engine.records import replace
from .engine import machine
from .engine.serialize import dumps, from_data, to_data
from .errors import (OptionError, ReplayError, RulesError, StateError, TalismanError, UserError)
from . import validate
from .notation import Action
from .engine.ruleset import RULESET
from .expansions import plugins as expansion_plugins
from .rules import STEPS as RULE_STEPS
from .rules import effects, endings
from .rules.hooks import adjust
from .rules.setup import initial_state, offer_starting_scrolls
from .state import GameState
from .definitions import load
from .rules.characters import has_ability

FORMAT = 1


def assemble() -> dict[str, machine.Step]:
    """The game's rule set: the base rule areas' plugins (the endings, the effects) and every implemented
    expansion's, registered in the engine's rule set; a game runs those its config enables."""
    RULESET.register(endings.PLUGIN)
    RULESET.register(effects.PLUGIN)
    for plugin in expansion_plugins():
        RULESET.register(plugin)
    return {**RULE_STEPS, **RULESET.steps()}


#: Every rule step of the base game and of the implemented expansions.
STEPS = assemble()


def new_game(characters: Iterable[str] = ("warrior", "wizard", "troll", "elf"),
             expansions: Iterable[str] = (), seed: int = 0, options: Mapping[str, Any] | None = None,
             stop_at_chance: bool = False) -> GameState:
    """A new game, run forward to its first decision.  A game that cannot be set up as asked
    (an unknown character or expansion, a bad seed or rule option) raises :class:`OptionError`."""
    try:
        validate.game_arguments(characters, expansions, seed, options)
        state = initial_state(characters, tuple(expansions), seed, options)
    except StateError as e:  # an argument of the wrong type, named by its path
        raise OptionError(str(e)) from None
    except (UserError, RulesError):
        raise
    except TalismanError as e:  # the set-up's own checks (rules.setup) name the bad option
        raise OptionError(str(e)) from None
    state = offer_starting_scrolls(state)  # a character exception chosen before the first turn
    return machine.advance(state, STEPS, stop_at_chance)


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """The legal actions of the pending decision (chance outcomes at a chance node)."""
    validate.is_state(state)
    return machine.legal_actions(state)


def apply(state: GameState, action: Action | str, stop_at_chance: bool = False) -> GameState:
    """Apply one legal action (an :class:`Action` or its notation); raise :class:`IllegalAction`
    otherwise, leaving ``state`` as it was."""
    validate.playable(state)
    return machine.apply(state, action, STEPS, stop_at_chance)


def parse_action(state: GameState, text: str) -> Action:
    """Notation -> the legal :class:`Action` it names in ``state``."""
    validate.is_state(state)
    return machine.coerce_action(state, text)


def chance_outcomes(state: GameState) -> list[tuple[Action, Fraction]]:
    """``[(Action, Fraction)]`` when ``state`` waits on a roll or a draw, else ``[]``."""
    validate.is_state(state)
    return machine.chance_outcomes(state)


def player_view(state: GameState, player: str) -> GameState:
    """The state as ``player`` may see it: other characters' spells and scrolls face down ("All
    Spells / Scrolls may be kept face down"), deck order hidden."""
    validate.is_state(state)
    if not isinstance(player, str) or player not in state.characters:
        raise UserError(f"no character {player!r} in this game")
    chars = state.characters
    sees = has_ability(state, player, "sees_spells")  # the Prophetess may look at others' spells
    # and at their Scrolls (Corrections/Additions/Deletions to the Existing Characters)
    sees_scrolls = load().exceptions["sees_scrolls"] if not state.characters[player].toad_turns else ()
    for cid, ch in state.characters.items():
        if cid != player and ch.spells and not sees:
            ch = replace(ch, spells=["hidden"] * len(ch.spells))
            chars = chars.set(cid, ch)
        if cid != player and ch.scrolls and player not in sees_scrolls:
            chars = chars.set(cid, replace(ch, scrolls=["hidden"] * len(ch.scrolls)))
    decks = {name: sorted(cards) for name, cards in state.decks.items()}
    secret = [i for i, e in enumerate(state.log) if e.data.get("seen_by") not in (None, player)]
    log = state.log
    for i in secret:  # a secret look (Divination) shows others only that it happened
        e = log[i]
        log = log.set(i, replace(e, data=e.data.set("cards", ["hidden"] * len(e.data.get("cards", ())))))
    view = replace(state, characters=chars, decks=decks, log=log)
    # the endings deck's order, a face-down Alternative Ending; an expansion's own secrets
    view = adjust(state, "player_view", view, player=player)
    seen = ("spells",) * bool(sees) + ("scrolls",) * (player in sees_scrolls)
    return validate.mark_view(view, player, seen)  # no seed, dice, others' choices; not playable


def to_json(state: GameState) -> str:
    """The state as canonical JSON text (exact round trip with :func:`from_json`)."""
    validate.is_state(state)
    return dumps({"game": "talisman", "format": FORMAT, "state": to_data(state)})


def from_json(text: str) -> GameState:
    """Rebuild a state from :func:`to_json`'s text; :class:`~talisman.errors.StateError` names
    the path of the first bad value (shape, types, ranges, ids, card conservation)."""
    return validate.load_state(validate.parse_json(text, FORMAT), STEPS)


def record(state: GameState, actions: Iterable[Action | str]) -> dict[str, Any]:
    """A game record (config, seed and notations), like a chess PGN."""
    c = state.config
    return {"game": "talisman", "characters": list(c.characters), "expansions": list(c.expansions),
            "options": dict(c.options), "seed": c.seed, "actions": [str(a) for a in actions]}


def replay(record: Mapping[str, Any], upto: int | None = None) -> GameState:
    """Rebuild a game from its record; :class:`ReplayError` names the first action that fails."""
    try:
        validate.record_document(record)
        state = new_game(record.get("characters", ()), record.get("expansions", ()),
                         record.get("seed", 0), record.get("options") or {})
    except TalismanError as e:
        raise ReplayError(0, "(setup)", str(e)) from None
    return machine.replay_actions(state, record.get("actions", []), apply, upto)
