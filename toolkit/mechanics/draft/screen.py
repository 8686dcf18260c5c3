"""The draft's part of the terminal view: the plan and scoring cards in play, every park as a
grid with the person's open cells lettered, the hand with prices, and moves grouped by card
(or chosen in two steps: a card id, then one of its places). A tableau draft shows every
player's tableau as a list and numbers one move per card."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.box import ASCII, SIMPLE_HEAD, SQUARE
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from toolkit.mechanics.draft.grid import Cell
from toolkit.mechanics.draft.narration import seat, where
from toolkit.mechanics.draft.observation import face_down, key_cell
from toolkit.mechanics.screen import (
    GridPart,
    Placed,
    Screen,
    ScreenDefaults,
    TableParts,
    seat_moves,
)

if TYPE_CHECKING:
    from toolkit.mechanics.draft.machine import DraftMechanic
    from toolkit.mechanics.draft.observation import GridObservation

LETTERS = "abcdefghijklmnopqrstuvwxyz"


class DraftScreen:
    def __init__(self, mechanic: DraftMechanic, screen: Screen) -> None:
        self.mechanic = mechanic
        self.screen = screen

    def position(self) -> tuple[list[RenderableType], dict[Cell, str]]:
        screen, mechanic = self.screen, self.mechanic
        game, state, me = screen.game, screen.state, screen.seat
        view = mechanic.observe_grid(state, me)
        plan = screen.slot_names(mechanic.plan_slot)
        scoring = [
            name
            for slot in game.slot_pools
            if slot != mechanic.plan_slot
            for name in screen.slot_names(slot)
        ]
        parts: list[RenderableType] = [
            screen.title(
                f"{game.name}: round {view['round']}, hands pass {view['direction']}"
                f" - you are {seat(me)}"
            ),
            Text(f"Plan: {', '.join(plan)}.  Scoring: {'; '.join(scoring)}."),
            screen.players_table(view, extra=(("hand", view["hand_sizes"]),)),
        ]
        moves = screen.legal() if not state.pending else []
        open_cells = sorted({mechanic.codec.pick(a).cell for a in moves if a >= 0})
        cells = {cell: LETTERS[i] for i, cell in enumerate(open_cells[: len(LETTERS)])}
        parts.append(self.parks(view, cells))
        if view["my_choice"]:
            parts.append(Text(f"Your choice: {view['my_choice']}"))
        parts.append(Text("Your hand:", style="bold"))
        parts.append(self.hand(view["hand"]))
        return parts, cells

    def final(self) -> list[RenderableType]:
        return [self.parks(self.mechanic.observe_grid(self.screen.state, self.screen.seat), {})]

    def table(self) -> TableParts:
        """Every park as a grid (face-down cards as backs, the seat's own known), the cells
        the seat may place on now open; the plan and scoring cards in play as lines."""
        screen, mechanic = self.screen, self.mechanic
        state, me = screen.state, screen.seat
        view = mechanic.observe_grid(state, me)
        zone = next(z.id for z in screen.game.player_zones if z.grid)
        moves = seat_moves(screen)
        moves_at: dict[Cell, tuple[int, ...]] = {}
        for action in moves:
            if action >= 0:
                cell = mechanic.codec.pick(action).cell
                moves_at[cell] = (*moves_at.get(cell, ()), action)
        open_cells = tuple(sorted(moves_at))
        parts = []
        for player, cells in enumerate(view["parks"]):
            placed = {}
            for key, value in cells.items():
                down, card_id = face_down(value)
                placed[key_cell(key)] = Placed(card_id or None, down)
            mine, at = (open_cells, moves_at) if player == me else ((), {})
            parts.append(GridPart(zone, player, placed, mine, self.plan_cells(player), at))
        plan = screen.slot_names(mechanic.plan_slot)
        scoring = [
            name
            for slot in screen.game.slot_pools
            if slot != mechanic.plan_slot
            for name in screen.slot_names(slot)
        ]
        notes = [f"Round {view['round']}, hands pass {view['direction']}."]
        notes += [f"Plan: {', '.join(plan)}."] if plan else []
        notes += [f"Scoring: {'; '.join(scoring)}."] if scoring else []
        if view["my_choice"]:
            notes.append(f"Your choice: {view['my_choice']}.")
        return TableParts(tuple(parts), tuple(notes))

    def parks(self, view: GridObservation, cells: dict[Cell, str]) -> Columns:
        """Every player's park, side by side as the width allows, the person's open cells
        lettered."""
        me = self.screen.seat
        return Columns(
            [
                Group(
                    Text(seat(p) + (" (you)" if p == me else ""), style="bold"),
                    self.park(view["parks"][p], cells if p == me else {}),
                )
                for p in range(self.screen.state.n)
            ],
            padding=(1, 3),
        )

    def park(self, cells: dict[str, str], open_cells: dict[Cell, str]) -> RenderableType:
        """A park as a grid: cards in their colours, `##` face down, letters where the
        person may place now; rows and columns numbered as moves name cells."""
        screen = self.screen
        placed = {key_cell(key): value for key, value in cells.items()}
        everything = [*placed, *open_cells]
        if not everything:
            return Text("(empty)")
        rows = range(min(r for r, _ in everything), max(r for r, _ in everything) + 1)
        columns = range(min(c for _, c in everything), max(c for _, c in everything) + 1)
        grid = Table(
            box=ASCII if screen.plain else SQUARE,
            show_lines=True,
            pad_edge=True,
            header_style="dim",
        )
        grid.add_column("", justify="right", style="dim", width=2)
        for c in columns:
            grid.add_column(str(c), justify="center", width=5)
        deck = screen.game.deck
        for r in rows:
            row: list[RenderableType] = [str(r)]
            for c in columns:
                value = placed.get((r, c))
                if value is None:
                    letter = open_cells.get((r, c))
                    row.append(Text(letter or "", style="bold underline" if letter else ""))
                    continue
                down, card_id = face_down(value)
                if down and not card_id:
                    row.append(Text("##", style="on grey30"))
                elif down:
                    row.append(Text(f"({card_id})", style="dim"))
                else:
                    row.append(Text(value, style=screen.card_style(deck.index(value))))
            grid.add_row(*row)
        return grid

    def plan_cells(self, player: int) -> tuple[Cell, ...]:
        """The cells of a park its plan covers wherever it may still lie (every translation
        of the shape the park's cards leave open covers them): its outline so far."""
        mech = self.screen.state.mech
        offsets = mech.offsets[player] if mech is not None and mech.offsets else frozenset()
        if not offsets:
            return ()
        covered = [frozenset((r + dr, c + dc) for r, c in mech.shape.cells) for dr, dc in offsets]
        return tuple(sorted(frozenset.intersection(*covered)))

    def hand(self, ids: list[str]) -> Table:
        screen = self.screen
        deck = screen.game.deck
        plain = screen.plain
        table = Table(
            box=ASCII if plain else SIMPLE_HEAD, show_edge=plain, pad_edge=plain, show_header=False
        )
        table.add_column("card")
        table.add_column("what")
        table.add_column("price", justify="right")
        for card in sorted(deck.index(card_id) for card_id in ids):
            table.add_row(
                Text(deck.ids[card], style=screen.card_style(card)),
                screen.words.deck_card(card)[len(deck.ids[card]) :].strip(" ()"),
                f"price {self.mechanic.prices[card]}",
            )
        return table

    def moves(self, moves: list[int], cells: dict[Cell, str]) -> Text | None:
        """Picks grouped by card: `P7: 1=a^ 2=av`; decisions are listed one per line."""
        screen = self.screen
        if screen.state.pending is not None:
            return None
        codec = self.mechanic.codec
        text = Text()
        text.append(
            "Your moves (a number, or a card id to choose its place next):"
            if cells
            else "Your moves:",
            style="bold",
        )
        by_card: dict[int, list[tuple[int, int]]] = {}
        for number, action in enumerate(moves, start=1):
            by_card.setdefault(codec.pick_card(action), []).append((number, action))
        for card, numbered in by_card.items():
            text.append("\n  ")
            text.append(f"{screen.game.deck.ids[card]:>4}", style=screen.card_style(card))
            text.append(":")
            for number, action in numbered:
                pick = codec.pick(action)
                text.append(f" {number}={cells[pick.cell]}{'v' if pick.face_down else '^'}")
        text.append("\n  (^ face up and paid, v face down; letters are cells of your park)")
        return text

    def two_step(self, card: int, moves: list[int]) -> list[int] | None:
        """The person's moves with `card`, in the order the second step numbers them."""
        if self.screen.state.pending is not None:
            return None
        codec = self.mechanic.codec
        return [a for a in moves if 0 <= a < codec.picks and codec.pick_card(a) == card]

    def step_text(self, action: int, cells: dict[Cell, str]) -> str:
        pick = self.mechanic.codec.pick(action)
        how = "face down" if pick.face_down else "face up"
        return f"{how} at {cells.get(pick.cell, '?')} {where(pick.cell)}"

    def own_move_text(self, action: int) -> str | None:
        return None


class TableauScreen(ScreenDefaults):
    """A tableau draft: the round and its pass direction, every player's tableau (the public
    zone's cards in the players table), the hand with prices if picks cost, and one numbered
    move per card."""

    def __init__(self, mechanic: DraftMechanic, screen: Screen) -> None:
        self.mechanic = mechanic
        self.screen = screen

    def position(self) -> tuple[list[RenderableType], dict[Cell, str]]:
        screen = self.screen
        game, me = screen.game, screen.seat
        view = self.mechanic.observe_tableau(screen.state, me)
        rounds = f" of {view['rounds']}" if view["rounds"] > 1 else ""
        parts: list[RenderableType] = [
            screen.title(
                f"{game.name}: round {view['round']}{rounds}, hands pass {view['direction']}"
                f" - you are {seat(me)}"
            ),
        ]
        scoring = [name for slot in game.slot_pools for name in screen.slot_names(slot)]
        if scoring:
            parts.append(Text(f"Scoring: {'; '.join(scoring)}."))
        parts.append(screen.players_table(view, extra=(("hand", view["hand_sizes"]),)))
        if view["discarded"]:
            parts.append(Text(f"Discarded from tableaux so far: {view['discarded']} cards."))
        if view["my_choice"]:
            parts.append(Text(f"Your choice: {view['my_choice']}"))
        if self.mechanic.price_resource < 0:
            parts.append(screen.hand(view["hand"]))
        else:
            parts.append(Text("Your hand:", style="bold"))
            parts.append(self.priced_hand(view["hand"]))
        return parts, {}

    def priced_hand(self, ids: list[str]) -> Table:
        screen = self.screen
        deck = screen.game.deck
        plain = screen.plain
        table = Table(
            box=ASCII if plain else SIMPLE_HEAD, show_edge=plain, pad_edge=plain, show_header=False
        )
        table.add_column("card")
        table.add_column("price", justify="right")
        for card in sorted(deck.index(card_id) for card_id in ids):
            table.add_row(
                Text(screen.words.deck_card(card), style=screen.card_style(card)),
                f"price {self.mechanic.prices[card]}",
            )
        return table

    def table(self) -> TableParts:
        """The round and where hands pass; tableaux are open zones the page lays out."""
        view = self.mechanic.observe_tableau(self.screen.state, self.screen.seat)
        rounds = f" of {view['rounds']}" if view["rounds"] > 1 else ""
        return TableParts(
            notes=(f"Round {view['round']}{rounds}, hands pass {view['direction']}.",)
        )


def draft_screen(mechanic: DraftMechanic, screen: Screen) -> DraftScreen | TableauScreen:
    """The screen of a grid draft or of a tableau draft."""
    if mechanic.tableau:
        return TableauScreen(mechanic, screen)
    return DraftScreen(mechanic, screen)
