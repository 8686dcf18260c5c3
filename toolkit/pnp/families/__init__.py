"""Card families: where a component's cards come from and what each card's templates see.

A family is named by what it prints (`cards`, `double-sided`, `suited-deck`, `player-aid`),
one module each, and reads any card kind the game declares through `GameContent.cards` and
the kind's field types; the layout names the kind (`cards: attractions`) and decides how the
cards look. So a game with kinds no shipped game has prints with no new code.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from toolkit.content.project import GameContent
from toolkit.pnp.card_view import CardViews
from toolkit.pnp.describe import Describer
from toolkit.pnp.layout_load import Component


class FamilyError(Exception):
    """The game's content lacks what a family prints (reported at the layout key `at`)."""

    def __init__(self, message: str, at: str = "family") -> None:
        super().__init__(message)
        self.at = at


@dataclass(frozen=True, slots=True)
class PrintCard:
    """One physical card: its id and its front's context, and its back's if it has two sides."""

    id: str
    front: dict[str, Any]
    back: dict[str, Any] | None = None
    """Context of the second side of a double-sided card; None for a plain back."""
    back_id: str = ""


@dataclass
class Source:
    """What a family reads: the content, words for its rules, the component, shared context."""

    content: GameContent
    describer: Describer
    component: Component
    common: dict[str, Any]
    reference: Callable[[], dict[str, Any]]
    """The reference context (built on demand), for aids that summarise the rules."""
    views: CardViews = field(init=False)
    """Cards as templates see them: the record and its fields described."""

    def __post_init__(self) -> None:
        self.views = CardViews(self.content, self.describer)

    def context(self, card_id: str, **values: Any) -> dict[str, Any]:
        return {**self.common, "kind": self.component.id, "card_id": card_id, **values}

    def kind(self) -> str:
        """The card kind the component names with `cards:`; it must be one the game loaded."""
        kind = self.component.settings.cards
        if kind is None:
            raise FamilyError(
                f"a '{self.component.family}' component names the card kind it prints: "
                f"add 'cards: <kind>' (one of: {', '.join(self.content.card_kinds())})"
            )
        if kind not in self.content.card_kinds():
            raise FamilyError(
                f"the game has no card kind '{kind}' to print (it has: "
                f"{', '.join(self.content.card_kinds())})",
                at="cards",
            )
        return kind

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


from toolkit.pnp.families import (  # noqa: E402  (modules register themselves)
    cards,
    double_sided,
    player_aid,
    suited_deck,
)

__all__ = [
    "FAMILIES",
    "FamilyError",
    "PrintCard",
    "Source",
    "cards",
    "double_sided",
    "player_aid",
    "suited_deck",
]
