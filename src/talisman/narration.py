"""Human-readable narration, derived from the structured log (never stored instead of it).

Every card, space and character is named as the data names it, never by its id, wherever the
event names it (a cause or a reason included):

>>> from talisman.engine.records import Event
>>> narrate(Event("life_lost", {"character": "troll", "amount": 1, "lives": 5,
...                             "cause": "defeated by zombie_dragon"}))
'Troll loses 1 life (defeated by Zombie Dragon), 5 left.'
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from .definitions import card_of, load


def _space(sid):
    s = load().board.spaces.get(sid)
    return s.name if s else str(sid).replace("_", " ").title()


def _name(cid):
    d = load()
    c = d.characters.get(cid) or d.cards.get(cid)
    if c and cid not in d.cards and card_of(cid) != cid:  # a card taken again: "Troll 2"
        return f"{c.name} {cid.rsplit('_', 1)[1]}"
    return c.name if c else str(cid).replace("_", " ").title()


def _names(ids):
    return ", ".join(_name(i) for i in ids)


#: Creatures that are no cards (a space's Spirit, the Sentinel, the Wizard's Tower's Gargoyle, the
#: Emperor's Guard...), named as the text names them where their id alone would read badly.
CREATURE_NAMES = {"emperors_guard": "the Emperor's Guard",
                  "dragon_kings_brother": "the Dragon King's Brother"}


def _enemy(eid):
    """A combatant as the narration names it: a card or a character by its name; a creature that
    is no card (``{"name": "spirit", "card": None}``) as "the Spirit"."""
    d = load()
    c = d.characters.get(eid) or d.cards.get(eid)
    if c is not None:
        return c.name
    return CREATURE_NAMES.get(eid) or "the " + str(eid).replace("_", " ").title()


def _enemies(ids, start=False):
    text = ", ".join(_enemy(i) for i in ids)
    return text[:1].upper() + text[1:] if start else text


_DEFEATED = re.compile(r"^(.*\bdefeated by )([a-z0-9_]+(?:, [a-z0-9_]+)*)$")


_WORD = re.compile(r"[a-z][a-z0-9_]*")


def _text(value):
    """A free value of an event (a cause, a reason, a result) in words: each card, space or
    character id in it by its name, any other id's underscores as spaces."""
    if isinstance(value, Iterable) and not isinstance(value, (str, Mapping)):
        return ", ".join(_text(v) for v in value)
    d = load()
    beaten = _DEFEATED.match(str(value))  # a combat's cause: its enemies, creatures that are no cards too
    if beaten:
        return _text(beaten.group(1)) + _enemies(beaten.group(2).split(", "))

    def word(m):
        w = m.group()
        entry = d.characters.get(w) or d.cards.get(w) or d.board.spaces.get(w)
        return entry.name if entry is not None else w.replace("_", " ")
    return _WORD.sub(word, str(value))


COUNTERS = ("strength", "craft", "gold", "fate", "lives")


def narrate(event) -> str | None:
    """One line of narration for an event, or None for events not worth a line."""
    d = event.data
    who = _name(d.get("character")) if "character" in d else ""
    n = event.name
    simple = {
        "turn_lost": f"{who} loses a turn.",
        "piece_righted": f"{who} stands up again and does nothing else this turn.",
        "raft_built": f"{who} builds a raft.",
        "game_lost": "[bold red]Every character has lost.[/bold red]",
        "no_encounter": f"{who} stays put and has no encounter.",
        "still_enslaved": f"{who} rolls {d.get('roll')} and stays enslaved at the Temple.",
        "freed": f"{who} rolls {d.get('roll')} and is free to go.",
        "quest_completed": f"{who} has done the Warlock's quest and is back at his Cave.",
        "quest_fulfilled": f"{who} has done what the Warlock asked.",
    }
    if n == "spell_returned":
        return f"{who} puts a Spell back, to begin with a Scroll instead."
    if n == "immobilized":
        frozen = _enemy(d["enemy"])
        return f"{who} freezes {frozen if frozen.startswith('the ') else 'the ' + frozen} with {_name(d['how'])}."
    if n == "lasting_started":
        return {"blizzard": "A Blizzard: everyone moves one space a turn for two rounds.",
                "destroy_magic": f"{who} casts Destroy Magic: no Spells nor Magic Objects until "
                                 f"{who}'s next turn."}.get(d["effect"], f"{_text(d['effect'])} begins.")
    if n == "lasting_ended":
        return {"blizzard": "The Blizzard is over.", "destroy_magic": "Magic works again."}.get(
            d["effect"], f"{_text(d['effect'])} ends.")
    if n == "quest_set":
        what = d.get("complete_on") or f"deliver {d.get('amount', 1)} {d['deliver']}"
        return f"The Warlock sets {who} a quest: {_text(what)}."
    if n in ("scroll_gained", "scroll_read"):
        verb = "gains" if n == "scroll_gained" else "reads"
        return f"{who} {verb} a Scroll ({_name(d['card'])})."
    if n == "disaster_played":
        return f"Disaster! {_name(d['card'])} strikes the {_space(d['space'])}."
    if n == "draught_drunk":
        return f"{who} drinks the {_name(d['card'])} (+{d['strength']} Strength this turn)."
    if n == "strength_bought":
        return f"{who} pays the {_name(d['card'])}: +{d['strength']} Strength in this battle."
    if n in simple:
        return simple[n]
    if n == "game_started":
        seed = f" (seed {d['seed']})" if "seed" in d else ""  # a player's view hides the seed
        return "A new game: " + _names(d["characters"]) + seed + "."
    if n == "turn_started":
        return f"[bold]Round {d['round']}, turn {d['turn']}: {who}[/bold]"
    if n == "movement_roll":
        return f"{who} rolls {d['roll']} for movement."
    if n == "moved":
        via = ", ".join(_space(s) for s in d["path"][:-1])
        return f"{who} moves to the {_space(d['to'])}" + (f" by way of {via}." if via else ".")
    if n in ("teleported", "raft_crossed", "retreated"):
        how = {"teleported": "is moved", "raft_crossed": "crosses the river by raft",
               "retreated": "retreats"}[n]
        return f"{who} {how} to the {_space(d['to'])}."
    if n == "card_drawn":
        return f"{who} draws {_name(d['card'])}."
    if n == "card_met":
        return f"{who} meets {_name(d['card'])}."
    if n == "attacked":
        value = d.get("strength", d.get("craft"))
        what = "Strength" if "strength" in d else "Craft"
        return f"{_enemies(d['enemies'], start=True)} ({what} {value}) attack{'s' if len(d['enemies']) == 1 else ''} {who}!"
    if n == "character_attacked":
        return f"{who} attacks {_name(d['opponent'])} ({_text(d['kind'])})!"
    if n == "combat_scores":
        return (f"{who} scores {d['character_score']} (rolled {d['character_roll']}); "
                f"{_enemies(str(d['opponent']).split(','), start=True)} scores {d['opponent_score']} "
                f"(rolled {d['opponent_roll']}).")
    if n == "combat_won":
        return f"{who} defeats {_enemies(d['enemies'])}."
    if n == "combat_lost":
        return f"{who} is defeated by {_enemies(d['enemies'])}."
    if n == "character_defeated":
        return f"{_name(d['victor'])} defeats {_name(d['loser'])}."
    if n == "standoff":
        return f"{who}'s fight ends in a standoff."
    if n in ("evaded", "evaded_character"):
        return f"{who} evades."
    if n == "life_saved":
        return f"{who}'s {_name(d['card'])} saves a life (rolled {d['roll']})."
    if n == "life_lost":
        return f"{who} loses {d['amount']} life ({_text(d['cause'])}), {d['lives']} left."
    if n == "healed":
        return f"{who} is healed by {d['amount']}, {d['lives']} lives." if d["amount"] else None
    for c in COUNTERS:
        if n == f"{c}_gained":
            return f"{who} gains {d['amount']} {c} ({_text(d['cause'])}), now {d['value']}."
        if n == f"{c}_lost":
            return f"{who} loses {d['amount']} {c} ({_text(d['cause'])}), now {d['value']}."
    if n == "spell_gained":
        return f"{who} gains a spell."
    if n == "spell_cast":
        return f"{who} casts {_name(d['card'])}."
    if n == "possession_gained":
        return f"{who} takes {_name(d['card'])}."
    if n == "trophies_kept":
        return f"{who} keeps {_names(d['cards'])} as trophies."
    if n == "trophies_cashed":
        return f"{who} cashes in {_names(d['cards'])} for {d['points']} {d['counter']}."
    if n == "fate_spent":  # FATE: the roll it replaced, and which die (``characters.fate_spent``)
        which = "every die" if d["die"] == "all" else f"die {d['die']}"
        return f"{who} spends a fate to roll the {d['roll']} again ({which})."
    if n == "table_roll":
        return f"{who} rolls {d['roll']} for {_name(d['source'])}."
    if n == "chose":
        return f"{who} chooses {_text(d['option'])}."
    if n == "alignment_changed":
        return f"{who} becomes {_text(d['alignment'])}."
    if n == "became_toad":
        return f"{who} is turned into a Toad for {d['turns']} turns!"
    if n == "toad_reverted":
        if d.get("piece"):  # a resting piece of the player's two (Mirror Image, Mystic)
            return f"{who}'s {d['piece']} piece is no longer a Toad."
        return f"{who} is no longer a Toad."
    if n == "character_died":
        return f"[red]{who} dies on the {_space(d['space'])} ({_text(d['cause'])}).[/red]"
    if n == "portal_opened":
        return f"{who} opens the Portal of Power by {_text(d['ability'])} (rolled {d['roll']})!"
    if n == "portal_failed":
        return f"{who} fails to open the Portal of Power (rolled {d['roll']} for {_text(d['ability'])})."
    if n == "encounter_skipped":
        return f"[dim]{who} is on the {_space(d['space'])}: {_text(d['reason'])}.[/dim]"
    if n == "round_limit":
        return f"The round limit ({d['rounds']}) is reached: the game ends without a winner."
    if n == "game_won":
        return f"[bold green]{who} wins the game ({_text(d['reason'])}).[/bold green]"
    if n == "crown_reached":
        return f"[bold]{who} reaches the Crown of Command![/bold]"
    if n == "command_spell":
        hit = d["roll"] >= 4
        return (f"{who} casts the Command Spell at {_name(d['victim'])} (rolled {d['roll']})"
                + (": it strikes." if hit else ": nothing happens."))
    if n in QUIET:
        return None
    return generic(n, d, who)


#: Events narrated by the lines around them.
QUIET = {"turn_ended", "encountered_space", "encountered_character", "healed", "no_effect",
         "time_unchanged",
         "omen_stack_built", "blood_moon_setup", "nothing_to_buy", "blood_moon_effect"}


def generic(name, data, who):
    """A plain line for an event with no line of its own (expansions' events among them):
    the event's name and its most telling values."""
    parts = []
    for key in ("card", "space", "to", "enemy", "roll", "result", "ending", "omen", "terrain"):
        if key in data:
            value = data[key]
            parts.append(_name(value) if key in ("card", "ending", "omen", "terrain") else
                         _space(value) if key in ("space", "to") else _text(value))
    text = name.replace("_", " ")
    line = f"{who}: {text}" if who else text[0].upper() + text[1:]
    return f"[dim]{line}{' (' + ', '.join(parts) + ')' if parts else ''}.[/dim]"
