"""The ``talisman`` command line (DESIGN.md section 6), built on click and rich."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from . import api
from .bots import BOTS
from .engine.data import parse_yaml
from .errors import TalismanError

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
        import yaml
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
def play(seed, characters, expansions, options, seats, save, bot):
    """Play a whole narrated game between bots (or people, with --seat)."""
    from .narration import narrate
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
    actions, shown = [], 0
    while True:
        for event in state.log[shown:]:
            line = narrate(event)
            if line:
                console.print(line)
        shown = len(state.log)
        if state.is_over:
            break
        who = state.pending.player
        if who in humans:
            action = _ask(console, state)
        else:
            action = bots[who].choose(state)
        actions.append(action)
        state = api.apply(state, action)
    if save:
        with open(save, "w", encoding="utf-8") as f:
            json.dump(api.record(state, actions), f, indent=1)
        console.print(f"Game record written to {save}.")


def _ask(console, state):
    options = api.legal_actions(state)
    p = state.pending
    console.print(f"{p.player}: {p.kind} ({p.prompt})")
    for i, a in enumerate(options, 1):
        console.print(f"  {i}. {a}")
    while True:
        text = click.prompt("Choose", type=str)
        if text.isdigit() and 1 <= int(text) <= len(options):
            return options[int(text) - 1]
        try:
            return api.parse_action(state, text)
        except TalismanError as e:
            console.print(f"[red]{e}[/red]")


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True))
def check(paths):
    """Run rules-clarification scenario files (or folders of them)."""
    from .scenarios import run_file, scenario_files
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
def replay(file, step):
    """Replay a game record; report the first divergence if it does not replay."""
    from .narration import narrate
    console = Console(highlight=False, soft_wrap=True)
    try:
        with open(file, encoding="utf-8") as f:
            record = json.load(f)
    except (OSError, ValueError) as e:  # (json.JSONDecodeError is a ValueError)
        raise click.ClickException(f"{file}: not a readable game record: {e}") from None
    except RecursionError:
        raise click.ClickException(f"{file}: nested too deep to be a game record") from None
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


@main.command()
@click.option("--games", default=100, show_default=True, type=click.IntRange(1))
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(1))
@click.option("--seed", default=0, show_default=True, help="Seed of the first game; game i uses seed+i.")
@click.option("--characters", default="warrior,wizard,troll,elf", show_default=True)
@click.option("--expansions", default="", help="Comma-separated expansion ids.")
@click.option("--bots", default="random", show_default=True,
              help="One bot for every seat, or a comma-separated bot per seat (random, heuristic).")
@click.option("--option", "options", multiple=True, metavar="NAME=VALUE")
@click.option("--out", type=click.Path(dir_okay=False), help="Write every game's result (.csv or JSON lines).")
@click.option("--backend", type=click.Choice(["local", "dask"]), default="local", show_default=True,
              help="Where the games run: local processes, or a Dask cluster.")
@click.option("--address", default=None, help="The Dask scheduler's address (default: a local cluster).")
def simulate(games, jobs, seed, characters, expansions, bots, options, out, backend, address):
    """Play many seeded bot games in parallel; print win rates, endings and game length."""
    from rich.progress import Progress
    from .simulate import run_games, summarize, write_results
    console = Console(highlight=False, soft_wrap=True)
    chars = _split(characters)
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
                                address=address)
    except TalismanError as e:
        raise click.ClickException(str(e)) from None
    summary = summarize(results)
    table = Table(title=f"{games} games, seeds {seed}-{seed + games - 1}")
    for col in ("character", "bot", "wins", "win rate", "95% interval"):
        table.add_column(col, justify="right" if col != "character" and col != "bot" else "left")
    for r in summary["rates"]:
        table.add_row(r["character"], r["bot"], str(r["wins"]), f"{r['rate']:.1%}",
                      f"{r['low']:.1%} - {r['high']:.1%}")
    console.print(table)
    endings = Table(title="endings")
    endings.add_column("reason")
    endings.add_column("games", justify="right")
    for reason, n in sorted(summary["endings"].items()):
        endings.add_row(reason, str(n))
    console.print(endings)
    console.print(f"median game length: {summary['median_rounds']} rounds "
                  f"({summary['mean_steps']:.0f} decisions on average)")
    if out:
        write_results(results, out)
        console.print(f"results written to {out}")


@main.command()
@click.argument("query", required=False, default="")
def cards(query):
    """List the cards, characters and spaces whose id, name or type matches QUERY."""
    from .definitions import load
    d = load()
    console = Console(highlight=False, soft_wrap=True)
    q = query.lower()
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
                          f"{', stand-in' if c.stand_in else ''}: {c.summary}")
    if not table.row_count:
        raise click.ClickException(f"no card, character or space matches {query!r}")
    console.print(table)


@main.group()
def triwizard():
    """The Triwizard Maze game."""


@triwizard.command("play")
@click.option("--seed", default=0, show_default=True)
@click.option("--players", default=4, show_default=True, type=click.IntRange(2, 4),
              help="2 to 4 champions.")
def triwizard_play(seed, players):
    """Play a whole narrated Triwizard Maze game between bots."""
    from .triwizard.narrate import play_bot_game
    try:
        play_bot_game(seed=seed, players=players, console=Console(highlight=False, soft_wrap=True))
    except TalismanError as e:
        raise click.ClickException(str(e)) from None


if __name__ == "__main__":  # pragma: no cover
    main()
