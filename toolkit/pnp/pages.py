"""A page of the output before it is drawn: its size, its PDF boxes, and what is on it.

Assembly first decides every page (so page counts and card positions are known and can be
recorded), then draws them in order on one canvas.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from reportlab.pdfgen.canvas import Canvas

from toolkit.pnp.geometry import Rect


@dataclass(frozen=True, slots=True)
class Placement:
    """Where a card face was printed: page (0-based), side, and its trimmed rectangle."""

    page: int
    component: str
    card_id: str
    side: str
    """`front` or `back`."""
    trim: Rect
    design: str = ""
    """What the face draws, its label aside (`designs.design_of`): equal on twins."""


@dataclass
class Page:
    width: float
    height: float
    role: str
    """`front`, `back`, `reference`, `board`, `tokens` or `blank`."""
    draw: Callable[[Canvas], None]
    trim_box: Rect | None = None
    bleed_box: Rect | None = None
    placements: list[Placement] = field(default_factory=list)
    text_boxes: list[Rect] = field(default_factory=list)
    """Where text is printed, for pages whose marks must keep off it (board tiles)."""
    marks: list[Rect] = field(default_factory=list)
    """The registration crosses printed (board tiles), each as its bounding box."""
