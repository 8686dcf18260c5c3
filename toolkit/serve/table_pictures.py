"""Pictures the print pipeline draws beyond the cards, for the table in the page: the game's
track boards, as printed, with where each space lies so the page sets players' markers on
them, and the icons of its resources and tracks (the designer's own pictures where the layout
gives them). Drawn once per loaded game and kept for a few games.

A game with no layout, no track board, a board printed over several pages or no PDF renderer
installed simply gets none: the page then draws tracks as rows of numbered spaces.
"""

from __future__ import annotations

import base64
import importlib.util
import io
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from toolkit.errors import ContentError, UsageError
from toolkit.serve.images import PDFIUM

if TYPE_CHECKING:
    from PIL.Image import Image

    from toolkit.pnp.layout_load import Layout
    from toolkit.record.transcripts import LoadedGame

KEPT = 8
"""Games whose pictures are kept drawn."""
BOARD_PIXELS = 1100
"""How wide a board is drawn, in pixels."""
ICON_PIXELS = 40


@dataclass(frozen=True)
class BoardPicture:
    """One printed track board: its picture and each track's spaces on it, as percentages
    of the picture (left, top, width, height)."""

    name: str
    picture: str
    """A `data:` address of the picture."""
    width: int
    height: int
    spaces: dict[str, dict[int, tuple[float, float, float, float]]]


@dataclass(frozen=True)
class TablePictures:
    boards: list[BoardPicture] = field(default_factory=list)
    icons: dict[str, str] = field(default_factory=dict)
    """Resource and track ids to `data:` addresses of their icons."""


_kept: OrderedDict[int, tuple[LoadedGame, TablePictures]] = OrderedDict()
_lock = threading.Lock()


def table_pictures(loaded: LoadedGame) -> TablePictures:
    """The boards and icons of a loaded game (drawn on first use, then kept)."""
    with _lock:
        found = _kept.get(id(loaded))
        if found is not None and found[0] is loaded:
            _kept.move_to_end(id(loaded))
            return found[1]
    pictures = _draw(loaded)
    with _lock:
        _kept[id(loaded)] = (loaded, pictures)
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return pictures


def _draw(loaded: LoadedGame) -> TablePictures:
    if importlib.util.find_spec("pypdfium2") is None:  # the images extra
        return TablePictures()
    from toolkit.pnp.layout_load import load_layout

    content = loaded.content
    try:
        layout, _ = load_layout(content.manifest.path, content)
    except (ContentError, UsageError):
        return TablePictures()
    if layout is None:
        return TablePictures()
    return TablePictures(_boards(loaded, layout), _icons(loaded, layout))


def _boards(loaded: LoadedGame, layout: Layout) -> list[BoardPicture]:
    from toolkit.content.models.print_layout import PageSettings
    from toolkit.pnp.board import BoardError, board_map
    from toolkit.pnp.document import PrintOptions, assemble

    content = loaded.content
    settings = layout.settings
    name = next(iter(settings.papers), "a4")
    paper = settings.papers.get(name)
    if paper is None or paper.width is None or paper.height is None:
        return []
    size = (paper.width, paper.height)
    pages = settings.pages or PageSettings()
    margin, overlap = pages.margin, pages.overlap
    boards = []
    for component in layout.components:
        if component.family != "track-board":
            continue
        try:
            where = board_map(content, component, size, margin, overlap)
            if where is None:
                continue
            options = PrintOptions(name, "home", "none", False, (component.id,))
            printed = assemble(content, layout, options)
        except (BoardError, ContentError, UsageError):
            continue
        scale = BOARD_PIXELS / where.board.width
        page = _render(printed.pdf, max(10, min(600, round(72 * scale))))
        scale = page.width / where.page[0]
        box = where.board
        crop = (
            round(box.x * scale),
            round((where.page[1] - box.top) * scale),
            round(box.right * scale),
            round((where.page[1] - box.y) * scale),
        )
        picture = page.crop(crop)
        spaces = {
            track: {
                value: (
                    100 * (rect.x - box.x) / box.width,
                    100 * (box.top - rect.top) / box.height,
                    100 * rect.width / box.width,
                    100 * rect.height / box.height,
                )
                for value, rect in by_value.items()
            }
            for track, by_value in where.spaces.items()
        }
        boards.append(
            BoardPicture(
                f"{loaded.game.name}: tracks",
                _address(picture, "JPEG"),
                picture.width,
                picture.height,
                spaces,
            )
        )
    return boards


def _icons(loaded: LoadedGame, layout: Layout) -> dict[str, str]:
    """Each resource's and track's icon as printed: a built-in drawing, or the designer's own
    picture (`icon_files`) where the layout gives one; one that cannot be drawn is left out."""
    from reportlab.pdfgen.canvas import Canvas

    from toolkit.files import project_root
    from toolkit.pnp import icons
    from toolkit.pnp.pictures import Pictures, icon_drawings

    found: dict[str, str] = {}
    side = 24.0
    game = loaded.content.game
    named = [(r.id, r.icon or r.id) for r in game.resources]
    named += [(t.id, getattr(t, "icon", None) or t.id) for t in game.tracks]
    broken: list[str] = []
    pictures = Pictures(project_root(loaded.content.manifest.path))
    designer = icon_drawings(
        layout.icon_files, pictures, lambda where, message: broken.append(message)
    )
    token = icons.DESIGNER.set(designer)
    try:
        for item, icon in named:
            drawn = icons.resolve(icon, layout.settings.icons)
            if drawn is None or (drawn not in icons.ICONS and drawn not in designer):
                continue
            out = io.BytesIO()
            canvas = Canvas(out, pagesize=(side, side))
            broken.clear()
            icons.draw_icon(canvas, drawn, 0, 0, side)
            canvas.save()
            if broken:  # the designer's picture could not be read: `validate` says why
                continue
            picture = _render(out.getvalue(), round(72 * ICON_PIXELS / side))
            found[item] = _address(picture, "PNG")
    finally:
        icons.DESIGNER.reset(token)
    return found


def _render(pdf: bytes, dpi: int) -> Image:
    """The first page of a PDF as a picture (pdfium one page at a time: `images.PDFIUM`)."""
    from toolkit.pnp.raster import open_pdf, render_page

    with PDFIUM:
        document = open_pdf(pdf)
        try:
            return render_page(document, 0, dpi)
        finally:
            document.close()


def _address(picture: Image, kind: str) -> str:
    out = io.BytesIO()
    if kind == "JPEG":
        picture.save(out, kind, quality=82)
    else:
        picture.save(out, kind)
    mime = "jpeg" if kind == "JPEG" else "png"
    return f"data:image/{mime};base64,{base64.b64encode(out.getvalue()).decode()}"
