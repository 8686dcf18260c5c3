"""`validate` and `schema`: the checks of content files and the schemas editors use."""

from __future__ import annotations

import time
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from toolkit.cli.shared import (
    _Command,
    _guarded,
    _one_of,
    _output,
)
from toolkit.diagnostics import plural, printable

if TYPE_CHECKING:
    from toolkit.content.project import GameContent
    from toolkit.content.validate import ValidationReport
    from toolkit.diagnostics import Diagnostic

commands = typer.Typer()
"""The commands of this module; `toolkit.cli.root` adds them to the app."""


class DiagnosticFormat(StrEnum):
    text = "text"
    json = "json"
    github = "github"


@commands.command(
    cls=_Command, short_help="Check content files: YAML, schema, references, feasibility."
)
@_guarded
def validate(
    paths: Annotated[
        list[Path] | None,
        typer.Argument(
            help="Game ids, manifests, content files or folders. Default: every game in rules/.",
            metavar="GAME|PATH",
            show_default=False,
        ),
    ] = None,
    output_format: Annotated[
        DiagnosticFormat,
        typer.Option(
            "--format",
            metavar="text|json|github",
            help="Diagnostic format.",
            parser=_one_of(DiagnosticFormat, "format"),
        ),
    ] = DiagnosticFormat.text,
    strict: Annotated[bool, typer.Option(help="Treat warnings as errors.")] = False,
    watch: Annotated[
        bool,
        typer.Option(
            "--watch",
            help="Then check again each time a checked file or a file beside them changes, "
            "until Ctrl-C.",
        ),
    ] = False,
) -> None:
    """Check content files: YAML, schema, references and feasibility, every problem at once."""
    named = list(paths or [])
    if watch:
        watch_validation(named, output_format)  # ends only by Ctrl-C: exit 130
    report = _validate(named, output_format)
    failed = report.errors > 0 or (strict and report.warnings > 0)
    raise typer.Exit(1 if failed else 0)


def _validate(paths: list[Path], output_format: DiagnosticFormat) -> ValidationReport:
    """Validate `paths` (every game when empty) and print what was found."""
    from toolkit.content.validate import validate_paths
    from toolkit.diagnostics import REPORTERS, summary_line

    report = validate_paths(paths, game_checks=[_check_layouts])
    rendered = REPORTERS[output_format.value](report.diagnostics)
    if output_format is DiagnosticFormat.json:
        typer.echo(rendered)
    else:
        if rendered:
            typer.echo(rendered)
        if output_format is DiagnosticFormat.text and report.games:
            _print_summaries(report.games)
        typer.echo(summary_line(report.diagnostics, len(report.files)))
    return report


def _print_summaries(games: list[GameContent]) -> None:
    """One line per valid game; its mechanic says how it plays, so the mechanics are imported
    here, when a game was checked, not for a card file checked alone."""
    from toolkit.content.summary import game_summary

    for game in games:
        typer.echo(game_summary(game))


def _check_layouts(
    manifest: Path, content: GameContent, sound: bool
) -> tuple[list[Path], list[Diagnostic]]:
    """The print layouts' checks, imported when a game is checked: a card file checked alone
    does not pay for the print machinery (templates, fonts), nor a game that lists none."""
    if not content.game.print_layouts:
        return [], []
    from toolkit.pnp.layout_check import check_layouts

    return check_layouts(manifest, content, sound)


def watch_validation(
    paths: list[Path],
    output_format: DiagnosticFormat,
    stop: Callable[[], bool] = lambda: False,
    interval: float | None = None,
) -> None:
    """Validate, then again after each save of a file it read (or a new file beside them),
    under a line with the time and the file, until `stop()` or Ctrl-C. A problem that ends a
    later run (a named file removed) is printed as a normal run prints it, and the watch goes
    on; on the first run it ends the command. `interval`: seconds between looks (tests)."""
    from toolkit.content.watch import INTERVAL, looked_at
    from toolkit.content.watch import watch as watch_files

    validate_once = _guarded(_validate)

    def check(changed: list[Path] | None) -> list[Path]:
        if changed is None:
            report = _validate(paths, output_format)
        else:
            _announce(changed, output_format)
            try:
                report = validate_once(paths, output_format)
            except typer.Exit as ended:
                if ended.exit_code == 130:  # Ctrl-C during the run
                    raise
                return []  # printed; the files watched so far stay watched
        read = [*report.files, *(d.file for d in report.diagnostics)]
        return looked_at(read, paths, report.missing)

    watch_files(check, stop, interval or INTERVAL)


def _announce(changed: list[Path], output_format: DiagnosticFormat) -> None:
    """The line between two runs: the time and what changed, a file rather than its folder.
    With --format json it goes to stderr, so stdout holds only the reports, one JSON document
    per run that could check."""
    from toolkit.content.watch import is_folder

    files = [path for path in changed if not is_folder(path)] or changed
    more = f" and {len(files) - 1} more" if len(files) > 1 else ""
    what = printable(f"{files[0]}{more}", newlines=False)
    line = f"=== {time.strftime('%H:%M:%S')}: {what} changed ==="
    json_only = output_format is DiagnosticFormat.json
    typer.echo(line if json_only else f"\n{line}", err=json_only)


@commands.command(
    cls=_Command, short_help="Write the JSON Schema of every content kind (for editors)."
)
@_guarded
def schema(
    check: Annotated[
        bool,
        typer.Option("--check", help="Exit 1 if the committed schemas differ from the models."),
    ] = False,
    folder: Annotated[
        Path, typer.Option("--out", metavar="FOLDER", help="The schemas folder.")
    ] = Path("schemas"),
) -> None:
    """Write the JSON Schema of every content kind: the fixed kinds from the models, and each
    game's declared card kinds as schemas/<game>/<kind>.schema.json (editors use them)."""
    from toolkit.content.schema_export import drifted_schemas, write_schemas

    if check:
        drift = drifted_schemas(folder, Path.cwd())
        for name, why in drift.items():
            typer.echo(f"{folder / name}: {why}; run 'toolkit schema'", err=True)
        if drift:
            raise typer.Exit(1)
        typer.echo(f"ok: schemas in {folder} match the models")
        return
    _output(folder, "--out", folder=True)
    changed = write_schemas(folder, Path.cwd())
    typer.echo(
        f"wrote {plural(len(changed), 'changed schema file')} to {folder}"
        if changed
        else f"schemas in {folder} already up to date"
    )
