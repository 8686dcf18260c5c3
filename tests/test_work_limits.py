"""Numbers that drive work are bounded: content limits, the action cap, command-line caps
and a clean stop on SIGTERM.

Each content case edits one number of a copy of a shipped game past its limit (the limits live
in `toolkit.schema.limits`) and checks that validation reports it at the number's own line, so
no command ever starts the work the number asks for.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import pytest
from entry_point import run_toolkit
from shipped_project import copy_project, edit

from toolkit.content.validate import validate_paths
from toolkit.mechanics.trick_taking import machine
from toolkit.schema import limits
from toolkit.sim import runner

REPO = Path(__file__).resolve().parents[1]


# (file, text, replacement, the diagnostic's code, words in its message)
CASES = {
    "rounds": ("rules/midway-memories.yaml", "  rounds: 5\n", "  rounds: 1000000\n",
               "out-of-range", "less than or equal to 1000"),
    "rounds-huge": ("rules/midway-memories.yaml", "  rounds: 5\n", f"  rounds: {10**30}\n",
                    "out-of-range", "less than or equal to 1000"),
    "rounds-by-players": ("rules/tide-pool-market.yaml", "  rounds: 3\n",
                          "  rounds: {by_players: {2: 3, 3: 3, 4: 5000, 5: 3}}\n",
                          "out-of-range", "less than or equal to 1000"),
    "track-max": ("rules/midway-memories.yaml", "    max: 12  # prototype",
                  "    max: 1000000000  # prototype", "out-of-range", "less than or equal to 1000"),
    "track-min": ("rules/lamplight-wagers.yaml", "name: Wager, min: 0,",
                  "name: Wager, min: -5000,", "out-of-range", "greater than or equal to -1000"),
    "supply-count": ("rules/oh-my-park.yaml", "{value: 1, count: 84}",
                     "{value: 1, count: 100000000000000000000}", "out-of-range",
                     "less than or equal to 10000"),
    "supply-total": ("rules/midway-memories.yaml", "{value: 1, count: 25}",
                     "{value: 1, count: 6000}\n      - {value: 2, count: 6000}", "invalid-value",
                     "the supply has 12015 tokens; the most is 10000"),
    "deal-count": ("rules/tide-pool-market.yaml", "{2: 9, 3: 8, 4: 7, 5: 6}",
                   "{2: 9, 3: 8, 4: 7000, 5: 6}", "out-of-range", "less than or equal to 1000"),
    "hand-sizes": ("rules/lamplight-wagers.yaml", "hand_sizes: [8, 7,", "hand_sizes: [8000, 7,",
                   "out-of-range", "less than or equal to 1000"),
    "passing": ("rules/cinder-tricks.yaml", "passing: {count: 3,", "passing: {count: 3000,",
                "out-of-range", "less than or equal to 1000"),
    "playout-rounds": ("rules/oh-my-park.yaml", "    playout_rounds: 3 ",
                       "    playout_rounds: 99999 ", "out-of-range", "less than or equal to 1000"),
    "card-number": ("cards/midway-memories/attractions.yaml", "    points: 3  # prototype",
                    "    points: 30000000  # prototype", "out-of-range",
                    "less than or equal to 1000000"),
    "shape-row": ("cards/oh-my-park/project-plans.yaml", '      - "###"\n',
                  f'      - "{"#" * 21}"\n', "wrong-length", "at most 20 characters"),
    "copies": ("print/midway-memories/layout.yaml", "    copies: max_players\n",
               "    copies: 100000\n", "out-of-range", "less than or equal to 100"),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_number_past_its_limit_is_an_error_at_its_line(tmp_path: Path, case: str) -> None:
    file, old, new, code, words = CASES[case]
    folder = copy_project(tmp_path)
    line = edit(folder / file, old, new)
    if case == "supply-total":  # a check of the whole resource: reported at its start
        line = (folder / file).read_text().splitlines().index("  - id: coins") + 1
    game = file.split("/")[1].removesuffix(".yaml")
    found = validate_paths([folder / "rules" / f"{game}.yaml", folder / file]).diagnostics
    assert [(d.code, d.file.endswith(file), d.line) for d in found] == [(code, True, line)], found
    assert words in found[0].message
    assert found[0].column > 1


def test_a_number_of_thousands_of_digits_is_an_error_at_its_line(tmp_path: Path) -> None:
    """Python refuses to read a whole number of more than 4300 digits: never an internal error."""
    folder = copy_project(tmp_path)
    line = edit(folder / "rules/midway-memories.yaml", "  rounds: 5\n", f"  rounds: {'9' * 5000}\n")
    found = validate_paths([folder / "rules/midway-memories.yaml"]).diagnostics
    assert [(d.code, d.line, d.column) for d in found] == [("out-of-range", line, 11)]
    assert found[0].message == "a number of 5,000 digits is past every limit"


@pytest.mark.parametrize(
    "flags",
    [
        ["simulate", "--option", f"pass={'9' * 5000}"],
        ["sweep", "--set", f"game.structure.rounds={'9' * 5000}"],
        ["sweep", "--set", f"{'x' * 3000}=3"],
    ],
)
def test_a_huge_number_or_path_on_the_command_line_is_no_internal_error(flags: list[str]) -> None:
    result = run_toolkit(flags[0], "midway-memories", *flags[1:], "--games", "2")
    assert result.returncode in (1, 2), result.stderr
    assert "internal error" not in result.stderr


def test_a_number_past_its_limit_fails_every_command_before_any_work(tmp_path: Path) -> None:
    folder = copy_project(tmp_path)
    edit(folder / "rules/midway-memories.yaml", "  rounds: 5\n", "  rounds: 1000000\n")
    edit(
        folder / "rules/midway-memories.yaml", "    max: 12  # prototype", "    max: 1000000000  #"
    )
    for command in (["validate"], ["simulate", "midway-memories", "--games", "1"],
                    ["print", "midway-memories", "--out", str(tmp_path / "out.pdf")]):  # fmt: skip
        result = run_toolkit(*command, cwd=folder)
        assert result.returncode == 1, (command, result.stdout, result.stderr)
        assert "rules/midway-memories.yaml:" in result.stdout + result.stderr


def test_the_limits_leave_every_shipped_game_far_inside_them() -> None:
    report = validate_paths(sorted((REPO / "rules").glob("*.yaml")))
    assert report.diagnostics == []
    assert limits.MAX_ROUNDS >= 10 * 30  # Cinder Tricks' 30 rounds, ten times over


# -- the action cap ----------------------------------------------------------------------


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_game_that_never_ends_is_an_error_with_its_seed_and_action_count(
    workers: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Midway Memories' action cap cut to 5 actions: a game that never ends, as a rules bug
    would make it (the forked workers inherit the cut)."""
    monkeypatch.setattr(machine.TrickTakingMechanic, "max_actions", lambda self, players: 5)
    result = run_toolkit("simulate", "midway-memories", "--games", "6", "--workers", workers)
    assert result.returncode == 1, result.stderr
    assert "internal error" not in result.stderr
    assert re.fullmatch(
        r"error: Midway Memories did not end after 5 actions \(seed \d+\): a rule never lets "
        r"the game finish, or the interpreter has a bug\n",
        result.stderr,
    ), result.stderr


def test_the_most_rounds_allowed_still_end(tmp_path: Path) -> None:
    folder = copy_project(tmp_path)
    edit(folder / "rules/midway-memories.yaml", "  rounds: 5\n", f"  rounds: {limits.MAX_ROUNDS}\n")
    edit(folder / "rules/cinder-tricks.yaml", "  rounds: 30 ", f"  rounds: {limits.MAX_ROUNDS} ")
    for game in ("midway-memories", "cinder-tricks"):
        result = run_toolkit("simulate", game, "--games", "1", "--format", "json", cwd=folder)
        assert result.returncode == 0, result.stderr
        assert json.loads(result.stdout)["arguments"]["games"] == 1


# -- command-line caps -------------------------------------------------------------------


def test_games_past_the_most_is_a_usage_error_at_once() -> None:
    result = run_toolkit("simulate", "midway-memories", "--games", "1000000000000")
    assert result.returncode == 2
    assert "--games" in result.stderr and str(limits.MAX_GAMES) in result.stderr


def test_games_are_dealt_out_as_played_not_allocated_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """The most games allowed: the run stops in its first chunk, having allocated next to
    nothing for the games it has not reached."""

    class Stop(Exception):
        pass

    def first_chunk(job: runner.Job) -> list[runner.GameRecord]:
        raise Stop

    monkeypatch.setattr(runner, "_play_chunk", first_chunk)
    tracemalloc.start()
    with pytest.raises(Stop):
        runner.simulate(
            REPO / "rules/midway-memories.yaml", limits.MAX_GAMES, 2, ["random", "random"], 1
        )
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 1_000_000, peak


def test_workers_are_capped_by_the_games_and_the_cpus() -> None:
    cpus = os.cpu_count() or 1
    assert runner.pool_size(1000, 8) == min(8, limits.WORKERS_PER_CPU * cpus)
    assert runner.pool_size(1000, limits.MAX_GAMES) == limits.WORKERS_PER_CPU * cpus
    assert runner.pool_size(2, 1) == 1
    assert runner.pool_size(3, 100) == 3
    manifest = REPO / "rules/midway-memories.yaml"
    many = runner.simulate(manifest, 3, 2, ["random", "random"], 5, workers=1000)
    assert many == runner.simulate(manifest, 3, 2, ["random", "random"], 5, workers=1)


@pytest.mark.parametrize(
    ("sets", "words"),
    [
        (["structure.rounds=1..1000000000000"], "at most 1000 values"),
        (["structure.rounds=1..100", "tracks.0.max=1..100"], "more than 1000 combinations"),
    ],
)
def test_a_sweep_past_the_most_points_is_a_usage_error(sets: list[str], words: str) -> None:
    flags = [part for value in sets for part in ("--set", value)]
    result = run_toolkit("sweep", "midway-memories", *flags, "--games", "2")
    assert result.returncode == 2, result.stderr
    assert words in result.stderr


@pytest.mark.parametrize(
    ("bot", "words"),
    [
        ("ismcts:100000000", "at most 100000 iterations per decision"),
        ("ismcts:100000000s", "at most 60 seconds per decision"),
        ("ismcts:\u00b2", "needs a budget per decision"),
    ],
)
def test_an_ismcts_budget_past_the_most_is_a_usage_error(bot: str, words: str) -> None:
    result = run_toolkit("simulate", "midway-memories", "--games", "1", "--bots", bot)
    assert result.returncode == 2, result.stderr
    assert words in result.stderr


@pytest.mark.parametrize(("bots", "expected"), [("ismcts:0.001s,random", False),
                                                ("ismcts:2,random", True)])  # fmt: skip
def test_runs_with_a_time_budget_bot_say_they_are_not_reproducible(
    bots: str, expected: bool
) -> None:
    result = run_toolkit("simulate", "midway-memories", "--games", "1", "--players", "2",
                         "--bots", bots, "--format", "json")  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["reproducible"] is expected


@pytest.mark.parametrize("command", [
    ["ladder"],
    ["compare", "--variant", "examples/variants/cheaper-ferris-wheel.yaml"],
    ["sweep", "--set", "attractions/ferris-wheel/cost=2,5"],
])  # fmt: skip
def test_every_json_with_a_time_budget_bot_says_it_is_not_reproducible(
    command: list[str],
) -> None:
    """The other commands build on simulate's run summary (whose True case is tested above)."""
    result = run_toolkit(command[0], "midway-memories", *command[1:], "--games", "2",
                         "--players", "2", "--bots", "ismcts:0.001s,random",
                         "--format", "json")  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["reproducible"] is False


# -- SIGTERM -----------------------------------------------------------------------------


def children_of(pid: int) -> list[int]:
    """Process ids whose parent is `pid`, read from /proc."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # the process ended while we looked
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_sigterm_stops_the_workers_with_the_run() -> None:
    simulate = subprocess.Popen(
        [sys.executable, "-m", "toolkit", "simulate", "midway-memories", "--games", "100000",
         "--workers", "2"],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    try:
        workers: list[int] = []
        deadline = time.monotonic() + 60
        while len(workers) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
            workers = children_of(simulate.pid)
        assert len(workers) == 2, workers
        simulate.send_signal(signal.SIGTERM)
        simulate.communicate(timeout=10)  # the output pipe closes: no worker holds it open
        deadline = time.monotonic() + 5
        while any(running(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        left = [pid for pid in workers if running(pid)]
    finally:
        simulate.kill()
        for pid in workers:  # a failed run must not leave its workers playing
            if running(pid):
                os.kill(pid, signal.SIGKILL)
    assert simulate.returncode == 128 + signal.SIGTERM
    assert left == []


def test_sigterm_during_a_build_leaves_no_half_built_folder(tmp_path: Path) -> None:
    out = tmp_path / "out"
    build = subprocess.Popen(
        [sys.executable, "-m", "toolkit", "build", "midway-memories", "--games", "100000",
         "--workers", "2", "--out", str(out)],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while len(children_of(build.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert [p.name.endswith(".part") for p in out.iterdir()] == [True]  # being built
        build.send_signal(signal.SIGTERM)
        build.communicate(timeout=10)
    finally:
        build.kill()
    assert build.returncode == 128 + signal.SIGTERM
    assert list(out.iterdir()) == []
