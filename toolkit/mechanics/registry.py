"""The mechanics a manifest's `structure.mechanic` can name, found by that name.

Adding a mechanic is one package under `toolkit.mechanics` exposing a `KIT`, and one line
below. The content layer builds the manifest's `structure` union and the effect union from
here; the engine compiles `KIT.compile`; everything else talks to the compiled mechanic.
"""

from __future__ import annotations

from typing import Any

from toolkit.errors import ToolkitError
from toolkit.mechanics import draft, draw_and_play, trick_taking
from toolkit.mechanics.base import MechanicKit
from toolkit.rules.effects.base import EffectModel

MECHANICS: dict[str, MechanicKit[Any]] = {
    kit.name: kit
    for kit in (
        trick_taking.KIT,
        draft.KIT,
        draw_and_play.KIT,
    )
}


class UnknownMechanicError(ToolkitError):
    """A structure names a mechanic nobody registered (validation catches this first)."""


def mechanic_kit(name: str) -> MechanicKit[Any]:
    """The kit registered as `name`."""
    try:
        return MECHANICS[name]
    except KeyError:
        raise UnknownMechanicError(
            f"no mechanic '{name}' (registered: {', '.join(MECHANICS)})"
        ) from None


def structure_models() -> tuple[type[Any], ...]:
    """Every mechanic's structure model, for the manifest's discriminated union."""
    return tuple(kit.structure for kit in MECHANICS.values())


def mechanic_effects() -> tuple[type[EffectModel], ...]:
    """Every effect a mechanic brings, for the effect union of content files."""
    return tuple(effect for kit in MECHANICS.values() for effect in kit.effects)


def effect_owner(effect: type[Any]) -> str | None:
    """The mechanic an effect belongs to, or None for an effect of every game."""
    for kit in MECHANICS.values():
        if effect in kit.effects:
            return kit.name
    return None


ACQUIRE = "acquire"
"""The decision of the `acquire` effect, which any game's cards may carry."""


def strategy_decisions() -> tuple[str, ...]:
    """Every decision about a card a priority strategy may name, over every mechanic."""
    cardless = {name for kit in MECHANICS.values() for name in kit.cardless}
    names = [ACQUIRE, *(name for kit in MECHANICS.values() for name in kit.decisions)]
    return tuple(name for name in dict.fromkeys(names) if name not in cardless)


def decision_members() -> dict[str, frozenset[str]]:
    """Each decision name a strategy may write, to the decisions of actions it covers."""
    members = {name: frozenset({name}) for name in strategy_decisions()}
    for kit in MECHANICS.values():
        for group, covered in kit.decision_groups:
            members[group] = frozenset(covered)
    return members
