"""The mechanics a manifest's `structure.mechanic` can name, found by that name.

Adding a mechanic is one package under `toolkit.mechanics` whose `kit` module exposes a `KIT`,
and one line in `SHIPPED` below; an installed plugin adds one through the entry point group
`toolkit.mechanics` (`toolkit.plugins`), loaded the first time `MECHANICS` is read. The
content layer builds the manifest's `structure` union and the effect union from here; the
engine compiles `KIT.compile`; everything else talks to the compiled mechanic.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from toolkit import plugins
from toolkit.errors import ToolkitError
from toolkit.mechanics.base import MechanicKit
from toolkit.mechanics.draft.kit import KIT as DRAFT
from toolkit.mechanics.draw_and_play.kit import KIT as DRAW_AND_PLAY
from toolkit.mechanics.staged.kit import KIT as STAGED
from toolkit.mechanics.trick_taking.kit import KIT as TRICK_TAKING
from toolkit.rules.effects.base import EffectModel
from toolkit.rules.registry import EFFECTS, RegistrationError, tag_of

SHIPPED: tuple[MechanicKit[Any], ...] = (
    TRICK_TAKING,
    DRAFT,
    DRAW_AND_PLAY,
    STAGED,
)
"""The toolkit's own mechanics."""


class _Mechanics(Mapping[str, MechanicKit[Any]]):
    """Every mechanic by name: the toolkit's own, then those installed plugins bring (loaded
    when first read, and refused when a name is taken)."""

    def __init__(self, shipped: tuple[MechanicKit[Any], ...]) -> None:
        self._kits = {kit.name: kit for kit in shipped}
        self._origins: dict[str, plugins.Plugin] = {}

    def origin(self, name: str) -> plugins.Plugin | None:
        """The plugin that registered mechanic `name`, or None for the toolkit's own."""
        return self._origins.get(name)

    def _loaded(self) -> dict[str, MechanicKit[Any]]:
        plugins.load_each(plugins.MECHANICS, self._add)
        return self._kits

    def _add(self, plugin: plugins.Plugin, kit: object) -> None:
        if not isinstance(kit, MechanicKit):
            raise plugins.PluginError(
                f"{plugin}: {plugin.value} is a {type(kit).__name__}, not a MechanicKit"
            )
        if kit.name in self._kits:
            raise plugins.PluginError(
                f"two mechanics are called '{kit.name}': {self._source(kit.name)} and "
                f"{plugin.value} of {plugin.label}"
            )
        self._kits[kit.name] = kit
        self._origins[kit.name] = plugin
        plugins.note(plugin, f"mechanic '{kit.name}'")

    def _source(self, name: str) -> str:
        origin = self._origins.get(name)
        if origin is None:
            return self._kits[name].structure.__module__.rpartition(".")[0]
        return f"{origin.value} of {origin.label}"

    def __getitem__(self, name: str) -> MechanicKit[Any]:
        return self._loaded()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaded())

    def __len__(self) -> int:
        return len(self._loaded())


MECHANICS: _Mechanics = _Mechanics(SHIPPED)


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
    """Every effect a mechanic brings, for the effect union of content files; a tag taken by
    an effect of every game or of another mechanic is refused, naming both."""
    owners: dict[str, str] = {}
    for cls in EFFECTS.members():
        tag = tag_of(cls, "effect") or ""
        origin = EFFECTS.origin(tag)
        owners[tag] = f"{cls.__module__}.{cls.__qualname__}" + (
            f" of {origin.label}" if origin is not None else ""
        )
    found: list[type[EffectModel]] = []
    for name, kit in MECHANICS.items():
        for effect in kit.effects:
            if effect in found:  # one effect shared by two mechanics
                continue
            tag = tag_of(effect, "effect") or ""
            where = f"{effect.__module__}.{effect.__qualname__} of mechanic '{name}'"
            if tag in owners:
                origin = MECHANICS.origin(name)
                message = f"two effects are called '{tag}': {owners[tag]} and {where}"
                if origin is not None:
                    raise plugins.PluginError(f"{origin}: {message}")
                raise RegistrationError(message)
            owners[tag] = where
            found.append(effect)
    return tuple(found)


def effect_owner(effect: type[Any]) -> str | None:
    """The mechanic an effect belongs to, or None for an effect of every game."""
    for kit in MECHANICS.values():
        if effect in kit.effects:
            return kit.name
    return None


ACQUIRE = "acquire"
"""The decision of the `acquire` effect, which any game's cards may carry."""


def strategy_decisions() -> tuple[str, ...]:
    """Every decision about a card a priority strategy may name, over every mechanic. A name
    one kit declares cardless stays when another kit's decision of that name is about a card
    (`pass` passes cards in a trick-taking game, nothing in a staged one)."""
    with_card = {
        name for kit in MECHANICS.values() for name in kit.decisions if name not in kit.cardless
    }
    names = [ACQUIRE, *(name for kit in MECHANICS.values() for name in kit.decisions)]
    return tuple(name for name in dict.fromkeys(names) if name == ACQUIRE or name in with_card)


def decision_members() -> dict[str, frozenset[str]]:
    """Each decision name a strategy may write, to the decisions of actions it covers. A
    group adds to a name rather than replacing it: trick-taking's `play` (a lead or a follow)
    is also the staged `play` move."""
    members = {name: frozenset({name}) for name in strategy_decisions()}
    for kit in MECHANICS.values():
        for group, covered in kit.decision_groups:
            members[group] = members.get(group, frozenset()) | frozenset(covered)
    return members
