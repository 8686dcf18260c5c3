"""A build of several games plays their runs one after the other on one pool, printing and
reporting meanwhile: each game's files are byte for byte those of the game built alone on
one worker, the games land in the order given, and a game that fails stops the build there
without a half-built folder."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from entry_point import run_toolkit

from toolkit.sim import build
from toolkit.sim.executor import LocalExecutor
from toolkit.sim.run import Run, RunSpec

GAMES = ["lamplight-wagers", "cinder-tricks"]


def _manifest(folder: Path) -> dict[str, Any]:
    manifest: dict[str, Any] = json.loads((folder / "build.json").read_text(encoding="utf-8"))
    return manifest


def test_games_built_together_equal_each_game_built_alone(tmp_path: Path) -> None:
    together = run_toolkit("build", *GAMES, "--games", "4", "--workers", "2",
                           "--out", tmp_path / "together")  # fmt: skip
    assert together.returncode == 0, together.stderr
    built = [line for line in together.stdout.splitlines() if line.startswith("built ")]
    assert built == [f"built {game}" for game in GAMES]
    for game in GAMES:
        alone = run_toolkit("build", game, "--games", "4", "--workers", "1",
                            "--out", tmp_path / game)  # fmt: skip
        assert alone.returncode == 0, alone.stderr
        # Sizes and SHA-256 of the JSON summaries, the cards and the report PDFs.
        assert _manifest(tmp_path / "together" / game) == _manifest(tmp_path / game / game)


def test_a_game_that_fails_stops_the_build_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Stuck(Exception):
        pass

    played = build.run

    def run(spec: RunSpec, progress: Any = None) -> Run:
        if spec.game == "cinder-tricks":
            raise Stuck
        return played(spec, progress)

    monkeypatch.setattr(build, "run", run)
    out = tmp_path / "out"
    landed = []
    with LocalExecutor(2) as executor, pytest.raises(Stuck):
        for done in build.build_games(
            ["lamplight-wagers", "cinder-tricks", "midway-memories"],
            out, 4, ["random"], 1, 2, executor=executor,
        ):  # fmt: skip
            landed.append(done.game)
    assert landed == ["lamplight-wagers"]
    assert sorted(p.name for p in out.iterdir()) == ["lamplight-wagers"]  # nothing half-built
    assert (out / "lamplight-wagers" / "build.json").is_file()
