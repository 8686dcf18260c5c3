"""Random streams that are cheap to start: 64-bit values read from SHAKE-256 of a key.

A game draws from many short streams: each random event's (a setup draw, a deal) and each
random bot's. The Mersenne Twister behind `random.Random` costs about 7 us to start, more
than a deal's whole use of it, and a game of Midway Memories started eleven. A stream here
reads its values 64 at a time from SHAKE-256 of its key and a block number (`values`), so
starting one costs a closure and the first of them a hash; 64 bits per value leave any
pick among a few dozen options uneven by less than 2**-58.

Which streams a game's events draw from is part of its transcript's format (`FORMATS`): a
transcript written before streams existed replays with a Twister per event, as it was
played.
"""

from __future__ import annotations

import random
import struct
from collections.abc import Callable, Iterator, MutableSequence, Sequence
from hashlib import shake_256
from itertools import chain, count
from typing import Any, TypeVar

T = TypeVar("T")

TWISTER = 1
"""Format 1: each random event has its own `random.Random(key)` (transcripts without a
`format` in their header)."""
SHAKE = 2
"""Format 2: each random event draws from `EventRandom(key)`."""
FORMATS = (TWISTER, SHAKE)
CURRENT = SHAKE
"""The format new games are played and written in."""

BLOCK = 64
"""Values per hash."""
_UNPACK = struct.Struct(f">{BLOCK}Q").unpack


def values(key: str) -> Iterator[int]:
    """The stream of `key`: uniform 64-bit values without end, block `i` read from
    SHAKE-256 of `key/i` when the one before is used up (in C: `chain` over `map`)."""
    data = key.encode()

    def block(index: int) -> tuple[int, ...]:
        return _UNPACK(shake_256(b"%s/%d" % (data, index)).digest(8 * BLOCK))

    return chain.from_iterable(map(block, count()))


def picker(key: str) -> Callable[[Sequence[T]], T]:
    """A uniform pick from a sequence, one value of `key`'s stream each (a random bot's)."""
    draw = values(key).__next__

    def pick(options: Sequence[T]) -> T:
        return options[draw() % len(options)]

    return pick


class EventRandom(random.Random):
    """`random.Random`'s methods over the stream of `key`, for one random event of a game
    in format 2 (`State.random`): `getrandbits` and `random` read values from it, so every
    method (`sample`, `choice`, `randrange` ...) works as the module documents for a
    generator of one's own; `shuffle`, a deal's whole use, is Fisher-Yates with one value
    per card. The Twister underneath is never started nor read."""

    def __init__(self, key: str) -> None:  # no super().__init__: it would start the Twister
        self._draw = values(key).__next__
        self.gauss_next = None

    def getrandbits(self, k: int) -> int:
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        bits, have = 0, 0
        while have < k:
            bits, have = bits << 64 | self._draw(), have + 64
        return bits >> (have - k)

    def random(self) -> float:
        return (self._draw() >> 11) * 2.0**-53

    def shuffle(self, x: MutableSequence[Any]) -> None:
        draw = self._draw
        for i in range(len(x) - 1, 0, -1):
            j = draw() % (i + 1)
            x[i], x[j] = x[j], x[i]

    def seed(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("an event's stream is fixed by its key")

    def getstate(self) -> Any:
        raise TypeError("an event's stream has no Twister state to save")

    def setstate(self, state: Any) -> None:
        raise TypeError("an event's stream has no Twister state to restore")


def event_random(streams: int, key: str) -> random.Random:
    """The generator of the random event named `key` in a game of format `streams`."""
    return EventRandom(key) if streams == SHAKE else random.Random(key)
