"""`toolkit validate` checks a game's print layouts with the loader `toolkit print` uses.

The content layer cannot import print-and-play, so validation takes this check as a hook;
a typo, an `extends` cycle or a missing font is then reported before anything is printed.
"""

from __future__ import annotations

from pathlib import Path

from toolkit.content.project import GameContent
from toolkit.diagnostics import Diagnostic
from toolkit.files import is_file
from toolkit.pnp.document import contrast_findings
from toolkit.pnp.layout_load import load_layout


def check_layouts(manifest: Path, content: GameContent) -> tuple[list[Path], list[Diagnostic]]:
    """The layout files checked and what is wrong with them; nothing for a game that
    lists no layouts (it simply has nothing to print)."""
    listed = [manifest.parent / relative for relative in content.game.print_layouts]
    if not listed:
        return [], []
    layout, diagnostics = load_layout(manifest, content)
    files = layout.files if layout is not None else [p for p in listed if is_file(p)]
    if layout is not None and not diagnostics:
        diagnostics = [
            where.diagnostic("low-contrast", finding, _CONTRAST_HINT, warning=True)
            for where, finding in contrast_findings(content, layout)
        ]
    return files, diagnostics


_CONTRAST_HINT = "darken or lighten the text, the icon or what lies under it; see docs/printing.md"
