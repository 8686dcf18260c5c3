"""The deal's chance nodes: drawn digit by digit, every seed below `deals` comes out once,
with probability 1 / deals, and nothing else can be drawn."""

from __future__ import annotations

from fractions import Fraction

import pytest

from toolkit.interop.chance import Digits


def every_deal(digits: Digits) -> dict[int, Fraction]:
    """Each seed the chance nodes can spell, with the product of its digits' chances."""
    found: dict[int, Fraction] = {}

    def walk(node: int, prefix: int, drawn: list[int], chance: Fraction) -> None:
        if node == digits.nodes:
            seed = digits.seed(drawn)
            assert seed == prefix and seed not in found
            found[seed] = chance
            return
        outcomes = digits.outcomes(node, prefix)
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        assert [d for d, _ in outcomes] == [
            d for d in range(digits.radix + 1) if digits.allowed(node, prefix, d)
        ]
        for digit, probability in outcomes:
            share = Fraction(probability).limit_denominator(digits.deals)
            walk(node + 1, prefix + digit * digits.block(node), [*drawn, digit], chance * share)

    walk(0, 0, [], Fraction(1))
    return found


@pytest.mark.parametrize(
    ("deals", "radix", "nodes"),
    [(1, 16, 1), (5, 16, 1), (16, 16, 1), (17, 16, 2), (1000, 16, 3), (256, 16, 2), (100, 3, 5)],
)
def test_every_seed_is_dealt_once_and_equally_likely(deals: int, radix: int, nodes: int) -> None:
    digits = Digits(deals, radix)
    assert digits.nodes == nodes
    assert every_deal(digits) == dict.fromkeys(range(deals), Fraction(1, deals))


def test_a_digit_past_the_last_seed_is_no_outcome() -> None:
    digits = Digits(1000)
    assert digits.allowed(0, 0, 3) and not digits.allowed(0, 0, 4)
    assert not digits.allowed(1, 3 * 256, 15) and not digits.allowed(2, 0, -1)


@pytest.mark.parametrize(("deals", "radix"), [(0, 16), (10, 1)])
def test_no_deal_or_no_digits_is_refused(deals: int, radix: int) -> None:
    with pytest.raises(ValueError, match="must be at least"):
        Digits(deals, radix)
