"""The one module that reads and writes untrusted files: confinement, bounds, atomic writes."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from toolkit import files
from toolkit.files import (
    OUTPUT_MARK,
    FileRefused,
    atomic_output,
    check_output,
    confine,
    ensure_folder,
    project_root,
    read_bytes,
    sha256_of,
    staged_folder,
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


def test_check_output_of_a_folder_allows_a_new_one_in_an_existing_parent(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    check_output(tmp_path, folder=True)
    check_output(tmp_path / "new", folder=True)
    cases = {
        tmp_path / "file": "is not a folder \\(a plain file\\)",
        tmp_path / "missing" / "new": "does not exist",
        tmp_path / "file" / "new": "is not a folder",
        Path("/dev/null"): "is not a folder \\(a device\\)",
    }
    for path, reason in cases.items():
        with pytest.raises(FileRefused, match=reason):
            check_output(path, folder=True)


def test_a_staged_folder_replaces_the_old_one_whole(tmp_path: Path) -> None:
    final = tmp_path / "game"
    final.mkdir()
    (final / OUTPUT_MARK).write_text("an earlier run's folder")
    (final / "stale.json").write_text("old")
    with staged_folder(final) as folder:
        assert folder.parent == tmp_path and folder.name.startswith(".game.")
        assert folder.name.endswith(".part") and not (final / "new.json").exists()
        (folder / "new.json").write_text("new")
    assert [p.name for p in tmp_path.iterdir()] == ["game"]
    assert sorted(p.name for p in final.iterdir()) == [OUTPUT_MARK, "new.json"]


def test_a_failed_staged_folder_leaves_the_old_one(tmp_path: Path) -> None:
    final = tmp_path / "game"
    final.mkdir()
    (final / OUTPUT_MARK).write_text("an earlier run's folder")
    (final / "kept.json").write_text("old")
    with pytest.raises(KeyboardInterrupt), staged_folder(final) as folder:
        (folder / "half.json").write_text("half")
        raise KeyboardInterrupt
    assert [p.name for p in tmp_path.iterdir()] == ["game"]
    assert sorted(p.name for p in final.iterdir()) == [OUTPUT_MARK, "kept.json"]
    (tmp_path / "plain").write_text("x")
    with pytest.raises(FileRefused, match="is not a folder"), staged_folder(tmp_path / "plain"):
        pass


def test_ensure_folder_refuses_a_plain_file_in_the_way(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    ensure_folder(tmp_path / "a" / "b")
    assert (tmp_path / "a" / "b").is_dir()
    with pytest.raises(FileRefused, match="not a folder"):
        ensure_folder(tmp_path / "file" / "b")


def test_sha256_of_a_file(tmp_path: Path) -> None:
    (tmp_path / "f").write_bytes(b"abc")
    assert sha256_of(tmp_path / "f") == (
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    )


@pytest.mark.parametrize("failing", ["fsync", "rename"])
def test_a_disk_that_fails_mid_write_keeps_the_old_file_and_leaves_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    target = tmp_path / "out.json"
    target.write_text("old\n")

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, failing, full)
    with pytest.raises(FileRefused, match="no space left on device"):
        write_atomic(target, "new\n")
    monkeypatch.undo()
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]


def test_a_staged_folder_never_replaces_a_folder_the_toolkit_did_not_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = tmp_path / "project"
    (mine / "rules").mkdir(parents=True)
    (mine / "rules" / "game.yaml").write_text("id: game\n", encoding="utf-8")
    with pytest.raises(FileRefused, match="did not write"), staged_folder(mine):
        pytest.fail("no work starts before the refusal")
    assert (mine / "rules" / "game.yaml").read_text(encoding="utf-8") == "id: game\n"
    monkeypatch.chdir(mine)
    for here in (Path("."), Path("..") / "project", tmp_path):
        with pytest.raises(FileRefused, match="working in"), staged_folder(here):
            pytest.fail("the working folder is never replaced")


def test_a_staged_folder_replaces_its_own_and_empty_folders_only(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    with staged_folder(empty) as folder:
        (folder / "a.txt").write_text("a", encoding="utf-8")
    assert sorted(p.name for p in empty.iterdir()) == [OUTPUT_MARK, "a.txt"]
    with staged_folder(empty) as folder:  # marked: its own, replaced whole
        (folder / "b.txt").write_text("b", encoding="utf-8")
    assert sorted(p.name for p in empty.iterdir()) == [OUTPUT_MARK, "b.txt"]
    legacy = tmp_path / "legacy"  # looks like a build, but nothing says the toolkit wrote it all
    legacy.mkdir()
    (legacy / "build.json").write_text("{}", encoding="utf-8")
    (legacy / "keep.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(FileRefused, match="did not write"), staged_folder(legacy):
        pytest.fail("no work starts before the refusal")
    assert sorted(p.name for p in legacy.iterdir()) == ["build.json", "keep.txt"]


def test_reads_are_noted_by_each_block_that_is_still_open(tmp_path: Path) -> None:
    """Blocks may overlap (compiles in threads): closing one, while another holding the same
    paths is open, ends its own noting and no other."""
    looked_for = tmp_path / "looked-for.yaml"
    outer = files.noting_reads()
    first = outer.__enter__()
    inner = files.noting_reads()
    second = inner.__enter__()
    inner.__exit__(None, None, None)  # the two sets are equal (empty) as it closes
    files.is_file(looked_for)
    outer.__exit__(None, None, None)
    assert first == {str(looked_for)}
    assert second == set()
