"""`by_rank`: a reward ladder, the effects depending on the rank of the card that resolves."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING, Literal

from pydantic import Field, model_validator

from toolkit.rules.effects.base import EffectModel
from toolkit.rules.registry import EFFECTS
from toolkit.schema.base import Model

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import EffectFn, State
    from toolkit.rules.context import CheckContext, Path, Words
    from toolkit.rules.effects.base import Effect
    from toolkit.rules.primitive import Primitive


class RankRange(Model):
    """An inclusive range of card ranks."""

    low: int
    """The lowest rank in the range."""
    high: int
    """The highest rank in the range."""

    @model_validator(mode="after")
    def _ordered(self) -> RankRange:
        if self.low > self.high:
            raise ValueError(f"'low' ({self.low}) is above 'high' ({self.high})")
        return self


class RankTier(Model):
    """One step of a reward ladder: the effects for a range of ranks."""

    ranks: RankRange
    """The ranks this step covers."""
    effects: list[Effect] = Field(min_length=1)
    """What the winner of a trick with such a card gets."""


@EFFECTS.register
class ByRank(EffectModel):
    """A reward ladder: the effects depend on the rank of the card that resolves."""

    effect: Literal["by_rank"]
    tiers: list[RankTier] = Field(min_length=1)
    """The ladder's steps; together they must cover every rank of the deck exactly once."""

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        ranks = ctx.deck_ranks()
        if ranks is None:
            ctx.error(path, "invalid-value", "'by_rank' needs a suited deck with ranks")
            return
        covered: Counter[int] = Counter(
            rank
            for tier in self.tiers
            for rank in ranks
            if tier.ranks.low <= rank <= tier.ranks.high
        )
        low, high = min(ranks), max(ranks)
        for t_index, tier in enumerate(self.tiers):
            if tier.ranks.low < low or tier.ranks.high > high:
                ctx.error(
                    (*path, "tiers", t_index, "ranks"),
                    "out-of-range",
                    f"ranks {tier.ranks.low}..{tier.ranks.high} reach beyond the deck's ranks "
                    f"({low}..{high})",
                    f"keep 'low' and 'high' within {low}..{high}",
                )
        missing = [r for r in ranks if covered[r] == 0]
        twice = [r for r in ranks if covered[r] > 1]
        if missing:
            ctx.error(
                (*path, "tiers"),
                "ladder-gap",
                f"reward ladder gives nothing for rank{'s' * (len(missing) > 1)} {_ranks(missing)}",
                "extend a tier's 'low'..'high' to cover them",
            )
        if twice:
            ctx.error(
                (*path, "tiers"),
                "ladder-overlap",
                f"reward ladder covers rank{'s' * (len(twice) > 1)} {_ranks(twice)} more than once",
                "make the tiers' ranges disjoint",
            )

    def compile(self, c: Compiler, cause: str) -> EffectFn:
        # The kernel's runtime is imported where a game compiles: validation never compiles.
        from toolkit.kernel.state import chain

        ranks = c.table("deck").fields["rank"]
        by_rank: dict[int, tuple[EffectFn, ...]] = {}
        for tier in self.tiers:
            compiled = c.effects(tier.effects, cause)
            for rank in set(ranks):
                if tier.ranks.low <= rank <= tier.ranks.high:
                    by_rank[rank] = compiled
        per_card = tuple(chain(by_rank.get(rank, ())) for rank in ranks)

        def ladder(state: State, player: int, card: int) -> None:
            per_card[card](state, player, card)

        return ladder

    def describe(self, words: Words, *, names: bool = True) -> str:
        return "; ".join(
            f"{words.rank_span(t.ranks.low, t.ranks.high)}: {words.effects(t.effects, words=names)}"
            for t in self.tiers
        )

    def children(self) -> Iterator[tuple[Path, Primitive]]:
        for t_index, tier in enumerate(self.tiers):
            for index, effect in enumerate(tier.effects):
                yield ("tiers", t_index, "effects", index), effect


def _ranks(ranks: list[int]) -> str:
    return ", ".join(str(r) for r in ranks)
