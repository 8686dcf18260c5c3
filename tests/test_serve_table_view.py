"""The page's table is built from what the seat's observation holds, never more, for every
game in the repository; each mechanic's own parts are laid out its way (grids, the trick by
seat, columns, piles); and each card drawn carries exactly its own moves, so a click on one
of two twin cards picks that card.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import fields, is_dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

pytest.importorskip("starlette")

from toolkit.play.session import Session
from toolkit.play.views import Views, ordered_moves
from toolkit.record.transcripts import LoadedGame
from toolkit.serve.table_view import Face, Grid, TableBuilder, TableView, Zone

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted((ROOT / "rules").glob("*.yaml")) + sorted(
    (ROOT / "tests" / "games").glob("*/rules/*.yaml")
)
LOOKS = 6
"""Positions of one random game looked at per game."""


@cache
def loaded(manifest: Path) -> LoadedGame:
    return LoadedGame.load(str(manifest))


def positions(game: LoadedGame, players: int, seed: int) -> Iterator[Session]:
    """A random game with the person at seat 1, looked at every few moves of theirs."""
    session = Session(game, seed=seed, players=players, seat=0, bots=["random"] * players)
    session.run_bots()
    rng = random.Random(seed)
    looked = 0
    while not session.over and looked < LOOKS:
        yield session
        looked += 1
        for _ in range(3):
            if session.over:
                break
            session.play(rng.choice(session.legal()))


def table_of(session: Session) -> tuple[TableView, list[int]]:
    views = Views(session, plain=True)
    moves = ordered_moves(session.legal()) if session.person_to_move() else []
    numbered = list(enumerate(moves, start=1))
    return TableBuilder(views, [], numbered).build(), moves


def faces(value: Any) -> Iterator[Face]:
    """Every card drawn anywhere in the table."""
    if isinstance(value, Face):
        yield value
    elif is_dataclass(value) and not isinstance(value, type):
        for item in fields(value):
            yield from faces(getattr(value, item.name))
    elif isinstance(value, list | tuple):
        for item in value:
            yield from faces(item)


def strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings(item)


def seen(session: Session) -> set[str]:
    """Every text the seat's observation holds, face-down cards it knows included."""
    view = session.game.observe(session.state, session.seat)
    found = set(strings(view))
    return found | {text.split(":", 1)[1] for text in found if text.startswith("down:")}


@pytest.mark.parametrize("manifest", GAMES, ids=[m.stem for m in GAMES])
def test_the_table_shows_what_the_seat_sees_and_nothing_more(manifest: Path) -> None:
    game = loaded(manifest)
    players = yaml.safe_load(manifest.read_text(encoding="utf-8"))["players"]["max"]
    for session in positions(game, players, 7):
        table, moves = table_of(session)
        visible = seen(session)
        drawn = list(faces(table))
        for face in drawn:
            assert face.card is None or face.card in visible, (
                f"{face.card} is not the seat's to see"
            )
        assert {card.card for card in table.hand} == set(session.game.observe(
            session.state, session.seat
        )["hand"])  # fmt: skip
        view = session.game.observe(session.state, session.seat)
        for zone in session.game.player_zones:
            for player, held in enumerate(view["zones"][zone.id]):
                if isinstance(held, int) and held and not zone.grid:
                    shown = [z for z in table.players[player].zones if z.name == zone.name]
                    assert [(z.shape, z.count) for z in shown] == [("backs", held)]
        numbers = [n for face in drawn for n in face.moves]
        assert len(numbers) == len(set(numbers)) or session.state.pending is not None
        assert set(numbers) <= set(range(1, len(moves) + 1))


def test_twin_cards_each_carry_their_own_moves() -> None:
    """Tide Pool Market's hand holds cards alike in everything but their id: each is drawn
    with the one move that takes it, and the move's words say which one it is."""
    game = loaded(ROOT / "rules" / "tide-pool-market.yaml")
    session = Session(game, seed=7, players=3, seat=0, bots=["random"] * 3)
    session.run_bots()
    table, moves = table_of(session)
    by_name: dict[str, list[Face]] = {}
    for face in table.hand:
        by_name.setdefault(face.name, []).append(face)
    twins = [alike for alike in by_name.values() if len(alike) > 1]
    assert twins
    views = Views(session, plain=True)
    words = views.move_texts(moves)
    for alike in twins:
        picked = [face.moves for face in alike]
        assert all(len(p) == 1 for p in picked) and len({p[0] for p in picked}) == len(picked)
        assert len({words[p[0] - 1] for p in picked}) == len(picked)


def test_each_mechanic_lays_out_its_own_parts() -> None:
    def first(name: str, players: int, seed: int = 3, moves: int = 0) -> TableView:
        game = loaded(ROOT / "rules" / f"{name}.yaml")
        session = Session(game, seed=seed, players=players, seat=0, bots=["random"] * players)
        session.run_bots()
        rng = random.Random(seed)
        for _ in range(moves):
            session.play(rng.choice(session.legal()))
        return table_of(session)[0]

    park = first("oh-my-park", 3, moves=3)
    grids = [grid for player in park.players for grid in player.grids]
    assert len(grids) == 3 and all(isinstance(g, Grid) for g in grids)
    mine = [cell for _, cells in grids[0].rows for cell in cells]
    assert "open" in mine and sum(isinstance(c, Face) for c in mine) >= 3
    others = [cell for g in grids[1:] for _, cells in g.rows for cell in cells]
    assert all(c.card is None for c in others if isinstance(c, Face) and c.face_down)
    placed = {
        (r, grids[0].columns[i])
        for r, cells in grids[0].rows
        for i, c in enumerate(cells)
        if isinstance(c, Face)
    }
    assert placed <= grids[0].plan  # the plan's outline covers the park's cards
    open_cells = {
        (r, grids[0].columns[i])
        for r, cells in grids[0].rows
        for i, c in enumerate(cells)
        if c == "open"
    }
    assert set(grids[0].moves_at) == open_cells and all(grids[0].moves_at.values())
    assert not any(g.moves_at for g in grids[1:])

    trick = first("midway-memories", 4, moves=1)
    assert len(trick.trick) == 4 and sum(seat.leads for seat in trick.trick) == 1
    assert trick.trick[0].leads  # laid out from the leader round the table
    assert [s.order for s in trick.trick] == sorted(s.order for s in trick.trick)

    routes = first("lantern-routes", 2, moves=6)
    areas = [z for p in routes.players for z in p.zones if z.shape == "columns"]
    assert len(areas) == 2 and any(z.columns for z in areas)
    assert all(len({name for name, _ in z.columns}) == len(z.columns) for z in areas)
    assert sum(z.shape == "pile" for z in routes.shared) == 5

    tableau = first("tide-pool-market", 3)
    assert any("hands pass" in note for note in tableau.notes)
    assert all(zone.shape == "backs" for p in tableau.players[1:] for zone in p.zones[:1])

    line = first("kite-festival", 3)
    shapes = {z.name: z.shape for z in line.shared}
    assert sorted(shapes.values()) == ["backs", "pile"]
    pile = next(z for z in line.shared if z.shape == "pile")
    assert isinstance(pile, Zone) and pile.cards and pile.count >= len(pile.cards)
    assert line.news and any(face.last for face in faces(line))  # the last moves marked


def test_a_choice_among_the_display_is_a_click_on_the_card() -> None:
    """Midway Memories asks which attraction to ride: each one the person may take is drawn
    on the display with its own move; the others have none."""
    game = loaded(ROOT / "rules" / "midway-memories.yaml")
    session = Session(game, seed=1, players=3, seat=0, bots=["random"] * 3)
    session.run_bots()
    rng = random.Random(1)
    while session.state.pending is None or not session.person_to_move():
        session.play(rng.choice(session.legal()))
    table, moves = table_of(session)
    display = [face for zone in table.shared for face in zone.cards]
    offered = [face for face in display if face.moves]
    assert offered and len(offered) < len(display)
    for face in offered:
        (number,) = face.moves
        assert game.game.tables[session.state.pending.kind].ids[moves[number - 1]] == face.card


def test_cards_seen_taken_into_a_hidden_hand_are_shown_face_up() -> None:
    """Saffron Row's wares are hidden, but a ware taken from the market row was seen: the
    taker's panel shows it face up, and only it."""
    game = loaded(ROOT / "rules" / "saffron-row.yaml")
    for session in positions(game, 3, 5):
        view = session.game.observe(session.state, session.seat)
        table, _ = table_of(session)
        for player, known in enumerate(view["known"]):
            seen_taken = [z for z in table.players[player].zones if z.name.startswith("Seen")]
            if known and player != session.seat:
                assert [face.card for face in seen_taken[0].cards] == known
            else:
                assert not seen_taken
