"""The `toolkit` command line: parse options, call the library, print the result.

This is the only module that imports typer. Exit codes: 0 ok, 1 content errors, 2 usage
errors, 3 an internal error (reported in one line, never as a traceback), 130 interrupted,
141 stdout closed early (`toolkit replay ... | head -1`: output stops quietly).

Output paths (`--out`, `--transcript`) are checked before any work, and a bad one is a usage
error: a named file must not be a folder, a device or a pipe, and its folder must already exist
(nothing is created for it); an output folder (`build --out`, `schema --out`) may be created, but
its parent must exist. Default outputs under `build/` are created as needed. Every file is
written atomically (a temporary file beside it, then a rename), so none is ever half-written.
"""

from __future__ import annotations

import contextlib
import functools
import sys
from collections.abc import Callable, Iterator, Sequence
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, NoReturn, TypeVar

import typer
from typer import _click as click
from typer.core import TyperCommand

from toolkit.diagnostics import canonical_id, json_text, plural, printable
from toolkit.errors import (
    ActionCapError,
    ContentError,
    OptionError,
    UnsupportedGameError,
    UsageError,
)
from toolkit.files import FileRefused, check_output, is_file
from toolkit.schema.limits import MAX_GAMES

app = typer.Typer(
    name="toolkit",
    help="A rules-data toolkit for card-game designers: games kept in YAML.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

F = TypeVar("F", bound=Callable[..., Any])


class _Command(TyperCommand):
    """Help placeholders as the README writes them: `GAME`, not typer's `{GAME}` in the usage
    line and `GAME <str>` among the arguments."""

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        pieces = super().collect_usage_pieces(ctx)
        return [p[1:-1] if p.startswith("{") and p.endswith("}") else p for p in pieces]

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        arguments, options = [], []
        for param in self.get_params(ctx):
            if param.param_type_name == "argument" and param.metavar:
                arguments.append((param.metavar, getattr(param, "help", None) or ""))
            elif param.param_type_name == "option" and (record := param.get_help_record(ctx)):
                options.append(record)
        for title, rows in (("Arguments", arguments), ("Options", options)):
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)


E = TypeVar("E", bound=StrEnum)


def _one_of(kind: type[E], what: str) -> Callable[[Any], E]:
    """The parser of an option with fixed choices: typed in any case (`--paper A4`), and a
    usage error (exit 2) with the closest choice and the choices when none fits."""

    def parse(value: Any) -> E:
        if isinstance(value, kind):
            return value
        from toolkit.errors import choose_id

        try:
            return kind(choose_id(str(value), [member.value for member in kind], what))
        except UsageError as error:  # click's own error: no "Value error, " before it
            raise typer.BadParameter(str(error)) from None

    return parse


DEFAULT_BOT = "greedy"
"""The bot of every seat when `--bots` is left out, in every command that plays games: it plays
each turn's best move for points, so statistics reflect sensible play (random is much weaker)."""

BOTS_HELP = (
    "One bot for every seat, or a comma list, one per seat: random, greedy, ismcts[:N] or a "
    f"strategy of the game. Default: {DEFAULT_BOT}."
)

GameArgument = Annotated[
    str,
    typer.Argument(
        metavar="GAME",
        help="A game id (from rules/, any case) or a manifest path.",
        show_default=False,
    ),
]
Players = Annotated[
    int | None,
    typer.Option(min=1, metavar="N", help="Players per game. Default: 4, or the game's most."),
]
Bots = Annotated[str, typer.Option(metavar="BOT[,BOT...]", help=BOTS_HELP, show_default=False)]
Workers = Annotated[
    int | None,
    typer.Option(
        min=1,
        metavar="N",
        help="Worker processes (at most one per game, 4 per core). Default: one per core.",
    ),
]
Variants = Annotated[
    list[Path] | None,
    typer.Option("--variant", metavar="FILE", help="A variant overlay to apply (repeatable)."),
]


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
            typer.echo(f"usage error: {printable(str(error))}", err=True)
            raise typer.Exit(2) from None
        except FileRefused as error:
            hint = f"; {error.hint}" if error.hint else ""
            typer.echo(f"usage error: {printable(error.reason + hint)}", err=True)
            raise typer.Exit(2) from None
        except ContentError as error:
            from toolkit.diagnostics import format_text, sort_diagnostics

            typer.echo(format_text(sort_diagnostics(error.diagnostics)), err=True)
            raise typer.Exit(1) from None
        except OptionError as error:  # an `--option` the game does not have or allow
            typer.echo(f"usage error: {printable(str(error))}", err=True)
            raise typer.Exit(2) from None
        except (UnsupportedGameError, ActionCapError) as error:
            typer.echo(f"error: {printable(str(error))}", err=True)
            raise typer.Exit(1) from None
        except KeyboardInterrupt:
            typer.echo("interrupted", err=True)
            raise typer.Exit(130) from None
        except BrokenPipeError as error:
            if not _stdout_closed():
                typer.echo(f"internal error: {type(error).__name__}: {error}", err=True)
                raise typer.Exit(3) from None
            _end_quietly()
        except Exception as error:  # the promise: no traceback, ever
            typer.echo(f"internal error: {type(error).__name__}: {printable(str(error))}", err=True)
            raise typer.Exit(3) from None

    return run  # type: ignore[return-value]


def _print_version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        typer.echo(f"toolkit {version('toolkit')}")
        raise typer.Exit()


@app.callback()
def _options(
    show_version: Annotated[
        bool,
        typer.Option(
            "--version", help="Print the version and exit.", callback=_print_version, is_eager=True
        ),
    ] = False,
) -> None:
    """A rules-data toolkit for card-game designers: games kept in YAML."""


@app.command(cls=_Command, short_help="Check content files: YAML, schema, references, feasibility.")
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
) -> None:
    """Check content files: YAML, schema, references and feasibility, every problem at once."""
    from toolkit.content.summary import game_summary
    from toolkit.content.validate import validate_paths
    from toolkit.diagnostics import REPORTERS, summary_line
    from toolkit.pnp.layout_check import check_layouts

    report = validate_paths(list(paths or []), game_checks=[check_layouts])
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


@app.command(cls=_Command, short_help="Write the JSON Schema of every content kind (for editors).")
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
        for name in drift:
            typer.echo(f"{folder / name}: out of date; run 'toolkit schema'", err=True)
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


GameOptions = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        metavar="ID=VALUE",
        help="Set a game option the manifest declares (repeatable), e.g. bonus-cards=yes.",
    ),
]


class ExecutorKind(StrEnum):
    local = "local"
    dask = "dask"


ExecutorOption = Annotated[
    ExecutorKind,
    typer.Option(
        "--executor",
        help="Where the games run: local (processes here, --workers) or dask (--scheduler).",
        parser=_one_of(ExecutorKind, "executor"),
    ),
]
SchedulerOption = Annotated[
    str | None,
    typer.Option(
        "--scheduler",
        metavar="ADDRESS",
        help="With --executor dask: tcp://HOST:8786, or local:N for N workers here. "
        "Default: local:WORKERS.",
    ),
]


class OutputFormat(StrEnum):
    text = "text"
    json = "json"


TextOrJson = Annotated[
    OutputFormat,
    typer.Option(
        "--format",
        metavar="text|json",
        help="Output format.",
        parser=_one_of(OutputFormat, "format"),
    ),
]


class ExportFormat(StrEnum):
    json = "json"
    csv = "csv"


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


@app.command(cls=_Command, short_help="Let bots play many games: win rates, scores, card use.")
@_guarded
def simulate(
    game: GameArgument,
    games: Annotated[
        int, typer.Option(min=1, max=MAX_GAMES, metavar="N", help="Games to play.")
    ] = 1000,
    players: Players = None,
    bots: Bots = DEFAULT_BOT,
    seed: Annotated[
        int, typer.Option(metavar="N", help="Seed of the run; the same seed replays it.")
    ] = 1,
    workers: Workers = None,
    variant: Variants = None,
    output_format: TextOrJson = OutputFormat.text,
    transcript: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="Also write every game as JSON Lines (`toolkit replay` re-runs it).",
        ),
    ] = None,
    option: GameOptions = None,
    executor: ExecutorOption = ExecutorKind.local,
    scheduler: SchedulerOption = None,
) -> None:
    """Let bots play many games and report win rates, scores and how cards are used."""

    _output(transcript, "--transcript")
    from toolkit.sim.report_text import format_simulation
    from toolkit.sim.run import RunSpec, run

    spec = RunSpec(game, games, players, _bot_names(bots), seed, _workers(workers),
                   _inputs(variant, "--variant"))  # fmt: skip
    spec.record_actions = transcript is not None
    spec.options = list(option or [])
    with _executor(executor, workers, scheduler) as spec.executor, _progress(games) as advance:
        result = run(spec, advance)
    if transcript is not None:
        from toolkit.sim.run import write_run

        written = write_run(transcript, result)
        typer.echo(f"transcript: {transcript} ({plural(written, 'game')})", err=True)
    if output_format is OutputFormat.json:
        typer.echo(json_text(result.summary))
    else:
        typer.echo(format_simulation(result.summary))


@app.command(
    cls=_Command, short_help="A/B: baseline and variants on the same seeds, 95% intervals."
)
@_guarded
def compare(
    game: GameArgument,
    variant: Annotated[
        list[Path],
        typer.Option(metavar="FILE", help="A variant to compare with the baseline (repeatable)."),
    ],
    games: Annotated[
        int, typer.Option(min=2, max=MAX_GAMES, metavar="N", help="Games per side.")
    ] = 1000,
    players: Players = None,
    bots: Bots = DEFAULT_BOT,
    seed: Annotated[
        int, typer.Option(metavar="N", help="Seed shared by baseline and variants.")
    ] = 1,
    workers: Workers = None,
    output_format: TextOrJson = OutputFormat.text,
    option: GameOptions = None,
    executor: ExecutorOption = ExecutorKind.local,
    scheduler: SchedulerOption = None,
) -> None:
    """A/B: baseline and each variant on the same seeds, differences with 95% intervals."""

    _inputs(variant, "--variant")
    from toolkit.sim.compare import compare_runs
    from toolkit.sim.report_text import format_comparison
    from toolkit.sim.run import RunSpec, run

    base_spec = RunSpec(game, games, players, _bot_names(bots), seed, _workers(workers))
    base_spec.options = list(option or [])
    with (
        _executor(executor, workers, scheduler) as base_spec.executor,
        _progress(games * (1 + len(variant))) as advance,
    ):
        baseline = run(base_spec, advance)
        results = []
        for path in variant:
            spec = RunSpec(game, games, players, base_spec.bots, seed, base_spec.workers, [path])
            spec.options = base_spec.options
            spec.executor = base_spec.executor
            other = run(spec, advance)
            from toolkit.content.project import load_content_file

            loaded, _ = load_content_file(path, "variant")
            name = getattr(loaded.model, "name", path.stem) if loaded else path.stem
            results.append(
                {
                    "name": name,
                    "file": str(path),
                    **compare_runs(
                        baseline.records, other.records, baseline.summary, other.summary
                    ),
                }
            )
    arguments = {k: v for k, v in baseline.summary["arguments"].items() if k not in ("set",)}
    arguments["variants"] = [str(p) for p in variant]
    result = {
        "arguments": arguments,
        "reproducible": baseline.summary["reproducible"],
        "variants": results,
    }
    if output_format is OutputFormat.json:
        typer.echo(json_text(result))
    else:
        typer.echo(format_comparison(result))


@app.command(cls=_Command, short_help="Simulate a grid of values; tabulate statistics and targets.")
@_guarded
def sweep(
    game: GameArgument,
    set_values: Annotated[
        list[str],
        typer.Option(
            "--set",
            metavar="PATH=VALUES",
            help="PATH=V1,V2,... or PATH=LO..HI (repeatable: a grid).",
        ),
    ],
    games: Annotated[
        int, typer.Option(min=2, max=MAX_GAMES, metavar="N", help="Games per point.")
    ] = 500,
    players: Players = None,
    bots: Bots = DEFAULT_BOT,
    seed: Annotated[int, typer.Option(metavar="N", help="Seed shared by every point.")] = 1,
    workers: Workers = None,
    variant: Variants = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", metavar="FILE", help="Also draw the sweep as a PDF chart here."),
    ] = None,
    output_format: TextOrJson = OutputFormat.text,
    option: GameOptions = None,
    executor: ExecutorOption = ExecutorKind.local,
    scheduler: SchedulerOption = None,
) -> None:
    """Simulate every combination of values and tabulate the key statistics and targets."""

    _output(out, "--out")
    from toolkit.sim.report_text import format_sweep
    from toolkit.sim.run import RunSpec
    from toolkit.sim.sweep import parse_set
    from toolkit.sim.sweep import sweep as run_sweep

    axes = [parse_set(text) for text in set_values]
    named = [path for path, _ in axes]
    twice = next((path for index, path in enumerate(named) if path in named[:index]), None)
    if twice is not None:
        raise UsageError(
            f"--set names '{twice}' twice; give all its values in one --set: {twice}=V1,V2,..."
        )
    points = 1
    for _, values in axes:
        points *= len(values)
    base = RunSpec(game, games, players, _bot_names(bots), seed, _workers(workers),
                   _inputs(variant, "--variant"))  # fmt: skip
    base.options = list(option or [])
    with (
        _executor(executor, workers, scheduler) as base.executor,
        _progress(games * points) as advance,
    ):
        result = run_sweep(base, axes, advance)
    if out is not None:
        from toolkit.sim.report_pdf import render_sweep

        render_sweep(result, out)
    if output_format is OutputFormat.json:
        typer.echo(json_text(result))
    else:
        typer.echo(format_sweep(result))
        if out is not None:
            typer.echo(f"chart: {out}")


@app.command(cls=_Command, short_help="A PDF playtest report of a simulation (tables as json/csv).")
@_guarded
def report(
    game: GameArgument,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            metavar="FILE",
            help="The report: FILE.pdf, FILE.json (its tables) or FILE.txt (text), as the "
            "suffix says. Default: build/<game>/<game>-report.pdf.",
        ),
    ] = None,
    games: Annotated[
        int,
        typer.Option(min=2, max=MAX_GAMES, metavar="N", help="Games to simulate per player count."),
    ] = 2000,
    players: Annotated[
        list[int] | None,
        typer.Option(
            min=1,
            metavar="N",
            help="Players per game; repeat it for a part per player count. Default: 4, or the "
            "game's most if fewer.",
        ),
    ] = None,
    bots: Bots = DEFAULT_BOT,
    seed: Annotated[int, typer.Option(metavar="N", help="Seed of the run.")] = 1,
    workers: Workers = None,
    variant: Variants = None,
    export: Annotated[
        ExportFormat | None,
        typer.Option(
            "--format",
            metavar="json|csv",
            help="Also export every table beside the PDF: json or csv.",
            parser=_one_of(ExportFormat, "format"),
        ),
    ] = None,
    option: GameOptions = None,
    executor: ExecutorOption = ExecutorKind.local,
    scheduler: SchedulerOption = None,
) -> None:
    """A PDF playtest report: win rates with intervals, score distributions and sources,
    card usage, drama and lead changes, and the targets."""
    _output(out, "--out")
    from toolkit.sim.report_files import report_suffix, write_report
    from toolkit.sim.report_tables import export_tables
    from toolkit.sim.run import RunSpec, run

    suffix = report_suffix(out) if out is not None else ".pdf"  # checked before any game
    if suffix != ".pdf" and export is not None:
        raise UsageError(
            f"--format {export.value} writes the tables beside a PDF report; with --out "
            f"'{out}' leave it out (a .json report is the tables)"
        )

    counts: list[int | None] = [*dict.fromkeys(players or [])] or [None]
    variants = _inputs(variant, "--variant")
    results = []
    with (
        _executor(executor, workers, scheduler) as runner,
        _progress(games * len(counts)) as advance,
    ):
        for count in counts:
            spec = RunSpec(game, games, count, _bot_names(bots), seed, _workers(workers),
                           variants)  # fmt: skip
            spec.options = list(option or [])
            spec.executor = runner
            results.append(run(spec, advance))
    game_id = results[0].summary["arguments"]["game"]
    target = out or Path("build") / game_id / f"{game_id}-report.pdf"
    written = write_report([(result.summary, result.records) for result in results], target)
    typer.echo(f"{target}: {written}")
    if export is not None:
        summaries = [result.summary for result in results]
        for path in export_tables(summaries, target, export.value):
            typer.echo(f"table: {path}")


@app.command(
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
    seed: Annotated[int, typer.Option(metavar="N", help="Seed of every run.")] = 1,
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
    from toolkit.sim.build import build_game, build_summary, player_counts, write_readme

    chosen = list(games_ids or game_ids(Path.cwd()))
    if not chosen:
        raise UsageError("no games in rules/ to build")
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
        for game in chosen:
            builds.append(
                build_game(
                    game,
                    out,
                    games,
                    bot_names,
                    seed,
                    _workers(workers),
                    advance,
                    _print_cards,
                    list(option or []),
                    runner,
                )
            )
            typer.echo(f"built {game}")
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


class SamplerName(StrEnum):
    tpe = "tpe"
    cmaes = "cmaes"
    nsga2 = "nsga2"


@app.command(cls=_Command, short_help="Search values that meet the targets; a variant file.")
@_guarded
def tune(
    game: GameArgument,
    space: Annotated[
        Path,
        typer.Option("--space", metavar="FILE", help="The values to tune and their ranges (YAML)."),
    ],
    trials: Annotated[
        int | None,
        typer.Option(min=1, metavar="N", help="Trials to run now. Default: 30 (none with --time)."),
    ] = None,
    time_limit: Annotated[
        float | None,
        typer.Option(
            "--time", min=1, metavar="SECONDS", help="Stop starting trials after SECONDS."
        ),
    ] = None,
    sampler: Annotated[
        SamplerName,
        typer.Option(
            metavar="tpe|cmaes|nsga2",
            help="nsga2: one objective per player count.",
            parser=_one_of(SamplerName, "sampler"),
        ),
    ] = SamplerName.tpe,
    games: Annotated[
        str,
        typer.Option(metavar="N,N", help="Games per player count at each stage, e.g. 200,800."),
    ] = "200,800",
    check_games: Annotated[
        int | None,
        typer.Option(min=2, max=MAX_GAMES, metavar="N", help="Games of the fresh-seed re-check."),
    ] = None,
    storage: Annotated[
        str | None,
        typer.Option(metavar="URL", help="Optuna storage. Default: sqlite in the --out folder."),
    ] = None,
    resume: Annotated[bool, typer.Option(help="Continue the study stored before.")] = False,
    margin: Annotated[
        float,
        typer.Option(
            min=0, max=0.5, metavar="SHARE", help="Aim this far inside every target's range."
        ),
    ] = 0.0,
    out: Annotated[
        Path | None,
        typer.Option("--out", metavar="DIR", help="Output folder. Default: build/<game>-tune."),
    ] = None,
    seed: Annotated[int, typer.Option(metavar="N", help="Seed shared by every trial.")] = 1,
    workers: Workers = None,
    parallel: Annotated[
        int | None,
        typer.Option(min=1, metavar="N", help="Trials at once. Default: the workers (at most 4)."),
    ] = None,
    output_format: TextOrJson = OutputFormat.text,
    executor: ExecutorOption = ExecutorKind.local,
    scheduler: SchedulerOption = None,
) -> None:
    """Search values that meet the game's targets at every player count (Optuna), changing
    as few as possible; writes the winner as a variant file, re-checked on fresh seeds."""
    from toolkit.content.locate import resolve_path_or_game
    from toolkit.sim.tune.output import summary_data, write_outputs
    from toolkit.sim.tune.study import TuneSettings
    from toolkit.sim.tune.study import tune as run_tune

    try:
        stages = [int(part) for part in games.split(",")]
    except ValueError:
        raise UsageError(f"--games '{games}': whole numbers, e.g. 200,800") from None
    if not stages or min(stages) < 2 or max(stages) > MAX_GAMES:
        raise UsageError(f"--games '{games}': each stage plays 2 to {MAX_GAMES} games")
    if not is_file(space):
        raise UsageError(f"--space {space}: no such file")
    game_id = resolve_path_or_game(game).stem
    folder = out or Path("build") / f"{game_id}-tune"  # beside build/<game>/, which build replaces
    _output(out, "--out", folder=True)
    settings = TuneSettings(
        game,
        space,
        folder,
        trials if trials is not None or time_limit is not None else 30,
        time_limit,
        sampler.value,
        storage,
        resume,
        stages,
        check_games,
        seed,
        parallel,
        "toolkit tune " + " ".join(sys.argv[2:]) if len(sys.argv) > 2 else "toolkit tune",
        margin,
    )

    def said(row: dict[str, Any]) -> None:
        shortfall = row["shortfall"] if row["shortfall"] is not None else "-"
        typer.echo(
            f"trial {row['number']}: {row['state'].lower()}, shortfall {shortfall}, "
            f"{plural(row['changes'], 'change')}, {plural(row['games'], 'game')}",
            err=True,
        )

    with _executor(executor, workers, scheduler) as runner:
        result = run_tune(settings, runner, said)
    for warning in result.warnings:
        typer.echo(f"warning: {warning}", err=True)
    written = write_outputs(result, result.space.model.game)
    data = summary_data(result, written)
    if output_format is OutputFormat.json:
        typer.echo(json_text(data))
        return
    check = result.recheck
    typer.echo(
        f"{result.study}: {plural(len(result.trials), 'trial')}, "
        f"{result.games:,} games, "  # never one: a trial plays two or more
        f"{result.seconds:.0f} s"
    )
    if check is not None:
        verdict = "better" if check["better"] else "not shown better"
        typer.echo(
            f"re-check on fresh seeds: shortfall {check['shortfall']['current']} -> "
            f"{check['shortfall']['tuned']} ({verdict}); every target met: "
            f"{check['all_pass']['tuned']}"
        )
    for key, path in written.items():
        typer.echo(f"{key}: {path}")


@app.command(cls=_Command, short_help="Rank bots: every seat rotation on the same seeds, ratings.")
@_guarded
def ladder(
    game: GameArgument,
    bots: Annotated[
        str, typer.Option(metavar="BOT,BOT[,...]", help="The bots to rank, comma separated.")
    ] = "random,greedy,ismcts",
    games: Annotated[
        int, typer.Option(min=1, max=MAX_GAMES, metavar="N", help="Games per seat rotation.")
    ] = 100,
    players: Players = None,
    seed: Annotated[int, typer.Option(metavar="N", help="Seed shared by every rotation.")] = 1,
    workers: Workers = None,
    output_format: TextOrJson = OutputFormat.text,
    option: GameOptions = None,
    executor: ExecutorOption = ExecutorKind.local,
    scheduler: SchedulerOption = None,
) -> None:
    """Rank bots: round-robin over every seat rotation on the same seeds, win rates with 95%
    intervals and a rating from the pairwise results inside games."""

    from toolkit.agents import check_bot_name
    from toolkit.engine.load import load_compiled_game
    from toolkit.sim.ladder import ladder as run_ladder
    from toolkit.sim.report_text import table

    manifest, compiled = load_compiled_game(game)
    names = [check_bot_name(name, compiled) for name in _bot_names(bots)]
    count = players if players is not None else min(4, compiled.max_players)
    if not compiled.min_players <= count <= compiled.max_players:
        raise UsageError(
            f"{compiled.name} is for {compiled.min_players}-{compiled.max_players} players"
        )
    options = compiled.read_options(list(option or []))
    with _executor(executor, workers, scheduler) as runner, _progress(games * count) as advance:
        result = run_ladder(
            manifest,
            names,
            games,
            count,
            seed,
            _workers(workers),
            advance,
            options=options,
            executor=runner,
        )
    result = {
        "arguments": {
            "game": compiled.id,
            "games": games,
            "players": count,
            "bots": names,
            "seed": seed,
            **({"options": options} if options else {}),
        },
        **result,
    }
    if output_format is OutputFormat.json:
        typer.echo(json_text(result))
        return
    typer.echo(
        f"{compiled.id}: {plural(games, 'game')} x {count} seat rotations, {count} players, "
        f"seed {seed}\n"
    )
    typer.echo(
        table(
            ["bot", "rating", "win rate", "95% interval", "mean score", "seats played"],
            [
                [
                    row["bot"],
                    row["rating"],
                    f"{row['win_rate']:.1%}",
                    f"{row['win_rate_ci95'][0]:.1%}-{row['win_rate_ci95'][1]:.1%}",
                    row["score_mean"],
                    row["seats_played"],
                ]
                for row in result["bots"]
            ],
        )
    )
    for step in result["ordering"]:
        clear = "clearly" if step["separated"] else "not clearly (intervals overlap)"
        typer.echo(f"{step['better']} ranks above {step['worse']}: {clear}")


@app.command(cls=_Command, short_help="Play a game against bots in the terminal (save and resume).")
@_guarded
def play(
    game: Annotated[
        str | None,
        typer.Argument(
            metavar="GAME",
            help="A game id (from rules/) or a manifest path (optional with --resume).",
            show_default=False,
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(min=1, metavar="N", help="Players, you included. Default: 4, or fewer."),
    ] = None,
    seat: Annotated[
        int | None, typer.Option(min=1, metavar="N", help="Your seat, counted from 1. Default: 1.")
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            metavar="BOT[,BOT...]",
            help=f"One bot for every other seat, or one per other seat. Default: {DEFAULT_BOT}.",
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(metavar="N", help="Seed of the game. Default: a new one (shown).")
    ] = None,
    transcript: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="Where to save the game. Default: build/play/<game>-seed-<seed>.jsonl, "
            "or the file resumed.",
        ),
    ] = None,
    variant: Variants = None,
    resume: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE", help="Go on with a game saved by play (quit with q): its transcript."
        ),
    ] = None,
    option: GameOptions = None,
) -> None:
    """Play a game against bots in the terminal: numbered moves, u to undo, h for the rules,
    q to quit and save, --resume to go on later. Reads one move per line when piped. Ctrl-C,
    SIGTERM and SIGHUP save the game first, then exit 128 + the signal (130 for Ctrl-C)."""
    _output(transcript, "--transcript")
    from toolkit.play import play as play_game
    from toolkit.record.transcripts import ReplayDivergence, TranscriptError

    try:
        outcome = play_game(game, players=players, seat=seat,
                            bots=_bot_names(bots) if bots else None, seed=seed,
                            transcript=transcript, variants=_inputs(variant, "--variant"),
                            resume=resume, options=list(option or []))  # fmt: skip
    except (ReplayDivergence, TranscriptError) as error:
        typer.echo(f"error: {printable(str(error))}", err=True)
        raise typer.Exit(1) from None
    if outcome.interrupted:
        raise typer.Exit(128 + outcome.interrupted)


@app.command(cls=_Command, short_help="A live web page: problems, cards, rules, quick runs, play.")
@_guarded
def serve(
    games: Annotated[
        list[str] | None,
        typer.Argument(
            help="Game ids to show. Default: every game in rules/.",
            metavar="GAME",
            show_default=False,
        ),
    ] = None,
    port: Annotated[int, typer.Option(metavar="PORT", help="The port to listen on.")] = 8000,
    host: Annotated[
        str,
        typer.Option(
            metavar="ADDRESS", help="The address to listen on: this machine only by default."
        ),
    ] = "127.0.0.1",
    allow_remote: Annotated[
        bool, typer.Option("--allow-remote", help="Allow a --host other machines can reach.")
    ] = False,
    variant: Variants = None,
    option: GameOptions = None,
) -> None:
    """The designer's workbench: a live local web page with the problems, the cards as
    printed, the rules and a quick simulation, updated when a file is saved; play against
    bots there too. --variant and --option change the games shown, simulated and played, as
    in simulate. Needs the 'web' extra."""
    from toolkit.serve import serve as run_server

    run_server(list(games or []), host=host, port=port, allow_remote=allow_remote,
               variants=_inputs(variant, "--variant"), options=list(option or []))  # fmt: skip


@app.command(
    cls=_Command, short_help="Re-run a transcript's games and narrate them with card names."
)
@_guarded
def replay(
    transcript: Annotated[
        Path,
        typer.Argument(
            metavar="TRANSCRIPT", help="A transcript (JSON Lines) written by simulate or play."
        ),
    ],
    output_format: TextOrJson = OutputFormat.text,
) -> None:
    """Re-run every game of a transcript from its seed and moves and narrate it with card
    names; exit 1 where it no longer replays (the content changed since)."""

    from toolkit.record.transcripts import ReplayDivergence, TranscriptError, iter_transcript
    from toolkit.record.transcripts import replay as replay_games

    done: list[dict[str, Any]] = []
    warned: list[str] = []

    def warn(message: str) -> None:
        warned.append(message)
        typer.echo(f"warning: {message}", err=True)

    try:
        for replayed in replay_games(transcript, iter_transcript(transcript, warn)):
            if output_format is OutputFormat.json:
                done.append(replayed.as_json())
            else:
                typer.echo(printable("\n".join(replayed.lines)) + "\n")
    except (ReplayDivergence, TranscriptError) as error:
        if output_format is OutputFormat.json:
            payload = {"transcript": str(transcript), "ok": False, "error": str(error)}
            typer.echo(json_text({**payload, "games": done}))
        typer.echo(f"error: {printable(str(error))}", err=True)
        raise typer.Exit(1) from None
    if output_format is OutputFormat.json:
        payload = {"transcript": str(transcript), "ok": True, "games": done}
        if warned:
            payload["warnings"] = warned
        typer.echo(json_text(payload))
    else:
        unchecked = " (no trailer: not checked for missing games)" if warned else ""
        typer.echo(f"ok: every game of {transcript} replays exactly{unchecked}")


def _output(path: Path | None, option: str, *, folder: bool = False) -> None:
    """Refuse a bad output path before any work (the rule is in the module docstring)."""
    if path is None:
        return
    try:
        check_output(path, folder=folder)
    except FileRefused as error:
        hint = f"; {error.hint}" if error.hint else ""
        raise UsageError(f"{option}: {error.reason}{hint}") from None


def _workers(workers: int | None) -> int:
    import os

    return workers or os.cpu_count() or 1


@contextlib.contextmanager
def _executor(kind: ExecutorKind, workers: int | None, scheduler: str | None) -> Any:
    """The executor the options name, closed (a cluster it started stopped) after the run."""
    from toolkit.sim.executor import make_executor

    runner = make_executor(kind.value, _workers(workers), scheduler)
    try:
        yield runner
    finally:
        runner.close()


def _bot_names(bots: str) -> list[str]:
    """The comma list of `--bots`; the built-in bots in any case (`Greedy`, `ISMCTS:50`)."""
    from toolkit.content.semantic import BUILT_IN_BOTS

    names = [name.strip() for name in bots.split(",") if name.strip()]
    if not names:
        raise UsageError("--bots names no bot")
    return [_bot_name(name, BUILT_IN_BOTS) for name in names]


def _bot_name(name: str, built_in: Sequence[str]) -> str:
    base, colon, budget = name.partition(":")
    return canonical_id(base, built_in) + colon + budget.lower()


def _inputs(paths: list[Path] | None, option: str) -> list[Path]:
    """Files named on the command line (`--variant`): missing or unreadable is a usage error
    (exit 2), as for every file named there; what is wrong inside them is exit 1."""
    import os

    for path in paths or []:
        if not os.path.lexists(path):
            raise UsageError(f"{option}: no such file: '{path}'")
        if is_file(path) and not os.access(path, os.R_OK):
            raise UsageError(f"{option}: cannot read '{path}'")
        # Anything else that is no regular file is refused by the loader, as a usage error.
    return list(paths or [])


def _progress(total: int, what: str = "simulating") -> Any:
    """A progress bar on a terminal (stderr), nothing in a pipe; `advance(n)` moves it on."""
    import contextlib

    if not sys.stderr.isatty():
        return contextlib.nullcontext(lambda n: None)

    @contextlib.contextmanager
    def bar() -> Any:
        from rich.progress import Progress

        with Progress(transient=True, console=None) as progress:
            task = progress.add_task(what, total=total)
            yield lambda n: progress.advance(task, n)

    return bar()


@app.command(cls=_Command, short_help="Score a hand-written end position: totals and breakdown.")
@_guarded
def score(
    game: GameArgument,
    position: Annotated[
        Path, typer.Argument(metavar="POSITION", help="An end-position YAML file.")
    ],
    output_format: TextOrJson = OutputFormat.text,
) -> None:
    """Score a hand-written end position: totals, the breakdown by source, the tie-break."""

    from toolkit.content.project import load_content_file
    from toolkit.engine.load import load_compiled_game
    from toolkit.engine.position import state_from_position
    from toolkit.sim.report_text import table

    _, compiled = load_compiled_game(game)
    if not is_file(position):
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
        typer.echo(json_text(payload))
        return
    sources = list(dict.fromkeys(k for b in result.breakdown for k in b))
    rows = [[src, *[result.breakdown[p].get(src, 0) for p in range(state.n)]] for src in sources]
    rows.append(["total", *result.totals])
    typer.echo(printable(table(["", *names], rows)))
    winners = " and ".join(names[p] for p in result.winners)
    how = {
        "points": "on points",
        "shared": "shared victory: still tied after every tie-breaker",
    }.get(result.decided_by, f"tie broken: {result.decided_by}")
    typer.echo(printable(f"\nwinner: {winners} ({how})"))


@app.command(
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
            "--out", metavar="FILE", help="PDF to write. Default: build/<game>/<game>-cards.pdf."
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
    _output(out, "--out")
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


@app.command(cls=_Command, short_help="Start a new game from a family's template.")
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
            help="The kind of game: trick-taking, bidding, draft or draw-and-play.",
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
        raise typer.Exit(1)
    for loaded in report.games:
        typer.echo(game_summary(loaded))
    typer.echo(
        f"next: toolkit simulate {made.game} --games 200; toolkit print {made.game}; "
        f"toolkit play {made.game}; toolkit schema (for editor completion)"
    )


@app.command("import", cls=_Command, short_help="Turn spreadsheet rows into a card file.")
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
    row and column. .xlsx needs the 'sheets' extra."""
    from toolkit.content.spreadsheet import import_cards
    from toolkit.files import project_root

    if not is_file(sheet):
        raise UsageError(f"no such file: '{sheet}'")
    done = import_cards(sheet, kind, into, project_root(Path.cwd()))
    if done.warnings:
        from toolkit.diagnostics import format_text

        typer.echo(format_text(done.warnings), err=True)
    typer.echo(
        f"wrote {printable(str(done.path))}: {plural(done.cards, f'{kind} card')} from "
        f"{plural(done.rows, 'row')} of {printable(str(sheet))}"
    )


@app.command(
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
    variant: Variants = None,
) -> None:
    """Export every card for online tables (Tabletop Simulator, Tabletop Playground, web
    tables) or print shops, drawn as `toolkit print` draws it."""
    _output(out, "--out", folder=True)
    _not_around_here(out)
    from toolkit.pnp.export import ExportOptions, export_game, format_name

    to = format_name(to)
    names = tuple(name.strip() for name in (only or "").split(",") if name.strip())
    if only is not None and not names:
        raise UsageError(f"--only '{only}' names nothing to export")
    variants = _inputs(variant, "--variant")
    options = ExportOptions(dpi, bleed, preset, image_base_url, variants, (), names)
    with _counting("rasterising cards") as progress:
        exported = export_game(game, to, out, options, progress)
    typer.echo(
        f"{exported.folder}: {plural(exported.cards, 'distinct card')} ({exported.copies} with "
        f"copies), {plural(len(exported.files), 'file')} ({to})"
    )
    for note in exported.notes:
        typer.echo(printable(note))


def _not_around_here(out: Path | None) -> None:
    """Refuse an `--out` that is the current folder or holds it (`.`, `..`, `/`): the export
    replaces its folder whole."""
    if out is None:
        return
    here = Path.cwd().resolve()
    if out.resolve() in (here, *here.parents):
        raise UsageError(
            f"--out '{out}' is the current folder or holds it, and the export replaces its "
            "folder whole; name a new folder, such as build/<game>-<format>"
        )


@contextlib.contextmanager
def _counting(what: str) -> Iterator[Callable[[int, int], None] | None]:
    """A progress bar on a terminal's stderr for work whose size is known once it starts;
    None (nothing shown) when stderr is a file or pipe."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(transient=True, console=Console(stderr=True)) as progress:
        task = progress.add_task(what, total=None)
        yield lambda done, total: progress.update(task, completed=done, total=total)


def _stdout_closed() -> bool:
    """Whether stdout's reader has gone (`| head -1` has its line): the write end of a pipe
    whose reader closed polls as an error. Where poll is missing, any broken pipe counts."""
    import select

    try:
        poller = select.poll()
        poller.register(sys.stdout.fileno(), select.POLLOUT)
        return any(events & select.POLLERR for _, events in poller.poll(0))
    except (AttributeError, OSError, ValueError):
        return True


def _end_quietly() -> NoReturn:
    """The Python docs' recipe for a closed pipe: point stdout at devnull, so the flush at exit
    cannot fail a second time, and exit 141 (128 + SIGPIPE) like any tool in a pipeline."""
    import os

    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    sys.exit(141)


def main() -> None:
    """Console-script entry point."""
    try:
        try:
            app()
        finally:
            sys.stdout.flush()  # a closed pipe shows here, not as a message at exit
    except BrokenPipeError:
        _end_quietly()
    except SystemExit:
        raise
    except Exception as error:  # typer itself failed; still no traceback
        print(f"internal error: {type(error).__name__}: {error}", file=sys.stderr)
        sys.exit(3)
