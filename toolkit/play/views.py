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

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from toolkit.engine.compiled import Game
from toolkit.errors import UsageError
from toolkit.kernel.mechanic import Cell
from toolkit.kernel.observation import Observation
from toolkit.kernel.state import DECLINE, State
from toolkit.mechanics.registry import mechanic_kit
from toolkit.mechanics.screen import MechanicScreen
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

    The mechanic draws its own part (its kit's `screen`); this class is the `Screen` it draws
    with: tables of players, shared zones, hands, styles and names of cards."""

    def __init__(self, session: Session, *, plain: bool) -> None:
        self.session = session
        self.game = session.game
        self.narrator: Narrator = session.loaded.narrator
        self.plain = plain
        self.box = box.ASCII if plain else box.SIMPLE_HEAD
        self.mechanic: MechanicScreen = _mechanic_screen(self)

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

    def shared_zones(self, view: Observation) -> list[RenderableType]:
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

    # -- the whole screen -------------------------------------------------------------------

    def position(self) -> View:
        parts: list[RenderableType] = []
        news = list(self.narrator.events(self.session.news(), viewer=self.session.seat))
        if news:
            parts.append(Text("Since your last move:", style="bold"))
            parts.append(Text("\n".join(news)))
        own_parts, cells = self.mechanic.position()
        parts += own_parts
        moves = ordered_moves(self.session.legal())
        parts.append(self.moves(moves, cells))
        return View(parts, moves, cells)

    def title(self, text: str) -> Text:
        return Text(f"== {text} ==" if self.plain else text, style="bold reverse")

    def players_table(
        self, view: Observation, extra: Sequence[tuple[str, Sequence[object]]] = ()
    ) -> Table:
        """Resources, tracks, public zones and points so far, one row per player."""
        game, state, me = self.game, self.session.state, self.session.seat
        table = Table(box=self.box, show_edge=self.plain, pad_edge=self.plain)
        table.add_column("player")
        for resource in game.resources:
            table.add_column(resource.name, justify="right")
        for track in game.tracks:
            table.add_column(track.name, justify="right")
        for name, _ in extra:
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
            row += [str(values[player]) for _, values in extra]
            for zone in public:
                row.append(self.cards(zone.kind, view["zones"][zone.id][player], ", "))
            row.append(str(totals[player]))
            table.add_row(*row)
        return table

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

    def _shared(self, kind: str, ids: Sequence[str], view: Observation) -> Table:
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
        parts += self.mechanic.final()
        return parts

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
        for number, words in enumerate(self.move_texts(moves), start=1):
            text.append(f"\n  {number:>2}. {words}")
        return text

    def move_text(self, action: int) -> str:
        """One of the person's moves in words, told apart from the others (`move_texts`)."""
        legal = ordered_moves(self.session.legal())
        if action not in legal:
            return self._move_words(action)
        return self.move_texts(legal)[legal.index(action)]

    def move_texts(self, actions: Sequence[int]) -> list[str]:
        """The person's moves in words, no two alike: moves that would read the same say
        what tells them apart (a card's differing value, else its place)."""
        labels = [self._move_words(action) for action in actions]
        return self.narrator.told_apart(self.session.state, self.seat, actions, labels)

    def _move_words(self, action: int) -> str:
        state = self.session.state
        own = self.mechanic.own_move_text(action) if state.pending is None else None
        words = own if own is not None else self.narrator.said(state, action)
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


def _slot_names(session: Session, slot: str) -> list[str]:
    game = session.game
    names = []
    for kind, card, side in session.state.slots.get(slot, []):
        name = game.tables[kind].names[card]
        names.append(f"{name} ({side} side)" if side and side not in name.lower() else name)
    return names


def _mechanic_screen(views: Views) -> MechanicScreen:
    """The mechanic's part of the view, from its kit (imported now: it needs rich)."""
    name = views.game.content.game.structure.mechanic
    factory = mechanic_kit(name).screen
    if factory is None:
        raise UsageError(f"the mechanic '{name}' has no terminal view to play it in")
    return factory()(views.game.mechanic, views)
