"""The unions content files are validated against, one per family of primitives, assembled
from the registries (`toolkit.rules.registry`) and, for effects, the registered mechanics.

Assembled here, above both layers, so the rules layer never imports a mechanic. Models that
hold primitives of a family name its union (`Effect`, `Condition`, `Preference` ...) and are
left incomplete where they are defined; once every union is known they are rebuilt against
all of them, so a mechanic's effect may sit inside a `choose`, a condition inside an `if`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolkit.mechanics.registry import mechanic_effects, strategy_decisions, structure_models
from toolkit.rules.registry import CONDITIONS, EFFECTS, PREFERENCES, SCORING_RULES, SETUP_STEPS
from toolkit.schema.base import Model

if TYPE_CHECKING:
    from toolkit.rules.conditions import Condition as Condition
    from toolkit.rules.effects.base import Effect as Effect
    from toolkit.rules.preferences import DecisionKind as DecisionKind
    from toolkit.rules.preferences import Preference as Preference
    from toolkit.rules.scoring import ScoringRule as ScoringRule
    from toolkit.rules.setup import SetupStep as SetupStep
else:
    from typing import Literal

    Effect = EFFECTS.build_union(*mechanic_effects())
    Condition = CONDITIONS.build_union()
    ScoringRule = SCORING_RULES.build_union()
    SetupStep = SETUP_STEPS.build_union()
    Preference = PREFERENCES.build_union()
    DecisionKind = Literal[strategy_decisions()]

UNIONS: dict[str, Any] = {
    "Effect": Effect,
    "Condition": Condition,
    "ScoringRule": ScoringRule,
    "SetupStep": SetupStep,
    "Preference": Preference,
    "DecisionKind": DecisionKind,
}
"""Each family's union by the name annotations give it."""


def rebuild_incomplete() -> None:
    """Rebuild every model left incomplete for want of a union, until none is left that can
    be completed (a model holding another incomplete one completes once that one does)."""
    pending = [m for m in (*_subclasses(Model), *structure_models()) if _incomplete(m)]
    while pending:
        for model in pending:
            model.model_rebuild(force=True, raise_errors=False, _types_namespace=UNIONS)
        left = [m for m in pending if _incomplete(m)]
        if len(left) == len(pending):
            break
        pending = left


def _incomplete(model: type[Any]) -> bool:
    """Whether some field's type could not be resolved where the model was defined (a model
    merely deferred, `defer_build`, is built on first use and left alone)."""
    return getattr(model, "__pydantic_fields_complete__", True) is False


def _subclasses(root: type[Any]) -> list[type[Any]]:
    found, stack = [], [root]
    while stack:
        for sub in stack.pop().__subclasses__():
            found.append(sub)
            stack.append(sub)
    return found


rebuild_incomplete()
