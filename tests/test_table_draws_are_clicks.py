"""In the page, drawing is a click on the pile: the seat's moves that draw from a shared zone
(the face-down draw pile, a discard pile's top card) or take it whole hang on that zone's top
card, in both mechanics that draw (draw-and-play and staged), and on nothing else."""

from __future__ import annotations

import random
import re
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")

from shipped_project import copy_project

with warnings.catch_warnings():  # Starlette would rather have httpx2; httpx works the same
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from toolkit.mechanics.draw_and_play.codec import Draw
from toolkit.mechanics.staged.moves import DrawMove
from toolkit.play.session import Session
from toolkit.play.views import Views, ordered_moves
from toolkit.record.transcripts import LoadedGame
from toolkit.serve.app import create_app
from toolkit.serve.images import ImageCache
from toolkit.serve.project_state import ProjectState
from toolkit.serve.table_view import Face, TableBuilder, TableView

ROOT = Path(__file__).resolve().parent.parent
BALES = "the bales"
"""Saffron Row's face-down stack, which a `draw` move draws two cards from."""


def _at_a_draw(name: str, seed: int, sources: int = 1) -> tuple[Session, TableView, list[int]]:
    """A random game of `name` played on until the seat may draw from `sources` zones; its
    table and moves."""
    game = LoadedGame.load(str(ROOT / "rules" / f"{name}.yaml"))
    session = Session(game, seed=seed, players=2, seat=0, bots=["random"] * 2)
    session.run_bots()
    rng = random.Random(seed)
    codec = game.game.mechanic.codec
    while True:
        assert not session.over
        moves = ordered_moves(session.legal()) if session.person_to_move() else []
        draws = [m for m in moves if m >= 0 and _is_draw(codec, m)]
        if len(draws) >= sources and session.state.pending is None:
            numbered = list(enumerate(moves, start=1))
            return session, TableBuilder(Views(session, plain=True), [], numbered).build(), moves
        session.play(rng.choice(session.legal()))


def _is_draw(codec: object, action: int) -> bool:
    if hasattr(codec, "rule_of"):
        return isinstance(codec.rule_of(action)[1], DrawMove)
    return isinstance(codec.decode(action), Draw)  # type: ignore[attr-defined]


def _hung(table: TableView) -> dict[str, list[int]]:
    """Each shared zone's moves hung on its cards."""
    return {zone.name: [n for face in zone.cards for n in face.moves] for zone in table.shared}


def test_lantern_routes_draws_from_the_pile_and_takes_a_discard_by_clicking_them() -> None:
    session, table, moves = _at_a_draw("lantern-routes", 4, sources=2)
    mechanic = session.game.mechanic
    codec, shared = mechanic.codec, session.game.shared_zones
    sources = (mechanic.draw, *mechanic.piles)
    expected: dict[str, list[int]] = {}
    for number, action in enumerate(moves, start=1):
        record = codec.decode(action)
        if isinstance(record, Draw):
            expected.setdefault(shared[sources[record.source]].name, []).append(number)
    hung = {name: numbers for name, numbers in _hung(table).items() if numbers}
    assert hung == expected
    assert len(expected) >= 2  # the draw pile and at least one discard pile's top card
    for zone in table.shared:
        for position, face in enumerate(zone.cards):
            assert not face.moves or position == 0  # only the top card (or the stack) draws
    draw_pile = next(z for z in table.shared if z.shape == "backs")
    assert draw_pile.cards[0].moves == expected[draw_pile.name]


def test_a_staged_draw_is_a_click_on_the_face_down_bales() -> None:
    session, table, moves = _at_a_draw("saffron-row", 2)
    bales = next(z.name for z in session.game.shared_zones if z.id == "bales")
    draws = [n for n, a in enumerate(moves, start=1) if _is_draw(session.game.mechanic.codec, a)]
    hung = {name: [n for n in numbers if n in draws] for name, numbers in _hung(table).items()}
    assert {name: numbers for name, numbers in hung.items() if numbers} == {bales: draws}
    stack = next(z for z in table.shared if z.name == bales)
    assert stack.shape == "backs" and isinstance(stack.cards[0], Face)


def test_no_draw_hangs_on_a_pile_while_the_seat_waits() -> None:
    game = LoadedGame.load(str(ROOT / "rules" / "saffron-row.yaml"))
    for seat in (0, 1):
        session = Session(game, seed=2, players=2, seat=seat, bots=["random"] * 2)
        if not session.person_to_move():
            break
    assert not session.person_to_move()
    table = TableBuilder(Views(session, plain=True), [], []).build()
    assert not any(face.moves for zone in table.shared for face in zone.cards)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    project = ProjectState(
        copy_project(tmp_path_factory.mktemp("draws")), ["saffron-row"], ImageCache()
    )
    with TestClient(create_app(project, watch=False), base_url="http://127.0.0.1") as client:
        yield client


def test_clicking_the_face_down_bales_in_the_page_draws_two_cards(client: TestClient) -> None:
    page = client.post("/game/saffron-row/play", data={"players": "2", "seed": "2"})
    url = str(page.url)
    for _ in range(60):
        stack = page.text[page.text.index(f'<h3 class="zone-name">{BALES}') :]
        stack = stack[: stack.index("</figure>")]
        button = re.search(r'<button class="cardbutton"[^>]*value="(\d+)"', stack)
        if button is not None:
            break
        moves = re.findall(r'name="action" value="(-?\d+)"', page.text)
        page = client.post(url, data={"action": moves[-1]})
    assert button is not None, "the bales never offered a draw"
    after = client.post(url, data={"action": button.group(1)})
    assert after.status_code == 200
    assert _hand(after.text) == _hand(page.text) + 2


def _hand(text: str) -> int:
    """The cards in the seat's hand as the page draws them."""
    hand = text[text.index('id="hand"') :]
    return hand[: hand.index("</section>")].count("<figure")
