"""WINNING THE GAME (000), KING OF THE HILL and CHAOS BLOODBATH (000 OPTIONAL RULES).

The last character alive wins; after anyone has reached the Crown of Command a killed character
loses ("any character who is killed automatically loses the game").  ``state.outcome`` says why
the game ended and who won."""
from __future__ import annotations

from typing import Any

from ..engine.machine import log
from .hooks import adjust
from ..engine.records import Outcome, replace
from ..definitions import card_of, character_pool, load

__all__ = ["may_restart", "unused_characters", "check_last_survivor", "reached_crown", "win",
           "won_in_time", "HELD_CHECK_STEP"]


def may_restart(state, seat=None):
    """LOSING ALL LIVES with the ``new_character`` option: a player whose character died may
    begin again with a new one (a card of the remaining stock: :func:`unused_characters`), until
    someone has reached the Crown of Command ("any character who is killed automatically loses
    the game").  ``seat``: that dead piece's player; None: any dead piece's (none dead: whether
    the stock holds a card at all)."""
    # CHAOS BLOODBATH: "No player may start a new Character."
    if not state.option("new_character") or state.option("chaos_bloodbath") or state.crown_reached:
        return False
    seats = [seat] if seat is not None else [c for c in state.order if not state.characters[c].alive]
    return any(unused_characters(state, c) for c in seats) if seats else bool(unused_characters(state))


def unused_characters(state, seat=None):
    """The character cards of the pool (the option ``character_pool``) in the remaining stock:
    none a living piece plays, none in play as a Henchman (the hook point ``characters_held``;
    rulings R-FIX15C.1).  LOSING ALL LIVES: "The Character Card is returned to the remaining
    stock", so a dead character's card is there for a later choice (rulings R-FIX15.1); but
    the player of ``seat``, the piece that has just died, begins again "with a new Character":
    not the card he has just lost."""
    pool = character_pool(load(), state.option("character_pool"), state.config.expansions)
    held = {card_of(c) for c, ch in state.characters.items() if ch.alive}
    if state.ext:  # a card in play as a Henchman is out of the stock (rulings R-FIX15C.1)
        held |= adjust(state, "characters_held", frozenset())
    if seat is not None:
        held.add(card_of(seat))
    return [c for c in pool if c not in held]


#: The rule step that follows an effect striking several characters at once (``each_character``:
#: the Pestilence's "everyone there loses a life"): while its frame waits, a death leaves the
#: last-survivor check to it, so every character the card strikes is struck first
#: (docs/rulings.md R-FIX15D.4).
HELD_CHECK_STEP = "effects.survivors_checked"


def check_last_survivor(state):
    """In a game of two or more, the last character alive wins (KING OF THE HILL); with the
    CHAOS BLOODBATH option only one who has reached the Crown may win this way.  Not while an
    effect that strikes several characters at once is still striking (:data:`HELD_CHECK_STEP`)."""
    if may_restart(state) or any(f.step == HELD_CHECK_STEP for f in state.stack):
        return state
    alive = [c for c in state.order if state.characters[c].alive]
    if len(state.order) > 1 and len(alive) == 1:
        if state.option("chaos_bloodbath") and not reached_crown(state, alive[0]):
            return state  # CHAOS BLOODBATH: "No one may win the game until he/she has reached the Crown"
        state = log(state, "game_won", character=alive[0], reason="last_survivor")
        return replace(state, outcome=Outcome("last_survivor", (alive[0],)))
    if not alive:
        state = log(state, "game_lost", reason="all_dead")
        return replace(state, outcome=Outcome("all_dead", ()))
    return state


def reached_crown(state, cid):
    """Whether ``cid`` has reached the Crown of Command (the log's ``crown_reached``)."""
    return state.crown_reached and any(e.name == "crown_reached" and e.data.get("character") == cid
                                       for e in state.log)


def win(state, cid, reason):
    state = log(state, "game_won", character=cid, reason=reason)
    return replace(state, outcome=Outcome(reason, (cid,)))


def won_in_time(state, who, reason):
    return state if state.outcome is not None else win(state, who, reason)

STEPS: dict[str, Any] = {}
