"""The game's pieces beside its cards: boards and tokens as images, with their counts.

A virtual table needs what the print layout draws besides cards: each `track-board`
component as one picture at full size (never tiled), and each kind of token its `tokens`
component prints (a coin of each denomination of a resource's supply, each player's markers
in the player's colour) as a picture cut to its shape (transparent outside it), with as many
pieces as the sheet prints. Everything comes from the same drawing code as `toolkit print`
(`board.whole_board`, `tokens.token_groups` and `tokens.draw_token`), so a board or a coin on
a virtual table looks as it does on paper.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from toolkit.content.models.print_layout import TextDefaults
from toolkit.content.project import GameContent
from toolkit.diagnostics import Diagnostic
from toolkit.engine.load import load_valid_game
from toolkit.errors import ContentError, UsageError
from toolkit.files import project_root
from toolkit.pnp import icons, textfit
from toolkit.pnp.board import BoardError, whole_board
from toolkit.pnp.describe import Describer
from toolkit.pnp.fonts import font_set
from toolkit.pnp.geometry import Rect
from toolkit.pnp.layout_load import Component, Layout, Where, load_layout
from toolkit.pnp.pictures import Pictures, icon_drawings
from toolkit.pnp.raster import MAX_DPI, MAX_PAGE_PIXELS, open_pdf
from toolkit.pnp.render_card import Renderer
from toolkit.pnp.tokens import TokenError, TokenGroup, draw_token, token_groups
from toolkit.rules.setup.give_resource import GiveResource

if TYPE_CHECKING:
    from PIL.Image import Image

MM = 72 / 25.4
"""Points in a millimetre."""
EDGE = 0.06
"""Transparent border around a token's picture, as a share of its size: a table that cuts a
token out along the picture's transparency needs a little room around the shape."""


@dataclass(frozen=True)
class Board:
    """A board at full size: its picture (RGB) and its size in millimetres."""

    component: str
    name: str
    image: Image
    width: float
    height: float


@dataclass(frozen=True)
class TokenKind:
    """Tokens alike, `count` of them: a picture cut to the token's shape (RGBA), its size
    (the coin's diameter or the marker's side) in millimetres and its colour."""

    component: str
    key: str
    """A file stem: `coins-1`, `player-2-marker`."""
    name: str
    shape: str
    """`coin` (round) or `marker` (square)."""
    size: float
    colour: str
    """The token's fill as `#rrggbb` (a player's colour for markers)."""
    count: int
    player: int | None
    """The player (0-based) the markers belong to; None for a resource's supply."""
    image: Image
    resource: str = ""
    """A coin's resource id; empty for markers."""
    value: int = 0


@dataclass(frozen=True)
class Table:
    """What a table export lays out besides the card decks, for `players` players."""

    players: int
    boards: list[Board] = field(default_factory=list)
    tokens: list[TokenKind] = field(default_factory=list)
    """Every kind of token as printed: the supply's coins, then each player's markers."""
    notes: list[str] = field(default_factory=list)
    """What the rules have that the print layout draws nothing for (tracks, a supply)."""
    starting: dict[str, int] = field(default_factory=dict)
    """Coins each player starts with, by kind (`key`): the rules' `give_resource` steps paid
    from the supply, largest coins first."""

    @property
    def supply(self) -> list[TokenKind]:
        return [kind for kind in self.tokens if kind.player is None]

    def left(self, kind: TokenKind) -> int:
        """Tokens of `kind` in the supply once every player has taken their starting coins."""
        return kind.count - self.players * self.starting.get(kind.key, 0)

    def pieces_of(self, player: int) -> list[TokenKind]:
        return [kind for kind in self.tokens if kind.player == player]


def game_table(
    game: str | Path,
    *,
    players: int | None,
    dpi: int,
    variants: Sequence[Path] = (),
    sets: Sequence[tuple[str, Any]] = (),
    only: Sequence[str] = (),
) -> Table:
    """The game's boards and tokens drawn at `dpi`, and markers for `players` players (by
    default the game's most). A player count outside the game's is a usage error; a board or
    token component the game cannot print is a content error, as in `toolkit print`."""
    if not 10 <= dpi <= MAX_DPI:
        raise UsageError(f"dpi {dpi} is out of range (10 to {MAX_DPI})")
    manifest, content = load_valid_game(str(game), list(variants), list(sets))
    count = check_players(content, players)
    layout, diagnostics = load_layout(manifest, content)
    if layout is None:
        raise ContentError(diagnostics)
    notes = [] if only else _undrawn(content, layout)
    wanted = {name.lower() for name in only}
    chosen = [
        component
        for component in layout.components
        if component.family in ("track-board", "tokens")
        and (not wanted or component.id.lower() in wanted or component.family in wanted)
    ]
    if not chosen:
        return Table(count, notes=notes)
    drawings, boards, kinds = _drawings(content, layout, chosen, count)
    images = _rasterise(drawings, dpi)
    table = Table(count, notes=notes)
    for (component, name, width, height), image in zip(boards, images, strict=False):
        table.boards.append(Board(component, name, image.convert("RGB"), width, height))
    for (component, group), image in zip(kinds, images[len(boards) :], strict=True):
        token = group.tokens[0]
        table.tokens.append(
            TokenKind(
                component,
                _key(group.name),
                group.name,
                token.shape,
                round(token.size / MM, 2),
                "#" + token.fill.hexval()[2:],
                len(group.tokens),
                group.player,
                image,
                group.resource,
                group.value,
            )
        )
    table.starting.update(_starting(content, table.supply, count))
    return table


def _undrawn(content: GameContent, layout: Layout) -> list[str]:
    """Notes on the tracks and supplies of the rules that no component of the layout draws,
    so neither the print nor the table has them."""
    families = {component.family for component in layout.components}
    notes = []
    tracks = [track.name for track in content.game.tracks]
    if tracks and "track-board" not in families:
        notes.append(
            f"the rules have tracks ({', '.join(tracks)}) but the print layout draws no "
            "board: a 'track-board' component puts them on paper and on the table"
        )
    supplies = [resource.name for resource in content.game.resources if resource.supply]
    if supplies and "tokens" not in families:
        notes.append(
            f"the rules have a supply ({', '.join(supplies)}) but the print layout draws no "
            "tokens: a 'tokens' component puts them on paper and on the table"
        )
    return notes


def _starting(content: GameContent, supply: list[TokenKind], players: int) -> dict[str, int]:
    """Each player's starting coins by kind: what the rules' `give_resource` steps (those
    run whatever the options) give, in the largest coins the supply still holds for every
    player; what the supply cannot pay is not paid, as in play."""
    amounts: dict[str, int] = {}
    for step in content.game.setup:
        if isinstance(step, GiveResource) and step.when is None:
            amounts[step.resource] = amounts.get(step.resource, 0) + step.amount
    starting: dict[str, int] = {}
    for resource, amount in amounts.items():
        coins = sorted((k for k in supply if k.resource == resource), key=lambda k: -k.value)
        for kind in coins:
            take = min(amount // kind.value, kind.count // players)
            if take:
                starting[kind.key] = take
                amount -= take * kind.value
    return starting


def check_players(content: GameContent, players: int | None) -> int:
    """`players`, or the game's most when None; a count the game does not allow is a usage
    error naming the counts it does."""
    least, most = content.game.players.min, content.game.players.max
    if players is None:
        return most
    if not least <= players <= most:
        raise UsageError(
            f"--players {players}: {content.game.name} is for {least} to {most} players"
        )
    return players


_Drawing = tuple[float, float, Callable[[Canvas], None]]


def _drawings(
    content: GameContent, layout: Layout, chosen: list[Component], players: int
) -> tuple[list[_Drawing], list[tuple[str, str, float, float]], list[tuple[str, TokenGroup]]]:
    """A page per board and per kind of token, the boards first (the drawings run later,
    while the designer's icons are in place: see `_rasterise`)."""
    settings = layout.settings
    fonts = font_set(layout.fonts)
    text = settings.text or TextDefaults()
    pictures = Pictures(project_root(content.manifest.path))
    renderer = Renderer(fonts, settings.icons, text.colour, textfit.Measurer(fonts), pictures)
    describer = Describer(content, renderer.has_icon)
    errors: list[Diagnostic] = []
    boards: list[tuple[str, str, float, float]] = []
    board_pages: list[_Drawing] = []
    kinds: list[tuple[str, TokenGroup]] = []
    token_pages: list[_Drawing] = []

    def failed(where: Where, message: str) -> None:
        errors.append(where.diagnostic("bad-picture", f"icon picture {message}"))

    designer = icon_drawings(layout.icon_files, pictures, failed)
    for component in chosen:
        try:
            if component.family == "track-board":
                title = f"{content.game.name} \u2014 tracks"
                width, height, draw = whole_board(renderer, component, content, describer, title)
                board_pages.append((width, height, _with_icons(designer, draw)))
                boards.append((component.id, title, width / MM, height / MM))
            else:
                for group in token_groups(content, component):
                    if group.player is not None and group.player >= players:
                        continue
                    kinds.append((component.id, group))
                    token_pages.append(_token_page(renderer, designer, group))
        except (BoardError, TokenError) as error:
            sub = "board" if isinstance(error, BoardError) else "tokens"
            errors.append(
                layout.where(("components", component.id, sub)).diagnostic(
                    "cannot-print", str(error)
                )
            )
    if errors:
        raise ContentError(errors)
    return board_pages + token_pages, boards, kinds


def _with_icons(
    designer: dict[str, Any], draw: Callable[[Canvas], None]
) -> Callable[[Canvas], None]:
    """`draw` with the designer's own icons in place of the built-in ones, as in print."""

    def drawn(c: Canvas) -> None:
        token = icons.DESIGNER.set(designer)
        try:
            draw(c)
        finally:
            icons.DESIGNER.reset(token)

    return drawn


def _token_page(renderer: Renderer, designer: dict[str, Any], group: TokenGroup) -> _Drawing:
    token = group.tokens[0]
    edge = token.size * EDGE
    side = token.size + 2 * edge

    def draw(c: Canvas) -> None:
        draw_token(c, renderer, token, Rect(edge, edge, token.size, token.size))

    return side, side, _with_icons(designer, draw)


def _rasterise(drawings: list[_Drawing], dpi: int) -> list[Image]:
    """Each drawing on a page of its own size, rendered at `dpi` on a transparent ground."""
    scale = dpi / 72
    for width, height, _ in drawings:
        if round(width * scale) * round(height * scale) > MAX_PAGE_PIXELS:
            fits = math.floor(72 * math.sqrt(MAX_PAGE_PIXELS / (width * height)))
            raise UsageError(
                f"--dpi {dpi} draws a board of {round(width * scale)} x {round(height * scale)}"
                f" px; a picture may have at most {MAX_PAGE_PIXELS:,} pixels (memory): use "
                f"--dpi {fits} or less"
            )
    rl_config.invariant = 1
    buffer = io.BytesIO()
    c = Canvas(buffer, invariant=1, pageCompression=1)
    for width, height, draw in drawings:
        c.setPageSize((width, height))
        draw(c)
        c.showPage()
    c.save()
    document = open_pdf(buffer.getvalue())
    images = []
    try:
        for number in range(len(drawings)):
            page = document[number]
            try:
                bitmap = page.render(scale=scale, fill_color=(255, 255, 255, 0))
                images.append(bitmap.to_pil().convert("RGBA"))
            finally:
                page.close()
    finally:
        document.close()
    return images


def _key(name: str) -> str:
    return "-".join(name.lower().split())
