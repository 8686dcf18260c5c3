"""Midway Memories, properties over many bot games: every game ends legally and consistently.

Random bots play 1,000 games per player count; every step is checked against invariants
(coins conserved, tracks in range) and every ride choice against an independent reading of
the ride rules. Transcripts are reproducible from the seed, in this process and in another.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from toolkit.agents import make_bot
from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.kernel.events import NothingToChoose, RoundEnded
from toolkit.kernel.state import DECLINE, State
from toolkit.mechanics.trick_taking.events import TrickWon

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "rules" / "midway-memories.yaml"
COIN_VALUE = 80  # 25 x $1 + 10 x $3 + 5 x $5
MAX_ACTIONS = 1000  # a game has at most 5 x 52 card plays plus one choice per trick
GAMES_PER_COUNT = 60
"""Random games per player count: a decline turns up by the third game at every count, and
rides outnumber games even at five players (90 in 60 games)."""
TRANSCRIPT_SEED = 12345


@pytest.fixture(scope="module")
def game() -> Game:
    _, compiled = load_compiled_game(str(MANIFEST))
    return compiled


# -- an independent reading of the rules ---------------------------------------------------


class Rules:
    """The rule text's ride and trick rules, written again from the text for cross-checking."""

    def __init__(self, game: Game) -> None:
        table = game.tables["attractions"]
        self.level = table.fields["level"]
        self.cost = table.fields["cost"]
        self.requires = table.fields["requires"]
        self.coins = game.resource_index("coins")
        self.fame = game.track_index("fame")
        self.joy = game.track_index("joy")
        self.sadness = game.track_index("sadness")
        self.hand = game.zone("hand").index
        self.ridden = game.zone("ridden").index
        self.display = game.zone("display").index
        self.suit = game.deck.fields["suit"]
        self.rank = game.deck.fields["rank"]
        self.ranges = [(self.fame, 0, 12), (self.joy, 0, 12), (self.sadness, 0, 10)]

    def price(self, state: State, player: int, attraction: int) -> int:
        discount = 1 if state.track[player][self.fame] >= 8 else 0
        return max(0, self.cost[attraction] - discount)

    def legal_rides(self, state: State, player: int) -> list[int]:
        owned = state.zones[self.ridden][player]
        levels = {self.level[a] for a in owned}
        every_level = levels >= {1, 2, 3}
        fame, joy = state.track[player][self.fame], state.track[player][self.joy]
        return [
            a
            for a in state.shared[self.display]
            if a not in owned
            and (every_level or self.level[a] not in levels)
            and self.price(state, player, a) <= state.res[player][self.coins]
            and fame >= self.requires[a]["fame"]
            and joy >= self.requires[a]["joy"]
        ]

    def trick_winner(self, plays: list[tuple[int, int]]) -> tuple[int, int]:
        led = self.suit[plays[0][1]]
        return max((p for p in plays if self.suit[p[1]] == led), key=lambda p: self.rank[p[1]])


# -- playing and checking -------------------------------------------------------------------


def check_invariants(state: State, rules: Rules) -> None:
    coins = [state.res[p][rules.coins] for p in range(state.n)]
    assert min(coins) >= 0 and state.supply[rules.coins] >= 0, (coins, state.supply)
    assert sum(coins) + state.supply[rules.coins] == COIN_VALUE, (coins, state.supply)
    for player in range(state.n):
        for track, low, high in rules.ranges:
            assert low <= state.track[player][track] <= high, (player, state.track[player])


def check_step(state: State, rules: Rules, player: int, action: int) -> Callable[[], None]:
    """Look at a step before it is applied; returns the check to run after it."""
    log_start = len(state.log)
    pending = state.pending
    if pending is not None:
        # A ride choice: exactly the legal rides (plus declining) are offered.
        assert pending.player == player
        assert pending.options == [*rules.legal_rides(state, player), DECLINE]
        coins = state.res[player][rules.coins]
        price = rules.price(state, player, action) if action != DECLINE else 0
        sadness = state.track[player][rules.sadness]

        def after_choice() -> None:
            if any(isinstance(e, RoundEnded) for e in state.log[log_start:]):
                return  # cleanup moved coins and Sadness too
            if action == DECLINE:
                assert state.track[player][rules.sadness] == min(10, sadness + 1)
            else:
                assert state.res[player][rules.coins] == coins - price
                assert state.zones[rules.ridden][player][-1] == action
            assert state.track[player][rules.sadness] >= sadness

        return after_choice
    plays = state.mech.plays
    if len(plays) < state.n - 1:
        return lambda: None
    winner, card = rules.trick_winner([*plays, (player, action)])
    rides = rules.legal_rides(state, winner) if rules.suit[card] == "tickets" else []
    sadness = state.track[winner][rules.sadness]

    def after_trick() -> None:
        assert state.log[log_start + 1] == TrickWon(winner, card)
        if rules.suit[card] != "tickets":
            return
        if rides:
            assert state.pending is not None and state.pending.player == winner
        else:
            assert state.pending is None
            assert NothingToChoose(winner, "attractions") in state.log[log_start:]
            if not any(isinstance(e, RoundEnded) for e in state.log[log_start:]):
                assert state.track[winner][rules.sadness] == sadness

    return after_trick


def check_acquisitions(state: State, rules: Rules) -> None:
    """Re-check every ride in order: never twice, one per level until all three levels."""
    owned: list[list[int]] = [[] for _ in range(state.n)]
    display = state.shared[rules.display]
    for zone, player, attraction, _turn in state.stats.acquired:
        assert zone == rules.ridden and attraction in display
        mine = owned[player]
        assert attraction not in mine, "ridden twice"
        levels = {rules.level[a] for a in mine}
        if levels < {1, 2, 3}:
            assert rules.level[attraction] not in levels, "second ride of a level too early"
        mine.append(attraction)
    assert owned == state.zones[rules.ridden]


def check_end(state: State, rules: Rules) -> None:
    assert state.is_terminal() and state.to_move() == ()
    assert [e for e in state.log if isinstance(e, RoundEnded)] == [
        RoundEnded(r) for r in range(1, 6)
    ]
    assert not any(state.zones[rules.hand])
    check_acquisitions(state, rules)
    scores = state.scores()
    for total, parts in zip(scores.totals, scores.breakdown, strict=True):
        assert total == sum(parts.values())
    best = max(scores.totals)
    assert scores.winners and all(scores.totals[p] == best for p in scores.winners)
    if scores.totals.count(best) == 1:
        assert scores.decided_by == "points"
    assert (len(scores.winners) > 1) == (scores.decided_by == "shared")


def play_checked(game: Game, rules: Rules, seed: int, players: int, bot: str) -> State:
    state = game.new_state(seed, players)
    agents = [make_bot(bot, seed * 10 + p) for p in range(players)]
    check_invariants(state, rules)
    for _ in range(MAX_ACTIONS):
        if state.is_terminal():
            break
        (player,) = state.to_move()
        action = agents[player].choose(state, player)
        after = check_step(state, rules, player, action)
        state.apply(player, action)
        after()
        check_invariants(state, rules)
    else:
        pytest.fail(f"seed {seed}, {players} players: no end after {MAX_ACTIONS} actions")
    check_end(state, rules)
    return state


def play_plain(game: Game, seed: int, players: int) -> State:
    """Play with random bots and no checks (for transcripts)."""
    state = game.new_state(seed, players)
    agents = [make_bot("random", seed * 10 + p) for p in range(players)]
    while not state.is_terminal():
        (player,) = state.to_move()
        state.apply(player, agents[player].choose(state, player))
    return state


# -- the properties -------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_legally_with_coins_conserved(game: Game, players: int) -> None:
    """Random games at each player count: they end, coins are conserved, tracks stay in
    range, rides are legal."""
    rules = Rules(game)
    rides = declines = 0
    for seed in range(GAMES_PER_COUNT):
        state = play_checked(game, rules, seed, players, "random")
        rides += len(state.stats.acquired)
        declines += state.stats.declined
    assert rides > GAMES_PER_COUNT and declines > 0  # the ride rules were exercised


def test_greedy_games_end_legally(game: Game) -> None:
    """A few games between greedy bots end legally too."""
    rules = Rules(game)
    for seed in range(20):
        play_checked(game, rules, seed, 2 + seed % 4, "greedy")


def test_same_seed_gives_the_same_transcript(game: Game) -> None:
    """A game is fully determined by its seed and actions: that pair is the replay format."""
    first = play_plain(game, TRANSCRIPT_SEED, 4).log
    second = play_plain(game, TRANSCRIPT_SEED, 4).log
    assert first == second
    assert play_plain(game, TRANSCRIPT_SEED + 1, 4).log != first


TRANSCRIPT_SCRIPT = """
import sys
from toolkit.agents import make_bot
from toolkit.engine.load import load_compiled_game

_, game = load_compiled_game(sys.argv[1])
seed = int(sys.argv[2])
state = game.new_state(seed, 4)
agents = [make_bot("random", seed * 10 + p) for p in range(4)]
while not state.is_terminal():
    (player,) = state.to_move()
    state.apply(player, agents[player].choose(state, player))
for event in state.log:
    print(repr(event))
"""


@pytest.mark.parametrize("hash_seed", ["0", "4242"])
def test_same_seed_gives_the_same_transcript_in_another_process(game: Game, hash_seed: str) -> None:
    """The transcript does not depend on the process (nor on string hash randomisation)."""
    result = subprocess.run(
        [sys.executable, "-c", TRANSCRIPT_SCRIPT, str(MANIFEST), str(TRANSCRIPT_SEED)],
        cwd=ROOT,
        env={**os.environ, "PYTHONHASHSEED": hash_seed},
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    here = [repr(event) for event in play_plain(game, TRANSCRIPT_SEED, 4).log]
    assert result.stdout.splitlines() == here
