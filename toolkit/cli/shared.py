"""What every command shares: the help format, the mapping of errors to exit codes, the
checks of files named on the command line, progress bars and a quietly closed pipe.
"""

from __future__ import annotations

import contextlib
import functools
import sys
from collections.abc import Callable, Iterator
from enum import StrEnum
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import typer
from typer import _click as click
from typer.core import TyperCommand

from toolkit.diagnostics import printable
from toolkit.errors import (
    ActionCapError,
    ClusterError,
    ContentError,
    OptionError,
    UnsupportedGameError,
    UsageError,
)
from toolkit.files import FileRefused, check_output, check_output_folder, is_file

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
        except (UnsupportedGameError, ActionCapError, ClusterError) as error:
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


def _output(
    path: Path | None,
    option: str,
    *,
    folder: bool = False,
    made: tuple[bytes, ...] | None = None,
) -> None:
    """Refuse a bad output path before any work (the rule is in the docstring of `toolkit.cli`):
    `made` says how the file begins, so an existing file is replaced only when the toolkit
    wrote it; a folder is one the command fills (`build`, `export`, `tune`, `schema`)."""
    if path is None:
        return
    try:
        if folder:
            check_output_folder(path)
        else:
            check_output(path, made=made)
    except FileRefused as error:
        raise UsageError(refusal(option, error)) from None


def refusal(option: str, error: FileRefused) -> str:
    """A refused output as the usage error says it: `--out: <why>; <hint>`."""
    hint = f"; {error.hint}" if error.hint else ""
    return f"{option}: {error.reason}{hint}"


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
    """A progress bar on a terminal (stderr); in a pipe or a log, a plain line on stderr now
    and then once the run has taken a while; `advance(n)` moves it on."""
    import contextlib

    if not sys.stderr.isatty():
        from toolkit.cli.piped_progress import PipedProgress

        return contextlib.nullcontext(PipedProgress(total, what, sys.stderr).advance)

    @contextlib.contextmanager
    def bar() -> Any:
        from rich.progress import Progress

        with Progress(transient=True, console=None) as progress:
            task = progress.add_task(what, total=total)
            yield lambda n: progress.advance(task, n)

    return bar()


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
