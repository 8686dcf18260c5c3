"""A position saved while the picks of a `simultaneous` stage are being revealed one by one
(a skipper choosing where their revealed boat goes, the next picks still waiting) writes the
reveal order and whose turn it is, and `toolkit play --from` goes on from it: the remaining
picks are played in that order; its turn is the pick's, as a game with no `turns` stage counts
them."""

from __future__ import annotations

from pathlib import Path

import yaml
from entry_point import run_toolkit


def test_a_position_saved_mid_reveal_plays_on(tmp_path: Path) -> None:
    made = run_toolkit("new", "harbour", "--family", "row-taking", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    played = run_toolkit(
        "play", "harbour", "--players", "3", "--bots", "random", "--seed", "4",
        cwd=tmp_path, stdin="1\ns\nq\n",
    )  # fmt: skip
    assert played.returncode == 0, played.stdout + played.stderr
    saved = tmp_path / "build" / "play" / "harbour-position.yaml"
    position = yaml.safe_load(saved.read_text(encoding="utf-8"))
    assert position["turn"] == 1  # the first pick everyone makes at once is the first turn
    assert position["to_move"] == [1]
    assert position["players"][0]["zones"]["helm"]  # my revealed boat, waiting
    waiting = [seat + 1 for seat, picks in enumerate(position["play"]["picks"]) if picks]
    assert waiting and set(waiting) <= set(position["play"]["reveal"])

    going_on = run_toolkit(
        "play", "harbour", "--from", saved, "--bots", "random", cwd=tmp_path, stdin="1\nq\n"
    )

    assert going_on.returncode == 0, going_on.stdout + going_on.stderr
    assert "error" not in going_on.stdout + going_on.stderr
    for seat in waiting:  # the picks still waiting are revealed in order and laid
        assert f"player {seat} moves" in going_on.stdout
