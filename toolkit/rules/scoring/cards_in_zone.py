"""`cards_in_zone`: points for the cards of a player's zone, counted, summed by a field or
valued one by one (per card id or per rank), optionally filtered and paid per `per` units.

`per_card` (a count times points) and `sum_field` (a field's sum) are its two shortest cases,
kept as they are for the games that use them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field, field_validator, model_validator

from toolkit.rules.parameters import check_declared
from toolkit.rules.registry import SCORING_RULES
from toolkit.rules.scoring.base import (
    PlayerPointsFn,
    PlayerRuleModel,
    amount_words,
    zone_cards,
)
from toolkit.rules.words import printed_number
from toolkit.schema.amounts import Amount
from toolkit.schema.base import Id
from toolkit.schema.filters import Measure
from toolkit.schema.params import PlayerZone, ZoneFilter

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import State
    from toolkit.rules.context import CheckContext, Path, Words


@SCORING_RULES.register
class CardsInZone(PlayerRuleModel):
    """Points for the cards in a player's zone: give exactly one of `count`, `sum` or `values`.

    The cards' units (1 each with `count`, the field's value with `sum`, the listed value with
    `values`) are added up; every whole `per` units score `points`.
    """

    rule: Literal["cards_in_zone"]
    zone: PlayerZone
    """The player's zone whose cards score (e.g. `won` for the cards taken in tricks)."""
    where: ZoneFilter | None = None
    """Only cards matching this filter score."""
    count: bool = False
    """Each card is one unit."""
    sum: Id | None = None
    """Each card is worth the value of this numeric card field."""
    values: dict[int | str, int] | None = None
    """Each card is worth the value listed for its id (`spades-Q: 13`) or, for a number, for
    its rank (`1: 11`); cards not listed are worth nothing."""
    per: int = Field(default=1, ge=1)
    """Units per award; remainders score nothing."""
    points: Amount = 1
    """Points per award (negative for penalties; or a table by player count)."""

    @field_validator("values", mode="before")
    @classmethod
    def _numbers_are_ranks(cls, values: object) -> object:
        if not isinstance(values, dict):
            return values
        return {int(k) if isinstance(k, str) and k.isdigit() else k: v for k, v in values.items()}

    @model_validator(mode="after")
    def _exactly_one(self) -> CardsInZone:
        chosen = [n for n in ("count", "sum", "values") if getattr(self, n) not in (None, False)]
        if len(chosen) != 1:
            raise ValueError(
                "cards_in_zone scores by exactly one of 'count: true', 'sum: <field>' or "
                f"'values: {{<card id or rank>: <points>}}' (found {', '.join(chosen) or 'none'})"
            )
        return self

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        if not check_declared(self, ctx, path):
            return
        kind = ctx.zone_kind(self.zone) or ""
        if self.sum is not None:
            field_type = ctx.field_type(kind, self.sum)
            if field_type is None:
                ctx.known((*path, "sum"), self.sum, ctx.zone_fields(self.zone), "card field")
            elif field_type != "int":
                numeric = sorted(f for f in ctx.zone_fields(self.zone) if _is_int(ctx, kind, f))
                ctx.error(
                    (*path, "sum"),
                    "not-numeric",
                    f"card field '{self.sum}' is {field_type}, not a number: it cannot be summed",
                    f"numeric fields of {self.zone}: {', '.join(numeric) or 'none'}",
                )
        if self.values is not None:
            ids = ctx.card_ids(kind)
            ranks = ctx.deck_ranks() if kind == "deck" else None
            for key in self.values:
                where = (*path, "values", key)
                if isinstance(key, int):
                    if ranks is None:
                        ctx.error(
                            where,
                            "no-ranks",
                            f"{self.zone} holds cards without ranks, so rank {key} cannot score",
                            "key the values by card id",
                        )
                    elif key not in ranks:
                        ctx.error(
                            where,
                            "unknown-reference",
                            f"unknown rank {key}",
                            f"the deck's ranks: {', '.join(str(r) for r in ranks)}",
                        )
                else:
                    ctx.known(where, key, ids, f"card of {self.zone}")

    def describe(self, words: Words) -> str:
        cards = words.measure(Measure(count=self.zone, where=self.where))
        if self.count:
            unit, each = cards, f"each of the {cards}"
        elif self.sum is not None:
            unit = each = f"{self.sum} of the {cards}"
        else:
            assert self.values is not None
            listed = ", ".join(
                f"{words.rank_span(k, k) if isinstance(k, int) else words.card_name(k)} "
                f"{printed_number(v)}"
                for k, v in self.values.items()
            )
            unit, each = (
                f"points of the {cards} ({listed})",
                f"each point of the {cards} ({listed})",
            )
            if self.per == 1 and self.points == 1:
                return f"{listed}, for the {cards}"
        if self.per != 1:
            return f"{amount_words(self.points)} per {self.per} {unit}"
        if self.sum is not None and self.points == 1:
            return f"the {unit}"
        return f"{amount_words(self.points)} for {each}"

    def compile_player(self, c: Compiler) -> PlayerPointsFn:
        cards, per = zone_cards(c, self.zone, self.where), self.per
        points = c.per_players(self.points)
        table = c.table(c.zone(self.zone).kind)
        if self.count:
            worth = [1] * table.size
        elif self.sum is not None:
            worth = [int(v) for v in table.fields[self.sum]]
        else:
            assert self.values is not None
            ranks = table.fields.get("rank")
            worth = [
                self.values.get(table.ids[card], 0)
                + (self.values.get(ranks[card], 0) if ranks is not None else 0)
                for card in range(table.size)
            ]

        def score(state: State, player: int) -> int:
            return sum(worth[card] for card in cards(state, player)) // per * points[state.n]

        return score


def _is_int(ctx: CheckContext, kind: str, field: str) -> bool:
    return ctx.field_type(kind, field) == "int"
