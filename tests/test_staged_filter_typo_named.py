"""A staged card filter with a value no card has (`{card: {goods: contrband}}`) is refused at
the filter with that value named and its closest spelling, not only as a filter no card meets."""

from __future__ import annotations

from pathlib import Path

import pytest
from entry_point import run_toolkit

from toolkit.scaffold import new_game


@pytest.mark.parametrize(
    ("written", "hint"),
    [
        ("contrband", "did you mean 'contraband'?"),
        ("smuggled", "expected one of: 'contraband', 'honest'"),
    ],
)
def test_a_card_check_with_a_value_no_card_has_names_it(
    tmp_path: Path, written: str, hint: str
) -> None:
    new_game(tmp_path, "ferry", "bluffing")
    manifest = tmp_path / "rules" / "ferry.yaml"
    text = manifest.read_text(encoding="utf-8")
    check = "when: {card: {goods: contraband}}"
    assert check in text
    manifest.write_text(text.replace(check, f"when: {{card: {{goods: {written}}}}}"))
    line = next(n for n, row in enumerate(text.splitlines(), 1) if check in row)
    column = text.splitlines()[line - 1].index("{goods") + 1

    done = run_toolkit("validate", "ferry", cwd=tmp_path)
    assert done.returncode == 1
    assert f"rules/ferry.yaml:{line}:{column}: error[no-matching-card]" in done.stdout
    assert f"no card of the deck has goods '{written}'" in done.stdout
    assert f"hint: {hint}" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr
