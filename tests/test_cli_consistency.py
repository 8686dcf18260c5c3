"""One command line: the same default bot, exit codes, id matching, placeholders and plurals
in every command (through the real entry point, in process; one real process for --version)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import typer.main
from entry_point import run_toolkit, run_toolkit_process
from typer.core import TyperGroup

from toolkit import __version__
from toolkit.cli import DEFAULT_BOT, _progress, app
from toolkit.diagnostics import canonical_id, did_you_mean, plural

COMMANDS = typer.main.get_command(app)
assert isinstance(COMMANDS, TyperGroup)
PLAYING = ["simulate", "compare", "sweep", "report", "build"]


def test_version_through_a_real_process() -> None:
    result = run_toolkit_process("--version")
    assert (result.returncode, result.stdout) == (0, f"toolkit {__version__}\n")


@pytest.mark.parametrize("command", PLAYING)
def test_every_command_that_plays_has_the_same_default_bot(command: str) -> None:
    bots = next(p for p in COMMANDS.commands[command].params if p.name == "bots")
    assert bots.default == DEFAULT_BOT
    assert f"Default: {DEFAULT_BOT}." in (getattr(bots, "help", "") or "")


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "midway-memories", "--games", "2", "--variant", "no-such.yaml"],
        ["compare", "midway-memories", "--games", "2", "--variant", "no-such.yaml"],
        ["print", "midway-memories", "--variant", "no-such.yaml"],
        ["score", "oh-my-park", "no-such.yaml"],
        ["replay", "no-such.jsonl"],
        ["validate", "no-such.yaml"],
    ],
    ids=["simulate", "compare", "print", "score", "replay", "validate"],
)
def test_a_missing_file_named_on_the_command_line_is_exit_2(args: list[str]) -> None:
    result = run_toolkit(*args)
    assert result.returncode == 2, result.stderr
    assert "no such" in result.stderr and "no-such" in result.stderr


def test_a_variant_with_wrong_content_is_exit_1(tmp_path: Path) -> None:
    variant = tmp_path / "v.yaml"
    variant.write_text("name: [unclosed\n", encoding="utf-8")
    result = run_toolkit("simulate", "midway-memories", "--games", "2", "--variant", str(variant))
    assert result.returncode == 1, result.stderr


def test_game_ids_and_bots_are_matched_in_any_case() -> None:
    result = run_toolkit(
        "simulate",
        "Midway-Memories",
        "--games",
        "2",
        "--players",
        "2",
        "--bots",
        "Random,GREEDY",
        "--workers",
        "1",
    )
    assert result.returncode == 0, result.stderr
    assert "midway-memories" in result.stdout


def test_only_finds_a_card_id_in_any_case(tmp_path: Path) -> None:
    out = tmp_path / "b7.pdf"
    result = run_toolkit("print", "oh-my-park", "--only", "b7", "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert ": 2 pages, 1 card " in result.stdout  # one front page, its back
    assert out.is_file()


@pytest.mark.parametrize(
    ("args", "hint"),
    [
        (["simulate", "midway-memory", "--games", "2"], "did you mean 'midway-memories'?"),
        (["simulate", "oh-my-park", "--bots", "Gredy", "--games", "2"], "did you mean 'greedy'?"),
        (["print", "oh-my-park", "--only", "b77"], "did you mean 'B7'?"),
    ],
    ids=["game", "bot", "only"],
)
def test_an_unknown_id_suggests_the_closest(args: list[str], hint: str, tmp_path: Path) -> None:
    result = run_toolkit(*args, "--out", str(tmp_path / "x.pdf")) if "print" in args else None
    result = result or run_toolkit(*args)
    assert result.returncode == 2, result.stderr
    assert hint in result.stderr


def test_did_you_mean_and_canonical_ids_ignore_case() -> None:
    assert did_you_mean("b77", ["B7", "Y3"]) == "did you mean 'B7'?"
    assert canonical_id("b7", ["B7", "Y3"]) == "B7"
    assert canonical_id("b7", ["B7", "b7"]) == "b7"  # exact spelling first
    assert canonical_id("x", ["B7"]) == "x"


def test_help_shows_readable_placeholders_and_whole_descriptions() -> None:
    commands = run_toolkit("--help").stdout.partition("Commands:")[2]
    assert "simulate" in commands and "..." not in commands and "…" not in commands
    for name in COMMANDS.commands:
        text = run_toolkit(name, "--help").stdout
        assert not re.search(r"<(str|int|float|path|list|text)[^>]*>|\{[A-Za-z]+\}|\[\[", text), (
            name,
            text,
        )


def test_counts_are_singular_or_plural() -> None:
    assert [plural(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert plural(1, "match", "matches") == "1 match"


def test_no_progress_bar_in_a_pipe() -> None:
    with _progress(10, "building") as advance:
        advance(5)  # the do-nothing of a pipe: nothing is drawn
    result = run_toolkit("simulate", "midway-memories", "--games", "4", "--workers", "1")
    assert result.returncode == 0 and result.stderr == ""
