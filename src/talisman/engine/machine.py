"""The decision machine: from decision to decision, with chance made explicit.

A game is a value with (at least) the fields ``pending``, ``stack``, ``dice``,
``decks``, ``log`` and ``outcome``.  Its rules are a mapping from step names to
pure functions (``STEPS``).  A step runs with ``step(state, **args)`` when it
is popped from ``state.stack``, or with ``step(state, action, **args)`` when
it resumes a decision.  A step either changes the state and returns, pushes
further frames, or sets ``state.pending`` to a :class:`Decision`.

Chance is a player: a roll or a draw is a pending decision of :data:`CHANCE`.
:func:`advance` resolves those from ``state.dice`` unless asked to stop, in
which case the caller picks an outcome from :func:`chance_outcomes`.
"""
from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Protocol, TypeVar

from pyrsistent import pmap

from .records import evolve, set_field
from ..errors import (MAX_ACTION_TEXT, DataError, DiceExhausted, IllegalAction, NotationError, OptionError,
                      ReplayError, RulesError, StateError, TalismanError)
from ..notation import Action, roll_action
from . import dice as dicelib
from .dice import Dice
from .documents import check_chance_decision, show
from .records import (EMPTY_PMAP, CHANCE, Decision, Frame, Outcome, freeze_kwargs, kwargs_of,
                      lazy_event, lazy_frame, new_decision,
                      new_frame, scalar_event, scalar_frame, scalar_key)



class MachineState(Protocol):
    """What the machine needs of a game's state (``GameState``, ``TriwizardState``): read-only
    fields by name.  ``stack`` (a pvector of :class:`Frame`), ``decks`` (a pmap from deck name
    to a pvector of card ids) and ``log`` (a pvector of :class:`Event`) are typed by each
    game's own state class; the machine takes them as they come."""

    @property
    def pending(self) -> Decision | None: ...
    @property
    def outcome(self) -> Outcome | None: ...
    @property
    def dice(self) -> Dice: ...
    @property
    def stack(self) -> Any: ...
    @property
    def decks(self) -> Any: ...
    @property
    def log(self) -> Any: ...


#: A game state the machine runs.
S = TypeVar("S", bound=MachineState)
#: A rule step: ``step(state, **args)`` or ``step(state, action, **args)``.
Step = Callable[..., Any]
#: The rule steps of a game, by name.
Steps = Mapping[str, Step]

#: The most steps the engine runs between two decisions before it calls it a loop.
LOOP_GUARD = 10_000


# --- helpers every rule module uses -------------------------------------------------

def push(state: S, *frames: Frame) -> S:
    """Push frames; the LAST one given runs FIRST (so list them in reverse order of running)."""
    return set_field(state, "stack", state.stack.extend(frames))


def push_under(state: S, depth: int, *frames: Frame) -> S:
    """Put ``frames`` on the stack at ``depth`` (the stack's length before some frames were pushed),
    under every frame pushed since: they run once those are done (the last given first, as
    :func:`push`)."""
    stack = state.stack
    return set_field(state, "stack", stack[:depth].extend(frames) + stack[depth:])


def run_next(state: S, pushed: Any, step: Step) -> S:
    """What :func:`advance` would do next, done now: when ``state``'s stack is still ``pushed``
    (a stack whose top frame, without arguments, the caller pushed for ``step``) and the game
    waits on nothing (no decision, no outcome), pop that frame and run ``step``; otherwise
    ``state`` as it is (something was pushed above the frame, or a decision or the end came).
    The same states either way; a rule step that only pushes the next one saves a round
    through the machine.  Callers must not form a cycle of such calls (no loop guard counts them)."""
    if state.stack is pushed and state.pending is None and state.outcome is None:
        return step(set_field(state, "stack", pushed[:-1]))  # (the top popped: see ``advance``)
    return state


def then(*steps: Frame) -> tuple[Frame, ...]:
    """Frames to run in the order given: ``push(state, *then(a, b))`` runs a, then b."""
    return tuple(reversed(steps))


def frame(step: str, **args: Any) -> Frame:
    """A frame of ``step`` with its arguments (frozen)."""
    if not args:
        return _bare_frame(step)
    key = scalar_key(args)  # plain arguments (most frames): one shared frame per step and values
    return lazy_frame(step, args) if key is None else scalar_frame(step, key)


@functools.lru_cache(maxsize=4096)
def _bare_frame(step: str) -> Frame:
    """``Frame(step)`` without arguments: a pure memo (frames are immutable)."""
    return new_frame(step, pmap())


def log(state: S, name: str, **data: Any) -> S:
    """Append one structured event to the log."""
    key = scalar_key(data) if data else None  # plain data (most events): one shared event
    event = lazy_event(name, data) if key is None else scalar_event(name, key)
    return set_field(state, "log", state.log.append(event))


@functools.lru_cache(maxsize=16384)
def _action(text: str) -> Action:
    """Trusted notation -> its Action (a pure memo: Actions are immutable)."""
    parts = text.split(":")
    return Action(parts[0], tuple(parts[1:]))


@functools.lru_cache(maxsize=16384)
def _options(options: tuple[Action | str, ...]) -> tuple[Action, ...]:
    """Notation strings (or Actions) -> Actions: a pure memo (many decisions offer the same
    options).  Rule code writes options as notation; it is trusted, so it is split without
    re-validation."""
    return tuple([o if isinstance(o, Action) else _action(o) for o in options])


def decide(state: S, player: str, kind: str, options: Iterable[Action | str], step: str,
           prompt: str = "", **args: Any) -> S:
    """Make ``player`` choose one of ``options`` (Actions or notation strings); resume ``step``."""
    opts = _options(tuple(options))
    if not opts:
        raise RulesError(f"rule step {step!r} offered {player!r} no option for {kind!r}")
    decision = new_decision(player, kind, step, opts, freeze_kwargs(args), prompt=prompt)
    return set_field(state, "pending", decision)


def request_roll(state: S, spec: str, purpose: str, step: str, **args: Any) -> S:
    """Ask chance for a roll of ``spec``; ``step(state, roll_action, **args)`` gets the result."""
    decision = new_decision(CHANCE, "roll", step, (), freeze_kwargs(args), spec=spec, prompt=purpose)
    return set_field(state, "pending", decision)


def request_draw(state: S, deck: str, purpose: str, step: str, **args: Any) -> S:
    """Ask chance for the top card of ``deck``; ``step(state, Action('draw', (card,)), **args)``."""
    if not state.decks.get(deck):
        raise RulesError(f"cannot draw from empty deck {deck!r} ({purpose})")
    decision = new_decision(CHANCE, "draw", step, (), freeze_kwargs(args), deck=deck, prompt=purpose)
    return set_field(state, "pending", decision)


# --- the public machine -----------------------------------------------------------

def chance_outcomes(state: MachineState) -> list[tuple[Action, Fraction]]:
    """``[(Action, Fraction)]`` for a chance decision; ``[]`` otherwise."""
    p = state.pending
    if p is None or p.player != CHANCE:
        return []
    if p.kind == "roll":
        try:
            outcomes = dicelib.outcomes(_spec(p))
        except (TalismanError, AttributeError, TypeError):  # a spec of a state made by hand
            raise _bad_chance(state, p) from None
        return [(roll_action(values), prob) for values, prob in outcomes]
    counts = Counter(_pile(state, p))
    total = sum(counts.values())
    return [(Action("draw", (card,)), Fraction(n, total)) for card, n in sorted(counts.items())]


def legal_actions(state: MachineState) -> tuple[Action, ...]:
    """The options of the pending decision (chance outcomes at a chance node)."""
    p = state.pending
    if p is None:
        return ()
    if p.player == CHANCE:
        return tuple(a for a, _ in chance_outcomes(state))
    return p.options


#: Notation text longer than this is refused unparsed (and not echoed whole into the error:
#: :func:`~talisman.errors.action_text` cuts it, as it cuts a hand-built Action's).
MAX_NOTATION = MAX_ACTION_TEXT


def coerce_action(state: MachineState, action: object) -> Action:
    """Turn notation text or an Action into the legal Action it names, or raise."""
    if state.outcome is not None:
        raise IllegalAction(action, f"the game is over ({state.outcome.reason})")
    if isinstance(action, str) and len(action) > MAX_NOTATION:
        raise NotationError(action, "longer than any action's notation")
    a = Action.parse(action) if isinstance(action, str) else action
    if not isinstance(a, Action):
        raise NotationError(action, "an action must be an Action or its notation string")
    p = state.pending
    if p is None:
        raise IllegalAction(a, "the game waits on no decision")
    if p.player == CHANCE:
        if p.kind == "roll":
            try:
                count, sides = dicelib.parse_spec(p.spec)  # (None or junk: refused below)
            except (TalismanError, AttributeError, TypeError):  # a spec of a state made by hand
                raise _bad_chance(state, p) from None
            try:
                values = a.dice
            except (NotationError, ValueError):
                raise IllegalAction(a, f"chance waits on a {p.spec} roll ({p.prompt}); "
                                       "give it as roll:N or roll:N+M") from None
            if len(values) != count or not all(1 <= v <= sides for v in values):
                raise IllegalAction(a, f"not a possible result of {p.spec} ({p.prompt})")
            return roll_action(values)  # the one notation of the outcome: roll:01 is roll:1
        pile = _pile(state, p)  # (first: a state that cannot draw is refused as such)
        if a.kind != "draw" or len(a.args) != 1 or a.args[0] not in pile:
            raise IllegalAction(a, f"chance waits on a draw from {p.deck!r}; "
                                   "give a card still in it as draw:ID")
        return a
    if a in p.options:
        return a
    shown = ", ".join(str(o) for o in p.options[:12])
    more = "..." if len(p.options) > 12 else ""
    raise IllegalAction(a, f"{p.player} must choose {p.kind} ({p.prompt or 'a decision'}); "
                           f"legal: {shown}{more}")


def _pending(state: MachineState) -> Decision:
    """The pending decision of a state known to wait on one."""
    p = state.pending
    if p is None:
        raise RulesError("the game waits on no decision")
    return p


def _spec(p: Decision) -> str:
    """A roll decision's dice spec (the engine never makes a roll without one)."""
    if p.spec is None:
        raise StateError("state.pending.spec", f"a roll of chance with no dice spec ({p.prompt})")
    return p.spec


def _pile(state: MachineState, p: Decision) -> Any:
    """The pile a draw decision draws from (a deck of the game: the engine never names another)."""
    try:
        return state.decks[p.deck]
    except (KeyError, TypeError):  # a deck of a state made by hand
        raise _bad_chance(state, p) from None


def _bad_chance(state: MachineState, p: Decision) -> StateError:
    """The error for a decision of chance that chance cannot make (a state made or changed by
    hand: ``from_json`` refuses it), naming the path of its bad field; read only once a roll or a
    draw has failed."""
    try:
        check_chance_decision({"kind": p.kind, "spec": p.spec, "deck": p.deck})
    except StateError as e:
        return e
    return StateError("state.pending.deck", f"not a deck of the game: {show(p.deck)}")


def _deck(p: Decision) -> str:
    """A draw decision's deck."""
    if p.deck is None:
        raise RulesError(f"a draw from no deck ({p.prompt})")
    return p.deck


def _take_card(state: S, deck: str, card: str) -> S:
    decks = state.decks
    cards = decks[deck]
    return set_field(state, "decks", decks.set(deck, cards.delete(cards.index(card))))


def _step(steps: Steps, name: str) -> Step:
    """The rule step ``name``; a name no rule defines is a bug in the rules."""
    try:
        return steps[name]
    except KeyError:
        raise RulesError(f"no rule step named {name!r}") from None


def _resume(state: S, steps: Steps, decision: Decision, action: Action, dice: Dice | None = None) -> S:
    """Run the step ``decision`` waits on with ``action``, the decision cleared; ``dice``: the
    state's dice after a roll of chance made from them (:func:`_chance`), set in the same copy."""
    state = set_field(state, "pending", None) if dice is None else evolve(state, pending=None, dice=dice)
    if decision.player == CHANCE and decision.kind == "draw":
        state = _take_card(state, _deck(decision), action.args[0])
    args = decision.args
    if args is EMPTY_PMAP:  # (as in ``advance``)
        return _step(steps, decision.step)(state, action)
    return _step(steps, decision.step)(state, action, **kwargs_of(args))


def auto_chance(state: S) -> tuple[Action, S]:
    """The outcome that the state's own dice give the pending chance decision."""
    action, d = _chance(state, _pending(state))
    return action, state if d is None else set_field(state, "dice", d)


def _chance(state: MachineState, p: Decision) -> tuple[Action, Dice | None]:
    """:func:`auto_chance`'s outcome of ``p``, the state's pending chance decision, and the
    dice after it (None for a draw, which rolls none), for the caller to set."""
    if p.kind == "roll":
        try:
            values, d = dicelib.roll(state.dice, _spec(p), p.prompt)
        except DiceExhausted:
            raise
        except (TalismanError, AttributeError, TypeError):  # a spec of a state made by hand
            raise _bad_chance(state, p) from None
        return roll_action(values), d
    try:
        top = state.decks[p.deck][0]
    except (KeyError, TypeError):  # a deck of a state made by hand
        raise _bad_chance(state, p) from None
    return Action("draw", (top,)), None


#: ``stop_at_chance`` value: stop at a chance node only when scripted dice have run out.
AT_SCRIPT_END = "at_script_end"


def _stops(state: MachineState, stop_at_chance: object) -> bool:
    if stop_at_chance == AT_SCRIPT_END:
        return bool(state.dice.script is not None and not state.dice.script
                    and _pending(state).kind == "roll")
    return bool(stop_at_chance)


def advance(state: S, steps: Steps, stop_at_chance: object = False,
            stop_before: Container[str] = (), from_stop: bool = False) -> S:
    """Run rule steps until a player (or, if asked, chance) must decide, or the game ends.

    ``stop_at_chance``: False resolves every roll and draw from ``state.dice``; True stops
    at each; :data:`AT_SCRIPT_END` stops only where scripted dice have run out (scenarios).
    ``stop_before``: names of rule steps to stop before (for a search that reads a state
    there, as exact odds read a combat's result): the state returned waits on no decision,
    the stopped step's frame on top of its stack.  ``from_stop``: ``state`` is such a stopped
    state; its frame runs first (the stop is for the frames met after it).
    """
    stops = bool(stop_at_chance) and stop_at_chance != AT_SCRIPT_END  # stops at every chance node
    script_end = stop_at_chance == AT_SCRIPT_END
    for i in range(LOOP_GUARD):
        if state.outcome is not None:
            return state
        p = state.pending
        if p is None:
            stack = state.stack
            if not stack:
                raise RulesError("the engine ran out of rule steps without a decision")
            f = stack[-1]
            if stop_before and f.step in stop_before and (i or not from_stop):
                return state
            # the top frame popped: a slice (``v[:-1]``, a vector equal to ``v.delete(len(v) - 1)``
            # and of the same type) costs about a quarter of ``delete`` (timeit, 8 frames)
            state = set_field(state, "stack", stack[:-1])
            try:
                step = steps[f.step]
            except KeyError:
                raise RulesError(f"no rule step named {f.step!r}") from None
            kw = f.plain_args  # (a lazy frame's arguments: ``records.Frame``)
            if kw is not None:
                state = step(state, **kw)
            else:
                args = f.args
                if args is EMPTY_PMAP:  # the shared empty pmap, told without a call to its ``len``
                    state = step(state)
                else:
                    state = step(state, **kwargs_of(args))
        elif p.player == CHANCE and not stops and not (script_end and _stops(state, AT_SCRIPT_END)):
            # (the roll's dice and the cleared decision set in one copy of the state)
            state = _resume(state, steps, p, *_chance(state, p))
        else:
            return state
    raise RulesError(f"more than {LOOP_GUARD} rule steps without a decision: a rules loop")


def apply(state: S, action: object, steps: Steps, stop_at_chance: object = False,
          stop_before: Container[str] = ()) -> S:
    """Check ``action`` is legal, resume the pending step with it, run to the next decision
    (or to a step of ``stop_before``: :func:`advance`)."""
    a = coerce_action(state, action)
    try:  # free on the hot path (3.11's exceptions cost nothing until raised)
        resumed = _resume(state, steps, _pending(state), a)
    except Exception as e:  # the safety net (R-HARD2.1, R-HARD8.1): the decision's own step failed
        _refuse(e, a, steps, "state.pending")
        raise
    try:
        return advance(resumed, steps, stop_at_chance, stop_before)
    except Exception as e:  # ... or a step run after it
        _refuse(e, a, steps, "state")
        raise


#: What a rule step raises that ``apply`` passes on as it is: already a bad state named by its
#: path, scripted dice run out, a bad data file or option, no memory left.
_PASSED_ON = (StateError, DiceExhausted, DataError, OptionError, MemoryError)


def _refuse(error: Exception, action: Action, steps: Steps, path: str) -> None:
    """The safety net of :func:`apply`: raise a :class:`StateError` at ``path`` for ``error``,
    which a rule step raised playing ``action`` on a state made or changed by hand, the original
    chained (a raw ``TypeError``, ``KeyError``, ``RecursionError``...; an action's error,
    ``NotationError`` or ``IllegalAction``: the action was checked legal before the step ran,
    so what the step trips on is the state, as when its decision's kind does not fit its step;
    and a ``RulesError`` a junk argument leads to, a rule step named by it or a chooser with no
    option: the net cannot tell it from a bug, and says both, ruling R-HARD8.1).
    Returns (the caller re-raises ``error``) when ``error`` is of :data:`_PASSED_ON`."""
    if isinstance(error, _PASSED_ON):
        return
    said = str(error) if len(str(error)) <= 120 else str(error)[:120] + "..."
    raise StateError(path, f"action {str(action)!r}: rule step {_failed_step(error, steps)} failed on "
                           f"this state ({type(error).__name__}: {said}): not a state the engine "
                           "makes (one made or changed by hand), or a bug in the rules") from error


def _failed_step(error: BaseException, steps: Steps) -> str:
    """The name of the innermost rule step on ``error``'s traceback (``'?'`` if none): read only
    once an error is raised, so the hot path pays nothing for it."""
    # a step may be a bound method, its code shared by the steps of other instances (the
    # ``OwnRoll`` of each roll Fate may re-roll): the instance (``self``) tells them apart
    names = {(getattr(fn, "__code__", None), id(getattr(fn, "__self__", None))): name for name, fn in steps.items()}
    found = "?"
    tb = error.__traceback__
    while tb is not None:
        frame_ = tb.tb_frame
        found = names.get((frame_.f_code, id(frame_.f_locals.get("self") if "self" in frame_.f_code.co_varnames
                                             else None)), found)
        tb = tb.tb_next
    return repr(found) if found != "?" else found


def replay_actions(state: S, actions: Sequence[str], apply_fn: Callable[[S, str], S],
                   upto: int | None = None) -> S:
    """Apply recorded notations in order (a game record's actions);
    :class:`~talisman.errors.ReplayError` names the first that fails."""
    for i, text in enumerate(actions[:upto] if upto is not None else actions, start=1):
        try:
            state = apply_fn(state, text)
        except TalismanError as e:
            raise ReplayError(i, text, getattr(e, "reason", str(e))) from None
    return state
