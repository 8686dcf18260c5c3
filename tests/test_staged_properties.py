"""What holds for every staged game, shipped or toy, under random play: games end, no card is
lost or made twice, a seed plays the same game again, and a position saved at any decision
reads back to the same bytes and plays on exactly."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from entry_point import run_toolkit
from staged_replay import compiled

from toolkit.engine.compiled import Game
from toolkit.engine.position_load import read_position
from toolkit.engine.position_save import position_text, save_position
from toolkit.kernel.state import State

ROOT = Path(__file__).resolve().parent.parent
STAGED = {
    "kite-festival": ROOT / "rules" / "kite-festival.yaml",
    **{
        path.parent.parent.name: path
        for path in sorted((ROOT / "tests" / "games").glob("staged-*/rules/*.yaml"))
    },
}
"""Every staged game: the shipped ones and the toys of tests/games/."""


@pytest.fixture(scope="module", params=sorted(STAGED))
def game(request: pytest.FixtureRequest) -> Game:
    return compiled(STAGED[request.param])


def everywhere(state: State) -> Counter[int]:
    """Every card the state holds, wherever it lies: zones, out of play, hidden picks."""
    held: Counter[int] = Counter(state.out_of_play)
    for zone in state.zones:
        for cards in zone:
            held.update(cards)
    for cards in state.shared:
        held.update(cards)
    for cards in state.mech.picks:
        held.update(cards)
    return held


def test_random_games_end_and_every_card_is_always_in_exactly_one_place(game: Game) -> None:
    deck = Counter(range(game.deck.size))
    for seed in range(6):
        rng = random.Random(seed)
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        state = game.new_state(seed, players)
        in_game = Counter(state.deck_cards)
        assert in_game <= deck
        moves = 0
        while not state.terminal:
            held = everywhere(state)
            assert held == in_game, (seed, moves, held - in_game, in_game - held)
            player = rng.choice(state.to_move())
            state.apply(player, rng.choice(state.legal_actions(player)))
            moves += 1
            assert moves < 20_000, "the game did not end"
        assert everywhere(state) == in_game


def _random_game(game: Game, seed: int) -> tuple[int, list[tuple[int, int]]]:
    """A random game's player count and its moves, stopped at a random decision."""
    rng = random.Random(seed)
    players = rng.randint(game.min_players, game.max_players)
    state = game.new_state(seed, players)
    stop = rng.randint(0, 200)
    moves: list[tuple[int, int]] = []
    while not state.terminal and len(moves) < stop:
        player = state.to_move()[0]
        action = rng.choice(state.legal_actions(player))
        state.apply(player, action)
        moves.append((player, action))
    return players, moves


def test_positions_saved_at_random_decisions_read_back_and_play_on_exactly(game: Game) -> None:
    for seed in range(6):
        players, moves = _random_game(game, seed)

        def fresh(seed: int = seed, players: int = players) -> State:
            return game.new_state(seed, players)

        text = position_text(save_position(game, fresh, moves))
        _, base, after, problems = read_position(game, Path("saved.yaml"), text=text)
        assert base is not None, [str(p) for p in problems]
        again = position_text(save_position(game, lambda base=base: base.clone(), after))
        assert again == text
        original = fresh()
        for player, action in moves:
            original.apply(player, action)
        loaded = base.clone()
        for player, action in after:
            loaded.apply(player, action)
        rng = random.Random(seed)
        while not original.terminal:
            assert loaded.to_move() == original.to_move()
            player = original.to_move()[0]
            legal = original.legal_actions(player)
            assert loaded.legal_actions(player) == legal
            action = rng.choice(legal)
            original.apply(player, action)
            loaded.apply(player, action)
        assert loaded.terminal and loaded.scores() == original.scores()


@pytest.mark.parametrize("name", sorted(STAGED))
def test_the_same_seed_writes_the_same_transcript(name: str, tmp_path: Path) -> None:
    written = []
    for run in ("a", "b"):
        out = tmp_path / f"{run}.jsonl"
        result = run_toolkit(
            "simulate", STAGED[name], "--games", "3", "--seed", "11", "--bots", "random",
            "--transcript", out,
        )  # fmt: skip
        assert result.returncode == 0, result.stderr
        written.append(out.read_bytes())
    assert written[0] == written[1] and written[0]
