"""What `toolkit print` would refuse about a layout given the game's content, found at
validate time: a component naming a card kind the game lacks (or any other want of a
card family), a reference template reading a value the game's reference does not have.

The layout loader checks a layout alone; these need the content too, so they run only on a
game whose content is sound (content problems are reported for themselves)."""

from __future__ import annotations

from typing import Any

from jinja2 import nodes
from jinja2.meta import find_undeclared_variables

from toolkit.content.project import GameContent
from toolkit.diagnostics import Diagnostic
from toolkit.pnp.describe import Describer
from toolkit.pnp.families import FAMILIES, FamilyError, Source
from toolkit.pnp.layout_load import Component, Layout, Where
from toolkit.pnp.reference import reference_context
from toolkit.pnp.templates import environment


def content_problems(content: GameContent, layout: Layout) -> list[Diagnostic]:
    """Every card family's wants, and the names every reference template reads."""
    describer = Describer(content, lambda name: False)  # words only: no drawing is loaded
    common: dict[str, Any] = {
        "game": content.game,
        "colours": layout.settings.colours,
        "version": content.game.version,
    }
    cached: dict[str, Any] = {}

    def reference() -> dict[str, Any]:
        if not cached:
            cached.update(common, **reference_context(content, describer))
        return cached

    found: list[Diagnostic] = []
    for component in layout.components:
        if component.is_card:
            source = Source(content, describer, component, common, reference)
            try:
                FAMILIES[component.family](source)
            except FamilyError as error:
                where = layout.where(("components", component.id, error.at))
                found.append(where.diagnostic("cannot-print", str(error)))
        elif component.template is not None:
            found.extend(_template_problem(component, reference()))
    return found


def _template_problem(component: Component, context: dict[str, Any]) -> list[Diagnostic]:
    """Names the template reads that its context lacks, found in its parse tree: `validate`
    never compiles a template (print does, on first render), and a name read at the top
    level is what differs between games and families."""
    assert component.template is not None
    env = environment()
    tree = env.parse(component.template.text)
    missing = find_undeclared_variables(tree) - context.keys() - env.globals.keys()
    if not missing:
        return []
    where = component.template_where or component.where
    found = []
    for name in sorted(missing):
        line = next(
            (n.lineno for n in tree.find_all(nodes.Name) if n.name == name and n.ctx == "load"),
            None,
        )
        at = Where(where.file, line, 1) if line is not None else where
        found.append(
            at.diagnostic(
                "template-error",
                f"{component.id}: '{name}' is undefined",
                "it can use: " + ", ".join(sorted(context)),
            )
        )
    return found
