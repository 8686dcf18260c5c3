"""The grid draft speaks of the game it runs, in the game's own names for its zone and the
kind of card whose shape grids fit: never of one shipped game's parks and project plans."""

from __future__ import annotations

import shutil
from pathlib import Path

from entry_point import ROOT, run_toolkit

TOY = ROOT / "tests" / "games" / "terrace-gardens"
OTHER_GAMES_WORDS = ("park", "project plan", "Project plan")


def _project(tmp_path: Path) -> Path:
    shutil.copytree(TOY, tmp_path / "toy")
    return tmp_path / "toy"


def test_the_rules_help_names_the_games_own_zone_and_shape_cards(tmp_path: Path) -> None:
    project = _project(tmp_path)
    result = run_toolkit("play", "terrace-gardens", "--players", "2", "--seed", "3",
                         "--transcript", "t.jsonl", cwd=project, stdin="h\nq\n")  # fmt: skip
    assert result.returncode == 0, result.stderr
    shown = result.stdout.split("move> h", 1)[1]
    assert "and place it in their terrace." in shown
    assert "The terrace must still fit the shape of the bed in play (orientation fixed)." in shown
    assert "Bed in play" in shown
    assert not [word for word in OTHER_GAMES_WORDS if word in shown]


def test_a_shape_of_the_wrong_size_is_told_in_the_games_words(tmp_path: Path) -> None:
    project = _project(tmp_path)
    manifest = project / "rules" / "terrace-gardens.yaml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace("  placements: 4\n", "  placements: 5\n"), encoding="utf-8")
    result = run_toolkit("validate", "terrace-gardens", cwd=project)
    assert result.returncode == 1
    assert "error[infeasible-setup]: bed '" in result.stdout
    assert "cells; each terrace holds 5 cards" in result.stdout
    assert not [word for word in OTHER_GAMES_WORDS if word in result.stdout]


def test_a_draft_with_neither_grid_nor_tableau_names_what_a_grid_needs(tmp_path: Path) -> None:
    project = _project(tmp_path)
    manifest = project / "rules" / "terrace-gardens.yaml"
    lines = manifest.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.startswith("  grid:"))
    end = next(i for i in range(start + 1, len(lines)) if not lines[i].startswith("    "))
    manifest.write_text("".join(lines[:start] + lines[end:]), encoding="utf-8")
    result = run_toolkit("validate", "terrace-gardens", cwd=project)
    assert result.returncode == 1
    assert "a draft places picked cards on a 'grid' or in a 'tableau'" in result.stdout
    assert "plan_slot: <the slot of the card whose shape grids fit>" in result.stdout
    assert not [word for word in OTHER_GAMES_WORDS if word in result.stdout]
