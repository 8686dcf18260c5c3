"""`showdown`: the challenger against every other player, in a small game (Tidewrack's cards
with hands counted), its words, and a misspelt measure reported at its line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from entry_point import run_toolkit

from toolkit.engine.game import Compiler, Game
from toolkit.engine.load import load_compiled_game
from toolkit.kernel.state import State
from toolkit.rules.scoring.showdown import Showdown

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def game() -> Game:
    return load_compiled_game(str(ROOT / "rules" / "tidewrack.yaml"))[1]


def points(
    game: Game, rule: dict[str, object], hands: list[int], challengers: list[int]
) -> list[int]:
    """The rule's points when each player holds `hands[p]` finds and `challengers[p]` conchs."""
    state: State = game.new_state(1, 2)
    zone = game.zone("hand").index
    for player, size in enumerate(hands):
        state.zones[zone][player] = list(range(player * 20, player * 20 + size))
        state.res[player][0] = challengers[player]
    showdown = Showdown.model_validate(
        {"rule": "showdown", "label": "Showdown", "challenger": {"resource": "conch"}, **rule}
    )
    return showdown.compile(Compiler(game.content, game.layout))(state)


LOWEST = {"measure": {"count": "hand"}, "defender_bonus": 10}


def test_a_lower_challenger_scores_the_difference(game: Game) -> None:
    assert points(game, LOWEST, [3, 8], [1, 0]) == [5, 0]


def test_a_defender_who_ties_or_beats_the_challenger_scores_the_difference_and_the_bonus(
    game: Game,
) -> None:
    assert points(game, LOWEST, [6, 4], [1, 0]) == [0, 12]
    assert points(game, LOWEST, [5, 5], [1, 0]) == [0, 10]


def test_nobody_scores_without_a_challenger(game: Game) -> None:
    assert points(game, LOWEST, [3, 8], [0, 0]) == [0, 0]


def test_a_perfect_challenger_cannot_be_undercut(game: Game) -> None:
    rule = {**LOWEST, "perfect_at": 0, "perfect_bonus": 25}
    assert points(game, rule, [0, 0], [1, 0]) == [25, 0]
    assert points(game, rule, [0, 4], [1, 0]) == [29, 0]


def test_highest_wins_when_declared(game: Game) -> None:
    rule = {**LOWEST, "better": "highest"}
    assert points(game, rule, [8, 3], [0, 1]) == [15, 0]
    assert points(game, rule, [3, 8], [0, 1]) == [0, 5]


def test_the_rule_in_words() -> None:
    from toolkit.content.project import load_game
    from toolkit.pnp.describe import Describer

    content, _ = load_game(ROOT / "rules" / "tidewrack.yaml")
    assert content is not None
    (rule,) = content.game.round_scoring
    assert rule.describe(Describer(content, lambda icon: False)).startswith(
        "the player who challenges is compared with each other player by weight of the "
        "cards in Finds outside sets (3+ of one number) and runs (3+ in a row of one shore): "
        "the lowest scores the difference; a player who ties or beats the challenger scores 20 "
        "more; a challenger at exactly 0 cannot be beaten and scores 20 more"
    )


def test_a_misspelt_challenger_resource_is_an_error_at_its_line(tmp_path: Path) -> None:
    (tmp_path / "rules").mkdir()
    manifest = tmp_path / "rules" / "tidewrack.yaml"
    shutil.copy(ROOT / "rules" / "tidewrack.yaml", manifest)
    for part in ("cards", "print"):
        shutil.copytree(ROOT / part / "tidewrack", tmp_path / part / "tidewrack")
    shutil.copytree(ROOT / "print" / "shared", tmp_path / "print" / "shared")
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(
        text.replace("challenger: {resource: conch}", "challenger: {resource: conhc}")
    )
    result = run_toolkit("validate", "tidewrack", cwd=tmp_path)
    assert result.returncode == 1
    line = next(n for n, t in enumerate(manifest.read_text().splitlines(), 1) if "conhc" in t)
    assert f"rules/tidewrack.yaml:{line}:" in result.stdout
    assert "unknown resource 'conhc'" in result.stdout
