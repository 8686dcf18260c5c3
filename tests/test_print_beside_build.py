"""`print` and `report` never write into a folder `build` made: build/<game>/ stays what
build.json and build/README.txt describe, whatever paper, cards or runs they ask for."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from entry_point import ROOT, run_toolkit

GAME = "lantern-routes"


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, bytes], bytes]:
    """A project built once: its folder, build/<game>/'s files and build/README.txt."""
    project = tmp_path_factory.mktemp("project")
    for part in ("rules", "cards", "print"):
        shutil.copytree(ROOT / part, project / part)
    result = run_toolkit("build", GAME, "--games", "2", cwd=project)
    assert result.returncode == 0, result.stderr
    readme = (project / "build" / "README.txt").read_bytes()
    return project, _files(project / "build" / GAME), readme


def test_print_on_other_paper_leaves_the_build_alone(
    built: tuple[Path, dict[str, bytes], bytes],
) -> None:
    project, before, readme = built
    printed = run_toolkit("print", GAME, "--paper", "letter", cwd=project)
    assert printed.returncode == 0, printed.stderr
    assert printed.stdout.startswith(f"build/print/{GAME}-cards.pdf: ")
    assert "letter" in printed.stdout
    assert (project / "build" / "print" / f"{GAME}-cards.pdf").read_bytes().startswith(b"%PDF")
    assert _files(project / "build" / GAME) == before
    assert (project / "build" / "README.txt").read_bytes() == readme


def test_report_with_other_runs_leaves_the_build_alone(
    built: tuple[Path, dict[str, bytes], bytes],
) -> None:
    project, before, readme = built
    reported = run_toolkit(
        "report", GAME, "--games", "2", "--players", "3", "--format", "csv", cwd=project
    )
    assert reported.returncode == 0, reported.stderr
    assert reported.stdout.startswith(f"build/report/{GAME}-report.pdf: ")
    report = project / "build" / "report" / f"{GAME}-report.pdf"
    assert report.read_bytes().startswith(b"%PDF")
    tables = sorted(p.name for p in report.parent.iterdir() if p.suffix == ".csv")
    assert tables and all(name.startswith(f"{GAME}-report") for name in tables)
    assert _files(project / "build" / GAME) == before
    assert (project / "build" / "README.txt").read_bytes() == readme
