"""`report --out`'s suffix chooses the format; a suffix outside the formats is a usage error
before any game is played."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from entry_point import run_toolkit


@pytest.mark.parametrize(
    ("name", "starts"),
    [
        ("r.PDF", b"%PDF-"),
        ("r.json", b'{\n  "seats"'),
        ("r.JSON", b'{\n  "seats"'),
        ("r.txt", b"midway-memories: 2 games"),
        ("r.TXT", b"midway-memories: 2 games"),
    ],
)
def test_report_out_suffix_chooses_the_format(name: str, starts: bytes, tmp_path: Path) -> None:
    out = tmp_path / name
    result = run_toolkit("report", "midway-memories", "--games", "2", "--players", "2",
                         "--workers", "1", "--out", str(out))  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert [path.name for path in tmp_path.iterdir()] == [name]  # the very name given
    assert out.read_bytes().startswith(starts)
    assert result.stdout.startswith(f"{out}: ")
    if name.casefold().endswith(".json"):
        assert "wins" in json.loads(out.read_text())["seats"][0]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--out", "r.md"], "ends in '.md'; the report is written as one of: .pdf"),
        (["--out", "report"], "has no suffix; the report is written as one of: .pdf"),
        (["--out", "r.json", "--format", "csv"], "--format csv writes the tables beside a PDF"),
    ],
    ids=["md", "no-suffix", "format-beside-json"],
)
def test_report_out_suffix_outside_the_formats_is_a_usage_error(
    args: list[str], said: str, tmp_path: Path
) -> None:
    result = run_toolkit("report", "midway-memories", "--games", "2", *args, cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert said in result.stderr and ".json" in result.stderr
    assert list(tmp_path.iterdir()) == []  # refused before any game
