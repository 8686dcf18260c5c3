"""The commands that write content: new (a game from a template) and import (a spreadsheet)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from toolkit.cli.shared import (
    _Command,
    _guarded,
)
from toolkit.diagnostics import plural, printable

commands = typer.Typer()
"""The commands of this module; `toolkit.cli.root` adds them to the app."""


@commands.command(cls=_Command, short_help="Start a new game from a family's template.")
@_guarded
def new(
    game: Annotated[
        str,
        typer.Argument(metavar="GAME", help="The new game's id: lowercase-kebab, like my-game."),
    ],
    family: Annotated[
        str,
        typer.Option(
            metavar="FAMILY",
            help="The kind of game (a name it does not know lists them): trick-taking, "
            "bidding, partnership, draft, draw-and-play, staged (shedding), betting, "
            "climbing, rummy, fishing (asking), capture (by sum), row-taking, push-your-luck, "
            "bluffing, duel (elimination), auction (open bidding) or sealed-bid (bid cards at "
            "once).",
        ),
    ],
    name: Annotated[
        str | None,
        typer.Option(metavar="NAME", help="Its display name. Default: from the id (My Game)."),
    ] = None,
) -> None:
    """Start a new game in the current project from a family's template: manifest, cards,
    a strategy, a print layout and a README, ready to validate, simulate, print and play.
    Never overwrites a file."""
    from toolkit.files import project_root
    from toolkit.scaffold import new_game

    project = project_root(Path.cwd())
    made = new_game(project, game, family, name)
    for path in made.written:
        typer.echo(f"created {printable(str(path))}")
    for path in made.kept:
        typer.echo(f"kept {printable(str(path))} (already there)")
    from toolkit.content.summary import game_summary
    from toolkit.content.validate import validate_paths
    from toolkit.diagnostics import format_text
    from toolkit.pnp.layout_check import check_layouts

    report = validate_paths([project / "rules" / f"{made.game}.yaml"], project, [check_layouts])
    if report.diagnostics:  # a project whose shared print defaults differ from the toolkit's
        typer.echo(format_text(report.diagnostics), err=True)
        if any(d.severity == "error" for d in report.diagnostics):
            raise typer.Exit(1)  # warnings (faint print from older defaults) do not undo it
    for loaded in report.games:
        typer.echo(game_summary(loaded))
    typer.echo(
        f"next: toolkit simulate {made.game} --games 200; toolkit print {made.game}; "
        f"toolkit play {made.game}; toolkit schema (for editor completion)"
    )


@commands.command("import", cls=_Command, short_help="Turn spreadsheet rows into a card file.")
@_guarded
def import_sheet(
    sheet: Annotated[
        Path,
        typer.Argument(metavar="SHEET", help="A .csv or .xlsx file: row 1 names the columns."),
    ],
    kind: Annotated[
        str,
        typer.Option(metavar="KIND", help="The card kind of the rows, as a manifest declares it."),
    ],
    into: Annotated[
        Path,
        typer.Option(
            metavar="FILE",
            help="The card file to write, inside the project (cards/<game>/...).",
        ),
    ],
) -> None:
    """Turn spreadsheet rows into a card file: columns are the kind's fields (and copies),
    values read as their declared types, validated before writing; every problem at its
    row and column."""
    from toolkit.content.spreadsheet import import_cards
    from toolkit.files import project_root

    done = import_cards(sheet, kind, into, project_root(Path.cwd()))
    if done.warnings:
        from toolkit.diagnostics import format_text

        typer.echo(format_text(done.warnings), err=True)
    typer.echo(
        f"wrote {printable(str(done.path))}: {plural(done.cards, f'{kind} card')} from "
        f"{plural(done.rows, 'row')} of {printable(str(sheet))}"
    )
