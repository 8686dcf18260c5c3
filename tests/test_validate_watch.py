"""`toolkit validate --watch`: a save shows the problems again, in the same process; a new
file beside the checked ones counts; Ctrl-C ends it quietly with exit 130."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from entry_point import run_toolkit
from shipped_project import copy_project, edit

from toolkit.cli.check import DiagnosticFormat, watch_validation
from toolkit.content import watch as watching


def test_a_saved_problem_is_reported_again_under_a_line_with_the_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(copy_project(tmp_path))
    suits = Path("cards/cinder-tricks/suits.yaml")
    looks = 0

    def save_once_then_stop() -> bool:
        nonlocal looks
        looks += 1
        if looks == 1:  # after the first report: the designer saves a typo
            edit(suits, "standard_suit: hearts", "standard_suit: heartsy")
        return looks > 1  # after the report of the save

    watch_validation([Path("cinder-tricks")], DiagnosticFormat.text, save_once_then_stop)
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
    looks = 0

    def save_once_then_stop() -> bool:
        nonlocal looks
        looks += 1
        if looks == 1:
            edit(suits, "standard_suit: hearts", "standard_suit: heartsy")
        return looks > 1

    watch_validation([Path("cinder-tricks")], DiagnosticFormat.json, save_once_then_stop)
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
