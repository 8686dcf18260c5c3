"""A run from a position writes a transcript that replays from that position: the header
embeds the position's text, so the replay needs neither the file nor its later edits, and an
embedded position that no longer loads is a divergence at the header's line."""

from __future__ import annotations

import json
from pathlib import Path

from entry_point import run_toolkit

POSITION = """\
kind: position
game: cinder-tricks
to_move: [2]
players:
  - {name: Ann, zones: {hand: [bellows-5, tongs-9, anvils-J]}}
  - {name: Bob, zones: {hand: [bellows-K, embers-4, tongs-J, anvils-7]}}
  - {name: Cy, zones: {hand: 4}}
  - {name: Di, zones: {hand: 4}}
play:
  trick: [bellows-9]
  trick_number: 10
  broken: true
"""


def _record(tmp_path: Path, *more: str) -> tuple[Path, Path]:
    """A position file and the transcript of five random games played from it."""
    position = tmp_path / "position.yaml"
    position.write_text(POSITION, encoding="utf-8")
    transcript = tmp_path / "run.jsonl"
    result = run_toolkit("simulate", "cinder-tricks", "--from", position, "--games", "5",
                         "--bots", "random", "--transcript", transcript, *more)  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert f"transcript: {transcript} (5 games)" in result.stderr
    return position, transcript


def _lines(transcript: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in transcript.read_text(encoding="utf-8").splitlines()]


def test_a_run_from_a_position_replays_from_it_without_the_file(tmp_path: Path) -> None:
    position, transcript = _record(tmp_path)
    headers = [line for line in _lines(transcript) if line["type"] == "game"]
    assert len(headers) == 5
    assert all(head["position"] == {"file": str(position), "text": POSITION} for head in headers)
    position.unlink()  # the transcript holds the position itself

    result = run_toolkit("replay", transcript)
    assert result.returncode == 0, result.stderr
    assert f"ok: every game of {transcript} replays exactly" in result.stdout
    first_game = result.stdout.split("\n\n")[0].splitlines()
    assert first_game[0].endswith(f"from the position {position}")
    assert first_game[1] == "  player 2 plays K of Bellows"  # Bob's move: the position's

    as_json = json.loads(run_toolkit("replay", transcript, "--format", "json").stdout)
    assert as_json["ok"] is True
    assert [game["from"] for game in as_json["games"]] == [str(position)] * 5
    assert all(game["finished"] for game in as_json["games"])


def test_the_transcript_is_the_same_on_any_number_of_workers(tmp_path: Path) -> None:
    _, one = _record(tmp_path, "--workers", "1")
    first = one.read_bytes()
    _, two = _record(tmp_path, "--workers", "2")
    assert two.read_bytes() == first


def test_an_embedded_position_that_no_longer_loads_diverges_at_its_header(
    tmp_path: Path,
) -> None:
    _, transcript = _record(tmp_path)
    lines = transcript.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    head["position"]["text"] = POSITION.replace("bellows-K", "bellows-Z")  # no such card
    lines[0] = json.dumps(head, ensure_ascii=False)
    transcript.write_text("\n".join(lines) + "\n", encoding="utf-8")

    result = run_toolkit("replay", transcript)
    assert result.returncode == 1
    assert (
        f"{transcript}:1: replay diverges in game 0, setup: the position it starts from no "
        f"longer loads: {tmp_path / 'position.yaml'}:6:"
    ) in result.stderr
    assert "bellows-Z" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_header_whose_position_is_not_a_position_is_refused_at_its_key(
    tmp_path: Path,
) -> None:
    _, transcript = _record(tmp_path)
    lines = transcript.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    head["position"] = {"file": "position.yaml", "text": 7}
    lines[0] = json.dumps(head)
    transcript.write_text("\n".join(lines) + "\n", encoding="utf-8")

    result = run_toolkit("replay", transcript)
    assert result.returncode == 1
    column = lines[0].index('"position"') + 1
    assert f"{transcript}:1:{column}: 'position' must hold the position's 'file' and 'text'" in (
        result.stderr
    )
