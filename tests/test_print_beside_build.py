"""`print` never writes into a folder `build` made: build/<game>/ stays what build.json and
build/README.txt describe, whatever paper or cards a later `print` asks for."""

from __future__ import annotations

import shutil
from pathlib import Path

from entry_point import ROOT, run_toolkit

GAME = "lantern-routes"


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_print_on_other_paper_leaves_the_build_alone(tmp_path: Path) -> None:
    for part in ("rules", "cards", "print"):
        shutil.copytree(ROOT / part, tmp_path / part)
    built = run_toolkit("build", GAME, "--games", "2", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    before = _files(tmp_path / "build" / GAME)
    readme = (tmp_path / "build" / "README.txt").read_bytes()

    printed = run_toolkit("print", GAME, "--paper", "letter", cwd=tmp_path)
    assert printed.returncode == 0, printed.stderr
    assert printed.stdout.startswith(f"build/print/{GAME}-cards.pdf: ")
    assert "letter" in printed.stdout
    assert (tmp_path / "build" / "print" / f"{GAME}-cards.pdf").read_bytes().startswith(b"%PDF")
    assert _files(tmp_path / "build" / GAME) == before
    assert (tmp_path / "build" / "README.txt").read_bytes() == readme
