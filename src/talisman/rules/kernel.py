"""The rule kernel: the public state operations every rule area (and expansion) may use.

It sits below the rule areas (:mod:`talisman.rules.characters`, ``effects``, ``movement``...)
and imports none of them: an area reaches another area's rules through a pushed frame (a step
name), a hook point (:mod:`talisman.rules.hooks`) or these operations.  See
docs/architecture.md.
"""
from __future__ import annotations

from typing import Any, Callable, Generic, Mapping, TypeVar

import attrs
from pyrsistent import pvector, thaw

from ..definitions import load
from ..engine.machine import frame, log, push
from ..engine.records import (THAWED as _THAWED, deep_freeze, freeze_values, kwargs_of, plain, plain_set,
                              replace, set_field)
from ..state import ExtRecord, GameState, character, register_slice, update_character
from .hooks import adjust, subscribed

#: A slice's record class.
S = TypeVar("S", bound=ExtRecord)

__all__ = ["ExtSlice", "HANDLERS", "answer", "waiting", "passing", "cause_of", "run_effects", "run_effects_now",
           "EFFECT_STEPS", "space_instructions", "card_instructions",
           "update_character", "set_turn_flag", "remove_from_space", "on_space", "hold_resolving", "take_resolving",
           "settle_resolving", "release_enemies", "settle_back", "end_fight_of", "end_turn_now", "lose_turn",
           "may_affect", "affectable", "pieces_may_meet"]


def set_turn_flag(state: GameState, cid: str, key: str, value: object = True) -> GameState:
    """A character's turn flag ``key`` set to ``value`` (reset at the start of each turn)."""
    if type(value) in _THAWED:  # (a plain value is its own frozen form: no call)
        value = deep_freeze(value)
    # update_character's work, with the one look-up of the character and its one changed field
    chars = state.characters
    ch = plain(chars)[cid]
    flags = ch.turn_flags.set(key, value)
    return set_field(state, "characters", plain_set(chars, cid, set_field(ch, "turn_flags", flags)))


def may_affect(state: GameState, actor: str, target: str, means: str) -> bool:
    """Whether ``actor`` may affect ``target`` by ``means`` (the ``may_affect`` hook point: the
    Timescape's "may not affect or be affected by other Characters"); a character always may
    affect himself, and with no subscriber anyone may."""
    return actor == target or _asked_may_affect(state, actor, target, means)


def _asked_may_affect(state: GameState, actor: str, target: str, means: str) -> bool:
    """The ``may_affect`` hook point's answer (True with no subscriber)."""
    if not subscribed(state, "may_affect"):
        return True
    return bool(adjust(state, "may_affect", True, actor=actor, target=target, means=means))


def affectable(state: GameState, actor: str, targets, means: str) -> list:
    """The ``targets`` (character ids, order kept) ``actor`` may affect by ``means``."""
    if not subscribed(state, "may_affect"):
        return list(targets)
    return [t for t in targets if may_affect(state, actor, t, means)]


def pieces_may_meet(state: GameState, cid: str, means: str) -> bool:
    """Whether the piece of ``cid``'s player in play may affect his resting piece by ``means``
    (the ``may_affect`` hook point asked with ``cid`` as both: one player's two pieces are two
    Characters, 000 Mirror Image's "a second character", the Mystic's "think of the Mystic as two
    Characters"; they meet on one space, so the piece in play stands for both)."""
    return _asked_may_affect(state, cid, cid, means)


def answer(state: GameState, step: str, match: Mapping[str, Any], **values: Any) -> GameState:
    """A hook subscriber's answer, given after a decision, to the rule step waiting for it on
    the stack: the topmost frame of ``step`` whose arguments include ``match`` gets ``values``
    among its arguments (a cast's ``spells.answered``: ``cancelled``; a prayer's
    ``effects.prayer_read``: ``added``; a draw's ``encounters.draw_checked``: ``replaced``).
    A step no longer waiting (the turn was cut short) needs no answer: the state is returned.

    >>> from talisman.engine.machine import frame, push
    >>> import talisman
    >>> s = push(talisman.new_game(["troll"]), frame("spells.answered", caster="troll", spell="x", context="turn"))
    >>> answer(s, "spells.answered", {"caster": "troll"}, cancelled=True).stack[-1].args["cancelled"]
    True
    """
    i = _waiting_at(state, step, match)
    if i is None:
        return state
    args = dict(kwargs_of(state.stack[i].args))
    args.update(values)
    return replace(state, stack=state.stack.set(i, frame(step, **args)))


def waiting(state: GameState, step: str, match: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The arguments of the rule step :func:`answer` would answer (None: none is waiting), for a
    subscriber whose answer adds to an earlier one's (the Harbinger's prayer cards)."""
    i = _waiting_at(state, step, match)
    return None if i is None else state.stack[i].args


def _waiting_at(state: GameState, step: str, match: Mapping[str, Any]) -> int | None:
    stack = state.stack
    for i in range(len(stack) - 1, -1, -1):
        f = stack[i]
        if f.step == step and all(f.args.get(k) == v for k, v in match.items()):
            return i
    return None


def passing(fn: Callable[..., GameState]) -> Callable[..., tuple[GameState, Any]]:
    """A subscriber of a ``(state, answer)`` value hook (``before_encounter``...) made of a state
    hook function ``fn(state, **details) -> state`` that never answers: the answer it is given
    passes on unchanged (the Emperor's Guard's face-down cards on landing)."""
    def subscriber(state: GameState, result: tuple[GameState, Any], **details: Any) -> tuple[GameState, Any]:
        return fn(result[0], **details), result[1]
    subscriber.__name__ = subscriber.__qualname__ = getattr(fn, "__name__", "subscriber")
    subscriber.__doc__ = fn.__doc__
    return subscriber


def remove_from_space(state: GameState, space: str, card_id: str) -> GameState:
    """One copy of ``card_id`` taken off ``space``: one lying face up there, else the one under
    resolution there (a card's own effect moving or discarding it); nothing if neither.  (Copies
    are alike: which one goes changes no count.)"""
    board = state.board_cards
    cards = plain(board).get(space)
    if cards is None or card_id not in cards:
        return take_resolving(state, space, card_id)[0] if state.resolving else state
    return replace(state, board_cards=plain_set(board, space, cards.delete(cards.index(card_id))))


def remove_drawn(state: GameState, space: str, card_id: str) -> GameState:
    """A card's own effect taking it off ``space`` (it moves or discards itself): the copy under
    resolution there, the one drawn, when there is one; else one lying face up there.  A copy of
    the same card found earlier on the space is another card and stays where it lies
    (docs/rulings.md R-NB11.2)."""
    state, held = take_resolving(state, space, card_id)
    return state if held else remove_from_space(state, space, card_id)


def on_space(state: GameState, space: str, card_id: str) -> bool:
    """``card_id`` lies face up on ``space`` or is under resolution there."""
    return card_id in plain(state.board_cards).get(space, ()) or \
        card_id in plain(state.resolving).get(space, ())


# --- the cards under resolution (GameState.resolving) ----------------------------------------
#
# A card being resolved (drawn with a ``when_drawn`` still to follow; drawn from a discard pile
# and not yet turned up on the space) has a place of its own: ``state.resolving[space]``.  It
# is off the space, so an effect that clears the space (a Dragon's breath, an Omen, a
# Disaster) cannot reach it, and the card is counted there exactly once.  Its own effects take
# it from there (``remove_from_space``); what is left when its resolution ends is settled on
# the space (``settle_resolving``).

def hold_resolving(state: GameState, space: str, cards) -> GameState:
    """``cards`` (taken from wherever they were) put under resolution at ``space``."""
    if not cards:
        return state
    held = plain(state.resolving).get(space, pvector())
    return replace(state, resolving=plain_set(state.resolving, space, held.extend(cards)))


def take_resolving(state: GameState, space: str, card_id: str) -> tuple[GameState, bool]:
    """One copy of ``card_id`` taken out of resolution at ``space``; and whether it was there."""
    held = plain(state.resolving).get(space)
    if held is None or card_id not in held:
        return state, False
    rest = held.delete(held.index(card_id))
    resolving = plain_set(state.resolving, space, rest) if rest else state.resolving.discard(space)
    return replace(state, resolving=resolving), True


def settle_resolving(state: GameState, space: str, card_id: str, at: int | None = None) -> GameState:
    """A card's resolution has ended: if it is still under resolution at ``space`` (its effects
    did not send it elsewhere), it lies face up on the space, at position ``at`` (where it was
    drawn; the end when None)."""
    state, found = take_resolving(state, space, card_id)
    if not found:
        return state
    cards = plain(state.board_cards).get(space, pvector())
    at = len(cards) if at is None else min(at, len(cards))
    return replace(state, board_cards=plain_set(state.board_cards, space, pvector([*cards[:at], card_id, *cards[at:]])))


def release_enemies(state: GameState) -> GameState:
    """The combat's enemy cards still under resolution go back on their space, each where it
    lay (those kept as trophies, raised or sent elsewhere meanwhile are gone from there)."""
    b = state.battle
    if b is None:
        return state
    held = b.get("held")
    if not held:
        return state
    space = b.get("held_on")
    missing = 0
    for card, at in held:
        state, found = take_resolving(state, space, card)
        if not found:
            missing += 1
            continue
        state = settle_back(state, space, card, at - missing)
    return replace(state, battle=b.set("held", []))  # (the loop changes no battle record)


def settle_back(state: GameState, space: str, card: str, at: int) -> GameState:
    """``card`` (just taken out of resolution) lies on ``space`` again at position ``at``."""
    state = hold_resolving(state, space, [card])
    return settle_resolving(state, space, card, at)


def end_fight_of(state: GameState, cid: str) -> GameState:
    """LOSING ALL LIVES: "Any Characters that lose all their Lives are DEAD! The Playing Piece
    is removed from the Board": a character's death ends the fight he is in (against creatures,
    another character, psychic or not) where it happens, before any result is applied: the
    battle record is cleared and its enemy cards lie on their space again, unbeaten (rulings
    R-FA13.1).  Another fight (his death outside it) is left alone."""
    b = state.battle
    if b is None or cid not in (b.who, b.opponent):
        return state
    return replace(release_enemies(state), battle=None)


#: The steps of a turn's end that wait on the stack as frames: ``turn.end`` (pushed with the turn's
#: other steps), ``turn.close`` (under a Spell cast at the end of the turn) and ``turn.pass``
#: (under the ``turn_ended`` hook's frames).  The turn's own steps lie above the first of them.
TURN_END_STEPS = ("turn.end", "turn.close", "turn.pass")


def end_turn_now(state: GameState) -> GameState:
    """The turn ends at once: drop the rest of this turn's steps down to its end (or, once the
    end has begun, down to its next step)."""
    stack = state.stack
    while stack and stack[-1].step not in TURN_END_STEPS:
        stack = stack.delete(len(stack) - 1)
    return replace(state, stack=stack)


def lose_turn(state: GameState, cid: str) -> GameState:
    """LOSING A TURN: the piece lies down; the character's next turn only stands it up."""
    state = update_character(state, cid, lost_turn=max(1, character(state, cid).lost_turn))
    state = log(state, "turn_lost", character=cid)
    return end_turn_now(state) if cid == state.current else state


#: Card id -> handler for cards whose behaviour the effect vocabulary cannot say (see
#: :mod:`talisman.rules.effects`).
HANDLERS: dict = {}


def run_effects(state: GameState, effects, actor: str, source=None) -> GameState:
    """Schedule ``effects`` (a list of effect steps) for ``actor``; they run next (the rule
    step ``effects.next``)."""
    if not effects:
        return state
    return push(state, frame("effects.next", effects=effects, actor=actor, source=source or {}))


#: The rule step that runs a list of effects (``effects.next``), registered under its name by
#: :mod:`talisman.rules.effects` (an area above the kernel) for :func:`run_effects_now`.
EFFECT_STEPS: dict = {}


def run_effects_now(state: GameState, effects, actor: str, source=None) -> GameState:
    """:func:`run_effects` as a rule step's last act: the first effect runs at once instead of
    its frame being pushed, which is what the machine would do next (``advance`` pops that frame
    and runs ``effects.next`` with its arguments, frozen as a frame freezes them), so the states
    are the same and the frame is never pushed and popped.  Only in a rule step that returns
    what this gives straight to the machine: anything done after it would come before the
    effects with the frame and after them without.  Pushed as ever while a decision or the
    game's end waits."""
    step = EFFECT_STEPS.get("effects.next")
    if not effects or step is None or state.pending is not None or state.outcome is not None:
        return run_effects(state, effects, actor, source)
    return step(state, **freeze_values({"effects": effects, "actor": actor, "source": source or {}}))


def cause_of(source) -> str:
    """What an effect's ``source`` names as its cause (a card, a chart rolled on for no card,
    a space).  (``in`` before each read: a pmap's ``get`` raises and catches a ``KeyError`` on a
    miss, and most sources name no card or no space.)"""
    if "card" in source and source["card"]:
        return source["card"]
    if "chart" in source and source["chart"]:
        return source["chart"]
    if "space" in source and source["space"]:
        return source["space"]
    return "an effect"


def space_instructions(state: GameState, space: str):
    """A space's instructions: the board's, unless an expansion replaces them (a Terrain card:
    the ``space_effect`` hook point)."""
    return adjust(state, "space_effect", load().board.spaces[space].effect, space=space)


def card_instructions(state: GameState, card: str):
    """A card's instructions as it is met or visited: its own, unless a plugin adds to them
    (the Ability Stockpile's purchases: the ``card_effect`` hook point)."""
    return adjust(state, "card_effect", load().cards[card].effect, card=card)


def space_named_for(state: GameState, space: str, reader: str) -> bool:
    """Whether ``space`` still bears its board name (and so its kind: a Woods, the Hills) for
    ``reader``, an ability that names such spaces.  An expansion may cover the name (the
    ``space_named`` hook point, asked with the ability as ``effect``): "While a Terrain card is
    on a space, the text and name of that space is ignored and the text and name of the
    Terrain card is used instead" (001 Terrain Cards).  Asked only with expansions in play."""
    if not state.config.expansions:
        return True
    return bool(adjust(state, "space_named", True, space=space, effect=reader))


def space_terrain(state: GameState, space: str, reader: str) -> str:
    """The kind of ground ``reader`` (an ability) finds on ``space``: the board's ``terrain``
    (``woodland``: a Woods or the Forest; ``hills``), or "" when the space's name is covered
    (:func:`space_named_for`)."""
    terrain = load().board.spaces[space].terrain
    if terrain and not space_named_for(state, space, reader):
        return ""
    return terrain


class ExtSlice(Generic[S]):
    """An expansion's own slice of ``state.ext``: a typed record (an attrs frozen
    :class:`~talisman.state.ExtRecord`) under its id, and the three operations every store needs.
    Declaring it registers the record class for the slice id, so ``from_json``, the validator
    and the scenario set-ups rebuild (and check) it.

    >>> import attrs, talisman
    >>> from pyrsistent.typing import PVector
    >>> from talisman.engine.records import as_pvector
    >>> from talisman.state import ExtRecord
    >>> @attrs.frozen
    ... class Example(ExtRecord):
    ...     count: int = 0
    ...     seen: PVector[str] = attrs.field(factory=pvector, converter=as_pvector)
    >>> mine = ExtSlice("example", Example)
    >>> s = mine.put(talisman.new_game(["troll"]), count=2)
    >>> mine.get(s, "count"), mine.get(s, "seen")   # a field never set reads as its default
    (2, pvector([]))
    """

    __slots__ = ("key", "record", "empty")

    def __init__(self, key: str, record: type[S]) -> None:
        self.key = key
        self.record = record
        self.empty: S = record()
        register_slice(key, record)

    def of(self, state: GameState) -> S:
        """The slice's record (its empty record when the slice is absent)."""
        mine = state.ext.get(self.key)
        return self.empty if mine is None else mine  # type: ignore[return-value]  # registered: the record of S

    def get(self, state: GameState, field: str, default: Any = None) -> Any:
        """A field of the slice (its record's default when the slice is absent; ``default`` for a
        field that is None: absent until set)."""
        value = getattr(self.of(state), field)
        return default if value is None else value

    def put(self, state: GameState, **changes: Any) -> GameState:
        """A new state with these fields of the slice changed (each field's converter freezes)."""
        return replace(state, ext=state.ext.set(self.key, replace(self.of(state), **changes)))

    def init(self, state: GameState) -> GameState:
        """A new state with the slice at its empty record."""
        return replace(state, ext=state.ext.set(self.key, self.empty))

    def plain(self, state: GameState) -> dict[str, Any]:
        """The slice's fields as plain, changeable data (dicts and lists) to edit and ``put`` back."""
        mine = self.of(state)
        fields = attrs.fields(self.record)  # type: ignore[arg-type]  # S: an attrs record
        return thaw({f.name: getattr(mine, f.name) for f in fields})


@attrs.frozen
class OwnWalk:
    """A board that moves a character its own way (the City's streets, the Dungeon's spiral):
    from its one walk it answers the hook points that read a move's walk, as the main board's
    :func:`talisman.rules.movement.walks` does for its own (docs/rulings.md R-NC11.1, R-FB12.3).

    ``on_board(state, cid)``: the character moves on this board; ``walks(state, cid, steps)``:
    ``{destination: walk}`` of a count of ``steps`` from his space (none: he goes nowhere);
    ``pairs(walk)``: its ``(space, how)`` pairs, the destination last; ``walk(state, cid, steps,
    walk)``: moves him along it.  :meth:`hooks` subscribes the three points."""

    on_board: Callable[[GameState, str], bool]
    walks: Callable[[GameState, str, int], Mapping[str, Any]]
    pairs: Callable[[Any], tuple]
    walk: Callable[[GameState, str, int, Any], GameState]

    def movement_walks(self, state, found, character, steps):
        """Value hook ``movement_walks``: the board's walks of ``steps`` as ``(space, how)`` pairs,
        for what changes a move by the spaces it passes (a ``movement_destinations`` subscriber:
        the Blood Moon's Guiding Light, Fright Night, the Wall of Fire)."""
        if found is not None or not self.on_board(state, character):
            return found
        return {dest: self.pairs(w) for dest, w in self.walks(state, character, steps).items()}

    def movement_along(self, state, spaces, character, roll):
        """Value hook ``movement_along``: every space a walk of ``roll`` or fewer reaches, for a
        caster who may stop the mover "anywhere along" his roll (Dark Binding)."""
        if spaces is not None or not self.on_board(state, character):
            return spaces
        return tuple(sorted({d for k in range(1, roll + 1) for d in self.walks(state, character, k)}))

    def move_elsewhere(self, state, result, character, dest, roll):
        """Value hook ``move_elsewhere``: walk the character to a ``dest`` along his roll (a stop
        another subscriber added), by the shortest count that reaches it, as his own move would."""
        state, handled = result
        if handled or not self.on_board(state, character):
            return result
        for k in range(1, roll + 1):
            found = self.walks(state, character, k).get(dest)
            if found is not None:
                return self.walk(state, character, k, found), True
        return result

    def hooks(self):
        return {"movement_walks": self.movement_walks, "movement_along": self.movement_along,
                "move_elsewhere": self.move_elsewhere}
