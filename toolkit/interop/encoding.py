"""A player's observation as one fixed-length float32 vector, per mechanic.

The vector is built from the engine's per-player observation (`Game.observe`), which already
turns other players' hidden zones into counts, so hidden information stays hidden. It has a
common part (every game) and a mechanic part, looked up by mechanic name in `ENCODERS`. Seats
are relative: block entry 0 is the observer, 1 the next seat, and so on. Every block, its size
and what each slot means is listed by `Encoder.layout()` and in docs/interop.md.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from toolkit.engine.game import UNLIMITED, Game
from toolkit.interop.match import Match
from toolkit.kernel.state import State

Vector = npt.NDArray[np.float32]
TRICK_PHASES = ("play", "passing", "naming trump", "bidding")
DRAW_STEPS = ("draw", "play")


@dataclass(frozen=True, slots=True)
class Block:
    """A named run of slots in the vector, and what they mean."""

    name: str
    size: int
    meaning: str


class Writer:
    """Fills a vector block by block, checking each block's size against its declaration."""

    def __init__(self, vector: Vector, blocks: Sequence[Block], start: int) -> None:
        self.vector = vector
        self.blocks = iter(blocks)
        self.at = start

    def block(self, values: Sequence[float] | Vector) -> None:
        block = next(self.blocks)
        if len(values) != block.size:
            raise ValueError(f"block {block.name}: {len(values)} values for {block.size} slots")
        self.vector[self.at : self.at + block.size] = values
        self.at += block.size

    def hot(self, size: int, indexes: Sequence[int]) -> Vector:
        """A multi-hot (or one-hot) run of `size` slots; negative indexes are left out."""
        run = np.zeros(size, np.float32)
        for index in indexes:
            if index >= 0:
                run[index] = 1.0
        return run


class Part(Protocol):
    """One part of the vector: its blocks, and how a player's view fills them."""

    blocks: tuple[Block, ...]

    def fill(self, writer: Writer, view: dict[str, Any], state: State, seat: int) -> None: ...


def relative(values: Sequence[Any], seat: int) -> list[Any]:
    """Per-seat values reordered so the observer comes first, then the next seats."""
    n = len(values)
    return [values[(seat + r) % n] for r in range(n)]


class Cards:
    """Card ids of one kind to indexes (the table's order)."""

    def __init__(self, game: Game, kind: str) -> None:
        table = game.tables[kind]
        self.size = table.size
        self.index = {card_id: i for i, card_id in enumerate(table.ids)}

    def hot(self, writer: Writer, ids: Sequence[str]) -> Vector:
        return writer.hot(self.size, [self.index[c] for c in ids])


class Common:
    """What every game shows: seat, who moves, a pending decision, resources, tracks, zones."""

    blocks: tuple[Block, ...]

    def __init__(self, match: Match) -> None:
        game, n = match.game, match.players
        self.game, self.n = game, n
        self.decision_kinds = (*sorted(match.ids.index_kinds), "mechanic")
        self.kinds = {kind: Cards(game, kind) for kind in game.tables}
        blocks = [
            Block("seat", n, "one-hot: the observer's seat (0 = first player)"),
            Block("to_move", n, "1 for each seat that must act now (relative seats)"),
            Block(
                "decision",
                1 + len(self.decision_kinds),
                "1 if the observer must answer a pending decision, then a one-hot of its kind: "
                + ", ".join(self.decision_kinds),
            ),
        ]
        for resource in game.resources:
            blocks.append(Block(f"resource:{resource.id}", n, "held, per relative seat"))
        if game.resources:
            blocks.append(
                Block("supply", len(game.resources), "left in the supply (-1: unlimited)")
            )
        for track in game.tracks:
            blocks.append(Block(f"track:{track.id}", n, "marker position, per relative seat"))
        for zone in game.player_zones:
            size = self.kinds[zone.kind].size
            blocks.append(
                Block(
                    f"zone:{zone.id}",
                    n * (size + 1),
                    f"per relative seat: multi-hot over the {size} '{zone.kind}' cards "
                    "(all zero where the zone is hidden from the observer), then the count",
                )
            )
        for zone in game.shared_zones:
            size = self.kinds[zone.kind].size
            blocks.append(
                Block(
                    f"shared:{zone.id}",
                    size + 1,
                    f"multi-hot over the {size} '{zone.kind}' cards (zero if face down), "
                    "then the count",
                )
            )
        self.slots = sorted(game.slot_pools.items())
        for slot, kind in self.slots:
            size = self.kinds[kind].size
            blocks.append(
                Block(
                    f"slot:{slot}",
                    size,
                    f"multi-hot over the {size} '{kind}' cards setup laid face up in this "
                    "table slot (the side shown follows the game options)",
                )
            )
        self.blocks = tuple(blocks)

    def fill(self, writer: Writer, view: dict[str, Any], state: State, seat: int) -> None:
        n, game = self.n, self.game
        writer.block(writer.hot(n, [seat]))
        writer.block(writer.hot(n, [(p - seat) % n for p in state.to_move()]))
        pending = state.pending
        decision = np.zeros(1 + len(self.decision_kinds), np.float32)
        if pending is not None and pending.player == seat:
            decision[0] = 1.0
            kinds = self.decision_kinds
            decision[
                1 + (kinds.index(pending.kind) if pending.kind in kinds else len(kinds) - 1)
            ] = 1
        writer.block(decision)
        for resource in game.resources:
            writer.block(relative(view["resources"][resource.id], seat))
        if game.resources:
            writer.block(
                [
                    -1 if s >= UNLIMITED else s
                    for s in (view["supply"][r.id] for r in game.resources)
                ]
            )
        for track in game.tracks:
            writer.block(relative(view["tracks"][track.id], seat))
        for zone in game.player_zones:
            cards = self.kinds[zone.kind]
            runs = []
            for held in relative(view["zones"][zone.id], seat):
                if isinstance(held, int):
                    runs.append(np.zeros(cards.size, np.float32))
                    runs.append(np.array([held], np.float32))
                else:
                    runs.append(cards.hot(writer, held))
                    runs.append(np.array([len(held)], np.float32))
            writer.block(np.concatenate(runs))
        for zone in game.shared_zones:
            cards = self.kinds[zone.kind]
            shown = view["zones"][zone.id]
            if isinstance(shown, int):
                writer.block(np.concatenate([np.zeros(cards.size, np.float32), [shown]]))
            else:
                writer.block(np.concatenate([cards.hot(writer, shown), [len(shown)]]))
        for slot, kind in self.slots:
            # Table slots are public (setup lays them face up); the engine's view omits them.
            placed = state.slots.get(slot, [])
            writer.block(writer.hot(self.kinds[kind].size, [card for _, card, _ in placed]))


class TrickTaking:
    """Tricks: round and trick, phase, led suit, trump, the trick so far, bids, passing."""

    blocks: tuple[Block, ...]

    def __init__(self, match: Match) -> None:
        game, n = match.game, match.players
        self.n = n
        self.deck = Cards(game, "deck")
        suits_kind = getattr(game.content.game.deck, "suits", None)
        self.suits: tuple[str, ...] = game.tables[suits_kind].names if suits_kind else ()
        d, s = self.deck.size, len(self.suits)
        self.blocks = (
            Block("round", 1, "the round in play (from 1)"),
            Block("rounds", 1, "rounds in the game"),
            Block("trick", 1, "the trick in play this round (from 1)"),
            Block("phase", len(TRICK_PHASES), "one-hot: " + ", ".join(TRICK_PHASES)),
            Block("led_suit", s + 1, "one-hot over the suits, last slot: none led"),
            Block("trump", s + 1, "one-hot over the suits, last slot: no trump"),
            Block("turned_up", d + 1, "one-hot over the deck, last slot: none turned up"),
            Block("plays", n * d, "per relative seat: one-hot of its card in the current trick"),
            Block("bids", n, "per relative seat: its bid (-1: none yet or no bidding)"),
            Block("passing", d, "multi-hot: the observer's cards set aside to pass"),
            Block("broken", 1, "1 once a suit that may not be led early has been broken"),
            Block("pass_count", 1, "cards each player passes"),
            Block("pass_to", n, "one-hot: the relative seat the observer passes to"),
        )

    def _suit(self, name: str | None) -> int:
        return self.suits.index(name) if name is not None else len(self.suits)

    def fill(self, writer: Writer, view: dict[str, Any], state: State, seat: int) -> None:
        n, d = self.n, self.deck.size
        writer.block([view["round"]])
        writer.block([view["rounds"]])
        writer.block([view["trick"]])
        writer.block(writer.hot(len(TRICK_PHASES), [TRICK_PHASES.index(view["phase"])]))
        writer.block(writer.hot(len(self.suits) + 1, [self._suit(view["led_suit"])]))
        writer.block(writer.hot(len(self.suits) + 1, [self._suit(view["trump"])]))
        turned = view["turned_up"]
        writer.block(writer.hot(d + 1, [self.deck.index[turned] if turned is not None else d]))
        plays = np.zeros((n, d), np.float32)
        for player, card in view["plays"]:
            plays[(player - seat) % n, self.deck.index[card]] = 1.0
        writer.block(plays.reshape(-1))
        bids = view["bids"]
        writer.block(relative(bids, seat) if len(bids) == n else [-1.0] * n)
        writer.block(self.deck.hot(writer, view["passing"]))
        writer.block([float(view["broken"])])
        writer.block([view["pass_count"]])
        writer.block(writer.hot(n, [(view["pass_to"] - seat) % n]))


class DrawAndPlay:
    """Draw and play: round and turn, the step, cards known in others' hands, pile tops."""

    blocks: tuple[Block, ...]

    def __init__(self, match: Match) -> None:
        game, n = match.game, match.players
        self.n = n
        self.deck = Cards(game, "deck")
        sample = game.mechanic.observe(match.new_state(0), 0)
        self.piles = tuple(sample["discards"])
        d = self.deck.size
        self.blocks = (
            Block("round", 1, "the round in play (from 1)"),
            Block("rounds", 1, "rounds in the game"),
            Block("turn", 1, "turns played"),
            Block("step", len(DRAW_STEPS), "one-hot: " + ", ".join(DRAW_STEPS)),
            Block("known", n * d, "per relative seat: multi-hot of its hand cards all have seen"),
            Block(
                "pile_tops",
                len(self.piles) * (d + 1),
                "per discard pile (" + ", ".join(self.piles) + "): one-hot of its top card, "
                "last slot: empty",
            ),
        )

    def fill(self, writer: Writer, view: dict[str, Any], state: State, seat: int) -> None:
        d = self.deck.size
        writer.block([view["round"]])
        writer.block([view["rounds"]])
        writer.block([view["turn"]])
        writer.block(writer.hot(len(DRAW_STEPS), [DRAW_STEPS.index(view["step"])]))
        writer.block(
            np.concatenate(
                [self.deck.hot(writer, cards) for cards in relative(view["known"], seat)]
            )
        )
        tops = []
        for pile in self.piles:
            cards = view["discards"][pile]
            tops.append(writer.hot(d + 1, [self.deck.index[cards[-1]] if cards else d]))
        writer.block(np.concatenate(tops))


class Draft:
    """Drafting: round, direction, and for grid drafts every park cell of every player."""

    blocks: tuple[Block, ...]

    def __init__(self, match: Match) -> None:
        game, n = match.game, match.players
        self.n = n
        self.deck = Cards(game, "deck")
        sample = game.mechanic.observe(match.new_state(0), 0)
        self.grid = "parks" in sample
        codec = game.mechanic.codec
        self.rows = int(getattr(codec, "row_span", 0)) if self.grid else 0
        self.columns = int(getattr(codec, "column_span", 0)) if self.grid else 0
        width, height = 2 * self.columns + 1, 2 * self.rows + 1
        self.cells = width * height if self.grid else 0
        blocks = [
            Block("round", 1, "the round in play (from 1)"),
            Block("rounds", 1, "rounds in the game (0 for a grid draft: one round of picks)"),
            Block("direction", 1, "+1: hands pass left, -1: right"),
        ]
        if self.grid:
            blocks.append(
                Block(
                    "parks",
                    n * self.cells * 3,
                    f"per relative seat, per cell of a {height}x{width} grid around the first "
                    "card (row-major, rows then columns from the most negative): occupied, "
                    "face down, deck index + 1 of its card (0 if face down and not the "
                    "observer's)",
                )
            )
        else:
            blocks.append(Block("discarded", 1, "tableau cards discarded at rounds' ends"))
        self.blocks = tuple(blocks)

    def fill(self, writer: Writer, view: dict[str, Any], state: State, seat: int) -> None:
        writer.block([view["round"]])
        writer.block([view.get("rounds", 0)])
        writer.block([1.0 if view["direction"] == "left" else -1.0])
        if not self.grid:
            writer.block([view["discarded"]])
            return
        width = 2 * self.columns + 1
        parks = np.zeros((self.n, self.cells, 3), np.float32)
        for r, cells in enumerate(relative(view["parks"], seat)):
            for key, card in cells.items():
                row, column = (int(part) for part in key.split(","))
                cell = (row + self.rows) * width + column + self.columns
                parks[r, cell, 0] = 1.0
                if card.startswith("down"):
                    parks[r, cell, 1] = 1.0
                    card = card[5:]
                if card:
                    parks[r, cell, 2] = self.deck.index[card] + 1
        writer.block(parks.reshape(-1))


ENCODERS: dict[str, Callable[[Match], Part]] = {
    "trick_taking": TrickTaking,
    "draw_and_play": DrawAndPlay,
    "draft": Draft,
}
"""The mechanic part of the vector, by mechanic name."""


class Encoder:
    """The observation vector of one match: the common part, then the mechanic's."""

    def __init__(self, match: Match) -> None:
        self.game = match.game
        name = match.mechanic_name
        if name not in ENCODERS:
            raise ValueError(f"no observation encoder for the mechanic '{name}'")
        self.parts: tuple[Part, ...] = (Common(match), ENCODERS[name](match))
        self.size = sum(block.size for part in self.parts for block in part.blocks)

    def encode(self, state: State, seat: int) -> Vector:
        """The vector `seat` observes in `state`."""
        vector = np.zeros(self.size, np.float32)
        view = self.game.observe(state, seat)
        at = 0
        for part in self.parts:
            writer = Writer(vector, part.blocks, at)
            part.fill(writer, view, state, seat)
            at += sum(block.size for block in part.blocks)
            if writer.at != at:
                raise ValueError(f"{type(part).__name__} filled {writer.at} of {at} slots")
        return vector

    def layout(self) -> list[tuple[int, Block]]:
        """(offset, block) of every block, in vector order."""
        rows, at = [], 0
        for part in self.parts:
            for block in part.blocks:
                rows.append((at, block))
                at += block.size
        return rows
