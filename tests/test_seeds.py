"""One seed for every command: 0..2**64-1, a usage error beyond, so every transcript a
command writes is one `replay` reads."""

from __future__ import annotations

from pathlib import Path

import pytest
from entry_point import run_toolkit

from toolkit.schema.limits import MAX_SEED

SEEDED = ["simulate", "compare", "sweep", "report", "tune", "ladder", "build", "play"]


@pytest.mark.parametrize("command", SEEDED)
@pytest.mark.parametrize("seed", [str(MAX_SEED + 1), str(2**70), "-1", "seven"])
def test_a_seed_out_of_range_is_a_usage_error_on_every_command(command: str, seed: str) -> None:
    done = run_toolkit(command, "midway-memories", "--seed", seed)
    assert done.returncode == 2
    assert "a seed is a whole number from 0 to 2**64-1" in done.stderr


def test_the_largest_seed_writes_a_transcript_that_replays(tmp_path: Path) -> None:
    transcript = tmp_path / "run.jsonl"
    done = run_toolkit("simulate", "midway-memories", "--games", "2", "--players", "3",
                       "--bots", "random", "--workers", "1", "--seed", str(MAX_SEED),
                       "--transcript", transcript)  # fmt: skip
    assert done.returncode == 0, done.stderr
    replayed = run_toolkit("replay", transcript)
    assert replayed.returncode == 0, replayed.stderr
    assert "replays exactly" in replayed.stdout


def test_the_largest_seed_tunes(tmp_path: Path) -> None:
    """Optuna's samplers take 32-bit seeds, and the re-check's fresh seeds wrap around."""
    pytest.importorskip("optuna")
    space = tmp_path / "space.yaml"
    space.write_text(
        "game: midway-memories\nplayers: [3]\nbots: [random]\n"
        "parameters:\n  - {path: attractions/ferris-wheel/cost, low: 1, high: 6}\n"
    )
    done = run_toolkit("tune", "midway-memories", "--space", space, "--out", tmp_path / "out",
                       "--trials", "2", "--games", "2", "--check-games", "2", "--workers", "1",
                       "--seed", str(MAX_SEED), "--format", "json")  # fmt: skip
    assert done.returncode == 0, done.stderr
