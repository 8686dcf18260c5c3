"""Every shipped game as an OpenSpiel game: OpenSpiel's own random simulation test, an
OpenSpiel MCTS bot playing a game to its end, and what the game declares and hides."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pyspiel")

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from toolkit.interop.chance import Digits
from toolkit.interop.encoding import Encoder
from toolkit.interop.match import Match
from toolkit.interop.openspiel import DEALS, register
from toolkit.kernel.state import State

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


def deal(state: Any, seed: int) -> None:
    """Play the chance nodes that deal engine seed `seed`: its digits, most significant
    first."""
    digits = Digits(DEALS)
    for node in range(digits.nodes):
        state.apply_action(seed // digits.block(node) % digits.radix)


def test_the_deal_is_a_few_small_chance_nodes_and_no_player_sees_it() -> None:
    game = register("midway-memories", players=2)
    assert game.max_chance_outcomes() == 16
    state = game.new_initial_state()
    nodes = 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert outcomes == [(digit, 1 / 16) for digit in range(16)]
        assert state.legal_actions() == list(range(16))
        assert state.observation_string(0) == "player 0, before the deal"
        state.apply_action((0x1234 >> 4 * (3 - nodes)) & 15)
        nodes += 1
    assert nodes == game.max_chance_nodes_in_history() == 4
    assert state.history() == [1, 2, 3, 4]
    engine = Match("midway-memories", players=2).new_state(0x1234)
    assert str(state) == engine.summary()
    assert state.legal_actions() == sorted(engine.legal_actions(state.current_player()))
    assert str(0x1234) not in state.information_state_string(0)
    assert state.observation_string(0) != state.observation_string(1)  # each sees its hand


def test_fewer_deals_keep_every_seed_equally_likely() -> None:
    game = register("midway-memories", players=2, deals=1000)  # 16**3 > 1000 > 16**2
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(0, 0.256), (1, 0.256), (2, 0.256), (3, 0.232)]
    state.apply_action(3)  # seeds 768..999 are left
    assert [digit for digit, _ in state.chance_outcomes()] == list(range(15))
    state.apply_action(14)  # 992..999
    assert state.chance_outcomes() == [(digit, 1 / 8) for digit in range(8)]
    with pytest.raises(pyspiel.SpielError, match="deal digit 8 is not an outcome"):
        state.apply_action(8)
    state.apply_action(7)
    assert str(state) == Match("midway-memories", players=2).new_state(999).summary()
    register("midway-memories", players=2)  # the default deals again, for the other tests


def test_a_hidden_pick_leaves_the_others_information_states_unchanged() -> None:
    game = register("oh-my-park", players=3)
    state = game.new_initial_state()
    deal(state, 7)
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
    with pytest.raises(pyspiel.SpielError, match="deal digit 16 is not an outcome"):
        state.apply_action(16)
    deal(state, 0)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.legal_actions() == []
    with pytest.raises(pyspiel.SpielError, match="after the end of the game"):
        state.apply_action(0)


def test_the_observation_tensor_is_the_vector_of_the_same_position() -> None:
    """Written in place into OpenSpiel's tensor, position after position: nothing of an
    earlier position stays in it."""
    game = register("lantern-routes", players=3)
    encoder = Encoder(Match("lantern-routes", players=3))
    state = game.new_initial_state()
    deal(state, 11)
    rng = np.random.RandomState(2)
    for _ in range(40):
        for player in range(3):
            expected = encoder.encode(state.run.state, player)
            assert np.array_equal(np.asarray(state.observation_tensor(player)), expected)
        state.apply_action(int(rng.choice(state.legal_actions())))


def test_a_step_asks_the_engine_once_for_the_player_and_the_legal_ids(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """OpenSpiel asks for the player to act and the legal actions many times a step, from
    C++ and from Python; the engine is asked once for each, and a move is not checked
    against the legal actions before the engine's own check in `apply`."""
    asked: Counter[str] = Counter()
    legal, to_move = State.legal_actions, State.to_move

    def counted_legal(state: State, seat: int) -> list[int]:
        asked["legal actions"] += 1
        return legal(state, seat)

    def counted_to_move(state: State) -> tuple[int, ...]:
        asked["player to act"] += 1
        return to_move(state)

    monkeypatch.setattr(State, "legal_actions", counted_legal)
    monkeypatch.setattr(State, "to_move", counted_to_move)
    game = register("midway-memories", players=3)
    state = game.new_initial_state()
    deal(state, 5)
    rng = np.random.RandomState(5)
    for _ in range(60):
        asked.clear()
        for _ in range(3):
            cpp = pyspiel.State.legal_actions(state)  # OpenSpiel's C++ path
            assert cpp == state.legal_actions()  # the Python path
            assert pyspiel.State.current_player(state) == state.current_player() >= 0
            assert not pyspiel.State.is_chance_node(state) and not state.is_terminal()
        state.apply_action(int(rng.choice(cpp)))
        assert asked == {"legal actions": 1, "player to act": 1}
