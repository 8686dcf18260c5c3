"""`toolkit validate` checks a game's print layouts with the loader `toolkit print` uses.

The content layer cannot import print-and-play, so validation takes this check as a hook;
a typo, an `extends` cycle or a missing font is then reported before anything is printed.
"""

from __future__ import annotations

from pathlib import Path

from toolkit.content.project import GameContent
from toolkit.diagnostics import Diagnostic
from toolkit.files import is_file
from toolkit.pnp.layout_content import content_problems
from toolkit.pnp.layout_load import load_layout


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
    return files, diagnostics
