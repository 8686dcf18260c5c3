"""`compare`: score a measure against a target (tricks taken against the bid): one outcome when
they are equal, others when the measure is over or under."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import model_validator

from toolkit.rules.registry import SCORING_RULES
from toolkit.rules.scoring.base import PointsFn, RuleModel, amount_words
from toolkit.rules.words import printed_number
from toolkit.schema.amounts import Amount
from toolkit.schema.base import Model
from toolkit.schema.filters import Measure

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler, MeasureFn
    from toolkit.kernel.state import State
    from toolkit.rules.context import Words


class Outcome(Model):
    """Points for one result of a comparison, each term added: a fixed amount, an amount per
    unit of the measure, per unit of the target and per unit of difference between them."""

    points: int = 0
    """Fixed points."""
    per_unit: int = 0
    """Points per unit of the measure (1 per trick taken)."""
    per_target: int = 0
    """Points per unit of the target (10 per trick bid)."""
    per_difference: int = 0
    """Points per unit the measure is off the target (-1 per trick over or under)."""

    def terms(self) -> tuple[int, int, int, int]:
        return self.points, self.per_unit, self.per_target, self.per_difference


@SCORING_RULES.register
class CompareToTarget(RuleModel):
    """Compare every player's measure with a target: `exact` scores when they are equal,
    `over` when the measure is higher, `under` when it is lower; `otherwise` stands for
    whichever of `over` and `under` is not given. An outcome not given scores nothing."""

    rule: Literal["compare"]
    measure: Measure
    """What the player achieved (e.g. `{track: tricks}`)."""
    target: Measure | Amount
    """What it is compared with: a measure of the same player (e.g. `{track: bid}`), a
    number, or a number by player count (`{by_players: {3: 6, 4: 5}}`)."""
    exact: Outcome | None = None
    """Points when the measure equals the target."""
    over: Outcome | None = None
    """Points when the measure is above the target."""
    under: Outcome | None = None
    """Points when the measure is below the target."""
    otherwise: Outcome | None = None
    """Points when the measure is above or below the target and `over` or `under` (for
    that side) is not given."""

    @model_validator(mode="after")
    def _some_outcome(self) -> CompareToTarget:
        if not any((self.exact, self.over, self.under, self.otherwise)):
            raise ValueError(
                "a comparison scores by at least one of 'exact', 'over', 'under' or 'otherwise'"
            )
        return self

    def describe(self, words: Words) -> str:
        measure = words.measure(self.measure)
        target = (
            words.measure(self.target)
            if isinstance(self.target, Measure)
            else amount_words(self.target)
        )
        cases = [
            (f"{measure} equal to {target}", self.exact),
            ("over", self.over or self.otherwise),
            ("under", self.under or self.otherwise),
        ]
        if self.over is None and self.under is None:
            cases[1:] = [("otherwise", self.otherwise)]
        return "; ".join(
            f"{case}: {_outcome_words(outcome, measure, target)}"
            for case, outcome in cases
            if outcome is not None
        )

    def compile(self, c: Compiler) -> PointsFn:
        measure = c.measure(self.measure)
        target: MeasureFn
        if isinstance(self.target, Measure):
            target = c.measure(self.target)
        else:
            numbers = c.per_players(self.target)
            target = lambda state, player: numbers[state.n]  # noqa: E731
        none = (0, 0, 0, 0)
        exact = self.exact.terms() if self.exact else none
        otherwise = self.otherwise.terms() if self.otherwise else none
        over = self.over.terms() if self.over else otherwise
        under = self.under.terms() if self.under else otherwise

        def compare(state: State) -> list[int]:
            scores = []
            for p in range(state.n):
                got, wanted = measure(state, p), target(state, p)
                base, unit, per_target, off = (
                    exact if got == wanted else over if got > wanted else under
                )
                scores.append(base + unit * got + per_target * wanted + off * abs(got - wanted))
            return scores

        return compare


def _outcome_words(outcome: Outcome, measure: str, target: str) -> str:
    parts = []
    if outcome.points:
        parts.append(printed_number(outcome.points))
    for amount, unit in (
        (outcome.per_unit, measure),
        (outcome.per_target, target),
        (outcome.per_difference, f"{measure} off"),
    ):
        if amount:
            parts.append(f"{printed_number(amount)} per {unit}")
    return " + ".join(parts) or "0"
