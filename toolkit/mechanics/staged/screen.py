"""The staged part of the terminal view: the round and turn, who acts, the shared zones (a
face-up pile's cards, a face-down pile's count), each player's passes and places, the person's
hidden picks, and their hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import RenderableType
from rich.text import Text

from toolkit.kernel.mechanic import Cell
from toolkit.mechanics.screen import Screen, ScreenDefaults
from toolkit.mechanics.staged.narration import seat

if TYPE_CHECKING:
    from toolkit.mechanics.staged.machine import StagedMechanic
    from toolkit.mechanics.staged.observation import StagedObservation


class StagedScreen(ScreenDefaults):
    def __init__(self, mechanic: StagedMechanic, screen: Screen) -> None:
        self.mechanic = mechanic
        self.screen = screen

    def view(self) -> StagedObservation:
        return self.mechanic.observe(self.screen.state, self.screen.seat)

    def position(self) -> tuple[list[RenderableType], dict[Cell, str]]:
        screen = self.screen
        me = screen.seat
        view = self.view()
        rounds = f" of {view['rounds']}" if view["rounds"] > 1 else ""
        acting = "you" if view["acting"] == me else seat(view["acting"])
        parts: list[RenderableType] = [
            screen.title(
                f"{screen.game.name}: round {view['round']}{rounds}, turn {view['turn']}"
                f" - you are {seat(me)}; {acting} to act"
            ),
            *screen.shared_zones(view),
            screen.players_table(
                view,
                (
                    ("passed", ["yes" if p else "" for p in view["passed"]]),
                    ("finished", [str(place) if place else "" for place in view["finished"]]),
                ),
            ),
        ]
        deck = screen.game.deck
        if view["picked"]:
            parts.append(Text("Your hidden picks: " + ", ".join(view["picked"])))
        if view["choosing"]:
            parts.append(Text("Chosen so far: " + ", ".join(view["choosing"])))
        if self.mechanic.hand is not None:
            parts.append(screen.hand(sorted(view["hand"], key=deck.index)))
        return parts, {}

    def final(self) -> list[RenderableType]:
        return self.screen.shared_zones(self.view())
