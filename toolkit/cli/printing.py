"""The commands that make files of a game: build (everything), print (a PDF) and export."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from toolkit.cli.options import (
    DEFAULT_BOT,
    Bots,
    ExecutorKind,
    ExecutorOption,
    GameArgument,
    GameOptions,
    SchedulerOption,
    Variants,
    Workers,
    _bot_names,
    _executor,
    _workers,
    seed_option,
)
from toolkit.cli.shared import (
    _Command,
    _counting,
    _guarded,
    _inputs,
    _one_of,
    _output,
    _progress,
)
from toolkit.diagnostics import plural, printable
from toolkit.errors import (
    UsageError,
)
from toolkit.files import PDF
from toolkit.schema.limits import MAX_GAMES

MAX_TABLE_PLAYERS = 100
"""No game has more; the game's own limits are checked when it is loaded."""

commands = typer.Typer()
"""The commands of this module; `toolkit.cli.root` adds them to the app."""


class PaperName(StrEnum):
    a4 = "a4"
    letter = "letter"


class PrintProfile(StrEnum):
    home = "home"
    print_shop = "print-shop"


class BacksMode(StrEnum):
    duplex = "duplex"
    separate = "separate"
    none = "none"


@commands.command(
    cls=_Command, short_help="The main job: validate, simulate, print and report each game."
)
@_guarded
def build(
    games_ids: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="GAME",
            help="Games to build. Default: every game in rules/.",
            show_default=False,
        ),
    ] = None,
    games: Annotated[
        int, typer.Option(min=2, max=MAX_GAMES, metavar="N", help="Games per player count.")
    ] = 400,
    bots: Bots = DEFAULT_BOT,
    seed: Annotated[int, seed_option("Seed of every run.")] = 1,
    workers: Workers = None,
    out: Annotated[Path, typer.Option("--out", metavar="FOLDER", help="The build folder.")] = Path(
        "build"
    ),
    option: GameOptions = None,
    executor: ExecutorOption = ExecutorKind.local,
    scheduler: SchedulerOption = None,
) -> None:
    """The main job: validate, simulate every player count, print the cards and write the
    report of each game into build/<game>/. Options apply to every game built."""
    _output(out, "--out", folder=True)
    from toolkit.content.locate import game_ids, resolve_path_or_game
    from toolkit.content.validate import validate_paths
    from toolkit.diagnostics import format_text
    from toolkit.pnp.layout_check import check_layouts
    from toolkit.sim.build import (
        build_games,
        build_summary,
        check_build_folder,
        player_counts,
        write_readme,
    )

    chosen = list(games_ids or game_ids(Path.cwd()))
    if not chosen:
        raise UsageError("no games in rules/ to build")
    check_build_folder(out, [resolve_path_or_game(g).stem for g in chosen], "--out")
    # The same checks as `validate`, print layouts included, before any game is simulated.
    paths = [resolve_path_or_game(g) for g in chosen]
    report = validate_paths(paths, game_checks=[check_layouts])
    if report.errors:
        typer.echo(format_text(report.diagnostics), err=True)
        raise typer.Exit(1)
    typer.echo(f"validated {plural(len(report.files), 'file')}: no problems")
    builds = []
    bot_names = _bot_names(bots)
    counts = [len(player_counts(game)) for game in chosen]
    typer.echo(
        f"simulating {plural(games, 'game')} per player count "
        f"({plural(games * sum(counts), 'game')} in all), bots {','.join(bot_names)}, "
        f"then printing the cards and writing the reports into {out}/"
    )
    with (
        _executor(executor, workers, scheduler) as runner,
        _progress(games * sum(counts), "building") as advance,
    ):
        for built in build_games(
            chosen,
            out,
            games,
            bot_names,
            seed,
            _workers(workers),
            advance,
            _print_cards,
            list(option or []),
            runner,
        ):
            builds.append(built)
            typer.echo(f"built {chosen[len(builds) - 1]}")
            for warning in built.warnings:
                typer.echo(f"warning: {warning}", err=True)
    typer.echo(build_summary(builds))
    typer.echo(f"results: {out}/ (what each file is: {write_readme(out)})")


def _print_cards(game: str, target: Path) -> tuple[Path, str]:
    """The game's print-and-play PDF (home profile, A4, duplex backs)."""
    from toolkit.pnp.build import print_game
    from toolkit.pnp.document import PrintOptions

    printed = print_game(game, PrintOptions("a4", "home", "duplex", True, ()), target, None)
    note = f"{plural(len(printed.result.pages), 'page')}, {plural(printed.result.cards, 'card')}"
    if printed.result.warnings:
        note += f", {plural(len(printed.result.warnings), 'warning')}"
    return printed.path, note


@commands.command(
    "print", cls=_Command, short_help="Render a game's cards, boards and sheets into a print PDF."
)
@_guarded
def print_cards(
    game: GameArgument,
    paper: Annotated[
        PaperName,
        typer.Option(
            metavar="a4|letter", help="Paper size of the pages.", parser=_one_of(PaperName, "paper")
        ),
    ] = PaperName.a4,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", metavar="FILE", help="PDF to write. Default: build/print/<game>-cards.pdf."
        ),
    ] = None,
    profile: Annotated[
        PrintProfile,
        typer.Option(
            metavar="home|print-shop",
            help="home: 3x3 cards per sheet; print-shop: one card per page.",
            parser=_one_of(PrintProfile, "profile"),
        ),
    ] = PrintProfile.home,
    backs: Annotated[
        BacksMode,
        typer.Option(
            metavar="duplex|separate|none",
            help="duplex: backs mirrored for a long-edge flip; separate; none.",
            parser=_one_of(BacksMode, "backs mode"),
        ),
    ] = BacksMode.duplex,
    no_bleed: Annotated[bool, typer.Option("--no-bleed", help="Cards without bleed.")] = False,
    only: Annotated[
        str | None,
        typer.Option(
            metavar="ID[,ID...]",
            help="Comma list of components, card kinds or card ids to print (any case).",
        ),
    ] = None,
    back_offset: Annotated[
        str | None,
        typer.Option(
            metavar="X,Y",
            help="Shift every back page by X,Y mm (right, up as seen on the back), for a "
            "duplex printer whose sides do not line up; overrides the layout's.",
        ),
    ] = None,
    variant: Variants = None,
) -> None:
    """Render every card, board and reference sheet of a game into a print-and-play PDF."""
    _output(out, "--out", made=PDF)
    from toolkit.pnp.build import print_game
    from toolkit.pnp.document import PrintOptions

    names = tuple(name.strip() for name in (only or "").split(",") if name.strip())
    if only is not None and not names:
        raise UsageError(
            f"--only '{only}' names nothing to print; give component ids, card kinds or card "
            "ids separated by commas, or leave --only out to print everything"
        )
    from toolkit.pnp.document import parse_back_offset

    options = PrintOptions(
        paper.value,
        profile.value,
        backs.value,
        not no_bleed,
        names,
        back_offset=parse_back_offset(back_offset) if back_offset is not None else None,
    )
    printed = print_game(game, options, out, _inputs(variant, "--variant") or None)
    for warning in printed.result.warnings:
        typer.echo(f"warning: {warning}", err=True)
    typer.echo(
        f"{printed.path}: {plural(len(printed.result.pages), 'page')}, "
        f"{plural(printed.result.cards, 'card')} "
        f"({profile.value}, {paper.value}, backs {backs.value}), "
        f"{plural(len(printed.result.warnings), 'warning')}"
    )


@commands.command(
    "export", cls=_Command, short_help="Export the cards for online tables or print shops."
)
@_guarded
def export_cards(
    game: GameArgument,
    to: Annotated[
        str,
        typer.Option(
            "--to",
            metavar="FORMAT",
            help="Format: tts, tabletop-playground, png, sheets (images), or csv (each card "
            "kind's data, as `toolkit import` reads it).",
            show_default=False,
        ),
    ],
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            metavar="FOLDER",
            help="Folder to write. Default: build/<game>-<format>.",
        ),
    ] = None,
    dpi: Annotated[
        int | None,
        typer.Option(metavar="DPI", help="Card image resolution. Default: the format's own."),
    ] = None,
    bleed: Annotated[
        bool, typer.Option("--bleed", help="Card images with the print-shop bleed.")
    ] = False,
    preset: Annotated[
        str | None,
        typer.Option(
            metavar="PRESET", help="png: thegamecrafter, makeplayingcards or trimmed (default)."
        ),
    ] = None,
    image_base_url: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            help="tts: the URL the images will be hosted under. Default: local files.",
        ),
    ] = None,
    only: Annotated[
        str | None,
        typer.Option(metavar="ID[,ID...]", help="Comma list of components or card ids to export."),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=MAX_TABLE_PLAYERS,
            metavar="N",
            help="tts, tabletop-playground: lay the table out for N players (their pieces). "
            "Default: the game's most.",
        ),
    ] = None,
    variant: Variants = None,
) -> None:
    """Export every card for online tables (Tabletop Simulator, Tabletop Playground, web
    tables) or print shops, drawn as `toolkit print` draws it."""
    _output(out, "--out", folder=True)
    from toolkit.pnp.export import ExportOptions, export_game, format_name

    to = format_name(to)
    names = tuple(name.strip() for name in (only or "").split(",") if name.strip())
    if only is not None and not names:
        raise UsageError(f"--only '{only}' names nothing to export")
    variants = _inputs(variant, "--variant")
    options = ExportOptions(
        dpi, bleed, preset, image_base_url, variants, (), names, players=players
    )
    with _counting("rasterising cards") as progress:
        exported = export_game(game, to, out, options, progress)
    typer.echo(
        f"{exported.folder}: {plural(exported.cards, 'distinct card')} ({exported.copies} with "
        f"copies), {plural(len(exported.files), 'file')} ({to})"
    )
    for note in exported.notes:
        typer.echo(printable(note))
