"""Every shipped game as an OpenSpiel game: OpenSpiel's own random simulation test, an
OpenSpiel MCTS bot playing a game to its end, and what the game declares and hides."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from toolkit.interop.encoding import Encoder
from toolkit.interop.match import Match
from toolkit.interop.openspiel import register

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted(path.stem for path in (ROOT / "rules").glob("*.yaml"))
STAGED_TEST_GAMES = sorted((ROOT / "tests" / "games").glob("staged-*/rules/*.yaml"))


@pytest.mark.parametrize("game", SHIPPED)
def test_openspiel_random_simulation_passes_for_every_shipped_game(game: str) -> None:
    pyspiel.random_sim_test(register(game), num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("manifest", STAGED_TEST_GAMES, ids=lambda p: p.stem)
def test_openspiel_random_simulation_passes_for_the_staged_test_games(manifest: Path) -> None:
    pyspiel.random_sim_test(register(manifest), num_sims=1, serialize=False, verbose=False)


def test_an_openspiel_mcts_bot_plays_a_game_to_its_end() -> None:
    game = register("oh-my-park", players=2)
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=8,
        evaluator=mcts.RandomRolloutEvaluator(1, rng),
        random_state=rng,
    )
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rng.randint(len(state.chance_outcomes()))))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    returns = state.returns()
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


def test_the_game_info_comes_from_the_compiled_game() -> None:
    register("tide-pool-market")
    game = pyspiel.load_game("toolkit_tide_pool_market(players=4)")
    match = Match("tide-pool-market", players=4)
    assert game.num_players() == 4
    assert game.num_distinct_actions() == match.ids.size
    assert game.max_game_length() == match.cap
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    assert game.observation_tensor_size() == Encoder(match).size
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC


def test_the_deal_is_the_only_chance_node_and_no_player_sees_it() -> None:
    game = register("midway-memories", players=2)
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 1 << 16
    state.apply_action(1234)
    assert not state.is_chance_node()
    assert "1234" not in state.information_state_string(0)
    assert state.observation_string(0) != state.observation_string(1)  # each sees its hand


def test_a_hidden_pick_leaves_the_others_information_states_unchanged() -> None:
    game = register("oh-my-park", players=3)
    state = game.new_initial_state()
    state.apply_action(7)
    state.apply_action(state.legal_actions()[0])  # seat 0 picks
    first, second = state.clone(), state.clone()
    legal = state.legal_actions()
    picks = [a for a in legal if a // 2 != legal[0] // 2]  # another card than the first
    first.apply_action(legal[0])
    second.apply_action(picks[0])
    for player in (0, 2):
        assert first.information_state_string(player) == second.information_state_string(player)
        assert first.observation_tensor(player) == second.observation_tensor(player)
    assert first.information_state_string(1) != second.information_state_string(1)


def test_a_deal_out_of_range_and_a_move_after_the_end_are_openspiel_errors() -> None:
    game = register("midway-memories", players=3)
    state = game.new_initial_state()
    with pytest.raises(pyspiel.SpielError, match="deal 1000000000 is not one of"):
        state.apply_action(10**9)
    state.apply_action(0)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.legal_actions() == []
    with pytest.raises(pyspiel.SpielError, match="after the end of the game"):
        state.apply_action(0)
