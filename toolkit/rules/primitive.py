"""The shape every rules primitive shares: check itself, describe itself, name its children.

The semantic checker and the describer walk primitives through `children` and call these
methods; neither switches on a primitive's type, so a new primitive is one class in one file.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, ClassVar

from toolkit.rules.parameters import check_declared, declared_ids
from toolkit.schema.base import Model
from toolkit.schema.params import ParamKind, ResourceParam, SlotParam, ZoneParam

if TYPE_CHECKING:
    from toolkit.kernel.events import Event
    from toolkit.rules.context import CheckContext, Path, Words


class Primitive(Model):
    """Base of effects and conditions: by default nothing to check, words from the docstring,
    no children."""

    events: ClassVar[tuple[type[Event], ...]] = ()
    """The log events it records, declared beside it (`tests/test_events.py` builds each and
    requires its words)."""

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        """Report what the schema cannot see (unknown ids, infeasible values) at `path`; by
        default the parameters whose types declare what they refer to (`check_declared`).

        Not named `check`: that is the tag key of conditions in YAML (`check: compare`)."""
        check_declared(self, ctx, path)

    def describe(self, words: Words, *, names: bool = True) -> str:
        """The primitive in players' words; `names=False` is the compact card-face form.

        A primitive without parameters is described by its docstring's first line, which is
        written for players."""
        return docstring_words(self)

    def children(self) -> Iterator[tuple[Path, Primitive]]:
        """The primitives nested inside this one, each with its path relative to this one."""
        return iter(())

    def fills(self) -> tuple[str, ...]:
        """Ids of the zones this primitive puts cards into, so the checker can warn about a
        zone nothing ever fills: its parameters typed as filled zones (`IntoPlayerZone`)."""
        return fills_of(self)

    def gains(self) -> tuple[str, ...]:
        """Ids of the resources this primitive can give a player during play, so the checker
        knows what a player can ever hold: its parameters typed `GainedResource` (one typed
        `ResourceId` is only named: paid, lost, compared)."""
        return declared_ids(self, _gained)


def fills_of(model: Model) -> tuple[str, ...]:
    """The default of `fills` for primitives and setup steps: the zones and slots its
    parameters' types say it fills."""
    return declared_ids(model, _filled)


def _filled(marker: ParamKind) -> bool:
    return isinstance(marker, ZoneParam | SlotParam) and marker.filled


def _gained(marker: ParamKind) -> bool:
    return isinstance(marker, ResourceParam) and marker.gained


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
