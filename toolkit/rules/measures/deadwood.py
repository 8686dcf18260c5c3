"""`deadwood`: the least value left unmatched when a hand is laid out in sets and runs.

Every meld the hand can make is listed once (sets: every choice of at least `set_size` cards
of one rank; runs: every stretch of at least `run_size` consecutive ranks of one suit, with
each copy of a duplicated card). A card in no meld is always unmatched. Over the others, a
search takes the first card left and either leaves it unmatched or lays it in one of the
melds it is the first card of, memoised by the cards left: any meld of the cards left that
holds the first of them starts with it, so every layout is reached once. Hands are small
(the measure's `max_cards`), and most cards of a hand meld nothing, so the search is short.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product


def deadwood(cards: Sequence[tuple[int | None, object, int]], set_size: int, run_size: int) -> int:
    """The least total value of unmatched cards; each card is (rank, suit, value), a card
    without a rank never melds."""
    melds = _melds(cards, set_size, run_size)
    values = [card[2] for card in cards]
    if not melds:
        return sum(values)
    covered = 0
    for meld in melds:
        covered |= meld
    loose = sum(value for i, value in enumerate(values) if not covered >> i & 1)
    starting: dict[int, list[int]] = {}
    for meld in melds:
        starting.setdefault(meld & -meld, []).append(meld)
    memo: dict[int, int] = {0: 0}

    def best(left: int) -> int:
        known = memo.get(left)
        if known is not None:
            return known
        first = left & -left
        result = values[first.bit_length() - 1] + best(left & ~first)
        for meld in starting.get(first, ()):
            if result and meld & left == meld:
                result = min(result, best(left & ~meld))
        memo[left] = result
        return result

    return loose + best(covered)


def _melds(
    cards: Sequence[tuple[int | None, object, int]], set_size: int, run_size: int
) -> list[int]:
    """Every set and run the hand can lay out, as bit masks over the hand's order."""
    by_rank: dict[int, list[int]] = {}
    by_suit: dict[object, dict[int, list[int]]] = {}
    for index, (rank, suit, _) in enumerate(cards):
        if rank is None:
            continue
        same = by_rank.get(rank)
        if same is None:
            by_rank[rank] = [index]
        else:
            same.append(index)
        ranks = by_suit.get(suit)
        if ranks is None:
            by_suit[suit] = {rank: [index]}
        elif rank in ranks:
            ranks[rank].append(index)
        else:
            ranks[rank] = [index]
    melds: list[int] = []
    for indexes in by_rank.values():
        if len(indexes) >= set_size:
            for size in range(set_size, len(indexes) + 1):
                melds += [sum(1 << i for i in chosen) for chosen in combinations(indexes, size)]
    for ranks in by_suit.values():
        if len(ranks) < run_size:
            continue
        for low in ranks:
            if low - 1 in ranks or low + run_size - 1 not in ranks:
                continue
            high = low
            while high + 1 in ranks:
                high += 1
            if high - low + 1 < run_size:
                continue
            # One stretch low..high: every run inside it of at least run_size ranks.
            for start in range(low, high - run_size + 2):
                for end in range(start + run_size - 1, high + 1):
                    copies = [ranks[r] for r in range(start, end + 1)]
                    melds += [sum(1 << i for i in chosen) for chosen in product(*copies)]
    return melds
