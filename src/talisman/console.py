"""A person at the terminal (``talisman play --seat 1=human``).

Every option is shown with its notation, its human name and what it means here; the seat's own
character in full and the others as :func:`talisman.player_view` lets that seat see them; a
compact map of the board. What is shown to a seat comes from that seat's view only: the names
and meanings are read from the view, the narration of a secret look (Divination) is the hidden
one, and a fight's odds are worked out on the view.

At a prompt a person types an option's number, its notation, a unique prefix of its notation or
of its name, or a command (:data:`COMMANDS`). End of input (or ``quit``) ends the game cleanly.
"""
from __future__ import annotations

import sys
import time
from fractions import Fraction

import click
from rich import box
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from . import api
from .definitions import load
from .engine.records import replace
from .errors import TalismanError
from .narration import narrate
from .svg.layout import grid_cells
from .svg.picture import held_here
from .validate import VIEW

#: The commands understood at any prompt (a word here is never read as a notation prefix).
COMMANDS = {
    "help": "list these commands (also ?)",
    "options": "show the options again (also o)",
    "status": "show your character and the others (also s)",
    "map": "show the board with the pieces on it (also m)",
    "quit": "stop the game here (end of input does the same)",
}
ALIASES = {"?": "help", "h": "help", "o": "options", "s": "status", "m": "map", "q": "quit",
           "exit": "quit"}

REGION_NAMES = {"outer": "Outer Region", "middle": "Middle Region", "inner": "Inner Region",
                "crown": "Crown of Command", "city": "City", "wizards_tower": "Wizard's Tower"}

#: What a decision asks, in words (the decision's own prompt follows it).
QUESTIONS = {
    "move": "Where to move?", "turn": "What now, before moving?", "combat": "The fight:",
    "fate": "Keep the roll or spend Fate?", "claim": "Anything to take or leave?",
    "encounter": "Whom to encounter?", "choose": "Which one?", "start": "How to begin?",
    "attack": "Which combat?", "defend": "Attacked!", "spoils": "The spoils:",
    "target": "At whom?", "teleport": "Where to?", "heal": "How many lives to buy?",
    "combat_kind": "Battle or psychic combat?", "portal": "Open the Portal how?",
    "end_of_turn": "End of the turn:", "save_life": "Save a life?", "save_other": "Save a life?",
}


# ----------------------------------------------------------------------------- names

def _defs():
    return load()


def space_name(sid):
    """The name of a space.

    Args:
        sid: a space id.

    Returns:
        Its name on the board, or the id in words for a space the board does not know.

    Example:
        >>> space_name("forest"), space_name("no_such_place")
        ('Forest', 'no such place')
    """
    s = _defs().board.spaces.get(sid)
    return s.name if s else _words(sid)


def card_name(cid):
    """The name of a card or character (or of a space's own guardian, the Sentinel).

    Args:
        cid: a card, character or guardian id.

    Returns:
        Its name (an unknown id in words).

    Example:
        >>> card_name("angel"), card_name("troll"), card_name("sentinel")
        ('Angel', 'Troll', 'Sentinel')
    """
    d = _defs()
    c = d.cards.get(cid) or d.characters.get(cid) or d.board.spaces.get(cid)
    return c.name if c else _words(cid)


def _words(text):
    return str(text).replace("_", " ")


def _region(sid):
    s = _defs().board.spaces.get(sid)
    return REGION_NAMES.get(s.region, _words(s.region)) if s else ""


def _pct(p):
    return f"{float(p) * 100:.0f}%"


def pieces_on(view, sid):
    """What lies or stands on a space, as the view shows it: characters, figures, the cards
    under resolution there (an Enemy being fought: "Wolf (fighting)"), cards, gold.

    Args:
        view: a player's view (:func:`talisman.player_view`).
        sid: a space id.

    Returns:
        A list of names.

    Example:
        >>> import talisman
        >>> view = talisman.player_view(talisman.new_game(["warrior", "troll"], seed=7), "warrior")
        >>> pieces_on(view, "tavern"), pieces_on(view, "forest")
        (['Warrior'], [])
    """
    out = [card_name(c) for c, ch in view.characters.items() if ch.alive and ch.space == sid]
    bm, hb = view.ext.get("blood_moon"), view.ext.get("harbinger")
    if bm and bm.get("werewolf") == sid:
        out.append("the Werewolf")
    if hb and hb.get("harbinger") == sid:
        out.append("the Harbinger")
    # cards under resolution first: an Enemy being fought is off the space while the fight lasts
    out += [f"{card_name(c)} ({how})" for c, how in held_here(view, sid)]
    out += [card_name(c) for c in view.board_cards.get(sid, ())]
    gold = view.board_gold.get(sid, 0)
    if gold:
        out.append(f"{gold} gold")
    return out


def describe_space(view, sid):
    """A destination in a few words: its region, what the space does, what lies there.

    Args:
        view: a player's view.
        sid: a space id.

    Returns:
        One line of text.

    Example:
        >>> import talisman
        >>> view = talisman.player_view(talisman.new_game(["warrior", "troll"], seed=7), "warrior")
        >>> describe_space(view, "forest")
        'Outer Region. Roll one die on the Forest table (brigand, lost, safe or a guide).'
    """
    s = _defs().board.spaces.get(sid)
    if s is None:
        return ""
    text = f"{_region(sid)}. {s.text}"
    there = pieces_on(view, sid)
    if there:
        text += " Here: " + ", ".join(there) + "."
    return text


def describe_card(cid):
    """A card in a few words: its kind, its Strength or Craft, and its summary.

    Args:
        cid: a card id.

    Returns:
        One line of text; ``""`` for an unknown card.

    Example:
        >>> describe_card("angel")
        'event: A heavenly visitor rewards the good with a life and punishes the evil with the loss of one.'
    """
    c = _defs().cards.get(cid)
    if c is None:
        return ""
    value = (f"Strength {c.strength}" if c.strength else "") or (f"Craft {c.craft}" if c.craft else "")
    kind = _words(c.subtype or c.type)
    head = f"{kind}{', ' + value if value else ''}"
    return f"{head}: {c.summary}" if c.summary else head


def _describe_arg(view, arg):
    """The name and meaning of one notation argument: a space, a card, a character or a region."""
    d = _defs()
    if arg in d.board.spaces:
        return space_name(arg), describe_space(view, arg)
    if arg in view.characters:
        ch = view.characters[arg]
        return card_name(arg), (f"on the {space_name(ch.space)}, Strength {ch.strength}, "
                                f"Craft {ch.craft}, {ch.lives} lives")
    if arg in d.cards:
        return card_name(arg), describe_card(arg)
    if arg in d.board.regions:
        return REGION_NAMES.get(arg, _words(arg)), ""
    return _words(arg), ""


def _enemies(view):
    b = view.battle
    if not b:
        return ""
    kind = "Craft" if b.get("kind") == "psychic" else "Strength"
    parts = [f"{card_name(e.get('card') or e.get('name'))} ({kind} {e.get('value')})"
             for e in b.get("enemies", ())]
    if b.get("opponent"):
        parts.append(card_name(b["opponent"]))
    return ", ".join(parts)


def describe(view, action, seat=None, odds=None):
    """``(name, meaning)`` of one legal action, in words, from what ``view`` shows.

    Args:
        view: the choosing seat's view.
        action: a legal action.
        seat: the seat choosing (default: the pending player).
        odds: the seat's :func:`fight_odds`, shown beside a ``fight``.

    Returns:
        ``(name, meaning)``: two short texts.

    Example:
        >>> import talisman
        >>> s = talisman.new_game(["warrior", "troll"], seed=7)
        >>> describe(talisman.player_view(s, "warrior"), talisman.legal_actions(s)[0], "warrior")[0]
        'Move to Forest'
    """
    k, args = action.kind, action.args
    p = view.pending
    me = view.characters.get(seat) if seat else None
    if k == "fight":
        what = _enemies(view)
        meaning = "roll and compare the scores"
        if odds:
            meaning += (f"; chances: win {_pct(odds['win'])}, stand-off {_pct(odds['standoff'])}, "
                        f"lose {_pct(odds['lose'])}")
            if odds.get("note"):
                meaning += f" ({odds['note']})"
        return (f"Fight {what}" if what else "Fight"), meaning
    if k == "evade":
        return "Evade", "avoid the fight: no win, no loss"
    if k == "keep":
        fate = p is not None and p.kind == "fate"
        return "Keep it", "accept the roll" if fate else "leave things as they are"
    if k == "fate" and args[:1] == ("reroll",):
        left = f" ({me.fate} left)" if me else ""
        if args[1:]:  # one die of several (rulings R-RF14.1)
            dice = list((p.args.get("dice") if p is not None else None) or ())
            n = int(args[1])
            shown = f" (the {dice[n - 1]})" if 0 < n <= len(dice) else ""
            return f"Spend 1 Fate on die {n}", f"roll die {n}{shown} again, keep the others{left}"
        return "Spend 1 Fate", f"roll again{left}"
    if k == "done":
        return "Done", "nothing more here"
    if k == "pass":
        return "Pass", "do not cast"
    if k == "roll" and not args:
        return "Roll to move", "roll the movement die"
    if k == "regenerate":
        return "Regenerate", _defs().abilities.get("regenerate", {}).get("summary", "")
    if k == "encounter" and args == ("space",):
        sid = me.space if me else None
        return (f"Encounter the {space_name(sid)}" if sid else "Encounter the space"), (
            _defs().board.spaces[sid].text if sid in _defs().board.spaces else "")
    if k == "encounter" and args[:1] == ("char",) and len(args) > 1:
        name, meaning = _describe_arg(view, args[1])
        return f"Encounter the {name}", meaning
    if k in ("combat", "attack") and args:
        how = {"battle": "Battle (Strength)", "psychic": "Psychic combat (Craft)"}
        return how.get(args[0], _words(args[0]).capitalize()), ""
    if k == "portal" and args:
        value = getattr(me, args[0], None)
        return f"By {args[0].capitalize()}", (f"try your {args[0].capitalize()}"
                                              + (f" ({value})" if isinstance(value, int) else "")
                                              + " against 2 dice")
    if k == "heal" and args:
        per = p.args.get("per_life") if p is not None else None
        cost = f" for {int(args[0]) * per} gold" if isinstance(per, int) and args[0].isdigit() else ""
        return f"Buy {args[0]} li{'fe' if args[0] == '1' else 'ves'}{cost}", "be healed"
    if k == "add" and args:
        return f"Add {args[0]}", ""
    if k == "start" and args:
        return {"scroll": "A Scroll", "spells": "Spells"}.get(args[0], _words(args[0])), (
            "begin with a Scroll instead of a Spell" if args[0] == "scroll" else "begin with Spells")
    if k == "choose" and args and p is not None:
        for c in p.args.get("choices", ()):
            if c.get("id") == args[0]:
                return _words(args[0]).capitalize(), c.get("label", "")
        return _words(args[0]).capitalize(), ""
    if k == "buy" and args and p is not None:
        price = p.args.get("params", {}).get("items", {}).get(args[0])
        name, meaning = _describe_arg(view, args[0])
        return f"Buy {name}" + (f" for {price} gold" if price is not None else ""), meaning
    if k == "spoils" and args:
        if args[0] == "take" and len(args) > 1:
            name, meaning = _describe_arg(view, args[1])
            return f"Take {name}", meaning
        return {"gold": "Take a gold", "life": "Take a life"}.get(args[0], _words(args[0])), ""
    if k == "cash" and len(args) > 1:  # one trophy chosen at a time (GAINING STRENGTH)
        name, _ = _describe_arg(view, args[1])
        return f"Choose {name} to cash in for {args[0].capitalize()}", "then more, or done"
    if k == "cash" and args:
        return f"Cash in trophies for {args[0].capitalize()}", "7 points of trophies for 1 counter"
    if k == "quest":
        return "Hand in the Warlock's quest", " ".join(_words(a) for a in args)
    verb = VERBS.get(k, _words(k).capitalize())
    if not args:
        return verb, ""
    parts = [_describe_arg(view, a) for a in args]
    name = verb + " " + ", ".join(n for n, _ in parts)
    return name, "; ".join(m for _, m in parts if m)


VERBS = {"move": "Move to", "teleport": "Teleport to", "hex": "Curse", "place": "Place it on",
         "werewolf": "Move the Werewolf to", "raft": "Raft to", "woods": "Through the Woods to",
         "cast": "Cast", "take": "Take", "drop": "Leave", "sell": "Sell", "read": "Read",
         "drink": "Drink", "use": "Use", "visit": "Visit", "discard": "Discard", "swap": "Swap for",
         "give": "Give", "target": "At", "victim": "The Werewolf meets", "dispel": "Dispel",
         "destroy": "Destroy", "barge": "Barge to", "bank": "Bank:", "donjon": "Donjon:",
         "bribe": "Bribe", "tame": "Tame", "send_away": "Send away", "stowaway": "Stow away"}


# ----------------------------------------------------------------------------- odds

def known_position(view):
    """The view with what the seat cannot see taken out (others' face-down Spells and Scrolls),
    so that the rules can be run forward on it (chance stopped at, never rolled: the view has no
    dice): what the seat could work out for itself.  The view's mark is taken off, deliberately:
    this position is the seat's own reckoning, not the game.

    Args:
        view: a player's view.

    Returns:
        A state the rules can run on.

    Example:
        >>> import talisman
        >>> view = talisman.player_view(talisman.new_game(["warrior", "troll"], seed=7), "warrior")
        >>> known_position(view).characters == view.characters      # nothing face down yet
        True
    """
    chars = view.characters
    for cid, ch in view.characters.items():
        if "hidden" in ch.spells or "hidden" in ch.scrolls:
            chars = chars.set(cid, replace(ch, spells=[c for c in ch.spells if c != "hidden"],
                                           scrolls=[c for c in ch.scrolls if c != "hidden"]))
    return replace(view, characters=chars, ext=view.ext.discard(VIEW))


def fight_odds(view, seat, limit=3000):
    """Exact chances ``{win, standoff, lose}`` (Fractions) of fighting now, worked out from
    :func:`talisman.chance_outcomes` on what the seat knows (:func:`known_position`); the seat
    keeps every roll (spends no Fate) and no one else casts a Spell. None when another choice
    comes before the result, past ``limit`` steps, or when the rules need what the seat cannot
    see.

    Args:
        view: the seat's view, at a decision that offers ``fight``.
        seat: the seat asking.
        limit: the most states to look at.

    Returns:
        ``{"win", "standoff", "lose", "note"}``, or None.

    Example:
        >>> import talisman
        >>> from talisman.scenarios import setup_state
        >>> s = setup_state({"characters": [{"id": "thief", "space": "woods_1", "strength": 8,
        ...                                  "fate": 0}]}, dice=[2])
        >>> s = talisman.apply(s, "move:hills_3")          # the Sentinel: Strength 9
        >>> fight_odds(talisman.player_view(s, "thief"), "thief")["win"]
        Fraction(5, 18)
    """
    budget = [limit]
    totals = {"win": Fraction(0), "standoff": Fraction(0), "lose": Fraction(0)}
    start = len(view.log)

    def walk(state, weight):
        for e in state.log[start:]:
            if e.name in ("combat_won", "combat_lost", "standoff", "character_defeated"):
                if e.name == "character_defeated":
                    key = "win" if e.data.get("victor") == seat else "lose"
                else:
                    key = {"combat_won": "win", "combat_lost": "lose", "standoff": "standoff"}[e.name]
                totals[key] += weight
                return True
        budget[0] -= 1
        if state.is_over or budget[0] < 0:
            return False
        outcomes = api.chance_outcomes(state)
        if outcomes:
            return all(walk(api.apply(state, a, stop_at_chance=True), weight * p) for a, p in outcomes)
        if state.pending.player == seat and state.pending.kind == "fate":
            keep = [a for a in api.legal_actions(state) if a.kind == "keep"]
            return bool(keep) and walk(api.apply(state, keep[0], stop_at_chance=True), weight)
        return False

    try:
        done = walk(api.apply(known_position(view), "fight", stop_at_chance=True), Fraction(1))
    except (TalismanError, LookupError):  # a rule needed a card the seat cannot see: no odds
        return None
    return {**totals, "note": "keeping every roll, if no one casts a Spell"} if done else None


# ----------------------------------------------------------------------------- panels

def _names_of(items):
    shown = [card_name(c) for c in items if c != "hidden"]
    hidden = sum(1 for c in items if c == "hidden")
    if hidden:
        shown.append(f"{hidden} face down")
    return ", ".join(shown) or "-"


def status_panel(view, seat):
    """The seat's own character in full and the others in short, from the seat's view.

    Args:
        view: the seat's view.
        seat: the seat's character id.

    Returns:
        A rich ``Panel``.

    Example:
        >>> import io, talisman
        >>> from rich.console import Console
        >>> view = talisman.player_view(talisman.new_game(["warrior", "troll"], seed=7), "warrior")
        >>> out = Console(file=io.StringIO(), width=100)
        >>> out.print(status_panel(view, "warrior"))
        >>> "Strength 4" in out.file.getvalue()
        True
    """
    me = view.characters[seat]
    d = _defs()
    cdef = d.characters.get(seat)
    own = Table.grid(padding=(0, 1))
    own.add_column(style="bold")
    own.add_column()
    own.add_row("Where", f"{space_name(me.space)} ({_region(me.space)})")
    own.add_row("Counters", f"Strength {me.strength}  Craft {me.craft}  Lives {me.lives}  "
                            f"Fate {me.fate}  Gold {me.gold}")
    own.add_row("Alignment", me.alignment)
    for label, items, full in (("Objects", me.objects, True), ("Followers", me.followers, True),
                               ("Spells", me.spells, True), ("Scrolls", me.scrolls, True),
                               ("Trophies", me.trophies, False)):
        if full and items:
            own.add_row(label, "\n".join(f"{card_name(c)}: {describe_card(c)}" for c in items))
        else:
            own.add_row(label, _names_of(items))
    if cdef is not None:
        abilities = [d.abilities.get(a, {}).get("summary", _words(a)) for a in cdef.abilities]
        if abilities:
            own.add_row("Abilities", "\n".join(abilities))
    notes = []
    if me.toad_turns:
        notes.append(f"a Toad for {me.toad_turns} more turns")
    if me.lost_turn:
        notes.append(f"loses {me.lost_turn} turn(s)")
    if me.raft:
        notes.append("has a raft")
    if me.quest:
        notes.append("on a quest for the Warlock")
    if not me.alive:
        notes.append("dead")
    if notes:
        own.add_row("Also", "; ".join(notes))
    others = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    for col in ("character", "where", "S", "C", "lives", "fate", "gold", "holds"):
        others.add_column(col, justify="right" if len(col) <= 5 and col not in ("where",) else "left")
    for cid in view.order:
        if cid == seat:
            continue
        ch = view.characters[cid]
        holds = "; ".join(f"{label}: {_names_of(items)}" for label, items in
                          (("objects", ch.objects), ("followers", ch.followers),
                           ("spells", ch.spells), ("scrolls", ch.scrolls)) if items)
        others.add_row(f"{card_name(cid)} ({ch.alignment})" + ("" if ch.alive else " (dead)"),
                       space_name(ch.space), str(ch.strength), str(ch.craft), str(ch.lives),
                       str(ch.fate), str(ch.gold), holds or "-")
    body = Table.grid()
    body.add_row(Text("  ·  ".join(game_facts(view)), style="bold"))
    body.add_row(own)
    if len(view.order) > 1:
        body.add_row(others)
    return Panel(body, title=escape(card_name(seat)), title_align="left", box=box.ROUNDED)


def game_facts(view):
    """The round, whose turn, and what the expansions in play show to all: the time of day, the
    Omen stack, the Harbinger, the Werewolf, lasting effects.

    Args:
        view: a player's view.

    Returns:
        A list of short texts.

    Example:
        >>> import talisman
        >>> game_facts(talisman.new_game(["warrior", "troll"], seed=7))
        ['Round 1', "Warrior's turn"]
    """
    facts = [f"Round {view.round}", f"{card_name(view.current)}'s turn"]
    bm, hb = view.ext.get("blood_moon"), view.ext.get("harbinger")
    if bm:
        facts.append(f"{str(bm.get('time', '?')).capitalize()}")
        if bm.get("lunar_events"):
            facts.append("Lunar: " + ", ".join(card_name(c) for c in bm["lunar_events"]))
    if hb:
        stack = list(hb.get("omen_stack", ()))
        top = f", top: {card_name(stack[0])} ({describe_card(stack[0])})" if stack else ""
        facts.append(f"Omen stack {len(stack)}{top}")
    for name in view.lasting:
        facts.append(_words(name).capitalize())
    return facts


# ----------------------------------------------------------------------------- map

def board_map(view, seat=None):
    """A compact map of the board with the pieces and cards on it, from ``view``: the main
    board on the grid of ``talisman.svg.layout.grid_cells`` (the same layout as the SVG
    picture), the other regions as lines below it.

    Args:
        view: a player's view.
        seat: the seat looking (its piece is marked).

    Returns:
        A rich ``Table``.

    Example:
        >>> import io, talisman
        >>> from rich.console import Console
        >>> view = talisman.player_view(talisman.new_game(["warrior", "troll"], seed=7), "warrior")
        >>> out = Console(file=io.StringIO(), width=120)
        >>> out.print(board_map(view, "warrior"))
        >>> "Tavern" in out.file.getvalue()
        True
    """
    board = _defs().board
    layout = grid_cells(board)     # the SVG picture's layout, read as a grid
    out = Table.grid()
    if layout:
        n = 1 + max(max(r, c) for r, c in layout.values())
        grid = Table(show_header=False, box=box.SQUARE, show_lines=True, pad_edge=False,
                     padding=(0, 0), expand=False)
        for _ in range(n):
            grid.add_column(ratio=1, overflow="fold")
        cells = [[Text("") for _ in range(n)] for _ in range(n)]
        for sid, (r, c) in layout.items():
            cells[r][c] = _cell(view, sid, seat)
        for row in cells:
            grid.add_row(*row)
        out.add_row(grid)
    shown = set(layout or ())
    for region, spaces in board.regions.items():
        spaces = [s for s in spaces if s not in shown]
        if not spaces:
            continue
        busy = [s for s in spaces if pieces_on(view, s)]
        if busy or region not in ("city", "wizards_tower"):
            line = Text(f"{REGION_NAMES.get(region, _words(region))}: ", style="bold")
            for i, sid in enumerate(busy if region in ("city", "wizards_tower") else spaces):
                if i:
                    line.append(" · ")
                line.append_text(_cell(view, sid, seat, inline=True))
            out.add_row(line)
    legend = Text("Your character is shown in reverse; ", style="dim")
    legend.append("$: gold lying on a space.", style="dim")
    out.add_row(legend)
    return out


def _cell(view, sid, seat, inline=False):
    text = Text(space_name(sid), style="dim" if not inline else "")
    for piece in pieces_on(view, sid):
        text.append(" " if inline else "\n")
        if piece.endswith(" gold"):
            text.append(f"${piece.split()[0]}", style="yellow")
        elif seat and piece == card_name(seat) and view.characters[seat].space == sid:
            text.append(piece, style="bold reverse")
        elif piece in ("the Werewolf", "the Harbinger"):
            text.append(piece[4:], style="magenta")
        elif any(piece == card_name(c) for c in view.characters):
            text.append(piece, style="bold")
        else:
            text.append(piece, style="cyan")
    return text


# ----------------------------------------------------------------------------- the table

class Terminal:
    """A game between people at one terminal and bots: narration, panels and prompts.

    Args:
        console: the rich ``Console`` to write to.
        humans: the ids of the characters people play.
        pace: seconds to wait after each narrated line.
        pause: wait for Enter after each turn.

    Example:
        >>> import io, talisman
        >>> from rich.console import Console
        >>> table = Terminal(Console(file=io.StringIO(), width=80), humans=())
        >>> table.narrate(talisman.new_game(["warrior", "troll"], seed=3))
        True
        >>> table.console.file.getvalue().splitlines()[0]
        'A new game: Warrior, Troll (seed 3).'
    """

    def __init__(self, console, humans, pace=0.0, pause=False):
        self.console = console
        self.humans = tuple(humans)
        self.pace = pace
        self.pause = pause
        self.shown = 0
        self.panel_for = None

    def say(self, text):
        """Print one line (rich markup)."""
        self.console.print(text)

    def narrate(self, state):
        """Narrate the events not yet told, as the people at the table may see them.

        Args:
            state: the game's state now.

        Returns:
            False when a person stopped the game at a pause, else True.
        """
        if not self.humans:
            events = state.log[self.shown:]
        else:
            events = self._public_events(state)
        for event in events:
            if (self.pause and event.name == "turn_started"
                    and event.data.get("character") not in self.humans and not state.is_over):
                if self._read(f"-- Enter: {card_name(event.data.get('character'))}'s turn --") is None:
                    self.shown = len(state.log)
                    return False
            line = narrate(event)
            if line:
                self.say(line)
                if self.pace and event.data.get("character") not in self.humans:
                    time.sleep(self.pace)
        self.shown = len(state.log)
        return True

    def _public_events(self, state):
        """The new events, each as hidden as it is in any person's view (a secret look by one
        person is narrated to the table the way the others may see it)."""
        logs = [api.player_view(state, h).log for h in self.humans]
        out = []
        for i in range(self.shown, len(state.log)):
            event = state.log[i]
            for log in logs:
                if log[i] != event:
                    event = log[i]
                    break
            out.append(event)
        return out

    def _read(self, prompt):
        try:
            return click.prompt(prompt, default="", show_default=False)
        except (click.Abort, EOFError):
            self.say("")  # end the prompt's line
            return None

    def ask(self, state):
        """Show the seat's panel and options, and read a choice at the terminal.

        Args:
            state: a state waiting on a person's decision.

        Returns:
            The legal action a person at the terminal chooses, or None when they stop the game
            (``quit`` or end of input).
        """
        seat = state.pending.player
        view = api.player_view(state, seat)
        options = api.legal_actions(state)
        if self.panel_for != (seat, state.round, state.turn):
            self.panel_for = (seat, state.round, state.turn)
            self.console.print(status_panel(view, seat))
        odds = fight_odds(view, seat) if any(a.kind == "fight" for a in options) else None
        rows = [(a, *describe(view, a, seat, odds)) for a in options]
        self._show_options(state, rows)
        complete_with([str(a) for a in options] + list(COMMANDS))
        while True:
            text = self._read("Choose (a number, a notation, or help)")
            if text is None:
                return None
            text = text.strip()
            command = ALIASES.get(text.lower(), text.lower())
            if command in COMMANDS:
                if command == "quit":
                    return None
                if command == "help":
                    self._help()
                elif command == "options":
                    self._show_options(state, rows)
                elif command == "status":
                    self.console.print(status_panel(view, seat))
                elif command == "map":
                    self.console.print(board_map(view, seat))
                continue
            action, problem = match(text, rows)
            if action is not None:
                return action
            self.say(f"[red]{escape(problem)}[/red]")

    def _show_options(self, state, rows):
        p = state.pending
        question = QUESTIONS.get(p.kind, "")
        self.say(f"[bold]{escape(p.player)}: {escape(p.kind)}[/bold] ({escape(str(p.prompt))})"
                 + (f" {question}" if question else ""))
        width = max(len(str(a)) for a, _, _ in rows)
        for i, (a, name, meaning) in enumerate(rows, 1):
            self.say(f"  {i}. [cyan]{escape(str(a)).ljust(width)}[/cyan]  [bold]{escape(name)}[/bold]"
                     + (f" [dim]-[/dim] {escape(meaning)}" if meaning else ""))

    def _help(self):
        self.say("Type the number of an option, its notation (move:crags), or the start of its "
                 "notation or of its name when only one option begins so. Commands:")
        for word, what in COMMANDS.items():
            self.say(f"  [cyan]{word.ljust(8)}[/cyan] {what}")


def complete_with(words):
    """In a terminal with GNU readline, let Tab complete these words (the notations).

    Args:
        words: the words to complete.

    Returns:
        None; away from a terminal it does nothing.

    Example:
        >>> complete_with(["fight", "evade"])    # standard input is not a terminal here
    """
    if not sys.stdin.isatty():
        return
    try:
        import readline  # reason: only at a terminal, and not on every platform (no Windows)
    except ImportError:  # pragma: no cover
        return
    readline.set_completer_delims(" \t\n")
    readline.parse_and_bind("tab: complete")
    readline.set_completer(lambda text, i: ([w for w in words if w.startswith(text)] + [None])[i])


def match(text, rows):
    """``(action, None)`` for what a person typed, or ``(None, why not)``.

    Args:
        text: what was typed: an option's number, its notation, or a unique prefix of its
            notation or of its name.
        rows: the legal actions with their names and meanings, in the order shown.

    Returns:
        ``(action, None)``, or ``(None, a message saying why nothing matched)``.

    Example:
        >>> from talisman.notation import Action
        >>> rows = [(Action.parse("move:crags"), "Move to Crags", ""),
        ...         (Action.parse("move:city"), "Move to City", "")]
        >>> match("2", rows), match("move:cr", rows), match("move to ci", rows)
        ((Action('move:city'), None), (Action('move:crags'), None), (Action('move:city'), None))
        >>> match("move:c", rows)[1]
        "'move:c' could be any of move:crags, move:city: type more of it."
    """
    if not text:
        return None, "Type a number, a notation or help."
    if text.isdigit():
        n = int(text)
        if 1 <= n <= len(rows):
            return rows[n - 1][0], None
        return None, f"{text}: there is no option {n}; choose 1 to {len(rows)}."
    low = text.lower()
    for a, _, _ in rows:
        if str(a) == low:
            return a, None
    for key in (lambda r: str(r[0]), lambda r: r[1].lower()):
        found = [r[0] for r in rows if key(r).startswith(low)]
        if len(found) == 1:
            return found[0], None
        if len(found) > 1:
            return None, (f"{text!r} could be any of {', '.join(str(a) for a in found)}: "
                          "type more of it.")
    return None, f"{text!r} is not one of the options: type a number, a notation, or help."


def play_game(state, humans, bots, console, pace=0.0, pause=False):
    """Play ``state`` to its end (people choose at the terminal, bots for the other seats).

    Args:
        state: the game to play on.
        humans: the ids of the characters people play (they choose at the terminal).
        bots: character id -> a bot (``choose(state) -> Action``) for every other seat.
        console: the rich ``Console`` to narrate on.
        pace: seconds to wait after each narrated line.
        pause: wait for Enter after each turn.

    Returns:
        ``(final state, actions played, stopped early)``.

    Example:
        >>> import io, talisman
        >>> from rich.console import Console
        >>> from talisman.bots import RandomBot
        >>> game = talisman.new_game(["warrior", "troll"], seed=3, options={"max_rounds": 2})
        >>> final, actions, stopped = play_game(game, (), {"warrior": RandomBot(1), "troll": RandomBot(2)},
        ...                                     Console(file=io.StringIO()))
        >>> final.is_over, stopped, talisman.replay(talisman.record(game, actions)) == final
        (True, False, True)
    """
    table = Terminal(console, humans, pace, pause)
    actions = []
    while True:
        who = None if state.is_over else state.pending.player
        # with people at the table, narrate just before they choose (a view costs a pass over the log)
        if (not humans or who in humans or who is None) and not table.narrate(state):
            return state, actions, True
        if who is None:
            return state, actions, False
        if who in humans:
            action = table.ask(state)
            if action is None:
                return state, actions, True
        else:
            action = bots[who].choose(state)
        actions.append(action)
        state = api.apply(state, action)
