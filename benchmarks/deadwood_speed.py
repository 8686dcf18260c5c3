"""Microseconds per `deadwood` measure of a random hand, without the per-hand memory: ten cards
of one deck (a rummy hand) and twenty cards of two decks (the largest hand `max_cards` allows).

Run from the project root: `python benchmarks/deadwood_speed.py [hands]`. The CPU time of the
process is reported, so a loaded machine still says what one free core would do.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from toolkit.rules.measures.deadwood import deadwood  # noqa: E402


def per_hand(size: int, decks: int, hands: int) -> float:
    """CPU microseconds per hand of `size` cards dealt from `decks` 52-card decks."""
    rng = random.Random(size)
    deck = [(rank, suit, min(rank, 10)) for suit in "hsdc" for rank in range(1, 14)] * decks
    dealt = [rng.sample(deck, size) for _ in range(hands)]
    started = time.process_time()
    for hand in dealt:
        deadwood(hand, 3, 3)
    return (time.process_time() - started) / hands * 1e6


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    print(f"deadwood, {hands} random hands each: CPU microseconds per hand")
    for size, decks in ((10, 1), (20, 2)):
        print(f"{size} cards from {decks} deck(s): {per_hand(size, decks, hands):8.1f}")


if __name__ == "__main__":
    main()
