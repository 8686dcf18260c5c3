"""`toolkit validate --watch`: a save shows the problems again, in the same process; a new
file beside the checked ones counts; Ctrl-C ends it quietly with exit 130."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from entry_point import run_toolkit
from shipped_project import copy_project, edit

from toolkit.cli.check import DiagnosticFormat, watch_validation
from toolkit.content import watch as watching
from toolkit.content.validate import ValidationReport


def _typo_saved_once(suits: Path) -> Callable[[], bool]:
    """A `stop` for the watch: after the first report the designer saves a typo in the
    suits; it stops the watch after the report of that save."""
    looks = 0

    def save_once_then_stop() -> bool:
        nonlocal looks
        looks += 1
        if looks == 1:
            edit(suits, "standard_suit: hearts", "standard_suit: heartsy")
        return looks > 1

    return save_once_then_stop


def test_a_saved_problem_is_reported_again_under_a_line_with_the_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(copy_project(tmp_path))
    suits = Path("cards/cinder-tricks/suits.yaml")
    watch_validation([Path("cinder-tricks")], DiagnosticFormat.text, _typo_saved_once(suits))
    first, separator, second = capsys.readouterr().out.partition("\n=== ")
    assert first.endswith("ok: 5 files checked, no problems\n")
    assert separator
    line, _, report = second.partition("\n")
    assert line.endswith(f": {suits} changed ===")
    assert f"{suits}:8:20: error[invalid-value]: the text 'heartsy' is not allowed" in report
    assert report.endswith("1 error, 0 warnings in 5 files\n")


def test_with_json_each_run_is_one_document_on_stdout_and_the_line_goes_to_stderr(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(copy_project(tmp_path))
    suits = Path("cards/cinder-tricks/suits.yaml")
    watch_validation([Path("cinder-tricks")], DiagnosticFormat.json, _typo_saved_once(suits))
    captured = capsys.readouterr()
    decoder, text, documents = json.JSONDecoder(), captured.out.strip(), []
    while text:
        document, end = decoder.raw_decode(text)
        documents.append(document)
        text = text[end:].lstrip()
    assert len(documents) == 2
    assert documents[0] == []
    assert [problem["code"] for problem in documents[1]] == ["invalid-value"]
    assert captured.err.startswith("=== ") and captured.err.endswith(f": {suits} changed ===\n")


def test_a_new_file_in_a_watched_folder_counts(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("a: 1\n", encoding="utf-8")
    os.utime(tmp_path / "a.yaml", (1, 1))  # saved long before the watch began
    os.utime(tmp_path, (1, 1))
    runs: list[list[Path]] = []

    def check(changed: list[Path]) -> set[Path]:
        runs.append(changed)
        return watching.looked_at([tmp_path / "a.yaml"])

    def stop() -> bool:
        if len(runs) == 1 and not (tmp_path / "b.yaml").exists():
            (tmp_path / "b.yaml").write_text("b: 2\n", encoding="utf-8")
        return len(runs) > 1

    watching.watch(check, stop, interval=0.01)
    assert runs == [[], [tmp_path]]


def test_ctrl_c_ends_the_watch_with_exit_130_and_no_traceback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def interrupted(seconds: float) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(watching.time, "sleep", interrupted)
    result = run_toolkit("validate", "cinder-tricks", "--watch")
    assert result.returncode == 130
    assert result.stdout.endswith("ok: 5 files checked, no problems\n")
    assert result.stderr == "interrupted\n"


def _counting_runs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of problems of each run of the watched validation, as it happens."""
    from toolkit.cli import check as command

    runs: list[int] = []
    real = command._validate

    def counted(paths: list[Path], output_format: DiagnosticFormat) -> ValidationReport:
        report = real(paths, output_format)
        runs.append(len(report.diagnostics))
        return report

    monkeypatch.setattr(command, "_validate", counted)
    return runs


def test_a_picture_saved_beside_the_cards_is_checked_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(copy_project(tmp_path))
    runs = _counting_runs(monkeypatch)
    picture = Path("cards/midway-memories/art/carousel.svg")

    def stop() -> bool:
        if len(runs) == 1 and picture.read_bytes().startswith(b"<"):
            picture.write_bytes(b"not a picture")
        return len(runs) > 1

    watch_validation([Path("midway-memories")], DiagnosticFormat.text, stop, interval=0.02)
    assert runs == [0, 1]
    second = capsys.readouterr().out.partition("\n=== ")[2]
    assert f"{picture} changed ===" in second
    assert "error[bad-picture]" in second


def test_a_game_folder_removed_and_brought_back_is_noticed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(copy_project(tmp_path))
    runs = _counting_runs(monkeypatch)
    cards, away = Path("cards/cinder-tricks"), tmp_path / "away"

    def stop() -> bool:
        if len(runs) == 1 and cards.exists():
            cards.rename(away)
        if len(runs) == 2 and not cards.exists():
            away.rename(cards)
        return len(runs) > 2

    watch_validation([Path("cinder-tricks")], DiagnosticFormat.text, stop, interval=0.02)
    assert runs[0] == 0 and runs[1] > 0 and runs[2] == 0


def test_a_save_made_while_a_check_runs_is_checked_again(tmp_path: Path) -> None:
    checked = tmp_path / "a.yaml"
    checked.write_text("a: 1\n", encoding="utf-8")
    runs: list[list[Path]] = []

    def check(changed: list[Path]) -> set[Path]:
        runs.append(changed)
        if len(runs) == 1:  # the designer saves while the first, slow check runs
            checked.write_text("a: 2\n", encoding="utf-8")
        return {checked}

    watching.watch(check, lambda: len(runs) > 1, interval=0.01)
    assert runs == [[], [checked]]


def test_a_run_that_fails_is_reported_and_the_watch_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from toolkit.cli import check as command

    monkeypatch.chdir(copy_project(tmp_path))
    runs = _counting_runs(monkeypatch)
    counted = command._validate
    suits = Path("cards/cinder-tricks/suits.yaml")
    saves = 0

    def failing_once(paths: list[Path], output_format: DiagnosticFormat) -> ValidationReport:
        if saves == 1:
            raise OSError("the disk went away")
        return counted(paths, output_format)

    monkeypatch.setattr(command, "_validate", failing_once)

    def stop() -> bool:
        nonlocal saves
        if saves < 2 and len(runs) + 1 > saves:  # a save after the first run, one after the
            # failed second run (which counts no problems), then stop after the third
            saves += 1
            suits.write_text(suits.read_text(encoding="utf-8") + "\n", encoding="utf-8")
        return len(runs) > 1

    watch_validation([Path("cinder-tricks")], DiagnosticFormat.text, stop, interval=0.02)
    assert runs == [0, 0]
    assert "internal error: OSError: the disk went away" in capsys.readouterr().err


def test_hidden_and_output_folders_are_not_watched(tmp_path: Path) -> None:
    for folder in (".git/objects", "build", "art", "__pycache__"):
        (tmp_path / folder).mkdir(parents=True)
    for file in ("cards.yaml", "art/a.svg", ".git/index", "build/out.pdf", ".cards.yaml.swp"):
        (tmp_path / file).write_text("x", encoding="utf-8")
    watched = watching.looked_at([tmp_path / "cards.yaml"])
    names = {path.relative_to(tmp_path).as_posix() for path in watched if path != tmp_path}
    assert names == {"cards.yaml", "art", "art/a.svg"}
