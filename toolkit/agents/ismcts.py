"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Each iteration deals the hidden information anew consistently with what the bot has seen
(the mechanic's `determinize`: unseen hands, voids shown, hands passed in a draft; others'
hidden simultaneous choices are undone, never read), walks one shared tree with UCB using
availability counts, adds one node, plays on to the end of the round (at random, or greedily)
and values the position by each player's lead over their best rival, then backs it up. The
manifest's `bots.ismcts` tunes it per game: how many rounds to play on, the playout policy,
and whether to search only the few moves the game's own evaluation ranks best.
Actions that score alike (a card in different cells) share a node; of those, the bot plays
the one that leaves the most room for later moves (the mechanic's `options_left`). Deterministic
for a seed when limited by iterations; a time limit trades that for a bounded think time."""

from __future__ import annotations

import math
import random
import time

from toolkit.agents.greedy import GreedyBot
from toolkit.agents.legal import legal_moves
from toolkit.agents.room import roomiest
from toolkit.kernel.state import State

DEFAULT_ITERATIONS = 200
TIMED_ITERATIONS_CAP = 1_000_000
"""With a time limit and no iteration budget, the clock alone ends the search."""
EXPLORATION = 0.7
MARGIN_SCALE = 3.0
"""Points of lead that count as a near-certain win when valuing a position."""


class _Node:
    __slots__ = ("available", "children", "player", "reward", "visits")

    def __init__(self, player: int) -> None:
        self.player = player
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0


class IsmctsBot:
    name = "ismcts"

    def __init__(
        self, seed: int, iterations: int | None = None, seconds: float | None = None
    ) -> None:
        self.rng = random.Random(seed)
        if iterations is None:
            iterations = TIMED_ITERATIONS_CAP if seconds is not None else DEFAULT_ITERATIONS
        self.iterations = iterations
        self.seconds = seconds

    def choose(self, state: State, player: int) -> int:
        legal = legal_moves(state, player)
        if len(legal) == 1:
            return legal[0]
        game = state.game
        mechanic = game.mechanic
        root_groups = _groups(state, player, legal)
        if len(root_groups) == 1:
            return self.rng.choice(legal)
        settings = game.ismcts
        if settings.candidates and len(root_groups) > settings.candidates:
            # Search only the moves the game's own evaluation ranks best (a heuristic prior).
            ranked = sorted(
                root_groups,
                key=lambda key: -game.heuristic(mechanic.preview(state, player, key), player),
            )
            root_groups = {key: root_groups[key] for key in ranked[: settings.candidates]}
        root_groups = {key: roomiest(state, player, group) for key, group in root_groups.items()}
        root = _Node(-1)
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        for done in range(self.iterations):
            if deadline is not None and done > 8 and time.perf_counter() > deadline:
                break
            world = mechanic.determinize(state, player, self.rng)
            self._iterate(root, world, player, root_groups)
        best = max(
            root_groups,
            key=lambda key: (
                (root.children[key].visits, root.children[key].reward)
                if key in root.children
                else (-1, 0.0)
            ),
        )
        return self.rng.choice(root_groups[best])

    def _iterate(
        self, root: _Node, world: State, observer: int, root_groups: dict[int, list[int]]
    ) -> None:
        rng = self.rng
        node = root
        path = [root]
        first = True
        while not world.terminal:
            movers = world.to_move()
            mover = observer if first and observer in movers else movers[0]
            groups = root_groups if first else _groups(world, mover, legal_moves(world, mover))
            first = False
            untried = [key for key in groups if key not in node.children]
            for key in groups:
                child = node.children.get(key)
                if child is not None:
                    child.available += 1
            if untried:
                key = rng.choice(untried)
                child = _Node(mover)
                child.available = 1
                node.children[key] = child
                world.apply(mover, rng.choice(groups[key]))
                path.append(child)
                break
            key = max(groups, key=lambda k: _ucb(node.children[k]))
            node = node.children[key]
            world.apply(mover, rng.choice(groups[key]))
            path.append(node)
        settings = world.game.ismcts
        horizon = world.round + settings.playout_rounds
        playout = GreedyBot(rng.getrandbits(32)) if settings.playout == "greedy" else None
        while not world.terminal and world.round < horizon:
            for mover in world.to_move():
                if playout is not None:
                    world.apply(mover, playout.choose(world, mover))
                    continue
                groups = _groups(world, mover, legal_moves(world, mover))
                world.apply(mover, rng.choice(groups[rng.choice(list(groups))]))
        rewards = _rewards(world) if world.terminal else _estimate(world)
        for visited in path[1:]:
            visited.visits += 1
            visited.reward += rewards[visited.player]


def _groups(state: State, player: int, legal: list[int]) -> dict[int, list[int]]:
    """Legal actions grouped by what they score alike, keyed by their first member."""
    if len(legal) <= 1:
        return {action: [action] for action in legal}
    grouped = state.game.mechanic.equivalent_actions(state, player, legal)
    return {group[0]: group for group in grouped}


def _ucb(node: _Node) -> float:
    if node.visits == 0:
        return math.inf
    return node.reward / node.visits + EXPLORATION * math.sqrt(
        math.log(max(node.available, 1)) / node.visits
    )


def _estimate(state: State) -> list[float]:
    """Rewards of an unfinished game from the heuristic value of each player's position."""
    return _margins([state.game.heuristic(state, p) for p in range(state.n)])


def _rewards(state: State) -> list[float]:
    """Rewards of a finished game from its final totals."""
    sign = -1.0 if state.game.lowest_wins else 1.0
    return _margins([sign * total for total in state.scores().totals])


def _margins(values: list[float]) -> list[float]:
    """Each player's lead over the best of the others, squashed into 0-1 (0.5 for a tie):
    smoother than win or lose, so a few iterations already tell moves apart, and still
    about beating the strongest rival rather than scoring in a vacuum."""
    rewards = []
    for p, value in enumerate(values):
        best_other = max(v for q, v in enumerate(values) if q != p)
        rewards.append(0.5 + 0.5 * math.tanh((value - best_other) / MARGIN_SCALE))
    return rewards
