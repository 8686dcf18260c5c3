"""`toolkit --version --verbose`: the installed plugins, each with what it registered.

Every registry is read, so every plugin is loaded as a command that needs it would load it;
one that cannot be (it fails to import, it takes a name already taken) is reported in one line
after those listed (one per group of entry points), with exit code 2, as any command would
refuse it.
"""

from __future__ import annotations

import typer

from toolkit import plugins
from toolkit.diagnostics import printable


def print_plugins() -> int:
    """Print one line per installed plugin; the exit code (0, or 2 when one cannot load)."""
    from toolkit.mechanics.registry import MECHANICS
    from toolkit.rules.registry import FAMILIES

    failures: list[plugins.PluginError] = []
    for read in (lambda: [family.members() for family in FAMILIES], lambda: len(MECHANICS)):
        try:
            read()
        except plugins.PluginError as error:  # the other group is still read and listed
            failures.append(error)
    found = plugins.installed()
    if not found:
        groups = " or ".join(plugins.GROUPS)
        typer.echo(f"no plugins (no installed package declares entry points in {groups})")
    for plugin in found:
        what = plugins.registered(plugin)
        said = "not loaded" if what is None else ", ".join(what) or "nothing registered"
        typer.echo(printable(f"{plugin}: {said}", newlines=False))
    for failure in failures:
        typer.echo(f"usage error: {printable(str(failure), newlines=False)}", err=True)
    return 2 if failures else 0
