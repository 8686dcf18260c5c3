"""Playtest analytics: paired-seed comparison, interval maths, balance metrics and targets,
worker-count independence, sweeps, the PDF report with its exports, and `toolkit build`.

Command-line tests go through the real entry point (`python -m toolkit`) with few games and,
where bot quality is not the point, random bots, so the module stays quick.
"""

from __future__ import annotations

import csv
import importlib.util
import json
import math
import statistics
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pypdf
import pytest
from entry_point import run_toolkit

from toolkit.content.models.manifest import Target
from toolkit.engine.load import load_compiled_game
from toolkit.sim.balance import (
    balance,
    card_effects,
    check_targets,
    diff_interval,
    lead_changes,
    never_used,
    winning_margin,
)
from toolkit.sim.compare import compare_runs, paired
from toolkit.sim.run import RunSpec, run
from toolkit.sim.runner import CHUNK, GameRecord
from toolkit.sim.stats import summarise, wilson_interval

ROOT = Path(__file__).resolve().parent.parent
MIDWAY = "midway-memories"
FERRIS_COST = "attractions/ferris-wheel/cost"


def run_json(*args: str) -> Any:
    result = run_toolkit(*args, "--format", "json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def write_variant(path: Path, name: str, sets: Sequence[tuple[str, Any]]) -> Path:
    lines = [f"kind: variant\ngame: {MIDWAY}\nname: {name}\nset:\n"]
    lines += [f"  - {{path: {p}, value: {json.dumps(v)}}}\n" for p, v in sets]
    path.write_text("".join(lines), encoding="utf-8")
    return path


def current_ferris_cost() -> int:
    _, game = load_compiled_game(MIDWAY)
    table = game.tables["attractions"]
    cost = table.value("cost", table.index("ferris-wheel"))
    assert isinstance(cost, int)
    return cost


def pdf_text(path: Path) -> tuple[int, str]:
    reader = pypdf.PdfReader(path)
    return len(reader.pages), "\n".join(page.extract_text() for page in reader.pages)


# -- hand-made game records ----------------------------------------------------------------


def record(
    totals: tuple[int, ...],
    winners: tuple[int, ...],
    checkpoints: tuple[tuple[int, ...], ...] = (),
    breakdown: tuple[dict[str, int], ...] | None = None,
    display: tuple[str, ...] = (),
    acquired: tuple[tuple[int, str, int], ...] = (),
    holdings: tuple[tuple[str, ...], ...] | None = None,
    seed: int = 0,
) -> GameRecord:
    """A finished game: only what a test sets matters; `acquired` is (player, card, turn)
    on the shared zone 'display'."""
    players = len(totals)
    return GameRecord(
        seed=seed,
        totals=totals,
        breakdown=breakdown or tuple({"Rides": t} for t in totals),
        winners=winners,
        decided_by="points",
        display={"display": display} if display else {},
        acquired=tuple(("display", p, card, turn) for p, card, turn in acquired),
        track_gains={},
        declined=0,
        supply_short=0,
        turns=10,
        counters={},
        slots={},
        resources_left={},
        holdings=holdings or ((),) * players,
        checkpoints=checkpoints or (totals,),
    )


# Four two-player games, worked out by hand in the comments.
GAMES = [
    # Leaders by round 1, 0, 0, 0: one lead change. At the midpoint (6, 3) the winner leads.
    record(
        (10, 4), (0,), ((2, 3), (6, 3), (8, 4), (10, 4)),
        ({"Rides": 12, "Sadness": -2}, {"Rides": 4, "Sadness": 0}),
        ("wheel", "coaster", "boats"), ((0, "wheel", 3), (1, "coaster", 5)),
        (("wheel",), ("coaster",)),
    ),
    # Leaders 0, 0, (tie), 1: one change. At (7, 2) the winner trails by 5.
    record(
        (5, 9), (1,), ((3, 1), (7, 2), (7, 7), (5, 9)),
        ({"Rides": 5, "Sadness": 0}, {"Rides": 9, "Sadness": 0}),
        ("wheel", "coaster"), ((1, "wheel", 2),),
        ((), ("wheel",)),
    ),
    # A shared victory. Leaders 0, 1, 0, (tie): two changes. At (0, 1) seat 1 trails by 1.
    record(
        (6, 6), (0, 1), ((1, 0), (0, 1), (1, 0), (6, 6)),
        ({"Rides": 6, "Sadness": 0}, {"Rides": 8, "Sadness": -2}),
        ("wheel", "boats"),
    ),
    # No lead change, no drama.
    record(
        (8, 2), (0,), ((4, 1), (5, 2), (6, 2), (8, 2)),
        ({"Rides": 8, "Sadness": 0}, {"Rides": 4, "Sadness": -2}),
        ("coaster", "boats"), ((0, "coaster", 4),),
        (("coaster",), ()),
    ),
]  # fmt: skip


# -- interval maths against known values ---------------------------------------------------


@pytest.mark.parametrize(
    ("successes", "trials", "expected"),
    [
        # Newcombe (1998), "Two-sided confidence intervals for the single proportion", method 3.
        (81, 263, (0.2553, 0.3662)),
        (15, 148, (0.0624, 0.1605)),
        (0, 20, (0.0, 0.1611)),
        (1, 29, (0.0061, 0.1718)),
        # Symmetric about one half; all successes mirror none.
        (5, 10, (0.2366, 0.7634)),
        (10, 10, (0.7225, 1.0)),
        (0, 0, (0.0, 1.0)),
    ],
)
def test_wilson_interval_known_values(
    successes: int, trials: int, expected: tuple[float, float]
) -> None:
    low, high = wilson_interval(successes, trials)
    assert low == pytest.approx(expected[0], abs=6e-5)
    assert high == pytest.approx(expected[1], abs=6e-5)


def test_wilson_interval_of_none_is_z_squared_over_n_plus_z_squared() -> None:
    z2 = 1.959963984540054**2
    low, high = wilson_interval(0, 10)
    assert low == 0.0
    assert high == pytest.approx(z2 / (10 + z2))


def test_diff_interval_by_hand() -> None:
    # Means 0.75 and 0.25; sample variances 0.25 and 0.25; error sqrt(0.25/4 + 0.25/4).
    diff, low, high = diff_interval([1, 0, 1, 1], [0, 0, 1, 0])
    error = math.sqrt(0.125)
    assert diff == pytest.approx(0.5)
    assert low == pytest.approx(0.5 - 1.959964 * error, abs=1e-6)
    assert high == pytest.approx(0.5 + 1.959964 * error, abs=1e-6)
    assert [low, high] == pytest.approx([-0.192952, 1.192952], abs=1e-6)


def test_diff_interval_edge_cases() -> None:
    assert diff_interval([], [1.0, 2.0]) == (0.0, 0.0, 0.0)
    assert diff_interval([3.0], [1.0]) == (2.0, 2.0, 2.0)  # one value each: no spread known
    # Unequal sizes (Welch): means 2 and 5, variances 1 and 4 -> error sqrt(1/3 + 4/5).
    diff, low, high = diff_interval([1, 2, 3], [3, 5, 7, 5, 5, 5])
    error = math.sqrt(1 / 3 + statistics.variance([3, 5, 7, 5, 5, 5]) / 6)
    assert diff == pytest.approx(-3.0)
    assert high - low == pytest.approx(2 * 1.959964 * error, abs=1e-5)


def test_paired_interval_by_hand() -> None:
    base = [record((1, 0), (0,)), record((2, 0), (0,)), record((3, 0), (0,))]
    other = [record((2, 0), (0,)), record((4, 0), (0,)), record((6, 0), (0,))]
    row = paired([r.totals[0] for r in base], [r.totals[0] for r in other])
    # Differences 1, 2, 3: mean 2, sd 1, error 1/sqrt(3).
    half = 1.959964 / math.sqrt(3)
    assert row["baseline"] == 2.0 and row["variant"] == 4.0 and row["difference"] == 2.0
    assert row["ci95"] == [pytest.approx(2 - half, abs=1e-4), pytest.approx(2 + half, abs=1e-4)]
    assert row["significant"] is True
    same = paired([r.totals[0] for r in base], [r.totals[0] for r in base])
    assert same["difference"] == 0 and same["ci95"] == [0, 0] and same["significant"] is False
    noisy = paired([r.totals[0] for r in base], [r.totals[0] for r in reversed(base)])  # 2, 0, -2
    assert noisy["difference"] == 0 and noisy["significant"] is False


def test_paired_is_stricter_than_unpaired_on_the_same_numbers() -> None:
    """Pairing removes the game-to-game spread: a constant shift of 1 is certain."""
    base = [record((t, 0), (0,)) for t in (3, 9, 14, 20)]
    other = [record((t + 1, 0), (0,)) for t in (3, 9, 14, 20)]
    row = paired([r.totals[0] for r in base], [r.totals[0] for r in other])
    assert row["ci95"] == [1.0, 1.0] and row["significant"] is True
    _, low, _ = diff_interval([t + 1 for t in (3, 9, 14, 20)], [3, 9, 14, 20])
    assert low < 0  # unpaired, the same shift is lost in the noise


# -- balance metrics on hand-made records ---------------------------------------------------


def test_balance_metrics_by_hand() -> None:
    metrics = balance(GAMES, 2)
    # Win credit: seat 1 gets 1 + 0 + 1/2 + 1 = 2.5 of 4 games, seat 2 gets 1.5.
    assert metrics["first_seat_advantage"] == pytest.approx(0.625 - 0.5)
    assert metrics["win_rate_spread"] == pytest.approx(0.25)
    assert metrics["winning_margin"] == pytest.approx((6 + 4 + 0 + 6) / 4)
    assert metrics["lead_changes"] == pytest.approx((1 + 1 + 2 + 0) / 4)
    assert metrics["drama"] == pytest.approx((0 + 5 + 1 + 0) / 4)
    # Shares of absolute points: Rides 56, Sadness 6.
    assert metrics["source_shares"] == {"Rides": round(56 / 62, 4), "Sadness": round(6 / 62, 4)}
    assert metrics["top_source_share"] == round(56 / 62, 4)


def test_margin_and_lead_changes_per_game() -> None:
    assert [winning_margin(r) for r in GAMES] == [6, 4, 0, 6]
    assert [lead_changes(r) for r in GAMES] == [1, 1, 2, 0]
    assert winning_margin(record((7,), (0,))) == 0  # solitaire: no runner-up
    three = record((9, 9, 3), (1,), ((5, 0, 0), (5, 5, 6), (0, 7, 1), (9, 9, 3)))
    assert lead_changes(three) == 2  # 0 -> 2 -> 1; the final tie has no sole leader
    assert winning_margin(three) == 0


def test_balance_of_a_fair_game_is_level() -> None:
    games = [record((3, 1), (0,)), record((1, 3), (1,)), record((2, 2), (0, 1))]
    metrics = balance(games, 2)
    assert metrics["first_seat_advantage"] == 0.0
    assert metrics["win_rate_spread"] == 0.0
    assert metrics["drama"] == 0.0  # the only checkpoint is the end, where winners lead


def test_card_effects_by_hand() -> None:
    rows = {row["card"]: row for row in card_effects(GAMES)}
    assert list(rows) == ["boats", "coaster", "wheel"]
    # wheel: held by the winner twice; the others' credits are 0, 0, 1/2, 1/2.
    wheel = rows["wheel"]
    assert wheel["held_by_share"] == round(2 / 6, 4)
    assert (wheel["win_rate_held"], wheel["win_rate_not_held"]) == (1.0, 0.25)
    assert wheel["difference"] == 0.75
    half = 1.959964 * math.sqrt(statistics.variance([0, 0, 0.5, 0.5]) / 4)
    assert wheel["difference_ci95"] == [round(0.75 - half, 4), round(0.75 + half, 4)]
    # coaster: held by a loser and a winner; the others won once in four.
    coaster = rows["coaster"]
    assert (coaster["win_rate_held"], coaster["win_rate_not_held"]) == (0.5, 0.5)
    assert coaster["difference"] == 0.0
    # boats: shown three times, never held.
    boats = rows["boats"]
    assert boats["held_by_share"] == 0.0
    assert boats["win_rate_held"] is None
    assert boats["difference"] == 0.0 and boats["difference_ci95"] == [0.0, 0.0]


def test_never_used_keeps_the_games_order() -> None:
    cards = ["tower", "wheel", "boats", "coaster", "flume"]
    assert never_used(GAMES, cards) == ["tower", "boats", "flume"]
    assert never_used([], cards) == cards


def test_card_usage_in_the_summary_by_hand() -> None:
    summary = summarise(GAMES, ["random", "random"], (), ["wheel", "coaster", "boats"])
    rows = {row["card"]: row for row in summary["cards"]["display"]}
    assert rows["wheel"] == {
        "card": "wheel",
        "games_on_display": 3,
        "acquire_rate": round(2 / 3, 4),
        "acquisitions_per_game": round(2 / 3, 4),
        "mean_turn": 2.5,
    }
    assert rows["coaster"]["acquire_rate"] == round(2 / 3, 4)
    assert rows["coaster"]["mean_turn"] == 4.5
    assert rows["boats"]["acquire_rate"] == 0.0 and rows["boats"]["mean_turn"] is None
    assert summary["never_used"] == ["boats"]
    assert [seat["wins"] for seat in summary["seats"]] == [2.5, 1.5]
    assert summary["game"]["shared_victory_rate"] == 0.25


def targets_of(*specs: dict[str, Any]) -> list[Target]:
    return [Target.model_validate(spec) for spec in specs]


def test_targets_pass_and_fail() -> None:
    targets = targets_of(
        {"metric": "first_seat_advantage", "at_least": -0.05, "at_most": 0.05, "label": "fair"},
        {"metric": "win_rate_spread", "at_most": 0.25},  # on the bound: passes
        {"metric": "winning_margin", "at_least": 4.5},
        {"metric": "lead_changes", "at_least": 1, "at_most": 1},
        {"metric": "top_source_share", "at_most": 0.9},
        {"metric": "shared_victory_rate", "at_most": 0.3},
    )
    summary = summarise(GAMES, ["random", "random"], targets)
    results = summary["targets"]
    assert [(t["target"], t["value"], t["passed"]) for t in results] == [
        ("fair", 0.125, False),
        ("win_rate_spread", 0.25, True),
        ("winning_margin", 4.0, False),
        ("lead_changes", 1.0, True),
        ("top_source_share", round(56 / 62, 4), False),
        ("shared_victory_rate", 0.25, True),
    ]
    assert results[0]["at_least"] == -0.05 and results[0]["at_most"] == 0.05
    assert check_targets(targets, summary, 2) == results


def test_a_target_for_some_player_counts_is_checked_only_at_them() -> None:
    targets = targets_of(
        {"metric": "win_rate_spread", "at_most": 0.5, "players": [2], "label": "two"},
        {"metric": "win_rate_spread", "at_most": 0.1, "players": [3, 4], "label": "more"},
    )
    summary = summarise(GAMES, ["random", "random"], targets)
    assert [t["target"] for t in summary["targets"]] == ["two"]
    assert [t["target"] for t in check_targets(targets, summary, 3)] == ["more"]


def test_acquire_rate_targets_need_every_card_inside() -> None:
    targets = targets_of(
        {"metric": "acquire_rate", "zone": "display", "at_least": 0.1, "at_most": 0.8},
        {"metric": "acquire_rate", "zone": "display", "at_most": 0.7},
        {"metric": "acquire_rate", "zone": "display", "at_least": 0.7},
        {"metric": "acquire_rate", "zone": "no-such-zone", "at_most": 1.0},
    )
    outside_low, inside, outside_high, nowhere = summarise(GAMES, ["a", "b"], targets)["targets"]
    assert outside_low["passed"] is False
    assert outside_low["detail"] == "outside: boats 0%"
    assert inside["passed"] is True
    assert inside["detail"] == "all 3 cards"
    assert outside_high["passed"] is False
    assert outside_high["detail"] == "outside: boats 0%, coaster 67%, wheel 67%"
    assert nowhere["passed"] is False  # nothing measured is no pass
    # The value shown is the mean rate over the zone's cards (of the rounded rates).
    assert inside["value"] == pytest.approx((2 / 3 + 2 / 3 + 0) / 3, abs=1e-4)


def test_target_models_need_a_bound_and_a_zone() -> None:
    with pytest.raises(ValueError, match="at_least"):
        Target.model_validate({"metric": "win_rate_spread"})
    with pytest.raises(ValueError, match="zone"):
        Target.model_validate({"metric": "acquire_rate", "at_most": 0.5})


# -- paired-seed comparison ------------------------------------------------------------------


def test_compare_runs_of_identical_records_finds_nothing() -> None:
    targets = targets_of({"metric": "win_rate_spread", "at_most": 0.3})
    summary = summarise(GAMES, ["random", "random"], targets)
    result = compare_runs(GAMES, GAMES, summary, summary)
    assert result["differences"]
    for name, row in result["differences"].items():
        assert row["difference"] == 0, name
        assert row["significant"] is False, name
    assert [t["verdict"] for t in result["targets"]] == ["still passes"]


def test_compare_runs_marks_a_shift_and_target_verdicts() -> None:
    shifted = [
        record((r.totals[0] + 20, r.totals[1]), (0,), r.checkpoints, None, *_cards_of(r))
        for r in GAMES
    ]
    targets = targets_of({"metric": "win_rate_spread", "at_most": 0.3})
    base = summarise(GAMES, ["a", "b"], targets)
    other = summarise(shifted, ["a", "b"], targets)
    result = compare_runs(GAMES, shifted, base, other)
    rows = result["differences"]
    assert rows["seat 1 mean score"]["difference"] == 20
    assert rows["seat 1 mean score"]["ci95"] == [20, 20]
    assert rows["seat 1 mean score"]["significant"] is True
    assert rows["seat 2 mean score"]["significant"] is False
    assert rows["seat 1 win rate"]["difference"] == pytest.approx(1 - 0.625)
    [verdict] = result["targets"]
    assert (verdict["baseline_passed"], verdict["variant_passed"]) == (True, False)
    assert verdict["verdict"] == "now fails"


def _cards_of(r: GameRecord) -> tuple[Any, Any, Any]:
    display = r.display.get("display", ())
    acquired = tuple((p, card, turn) for _, p, card, turn in r.acquired)
    return display, acquired, r.holdings


def test_a_variant_identical_to_the_baseline_plays_identical_games(tmp_path: Path) -> None:
    same = write_variant(tmp_path / "same.yaml", "Same", [(FERRIS_COST, current_ferris_cost())])
    base = run(RunSpec(MIDWAY, 60, 3, ["random"], seed=5))
    other = run(RunSpec(MIDWAY, 60, 3, ["random"], seed=5, variants=[same]))
    assert other.tally == base.tally
    assert {k: v for k, v in other.summary.items() if k != "arguments"} == {
        k: v for k, v in base.summary.items() if k != "arguments"
    }


COMPARED = 60


@pytest.fixture(scope="module")
def comparison(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Greedy bots, 60 paired games: no change, a dear Ferris Wheel, doubled points (both
    changes are far past significance at 60: the Ferris Wheel's 95% interval ends below -0.4,
    the points' lowest seat interval starts above 5)."""
    folder = tmp_path_factory.mktemp("compare")
    _, game = load_compiled_game(MIDWAY)
    attractions = game.tables["attractions"]
    doubled = [
        (f"attractions/{card}/points", 2 * attractions.value("points", index))
        for index, card in enumerate(attractions.ids)
    ]
    variants = [
        write_variant(folder / "same.yaml", "Same", [(FERRIS_COST, current_ferris_cost())]),
        write_variant(folder / "dear.yaml", "Dear Ferris Wheel", [(FERRIS_COST, 12)]),
        write_variant(folder / "doubled.yaml", "Doubled points", doubled),
    ]
    arguments = ["compare", MIDWAY, "--games", str(COMPARED), "--workers", "1"]
    for path in variants:
        arguments += ["--variant", str(path)]
    result: dict[str, Any] = run_json(*arguments)
    return result


def test_comparison_json_has_arguments_differences_and_targets(
    comparison: dict[str, Any],
) -> None:
    arguments = comparison["arguments"]
    assert arguments["game"] == MIDWAY
    assert arguments["games"] == COMPARED
    assert arguments["players"] == 4
    assert arguments["bots"] == ["greedy"] * 4
    assert [Path(v).name for v in arguments["variants"]] == [
        "same.yaml",
        "dear.yaml",
        "doubled.yaml",
    ]
    assert [v["name"] for v in comparison["variants"]] == [
        "Same",
        "Dear Ferris Wheel",
        "Doubled points",
    ]
    _, game = load_compiled_game(MIDWAY)
    labels = [t.label or t.metric for t in game.targets]
    for variant in comparison["variants"]:
        rows = variant["differences"]
        assert {"seat 1 win rate", "seat 4 mean score", "winning margin", "lead changes"} <= set(
            rows
        )
        assert "ferris-wheel taken" in rows
        for row in rows.values():
            assert set(row) == {"baseline", "variant", "difference", "ci95", "significant"}
            low, high = row["ci95"]
            assert low <= row["difference"] <= high
            assert row["significant"] == (low > 0 or high < 0)
        assert [t["target"] for t in variant["targets"]] == labels
        for verdict in variant["targets"]:
            assert verdict["verdict"] in {"still passes", "still fails", "now passes", "now fails"}
            expected = {(True, True): "still passes", (False, False): "still fails"}.get(
                (verdict["baseline_passed"], verdict["variant_passed"]),
                "now passes" if verdict["variant_passed"] else "now fails",
            )
            assert verdict["verdict"] == expected


def test_an_identical_variant_shows_no_significant_difference(comparison: dict[str, Any]) -> None:
    same = comparison["variants"][0]
    for name, row in same["differences"].items():
        assert row["significant"] is False, name
        assert row["difference"] == 0, name
        assert row["baseline"] == row["variant"], name
    for verdict in same["targets"]:
        assert verdict["baseline"] == verdict["variant"]
        assert verdict["verdict"].startswith("still")


def test_a_dear_ferris_wheel_is_ridden_significantly_less(comparison: dict[str, Any]) -> None:
    dear = comparison["variants"][1]["differences"]
    ferris = dear["ferris-wheel taken"]
    assert ferris["significant"] is True
    assert ferris["difference"] < -0.2
    assert ferris["ci95"][1] < 0


def test_doubled_points_change_scores_significantly(comparison: dict[str, Any]) -> None:
    rows = comparison["variants"][2]["differences"]
    attractions = rows["points from Attractions"]
    assert attractions["significant"] is True
    assert attractions["ci95"][0] > 0
    assert attractions["variant"] > 1.5 * attractions["baseline"]
    assert rows["mean score, all seats"]["significant"] is True
    for seat in range(1, 5):
        assert rows[f"seat {seat} mean score"]["significant"] is True


def test_the_first_rows_match_what_simulate_reports(comparison: dict[str, Any]) -> None:
    summary = run_json(
        "simulate", MIDWAY, "--games", str(COMPARED), "--bots", "greedy", "--workers", "1"
    )
    rows = comparison["variants"][0]["differences"]
    for seat in summary["seats"]:
        assert rows[f"seat {seat['seat']} win rate"]["baseline"] == seat["win_rate"]
        assert rows[f"seat {seat['seat']} mean score"]["baseline"] == seat["score_mean"]


# -- worker-count independence ----------------------------------------------------------------

GAMES_FOR_CHUNKS = CHUNK + 20
"""Two chunks on one worker, the second one short; eight on two workers."""


def test_simulate_json_is_independent_of_workers(tmp_path: Path) -> None:
    dear = write_variant(tmp_path / "dear.yaml", "Dear", [(FERRIS_COST, 12)])
    common = ["simulate", MIDWAY, "--games", str(GAMES_FOR_CHUNKS), "--players", "3"]
    common += ["--seed", "11", "--variant", str(dear), "--format", "json"]
    one = run_toolkit(*common, "--workers", "1")
    two = run_toolkit(*common, "--workers", "2")
    assert one.returncode == 0, one.stderr
    assert one.stdout == two.stdout
    assert json.loads(one.stdout)["arguments"]["games"] == GAMES_FOR_CHUNKS


def test_compare_json_is_independent_of_workers() -> None:
    common = ["compare", MIDWAY, "--games", str(GAMES_FOR_CHUNKS), "--bots", "random"]
    common += ["--variant", "examples/variants/cheaper-ferris-wheel.yaml", "--format", "json"]
    one = run_toolkit(*common, "--workers", "1")
    two = run_toolkit(*common, "--workers", "2")
    assert one.returncode == 0, one.stderr
    assert one.stdout == two.stdout


def test_sweep_json_is_independent_of_workers() -> None:
    common = ["sweep", MIDWAY, "--set", f"{FERRIS_COST}=2,5", "--games", str(GAMES_FOR_CHUNKS)]
    common += ["--bots", "random", "--format", "json"]
    one = run_toolkit(*common, "--workers", "1")
    two = run_toolkit(*common, "--workers", "2")
    assert one.returncode == 0, one.stderr
    assert one.stdout == two.stdout


# -- sweeps -----------------------------------------------------------------------------------


def test_sweep_has_one_row_per_point_in_order(tmp_path: Path) -> None:
    result = run_json("sweep", MIDWAY, "--set", f"{FERRIS_COST}=1..3", "--games", "60",
                      "--workers", "1")  # fmt: skip
    assert result["arguments"]["axes"] == {FERRIS_COST: [1, 2, 3]}
    assert result["arguments"]["games"] == 60
    assert result["arguments"]["bots"] == ["greedy"] * 4
    points = result["points"]
    assert [row["point"] for row in points] == [{FERRIS_COST: cost} for cost in (1, 2, 3)]
    _, game = load_compiled_game(MIDWAY)
    for row in points:
        assert len(row["seat_win_rates"]) == 4
        assert sum(row["seat_win_rates"]) == pytest.approx(1.0, abs=1e-3)
        assert set(row["targets"]) == {t.label or t.metric for t in game.targets}
        assert row["targets_passed"] == sum(row["targets"].values())
    # A point is the same run as `simulate` with that value in a variant.
    variant = write_variant(tmp_path / "one.yaml", "Cost 1", [(FERRIS_COST, 1)])
    summary = run_json("simulate", MIDWAY, "--games", "60", "--bots", "greedy", "--workers", "1",
                       "--variant", str(variant))  # fmt: skip
    assert points[0]["seat_win_rates"] == [seat["win_rate"] for seat in summary["seats"]]
    assert points[0]["first_seat_advantage"] == summary["balance"]["first_seat_advantage"]


def test_two_sets_make_the_cartesian_grid_and_a_chart(tmp_path: Path) -> None:
    chart = tmp_path / "sweep.pdf"
    result = run_json(
        "sweep", MIDWAY, "--set", f"{FERRIS_COST}=2,6", "--set",
        "game/tracks/fame/milestones/0/points=1..3", "--games", "20", "--bots", "random",
        "--workers", "1", "--out", str(chart),
    )  # fmt: skip
    fame = "game/tracks/fame/milestones/0/points"
    assert result["arguments"]["axes"] == {FERRIS_COST: [2, 6], fame: [1, 2, 3]}
    assert [row["point"] for row in result["points"]] == [
        {FERRIS_COST: cost, fame: points} for cost in (2, 6) for points in (1, 2, 3)
    ]
    assert chart.read_bytes().startswith(b"%PDF")
    pages, text = pdf_text(chart)
    assert pages >= 1
    assert "Sweep of" in text and "targets passed" in text


def test_sweep_text_names_the_chart(tmp_path: Path) -> None:
    chart = tmp_path / "chart.pdf"
    result = run_toolkit("sweep", MIDWAY, "--set", f"{FERRIS_COST}=2,3", "--games", "4",
                         "--bots", "random", "--workers", "1", "--out", str(chart))  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert f"chart: {chart}" in result.stdout
    assert chart.is_file()


# -- the report -------------------------------------------------------------------------------

SECTIONS = [
    "Targets",
    "Win rate by seat",
    "Score distribution",
    "Mean points by source",
    "How often each card",
    "Lead changes",
    "Game length",
]


def report_args(out: Path, fmt: str) -> list[str]:
    return ["report", MIDWAY, "--games", "80", "--bots", "random", "--workers", "1",
            "--out", str(out), "--format", fmt]  # fmt: skip


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The same report twice, once exported as CSV and once as JSON (different folders)."""
    first = tmp_path_factory.mktemp("report-csv") / "report.pdf"
    second = tmp_path_factory.mktemp("report-json") / "report.pdf"
    for out, fmt in ((first, "csv"), (second, "json")):
        result = run_toolkit(*report_args(out, fmt))
        assert result.returncode == 0, result.stderr
        pages, _ = pdf_text(out)
        assert result.stdout.splitlines()[0] == f"{out}: {pages} pages"
    return first, second


def test_report_has_every_section_on_several_pages(reports: tuple[Path, Path]) -> None:
    pages, text = pdf_text(reports[0])
    assert pages > 1
    for title in SECTIONS:
        assert title in text, title
    assert "Playtest report: Midway Memories" in text
    _, game = load_compiled_game(MIDWAY)
    for target in game.targets:
        assert (target.label or target.metric) in text
    for card in game.tables["attractions"].names:
        assert card in " ".join(text.split())


def test_report_is_byte_identical_across_runs(reports: tuple[Path, Path]) -> None:
    assert reports[0].read_bytes() == reports[1].read_bytes()


def read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def test_report_csv_export(reports: tuple[Path, Path]) -> None:
    folder = reports[0].parent
    names = {p.name for p in folder.glob("report-*.csv")}
    assert {
        "report-seats.csv",
        "report-targets.csv",
        "report-score_sources.csv",
        "report-card_effects.csv",
        "report-balance.csv",
        "report-cards_display.csv",
        "report-game_length.csv",
    } <= names
    length = read_csv(folder / "report-game_length.csv")
    assert [(row["measure"], row["median"]) for row in length] == [("turns", "65"), ("rounds", "5")]
    seats = read_csv(folder / "report-seats.csv")
    assert [row["seat"] for row in seats] == ["1", "2", "3", "4"]
    assert {row["bot"] for row in seats} == {"random"}
    assert sum(float(row["wins"]) for row in seats) == pytest.approx(80)
    for row in seats:
        assert float(row["ci_low"]) <= float(row["win_rate"]) <= float(row["ci_high"])
    _, game = load_compiled_game(MIDWAY)
    targets = read_csv(folder / "report-targets.csv")
    assert [row["target"] for row in targets] == [t.label or t.metric for t in game.targets]
    assert {row["passed"] for row in targets} <= {"True", "False"}
    metrics = {row["metric"] for row in read_csv(folder / "report-balance.csv")}
    assert {"first_seat_advantage", "win_rate_spread", "winning_margin", "lead_changes"} <= metrics
    assert {"drama", "top_source_share", "first_player_advantage"} <= metrics
    cards = read_csv(folder / "report-cards_display.csv")
    assert {row["card"] for row in cards} <= set(game.tables["attractions"].ids)


def test_report_json_export_matches_the_csv(reports: tuple[Path, Path]) -> None:
    tables = json.loads(reports[1].with_suffix(".json").read_text(encoding="utf-8"))
    assert {"seats", "targets", "score_sources", "card_effects", "balance"} <= set(tables)
    assert "cards_display" in tables
    seats = read_csv(reports[0].with_name("report-seats.csv"))
    assert [row["win_rate"] for row in tables["seats"]] == [float(r["win_rate"]) for r in seats]
    assert len(tables["targets"]) == len(read_csv(reports[0].with_name("report-targets.csv")))


# -- build, the main job ------------------------------------------------------------------------


def test_build_writes_every_player_count_the_report_and_a_summary(tmp_path: Path) -> None:
    result = run_toolkit("build", MIDWAY, "--games", "30", "--bots", "random", "--workers", "1",
                         "--out", str(tmp_path))  # fmt: skip
    assert result.returncode == 0, result.stderr
    folder = tmp_path / MIDWAY
    for players in range(2, 6):
        summary = json.loads((folder / f"simulation-{players}p.json").read_text("utf-8"))
        assert summary["arguments"]["players"] == players
        assert summary["arguments"]["games"] == 30
        assert len(summary["seats"]) == players
        assert f"  {players} players: seat win rates" in result.stdout
    report = folder / f"{MIDWAY}-report.pdf"
    pages, text = pdf_text(report)
    assert pages > 1 and "Win rate by seat" in text
    assert f"report: {report}" in result.stdout
    assert result.stdout.startswith("validated ")
    if importlib.util.find_spec("toolkit.pnp") is not None:
        cards = folder / f"{MIDWAY}-cards.pdf"
        assert cards.read_bytes().startswith(b"%PDF")
        assert f"cards: {cards}" in result.stdout


# -- exit codes ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["sweep", MIDWAY, "--set", FERRIS_COST],
        ["sweep", MIDWAY, "--set", f"{FERRIS_COST}=3..1"],
        ["sweep", MIDWAY, "--set", f"{FERRIS_COST}=low..high"],
        ["sweep", MIDWAY, "--set", "=1,2"],
        ["sweep", "no-such-game", "--set", f"{FERRIS_COST}=1,2"],
        ["compare", "no-such-game", "--variant", "examples/variants/cheaper-ferris-wheel.yaml"],
        ["compare", MIDWAY],
        ["report", "no-such-game"],
        ["build", "no-such-game"],
        ["simulate", "no-such-game"],
    ],
    ids=[
        "set without values",
        "empty range",
        "range of words",
        "set without path",
        "sweep unknown game",
        "compare unknown game",
        "compare without variant",
        "report unknown game",
        "build unknown game",
        "simulate unknown game",
    ],
)
def test_usage_errors_exit_2(args: list[str]) -> None:
    result = run_toolkit(*args, "--games", "2")
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize(
    "command",
    [
        ["simulate", MIDWAY, "--games", "2"],
        ["compare", MIDWAY, "--games", "2"],
        ["sweep", MIDWAY, "--set", f"{FERRIS_COST}=2", "--games", "2"],
        ["report", MIDWAY, "--games", "2", "--out", "{tmp}/report.pdf"],
        ["print", MIDWAY, "--out", "{tmp}/cards.pdf"],
    ],
    ids=lambda command: command[0],
)
def test_a_variant_for_another_game_exits_1(tmp_path: Path, command: list[str]) -> None:
    variant = tmp_path / "park.yaml"
    variant.write_text("kind: variant\ngame: oh-my-park\nname: Park\n", encoding="utf-8")
    args = [part.replace("{tmp}", str(tmp_path)) for part in command]
    if command[0] != "print":
        args += ["--bots", "random", "--workers", "1"]
    result = run_toolkit(*args, "--variant", str(variant))
    assert result.returncode == 1, result.stderr
    assert result.stdout == ""
    assert result.stderr.startswith(f"{variant}:2:7: error[game-mismatch]")
    assert not list(tmp_path.glob("*.pdf"))
