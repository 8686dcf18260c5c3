"""A long run whose stderr is a pipe says how far it is, on stderr, now and then; a short
one says nothing more than before, and stdout holds only the results."""

from __future__ import annotations

import io
import re

import pytest
from entry_point import run_toolkit

from toolkit.cli import piped_progress
from toolkit.cli.piped_progress import PipedProgress


def test_a_line_once_a_while_has_passed_then_every_so_often() -> None:
    now = [0.0]
    out = io.StringIO()
    progress = PipedProgress(400, "ladder", out, clock=lambda: now[0])
    progress.advance(10)  # at once: nothing yet
    now[0] = piped_progress.FIRST_AFTER + 1
    progress.advance(110)
    now[0] += 1
    progress.advance(10)  # too soon for another line
    now[0] += piped_progress.EVERY
    progress.advance(270)
    assert out.getvalue().splitlines() == [
        "ladder: 120/400 games (30%), 31s",
        "ladder: 400/400 games (100%), 1m02s",
    ]


def test_ladder_with_an_ismcts_bot_shows_progress_when_piped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(piped_progress, "FIRST_AFTER", 0.0)  # a long run, in a short test
    monkeypatch.setattr(piped_progress, "EVERY", 0.0)
    result = run_toolkit("ladder", "midway-memories", "--bots", "random,ismcts:5", "--games", "2",
                         "--players", "2", "--workers", "1")  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    assert lines and all(
        re.fullmatch(r"ladder: \d+/4 games \(\d+%\), (\d+m)?\d+s", x) for x in lines
    )
    assert lines[-1].startswith("ladder: 4/4 games (100%)")
    assert "ladder" not in result.stdout.split("\n", 1)[1]  # results only on stdout


def test_a_short_run_in_a_pipe_says_nothing_on_stderr() -> None:
    result = run_toolkit("simulate", "lantern-routes", "--games", "2", "--players", "2")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
