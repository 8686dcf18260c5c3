"""The bridges leave legality to the engine: an id is only translated, and every id that is
not legal now, whatever the position (the mechanic to act, a card or option to choose, a
decision of the mechanic's own), is refused with `IllegalActionError` and changes nothing."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from toolkit.errors import IllegalActionError
from toolkit.interop.match import Match
from toolkit.kernel.state import State

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted((ROOT / "rules").glob("*.yaml")) + sorted(
    (ROOT / "tests" / "games").glob("*/rules/*.yaml")
)


def candidates(match: Match, legal: list[int], rng: random.Random) -> set[int]:
    """Ids around every boundary of the range, and a few anywhere in it, not legal now."""
    ids = match.ids
    edges = {-2, -1, 0, 1, ids.mechanic - 1, ids.decline, ids.decline + 1, ids.size - 1}
    edges |= {ids.size, ids.size + 1, *(rng.randrange(ids.size) for _ in range(12))}
    edges |= {action + 1 for action in legal} | {action - 1 for action in legal}
    return edges - set(legal)


def fingerprint(state: State) -> tuple[object, ...]:
    return (state.summary(), len(state.log), state.pending, str(state.zones), state.turn)


@pytest.mark.parametrize("manifest", GAMES, ids=lambda p: p.stem)
def test_every_illegal_id_is_refused_and_changes_nothing(manifest: Path) -> None:
    match = Match(str(manifest))
    rng = random.Random(manifest.stem)
    state = match.new_state(rng.getrandbits(32))
    refused = 0
    while (seat := match.current(state)) is not None:
        legal = match.legal(state, seat)
        if rng.random() < 0.3 or state.pending is not None:
            before = fingerprint(state)
            for action_id in candidates(match, legal, rng):
                with pytest.raises(IllegalActionError):
                    match.apply(state, seat, action_id)
                refused += 1
            assert fingerprint(state) == before
        match.apply(state, seat, legal[rng.randrange(len(legal))])
    assert state.terminal and refused > 0


def test_a_card_to_choose_refuses_the_mechanics_ids_that_share_its_numbers() -> None:
    """While a card is chosen by index (`N+1+i`), the mechanic's id `i` is no answer, even
    when card `i` is one of the choices."""
    match = Match("midway-memories", players=2)
    rng = random.Random(0)
    state = match.new_state(0)
    while state.pending is None or not [a for a in state.pending.options if a >= 0]:
        seat = match.current(state)
        assert seat is not None
        legal = match.legal(state, seat)
        match.apply(state, seat, legal[rng.randrange(len(legal))])
    card = next(a for a in state.pending.options if a >= 0)
    assert match.ids.mechanic + 1 + card in match.legal(state, state.pending.player)
    with pytest.raises(IllegalActionError, match=f"action {card} is not legal"):
        match.apply(state, state.pending.player, card)
