"""`toolkit validate` checks a game's print layouts with the loader `toolkit print` uses.

The content layer cannot import print-and-play, so validation takes this check as a hook;
a typo, an `extends` cycle or a missing font is then reported before anything is printed.
A layout that loads is then read card by card, as `print` would draw it but drawing nothing
(no ReportLab): text and icons too faint against their ground are warnings at the layout
element, naming the card (`contrast_check`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from toolkit.content.models.print_layout import TextDefaults
from toolkit.content.project import GameContent
from toolkit.diagnostics import Diagnostic, did_you_mean
from toolkit.files import is_file
from toolkit.pnp import icon_specs
from toolkit.pnp.contrast_check import Resolved, face_findings
from toolkit.pnp.describe import Describer
from toolkit.pnp.families import FAMILIES, FamilyError, Source
from toolkit.pnp.layout_content import content_problems
from toolkit.pnp.layout_load import Layout, Where, load_layout
from toolkit.pnp.reference import reference_context
from toolkit.pnp.template_limits import TemplateLimit, deadline
from toolkit.pnp.templates import as_data, render_data

_CONTRAST_HINT = "darken or lighten the text, the icon or what lies under it; see docs/printing.md"


def check_layouts(
    manifest: Path, content: GameContent, sound: bool = True
) -> tuple[list[Path], list[Diagnostic]]:
    """The layout files checked and what is wrong with them; nothing for a game that
    lists no layouts (it simply has nothing to print). With `sound` content (no problem
    found in it), also what print would refuse of the layout given that content."""
    listed = [manifest.parent / relative for relative in content.game.print_layouts]
    if not listed:
        return [], []
    layout, diagnostics = load_layout(manifest, content)
    if layout is not None and not diagnostics and sound:
        diagnostics = content_problems(content, layout)
    files = layout.files if layout is not None else [p for p in listed if is_file(p)]
    if layout is not None and not diagnostics:
        diagnostics = [
            *unknown_marks(content, layout),
            *(
                where.diagnostic("low-contrast", finding, _CONTRAST_HINT, warning=True)
                for where, finding in contrast_findings(content, layout)
            ),
        ]
    return files, diagnostics


def unknown_marks(content: GameContent, layout: Layout) -> list[Diagnostic]:
    """A vocabulary value's `mark` that no icon draws (built in, one of the layout's
    `icon_files`, or an alias in its `icons`) would print as a word: a warning at the mark."""
    known = set(icon_specs.DEFAULT_COLOURS) | set(layout.icon_files)
    found = []
    for index, vocabulary in enumerate(content.game.vocabularies):
        for place, value in enumerate(vocabulary.values):
            mark = value.mark
            if mark is None or icon_specs.resolve(mark, layout.settings.icons, known):
                continue
            found.append(
                content.manifest.diag(
                    ("vocabularies", index, "values", place, "mark"),
                    "unknown-icon",
                    f"no icon is called '{mark}': the mark of {vocabulary.field} "
                    f"'{value.id}' would print as a word",
                    did_you_mean(mark, sorted({*known, *layout.settings.icons}))
                    or "name a built-in icon (circle, triangle, square, diamond, hexagon ...) "
                    "or one of the layout's icon_files",
                    severity="warning",
                )
            )
    return found


def contrast_findings(content: GameContent, layout: Layout) -> list[tuple[Where, str]]:
    """Every card face's contrast problems, as `print` warns of them: each once, at the
    position of the layout element at fault."""
    settings = layout.settings
    known = set(icon_specs.DEFAULT_COLOURS) | set(layout.icon_files)

    def resolve_icon(name: str) -> str | None:
        return icon_specs.resolve(name, settings.icons, known)

    describer = Describer(content, lambda name: resolve_icon(name) is not None)
    text_colour = (settings.text or TextDefaults()).colour
    resolved = Resolved(as_data, render_data, resolve_icon, text_colour)
    common = {"game": content.game, "colours": settings.colours, "version": content.game.version}
    reference: dict[str, Any] = {}

    def reference_for_aids() -> dict[str, Any]:
        if not reference:
            reference.update({**common, **reference_context(content, describer)})
        return reference

    found: dict[tuple[Where, str], None] = {}
    for component in layout.components:
        if not component.is_card or component.front is None:
            continue
        source = Source(content, describer, component, common, reference_for_aids)
        try:
            cards = FAMILIES[component.family](source)
        except FamilyError:  # `print` says what the content lacks
            continue
        sides = []
        if component.back is not None and not component.back_is_other_side:
            # A plain back is the same on every card of the component: checked once.
            plain = {**common, "kind": component.id, "card_id": ""}
            sides.append(("(back)", plain, component.back))
        for card in cards:
            sides.append((card.id, card.front, component.front))
            if card.back is not None:
                sides.append((card.back_id, card.back, component.front))
        for side_id, context, face in sides:
            who = f"{component.id} {side_id}"
            try:
                with deadline():  # a face's templates together get one template's time
                    findings = face_findings(resolved, face, context, who)
            except TemplateLimit:  # `print` reports the template that runs too long
                continue
            for element, finding in findings:
                found[(element.where, finding)] = None
    return list(found)
