"""`--only` takes a double-sided card by the id its card file gives it (`standard`,
`variable-1`), or one of its sides as `card:side`, in any case."""

from __future__ import annotations

from pathlib import Path

import pytest
from entry_point import run_toolkit


@pytest.mark.parametrize(
    ("only", "cards"),
    [("standard", 1), ("Variable-1", 1), ("standard,variable-1,variable-2", 3)],
)
def test_a_double_sided_card_by_its_own_id(only: str, cards: int, tmp_path: Path) -> None:
    out = tmp_path / "cards.pdf"
    result = run_toolkit("print", "oh-my-park", "--only", only, "--out", out)
    assert result.returncode == 0, result.stderr
    assert f", {cards} card{'s' if cards > 1 else ''} (" in result.stdout
    assert out.read_bytes().startswith(b"%PDF")


def test_a_side_alone_and_an_unknown_card(tmp_path: Path) -> None:
    side = run_toolkit("print", "oh-my-park", "--only", "variable-1:green", "--backs", "none",
                       "--out", tmp_path / "side.pdf")  # fmt: skip
    assert side.returncode == 0, side.stderr
    unknown = run_toolkit(
        "print", "oh-my-park", "--only", "variable-9", "--out", tmp_path / "x.pdf"
    )
    assert unknown.returncode == 2
    assert "nothing to print is called 'variable-9'" in unknown.stderr
    assert not (tmp_path / "x.pdf").exists()
