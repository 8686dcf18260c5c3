"""The shape every rules primitive shares: check itself, describe itself, name its children.

The semantic checker and the describer walk primitives through `children` and call these
methods; neither switches on a primitive's type, so a new primitive is one class in one file.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from toolkit.schema.base import Model

if TYPE_CHECKING:
    from toolkit.rules.context import CheckContext, Path, Words


class Primitive(Model):
    """Base of effects and conditions: by default nothing to check, words from the docstring,
    no children."""

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        """Report what the schema cannot see (unknown ids, infeasible values) at `path`.

        Not named `check`: that is the tag key of conditions in YAML (`check: compare`)."""

    def describe(self, words: Words, *, names: bool = True) -> str:
        """The primitive in players' words; `names=False` is the compact card-face form.

        A primitive without parameters is described by its docstring's first line, which is
        written for players."""
        return docstring_words(self)

    def children(self) -> Iterator[tuple[Path, Primitive]]:
        """The primitives nested inside this one, each with its path relative to this one."""
        return iter(())


def walk(primitives: Iterable[Primitive], path: Path) -> Iterator[tuple[Path, Primitive]]:
    """A list of primitives and everything nested in them, depth first, with their paths."""
    for index, primitive in enumerate(primitives):
        yield from walk_one(primitive, (*path, index))


def walk_one(primitive: Primitive, path: Path) -> Iterator[tuple[Path, Primitive]]:
    """One primitive and everything nested in it, depth first, with their paths."""
    yield path, primitive
    for relative, child in primitive.children():
        yield from walk_one(child, (*path, *relative))


def docstring_words(model: Model) -> str:
    doc = (type(model).__doc__ or type(model).__name__).strip().splitlines()[0]
    return doc.rstrip(".")


def list_children(key: str, primitives: Iterable[Primitive]) -> Iterator[tuple[Path, Primitive]]:
    """The children held in one list field, with their relative paths (`then`, 0) ..."""
    for index, primitive in enumerate(primitives):
        yield (key, index), primitive
