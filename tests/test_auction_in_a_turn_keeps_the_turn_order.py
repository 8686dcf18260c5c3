"""An auction held inside a player's turn (they put a card of theirs up for sale) hands the
turn back to them when it is settled, so the next turn is the next player's: the bidders it
asked never take the seller's place in the turn order."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

from entry_point import run_toolkit

from toolkit.scaffold import new_game

ROUND = """\
  round:
    - {stage: deal, to: hand, count: 3, rest: glasshouse}
    - stage: turns
      start: first_player
      until: {empty: hand, who: every}
      turn:
        - stage: choose
          moves:
            - move: play
              from: hand
              to: bench
              then:
                - stage: auction
                  resource: florins
                  lots: bench
                  to: collection
                  start: next
                  steps: [1, 2]
                  drop: {takes: none, refund: all}
                  last: all
"""


def test_the_seller_after_an_auction_is_the_next_player(tmp_path: Path) -> None:
    new_game(tmp_path, "sale", "auction")
    manifest = tmp_path / "rules" / "sale.yaml"
    text = manifest.read_text(encoding="utf-8")
    text = text[: text.index("  round:\n")] + ROUND + text[text.index("\nend:") :]
    hand = "  - {id: hand, name: Hand, cards: deck, owner: player, visibility: owner}\n"
    text = text.replace("  - {id: collection,", hand + "  - {id: collection,")
    manifest.write_text(text, encoding="utf-8")
    assert run_toolkit("validate", "sale", cwd=tmp_path).returncode == 0
    transcript = tmp_path / "t.jsonl"
    ran = run_toolkit(
        "simulate", "sale", "--games", "3", "--players", "3", "--bots", "random",
        "--transcript", transcript, cwd=tmp_path,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    told = run_toolkit("replay", transcript, cwd=tmp_path).stdout
    games = re.split(r"^game \d+:", told, flags=re.M)[1:]
    assert len(games) == 3
    for game in games:
        sellers = [int(p) for p in re.findall(r"player (\d) moves .* from Hand to the bench", game)]
        assert len(sellers) == 9  # three cards each, every one put up for sale
        assert all(b == a % 3 + 1 for a, b in pairwise(sellers)), sellers
