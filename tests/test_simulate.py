"""`toolkit simulate` and `toolkit score` through the real entry point, and the interval maths."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from entry_point import run_toolkit

from toolkit.sim.intervals import wilson_interval

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return run_toolkit(*args, cwd=cwd)


def test_json_is_identical_whatever_the_worker_count() -> None:
    common = ["simulate", "midway-memories", "--games", "120", "--seed", "3", "--format", "json"]
    common += ["--bots", "random"]
    one = run(*common, "--workers", "1")
    two = run(*common, "--workers", "2")
    assert one.returncode == 0, one.stderr
    assert one.stdout == two.stdout
    summary = json.loads(one.stdout)
    assert next(iter(summary)) == "arguments"
    assert summary["arguments"] == {
        "game": "midway-memories",
        "games": 120,
        "players": 4,
        "bots": ["random"] * 4,
        "seed": 3,
        "variants": [],
        "set": {},
    }


def test_simulation_statistics_are_consistent() -> None:
    result = run(
        "simulate", "midway-memories", "--games", "100", "--players", "3",
        "--bots", "greedy,random,random", "--format", "json", "--workers", "1",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    seats = summary["seats"]
    assert [s["bot"] for s in seats] == ["greedy", "random", "random"]
    assert sum(s["wins"] for s in seats) == pytest.approx(100)
    for seat in seats:
        low, high = seat["win_rate_ci95"]
        assert low <= seat["win_rate"] <= high
        assert seat["score_min"] <= seat["score_mean"] <= seat["score_max"]
        assert sum(seat["score_by_source"].values()) == pytest.approx(seat["score_mean"], 1e-3)
    display = summary["cards"]["display"]
    assert sum(row["games_on_display"] for row in display) == 100 * 6
    assert set(summary["game"]["track_gains_per_game"]["sadness"]) <= {
        "Coins over 12",
        "declined (Tickets action)",
    }
    assert 0 <= summary["game"]["supply_exhausted_rate"] <= 1


def test_text_report_is_a_readable_table() -> None:
    result = run("simulate", "midway-memories", "--games", "40", "--players", "2")
    assert result.returncode == 0, result.stderr
    assert "win rate" in result.stdout and "95% interval" in result.stdout
    assert "Cards in 'display'" in result.stdout
    assert result.stderr == ""  # no progress bar in a pipe


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "midway-memories", "--players", "6"],
        ["simulate", "midway-memories", "--bots", "randm"],
        ["simulate", "midway-memories", "--players", "3", "--bots", "random,greedy"],
        ["simulate", "no-such-game"],
        ["simulate", "midway-memories", "--games", "0"],
    ],
)
def test_usage_errors_exit_2(args: list[str]) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr


def test_a_drafting_game_simulates_with_setup_statistics() -> None:
    result = run(
        "simulate", "oh-my-park", "--games", "60", "--players", "3", "--format", "json",
        "--workers", "1",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert set(summary["setups"]) == {"plan", "standard-scoring", "variable-scoring"}
    assert sum(row["games"] for row in summary["setups"]["plan"]) == 60
    assert "face-down cards" in summary["game"]["counters_per_game"]
    assert 0 <= summary["game"]["resources_left_mean"]["coins"] <= 15


def test_score_example_end_position() -> None:
    result = run(
        "score", "midway-memories", "examples/midway-memories-end.yaml", "--format", "json"
    )
    assert result.returncode == 0, result.stderr
    payload = json.loads(result.stdout)
    totals = {p["name"]: p["total"] for p in payload["players"]}
    # Ada: 4+6+10 rides, Fame 8 -> 2+4, Joy 9 -> 3, Joy removes 1+2 Sadness of 3 -> 0.
    # Bruno: 4+6+10+4 rides, Fame 5 -> 2, Joy 6 -> 3 and removes 1 Sadness -> 0.
    # Chiara: 4+6+10 rides, Fame 12 -> 13, Joy 3 removes 1 of 4 Sadness -> -6.
    assert totals == {"Ada": 29, "Bruno": 29, "Chiara": 27}
    assert payload["winners"] == ["Bruno"]
    assert payload["decided_by"] == "rode more attractions"
    text = run("score", "midway-memories", "examples/midway-memories-end.yaml")
    assert "winner: Bruno (tie broken: rode more attractions)" in text.stdout


def test_score_reports_bad_positions_with_lines(tmp_path: Path) -> None:
    position = tmp_path / "end.yaml"
    position.write_text(
        "kind: end-position\ngame: midway-memories\nplayers:\n"
        "  - name: A\n    zones: {ridden: [carousell]}\n    tracks: {fame: 13}\n"
        "  - name: B\n    tracks: {joyy: 2}\n",
        encoding="utf-8",
    )
    result = run("score", "midway-memories", str(position))
    assert result.returncode == 1
    assert ":5:" in result.stderr and "did you mean 'carousel'?" in result.stderr
    assert ":6:" in result.stderr and "outside 0..12" in result.stderr
    assert ":8:" in result.stderr and "did you mean 'joy'?" in result.stderr


def test_wilson_interval_matches_known_values() -> None:
    # Reference values from the closed form (Wilson 1927), z = 1.96.
    low, high = wilson_interval(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775
    assert wilson_interval(0, 0) == (0.0, 1.0)


# -- turns counted ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "players", "turns"),
    [
        ("midway-memories", 2, 130),  # 5 rounds of 26 tricks (52 cards in two hands)
        ("midway-memories", 5, 50),  # 5 rounds of 10 tricks (two cards out of play)
        ("oh-my-park", 5, 9),  # nine picks fill every 9-cell park (extra picks included)
    ],
)
def test_simulate_mean_turns_is_the_number_of_turns_played(
    game: str, players: int, turns: int
) -> None:
    """A game's turns are its tricks or picks: none is counted for the turn after the end."""
    result = run_toolkit(
        "simulate", game, "--games", "3", "--players", str(players), "--format", "json"
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["game"]["mean_turns"] == turns
