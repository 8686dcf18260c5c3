"""A run loads, checks and compiles its game once: the command's check of the seats and
options and the games it plays use the same compiled game."""

from __future__ import annotations

from typing import Any

import pytest

from tests.entry_point import run_toolkit
from toolkit.engine import game as engine_game


@pytest.mark.parametrize("games", ["1", "120"])
def test_simulate_compiles_its_game_once(monkeypatch: pytest.MonkeyPatch, games: str) -> None:
    compiled: list[str] = []
    compile_game = engine_game.compile_game

    def counted(content: Any) -> Any:
        compiled.append(content.game.id)
        return compile_game(content)

    monkeypatch.setattr(engine_game, "compile_game", counted)
    result = run_toolkit("simulate", "cinder-tricks", "--games", games, "--workers", "1")
    assert result.returncode == 0, result.stderr
    assert compiled == ["cinder-tricks"]
