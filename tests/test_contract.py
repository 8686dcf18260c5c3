"""The engine contract, checked on every game in the repository with seeded random play.

Every manifest under `rules/` (the shipped games) and `tests/games/*/rules/` (toy games that
declare card kinds and fields no shipped game has) is played at every supported player count.
A game is its seed, its options and its action list, so each property below is one reading of
that promise: random play ends within the game's action cap, someone can always move until the
end, the same seed and choices give the same transcript, a clone is independent of its
original, every score breakdown adds up to its total, and a recorded game replays to the same
scores, both by hand and through the toolkit's transcript files.

All the randomness of the test comes from seeded `random.Random` instances; the module-level
`random` functions are made to fail while a game is played, so an engine that used them would
be caught.
"""

from __future__ import annotations

import dataclasses
import json
import pickle
import random
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from entry_point import run_toolkit

from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.errors import ActionCapError
from toolkit.kernel.state import State
from toolkit.record.transcripts import (
    LoadedGame,
    game_lines,
    header,
    read_transcript,
    replay_game,
)
from toolkit.sim.runner import play_game

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted((ROOT / "rules").glob("*.yaml"))
TOYS = sorted((ROOT / "tests" / "games").glob("*/rules/*.yaml"))
SEEDS = (11, 2024, 777)
TOY_SEEDS = 2
"""Toy games (the vocabulary's coverage, several re-telling a shipped game) play the first
seeds only, at their fewest and most players: the shipped games carry the full sweep."""
PROBE_EVERY = 9
"""A clone is taken and played on every this many actions ..."""
PENDING_PROBES = 3
"""... and at the first few positions where a player must answer a choice."""
CLONE_STEPS = 12
"""Actions applied to each probe's clone."""
GLOBAL_RANDOM = ("random", "randrange", "randint", "choice", "choices", "shuffle", "sample")


def players_of(manifest: Path) -> list[int]:
    """The supported player counts, read from the manifest (collection must not compile);
    a toy game's fewest and most."""
    players = yaml.safe_load(manifest.read_text(encoding="utf-8"))["players"]
    if manifest in TOYS:
        return sorted({players["min"], players["max"]})
    return list(range(players["min"], players["max"] + 1))


def seeds_of(manifest: Path) -> tuple[int, ...]:
    return SEEDS[:TOY_SEEDS] if manifest in TOYS else SEEDS


CASES = [
    pytest.param(manifest, players, id=f"{manifest.stem}-{players}p")
    for manifest in [*SHIPPED, *TOYS]
    for players in players_of(manifest)
]


@cache
def compiled(manifest: Path) -> Game:
    _, game = load_compiled_game(str(manifest))
    return game


@cache
def loaded(manifest: Path) -> LoadedGame:
    return LoadedGame.load(str(manifest))


def action_cap(game: Game, players: int) -> int:
    """The most actions a game may take: its mechanic's cap, derived from the game's data."""
    return game.mechanic.max_actions(players)


def options_for(game: Game, index: int) -> dict[str, Any]:
    """The default options for the first seed, seeded random choices for the others."""
    if index == 0:
        return {}
    rng = random.Random(f"options/{game.id}/{index}")
    return {name: rng.choice(choices) for name, choices in sorted(game.option_choices.items())}


@dataclass
class Played:
    state: State
    actions: list[tuple[int, int]]
    probes: list[tuple[State, Any]]
    """Clones taken at a few points of the game, with a snapshot of the original then."""


def play_random(
    game: Game, seed: int, players: int, options: dict[str, Any], *, probe: bool = True
) -> Played:
    """Play to the end with seeded random choices, checking at every step that the players to
    move have legal actions and that the game stays within its action cap; with `probe`, a
    clone and a snapshot are taken at a few positions on the way."""
    rng = random.Random(f"moves/{seed}")
    state = game.new_state(seed, players, options)
    cap = action_cap(game, players)
    actions: list[tuple[int, int]] = []
    probes: list[tuple[State, Any]] = []
    pending_probes = 0
    while not state.is_terminal():
        assert len(actions) < cap, (
            f"{game.id} seed {seed}, {players} players: no end within {cap} actions "
            f"({state.summary()})"
        )
        movers = state.to_move()
        assert movers, f"{game.id} seed {seed}: nobody to move at action {len(actions)}"
        for player in movers:
            assert state.legal_actions(player), (
                f"{game.id} seed {seed}: player {player} must move but has no legal action "
                f"at action {len(actions)} ({state.summary()})"
            )
        pending = state.pending is not None and pending_probes < PENDING_PROBES
        if probe and (pending or len(actions) % PROBE_EVERY == 0):
            pending_probes += pending
            probes.append((state.clone(), snapshot(state)))
        player = rng.choice(movers)
        action = rng.choice(state.legal_actions(player))
        state.apply(player, action)
        actions.append((player, action))
    assert state.to_move() == ()
    assert all(state.legal_actions(p) == [] for p in range(players))
    return Played(state, actions, probes)


@pytest.fixture
def no_global_random(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The module-level `random` functions fail: the engine must use its state's generator."""

    def forbidden(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the engine used the module-level random generator")

    for name in GLOBAL_RANDOM:
        monkeypatch.setattr(random, name, forbidden)
    yield


def scores_of(state: State) -> tuple[Any, ...]:
    scores = state.scores()
    return scores.totals, scores.breakdown, scores.winners, scores.decided_by


def check_scores(state: State) -> None:
    """Every breakdown adds up to its total; the winners have the best total (the lowest
    when the lowest total wins)."""
    scores = state.scores()
    assert len(scores.totals) == len(scores.breakdown) == state.n
    for total, breakdown in zip(scores.totals, scores.breakdown, strict=True):
        assert total == sum(breakdown.values()), (total, breakdown)
    best = min(scores.totals) if state.game.lowest_wins else max(scores.totals)
    assert scores.winners and all(scores.totals[p] == best for p in scores.winners)


def snapshot(state: State) -> Any:
    """Everything the players can learn about a position, as plain data: a copy through
    pickle, which shares nothing with the state and is several times faster than
    `copy.deepcopy`."""
    return pickle.loads(
        pickle.dumps(
            (
                [state.observation(p) for p in range(state.n)],
                {p: state.legal_actions(p) for p in state.to_move()},
                state.scores().totals,
                state.is_terminal(),
            )
        )
    )


def check_clone_independent(state: State, seed: int) -> None:
    """A clone starts equal, and playing on it leaves the original as it was."""
    before = snapshot(state)
    other = state.clone()
    assert snapshot(other) == before
    rng = random.Random(f"clone/{seed}")
    steps = 0
    while not other.is_terminal() and steps < CLONE_STEPS:
        player = rng.choice(other.to_move())
        other.apply(player, rng.choice(other.legal_actions(player)))
        steps += 1
    assert steps > 0
    assert snapshot(state) == before


@pytest.mark.usefixtures("no_global_random")
@pytest.mark.parametrize(("manifest", "players"), CASES)
def test_random_play_keeps_the_engine_contract(manifest: Path, players: int) -> None:
    game = compiled(manifest)
    assert game.min_players <= players <= game.max_players
    for index, seed in enumerate(seeds_of(manifest)):
        options = options_for(game, index)
        first = play_random(game, seed, players, options)
        check_scores(first.state)

        # The same seed and the same random choices: the same transcript, whether or not
        # clones were taken on the way.
        again = play_random(game, seed, players, options, probe=False)
        assert again.actions == first.actions
        assert again.state.log == first.state.log
        assert scores_of(again.state) == scores_of(first.state)

        # Clones are independent of their originals, mid-game and at the end.
        assert first.probes, "no position was probed"
        for probe, then in first.probes:
            assert snapshot(probe) == then, "playing on changed a clone taken earlier"
            check_scores(probe)
            check_clone_independent(probe, seed)
        ended = first.state.clone()
        assert ended.is_terminal() and scores_of(ended) == scores_of(first.state)

        # The seed, the options and the actions replay to the same end.
        replayed = game.new_state(seed, players, options)
        for player, action in first.actions:
            assert player in replayed.to_move()
            replayed.apply(player, action)
        assert replayed.is_terminal()
        assert replayed.log == first.state.log
        assert scores_of(replayed) == scores_of(first.state)


@pytest.mark.parametrize(("manifest", "players"), CASES)
def test_a_recorded_game_replays_from_its_transcript(
    manifest: Path, players: int, tmp_path: Path
) -> None:
    """A game written as a JSON Lines transcript replays, through the toolkit's own reader
    and replay, to the recorded final scores."""
    game = loaded(manifest).game
    seed = SEEDS[0] + players
    played = play_random(game, seed, players, {}, probe=False)
    head = header(
        loaded(manifest),
        manifest=str(manifest),
        index=0,
        seed=seed,
        players=players,
        bots=["random"] * players,
        options=dict(game.option_defaults),
    )
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(game_lines(loaded(manifest), head, played.actions)) + "\n")
    (recorded,) = read_transcript(path)
    assert len(recorded.actions) == len(played.actions)
    assert recorded.end is not None and recorded.end["type"] == "scores"
    assert recorded.end["totals"] == list(played.state.scores().totals)
    result = replay_game(path, recorded, {})
    assert result.finished
    assert scores_of(result.state) == scores_of(played.state)
    assert result.as_json()["scores"]["totals"] == list(played.state.scores().totals)


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return run_toolkit(*args)


def test_there_are_toy_games() -> None:
    """The contract covers toy games beside the shipped ones (at least one of each mechanic)."""
    assert len(TOYS) >= 2 and len(SHIPPED) >= 2
    mechanics = {
        yaml.safe_load(m.read_text(encoding="utf-8"))["structure"]["mechanic"] for m in TOYS
    }
    assert mechanics >= {"trick_taking", "draft"}


@pytest.mark.parametrize("manifest", TOYS, ids=[m.stem for m in TOYS])
def test_toy_game_validates_and_simulates_through_the_cli(manifest: Path) -> None:
    validated = run_cli("validate", str(manifest))
    assert validated.returncode == 0, validated.stdout + validated.stderr
    assert "no problems" in validated.stdout

    simulated = run_cli(
        "simulate", str(manifest), "--games", "5", "--bots", "random", "--format", "json"
    )
    assert simulated.returncode == 0, simulated.stdout + simulated.stderr
    report = json.loads(simulated.stdout)
    assert report["arguments"]["game"] == manifest.stem
    assert report["arguments"]["games"] == 5
    assert sum(seat["wins"] for seat in report["seats"]) == pytest.approx(5)


def test_a_game_that_never_ends_stops_at_its_cap_with_its_seed() -> None:
    """The runner never hangs: past the mechanic's cap it raises the toolkit's error."""
    game = compiled(SHIPPED[0])

    class Capped:
        def __init__(self, inner: Any) -> None:
            self.inner = inner

        def max_actions(self, players: int) -> int:
            return 3

        def __getattr__(self, name: str) -> Any:
            return getattr(self.inner, name)

    capped = dataclasses.replace(game, mechanic=Capped(game.mechanic))
    with pytest.raises(ActionCapError, match="seed 11"):
        play_game(capped, 11, game.min_players, ["random"] * game.min_players)
