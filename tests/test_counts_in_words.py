"""Counts in words take the right number: one game, one move, never "(s)"."""

from __future__ import annotations

from pathlib import Path

import pytest
from entry_point import run_toolkit


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["validate", "lantern-routes"], "draw-and-play, 1 area zone;"),
        (["simulate", "midway-memories", "--games", "1", "--workers", "1"], ": 1 game, 4 players"),
        (
            [
                "ladder",
                "midway-memories",
                "--games",
                "1",
                "--players",
                "2",
                "--bots",
                "random,greedy",
                "--workers",
                "1",
            ],
            ": 1 game x 2 seat rotations",
        ),
    ],
    ids=["validate", "simulate", "ladder"],
)
def test_counts_of_one_are_singular(args: list[str], said: str) -> None:
    result = run_toolkit(*args)
    assert result.returncode == 0, result.stderr
    assert said in result.stdout
    assert "(s)" not in result.stdout + result.stderr


def test_play_counts_the_persons_own_moves(tmp_path: Path) -> None:
    """The other seat moves first and answers: only the person's one move is theirs."""
    result = run_toolkit("play", "midway-memories", "--players", "2", "--seed", "3",
                         "--transcript", str(tmp_path / "g.jsonl"), stdin="q\n")  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "quit after 0 moves of yours; transcript saved" in result.stdout
    result = run_toolkit("play", "midway-memories", "--players", "2", "--seed", "3",
                         "--transcript", str(tmp_path / "h.jsonl"), stdin="1\nq\n")  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "quit after 1 move of yours; transcript saved" in result.stdout
