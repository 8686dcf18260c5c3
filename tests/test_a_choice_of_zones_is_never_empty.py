"""A list of zones to choose among (`to: [...]` of a draw or a move, `from: [...]`) names at
least one: an empty one would offer nothing and play on silently, so it is refused at its line
in plain words, once."""

from __future__ import annotations

from pathlib import Path

import pytest
from entry_point import run_toolkit

from toolkit.scaffold import new_game


@pytest.mark.parametrize(
    ("family", "written"),
    [
        ("push-your-luck", "                  to: kiln\n"),
        ("row-taking", "{stage: move, from: picked, to: helm,"),
    ],
)
def test_an_empty_choice_of_zones_is_refused_once(
    tmp_path: Path, family: str, written: str
) -> None:
    new_game(tmp_path, "game", family)
    manifest = tmp_path / "rules" / "game.yaml"
    text = manifest.read_text(encoding="utf-8")
    assert written in text
    line = 1 + text[: text.index(written)].count("\n")
    emptied = written.replace("to: kiln", "to: []").replace("to: helm", "to: []")
    manifest.write_text(text.replace(written, emptied, 1), encoding="utf-8")
    checked = run_toolkit("validate", "game", cwd=tmp_path)
    assert checked.returncode == 1
    errors = [row for row in checked.stdout.splitlines() if ": error[" in row]
    assert errors == [
        f"rules/game.yaml:{line}:{errors[0].split(':')[2]}: error[wrong-length]: expected a list "
        "of at least 1 item, got 0"
    ], checked.stdout
