"""The printed reference sheets as HTML: the layout's reference templates, rendered as the
print pipeline renders them (the same context: the game, its colours, `reference_context`),
with their light markup (`#` headings, `-` items, `**bold**`, `:icon:`) turned into tags.

Text from the templates is escaped before any tag is added, so nothing in a game's files
becomes markup on the page.
"""

from __future__ import annotations

import re
from html import escape
from pathlib import Path

from markupsafe import Markup

from toolkit.content.project import GameContent
from toolkit.pnp import icons
from toolkit.pnp.describe import Describer
from toolkit.pnp.layout_load import load_layout
from toolkit.pnp.reference import reference_context
from toolkit.pnp.templates import render

BOLD = re.compile(r"\*\*(.+?)\*\*")
ITALIC = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")
ICON = re.compile(r":([a-z0-9][a-z0-9_-]*):")


def reference_sheets(manifest: Path, content: GameContent) -> list[tuple[str, Markup]]:
    """Each reference component of the game's layout: its id and its text as HTML. A game
    without layouts has none; a layout that fails is `validate`'s to report."""
    layout, _ = load_layout(manifest, content)
    if layout is None:
        return []
    aliases = layout.settings.icons
    describer = Describer(content, lambda name: icons.resolve(name, aliases) is not None)
    context = {
        "game": content.game,
        "colours": layout.settings.colours,
        "version": content.game.version,
        **reference_context(content, describer),
    }
    sheets = []
    for component in layout.components:
        if component.family == "reference" and component.template is not None:
            sheets.append((component.id, to_html(render(component.template, context))))
    return sheets


def to_html(markup: str) -> Markup:
    """Headings, lists and paragraphs from the sheet's lines."""
    out: list[str] = []
    listing = ""
    for raw in markup.splitlines():
        line = raw.strip()
        kind, text = _kind(line)
        if kind != listing and listing:
            out.append(f"</{listing}>")
            listing = ""
        if not line:
            continue
        if kind in ("ul", "ol"):
            if not listing:
                out.append(f"<{kind}>")
                listing = kind
            out.append(f"<li>{_inline(text)}</li>")
        else:
            out.append(f"<{kind}>{_inline(text)}</{kind}>")
    if listing:
        out.append(f"</{listing}>")
    return Markup("\n".join(out))


def _kind(line: str) -> tuple[str, str]:
    if line.startswith("# "):
        return "h3", line[2:]
    if line.startswith("## "):
        return "h4", line[3:]
    if line.startswith("### "):
        return "h5", line[4:]
    if line.startswith(("- ", "* ")):
        return "ul", line[2:]
    numbered = re.match(r"\d+\.\s+(.*)", line)
    if numbered:
        return "ol", numbered.group(1)
    return "p", line


def _inline(text: str) -> str:
    html = escape(text, quote=False)
    html = BOLD.sub(r"<b>\1</b>", html)
    html = ITALIC.sub(r"<i>\1</i>", html)
    return ICON.sub(r'<span class="icon">\1</span>', html)
