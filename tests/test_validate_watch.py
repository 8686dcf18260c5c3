"""`toolkit validate --watch`: a save shows the problems again, in the same process; a new
file beside the checked ones counts; Ctrl-C ends it quietly with exit 130."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from entry_point import run_toolkit
from shipped_project import copy_project, edit

from toolkit.cli.check import DiagnosticFormat, watch_validation
from toolkit.content import watch as watching
from toolkit.content.validate import ValidationReport


def _copied_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The shipped project copied into `tmp_path`, the working folder, and left to rest:
    a file saved just before a watch begins counts as saved during its first check."""
    monkeypatch.chdir(copy_project(tmp_path))
    time.sleep(2 * watching.CLOCK_LAG_NS / 1e9)


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
    _copied_project(tmp_path, monkeypatch)
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
    _copied_project(tmp_path, monkeypatch)
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
    time.sleep(2 * watching.CLOCK_LAG_NS / 1e9)  # saved before the watch began
    runs: list[list[Path] | None] = []

    def check(changed: list[Path] | None) -> list[Path]:
        runs.append(changed)
        return watching.looked_at([tmp_path / "a.yaml"])

    def stop() -> bool:
        if len(runs) == 1 and not (tmp_path / "b.yaml").exists():
            (tmp_path / "b.yaml").write_text("b: 2\n", encoding="utf-8")
        return len(runs) > 1

    watching.watch(check, stop, interval=0.01)
    assert runs == [None, [tmp_path]]


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
    _copied_project(tmp_path, monkeypatch)
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
    _copied_project(tmp_path, monkeypatch)
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
    runs: list[list[Path] | None] = []

    def check(changed: list[Path] | None) -> list[Path]:
        runs.append(changed)
        if len(runs) < 3:  # the designer saves while the first and the second check run
            checked.write_text(f"a: {len(runs)}\n", encoding="utf-8")
        return [checked]

    watching.watch(check, lambda: len(runs) > 2, interval=0.01)
    assert runs == [None, [checked], [checked]]


def test_a_run_that_fails_is_reported_and_the_watch_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from toolkit.cli import check as command

    _copied_project(tmp_path, monkeypatch)
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


def test_hidden_and_output_folders_and_editors_files_are_not_watched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for folder in (".git/objects", "build", "art", "__pycache__"):
        (tmp_path / folder).mkdir(parents=True)
    for file in ("cards.yaml", "art/a.svg", ".git/index", "build/out.pdf", "art/b.svg~"):
        (tmp_path / file).write_text("x", encoding="utf-8")
    watched = watching.looked_at([Path("cards.yaml")])
    assert {path.as_posix() for path in watched} == {"cards.yaml", ".", "art", "art/a.svg"}


def test_an_editors_swap_backup_or_autosave_file_is_not_a_save(tmp_path: Path) -> None:
    (tmp_path / "suits.yaml").write_text("x", encoding="utf-8")
    before = watching.stamp(tmp_path)
    for name in (".suits.yaml.swp", "suits.yaml~", "#suits.yaml#"):
        (tmp_path / name).write_text("x", encoding="utf-8")
    assert watching.stamp(tmp_path) == before
    (tmp_path / "more.yaml").write_text("x", encoding="utf-8")
    assert watching.stamp(tmp_path) != before


def test_a_folder_or_file_that_cannot_be_looked_at_counts_as_gone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    locked = tmp_path / "art"
    locked.mkdir()
    real_stat, real_listdir = Path.stat, os.listdir

    def denied_stat(path: Path, **options: bool) -> os.stat_result:
        if path == locked / "a.svg":
            raise PermissionError(13, "Permission denied")
        return real_stat(path, **options)

    def denied_listdir(path: str | Path) -> list[str]:
        if Path(path) == locked:
            raise PermissionError(13, "Permission denied")
        return real_listdir(path)

    monkeypatch.setattr(Path, "stat", denied_stat)
    monkeypatch.setattr(os, "listdir", denied_listdir)
    assert watching.stamp(locked / "a.svg") is None
    assert watching.is_folder(locked / "a.svg") is False
    folder = watching.stamp(locked)
    assert folder is not None and folder.seen == ("folder", ())


def test_from_a_subfolder_nothing_above_the_working_folder_is_watched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    copy_project(tmp_path)
    monkeypatch.chdir(tmp_path / "rules")
    watched = watching.looked_at(
        [Path("cinder-tricks.yaml"), Path("../cards/cinder-tricks/suits.yaml")]
    )
    resolved = {path.resolve() for path in watched}
    assert tmp_path.resolve() not in resolved
    assert (tmp_path / "cards/cinder-tricks/suits.yaml").resolve() in resolved


def test_at_most_so_many_paths_are_watched_the_files_read_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(watching, "MOST_PATHS", 5)
    for number in range(20):
        (tmp_path / f"{number:02}.svg").write_text("x", encoding="utf-8")
    read = [tmp_path / "19.svg", tmp_path / "18.svg"]
    watched = watching.looked_at(read)
    assert len(watched) == 5 and watched[:2] == read
    runs: list[int] = []

    def check(changed: list[Path] | None) -> list[Path]:
        runs.append(len(changed or []))
        (tmp_path / f"new-{len(runs)}.svg").write_text("x", encoding="utf-8")
        return watching.looked_at([tmp_path / f"new-{len(runs)}.svg"])

    seen_sizes: list[int] = []
    real_stamps = watching.stamps

    def counting_stamps(paths: list[Path]) -> dict[Path, watching.Stamp | None]:
        seen_sizes.append(len(paths))
        return real_stamps(paths)

    monkeypatch.setattr(watching, "stamps", counting_stamps)
    watching.watch(check, lambda: len(runs) > 3, interval=0.01)
    assert max(seen_sizes) <= 5


def test_a_file_that_never_rests_is_checked_after_a_bounded_wait(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(watching, "MOST_SETTLING", 0.1)
    busy = tmp_path / "log.yaml"
    busy.write_text("0", encoding="utf-8")
    seen = watching.stamps([busy])
    writes = 0

    def restless(paths: list[Path]) -> dict[Path, watching.Stamp | None]:
        nonlocal writes
        writes += 1
        busy.write_text(str(writes), encoding="utf-8")
        return {busy: watching.stamp(busy)}

    monkeypatch.setattr(watching, "stamps", restless)
    start = time.monotonic()
    changed, _ = watching._next_change([busy], seen, lambda: False, 0.01)
    assert changed == [busy]
    assert time.monotonic() - start < 1.0


def test_a_change_that_changes_back_is_not_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file made and removed again at once (a folder's listing changes and changes
    back): nothing to check, and the watch goes on."""
    folder = tmp_path
    seen = watching.stamps([folder])
    moment = {folder: watching.Stamp(("folder", ("tmp.yaml",)), 0)}
    looks = iter([moment, seen, seen, seen, seen, seen])
    monkeypatch.setattr(watching, "stamps", lambda paths: next(looks))
    stops = iter([False, False, True])
    changed, _ = watching._next_change([folder], seen, lambda: next(stops), 0.0)
    assert changed is None


def test_a_file_named_in_a_folder_not_made_yet_is_watched_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _copied_project(tmp_path, monkeypatch)
    runs = _counting_runs(monkeypatch)
    edit(
        Path("rules/cinder-tricks.yaml"),
        "strategies: ../cards/cinder-tricks/strategies.yaml",
        "strategies: ../cards/later/strategies.yaml",
    )

    def stop() -> bool:
        if len(runs) == 1 and not Path("cards/later").exists():
            Path("cards/later").mkdir()
        if len(runs) == 2 and not Path("cards/later/strategies.yaml").exists():
            Path("cards/cinder-tricks/strategies.yaml").rename("cards/later/strategies.yaml")
        return len(runs) > 2

    watch_validation([Path("cinder-tricks")], DiagnosticFormat.text, stop, interval=0.02)
    assert runs[0] > 0 and runs[-1] == 0
