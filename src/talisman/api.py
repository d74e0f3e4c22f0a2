"""The public API of the Talisman engine (DESIGN.md section 5)."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from .engine.records import replace
from .engine import machine
from .engine.replays import make_record, replay_record
from .engine.serialize import dumps
from .errors import (OptionError, RulesError, StateError, TalismanError, UserError)
from . import validate
from .notation import Action
from .engine.ruleset import RULESET
from .expansions import implemented as expansion_modules, plugins as expansion_plugins
from .rules import STEPS as RULE_STEPS
from .rules import abilities, effects, encounters, endings, henchmen, inner_region, master_levels, movement, noblemen
from .rules.hooks import adjust
from .rules.setup import initial_state, offer_starting_scrolls
from .state import GameState
from .definitions import card_of, load
from .rules.characters import has_ability

FORMAT = 1


def assemble() -> dict[str, machine.Step]:
    """Assemble the game's rule set: the base rule areas' plugins (the endings, the effects) and
    every implemented expansion's, registered in the engine's rule set (a game runs the plugins its
    config enables).  Called once, when this module is imported; calling it again changes nothing.

    Returns:
        Every rule step of the base game and of the implemented expansions, by name.

    Raises:
        ValueError: a plugin subscribes to a hook point no rule declares.

    Example:
        >>> from talisman import api
        >>> steps = api.assemble()
        >>> steps == api.STEPS
        True
    """
    RULESET.register(effects.PLUGIN)
    RULESET.register(henchmen.PLUGIN)  # OPTIONAL RULES, HENCHMEN: a base plugin (the option henchmen)
    RULESET.register(abilities.PLUGIN)  # SPECIAL ABILITIES that join combat at its hook points
    RULESET.register(abilities.PLUNDER_PLUGIN)  # the Pirate's plunder: only where a character may have it
    # RULES CONCERNING CHARACTERS: Master Levels, Magic Items, Abilities; Noblemen and Realms
    RULESET.register(master_levels.PLUGIN)
    RULESET.register(noblemen.PLUGIN)
    # the endings after the base plugins that answer a death: KING OF THE HILL's last-survivor
    # check (``character_died``) sees the player a Master Level's other piece keeps alive
    # (docs/rulings.md R-S23.2)
    RULESET.register(encounters.PLUGIN)  # the card met that killed the drawer is disposed of (R-FE12.1)
    RULESET.register(endings.PLUGIN)
    RULESET.register(movement.RAFTS_PLUGIN)  # Rafts: the bought Raft cards held (state.ext["rafts"])
    RULESET.register(inner_region.PLUGIN)  # the Werewolf a held character fights on (state.ext["inner_region"])
    for plugin in expansion_plugins():
        RULESET.register(plugin)
    for m in expansion_modules():  # what of an expansion plays without it (003 Expansion Rules: its characters)
        for plugin in getattr(m, "ALONE_PLUGINS", ()):
            RULESET.register(plugin)
    return {**RULE_STEPS, **RULESET.steps()}


#: Every rule step of the base game and of the implemented expansions.
STEPS = assemble()


def new_game(characters: Iterable[str] = ("warrior", "wizard", "troll", "elf"),
             expansions: Iterable[str] = (), seed: int = 0, options: Mapping[str, Any] | None = None,
             stop_at_chance: bool = False) -> GameState:
    """A new game, run forward to its first decision.

    Args:
        characters: the ids of the characters who play, in seating order (``talisman cards``
            lists them); an expansion's character needs its expansion, unless its rules let
            it play alone (the Blood Moon's three).
        expansions: the ids of the expansions played (``"harbinger"``, ``"blood_moon"``,
            ``"city"``, ``"wizards_tower"``, ``"disasters"``).
        seed: the seed of every roll and shuffle: the same seed, options and actions give the
            same game; any int from -2**256 to 2**256 (a longer one could not be written in
            the state's JSON: docs/rulings.md R-HARD11B.1), each mixed whole, so two seeds
            give two games (R-HARD12.1).
        options: rule options (``movement_die``, ``lives``, ``max_rounds``...; the options page,
            ``docs/options.md``, lists them), or None for the defaults.
        stop_at_chance: stop at the first roll or draw (a chance node) instead of rolling it.

    Returns:
        The :class:`~talisman.state.GameState` waiting on its first decision (``state.pending``).

    Raises:
        OptionError: a game that cannot be set up as asked: an unknown character or expansion,
            no character or more than six (one a player; the game is for 2-6 players), a
            character or an expansion listed twice, a bad seed, an unknown rule option or a
            value it does not take.

    Example:
        >>> import talisman
        >>> s = talisman.new_game(["warrior", "troll"], seed=7)
        >>> s.pending.player, s.pending.kind
        ('warrior', 'move')
        >>> talisman.new_game(["nobody"])
        Traceback (most recent call last):
        ...
        talisman.errors.OptionError: unknown character 'nobody'; known: ...
    """
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
    return validate.vouch(machine.advance(state, STEPS, stop_at_chance))


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """The legal actions of the pending decision (the outcomes, at a chance node).

    Args:
        state: a state of a game that is not over.

    Returns:
        A tuple of :class:`~talisman.notation.Action`, in a stable order; empty once the game
        is over.

    Example:
        >>> import talisman
        >>> s = talisman.new_game(["warrior", "troll"], seed=7)
        >>> talisman.legal_actions(s)
        (Action('move:forest'), Action('move:hills_2'))
    """
    validate.is_state(state)
    validate.vetted(state, STEPS, FORMAT)
    return machine.legal_actions(state)


def apply(state: GameState, action: Action | str, stop_at_chance: bool = False) -> GameState:
    """The state after one legal action; ``state`` itself never changes.

    Args:
        state: the state to act in.
        action: a legal action of ``state``: an :class:`~talisman.notation.Action` or its
            notation (``"move:forest"``).
        stop_at_chance: stop at the next roll or draw instead of rolling it (for search and
            exact odds: the outcomes are then :func:`chance_outcomes`).

    Returns:
        The new :class:`~talisman.state.GameState`, run forward to its next decision.

    Raises:
        IllegalAction: a well-formed action that is not legal now (``state`` is untouched).
        NotationError: text that is not the notation of any action.
        StateError: a state made or changed by hand that a rule step cannot play (it names
            the action and the rule step; the original error is chained as ``__cause__``).
            Never raises a ``RulesError``: one raised inside a rule step comes as this
            StateError, the RulesError its ``__cause__`` (a bug, on a state the engine made;
            ruling R-HARD12.6).

    Example:
        >>> import talisman
        >>> s = talisman.new_game(["warrior", "troll"], seed=7)
        >>> s2 = talisman.apply(s, "move:forest")
        >>> s2.characters["warrior"].space
        'forest'
        >>> talisman.apply(s, "fight")
        Traceback (most recent call last):
        ...
        talisman.errors.IllegalAction: illegal action 'fight': warrior must choose move (rolled 4); ...
    """
    validate.playable(state)
    validate.vetted(state, STEPS, FORMAT)
    return machine.apply(state, action, STEPS, stop_at_chance)


def parse_action(state: GameState, text: str) -> Action:
    """The legal :class:`~talisman.notation.Action` that a notation names in ``state``.

    Args:
        state: the state whose pending decision the text answers.
        text: the action's notation (``"move:forest"``).

    Returns:
        The legal :class:`~talisman.notation.Action`.

    Raises:
        IllegalAction: well-formed notation of an action that is not legal now.
        NotationError: text that is not the notation of any action.

    Example:
        >>> import talisman
        >>> s = talisman.new_game(["warrior", "troll"], seed=7)
        >>> talisman.parse_action(s, "move:forest")
        Action('move:forest')
    """
    validate.is_state(state)
    validate.vetted(state, STEPS, FORMAT)
    return machine.coerce_action(state, text)


def chance_outcomes(state: GameState) -> list[tuple[Action, Fraction]]:
    """The exact odds of each outcome when ``state`` waits on a roll or a draw.

    Args:
        state: any state (a chance node is met with ``stop_at_chance=True``).

    Returns:
        A list of ``(Action, Fraction)`` whose odds sum to exactly 1 at a chance node; ``[]``
        when a player must decide.

    Example:
        >>> import talisman
        >>> s = talisman.new_game(["troll"], stop_at_chance=True)   # the Troll's d8 movement
        >>> talisman.chance_outcomes(s)[:2]
        [(Action('roll:1'), Fraction(1, 8)), (Action('roll:2'), Fraction(1, 8))]
        >>> sum(p for _, p in talisman.chance_outcomes(s))
        Fraction(1, 1)
    """
    validate.playable(state)
    validate.vetted(state, STEPS, FORMAT)
    return machine.chance_outcomes(state)


def player_view(state: GameState, player: str) -> GameState:
    """The state as ``player`` may see it.

    Other characters' Spells and Scrolls are face down ("All Spells / Scrolls may be kept face
    down"), the face-down decks show their size only (neither order nor contents), and the seed,
    the dice and any secret look are hidden.

    Args:
        state: the whole state.
        player: the id of a character in the game.

    Returns:
        A :class:`~talisman.state.GameState` with the hidden information replaced.

    Raises:
        UserError: ``player`` is not a character of this game.
        StateError: a state made or changed by hand: a value :func:`to_json` refuses (a float),
            refused first with ``to_json``'s error (ruling R-HARD12.3); a state the view trips on,
            with the path of its bad value as :func:`from_json` would name it.

    Example:
        >>> import talisman
        >>> s = talisman.new_game(["warrior", "wizard"], seed=7)
        >>> list(talisman.player_view(s, "warrior").characters["wizard"].spells)
        ['hidden', 'hidden']
        >>> set(talisman.player_view(s, "warrior").decks["spell"])   # a face-down deck: its size only
        {'hidden'}
        >>> talisman.player_view(s, "warrior").dice.seed   # no future roll can be told
        >>> talisman.player_view(s, "warrior").config.seed is None
        True
    """
    validate.is_state(state)
    if not isinstance(player, str) or player not in state.characters:
        raise UserError(f"no character {player!r} in this game")
    validate.saved_once(state)  # a value to_json refuses (a float), named as to_json names it
    validate.vetted(state, STEPS, FORMAT)  # a state made or changed by hand: checked once
    try:
        return _view(state, player)
    except TalismanError:
        raise
    except Exception as e:  # a state made or changed by hand: name the path of its bad value
        validate.check_state(state, STEPS, FORMAT)
        raise StateError("state", f"player_view failed on this state ({type(e).__name__}: {e}): not a "
                                  "state the engine makes (one made or changed by hand), or a bug") from e


def _view(state: GameState, player: str) -> GameState:
    """:func:`player_view` of a checked state and player."""
    chars = state.characters
    sees = has_ability(state, player, "sees_spells")  # the Prophetess may look at others' spells
    # and at their Scrolls (Corrections/Additions/Deletions to the Existing Characters)
    sees_scrolls = (not state.characters[player].toad_turns
                    and card_of(player) in load().exceptions["sees_scrolls"])
    for cid, ch in state.characters.items():
        if cid != player and ch.spells and not sees:
            ch = replace(ch, spells=["hidden"] * len(ch.spells))
            chars = chars.set(cid, ch)
        if cid != player and ch.scrolls and not sees_scrolls:
            chars = chars.set(cid, replace(ch, scrolls=["hidden"] * len(ch.scrolls)))
    # a face-down deck shows only its size: its order, and what it holds (which would tell by
    # elimination the cards others drew face down, a handed or looked-at card), are hidden
    decks = {name: sorted(cards) if name in load().face_up else [validate.HIDDEN] * len(cards)
             for name, cards in state.decks.items()}
    secret = [i for i, e in enumerate(state.log) if e.data.get("seen_by") not in (None, player)]
    log = state.log
    for i in secret:  # a secret look (Divination) shows others only that it happened
        e = log[i]
        log = log.set(i, replace(e, data=e.data.set("cards", ["hidden"] * len(e.data.get("cards", ())))))
    view = replace(state, characters=chars, decks=decks, log=log)
    # the endings deck's order, a face-down Alternative Ending; an expansion's own secrets
    view = adjust(state, "player_view", view, player=player)
    seen = ("spells",) * bool(sees) + ("scrolls",) * sees_scrolls
    return validate.mark_view(view, player, seen)  # no seed, dice, others' choices; not playable


def to_json(state: GameState) -> str:
    """The state as canonical JSON text.

    Args:
        state: any state.

    Returns:
        JSON text (sorted keys); :func:`from_json` gives back an equal state.

    Example:
        >>> import talisman
        >>> s = talisman.new_game(["warrior"], seed=3)
        >>> talisman.to_json(s)[:39]
        '{"format":1,"game":"talisman","state":{'
        >>> talisman.from_json(talisman.to_json(s)) == s
        True
    """
    validate.is_state(state)
    return dumps({"game": "talisman", "format": FORMAT, "state": validate.saveable_data(state)})


def from_json(text: str) -> GameState:
    """Rebuild a state from :func:`to_json`'s text.

    Args:
        text: JSON text written by :func:`to_json`.

    Returns:
        The :class:`~talisman.state.GameState` (equal to the one written).

    Raises:
        StateError: text that is not JSON, not a Talisman state in this format, or a bad value
            (the error names its path: shape, types, ranges, ids, card conservation).

    Example:
        >>> import talisman
        >>> talisman.from_json('{"game": "chess"}')
        Traceback (most recent call last):
        ...
        talisman.errors.StateError: document.game: expected 'talisman', got 'chess'
    """
    return validate.vouch(validate.load_state(validate.parse_json(text, FORMAT), STEPS))


def record(state: GameState, actions: Iterable[Action | str]) -> dict[str, Any]:
    """A game record (configuration, seed and notations), like a chess PGN.

    Args:
        state: a state of the game (only its configuration is read).
        actions: the actions played from the game's start, as Actions or notations.

    Returns:
        A plain ``dict`` (JSON-ready) that :func:`replay` turns back into the game; its
        ``options`` are written in sorted order (the same bytes in every process).

    Raises:
        StateError: ``state`` is not a :class:`~talisman.state.GameState`, or is a player's
            view (its seed is hidden: no record replays it); ``actions`` is a string or an item
            is neither an Action nor well-formed notation (the path names it: ``actions.1``).

    Example:
        >>> import talisman
        >>> s = talisman.new_game(["warrior", "troll"], seed=7)
        >>> talisman.record(s, ["move:forest"])["actions"]
        ['move:forest']
    """
    validate.playable(state)
    c = state.config
    return make_record("talisman", {"characters": list(c.characters), "expansions": list(c.expansions),
                                    "options": dict(c.options)}, c.seed, actions)


def replay(record: Mapping[str, Any], upto: int | None = None) -> GameState:
    """Rebuild a game from its record.

    Args:
        record: a game record (:func:`record`'s ``dict``, or the JSON a ``--save`` wrote).
        upto: replay only the first ``upto`` actions (None: all of them).

    Returns:
        The :class:`~talisman.state.GameState` the record leads to.

    Raises:
        ReplayError: the set-up fails (action 0) or an action is not legal; the error names the
            first action that fails.

    Example:
        >>> import talisman
        >>> s = talisman.new_game(["warrior", "troll"], seed=7)
        >>> talisman.replay(talisman.record(s, ["move:forest"])) == talisman.apply(s, "move:forest")
        True
        >>> talisman.replay({"characters": ["warrior"], "actions": ["fight"]})
        Traceback (most recent call last):
        ...
        talisman.errors.ReplayError: record diverges at action 1 ('fight'): ...
    """
    return replay_record(record, _start_record, apply, upto)


def _start_record(record: Mapping[str, Any]) -> GameState:
    """A record's set-up checked (shape and ids) and its first state (:func:`replay`'s start)."""
    validate.record_document(record)
    return new_game(record.get("characters", ()), record.get("expansions", ()),
                    record.get("seed", 0), record.get("options") or {})
