"""The games compiled while a test runs, counted by id (`engine.game.compile_game` wrapped)."""

from __future__ import annotations

from typing import Any

import pytest

from toolkit.engine import game as engine_game


def counting(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The ids of the games compiled from now on, in order, as the list fills."""
    compiled: list[str] = []
    compile_game = engine_game.compile_game

    def counted(content: Any) -> Any:
        compiled.append(content.game.id)
        return compile_game(content)

    monkeypatch.setattr(engine_game, "compile_game", counted)
    return compiled
