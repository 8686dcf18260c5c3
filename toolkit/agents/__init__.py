"""Bots that play any game through the engine contract, and the registry that names them."""

from __future__ import annotations

from collections.abc import Callable

from toolkit.agents.greedy import GreedyBot
from toolkit.agents.random_bot import RandomBot
from toolkit.engine.state import State

Agent = RandomBot | GreedyBot

BOTS: dict[str, Callable[[int], Agent]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
}


def make_bot(name: str, seed: int) -> Agent:
    return BOTS[name](seed)


__all__ = ["BOTS", "Agent", "GreedyBot", "RandomBot", "State", "make_bot"]
