"""A transcript's format names the random streams its games drew from: transcripts written
before the format existed (a Mersenne Twister per random event) still replay as they were
played, new ones say format 2 (SHAKE-256 streams), and a format this toolkit does not know is
refused at its line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from entry_point import run_toolkit

from toolkit.kernel.streams import CURRENT, EventRandom, picker, values

ROOT = Path(__file__).resolve().parent.parent
FORMAT_1 = ROOT / "tests" / "fixtures" / "transcripts"
"""One game each of three shipped games, written by `simulate --transcript` before the
format existed (their headers have none)."""


def rows(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("game", ["midway-memories", "kite-festival", "oh-my-park"])
def test_a_transcript_without_a_format_replays_as_it_was_played(game: str) -> None:
    path = FORMAT_1 / f"format-1-{game}.jsonl"
    assert all("format" not in row for row in rows(path) if row["type"] == "game")
    result = run_toolkit("replay", path, "--format", "json")
    assert result.returncode == 0, result.stderr
    replayed = json.loads(result.stdout)
    assert replayed["ok"] is True
    recorded = [row["totals"] for row in rows(path) if row["type"] == "scores"]
    assert [g["scores"]["totals"] for g in replayed["games"]] == recorded


def test_new_transcripts_say_their_format_and_replay(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    made = run_toolkit(
        "simulate", "midway-memories", "--games", "2", "--players", "3", "--seed", "5",
        "--bots", "random", "--workers", "1", "--transcript", path,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    heads = [row for row in rows(path) if row["type"] == "game"]
    assert [head["format"] for head in heads] == [CURRENT, CURRENT]
    assert run_toolkit("replay", path).returncode == 0
    # The same game under the old streams deals other cards: the format is what replays it.
    old = tmp_path / "as-format-1.jsonl"
    text = path.read_text(encoding="utf-8").replace('"format": 2, ', "")
    old.write_text(text, encoding="utf-8")
    diverged = run_toolkit("replay", old)
    assert diverged.returncode == 1
    assert f"{old}:" in diverged.stderr


def test_an_unknown_format_is_refused_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "future.jsonl"
    shutil.copy(FORMAT_1 / "format-1-kite-festival.jsonl", path)
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[0] = lines[0].replace('{"type": "game", ', '{"type": "game", "format": 3, ', 1)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run_toolkit("replay", path)
    assert result.returncode == 1
    assert f"{path}:1:" in result.stderr and "format 3" in result.stderr
    assert "1, 2" in result.stderr


def test_a_stream_is_fixed_by_its_key_and_uniform_enough() -> None:
    first = values("7/1")
    again = values("7/1")
    drawn = [next(first) for _ in range(200)]  # past the first block of 64
    assert drawn == [next(again) for _ in range(200)]
    assert drawn != [next(values("7/2")) for _ in range(200)]
    assert all(0 <= v < 2**64 for v in drawn)
    pick = picker("bot/3")
    counts = [0] * 4
    for _ in range(4000):
        counts[pick([0, 1, 2, 3])] += 1
    assert all(900 < c < 1100 for c in counts)  # about 1000 each; 6 standard deviations


def test_an_event_generator_offers_every_method_from_its_stream() -> None:
    rng = EventRandom("11/4")
    deck = list(range(52))
    rng.shuffle(deck)
    assert sorted(deck) == list(range(52)) and deck != list(range(52))
    again = list(range(52))
    EventRandom("11/4").shuffle(again)
    assert again == deck
    other = EventRandom("11/5")
    picked = other.sample(range(10), 3)
    assert len(set(picked)) == 3 and all(0 <= p < 10 for p in picked)
    assert 0 <= other.randrange(4) < 4 and 0.0 <= other.random() < 1.0
    assert other.getrandbits(100) < 2**100
    with pytest.raises(TypeError):
        other.seed(1)
