"""The draw-and-play part of the terminal view: the draw pile's size, the top of every
discard pile, every player's areas, the cards known in others' hands, and the person's hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import RenderableType
from rich.text import Text

from toolkit.kernel.mechanic import Cell
from toolkit.mechanics.draw_and_play.codec import Draw
from toolkit.mechanics.draw_and_play.narration import seat
from toolkit.mechanics.screen import (
    ColumnsPart,
    PileParts,
    Screen,
    ScreenDefaults,
    TableParts,
    seat_moves,
)

if TYPE_CHECKING:
    from toolkit.mechanics.draw_and_play.machine import DrawPlayMechanic
    from toolkit.mechanics.draw_and_play.observation import DrawObservation


class DrawPlayScreen(ScreenDefaults):
    def __init__(self, mechanic: DrawPlayMechanic, screen: Screen) -> None:
        self.mechanic = mechanic
        self.screen = screen

    def view(self) -> DrawObservation:
        return self.mechanic.observe(self.screen.state, self.screen.seat)

    def position(self) -> tuple[list[RenderableType], dict[Cell, str]]:
        screen, mechanic = self.screen, self.mechanic
        me = screen.seat
        view = self.view()
        rounds = f" of {view['rounds']}" if view["rounds"] > 1 else ""
        parts: list[RenderableType] = [
            screen.title(
                f"{screen.game.name}: round {view['round']}{rounds}, turn {view['turn']}"
                f" - you are {seat(me)}"
            ),
            Text(f"{mechanic.draw_name}: {view['draw_pile']} cards left to draw."),
            self.discards(view),
            *self.areas(view),
        ]
        known = [
            f"{seat(p)}: {', '.join(cards)}"
            for p, cards in enumerate(view["known"])
            if cards and p != me
        ]
        if known:
            parts.append(Text("Taken from discard piles, still in hand: " + "; ".join(known)))
        step = "play or discard a card" if view["step"] == "play" else "draw or take a card"
        deck = screen.game.deck
        parts.append(screen.hand(sorted(view["hand"], key=deck.index)))
        parts.append(Text(f"Now {step}.", style="bold"))
        return parts, {}

    def discards(self, view: DrawObservation) -> Text:
        screen = self.screen
        deck = screen.game.deck
        text = Text()
        text.append("Discard piles (top card): ", style="bold")
        for position, (name, cards) in enumerate(view["discards"].items()):
            text.append(("" if not position else "; ") + f"{name}: ")
            if cards:
                card = deck.index(cards[-1])
                text.append(screen.words.deck_card(card), style=screen.colour_style(card))
                text.append(f" ({len(cards)})")
            else:
                text.append("empty")
        return text

    def areas(self, view: DrawObservation) -> list[RenderableType]:
        screen = self.screen
        deck = screen.game.deck
        me = screen.seat
        lines: list[RenderableType] = []
        for player, zones in enumerate(view["areas"]):
            text = Text()
            text.append(seat(player) + (" (you)" if player == me else ""), style="bold")
            text.append(f", {view['hand_sizes'][player]} in hand:")
            empty = True
            for zone_id, groups in zones.items():
                for name, cards in groups.items():
                    empty = False
                    text.append(f"\n  {zone_id} {name}: ")
                    for position, card_id in enumerate(cards):
                        card = deck.index(card_id)
                        text.append("" if not position else ", ")
                        text.append(screen.words.deck_card(card), style=screen.colour_style(card))
            if empty:
                text.append(" nothing played yet")
            lines.append(text)
        return lines

    def final(self) -> list[RenderableType]:
        return self.areas(self.view())

    def table(self) -> TableParts:
        """Every player's areas a column per group (a route per colour), the discard piles
        as piles, and the draw pile's count, turn and step as lines."""
        screen, mechanic = self.screen, self.mechanic
        view = self.view()
        parts: list[ColumnsPart | PileParts] = [
            ColumnsPart(
                zone_id,
                player,
                tuple((name, tuple(cards)) for name, cards in groups.items()),
            )
            for player, zones in enumerate(view["areas"])
            for zone_id, groups in zones.items()
        ]
        shared = screen.game.shared_zones
        parts.append(PileParts(tuple(shared[pile].id for pile in mechanic.piles)))
        rounds = f" of {view['rounds']}" if view["rounds"] > 1 else ""
        step = "play or discard a card" if view["step"] == "play" else "draw or take a card"
        notes = (f"Round {view['round']}{rounds}, turn {view['turn']}: {step}.",)
        me = screen.seat
        known = tuple(tuple(cards) if p != me else () for p, cards in enumerate(view["known"]))
        return TableParts(tuple(parts), notes, known, self.takes())

    def takes(self) -> dict[str, tuple[int, ...]]:
        """The seat's draws, by the pile they draw from: the draw pile, then each discard."""
        mechanic, shared = self.mechanic, self.screen.game.shared_zones
        sources = (mechanic.draw, *mechanic.piles)
        takes: dict[str, tuple[int, ...]] = {}
        for action in seat_moves(self.screen):
            record = mechanic.codec.decode(action)
            if isinstance(record, Draw):
                zone = shared[sources[record.source]].id
                takes[zone] = (*takes.get(zone, ()), action)
        return takes
