"""The routes of a game beyond its moves: saving its position and starting from one, stepping
through its moves, starting it again, and the tables several people play at.

A table's page is its seats' links: whoever opened the table hands them out. A seat's link
is the only way to its page; its event stream says only that something changed.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response, StreamingResponse
from starlette.routing import Route

from toolkit.errors import UsageError
from toolkit.play.session import Session
from toolkit.serve.playsessions import PlaySession
from toolkit.serve.positions import (
    MAX_POSITION_BYTES,
    PositionSession,
    play_from,
    read_sent,
    save_position,
    step,
)
from toolkit.serve.project_state import options_of
from toolkit.serve.tables import Table, TablePlay

if TYPE_CHECKING:
    from toolkit.serve.app import Workbench

SENT_FORM_BYTES = 4 * MAX_POSITION_BYTES
"""A form carrying a position: its text, percent-encoded, is up to a few times longer."""


def game_routes(bench: Workbench) -> list[Route]:
    from toolkit.serve.app import KEEPALIVE_SECONDS, POLL_SECONDS, _form, _number, _players, _seed

    project = bench.project

    async def position_save(request: Request) -> Response:
        play = bench.play(request)
        await bench.workers.run(save_position, play)
        return RedirectResponse(f"/play/{play.id}?position=1", status_code=303)

    async def position_start(request: Request) -> Response:
        game = await bench.game(request)
        if game.loaded is None:
            raise UsageError(f"{game.game_id} has errors: fix them to play it")
        form = await _form(request, SENT_FORM_BYTES)
        loaded = game.loaded
        sent = await bench.workers.run(read_sent, loaded, form.get("position", ""))
        play = await bench.workers.run(lambda: play_from(
            loaded, game.game_id, sent, seat=_number(form, "seat", 1),
            bot=form.get("bot", "greedy").strip() or "greedy",
            variants=[str(v) for v in game.variants], session_id=bench.plays.new_id(),
            root=project.root,
        ))  # fmt: skip
        bench.plays.add(play)
        return RedirectResponse(f"/play/{play.id}", status_code=303)

    async def replay_page(request: Request) -> Response:
        play = bench.play(request)
        game = project.games[play.game_id]
        wanted = _number(dict(request.query_params), "step", 0)
        shown = await bench.workers.run(step, play, wanted)
        return await bench.render("replay.html", play=play, game=game, step=shown)

    async def again(request: Request) -> Response:
        play = bench.play(request)
        if isinstance(play, TablePlay):
            await bench.workers.run(play.seating.restart)
            return RedirectResponse(f"/play/{play.id}", status_code=303)
        fresh = await bench.workers.run(_again, play, bench.plays.new_id())
        bench.plays.add(fresh)
        return RedirectResponse(f"/play/{fresh.id}", status_code=303)

    async def table_open(request: Request) -> Response:
        game = await bench.game(request)
        if game.loaded is None:
            raise UsageError(f"{game.game_id} has errors: fix them to play it")
        form = await _form(request)
        loaded, options = game.loaded, options_of(project, game)
        players = _number(form, "players", _players(game))
        table = await bench.workers.run(lambda: bench.tables.open(
            loaded, game.game_id, players=players, people=_number(form, "people", players),
            bot=form.get("bot", "greedy").strip() or "greedy", seed=_seed(form),
            options=options, variants=[str(v) for v in game.variants],
        ))  # fmt: skip
        return RedirectResponse(f"/table/{table.id}", status_code=303)

    def table_of(request: Request) -> Table:
        table = bench.tables.get(request.path_params["table"])
        if table is None:
            raise UsageError("no such table (the server may have restarted)")
        return table

    async def table_page(request: Request) -> Response:
        table = table_of(request)
        game = project.games[table.game_id]
        base = str(request.base_url).rstrip("/")
        return await bench.render("seating.html", table=table, game=game, base=base)

    async def table_change(request: Request) -> Response:
        table = table_of(request)
        form = await _form(request)
        if "bots" in form:
            await bench.workers.run(table.give_open_seats)
        else:
            seat = _number(form, "seat") - 1
            if not 0 <= seat < table.players:
                raise UsageError(f"the seat must be 1-{table.players}")
            await bench.workers.run(table.give, seat, form.get("to") == "person")
        return RedirectResponse(f"/table/{table.id}", status_code=303)

    async def seat_change(request: Request) -> Response:
        play = bench.play(request)
        if not isinstance(play, TablePlay):
            raise UsageError("only a seat at a table can be handed to a bot")
        form = await _form(request)
        await bench.workers.run(play.seating.give, play.session.seat, form.get("to") == "person")
        return RedirectResponse(f"/play/{play.id}", status_code=303)

    async def seat_events(request: Request) -> Response:
        play = bench.play(request)
        if not isinstance(play, TablePlay):
            raise UsageError("only a seat at a table has an event stream")
        table = play.seating
        once = request.query_params.get("once") is not None

        async def stream() -> AsyncIterator[str]:
            seen, quiet = -1, 0.0
            while not bench.stopping():
                if table.version != seen:  # the version only: nothing of the game
                    seen = table.version
                    yield f"event: table\ndata: {seen}\n\n"
                    if once:
                        return
                    quiet = 0.0
                elif quiet >= KEEPALIVE_SECONDS:
                    yield ": keepalive\n\n"
                    quiet = 0.0
                await asyncio.sleep(POLL_SECONDS / 4)
                quiet += POLL_SECONDS / 4

        headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    return [
        Route("/game/{game:str}/position", position_start, methods=["POST"]),
        Route("/game/{game:str}/table", table_open, methods=["POST"]),
        Route("/play/{session:str}/position", position_save, methods=["POST"]),
        Route("/play/{session:str}/replay", replay_page, methods=["GET"]),
        Route("/play/{session:str}/again", again, methods=["POST"]),
        Route("/play/{session:str}/seat", seat_change, methods=["POST"]),
        Route("/play/{session:str}/events", seat_events, methods=["GET"]),
        Route("/table/{table:str}", table_page, methods=["GET"]),
        Route("/table/{table:str}", table_change, methods=["POST"]),
    ]


def _again(play: PlaySession, session_id: str) -> PlaySession:
    """The same game from its start: the same seed (or position), seats and bots."""
    source = play.session
    kind = PositionSession if isinstance(source, PositionSession) else Session
    session = kind(
        source.loaded, seed=source.seed, players=source.players, seat=source.seat,
        bots=list(source.bots), manifest=source.manifest, variants=source.variants,
        options=source.options, start=source.start,
    )  # fmt: skip
    if isinstance(source, PositionSession) and isinstance(session, PositionSession):
        session.position = source.position
    session.run_bots()
    return PlaySession(session_id, play.game_id, session, play.transcript, play.root)
