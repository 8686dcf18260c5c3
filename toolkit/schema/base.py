"""Shared building blocks of the content models."""

from __future__ import annotations

from typing import Annotated

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


class Model(BaseModel):
    """Base of every content model: strict, frozen, and closed to unknown keys.

    Each field is documented by a docstring under it; `toolkit schema` reads those into the
    JSON Schemas editors show (see `toolkit.content.docstrings`).
    """

    model_config = ConfigDict(
        strict=True,
        extra="forbid",
        frozen=True,
        populate_by_name=False,
        defer_build=True,
    )
