"""`fewest_held` / `most_held`: by how many cards of the card's value the player holds."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, ClassVar, Literal

from toolkit.rules.preferences.base import CardPreference, Core, Option, StrategyChecks
from toolkit.rules.registry import PREFERENCES
from toolkit.schema.base import Id, Scalar

if TYPE_CHECKING:
    from toolkit.kernel.state import State
    from toolkit.rules.context import Path
    from toolkit.rules.preferences.base import StrategyGame


class _Held(CardPreference):
    compares_fields: ClassVar[bool] = True
    fewest: ClassVar[bool] = True
    field: Id
    """The card field whose values are counted (`colour`, `level`)."""
    zone: Id
    """The player's zone whose cards are counted (`park`, `ridden`)."""
    values: list[Scalar] | None = None
    """Only cards with one of these values; unset: any value."""

    def check_preference(self, ctx: StrategyChecks, path: Path, kinds: list[str]) -> None:
        """The zone counted, and the field both its cards and the chosen cards have."""
        if not ctx.known(
            (*path, "zone"), self.zone, ctx.zone_ids("player"), "player zone"
        ) or not ctx.check_card_field((*path, "field"), self.field, kinds):
            return
        zone_kind = ctx.zone_kind(self.zone) or ""
        in_zone = ctx.fields_of(zone_kind)
        if self.field not in in_zone:
            ctx.error(
                (*path, "field"),
                "unknown-reference",
                f"the cards of zone '{self.zone}' have no field '{self.field}'",
                ctx.did_you_mean(self.field, in_zone),
            )
            return
        allowed = ctx.card_vocabulary(zone_kind, self.field)
        for index, value in enumerate(self.values or []):
            if allowed is not None and value not in allowed:
                ctx.error(
                    (*path, "values", index),
                    "unknown-reference",
                    f"unknown {self.field} '{value}'",
                    ctx.did_you_mean(value, allowed),
                )

    def compile(self, game: StrategyGame) -> Core:
        name, fewest = self.field, self.fewest
        wanted = frozenset(self.values) if self.values is not None else None
        zone = game.zone(self.zone)
        z, held_column = zone.index, game.tables[zone.kind].fields[name]
        columns = {kind: t.fields[name] for kind, t in game.tables.items() if name in t.fields}

        def core(state: State, player: int, options: list[Option]) -> list[Option]:
            counts = Counter(held_column[card] for card in state.zones[z][player])
            best = -1
            chosen: list[Option] = []
            for option in options:
                column = columns.get(option.kind)
                if column is None:
                    continue
                value = column[option.card]
                if wanted is not None and value not in wanted:
                    continue
                held = counts[value]
                if best < 0 or (held < best if fewest else held > best):
                    best, chosen = held, [option]
                elif held == best:
                    chosen.append(option)
            return chosen

        return core


@PREFERENCES.register
class FewestHeld(_Held):
    """The actions whose card has the field value the player holds fewest cards of in a zone
    (complete a pair of the scoring colours, ride a level not ridden yet)."""

    prefer: Literal["fewest_held"]


@PREFERENCES.register
class MostHeld(_Held):
    """The actions whose card has the field value the player holds most cards of in a zone
    (build a majority, a long run, a large group)."""

    fewest: ClassVar[bool] = False
    prefer: Literal["most_held"]
