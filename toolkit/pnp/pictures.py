"""The designer's own pictures on cards: SVG drawings (through svglib) and PNG images.

A card names its picture in an `image` field (relative to its card file), a layout in an
element's `image` (relative to the layout file), and a layout's `icon_files` give icons of
the designer's own. Every path stays inside the project. Each picture is read once per
document and drawn as one PDF form (SVG) or one image (PNG) however many cards show it, so a
deck of 50 cards with the same art stays small. svglib is imported only when an SVG is drawn.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolkit.content.file_refs import MAX_IMAGE_BYTES
from toolkit.content.pictures import picture_problem
from toolkit.files import FileRefused, check_file, read_bytes
from toolkit.pnp.geometry import Rect
from toolkit.pnp.layout_load import Where
from toolkit.pnp.picture_ref import Picture

if TYPE_CHECKING:  # drawing needs ReportLab; naming a card's picture (validate) does not
    from reportlab.lib.colors import Color
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen.canvas import Canvas


class PictureError(Exception):
    """A picture that cannot be drawn; the message says why."""


@dataclass(frozen=True, slots=True)
class _Loaded:
    form: str | None
    """The PDF form an SVG was drawn into, or None for a PNG."""
    image: ImageReader | None
    width: float
    height: float


@dataclass
class Pictures:
    """Every picture one document draws, loaded once, confined to the project `root`."""

    root: Path
    _loaded: dict[Path, _Loaded] = field(default_factory=dict)
    _failed: dict[Path, str] = field(default_factory=dict)

    def draw(self, c: Canvas, path: Path, box: Rect) -> None:
        """Draw the picture at `path` centred in `box`, as large as fits, proportions kept."""
        loaded = self._load(c, path)
        scale = min(box.width / loaded.width, box.height / loaded.height)
        width, height = loaded.width * scale, loaded.height * scale
        x, y = box.x + (box.width - width) / 2, box.y + (box.height - height) / 2
        if loaded.image is not None:
            c.drawImage(loaded.image, x, y, width, height, mask="auto")
            return
        c.saveState()
        c.translate(x, y)
        c.scale(scale, scale)
        c.doForm(loaded.form)
        c.restoreState()

    def _load(self, c: Canvas, path: Path) -> _Loaded:
        if path in self._failed:
            raise PictureError(self._failed[path])
        if path not in self._loaded:
            try:
                self._loaded[path] = self._read(c, path)
            except PictureError as error:
                self._failed[path] = str(error)
                raise
        return self._loaded[path]

    def _read(self, c: Canvas, path: Path) -> _Loaded:
        try:
            real = check_file(path, MAX_IMAGE_BYTES, self.root)
            data = read_bytes(real, MAX_IMAGE_BYTES)
        except FileRefused as refused:
            raise PictureError(refused.reason) from None
        problem = picture_problem(path.name, data)
        if problem is not None:
            raise PictureError(f"'{path.name}' {problem}")
        if path.suffix.lower() == ".png":
            try:
                from reportlab.lib.utils import ImageReader

                image = ImageReader(io.BytesIO(data))
                width, height = image.getSize()
            except Exception as error:  # Pillow raises many kinds for a damaged image
                raise PictureError(f"'{path.name}' cannot be read as an image ({error})") from None
            return _Loaded(None, image, float(width), float(height))
        return self._svg_form(c, path, data)

    def _svg_form(self, c: Canvas, path: Path, data: bytes) -> _Loaded:
        drawing = _svg_drawing(data)
        if drawing is None or not drawing.width or not drawing.height:
            raise PictureError(f"'{path.name}' cannot be drawn (svglib found no picture in it)")
        from reportlab.graphics import renderPDF

        name = f"picture{len(self._loaded)}"
        c.beginForm(name, 0, 0, drawing.width, drawing.height)
        # The drawing's state starts in the canvas's embedded font, not Helvetica, so the PDF
        # names no font the printing machine would have to supply.
        drawing.initialFontName = c._fontname
        renderPDF.draw(drawing, c, 0, 0)
        c.endForm()
        return _Loaded(name, None, float(drawing.width), float(drawing.height))


def icon_drawings(
    files: dict[str, tuple[Path, Where]], pictures: Pictures, failed: Callable[[Where, str], None]
) -> dict[str, Callable[[Canvas, Color], None]]:
    """The designer's icons as icon drawings into the unit square; a picture that cannot be
    drawn is reported through `failed` at the layout value naming it."""

    def drawing(path: Path, where: Where) -> Callable[[Canvas, Color], None]:
        def draw(c: Canvas, _main: Color) -> None:
            try:
                pictures.draw(c, path, Rect(0, 0, 1, 1))
            except PictureError as error:
                failed(where, str(error))

        return draw

    return {name: drawing(path, where) for name, (path, where) in files.items()}


def _svg_drawing(data: bytes) -> Any:
    """svglib's drawing of an SVG, given as bytes so it can name no other file."""
    import logging

    from svglib.svglib import svg2rlg

    logging.getLogger("svglib.svglib").setLevel(logging.CRITICAL)
    try:
        return svg2rlg(io.BytesIO(data))
    except Exception:  # svglib raises many kinds for a drawing it cannot convert
        return None


def picture_path(name: str, written: Where | None) -> Path:
    """The file an element's rendered `image` names: a card's own picture (absolute, from
    `described`), or a path relative to the layout file the element was written in."""
    path = Path(name)
    if path.is_absolute() or written is None:
        return path
    return Path(written.file).parent / path


def named_by(name: str, context: dict[str, Any]) -> Picture | None:
    """The card's `image` value that gave `name`, so an error can point at the card file."""
    described = context.get("described")
    for value in described.values() if isinstance(described, dict) else ():
        if isinstance(value, Picture) and str(value) == name:
            return value
    return None
