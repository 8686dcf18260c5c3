"""The root of the command line: `--version` (with `--verbose`, the installed plugins) and the
table of commands, from which `main` builds an app with every command, or with only the one
that runs (importing a module of commands and building typer's command of each costs time on
every run)."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Annotated

import typer
from typer.models import CommandInfo

COMMANDS: dict[str, str] = {
    "validate": "check",
    "schema": "check",
    "simulate": "simulation",
    "compare": "simulation",
    "sweep": "simulation",
    "report": "simulation",
    "build": "printing",
    "tune": "simulation",
    "ladder": "simulation",
    "play": "playing",
    "serve": "playing",
    "replay": "playing",
    "score": "playing",
    "print": "printing",
    "new": "authoring",
    "import": "authoring",
    "export": "printing",
}
"""Every command, in the order the root help lists them, and its module in `toolkit.cli`."""


def app_for(args: Sequence[str]) -> typer.Typer:
    """The app for these arguments: only the command they start with when they name one as
    typer matches it (exactly), else every command, so the root help, `--version` and a
    misspelt command's did-you-mean are those of the whole app."""
    if args and args[0] in COMMANDS:
        app = _root()
        app.registered_commands.append(command_info(args[0]))
        return app
    return full_app()


def full_app() -> typer.Typer:
    """The app with every command."""
    app = _root()
    app.registered_commands.extend(command_info(name) for name in COMMANDS)
    return app


def command_info(name: str) -> CommandInfo:
    """The command `name` as its module registered it."""
    module = importlib.import_module(f"toolkit.cli.{COMMANDS[name]}")
    registered: list[CommandInfo] = module.commands.registered_commands
    return next(info for info in registered if command_name(info) == name)


def command_name(info: CommandInfo) -> str:
    """The name typer gives a registered command: its own, or its function's."""
    assert info.callback is not None  # every command is registered with its function
    return info.name or typer.main.get_command_name(info.callback.__name__)


def _root() -> typer.Typer:
    """The group every command hangs from; with its callback it stays a group even when it
    holds one command (typer would otherwise make that command the whole program)."""
    app = typer.Typer(
        name="toolkit",
        help="A rules-data toolkit for card-game designers: games kept in YAML.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
    )
    app.callback(invoke_without_command=True)(_options)
    return app


def _options(
    ctx: typer.Context,
    show_version: Annotated[
        bool, typer.Option("--version", help="Print the version and exit.")
    ] = False,
    verbose: Annotated[
        bool,
        typer.Option(
            "--verbose",
            help="With --version: each installed plugin, its version and what it registered.",
        ),
    ] = False,
) -> None:
    """A rules-data toolkit for card-game designers: games kept in YAML."""
    if show_version:
        from importlib.metadata import version

        typer.echo(f"toolkit {version('toolkit')}")
        if verbose:
            from toolkit.cli.plugin_list import print_plugins

            raise typer.Exit(print_plugins())
        raise typer.Exit()
    if verbose:
        raise typer.BadParameter("goes with --version", param_hint="'--verbose'")
    if ctx.invoked_subcommand is None:
        ctx.fail("Missing command.")
