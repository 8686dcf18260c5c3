"""The unions content files are validated against, one per family of primitives, assembled
from the registries (`toolkit.rules.registry`) and, for effects, the registered mechanics.

Assembled here, above both layers, so the rules layer never imports a mechanic. Models that
hold primitives of a family name its union (`Effect`, `Condition`, `Preference` ...) and are
left incomplete where they are defined; once every union is known, its name is bound where
they can find it, so a mechanic's effect may sit inside a `choose`, a condition inside an `if`.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from toolkit.content.gc_pause import collection_paused
from toolkit.mechanics.registry import (
    MECHANICS,
    mechanic_effects,
    strategy_decisions,
    structure_models,
)
from toolkit.rules.preferences.base import PreferenceBase
from toolkit.rules.registry import CONDITIONS, EFFECTS, PREFERENCES, SCORING_RULES, SETUP_STEPS
from toolkit.schema.base import Id, Model

with collection_paused():  # every effect's module imported, its model made
    _MECHANIC_EFFECTS: tuple[type[Any], ...] = mechanic_effects()
    """The effects mechanics bring: in the effect union of every game, so built with it."""

if TYPE_CHECKING:
    from toolkit.rules.conditions import Condition as Condition
    from toolkit.rules.effects.base import Effect as Effect
    from toolkit.rules.preferences import DecisionKind as DecisionKind
    from toolkit.rules.preferences import Preference as Preference
    from toolkit.rules.scoring import ScoringRule as ScoringRule
    from toolkit.rules.setup import SetupStep as SetupStep
else:
    from typing import Literal

    with collection_paused():  # every primitive's module imported, its model made
        Effect = EFFECTS.build_union(*_MECHANIC_EFFECTS)
        Condition = CONDITIONS.build_union()
        ScoringRule = SCORING_RULES.build_union()
        SetupStep = SETUP_STEPS.build_union()
        Preference = PREFERENCES.build_union()
        # the mechanics' own names, or a decision a game's rules name (a staged `decision`)
        DecisionKind = Literal[strategy_decisions()] | Id

UNIONS: dict[str, Any] = {
    "Effect": Effect,
    "Condition": Condition,
    "ScoringRule": ScoringRule,
    "SetupStep": SetupStep,
    "Preference": Preference,
    "DecisionKind": DecisionKind,
}
"""Each family's union by the name annotations give it."""


def resolve_unions() -> None:
    """Let every model left incomplete for want of a union find it: each union's name is bound
    in the module of each model that names it. Those holding effects or conditions are built
    now, once: every card kind's model holds them, and a built model is reused where a
    deferred one would be generated again for each.

    A mechanic's own models (a staged structure's stages, moves and checks, which hold one
    another) are left to the manifest model of that mechanic (`manifest.game_model`), which
    builds them once, inside itself, when a game of that mechanic is read: built one by one
    here, each would generate the whole graph again, for every command, whatever its game.
    One used alone is built by pydantic on first use, the names it needs being bound.
    Preferences stay deferred until a strategies file needs them."""
    models = dict.fromkeys((*_subclasses(Model), *structure_models()))  # once each, in order
    incomplete = [m for m in models if _incomplete(m)]
    for model in incomplete:
        namespace = vars(sys.modules[model.__module__])
        for name, union in UNIONS.items():
            namespace.setdefault(name, union)
    packages = _mechanic_packages()
    for model in incomplete:
        if not issubclass(model, PreferenceBase) and not _mechanics_own(model, packages):
            model.model_rebuild(force=True, _types_namespace=UNIONS)


def _mechanic_packages() -> tuple[str, ...]:
    """Each registered mechanic's package: its structure model's (a plugin's lone module)."""
    modules = (kit.structure.__module__ for kit in MECHANICS.values())
    return tuple(dict.fromkeys(module.rpartition(".")[0] or module for module in modules))


def _mechanics_own(model: type[Any], packages: tuple[str, ...]) -> bool:
    """Whether a mechanic's package defines `model`, other than its effects (the effect union
    of every game holds them)."""
    module = model.__module__
    inside = any(module == package or module.startswith(package + ".") for package in packages)
    return inside and model not in _MECHANIC_EFFECTS


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


with collection_paused():
    resolve_unions()
