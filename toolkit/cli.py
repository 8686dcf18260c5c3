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

from toolkit.errors import ContentError, UsageError

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
            from toolkit.content.diagnostics import format_text

            typer.echo(format_text(error.diagnostics), err=True)
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


def main() -> None:
    """Console-script entry point."""
    try:
        app()
    except SystemExit:
        raise
    except Exception as error:  # typer itself failed; still no traceback
        print(f"internal error: {type(error).__name__}: {error}", file=sys.stderr)
        sys.exit(3)
