"""Image helpers for exports: grids of cards within a size limit, PNG files, a plain back."""

from __future__ import annotations

import io
import math
from dataclasses import dataclass

from PIL import Image

from toolkit.pnp.export.base import Target

PLAIN_BACK = (90, 96, 107)
"""The colour of the back given to cards whose component prints none."""


@dataclass(frozen=True)
class Grid:
    columns: int
    rows: int
    cell: tuple[int, int]
    """Pixel size of one card on the sheet (the card images scaled down to fit the limit)."""

    @property
    def slots(self) -> int:
        return self.columns * self.rows

    @property
    def size(self) -> tuple[int, int]:
        return self.columns * self.cell[0], self.rows * self.cell[1]


def grid(
    count: int,
    card: tuple[int, int],
    most_columns: int,
    most_rows: int,
    most_pixels: int,
    *,
    least: int = 1,
) -> Grid:
    """The grid for `count` cards: the fewest rows with at most `most_columns` a row, then the
    fewest columns that hold them all (at least `least` a side), and a cell scaled down so the
    sheet is at most `most_pixels` a side."""
    rows = max(least, math.ceil(count / most_columns))
    columns = max(least, math.ceil(count / rows))
    if rows > most_rows:
        raise ValueError(f"{count} cards do not fit {most_columns}x{most_rows}")
    scale = min(1.0, most_pixels / (columns * card[0]), most_pixels / (rows * card[1]))
    cell = (max(1, math.floor(card[0] * scale)), max(1, math.floor(card[1] * scale)))
    return Grid(columns, rows, cell)


def sheet(layout: Grid, images: list[Image.Image | None]) -> Image.Image:
    """Images in reading order on one RGB sheet; a None leaves its slot white."""
    canvas = Image.new("RGB", layout.size, "white")
    for index, image in enumerate(images):
        if image is None:
            continue
        if image.size != layout.cell:
            image = image.resize(layout.cell, Image.Resampling.LANCZOS)
        row, column = divmod(index, layout.columns)
        canvas.paste(image, (column * layout.cell[0], row * layout.cell[1]))
    return canvas


def plain_back(size: tuple[int, int]) -> Image.Image:
    return Image.new("RGB", size, PLAIN_BACK)


def same(images: list[Image.Image]) -> bool:
    """Whether every image has the same pixels as the first."""
    first = images[0].tobytes()
    return all(image.size == images[0].size and image.tobytes() == first for image in images)


def save_png(image: Image.Image, target: Target, name: str) -> None:
    """`image` as the PNG file `name` of the export (made in memory, written whole), with
    its resolution (`image.info["dpi"]`, when set) in the file, as print shops read it."""
    buffer = io.BytesIO()
    dpi = image.info.get("dpi")
    if dpi is not None:
        image.save(buffer, format="PNG", compress_level=6, dpi=dpi)
    else:
        image.save(buffer, format="PNG", compress_level=6)
    target.write(name, buffer.getvalue())
