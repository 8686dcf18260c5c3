"""The `toolkit` command line: parse options, call the library, print the result.

This is the only module that imports typer. Exit codes: 0 ok, 1 content errors, 2 usage
errors, 3 an internal error (reported in one line, never as a traceback).
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

from toolkit.errors import ContentError, UnsupportedGameError, UsageError

app = typer.Typer(
    name="toolkit",
    help="A rules-data toolkit for card-game designers: games kept in YAML.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

F = TypeVar("F", bound=Callable[..., Any])


class DiagnosticFormat(StrEnum):
    text = "text"
    json = "json"
    github = "github"


def _guarded(command: F) -> F:
    """Map the toolkit's errors to exit codes; anything unexpected is one line and exit 3."""

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except (typer.Exit, typer.Abort, SystemExit):
            raise
        except UsageError as error:
            typer.echo(f"usage error: {error}", err=True)
            raise typer.Exit(2) from None
        except ContentError as error:
            from toolkit.content.diagnostics import format_text, sort_diagnostics

            typer.echo(format_text(sort_diagnostics(error.diagnostics)), err=True)
            raise typer.Exit(1) from None
        except UnsupportedGameError as error:
            typer.echo(f"error: {error}", err=True)
            raise typer.Exit(1) from None
        except KeyboardInterrupt:
            typer.echo("interrupted", err=True)
            raise typer.Exit(130) from None
        except Exception as error:  # the promise: no traceback, ever
            typer.echo(f"internal error: {type(error).__name__}: {error}", err=True)
            raise typer.Exit(3) from None

    return run  # type: ignore[return-value]


@app.command()
@_guarded
def validate(
    paths: Annotated[
        list[Path] | None,
        typer.Argument(
            help="Game ids, manifests, content files or folders. Default: every game in rules/.",
            metavar="[PATH|GAME]...",
            show_default=False,
        ),
    ] = None,
    output_format: Annotated[
        DiagnosticFormat, typer.Option("--format", help="Diagnostic format.")
    ] = DiagnosticFormat.text,
    strict: Annotated[bool, typer.Option(help="Treat warnings as errors.")] = False,
) -> None:
    """Check content files: YAML, schema, references and feasibility, every problem at once."""
    from toolkit.content.diagnostics import REPORTERS, summary_line
    from toolkit.content.summary import game_summary
    from toolkit.content.validate import validate_paths

    report = validate_paths(list(paths or []))
    rendered = REPORTERS[output_format.value](report.diagnostics)
    if output_format is DiagnosticFormat.json:
        typer.echo(rendered)
    else:
        if rendered:
            typer.echo(rendered)
        if output_format is DiagnosticFormat.text:
            for game in report.games:
                typer.echo(game_summary(game))
        typer.echo(summary_line(report.diagnostics, len(report.files)))
    failed = report.errors > 0 or (strict and report.warnings > 0)
    raise typer.Exit(1 if failed else 0)


@app.command()
@_guarded
def schema(
    check: Annotated[
        bool,
        typer.Option("--check", help="Exit 1 if the committed schemas differ from the models."),
    ] = False,
    folder: Annotated[Path, typer.Option("--out", help="The schemas folder.")] = Path("schemas"),
) -> None:
    """Write the JSON Schema of every content kind from the models (editors use them)."""
    from toolkit.content.schema_export import drifted_schemas, write_schemas

    if check:
        drift = drifted_schemas(folder)
        for name in drift:
            typer.echo(f"{folder / name}: out of date; run 'toolkit schema'", err=True)
        if drift:
            raise typer.Exit(1)
        typer.echo(f"ok: schemas in {folder} match the models")
        return
    changed = write_schemas(folder)
    typer.echo(
        f"wrote {len(changed)} changed schema file(s) to {folder}"
        if changed
        else f"schemas in {folder} already up to date"
    )


class OutputFormat(StrEnum):
    text = "text"
    json = "json"


def _bot_list(bots: str, players: int) -> list[str]:
    from toolkit.agents import BOTS
    from toolkit.content.diagnostics import did_you_mean

    names = [name.strip() for name in bots.split(",") if name.strip()]
    for name in names:
        if name not in BOTS:
            hint = did_you_mean(name, BOTS)
            raise UsageError(f"unknown bot '{name}'" + (f" ({hint})" if hint else ""))
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise UsageError(
            f"--bots names {len(names)} bots for {players} players: give one name, or one per seat"
        )
    return names


@app.command()
@_guarded
def simulate(
    game: Annotated[str, typer.Argument(help="A game id (from rules/) or a manifest path.")],
    games: Annotated[int, typer.Option(min=1, help="Games to play.")] = 1000,
    players: Annotated[
        int | None, typer.Option(min=1, help="Players per game. Default: 4, or the game's most.")
    ] = None,
    bots: Annotated[
        str, typer.Option(help="One bot for every seat, or a comma list, one per seat.")
    ] = "random",
    seed: Annotated[int, typer.Option(help="Seed of the run; the same seed replays it.")] = 1,
    workers: Annotated[
        int | None, typer.Option(min=1, help="Worker processes. Default: every core.")
    ] = None,
    variant: Annotated[
        list[Path] | None, typer.Option(help="A variant overlay to apply (repeatable).")
    ] = None,
    output_format: Annotated[OutputFormat, typer.Option("--format")] = OutputFormat.text,
) -> None:
    """Let bots play many games and report win rates, scores and how cards are used."""
    import json
    import os

    from toolkit.engine.load import load_compiled_game
    from toolkit.sim.report_text import format_simulation
    from toolkit.sim.runner import simulate as run_simulation
    from toolkit.sim.stats import summarise

    variants = list(variant or [])
    manifest, compiled = load_compiled_game(game, variants)
    count = players if players is not None else min(4, compiled.max_players)
    if not compiled.min_players <= count <= compiled.max_players:
        raise UsageError(
            f"{compiled.name} is for {compiled.min_players}-{compiled.max_players} players"
        )
    seats = _bot_list(bots, count)
    with _progress(games) as advance:
        records = run_simulation(
            manifest,
            games,
            count,
            seats,
            seed,
            workers or os.cpu_count() or 1,
            advance,
            variants,
        )
    summary = {
        "arguments": {
            "game": compiled.id,
            "games": games,
            "players": count,
            "bots": seats,
            "seed": seed,
            "variants": [str(v) for v in variants],
        },
        **summarise(records, seats),
    }
    if output_format is OutputFormat.json:
        typer.echo(json.dumps(summary, indent=2, ensure_ascii=False))
    else:
        typer.echo(format_simulation(summary))


def _progress(total: int) -> Any:
    """A progress bar on a terminal (stderr), nothing in a pipe."""
    import contextlib

    if not sys.stderr.isatty():
        return contextlib.nullcontext(lambda n: None)

    @contextlib.contextmanager
    def bar() -> Any:
        from rich.progress import Progress

        with Progress(transient=True, console=None) as progress:
            task = progress.add_task("simulating", total=total)
            yield lambda n: progress.advance(task, n)

    return bar()


@app.command()
@_guarded
def score(
    game: Annotated[str, typer.Argument(help="A game id (from rules/) or a manifest path.")],
    position: Annotated[Path, typer.Argument(help="An end-position YAML file.")],
    output_format: Annotated[OutputFormat, typer.Option("--format")] = OutputFormat.text,
) -> None:
    """Score a hand-written end position: totals, the breakdown by source, the tie-break."""
    import json

    from toolkit.content.project import load_content_file
    from toolkit.engine.load import load_compiled_game
    from toolkit.engine.position import state_from_position
    from toolkit.sim.report_text import table

    _, compiled = load_compiled_game(game)
    if not position.is_file():
        raise UsageError(f"no such file: '{position}'")
    loaded, diagnostics = load_content_file(position, "end-position")
    if loaded is None:
        raise ContentError(diagnostics)
    state, diagnostics = state_from_position(compiled, loaded)
    if state is None:
        raise ContentError(diagnostics)
    result = state.scores()
    names = [p.name for p in loaded.model.players]  # type: ignore[attr-defined]
    if output_format is OutputFormat.json:
        payload = {
            "game": compiled.id,
            "players": [
                {"name": names[p], "total": result.totals[p], "breakdown": result.breakdown[p]}
                for p in range(state.n)
            ],
            "winners": [names[p] for p in result.winners],
            "decided_by": result.decided_by,
        }
        typer.echo(json.dumps(payload, indent=2, ensure_ascii=False))
        return
    sources = list(dict.fromkeys(k for b in result.breakdown for k in b))
    rows = [[src, *[result.breakdown[p].get(src, 0) for p in range(state.n)]] for src in sources]
    rows.append(["total", *result.totals])
    typer.echo(table(["", *names], rows))
    winners = " and ".join(names[p] for p in result.winners)
    how = {
        "points": "on points",
        "shared": "shared victory: still tied after every tie-breaker",
    }.get(result.decided_by, f"tie broken: {result.decided_by}")
    typer.echo(f"\nwinner: {winners} ({how})")


def main() -> None:
    """Console-script entry point."""
    try:
        app()
    except SystemExit:
        raise
    except Exception as error:  # typer itself failed; still no traceback
        print(f"internal error: {type(error).__name__}: {error}", file=sys.stderr)
        sys.exit(3)
