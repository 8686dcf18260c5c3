"""`main` builds only the command that runs: the help, exit codes and messages are the whole
app's, byte for byte (in process, through the real entry point)."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys

import pytest
import typer.main
from entry_point import ROOT, run_toolkit
from typer.core import TyperGroup

from toolkit import __version__
from toolkit.cli import root

MODULES = sorted(set(root.COMMANDS.values()))


def whole_and_lazy(
    monkeypatch: pytest.MonkeyPatch, *args: str
) -> tuple[subprocess.CompletedProcess[str], subprocess.CompletedProcess[str]]:
    """`toolkit ARGS` run by `main` as it is, then with the app of every command."""
    lazy = run_toolkit(*args)
    with monkeypatch.context() as patch:
        patch.setattr(root, "app_for", lambda _args: root.full_app())
        whole = run_toolkit(*args)
    return whole, lazy


@pytest.mark.parametrize("command", list(root.COMMANDS))
def test_every_commands_help_is_the_same_built_alone(
    command: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole, lazy = whole_and_lazy(monkeypatch, command, "--help")
    assert whole.returncode == 0 and whole.stdout.startswith(f"Usage: toolkit {command} ")
    assert (lazy.returncode, lazy.stdout, lazy.stderr) == (0, whole.stdout, whole.stderr)


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["--help"],
        ["--version"],
        ["validat"],
        ["VALIDATE"],
        ["--bogus"],
        ["validate", "--strictt"],
        ["simulate", "--gams", "2"],
        ["validate", "--version"],
        ["--version", "validate"],
    ],
    ids=lambda args: " ".join(args) or "no-arguments",
)
def test_the_root_and_mistyped_commands_and_options_answer_as_the_whole_app(
    args: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    whole, lazy = whole_and_lazy(monkeypatch, *args)
    assert (lazy.returncode, lazy.stdout, lazy.stderr) == (
        whole.returncode,
        whole.stdout,
        whole.stderr,
    )


def test_a_misspelt_command_a_misspelt_option_and_version_say_what_they_said() -> None:
    command = run_toolkit("validat")
    assert command.returncode == 2
    assert command.stderr == (
        "Usage: toolkit [OPTIONS] COMMAND [ARGS]...\nTry 'toolkit --help' for help.\n\n"
        "Error: No such command 'validat'. Did you mean 'validate'?\n"
    )
    option = run_toolkit("validate", "--strictt")
    assert option.returncode == 2
    assert option.stderr == (
        "Usage: toolkit validate [OPTIONS] [GAME|PATH]...\n"
        "Try 'toolkit validate --help' for help.\n\n"
        "Error: No such option: --strictt (Possible options: --no-strict, --strict)\n"
    )
    version = run_toolkit("--version")
    assert (version.returncode, version.stdout) == (0, f"toolkit {__version__}\n")


def test_a_named_command_is_built_alone_and_stays_a_command_of_the_group() -> None:
    group = typer.main.get_command(root.app_for(["validate", "--strict"]))
    assert isinstance(group, TyperGroup)
    assert list(group.commands) == ["validate"]
    assert [p.name for p in group.params] == ["show_version", "verbose"]
    whole = typer.main.get_command(root.app_for(["--help"]))
    assert isinstance(whole, TyperGroup)
    assert list(whole.commands) == list(root.COMMANDS)


def test_the_table_of_commands_names_each_modules_commands() -> None:
    registered = {
        root.command_name(info): module
        for module in MODULES
        for info in importlib.import_module(f"toolkit.cli.{module}").commands.registered_commands
    }
    assert registered == root.COMMANDS


_RUN = """
import json, sys
from toolkit.cli import main
sys.argv = ["toolkit", "validate", "cinder-tricks"]
try:
    main()
except SystemExit as done:
    print(json.dumps([done.code, sorted(m for m in sys.modules if m.startswith("toolkit.cli"))]))
"""


def test_a_command_run_imports_only_its_own_module_of_commands() -> None:
    result = subprocess.run(
        [sys.executable, "-c", _RUN], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    code, modules = json.loads(result.stdout.splitlines()[-1])
    assert code == 0, result.stderr
    assert modules == ["toolkit.cli", "toolkit.cli.check", "toolkit.cli.root", "toolkit.cli.shared"]
