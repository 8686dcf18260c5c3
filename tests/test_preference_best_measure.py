"""`best_measure`: the actions after which a measure of the player is best, one step ahead,
in Tidewrack (the throw back that leaves the least driftwood), and its checks."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from entry_point import run_toolkit

from toolkit.agents import make_bot
from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.mechanics.staged.moves import CardMove

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def game() -> Game:
    return load_compiled_game(str(ROOT / "rules" / "tidewrack.yaml"))[1]


def test_the_throw_back_leaving_the_least_driftwood_is_chosen(game: Game) -> None:
    state = game.new_state(2, 2)
    (player,) = state.to_move()
    index = game.deck.index
    hand = ["shell-1", "shell-2", "shell-3", "kelp-7", "glass-7", "coral-7"]
    hand += ["kelp-9", "kelp-10", "glass-12", "coral-2"]
    state.zones[game.zone("hand").index][player] = [index(c) for c in hand]
    state.shared[game.zone("tideline").index] = [index("kelp-11")]
    sand = [index(c) for c in ("shell-9", "shell-10", "glass-1", "glass-2")]
    state.shared[game.zone("sand").index] = sand
    placed = {index(c) for c in [*hand, "kelp-11"]} | set(sand)
    state.out_of_play = [c for c in range(game.deck.size) if c not in placed]
    draw = next(
        r
        for r in game.mechanic.codec.rules
        if r.kind == "draw" and r.sources[0].id == "tideline"  # type: ignore[attr-defined]
    )
    bot = make_bot("eager", 0, game)
    # kelp-11 makes kelp 9-10-11 a run: taking it leaves 12 + 2 of driftwood before the throw.
    assert bot.choose(state, player) == draw.base
    state.apply(player, draw.base)
    play = next(r for r in game.mechanic.codec.rules if isinstance(r, CardMove) and r.except_moved)
    # Throwing back glass-12 (10) leaves coral-2 alone: 2 of driftwood, the least.
    assert bot.choose(state, player) == play.base + index("glass-12")


def test_an_unknown_decision_is_an_error_at_its_line(tmp_path: Path) -> None:
    (tmp_path / "rules").mkdir()
    shutil.copy(ROOT / "rules" / "tidewrack.yaml", tmp_path / "rules")
    for part in ("cards", "print"):
        shutil.copytree(ROOT / part / "tidewrack", tmp_path / part / "tidewrack")
    shutil.copytree(ROOT / "print" / "shared", tmp_path / "print" / "shared")
    strategies = tmp_path / "cards" / "tidewrack" / "strategies.yaml"
    text = strategies.read_text(encoding="utf-8")
    strategies.write_text(
        text.replace(
            "        lowest: true\n", "        lowest: true\n        decision: thorw_back\n", 1
        )
    )
    result = run_toolkit("validate", "tidewrack", cwd=tmp_path)
    assert result.returncode == 1
    line = next(n for n, t in enumerate(strategies.read_text().splitlines(), 1) if "thorw" in t)
    assert f"cards/tidewrack/strategies.yaml:{line}:" in result.stdout
    assert "unknown decision 'thorw_back'" in result.stdout
    assert "did you mean 'throw_back'" in result.stdout
