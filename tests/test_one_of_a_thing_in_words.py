"""A game of one round, one suit, one card each and one player count is told in the singular
(`1 round`, `1 suit`, `deal: 1 card each`, `4 players`, never `4-4 players`), and what it does
not have (resources) gets no empty line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from entry_point import run_toolkit

from toolkit.scaffold import new_game

RANKS = "\n".join(f'    - {{rank: {n}, label: "{n}"}}' for n in range(1, 5))


@pytest.fixture
def solo(tmp_path: Path) -> Path:
    """A trick-taking game for exactly 4 players: one suit of 4 cards, one round."""
    new_game(tmp_path, "solo", "trick-taking")
    manifest = tmp_path / "rules" / "solo.yaml"
    text = manifest.read_text(encoding="utf-8")
    text = text.replace("players: {min: 3, max: 5}", "players: {min: 4, max: 4}")
    text = text.replace("rounds: 3 ", "rounds: 1 ")
    text = re.sub(r"(    - \{rank: \d+, label: \"\d+\"\}\n)+", RANKS + "\n", text)
    manifest.write_text(text, encoding="utf-8")
    suits = tmp_path / "cards" / "solo" / "suits.yaml"
    kept = [line for line in suits.read_text(encoding="utf-8").splitlines()
            if not re.search(r"id: (moons|suns|clouds)", line)]  # fmt: skip
    suits.write_text("\n".join(kept) + "\n", encoding="utf-8")
    return tmp_path


def test_validate_says_one_of_each_in_the_singular(solo: Path) -> None:
    result = run_toolkit("validate", "solo", cwd=solo)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines()[0] == (
        "solo (Solo 0.1.0): 4 players, trick-taking, 1 round; 1 suit; 1 round-scoring step: valid"
    )


def test_one_player_count_is_named_alone(solo: Path) -> None:
    result = run_toolkit("simulate", "solo", "--players", "3", cwd=solo)
    assert result.returncode == 2
    assert "Solo is for 4 players" in result.stderr and "4-4" not in result.stderr


def test_a_deal_of_one_card_and_no_resources(solo: Path) -> None:
    result = run_toolkit("simulate", "solo", "--games", "2", "--transcript", "t.jsonl", cwd=solo)
    assert result.returncode == 0, result.stderr
    assert "Resources left" not in result.stdout  # the game has none: no empty line
    replayed = run_toolkit("replay", "t.jsonl", cwd=solo)
    assert replayed.returncode == 0, replayed.stderr
    assert "deal: 1 card each, 0 out of play" in replayed.stdout


def test_a_turned_up_trump_needs_a_card_left_after_the_deal(solo: Path) -> None:
    manifest = solo / "rules" / "solo.yaml"
    text = manifest.read_text(encoding="utf-8").replace("trump: null", "trump: {turned_up: true}")
    manifest.write_text(text, encoding="utf-8")
    result = run_toolkit("validate", "solo", cwd=solo)
    assert result.returncode == 1
    assert "error[no-card-to-turn-up]: at 4 players every deal takes the whole deck" in (
        result.stdout
    )
    assert "trump turned up" not in result.stdout  # no summary claims a trump it never has

    five = text.replace(
        '{rank: 4, label: "4"}', '{rank: 4, label: "4"}\n    - {rank: 5, label: "5"}'
    )
    manifest.write_text(five, encoding="utf-8")
    result = run_toolkit("validate", "solo", cwd=solo)  # 5 cards for 4 players: one left over
    assert result.returncode == 0, result.stdout
    assert "(trump turned up)" in result.stdout


def test_the_reference_sheet_of_a_new_game_names_one_player_count_alone(solo: Path) -> None:
    from pypdf import PdfReader

    result = run_toolkit("print", "solo", "--only", "reference", "--backs", "none", "--out",
                         "ref.pdf", cwd=solo)  # fmt: skip
    assert result.returncode == 0, result.stderr
    text = " ".join(page.extract_text() for page in PdfReader(solo / "ref.pdf").pages)
    assert "4 players" in text and "4\u20134" not in text  # an en dash
