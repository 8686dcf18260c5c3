"""Token sheets: every coin of the supply in its denomination, and each player's markers.

Counts come from the manifest (a resource's `supply`, the game's most players); only sizes
and colours come from the layout. Each group has a heading; a group of one row sits beside
the one before when the row has room, others start a new row; groups flow into the free
parts of other pages first, then onto pages of their own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reportlab.lib.colors import Color
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from toolkit.content.project import GameContent
from toolkit.pnp import icons
from toolkit.pnp.colours import BLACK, colour, readable_on, shade
from toolkit.pnp.geometry import Rect
from toolkit.pnp.layout_load import Component
from toolkit.pnp.pages import Page
from toolkit.pnp.render_card import Renderer


class TokenError(ValueError):
    """The token settings cannot print the game's tokens (sizes or colours missing)."""


@dataclass(frozen=True, slots=True)
class Token:
    shape: str  # "coin" or "marker"
    size: float
    fill: Color
    label: str


@dataclass(frozen=True, slots=True)
class TokenGroup:
    """Tokens alike: a denomination of a resource's supply, or one player's markers."""

    heading: str
    tokens: tuple[Token, ...]
    name: str
    """What one token is called: `Coins 3`, `Player 2 marker`."""
    player: int | None = None
    """The player (0-based) the markers belong to; None for the supply."""
    resource: str = ""
    """The resource of a coin (its id); empty for markers."""
    value: int = 0
    """What one coin is worth."""


def token_groups(content: GameContent, component: Component) -> list[TokenGroup]:
    """Every kind of token the sheet prints, with its count (as many tokens as printed)."""
    settings = component.settings.tokens
    if settings is None:
        raise TokenError(f"component '{component.id}' needs 'tokens:' settings")
    groups = []
    for resource in content.game.resources:
        if not resource.supply:
            continue
        if settings.coin_diameter is None or not settings.coin_colours:
            raise TokenError(f"component '{component.id}' needs 'coin_diameter' and 'coin_colours'")
        for index, denomination in enumerate(sorted(resource.supply, key=lambda d: d.value)):
            fill = colour(settings.coin_colours[index % len(settings.coin_colours)])
            token = Token("coin", settings.coin_diameter, fill, str(denomination.value))
            heading = f"{resource.name}: {denomination.count} \u00d7 {denomination.value}"
            name = f"{resource.name} {denomination.value}"
            coins = (token,) * denomination.count
            groups.append(TokenGroup(heading, coins, name, None, resource.id, denomination.value))
    if settings.markers_per_player:
        players = content.game.players.max
        if settings.marker_size is None or len(settings.player_colours) < players:
            raise TokenError(
                f"component '{component.id}' prints markers for up to {players} players: it "
                f"needs 'marker_size' and {players} 'player_colours' "
                f"(has {len(settings.player_colours)})"
            )
        for player in range(players):
            fill = colour(settings.player_colours[player])
            token = Token("marker", settings.marker_size, fill, str(player + 1))
            count = settings.markers_per_player
            heading = f"Player {player + 1}: {count} marker{'' if count == 1 else 's'}"
            tokens = (token,) * settings.markers_per_player
            groups.append(TokenGroup(heading, tokens, f"Player {player + 1} marker", player))
    if not groups:
        raise TokenError("the game has no coins with a supply and the layout asks for no markers")
    return groups


def token_pages(
    r: Renderer,
    component: Component,
    content: GameContent,
    paper: tuple[float, float],
    margin: float,
    title: str,
    spares: tuple[Rect, ...] = (),
) -> tuple[list[Page], list[Callable[[Canvas], None] | None]]:
    """Pages of tokens. `spares` are free parts of other pages (below the last cards of a
    sheet, below a board), filled first; their drawings are returned (None for one left
    unused), so a few tokens take no page of their own."""
    groups = token_groups(content, component)
    settings = component.settings.tokens
    assert settings is not None
    gap = settings.gap or 0.0
    width, height = paper
    full = Rect(margin, margin, width - 2 * margin, height - 2 * margin)

    def heading_width(text: str) -> float:
        return float(stringWidth(text, r.fonts.name(0), HEADING_SIZE))

    areas = _plan(groups, gap, list(spares), full, heading_width)
    total = len(areas)

    def drawing(
        area: Rect, items: list[tuple[str | Token, Rect]], number: int
    ) -> Callable[[Canvas], None]:
        def draw(c: Canvas) -> None:
            c.setFillColor(BLACK)
            c.setFont(r.fonts.name(1), 11)
            c.drawString(area.x, area.top - 11, f"{title} ({number} of {total})")
            for item, rect in items:
                if isinstance(item, str):
                    c.setFillColor(BLACK)
                    c.setFont(r.fonts.name(0), HEADING_SIZE)
                    c.drawString(rect.x, rect.y, item)
                else:
                    draw_token(c, r, item, rect)

        return draw

    pages = []
    on_spares: list[Callable[[Canvas], None] | None] = [None] * len(spares)
    for number, (area, items) in enumerate(areas, start=1):
        draw = drawing(area, items, number)
        spare = next((i for i, s in enumerate(spares) if s is area), None)
        if spare is None:
            pages.append(Page(width, height, "tokens", draw))
        else:
            on_spares[spare] = draw
    return pages, on_spares


HEADING_SIZE = 8.0


def _plan(
    groups: list[TokenGroup],
    gap: float,
    first: list[Rect],
    full: Rect,
    heading_width: Callable[[str], float],
) -> list[tuple[Rect, list[tuple[str | Token, Rect]]]]:
    """Every token and heading placed, area by area: the `first` areas, then full pages.
    A group starts only where its heading and a row of its tokens fit; an area that cannot
    take the first group is left unused. A one-row group sitting beside another takes the
    width of its heading when that is wider than its tokens, so headings never overlap."""
    areas: list[tuple[Rect, list[tuple[str | Token, Rect]]]] = []
    queue = list(first)

    def next_area() -> tuple[Rect, float]:
        area = queue.pop(0) if queue else full
        areas.append((area, []))
        return area, area.top - 16

    area, top = next_area()
    beside: tuple[float, float, float] | None = None
    """(heading top, token size, next free x) of the last one-row group, for the next
    one-row group of the same size to sit beside it."""
    for group in groups:
        size = group.tokens[0].size
        tokens_span = len(group.tokens) * (size + gap) - gap
        span = max(tokens_span, heading_width(group.heading))
        if beside is not None and beside[1] == size and beside[2] + span <= area.right + 0.01:
            heading_top, _, x = beside
            areas[-1][1].append((group.heading, Rect(x, heading_top - HEADING_SIZE, span, 8.0)))
            row = heading_top - HEADING_SIZE * 1.8 - size
            for k, token in enumerate(group.tokens):
                areas[-1][1].append((token, Rect(x + k * (size + gap), row, size, size)))
            beside = (heading_top, size, x + span + 4 * gap)
            continue
        while top - (HEADING_SIZE * 1.8 + size + gap) < area.y and (
            area is not full or areas[-1][1]
        ):
            if not areas[-1][1]:
                areas.pop()
            area, top = next_area()
        heading_top = top
        areas[-1][1].append((group.heading, Rect(area.x, top - HEADING_SIZE, area.width, 8.0)))
        top -= HEADING_SIZE * 1.8
        x = area.x
        for token in group.tokens:
            if x + size > area.right + 0.01:
                x, top = area.x, top - size - gap
                if top - size < area.y:  # the group goes on in the next area, below its title
                    area, top = next_area()
                    x, top = area.x, top - gap
            areas[-1][1].append((token, Rect(x, top - size, size, size)))
            x += size + gap
        one_row = tokens_span <= area.width + 0.01
        beside = (heading_top, size, area.x + span + 4 * gap) if one_row else None
        top -= size + gap
    return [(a, items) for a, items in areas if items]


def draw_token(c: Canvas, r: Renderer, token: Token, rect: Rect) -> None:
    c.saveState()
    c.setStrokeColor(BLACK)
    c.setLineWidth(0.6)
    c.setFillColor(token.fill)
    cx, cy, size = rect.x + rect.width / 2, rect.y + rect.height / 2, rect.width
    ink = readable_on(token.fill)
    if token.shape == "coin":
        c.circle(cx, cy, size / 2, stroke=1, fill=1)
        c.setStrokeColor(shade(token.fill, -0.35))
        c.setLineWidth(0.8)
        c.circle(cx, cy, size * 0.4, stroke=1, fill=0)
        c.setFillColor(ink)
        c.setFont(r.fonts.name(1), size * 0.42)
        c.drawCentredString(cx, cy - size * 0.15, token.label)
    else:
        c.rect(rect.x, rect.y, size, size, stroke=1, fill=1)
        icon = r.resolve_icon("player")
        if icon is not None:
            icons.draw_icon(c, icon, rect.x + size * 0.18, rect.y + size * 0.2, size * 0.45, ink)
        c.setFillColor(ink)
        c.setFont(r.fonts.name(1), size * 0.3)
        c.drawRightString(rect.right - size * 0.08, rect.y + size * 0.1, token.label)
    c.restoreState()
