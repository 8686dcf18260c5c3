"""A content file named on its own (an editor's save, a pre-commit hook): checked by its
fixed kind's model, or a card file by its game's declaration of its kind, and its ids unique
within it. Nothing here builds a game: a card file of plain fields is checked without the
manifest's models, the rules primitives or any mechanic."""

from __future__ import annotations

from pathlib import Path

from toolkit.content.card_files import Manifests, declared_model
from toolkit.content.content_file import Read, load_content_file
from toolkit.content.kinds import KINDS
from toolkit.content.unique_ids import duplicate_card_ids
from toolkit.diagnostics import Diagnostic, did_you_mean


def check_lone_file(
    path: Path, project: Path | None, read: Read, manifests: Manifests | None = None
) -> list[Diagnostic]:
    """Every problem of the file at `path` (already read) that it shows on its own: its
    schema's, then, for what passed it, ids used twice. `manifests`: those the run has read."""
    document, diagnostics = read
    if document is None:
        return diagnostics
    kind = document.data.get("kind")
    if not isinstance(kind, str) or kind in KINDS:
        loaded, diagnostics = load_content_file(path, read=read)
    else:
        model, declared = declared_model(path, kind, project, manifests)
        if model is None:
            return [_unknown_kind(read, kind, declared)]
        loaded, diagnostics = load_content_file(path, kind, (), model, read)
    if loaded is None:
        return diagnostics
    # all of the file, or the cards that passed their schema
    return [*diagnostics, *duplicate_card_ids(loaded)]


def _unknown_kind(read: Read, kind: str, declared: list[str]) -> Diagnostic:
    """A `kind:` neither fixed nor declared by a game around the file."""
    document, _ = read
    assert document is not None
    pos = document.position(("kind",))
    hint = did_you_mean(kind, [*KINDS, *declared])
    if not hint.startswith("did you mean"):
        hint = f"declare card kind '{kind}' under 'card_kinds' in the game's manifest (rules/)"
    message = f"unknown kind '{document.plain_text.get(('kind',), kind)}'"
    return Diagnostic(
        document.file_of(pos), pos.line, pos.column, "error", "unknown-kind", message, hint
    )
