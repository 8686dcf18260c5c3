"""A mechanic's part of the observation vector learning agents read (`toolkit.interop`): the
blocks it declares and how its own observation fills them. The kit owns this, since only it
knows its observation; the interop layer owns the vector (numpy), the common part and the
order. Kit encoders write plain numbers through `Slots`, so no mechanic needs numpy."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from toolkit.kernel.compiling import GameView
    from toolkit.kernel.observation import Observation
    from toolkit.kernel.state import State

T = TypeVar("T")
V = TypeVar("V", contravariant=True)


@dataclass(frozen=True, slots=True)
class Block:
    """A named run of slots in the vector, and what they mean."""

    name: str
    size: int
    meaning: str


class Slots(Protocol):
    """The vector, filled block by block in the order the blocks were declared; each call
    fills the next block whole (its other slots stay 0)."""

    def values(self, values: Sequence[float]) -> None:
        """Exactly as many values as the block has slots."""
        ...

    def ones(self, indexes: Iterable[int]) -> None:
        """1 at each index (one-hot or multi-hot); negative indexes are left out."""
        ...

    def sparse(self, entries: Iterable[tuple[int, float]]) -> None:
        """`value` at each `index`."""
        ...


class KitEncoder(Protocol[V]):
    """One mechanic's blocks for one game at one player count, filled from its observation."""

    @property
    def blocks(self) -> tuple[Block, ...]: ...
    def observe(self, state: State, seat: int) -> Observation:
        """The observation the vector is built from (the kit's own, whole)."""
        ...

    def fill(self, slots: Slots, view: V, seat: int) -> None: ...


EncoderFactory = Callable[[Any, "GameView", int], "KitEncoder[Any]"]
"""A kit's encoder, made from its compiled machine, the game and the number of players."""


def relative(values: Sequence[T], seat: int) -> list[T]:
    """Per-seat values reordered so the observer comes first, then the next seats."""
    n = len(values)
    return [values[(seat + r) % n] for r in range(n)]


def index_of(ids: Sequence[str]) -> dict[str, int]:
    """Card ids to their indexes, to turn an observation's ids back into slots."""
    return {card_id: index for index, card_id in enumerate(ids)}
