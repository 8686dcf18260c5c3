"""`highest_field` / `lowest_field`: the cards with the highest or lowest value of a field."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Literal

from toolkit.rules.preferences.base import CardPreference, Core, Option, StrategyChecks
from toolkit.rules.registry import PREFERENCES
from toolkit.schema.base import Id

if TYPE_CHECKING:
    from toolkit.kernel.state import State
    from toolkit.rules.context import Path
    from toolkit.rules.preferences.base import StrategyGame


class _FieldExtreme(CardPreference):
    compares_fields: ClassVar[bool] = True
    highest: ClassVar[bool] = True
    field: Id
    """The numeric card field compared (`rank`, `points`, `number`, `price`)."""

    def check_preference(self, ctx: StrategyChecks, path: Path, kinds: list[str]) -> None:
        ctx.check_card_field((*path, "field"), self.field, kinds, numeric=True)

    def compile(self, game: StrategyGame) -> Core:
        name, highest = self.field, self.highest
        columns = {kind: t.fields[name] for kind, t in game.tables.items() if name in t.fields}

        def core(state: State, player: int, options: list[Option]) -> list[Option]:
            best: Any = None
            chosen: list[Option] = []
            for option in options:
                column = columns.get(option.kind)
                if column is None:
                    continue
                value = column[option.card]
                if value is None:
                    continue
                if best is None or (value > best if highest else value < best):
                    best, chosen = value, [option]
                elif value == best:
                    chosen.append(option)
            return chosen

        return core


@PREFERENCES.register
class HighestField(_FieldExtreme):
    """The actions whose card has the highest value of a numeric field (ride the attraction
    with the most points, lead the highest card)."""

    prefer: Literal["highest_field"]


@PREFERENCES.register
class LowestField(_FieldExtreme):
    """The actions whose card has the lowest value of a numeric field (the cheapest card)."""

    highest: ClassVar[bool] = False
    prefer: Literal["lowest_field"]
