"""Narration: one human line per log event, and a whole game between bots (heuristic by
default).

Narration is derived from the structured events, never stored instead of them.  The
narrator is omniscient: secret fields (a drawn card, a peeked Cup tile) are told.

>>> from talisman.engine.records import Event
>>> describe(Event("cup_won", {"player": "harry", "space": "r7c8"}))
'harry lifts the Triwizard Cup on r7c8 and wins the Triwizard Tournament!'
"""
from __future__ import annotations

from rich.console import Console

from ..engine.dice import mix
from ..errors import TalismanError
from . import api
from .bots import heuristic
from .definitions import load

#: The safety bound on a bot game's length (the ``max_turns`` option).
BOT_MAX_TURNS = 20_000


def _obstacle(card):
    return load().obstacles[card].name if card in load().obstacles else card


def _tile(kind):
    return load().tiles.get(kind, kind)


def _cup(tile):
    return load().cup_tiles[tile].name if tile in load().cup_tiles else tile


TEMPLATES = {
    "game_started": lambda d: f"The Triwizard Tournament begins: {', '.join(d['players'])}"
                              + (f" (seed {d['seed']})." if "seed" in d else "."),
    "first_player_roll": lambda d: f"{d['player']} rolls {d['value']} for first player.",
    "first_player_tie": lambda d: f"{', '.join(d['players'])} tie on {d['value']} and roll again.",
    "first_player": lambda d: f"{d['player']} goes first.",
    "turn_started": lambda d: f"[bold]Turn {d['turn']}: {d['player']}[/bold]",
    "turn_ended": None,
    "battle_card_drawn": lambda d: f"{d['player']} draws the Battle card {d['card']}.",
    "resource_drawn": lambda d: f"{d['player']} draws a Resource tile: {_tile(d['tile'])}.",
    "obstacle_revealed": lambda d: f"{_obstacle(d['obstacle'])} joins the Obstacle Lineup.",
    "pile_reshuffled": lambda d: f"The {d['pile']} discards are reshuffled into a new pile "
                                 f"({d['cards']}).",
    "pile_empty": lambda d: f"The {d['pile']} pile is empty: nothing to draw.",
    "hand_discarded": lambda d: f"{d['player']} discards the whole hand and gives up the turn.",
    "movement_rolled": lambda d: f"{d['player']} rolls " + (
        "the Invisibility Cloak!" if d["face"] == "cloak" else f"a {d['face']}."),
    "moved": lambda d: f"{d['player']} moves {d['steps']} from {d['from']} to {d['to']}"
                       + (", blasting through the hedge." if d.get("curse") else "."),
    "obstacle_passed_occupied": lambda d: f"{d['player']} slips past the piece on the Obstacle "
                                          f"space {d['space']} to {d['to']}, and must battle.",
    "stayed": lambda d: f"{d['player']} stays put.",
    "advanced": lambda d: f"{d['player']} strides on {d['steps']} to {d['to']}.",
    "pushed_back": lambda d: f"{d['by']} moves {d['player']} back from {d['from']} to {d['to']}.",
    "not_pushed_back": lambda d: f"{d['player']} has nowhere to be moved back to.",
    "space_ignored": lambda d: (f"Under the Cloak, {d['player']} ignores the {d['kind']} "
                                f"space {d['space']}." if d["reason"] == "cloak" else
                                f"{d['player']} has battled this turn: {d['space']} waits."),
    "portkey_travelled": lambda d: f"{d['player']} grabs the Portkey on {d['from']} and "
                                   f"lands on {d['to']}.",
    "portkey_blocked": lambda d: f"The Portkey on {d['space']} is dead: {d['by']} stands on "
                                 f"{d['to']}.",
    "gold_mist": lambda d: f"{d['player']} steps into the Gold Mist.",
    "cup_flipped": lambda d: f"{d['player']} turns over the tile on {d['space']}: "
                             f"{_cup(d['tile'])}.",
    "cup_won": lambda d: f"{d['player']} lifts the Triwizard Cup on {d['space']} and wins the "
                         "Triwizard Tournament!",
    "headstone_travelled": lambda d: f"The Headstone tile whisks {d['player']} away to the "
                                     f"Headstone space {d['to']}; the turn ends.",
    "battle_started": lambda d: f"{d['player']} faces {_obstacle(d['obstacle'])} "
                                f"(Strength {d['strength']}, {'/'.join(d['colours'])}).",
    "battle_card_played": lambda d: f"{d['player']} casts {d['card']} (Strength {d['strength']}).",
    "battle_roll": lambda d: f"{d['player']} rolls {d['value']}"
                             + (" again" if d["second"] else "")
                             + f": {d['total']} against {d['needed']}.",
    "battle_won": lambda d: f"{d['player']} defeats {_obstacle(d['obstacle'])}.",
    "battle_lost": lambda d: f"{d['player']} loses to {_obstacle(d['obstacle'])}"
                             + (" without a matching card." if d["reason"] == "no_matching_card"
                                else "."),
    "no_obstacle": lambda d: "The Obstacle Lineup is empty.",
    "lineup_refilled": lambda d: "The Lineup is beaten: four new obstacles are laid out.",
    "tile_played": lambda d: f"{d['player']} plays {_tile(d['tile'])}.",
    "tile_discarded": lambda d: f"{d['player']} discards {_tile(d['tile'])} (six tiles at most).",
    "tile_stolen": lambda d: f"Red Sparks: {d['player']} blind-draws {_tile(d['tile'])} "
                             f"from {d['victim']}.",
    "tiles_revealed": lambda d: f"Veritaserum: {d['player']} shows "
                                f"{', '.join(_tile(t) for t in d['tiles'])}.",
    "tile_taken": lambda d: f"{d['player']} takes {d['victim']}'s {_tile(d['tile'])}.",
    "cup_peeked": lambda d: f"{d['player']} secretly looks at the tile on {d['space']} "
                            f"({_cup(d['tile'])}).",
    "hedge_summoned": lambda d: f"{d['player']} summons the Wandering Hedge from {d['from']} "
                                f"to {d['to']}.",
    "cloak_placed": lambda d: f"The Invisibility Cloak goes on {d['player']}"
                              + (f" (from {d['from']})." if d["from"] else "."),
    "cloak_removal_attempted": lambda d: f"{d['player']} tries to take off the Cloak.",
    "cloak_kept": lambda d: f"{d['player']} rolls {d['face']}: the Cloak stays on.",
    "cloak_removed": lambda d: f"{d['player']} rolls {d['face']} and takes off the Cloak.",
    "cloak_set_aside": lambda d: f"{d['player']} sets the Cloak beside the board.",
    "dumbledore_punished": lambda d: f"Albus Dumbledore catches {d['player']} under the Cloak.",
    "dumbledore_cancelled": lambda d: f"{d['player']} answers with Dumbledore: {d['by']}'s "
                                      "Dumbledore is cancelled.",
    "sent_to_penalty": lambda d: f"{d['player']} is sent to the Penalty space {d['to']}.",
    "no_penalty_space": lambda d: f"No empty Penalty space for {d['player']}.",
    "turn_limit": lambda d: f"The safety limit of {d['turns']} turns ends the game.",
}


def describe(event):
    """One human line for ``event``, or None for events not worth a line."""
    template = TEMPLATES.get(event.name, lambda d: f"{event.name}: {dict(d)}")
    return None if template is None else template(event.data)


def bot_choice(state, seed, counter):
    """A seeded random bot: one of the legal actions, a pure function of seed and counter."""
    legal = api.legal_actions(state)
    return legal[mix(seed, counter) % len(legal)]


def play_bot_game(seed=0, players=4, console=None, max_turns=BOT_MAX_TURNS, bot="heuristic"):
    """Play a whole game between bots (``heuristic`` by default, or seeded ``random``),
    narrating each event; the final state."""
    console = console or Console(highlight=False)
    state = api.new_game(players, seed, {"max_turns": max_turns})
    choose = heuristic if bot == "heuristic" else (lambda s, k: bot_choice(s, seed ^ 0x7B1, k))
    if bot not in ("heuristic", "random"):
        raise TalismanError(f"unknown Triwizard bot {bot!r}; known: heuristic, random")
    shown = 0
    counter = 0
    while True:
        for event in state.log[shown:]:
            line = describe(event)
            if line:
                console.print(line)
        shown = len(state.log)
        if state.is_over:
            break
        state = api.apply(state, choose(state, counter))
        counter += 1
    winner = state.winner
    console.print(f"[bold]{winner} wins after {state.turn} turns.[/bold]" if winner
                  else f"[bold]No winner ({state.outcome.reason}).[/bold]")
    return state
