"""A card file checked on its own (an editor's save, a pre-commit hook): find the game that
declares its kind, so its cards are checked against that declaration and nothing else."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from toolkit.content.kind_models import KindModels
from toolkit.content.models.card_kinds import CardKind, sound_declarations
from toolkit.content.models.vocabulary import Vocabulary
from toolkit.content.yaml_loader import load_file
from toolkit.files import FileRefused, resolve

YAML_SUFFIXES = (".yaml", ".yml")


def _manifests(path: Path, project: Path | None) -> Iterator[Path]:
    """Manifests that may declare the file's kind: the project's, then those of each folder
    above the file that has a `rules/` folder."""
    real = _real(path)
    folders = [project or Path.cwd(), *(real.parents if real is not None else ())]
    seen: set[Path] = set()
    for folder in folders:
        rules = folder / "rules"
        try:
            found = sorted(p for p in rules.glob("*") if p.suffix in YAML_SUFFIXES)
        except OSError:
            continue
        for manifest in found:
            real_manifest = _real(manifest)
            if real_manifest is not None and real_manifest not in seen:
                seen.add(real_manifest)
                yield manifest


def _real(path: Path) -> Path | None:
    """The real path, or None for one that cannot be resolved (a symlink loop)."""
    try:
        return resolve(path)
    except FileRefused:
        return None


def _vocabularies(data: Any) -> dict[tuple[str, str], list[str]]:
    found: dict[tuple[str, str], list[str]] = {}
    for raw in data.get("vocabularies") or [] if isinstance(data, dict) else []:
        try:
            vocabulary = Vocabulary.model_validate(raw)
        except ValidationError:
            continue
        found[(vocabulary.kind, vocabulary.field)] = [v.id for v in vocabulary.values]
    return found


@dataclass
class Declared:
    """What a manifest declares that a card file alone is checked against."""

    kinds: dict[str, CardKind]
    vocabularies: dict[tuple[str, str], list[str]]


class Manifests:
    """The manifests read so far in one run, each read once: card files checked alone in one
    run (a folder of them, a hook's list of changed files) share the games around them."""

    def __init__(self) -> None:
        self._read: dict[Path, Declared | None] = {}

    def declared(self, manifest: Path) -> Declared | None:
        """The sound declarations of `manifest`; None when it is no game's manifest."""
        if manifest not in self._read:
            document, _ = load_file(manifest)
            if document is None or document.data.get("kind") != "game":
                self._read[manifest] = None
            else:
                data = document.data
                self._read[manifest] = Declared(sound_declarations(data), _vocabularies(data))
        return self._read[manifest]


def declared_model(
    path: Path, kind: str, project: Path | None = None, manifests: Manifests | None = None
) -> tuple[type[BaseModel] | None, list[str]]:
    """The model of a card file of `kind`, from the game that lists this very file (or else
    the first game declaring the kind), and every card kind the games around declare."""
    manifests = manifests or Manifests()
    by_name: type[BaseModel] | None = None
    known: list[str] = []
    for manifest in _manifests(path, project):
        declared = manifests.declared(manifest)
        if declared is None:
            continue
        known.extend(k for k in declared.kinds if k not in known)
        declaration = declared.kinds.get(kind)
        if declaration is None:
            continue
        model = KindModels(declared.vocabularies).file_model(kind, declaration)
        listed = _real(manifest.parent / declaration.file)
        if listed is not None and listed == _real(path):
            return model, known
        by_name = by_name or model
    return by_name, known
