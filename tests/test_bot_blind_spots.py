"""A card the bots never play but random play often does is reported as the bot's blind spot
(a warning on stderr, a line in the report), not as a dead card: Lantern Routes without the
weight that prices its pledges."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from entry_point import run_toolkit
from shipped_project import copy_project

PLEDGE_WEIGHT = "      - {measure: {count: routes, where: {pledge: true}}, weight: 21}\n"


@pytest.fixture
def blind(tmp_path: Path) -> Path:
    """Lantern Routes as it was: the greedy bot prices a pledge as a cost only."""
    project = copy_project(tmp_path / "project")
    manifest = project / "rules" / "lantern-routes.yaml"
    text = manifest.read_text(encoding="utf-8")
    assert PLEDGE_WEIGHT in text
    manifest.write_text(text.replace(PLEDGE_WEIGHT, ""), encoding="utf-8")
    return project


def test_report_names_the_cards_only_random_play_plays(blind: Path) -> None:
    result = run_toolkit("report", "lantern-routes", "--games", "20", "--players", "2",
                         "--workers", "1", "--out", "report.txt", cwd=blind)  # fmt: skip
    assert result.returncode == 0, result.stderr
    [warning] = [x for x in result.stderr.splitlines() if x.startswith("warning: ")]
    assert warning.startswith("warning: lantern-routes, 2 players: the bots never play ")
    assert "pledge" in warning and "the bot, not the card, is suspect" in warning
    text = (blind / "report.txt").read_text(encoding="utf-8")
    assert "never played by anyone: " in text and "never held" not in text
    line = next(x for x in text.splitlines() if x.startswith("never played by the bots"))
    assert line.count("pledge") >= 3


def test_build_warns_and_records_the_check(blind: Path) -> None:
    result = run_toolkit("build", "lantern-routes", "--games", "5", "--workers", "1", cwd=blind)
    assert result.returncode == 0, result.stderr
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning: ")]
    assert warnings and any("pledge" in line for line in warnings)
    folder = blind / "build" / "lantern-routes"
    flagged = [
        card
        for players in (2, 3, 4)
        for card in json.loads((folder / f"simulation-{players}p.json").read_text())[
            "played_only_at_random"
        ]
    ]
    assert len(warnings) == len({line.split(":")[1] for line in warnings})  # one per count
    assert any("pledge" in card for card in flagged)  # 5 games: a lantern may be flagged too
