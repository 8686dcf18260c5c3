"""The commands a new game's own files suggest (its README, its strategies' comment) run as
written at the game's default player count."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from entry_point import run_toolkit

from toolkit.scaffold import families, new_game

_SIMULATE = re.compile(r"toolkit simulate [^`\n]*")


def _suggested(project: Path, game: str) -> list[str]:
    found: list[str] = []
    for name in ("README.md", "strategies.yaml"):
        text = (project / "cards" / game / name).read_text(encoding="utf-8")
        found += _SIMULATE.findall(text.replace("\n# ", " "))
    return [line for line in found if "--bots" in line]


@pytest.mark.parametrize("family", sorted(families()))
def test_every_suggested_simulate_line_runs(family: str, tmp_path: Path) -> None:
    new_game(tmp_path, "my-game", family)
    lines = _suggested(tmp_path, "my-game")
    assert len(lines) == 2
    for line in lines:
        args = line.split()[1:]
        if "--games" in args:  # fewer games than suggested: the point is that it runs
            args[args.index("--games") + 1] = "2"
        else:
            args += ["--games", "2"]
        result = run_toolkit(*args, cwd=tmp_path)
        assert result.returncode == 0, (line, result.stderr)
