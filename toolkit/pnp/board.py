"""The track board: a row of spaces per track with its milestones, tiled when larger than paper."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from toolkit.content.models.manifest import Track
from toolkit.content.project import GameContent
from toolkit.pnp import icons, textfit
from toolkit.pnp.colours import BLACK, colour, readable_on, shade
from toolkit.pnp.describe import Describer
from toolkit.pnp.geometry import Rect, Tile, tile_board
from toolkit.pnp.layout_load import Component
from toolkit.pnp.marks import cross_arm, cross_points, tile_marks
from toolkit.pnp.pages import Page
from toolkit.pnp.render_card import Renderer
from toolkit.schema.units import mm

DEFAULT_TRACK_COLOUR = "#777777"


class BoardError(ValueError):
    """The board's settings do not fit the game (an unknown track, no tracks at all)."""


@dataclass(frozen=True, slots=True)
class _Board:
    tracks: tuple[Track, ...]
    space: float
    label_width: float
    gap: float
    pad: float
    title_height: float
    width: float
    height: float


def _measure(content: GameContent, component: Component, scale: float = 1.0) -> _Board:
    settings = component.settings.board
    if settings is None or settings.space is None or settings.label_width is None:
        raise BoardError(f"component '{component.id}' needs 'board: {{space:, label_width:}}'")
    by_id = {t.id: t for t in content.game.tracks}
    unknown = [t for t in settings.tracks if t not in by_id]
    if unknown:
        raise BoardError(f"unknown track '{unknown[0]}' (the game has: {', '.join(by_id)})")
    tracks = tuple(by_id[t] for t in settings.tracks) or tuple(content.game.tracks)
    if not tracks:
        raise BoardError("the game has no tracks to put on a board")
    space, gap = settings.space * scale, (settings.gap or 0.0) * scale
    label_width = settings.label_width * scale
    pad, title = space * 0.3, space * 0.75
    longest = max(t.max - t.min + 1 for t in tracks)
    width = 2 * pad + label_width + longest * space
    height = 2 * pad + title + len(tracks) * space + (len(tracks) - 1) * gap
    return _Board(tracks, space, label_width, gap, pad, title, width, height)


def _fitted(
    content: GameContent, component: Component, paper: tuple[float, float], margin: float
) -> _Board:
    """The board at full size, or shrunk (spaces no smaller than `min_space`) to the largest
    size that fits one page, when it would otherwise need several."""
    board = _measure(content, component)
    settings = component.settings.board
    assert settings is not None and settings.space is not None
    smallest = settings.min_space
    if smallest is None or smallest >= settings.space:
        return board
    area = (paper[0] - 2 * margin, paper[1] - 2 * margin)
    scale = max(min(w / board.width, h / board.height) for w, h in (area, (area[1], area[0])))
    if scale >= 1.0 or scale * settings.space < smallest:
        return board
    return _measure(content, component, scale * 0.999)


def board_pages(
    r: Renderer,
    component: Component,
    content: GameContent,
    describer: Describer,
    paper: tuple[float, float],
    margin: float,
    overlap: float,
    title: str,
) -> tuple[list[Page], Rect | None]:
    """The board's pages, and on a board of one page the free paper below it (for tokens)."""
    board = _fitted(content, component, paper, margin)
    draw_board = _drawing(r, component, board, describer, title)
    tiling = tile_board((board.width, board.height), paper, margin, overlap)
    pages = []
    total = len(tiling.tiles)
    for number, tile in enumerate(tiling.tiles, start=1):
        label = (
            f"{title} \u00b7 tile {number} of {total} (row {tile.row + 1}, column "
            f"{tile.column + 1}). Trim at the corner marks. The strip beyond a dashed line is "
            f"printed on both neighbouring tiles: lay one over the other so the crosses meet, "
            f"and glue."
        )

        free_y = tuple(tile.page.y - tile.board.y + y for y in _free_bands(board))
        free_x = (
            tile.page.x - tile.board.x + board.pad / 2,
            tile.page.x - tile.board.x + board.width - board.pad / 2,
        )

        def draw(
            c: Canvas,
            tile: Tile = tile,
            label: str = label,
            free_x: tuple[float, ...] = free_x,
            free_y: tuple[float, ...] = free_y,
        ) -> None:
            c.saveState()
            clip = c.beginPath()
            clip.rect(tile.page.x, tile.page.y, tile.page.width, tile.page.height)
            c.clipPath(clip, stroke=0, fill=0)
            c.translate(tile.page.x - tile.board.x, tile.page.y - tile.board.y)
            draw_board(c)
            c.restoreState()
            if total > 1:
                tile_marks(c, tiling, tile, mm(4), free_x, free_y)
                top = tile.page.y - mm(6)
                box = Rect(tile.page.x, top - mm(10), tiling.page_width - 2 * tile.page.x, mm(10))
                r.draw_text(
                    c,
                    label,
                    box,
                    size=8,
                    min_size=6,
                    leading=1.2,
                    align="left",
                    valign="top",
                    text_colour=BLACK,
                    who=f"{component.id} tile label",
                )

        page = Page(tiling.page_width, tiling.page_height, "board", draw)
        page.text_boxes = [_on_page(tile, box) for box in _text_bands(board)]
        arm = cross_arm(tiling)
        page.marks = [
            Rect(x - arm, y - arm, 2 * arm, 2 * arm)
            for x, y in (cross_points(tiling, tile, free_x, free_y) if total > 1 else [])
        ]
        pages.append(page)
    free = None
    if total == 1:
        below = tiling.tiles[0].page.y - mm(6) - margin
        if below > tiling.page_height / 5:
            free = Rect(margin, margin, tiling.page_width - 2 * margin, below)
    return pages, free


def whole_board(
    r: Renderer, component: Component, content: GameContent, describer: Describer, title: str
) -> tuple[float, float, Callable[[Canvas], None]]:
    """The board at its full size as one drawing, with its width and height in points: what
    a virtual table shows as one piece, never tiled."""
    board = _measure(content, component)
    return board.width, board.height, _drawing(r, component, board, describer, title)


def _drawing(
    r: Renderer, component: Component, board: _Board, describer: Describer, title: str
) -> Callable[[Canvas], None]:
    """The whole board drawn with its lower left corner at the origin."""
    settings = component.settings.board
    assert settings is not None
    track_colours = {
        t.id: colour(settings.colours.get(t.id, DEFAULT_TRACK_COLOUR)) for t in board.tracks
    }

    def draw_board(c: Canvas) -> None:
        c.setFillColor(colour("#fbf7ef"))
        c.setStrokeColor(BLACK)
        c.setLineWidth(1)
        c.rect(0, 0, board.width, board.height, stroke=1, fill=1)
        title_box = Rect(
            board.pad,
            board.height - board.pad - board.title_height,
            board.width - 2 * board.pad,
            board.title_height,
        )
        r.draw_text(
            c,
            f"**{textfit.literal(title)}**",
            title_box,
            size=board.space * 0.32,
            min_size=8,
            leading=1.1,
            align="left",
            valign="middle",
            text_colour=BLACK,
            who=f"{component.id} title",
        )
        for track, top in zip(board.tracks, _row_tops(board), strict=True):
            _row(r, c, board, track, track_colours[track.id], top, describer, component.id)

    return draw_board


@dataclass(frozen=True, slots=True)
class BoardMap:
    """Where a board printed on one page lies on it, and each track's spaces: what a screen
    needs to set players' markers on a picture of the page (points, from the page's bottom
    left)."""

    page: tuple[float, float]
    board: Rect
    spaces: dict[str, dict[int, Rect]]
    """By track id, each position's space."""


def board_map(
    content: GameContent,
    component: Component,
    paper: tuple[float, float],
    margin: float,
    overlap: float,
) -> BoardMap | None:
    """The map of the board `board_pages` prints, or None when it takes several pages."""
    board = _fitted(content, component, paper, margin)
    tiling = tile_board((board.width, board.height), paper, margin, overlap)
    if len(tiling.tiles) != 1:
        return None
    tile = tiling.tiles[0]
    dx, dy = tile.page.x - tile.board.x, tile.page.y - tile.board.y
    spaces: dict[str, dict[int, Rect]] = {}
    for track, top in zip(board.tracks, _row_tops(board), strict=True):
        left, bottom = board.pad + board.label_width + dx, top - board.space + dy
        spaces[track.id] = {
            value: Rect(left + k * board.space, bottom, board.space, board.space)
            for k, value in enumerate(range(track.min, track.max + 1))
        }
    return BoardMap((tiling.page_width, tiling.page_height), tile.page, spaces)


def _row_tops(board: _Board) -> list[float]:
    """The top of each track's row, in board coordinates."""
    first = board.height - board.pad - board.title_height
    return [first - index * (board.space + board.gap) for index in range(len(board.tracks))]


def _text_bands(board: _Board) -> list[Rect]:
    """Everything with text on the board: the title band and each track's row."""
    inner = board.width - 2 * board.pad
    title = Rect(
        board.pad, board.height - board.pad - board.title_height, inner, board.title_height
    )
    return [title] + [
        Rect(board.pad, top - board.space, inner, board.space) for top in _row_tops(board)
    ]


def _free_bands(board: _Board) -> list[float]:
    """Heights (board coordinates) with no text across the board: the padding at the top and
    at the bottom."""
    return [board.height - board.pad / 2, board.pad / 2]


def _on_page(tile: Tile, box: Rect) -> Rect:
    """A board rectangle where it lands on a tile's page, cut to what the tile shows."""
    x = max(box.x, tile.board.x)
    y = max(box.y, tile.board.y)
    right = min(box.right, tile.board.right)
    top = min(box.top, tile.board.top)
    dx, dy = tile.page.x - tile.board.x, tile.page.y - tile.board.y
    return Rect(x + dx, y + dy, max(0.0, right - x), max(0.0, top - y))


def _row(
    r: Renderer,
    c: Canvas,
    board: _Board,
    track: Track,
    tint: Color,
    top: float,
    describer: Describer,
    component_id: str,
) -> None:
    space, bottom = board.space, top - board.space
    label = Rect(board.pad, bottom, board.label_width - board.pad * 0.5, space)
    c.setFillColor(tint)
    c.roundRect(label.x, label.y, label.width, label.height, space * 0.12, stroke=0, fill=1)
    icon = r.resolve_icon(track.id)
    name_height = space * 0.34
    if icon is not None:
        side = space * 0.46
        left = label.x + (label.width - side) / 2
        icons.draw_icon(c, icon, left, bottom + name_height + space * 0.06, side, shade(tint, 0.8))
    else:
        name_height = space
    name_box = Rect(
        label.x + space * 0.05, bottom + space * 0.04, label.width - space * 0.1, name_height
    )
    r.draw_text(
        c,
        f"**{textfit.literal(track.name)}**",
        name_box,
        size=space * 0.2,
        min_size=6,
        leading=1.1,
        align="center",
        valign="middle",
        text_colour=readable_on(tint),
        who=f"{component_id} {track.id} label",
    )
    milestones = {m.at: describer.milestone(m) for m in track.milestones}
    for k, value in enumerate(range(track.min, track.max + 1)):
        x = board.pad + board.label_width + k * space
        reached = value in milestones
        c.setFillColor(shade(tint, 0.5 if reached else 0.86))
        c.setStrokeColor(shade(tint, -0.35))
        c.setLineWidth(2.2 if reached else 0.8)
        inset = 1.1 if reached else 0.4
        c.rect(x + inset, bottom + inset, space - 2 * inset, space - 2 * inset, stroke=1, fill=1)
        c.setFillColor(shade(tint, -0.55))
        c.setFont(r.fonts.name(1), space * 0.3)
        c.drawString(x + space * 0.08, top - space * 0.32, str(value))
        if value == track.start:
            c.setFont(r.fonts.name(2), space * 0.14)
            c.drawRightString(x + space * 0.92, top - space * 0.22, "start")
        if reached:
            box = Rect(x + space * 0.07, bottom + space * 0.06, space * 0.86, space * 0.56)
            r.draw_text(
                c,
                milestones[value],
                box,
                size=space * 0.15,
                min_size=4.5,
                leading=1.1,
                align="left",
                valign="bottom",
                text_colour=BLACK,
                who=f"{component_id} {track.id} milestone {value}",
            )
