"""No write follows a symlink: at a command's default output path, at an explicit `--out`,
`--transcript` or `--into`, or at a folder on the way down from the project root. A project
may ship such links; each case is refused (exit 2) before any work, the file the link points
to (outside the project) is unchanged, and nothing is left behind."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from entry_point import run_toolkit
from shipped_project import copy_project

from toolkit.files import OUTPUT_MARK

GAME = "midway-memories"
VICTIM_TEXT = "# the user's own file, outside the project\n"


def snapshot(folder: Path) -> dict[str, object]:
    """Every path under `folder`: a link's target, a file's bytes, or 'folder'."""
    found: dict[str, object] = {}
    for path in sorted(folder.rglob("*")):
        key = path.relative_to(folder).as_posix()
        if path.is_symlink():
            found[key] = ("link", os.readlink(path))
        elif path.is_dir():
            found[key] = "folder"
        else:
            found[key] = path.read_bytes()
    return found


@pytest.fixture
def world(tmp_path: Path) -> tuple[Path, Path, Path]:
    """(project, victim file, victim folder): a copy of the shipped project beside the
    user's own files, which no command may touch."""
    project = copy_project(tmp_path / "project")
    victim = tmp_path / "home" / "victim.txt"
    victim.parent.mkdir()
    victim.write_text(VICTIM_TEXT, encoding="utf-8")
    folder = tmp_path / "home" / "folder"
    folder.mkdir()
    (folder / "mine.txt").write_text("mine\n", encoding="utf-8")
    return project, victim, folder


def then(*steps: object) -> list[str]:
    """The last of `steps` (the command line), after the others have been done."""
    words = steps[-1]
    assert isinstance(words, list)
    return words


def link(at: Path, to: Path) -> None:
    at.parent.mkdir(parents=True, exist_ok=True)
    at.symlink_to(to)


Setup = Callable[[Path, Path, Path], list[str]]
"""Plants links in the project (project, victim file, victim folder) and returns the
command line to run there."""

CASES: dict[str, Setup] = {
    "schema at a default schema file": lambda p, v, f: (
        link(p / "schemas" / GAME / "attractions.schema.json", v) or ["schema"]
    ),
    "schema --out at a link to a folder": lambda p, v, f: (
        link(p / "linked-schemas", f) or ["schema", "--out", "linked-schemas"]
    ),
    "print at the default PDF": lambda p, v, f: (
        link(p / "build" / "print" / f"{GAME}-cards.pdf", v) or ["print", GAME]
    ),
    "print with build/ a link": lambda p, v, f: link(p / "build", f) or ["print", GAME],
    "print --out at a link": lambda p, v, f: (
        link(p / "cards.pdf", v) or ["print", GAME, "--out", "cards.pdf"]
    ),
    "report at the default PDF": lambda p, v, f: (
        link(p / "build" / "report" / f"{GAME}-report.pdf", v) or ["report", GAME, "--games", "2"]
    ),
    "report --out at a link": lambda p, v, f: (
        link(p / "r.txt", v) or ["report", GAME, "--games", "2", "--out", "r.txt"]
    ),
    "build at build/README.txt": lambda p, v, f: (
        link(p / "build" / "README.txt", v) or ["build", GAME, "--games", "2"]
    ),
    "build at a game's folder": lambda p, v, f: (
        link(p / "build" / GAME, f) or ["build", GAME, "--games", "2"]
    ),
    "build --out at a link": lambda p, v, f: (
        link(p / "out", f) or ["build", GAME, "--games", "2", "--out", "out"]
    ),
    "play with build/play a link": lambda p, v, f: (
        link(p / "build" / "play", f) or ["play", GAME, "--seed", "7"]
    ),
    "play --transcript at a link": lambda p, v, f: (
        link(p / "game.jsonl", v) or ["play", GAME, "--seed", "7", "--transcript", "game.jsonl"]
    ),
    "simulate --transcript at a link": lambda p, v, f: (
        link(p / "run.jsonl", v) or ["simulate", GAME, "--games", "2", "--transcript", "run.jsonl"]
    ),
    "sweep --out at a link": lambda p, v, f: (
        link(p / "sweep.pdf", v)
        or ["sweep", GAME, "--set", "rounds=4,5", "--games", "2", "--out", "sweep.pdf"]
    ),
    "tune at the default folder": lambda p, v, f: (
        link(p / "build" / f"{GAME}-tune", f) or ["tune", GAME, "--space", "space.yaml"]
    ),
    "tune --out at a link": lambda p, v, f: (
        link(p / "tuned", f) or ["tune", GAME, "--space", "space.yaml", "--out", "tuned"]
    ),
    "tune at study.db": lambda p, v, f: then(
        link(p / "tuned" / "study.db", v),
        (p / "tuned" / OUTPUT_MARK).write_text(""),
        ["tune", GAME, "--space", "space.yaml", "--out", "tuned"],
    ),
    "export at the default folder": lambda p, v, f: (
        link(p / "build" / f"{GAME}-csv", f) or ["export", GAME, "--to", "csv"]
    ),
    "export --out at a link": lambda p, v, f: (
        link(p / "cards-out", f) or ["export", GAME, "--to", "png", "--out", "cards-out"]
    ),
    "import --into at a link": lambda p, v, f: then(
        link(p / "cards" / GAME / "more.yaml", v),
        (p / "sheet.csv").write_text("id,name\nx,X\n"),
        ["import", "sheet.csv", "--kind", "attractions", "--into", f"cards/{GAME}/more.yaml"],
    ),
    "new with cards/<game> a link": lambda p, v, f: (
        link(p / "cards" / "night-market", f) or ["new", "night-market", "--family", "draft"]
    ),
    "new with print/shared a link": lambda p, v, f: then(
        shutil.rmtree(p / "print" / "shared"),
        link(p / "print" / "shared", f),
        ["new", "night-market", "--family", "draft"],
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_no_write_follows_a_link(world: tuple[Path, Path, Path], case: str) -> None:
    project, victim, folder = world
    (project / "space.yaml").write_text("kind: tune-space\n", encoding="utf-8")
    command = CASES[case](project, victim, folder)
    before = snapshot(project.parent)
    result = run_toolkit(*command, cwd=project, stdin="q\n")
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stderr.startswith("usage error: "), result.stderr
    assert "symlink" in result.stderr, result.stderr
    assert victim.read_text(encoding="utf-8") == VICTIM_TEXT
    assert snapshot(project.parent) == before, "nothing written, nothing left behind"


def test_a_link_in_a_folder_the_user_named_outside_the_project_is_theirs(
    world: tuple[Path, Path, Path],
) -> None:
    """Outside the project, the folders of a path the user typed are theirs to link; only the
    last part must not be a link."""
    project, victim, folder = world
    (project.parent / "home" / "via").symlink_to(folder)
    typed = project.parent / "home" / "via" / "run.jsonl"
    result = run_toolkit("simulate", GAME, "--games", "2", "--transcript", typed, cwd=project)
    assert result.returncode == 0, result.stderr
    assert (folder / "run.jsonl").read_text(encoding="utf-8").startswith('{"type": "game"')
    assert victim.read_text(encoding="utf-8") == VICTIM_TEXT


def test_a_linked_folder_the_game_reads_from_inside_the_project_still_prints(
    world: tuple[Path, Path, Path],
) -> None:
    """A designer may keep a game's files elsewhere in the project and link them in: read,
    never written, so printing works and the output goes to build/ as ever."""
    project, _, _ = world
    (project / "sources").mkdir()
    (project / "cards" / GAME).rename(project / "sources" / GAME)
    (project / "cards" / GAME).symlink_to(Path("..") / "sources" / GAME)
    result = run_toolkit("print", GAME, "--only", "attractions", cwd=project)
    assert result.returncode == 0, result.stderr
    assert (project / "build" / "print" / f"{GAME}-cards.pdf").read_bytes().startswith(b"%PDF-")
