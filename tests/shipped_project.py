"""A copy of the shipped project to break one thing in, for tests of what validation refuses."""

from __future__ import annotations

import shutil
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def copy_project(folder: Path) -> Path:
    """`rules/`, `cards/` and `print/` of the repository copied into `folder`; returns it."""
    for part in ("rules", "cards", "print"):
        shutil.copytree(REPO / part, folder / part)
    return folder


def edit(path: Path, old: str, new: str) -> int:
    """Replace the first `old` in a file with `new`; returns the 1-based line of the edit."""
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    at = text.index(old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text.count("\n", 0, at) + 1
