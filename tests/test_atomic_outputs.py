"""Outputs are never half-written: atomic files, builds swapped in whole with a manifest,
output paths refused before any work, and a closed pipe ends a command quietly."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from entry_point import ROOT, run_toolkit

from toolkit.files import OUTPUT_MARK, FileRefused, atomic_output, write_atomic

MIDWAY = "midway-memories"
MANIFEST = ROOT / "rules" / f"{MIDWAY}.yaml"
SMALL = "thistle-stakes"
"""Six cards and two player counts: the shipped game quickest to build and print."""


def leftovers(folder: Path) -> list[str]:
    """Temporary names the atomic writers use (`.<name>.<random>.part` or `.old`)."""
    return sorted(p.name for p in folder.rglob(".*") if p.name.endswith((".part", ".old")))


# -- 1. atomic files ---------------------------------------------------------------------------


def test_atomic_write_leaves_no_temporary_file_and_keeps_umask_permissions(
    tmp_path: Path,
) -> None:
    old_mask = os.umask(0o027)
    try:
        write_atomic(tmp_path / "new.json", "{}\n")
    finally:
        os.umask(old_mask)
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o640
    existing = tmp_path / "kept.txt"
    existing.write_text("old")
    existing.chmod(0o604)
    write_atomic(existing, "new")
    assert existing.read_text() == "new"
    assert stat.S_IMODE(existing.stat().st_mode) == 0o604
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.txt", "new.json"]


def test_failed_atomic_write_keeps_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "report.pdf"
    target.write_bytes(b"%PDF old")

    class RenderFailed(Exception):
        pass

    with pytest.raises(RenderFailed), atomic_output(target, binary=True) as stream:
        stream.write(b"%PDF half")
        raise RenderFailed
    assert target.read_bytes() == b"%PDF old"
    assert [p.name for p in tmp_path.iterdir()] == ["report.pdf"]


def test_a_write_that_fails_on_disk_is_refused_not_raised(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(FileRefused, match="not a folder"):
        write_atomic(tmp_path / "file" / "out.json", "{}")


# -- 2. builds swapped in whole, with a manifest -----------------------------------------------


def test_build_writes_a_manifest_with_sizes_and_hashes_and_drops_stale_files(
    tmp_path: Path,
) -> None:
    out = tmp_path / "build"
    (out / SMALL).mkdir(parents=True)
    (out / SMALL / OUTPUT_MARK).write_text("")  # an earlier build's folder
    (out / SMALL / "stale-from-last-time.csv").write_text("old\n")
    result = run_toolkit("build", SMALL, "--games", "2", "--bots", "random", "--seed", "7",
                         "--workers", "1", "--out", str(out))  # fmt: skip
    assert result.returncode == 0, result.stderr
    folder = out / SMALL
    manifest = json.loads((folder / "build.json").read_text("utf-8"))
    assert manifest["game"] == SMALL
    assert manifest["toolkit_version"] and manifest["content_version"]
    assert manifest["arguments"] == {
        "games": 2,
        "players": [2, 3],
        "bots": ["random"],
        "seed": 7,
        "options": {},
    }
    listed = {entry["path"]: entry for entry in manifest["files"]}
    on_disk = {p.name for p in folder.iterdir()} - {"build.json", OUTPUT_MARK}
    assert set(listed) == on_disk
    assert "stale-from-last-time.csv" not in on_disk
    assert f"{SMALL}-report.pdf" in listed and "simulation-2p.json" in listed
    for name, entry in listed.items():
        data = (folder / name).read_bytes()
        assert entry["bytes"] == len(data)
        assert entry["sha256"] == hashlib.sha256(data).hexdigest()
    assert f"manifest: {folder / 'build.json'} ({len(listed)} files" in result.stdout
    assert leftovers(out) == []


@pytest.mark.parametrize("had_old_build", [False, True], ids=["first build", "rebuild"])
def test_an_interrupted_build_leaves_no_half_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, had_old_build: bool
) -> None:
    from toolkit.sim import build

    out = tmp_path / "build"
    if had_old_build:
        (out / MIDWAY).mkdir(parents=True)
        (out / MIDWAY / OUTPUT_MARK).write_text("")
        (out / MIDWAY / "build.json").write_text("{}\n")

    def interrupted(*args: Any) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(build, "render_report", interrupted)
    with pytest.raises(KeyboardInterrupt):
        build.build_game(str(MANIFEST), out, 2, ["random"], 1, 1)
    if had_old_build:
        assert sorted(p.name for p in (out / MIDWAY).iterdir()) == [OUTPUT_MARK, "build.json"]
        assert (out / MIDWAY / "build.json").read_text() == "{}\n"
    else:
        assert not (out / MIDWAY).exists()
    assert leftovers(tmp_path) == []


# -- 3. output paths refused before any work ---------------------------------------------------

BAD_OUTPUTS = {
    "transcript is a folder": (["simulate", "--transcript", "{tmp}"], "is a folder"),
    "transcript is a device": (["simulate", "--transcript", "/dev/full"], "(a device)"),
    "pdf under a regular file": (["print", "--out", "{tmp}/file.txt/out.pdf"], "is not a folder"),
    "report into a missing folder": (["report", "--out", "{tmp}/missing/r.pdf"], "does not exist"),
    "sweep chart is a folder": (["sweep", "--set", "x=1,2", "--out", "{tmp}"], "is a folder"),
    "build into a plain file": (["build", "--out", "{tmp}/file.txt"], "is not a folder"),
    "build under a missing folder": (["build", "--out", "{tmp}/missing/b"], "does not exist"),
    "play transcript is a device": (["play", "--transcript", "/dev/null"], "(a device)"),
    "pdf name too long": (["print", "--out", "{tmp}/" + "a" * 300 + ".pdf"], "name too long"),
    "build folder name too long": (["build", "--out", "{tmp}/" + "a" * 300], "name too long"),
}


@pytest.mark.parametrize("case", list(BAD_OUTPUTS))
def test_a_bad_output_path_is_a_usage_error_before_any_work(tmp_path: Path, case: str) -> None:
    """The game named does not exist: the output path's message, not the unknown game's,
    shows the path was checked before the game was even loaded."""
    (tmp_path / "file.txt").write_text("keep\n")
    words, reason = BAD_OUTPUTS[case]
    command, *options = (word.replace("{tmp}", str(tmp_path)) for word in words)
    result = run_toolkit(command, "no-such-game", *options, cwd=tmp_path)
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stderr.startswith(f"usage error: {options[-2]}: "), result.stderr
    assert reason in result.stderr
    assert result.stdout == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.txt"]
    assert (tmp_path / "file.txt").read_text() == "keep\n"


def test_schema_into_a_plain_file_is_refused_before_writing(tmp_path: Path) -> None:
    (tmp_path / "file.txt").write_text("keep\n")
    result = run_toolkit("schema", "--out", str(tmp_path / "file.txt"))
    assert result.returncode == 2
    assert "--out: " in result.stderr and "is not a folder" in result.stderr
    assert (tmp_path / "file.txt").read_text() == "keep\n"


def test_schema_check_reads_what_it_compares_safely(tmp_path: Path) -> None:
    # the committed schemas, which `toolkit schema --check` holds equal to what it writes
    shutil.copytree(ROOT / "schemas", tmp_path, dirs_exist_ok=True)
    broken = ["game.schema.json", "strategies.schema.json", "print-layout.schema.json"]
    for name in broken:
        (tmp_path / name).unlink()
    (tmp_path / broken[0]).write_bytes(b"\xff\xfe")  # not UTF-8
    os.mkfifo(tmp_path / broken[1])  # reading it would wait for ever
    (tmp_path / broken[2]).mkdir()
    result = run_toolkit("schema", "--check", "--out", str(tmp_path))
    assert result.returncode == 1
    for name in broken:
        assert f"{name}: out of date" in result.stdout + result.stderr


# -- 4. a closed pipe ends a command quietly ---------------------------------------------------


def closed_early(args: list[str], lines: int) -> tuple[int, bytes]:
    """Run `toolkit ARGS | head -LINES`: read that many lines, then close the pipe."""
    process = subprocess.Popen(
        [sys.executable, "-m", "toolkit", *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    for _ in range(lines):
        assert process.stdout.readline()
    process.stdout.close()
    error = process.stderr.read()
    return process.wait(timeout=120), error


def test_replay_into_head_1_ends_quietly_with_141(tmp_path: Path) -> None:
    transcript = tmp_path / "games.jsonl"
    made = run_toolkit("simulate", MIDWAY, "--games", "10", "--bots", "random", "--workers", "1",
                       "--transcript", str(transcript))  # fmt: skip
    assert made.returncode == 0, made.stderr
    # ten narrated games are about 120 kB: more than a pipe holds, so writes go on after close
    code, error = closed_early(["replay", str(transcript)], 1)
    assert (code, error) == (141, b"")


def test_print_into_head_0_ends_quietly_with_141(tmp_path: Path) -> None:
    code, error = closed_early(["print", SMALL, "--out", str(tmp_path / "cards.pdf")], 0)
    assert (code, error) == (141, b"")
    assert (tmp_path / "cards.pdf").read_bytes().startswith(b"%PDF")
