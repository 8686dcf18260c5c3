"""A card picked in a `simultaneous` stage and then moved by the stage's `then` is told in
words: the narration names where it came from as the picked cards, never by the reserved id
`picked` a rules file writes."""

from __future__ import annotations

from pathlib import Path

from entry_point import run_toolkit


def test_a_sold_deed_is_told_as_moving_from_the_picked_cards(tmp_path: Path) -> None:
    transcript = tmp_path / "deeds.jsonl"
    made = run_toolkit(
        "simulate", "saltmarsh-deeds", "--games", "1", "--players", "3", "--bots", "random",
        "--transcript", transcript,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    replayed = run_toolkit("replay", transcript)
    assert replayed.returncode == 0, replayed.stderr
    assert "from the picked cards to the sold deeds" in replayed.stdout
    assert " from picked " not in replayed.stdout
