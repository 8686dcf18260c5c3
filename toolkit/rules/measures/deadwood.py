"""`deadwood`: the least value left unmatched when a hand is laid out in sets and runs.

Every meld a hand can make is listed once (sets: every choice of at least `set_size` cards of
one rank; runs: every stretch of at least `run_size` consecutive ranks of one suit, with each
copy of a duplicated card), then a search takes the hand's first card left and either leaves
it unmatched or lays it in one of the melds it starts, memoised by the cards left. A card can
only start a meld of cards after it in the hand's order (suit, then rank), so the search
branches little; hands are bounded by the measure's `max_cards`.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product


def deadwood(cards: Sequence[tuple[int | None, object, int]], set_size: int, run_size: int) -> int:
    """The least total value of unmatched cards; each card is (rank, suit, value), a card
    without a rank never melds."""
    hand = sorted(cards, key=lambda card: (str(card[1]), card[0] if card[0] is not None else 0))
    n = len(hand)
    melds = _melds(hand, set_size, run_size)
    starting: list[list[int]] = [[] for _ in range(n)]
    for meld in melds:
        starting[(meld & -meld).bit_length() - 1].append(meld)
    values = [card[2] for card in hand]
    memo: dict[int, int] = {0: 0}

    def best(left: int) -> int:
        known = memo.get(left)
        if known is not None:
            return known
        first = (left & -left).bit_length() - 1
        rest = left & ~(1 << first)
        result = values[first] + best(rest)
        for meld in starting[first]:
            if meld & left == meld and result:
                result = min(result, best(left & ~meld))
        memo[left] = result
        return result

    return best((1 << n) - 1)


def _melds(
    hand: Sequence[tuple[int | None, object, int]], set_size: int, run_size: int
) -> list[int]:
    """Every set and run the hand can lay out, as bit masks over the hand's order."""
    by_rank: dict[int, list[int]] = {}
    by_suit: dict[object, dict[int, list[int]]] = {}
    for index, (rank, suit, _) in enumerate(hand):
        if rank is None:
            continue
        by_rank.setdefault(rank, []).append(index)
        by_suit.setdefault(suit, {}).setdefault(rank, []).append(index)
    melds: set[int] = set()
    for indexes in by_rank.values():
        for size in range(set_size, len(indexes) + 1):
            for chosen in combinations(indexes, size):
                melds.add(sum(1 << i for i in chosen))
    for ranks in by_suit.values():
        for low in ranks:
            high = low
            while high + 1 in ranks:
                high += 1
                if high - low + 1 >= run_size:
                    copies = [ranks[r] for r in range(low, high + 1)]
                    for chosen in product(*copies):
                        melds.add(sum(1 << i for i in chosen))
    return sorted(melds)
