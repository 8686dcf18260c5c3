"""Positions as data: any game of every mechanic saved, read back and played on exactly; a
hand-written position checked like content; play, simulate and score from one."""

from __future__ import annotations

import json
import os
import pickle
import random
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from entry_point import run_toolkit

from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.engine.position_load import read_position, state_from_text
from toolkit.engine.position_save import position_text, save_position
from toolkit.errors import ContentError
from toolkit.kernel.state import State
from toolkit.mechanics.trick_taking import machine

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = (
    "midway-memories",
    "oh-my-park",
    "cinder-tricks",
    "lamplight-wagers",
    "tide-pool-market",
    "lantern-routes",
    "twin-keepers",
)


def _random_game(game: Game, seed: int) -> tuple[int, list[tuple[int, int]]]:
    """A random game's player count and its moves, stopped at a random decision."""
    rng = random.Random(seed)
    players = rng.randint(game.min_players, game.max_players)
    state = game.new_state(seed, players)
    stop = rng.randint(0, 300)
    moves: list[tuple[int, int]] = []
    while not state.terminal and len(moves) < stop:
        player = state.to_move()[0]
        action = rng.choice(state.legal_actions(player))
        state.apply(player, action)
        moves.append((player, action))
    return players, moves


def _loaded(game: Game, text: str) -> tuple[State, list[tuple[int, int]]]:
    _, state, moves, problems = read_position(game, Path("saved.yaml"), text=text)
    assert state is not None, [str(p) for p in problems]
    return state, moves


@pytest.mark.parametrize("game_id", SHIPPED)
def test_saved_positions_load_save_identically_and_play_on_exactly(game_id: str) -> None:
    _, game = load_compiled_game(game_id)
    for seed in range(8):
        players, moves = _random_game(game, seed)

        def fresh(seed: int = seed, players: int = players) -> State:
            return game.new_state(seed, players)

        text = position_text(save_position(game, fresh, moves))
        base, after = _loaded(game, text)
        again = position_text(save_position(game, lambda base=base: base.clone(), after))
        assert again == text  # save, load, save: the same bytes
        original = fresh()
        for player, action in moves:
            original.apply(player, action)
        loaded = base.clone()
        for player, action in after:
            loaded.apply(player, action)
        rng = random.Random(seed)
        while not original.terminal:
            assert loaded.to_move() == original.to_move()
            player = original.to_move()[0]
            legal = original.legal_actions(player)
            assert loaded.legal_actions(player) == legal
            action = rng.choice(legal)
            original.apply(player, action)
            loaded.apply(player, action)
        assert loaded.terminal
        assert loaded.scores() == original.scores()


def _write(tmp_path: Path, text: str, name: str = "position.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


CINDER = """\
kind: position
game: cinder-tricks
to_move: [2]
players:
  - {name: Ann, zones: {hand: [bellows-5, tongs-9, anvils-J]}}
  - {name: Bob, zones: {hand: [bellows-K, embers-4, tongs-J, anvils-7]}}
  - {name: Cy, zones: {hand: 4}}
  - {name: Di, zones: {hand: 4}}
play:
  trick: [bellows-9]
  trick_number: 10
  broken: true
"""

PASSING = """\
kind: position
game: cinder-tricks
to_move: [3]
players:
  - {name: Ann, zones: {hand: 13}}
  - {name: Bob, zones: {hand: 13}}
  - {name: Cy, zones: {hand: 13}}
  - {name: Di, zones: {hand: 13}}
play: {phase: passing}
"""


def test_score_takes_a_position_in_progress(tmp_path: Path) -> None:
    result = run_toolkit("score", "cinder-tricks", _write(tmp_path, CINDER), "--format", "json")
    assert result.returncode == 0, result.stderr
    players = json.loads(result.stdout)["players"]
    assert [p["name"] for p in players] == ["Ann", "Bob", "Cy", "Di"]


@pytest.mark.parametrize(
    ("change", "line", "column", "message", "hint"),
    [
        ("bellows-5", 5, 32, "unknown card 'belows-5'", "did you mean 'bellows-5'?"),
        ("tongs-J, anvils-7", 10, 11, "'bellows-9' is also at players.2.zones.hand.4", "remove"),
        ("to_move", 3, 10, "it is player 1's decision now, not player 3's", "to_move: [1]"),
    ],
)
def test_a_wrong_position_is_reported_at_its_place(
    tmp_path: Path, change: str, line: int, column: int, message: str, hint: str
) -> None:
    text = {
        "bellows-5": CINDER.replace("bellows-5", "belows-5"),
        "tongs-J, anvils-7": CINDER.replace("tongs-J, anvils-7", "tongs-J, bellows-9"),
        "to_move": PASSING,
    }[change]
    path = _write(tmp_path, text)
    result = run_toolkit("score", "cinder-tricks", path)
    assert result.returncode == 1
    assert f"{path}:{line}:{column}:" in result.stderr + result.stdout
    assert message in result.stderr + result.stdout
    assert hint in result.stderr + result.stdout


def test_a_count_the_rules_forbid_is_refused(tmp_path: Path) -> None:
    path = _write(
        tmp_path, CINDER.replace("{hand: 4}}\n  - {name: Di", "{hand: 6}}\n  - {name: Di")
    )
    result = run_toolkit("score", "cinder-tricks", path)
    assert result.returncode == 1
    assert f"{path}:7:" in result.stderr
    assert "player 3 holds 6 cards at trick" in result.stderr


def test_a_play_that_broke_follow_suit_is_refused(tmp_path: Path) -> None:
    text = (
        CINDER.replace("trick: [bellows-9]", "trick: [bellows-9, embers-4]")
        .replace("to_move: [2]", "to_move: [3]")
        .replace("bellows-K, embers-4, tongs-J", "bellows-K, tongs-J")
    )
    result = run_toolkit("score", "cinder-tricks", _write(tmp_path, text))
    assert result.returncode == 1
    assert "player 2 played embers-4 but holds Bellows: they had to follow suit" in result.stderr


def _simulate_from(path: Path, *more: str) -> str:
    result = run_toolkit("simulate", "cinder-tricks", "--from", path, "--games", "12", "--bots",
                         "random", "--format", "json", *more)  # fmt: skip
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_simulate_from_a_position_is_the_same_on_any_number_of_workers(tmp_path: Path) -> None:
    path = _write(tmp_path, CINDER)
    one = _simulate_from(path, "--workers", "1")
    assert _simulate_from(path, "--workers", "2") == one
    assert _simulate_from(path, "--workers", "1") == one  # and again: reproducible
    summary = json.loads(one)
    assert summary["arguments"]["from"] == str(path)
    assert summary["arguments"]["players"] == 4
    assert summary["arguments"]["games"] == 12
    assert all(seat["score_sd"] > 0 for seat in summary["seats"])  # each game dealt anew


def test_simulate_from_a_position_on_dask_is_the_same_as_locally(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    path = _write(tmp_path, CINDER)
    dask = _simulate_from(path, "--executor", "dask", "--scheduler", "local:1")
    assert dask == _simulate_from(path, "--workers", "1")


def test_workers_get_the_positions_bytes_not_a_path_or_a_state(tmp_path: Path) -> None:
    from toolkit.sim.from_position import PositionSource
    from toolkit.sim.sources import BundleSource, PathSource

    path = _write(tmp_path, CINDER)
    source = PositionSource(
        PathSource(str(ROOT / "rules/cinder-tricks.yaml")), "position.yaml", path.read_bytes()
    )
    shipped = source.portable()
    assert isinstance(shipped.game, BundleSource)
    assert shipped.data == CINDER.encode()
    assert pickle.loads(pickle.dumps(shipped)) == shipped


def test_simulate_from_refuses_options_and_another_player_count(tmp_path: Path) -> None:
    path = _write(tmp_path, CINDER)
    result = run_toolkit("simulate", "cinder-tricks", "--from", path, "--players", "5")
    assert result.returncode == 2
    assert "the position has 4 players, not 5" in result.stderr


def test_play_saves_the_position_and_goes_on_from_it(tmp_path: Path) -> None:
    project = tmp_path / "project"
    for folder in ("rules", "cards", "print"):
        shutil.copytree(ROOT / folder, project / folder)
    played = run_toolkit("play", "cinder-tricks", "--seed", "4", cwd=project, stdin="s\n1\nq\n")
    assert played.returncode == 0, played.stderr
    saved = project / "build" / "play" / "cinder-tricks-position.yaml"
    assert f"position saved to {saved.relative_to(project)}" in played.stdout
    text = saved.read_text()
    assert text.startswith("# A position of a game, written by toolkit")
    again = run_toolkit("play", "cinder-tricks", "--from", saved, cwd=project, stdin="1\nq\n")
    assert again.returncode == 0, again.stderr
    resaved = project / "build" / "play" / "cinder-tricks-position-2.yaml"
    assert f"position saved to {resaved.relative_to(project)}" in again.stdout
    assert "--from" in again.stdout
    assert saved.read_text() == text  # the position played from is never written over


def test_play_from_refuses_flags_the_position_decides(tmp_path: Path) -> None:
    path = _write(tmp_path, CINDER)
    result = run_toolkit("play", "cinder-tricks", "--from", path, "--players", "5")
    assert result.returncode == 2
    assert "--from plays the position as written; drop --players" in result.stderr


def test_an_ended_position_is_scored_and_not_played(tmp_path: Path) -> None:
    text = CINDER.replace("to_move: [2]", "ended: true").replace("  trick: [bellows-9]\n", "")
    text = text.replace(
        "{hand: [bellows-5, tongs-9, anvils-J]}",
        "{hand: [bellows-5, tongs-9, anvils-J, bellows-9]}",
    )
    path = _write(tmp_path, text)
    assert run_toolkit("score", "cinder-tricks", path).returncode == 0
    result = run_toolkit("play", "cinder-tricks", "--from", path)
    assert result.returncode == 2
    assert "is over: score it with toolkit score" in result.stderr


def test_a_position_from_text_raises_every_problem_at_its_place() -> None:
    _, game = load_compiled_game("cinder-tricks")
    state = state_from_text(game, CINDER)
    assert state.to_move() == (1,)
    with pytest.raises(ContentError) as raised:
        state_from_text(game, CINDER.replace("bellows-5", "belows-5"))
    [problem] = raised.value.diagnostics
    assert (problem.line, problem.column) == (5, 32)
    assert problem.message == "unknown card 'belows-5'"


def test_a_game_from_a_position_past_the_action_cap_is_an_error_on_workers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _write(tmp_path, CINDER)
    # the cap cut to 3 actions: the forked workers inherit it
    monkeypatch.setattr(machine.TrickTakingMechanic, "max_actions", lambda self, players: 3)
    result = run_toolkit(
        "simulate", "cinder-tricks", "--from", path, "--games", "6", "--workers", "2"
    )
    assert result.returncode == 1, result.stderr
    assert re.fullmatch(
        r"error: Cinder Tricks did not end after 3 actions \(seed \d+\): .*\n", result.stderr
    ), result.stderr


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_sigterm_stops_the_workers_of_a_run_from_a_position(tmp_path: Path) -> None:
    from test_work_limits import children_of, running

    path = _write(tmp_path, CINDER)
    simulate = subprocess.Popen(
        [sys.executable, "-m", "toolkit", "simulate", "cinder-tricks", "--from", str(path),
         "--games", "100000", "--workers", "2"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while len(workers) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
            workers = children_of(simulate.pid)
        assert len(workers) == 2, workers
        simulate.send_signal(signal.SIGTERM)
        _, err = simulate.communicate(timeout=10)
        deadline = time.monotonic() + 5
        while any(running(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        left = [pid for pid in workers if running(pid)]
    finally:
        simulate.kill()
        for pid in workers:
            if running(pid):
                os.kill(pid, signal.SIGKILL)
    assert simulate.returncode == 128 + signal.SIGTERM
    assert b"Traceback" not in err
    assert left == []
