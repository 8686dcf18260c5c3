"""JSON Schemas for editors, generated from the content models and committed in `schemas/`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from toolkit.content.docstrings import all_models, attribute_docstrings
from toolkit.content.kinds import KINDS, schema_file_name
from toolkit.content.models.base import Model

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


def schema_for(kind: str) -> dict[str, object]:
    model = KINDS[kind]
    schema = model.model_json_schema()
    models = all_models(Model)
    _document(schema, model)
    for name, definition in schema.get("$defs", {}).items():
        if name in models:
            _document(definition, models[name])
    return {
        "$schema": SCHEMA_DIALECT,
        "$id": schema_file_name(kind),
        **schema,
    }


def render_schemas() -> dict[str, str]:
    """File name to file text, for every kind; byte-stable so drift checks are exact."""
    return {
        schema_file_name(kind): json.dumps(schema_for(kind), indent=2, sort_keys=True) + "\n"
        for kind in KINDS
    }


def write_schemas(folder: Path) -> list[str]:
    """Write every schema; returns the names of files that changed."""
    folder.mkdir(parents=True, exist_ok=True)
    changed = []
    for name, text in render_schemas().items():
        target = folder / name
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")
            changed.append(name)
    return changed


def drifted_schemas(folder: Path) -> list[str]:
    """Names of schema files that are missing or differ from what the models generate."""
    drift = []
    for name, text in render_schemas().items():
        target = folder / name
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            drift.append(name)
    expected = set(render_schemas())
    drift.extend(p.name for p in folder.glob("*.schema.json") if p.name not in expected)
    return sorted(drift)
