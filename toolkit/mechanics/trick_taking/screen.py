"""The trick-taking part of the terminal view: round and trick, the display, the trick so
far and the person's hand by suit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import RenderableType
from rich.text import Text

from toolkit.kernel.mechanic import Cell
from toolkit.mechanics.screen import Screen, ScreenDefaults, TableParts, TrickPart

if TYPE_CHECKING:
    from toolkit.mechanics.trick_taking.machine import TrickTakingMechanic


class TrickScreen(ScreenDefaults):
    def __init__(self, mechanic: TrickTakingMechanic, screen: Screen) -> None:
        self.mechanic = mechanic
        self.screen = screen

    def position(self) -> tuple[list[RenderableType], dict[Cell, str]]:
        screen = self.screen
        game, me = screen.game, screen.seat
        view = self.mechanic.observe(screen.state, me)
        parts: list[RenderableType] = [
            screen.title(
                f"{game.name}: round {view['round']} of {view['rounds']}, "
                f"trick {view['trick']} - you are player {me + 1}"
            ),
            screen.players_table(view),
            *screen.shared_zones(view),
        ]
        mechanic = self.mechanic
        table = Text()
        if view["trump"] is not None or mechanic.turned_up or mechanic.named_by:
            table.append("Trump: ", style="bold")
            table.append(view["trump"] or "none")
            if view["turned_up"] is not None:
                turned = game.deck.index(view["turned_up"])
                table.append(" (turned up: ")
                table.append(screen.words.deck_card(turned), style=screen.colour_style(turned))
                table.append(")")
            table.append("  ")
        if view["bids"]:
            table.append("Bids: ", style="bold")
            table.append(
                ", ".join(
                    f"player {p + 1}: {b if b >= 0 else '-'}" for p, b in enumerate(view["bids"])
                )
            )
        maker = view.get("maker", -1)
        if maker >= 0:
            sitting = view.get("sitting_out", [])
            table.append(f"{'  ' if table.plain else ''}Maker: ", style="bold")
            table.append(f"player {maker + 1}")
            if sitting:
                out = ", ".join(f"player {p + 1}" for p in sitting)
                table.append(f" alone ({out} sitting out)")
        if mechanic.broken_suit >= 0:
            broken = mechanic.suit_names[mechanic.broken_suit]
            table.append(
                f"{'  ' if table.plain else ''}{broken} "
                + ("broken" if view["broken"] else "not broken yet")
            )
        if table.plain:
            parts.append(table)
        if view["phase"] != "play":
            phase = Text()
            phase.append(f"Before play: {view['phase']}", style="bold")
            if view["phase"] == "passing":
                phase.append(f" ({view['pass_count']} cards to player {view['pass_to'] + 1})")
            if view["passing"]:
                names = [screen.words.deck_card(game.deck.index(c)) for c in view["passing"]]
                phase.append(f"  (set aside to pass: {', '.join(names)})")
            parts.append(phase)
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

    def table(self) -> TableParts:
        """The trick by seat, its leader (the seat to lead before a card is down), trump,
        bids and the suit led."""
        screen, mechanic = self.screen, self.mechanic
        view = mechanic.observe(screen.state, screen.seat)
        plays = tuple((player, card) for player, card in view["plays"])
        movers = view["to_move"]
        leader = (
            plays[0][0] if plays else (movers[0] if view["phase"] == "play" and movers else None)
        )
        notes = [f"Round {view['round']} of {view['rounds']}, trick {view['trick']}."]
        if view["trump"] is not None or mechanic.turned_up or mechanic.named_by:
            notes.append(f"Trump: {view['trump'] or 'none'}.")
        if view["led_suit"]:
            notes.append(f"Led: {view['led_suit']}.")
        if view["bids"]:
            bids = ", ".join(
                f"player {p + 1}: {b if b >= 0 else '-'}" for p, b in enumerate(view["bids"])
            )
            notes.append(f"Bids: {bids}.")
        if mechanic.broken_suit >= 0:
            broken = mechanic.suit_names[mechanic.broken_suit]
            notes.append(f"{broken} {'broken' if view['broken'] else 'not broken yet'}.")
        shown = ((view["turned_up"], "turned up"),) if view["turned_up"] is not None else ()
        return TableParts((TrickPart(plays, leader, shown),), tuple(notes))
