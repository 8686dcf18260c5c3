"""The simulator's fast paths play and score exactly as the engine contract does: random bots'
turns played by the mechanic in one call (`Autoplay`), and scoring on a copy of the markers
alone when the rules' game-end effects only move markers (`State.marker_copy`)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from toolkit.agents import RandomBot, make_bot
from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.kernel.state import EffectFn, State
from toolkit.mechanics.trick_taking.machine import TrickTakingMechanic
from toolkit.sim.runner import play_game

ROOT = Path(__file__).resolve().parent.parent


def compiled(game_id: str) -> Game:
    return load_compiled_game(str(ROOT / "rules" / f"{game_id}.yaml"))[1]


def contract_play(game: Game, seed: int, bots: list[str]) -> list[tuple[int, int]]:
    """The same game through `to_move`, the bots' `choose` and a checked `apply` only."""
    state = game.new_state(seed, len(bots))
    agents = [make_bot(name, seed + seat + 1, game) for seat, name in enumerate(bots)]
    played = []
    while not state.is_terminal():
        player = state.to_move()[0]
        action = agents[player].choose(state, player)
        played.append((player, action))
        state.apply(player, action)
    return played


@pytest.mark.parametrize(
    ("game_id", "players"),
    [("midway-memories", 4), ("cinder-tricks", 4), ("lamplight-wagers", 3)],
)
def test_autoplay_plays_what_the_engine_contract_plays(game_id: str, players: int) -> None:
    # Midway asks for rides mid-trick; Cinder passes cards and must break a suit before it
    # leads it; Lamplight bids with a hook and turns trump up: every phase autoplay takes.
    game = compiled(game_id)
    assert game.autoplay is game.mechanic
    generic = replace(game, autoplay=None)  # the same game, every turn through the contract
    for seed in (11, 12, 13):
        bots = ["random"] * players
        record = play_game(game, seed, players, bots, record_actions=True)
        assert list(record.actions) == contract_play(game, seed, bots)
        for count in (game.min_players, game.max_players):  # the whole record, each count
            bots = ["random"] * count
            fast = play_game(game, seed, count, bots, record_actions=True)
            assert fast == play_game(generic, seed, count, bots, record_actions=True)


def test_a_table_with_another_bot_plays_through_the_contract() -> None:
    # Autoplay is only for tables of random bots; with a greedy seat the generic loop plays.
    game = compiled("midway-memories")
    bots = ["random", "greedy", "random", "random"]
    record = play_game(game, 5, 4, bots, record_actions=True)
    assert list(record.actions) == contract_play(game, 5, bots)


def test_scoring_on_the_markers_alone_scores_as_a_full_clone() -> None:
    game = compiled("midway-memories")
    assert game.markers_only and game.scoring_moves_markers
    cloning = replace(game, markers_only=False)
    for seed in range(20):
        state = game.new_state(seed, 4)
        bots = [RandomBot(seed + seat) for seat in range(4)]
        while not state.is_terminal():
            player = state.to_move()[0]
            state.apply(player, bots[player].choose(state, player))
            if state.round >= 3:
                break
        for joy in (3, 9, 12):  # Joy's game-end effects remove Sadness
            state.track[0][game.track_index("joy")] = joy
            state.track[0][game.track_index("sadness")] = 4
            markers = [row[:] for row in state.track]
            gains = dict(state.stats.track_gains)
            assert game.score(state) == cloning.score(state)
            assert game.totals(state) == cloning.totals(state)
            assert game.total(state, 0) == cloning.total(state, 0)
            assert state.track == markers  # the game's own markers never move
            assert state.stats.track_gains == gains


def test_a_hand_changed_by_a_trick_s_win_is_followed_from_its_new_cards() -> None:
    """Where a suit action can change a hand (`wins_fill_hand`), random play sorts the hands
    by suit again after every trick: here each Coins win swaps the winner's first card for
    the card left out of the deal, and the fast path still plays what the contract plays."""
    game = compiled("midway-memories")
    mechanic = game.mechanic
    assert isinstance(mechanic, TrickTakingMechanic) and not mechanic.wins_fill_hand
    hand = game.zone("hand").index
    swaps = []

    def swapping(action: EffectFn) -> EffectFn:
        def run(state: State, player: int, card: int) -> None:
            held = state.zones[hand][player]
            if state.out_of_play and held:
                swaps.append(state.out_of_play[0])
                state.out_of_play, held[0] = [held[0]], state.out_of_play[0]
            action(state, player, card)

        return run

    coins = mechanic.suit_ids.index("coins")
    actions = list(mechanic.suit_actions)
    actions[coins] = swapping(actions[coins])
    changed = replace(mechanic, suit_actions=tuple(actions), wins_fill_hand=True)
    fast = replace(game, mechanic=changed, autoplay=changed)
    generic = replace(game, mechanic=changed, autoplay=None)
    for seed in (3, 4):  # 3 players: 17 cards each, one left out of every deal
        bots = ["random"] * 3
        assert play_game(fast, seed, 3, bots, record_actions=True) == play_game(
            generic, seed, 3, bots, record_actions=True
        )
    assert swaps
