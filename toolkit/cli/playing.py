"""The commands about single games: play, serve, replay and score."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from toolkit.cli.options import (
    DEFAULT_BOT,
    GameArgument,
    GameOptions,
    OutputFormat,
    TextOrJson,
    Variants,
    _bot_names,
    seed_option,
)
from toolkit.cli.shared import (
    _Command,
    _guarded,
    _inputs,
    _output,
)
from toolkit.diagnostics import json_text, printable
from toolkit.errors import (
    ContentError,
    UsageError,
)
from toolkit.files import TRANSCRIPT, is_file

commands = typer.Typer()
"""The commands of this module; `toolkit.cli.root` adds them to the app."""


@commands.command(
    cls=_Command, short_help="Play a game against bots in the terminal (save and resume)."
)
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
        int | None, seed_option("Seed of the game. Default: a new one (shown).")
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
    start: Annotated[
        Path | None,
        typer.Option(
            "--from",
            metavar="POSITION",
            help="Play on from a position file (one saved with s in play, or written by "
            "hand); quitting saves the position.",
        ),
    ] = None,
) -> None:
    """Play a game against bots in the terminal: numbered moves, u to undo, h for the rules,
    s to save the position, q to quit and save, --resume to go on later, --from to start
    from a position. Reads one move per line when piped. Ctrl-C,
    SIGTERM and SIGHUP save the game first, then exit 128 + the signal (130 for Ctrl-C)."""
    _output(transcript, "--transcript", made=TRANSCRIPT)
    from toolkit.play import play as play_game
    from toolkit.record.transcripts import ReplayDivergence, TranscriptError

    try:
        outcome = play_game(game, players=players, seat=seat,
                            bots=_bot_names(bots) if bots else None, seed=seed,
                            transcript=transcript, variants=_inputs(variant, "--variant"),
                            resume=resume, options=list(option or []),
                            start=start)  # fmt: skip
    except (ReplayDivergence, TranscriptError) as error:
        typer.echo(f"error: {printable(str(error))}", err=True)
        raise typer.Exit(1) from None
    if outcome.interrupted:
        raise typer.Exit(128 + outcome.interrupted)


@commands.command(
    cls=_Command, short_help="A live web page: problems, cards, rules, quick runs, play."
)
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
    table: Annotated[
        bool,
        typer.Option(
            "--table", help="Open a table of the game for several people: a link per seat."
        ),
    ] = False,
    players: Annotated[
        int | None,
        typer.Option(metavar="N", help="The table's seats. Default: the game's usual count."),
    ] = None,
    people: Annotated[
        int | None,
        typer.Option(metavar="N", help="Seats for people; bots take the rest. Default: all."),
    ] = None,
) -> None:
    """The designer's workbench: a live local web page with the problems, the cards as
    printed, the rules and a quick simulation, updated when a file is saved; play against
    bots there too. --variant and --option change the games shown, simulated and played, as
    in simulate. --table opens a table of one game for several people and prints each
    seat's link. Needs the 'web' extra."""
    from toolkit.serve import serve as run_server

    run_server(list(games or []), host=host, port=port, allow_remote=allow_remote,
               variants=_inputs(variant, "--variant"), options=list(option or []),
               table=table, players=players, people=people)  # fmt: skip


@commands.command(
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


@commands.command(cls=_Command, short_help="Score a position as it stands: totals and breakdown.")
@_guarded
def score(
    game: GameArgument,
    position: Annotated[
        Path,
        typer.Argument(
            metavar="POSITION", help="A position YAML file (kind: position or end-position)."
        ),
    ],
    output_format: TextOrJson = OutputFormat.text,
) -> None:
    """Score a position as it stands (a game in progress as if it ended now, or a
    hand-written end position): totals, the breakdown by source, the tie-break."""

    from toolkit.content.models.position import EndPosition
    from toolkit.content.project import load_content_file
    from toolkit.engine.load import load_compiled_game
    from toolkit.engine.position import state_from_position as state_from_end
    from toolkit.engine.position_load import state_from_position
    from toolkit.play.score_sheet import score_sheet
    from toolkit.sim.report_text import table

    _, compiled = load_compiled_game(game)
    if not is_file(position):
        raise UsageError(f"no such file: '{position}'")
    loaded, diagnostics = load_content_file(position)
    if loaded is not None and not hasattr(loaded.model, "players"):
        kind = getattr(loaded.model, "kind", "?")
        raise UsageError(f"'{position}' is a {kind} file, not a position")
    if loaded is None:
        raise ContentError(diagnostics)
    if isinstance(loaded.model, EndPosition):
        state, diagnostics = state_from_end(compiled, loaded)
    else:
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
    sheet = score_sheet(result, names)
    typer.echo(printable(table(["", *names], sheet.rows)))
    typer.echo(printable(f"\nwinner: {sheet.winner_names} ({sheet.how})"))
