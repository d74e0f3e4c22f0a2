"""The ``talisman`` command line (DESIGN.md section 6), built on click and rich."""
from __future__ import annotations

import json
import math
import os
import sys
from fractions import Fraction
from pathlib import Path

import click
import yaml
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from . import api
from . import triwizard as tw
from .bots import BOTS
from .console import play_game
from .definitions import character_pool, load, stand_in_values, stand_ins_markdown
from .engine.data import parse_yaml
from .errors import TalismanError
from .narration import narrate
from .odds import DEFAULT_LIMIT, PREDICATES, Best, odds as exact_odds, scenario_state
from .scenarios import run_file, scenario_files
from .simulate import (TRIWIZARD_FIELDS, dealt, run_games, run_triwizard_games, summarize, wilson,
                       write_results)
from .svg import board, maze, replay_page
from .triwizard.bots import BOTS as TRIWIZARD_BOTS
from .triwizard.narrate import play_bot_game
from .triwizard.simulate import summarize as triwizard_summary

#: A safety cap on the length of a narrated or simulated game (rounds); a rule option can change it.
DEFAULT_PLAY_ROUNDS = 200
#: ``--jobs`` above this is refused; below it, the jobs used are at most the games and the CPUs.
MAX_JOBS = 256


def _output_path(path, option):
    """Check before any work that ``path`` can be written: its folder exists, it is no folder."""
    if path is None:
        return None
    p = Path(path)
    folder = p.parent if str(p.parent) else Path(".")
    if not folder.is_dir():
        raise click.BadParameter(f"{path}: the folder {str(folder)!r} does not exist", param_hint=option)
    if p.is_dir():
        raise click.BadParameter(f"{path}: is a folder", param_hint=option)
    if not os.access(folder, os.W_OK) or (p.exists() and not os.access(p, os.W_OK)):
        raise click.BadParameter(f"{path}: cannot be written", param_hint=option)
    return path


class _Main(click.Group):
    """The command group: the library's own errors and file errors end in one line, exit 1."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except TalismanError as e:
            raise click.ClickException(str(e)) from None
        except OSError as e:
            raise click.ClickException(f"{e.filename or ''}: {e.strerror or e}".lstrip(": ")) from None


def _option_value(text):
    """An option's value: a whole number, ``true`` / ``false``, a YAML list or mapping
    (``[dragon_king, lightbearers]``), else the text itself (``off`` stays a word)."""
    if text.lstrip("-").isdigit():
        return int(text)
    if text in ("true", "false"):
        return text == "true"
    if text[:1] in ("[", "{"):
        try:
            return parse_yaml(text)  # bounded: size, nesting, aliases
        except yaml.YAMLError as e:
            raise click.BadParameter(f"{text!r}: not a YAML list or mapping ({e})", param_hint="--option")
    return text


def _parse_options(pairs):
    out = {}
    for pair in pairs:
        if "=" not in pair:
            raise click.BadParameter(f"{pair!r}: write options as NAME=VALUE", param_hint="--option")
        k, v = pair.split("=", 1)
        out[k] = _option_value(v)
    return out


def _split(text):
    return tuple(x.strip() for x in text.split(",") if x.strip()) if text else ()


def _seats(pairs, characters):
    humans = set()
    for pair in pairs:
        n, _, kind = pair.partition("=")
        if not n.isdigit() or kind not in ("human", "bot") or not 1 <= int(n) <= len(characters):
            raise click.BadParameter(f"{pair!r}: write N=human or N=bot, N from 1 to {len(characters)}",
                                     param_hint="--seat")
        if kind == "human":
            humans.add(characters[int(n) - 1])
    return humans


#: The longest --pace (seconds after each narrated line).
MAX_PACE = 60.0


def _finite(ctx, param, value):
    """Refuse nan, which every range lets through (nan compares false with any bound)."""
    if not math.isfinite(value):
        raise click.BadParameter(f"{value!r} is not a number of seconds from 0 to {MAX_PACE:g}")
    return value


@click.group(cls=_Main)
@click.version_option(package_name="talisman-engine", prog_name="talisman")
def main():
    """The reference rules engine for Talisman."""


@main.command()
@click.option("--seed", default=0, show_default=True, help="Seed of the game's dice.")
@click.option("--characters", default="warrior,wizard,troll,elf", show_default=True,
              help="Comma-separated character ids, in seating order.")
@click.option("--expansions", default="", help="Comma-separated expansion ids.")
@click.option("--option", "options", multiple=True, metavar="NAME=VALUE", help="A rule option.")
@click.option("--seat", "seats", multiple=True, metavar="N=human",
              help="Let a person play seat N by choosing numbered options.")
@click.option("--save", type=click.Path(dir_okay=False), help="Write the game record here (JSON).")
@click.option("--bot", default="heuristic", type=click.Choice(sorted(BOTS)), show_default=True)
@click.option("--pace", default=0.0, type=click.FloatRange(0, MAX_PACE), callback=_finite,
              metavar="SECONDS", help=f"Wait this long after each line of the other seats' turns "
                                      f"(0 to {MAX_PACE:g}).")
@click.option("--pause", is_flag=True, help="Wait for Enter before each of the other seats' turns.")
def play(seed, characters, expansions, options, seats, save, bot, pace, pause):
    """Play a whole narrated game between bots (or people, with --seat: docs/terminal.md)."""
    console = Console(highlight=False, soft_wrap=True)
    chars = _split(characters)
    opts = _parse_options(options)
    opts.setdefault("max_rounds", DEFAULT_PLAY_ROUNDS)
    humans = _seats(seats, chars)
    _output_path(save, "--save")
    try:
        state = api.new_game(chars, _split(expansions), seed, opts)
    except TalismanError as e:
        raise click.ClickException(str(e)) from None
    bots = {c: BOTS[bot](seed * 1000 + i) for i, c in enumerate(chars)}
    state, actions, stopped = play_game(state, humans, bots, console, pace=pace, pause=pause)
    if stopped:
        console.print(f"The game stops here, after {len(actions)} action{'s' * (len(actions) != 1)}.")
    if save:
        with open(save, "w", encoding="utf-8") as f:
            json.dump(api.record(state, actions), f, indent=1)
        console.print(f"Game record written to {save}.")


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True))
def check(paths):
    """Run rules-clarification scenario files (or folders of them)."""
    console = Console(highlight=False, soft_wrap=True)
    failed = 0
    for path in scenario_files(paths):
        try:
            result = run_file(path)
        except TalismanError as e:
            console.print(f"[red]ERROR[/red] {e}")
            failed += 1
            continue
        if result.passed:
            console.print(f"[green]ok[/green]    {path}  ({result.rules})")
        else:
            failed += 1
            console.print(f"[red]FAIL[/red]  {path}  ({result.rules}): {result.name}")
            for f in result.failures:
                console.print(f"      {f}")
    if failed:
        console.print(f"{failed} scenario(s) failed.")
        sys.exit(1)


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--step", is_flag=True, help="Walk the game turn by turn (press Enter between turns).")
@click.option("--html", "html_out", type=click.Path(dir_okay=False),
              help="Write a self-contained replay page here (HTML) instead of narrating.")
@click.option("--player", default=None,
              help="With --html: draw the pictures as this character's player sees them.")
def replay(file, step, html_out, player):
    """Replay a game record; report the first divergence if it does not replay."""
    console = Console(highlight=False, soft_wrap=True)
    try:
        with open(file, encoding="utf-8") as f:
            record = json.load(f)
    except (OSError, ValueError) as e:  # (json.JSONDecodeError is a ValueError)
        raise click.ClickException(f"{file}: not a readable game record: {e}") from None
    except RecursionError:
        raise click.ClickException(f"{file}: nested too deep to be a game record") from None
    if html_out:
        _write_replay_page(console, record, html_out, player)
        return
    try:
        state = api.replay(record)
    except TalismanError as e:
        raise click.ClickException(str(e)) from None
    for event in state.log:
        if step and event.name == "turn_started" and event.data["turn"] > 1:
            click.prompt("", default="", show_default=False, prompt_suffix="-- next turn --")
        line = narrate(event)
        if line:
            console.print(line)
    console.print(f"Replayed {len(record.get('actions', []))} actions.")
    if not state.is_over:
        console.print(f"The record ends before the game does: {state.pending.player} is to "
                      f"choose ({state.pending.kind}).")


def _write_replay_page(console, record, out, player):
    """``talisman replay FILE --html OUT``: the record as one self-contained HTML page."""
    if not isinstance(record, dict):
        raise click.ClickException("not a game record: expected a JSON object with characters and actions")
    try:
        page = replay_page(record, player=player)
    except TalismanError as e:
        raise click.ClickException(str(e)) from None
    _write_text(out, page)
    console.print(f"Replay page ({len(record.get('actions', []))} actions) written to {out}.")


def _write_text(path, text):
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        raise click.ClickException(f"{path}: cannot write: {e}") from None


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--svg", "svg_out", required=True, type=click.Path(dir_okay=False),
              help="Write the picture here (SVG).")
@click.option("--step", type=click.IntRange(0), default=None,
              help="For a game record: the position after this many actions (default: the end).")
@click.option("--player", default=None, help="Draw the position as this character's player sees it.")
@click.option("--highlight", default=None, help="A character whose piece and panel are outlined.")
@click.option("--size", type=click.IntRange(1), default=None, help="The picture's width in pixels.")
def show(file, svg_out, step, player, highlight, size):
    """Draw a position (a state saved as JSON, or a game record; Talisman's or the Triwizard
    Maze's) as an SVG picture."""
    console = Console(highlight=False, soft_wrap=True)
    try:
        with open(file, encoding="utf-8") as f:
            text = f.read()
        doc = json.loads(text)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise click.ClickException(f"{file}: not a readable state or game record: {e}") from None
    game = tw if isinstance(doc, dict) and doc.get("game") == "triwizard" else api
    try:
        if isinstance(doc, dict) and "state" in doc:
            if step is not None:
                raise click.BadParameter("a saved state has no steps; give a game record",
                                         param_hint="--step")
            state = game.from_json(text)
        elif isinstance(doc, dict) and isinstance(doc.get("actions"), list):
            if step is not None and step > len(doc["actions"]):
                raise click.BadParameter(f"the record has only {len(doc['actions'])} actions",
                                         param_hint="--step")
            state = game.replay(doc, upto=step)
        else:
            raise click.ClickException(f"{file}: neither a saved state nor a game record")
        draw = maze if game is tw else board
        picture = draw(state, player=player, size=size, highlight=highlight)
    except TalismanError as e:
        raise click.ClickException(str(e)) from None
    _write_text(svg_out, picture)
    console.print(f"Picture written to {svg_out}.")


@main.command()
@click.option("--games", default=100, show_default=True, type=click.IntRange(1))
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(1))
@click.option("--seed", default=0, show_default=True, help="Seed of the first game; game i uses seed+i.")
@click.option("--characters", default="warrior,wizard,troll,elf", show_default=True)
@click.option("--deal", default=None, type=click.IntRange(1, 6),
              help="Deal each game this many characters at random from the pool (the rule option "
                   "character_pool: base, compendium or a list) instead of --characters.")
@click.option("--expansions", default="", help="Comma-separated expansion ids.")
@click.option("--bots", default="random", show_default=True,
              help="One bot for every seat, or a comma-separated bot per seat (random, heuristic).")
@click.option("--option", "options", multiple=True, metavar="NAME=VALUE")
@click.option("--out", type=click.Path(dir_okay=False), help="Write every game's result (.csv or JSON lines).")
@click.option("--backend", type=click.Choice(["local", "dask"]), default="local", show_default=True,
              help="Where the games run: local processes, or a Dask cluster.")
@click.option("--address", default=None, help="The Dask scheduler's address (default: a local cluster).")
def simulate(games, jobs, seed, characters, deal, expansions, bots, options, out, backend, address):
    """Play many seeded bot games in parallel; print each character's win rate over the games it
    played, endings, the boards the games passed through (games with a character on that board
    at some decision, their share, and the arrivals onto it from another board; the boards are
    the board data's: the main board and each expansion's) and game length.  --out rows carry
    each game's boards (and, in JSON lines, its arrivals per board)."""
    console = Console(highlight=False, soft_wrap=True)
    chars = _split(characters)
    if deal:
        try:
            chars = list(dealt(seed, deal, _parse_options(options), _split(expansions)))
        except TalismanError as e:
            raise click.ClickException(str(e)) from None
    bot_list = _split(bots)
    if len(bot_list) == 1:
        bot_list = bot_list * len(chars)
    if len(bot_list) != len(chars) or any(b not in BOTS for b in bot_list):
        raise click.BadParameter(f"give one bot, or one per seat, from {', '.join(sorted(BOTS))}",
                                 param_hint="--bots")
    opts = _parse_options(options)
    opts.setdefault("max_rounds", DEFAULT_PLAY_ROUNDS)
    _output_path(out, "--out")
    if jobs > MAX_JOBS:
        raise click.BadParameter(f"{jobs}: at most {MAX_JOBS}", param_hint="--jobs")
    if backend == "local":  # no more processes than games, nor than the machine has CPUs
        jobs = max(1, min(jobs, games, os.cpu_count() or 1))
    else:
        jobs = max(1, min(jobs, games))
    try:
        api.new_game(chars, _split(expansions), seed, opts)  # a bad configuration fails here, clearly
        with Progress(console=console, transient=True) as progress:
            task = progress.add_task("games", total=games)
            results = run_games(games, jobs, seed, chars, opts, bot_list, _split(expansions),
                                progress=lambda n: progress.advance(task, n), backend=backend,
                                address=address, deal=deal)
    except TalismanError as e:
        raise click.ClickException(str(e)) from None
    # every character of the pool dealt from has its row, played or not
    summary = summarize(results, character_pool(load(), opts.get("character_pool", "base"),
                                                _split(expansions)) if deal else ())
    table = Table(title=f"{games} games, seeds {seed}-{seed + games - 1}")
    for col in ("character", "bot", "games", "wins", "win rate", "95% interval"):
        table.add_column(col, justify="right" if col != "character" and col != "bot" else "left")
    for r in summary["rates"]:
        played = r["rate"] is not None
        table.add_row(r["character"], r["bot"], str(r["games"]), str(r["wins"]),
                      f"{r['rate']:.1%}" if played else "-",
                      f"{r['low']:.1%} - {r['high']:.1%}" if played else "no games dealt")
    console.print(table)
    endings = Table(title="endings")
    endings.add_column("reason")
    endings.add_column("games", justify="right")
    for reason, n in sorted(summary["endings"].items()):
        endings.add_row(reason, str(n))
    console.print(endings)
    boards = Table(title="boards passed through")
    for col in ("board", "games", "share", "arrivals"):
        boards.add_column(col, justify="left" if col == "board" else "right")
    for r in summary["boards"]:
        boards.add_row(r["board"], str(r["games"]), f"{r['share']:.1%}", str(r["entries"]))
    console.print(boards)
    console.print(f"median game length: {summary['median_rounds']} rounds "
                  f"({summary['mean_steps']:.0f} decisions on average)")
    if out:
        write_results(results, out)
        console.print(f"results written to {out}")


@main.command()
@click.argument("query", required=False, default="")
@click.option("--stand-ins", "stand_ins", is_flag=True,
              help="List every stand-in value (card, field, reason) of the entries matching QUERY.")
@click.option("--markdown", is_flag=True,
              help="With --stand-ins: print docs/stand-ins.md (all entries) instead of a table.")
def cards(query, stand_ins, markdown):
    """List the cards, characters and spaces whose id, name or type matches QUERY."""
    d = load()
    console = Console(highlight=False, soft_wrap=True)
    q = query.lower()
    if markdown and not stand_ins:
        raise click.UsageError("--markdown goes with --stand-ins")
    if markdown:
        click.echo(stand_ins_markdown(d), nl=False)
        return
    if stand_ins:
        table = Table()
        for col in ("set", "kind", "id", "field", "reason"):
            table.add_column(col)
        rows = [r for r in stand_in_values(d)
                if q in r.id or q in r.name.lower() or q == r.set or q in r.kind]
        for r in rows:
            table.add_row(r.set, r.kind, r.id, r.field, r.reason)
        console.print(table)
        console.print(f"{len(rows)} stand-in values")
        return
    table = Table()
    for col in ("kind", "id", "name", "details"):
        table.add_column(col)
    for c in d.characters.values():
        if q in c.id or q in c.name.lower():
            table.add_row("character", c.id, c.name,
                          f"{c.alignment}, Strength {c.strength}, Craft {c.craft}, size {c.size}, "
                          f"starts on {c.start}")
    for s in d.board.spaces.values():
        if q in s.id or q in s.name.lower():
            table.add_row("space", s.id, s.name, f"{s.region}: {s.text}")
    for c in d.cards.values():
        if q in c.id or q in c.name.lower() or q == c.type or q == c.deck or q == c.set:
            value = (f", Strength {c.strength}" if c.strength else "") + (f", Craft {c.craft}" if c.craft else "")
            table.add_row(f"{c.deck} card", c.id, c.name,
                          f"{c.type}{'/' + c.subtype if c.subtype else ''}{value}, x{c.copies}"
                          f"{', stand-in' if c.stand_in else ''}"
                          f"{', stand-in ' + '/'.join(c.stand_ins) if c.stand_ins else ''}: {c.summary}")
    if not table.row_count:
        raise click.ClickException(f"no card, character or space matches {query!r}")
    console.print(table)


def _odds_help():
    lines = "\n".join(f"  {name}: {what}" for name, what in PREDICATES.items())
    return ("Exact odds of an outcome from the end of a SCENARIO file's actions.\n\n"
            "Every roll and draw from there on is enumerated; the table gives each outcome's "
            "probability as a fraction and a percentage.\n\n"
            "--until takes a predicate or the name of a log event (the branch stops at the "
            "first one; repeat --until to stop at whichever comes first):\n\n\b\n" + lines +
            "\n  EVENT: any log event name (life_lost, moved...); the outcome is that name\n\n"
            "Player decisions: --actions fight,keep (played in order where legal), --bot NAME, "
            "or --best OUTCOME (the player to move maximizes the chance of OUTCOME; --bot then "
            "plays the others). Without them only forced decisions are taken.")


@main.command(help=_odds_help())
@click.argument("scenario", type=click.Path(exists=True, dir_okay=False))
@click.option("--until", "until", multiple=True, required=True, metavar="EVENT",
              help="Where each branch stops: combat_resolved, turn_ended, game_over or an event name.")
@click.option("--actions", default="", help="Comma-separated notations for the players' decisions.")
@click.option("--bot", type=click.Choice(sorted(BOTS)), default=None, help="A bot takes the decisions.")
@click.option("--best", default=None, metavar="OUTCOME",
              help="The player to move chooses to maximize the chance of OUTCOME.")
@click.option("--outcome", default=None, metavar="PATH",
              help="Tell branches apart by this dotted path into the final state (characters.thief.lives).")
@click.option("--limit", default=None, type=click.IntRange(1), help="The most states to expand.")
@click.option("--samples", default=None, type=click.IntRange(1),
              help="Estimate from this many seeded random plays instead (95% intervals).")
@click.option("--seed", default=0, show_default=True, help="The seed of --samples.")
@click.option("--exact-search", is_flag=True,
              help="No shortcut: play every branch through the rules to the outcome's event (with "
                   "--until combat_resolved the search otherwise reads a combat's result where the "
                   "rules would apply it, and scores a creature's roll off the battle record: the "
                   "same answer, faster). For checking the shortcut.")
def odds(scenario, until, actions, bot, best, outcome, limit, samples, seed, exact_search):
    console = Console(highlight=False, soft_wrap=True)
    if actions and (bot or best):
        raise click.BadParameter("give --actions, or --bot and/or --best", param_hint="--actions")
    policy = list(_split(actions)) if actions else (BOTS[bot](0) if bot else None)
    if best is not None:
        if not best.strip():  # (no outcome is named "": the search would run to its limit)
            raise click.BadParameter("name the outcome to maximize (an event or a predicate's "
                                     "outcome, e.g. won)", param_hint="--best")
        policy = Best(_option_value(best), others=policy)
    try:
        state = scenario_state(scenario)
        dist = exact_odds(state, until[0] if len(until) == 1 else list(until), policy,
                          outcome=outcome, limit=limit or DEFAULT_LIMIT,
                          method="sample" if samples else "exact", samples=samples or 1, seed=seed,
                          shortcut=not exact_search)
    except TalismanError as e:
        raise click.ClickException(str(e)) from None
    table = Table(title=f"{scenario}: until {' or '.join(until)}")
    cols = ("outcome", "probability", "percent") + (("95% interval",) if samples else ())
    for col in cols:
        table.add_column(col, justify="left" if col == "outcome" else "right")
    for o, p in dist.items():
        extra = ()
        if samples:
            low, high = dist.interval(o)
            extra = (f"{low:.1%} - {high:.1%}",)
        table.add_row(str(o), str(Fraction(p)), f"{float(p):.2%}", *extra)
    console.print(table)
    if samples:
        console.print(f"estimated from {samples} random plays (seed {seed})")
    else:
        console.print(f"{dist.nodes} states expanded, {dist.memo_hits} met again (memo), "
                      f"{dist.leaves} branches")


@main.group()
def triwizard():
    """The Triwizard Maze game."""


@triwizard.command("play")
@click.option("--seed", default=0, show_default=True)
@click.option("--players", default=4, show_default=True, type=click.IntRange(2, 4),
              help="2 to 4 champions.")
def triwizard_play(seed, players):
    """Play a whole narrated Triwizard Maze game between bots."""
    try:
        play_bot_game(seed=seed, players=players, console=Console(highlight=False, soft_wrap=True))
    except TalismanError as e:
        raise click.ClickException(str(e)) from None


@triwizard.command("simulate")
@click.option("--games", default=100, show_default=True, type=click.IntRange(1))
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(1))
@click.option("--seed", default=0, show_default=True, help="Seed of the first game; game i uses seed+i.")
@click.option("--players", default=None, type=click.IntRange(2, 4),
              help="2 to 4 champions (default: one per bot of --bots, or 4).")
@click.option("--bots", default="heuristic", show_default=True,
              help="One bot for every seat, or a comma-separated bot per seat (heuristic, random).")
@click.option("--out", type=click.Path(dir_okay=False), help="Write every game's result (.csv or JSON lines).")
def triwizard_simulate(games, jobs, seed, players, bots, out):
    """Play many seeded Triwizard Maze bot games in parallel; print win rates by seat, endings
    and game length (the same results for any --jobs)."""
    console = Console(highlight=False, soft_wrap=True)
    bot_list = _split(bots)
    if len(bot_list) == 1:
        bot_list = bot_list * (players or 4)
    if (not 2 <= len(bot_list) <= 4 or (players is not None and len(bot_list) != players)
            or any(b not in TRIWIZARD_BOTS for b in bot_list)):
        raise click.BadParameter(f"give one bot, or one per seat (2 to 4, as many as --players), "
                                 f"from {', '.join(TRIWIZARD_BOTS)}", param_hint="--bots")
    _output_path(out, "--out")
    if jobs > MAX_JOBS:
        raise click.BadParameter(f"{jobs}: at most {MAX_JOBS}", param_hint="--jobs")
    jobs = max(1, min(jobs, games, os.cpu_count() or 1))
    try:
        with Progress(console=console, transient=True) as progress:
            task = progress.add_task("games", total=games)
            results = run_triwizard_games(games, jobs, seed, bot_list,
                                          progress=lambda n: progress.advance(task, n))
    except TalismanError as e:
        raise click.ClickException(str(e)) from None
    summary = triwizard_summary(results)
    table = Table(title=f"Triwizard Maze: {games} games, seeds {seed}-{seed + games - 1}")
    for col in ("seat", "champion", "bot", "wins", "win rate", "95% interval"):
        table.add_column(col, justify="left" if col in ("champion", "bot") else "right")
    for i, (champion, bot) in enumerate(zip(results[0]["players"], bot_list)):
        wins = summary["wins_by_seat"].get(champion, 0)
        low, high = wilson(wins, games)
        table.add_row(str(i + 1), champion, bot, str(wins), f"{wins / games:.1%}",
                      f"{low:.1%} - {high:.1%}")
    console.print(table)
    endings = Table(title="endings")
    endings.add_column("reason")
    endings.add_column("games", justify="right")
    for reason, n in sorted(summary["endings"].items()):
        endings.add_row(str(reason), str(n))
    console.print(endings)
    console.print(f"game length: median {summary['rounds_median']} rounds (quartiles "
                  f"{summary['rounds_q1']:g}-{summary['rounds_q3']:g}, {summary['rounds_min']} to "
                  f"{summary['rounds_max']}); {sum(r['decisions'] for r in results) / games:.0f} "
                  f"decisions on average; won in the first round: {summary['won_in_first_round']}")
    if out:
        write_results(results, out, TRIWIZARD_FIELDS)
        console.print(f"results written to {out}")


if __name__ == "__main__":  # pragma: no cover
    main()
