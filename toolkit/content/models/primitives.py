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
from toolkit.schema.base import Model

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


def resolve_unions() -> None:
    """Let every model left incomplete for want of a union find it: each union's name is bound
    in the module of each model that names it. Those holding effects or conditions are built
    now, once: every card kind's model holds them, and a built model is reused where a
    deferred one would be generated again for each. A mechanic's own models (its structure's
    stages, moves, checks) wait until a game of that mechanic is read (`resolve_mechanic`):
    most commands read one game, and building another mechanic's models is most of the cost.
    Preferences stay deferred until a strategies file needs them."""
    models = dict.fromkeys((*_subclasses(Model), *structure_models()))  # once each, in order
    incomplete = [m for m in models if _incomplete(m)]
    for model in incomplete:
        namespace = vars(sys.modules[model.__module__])
        for name, union in UNIONS.items():
            namespace.setdefault(name, union)
    owners = _mechanic_packages()
    for model in incomplete:
        owner = _owner(model, owners)
        if owner is not None:
            _WAITING.setdefault(owner, []).append(model)
        elif not issubclass(model, PreferenceBase):
            _rebuild(model)


_WAITING: dict[str, list[type[Any]]] = {}
"""Each mechanic's incomplete models, built when a game of that mechanic needs them."""


def resolve_mechanic(name: str) -> None:
    """Build the models of mechanic `name` left incomplete (once; nothing for an unknown name)."""
    waiting = _WAITING.pop(name, [])
    with collection_paused():
        for model in waiting:
            _rebuild(model)


def resolve_every_mechanic() -> None:
    """Build every mechanic's models: the manifest model over every mechanic (`toolkit schema`,
    a structure naming no registered mechanic) holds them all."""
    for name in list(_WAITING):
        resolve_mechanic(name)


def _rebuild(model: type[Any]) -> None:
    model.model_rebuild(force=True, _types_namespace=UNIONS)


def _mechanic_packages() -> dict[str, str]:
    """Each registered mechanic's package (its structure model's), to the mechanic's name."""
    packages: dict[str, str] = {}
    for name, kit in MECHANICS.items():
        module = kit.structure.__module__
        packages.setdefault(module.rpartition(".")[0] or module, name)
    return packages


def _owner(model: type[Any], packages: dict[str, str]) -> str | None:
    """The mechanic whose package defines `model`, unless it is one of the effects (the effect
    union of every game holds them)."""
    if model in _MECHANIC_EFFECTS:
        return None
    module = model.__module__
    for package, name in packages.items():
        if module == package or module.startswith(package + "."):
            return name
    return None


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
