"""Human-readable narration, derived from the structured log (never stored instead of it)."""
from __future__ import annotations

from .definitions import load


def _space(sid):
    s = load().board.spaces.get(sid)
    return s.name if s else sid


def _name(cid):
    c = load().characters.get(cid)
    return c.name if c else str(cid).replace("_", " ").title()


def narrate(event) -> str | None:
    """One line of narration for an event, or None for events not worth a line."""
    d = event.data
    who = _name(d.get("character")) if "character" in d else ""
    n = event.name
    if n == "game_started":
        return "A new game: " + ", ".join(_name(c) for c in d["characters"]) + f" (seed {d['seed']})."
    if n == "turn_started":
        return f"[bold]Round {d['round']}, turn {d['turn']}: {who}[/bold]"
    if n == "movement_roll":
        return f"{who} rolls {d['roll']} for movement."
    if n == "moved":
        via = ", ".join(_space(s) for s in d["path"][:-1])
        return f"{who} moves to the {_space(d['to'])}" + (f" by way of {via}." if via else ".")
    if n == "attacked":
        return f"The {_name(d['enemy'])} (Strength {d['strength']}) attacks {who}!"
    if n == "battle":
        return (f"{who} scores {d['character_score']} (rolled {d['character_roll']}); "
                f"the {_name(d['enemy'])} scores {d['enemy_score']} (rolled {d['enemy_roll']}).")
    if n == "battle_won":
        return f"{who} defeats the {_name(d['enemy'])}."
    if n == "battle_lost":
        return f"{who} is defeated by the {_name(d['enemy'])}."
    if n == "standoff":
        return f"{who} and the {_name(d['enemy'])} fight to a standoff."
    if n == "life_lost":
        return f"{who} loses {d['amount']} life ({d['cause']}), {d['lives']} left."
    if n == "healed":
        return f"{who} is healed by {d['amount']}, {d['lives']} lives."
    if n in ("strength_lost", "craft_lost"):
        return f"{who} loses {d['amount']} {n.split('_')[0]} ({d['cause']}), now {d['value']}."
    if n == "character_died":
        return f"[red]{who} dies on the {_space(d['space'])} ({d['cause']}).[/red]"
    if n == "portal_opened":
        return f"{who} opens the Portal of Power by {d['ability']} (rolled {d['roll']})!"
    if n == "portal_failed":
        return f"{who} fails to open the Portal of Power (rolled {d['roll']} for {d['ability']})."
    if n == "retreated":
        return f"{who} retreats to the {_space(d['to'])}."
    if n == "turn_lost":
        return f"{who} loses a turn."
    if n == "piece_righted":
        return f"{who} stands up again and does nothing else this turn."
    if n == "encounter_skipped":
        return f"[dim]{who} is on the {_space(d['space'])}: encounters are not implemented yet.[/dim]"
    if n == "round_limit":
        return f"The round limit ({d['rounds']}) is reached: the game ends without a winner."
    if n == "game_won":
        return f"[bold green]{who} wins the game ({d['reason'].replace('_', ' ')}).[/bold green]"
    if n == "game_lost":
        return "[bold red]Every character has lost.[/bold red]"
    return None
