"""A field the rules read as a number (a stage taking the highest or lowest card, a `sum`
check) is one some card holds a number in: `toolkit validate` refuses any other field at its
line, naming the numeric ones, rather than letting every card rank alike (the first in the
deck's order taken) or every sum be 0. An auction that never ranks its lots (the last bidder
takes them all, a bidder dropping out takes none) needs no such field."""

from __future__ import annotations

from pathlib import Path

import pytest
from entry_point import run_toolkit

from toolkit.scaffold import new_game

AUCTION = """\
          resource: florins
          lots: bench
          to: collection
          start: winner"""


def _auction(tmp_path: Path, extra: str) -> Path:
    new_game(tmp_path, "kiln", "auction")
    manifest = tmp_path / "rules" / "kiln.yaml"
    text = manifest.read_text(encoding="utf-8")
    assert AUCTION in text
    manifest.write_text(text.replace(AUCTION, AUCTION + extra), encoding="utf-8")
    return manifest


def _line(manifest: Path, text: str) -> int:
    lines = manifest.read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, start=1) if line.strip() == text)


def test_an_auction_that_ranks_no_lot_needs_no_field(tmp_path: Path) -> None:
    manifest = _auction(tmp_path, "")
    assert "by:" not in manifest.read_text(encoding="utf-8").split("stage: auction")[1][:400]
    assert run_toolkit("validate", "kiln", cwd=tmp_path).returncode == 0
    played = run_toolkit("simulate", "kiln", "--games", "3", "--players", "2", cwd=tmp_path)
    assert played.returncode == 0, played.stdout + played.stderr


def test_taking_the_lowest_lot_without_a_field_is_refused_at_its_line(tmp_path: Path) -> None:
    manifest = _auction(tmp_path, "")
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace("takes: none", "takes: lowest"), encoding="utf-8")
    told = run_toolkit("validate", "kiln", cwd=tmp_path)
    assert told.returncode == 1
    line = _line(manifest, "drop: {takes: lowest, refund: all}")
    assert f"rules/kiln.yaml:{line}:" in told.stdout
    assert "taking the lowest lot needs 'by'" in told.stdout


@pytest.mark.parametrize(
    "edit",
    [("takes: none", "takes: highest"), ("last: all", "last: lowest")],
    ids=["dropping-takes-the-highest", "the-last-takes-the-lowest"],
)
def test_an_auction_ranking_lots_by_a_field_without_numbers_is_refused(
    tmp_path: Path, edit: tuple[str, str]
) -> None:
    manifest = _auction(tmp_path, "\n          by: genus")
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace(*edit), encoding="utf-8")
    told = run_toolkit("validate", "kiln", cwd=tmp_path)
    assert told.returncode == 1
    line = _line(manifest, "by: genus")
    assert (
        f"rules/kiln.yaml:{line}:15: error[not-numeric]: no card has a number in 'genus', so "
        "cards cannot be ranked by it"
    ) in told.stdout
    assert "hint: name a numeric field: bloom" in told.stdout


def test_moving_the_highest_card_by_a_field_without_numbers_is_refused(tmp_path: Path) -> None:
    new_game(tmp_path, "kiln", "auction")
    manifest = tmp_path / "rules" / "kiln.yaml"
    text = manifest.read_text(encoding="utf-8")
    old = "{stage: move, from: glasshouse, to: bench,"
    assert old in text
    new = "{stage: move, from: glasshouse, to: bench, which: highest, by: name,"
    manifest.write_text(text.replace(old, new), encoding="utf-8")
    told = run_toolkit("validate", "kiln", cwd=tmp_path)
    assert told.returncode == 1
    assert "error[not-numeric]: no card has a number in 'name'" in told.stdout
    lines = manifest.read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, start=1) if "which: highest" in text)
    assert f"rules/kiln.yaml:{line}:" in told.stdout


def test_a_sum_of_a_field_without_numbers_is_refused(tmp_path: Path) -> None:
    new_game(tmp_path, "woods", "sealed-bid")
    manifest = tmp_path / "rules" / "woods.yaml"
    text = manifest.read_text(encoding="utf-8")
    old = "when: {sum: {zone: clearing, field: points}, below: 0}"
    assert old in text
    manifest.write_text(text.replace(old, old.replace("points", "sort")), encoding="utf-8")
    told = run_toolkit("validate", "woods", cwd=tmp_path)
    assert told.returncode == 1
    lines = manifest.read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, start=1) if "field: sort}" in text)
    assert (
        f"rules/woods.yaml:{line}:47: error[not-numeric]: no card has a number in 'sort', so "
        "it adds up to 0"
    ) in told.stdout
    assert "hint: name a numeric field: points, stride" in told.stdout
