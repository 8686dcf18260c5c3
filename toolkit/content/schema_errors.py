"""Turn pydantic validation errors into positioned diagnostics with helpful hints."""

from __future__ import annotations

import re
import sys
import types
from typing import (
    Annotated,
    Any,
    ForwardRef,
    Literal,
    Union,
    get_args,
    get_origin,
    get_type_hints,
)

from pydantic import BaseModel, ValidationError

from toolkit.content.yaml_loader import Document, Path_
from toolkit.diagnostics import Diagnostic, did_you_mean, plural

_TYPE_WORDS = {
    "string_type": "text",
    "int_type": "a whole number",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "bool_type": "true or false",
    "list_type": "a list",
    "dict_type": "a mapping",
    "model_type": "a mapping",
    "model_attributes_type": "a mapping",
    "none_required": "nothing",
}
_RANGE_TYPES = {"greater_than", "greater_than_equal", "less_than", "less_than_equal"}
_LENGTH_TYPES = {"too_short", "too_long", "string_too_short", "string_too_long"}


def describe(value: Any, source_text: str | None = None) -> str:
    """How a loaded value reads to a designer."""
    if source_text is not None:
        return f"'{source_text}' (which YAML reads as {describe(value)})"
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"the yes/no value {str(value).lower()}"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text '{value}'" if len(value) < 40 else "a text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def data_path(data: Any, loc: tuple[int | str, ...]) -> Path_:
    """The path into the loaded data named by a pydantic location, minus union tags."""
    path: list[str | int] = []
    current = data
    for part in loc:
        in_mapping = isinstance(current, dict) and isinstance(part, str) and part in current
        in_list = isinstance(current, list) and isinstance(part, int) and 0 <= part < len(current)
        if in_mapping or in_list:
            current = current[part]
            path.append(part)
    return tuple(path)


def _unwrap(annotation: Any) -> Any:
    while get_origin(annotation) is Annotated:
        annotation = get_args(annotation)[0]
    return annotation


def _union_members(annotation: Any) -> tuple[Any, ...]:
    if get_origin(annotation) in (Union, types.UnionType):
        return tuple(_unwrap(a) for a in get_args(annotation))
    return ()


def _tag_of(model: type[BaseModel]) -> set[str]:
    tags: set[str] = set()
    for field in model.model_fields.values():
        annotation = _unwrap(field.annotation)
        if get_origin(annotation) is Literal and field.is_required():
            tags.update(str(a) for a in get_args(annotation))
    return tags


def _field_type(model: type[BaseModel], name: str) -> Any:
    """A field's type; one naming a union bound after the model was defined (a mechanic's
    stages inside a stage: the model is built inside its game's manifest model, never alone,
    so pydantic keeps the name unresolved) is resolved in the model's module."""
    annotation = model.model_fields[name].annotation
    if not isinstance(annotation, ForwardRef):
        return annotation
    holder = types.SimpleNamespace(__annotations__={name: annotation})
    namespace = vars(sys.modules[model.__module__])
    try:
        return get_type_hints(holder, globalns=namespace, include_extras=True)[name]
    except NameError:
        return None


def model_at(root: type[BaseModel], loc: tuple[int | str, ...]) -> type[BaseModel] | None:
    """The model class that validates the value at a pydantic location, if any."""
    current: Any = root
    for part in loc:
        current = _unwrap(current)
        members = _union_members(current)
        if members:
            current = _pick_member(members, part)
            if current is None:
                return None
            if (
                isinstance(current, type)
                and issubclass(current, BaseModel)
                and (str(part) in _tag_of(current) or part == current.__name__)
            ):
                continue
            current = _unwrap(current)
        origin = get_origin(current)
        if isinstance(current, type) and issubclass(current, BaseModel):
            if str(part) not in current.model_fields:
                return None
            current = _field_type(current, str(part))
        elif origin in (list, tuple):
            current = get_args(current)[0]
        elif origin is dict:
            current = get_args(current)[1]
        else:
            return None
    current = _unwrap(current)
    members = _union_members(current)
    models = [m for m in members if isinstance(m, type) and issubclass(m, BaseModel)]
    if len(models) == 1:
        return models[0]
    if isinstance(current, type) and issubclass(current, BaseModel):
        return current
    return None


def _pick_member(members: tuple[Any, ...], part: int | str) -> Any:
    for member in members:
        is_model = isinstance(member, type) and issubclass(member, BaseModel)
        if is_model and (str(part) in _tag_of(member) or part == member.__name__):
            return member
    non_null = [m for m in members if m is not type(None)]
    if len(non_null) == 1:
        return non_null[0]
    for member in non_null:
        if get_origin(member) in (list, dict) or (
            isinstance(member, type) and issubclass(member, BaseModel)
        ):
            return member
    return None


def _expected_values(ctx: dict[str, Any]) -> list[str]:
    expected = str(ctx.get("expected", ctx.get("expected_tags", "")))
    return re.findall(r"'([^']*)'", expected)


def without_failed_items(
    model: type[BaseModel], data: Any, error: ValidationError, list_key: str
) -> tuple[BaseModel, tuple[int, ...]] | None:
    """The file validated without the items of its list that failed their schema, and the
    index in the file of each item kept: so checks still run on the cards that passed.

    None when something outside the items failed too, or nothing is left."""
    failed: set[int] = set()
    for item in error.errors(include_url=False):
        loc = tuple(item["loc"])
        if len(loc) < 2 or loc[0] != list_key or not isinstance(loc[1], int):
            return None
        failed.add(loc[1])
    items = data.get(list_key) if isinstance(data, dict) else None
    if not isinstance(items, list):
        return None
    kept = tuple(i for i in range(len(items)) if i not in failed)
    try:
        partial = model.model_validate({**data, list_key: [items[i] for i in kept]})
    except ValidationError:
        return None
    return partial, kept


def diagnostics_from_error(
    document: Document, model: type[BaseModel], error: ValidationError
) -> list[Diagnostic]:
    items = error.errors(include_url=False)
    paths = [data_path(document.data, tuple(item["loc"])) for item in items]
    # Every path that some error lies strictly inside: one set, not a scan per error.
    enclosing = {path[:end] for path in paths for end in range(len(path))}
    ranged_paths = {
        p for p, i in zip(paths, items, strict=True) if i["type"] in _RANGE_TYPES | _LENGTH_TYPES
    }
    found: dict[tuple[int, int, str], Diagnostic] = {}
    for item, path in zip(items, paths, strict=True):
        # A value that may take several forms (text, list or test) fails once per form; a
        # type error at a value is noise when another form's error lies deeper inside it.
        # A number past its limit fails its other forms too (`rounds: 5000` is no table).
        ranged = path in ranged_paths
        if (item["type"] in _TYPE_WORDS and (path in enclosing or ranged)) or (
            item["type"] == "literal_error" and ranged
        ):
            continue
        diagnostic = _one(document, model, item)
        key = (diagnostic.line, diagnostic.column, diagnostic.code)
        found.setdefault(key, diagnostic)
    return list(found.values())


def _one(document: Document, model: type[BaseModel], item: Any) -> Diagnostic:
    loc: tuple[int | str, ...] = tuple(item["loc"])
    kind: str = item["type"]
    ctx: dict[str, Any] = item.get("ctx") or {}
    value = item.get("input")
    path = data_path(document.data, loc)

    def make(
        code: str, message: str, hint: str = "", at: Path_ = path, key: bool = False
    ) -> Diagnostic:
        pos = document.position(at, key=key)
        return Diagnostic(document.file_of(pos), pos.line, pos.column, "error", code, message, hint)

    if loc and loc[-1] == "[key]":
        key_name = path[-1] if path else "?"
        if kind == "string_pattern_mismatch":
            return make(
                "invalid-id",
                f"'{key_name}' is not a valid id",
                "ids use letters, digits, '-' and '_', e.g. 'ferris-wheel'",
                key=True,
            )
        return make(
            "unknown-key",
            f"unknown key '{key_name}'",
            did_you_mean(key_name, _expected_values(ctx)),
            key=True,
        )
    if kind == "extra_forbidden":
        name = str(loc[-1])
        parent = model_at(model, loc[:-1])
        allowed = sorted(parent.model_fields) if parent else []
        hint = did_you_mean(name, allowed)
        if value is None and " " in name:  # `{note: No points, a penalty.}`
            hint = (
                "a ',' in an unquoted value inside {...} starts a new key; quote the whole "
                f'value that holds it: "..., {name}"'
                if not hint.startswith("did you mean")
                else hint
            )
        return make("unknown-key", f"unknown key '{name}'", hint, key=True)
    if kind == "missing":
        name = str(loc[-1])
        return make("missing-key", f"missing required key '{name}'", f"add '{name}:'")
    if kind == "union_tag_invalid":
        tag_key = str(ctx.get("discriminator", "")).strip("'")
        tag = ctx.get("tag", "")
        return make(
            "unknown-primitive",
            f"unknown {tag_key} '{tag}'",
            did_you_mean(tag, _expected_values(ctx)),
            at=(*path, tag_key) if tag_key else path,
        )
    if kind == "union_tag_not_found":
        tag_key = str(ctx.get("discriminator", "")).strip("'")
        return make(
            "missing-key",
            f"missing required key '{tag_key}'",
            f"add '{tag_key}:' naming the primitive",
        )
    if kind == "literal_error":
        allowed = _expected_values(ctx)
        listed = "expected one of: " + ", ".join(f"'{v}'" for v in allowed) if allowed else ""
        return make(
            "invalid-value",
            f"{describe(value)} is not allowed here",
            did_you_mean(value, allowed) or listed,  # no spelling near: every choice
        )
    if kind in _TYPE_WORDS:
        source = document.plain_text.get(path)
        hint = ""
        if source is not None and kind == "string_type":
            hint = f"YAML reads a bare '{source}' as a yes/no value or a date; quote it: '{source}'"
        elif kind == "string_type" and path in document.number_text:
            written = document.number_text[path]
            source = written if written != str(value) else None
            hint = (
                f"YAML reads a bare {written} as a number; quote it to keep it as text: '{written}'"
            )
        elif (
            isinstance(value, str) and kind in ("int_type", "float_type") and _looks_numeric(value)
        ):
            if path in document.quoted:
                hint = "remove the quotes around the number"
            else:
                hint = f"YAML reads '{value}' as text; write the number in plain digits"
        elif isinstance(value, bool) and kind in ("int_type", "float_type"):
            hint = "write a number"
        elif value is None:
            hint = "the value is empty; write it after the colon"
        return make(
            "wrong-type",
            f"expected {_TYPE_WORDS[kind]}, got {describe(value, source)}",
            hint,
        )
    if kind in _RANGE_TYPES:
        return make("out-of-range", f"{describe(value)}: {item['msg'].lower()}")
    if kind in _LENGTH_TYPES:
        return make("wrong-length", _length_words(kind, ctx, item["msg"]))
    if kind == "string_pattern_mismatch":
        return make(
            "invalid-id",
            f"{describe(value)} is not a valid id",
            "ids use letters, digits, '-' and '_', e.g. 'ferris-wheel'",
        )
    message = str(item["msg"]).removeprefix("Value error, ")
    return make("invalid-value", message)


def _looks_numeric(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _length_words(kind: str, ctx: dict[str, Any], message: str) -> str:
    """A list's length past its bounds in plain words (`a list of at least 1 item, got 0`);
    text keeps pydantic's words, which already count characters."""
    if kind == "too_short" and "min_length" in ctx:
        wanted = plural(ctx["min_length"], "item")
        return f"expected a list of at least {wanted}, got {ctx.get('actual_length', 0)}"
    if kind == "too_long" and "max_length" in ctx:
        wanted = plural(ctx["max_length"], "item")
        return f"expected a list of at most {wanted}, got {ctx.get('actual_length', '?')}"
    return message
