"""Any game of the project as a PettingZoo AEC environment.

`env("oh-my-park", players=3)` gives agents `player_0 .. player_{n-1}`; each observes a dict
with `observation` (the fixed-length float32 vector of `encoding`) and `action_mask` (int8 over
the match's action ids, see `match`). Rewards come at the end only. An illegal action ends the
game with -1 for the player who made it and 0 for the others, as PettingZoo's classic games do.
Simultaneous choices (a draft's picks) are asked one agent at a time; the engine keeps each
hidden until all have chosen. `reset(seed=s)` plays the deal of engine seed `s`; without a
seed, the next deal of the seed given to `env` (or of a random one).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils.env_logger import EnvLogger
except ImportError as missing:  # pragma: no cover - depends on the extras installed
    raise ImportError(
        f"{missing.name} is not installed: install the rl extra (pip install -e '.[rl]')"
    ) from missing

from toolkit.engine.compiled import Game
from toolkit.errors import IllegalActionError
from toolkit.interop.encoding import Encoder
from toolkit.interop.match import Match, Reward
from toolkit.kernel.state import State

OBSERVATION_BOUND = float(2**31)
"""Every slot of an observation vector lies within +-this (counts, positions, scores)."""
SET_BY_RESET = frozenset(
    {"rewards", "terminations", "truncations", "infos", "agent_selection", "num_agents", "agents"}
)
"""What PettingZoo's order-enforcing wrapper refuses to read before `reset()`."""


class ToolkitEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """One game at one player count as an AEC environment."""

    def __init__(self, match: Match, seed: int | None = None, render_mode: str | None = None):
        super().__init__()
        self.match = match
        self.encoder = Encoder(match)
        self.render_mode = render_mode
        self.metadata = {
            "render_modes": ["ansi", "human"],
            "name": f"toolkit_{match.game.id}",
            "is_parallelizable": False,
        }
        self.possible_agents = [f"player_{p}" for p in range(match.players)]
        size = match.ids.size
        observation = spaces.Dict(
            {
                "observation": spaces.Box(
                    -OBSERVATION_BOUND, OBSERVATION_BOUND, (self.encoder.size,), np.float32
                ),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            }
        )
        self._observation_spaces = {a: observation for a in self.possible_agents}
        self._action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self._seeds = random.Random(seed)
        self.state: State = match.new_state(0)
        self.steps = 0
        self._legal: list[int] | None = None
        """The selected agent's legal ids in this step, once asked for."""
        self._has_reset = False

    def __getattr__(self, name: str) -> Any:
        """Called only for what is missing: before `reset()`, PettingZoo's own message."""
        if name in SET_BY_RESET and not self.__dict__.get("_has_reset", False):
            raise AttributeError(f"{name} cannot be accessed before reset")
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: engine seed `seed`, or the next of this environment's own seeds. Game
        options are given to `env()`; `options` here are not read."""
        if seed is not None:
            self._seeds = random.Random(seed)
        self.state = self.match.new_state(self._seeds.getrandbits(63))
        self.steps = 0
        self._has_reset = True
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        self._legal = None
        seat = self.match.current(self.state)
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def _legal_ids(self, seat: int) -> list[int]:
        """The selected agent's legal ids, computed once a step however often it observes."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self.match.legal(self.state, seat)
        return legal

    def observe(self, agent: str) -> dict[str, Any]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        seat = self._seat(agent)
        mask = np.zeros(self.match.ids.size, np.int8)
        if agent == self.agent_selection and not self.terminations.get(agent, True):
            mask[self._legal_ids(seat)] = 1
        return {"observation": self.encoder.encode(self.state, seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        """The AEC order, as PettingZoo's order-enforcing wrapper keeps it: an error before
        `reset()`, a warning (and nothing done) once every agent is done."""
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        seat = self._seat(agent)
        try:
            self.match.apply(self.state, seat, int(action))
        except IllegalActionError:
            self.rewards[agent] = -1.0
            self.terminations = dict.fromkeys(self.agents, True)
            self.infos[agent] = {"illegal_action": int(action)}
        else:
            self.steps += 1
            self._legal = None
            if self.state.terminal:
                for player, reward in enumerate(self.match.rewards(self.state)):
                    self.rewards[self.possible_agents[player]] = reward
                self.terminations = dict.fromkeys(self.agents, True)
            elif self.steps >= self.match.cap:
                # Past the game's action cap: a bug in rules or interpreter, never a real end.
                self.truncations = dict.fromkeys(self.agents, True)
            else:
                self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            print(self.render())

    def render(self) -> str:
        """The engine's one-line summary of the position."""
        if not self._has_reset:
            EnvLogger.error_render_before_reset()
        return self.state.summary()

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return super().agent_iter(max_iter)

    def close(self) -> None:
        """Nothing to release: a game is plain data."""


def env(
    game: str | Path | Game,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    reward: Reward = "win",
    seed: int | None = None,
    render_mode: str | None = None,
) -> ToolkitEnv:
    """The AEC environment of a game id from rules/ or a manifest path (as the CLI takes
    them), at `players` players (the fewest the game allows by default), with game `options`
    and final rewards by `win` (+1/-1, 0 for a shared win) or `score-diff`."""
    return ToolkitEnv(Match(game, players, options, reward), seed, render_mode)
