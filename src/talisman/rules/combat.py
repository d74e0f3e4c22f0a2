"""COMBAT: RESOLVING COMBAT VS CREATURES OR ENEMIES (battle by Strength against one creature).

Only what the Sentinel needs so far: declare, roll, compare, win / lose a life / standoff.
Evading, spells before the dice, several enemies, psychic combat and combat between
characters are not implemented yet (docs/rules-coverage.md).
"""
from __future__ import annotations

from ..definitions import load
from ..engine.machine import decide, frame, log, push, request_roll
from . import characters


def character_die(state, cid):
    """The character's die by size: S D4, M D6, L D8 (or D6 for all under the Revised 4th option)."""
    if state.option("movement_die") == "d6":
        return "d6"
    return load().characters[cid].die


def start_battle(state, who, enemy, strength, on_win, on_lose, on_standoff):
    """A creature attacks ``who`` in battle.  ``on_*`` are frames (step, args) run after."""
    state = log(state, "attacked", character=who, enemy=enemy, strength=strength)
    return decide(state, who, "battle", ["fight"], "combat.declared",
                  prompt=f"{enemy} (Strength {strength}) attacks", who=who, enemy=enemy,
                  strength=strength, on_win=on_win, on_lose=on_lose, on_standoff=on_standoff)


def declared(state, action, **battle):
    """"The Character must first declare if he is Evading or not. If not, then Combat takes place.\""""
    who = battle["who"]
    return request_roll(state, character_die(state, who), f"battle roll of {who}",
                        "combat.character_rolled", **battle)


def character_rolled(state, action, **battle):
    """The character's Combat Score is the die roll plus Strength; another player rolls for the creature."""
    return request_roll(state, "d6", f"attack roll of {battle['enemy']}", "combat.creature_rolled",
                        character_roll=sum(action.dice), **battle)


def creature_rolled(state, action, character_roll, who, enemy, strength, on_win, on_lose,
                    on_standoff):
    """Compare the scores: higher kills the creature, lower costs a life, equal is a standoff."""
    mine = character_roll + state.characters[who].strength
    theirs = sum(action.dice) + strength
    state = log(state, "battle", character=who, enemy=enemy, character_roll=character_roll,
                character_score=mine, enemy_roll=sum(action.dice), enemy_score=theirs)
    if mine > theirs:
        state = log(state, "battle_won", character=who, enemy=enemy)
        return push(state, frame(on_win["step"], **on_win["args"]))
    if mine < theirs:
        state = log(state, "battle_lost", character=who, enemy=enemy)
        state = characters.lose_lives(state, who, 1, f"defeated by {enemy}")
        if state.outcome is not None or not state.characters[who].alive:
            return state
        return push(state, frame(on_lose["step"], **on_lose["args"]))
    state = log(state, "standoff", character=who, enemy=enemy)
    return push(state, frame(on_standoff["step"], **on_standoff["args"]))


STEPS = {"combat.declared": declared, "combat.character_rolled": character_rolled,
         "combat.creature_rolled": creature_rolled}
