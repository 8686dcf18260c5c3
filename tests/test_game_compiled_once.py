"""A run loads, checks and compiles its game once: the command's check of the seats and
options, the games it plays and the transcript it writes use the same compiled game."""

from __future__ import annotations

from pathlib import Path

import pytest
from compile_count import counting as count_compiled
from entry_point import run_toolkit


def counting(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The games compiled from now on, by id; the cache of compiled games is off, so a run
    compiles its game (`test_compiled_game_cache.py` reads them back from it)."""
    monkeypatch.setenv("TOOLKIT_CACHE", "off")
    return count_compiled(monkeypatch)


@pytest.mark.parametrize("games", ["1", "120"])
def test_simulate_compiles_its_game_once(monkeypatch: pytest.MonkeyPatch, games: str) -> None:
    compiled = counting(monkeypatch)
    result = run_toolkit("simulate", "cinder-tricks", "--games", games, "--workers", "1")
    assert result.returncode == 0, result.stderr
    assert compiled == ["cinder-tricks"]


def test_a_transcript_is_written_with_the_game_the_run_compiled(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    compiled = counting(monkeypatch)
    transcript = tmp_path / "games.jsonl"
    result = run_toolkit(
        "simulate", "cinder-tricks", "--games", "2", "--workers", "1",
        "--transcript", transcript,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert compiled == ["cinder-tricks"]
    replayed = run_toolkit("replay", transcript)
    assert replayed.returncode == 0, replayed.stderr
    assert "game 1: Cinder Tricks" in replayed.stdout
    assert "replays exactly" in replayed.stdout
