"""Load a whole game: its manifest and every content file it lists, each checked against its
model (one file alone is `content_file`'s)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from toolkit.content.content_file import LoadedFile as LoadedFile
from toolkit.content.content_file import Patch as Patch
from toolkit.content.content_file import Read as Read
from toolkit.content.content_file import load_content_file as load_content_file
from toolkit.content.content_file import load_with_document
from toolkit.content.file_refs import image_problems, listed_file
from toolkit.content.kind_models import CARD_LIST_KEY, KindModels
from toolkit.content.models.card_kinds import FieldSpec, sound_declarations
from toolkit.content.models.manifest import Game
from toolkit.content.yaml_loader import Path_
from toolkit.diagnostics import Diagnostic
from toolkit.files import project_root


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


def load_game(
    manifest_path: Path, patches: dict[str, list[Patch]] | None = None, read: Read | None = None
) -> tuple[GameContent | None, list[Diagnostic]]:
    """Load a manifest and the card files it declares; schema errors of all files at once.

    `patches` (by kind, `game` for the manifest) change the raw data first: variants.
    """
    patches = patches or {}
    document, manifest, diagnostics = load_with_document(
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
