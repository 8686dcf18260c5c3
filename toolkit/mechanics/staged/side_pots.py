"""A pot split into side pots at a showdown: what a player put in this round is what they may
win back from each other player, so a player all in cannot win more than they risked."""

from __future__ import annotations

from collections.abc import Sequence

Pot = tuple[int, tuple[int, ...]]
"""An amount of one resource and the players who may win it."""


def side_pots(put: Sequence[int], lying: int, contenders: Sequence[int]) -> list[Pot]:
    """The chips of one resource lying on a pot, as pots from the main pot up, each with the
    players still in who put at least its level.

    `put`: what each player put in this round (those who folded too: their chips stay in the
    pots they reached); `lying`: the chips on the pot; `contenders`: the players still in.
    Chips lying beyond what this round put in (carried from an earlier round) go to a pot
    every contender may win; what folded players put beyond the highest contender's, to the
    last pot. When the counts do not add up (a pot nobody put anything in this round), every
    chip is one pot for every contender."""
    levels = sorted({put[p] for p in contenders if put[p] > 0})
    top = levels[-1] if levels else 0
    above = sum(x - top for x in put if x > top)
    carried = lying - sum(min(x, top) for x in put) - above
    if not levels or carried < 0:
        return [(lying, tuple(contenders))] if lying > 0 else []
    pots: list[Pot] = [(carried, tuple(contenders))] if carried else []
    below = 0
    for level in levels:
        amount = sum(min(x, level) - min(x, below) for x in put)
        pots.append((amount, tuple(p for p in contenders if put[p] >= level)))
        below = level
    amount, eligible = pots[-1]
    pots[-1] = (amount + above, eligible)
    merged: list[Pot] = []
    for amount, eligible in pots:  # a pot the same players may win is one pot
        if merged and merged[-1][1] == eligible:
            merged[-1] = (merged[-1][0] + amount, eligible)
        else:
            merged.append((amount, eligible))
    return merged
