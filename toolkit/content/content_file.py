"""One content file loaded and checked against its model: a fixed kind's (`kind:` names it)
or a declared card kind's (given). A game's loading builds on it (`project`); a file checked
alone needs nothing more, so this imports no game model, rules or mechanics."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from toolkit.content.kind_models import CARD_LIST_KEY
from toolkit.content.kinds import KINDS, fixed_kind_model
from toolkit.content.schema_errors import diagnostics_from_error, without_failed_items
from toolkit.content.yaml_loader import Document, Path_, load_file
from toolkit.diagnostics import Diagnostic, did_you_mean


@dataclass
class LoadedFile:
    """A content file's positioned data and its validated model."""

    path: Path
    document: Document
    model: BaseModel
    kept: tuple[int, ...] | None = None
    """When some cards failed their schema, the model holds only the others: this is the
    index in the file of each. Checks on one card still run; checks over all skip the kind."""

    def cards(self) -> list[tuple[Path_, Any]]:
        """Each card of a card file with its path in the file."""
        cards = list(getattr(self.model, CARD_LIST_KEY, []))
        kept = self.kept if self.kept is not None else range(len(cards))
        return [((CARD_LIST_KEY, index), card) for index, card in zip(kept, cards, strict=True)]

    def diag(
        self,
        path: Path_,
        code: str,
        message: str,
        hint: str = "",
        *,
        key: bool = False,
        severity: str = "error",
    ) -> Diagnostic:
        pos = self.document.position(path, key=key)
        return Diagnostic(
            self.document.file_of(pos),
            pos.line,
            pos.column,
            "error" if severity == "error" else "warning",
            code,
            message,
            hint,
        )


Patch = Callable[[Document], list[Diagnostic]]
"""Changes a loaded file's data before validation (a variant overlay); returns its errors."""

Read = tuple[Document | None, list[Diagnostic]]
"""What `load_file` gave for a file already read (validation peeks at each file's kind
first), so the file is not read and parsed a second time."""


def load_content_file(
    path: Path,
    expected_kind: str | None = None,
    patches: Sequence[Patch] = (),
    model: type[BaseModel] | None = None,
    read: Read | None = None,
) -> tuple[LoadedFile | None, list[Diagnostic]]:
    """Load and schema-validate one file; its `kind:` picks the model unless one is given (a
    declared card kind's)."""
    _, loaded, diagnostics = load_with_document(path, expected_kind, patches, model, read)
    return loaded, diagnostics


def load_with_document(
    path: Path,
    expected_kind: str | None,
    patches: Sequence[Patch] = (),
    declared: type[BaseModel] | None = None,
    read: Read | None = None,
) -> tuple[Document | None, LoadedFile | None, list[Diagnostic]]:
    """`load_content_file`, also giving the file's positioned data when it was read (a
    manifest that fails its schema still names card files worth checking)."""
    document, diagnostics = read if read is not None else load_file(path)
    if document is None:
        return None, None, diagnostics

    def fail(at: Path_, code: str, message: str, hint: str) -> list[Diagnostic]:
        pos = document.position(at)
        return [
            Diagnostic(document.file_of(pos), pos.line, pos.column, "error", code, message, hint)
        ]

    kind_value: Any = document.data.get("kind")
    if kind_value is None:
        hint = f"add 'kind: {expected_kind}'" if expected_kind else "add 'kind:' (one of: "
        hint += "" if expected_kind else ", ".join(KINDS) + ")"
        return document, None, fail((), "missing-key", "missing required key 'kind'", hint)
    if expected_kind is not None and kind_value != expected_kind:
        what = f"'{expected_kind}' file" if declared is None else f"'{expected_kind}' card file"
        written = document.plain_text.get(("kind",), str(kind_value))
        return (
            document,
            None,
            fail(
                ("kind",),
                "kind-mismatch",
                f"this file is used as a {what} but it says 'kind: {written}'",
                did_you_mean(written, [expected_kind])
                or "fix the file's kind, or name the right file (in the manifest's "
                "'card_kinds' or on the command line)",
            ),
        )
    if declared is None and not (isinstance(kind_value, str) and kind_value in KINDS):
        written = document.plain_text.get(("kind",), str(kind_value))
        return (
            document,
            None,
            fail(
                ("kind",), "unknown-kind", f"unknown kind '{written}'", did_you_mean(written, KINDS)
            ),
        )
    patch_errors = [error for patch in patches for error in patch(document)]
    model = declared or fixed_kind_model(kind_value, document.data)
    try:
        validated = model.model_validate(document.data)
    except ValidationError as error:
        diagnostics = [*patch_errors, *diagnostics_from_error(document, model, error)]
        if declared is None:
            return document, None, diagnostics
        partial = without_failed_items(declared, document.data, error, CARD_LIST_KEY)
        if partial is None:
            return document, None, diagnostics
        return document, LoadedFile(path, document, *partial), diagnostics
    if patch_errors:
        return document, None, patch_errors
    return document, LoadedFile(path, document, validated), []
