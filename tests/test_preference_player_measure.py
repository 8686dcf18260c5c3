"""`player_measure`: among the actions that choose a player, those choosing the player whose
measure is highest (or lowest), in the duel template (a power aimed at the keeper with the
most lanterns), and its checks."""

from __future__ import annotations

from pathlib import Path

import pytest
from entry_point import run_toolkit

from toolkit.agents import make_bot
from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.kernel.state import State
from toolkit.mechanics.staged.ops import Choose
from toolkit.mechanics.staged.targets import TargetMove
from toolkit.scaffold import new_game


def made(tmp_path: Path) -> Path:
    new_game(tmp_path, "keepers", "duel")
    return tmp_path / "rules" / "keepers.yaml"


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    return load_compiled_game(str(made(tmp_path_factory.mktemp("duel"))))[1]


def at_target(game: Game) -> tuple[State, int, TargetMove]:
    """A 4-player game waiting for a keeper to be chosen among three."""
    bot = make_bot("random", 3, game)
    for seed in range(40):
        state = game.new_state(seed, 4)
        while not state.terminal:
            (player,) = state.to_move()
            op = game.mechanic.program[state.mech.pc]
            rule = op.rules[0] if isinstance(op, Choose) else None
            if isinstance(rule, TargetMove) and len(state.legal_actions(player)) == 3:
                return state, player, rule
            state.apply(player, bot.choose(state, player))
    raise AssertionError("no choice among three keepers")


def test_the_keeper_with_the_most_lanterns_is_chosen(game: Game) -> None:
    state, player, rule = at_target(game)
    lanterns = game.resource_index("lanterns")
    seats = [action - rule.base for action in state.legal_actions(player)]
    bot = make_bot("night-keeper", 0, game)
    for leader in seats:
        for seat in range(4):
            state.res[seat][lanterns] = 2 if seat == leader else 0
        assert bot.choose(state, player) == rule.base + leader


def test_an_unknown_decision_is_an_error_at_its_line(tmp_path: Path) -> None:
    made(tmp_path)
    strategies = tmp_path / "cards" / "keepers" / "strategies.yaml"
    text = strategies.read_text(encoding="utf-8")
    strategies.write_text(text.replace("decision: aim_at", "decision: aim_att", 1))
    result = run_toolkit("validate", "keepers", cwd=tmp_path)
    assert result.returncode == 1
    line = next(n for n, t in enumerate(strategies.read_text().splitlines(), 1) if "aim_att" in t)
    assert f"cards/keepers/strategies.yaml:{line}:" in result.stdout
    assert "did you mean 'aim_at'" in result.stdout
