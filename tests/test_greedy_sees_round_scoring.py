"""The greedy bot counts what the round scoring would bank, as it counts the end scoring:
in Tide Pool Market (five steps scored after each round) it now outscores random play, and
Cinder Tricks needs no hand-set weights to avoid penalty cards."""

from __future__ import annotations

import json

import yaml
from entry_point import ROOT, run_toolkit

from toolkit.engine.load import load_compiled_game


def _means(game: str, players: int, bots: str, games: int) -> list[float]:
    result = run_toolkit("simulate", game, "--games", str(games), "--players", str(players),
                         "--bots", bots, "--workers", "1", "--format", "json")  # fmt: skip
    assert result.returncode == 0, result.stderr
    return [seat["score_mean"] for seat in json.loads(result.stdout)["seats"]]


def test_greedy_outscores_random_where_rounds_are_scored() -> None:
    greedy, random = _means("tide-pool-market", 2, "greedy,random", 30)
    assert greedy > random + 3  # seeded: the same games every run (42.4 vs 42.6 when blind)


def test_the_points_a_round_would_bank_count_against_the_taker_until_banked() -> None:
    _, game = load_compiled_game("cinder-tricks")
    state = game.new_state(3, 4, {})
    seen: set[int] = set()
    while not state.terminal and state.round == 1:
        mover = state.to_move()[0]
        state.apply(mover, state.legal_actions(mover)[0])
        seen.update(game.round_points(state, p) for p in range(4))
    assert min(seen) < 0 and max(seen) == 0  # penalties taken count against the taker
    assert state.round == 2 and [game.round_points(state, p) for p in range(4)] == [0] * 4
    manifest = yaml.safe_load((ROOT / "rules" / "cinder-tricks.yaml").read_text())
    assert "bots" not in manifest  # the round scoring alone steers the bot off penalties


def test_the_greedy_look_runs_the_rounds_end_effects_on_a_copy() -> None:
    """Midway Memories caps Coins at 12 when a round ends, 1 Sadness per 2 lost: the bot's
    look at a position sees the cap and its penalty; the position itself is untouched."""
    _, game = load_compiled_game("midway-memories")
    state = game.new_state(5, 3, {})
    coins = game.resource_index("coins")
    sadness = game.track_index("sadness")
    state.res[0][coins] = 16
    before = state.track[0][sadness]
    seen = game.at_round_end(state.clone(for_scoring=True))
    assert seen.res[0][coins] == 12 and seen.track[0][sadness] == before + 2
    assert state.res[0][coins] == 16 and state.track[0][sadness] == before
    assert game.heuristic(seen, 0) < game.heuristic(state, 0)  # the penalty is seen
