"""Effects: what happens to the game when a card resolves, a milestone is reached, a round ends.

One module per effect, each one class with its parameters, `check_semantics`, `compile`,
`describe` and `children` (see `toolkit.rules.primitive`). These are the effects every game
may use; a mechanic adds its own in its package, and the union a content file is validated
against is assembled above this layer (`toolkit.content.models.effects`). Adding an effect is
one new module, its test, and one line in `CORE_EFFECTS`.
"""

from __future__ import annotations

from toolkit.rules.effects.acquire import Acquire, AcquireCost, GroupLimit
from toolkit.rules.effects.advance import Advance
from toolkit.rules.effects.base import EffectModel
from toolkit.rules.effects.by_rank import ByRank, RankRange, RankTier
from toolkit.rules.effects.cap_resource import CapResource
from toolkit.rules.effects.choose import Choose
from toolkit.rules.effects.gain import Gain
from toolkit.rules.effects.if_ import If
from toolkit.rules.effects.lose import Lose
from toolkit.rules.effects.transfer import Transfer
from toolkit.schema.base import Model

__all__ = [
    "CORE_EFFECTS",
    "HOLDS_EFFECTS",
    "Acquire",
    "AcquireCost",
    "Advance",
    "ByRank",
    "CapResource",
    "Choose",
    "EffectModel",
    "Gain",
    "GroupLimit",
    "If",
    "Lose",
    "RankRange",
    "RankTier",
    "Transfer",
]

CORE_EFFECTS: tuple[type[EffectModel], ...] = (
    Gain,
    Lose,
    Advance,
    ByRank,
    Acquire,
    CapResource,
    Choose,
    If,
    Transfer,
)
"""The effects of every game; mechanics register theirs beside these."""

HOLDS_EFFECTS: tuple[type[Model], ...] = (RankTier, ByRank, Acquire, Choose, If)
"""Models with effect lists inside: rebuilt once the whole effect union is known."""
