"""`area_formula`: each area of a player's zone scores (sum of a field - cost) x multiplier +
bonus; an area with no cards scores nothing (expeditions, routes, columns of a tableau)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from toolkit.rules.parameters import check_declared
from toolkit.rules.registry import SCORING_RULES
from toolkit.rules.scoring.base import PlayerPointsFn, PlayerRuleModel, zone_field
from toolkit.schema.base import Model
from toolkit.schema.filters import CardFilter
from toolkit.schema.params import PlayerZone, ZoneField, ZoneFilter

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import State
    from toolkit.rules.context import CheckContext, Path, Words


class Multiplier(Model):
    """The factor an area's points are multiplied by: `base + per_card x` its matching cards."""

    where: ZoneFilter
    """The cards that raise the factor (e.g. `{wager: true}`)."""
    base: int = 1
    """The factor with no such card."""
    per_card: int = 1
    """What each such card adds to the factor."""


class Bonus(Model):
    """Points added to an area that holds enough cards (after the multiplier)."""

    at_least: int = Field(ge=1)
    """The cards the area must hold."""
    points: int
    """The points added."""


@SCORING_RULES.register
class AreaFormula(PlayerRuleModel):
    """Each area of the player's zone: (sum of a field - cost) x multiplier + bonus; an area
    without cards scores 0."""

    rule: Literal["area_formula"]
    zone: PlayerZone
    """The player's zone whose cards form the areas."""
    by: ZoneField | None = None
    """One area per value of this card field (e.g. `colour`); unset: the whole zone is one
    area."""
    sum: ZoneField
    """The numeric card field added up in each area (cards without a value add 0)."""
    cost: int = 0
    """Subtracted from each started area's sum (what opening an area costs)."""
    multiplier: Multiplier | None = None
    """What the area's points (sum - cost) are multiplied by; unset: 1."""
    bonus: Bonus | None = None
    """Points added to an area holding at least so many cards."""

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        if not check_declared(self, ctx, path):
            return
        fields = ctx.zone_fields(self.zone)
        if self.sum in fields:  # an unknown one is reported by its declared type
            self._check_numeric(ctx, (*path, "sum"))

    def _check_numeric(self, ctx: CheckContext, path: Path) -> None:
        """The summed field holds whole numbers (or nothing) on every card of the zone."""
        kind = ctx.zone_kind(self.zone)
        if kind == "deck":
            if ctx.deck_ranks() is not None:
                if self.sum != "rank":
                    ctx.error(path, "invalid-value", f"'{self.sum}' is not a number", "sum 'rank'")
                return
            kind = ctx.deck_kind()
        if kind is None or not ctx.has(kind):
            return
        for _, card in ctx.cards(kind):
            value: Any = getattr(card, self.sum, None)
            if value is None or (isinstance(value, int) and not isinstance(value, bool)):
                continue
            ctx.error(
                path,
                "invalid-value",
                f"'{self.sum}' is not a number on card '{card.id}' ({value!r})",
                "sum a field of type int",
            )
            return

    def describe(self, words: Words) -> str:
        each = f"each {self.by} of {words.zone(self.zone)}" if self.by else words.zone(self.zone)
        text = f"{each} with cards: the {self.sum} of its cards"
        if self.cost:
            text = f"{each} with cards: ({self.sum} of its cards - {self.cost})"
        multiplier = self.multiplier
        if multiplier is not None:
            base = f"{multiplier.base} + " if multiplier.base else ""
            per = f"{multiplier.per_card} x " if multiplier.per_card != 1 else ""
            text += f" x ({base}{per}{filtered_cards(multiplier.where)})"
        if self.bonus is not None:
            text += f", +{self.bonus.points} with {self.bonus.at_least} cards or more"
        return text + "; nothing for one without cards"

    def compile_player(self, c: Compiler) -> PlayerPointsFn:
        z = c.zone(self.zone).index
        kind = c.zone(self.zone).kind
        values = tuple(
            v if isinstance(v, int) and not isinstance(v, bool) else 0
            for v in zone_field(c, self.zone, self.sum)
        )
        if self.by is not None:
            names = list(dict.fromkeys(str(v) for v in zone_field(c, self.zone, self.by)))
            key = tuple(names.index(str(v)) for v in zone_field(c, self.zone, self.by))
        else:
            names, key = [""], (0,) * len(values)
        multiplier = self.multiplier
        counts = c.predicate(kind, multiplier.where) if multiplier is not None else None
        base = multiplier.base if multiplier is not None else 1
        per = multiplier.per_card if multiplier is not None else 0
        cost = self.cost
        at_least = self.bonus.at_least if self.bonus is not None else 0
        bonus = self.bonus.points if self.bonus is not None else 0
        areas = len(names)

        def player_points(state: State, player: int) -> int:
            sums, cards, raised = [0] * areas, [0] * areas, [0] * areas
            for card in state.zones[z][player]:
                area = key[card]
                sums[area] += values[card]
                cards[area] += 1
                if counts is not None and counts(card):
                    raised[area] += 1
            total = 0
            for area in range(areas):
                if not cards[area]:
                    continue
                total += (sums[area] - cost) * (base + per * raised[area])
                if bonus and cards[area] >= at_least:
                    total += bonus
            return total

        return player_points


def filtered_cards(card_filter: CardFilter) -> str:
    """Cards matching a filter in words: `pledge cards`, `cards with colour red`."""
    flags = [name for name, wanted in card_filter.items() if wanted is True]
    others = [
        f"{name} {'no' if wanted is False else wanted}"
        for name, wanted in card_filter.items()
        if wanted is not True
    ]
    noun = " ".join([*flags, "cards"])
    return f"{noun} with {', '.join(others)}" if others else noun
