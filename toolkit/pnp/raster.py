"""Card images from the print pipeline: every card of a game as pictures, for exports.

The contract (what exports and the web page rely on):

- `card_images(game, dpi=150, bleed=False, variants=(), sets=(), only=())` (dpi 10 to 1200;
  `only` as `toolkit print --only`) prints the game's card components with the `print-shop`
  profile (one card per page, each front followed by its back, optional bleed from the
  layout's `print_shop.bleed`) and rasterises each page with pypdfium2. So an image is
  exactly the PDF page: the same drawing, the same fonts.
- It returns one `CardImage` per design, in print order (component by component, in
  the layout's order, cards in their family's order). Cards that print the same (ids aside,
  see `designs.py`) are one design; copies are counted, not repeated: `copies` says how
  many cards print that design, `ids` the id of each.
- `front` and `back` are RGB `PIL.Image`s of `pixel_size` (`round(points * dpi / 72)` a side).
  `back` is None when the component prints no back (no `back:` face and no second side);
  cards in a row whose backs have the same pixels share one back image object (treat images
  as read-only).
  `trim` is the card's cut line in pixels inside the image (the whole image without bleed).
- `family` is the component id in the layout (a deck: `park-card`), `card_id` the printed id
  (for a double-sided card the front's, `back_id` the back's), `name` words to show, `data` the
  card's record as JSON-able values and `words` its described fields in words (rules text).
- `card_set(...)` takes the same arguments (and `progress(done, total)`, called after each
  card) and returns a `CardSet`: the game's id and name with the same list (for exports
  naming their files after the game).
- `card_stream(...)` takes the same arguments and is a context manager giving a `CardStream`:
  the game's id and name, the number of distinct cards, and the cards one at a time, each
  drawn when it is reached, so an export of 10,000 cards holds a sheet's worth, never all.
- `card_image(game, card_id, ...)` prints and rasterises one card only (its front and back).
- `card_pages(game, ...)` prints without rasterising: the PDF and, per distinct card, the
  numbers of its pages, for a caller that rasterises only the cards it shows
  (`render_page(document, number, dpi)` on `open_pdf(pdf)`).
- A page may be at most `MAX_PAGE_PIXELS` at the dpi asked for (a usage error naming the
  highest dpi that fits, before any drawing), so one card never needs more than a few
  hundred MB whatever the card size.
- Content problems raise `ContentError` (positioned, like `toolkit print`); an unknown card id
  or a missing pypdfium2 raise `UsageError` (`ImagesUnavailable` for the latter).

pypdfium2 is the optional extra `images` (`pip install -e '.[images]'`); it is imported on the
first call only, so the rest of the toolkit never pays for it.
"""

from __future__ import annotations

import contextlib
import hashlib
import math
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolkit.content.project import GameContent
from toolkit.engine.load import load_valid_game
from toolkit.errors import ContentError, UsageError
from toolkit.pnp.document import PrintOptions, PrintResult, assemble
from toolkit.pnp.layout_load import Component, load_layout

if TYPE_CHECKING:
    from PIL.Image import Image

    from toolkit.pnp.families import PrintCard

MAX_DPI = 1200
"""Past this a poker card is over 3000x4200 px a side: more than any export needs."""
MAX_PAGE_PIXELS = 24_000_000
"""Pixels of one card page as drawn (a poker card with bleed at 1200 dpi is 14.8 million):
the drawing takes 4 bytes a pixel and its RGB copy 3, so a card and its back stay within
about 350 MB."""
_BACKS_KEPT = 8
"""Distinct backs remembered to share one image object among cards in a row."""


class ImagesUnavailable(UsageError):
    """pypdfium2 (the `images` extra) is not installed."""

    def __init__(self) -> None:
        super().__init__(
            "card images need pypdfium2: install the toolkit with its 'images' extra "
            "(pip install -e '.[images]')"
        )


@dataclass(frozen=True)
class CardImage:
    """One design of a game's cards as images (see the module docstring for the contract)."""

    family: str
    """The layout component that prints it (one deck in a table export)."""
    card_id: str
    name: str
    copies: int
    front: Image
    back: Image | None
    back_id: str = ""
    """The id of the back side of a double-sided card; empty for a plain back."""
    data: dict[str, Any] = field(default_factory=dict)
    """The card's record (and its side's, suit's and rank's) as JSON-able values."""
    words: dict[str, str] = field(default_factory=dict)
    """Each described field in words, icons removed: rules text for a description."""
    dpi: int = 150
    trim: tuple[int, int, int, int] = (0, 0, 0, 0)
    """The cut line in pixels: left, top, right, bottom (right and bottom exclusive)."""
    ids: tuple[str, ...] = ()
    """The id of each physical card printed with this design, copies in print order: twins
    (cards that print the same, ids aside) are one design, `copies` of them."""

    @property
    def pixel_size(self) -> tuple[int, int]:
        return self.front.size

    @property
    def description(self) -> str:
        """The card's rules in words, one line per described field."""
        return "\n".join(f"{key.replace('_', ' ')}: {text}" for key, text in self.words.items())


@dataclass(frozen=True)
class CardPage:
    """One distinct card of a printed document: its pages, not yet rasterised."""

    family: str
    card_id: str
    name: str
    copies: int
    front: int
    """The number of its front page (0-based); its back is the next page."""
    has_back: bool
    back_id: str = ""
    data: dict[str, Any] = field(default_factory=dict)
    words: dict[str, str] = field(default_factory=dict)
    ids: tuple[str, ...] = ()


@dataclass(frozen=True)
class CardSet:
    """A game's cards as images, with the game's id and name."""

    game_id: str
    game_name: str
    cards: list[CardImage]


@dataclass(frozen=True)
class CardStream:
    """A game's cards drawn one at a time as `cards` is iterated (once), with the game's id,
    its name and how many distinct cards will come."""

    game_id: str
    game_name: str
    total: int
    cards: Iterator[CardImage]


def card_images(
    game: str | Path,
    *,
    dpi: int = 150,
    bleed: bool = False,
    variants: Sequence[Path] = (),
    sets: Sequence[tuple[str, Any]] = (),
    only: Sequence[str] = (),
) -> list[CardImage]:
    """Every distinct card of the game as images (`only`: component ids, card kinds or card
    ids, as `toolkit print --only`)."""
    return card_set(game, dpi=dpi, bleed=bleed, variants=variants, sets=sets, only=only).cards


def card_set(
    game: str | Path,
    *,
    dpi: int = 150,
    bleed: bool = False,
    variants: Sequence[Path] = (),
    sets: Sequence[tuple[str, Any]] = (),
    only: Sequence[str] = (),
    progress: Callable[[int, int], None] | None = None,
) -> CardSet:
    """`card_images` with the game's id and name; `progress(done, total)` after each card."""
    with card_stream(game, dpi=dpi, bleed=bleed, variants=variants, sets=sets, only=only) as stream:
        cards = []
        for card in stream.cards:
            cards.append(card)
            if progress is not None:
                progress(len(cards), stream.total)
        return CardSet(stream.game_id, stream.game_name, cards)


@contextlib.contextmanager
def card_stream(
    game: str | Path,
    *,
    dpi: int = 150,
    bleed: bool = False,
    variants: Sequence[Path] = (),
    sets: Sequence[tuple[str, Any]] = (),
    only: Sequence[str] = (),
) -> Iterator[CardStream]:
    """The game's cards drawn as they are iterated; the PDF stays open until the block ends."""
    _check_dpi(dpi)
    content, result, components = _print(game, bleed, variants, sets, only)
    _check_pixels(result, dpi)
    document = open_pdf(result.pdf)
    try:
        total, cards = _rasterise(document, result, components, dpi)
        yield CardStream(content.game.id, content.game.name, total, cards)
    finally:
        document.close()


def card_image(
    game: str | Path,
    card_id: str,
    *,
    dpi: int = 150,
    bleed: bool = False,
    variants: Sequence[Path] = (),
    sets: Sequence[tuple[str, Any]] = (),
) -> CardImage:
    """One card's images, printing that card alone (a front id or a back side's id)."""
    for image in card_images(
        game, dpi=dpi, bleed=bleed, variants=variants, sets=sets, only=(card_id,)
    ):
        if card_id in (image.card_id, image.back_id):
            return image
    raise UsageError(f"the game prints no card '{card_id}'")


def card_pages(
    game: str | Path, *, variants: Sequence[Path] = (), sets: Sequence[tuple[str, Any]] = ()
) -> tuple[bytes, list[CardPage]]:
    """The print-shop PDF of every card, and each distinct card's pages in it."""
    _, result, components = _print(game, False, variants, sets, ())
    return result.pdf, _pages(result, components)


def open_pdf(pdf: bytes) -> Any:
    """A pypdfium2 document of `pdf` for `render_page` (close it when done)."""
    return _pdfium().PdfDocument(pdf)


def render_page(document: Any, number: int, dpi: int) -> Image:
    """One page of an `open_pdf` document as an RGB picture."""
    _check_dpi(dpi)
    return _render(document, number, dpi)


def _check_dpi(dpi: int) -> None:
    if not 10 <= dpi <= MAX_DPI:
        raise UsageError(f"dpi {dpi} is out of range (10 to {MAX_DPI})")


def _check_pixels(result: PrintResult, dpi: int) -> None:
    """Refuse a dpi at which a card page would pass `MAX_PAGE_PIXELS`, naming the highest
    dpi that fits every page."""
    scale = dpi / 72
    widest = max(result.pages, key=lambda page: page.width * page.height, default=None)
    if widest is None:
        return
    width, height = round(widest.width * scale), round(widest.height * scale)
    if width * height > MAX_PAGE_PIXELS:
        fits = math.floor(72 * math.sqrt(MAX_PAGE_PIXELS / (widest.width * widest.height)))
        while round(widest.width * fits / 72) * round(widest.height * fits / 72) > MAX_PAGE_PIXELS:
            fits -= 1
        raise UsageError(
            f"--dpi {dpi} draws a card page of {width} x {height} px; a page may have at most "
            f"{MAX_PAGE_PIXELS:,} pixels (memory): use --dpi {min(fits, MAX_DPI)} or less"
        )


def _print(
    game: str | Path,
    bleed: bool,
    variants: Sequence[Path],
    sets: Sequence[tuple[str, Any]],
    only: Sequence[str],
) -> tuple[GameContent, PrintResult, dict[str, Component]]:
    manifest, content = load_valid_game(str(game), list(variants), list(sets))
    layout, diagnostics = load_layout(manifest, content)
    if layout is None:
        raise ContentError(diagnostics)
    components = {c.id: c for c in layout.components if c.is_card}
    # Card components only: without `only`, the document would add boards and references.
    chosen = tuple(only) or tuple(components)
    paper = next(iter(layout.settings.papers), "a4")
    options = PrintOptions(paper, "print-shop", "duplex", bleed, chosen)
    return content, assemble(content, layout, options), components


def _pages(result: PrintResult, components: dict[str, Component]) -> list[CardPage]:
    """Each distinct card with its pages, in print order."""
    contexts = {
        (component.id, card_id): context
        for component, cards in result.printed
        for card in cards
        for card_id, context in _sides(card)
    }
    # Print-shop duplex pages: each physical card is a front page then its back page, and
    # the copies of a card follow each other.
    copies: dict[tuple[str, str, str], int] = {}
    first: dict[tuple[str, str, str], int] = {}
    ids: dict[tuple[str, str, str], tuple[str, str]] = {}
    every: dict[tuple[str, str, str], list[str]] = {}
    for number in range(0, len(result.pages) - 1, 2):
        if result.pages[number].role != "front":
            continue
        shown = result.pages[number].placements[0]
        hidden = result.pages[number + 1].placements[0]
        # Twins (cards that print the same, ids aside) are one design with a count.
        key = (shown.component, shown.design or shown.card_id, hidden.design or hidden.card_id)
        copies[key] = copies.get(key, 0) + 1
        every.setdefault(key, []).append(shown.card_id)
        if key not in first:
            first[key] = number
            ids[key] = (shown.card_id, hidden.card_id)
    pages = []
    for key, number in first.items():
        component_id = key[0]
        front_id, back_id = ids[key]
        context = contexts[(component_id, front_id)]
        pages.append(
            CardPage(
                family=component_id,
                card_id=front_id,
                name=_name(context, front_id),
                copies=copies[key],
                front=number,
                has_back=components[component_id].back is not None or bool(back_id),
                back_id=back_id,
                data=_data(context),
                words=_words(context.get("described", {})),
                ids=tuple(every[key]),
            )
        )
    return pages


def _rasterise(
    document: Any, result: PrintResult, components: dict[str, Component], dpi: int
) -> tuple[int, Iterator[CardImage]]:
    """How many distinct cards there are, and each one's images, drawn as it is reached."""
    pages = _pages(result, components)

    def cards() -> Iterator[CardImage]:
        backs: dict[bytes, Image] = {}  # a deck's plain backs: one image object
        for page in pages:
            front_page = result.pages[page.front]
            front = _render(document, page.front, dpi)
            back = _render(document, page.front + 1, dpi) if page.has_back else None
            if back is not None:
                digest = hashlib.sha256(back.tobytes()).digest()
                back = backs.setdefault(digest, back)
                if len(backs) > _BACKS_KEPT:
                    del backs[next(iter(backs))]
            yield CardImage(
                family=page.family,
                card_id=page.card_id,
                name=page.name,
                copies=page.copies,
                front=front,
                back=back,
                back_id=page.back_id,
                data=page.data,
                words=page.words,
                dpi=dpi,
                trim=_trim(front_page.placements[0].trim, front_page.height, dpi),
                ids=page.ids,
            )

    return len(pages), cards()


def _pdfium() -> Any:
    try:
        import pypdfium2
    except ImportError:
        raise ImagesUnavailable() from None
    return pypdfium2


def _render(document: Any, number: int, dpi: int) -> Image:
    page = document[number]
    try:
        bitmap = page.render(scale=dpi / 72)
        image: Image = bitmap.to_pil().convert("RGB")
    finally:
        page.close()
    return image


def _trim(rect: Any, page_height: float, dpi: int) -> tuple[int, int, int, int]:
    """A PDF rectangle (points, origin bottom left) as pixels (origin top left)."""
    scale = dpi / 72
    return (
        round(rect.x * scale),
        round((page_height - rect.top) * scale),
        round(rect.right * scale),
        round((page_height - rect.y) * scale),
    )


def _sides(card: PrintCard) -> list[tuple[str, dict[str, Any]]]:
    sides = [(card.id, card.front)]
    if card.back is not None and card.back_id:
        sides.append((card.back_id, card.back))
    return sides


def _name(context: dict[str, Any], card_id: str) -> str:
    """Words to show for a card: its side's or record's name, or rank and suit."""
    for key in ("side", "card"):
        name = getattr(context.get(key), "name", None)
        if isinstance(name, str) and name:
            return name
    suit, rank = context.get("suit"), context.get("rank")
    if suit is not None and rank is not None:
        return f"{getattr(rank, 'label', '')} {getattr(suit, 'name', '') or suit.id}".strip()
    return card_id.replace("-", " ").replace(":", " ").capitalize()


def _data(context: dict[str, Any]) -> dict[str, Any]:
    """The records a card was printed from, JSON-able: the card's fields at the top, its
    side's under `side`, a suited card's `suit` and `rank`."""
    data: dict[str, Any] = {}
    card = context.get("card")
    if card is not None:
        data.update(_plain(card))
    for key in ("side", "suit", "rank"):
        if context.get(key) is not None:
            data[key] = _plain(context[key])
    return data


def _plain(value: Any) -> Any:
    dump = getattr(value, "model_dump", None)
    if callable(dump):
        return dump(mode="json", exclude_none=True)
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)


_ICON = re.compile(r":[a-z0-9][a-z0-9_-]*:")


def _words(described: dict[str, Any]) -> dict[str, str]:
    """Described fields in words (effects, scoring rules, vocabulary names, amounts)."""
    words: dict[str, str] = {}
    for key, value in described.items():
        text = _text(value)
        if text:
            words[key] = " ".join(_ICON.sub("", text).split())
    return words


def _text(value: Any) -> str:
    if isinstance(value, dict):
        return str(value.get("name", ""))
    if isinstance(value, list):
        parts = []
        for entry in value:
            if isinstance(entry, dict) and "label" in entry:
                parts.append(f"{entry['label']}: {entry.get('points', '')}")
            elif isinstance(entry, dict) and "value" in entry:
                parts.append(f"{entry['value']} {entry.get('name', '')}")
        return "; ".join(parts)
    if isinstance(value, str | int) or hasattr(value, "words"):
        return str(value)
    return ""
