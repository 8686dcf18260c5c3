"""Shared building blocks of the content models."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

Id = Annotated[
    str,
    StringConstraints(pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]*$", max_length=64),
    Field(
        description="An identifier: letters, digits, '-' and '_', starting with a letter or digit."
    ),
]
Text = Annotated[str, StringConstraints(min_length=1, max_length=2000)]
Colour = Annotated[
    str,
    StringConstraints(pattern=r"^#[0-9a-fA-F]{6}$"),
    Field(description="A colour as #rrggbb."),
]
Scalar = str | int | bool


def _describe_tags(schema: dict[str, Any]) -> None:
    """Tag fields (`kind: game`, `effect: gain`) get a description naming their fixed value."""
    for name, prop in schema.get("properties", {}).items():
        if "description" not in prop and "const" in prop:
            prop["description"] = f"Says which {name} this is: always '{prop['const']}'."


class Model(BaseModel):
    """Base of every content model: strict, frozen, and closed to unknown keys.

    Field descriptions come from the attribute docstrings, so the JSON Schemas that editors
    show are written next to the fields they describe.
    """

    model_config = ConfigDict(
        strict=True,
        extra="forbid",
        frozen=True,
        use_attribute_docstrings=True,
        populate_by_name=False,
        defer_build=True,
        json_schema_extra=_describe_tags,
    )
