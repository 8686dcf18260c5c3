"""The end of a game in the page: who won (or that the victory is shared), the tie-break that
decided it and each player's points by source, from the same `ScoreSheet` that `toolkit
score` prints, so the page and the command line never disagree."""

from __future__ import annotations

from toolkit.play.score_sheet import ScoreSheet, score_sheet
from toolkit.play.session import HUMAN
from toolkit.serve.playsessions import PlaySession


def seat_names(play: PlaySession) -> list[str]:
    """`player N`, with `you` at the page's own seat and the bot at a bot's."""
    session = play.session
    names = []
    for seat, who in enumerate(session.bots):
        if seat == session.seat:
            names.append(f"player {seat + 1} (you)")
        elif who == HUMAN:
            names.append(f"player {seat + 1}")
        else:
            names.append(f"player {seat + 1} ({who})")
    return names


def end_sheet(play: PlaySession) -> ScoreSheet:
    return score_sheet(play.session.state.scores(), seat_names(play))


def lowest_wins(play: PlaySession) -> bool:
    """The game's lowest total wins (`end.winner: lowest`): the page says so beside the
    winner, where a higher total beside a win would read as a mistake."""
    return bool(getattr(play.session.game, "lowest_wins", False))
