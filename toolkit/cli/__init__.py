"""The `toolkit` command line: parse options, call the library, print the result.

This package is the only one that imports typer. Exit codes: 0 ok, 1 content errors, 2 usage
errors, 3 an internal error (reported in one line, never as a traceback), 130 interrupted,
141 stdout closed early (`toolkit replay ... | head -1`: output stops quietly).

Output paths (`--out`, `--transcript`) are checked before any work, and a bad one is a usage
error: a named file must not be a folder, a device or a pipe, and its folder must already exist
(nothing is created for it); an output folder (`build --out`, `schema --out`) may be created, but
its parent must exist. Default outputs under `build/` are created as needed. No output follows a
symlink or replaces a designer's file (the rules are in `toolkit.files.check_output`). Every file
is written atomically (a temporary file beside it, then a rename), so none is ever half-written.

The package: `shared` (help format, errors to exit codes, files named on the command line),
`options` (options several commands share), `root` (the `--version` callback and the table of
commands) and one module per family of commands: `check` (validate, schema), `simulation`
(simulate, compare, sweep, report, tune, ladder), `playing` (play, serve, replay, score),
`printing` (build, print, export) and `authoring` (new, import). `main` builds only the
command that runs; `app` is the whole app.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from toolkit.cli.shared import _end_quietly, _progress

if TYPE_CHECKING:
    import typer

    from toolkit.cli.options import DEFAULT_BOT

    app: typer.Typer

__all__ = ["DEFAULT_BOT", "_progress", "app", "main"]


def __getattr__(name: str) -> Any:
    """`app` (every command) and `DEFAULT_BOT`, made when first asked for: `main` needs
    neither, and making them costs every run of a command time."""
    if name == "app":
        from toolkit.cli.root import full_app

        globals()["app"] = whole = full_app()
        return whole
    if name == "DEFAULT_BOT":
        from toolkit.cli.options import DEFAULT_BOT

        return DEFAULT_BOT
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


def main() -> None:
    """Console-script entry point: the app of the command the arguments name, run."""
    from toolkit.cli.root import app_for

    try:
        try:
            app_for(sys.argv[1:])()
        finally:
            sys.stdout.flush()  # a closed pipe shows here, not as a message at exit
    except BrokenPipeError:
        _end_quietly()
    except SystemExit:
        raise
    except Exception as error:  # typer itself failed; still no traceback
        print(f"internal error: {type(error).__name__}: {error}", file=sys.stderr)
        sys.exit(3)
