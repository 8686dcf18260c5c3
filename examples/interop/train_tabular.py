"""Tabular Q-learning (numpy only) against random bots, through the PettingZoo environment.

The learner sits at seat 0 of a two-player game; the other seat plays uniformly at random
among its legal actions. Its table holds one value per (situation, action id), where the
situation is only how many cards are in its hand (read from the observation vector): enough
for a draft, where each pick is mostly "which card is worth most now". Values are learnt by
every-visit Monte Carlo from the final reward (score difference); play is epsilon-greedy over
the legal actions (the action mask). Every block of episodes it prints the win rate, then it
compares greedy play against a random player at seat 0, and writes the curve as CSV.

    .venv/bin/python examples/interop/train_tabular.py --episodes 1000 --out curve.csv
"""

from __future__ import annotations

import argparse
import csv
import time
from pathlib import Path

import numpy as np

from toolkit.interop.pettingzoo import ToolkitEnv, env


def hand_count_slot(environment: ToolkitEnv, zone: str) -> int:
    """Where the observer's own card count of `zone` lies in the vector: the documented
    `zone:<id>` block starts with the observer's multi-hot, then its count."""
    for offset, block in environment.encoder.layout():
        if block.name == f"zone:{zone}":
            return offset + block.size // environment.match.players - 1
    raise ValueError(f"no player zone '{zone}' in this game")


def play(
    environment: ToolkitEnv,
    q: np.ndarray,
    hand: int,
    rng: np.random.Generator,
    epsilon: float,
    learner: bool = True,
) -> tuple[float, list[tuple[int, int]], bool]:
    """One game; the learner's reward, its (situation, action) pairs, and whether it won."""
    environment.reset(seed=int(rng.integers(2**62)))
    taken: list[tuple[int, int]] = []
    reward = 0.0
    for agent in environment.agent_iter():
        observation, step_reward, terminated, truncated, _ = environment.last()
        if agent == "player_0":
            reward += step_reward
        if terminated or truncated:
            environment.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        if agent == "player_0" and learner:
            situation = min(int(observation["observation"][hand]), q.shape[0] - 1)
            if rng.random() < epsilon:
                action = int(rng.choice(legal))
            else:
                values = q[situation, legal]
                action = int(legal[rng.choice(np.flatnonzero(values == values.max()))])
            taken.append((situation, action))
        else:
            action = int(rng.choice(legal))
        environment.step(action)
    winners = environment.state.scores().winners
    return reward, taken, winners == (0,)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="tide-pool-market")
    parser.add_argument("--hand", default="hand", help="the player zone whose count is the state")
    parser.add_argument("--episodes", type=int, default=1000)
    parser.add_argument("--block", type=int, default=100, help="episodes per curve point")
    parser.add_argument("--evaluate", type=int, default=200, help="greedy games at the end")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, help="write the learning curve here (CSV)")
    args = parser.parse_args()

    started = time.perf_counter()
    rng = np.random.default_rng(args.seed)
    environment = env(args.game, players=2, reward="score-diff")
    hand = hand_count_slot(environment, args.hand)
    q = np.zeros((32, environment.match.ids.size))
    visits = np.zeros_like(q)
    curve: list[tuple[int, float, float]] = []
    wins, rewards = 0, 0.0
    for episode in range(1, args.episodes + 1):
        epsilon = max(0.05, 1.0 - episode / (0.6 * args.episodes))
        reward, taken, won = play(environment, q, hand, rng, epsilon)
        for situation, action in taken:
            visits[situation, action] += 1
            q[situation, action] += (reward - q[situation, action]) / visits[situation, action]
        wins += won
        rewards += reward
        if episode % args.block == 0:
            curve.append((episode, wins / args.block, rewards / args.block))
            print(
                f"episodes {episode - args.block + 1:4}-{episode:4}: win rate "
                f"{wins / args.block:.2f}, mean score difference {rewards / args.block:+.1f} "
                f"(epsilon {epsilon:.2f})"
            )
            wins, rewards = 0, 0.0
    greedy = sum(play(environment, q, hand, rng, 0.0)[2] for _ in range(args.evaluate))
    baseline = sum(
        play(environment, q, hand, rng, 0.0, learner=False)[2] for _ in range(args.evaluate)
    )
    print(
        f"greedy learner vs random: win rate {greedy / args.evaluate:.2f} over {args.evaluate} "
        f"games; random vs random: {baseline / args.evaluate:.2f}"
    )
    print(f"{time.perf_counter() - started:.1f} s")
    if args.out is not None:
        with args.out.open("w", newline="", encoding="utf-8") as out:
            writer = csv.writer(out)
            writer.writerow(["episodes", "win_rate", "mean_score_difference"])
            writer.writerows(curve)


if __name__ == "__main__":
    main()
