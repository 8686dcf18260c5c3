"""Hands that cannot arise before the first trick are refused at their place: while passing a
hand holds the cards dealt less those its player set aside (passed cards arrive only once
every player has passed), and while bidding every hand holds the cards dealt."""

from __future__ import annotations

from pathlib import Path

from entry_point import run_toolkit

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
DECK = [f"{suit}-{rank}" for suit in ("bellows", "embers", "tongs", "anvils") for rank in RANKS]


def _passing(hands: list[list[str]], passing: list[list[str]]) -> str:
    """Cinder Tricks (13 cards dealt to each of four players) while passing, player 1
    first: these hands, these cards set aside."""
    players = "".join(
        f"  - {{name: P{seat + 1}, zones: {{hand: [{', '.join(cards)}]}}}}\n"
        for seat, cards in enumerate(hands)
    )
    aside = ", ".join(f"[{', '.join(cards)}]" for cards in passing)
    return (
        "kind: position\ngame: cinder-tricks\nto_move: [2]\n"
        f"players:\n{players}play: {{phase: passing, leader: 1, passing: [{aside}]}}\n"
    )


def _score(tmp_path: Path, game: str, text: str) -> tuple[Path, int, str]:
    path = tmp_path / "position.yaml"
    path.write_text(text, encoding="utf-8")
    result = run_toolkit("score", game, path)
    assert "Traceback" not in result.stderr
    return path, result.returncode, result.stdout + result.stderr


def _dealt() -> list[list[str]]:
    return [DECK[13 * seat : 13 * seat + 13] for seat in range(4)]


def test_a_hand_less_the_cards_set_aside_is_a_position(tmp_path: Path) -> None:
    hands = _dealt()
    aside = hands[0][-3:]
    hands[0] = hands[0][:-3]
    _, code, out = _score(tmp_path, "cinder-tricks", _passing(hands, [aside, [], [], []]))
    assert code == 0, out


def test_a_hand_still_holding_the_cards_set_aside_is_refused(tmp_path: Path) -> None:
    """Player 1 sets three cards aside (player 2's, who is left three short) and still
    holds 13."""
    hands = _dealt()
    aside, hands[1] = hands[1][:3], hands[1][3:]
    path, code, out = _score(tmp_path, "cinder-tricks", _passing(hands, [aside, [], [], []]))
    assert code == 1
    assert (
        f"{path}:5:30: error[illegal-position]: player 1 holds 13 cards while passing with 3 set "
        "aside; the rules leave 10 of the 13 dealt"
    ) in out
    assert "passed cards are received only once every player has passed" in out
    assert f"{path}:6:30: error[illegal-position]: player 2 holds 10 cards while passing" in out


def test_cards_received_before_everyone_passed_are_refused(tmp_path: Path) -> None:
    """Player 2 holds the three cards player 1 set aside: they were not handed over yet."""
    hands = _dealt()
    aside = hands[0][-3:]
    hands[0] = hands[0][:-3]
    text = _passing(hands, [aside, [], [], []]).replace(
        f"[{', '.join(hands[1])}]", f"[{', '.join(hands[1] + ['hidden'] * 3)}]"
    )
    path, code, out = _score(tmp_path, "cinder-tricks", text)
    assert code == 1
    line = text.splitlines().index(next(x for x in text.splitlines() if "P2" in x)) + 1
    column = text.splitlines()[line - 1].index("hand: [") + len("hand: ") + 1
    assert f"{path}:{line}:{column}: error[illegal-position]: player 2 holds 16 cards while " in (
        out
    )


LAMPLIGHT = """\
kind: position
game: lamplight-wagers
round: 7
players:
  - {name: P1, zones: {hand: [lanterns-A, wicks-2]}}
  - {name: P2, zones: {hand: [lanterns-K, wicks-3]}}
  - {name: P3, zones: {hand: [mirrors-5, moths-9]}}
play: {phase: bidding, leader: 1, turned_up: moths-2}
"""


def test_a_bidding_position_with_the_cards_dealt_is_a_position(tmp_path: Path) -> None:
    _, code, out = _score(tmp_path, "lamplight-wagers", LAMPLIGHT)
    assert code == 0, out


def test_a_hand_short_of_the_deal_while_bidding_is_refused(tmp_path: Path) -> None:
    """Round 7 deals two cards each; no card leaves a hand before the bids are in."""
    text = LAMPLIGHT.replace("[mirrors-5, moths-9]", "[mirrors-5]")
    path, code, out = _score(tmp_path, "lamplight-wagers", text)
    assert code == 1
    assert f"{path}:7:30: error[illegal-position]: player 3 holds 1 card while bidding; 2 are " in (
        out
    )
    assert "no card leaves a hand while bidding: write the 2 cards dealt" in out
