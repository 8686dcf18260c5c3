"""Apply variant overlays to a game's raw data before it is validated and compiled.

Values a variant brings keep their own positions, so a mistake in a variant (a wrong type, a
reference to nothing) is reported at the variant's line, like any content error.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from toolkit.content.kind_models import CARD_LIST_KEY
from toolkit.content.kinds import KINDS
from toolkit.content.models.variant import Variant
from toolkit.content.project import LoadedFile, load_content_file
from toolkit.content.text_checks import control_character, unsafe_strings
from toolkit.content.yaml_loader import MAX_FILE_BYTES, Document, Path_, Position
from toolkit.diagnostics import Diagnostic, did_you_mean
from toolkit.errors import UsageError
from toolkit.files import FileRefused, check_file

Patch = Callable[[Document], list[Diagnostic]]


@dataclass
class Overlay:
    """A loaded, schema-checked variant file."""

    loaded: LoadedFile

    @property
    def variant(self) -> Variant:
        assert isinstance(self.loaded.model, Variant)
        return self.loaded.model

    def targets(self) -> set[str]:
        kinds = {op.path.split("/", 1)[0] for op in self.variant.set}
        kinds |= {op.kind for op in self.variant.add} | {op.kind for op in self.variant.remove}
        if self.variant.options:
            kinds.add("game")
        return kinds

    def patch(self, kind: str) -> Patch:
        return lambda document: _apply(self, kind, document)

    def check_targets(self, kinds: list[str]) -> list[Diagnostic]:
        """Changes aimed at a file the game does not have (`game` or a listed content kind),
        and control characters in `--set` values (files get that check when loaded)."""
        errors = []
        for index, op in enumerate(self.variant.set):
            for text in unsafe_strings([op.path, op.value]):
                found = control_character(self.loaded.document.file, 1, index + 1, text)
                errors += [found] if found is not None else []
        for index, op in enumerate(self.variant.set):
            kind = op.path.split("/", 1)[0]
            if kind not in kinds:
                errors.append(
                    self.loaded.diag(
                        ("set", index, "path"),
                        "unknown-path",
                        f"'{op.path}' names nothing: the game has no '{kind}' file",
                        did_you_mean(kind, kinds),
                    )
                )
        changes: list[tuple[str, int, str]] = [
            *(("add", i, op.kind) for i, op in enumerate(self.variant.add)),
            *(("remove", i, op.kind) for i, op in enumerate(self.variant.remove)),
        ]
        for key, index, kind in changes:
            if kind not in kinds:
                errors.append(
                    self.loaded.diag(
                        (key, index, "kind"),
                        "unknown-reference",
                        f"the game has no '{kind}' file",
                        did_you_mean(kind, kinds),
                    )
                )
        return errors


COMMAND_LINE = "--set"


def overlay_from_sets(sets: list[tuple[str, Any]], game_id: str) -> Overlay:
    """A variant made on the command line (`--set PATH=VALUE`); errors name '--set'."""
    name = ", ".join(f"{path}={value}" for path, value in sets)
    data = {
        "kind": "variant",
        "game": game_id,
        "name": name if len(name) <= 200 else name[:199] + "\u2026",  # a heading, not data
        "set": [{"path": path, "value": value} for path, value in sets],
    }
    document = Document(COMMAND_LINE, data)
    for index in range(len(sets)):
        for key in ("path", "value"):
            document.values[("set", index, key)] = Position(1, index + 1)
    try:
        model = Variant.model_validate(data)
    except ValidationError as error:  # a path or value no variant file could hold either
        raise UsageError(f"--set: {error.errors()[0]['msg']}") from None
    return Overlay(LoadedFile(Path(COMMAND_LINE), document, model))


def load_overlays(paths: list[Path], game_id: str) -> tuple[list[Overlay], list[Diagnostic]]:
    overlays, diagnostics = [], []
    for path in paths:
        check_variant_file(path)
        loaded, errors = load_content_file(path, "variant")
        diagnostics.extend(errors)
        if loaded is None:
            continue
        overlay = Overlay(loaded)
        if overlay.variant.game != game_id:
            diagnostics.append(
                loaded.diag(
                    ("game",),
                    "game-mismatch",
                    f"this variant is for '{overlay.variant.game}', not '{game_id}'",
                )
            )
            continue
        overlays.append(overlay)
    return overlays, diagnostics


def check_variant_file(path: Path) -> None:
    """A variant named on the command line is the user's own choice, so it may live anywhere;
    but it must be a regular file of bounded size (`--variant /dev/zero` must not hang). A
    missing file stays a positioned error like any other content file's."""
    try:
        check_file(path, MAX_FILE_BYTES)
    except FileRefused as refused:
        if refused.code != "missing-file":
            raise UsageError(f"--variant {refused.reason}") from None


def _rebase(source: Document, source_path: Path_, target: Document, target_path: Path_) -> None:
    """Give the values copied from a variant their positions in the variant's file."""
    for table, into in ((source.values, target.values), (source.keys, target.keys)):
        for path, pos in table.items():
            if path[: len(source_path)] == source_path:
                moved = (*target_path, *path[len(source_path) :])
                into[moved] = Position(pos.line, pos.column, source.file)


def _drop(document: Document, prefix: Path_) -> None:
    for table in (document.values, document.keys):
        for path in [p for p in table if p[: len(prefix)] == prefix]:
            del table[path]


def _apply(overlay: Overlay, kind: str, document: Document) -> list[Diagnostic]:
    variant, source = overlay.variant, overlay.loaded.document
    errors: list[Diagnostic] = []

    def fail(at: Path_, code: str, message: str, hint: str = "") -> None:
        errors.append(overlay.loaded.diag(at, code, message, hint))

    for index, op in enumerate(variant.set):
        segments = op.path.split("/")
        if segments[0] != kind:
            continue
        resolved = _resolve(document.data, kind, segments[1:])
        if isinstance(resolved, str):
            fail(("set", index, "path"), "unknown-path", f"'{op.path}' names nothing: {resolved}")
            continue
        container, key, path = resolved
        _drop(document, path)
        container[key] = op.value
        _rebase(source, ("set", index, "value"), document, path)
    if kind == "game":
        for option, value in variant.options.items():
            options = document.data.get("options")
            ids = [o.get("id") for o in options] if isinstance(options, list) else []
            if option not in ids:
                errors.append(
                    overlay.loaded.diag(
                        ("options", option),
                        "unknown-reference",
                        f"unknown option '{option}'",
                        did_you_mean(option, [str(i) for i in ids]),
                        key=True,
                    )
                )
                continue
            at = ids.index(option)
            assert isinstance(options, list)
            options[at]["default"] = value
            _rebase(source, ("options", option), document, ("options", at, "default"))
    if kind in KINDS:
        return errors
    list_key = CARD_LIST_KEY
    cards = document.data.get(list_key)
    if not isinstance(cards, list):
        return errors
    for index, removal in enumerate(variant.remove):
        if removal.kind != kind:
            continue
        ids = [c.get("id") if isinstance(c, dict) else None for c in cards]
        if removal.id not in ids:
            fail(
                ("remove", index, "id"),
                "unknown-reference",
                f"no {kind} card '{removal.id}' to remove",
                did_you_mean(removal.id, [str(i) for i in ids]),
            )
            continue
        at = ids.index(removal.id)
        del cards[at]
        _shift(document, (list_key,), at)
    for index, addition in enumerate(variant.add):
        if addition.kind != kind:
            continue
        cards.append(addition.card)
        _rebase(source, ("add", index, "card"), document, (list_key, len(cards) - 1))
    return errors


def _shift(document: Document, list_path: Path_, removed: int) -> None:
    """Positions of the items after a removed list item move up by one."""
    depth = len(list_path)
    for table in (document.values, document.keys):
        moved = {}
        for path in list(table):
            if path[:depth] != list_path or len(path) <= depth:
                continue
            item = path[depth]
            if isinstance(item, int) and item >= removed:
                pos = table.pop(path)
                if item > removed:
                    moved[(*list_path, item - 1, *path[depth + 1 :])] = pos
        table.update(moved)


def _resolve(data: Any, kind: str, segments: list[str]) -> tuple[Any, Any, Path_] | str:
    """The container, key and data path a variant path names, or why it names nothing."""
    if not segments or segments == [""]:
        return "a path needs at least one key after the file"
    current: Any = data
    path: list[str | int] = []
    if kind not in KINDS:
        key = CARD_LIST_KEY
        current = current.get(key) if isinstance(current, dict) else None
        path.append(key)
    for position, segment in enumerate(segments):
        last = position == len(segments) - 1
        if isinstance(current, dict):
            if segment not in current and not last:
                return f"no key '{segment}'" + _hint(segment, list(current))
            if last:
                return current, segment, (*path, segment)
            current = current[segment]
            path.append(segment)
        elif isinstance(current, list):
            ids = [item.get("id") if isinstance(item, dict) else None for item in current]
            if segment in ids:
                index = ids.index(segment)
            elif segment.isdigit() and int(segment) < len(current):
                index = int(segment)
            else:
                known = [str(i) for i in ids if i is not None]
                return f"no item '{segment}'" + _hint(segment, known)
            if last:
                return current, index, (*path, index)
            current = current[index]
            path.append(index)
        else:
            return f"'{'/'.join(segments[:position])}' holds a single value, not '{segment}'"
    return "empty path"


def value_at(data: Any, kind: str, segments: list[str]) -> Any:
    """The value a variant path names in a file's data; None where the path names nothing
    yet (a key a variant would add) or nothing at all."""
    resolved = _resolve(data, kind, segments)
    if isinstance(resolved, str):
        return None
    container, key, _ = resolved
    return container.get(key) if isinstance(container, dict) else container[key]


def _hint(word: str, choices: list[str]) -> str:
    hint = did_you_mean(word, choices)
    return f" ({hint})" if hint else ""
