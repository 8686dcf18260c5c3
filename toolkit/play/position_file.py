"""Position files written by `toolkit play`: checked like every output (no link followed,
never a designer's file: only a file that begins as the toolkit writes positions is ever
replaced) and written whole or not at all."""

from __future__ import annotations

from pathlib import Path

from toolkit.engine.position_save import MADE
from toolkit.errors import UsageError
from toolkit.files import FileRefused, check_output, claim_fresh_name, ensure_folder, write_atomic


def check_position_output(path: Path) -> None:
    """Refuse, before the game starts, a position path that cannot or must not be written.
    A position is YAML, named like content, so the output's own start is what protects a
    designer's file of that name (only a position the toolkit wrote is replaced); the
    project's `rules/`, `cards/` and `print/` stay refused."""
    try:
        ensure_folder(path.parent)
        check_output(path, made=MADE, yaml=True)
    except FileRefused as refused:
        hint = f"; {refused.hint}" if refused.hint else ""
        raise UsageError(f"position: {refused.reason}{hint}") from None


def fresh_position(path: Path) -> Path:
    """`path`, or `<stem>-2.yaml`, `-3`...: a name no earlier save has, claimed at once."""
    try:
        return claim_fresh_name(path)
    except FileRefused as refused:
        raise UsageError(f"position: {refused.reason}") from None


def write_position(path: Path, text: str) -> None:
    check_position_output(path)
    try:
        write_atomic(path, text)
    except FileRefused as refused:
        raise UsageError(f"position: {refused.reason}") from None
