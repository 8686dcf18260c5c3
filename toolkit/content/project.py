"""Load content files into models: one file alone, or a whole game from its manifest."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from toolkit.content.file_refs import image_problems, listed_file
from toolkit.content.kind_models import CARD_LIST_KEY, KindModels
from toolkit.content.kinds import KINDS
from toolkit.content.models.card_kinds import CardKind, FieldSpec
from toolkit.content.models.manifest import Game, game_model
from toolkit.content.schema_errors import diagnostics_from_error, without_failed_items
from toolkit.content.yaml_loader import Document, Path_, load_file
from toolkit.diagnostics import Diagnostic, did_you_mean
from toolkit.files import project_root


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


@dataclass
class GameContent:
    """A game's manifest and every content file it lists, all validated by schema."""

    manifest: LoadedFile
    files: dict[str, LoadedFile] = field(default_factory=dict)

    @property
    def game(self) -> Game:
        assert isinstance(self.manifest.model, Game)
        return self.manifest.model

    def card_kinds(self) -> list[str]:
        """The card kinds the game declares and that loaded, in declaration order."""
        return [kind for kind in self.game.card_kinds if kind in self.files]

    def cards(self, kind: str) -> list[Any]:
        """Every card of a kind as a record (fields as attributes); [] for a kind not loaded."""
        loaded = self.files.get(kind)
        if loaded is None or kind not in self.game.card_kinds:
            return []
        return list(getattr(loaded.model, CARD_LIST_KEY))

    def field_types(self, kind: str) -> dict[str, str]:
        """Each field of a kind's cards and its declared type (`int`, `text`, `effects`,
        `scoring`, `sides`, `map`, ...), in declaration order; `id` is always first."""
        declaration = self.game.card_kinds.get(kind)
        if declaration is None:
            return {}
        return {"id": "id", **{name: spec.type for name, spec in declaration.fields.items()}}

    def field_spec(self, kind: str, field: str) -> FieldSpec | None:
        declaration = self.game.card_kinds.get(kind)
        return declaration.fields.get(field) if declaration is not None else None

    def all_files(self) -> list[LoadedFile]:
        return [self.manifest, *self.files.values()]


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
    _, loaded, diagnostics = _load(path, expected_kind, patches, model, read)
    return loaded, diagnostics


def _load(
    path: Path,
    expected_kind: str | None,
    patches: Sequence[Patch] = (),
    declared: type[BaseModel] | None = None,
    read: Read | None = None,
) -> tuple[Document | None, LoadedFile | None, list[Diagnostic]]:
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
    model: type[BaseModel] | None = declared or (
        KINDS.get(kind_value) if isinstance(kind_value, str) else None
    )
    if model is None:
        written = document.plain_text.get(("kind",), str(kind_value))
        return (
            document,
            None,
            fail(
                ("kind",), "unknown-kind", f"unknown kind '{written}'", did_you_mean(written, KINDS)
            ),
        )
    patch_errors = [error for patch in patches for error in patch(document)]
    if model is Game:
        model = game_model(document.data)
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


def load_game(
    manifest_path: Path, patches: dict[str, list[Patch]] | None = None, read: Read | None = None
) -> tuple[GameContent | None, list[Diagnostic]]:
    """Load a manifest and the card files it declares; schema errors of all files at once.

    `patches` (by kind, `game` for the manifest) change the raw data first: variants.
    """
    patches = patches or {}
    document, manifest, diagnostics = _load(
        manifest_path, "game", patches.get("game", []), read=read
    )
    if manifest is None:
        # Still check the card files whose declarations are sound, so one run shows every error.
        if document is not None:
            root = project_root(manifest_path)
            for kind, declaration in sound_declarations(document.data).items():
                file_path = manifest_path.parent / declaration.file
                refused = listed_file(
                    document,
                    ("card_kinds", kind, "file"),
                    "content file",
                    manifest_path.parent,
                    declaration.file,
                    root,
                )
                if refused is not None:
                    diagnostics.extend([] if refused.code == "missing-file" else [refused])
                    continue
                alone = KindModels({}).file_model(kind, declaration)
                diagnostics.extend(load_content_file(file_path, kind, (), alone)[1])
        return None, diagnostics
    content = GameContent(manifest)
    game = content.game
    models = KindModels(
        {(v.kind, v.field): [value.id for value in v.values] for v in game.vocabularies},
        close_vocabularies=False,
    )
    listed: list[tuple[str, Path_, str, type[BaseModel] | None]] = [
        (kind, ("card_kinds", kind, "file"), declaration.file, models.file_model(kind, declaration))
        for kind, declaration in game.card_kinds.items()
    ]
    if game.strategies is not None:
        listed.append(("strategies", ("strategies",), game.strategies, None))
    folder, root = manifest_path.parent, project_root(manifest_path)
    for kind, at, relative, model in listed:
        file_path = folder / relative
        refused = listed_file(manifest.document, at, "content file", folder, relative, root)
        if refused is not None:
            diagnostics.append(refused)
            continue
        loaded, errors = load_content_file(file_path, kind, patches.get(kind, []), model)
        diagnostics.extend(errors)
        if loaded is not None:
            content.files[kind] = loaded
            if kind in game.card_kinds:
                fields = game.card_kinds[kind].fields
                diagnostics.extend(image_problems(loaded.document, fields, file_path.parent, root))
    for index, relative in enumerate(game.print_layouts):
        refused = listed_file(
            manifest.document, ("print_layouts", index), "print layout", folder, relative, root
        )
        if refused is not None:
            diagnostics.append(refused)
    return content, diagnostics


def sound_declarations(data: Any) -> dict[str, CardKind]:
    """The card-kind declarations of a manifest that failed validation which are valid alone."""
    raw = data.get("card_kinds") if isinstance(data, dict) else None
    sound: dict[str, CardKind] = {}
    if isinstance(raw, dict):
        for kind, declaration in raw.items():
            try:
                sound[str(kind)] = CardKind.model_validate(declaration)
            except ValidationError:
                continue
    return sound
