"""Let the Tournament Begin!: the turn, from drawing up to four Battle cards to passing the
die on.

A turn runs: refill the hand; the turn decision (``roll``, ``discard_hand``,
``remove_cloak`` or a tile); the move and what its square does; a last chance to play a
Resource tile (``done`` to pass); the end.  Play passes clockwise, to the next player in
the seating.
"""
from __future__ import annotations

import attrs

from ..engine.machine import decide, frame, log, push, request_roll, then
from ..engine.records import Outcome
from . import cloak, movement, piles, resources  # (a cycle: each module is read at call time)
from .definitions import load
from .state import update_player

#: Battle Cards: "draws enough Battle Cards so that they hold 4 Battle Cards".
HAND_SIZE = 4


def start_turn(state):
    """A new turn for ``state.current``; the ``max_turns`` option ends the game here."""
    number = state.turn + 1
    limit = state.option("max_turns")
    if limit and number > limit:
        state = log(state, "turn_limit", turns=limit)
        return attrs.evolve(state, outcome=Outcome("turn_limit", ()))
    state = attrs.evolve(state, turn=number, tile_played=False, battled=False)
    state = log(state, "turn_started", player=state.current, turn=number)
    return push(state, *then(frame("turn.refill_hand"), frame("turn.choose"),
                             frame("turn.after_move"), frame("turn.end")))


def refill_hand(state):
    """Let the Tournament Begin! 1: "draw enough Battle Cards so that you have a total of 4"."""
    pid = state.current
    return piles.deal(state, piles.BATTLE, "hand", pid, HAND_SIZE - len(state.players[pid].hand))


def choose(state):
    """Roll for movement, give up the turn for a new hand, try to remove the cloak, or play
    a Resource tile first."""
    pid = state.current
    options = ["roll"]
    if not state.tile_played:
        # Battle Cards: the new hand is taken "before moving or playing a Resource Tile";
        # Removing an Invisibility Cloak is "the only action allowed" in that turn.
        options.append("discard_hand")
        if state.cloak == pid:
            options.append("remove_cloak")
    options += resources.window_plays(state, pid)
    return decide(state, pid, "turn", options, "turn.chosen", prompt="your turn")


def chosen(state, action):
    """Carry out the turn decision."""
    pid = state.current
    if action.kind == "roll":
        return request_roll(state, "d6", f"movement roll of {pid}", "turn.rolled")
    if action.kind == "discard_hand":
        return discard_hand(state, pid)
    if action.kind == "remove_cloak":
        return cloak.start_removal(state, pid)
    state = push(state, frame("turn.choose"))
    return resources.play(state, pid, action)


def rolled(state, action):
    """Let the Tournament Begin! 2-3: move up to double the number, or place the cloak."""
    pid = state.current
    face = load().face(action.dice[0])
    state = log(state, "movement_rolled", player=pid, roll=action.dice[0], face=str(face))
    if face == "cloak":
        return cloak.offer_placement(state, pid)
    return movement.offer_move(state, pid, 2 * face)


def discard_hand(state, pid):
    """Battle Cards: "give up your turn to discard all of your Battle Cards and draw 4 more"."""
    hand = list(state.players[pid].hand)
    state = update_player(state, pid, hand=[])
    state = piles.discard(state, piles.BATTLE, hand)
    state = log(state, "hand_discarded", player=pid, cards=hand)
    state = end_turn_now(state)
    return piles.deal(state, piles.BATTLE, "hand", pid, HAND_SIZE)


def after_move(state):
    """Let the Tournament Begin! 4: a Resource tile may still be played (or ``done``)."""
    pid = state.current
    plays = resources.window_plays(state, pid)
    if not plays:
        return state
    return decide(state, pid, "tile", ["done"] + plays, "turn.after_move_chosen",
                  prompt="play a Resource tile?")


def after_move_chosen(state, action):
    """Play the chosen tile, or ``done``."""
    if action.kind == "done":
        return state
    return resources.play(state, state.current, action)


def end_turn(state):
    """Let the Tournament Begin! 6: "pass the die to the next player" (clockwise)."""
    state = log(state, "turn_ended", player=state.current)
    i = state.order.index(state.current)
    state = attrs.evolve(state, current=state.order[(i + 1) % len(state.order)])
    return push(state, frame("turn.start"))


# Steps the end of a turn does not drop: a won battle's reward, drawn "Next" after the
# advance even when the advance turned over a Headstone tile (R-TF7.2).
SURVIVE_TURN_END = frozenset({"battle.reward"})


def end_turn_now(state):
    """The turn ends at once: drop the rest of this turn's steps down to its end (but the
    steps of ``SURVIVE_TURN_END``, which still run, in their order)."""
    stack = state.stack
    kept = []
    while stack and stack[-1].step != "turn.end":
        if stack[-1].step in SURVIVE_TURN_END:
            kept.append(stack[-1])
        stack = stack.delete(len(stack) - 1)
    for step in reversed(kept):
        stack = stack.append(step)
    return attrs.evolve(state, stack=stack)


STEPS = {"turn.start": start_turn, "turn.refill_hand": refill_hand, "turn.choose": choose,
         "turn.chosen": chosen, "turn.rolled": rolled, "turn.after_move": after_move,
         "turn.after_move_chosen": after_move_chosen, "turn.end": end_turn}
