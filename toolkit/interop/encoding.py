"""A player's observation as one fixed-length float32 vector, per mechanic.

The vector is built from the player's observation (the mechanic's `observe`), which already
turns other players' hidden zones into counts, so hidden information stays hidden. It has a
common part (every game, here) and the mechanic's part, which its kit brings
(`MechanicKit.encoder`, a `toolkit.mechanics.vector.KitEncoder`). Seats are relative: block
entry 0 is the observer, 1 the next seat, and so on. Every block, its size and what each slot
means is listed by `Encoder.layout()` and in docs/interop.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from toolkit.engine.compiled import UNLIMITED, Game
from toolkit.interop.match import Match
from toolkit.kernel.observation import Observation
from toolkit.kernel.state import State
from toolkit.mechanics.registry import mechanic_kit
from toolkit.mechanics.vector import Block, KitEncoder, relative

Vector = npt.NDArray[np.float32]


class Writer:
    """Fills a vector block by block, checking each block's size against its declaration
    (the `Slots` a kit's encoder writes through). The vector starts at zero, so a block
    writes only the slots it sets."""

    def __init__(self, vector: Vector, blocks: Sequence[Block], start: int, size: int) -> None:
        self.vector = vector
        self.blocks = blocks
        self.next = 0
        self.at = start
        self.end = start + size

    def take(self) -> tuple[Block, int]:
        """The next block and its offset in the vector (slots are written one by one at
        offset + index: cheaper than a view of the block for the few slots that are set)."""
        block = self.blocks[self.next]
        self.next += 1
        at = self.at
        self.at = at + block.size
        return block, at

    def block(self, values: Sequence[float] | Vector) -> None:
        block, at = self.take()
        if len(values) != block.size:
            raise ValueError(f"block {block.name}: {len(values)} values for {block.size} slots")
        self.vector[at : self.at] = values

    # -- `Slots`: what a kit's encoder writes with ---------------------------------------------

    def values(self, values: Sequence[float]) -> None:
        self.block(values)

    def ones(self, indexes: Iterable[int]) -> None:
        block, at = self.take()
        size, vector = block.size, self.vector
        for index in indexes:
            if index >= 0:
                if index >= size:
                    raise ValueError(f"block {block.name}: slot {index} of {size}")
                vector[at + index] = 1.0

    def sparse(self, entries: Iterable[tuple[int, float]]) -> None:
        block, at = self.take()
        size, vector = block.size, self.vector
        for index, value in entries:
            if not 0 <= index < size:
                raise ValueError(f"block {block.name}: slot {index} of {size}")
            vector[at + index] = value


class Cards:
    """Card ids of one kind to indexes (the table's order)."""

    def __init__(self, game: Game, kind: str) -> None:
        table = game.tables[kind]
        self.size = table.size
        self.index = {card_id: i for i, card_id in enumerate(table.ids)}

    def mark(self, vector: Vector, ids: Iterable[str], offset: int) -> None:
        """1 at the slot of each card, in the run of slots from `offset` on."""
        index = self.index
        for card_id in ids:
            vector[offset + index[card_id]] = 1.0


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

    def fill(self, writer: Writer, view: Observation, state: State, seat: int) -> None:
        n, game, vector = self.n, self.game, writer.vector
        _, at = writer.take()
        vector[at + seat] = 1.0
        _, at = writer.take()
        for player in state.to_move():
            vector[at + (player - seat) % n] = 1.0
        _, at = writer.take()
        pending = state.pending
        if pending is not None and pending.player == seat:
            vector[at] = 1.0
            kinds = self.decision_kinds
            kind = kinds.index(pending.kind) if pending.kind in kinds else len(kinds) - 1
            vector[at + 1 + kind] = 1.0
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
        zones = view["zones"]
        for zone in game.player_zones:
            cards = self.kinds[zone.kind]
            size = cards.size
            _, at = writer.take()
            for held in relative(zones[zone.id], seat):
                if isinstance(held, int):
                    vector[at + size] = held
                else:
                    cards.mark(vector, held, at)
                    vector[at + size] = len(held)
                at += size + 1
        for zone in game.shared_zones:
            cards = self.kinds[zone.kind]
            shown = zones[zone.id]
            _, at = writer.take()
            if isinstance(shown, int):
                vector[at + cards.size] = shown
            else:
                cards.mark(vector, shown, at)
                vector[at + cards.size] = len(shown)
        for slot, _kind in self.slots:
            # Table slots are public (setup lays them face up); the engine's view omits them.
            _, at = writer.take()
            for _, card, _ in state.slots.get(slot, []):
                if card >= 0:
                    vector[at + card] = 1.0


class Encoder:
    """The observation vector of one match: the common part, then the mechanic's."""

    def __init__(self, match: Match) -> None:
        self.game = match.game
        name = match.mechanic_name
        factory = mechanic_kit(name).encoder
        if factory is None:
            raise ValueError(f"no observation encoder for the mechanic '{name}'")
        self.common = Common(match)
        self.kit: KitEncoder[Any] = factory()(match.game.mechanic, match.game, match.players)
        self.parts: tuple[Common | KitEncoder[Any], ...] = (self.common, self.kit)
        self.common_size = sum(block.size for block in self.common.blocks)
        self.kit_size = sum(block.size for block in self.kit.blocks)
        self.size = self.common_size + self.kit_size

    def encode(self, state: State, seat: int) -> Vector:
        """The vector `seat` observes in `state`."""
        vector = np.zeros(self.size, np.float32)
        self.encode_into(vector, state, seat)
        return vector

    def encode_into(self, vector: Vector, state: State, seat: int) -> None:
        """Write the vector `seat` observes into `vector`, which must be all zero: OpenSpiel's
        tensor is cleared and written in place, not copied from a new vector."""
        view = self.kit.observe(state, seat)
        common = Writer(vector, self.common.blocks, 0, self.common_size)
        self.common.fill(common, view, state, seat)
        own = Writer(vector, self.kit.blocks, common.at, self.kit_size)
        self.kit.fill(own, view, seat)
        for part, writer in ((self.common, common), (self.kit, own)):
            if writer.at != writer.end:
                raise ValueError(f"{type(part).__name__} filled {writer.at} of {writer.end} slots")

    def layout(self) -> list[tuple[int, Block]]:
        """(offset, block) of every block, in vector order."""
        rows, at = [], 0
        for part in self.parts:
            for block in part.blocks:
                rows.append((at, block))
                at += block.size
        return rows
