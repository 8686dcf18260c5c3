"""Transcripts: `simulate --transcript` writes JSON Lines that `toolkit replay` re-runs exactly,
narrated with card names, and a replay that no longer matches (a tampered move or score,
changed content) fails loudly with the game, the action and the line.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from entry_point import run_toolkit

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return run_toolkit(*args, cwd=cwd)


def simulate(game: str, path: Path, *extra: str, games: int = 6, cwd: Path = ROOT) -> None:
    result = run(
        "simulate", game, "--games", str(games), "--players", "3", "--seed", "11",
        "--transcript", str(path), *extra, cwd=cwd,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert f"({games} games)" in result.stderr


def lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def write(path: Path, rows: list[dict[str, object]]) -> None:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")


@pytest.mark.parametrize(
    ("game", "names"),
    [
        ("midway-memories", [" of Tickets", " of Coins", "wins the trick with"]),
        ("oh-my-park", ["(Blue, ", "Roller coaster", "hands pass"]),
    ],
)
def test_simulated_games_replay_with_card_names(game: str, names: list[str], tmp_path: Path):
    path = tmp_path / "run.jsonl"
    simulate(game, path, "--workers", "1", "--bots", "random")
    rows = lines(path)
    headers = [row for row in rows if row["type"] == "game"]
    assert [h["index"] for h in headers] == list(range(6))
    head = headers[0]
    assert head["game"] == game
    assert head["content_version"] == "0.1.0"
    assert head["players"] == 3 and head["bots"] == ["random"] * 3
    assert isinstance(head["seed"], int) and head["run_seed"] == 11
    assert isinstance(head["options"], dict) and head["variants"] == []
    assert rows[1]["type"] == "setup" and rows[1]["text"]
    actions = [row for row in rows if row["type"] == "action"]
    assert all(isinstance(a["action"], int) and a["text"] for a in actions)
    scores = [row for row in rows if row["type"] == "scores"]
    assert len(scores) == 6
    assert all({"totals", "breakdown", "winners", "decided_by"} <= set(s) for s in scores)

    replayed = run("replay", str(path))
    assert replayed.returncode == 0, replayed.stderr
    for name in names:
        assert name in replayed.stdout
    assert replayed.stdout.count("winner: player") == 6
    assert "replays exactly" in replayed.stdout


def test_replay_json_is_deterministic_and_matches_the_scores(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    simulate("oh-my-park", path, "--workers", "1", games=3)
    first = run("replay", str(path), "--format", "json")
    second = run("replay", str(path), "--format", "json")
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    result = json.loads(first.stdout)
    assert result["ok"] is True
    recorded = [row for row in lines(path) if row["type"] == "scores"]
    assert [g["scores"]["totals"] for g in result["games"]] == [r["totals"] for r in recorded]
    assert all(g["finished"] and g["narration"] for g in result["games"])


def test_transcripts_are_identical_whatever_the_worker_count(tmp_path: Path) -> None:
    """70 games: a full chunk and a short one on one worker, eight chunks on two."""
    common = ["--games", "70", "--bots", "random"]
    simulate("midway-memories", tmp_path / "one.jsonl", *common, "--workers", "1", games=70)
    simulate("midway-memories", tmp_path / "two.jsonl", *common, "--workers", "2", games=70)
    assert (tmp_path / "one.jsonl").read_bytes() == (tmp_path / "two.jsonl").read_bytes()


def test_a_transcript_leaves_the_statistics_unchanged(tmp_path: Path) -> None:
    args = ["simulate", "oh-my-park", "--games", "20", "--players", "3", "--format", "json"]
    plain = run(*args, "--workers", "1")
    recorded = run(*args, "--workers", "1", "--transcript", str(tmp_path / "t.jsonl"))
    assert plain.returncode == recorded.returncode == 0
    assert plain.stdout == recorded.stdout


def tamper(path: Path, game: int, change: str) -> Path:
    """Change game `game`'s 5th action to an illegal one, or its first total."""
    rows, index, actions = lines(path), -1, 0
    for row in rows:
        if row["type"] == "game":
            index, actions = index + 1, 0
        elif row["type"] == "action":
            actions += 1
            if index == game and actions == 5 and change == "action":
                row["action"] = 9999
        elif row["type"] == "scores" and index == game and change == "score":
            totals = row["totals"]
            assert isinstance(totals, list)
            totals[0] += 1
    target = path.with_name(f"tampered-{change}.jsonl")
    write(target, rows)
    return target


@pytest.mark.parametrize("game", ["midway-memories", "oh-my-park"])
def test_an_illegal_action_makes_the_replay_fail_naming_game_and_action(
    game: str, tmp_path: Path
) -> None:
    path = tmp_path / "run.jsonl"
    simulate(game, path, "--workers", "1", games=3)
    result = run("replay", str(tamper(path, 1, "action")))
    assert result.returncode == 1
    assert "replay diverges in game 1, action 5" in result.stderr
    assert "9999" in result.stderr and "not legal" in result.stderr
    assert "game 0:" in result.stdout  # the games before it were narrated


def test_a_changed_score_makes_the_replay_fail(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    simulate("midway-memories", path, "--workers", "1", games=3)
    result = run("replay", str(tamper(path, 2, "score")), "--format", "json")
    assert result.returncode == 1
    assert "replay diverges in game 2, final scores: totals after action" in result.stderr
    report = json.loads(result.stdout)
    assert report["ok"] is False and len(report["games"]) == 2


def test_changed_content_makes_the_replay_fail(tmp_path: Path) -> None:
    for part in ("rules", "cards", "print"):
        if (ROOT / part).exists():
            shutil.copytree(ROOT / part, tmp_path / part)
    simulate("midway-memories", tmp_path / "t.jsonl", "--workers", "1", games=4, cwd=tmp_path)
    assert run("replay", "t.jsonl", cwd=tmp_path).returncode == 0
    manifest = tmp_path / "rules" / "midway-memories.yaml"
    text = manifest.read_text(encoding="utf-8")
    assert "- {at: 4, points: 2}" in text
    manifest.write_text(text.replace("- {at: 4, points: 2}", "- {at: 4, points: 3}"), "utf-8")
    result = run("replay", "t.jsonl", cwd=tmp_path)
    assert result.returncode == 1
    assert "t.jsonl:" in result.stderr and "replay diverges in game " in result.stderr
    assert "content or the file changed" in result.stderr


def test_an_unreadable_transcript_is_an_error_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"type": "game", "game": "oh-my-park", "seed": 1, "players": 3}\nnope\n')
    result = run("replay", str(path))
    assert result.returncode == 1
    assert f"{path}:2:1: not JSON" in result.stderr
    path.write_text('{"type": "action", "player": 0, "action": 1, "text": "x"}\n')
    result = run("replay", str(path))
    assert result.returncode == 1 and "expected a 'game' line first" in result.stderr
    assert run("replay", str(tmp_path / "missing.jsonl")).returncode == 2


def test_variants_are_recorded_and_replayed(tmp_path: Path) -> None:
    variant = "tests/fixtures/variants/midway-design-values.yaml"
    path = tmp_path / "variant.jsonl"
    simulate("midway-memories", path, "--workers", "1", "--variant", variant, games=4)
    rows = lines(path)
    assert rows[0]["variants"] == [variant]
    assert run("replay", str(path)).returncode == 0
    for row in rows:
        if row["type"] == "game":
            row["variants"] = []
    write(path, rows)
    result = run("replay", str(path))
    assert result.returncode == 1 and "replay diverges in game " in result.stderr
