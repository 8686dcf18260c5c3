"""A vocabulary value's `mark` must be an icon the print can draw (built in, a layout's
`icon_files`, an alias): one that is none would print as a word, so `validate` warns at the
mark's line and column with the closest icon's name, and `--strict` fails on it."""

from __future__ import annotations

from pathlib import Path

import pytest
from entry_point import run_toolkit

from toolkit.scaffold import new_game

EELS = '{id: eels, name: Eels, colour: "#3d6f8e", mark: circle}'


@pytest.mark.parametrize(
    ("mark", "hint"),
    [
        ("cirle", "did you mean 'circle'?"),
        ("cross", "name a built-in icon (circle, triangle, square, diamond, hexagon ...)"),
    ],
)
def test_a_mark_no_icon_draws_is_warned_at_its_place(tmp_path: Path, mark: str, hint: str) -> None:
    new_game(tmp_path, "ferry", "bluffing")
    manifest = tmp_path / "rules" / "ferry.yaml"
    text = manifest.read_text(encoding="utf-8")
    assert EELS in text
    line = 1 + text[: text.index(EELS)].count("\n")
    column = 1 + text.splitlines()[line - 1].index("mark: circle") + len("mark: ")
    manifest.write_text(text.replace(EELS, EELS.replace("circle", mark)), encoding="utf-8")

    checked = run_toolkit("validate", "ferry", cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout
    assert (
        f"rules/ferry.yaml:{line}:{column}: warning[unknown-icon]: no icon is called '{mark}': "
        "the mark of cargo 'eels' would print as a word"
    ) in checked.stdout
    assert f"hint: {hint}" in checked.stdout
    assert run_toolkit("validate", "ferry", "--strict", cwd=tmp_path).returncode == 1


def test_the_bluffing_templates_marks_are_all_icons(tmp_path: Path) -> None:
    new_game(tmp_path, "ferry", "bluffing")
    checked = run_toolkit("validate", "ferry", cwd=tmp_path)
    assert checked.returncode == 0 and "unknown-icon" not in checked.stdout, checked.stdout
