"""The staged part of the terminal view: the round and turn, who acts, the turn order when it
turned around, the shared zones (a face-up pile's top cards, who put them there and a value
called for it; a face-down pile's count), each player's hidden cards counted, the cards
everyone saw them take, their passes and places, the person's hidden picks, and their hand."""

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

SHOWN = 6
"""Cards of a face-up pile drawn at most (its top ones): a long discard line stays short."""


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
        order = "; turn order reversed" if view["direction"] != self.mechanic.direction else ""
        parts: list[RenderableType] = [
            screen.title(
                f"{screen.game.name}: round {view['round']}{rounds}, turn {view['turn']}"
                f" - you are {seat(me)}; {acting} to act{order}"
            ),
            *self.shared(view),
            screen.players_table(view, self.columns(view)),
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
        return self.shared(self.view())

    def shared(self, view: StagedObservation) -> list[RenderableType]:
        """The shared zones, a face-up pile cut to its top cards, with who played them and
        the value called for it."""
        zones = self.screen.game.shared_zones
        whole = view["zones"]
        cut = {
            zone.id: cards[-SHOWN:] if isinstance(cards, list) else cards
            for zone in zones
            for cards in (whole[zone.id],)
        }
        trimmed: StagedObservation = {**view, "zones": {**whole, **cut}}
        parts = self.screen.shared_zones(trimmed)
        out: list[RenderableType] = []
        at = 0
        for zone in zones:
            heading = parts[at]
            out.append(heading)
            at += 1
            cards = whole[zone.id]
            if isinstance(cards, int):
                continue
            assert isinstance(heading, Text)
            if len(cards) > SHOWN:
                heading.append(f" the top {SHOWN} of {len(cards)} cards", style="")
            out.append(parts[at])
            at += 1
            played = [view["played_by"][card] for card in cut[zone.id] if card in view["played_by"]]
            if played and len(played) == len(cut[zone.id]):
                out.append(Text("  put there by " + ", ".join(seat(p) for p in played)))
            call = view["called"].get(zone.id)
            if call is not None:
                out.append(Text(f"  {call['field']} {call['value']} called", style="bold"))
        return out

    def columns(self, view: StagedObservation) -> list[tuple[str, list[str]]]:
        """Counts of the cards in hidden player zones (every player sees how many), the cards
        everyone saw go there, passes and places."""
        n = len(view["passed"])
        extra: list[tuple[str, list[str]]] = []
        for zone in self.screen.game.player_zones:
            if not zone.hidden_from_others:
                continue
            held = view["zones"][zone.id]
            extra.append((zone.name, [str(h if isinstance(h, int) else len(h)) for h in held]))
        if any(view["known"]):
            extra.append(("seen taken", [", ".join(cards) for cards in view["known"]]))
        extra.append(("passed", ["yes" if p else "" for p in view["passed"]]))
        extra.append(("finished", [str(place) if place else "" for place in view["finished"]]))
        assert len(extra[-1][1]) == n
        return extra
