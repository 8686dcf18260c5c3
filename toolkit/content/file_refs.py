"""Files a content value names (a card file, a layout, a template, a font, an image): checked
before they are read, and every refusal reported at the position of the value that names it.

Each must be a regular file of bounded size inside the project folder, symlinks followed, so
content can never make the toolkit read `/etc/passwd`, a device or a pipe.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from toolkit.content.kind_models import CARD_LIST_KEY
from toolkit.content.models.card_kinds import FieldSpec
from toolkit.content.pictures import picture_problem
from toolkit.content.yaml_loader import MAX_FILE_BYTES, Document, Path_
from toolkit.diagnostics import Diagnostic, did_you_mean
from toolkit.files import FileRefused, check_file, is_dir, read_bytes

MAX_IMAGE_BYTES = 32 * 1024 * 1024


def listed_file(
    document: Document,
    at: Path_,
    what: str,
    folder: Path,
    relative: str,
    root: Path,
    limit: int = MAX_FILE_BYTES,
) -> Diagnostic | None:
    """Why the file a value names (`relative` to `folder`) cannot be read, at that value's
    position; None when it is a regular file of at most `limit` bytes inside the project
    `root`, symlinks followed."""
    path = folder / relative
    try:
        check_file(path, limit, root)
    except FileRefused as refused:
        pos = document.position(at)
        where = (document.file_of(pos), pos.line, pos.column)
        hint = refused.hint
        if refused.code == "missing-file":
            why, hint = "does not exist", _nearby_files_hint(path)
        elif is_dir(path):
            why, hint = "is a folder, not a file", "name the file inside it"
        else:
            why = refused.reason.removeprefix(f"'{path}' ")
        return Diagnostic(*where, "error", refused.code, f"{what} '{relative}' {why}", hint)
    return None


def image_problems(
    document: Document, fields: dict[str, FieldSpec], folder: Path, root: Path
) -> list[Diagnostic]:
    """Every `image` value of a card file in `folder` (also inside lists, maps and sides): a
    picture file, relative to the card file, that must lie inside the project."""
    problems: list[Diagnostic] = []

    def walk(spec: FieldSpec, value: Any, at: Path_) -> None:
        if spec.type == "image" and isinstance(value, str):
            refused = listed_file(document, at, "image", folder, value, root, MAX_IMAGE_BYTES)
            problems.extend([refused] if refused is not None else [])
            if refused is None:
                problems.extend(_unprintable(document, at, folder / value))
        elif spec.type == "list" and spec.items is not None and isinstance(value, list):
            for index, item in enumerate(value):
                walk(spec.items, item, (*at, index))
        elif spec.type == "map" and spec.values is not None and isinstance(value, dict):
            for key, item in value.items():
                walk(spec.values, item, (*at, key))
        elif spec.type == "sides" and spec.fields is not None and isinstance(value, list):
            for index, side in enumerate(value):
                for name, side_spec in spec.fields.items():
                    if isinstance(side, dict) and name in side:
                        walk(side_spec, side[name], (*at, index, name))

    cards = document.data.get(CARD_LIST_KEY)
    for index, card in enumerate(cards if isinstance(cards, list) else []):
        for name, spec in fields.items():
            if isinstance(card, dict) and name in card:
                walk(spec, card[name], (CARD_LIST_KEY, index, name))
    return problems


def _unprintable(document: Document, at: Path_, path: Path) -> list[Diagnostic]:
    """A picture that exists but cannot be printed (not SVG or PNG, broken, reaching out)."""
    try:
        problem = picture_problem(path.name, read_bytes(path, MAX_IMAGE_BYTES))
    except FileRefused as refused:
        problem = refused.reason
    if problem is None:
        return []
    pos = document.position(at)
    return [
        Diagnostic(
            document.file_of(pos),
            pos.line,
            pos.column,
            "error",
            "bad-picture",
            f"image '{path.name}' {problem}",
            "pictures are SVG drawings or PNG images inside the project",
        )
    ]


def _nearby_files_hint(missing: Path) -> str:
    folder = missing.parent
    yaml = (".yaml", ".yml")
    suffixes = yaml if missing.suffix in ("", *yaml) else (missing.suffix,)
    try:
        names = [p.name for p in folder.iterdir() if p.suffix in suffixes]
    except (OSError, ValueError):
        return f"folder '{folder}' does not exist"
    return did_you_mean(missing.name, names)
