"""An award over a zone where no card a player put there is left (every bid cancelled, only
the prize turned up lies there) wins nobody the zone, and the narration says so: it is no
tie, and it never names the prize as if someone had played it."""

from __future__ import annotations

from pathlib import Path

from entry_point import run_toolkit

from toolkit.scaffold import new_game


def test_an_award_with_no_players_card_left_says_nobody_wins_without_a_tie(
    tmp_path: Path,
) -> None:
    new_game(tmp_path, "woods", "sealed-bid")
    transcript = tmp_path / "t.jsonl"
    ran = run_toolkit(
        "simulate", "woods", "--games", "6", "--players", "2", "--seed", "5",
        "--transcript", transcript, cwd=tmp_path,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    told = run_toolkit("replay", transcript, cwd=tmp_path)
    assert told.returncode == 0, told.stderr
    lines = told.stdout.splitlines()
    nobody = "  no player's card left in the clearing can win it: nobody wins it"
    assert nobody in lines  # two equal strides cancel: it happens in a few games of two
    assert not any(line.startswith("  a tie for the clearing") for line in lines)
    assert not any("wins the clearing with" in line and "Stride" not in line for line in lines)
