"""The deal as a few small chance nodes: the engine seed drawn digit by digit.

A game's randomness is its engine seed, one of `deals` numbers drawn uniformly. Offered as a
single chance node, every game would build and hand over `deals` outcomes (65,536 of them) to
the learning library; drawn as base-`radix` digits, most significant first, each node has at
most `radix` outcomes, and the product of the digits' probabilities is `1 / deals` for every
seed, so the seed stays uniform and the chance player a proper one that a search can
enumerate. When `deals` is not a power of the radix, a digit's probability is the share of
seeds below `deals` that it leaves possible. No third-party import.
"""

from __future__ import annotations

from dataclasses import dataclass, field

RADIX = 16
"""Outcomes of a full chance node: small lists to build and hand over, at the cost of a few
more nodes (four for 65,536 deals)."""


@dataclass(frozen=True, slots=True)
class Digits:
    """The seeds `0 .. deals-1` as sequences of base-`radix` digits."""

    deals: int
    radix: int = RADIX
    nodes: int = field(init=False)
    """Chance nodes of one deal: the digits of the largest seed."""
    _outcomes: dict[tuple[int, int], list[tuple[int, float]]] = field(
        init=False, default_factory=dict, compare=False, repr=False
    )
    """Outcome lists by (node, seeds left): the same few lists serve every game."""

    def __post_init__(self) -> None:
        if self.deals < 1:
            raise ValueError(f"deals must be at least 1, not {self.deals}")
        if self.radix < 2:
            raise ValueError(f"the radix must be at least 2, not {self.radix}")
        nodes, span = 1, self.radix
        while span < self.deals:
            nodes, span = nodes + 1, span * self.radix
        object.__setattr__(self, "nodes", nodes)

    def block(self, node: int) -> int:
        """How many seeds one digit of chance node `node` (0 first) stands for."""
        return int(self.radix ** (self.nodes - 1 - node))

    def outcomes(self, node: int, prefix: int) -> list[tuple[int, float]]:
        """(digit, probability) of chance node `node`, given `prefix`: the seed's value of
        the digits drawn so far (each times its block). Only digits that leave a seed below
        `deals` are offered, each as likely as the seeds it leaves."""
        block = self.block(node)
        left = min(self.radix * block, self.deals - prefix)
        key = (node, left)
        known = self._outcomes.get(key)
        if known is None:
            digits = range(min(self.radix, -(-left // block)))
            known = [(d, min(block, left - d * block) / left) for d in digits]
            self._outcomes[key] = known
        return known

    def allowed(self, node: int, prefix: int, digit: int) -> bool:
        """Whether `digit` is an outcome of chance node `node` after `prefix`."""
        return 0 <= digit < self.radix and prefix + digit * self.block(node) < self.deals

    def seed(self, digits: list[int]) -> int:
        """The seed the digits of a whole deal spell."""
        value = 0
        for digit in digits:
            value = value * self.radix + digit
        return value
