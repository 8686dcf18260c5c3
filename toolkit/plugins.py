"""Installed packages that extend the toolkit without a fork, found through entry points.

A distribution declares entry points in two groups of its own metadata: `toolkit.primitives`
(a module whose import registers effects, conditions, scoring rules, setup steps or strategy
preferences with the families' decorators of `toolkit.rules.registry`) and `toolkit.mechanics`
(a `MechanicKit`). The registries load them the first time they are asked for their members,
never at import, and once per process: a command that needs no registry pays nothing, and
`toolkit validate` pays one pass over the installed distributions' entry point files (it reads
the registries anyway).

A plugin is code the user installed, trusted as the toolkit itself is; content never names a
module, only the tags and mechanic names registered here. Only installed distributions count:
the working folder, which Python puts first on its path for `python -m toolkit`, is not
searched there, so a project checkout cannot bring one. A plugin that cannot be used (it fails to
import, it claims a name already taken, its object is not what its group needs) is a
`PluginError`: one line naming its distribution and entry point, exit code 2; it is raised
again each time the registry is asked, never a registry missing it quietly.
"""

from __future__ import annotations

import functools
import importlib.metadata
import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from toolkit.diagnostics import printable
from toolkit.errors import ToolkitError, UsageError

PRIMITIVES = "toolkit.primitives"
"""The group of modules that register rules primitives when imported."""
MECHANICS = "toolkit.mechanics"
"""The group of `MechanicKit` objects."""
GROUPS = (PRIMITIVES, MECHANICS)


class PluginError(UsageError):
    """An installed plugin cannot be used; the message names it (exit code 2)."""


@dataclass(frozen=True)
class Plugin:
    """One entry point of an installed distribution in one of the toolkit's groups."""

    distribution: str
    version: str
    group: str
    name: str
    """The entry point's name (its key in the distribution's metadata)."""
    value: str
    """What it loads: `module` or `module:attribute`."""

    @property
    def label(self) -> str:
        """The plugin as messages name it: `plugin toolkit-tides 1.2.0`."""
        return f"plugin {self.distribution} {self.version}"

    def __str__(self) -> str:
        return f"{self.label} ({self.group}: {self.value})"


def installed(group: str | None = None) -> tuple[Plugin, ...]:
    """Every plugin installed (of one group), by distribution and entry point name."""
    return tuple(plugin for plugin in _scan() if group is None or plugin.group == group)


def load_each(group: str, use: Callable[[Plugin, Any], None]) -> None:
    """Load every plugin of `group` and hand each loaded object to `use`, the first time it
    is called for the group; later calls (and calls made while loading) return at once, or
    raise again the `PluginError` that stopped the loading."""
    if group in _outcome:
        failure = _outcome[group]
        if failure is not None:
            raise failure
        return
    _outcome[group] = None
    try:
        for plugin in installed(group):
            use(plugin, load(plugin))
            _used.add(plugin)
    except PluginError as error:
        _outcome[group] = error
        raise


def load(plugin: Plugin) -> Any:
    """Import a plugin's module or object; while it imports, `loading()` names it, so a
    registry can tell who registered what."""
    entry = importlib.metadata.EntryPoint(plugin.name, plugin.value, plugin.group)
    _loading.append(plugin)
    try:
        return entry.load()
    except PluginError:
        raise
    except ToolkitError as error:  # a registry refused what it registers: already in words
        raise PluginError(f"{plugin}: {_one_line(str(error))}") from None
    except Exception as error:  # code the toolkit does not own: reported, never a traceback
        what = _one_line(f"{type(error).__name__}: {error}")
        raise PluginError(f"{plugin} failed to load: {what}") from None
    finally:
        _loading.pop()


def loading() -> Plugin | None:
    """The plugin being imported now, if any."""
    return _loading[-1] if _loading else None


def note(plugin: Plugin, what: str) -> None:
    """Record that `plugin` registered `what` (`effect 'flare'`), for `--version --verbose`."""
    _registered.setdefault(plugin, []).append(what)


def registered(plugin: Plugin) -> tuple[str, ...] | None:
    """What a plugin registered, in order; None if it was not loaded (or was refused)."""
    return tuple(_registered.get(plugin, ())) if plugin in _used else None


@functools.cache
def _scan() -> tuple[Plugin, ...]:
    """One pass over the installed distributions; only the few whose entry point file names
    a toolkit group are parsed. A distribution installed twice counts once: the first on the
    path, as an import would find it."""
    found: list[Plugin] = []
    seen: set[str] = set()
    for dist in importlib.metadata.distributions(path=_search_path()):
        text = dist.read_text("entry_points.txt")
        if not text or "[toolkit." not in text:
            continue
        name = dist.metadata["Name"] or "?"
        key = re.sub(r"[-_.]+", "-", name).lower()
        if key in seen:
            continue
        seen.add(key)
        found += [
            Plugin(name, dist.version, entry.group, entry.name, entry.value)
            for entry in dist.entry_points
            if entry.group in GROUPS
        ]
    return tuple(sorted(found, key=lambda p: (p.group, p.distribution.lower(), p.name)))


def _search_path() -> list[str]:
    """Python's path without the working folder Python itself put first (`''` or its full
    name, for `python -m` and `-c`): plugins are installed, never brought by the folder a
    command runs in. The same folder named on purpose (`PYTHONPATH`, a `.pth` file) stays."""
    if not sys.path or sys.flags.safe_path:
        return list(sys.path)
    first = sys.path[0]
    try:
        here = os.path.realpath(os.getcwd())
    except OSError:  # the working folder was removed
        here = None
    if first == "" or os.path.realpath(first) == here:
        return sys.path[1:]
    return list(sys.path)


def _one_line(text: str) -> str:
    return printable(" ".join(text.split()), newlines=False)


_loading: list[Plugin] = []
_registered: dict[Plugin, list[str]] = {}
_used: set[Plugin] = set()
_outcome: dict[str, PluginError | None] = {}
