"""Statistics from mergeable tallies: the same numbers however games are chunked, nothing
kept per game unless asked, and what designers expect to read: game length with intervals,
score spread, the starting player's advantage, whole win counts, partnerships per team."""

from __future__ import annotations

import json
import pickle
import shutil
import statistics
from collections import Counter
from pathlib import Path
from typing import Any

import pypdf
import pytest
from entry_point import run_toolkit

from toolkit.sim.balance import balance
from toolkit.sim.compare import compare_runs
from toolkit.sim.game_record import GameRecord
from toolkit.sim.report_text import format_simulation
from toolkit.sim.runner import Keep, _play_chunk, game_seed
from toolkit.sim.sources import PathSource
from toolkit.sim.stats import length, summarise
from toolkit.sim.tally import Tally

ROOT = Path(__file__).resolve().parent.parent
TOY = Path(__file__).parent / "games" / "harbour-lights"
TEAMS = "partnerships:\n  4: [[1, 3], [2, 4]]\n"


def record(
    totals: tuple[int, ...],
    winners: tuple[int, ...],
    *,
    first: int = 0,
    turns: int = 10,
    checkpoints: tuple[tuple[int, ...], ...] = (),
    teams: tuple[tuple[int, ...], ...] = (),
    breakdown: tuple[dict[str, int], ...] | None = None,
) -> GameRecord:
    return GameRecord(
        seed=0, totals=totals, breakdown=breakdown or tuple({"Points": t} for t in totals),
        winners=winners, decided_by="points", display={}, acquired=(), track_gains={},
        declined=0, supply_short=0, turns=turns, counters={}, slots={}, resources_left={},
        holdings=((),) * len(totals), checkpoints=checkpoints or (totals,), teams=teams,
        first_player=first,
    )  # fmt: skip


GAMES = [
    record((10, 4, 3), (0,), first=0, turns=8, checkpoints=((1, 2, 0), (10, 4, 3))),
    record((5, 9, 9), (1, 2), first=1, turns=9, checkpoints=((3, 1, 0), (6, 6, 1), (5, 9, 9))),
    record((2, 7, 1), (1,), first=2, turns=12),
    record((6, 6, 6), (0, 1, 2), first=0, turns=9),
    record((1, 0, 8), (2,), first=2, turns=30),
]


def test_any_chunking_of_the_games_merges_to_the_same_tally_and_summary() -> None:
    whole = Tally.of(GAMES)
    for cut in range(len(GAMES) + 1):
        merged = Tally.of(GAMES[:cut])
        merged.merge(Tally.of(GAMES[cut:]))
        assert merged == whole, cut
        one_by_one = Tally()
        for game in GAMES:
            part = Tally.of([game])
            one_by_one.merge(part)
        assert one_by_one == whole
    bots = ["a", "b", "c"]
    assert json.dumps(summarise(merged, bots)) == json.dumps(summarise(GAMES, bots))


def test_a_chunk_sends_back_a_tally_whose_size_does_not_grow_with_its_games() -> None:
    source = PathSource(str(ROOT / "rules" / "midway-memories.yaml"))
    sizes = []
    for games in (20, 80):
        chunk = (1, list(range(games)), 4, ["random"] * 4, Keep(), {})
        tally = _play_chunk((source, chunk))
        assert tally.games == games and tally.records is None and tally.paired is None
        sizes.append(len(pickle.dumps(tally)))
    assert sizes[1] < 1.5 * sizes[0]  # histograms fill up; nothing is kept per game
    kept = _play_chunk((source, (1, [0, 1], 4, ["random"] * 4, Keep(records=True), {})))
    assert [r.seed for r in kept.records or []] == [game_seed(1, 0), game_seed(1, 1)]
    assert all(r.actions for r in kept.records or [])


def test_game_length_has_an_interval_a_median_and_the_middle_ninety_percent() -> None:
    turns = length(Counter({8: 1, 9: 2, 12: 1, 30: 1}))
    assert turns["mean"] == 13.6 and (turns["min"], turns["max"]) == (8, 30)
    assert turns["median"] == 9 and turns["middle_90"] == [8, 30]
    sd = statistics.stdev([8, 9, 9, 12, 30])
    assert turns["sd"] == round(sd, 4)
    half = 1.959964 * sd / 5**0.5
    assert turns["mean_ci95"] == [pytest.approx(13.6 - half, abs=1e-3),
                                  pytest.approx(13.6 + half, abs=1e-3)]  # fmt: skip
    assert summarise(GAMES, ["a", "b", "c"])["game"]["length"]["rounds"]["max"] == 3


def test_the_starting_players_advantage_counts_the_starter_wherever_they_sit() -> None:
    metrics = balance(GAMES, 3)
    # The starter won games 1, 2 (shared by 2), 4 (shared by 3) and 5: 1 + 1/2 + 1/3 + 1.
    assert metrics["first_player_win_rate"] == round((1 + 1 / 2 + 1 / 3 + 1) / 5, 4)
    assert metrics["first_player_advantage"] == round((1 + 1 / 2 + 1 / 3 + 1) / 5 - 1 / 3, 4)
    low, high = metrics["first_player_win_rate_ci95"]
    assert low < metrics["first_player_win_rate"] < high


def test_wins_print_as_whole_games_with_shared_wins_apart() -> None:
    summary = summarise(GAMES, ["a", "b", "c"])
    summary["arguments"] = {"game": "g", "games": 5, "players": 3, "bots": ["a"] * 3, "seed": 1}
    text = format_simulation(summary)
    assert "1.8333" not in text and ".3333" not in text
    header, _, *rows = text.splitlines()[2:6]
    assert header.split()[:5] == ["seat", "bot", "wins", "shared", "win"]
    # seat 1 won game 1 alone and shared game 4; seat 2 won game 3, shared games 2 and 4.
    assert rows[0].split()[2:4] == ["1", "1"] and rows[1].split()[2:4] == ["1", "2"]
    assert "Game length" in text and "middle 90%" in text
    assert "first-player advantage" in text and "the starting player won 56.7%" in text
    assert "Resources left" not in text  # the game has no resources


def partnership_project(tmp_path: Path) -> Path:
    project = tmp_path / "toy"
    shutil.copytree(TOY, project)
    manifest = project / "rules" / "harbour-lights.yaml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace("scoring:\n", TEAMS + "scoring:\n", 1), encoding="utf-8")
    return project


@pytest.fixture(scope="module")
def partnership(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any], str]:
    project = partnership_project(tmp_path_factory.mktemp("teams"))
    args = ["simulate", "harbour-lights", "--games", "30", "--players", "4", "--bots", "random"]
    played = run_toolkit(*args, "--format", "json", cwd=project)
    assert played.returncode == 0, played.stderr
    text = run_toolkit(*args, cwd=project)
    assert text.returncode == 0, text.stderr
    return project, json.loads(played.stdout), text.stdout


def test_a_partnership_game_is_reported_per_team(
    partnership: tuple[Path, dict[str, Any], str],
) -> None:
    _, summary, text = partnership
    teams = summary["teams"]
    assert [team["seats"] for team in teams] == [[1, 3], [2, 4]]
    assert sum(team["wins"] for team in teams) == pytest.approx(30)
    assert all("Partners" not in team["score_by_source"] for team in teams)
    assert "Partners" not in summary["balance"]["source_shares"]
    # Both partners are winners of every game their team wins: that is no shared victory.
    ties = sum(team["wins_shared"] for team in teams) // 2
    assert summary["game"]["shared_victory_rate"] == round(ties / 30, 4) < 1
    assert summary["balance"]["winning_margin"] > 0
    lines = text.splitlines()
    assert lines[2].split()[:4] == ["team", "seats", "bots", "wins"]
    assert lines[4].split()[:2] == ["1", "1+3"] and lines[5].split()[:2] == ["2", "2+4"]
    assert "Partners" not in text
    assert "team win-rate spread" in text and "starting player's team won" in text


def test_a_partnership_report_draws_teams(
    partnership: tuple[Path, dict[str, Any], str], tmp_path: Path
) -> None:
    project, _, _ = partnership
    out = tmp_path / "teams.pdf"
    made = run_toolkit("report", "harbour-lights", "--games", "20", "--players", "4",
                       "--bots", "random", "--out", str(out), cwd=project)  # fmt: skip
    assert made.returncode == 0, made.stderr
    text = " ".join(page.extract_text() for page in pypdf.PdfReader(out).pages)
    for words in ("Win rate by team", "team 1 (seats 1+3)", "Score distribution by team",
                  "Game length", "starting player's team won"):  # fmt: skip
        assert words in " ".join(text.split()), words
    assert "Partners" not in text


def test_the_report_shows_game_length_score_spread_and_the_starting_player(
    tmp_path: Path,
) -> None:
    out = tmp_path / "midway.pdf"
    made = run_toolkit("report", "midway-memories", "--games", "12", "--players", "2",
                       "--bots", "random", "--out", str(out))  # fmt: skip
    assert made.returncode == 0, made.stderr
    text = " ".join(" ".join(p.extract_text() for p in pypdf.PdfReader(out).pages).split())
    assert "Game length" in text and "95% interval of the mean" in text
    assert "turns 130.00" in text  # 5 rounds of 26 tricks
    assert "wins alone shared wins mean score sd min max" in text
    assert "the starting player won" in text


def test_simulate_json_is_the_same_for_any_workers_with_teams_and_lowest_wins(
    tmp_path: Path,
) -> None:
    project = partnership_project(tmp_path)
    args = ["simulate", "harbour-lights", "--games", "14", "--players", "4", "--format", "json"]
    one = run_toolkit(*args, "--workers", "1", cwd=project)
    two = run_toolkit(*args, "--workers", "2", cwd=project)
    assert one.returncode == 0 and one.stdout == two.stdout
    low = ["simulate", "cinder-tricks", "--games", "6", "--bots", "random", "--format", "json"]
    assert run_toolkit(*low, "--workers", "1").stdout == run_toolkit(*low, "--workers", "3").stdout


def test_the_workbench_shows_a_partnership_run_per_team(
    partnership: tuple[Path, dict[str, Any], str],
) -> None:
    from jinja2 import Environment, PackageLoader, select_autoescape

    from toolkit.serve.charts import summary_charts

    _, summary, _ = partnership
    charts = summary_charts(summary)
    assert "team 1 (seats 1+3)" in charts["win_rate"] and "Win rate by team" in charts["win_rate"]
    assert "Partners" not in charts["sources"]
    env = Environment(
        loader=PackageLoader("toolkit.serve", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
    )
    sim = {"status": "done", "games": 30, "players": 4, "bots": ["random"] * 4,
           "content_version": 1, "charts": charts, "summary": summary}  # fmt: skip
    page = env.get_template("sim.html").render(sim=sim, game={"content_version": 1})
    assert "<td>team 1 (seats 1+3)</td>" in page and "<td>team 2 (seats 2+4)</td>" in page
    assert "The starting player&#39;s team won" in page
    assert '<table class="length">' in page
    assert "Win rate by team (95% intervals" in page and "Win rate by seat" not in page


def test_a_paired_comparison_of_merged_chunks_equals_one_of_all_games() -> None:
    """A source first seen in a later chunk counts as 0 in the games before it."""
    late = record((4, 4, 9), (2,), breakdown=({"Points": 4}, {"Points": 4}, {"Bonus": 9}))
    base, other = [*GAMES, late], [late, *GAMES]
    bots = ["a", "b", "c"]
    whole = compare_runs(base, other, summarise(base, bots), summarise(other, bots))
    chunks = []
    for games in (base, other):
        tally = Tally.of(games[:2], paired=True)
        for game in games[2:]:
            tally.merge(Tally.of([game], paired=True))
        chunks.append(tally)
    merged = compare_runs(*chunks, summarise(chunks[0], bots), summarise(chunks[1], bots))
    assert json.dumps(merged) == json.dumps(whole)
    assert list(whole["differences"])[6:9] == [
        "mean score, all seats", "points from Points", "points from Bonus"
    ]  # fmt: skip
    assert whole["differences"]["points from Bonus"]["variant"] == round(9 / 3 / 6, 4)


def test_a_card_taken_from_a_display_counts_as_used_though_nobody_keeps_it() -> None:
    """Saltmarsh Deeds' deeds are bought at auction and sold again before the end: no deed is
    held at the end, yet every one was played, so none is listed as never played."""
    result = run_toolkit("simulate", "saltmarsh-deeds", "--games", "20", "--players", "2")
    assert result.returncode == 0, result.stderr
    assert "never played by anyone" not in result.stdout
