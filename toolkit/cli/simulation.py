"""The commands that let bots play: simulate, compare, sweep, report, tune and ladder."""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from toolkit.cli.options import (
    DEFAULT_BOT,
    Bots,
    ExecutorKind,
    ExecutorOption,
    GameArgument,
    GameOptions,
    OutputFormat,
    Players,
    SchedulerOption,
    TextOrJson,
    Variants,
    Workers,
    _bot_names,
    _executor,
    _workers,
    seed_option,
)
from toolkit.cli.shared import (
    _Command,
    _guarded,
    _inputs,
    _one_of,
    _output,
    _progress,
)
from toolkit.diagnostics import json_text, players_span, plural
from toolkit.errors import (
    UsageError,
)
from toolkit.files import PDF, TRANSCRIPT, is_file
from toolkit.schema.limits import MAX_GAMES

commands = typer.Typer()
"""The commands of this module; `toolkit.cli.root` adds them to the app."""


class ExportFormat(StrEnum):
    json = "json"
    csv = "csv"


@commands.command(cls=_Command, short_help="Let bots play many games: win rates, scores, card use.")
@_guarded
def simulate(
    game: GameArgument,
    games: Annotated[
        int, typer.Option(min=1, max=MAX_GAMES, metavar="N", help="Games to play.")
    ] = 1000,
    players: Players = None,
    bots: Bots = DEFAULT_BOT,
    seed: Annotated[int, seed_option("Seed of the run; the same seed replays it.")] = 1,
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
    start: Annotated[
        Path | None,
        typer.Option(
            "--from",
            metavar="POSITION",
            help="Play every game from this position (who wins from here?); what it leaves "
            "to chance is dealt anew for each game.",
        ),
    ] = None,
) -> None:
    """Let bots play many games and report win rates, scores and how cards are used."""

    _output(transcript, "--transcript", made=TRANSCRIPT)
    from toolkit.sim.report_text import format_simulation
    from toolkit.sim.run import RunSpec, run

    spec = RunSpec(game, games, players, _bot_names(bots), seed, _workers(workers),
                   _inputs(variant, "--variant"))  # fmt: skip
    spec.record_actions = transcript is not None
    spec.options = list(option or [])
    with _executor(executor, workers, scheduler) as spec.executor, _progress(games) as advance:
        if start is not None:
            from toolkit.sim.from_position import run_from_position

            result = run_from_position(spec, start, advance)
        else:
            result = run(spec, advance)
    if transcript is not None:
        from toolkit.sim.run import write_run

        written = write_run(transcript, result)
        typer.echo(f"transcript: {transcript} ({plural(written, 'game')})", err=True)
    if output_format is OutputFormat.json:
        typer.echo(json_text(result.summary))
    else:
        typer.echo(format_simulation(result.summary))


@commands.command(
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
    seed: Annotated[int, seed_option("Seed shared by baseline and variants.")] = 1,
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
    base_spec.paired = True
    with (
        _executor(executor, workers, scheduler) as base_spec.executor,
        _progress(games * (1 + len(variant))) as advance,
    ):
        baseline = run(base_spec, advance)
        results = []
        for path in variant:
            spec = RunSpec(game, games, players, base_spec.bots, seed, base_spec.workers, [path])
            spec.options = base_spec.options
            spec.paired = True
            spec.executor = base_spec.executor
            other = run(spec, advance)
            from toolkit.content.project import load_content_file

            loaded, _ = load_content_file(path, "variant")
            name = getattr(loaded.model, "name", path.stem) if loaded else path.stem
            results.append(
                {
                    "name": name,
                    "file": str(path),
                    **compare_runs(baseline.tally, other.tally, baseline.summary, other.summary),
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


@commands.command(
    cls=_Command, short_help="Simulate a grid of values; tabulate statistics and targets."
)
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
    seed: Annotated[int, seed_option("Seed shared by every point.")] = 1,
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

    _output(out, "--out", made=PDF)
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


@commands.command(
    cls=_Command, short_help="A PDF playtest report of a simulation (tables as json/csv)."
)
@_guarded
def report(
    game: GameArgument,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            metavar="FILE",
            help="The report: FILE.pdf, FILE.json (its tables) or FILE.txt (text), as the "
            "suffix says. Default: build/report/<game>-report.pdf.",
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
    seed: Annotated[int, seed_option("Seed of the run.")] = 1,
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
    from toolkit.content.locate import resolve_path_or_game
    from toolkit.sim.bot_blind_spots import add_blind_spots
    from toolkit.sim.report_files import check_report_output, report_suffix, write_report
    from toolkit.sim.report_tables import export_tables
    from toolkit.sim.run import RunSpec, run

    suffix = report_suffix(out) if out is not None else ".pdf"  # checked before any game
    if suffix != ".pdf" and export is not None:
        raise UsageError(
            f"--format {export.value} writes the tables beside a PDF report; with --out "
            f"'{out}' leave it out (a .json report is the tables)"
        )
    tables = export.value if export is not None else None
    if out is not None:  # before the game is even loaded
        check_report_output(out, "--out", tables)
    game_id = resolve_path_or_game(game).stem
    # Beside the folders `build` writes, never in them: build/<game>/ is one whole that
    # build.json describes, and a report of other runs must not stand in for its own.
    target = out or Path("build") / "report" / f"{game_id}-report.pdf"
    if out is None:
        check_report_output(target, "report", tables)

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
    for result in results:
        for warning in add_blind_spots(result):
            typer.echo(f"warning: {warning}", err=True)
    written = write_report([(result.summary, result.tally) for result in results], target)
    typer.echo(f"{target}: {written}")
    if export is not None:
        summaries = [result.summary for result in results]
        for path in export_tables(summaries, target, export.value):
            typer.echo(f"table: {path}")


class SamplerName(StrEnum):
    tpe = "tpe"
    cmaes = "cmaes"
    nsga2 = "nsga2"


@commands.command(cls=_Command, short_help="Search values that meet the targets; a variant file.")
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
    seed: Annotated[int, seed_option("Seed shared by every trial.")] = 1,
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
    from toolkit.sim.tune.output import check_tune_folder, summary_data, write_outputs
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
    check_tune_folder(folder, "--out" if out is not None else "tune")
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
        if row["refused"] is not None:  # values the game refuses together: one line, no trace
            typer.echo(f"trial {row['number']}: refused: {row['refused']}", err=True)
            return
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


@commands.command(
    cls=_Command, short_help="Rank bots: every seat rotation on the same seeds, ratings."
)
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
    seed: Annotated[int, seed_option("Seed shared by every rotation.")] = 1,
    workers: Workers = None,
    output_format: TextOrJson = OutputFormat.text,
    option: GameOptions = None,
    executor: ExecutorOption = ExecutorKind.local,
    scheduler: SchedulerOption = None,
) -> None:
    """Rank bots: round-robin over every seat rotation on the same seeds, win rates with 95%
    intervals and a rating from the pairwise results inside games."""

    from toolkit.agents import check_bot_name
    from toolkit.sim.ladder import ladder as run_ladder
    from toolkit.sim.report_text import table
    from toolkit.sim.sources import load_source

    manifest, _, compiled = load_source(game)  # its games then play this one, or the cache's
    names = [check_bot_name(name, compiled) for name in _bot_names(bots)]
    count = players if players is not None else min(4, compiled.max_players)
    if not compiled.min_players <= count <= compiled.max_players:
        raise UsageError(
            f"{compiled.name} is for {players_span(compiled.min_players, compiled.max_players)}"
        )
    options = compiled.read_options(list(option or []))
    with (
        _executor(executor, workers, scheduler) as runner,
        _progress(games * count, "ladder") as advance,
    ):
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
