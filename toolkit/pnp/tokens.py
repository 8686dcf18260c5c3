"""Token sheets: every coin of the supply in its denomination, and each player's markers.

Counts come from the manifest (a resource's `supply`, the game's most players); only sizes
and colours come from the layout. Each group starts a new row under a heading, and groups
flow onto further pages when a page is full.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color
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
class _Token:
    shape: str  # "coin" or "marker"
    size: float
    fill: Color
    label: str


@dataclass(frozen=True, slots=True)
class _Group:
    heading: str
    tokens: tuple[_Token, ...]


def _groups(content: GameContent, component: Component) -> list[_Group]:
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
            token = _Token("coin", settings.coin_diameter, fill, str(denomination.value))
            heading = f"{resource.name}: {denomination.count} \u00d7 {denomination.value}"
            groups.append(_Group(heading, (token,) * denomination.count))
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
            token = _Token("marker", settings.marker_size, fill, str(player + 1))
            heading = f"Player {player + 1}: {settings.markers_per_player} markers"
            groups.append(_Group(heading, (token,) * settings.markers_per_player))
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
) -> list[Page]:
    groups = _groups(content, component)
    settings = component.settings.tokens
    assert settings is not None
    gap = settings.gap or 0.0
    width, height = paper
    heading_size = 8.0
    # Plan every page first: (heading or token, rect) in page coordinates.
    pages: list[list[tuple[str | _Token, Rect]]] = [[]]
    top = height - margin - 16
    for group in groups:
        size = group.tokens[0].size
        rows_needed = heading_size * 1.8 + size + gap
        if top - rows_needed < margin:
            pages.append([])
            top = height - margin - 16
        pages[-1].append((group.heading, Rect(margin, top - heading_size, width, heading_size)))
        top -= heading_size * 1.8
        x = margin
        for token in group.tokens:
            if x + size > width - margin + 0.01:
                x, top = margin, top - size - gap
                if top - size < margin:
                    pages.append([])
                    top = height - margin - 16
            pages[-1].append((token, Rect(x, top - size, size, size)))
            x += size + gap
        top -= size + gap * 2
    result = []
    for number, items in enumerate(pages, start=1):

        def draw(
            c: Canvas, items: list[tuple[str | _Token, Rect]] = items, number: int = number
        ) -> None:
            c.setFillColor(BLACK)
            c.setFont(r.fonts.name(1), 11)
            c.drawString(margin, height - margin - 11, f"{title} ({number} of {len(pages)})")
            for item, rect in items:
                if isinstance(item, str):
                    c.setFillColor(BLACK)
                    c.setFont(r.fonts.name(0), heading_size)
                    c.drawString(rect.x, rect.y, item)
                else:
                    _draw_token(c, r, item, rect)

        result.append(Page(width, height, "tokens", draw))
    return result


def _draw_token(c: Canvas, r: Renderer, token: _Token, rect: Rect) -> None:
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
