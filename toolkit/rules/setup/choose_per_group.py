"""`choose_per_group`: random cards per group of a pool into a shared zone, with
exclusions."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import Field

from toolkit.kernel.events import Event
from toolkit.rules.events import Shown
from toolkit.rules.parameters import check_declared
from toolkit.rules.registry import SETUP_STEPS
from toolkit.rules.setup.base import SetupFn, StepModel
from toolkit.schema.base import Id
from toolkit.schema.empty import empty_list
from toolkit.schema.limits import Cards
from toolkit.schema.params import IntoSharedZone

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import State
    from toolkit.rules.context import CheckContext, Path, Words


@SETUP_STEPS.register
class ChoosePerGroup(StepModel):
    """Pick `count` random cards per group of a pool into a shared zone, respecting exclusions."""

    step: Literal["choose_per_group"]
    events: ClassVar[tuple[type[Event], ...]] = (Shown,)
    pool: Id
    """The content kind to choose from (e.g. `attractions`)."""
    group_by: Id
    """The card field that forms groups (e.g. `level`)."""
    count: Cards
    """Cards chosen per group."""
    exclusive: list[list[Id]] = Field(default_factory=empty_list)
    """Sets of card ids of which at most one may be chosen in the same game."""
    to: IntoSharedZone
    """The shared zone the chosen cards go to (e.g. `display`)."""

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        check_declared(self, ctx, path)
        if not ctx.known((*path, "pool"), self.pool, ctx.card_kinds(), "card kind") or not ctx.has(
            self.pool
        ):
            return
        if not ctx.known(
            (*path, "group_by"), self.group_by, ctx.fields_of(self.pool), "card field"
        ):
            return
        ids = ctx.ids(self.pool)
        for s_index, group in enumerate(self.exclusive):
            for c_index, card_id in enumerate(group):
                ctx.known((*path, "exclusive", s_index, c_index), card_id, ids, f"{self.pool} id")
        groups: dict[Any, list[str]] = {}
        for _, item in ctx.cards(self.pool):
            groups.setdefault(getattr(item, self.group_by), []).append(item.id)
        exclusive = [set(group) for group in self.exclusive]
        for value, members in sorted(groups.items(), key=lambda kv: str(kv[0])):
            if not _can_choose(members, self.count, exclusive):
                ctx.error(
                    (*path, "count"),
                    "infeasible-setup",
                    f"cannot choose {self.count} from {self.group_by} {value} "
                    f"({len(members)} cards, exclusions applied)",
                    f"add cards to {self.group_by} {value} or lower 'count'",
                )

    def describe(self, words: Words) -> str:
        text = (
            f"choose {self.count} random {self.pool.replace('-', ' ')} per "
            f"{self.group_by} for the {words.zone(self.to)}"
        )
        for group in self.exclusive:
            text += f"; never {' and '.join(words.card_name(i) for i in group)} together"
        return text

    def compile_step(self, c: Compiler) -> SetupFn:

        table = c.table(self.pool)
        values = table.fields[self.group_by]
        groups = [
            [card for card in range(table.size) if values[card] == value]
            for value in sorted(set(values), key=str)
        ]
        exclusive = [frozenset(table.index(i) for i in group) for group in self.exclusive]
        zone, count, zone_id = c.zone(self.to).index, self.count, self.to

        def choose(state: State) -> None:
            rng = state.random()
            for members in groups:
                while True:  # feasibility is checked by validation, so this ends
                    picked = rng.sample(members, count)
                    if all(len(ex.intersection(picked)) <= 1 for ex in exclusive):
                        break
                state.shared[zone].extend(sorted(picked))
            state.log.append(Shown(zone_id, tuple(state.shared[zone])))

        return choose


def _can_choose(members: list[str], count: int, exclusive: list[set[str]]) -> bool:
    """Whether `count` of the members can be chosen with at most one of each exclusive set."""
    if len(members) < count:
        return False
    if len(members) > 16:
        return True
    return any(
        all(len(exclusion & set(combo)) <= 1 for exclusion in exclusive)
        for combo in combinations(members, count)
    )
