"""JSON Schemas for editors, generated from the content models and each game's declared card
kinds, and committed in `schemas/`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from toolkit.content.docstrings import all_models, attribute_docstrings
from toolkit.content.kind_models import KindModels
from toolkit.content.kinds import KINDS, schema_file_name
from toolkit.content.models.manifest import Game
from toolkit.content.project import load_content_file
from toolkit.files import (
    SCHEMA,
    FileRefused,
    check_new_file,
    check_output,
    ensure_folder,
    is_dir,
    read_bytes,
    write_atomic,
)
from toolkit.schema.base import Model

MAX_SCHEMA_BYTES = 8 * 1024 * 1024
"""A generated schema is at most a few hundred kilobytes; a larger file is not one of ours."""

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


def _document(schema: dict[str, Any], model: type[Any]) -> None:
    docs = attribute_docstrings(model)
    for name, prop in schema.get("properties", {}).items():
        if "description" in prop:
            continue
        if name in docs:
            prop["description"] = docs[name]
        elif "const" in prop:  # a tag such as `effect: gain`
            prop["description"] = f"Says which {name} this is: always '{prop['const']}'."


def schema_models(project: Path) -> dict[str, type[BaseModel]]:
    """Schema file name (inside `schemas/`) to the model it describes: the fixed kinds, then
    `<game>/<kind>.schema.json` for every card kind a manifest in `rules/` declares."""
    models: dict[str, type[BaseModel]] = {schema_file_name(k): m for k, m in KINDS.items()}
    for manifest in sorted((project / "rules").glob("*.yaml")):
        loaded, _ = load_content_file(manifest, "game")
        if loaded is None or not isinstance(loaded.model, Game):
            continue  # `toolkit validate` reports why; the other games still get schemas
        game = loaded.model
        kinds = KindModels(
            {(v.kind, v.field): [x.id for x in v.values] for v in game.vocabularies},
            component_ids={
                "tracks": [t.id for t in game.tracks],
                "resources": [r.id for r in game.resources],
                "zones": [z.id for z in game.zones],
                "slots": list(game.slots),
            },
        )
        for kind, declaration in game.card_kinds.items():
            models[f"{game.id}/{schema_file_name(kind)}"] = kinds.file_model(kind, declaration)
    return models


def schema_for(name: str, model: type[BaseModel]) -> dict[str, object]:
    schema = model.model_json_schema()
    models = all_models(Model)
    _document(schema, model)
    for definition_name, definition in schema.get("$defs", {}).items():
        if definition_name in models:
            _document(definition, models[definition_name])
    return {"$schema": SCHEMA_DIALECT, "$id": name, **schema}


def render_schemas(project: Path) -> dict[str, str]:
    """File name to file text, for every schema; byte-stable so drift checks are exact."""
    return {
        name: json.dumps(schema_for(name, model), indent=2, sort_keys=True) + "\n"
        for name, model in schema_models(project).items()
    }


def write_schemas(folder: Path, project: Path) -> list[str]:
    """Write every schema of a project into `folder`; returns the names that changed. Every
    file to write is checked first (no link, no file the toolkit did not write: see
    `files.check_output`), so a refusal writes none."""
    changed = {
        name: text
        for name, text in render_schemas(project).items()
        if _current(folder / name) != text
    }
    for name in changed:
        target = folder / name
        if is_dir(target.parent):
            check_output(target, made=SCHEMA)
        else:
            check_new_file(target)
    for name, text in changed.items():
        ensure_folder((folder / name).parent)
        write_atomic(folder / name, text)
    return list(changed)


def drifted_schemas(folder: Path, project: Path) -> list[str]:
    """Names of schema files that are missing, differ from the models, or describe nothing."""
    rendered = render_schemas(project)
    drift = []
    for name, text in rendered.items():
        if _current(folder / name) != text:
            drift.append(name)
    drift.extend(
        name
        for p in folder.rglob("*.schema.json")
        if (name := p.relative_to(folder).as_posix()) not in rendered
    )
    return sorted(drift)


def _current(target: Path) -> str | None:
    """A schema file's text as it stands; None when it is missing, not a regular file, too
    large or not UTF-8 (all of which mean it must be written again)."""
    try:
        return read_bytes(target, MAX_SCHEMA_BYTES).decode("utf-8")
    except (FileRefused, UnicodeDecodeError):
        return None
