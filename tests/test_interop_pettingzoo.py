"""Every game as a PettingZoo AEC environment: PettingZoo's own API and seed tests on every
game in the repository, and the promises of docs/interop.md (hidden stays hidden, decisions,
illegal actions, rewards)."""

from __future__ import annotations

import re
import runpy
import warnings
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, seed_test

from toolkit.errors import OptionError
from toolkit.interop.pettingzoo import ToolkitEnv, env

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted((ROOT / "rules").glob("*.yaml")) + sorted(
    (ROOT / "tests" / "games").glob("*/rules/*.yaml")
)


def block(environment: ToolkitEnv, name: str) -> slice:
    for offset, part in environment.encoder.layout():
        if part.name == name:
            return slice(offset, offset + part.size)
    raise KeyError(name)


def play_out(environment: ToolkitEnv, seed: int) -> dict[str, float]:
    """Random legal play to the end; the rewards each agent was given."""
    rng = np.random.default_rng(seed)
    environment.reset(seed=seed)
    total = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        total[agent] += reward
        if terminated or truncated:
            environment.step(None)
        else:
            environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return total


@pytest.mark.parametrize("manifest", GAMES, ids=lambda p: p.stem)
def test_every_game_passes_the_pettingzoo_api_and_seed_tests(manifest: Path) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo's style hints for dict observations
        api_test(env(str(manifest)), num_cycles=8)
        seed_test(lambda: env(str(manifest)), num_cycles=8)


@pytest.mark.parametrize(
    ("game", "players"),
    [("midway-memories", 3), ("lantern-routes", 2), ("tide-pool-market", 4)],
)
def test_a_game_plays_to_its_end_and_rewards_the_winners(game: str, players: int) -> None:
    environment = env(game, players=players)
    rewards = play_out(environment, seed=3)
    state = environment.state
    assert state.terminal and environment.agents == []
    winners = set(state.scores().winners)
    expected = {f"player_{p}": 1.0 if p in winners else -1.0 for p in range(players)}
    if state.scores().decided_by == "shared":
        expected = {a: 0.0 if r > 0 else r for a, r in expected.items()}
    assert rewards == expected


def test_score_diff_rewards_are_each_total_against_the_others_mean() -> None:
    environment = env("tide-pool-market", players=3, reward="score-diff")
    rewards = play_out(environment, seed=5)
    totals = environment.state.scores().totals
    assert rewards["player_0"] == pytest.approx(totals[0] - (totals[1] + totals[2]) / 2)
    assert sum(rewards.values()) == pytest.approx(0.0)


def test_other_players_hands_are_counts_only() -> None:
    environment = env("cinder-tricks", players=4)
    environment.reset(seed=1)
    vector = environment.observe("player_0")["observation"]
    deck = environment.match.game.deck.size
    hands = vector[block(environment, "zone:hand")].reshape(4, deck + 1)
    assert hands[0, :deck].sum() == hands[0, deck] > 0  # one's own cards, and their count
    assert not hands[1:, :deck].any()  # nothing of the others' cards ...
    assert (hands[1:, deck] == hands[0, deck]).all()  # ... but how many they hold


def test_simultaneous_picks_stay_hidden_until_everyone_has_chosen() -> None:
    environment = env("oh-my-park", players=2)
    environment.reset(seed=2)
    assert environment.agent_selection == "player_0"
    before = environment.observe("player_1")["observation"].copy()
    mask = environment.observe("player_0")["action_mask"]
    environment.step(int(np.flatnonzero(mask)[0]))
    assert environment.agent_selection == "player_1"
    after = environment.observe("player_1")["observation"]
    changed = np.flatnonzero(before != after)
    to_move = block(environment, "to_move")
    assert changed.size and all(to_move.start <= i < to_move.stop for i in changed)


def test_a_staged_game_shows_the_turn_order_and_the_called_value_it_plays_by() -> None:
    """Kite Festival's swap reverses the order and a rainbow names a colour: an agent that
    reads only the vector still knows both."""
    environment = env("kite-festival", players=3)
    direction, called = block(environment, "direction"), block(environment, "called")
    rng = np.random.default_rng(4)
    seen = {"reversed": 0, "called": 0}
    for seed in range(4):
        environment.reset(seed=seed)
        for _agent in environment.agent_iter():
            observation, _, terminated, truncated, _ = environment.last()
            mech = environment.state.mech
            vector = observation["observation"]
            assert vector[direction][0] == mech.direction
            assert vector[called].sum() == len(mech.called)
            seen["reversed"] += mech.direction == -1
            seen["called"] += bool(mech.called)
            if terminated or truncated:
                environment.step(None)
            else:
                environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert seen["reversed"] and seen["called"]


def test_a_decision_is_answered_with_the_decline_and_index_ids() -> None:
    environment = env("midway-memories", players=2)
    environment.reset(seed=0)
    match, rng = environment.match, np.random.default_rng(0)
    while environment.state.pending is None:
        mask = environment.observe(environment.agent_selection)["action_mask"]
        environment.step(int(rng.choice(np.flatnonzero(mask))))
    pending = environment.state.pending
    legal = np.flatnonzero(environment.observe(environment.agent_selection)["action_mask"])
    cards = [a for a in pending.options if a >= 0]
    assert sorted(legal) == sorted(
        [match.ids.decline] * (-1 in pending.options) + [match.ids.mechanic + 1 + c for c in cards]
    )
    decision = environment.observe(environment.agent_selection)["observation"][
        block(environment, "decision")
    ]
    assert decision[0] == 1
    environment.step(int(match.ids.mechanic + 1 + cards[0]))
    assert (
        cards[0]
        in environment.state.zones[environment.match.game.zone("ridden").index][pending.player]
    )


def test_an_illegal_action_ends_the_game_with_minus_one_for_its_player() -> None:
    environment = env(str(GAMES[-2]), players=3)  # harbour-lights
    environment.reset(seed=4)
    agent = environment.agent_selection
    illegal = int(np.flatnonzero(environment.observe(agent)["action_mask"] == 0)[0])
    environment.step(illegal)
    assert all(environment.terminations.values())
    assert environment.rewards == {a: -1.0 if a == agent else 0.0 for a in environment.agents}
    assert environment.infos[agent] == {"illegal_action": illegal}


def bad_arguments() -> list[tuple[dict[str, Any], type[Exception], str]]:
    return [
        ({"players": 9}, ValueError, "2-5 players, not 9"),
        ({"reward": "points"}, ValueError, "reward must be one of win, score-diff"),
        ({"options": {"scoring-sides": "blue"}}, OptionError, "did you mean 'scoring-side'"),
    ]


@pytest.mark.parametrize(("arguments", "error", "words"), bad_arguments())
def test_bad_arguments_are_refused_in_words(
    arguments: dict[str, Any], error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=re.escape(words)):
        env("oh-my-park", **arguments)


def test_game_options_reach_the_game() -> None:
    environment = env("oh-my-park", options={"scoring-side": "blue"})
    environment.reset(seed=0)
    assert environment.state.options["scoring-side"] == "blue"


def test_every_block_and_every_games_sizes_are_documented() -> None:
    doc = (ROOT / "docs" / "interop.md").read_text(encoding="utf-8")
    rows = {line.split("|")[1].split()[0]: line for line in doc.splitlines() if line[:2] == "| "}
    for manifest in GAMES:
        environment = env(str(manifest))
        for _, part in environment.encoder.layout():
            name = part.name.split(":")[0]
            assert f"`{name}" in doc, f"{manifest.stem}: block {part.name} is not in the doc"
        sizes = f"| {environment.encoder.size} | {environment.match.ids.size} ("
        assert sizes in rows[manifest.stem], f"{manifest.stem}: the table of sizes is out of date"


def test_the_training_example_writes_its_learning_curve(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "curve.csv"
    script = ROOT / "examples" / "interop" / "train_tabular.py"
    arguments = ["--episodes", "20", "--block", "10", "--evaluate", "4", "--out", str(out)]
    monkeypatch.setattr("sys.argv", [str(script), *arguments])
    runpy.run_path(str(script), run_name="__main__")
    printed = capsys.readouterr().out
    assert "episodes   11-  20: win rate" in printed and "greedy learner vs random" in printed
    rows = out.read_text(encoding="utf-8").splitlines()
    assert rows[0] == "episodes,win_rate,mean_score_difference" and len(rows) == 3


def test_the_aec_order_is_kept_with_pettingzoos_own_errors() -> None:
    """Before `reset()`: PettingZoo's order-enforcing errors, not a missing attribute; after
    the end: its warning, and nothing done."""
    environment = env("midway-memories", players=3)
    for call, said in [
        (lambda: environment.step(0), "reset() needs to be called before step."),
        (lambda: environment.observe("player_0"), "reset() needs to be called before observe."),
        (lambda: environment.render(), "reset() needs to be called before render."),
        (lambda: environment.agent_iter(), "reset() needs to be called before agent_iter()."),
    ]:
        with pytest.raises(AssertionError, match=re.escape(said)):
            call()
    for name in ("agents", "agent_selection", "rewards", "num_agents"):
        with pytest.raises(AttributeError, match=f"{name} cannot be accessed before reset"):
            getattr(environment, name)
    with pytest.raises(AttributeError, match="has no attribute 'nothing'"):
        environment.nothing  # noqa: B018  # a plain missing attribute stays one
    play_out(environment, 3)
    assert environment.agents == []
    from pettingzoo.utils.env_logger import EnvLogger

    EnvLogger.flush()
    environment.step(None)
    environment.step(5)
    assert environment.agents == []
    assert (
        EnvLogger.mqueue
        == [
            "[WARNING]: step() called after all agents are terminated or truncated. "
            "Should reset() first."
        ]
        * 2
    )
    EnvLogger.flush()


def test_a_step_computes_the_legal_ids_once_however_often_the_agent_observes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    environment = env("tide-pool-market", players=3)
    environment.reset(seed=6)
    match = environment.match
    legal, asked = type(match).legal, []

    def counted(self: Any, state: Any, seat: int) -> list[int]:
        asked.append(seat)
        return legal(self, state, seat)

    monkeypatch.setattr(type(match), "legal", counted)
    rng = np.random.default_rng(6)
    for _ in range(20):
        asked.clear()
        agent = environment.agent_selection
        masks = [environment.observe(agent)["action_mask"] for _ in range(3)]
        assert all((mask == masks[0]).all() for mask in masks)
        environment.step(int(rng.choice(np.flatnonzero(masks[0]))))
        assert asked == [environment.possible_agents.index(agent)]
