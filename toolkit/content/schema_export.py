"""JSON Schemas for editors, generated from the content models and each game's declared card
kinds, and committed in `schemas/`.

Every rules primitive (effects, conditions, scoring rules, setup steps, strategy preferences)
and its union is defined once, in `primitives.schema.json`, named by family and tag
(`Effect.gain`, `ScoringRule.compare`, `Condition.compare`: one tag per family, so names
never collide); the other schemas refer to it (`../primitives.schema.json#/$defs/Effect`)
instead of each holding its own copy. Editors (the YAML language server) and `jsonschema`
resolve those references relative to the schema's own file.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any, Union, get_args

from pydantic import BaseModel, Field, create_model

from toolkit.content.docstrings import all_models, attribute_docstrings
from toolkit.content.kind_models import KindModels
from toolkit.content.kinds import KINDS, schema_file_name
from toolkit.content.models.manifest import Game
from toolkit.content.models.position import Position
from toolkit.content.models.primitives import UNIONS
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
from toolkit.mechanics.registry import MECHANICS
from toolkit.rules.registry import FAMILIES, tag_of
from toolkit.schema.base import Model
from toolkit.schema.empty import empty_dict

MAX_SCHEMA_BYTES = 8 * 1024 * 1024
"""A generated schema is at most a few hundred kilobytes; a larger file is not one of ours."""

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"

SHARED_SCHEMA = "primitives.schema.json"
"""The schema every other one refers to for the rules primitives and their unions."""


def _document(schema: dict[str, Any], model: type[Any]) -> None:
    docs = attribute_docstrings(model)
    for name, field in getattr(model, "model_fields", {}).items():
        if field.alias and name in docs:  # `from_` is written `from` in YAML
            docs.setdefault(field.alias, docs[name])
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
    models[schema_file_name("position")] = position_schema_model()
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


def position_schema_model() -> type[BaseModel]:
    """The position model as editors see it: its `play` section is any mechanic's model (a
    position names its game, not its mechanic), so an editor completes the keys of each kit's
    `play` and refuses a key none has. Loading reads the section with the game's own kit."""
    plays = tuple(kit.position().model for kit in MECHANICS.values() if kit.position is not None)
    play: Any = Union[plays] if len(plays) > 1 else plays[0]  # noqa: UP007
    return create_model(
        "Position",
        __base__=Position,
        __doc__=Position.__doc__,
        play=(play, Field(default_factory=empty_dict)),
    )


def schema_for(name: str, model: type[BaseModel]) -> dict[str, object]:
    """A content model's schema, with the primitives it holds referred to in the shared one."""
    schema = _named_by_tag(model.model_json_schema())
    _document_all(schema, model)
    shared = shared_schema()
    _refer_to_shared(schema, shared["$defs"], "../" * name.count("/") + SHARED_SCHEMA)
    return {"$schema": SCHEMA_DIALECT, "$id": name, **schema}


@cache
def shared_schema() -> dict[str, Any]:
    """The primitives' schema: every registered primitive (and what it holds), by family and
    tag, and each family's union under its own name (`Effect`, `Preference` ...)."""
    fields: dict[str, Any] = {family.union: (UNIONS[family.union], Field()) for family in FAMILIES}
    holder = create_model("Primitives", __base__=Model, **fields)
    schema = _named_by_tag(holder.model_json_schema())
    _document_all(schema, holder)
    defs: dict[str, Any] = schema["$defs"]
    for family in FAMILIES:
        union = dict(schema["properties"][family.union])
        union.pop("title", None)
        union["description"] = f"Any {family.name}, named by its '{family.tag}' key."
        defs[family.union] = union
    return {
        "$schema": SCHEMA_DIALECT,
        "$id": SHARED_SCHEMA,
        "title": "Rules primitives",
        "description": "The rules primitives every content file may hold, defined once.",
        "$defs": defs,
    }


def _document_all(schema: dict[str, Any], model: type[Any]) -> None:
    """Descriptions from attribute docstrings: of the root, and of each definition's model
    (a primitive found by its family and tag, any other model by its class name)."""
    models = all_models(Model)
    _document(schema, model)
    for definition_name, definition in schema.get("$defs", {}).items():
        described = _primitive_class(definition_name) or models.get(definition_name)
        if described is not None:
            _document(definition, described)


def _primitive_class(definition_name: str) -> type[Any] | None:
    """The class of a primitive's definition (`Effect.gain`), a mechanic's own included."""
    union, _, tag = definition_name.partition(".")
    family = next((f for f in FAMILIES if f.union == union), None)
    if family is None or not tag:
        return None
    members = get_args(get_args(UNIONS[union])[0])
    return next((m for m in members if tag_of(m, family.tag) == tag), None)


def _named_by_tag(schema: dict[str, Any]) -> dict[str, Any]:
    """Definitions of primitives renamed `<Union>.<tag>` (pydantic names them by class),
    found through the discriminator mappings of the unions that hold them."""
    renames: dict[str, str] = {}
    unions = {family.tag: family.union for family in FAMILIES}
    for node in _nodes(schema):
        discriminator = node.get("discriminator")
        if not isinstance(discriminator, dict) or discriminator.get("propertyName") not in unions:
            continue
        union = unions[discriminator["propertyName"]]
        for tag, ref in discriminator.get("mapping", {}).items():
            renames[ref.rsplit("/", 1)[-1]] = f"{union}.{tag}"
    defs = schema.get("$defs", {})
    schema["$defs"] = {renames.get(name, name): value for name, value in defs.items()}
    for node in _nodes(schema):
        for key in ("$ref",):
            ref = node.get(key)
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                node[key] = "#/$defs/" + renames.get(ref[len("#/$defs/") :], ref[len("#/$defs/") :])
        mapping = (
            node.get("discriminator", {}).get("mapping")
            if isinstance(node.get("discriminator"), dict)
            else None
        )
        if mapping:
            for tag, ref in mapping.items():
                name = ref.rsplit("/", 1)[-1]
                mapping[tag] = "#/$defs/" + renames.get(name, name)
    return schema


def _refer_to_shared(schema: dict[str, Any], shared: dict[str, Any], target: str) -> None:
    """Point `schema`'s primitives at the shared definitions: each local definition the shared
    file holds alike is dropped and referred to there, and each union written out in full
    becomes a reference to the family's union."""
    local: dict[str, Any] = schema.get("$defs", {})
    moved = {name for name, value in local.items() if shared.get(name) == value}
    unions = {
        json.dumps(_union_core(shared[family.union]), sort_keys=True): family.union
        for family in FAMILIES
    }

    def redirect(ref: str) -> str:
        name = ref[len("#/$defs/") :] if ref.startswith("#/$defs/") else None
        return f"{target}#/$defs/{name}" if name in moved else ref

    for node in _nodes(schema):
        core = _union_core(node)
        union = unions.get(json.dumps(core, sort_keys=True)) if core else None
        if union is not None:
            for key in ("discriminator", "oneOf"):
                node.pop(key)
            node["$ref"] = f"{target}#/$defs/{union}"
            continue
        if isinstance(node.get("$ref"), str):
            node["$ref"] = redirect(node["$ref"])
    for name in moved:
        local.pop(name)
    used = {
        node["$ref"][len("#/$defs/") :]
        for node in _nodes(schema)
        if isinstance(node.get("$ref"), str) and node["$ref"].startswith("#/$defs/")
    }
    for name in [n for n in local if n not in used]:
        local.pop(name)
    if not local:
        schema.pop("$defs", None)


def _union_core(node: dict[str, Any]) -> dict[str, Any] | None:
    """The parts of a discriminated union that say which members it has, or None."""
    if "discriminator" not in node or "oneOf" not in node:
        return None
    return {"discriminator": node["discriminator"], "oneOf": node["oneOf"]}


def _nodes(value: Any) -> Iterator[dict[str, Any]]:
    """Every object inside a JSON value, outermost first."""
    if isinstance(value, dict):
        yield value
        for inner in list(value.values()):
            yield from _nodes(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _nodes(inner)


def render_schemas(project: Path) -> dict[str, str]:
    """File name to file text, for every schema; byte-stable so drift checks are exact."""
    rendered = {
        name: json.dumps(schema_for(name, model), indent=2, sort_keys=True) + "\n"
        for name, model in schema_models(project).items()
    }
    rendered[SHARED_SCHEMA] = json.dumps(shared_schema(), indent=2, sort_keys=True) + "\n"
    return rendered


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


def drifted_schemas(folder: Path, project: Path) -> dict[str, str]:
    """Schema files that must be written again, each with why: `missing` (not written yet),
    `out of date` (differs from the models) or `describes nothing` (no kind has it)."""
    rendered = render_schemas(project)
    drift: dict[str, str] = {}
    for name, text in rendered.items():
        target = folder / name
        if not target.exists() and not target.is_symlink():
            drift[name] = "missing"
        elif _current(target) != text:
            drift[name] = "out of date"
    for p in folder.rglob("*.schema.json"):
        if (name := p.relative_to(folder).as_posix()) not in rendered:
            drift[name] = "describes nothing"
    return dict(sorted(drift.items()))


def _current(target: Path) -> str | None:
    """A schema file's text as it stands; None when it is missing, not a regular file, too
    large or not UTF-8 (all of which mean it must be written again)."""
    try:
        return read_bytes(target, MAX_SCHEMA_BYTES).decode("utf-8")
    except (FileRefused, UnicodeDecodeError):
        return None
