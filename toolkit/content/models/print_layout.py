"""The `print-layout` content kind: card sizes, sheets, fonts and component designs as data.

Every field may be left out of any one file, because a layout is assembled from several files
(`extends` and the manifest's `print_layouts`), each validated alone with its own positions.
What the assembled layout must still provide (an element's box, a component's family) is
checked after merging, by `toolkit.pnp.layout_load`.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from toolkit.schema.base import Colour, Id, Model, Scalar, Text
from toolkit.schema.empty import empty_dict, empty_list
from toolkit.schema.limits import Copies
from toolkit.schema.units import Length, Offset

FontName = Literal["regular", "bold", "italic", "bold_italic"]
CardFamily = Literal["cards", "double-sided", "suited-deck", "player-aid"]
"""What a card component prints, for any card kind a game declares:

- `cards`: one card per card of the kind named by `cards:`;
- `double-sided`: one card per card of that kind, its `sides` field giving front and back,
  or (with `pair_by:`) two cards of the kind made into one;
- `suited-deck`: one card per suit and rank of the manifest's suited deck;
- `player-aid`: the rules in brief, from the reference sheet's context.
"""
SheetFamily = Literal["track-board", "tokens", "reference"]
CARD_FAMILIES: tuple[str, ...] = CardFamily.__args__  # type: ignore[attr-defined]


def _length_default(text: str) -> Any:
    """A default written like the data (so the schema shows `3mm`), validated into points."""
    return Field(default=text, validate_default=True)


class CardSize(Model):
    """A card's trimmed size."""

    width: Length | None = None
    """Width after cutting (e.g. `63.5mm`)."""
    height: Length | None = None
    """Height after cutting (e.g. `88.9mm`)."""


class PaperSize(Model):
    """A paper the home profile prints on."""

    width: Length | None = None
    """Portrait width."""
    height: Length | None = None
    """Portrait height."""


class SheetTemplate(Model):
    """How cards of one size sit on a home sheet: a grid, centred on the paper."""

    columns: int | None = Field(default=None, ge=1, le=20)
    """Cards across the sheet."""
    rows: int | None = Field(default=None, ge=1, le=20)
    """Cards down the sheet."""


class HomeProfile(Model):
    """Sheets of several cards for a home printer, cut along crop marks."""

    margin: Length = _length_default("5mm")
    """Space kept free at every paper edge; crop marks are drawn in it."""
    bleed: Length = _length_default("3mm")
    """Bleed around each card where the paper has room for it; otherwise cards share their
    inner edges and keep bleed on the sheet's outer edges only."""
    mark_length: Length = _length_default("4mm")
    """Length of a crop mark (shorter where the paper leaves less room)."""
    mark_gap: Length = _length_default("1mm")
    """Space between the cards' bleed and the start of a crop mark."""
    mark_width: Length = _length_default("0.3pt")
    """Line width of crop marks (at least 0.25pt: thinner marks are drawn at 0.25pt)."""
    mark_edge: Length = _length_default("1.5mm")
    """Crop marks stop this far from the paper's edge. Where the paper is tight, the sheet's
    outer bleed shrinks first, so the marks keep their length."""
    back_offset_x: Offset = _length_default("0mm")
    """Duplex: every back page is shifted this far right (as seen on the back), for a
    printer whose two sides do not line up; `toolkit print --back-offset X,Y` overrides."""
    back_offset_y: Offset = _length_default("0mm")
    """Duplex: every back page is shifted this far up, likewise."""


class PrintShopProfile(Model):
    """One card per page at card size plus bleed, for a print shop's cutter."""

    bleed: Length = _length_default("3mm")
    """Bleed on every side of the card."""


class PageSettings(Model):
    """Paper pages that are not card sheets: reference sheets, boards, token sheets."""

    margin: Length = _length_default("10mm")
    """Space kept free at every paper edge; labels and marks are drawn in it."""
    overlap: Length = _length_default("12mm")
    """A board larger than the paper is tiled; neighbouring tiles share a strip this wide,
    printed on both, where they are glued over each other."""


class LayoutFonts(Model):
    """TrueType files embedded in the PDF, so output never depends on the machine's fonts.

    A name is looked up beside the layout file that sets it, then among ReportLab's fonts.
    """

    regular: Text | None = None
    """Regular text (e.g. `Vera.ttf`)."""
    bold: Text | None = None
    """Bold text."""
    italic: Text | None = None
    """Italic text."""
    bold_italic: Text | None = None
    """Bold italic text."""


class TextDefaults(Model):
    """Text settings for every element that does not set its own."""

    size: Length = _length_default("9pt")
    """Font size to start from before shrinking to fit."""
    min_size: Length = _length_default("5pt")
    """Text shrinks down to this size; text that still overflows is a warning."""
    leading: float = Field(default=1.2, ge=0.8, le=3)
    """Line height as a multiple of the font size."""
    colour: Colour = "#222222"
    """Text colour."""


class LayoutElement(Model):
    """A box on a card face: text, an icon, a picture, a fill or a drawing, positioned from the
    top left.

    `text`, `icon`, `image`, `fill`, `stroke` and `colour` are Jinja2 templates rendered for
    each card (`{{ card.name }}`); text may hold icons as `:coin:` and bold as `**...**`.
    Boxes with text or an icon must lie inside the card's safe zone.
    """

    x: Offset | None = None
    """Left edge from the card's left edge; negative: from the right edge."""
    y: Offset | None = None
    """Top edge from the card's top edge; negative: from the bottom edge."""
    width: Length | None = None
    """Box width."""
    height: Length | None = None
    """Box height."""
    text: Text | None = None
    """Jinja2 template of the text."""
    template: Text | None = None
    """A Jinja2 template file for the text, relative to this layout file (instead of `text`)."""
    icon: Text | None = None
    """Jinja2 template naming the icon drawn to fill the box; empty draws nothing."""
    image: Text | None = None
    """Jinja2 template giving a picture (SVG or PNG) drawn to fit the box, keeping its
    proportions: `{{ described.picture }}` for a card's `image` field, or a path relative to
    this layout file; empty draws nothing. A missing or broken picture is an error."""
    draw: Literal["plan-grid"] | None = None
    """A drawing made from the card's data: `plan-grid` draws the card's `shape` as a grid of
    cells above a line."""
    fill: Text | None = None
    """Fill colour (#rrggbb, or a template giving one). Boxes touching the card edge bleed."""
    stroke: Text | None = None
    """Outline colour."""
    stroke_width: Length | None = None
    """Outline width."""
    radius: Length | None = None
    """Corner radius of the fill and outline."""
    font: FontName | None = None
    """Font of the text."""
    size: Length | None = None
    """Font size before shrinking."""
    min_size: Length | None = None
    """Smallest font size the text may shrink to."""
    colour: Text | None = None
    """Colour of the text and of the icon."""
    align: Literal["left", "center", "right"] | None = None
    """Horizontal alignment."""
    valign: Literal["top", "middle", "bottom"] | None = None
    """Vertical alignment."""


class LayoutBack(Model):
    """The back of every card of a component."""

    other_side: bool = False
    """Double-sided cards: the back is the card's second side, drawn with the front's design."""
    background: Text | None = None
    """Background colour, to the bleed edge."""
    elements: dict[Id, LayoutElement | None] = Field(default_factory=empty_dict)
    """The back's boxes, drawn in order; `null` removes an inherited one."""


class BoardSettings(Model):
    """A track board: one row of spaces per track, milestones marked."""

    tracks: list[Id] = Field(default_factory=empty_list)
    """Tracks in board order; empty: every track of the game."""
    space: Length | None = None
    """Width and height of one track space."""
    min_space: Length | None = None
    """Spaces may shrink to this size (the whole board with them) when that prints the board
    on fewer pages; unset: never shrink."""
    label_width: Length | None = None
    """Width of the track names at the start of each row."""
    gap: Length | None = None
    """Space between rows."""
    colours: dict[Id, Colour] = Field(default_factory=empty_dict)
    """Colour of each track, by track id."""


class TokenSettings(Model):
    """A sheet of tokens to cut out: coins in their denominations and player markers."""

    coin_diameter: Length | None = None
    """Diameter of a coin."""
    coin_colours: list[Colour] = Field(default_factory=empty_list)
    """Colour per denomination, smallest value first."""
    markers_per_player: int = Field(default=0, ge=0, le=50)
    """Markers each player needs; 0 for none."""
    marker_size: Length | None = None
    """Side of a square marker."""
    player_colours: list[Colour] = Field(default_factory=empty_list)
    """One colour per player, for at least the game's most players."""
    gap: Length | None = None
    """Space between tokens."""


class LayoutComponent(Model):
    """One printed component: a kind of card, a board, a token sheet or a reference sheet."""

    family: CardFamily | SheetFamily | None = None
    """What is printed: `cards` (one per card of a kind), `double-sided` (a card's two sides
    on front and back), `suited-deck` (one per suit and rank of the suited deck),
    `player-aid`; or a sheet: `reference`, `track-board`, `tokens`."""
    cards: Id | None = None
    """Card families: the card kind printed (a kind of the game, e.g. `cards: attractions`).
    Templates see each card as `card` and its rules and lookups in words as `described`.
    `suited-deck`: the kind holding the suits (default: the one the deck names)."""
    pair_by: Id | None = None
    """`double-sided`: a field of the kind; two cards with the same value are printed as the
    front and back of one card, in file order (e.g. `pair_by: card`). Unset: the kind's
    `sides` field gives each card's sides."""
    extends: Id | None = None
    """Another component whose settings this one starts from."""
    abstract: bool = False
    """Only a base for other components to extend; not printed itself."""
    size: Id | None = None
    """Card families: a key of `card_sizes`."""
    select: dict[Id, Scalar] = Field(default_factory=empty_dict)
    """Card families: only cards whose fields equal these values."""
    copies: Copies | Literal["max_players"] = 1
    """Copies of each card; `max_players`: one per player of the largest game."""
    background: Text | None = None
    """Card families: background colour (or a template giving one), to the bleed edge."""
    elements: dict[Id, LayoutElement | None] = Field(default_factory=empty_dict)
    """Card families: the face's boxes, drawn in order; `null` removes an inherited one."""
    back: LayoutBack | None = None
    """Card families: the back; unset for a plain back."""
    template: Text | None = None
    """Reference sheet: its Jinja2 template file, relative to this layout file."""
    columns: int | None = Field(default=None, ge=1, le=4)
    """Reference sheet: text columns per page."""
    text_size: Length | None = None
    """Reference sheet: body font size."""
    board: BoardSettings | None = None
    """Track board settings."""
    tokens: TokenSettings | None = None
    """Token sheet settings."""


class PrintLayout(Model):
    """A print layout file (`print/`): what a game prints and how, or shared defaults."""

    kind: Literal["print-layout"]
    extends: list[Text] = Field(default_factory=empty_list)
    """Layout files this one builds on, relative to it; this file overrides them."""
    card_sizes: dict[Id, CardSize] = Field(default_factory=empty_dict)
    """Card sizes by name (poker, bridge, mini, tarot, square ...)."""
    papers: dict[Id, PaperSize] = Field(default_factory=empty_dict)
    """Paper sizes by name (`a4`, `letter`)."""
    sheet_templates: dict[Id, SheetTemplate] = Field(default_factory=empty_dict)
    """Home sheet grid per card size name."""
    home: HomeProfile | None = None
    """The home profile's settings."""
    print_shop: PrintShopProfile | None = None
    """The print-shop profile's settings."""
    pages: PageSettings | None = None
    """Reference sheets, boards and token sheets."""
    safe_zone: Length | None = None
    """Distance from the cut edge that text and icons keep."""
    fonts: LayoutFonts | None = None
    """The embedded fonts."""
    text: TextDefaults | None = None
    """Text defaults."""
    icons: dict[Id, Id] = Field(default_factory=empty_dict)
    """Icon names used in data mapped to drawn icons (e.g. `fame: star`)."""
    icon_files: dict[Id, Text] = Field(default_factory=empty_dict)
    """The designer's own icons: a name and its picture (SVG or PNG, relative to this layout
    file), usable wherever an icon is (`:name:` in text, `icon:` in an element, `icons`
    aliases); it takes the place of a built-in icon of the same name."""
    colours: dict[Id, Colour] = Field(default_factory=empty_dict)
    """Named colours, available to templates as `colours`."""
    card_label: LayoutElement | None = None
    """The small card id and content version printed on every card face."""
    card_ids: Literal["unique", "always", "never"] | None = None
    """Which cards' labels print their id: `unique` (the default) only cards no other card of
    their component prints the same as (twins print alike, one design with a count),
    `always` every card, `never` none. The label's template sees the id as `card_id`."""
    components: dict[Id, LayoutComponent | None] = Field(default_factory=empty_dict)
    """What is printed, in order; `null` removes an inherited component."""
