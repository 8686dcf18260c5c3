"""One registration point per primitive: a decorator on the class, in the module defining it.

Each family of primitives (effects, conditions, scoring rules, setup steps, strategy
preferences) has one `Family`. A primitive's module decorates its class with the family's
`register`; the family finds its members by importing every module of its package, so adding
a primitive is one new module (and its test), with no list to extend. The YAML tag of a
primitive (`effect: gain`, `rule: pairs`) is read from its tag field's `Literal`, and two
primitives claiming one tag are refused when the second registers.

The discriminated unions content files are validated against are assembled from the families
in the content layer (`toolkit.content.models.primitives`), above the mechanics that add
effects of their own; a primitive registered after its family's union was built would be
silently missing from it, so that is refused too.

Installed plugins (`toolkit.plugins`, entry point group `toolkit.primitives`) register the same
way: the first time any family is asked for its members, every family's own package is
imported, then every plugin's module, so a plugin's tag is checked against every shipped one
and against other plugins', and a clash names both sources.
"""

from __future__ import annotations

import importlib
import os
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin

from pydantic import Field

from toolkit import plugins
from toolkit.errors import ToolkitError

P = TypeVar("P", bound=type[Any])
"""A primitive class, returned unchanged by the decorator."""


class RegistrationError(ToolkitError):
    """A primitive cannot be registered: its tag is taken, missing, or registered too late."""


class Family:
    """The primitives of one kind, each found by the value of its tag key in YAML."""

    def __init__(self, name: str, tag: str, union: str, package: str) -> None:
        self.name = name
        """The family in words (`effect`, `scoring rule`), for messages."""
        self.tag = tag
        """The YAML key naming the primitive (`effect`, `check`, `rule`, `step`, `prefer`)."""
        self.union = union
        """The union's name in annotations (`Effect`, `ScoringRule`)."""
        self.package = package
        """The package whose modules define the family's own primitives."""
        self._members: dict[str, type[Any]] = {}
        self._origins: dict[str, plugins.Plugin] = {}
        self._discovered = False
        self._frozen = False
        self._unions: dict[tuple[type[Any], ...], Any] = {}

    def register(self, cls: P) -> P:
        """Class decorator: add a primitive to its family under the tag its class declares."""
        tag = tag_of(cls, self.tag)
        if tag is None:
            raise RegistrationError(
                f"{cls.__module__}.{cls.__qualname__} has no '{self.tag}: Literal[...]' field "
                f"naming it; every {self.name} declares one"
            )
        self._discover()  # the package's own primitives first, so a clash with one is seen
        origin = plugins.loading() if not _is_toolkits(cls) else None
        known = self._members.get(tag)
        if known is not None and known is not cls:
            raise RegistrationError(
                f"two {self.name}s are called '{tag}': {self._source(tag)} and "
                f"{_where(cls, origin)}"
            )
        if self._frozen and known is None:
            raise RegistrationError(
                f"{self.name} '{tag}' ({_where(cls, origin)}) registers after content models "
                f"were built; import its module before the content layer"
            )
        self._members[tag] = cls
        if origin is not None and known is None:
            self._origins[tag] = origin
            plugins.note(origin, f"{self.name} '{tag}'")
        return cls

    def members(self) -> tuple[type[Any], ...]:
        """Every registered primitive, its package's modules and the installed plugins
        imported first, in tag order."""
        self._discover()
        _load_plugins()
        return tuple(self._members[tag] for tag in sorted(self._members))

    def origin(self, tag: str) -> plugins.Plugin | None:
        """The plugin that registered `tag`, or None for the toolkit's own and those
        registered by a module the user imported."""
        return self._origins.get(tag)

    def _discover(self) -> None:
        if not self._discovered:
            self._discovered = True
            discover(self.package)

    def _source(self, tag: str) -> str:
        return _where(self._members[tag], self._origins.get(tag))

    def tags(self) -> tuple[str, ...]:
        return tuple(tag_of(cls, self.tag) or "" for cls in self.members())

    def get(self, tag: str) -> type[Any] | None:
        self.members()
        return self._members.get(tag)

    def build_union(self, *extra: type[Any]) -> Any:
        """The discriminated union of every member (and `extra` ones a mechanic brings); from
        now on a new registration is refused, as the union would not hold it."""
        members = (*self.members(), *extra)
        self._frozen = True
        if members not in self._unions:
            self._unions[members] = Annotated[Union[members], Field(discriminator=self.tag)]  # noqa: UP007
        return self._unions[members]


def declared_events() -> tuple[type[Any], ...]:
    """Every event class a registered primitive declares it logs (its `events`)."""
    found: dict[type[Any], None] = {}
    for family in FAMILIES:
        for member in family.members():
            found.update(dict.fromkeys(getattr(member, "events", ())))
    return tuple(found)


def discover(package: str) -> None:
    """Import every module of a package, so the decorators in them run."""
    root = importlib.import_module(package)
    for name in sorted(_module_names(getattr(root, "__path__", []))):
        importlib.import_module(f"{package}.{name}")


def _module_names(path: list[str]) -> set[str]:
    """The modules and subpackages in a package's folders. A folder on disk is listed
    directly (every `toolkit validate` runs this, and `pkgutil` costs an import and a finder
    per entry); anything else, such as a zip, is left to `pkgutil`."""
    names: set[str] = set()
    for folder in path:
        if not os.path.isdir(folder):
            import pkgutil

            names.update(module.name for module in pkgutil.iter_modules([folder]))
            continue
        for entry in os.scandir(folder):
            stem, dot, suffix = entry.name.partition(".")
            module = dot and suffix == "py" and stem != "__init__"
            if module or (not dot and os.path.isfile(os.path.join(entry.path, "__init__.py"))):
                names.add(stem)
    return names


def tag_of(cls: type[Any], key: str) -> str | None:
    """The value of a primitive's tag field (`effect: Literal["gain"]` -> `gain`)."""
    field = getattr(cls, "model_fields", {}).get(key)
    annotation = field.annotation if field is not None else None
    if annotation is None or get_origin(annotation) is not _LITERAL_ORIGIN:
        return None
    values = get_args(annotation)
    return str(values[0]) if len(values) == 1 else None


def _load_plugins() -> None:
    """Every plugin's module imported once, after every family's own package, so each of its
    registrations is checked against all the toolkit's primitives."""
    for family in FAMILIES:
        family._discover()
    plugins.load_each(plugins.PRIMITIVES, lambda plugin, module: None)


def _is_toolkits(cls: type[Any]) -> bool:
    return cls.__module__ == "toolkit" or cls.__module__.startswith("toolkit.")


def _where(cls: type[Any], origin: plugins.Plugin | None = None) -> str:
    where = f"{cls.__module__}.{cls.__qualname__}"
    return f"{where} of {origin.label}" if origin is not None else where


_LITERAL_ORIGIN: Any = get_origin(Literal["x"])

EFFECTS: Family = Family("effect", "effect", "Effect", "toolkit.rules.effects")
CONDITIONS: Family = Family("condition", "check", "Condition", "toolkit.rules.conditions")
SCORING_RULES: Family = Family("scoring rule", "rule", "ScoringRule", "toolkit.rules.scoring")
SETUP_STEPS: Family = Family("setup step", "step", "SetupStep", "toolkit.rules.setup")
PREFERENCES: Family = Family("preference", "prefer", "Preference", "toolkit.rules.preferences")
FAMILIES: tuple[Family, ...] = (
    EFFECTS,
    CONDITIONS,
    SCORING_RULES,
    SETUP_STEPS,
    PREFERENCES,
)
"""Every family, for the content layer's unions and the schemas' shared definitions."""
