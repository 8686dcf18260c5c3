"""`draw_random`: random cards from a pool into a table slot (a project plan, scoring or
bonus cards)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal

from pydantic import Field

from toolkit.kernel.events import Event
from toolkit.rules.events import SlotFilled
from toolkit.rules.parameters import check_declared
from toolkit.rules.registry import SETUP_STEPS
from toolkit.rules.setup.base import SetupFn, StepModel
from toolkit.rules.words import singular
from toolkit.schema.base import Id, Scalar
from toolkit.schema.empty import empty_dict
from toolkit.schema.filters import card_matches
from toolkit.schema.limits import Cards
from toolkit.schema.params import IntoSlot

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import State
    from toolkit.rules.context import CheckContext, Path, Words


@SETUP_STEPS.register
class DrawRandom(StepModel):
    """Draw random cards from a pool into a table slot (a project plan, scoring or bonus cards)."""

    step: Literal["draw_random"]
    events: ClassVar[tuple[type[Event], ...]] = (SlotFilled,)
    pool: Id
    """The content kind to draw from."""
    where: dict[str, Scalar | list[Scalar]] = Field(default_factory=empty_dict)
    """Only cards whose fields match (e.g. `role: variable`)."""
    count: Cards = 1
    """How many cards are drawn."""
    side: Id | Literal["random"] | None = None
    """For double-sided cards: `random`, a side id, or unset to take it from `side_option`."""
    side_option: Id | None = None
    """An option whose value names the side to use."""
    min_players_field: Id | None = None
    """Card field naming the fewest players a card is used with; others are sorted out."""
    to: IntoSlot
    """The slot the cards go to."""

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        check_declared(self, ctx, path)
        if not ctx.known((*path, "pool"), self.pool, ctx.card_kinds(), "card kind") or not ctx.has(
            self.pool
        ):
            return
        fields = ctx.fields_of(self.pool)
        for name in self.where:
            ctx.known((*path, "where", name), name, fields, "card field")
        if self.min_players_field is not None and not ctx.known(
            (*path, "min_players_field"), self.min_players_field, fields, "card field"
        ):
            return
        cards = ctx.cards(self.pool)
        candidates = [item for _, item in cards if card_matches(item, dict(self.where))]
        fewest = ctx.players()[0]
        usable = [
            item
            for item in candidates
            if self.min_players_field is None
            or (getattr(item, self.min_players_field) or 0) <= fewest
        ]
        if cards and len(usable) < self.count:
            ctx.error(
                (*path, "count"),
                "infeasible-setup",
                f"draws {self.count} {self.pool} but only {len(usable)} qualify "
                f"with {fewest} players",
                "lower 'count' or add cards",
            )
        sides = {s.id for item in candidates for s in getattr(item, "sides", [])}
        if self.side not in (None, "random"):
            ctx.known((*path, "side"), self.side, sides, "card side")
        if self.side_option is not None and ctx.known(
            (*path, "side_option"), self.side_option, ctx.option_ids(), "option"
        ):
            for value in ctx.option_values(self.side_option):
                if value not in sides:
                    ctx.error(
                        (*path, "side_option"),
                        "unknown-reference",
                        f"option '{self.side_option}' can be '{value}', which is no side of "
                        f"the {self.pool}",
                        ctx.did_you_mean(value, sides),
                    )
                    break

    def describe(self, words: Words) -> str:
        filters = " ".join(str(v) for v in self.where.values())
        kind = self.pool.replace("-", " ") if self.count > 1 else singular(self.pool)
        text = f"draw {self.count} random {filters + ' ' if filters else ''}{kind}"
        text += f" for the {self.to.replace('-', ' ')} slot"
        if self.side_option is not None:
            text += f", side up as the '{self.side_option}' option says"
        elif self.side == "random":
            text += ", either side up"
        if self.min_players_field is not None:
            text += ", leaving out cards for more players than are playing"
        return text

    def compile_step(self, c: Compiler) -> SetupFn:

        table = c.table(self.pool)
        where = {k: v for k, v in self.where.items()}
        candidates = [k for k in range(table.size) if table.matches(k, where)]  # type: ignore[arg-type]
        min_field = table.fields.get(self.min_players_field) if self.min_players_field else None
        kind, slot, count = self.pool, self.to, self.count
        fixed_side, side_option = self.side, self.side_option

        def side_of(state: State, card: int) -> str:
            sides = table.side_ids(card) or [""]
            if side_option is not None:
                return str(state.options[side_option])
            if fixed_side == "random":
                return state.random().choice(sides)
            return fixed_side if fixed_side is not None else sides[0]

        def draw(state: State) -> None:
            usable = [k for k in candidates if min_field is None or (min_field[k] or 0) <= state.n]
            picked = state.random().sample(usable, count)
            state.slots[slot] = [(kind, k, side_of(state, k)) for k in picked]
            state.log.append(SlotFilled(slot, tuple(table.ids[k] for k in picked)))

        return draw
