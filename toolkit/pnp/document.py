"""Document assembly: the cards and sheets a layout asks for, imposed per profile, in one PDF.

Pages are planned first (sheets of fronts, mirrored sheets of backs, single-card pages,
reference, board tiles, tokens), so counts and card positions are known, then drawn on one
canvas in ReportLab's invariant mode: the same content gives the same bytes.
"""

from __future__ import annotations

import io
import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from toolkit.content.models.print_layout import (
    HomeProfile,
    PageSettings,
    PrintShopProfile,
    TextDefaults,
)
from toolkit.content.project import GameContent
from toolkit.diagnostics import Diagnostic, canonical_id, did_you_mean
from toolkit.errors import ContentError, UsageError
from toolkit.files import project_root
from toolkit.pnp import icons, textfit
from toolkit.pnp.board import BoardError, board_pages
from toolkit.pnp.colours import GREY
from toolkit.pnp.describe import Describer
from toolkit.pnp.designs import design_of, prints_id
from toolkit.pnp.families import FAMILIES, FamilyError, PrintCard, Source
from toolkit.pnp.fonts import font_set
from toolkit.pnp.geometry import (
    Rect,
    Sheet,
    SheetDoesNotFit,
    Slot,
    home_sheet,
    single_card_page,
)
from toolkit.pnp.layout_load import Component, Face, Layout, Where
from toolkit.pnp.marks import crop_marks
from toolkit.pnp.pages import Page, Placement
from toolkit.pnp.pictures import Pictures, icon_drawings
from toolkit.pnp.reference import reference_context
from toolkit.pnp.reference_sheet import reference_pages
from toolkit.pnp.render_card import Renderer, draw_face
from toolkit.pnp.tokens import TokenError, token_pages
from toolkit.schema.units import mm

PROFILES = ("home", "print-shop")
BACKS = ("duplex", "separate", "none")


@dataclass(frozen=True, slots=True)
class PrintOptions:
    paper: str = "a4"
    """A key of the layout's `papers`."""
    profile: str = "home"
    """`home` (sheets of cards, crop marks) or `print-shop` (a card per page, PDF boxes)."""
    backs: str = "duplex"
    """`duplex` (each front page then its mirrored back), `separate` (backs last), `none`."""
    bleed: bool = True
    only: tuple[str, ...] = ()
    """Component ids, family names, card kinds or card ids; empty for everything."""
    variant: str = ""
    """The variants applied, as printed after the version (`Cheaper Ferris Wheel 3f2a9c1`)."""
    back_offset: tuple[float, float] | None = None
    """Points every back page is shifted by (right, up, as seen on the back), for a duplex
    printer that misaligns the two sides; None: the layout's `home.back_offset_x/_y`."""

    def __post_init__(self) -> None:
        if self.profile not in PROFILES:
            raise UsageError(f"unknown profile '{self.profile}' (expected {', '.join(PROFILES)})")
        if self.backs not in BACKS:
            raise UsageError(f"unknown backs mode '{self.backs}' (expected {', '.join(BACKS)})")


MAX_BACK_OFFSET_MM = 20.0


def parse_back_offset(text: str) -> tuple[float, float]:
    """`--back-offset X,Y` in millimetres as points; a usage error for anything else."""
    parts = text.split(",")
    try:
        x, y = (float(part) for part in parts) if len(parts) == 2 else (math.nan, math.nan)
    except ValueError:
        x = y = math.nan
    if not all(math.isfinite(v) and abs(v) <= MAX_BACK_OFFSET_MM for v in (x, y)):
        raise UsageError(
            f"--back-offset '{text}' is not X,Y in millimetres (each between "
            f"-{MAX_BACK_OFFSET_MM:g} and {MAX_BACK_OFFSET_MM:g}), e.g. --back-offset 1.5,-0.5"
        )
    return mm(x), mm(y)


@dataclass
class PrintResult:
    pdf: bytes
    pages: list[Page]
    cards: int
    warnings: list[str]
    printed: list[tuple[Component, list[PrintCard]]] = field(default_factory=list)
    """The cards printed, per card component, with their templates' contexts (for exports)."""

    @property
    def placements(self) -> list[Placement]:
        return [p for page in self.pages for p in page.placements]


@dataclass(frozen=True, slots=True)
class _Side:
    face: Face
    context: dict[str, Any]
    card_id: str
    design: str = ""


@dataclass(frozen=True, slots=True)
class _Physical:
    """A card as cut from the sheet: its front, and its back if it has one."""

    component: Component
    front: _Side
    back: _Side | None


@dataclass
class _Assembly:
    content: GameContent
    layout: Layout
    options: PrintOptions
    renderer: Renderer
    describer: Describer
    common: dict[str, Any]
    errors: list[Diagnostic] = field(default_factory=list)
    spare: list[tuple[Page, Rect]] = field(default_factory=list)
    """Free paper below the last cards of a sheet, for tokens to share the sheet."""
    _reference: dict[str, Any] | None = None

    def reference(self) -> dict[str, Any]:
        if self._reference is None:
            self._reference = {
                **self.common,
                **reference_context(self.content, self.describer),
            }
        return self._reference

    def fail(self, component: Component, sub: tuple[str, ...], message: str) -> None:
        where = self.layout.where(("components", component.id, *sub))
        self.errors.append(where.diagnostic("cannot-print", message))


def assemble(content: GameContent, layout: Layout, options: PrintOptions) -> PrintResult:
    """Plan and draw the whole document; content problems raise `ContentError` (all at once)."""
    pictures = Pictures(project_root(content.manifest.path))
    errors: dict[Where, Diagnostic] = {}

    def failed(where: Where, message: str) -> None:
        errors.setdefault(where, where.diagnostic("bad-picture", f"icon picture {message}"))

    token = icons.DESIGNER.set(icon_drawings(layout.icon_files, pictures, failed))
    try:
        result = _assemble(content, layout, options, pictures)
    finally:
        icons.DESIGNER.reset(token)
    if errors:
        raise ContentError(list(errors.values()))
    return result


def _assemble(
    content: GameContent, layout: Layout, options: PrintOptions, pictures: Pictures
) -> PrintResult:
    settings = layout.settings
    fonts = font_set(layout.fonts)
    text = settings.text or TextDefaults()
    renderer = Renderer(fonts, settings.icons, text.colour, textfit.Measurer(fonts), pictures)
    describer = Describer(content, renderer.has_icon)
    version = content.game.version + (f" + {options.variant}" if options.variant else "")
    common = {"game": content.game, "colours": settings.colours, "version": version}
    job = _Assembly(content, layout, options, renderer, describer, common)
    paper = _paper(layout, options.paper)
    cards = _cards(job)
    designs = _designs(job, cards)
    options = replace(options, only=_as_spelt(job, cards, options.only))
    chosen = _select(job, cards, options.only)
    physical = [p for component, items in chosen for p in _physical(job, component, items, designs)]
    pages = _card_pages(job, physical, paper)
    pages += _sheet_pages(job, [c for c in layout.components if not c.is_card], paper, options)
    if job.errors:
        raise ContentError(job.errors)
    home = settings.home or HomeProfile()
    offset = options.back_offset or (home.back_offset_x, home.back_offset_y)
    for page in pages:
        if page.role == "back" and offset != (0.0, 0.0):
            page.draw = _shifted(page.draw, offset)
    pdf = _draw(pages, f"{content.game.name} {version}: print and play", fonts.name(0))
    if renderer.errors:
        raise ContentError(list(renderer.errors.values()))
    for number, page in enumerate(pages):
        shift = offset if page.role == "back" else (0.0, 0.0)
        for index, placement in enumerate(page.placements):
            trim = placement.trim
            moved = Rect(trim.x + shift[0], trim.y + shift[1], trim.width, trim.height)
            page.placements[index] = replace(placement, page=number, trim=moved)
    return PrintResult(pdf, pages, len(physical), renderer.warnings, chosen)


def _paper(layout: Layout, name: str) -> tuple[float, float]:
    paper = layout.settings.papers.get(name)
    if paper is None or paper.width is None or paper.height is None:
        where = layout.where(("papers",))
        raise ContentError(
            [
                where.diagnostic(
                    "missing-paper",
                    f"the layout defines no paper '{name}' with a width and a height",
                    f"add 'papers: {{{name}: {{width: ..., height: ...}}}}'",
                )
            ]
        )
    return paper.width, paper.height


def _cards(job: _Assembly) -> list[tuple[Component, list[PrintCard]]]:
    found = []
    for component in job.layout.components:
        if not component.is_card:
            continue
        source = Source(job.content, job.describer, component, job.common, job.reference)
        try:
            found.append((component, FAMILIES[component.family](source)))
        except FamilyError as error:
            job.fail(component, (error.at,), str(error))
    return found


def _as_spelt(
    job: _Assembly, cards: list[tuple[Component, list[PrintCard]]], only: tuple[str, ...]
) -> tuple[str, ...]:
    """`--only` names as the content spells them: case does not matter (`b7` finds `B7`)."""
    names = _only_names(job, cards)
    return tuple(canonical_id(name, names) for name in only)


def _select(
    job: _Assembly, cards: list[tuple[Component, list[PrintCard]]], only: tuple[str, ...]
) -> list[tuple[Component, list[PrintCard]]]:
    """`--only`: whole components by id, family or card kind, single cards by id."""
    if not only:
        return cards
    whole = {name for c in job.layout.components for name in _names(c)}
    names = _only_names(job, cards)
    unknown = [name for name in only if name not in names]
    if unknown:
        hint = did_you_mean(unknown[0], names)
        raise UsageError(
            f"--only: nothing to print is called '{unknown[0]}'"
            + (f" ({hint})" if hint else f"; components: {', '.join(sorted(whole))}")
        )
    chosen = []
    for component, items in cards:
        if _names(component) & set(only):
            chosen.append((component, items))
            continue
        picked = [c for c in items if _card_names(c) & set(only)]
        if picked:
            chosen.append((component, picked))
    return chosen


def _only_names(job: _Assembly, cards: list[tuple[Component, list[PrintCard]]]) -> set[str]:
    """Every name `--only` may use: components, families, card kinds, card and side ids."""
    whole = {name for c in job.layout.components for name in _names(c)}
    return whole | {name for _, items in cards for card in items for name in _card_names(card)}


def _card_names(card: PrintCard) -> set[str]:
    """A card's id and its sides' ids (`variable-1`, `variable-1:green`): a double-sided
    card is asked for by the id its card file gives it, or one side by `card:side`."""
    sides = {i for i in (card.id, card.back_id) if i}
    return sides | {i.partition(":")[0] for i in sides}


def _names(component: Component) -> set[str]:
    """What `--only` may call a whole component: its id, its family, the card kind it prints."""
    kind = component.settings.cards
    return {component.id, component.family} | ({kind} if kind else set())


def _designs(
    job: _Assembly, cards: list[tuple[Component, list[PrintCard]]]
) -> dict[tuple[str, str], tuple[str, bool]]:
    """Each card side's design and whether its label prints its id, by (component, side id): twins
    are counted over the whole component, whatever `--only` prints of it."""
    mode = job.layout.settings.card_ids or "unique"
    found: dict[tuple[str, str], str] = {}
    for component, items in cards:
        assert component.front is not None
        for card in items:
            for side_id, context in ((card.id, card.front), (card.back_id, card.back)):
                if side_id and context is not None:
                    who = f"{component.id} {side_id}"
                    found[(component.id, side_id)] = design_of(
                        job.renderer, component.front, context, who
                    )
    twins = Counter((key[0], design) for key, design in found.items())
    return {
        key: (design, prints_id(mode, twins[(key[0], design)])) for key, design in found.items()
    }


def _physical(
    job: _Assembly,
    component: Component,
    items: list[PrintCard],
    designs: dict[tuple[str, str], tuple[str, bool]],
) -> list[_Physical]:
    assert component.front is not None
    front_face = component.front
    copies = component.settings.copies
    count = job.content.game.players.max if copies == "max_players" else copies
    plain_back = None
    if component.back is not None:
        plain_back = _Side(component.back, {**job.common, "kind": component.id, "card_id": ""}, "")
    result = []

    def side(context: dict[str, Any], side_id: str) -> _Side:
        design, shown = designs.get((component.id, side_id), ("", True))
        printed = context.get("card_id", side_id) if shown else ""
        return _Side(front_face, {**context, "printed_id": printed}, side_id, design)

    for card in items:
        sides = [side(card.front, card.id)]
        if card.back is not None:
            sides.append(side(card.back, card.back_id))
        if component.back_is_other_side and len(sides) == 2 and job.options.backs != "none":
            cards = [_Physical(component, sides[0], sides[1])]
        else:  # each side its own card (a single-sided print of a double-sided card)
            cards = [_Physical(component, side, plain_back) for side in sides]
        for _ in range(count):
            result.extend(cards)
    return result


def _card_pages(
    job: _Assembly, physical: list[_Physical], paper: tuple[float, float]
) -> list[Page]:
    if job.options.profile == "print-shop":
        return _print_shop_pages(job, physical)
    settings = job.layout.settings
    home = settings.home or HomeProfile()
    bleed = home.bleed if job.options.bleed else 0.0
    by_size: dict[str, list[_Physical]] = {}
    for card in physical:
        by_size.setdefault(card.component.size_name, []).append(card)
    fronts: list[Page] = []
    backs: list[Page] = []
    for size_name, cards in by_size.items():
        component = cards[0].component
        template = settings.sheet_templates[size_name]
        grid = (template.columns or 3, template.rows or 3)
        try:
            mark_room = home.mark_edge + home.mark_gap + home.mark_length
            sheet = home_sheet(
                paper, (component.width, component.height), grid, bleed, home.margin, mark_room
            )
        except SheetDoesNotFit as error:
            where = job.layout.where(("sheet_templates", size_name))
            raise ContentError(
                [where.diagnostic("sheet-too-large", f"sheet template '{size_name}': {error}")]
            ) from None
        per_sheet = len(sheet.slots)
        for start in range(0, len(cards), per_sheet):
            chunk = cards[start : start + per_sheet]
            used = sheet.partial(len(chunk))
            fronts.append(_sheet_page(job, used, [c.front for c in chunk], chunk, "front", home))
            mirrored = used.mirrored()
            sides = [c.back for c in chunk]
            backs.append(_sheet_page(job, mirrored, sides, chunk, "back", home))
            free = _free_below(used, home)
            if free is not None:
                job.spare.append((fronts[-1], free))
    if job.options.backs == "none":
        return fronts
    if job.options.backs == "separate":
        return fronts + backs
    return [page for pair in zip(fronts, backs, strict=True) for page in pair]


def _free_below(sheet: Sheet, home: HomeProfile) -> Rect | None:
    """The paper below a sheet's last row of cards and its crop marks, when it is at least a
    fifth of the page (a sheet with rows left empty)."""
    top = sheet.content.y - home.mark_gap - home.mark_length - mm(3)
    bottom = home.margin + home.mark_edge
    if top - bottom < sheet.height / 5:
        return None
    return Rect(home.margin + home.mark_edge, bottom, sheet.width - 2 * bottom, top - bottom)


def _sheet_page(
    job: _Assembly,
    sheet: Sheet,
    sides: list[_Side | None],
    cards: list[_Physical],
    role: str,
    home: HomeProfile,
) -> Page:
    placements = [
        Placement(-1, card.component.id, side.card_id if side else "", role, slot.trim)
        for slot, side, card in zip(sheet.slots, sides, cards, strict=False)
    ]

    def draw(c: Canvas) -> None:
        for slot, side, card in zip(sheet.slots, sides, cards, strict=False):
            if side is not None:
                _draw_side(job, c, side, card, slot)
        crop_marks(c, sheet, home.mark_length, home.mark_gap, home.mark_width, home.mark_edge)

    return Page(sheet.width, sheet.height, role, draw, placements=placements)


def _draw_side(job: _Assembly, c: Canvas, side: _Side, card: _Physical, slot: Slot) -> None:
    component = card.component
    who = f"{component.id} {side.card_id or '(back)'}"
    draw_face(
        job.renderer, c, side.face, side.context, slot, who, component.width, component.height
    )


def _print_shop_pages(job: _Assembly, physical: list[_Physical]) -> list[Page]:
    shop = job.layout.settings.print_shop or PrintShopProfile()
    bleed = shop.bleed if job.options.bleed else 0.0
    fronts: list[Page] = []
    backs: list[Page] = []
    for card in physical:
        sheet = single_card_page((card.component.width, card.component.height), bleed)
        slot = sheet.slots[0]
        for side, role, pages in ((card.front, "front", fronts), (card.back, "back", backs)):
            placement = Placement(
                -1,
                card.component.id,
                side.card_id if side else "",
                role,
                slot.trim,
                side.design if side else "",
            )

            def draw(
                c: Canvas, side: _Side | None = side, card: _Physical = card, slot: Slot = slot
            ) -> None:
                if side is not None:
                    _draw_side(job, c, side, card, slot)

            pages.append(
                Page(sheet.width, sheet.height, role, draw, slot.trim, slot.outer, [placement])
            )
    if job.options.backs == "none":
        return fronts
    if job.options.backs == "separate":
        return fronts + backs
    return [page for pair in zip(fronts, backs, strict=True) for page in pair]


def _sheet_pages(
    job: _Assembly, components: list[Component], paper: tuple[float, float], options: PrintOptions
) -> list[Page]:
    settings = job.layout.settings
    pages_settings = settings.pages or PageSettings()
    text = settings.text or TextDefaults()
    game = job.content.game
    pages: list[Page] = []
    for component in components:
        if (
            options.only
            and component.id not in options.only
            and component.family not in options.only
        ):
            continue
        title = f"{game.name} {job.common['version']}"
        made: list[Page] = []
        try:
            if component.family == "reference":
                made = reference_pages(
                    job.renderer,
                    component,
                    job.reference(),
                    paper,
                    pages_settings.margin,
                    text.size,
                    text.leading,
                    f"{title} \u00b7 rules reference",
                )
            elif component.family == "track-board":
                made, free = board_pages(
                    job.renderer,
                    component,
                    job.content,
                    job.describer,
                    paper,
                    pages_settings.margin,
                    pages_settings.overlap,
                    f"{game.name} \u2014 tracks",
                )
                if free is not None:
                    job.spare.append((made[0], free))
            elif component.family == "tokens":
                hosts, job.spare = job.spare, []
                made, on_spares = token_pages(
                    job.renderer,
                    component,
                    job.content,
                    paper,
                    pages_settings.margin,
                    f"{game.name} \u2014 tokens to cut out",
                    tuple(free for _, free in hosts),
                )
                for (host, _), on_spare in zip(hosts, on_spares, strict=True):
                    if on_spare is not None:
                        host.draw = _also(host.draw, on_spare)
        except BoardError as error:
            job.fail(component, ("board",), str(error))
            continue
        except TokenError as error:
            job.fail(component, ("tokens",), str(error))
            continue
        for page in made:
            pages.append(page)
            if options.backs == "duplex":
                pages.append(_blank(page.width, page.height, job.renderer.fonts.name(2)))
    return pages


def _shifted(
    draw: Callable[[Canvas], None], offset: tuple[float, float]
) -> Callable[[Canvas], None]:
    """A back page moved by the duplex offset, its crop marks with it."""

    def shifted(c: Canvas) -> None:
        c.saveState()
        c.translate(*offset)
        draw(c)
        c.restoreState()

    return shifted


def _also(
    first: Callable[[Canvas], None], then: Callable[[Canvas], None]
) -> Callable[[Canvas], None]:
    def draw(c: Canvas) -> None:
        first(c)
        then(c)

    return draw


def _blank(width: float, height: float, font: str) -> Page:
    """The back of a one-sided page in a duplex print, so the next page starts a new sheet."""

    def draw(c: Canvas) -> None:
        c.setFillColor(GREY)
        c.setFont(font, 7)
        c.drawCentredString(width / 2, height / 2, "This page is intentionally blank.")

    return Page(width, height, "blank", draw)


def _draw(pages: list[Page], title: str, font: str) -> bytes:
    """Draw every page on one canvas; the initial font is an embedded one, so the PDF names
    no font the printing machine would have to supply."""
    rl_config.invariant = 1
    buffer = io.BytesIO()
    first = pages[0] if pages else None
    size = (first.width, first.height) if first else (595.0, 842.0)
    c = Canvas(buffer, pagesize=size, invariant=1, pageCompression=1, initialFontName=font)
    c.setTitle(title)
    c.setCreator("toolkit print")
    for page in pages:
        c.setPageSize((page.width, page.height))
        _boxes(c, page)
        page.draw(c)
        c.showPage()
    c.save()
    return buffer.getvalue()


def _boxes(c: Canvas, page: Page) -> None:
    """TrimBox and BleedBox for print-shop pages; cleared for every other page."""
    for name, rect in (("trim", page.trim_box), ("bleed", page.bleed_box)):
        box = None if rect is None else (rect.x, rect.y, rect.right, rect.top)
        c.setCropBox(box, name=name)
