"""What the person sees: players' tracks and coins, the trick or the parks as coloured grids,
their hand and their moves, numbered. Built from the person's observation (never from
hidden state), as rich renderables; a plain console prints the same without colour.

Moves are numbered in a stable order (the deck's order: suit then rank, or card then cell
then face up before face down), declining last, so the same position always offers the same
numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from toolkit.engine.game import Game
from toolkit.kernel.mechanic import Cell, MechanicScreen
from toolkit.kernel.state import DECLINE, State
from toolkit.play.session import Session
from toolkit.record.narration import Narrator, seat


def ordered_moves(actions: Sequence[int]) -> list[int]:
    """Legal moves in the order they are numbered (declining last)."""
    return sorted(actions, key=lambda action: (action < 0, action))


def card_style(colour: str | None) -> str:
    """White or black text on a data colour, whichever reads better."""
    if not colour or not colour.startswith("#") or len(colour) != 7:
        return "bold"
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    ink = "black" if 0.299 * red + 0.587 * green + 0.114 * blue > 150 else "white"
    return f"bold {ink} on {colour}"


@dataclass
class View:
    """Renderables for one position, and the moves in the order they are numbered."""

    parts: list[RenderableType]
    moves: list[int]
    cells: dict[Cell, str]
    """The person's open park cells by letter (drafting), for the two-step choice."""


class Views:
    """Draws positions of one game for the person at `session.seat`.

    The mechanic draws its own part (`mechanic.screen`); this class is the `Screen` it draws
    with: tables of players, shared zones, hands and grids, styles and names of cards."""

    def __init__(self, session: Session, *, plain: bool) -> None:
        self.session = session
        self.game = session.game
        self.narrator: Narrator = session.loaded.narrator
        self.plain = plain
        self.box = box.ASCII if plain else box.SIMPLE_HEAD
        self.grid_box = box.ASCII if plain else box.SQUARE
        self.mechanic: MechanicScreen = self.game.mechanic.screen(self)

    # -- the Screen a mechanic draws with -----------------------------------------------------

    @property
    def state(self) -> State:
        return self.session.state

    @property
    def seat(self) -> int:
        return self.session.seat

    @property
    def words(self) -> Narrator:
        return self.narrator

    def legal(self) -> list[int]:
        return self.session.legal()

    def slot_names(self, slot: str) -> list[str]:
        return _slot_names(self.session, slot)

    def card_style(self, card: int) -> str:
        """A deck card drawn in its colour, as a tile."""
        return card_style(self.narrator.colour("deck", card))

    def colour_style(self, card: int) -> str:
        """A deck card's name written in its colour."""
        return self._colour("deck", card)

    def shared_zones(self, view: dict[str, Any]) -> list[RenderableType]:
        parts: list[RenderableType] = []
        for zone in self.game.shared_zones:
            shown = view["zones"][zone.id]
            if isinstance(shown, int):  # face down: only how many cards it holds
                parts.append(Text(f"{zone.name}: {shown} cards, face down", style="bold"))
                continue
            parts.append(Text(f"{zone.name}:", style="bold"))
            parts.append(self._shared(zone.kind, shown, view))
        return parts

    def hand(self, ids: Sequence[str]) -> RenderableType:
        return self._hand(ids)

    def grid(self, cells: dict[str, str], open_cells: dict[Cell, str]) -> RenderableType:
        return self.park(cells, open_cells)

    # -- the whole screen -------------------------------------------------------------------

    def position(self) -> View:
        state = self.session.state
        view = self.game.observe(state, self.session.seat)
        parts: list[RenderableType] = []
        news = list(self.narrator.events(self.session.news(), viewer=self.session.seat))
        if news:
            parts.append(Text("Since your last move:", style="bold"))
            parts.append(Text("\n".join(news)))
        own_parts, cells = self.mechanic.position(view)
        parts += own_parts
        moves = ordered_moves(self.session.legal())
        parts.append(self.moves(moves, cells))
        return View(parts, moves, cells)

    def title(self, text: str) -> Text:
        return Text(f"== {text} ==" if self.plain else text, style="bold reverse")

    def players_table(self, view: dict[str, Any], extra: Sequence[str] = ()) -> Table:
        """Resources, tracks, public zones and points so far, one row per player."""
        game, state, me = self.game, self.session.state, self.session.seat
        table = Table(box=self.box, show_edge=self.plain, pad_edge=self.plain)
        table.add_column("player")
        for resource in game.resources:
            table.add_column(resource.name, justify="right")
        for track in game.tracks:
            table.add_column(track.name, justify="right")
        for name in extra:
            table.add_column(name, justify="right")
        public = [z for z in game.player_zones if not z.hidden_from_others and not z.grid]
        for zone in public:
            table.add_column(zone.name)
        table.add_column("points now", justify="right")
        totals = state.scores().totals
        movers = set(state.to_move())
        for player in range(state.n):
            label = seat(player) + (" (you)" if player == me else "")
            if player in movers and player != me and len(movers) == 1:
                label += " *"
            row: list[RenderableType] = [Text(label, style="bold" if player == me else "")]
            row += [str(view["resources"][r.id][player]) for r in game.resources]
            row += [str(view["tracks"][t.id][player]) for t in game.tracks]
            row += [self._extra(name, view, player) for name in extra]
            for zone in public:
                row.append(self.cards(zone.kind, view["zones"][zone.id][player], ", "))
            row.append(str(totals[player]))
            table.add_row(*row)
        return table

    def _extra(self, name: str, view: dict[str, Any], player: int) -> str:
        if name == "hand":
            return str(view["hand_sizes"][player])
        return ""

    def cards(self, kind: str, ids: Sequence[str], sep: str = "  ") -> Text:
        table = self.game.tables[kind]
        text = Text()
        for position, card_id in enumerate(ids):
            card = table.index(card_id)
            if position:
                text.append(sep)
            text.append(self.narrator.card(kind, card), style=self._colour(kind, card))
        return text

    def _colour(self, kind: str, card: int) -> str:
        colour = self.narrator.colour(kind, card)
        return f"bold {colour}" if colour else ""

    def _shared(self, kind: str, ids: Sequence[str], view: dict[str, Any]) -> Table:
        """Cards on display with their printed values, and who holds each already."""
        table = self.game.tables[kind]
        holders: dict[str, list[int]] = {}
        for zone in self.game.player_zones:
            if zone.kind == kind and not zone.hidden_from_others:
                for player, cards in enumerate(view["zones"][zone.id]):
                    for card_id in cards:
                        holders.setdefault(card_id, []).append(player + 1)
        out = Table(box=self.box, show_edge=self.plain, pad_edge=self.plain, show_header=False)
        out.add_column("card")
        out.add_column("values")
        if holders:
            out.add_column("taken by")
        for card_id in ids:
            card = table.index(card_id)
            taken = holders.get(card_id, [])
            row = [Text(table.names[card], style="bold"), Text(self.values(kind, card))]
            if holders:
                row.append(Text(f"taken by {', '.join(map(str, taken))}" if taken else ""))
            out.add_row(*row)
        return out

    def values(self, kind: str, card: int) -> str:
        return card_values(self.game, kind, card)

    def _hand(self, ids: Sequence[str]) -> RenderableType:
        deck = self.game.deck
        suits = deck.fields.get("suit")
        cards = sorted(deck.index(card_id) for card_id in ids)
        if suits is None:
            return Group(Text("Your hand:", style="bold"), self.cards("deck", ids))
        text = Text()
        text.append("Your hand:", style="bold")
        for suit in dict.fromkeys(suits[card] for card in cards):
            mine = [card for card in cards if suits[card] == suit]
            name = self.narrator.deck_card(mine[0])
            suit_name = name.split(" of ", 1)[1] if " of " in name else str(suit)
            text.append(f"\n  {suit_name}: ", style=self._colour("deck", mine[0]))
            for position, card in enumerate(mine):
                label = self.narrator.deck_card(card)
                short = label[: -len(f" of {suit_name}")] if label.endswith(suit_name) else label
                text.append(("" if not position else " ") + short, style=self._colour("deck", card))
        return text

    def final(self) -> list[RenderableType]:
        """The end position: tracks and coins, and the parks of a drafting game."""
        view = self.game.observe(self.session.state, self.session.seat)
        parts: list[RenderableType] = [
            self.title(f"{self.game.name}: game over"),
            self.players_table(view),
        ]
        parts += self.mechanic.final(view)
        return parts

    def park(self, cells: dict[str, str], open_cells: dict[Cell, str]) -> RenderableType:
        """A park as a grid: cards in their colours, `##` face down, letters where the
        person may place now; rows and columns numbered as moves name cells."""
        placed = {_cell(key): value for key, value in cells.items()}
        everything = [*placed, *open_cells]
        if not everything:
            return Text("(empty)")
        rows = range(min(r for r, _ in everything), max(r for r, _ in everything) + 1)
        columns = range(min(c for _, c in everything), max(c for _, c in everything) + 1)
        grid = Table(box=self.grid_box, show_lines=True, pad_edge=True, header_style="dim")
        grid.add_column("", justify="right", style="dim", width=2)
        for c in columns:
            grid.add_column(str(c), justify="center", width=5)
        deck = self.game.deck
        for r in rows:
            row: list[RenderableType] = [str(r)]
            for c in columns:
                value = placed.get((r, c))
                if value is None:
                    letter = open_cells.get((r, c))
                    row.append(Text(letter or "", style="bold underline" if letter else ""))
                elif value == "down":
                    row.append(Text("##", style="on grey30"))
                elif value.startswith("down:"):
                    row.append(Text(f"({value[5:]})", style="dim"))
                else:
                    card = deck.index(value)
                    row.append(Text(value, style=card_style(self.narrator.colour("deck", card))))
            grid.add_row(*row)
        return grid

    # -- moves ------------------------------------------------------------------------------

    def moves(self, moves: list[int], cells: dict[Cell, str]) -> RenderableType:
        own = self.mechanic.moves(moves, cells)
        if own is not None:
            return own
        pending = self.session.state.pending
        heading = "Your moves"
        if pending is not None:
            heading = f"Choose ({pending.kind.replace('-', ' ')})"
        text = Text()
        text.append(f"{heading}:", style="bold")
        for number, action in enumerate(moves, start=1):
            text.append(f"\n  {number:>2}. {self.move_text(action)}")
        return text

    def move_text(self, action: int) -> str:
        state = self.session.state
        words = self.narrator.action(state, action)
        pending = state.pending
        if pending is not None and action != DECLINE and pending.kind in self.game.tables:
            values = self.values(pending.kind, action)
            return f"{words} ({values})" if values else words
        return words

    def placements(self, card: int, moves: list[int]) -> list[int] | None:
        """The person's moves with `card`, for a second step; None if the mechanic has
        no two-step choice now."""
        return self.mechanic.two_step(card, moves)

    def placement_text(self, action: int, cells: dict[Cell, str]) -> str:
        return self.mechanic.step_text(action, cells)


def card_values(game: Game, kind: str, card: int) -> str:
    """A card's printed numbers: `level 1, cost 4, requires Joy 3, points 3`."""
    table = game.tables[kind]
    tracks = {t.id: t.name for t in game.tracks}
    parts = []
    for name, values in table.fields.items():
        value = values[card]
        if isinstance(value, bool) or name in ("id", "name"):
            continue
        if isinstance(value, int):
            parts.append(f"{name} {value}")
        elif isinstance(value, dict) and all(isinstance(v, int) for v in value.values()):
            needs = [f"{tracks.get(k, k)} {v}" for k, v in value.items() if v]
            if needs:
                parts.append(f"{name} {', '.join(needs)}")
    return ", ".join(parts)


def _cell(key: str) -> Cell:
    row, col = key.split(",")
    return int(row), int(col)


def _slot_names(session: Session, slot: str) -> list[str]:
    game = session.game
    names = []
    for kind, card, side in session.state.slots.get(slot, []):
        name = game.tables[kind].names[card]
        names.append(f"{name} ({side} side)" if side and side not in name.lower() else name)
    return names
