"""A game played only in picks everyone makes at once counts each pick as a turn (as a draft
counts its picks): the row-taking template deals six boats a tide for two tides, so every
game is twelve turns, in the state and in `simulate`'s game length."""

from __future__ import annotations

import json
import random
from pathlib import Path

from entry_point import run_toolkit

from toolkit.engine.load import load_compiled_game
from toolkit.scaffold import new_game


def test_each_pick_of_a_game_without_turns_is_a_turn(tmp_path: Path) -> None:
    new_game(tmp_path, "moor", "row-taking")
    _, game = load_compiled_game(str(tmp_path / "rules" / "moor.yaml"))
    for seed in (1, 2):
        state = game.new_state(seed, 3)
        rng = random.Random(seed)
        seen = [state.turn]
        while not state.terminal:
            player = state.to_move()[0]
            state.apply(player, rng.choice(state.legal_actions(player)))
            seen.append(state.turn)
        assert state.turn == 12
        assert seen == sorted(seen) and set(seen) <= set(range(1, 13))
    result = run_toolkit("simulate", "moor", "--games", "20", "--format", "json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    length = json.loads(result.stdout)["game"]["length"]["turns"]
    assert (length["min"], length["max"]) == (12, 12), length
