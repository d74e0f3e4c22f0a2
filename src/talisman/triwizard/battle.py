"""Battles: Battle Cards, Obstacle Cards, Battling Obstacles, Winning a Battle, Losing a Battle.

The obstacle is "the face-up card in the Obstacle Lineup closest to the Draw Pile" (index 0
is closest).  The player plays one Battle card of a matching colour (``battle:<card>``);
with none they lose at once and are moved back up to 4 spaces.  Die (the Cloak face counts
0) plus the card's Strength must reach the obstacle's Strength; a Double Die tile may add a
second roll.
"""
from __future__ import annotations

import attrs

from ..engine.machine import decide, frame, log, push, request_roll, then
from . import movement, piles, resources
from .definitions import load
from .state import update_player

#: Battling Obstacles 4: "the Invisibility Cloak symbol equals 0".
CLOAK_IN_BATTLE = 0


def face_value(roll):
    """A die result as a battle number: the face's number, the Cloak face 0."""
    face = load().face(roll)
    return CLOAK_IN_BATTLE if face == "cloak" else face


def current_obstacle(state):
    """The index of the first face-up card of the Lineup, or None."""
    for i, slot in enumerate(state.lineup):
        if slot.face_up:
            return i
    return None


def start(state, pid):
    """Obstacle Spaces: "immediately battle the next card in the Obstacle Lineup"."""
    defs = load()
    slot = current_obstacle(state)
    if slot is None:
        return log(movement.clear_site(state), "no_obstacle", player=pid)
    obstacle = defs.obstacles[state.lineup[slot].card]
    state = log(state, "battle_started", player=pid, obstacle=obstacle.id,
                strength=obstacle.strength, colours=list(obstacle.colours),
                obstacle_space=state.obstacle_space, came_from=state.came_from)
    cards = sorted({c for c in state.players[pid].hand
                    if defs.battle[c].colour in obstacle.colours})
    if not cards:
        # Battling Obstacles 2: "If you do not hold a Battle Card with a matching colour,
        # you automatically lose the battle."
        state = log(state, "battle_lost", player=pid, obstacle=obstacle.id,
                    reason="no_matching_card")
        return movement.offer_push_back(state, pid, movement.NO_CARD_PUSH)
    return decide(state, pid, "battle", [f"battle:{c}" for c in cards], "battle.card_played",
                  prompt=f"battle {obstacle.name} (Strength {obstacle.strength})", slot=slot)


def card_played(state, action, slot):
    """Place the Battle card face up and roll the die."""
    pid = state.current
    card = action.args[0]
    state = update_player(state, pid, hand=piles.remove_one(state.players[pid].hand, card))
    # Battling Obstacles 1: "Place this Battle Card face up in front of you."
    state = attrs.evolve(state, battled=True, battle_card=card)
    state = log(state, "battle_card_played", player=pid, card=card,
                strength=load().battle[card].strength)
    return request_roll(state, "d6", f"battle roll of {pid}", "battle.rolled", slot=slot,
                        first=None)


def rolled(state, action, slot, first):
    """Battling Obstacles 4: die plus Strength "equals or exceeds" the obstacle's Strength."""
    defs = load()
    pid = state.current
    card = state.battle_card
    value = face_value(action.dice[0])
    dice = value + (first or 0)
    total = defs.battle[card].strength + dice
    obstacle = defs.obstacles[state.lineup[slot].card]
    state = log(state, "battle_roll", player=pid, roll=action.dice[0], value=value, total=total,
                needed=obstacle.strength, second=first is not None)
    if total >= obstacle.strength:
        return won(state, pid, slot)
    if first is None and resources.may_play(state, pid, "double_die"):
        # DOUBLE DIE: "if you do not roll a high enough number ... roll the die a second
        # time and add it to your first roll".
        return decide(state, pid, "double_die", ["play:double_die", "pass"], "battle.double_die",
                      prompt=f"{total} of {obstacle.strength}: roll again?", slot=slot,
                      first=value)
    return lost(state, pid, slot)


def double_die(state, action, slot, first):
    """Play the Double Die (roll again and add) or ``pass`` and lose."""
    pid = state.current
    if action.kind == "pass":
        return lost(state, pid, slot)
    state = resources.spend(state, pid, "double_die")
    return request_roll(state, "d6", f"second battle roll of {pid}", "battle.rolled", slot=slot,
                        first=first)


def discard_battle_card(state):
    """Winning a Battle, Losing a Battle: "Discard the Battle Card you just used"."""
    card = state.battle_card
    state = piles.discard(state, piles.BATTLE, [card])
    return attrs.evolve(state, battle_card=None)


def won(state, pid, slot):
    """Winning a Battle.  The obstacle is settled first (flipped face down, the Lineup
    refilled when its last card is beaten, the Battle card discarded), then the winner moves
    forward and, "Next", draws the Resource Reward (choice ``battle_won_order``, R-TF7.1)."""
    defs = load()
    obstacle = defs.obstacles[state.lineup[slot].card]
    lineup = state.lineup.set(slot, attrs.evolve(state.lineup[slot], face_up=False))
    state = attrs.evolve(state, lineup=lineup)
    state = log(state, "battle_won", player=pid, obstacle=obstacle.id, reward=obstacle.reward)
    card = state.battle_card
    state = discard_battle_card(state)
    frames = [frame("battle.refill_lineup")] if current_obstacle(state) is None else []
    frames += [frame("battle.advance", rating=defs.battle[card].movement),
               frame("battle.reward", player=pid, n=obstacle.reward)]
    return push(state, *then(*frames))


def reward(state, player, n):
    """Winning a Battle: "Next, draw the number of Resource Tiles indicated by the Resource
    Reward", then the limit of six.  Drawn even when the advance ended the turn (a Headstone
    tile turned over, R-TF7.2): ``turn.end_turn_now`` keeps this step."""
    frames = piles.draws(piles.RESOURCES, "tiles", player, n)[::-1]
    return push(state, *then(*frames, frame("resources.check_limit", player=player)))


def refill_lineup(state):
    """Winning a Battle: "If it's the last card in the Lineup, discard all 4 face down cards
    from the Lineup, draw four more Obstacle Cards and place them face up in a new Obstacle
    Lineup": a short pile is made up from the reshuffled discards."""
    state = piles.discard(state, piles.OBSTACLES, [s.card for s in state.lineup])
    state = attrs.evolve(state, lineup=[])
    state = log(state, "lineup_refilled")
    return piles.deal(state, piles.OBSTACLES, "lineup", "lineup", 4)


def advance(state, rating):
    """Rule step: the winner's move forward, after the obstacle is settled."""
    return movement.offer_advance(state, state.current, rating)


def lost(state, pid, slot):
    """Losing a Battle: the obstacle stays face up, the Battle card is discarded, the
    player on the right moves the loser back up to the card's Movement Rating."""
    obstacle = state.lineup[slot].card
    state = log(state, "battle_lost", player=pid, obstacle=obstacle, reason="too_weak")
    card = state.battle_card
    state = discard_battle_card(state)
    return movement.offer_push_back(state, pid, load().battle[card].movement)


STEPS = {"battle.card_played": card_played, "battle.rolled": rolled,
         "battle.double_die": double_die, "battle.refill_lineup": refill_lineup,
         "battle.advance": advance, "battle.reward": reward}
