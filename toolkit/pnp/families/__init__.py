"""Card families: where a component's cards come from and what each card's templates see.

A family turns content into printable cards (one module each); the layout decides how they
look. Families know content kinds, never a particular game, so a third game with the same
kinds prints with no new code.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from toolkit.content.project import GameContent
from toolkit.pnp.describe import Describer
from toolkit.pnp.layout_load import Component


class FamilyError(Exception):
    """The game's content lacks what a family prints (reported at the component's family)."""


@dataclass(frozen=True, slots=True)
class PrintCard:
    """One physical card: its id, the name or number that identifies it, its sides' contexts."""

    id: str
    name: str
    """The name printed on the card ('' when it has none)."""
    number: str
    """The number or rank printed on the card ('' when it has none)."""
    front: dict[str, Any]
    back: dict[str, Any] | None = None
    """Context of the second side of a double-sided card; None for a plain back."""
    back_id: str = ""
    back_name: str = ""


@dataclass
class Source:
    """What a family reads: the content, words for its rules, the component, shared context."""

    content: GameContent
    describer: Describer
    component: Component
    common: dict[str, Any]
    reference: Callable[[], dict[str, Any]]
    """The reference context (built on demand), for aids that summarise the rules."""

    def context(self, card_id: str, **values: Any) -> dict[str, Any]:
        return {**self.common, "kind": self.component.id, "card_id": card_id, **values}

    def selected(self, cards: list[Any]) -> list[Any]:
        """Cards whose fields equal the component's `select` values."""
        wanted = self.component.settings.select
        return [c for c in cards if all(getattr(c, k, None) == v for k, v in wanted.items())]


Family = Callable[[Source], list[PrintCard]]
FAMILIES: dict[str, Family] = {}


def family(name: str) -> Callable[[Family], Family]:
    def register(function: Family) -> Family:
        FAMILIES[name] = function
        return function

    return register


def require(value: Any, what: str) -> Any:
    if value is None:
        raise FamilyError(f"the game has no {what} to print")
    return value


from toolkit.pnp.families import (  # noqa: E402  (modules register themselves)
    attractions,
    bonus_cards,
    park_cards,
    player_aid,
    project_plans,
    scoring_cards,
    suit_cards,
    trick_cards,
)

__all__ = [
    "FAMILIES",
    "FamilyError",
    "PrintCard",
    "Source",
    "attractions",
    "bonus_cards",
    "park_cards",
    "player_aid",
    "project_plans",
    "scoring_cards",
    "suit_cards",
    "trick_cards",
]
