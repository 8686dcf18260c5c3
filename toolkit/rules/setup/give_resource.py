"""`give_resource`: give every player an amount of a resource from the supply."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field

from toolkit.rules.registry import SETUP_STEPS
from toolkit.rules.setup.base import SetupFn, StepModel
from toolkit.schema.base import Id
from toolkit.schema.limits import Number

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import State
    from toolkit.rules.context import CheckContext, Path, Words


@SETUP_STEPS.register
class GiveResource(StepModel):
    """Give every player an amount of a resource from the supply."""

    step: Literal["give_resource"]
    resource: Id
    """The resource."""
    amount: Annotated[Number, Field(ge=1)]
    """How much each player receives."""

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        if not ctx.known((*path, "resource"), self.resource, ctx.resource_ids(), "resource"):
            return
        total = ctx.supply_total(self.resource)
        most = ctx.players()[1]
        need = self.amount * most
        if total is not None and need > total:
            ctx.error(
                (*path, "amount"),
                "infeasible-setup",
                f"{most} players need {need} {self.resource}; the supply holds {total}",
                "enlarge the supply or give less",
            )

    def describe(self, words: Words) -> str:
        return f"give each player {self.amount} {words.resource(self.resource)}"

    def compile_step(self, c: Compiler) -> SetupFn:
        resource, amount = c.resource(self.resource), self.amount

        def give(state: State) -> None:
            for player in range(state.n):
                state.gain(player, resource, amount)

        return give
