"""`toolkit tune` fails cleanly: a refused trial is one line, the space's bots are checked
before any trial, Ctrl-C ends the run at once keeping the study, a resume made otherwise and
an unsafe `--storage` are refused before anything is written."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from entry_point import ROOT, run_toolkit

optuna = pytest.importorskip("optuna")

SPACE = """\
game: midway-memories
players: [3]
bots: [random]
parameters:
  - path: attractions/ferris-wheel/cost
    low: 1
    high: 6
"""
QUICK = ("--games", "2", "--check-games", "2", "--workers", "1")


def _space(tmp_path: Path, text: str = SPACE, name: str = "space.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def _tune(tmp_path: Path, space: Path, *more: str) -> subprocess.CompletedProcess[str]:
    return run_toolkit("tune", "midway-memories", "--space", space, "--out", tmp_path / "out",
                       *QUICK, *more)  # fmt: skip


def _states(tmp_path: Path) -> list[str]:
    study = optuna.load_study(
        study_name="midway-memories-space", storage=f"sqlite:///{tmp_path / 'out/study.db'}"
    )
    return [trial.state.name for trial in study.trials]


def test_a_refused_trial_is_one_line_and_the_study_goes_on(tmp_path: Path) -> None:
    """Both ends of the choices are checked first; a value between them the game refuses
    fails its trial alone, told in one line with the game's reason."""
    text = SPACE.replace("    low: 1\n    high: 6\n", "    choices: [2, cheap, 3]\n")
    done = _tune(tmp_path, _space(tmp_path, text), "--trials", "6")
    assert done.returncode == 0, done.stderr
    refused = [line for line in done.stderr.splitlines() if ": refused: " in line]
    assert refused and all("got the text 'cheap'" in line for line in refused)
    assert len(done.stderr.splitlines()) == 6  # one line per trial, nothing else
    assert "complete" in done.stderr


def test_the_spaces_bots_are_checked_before_the_first_trial(tmp_path: Path) -> None:
    space = _space(tmp_path, SPACE.replace("bots: [random]", "bots: [randm, ismcts:1000000]"))
    done = _tune(tmp_path, space, "--trials", "2")
    assert done.returncode == 1
    assert f"{space}:3:8: error[unknown-bot]: unknown bot 'randm' (did you mean 'random'?)" in (
        done.stderr
    )
    assert f"{space}:3:15: error[unknown-bot]" in done.stderr
    assert f"{space}:3:7: error[bot-count]: 2 bots for 3 players" in done.stderr
    assert "trial" not in done.stderr
    assert _safe_states(tmp_path) == []  # no study was made


def test_resume_with_an_added_parameter_or_another_sampler_is_refused(tmp_path: Path) -> None:
    space = _space(tmp_path)
    assert _tune(tmp_path, space, "--trials", "1").returncode == 0
    space.write_text(SPACE + "  - {path: attractions/carousel/cost, low: 1, high: 5}\n")
    added = _tune(tmp_path, space, "--trials", "1", "--resume")
    assert added.returncode == 2
    assert "'attractions/carousel/cost' was not tuned in it (added since)" in added.stderr
    space.write_text(SPACE)
    other = _tune(tmp_path, space, "--trials", "1", "--resume", "--sampler", "nsga2")
    assert other.returncode == 2
    assert "--sampler was tpe, now nsga2" in other.stderr
    narrowed = _tune(tmp_path, _space(tmp_path, SPACE.replace("high: 6", "high: 4")),
                     "--trials", "1", "--resume")  # fmt: skip
    assert narrowed.returncode == 2 and "had another range or choices (1..6, now 1..4)" in (
        narrowed.stderr
    )
    assert _states(tmp_path) == ["COMPLETE"]  # no refused resume ran a trial
    space.write_text(SPACE)
    again = _tune(tmp_path, space, "--trials", "1", "--resume")
    assert again.returncode == 0, again.stderr
    assert _states(tmp_path) == ["COMPLETE", "COMPLETE"]


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("sqlite:////dev/zero", "'/dev/zero' is not a plain file"),
        ("sqlite:///{tmp}", "is not a plain file"),
        ("sqlite:///{tmp}/missing/study.db", "does not exist"),
        ("sqlite:///{tmp}/link.db", "is a symbolic link"),
        ("sqlite:///{tmp}/notes.txt", "is not a SQLite database"),
        ("sqlite:///file:/dev/zero?uri=true", "takes no options"),
        ("sqlite://", "names no file"),
        ("redis://localhost", "'redis' is not supported"),
        ("not a url", "not a database URL"),
    ],
)
def test_an_unsafe_storage_is_refused_before_sqlite_opens_it(
    tmp_path: Path, url: str, said: str
) -> None:
    (tmp_path / "notes.txt").write_text("a designer's notes\n")
    (tmp_path / "link.db").symlink_to(tmp_path / "notes.txt")
    url = url.format(tmp=tmp_path)
    done = _tune(tmp_path, _space(tmp_path), "--storage", url)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(f"usage error: --storage '{url}': ") and said in done.stderr
    assert (tmp_path / "notes.txt").read_text() == "a designer's notes\n"
    assert not (tmp_path / "out").exists()  # refused before the output folder was made
    assert not list(tmp_path.glob("*-journal")) and not Path("/dev/zero-journal").exists()


def test_a_new_database_in_a_writable_folder_is_accepted(tmp_path: Path) -> None:
    done = _tune(tmp_path, _space(tmp_path), "--trials", "1", "--storage",
                 f"sqlite:///{tmp_path / 'studies.db'}")  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "studies.db").read_bytes().startswith(b"SQLite format 3\x00")


def test_ctrl_c_ends_the_run_quietly_and_keeps_the_study(tmp_path: Path) -> None:
    """Ctrl-C reaches every process of the terminal's group; trials running in parallel stop
    at their next games, and the study keeps them (as failed) for `--resume`."""
    space = _space(tmp_path)
    process = subprocess.Popen(
        [sys.executable, "-m", "toolkit", "tune", "midway-memories", "--space", str(space),
         "--out", str(tmp_path / "out"), "--trials", "50", "--games", "100,100000",
         "--workers", "2", "--parallel", "2"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while not (tmp_path / "out/study.db").exists() or "RUNNING" not in _safe_states(tmp_path):
        assert time.monotonic() < deadline and process.poll() is None
        time.sleep(0.2)
    time.sleep(1)
    os.killpg(process.pid, signal.SIGINT)
    stopped = time.monotonic()
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert time.monotonic() - stopped < 10
    assert "Traceback" not in err and err.strip().splitlines()[-1] == "interrupted"
    assert "FAIL" in _states(tmp_path)  # the interrupted trials, kept in the study


def _safe_states(tmp_path: Path) -> list[str]:
    """The trials' states read from the database without writing to it: Optuna's own loading
    would create its tables too, racing the run that is creating them."""
    import sqlite3

    try:
        with contextlib.closing(
            sqlite3.connect(f"file:{tmp_path / 'out/study.db'}?mode=ro", uri=True, timeout=1)
        ) as db:
            return [state for (state,) in db.execute("SELECT state FROM trials")]
    except sqlite3.Error:  # the study is not there yet
        return []
