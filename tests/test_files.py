"""The one module that reads and writes untrusted files: confinement, bounds, atomic writes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from toolkit.files import (
    FileRefused,
    atomic_output,
    check_output,
    confine,
    project_root,
    read_bytes,
    write_atomic,
)


def test_project_root_is_the_folder_holding_rules(tmp_path: Path) -> None:
    (tmp_path / "rules").mkdir()
    (tmp_path / "cards" / "game").mkdir(parents=True)
    assert project_root(tmp_path / "rules" / "game.yaml") == tmp_path.resolve()
    assert project_root(tmp_path / "cards" / "game") == tmp_path.resolve()


def test_project_root_without_rules_is_the_files_folder(tmp_path: Path) -> None:
    (tmp_path / "game.yaml").write_text("x: 1\n")
    assert project_root(tmp_path / "game.yaml") == tmp_path.resolve()


def test_confine_refuses_parent_escapes_absolute_paths_and_symlinks(tmp_path: Path) -> None:
    (tmp_path / "inside.yaml").write_text("x: 1\n")
    assert confine(tmp_path / "inside.yaml", tmp_path) == (tmp_path / "inside.yaml").resolve()
    for escape in (tmp_path / ".." / "x.yaml", Path("/etc/passwd")):
        with pytest.raises(FileRefused, match="outside the project folder"):
            confine(escape, tmp_path)
    (tmp_path / "link.yaml").symlink_to("/etc/passwd")
    with pytest.raises(FileRefused, match="outside the project folder"):
        confine(tmp_path / "link.yaml", tmp_path)


def test_a_symlink_loop_is_refused_not_raised(tmp_path: Path) -> None:
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    with pytest.raises(FileRefused):
        confine(tmp_path / "loop", tmp_path)
    with pytest.raises(FileRefused):
        read_bytes(tmp_path / "loop", 100)


def test_read_bytes_refuses_devices_fifos_folders_and_big_files(tmp_path: Path) -> None:
    with pytest.raises(FileRefused, match="not a regular file \\(a device\\)"):
        read_bytes(Path("/dev/zero"), 100)
    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(FileRefused, match="a named pipe"):
        read_bytes(tmp_path / "pipe", 100)
    with pytest.raises(FileRefused, match="a folder"):
        read_bytes(tmp_path, 100)
    (tmp_path / "big").write_bytes(b"x" * 101)
    with pytest.raises(FileRefused, match="101 bytes; the limit is 100"):
        read_bytes(tmp_path / "big", 100)
    with pytest.raises(FileRefused, match="does not exist"):
        read_bytes(tmp_path / "missing", 100)
    assert read_bytes(tmp_path / "big", 101) == b"x" * 101


def test_check_output_refuses_unwritable_targets(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    cases = {
        tmp_path: "is a folder",
        tmp_path / "missing" / "out.pdf": "does not exist",
        tmp_path / "file" / "out.pdf": "is not a folder",
        Path("/dev/full"): "not a regular file",
    }
    for path, reason in cases.items():
        with pytest.raises(FileRefused, match=reason):
            check_output(path)
    check_output(tmp_path / "new.pdf")
    check_output(tmp_path / "file")


def test_write_atomic_replaces_whole_files(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    write_atomic(target, "first")
    write_atomic(target, b"second")
    assert target.read_text() == "second"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_an_interrupted_atomic_write_keeps_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "out.jsonl"
    target.write_text("old\n")
    with pytest.raises(KeyboardInterrupt), atomic_output(target) as stream:
        stream.write("half a game")
        raise KeyboardInterrupt
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.jsonl"]
