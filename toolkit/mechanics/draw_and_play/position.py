"""A draw-and-play turn written down and read back: the `play` section of a position.

The draw pile is the rest of the deck unless the position names its cards, so a position
may write hands, areas and discard piles alone."""

from __future__ import annotations

from typing import Any

from toolkit.kernel.state import State
from toolkit.mechanics.base import KitPosition, PositionReader
from toolkit.mechanics.draw_and_play.machine import DRAW, PLAY, DrawPlayMechanic, TurnState
from toolkit.mechanics.draw_and_play.position_model import DrawPlayPlay

STEPS = {"play": PLAY, "draw": DRAW}


def save(machine: DrawPlayMechanic, state: State) -> dict[str, Any]:
    mech: TurnState = state.mech
    ids = machine.card_ids
    out: dict[str, Any] = {"step": "draw" if mech.step == DRAW else "play"}
    if mech.discarded >= 0:
        out["discarded"] = ids[mech.discarded]
    if any(mech.known):
        out["known"] = [[ids[card] for card in cards] for cards in mech.known]
    if mech.idle:
        out["idle"] = mech.idle
    return out


def load(
    machine: DrawPlayMechanic, state: State, section: DrawPlayPlay, reader: PositionReader
) -> None:
    n = state.n
    first = DRAW if machine.draw_first else PLAY
    told = reader.to_move
    if len(told) > 1:
        reader.error(("to_move",), "illegal-position", "one player at a time takes a turn")
    current = told[0] if told else (state.first_player + state.round - 1) % n
    mech = TurnState(current=current, step=STEPS[section.step] if section.step else first)
    mech.known = [[] for _ in range(n)]
    at = ("play",)
    if section.discarded is not None:
        card = reader.card((*at, "discarded"), section.discarded, place=False)
        mech.discarded = card if card is not None else -1
    if section.known:
        if len(section.known) != n:
            reader.error(
                (*at, "known"),
                "invalid-value",
                f"{len(section.known)} lists for {n} players",
                "one per seat",
            )
        for seat, cards in enumerate(section.known[:n]):
            for index, card_id in enumerate(cards):
                card = reader.card((*at, "known", seat, index), card_id, place=False)
                if card is not None:
                    mech.known[seat].append(card)
    mech.idle = section.idle
    state.mech = mech
    state.turn = 1


def complete(
    machine: DrawPlayMechanic, state: State, section: DrawPlayPlay, reader: PositionReader
) -> None:
    """The rest of the deck is the draw pile unless named; known cards lie in their hands;
    the card discarded this turn lies on top of its pile."""
    draw_id = state.game.shared_zones[machine.draw].id
    if not reader.given(draw_id):
        state.shared[machine.draw] = state.out_of_play
        state.out_of_play = []
    mech: TurnState = state.mech
    hands = state.zones[machine.hand]
    for seat, cards in enumerate(mech.known):
        for index, card in enumerate(cards):
            if card not in hands[seat]:
                reader.error(
                    ("play", "known", seat, index),
                    "illegal-position",
                    f"{machine.card_ids[card]} is not in player {seat + 1}'s hand",
                )
    if mech.discarded >= 0:
        pile = machine.pile_of[mech.discarded]
        cards = state.shared[machine.piles[pile]] if pile >= 0 else []
        if not cards or cards[-1] != mech.discarded:
            reader.error(
                ("play", "discarded"),
                "illegal-position",
                f"{machine.card_ids[mech.discarded]} is not on top of a discard pile",
            )


POSITION = KitPosition(model=DrawPlayPlay, save=save, load=load, complete=complete)
