"""What a rules primitive may ask of the layers above it while it checks or describes itself.

A primitive (effect, condition ...) is one class: parameters, `check`, `compile`, `describe`
and `children`. Checking needs the whole game (which resources exist, what fields a zone's
cards have) and describing needs the print layer's nouns (a resource's name and icon token);
both live above this layer. They pass objects satisfying these Protocols, so the rules layer
never imports the content checker or the describer. Paths are relative to the file the
primitive was read from; the checker's adapter knows which file that is.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from toolkit.schema.amounts import Amount
    from toolkit.schema.base import Scalar
    from toolkit.schema.filters import CardFilter, Measure

Path = tuple[str | int, ...]
"""Keys and list indexes from a file's root to a value; diagnostics point at its line."""


class CheckContext(Protocol):
    """The semantic checker, bound to the file the primitive sits in."""

    def error(self, path: Path, code: str, message: str, hint: str = "") -> None:
        """Report a problem at `path`, with a stable `code` and an optional hint."""
        ...

    def known(self, path: Path, value: str, choices: Iterable[str], what: str) -> bool:
        """Whether `value` is one of `choices`; if not, an `unknown-reference` with a
        did-you-mean is reported (e.g. what=`resource`: "unknown resource 'coin'")."""
        ...

    def did_you_mean(self, value: object, choices: Iterable[str]) -> str:
        """A hint naming the closest known spelling (or the few choices), for `error`."""
        ...

    def resource_ids(self) -> list[str]: ...
    def track_ids(self) -> list[str]: ...
    def zone_ids(self, owner: str | None = None) -> list[str]:
        """Zone ids, only those of `owner` (`player` or `shared`) when given."""
        ...

    def zone_kind(self, zone_id: str) -> str | None:
        """The card kind a zone holds (`deck` for the deck's cards); None if no such zone."""
        ...

    def zone_fields(self, zone_id: str) -> set[str]:
        """The fields of a zone's cards, and placement fields (`face_up`) in a grid zone."""
        ...

    def grid_zones(self) -> set[str]: ...
    def deck_kind(self) -> str | None:
        """The card kind the deck is made of (its pool, or its suits' kind)."""
        ...

    def fields_of(self, kind: str) -> set[str]:
        """The fields of a card kind's cards (`deck`: of the deck's cards)."""
        ...

    def vocabulary(self, kind: str, field: str) -> list[str] | None:
        """The closed list of values of a card field, if the game declares one."""
        ...

    def deck_ranks(self) -> list[int] | None:
        """The ranks of a suited deck, in order; None when the deck has no ranks."""
        ...

    def field_type(self, kind: str, field: str) -> str | None:
        """A card field's declared type (`int`, `text` ...; `deck`: of the deck's cards, whose
        `rank` is an `int` in a suited deck); None for no such field."""
        ...

    def card_ids(self, kind: str) -> list[str]:
        """The ids of a kind's cards (`deck`: the deck's cards, `suit-label` in a suited deck)."""
        ...

    def check_measure(self, path: Path, measure: Measure) -> None: ...
    def check_filter(self, path: Path, card_filter: CardFilter, kind: str, *, grid: bool) -> None:
        """A card filter's fields and closed values, on a kind's cards (`grid` adds the
        placement-only fields such as `face_up`)."""
        ...

    def check_requirements(self, kind: str, field: str) -> None:
        """Track thresholds a card kind's field maps to are reachable (reported on the cards)."""
        ...

    # -- the game's lists, for setup steps -------------------------------------------------
    def card_kinds(self) -> list[str]:
        """The card kinds the game declares."""
        ...

    def has(self, kind: str) -> bool:
        """Whether a card kind's file loaded; checks against one that failed are skipped."""
        ...

    def ids(self, kind: str) -> list[str]: ...
    def cards(self, kind: str) -> list[tuple[Path, Any]]:
        """A kind's cards, each with its path in the kind's own file."""
        ...

    def slots(self) -> list[str]: ...
    def players(self) -> tuple[int, int]:
        """The fewest and the most players the game allows."""
        ...

    def check_amount(self, path: Path, amount: Amount) -> None:
        """A table by player count has a value for every count the game allows, no other."""
        ...

    def option_ids(self) -> list[str]: ...
    def option_values(self, option_id: str) -> list[Scalar]:
        """The values an option may take, its default first."""
        ...

    def supply_total(self, resource_id: str) -> int | None:
        """The units a finite supply holds; None when the supply is unlimited."""
        ...

    def deck_size(self) -> int: ...
    def deck_ids(self) -> list[str]:
        """The ids of the deck's cards (`coins-5` for a suited deck)."""
        ...


class Words(Protocol):
    """The print layer's describer: the nouns and sub-phrases a primitive's words are built of.

    `names=False` asks for the compact form printed on card faces (icon tokens such as
    `:coin:` without the name, where the layout has an icon).
    """

    def resource(self, resource_id: str, *, words: bool = True) -> str: ...
    def track(self, track_id: str, *, words: bool = True) -> str: ...
    def zone(self, zone_id: str) -> str: ...
    def zone_cards(self, zone_id: str) -> str | None:
        """The card kind a zone holds; None if no such zone."""
        ...

    def rank_span(self, low: int, high: int) -> str:
        """A range of ranks by their labels (`2-5`, en dash), one label when low equals high."""
        ...

    def effects(self, effects: Sequence[Any], *, words: bool = True) -> str:
        """A list of effects, joined as printed (`+2 :coin:, 1 attraction`)."""
        ...

    def condition(self, condition: Any) -> str: ...
    def measure(self, measure: Measure) -> str: ...
    def card_name(self, card_id: str) -> str:
        """A named card's name (of any kind), or the id when it has none."""
        ...
