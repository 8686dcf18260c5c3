"""The table of a game in the page, as data for the play template: built from what the seat's
observation holds (never more) and the parts its mechanic's screen lays out, for any game.

Every game has players with resources, tracks, points and zones, and shared zones: those are
laid out here from the game's zone specs (a zone hidden from the seat shows backs and a
count, a face-up shared zone its cards, a discard pile its top card). What only a mechanic
knows how to lay out (a park as a grid, a trick by seat, an area in columns) comes from its
screen's `table()` (`toolkit.mechanics.screen.TableParts`). Each card drawn carries the
numbers of the seat's moves that move exactly that card, so a click picks that card and no
twin of it, and whether it moved since the seat's last move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from toolkit.kernel.events import Event
from toolkit.mechanics.screen import (
    ColumnsPart,
    GridPart,
    PileParts,
    TableParts,
    TrickPart,
)
from toolkit.record.narration import seat
from toolkit.serve.table_pictures import TablePictures

if TYPE_CHECKING:
    from toolkit.play.views import Views
    from toolkit.serve.images import CardPicture

ROW_SHOWN = 12
"""Cards of a face-up shared row drawn at most, its top ones."""
PILE_SHOWN = 3
"""Cards of a discard pile drawn: its top card large, the next ones beneath it."""


@dataclass
class Face:
    """One card as drawn: its picture (front, or a back when face down), and its moves."""

    name: str
    picture: str | None
    card: str | None = None
    """The card id; None for a face-down card the seat does not know."""
    face_down: bool = False
    moves: list[int] = field(default_factory=list)
    last: bool = False
    """Moved since the seat's last move."""
    note: str = ""


@dataclass
class Zone:
    """Cards in one place, drawn as a `row`, a `pile` (the top card first), `backs` (face
    down: a back and the count) or `columns` (a titled column per group)."""

    name: str
    shape: str
    cards: list[Face] = field(default_factory=list)
    count: int = 0
    """How many cards the zone holds in all."""
    columns: list[tuple[str, list[Face]]] = field(default_factory=list)


@dataclass
class Grid:
    """A grid zone: rows of cells, each a card, an empty cell or a cell open to a move."""

    name: str
    columns: list[int]
    rows: list[tuple[int, list[Face | str]]]
    """(row number, cells): a `Face`, `""` for an empty cell, `"open"` for a cell the seat
    may place on now."""
    plan: set[tuple[int, int]] = field(default_factory=set)
    """Cells the plan covers: drawn outlined."""
    moves_at: dict[tuple[int, int], list[int]] = field(default_factory=dict)
    """The numbers of the seat's moves onto each open cell."""


@dataclass
class Seat:
    """A seat at the trick: its card (None before it plays), its place in the play order."""

    label: str
    card: Face | None
    leads: bool
    order: int


@dataclass
class Player:
    number: int
    label: str
    you: bool
    to_move: bool
    points: int
    counts: list[tuple[str, int, str | None]]
    """Resources: (name, count, icon picture)."""
    tracks: list[tuple[str, int, str | None]]
    """Tracks: (name, position, icon picture)."""
    zones: list[Zone]
    grids: list[Grid]
    moves: list[int] = field(default_factory=list)
    """The numbers of the seat's moves that choose this player (a target, the one asked)."""


@dataclass
class Marker:
    """A player's marker on a board's space, as percentages of the board's picture; `slot`
    sets markers sharing a space side by side."""

    player: int
    label: str
    left: float
    top: float
    width: float
    height: float
    slot: int


@dataclass
class Board:
    name: str
    picture: str
    width: int
    height: int
    markers: list[Marker]


@dataclass
class Strip:
    """A track no printed board shows: its spaces, and the players on each."""

    name: str
    spaces: list[tuple[int, list[int]]]


@dataclass
class TableView:
    notes: list[str]
    news: list[str]
    hand: list[Face]
    shared: list[Zone]
    trick: list[Seat]
    shown: list[Face]
    players: list[Player]
    boards: list[Board]
    """The game's printed track boards with every player's marker on them."""
    strips: list[Strip]


class TableBuilder:
    """Builds the `TableView` of one game for its seat."""

    def __init__(
        self,
        views: Views,
        pictures: Sequence[CardPicture],
        moves: Sequence[tuple[int, int]],
        printed: TablePictures | None = None,
    ) -> None:
        self.views = views
        self.game = views.game
        self.narrator = views.narrator
        self.fronts: dict[str, str] = {}
        self.backs: dict[str, str] = {}
        for picture in pictures:
            for card_id in (picture.card_id, *picture.ids):
                self.fronts[card_id] = f"/img/{picture.front}.jpg"
                if picture.back is not None:
                    self.backs[card_id] = f"/img/{picture.back}.jpg"
        self.by_card = self._moves_by_card(moves)
        self.numbers = {action: number for number, action in moves}
        self.printed = printed or TablePictures()
        self.icons = self.printed.icons
        self.moved = self._moved(views.session.news())

    # -- cards ----------------------------------------------------------------------------

    def _moves_by_card(self, moves: Sequence[tuple[int, int]]) -> dict[tuple[str, str], list[int]]:
        """(kind, card id) to the numbers of the moves that move exactly that card."""
        state, codec = self.views.state, self.game.mechanic.codec
        pending = state.pending
        found: dict[tuple[str, str], list[int]] = {}
        for number, action in moves:
            if action < 0:
                continue
            if pending is not None and pending.kind in self.game.tables:
                kind, card = pending.kind, action
            else:
                part = codec.card_part(action)
                if part is None:
                    continue
                kind, card = "deck", part[0]
            table = self.game.tables[kind]
            if 0 <= card < table.size:
                found.setdefault((table.kind, table.ids[card]), []).append(number)
        return found

    def _moved(self, news: Sequence[Event]) -> set[tuple[str, str]]:
        """The cards the events since the seat's last move name (never a quiet event's:
        a hidden pick)."""
        moved: set[tuple[str, str]] = set()
        for event in news:
            if event.quiet:
                continue
            kind = getattr(event, "card_kind", "deck")
            table = self.game.tables.get(kind)
            if table is None:
                continue
            cards = getattr(event, "cards", None)
            named = list(cards) if isinstance(cards, tuple) else []
            card = getattr(event, "card", None)
            if isinstance(card, int):
                named.append(card)
            moved.update(
                (table.kind, table.ids[c])
                for c in named
                if isinstance(c, int) and 0 <= c < table.size
            )
        return moved

    def face(self, kind: str, card_id: str, *, face_down: bool = False, note: str = "") -> Face:
        table = self.game.tables[kind]
        name = self.narrator.card(kind, table.index(card_id))
        key = (table.kind, card_id)
        picture = self.backs.get(card_id) if face_down else self.fronts.get(card_id)
        return Face(
            f"{name} (face down)" if face_down else name,
            picture,
            card_id,
            face_down,
            list(self.by_card.get(key, [])),
            key in self.moved,
            note,
        )

    def back(self, kind: str, name: str = "a face-down card") -> Face:
        """A card the seat may not see: the back its kind prints."""
        table = self.game.tables[kind]
        picture = next((self.backs[c] for c in table.ids if c in self.backs), None)
        return Face(name, picture, None, True)

    def faces(self, kind: str, ids: Sequence[str]) -> list[Face]:
        return [self.face(kind, card_id) for card_id in ids]

    # -- the table ------------------------------------------------------------------------

    def build(self) -> TableView:
        views, game = self.views, self.game
        state, me = views.state, views.seat
        view = game.observe(state, me)
        laid = getattr(views.mechanic, "table", None)  # a plugin's screen may predate it
        own = laid() if callable(laid) else TableParts()
        piles = {z for part in own.parts if isinstance(part, PileParts) for z in part.zones}
        grids = [p for p in own.parts if isinstance(p, GridPart)]
        columns = [p for p in own.parts if isinstance(p, ColumnsPart)]
        laid_out = {(p.zone, p.player) for p in grids} | {(p.zone, p.player) for p in columns}
        trick: list[Seat] = []
        shown: list[Face] = []
        for part in own.parts:
            if isinstance(part, TrickPart):
                trick = self.trick(part, state.n)
                shown = [self.face("deck", c, note=what) for c, what in part.shown]
        hand = view.get("hand") or []
        for face in shown:  # a turned-up card kept in hand is played from the hand
            if face.card in hand:
                face.moves = []
        hand_zone = next(
            (
                z
                for z in game.player_zones
                if z.hidden_from_others and view["zones"][z.id][me] == hand
            ),
            None,
        )
        hand_kind = hand_zone.kind if hand_zone is not None else "deck"
        players = []
        totals = state.scores().totals
        movers = set(state.to_move())
        for player in range(state.n):
            zones = [
                self.player_zone(zone, view["zones"][zone.id][player])
                for zone in game.player_zones
                if (zone.id, player) not in laid_out and not zone.grid
                and not (zone is hand_zone and player == me)
            ]  # fmt: skip
            zones += [self.columns(p) for p in columns if p.player == player]
            seen_taken = own.known[player] if player < len(own.known) else ()
            if seen_taken:
                faces = self.faces(hand_kind, seen_taken)
                zones.append(Zone("Seen taken, still in hand", "row", faces, len(faces)))
            players.append(
                Player(
                    player + 1,
                    seat(player) + (" (you)" if player == me else ""),
                    player == me,
                    player in movers and not state.terminal,
                    totals[player],
                    [
                        (r.name, view["resources"][r.id][player], self.icons.get(r.id))
                        for r in game.resources
                    ],
                    [
                        (t.name, view["tracks"][t.id][player], self.icons.get(t.id))
                        for t in game.tracks
                    ],
                    [z for z in zones if z is not None],
                    [self.grid(p) for p in grids if p.player == player],
                    [self.numbers[a] for a in own.chooses.get(player, ()) if a in self.numbers],
                )
            )
        shared = [
            self.shared_zone(zone, view["zones"][zone.id], zone.id in piles, own.takes.get(zone.id))
            for zone in game.shared_zones
        ]
        news = list(self.narrator.events(views.session.news(), viewer=me))
        boards, strips = self.tracks(view["tracks"])
        return TableView(
            list(own.notes),
            news,
            self.faces(hand_kind, hand),
            shared,
            trick,
            shown,
            players,
            boards,
            strips,
        )

    def tracks(self, positions: dict[str, list[int]]) -> tuple[list[Board], list[Strip]]:
        """The printed boards with each player's marker, and a strip for each other track."""
        boards, on_board = [], set()
        for printed in self.printed.boards:
            markers = []
            for track_id, rects in printed.spaces.items():
                on_board.add(track_id)
                at: dict[int, int] = {}
                for player, value in enumerate(positions.get(track_id, [])):
                    if value not in rects:
                        continue
                    left, top, width, height = rects[value]
                    slot = at[value] = at.get(value, -1) + 1
                    label = f"{seat(player)}: {value}"
                    markers.append(Marker(player + 1, label, left, top, width, height, slot))
            boards.append(
                Board(printed.name, printed.picture, printed.width, printed.height, markers)
            )
        strips = []
        for track in self.game.tracks:
            if track.id in on_board:
                continue
            values = positions[track.id]
            spaces = [
                (value, [p + 1 for p, v in enumerate(values) if v == value])
                for value in range(track.min, track.max + 1)
            ]
            strips.append(Strip(track.name, spaces))
        return boards, strips

    def player_zone(self, zone: Any, held: list[str] | int) -> Zone | None:
        if not held:
            return None
        if isinstance(held, int):
            return Zone(zone.name, "backs", [self.back(zone.kind)], held)
        return Zone(zone.name, "row", self.faces(zone.kind, held), len(held))

    def shared_zone(
        self, zone: Any, held: list[str] | int, pile: bool, takes: Sequence[int] | None = None
    ) -> Zone:
        """A shared zone as the seat sees it; `takes`, the seat's moves that draw from it or
        take it whole, are hung on its top card (its face-down stack when hidden)."""
        if isinstance(held, int):
            drawn = Zone(zone.name, "backs", [self.back(zone.kind)] if held else [], held)
        elif pile:
            top = list(reversed(held[-PILE_SHOWN:]))
            drawn = Zone(zone.name, "pile", self.faces(zone.kind, top), len(held))
        else:
            drawn = Zone(zone.name, "row", self.faces(zone.kind, held[-ROW_SHOWN:]), len(held))
        numbers = [self.numbers[a] for a in takes or () if a in self.numbers]
        if numbers and drawn.cards:
            taken = drawn.cards[-1 if drawn.shape == "row" else 0]
            taken.moves = [*taken.moves, *numbers]
        return drawn

    def columns(self, part: ColumnsPart) -> Zone:
        zone = self.game.zone(part.zone)
        groups = [(name, self.faces(zone.kind, cards)) for name, cards in part.columns]
        count = sum(len(cards) for _, cards in part.columns)
        return Zone(zone.name, "columns", count=count, columns=groups)

    def grid(self, part: GridPart) -> Grid:
        """The grid's cards, the empty cells between them and the cells open to a move."""
        zone = self.game.zone(part.zone)
        every = [*part.cells, *part.open, *part.plan]
        if not every:
            return Grid(zone.name, [], [])
        rows = range(min(r for r, _ in every), max(r for r, _ in every) + 1)
        columns = list(range(min(c for _, c in every), max(c for _, c in every) + 1))
        open_cells = set(part.open)
        drawn: list[tuple[int, list[Face | str]]] = []
        for r in rows:
            cells: list[Face | str] = []
            for c in columns:
                placed = part.cells.get((r, c))
                if placed is None:
                    cells.append("open" if (r, c) in open_cells else "")
                elif placed.card is None:
                    cells.append(self.back(zone.kind))
                else:
                    cells.append(self.face(zone.kind, placed.card, face_down=placed.face_down))
            drawn.append((r, cells))
        moves_at = {
            cell: [self.numbers[a] for a in actions if a in self.numbers]
            for cell, actions in part.moves_at.items()
        }
        return Grid(zone.name, columns, drawn, set(part.plan), moves_at)

    def trick(self, part: TrickPart, players: int) -> list[Seat]:
        """Every seat, from the leader round the table, with its card once played."""
        played = {player: (order, card) for order, (player, card) in enumerate(part.plays)}
        start = part.leader if part.leader is not None else 0
        seats = []
        for step in range(players):
            player = (start + step) % players
            order, card = played.get(player, (len(part.plays) + step, None))
            face = self.face("deck", card) if card is not None else None
            label = seat(player) + (" (you)" if player == self.views.seat else "")
            seats.append(Seat(label, face, player == part.leader, order + 1))
        return seats
