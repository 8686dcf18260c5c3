"""The trick-taking part of the terminal view: round and trick, the display, the trick so
far and the person's hand by suit."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import RenderableType
from rich.text import Text

from toolkit.kernel.mechanic import Cell, Screen

if TYPE_CHECKING:
    from toolkit.mechanics.trick_taking.machine import TrickTakingMechanic


class TrickScreen:
    def __init__(self, mechanic: TrickTakingMechanic, screen: Screen) -> None:
        self.mechanic = mechanic
        self.screen = screen

    def position(self, view: dict[str, Any]) -> tuple[list[RenderableType], dict[Cell, str]]:
        screen = self.screen
        game, me = screen.game, screen.seat
        parts: list[RenderableType] = [
            screen.title(
                f"{game.name}: round {view['round']} of {self.mechanic.rounds}, "
                f"trick {view['trick']} - you are player {me + 1}"
            ),
            screen.players_table(view),
            *screen.shared_zones(view),
        ]
        trick = Text()
        trick.append("Trick: ", style="bold")
        if view["plays"]:
            for position, (player, card_id) in enumerate(view["plays"]):
                card = game.deck.index(card_id)
                trick.append(("" if not position else ", ") + f"player {player + 1}: ")
                trick.append(screen.words.deck_card(card), style=screen.colour_style(card))
            trick.append(f"  (led: {view['led_suit']})")
        else:
            trick.append("nothing played yet")
        parts.append(trick)
        parts.append(screen.hand(view["hand"]))
        return parts, {}

    def final(self, view: dict[str, Any]) -> list[RenderableType]:
        return []

    def moves(self, moves: list[int], cells: dict[Cell, str]) -> Text | None:
        return None

    def two_step(self, card: int, moves: list[int]) -> list[int] | None:
        return None

    def step_text(self, action: int, cells: dict[Cell, str]) -> str:
        return ""
