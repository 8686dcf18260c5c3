"""The workbench's routes: the page, its panels, the event stream, pictures, runs and games.

Every route answers HTML (or a picture); a mistake in what was asked is a 400 page with the
reason, a body past `MAX_FORM_BYTES` a 413 (counted while it arrives, never read whole first),
anything unexpected a 500 page in one line, never a traceback. Requests that change something
(a run, a move) are POSTs, refused when they come from another site's page. Anything slow (a
reload, a big page, a bot's move) runs in the bounded pool of `workers`, so the event loop
always answers the next request.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from toolkit.agents import bot_names
from toolkit.diagnostics import plural, printable
from toolkit.errors import ContentError, OptionError, UsageError
from toolkit.files import FileRefused
from toolkit.record.transcript_file import MAX_SEED
from toolkit.serve.endscreen import end_sheet, lowest_wins
from toolkit.serve.game_routes import SENT_FORM_BYTES, game_routes
from toolkit.serve.playsessions import PlaySession, PlaySessions
from toolkit.serve.project_state import GameState, ProjectState, options_of
from toolkit.serve.simjobs import SimJobs
from toolkit.serve.tables import TablePlay, Tables
from toolkit.serve.watch import watching
from toolkit.serve.workers import Workers

MAX_FORM_BYTES = 16 * 1024
KEEPALIVE_SECONDS = 15.0
POLL_SECONDS = 0.2
LOCAL_HOSTS = ["127.0.0.1", "localhost", "::1", "[::1]"]


class Workbench:
    """What one server holds: the project, the runs and the games."""

    def __init__(self, project: ProjectState) -> None:
        self.project = project
        self.stopping: Callable[[], bool] = lambda: False
        """True once the server is shutting down: event streams end then."""
        self.sims = SimJobs()
        self.plays = PlaySessions(project.root)
        self.tables = Tables(project.root)
        self.workers = Workers()
        self.templates = Environment(
            loader=PackageLoader("toolkit.serve", "templates"),
            autoescape=select_autoescape(default=True, default_for_string=True),
            trim_blocks=True,
            lstrip_blocks=True,
        )
        self.templates.globals.update(end_sheet=end_sheet, lowest_wins=lowest_wins)

    def page(self, name: str, status: int = 200, **context: Any) -> HTMLResponse:
        html = self.templates.get_template(name).render(
            games=self.project.games, version=self.project.version, **context
        )
        return HTMLResponse(html, status_code=status)

    async def render(self, name: str, **context: Any) -> HTMLResponse:
        """`page` in the pool: a game of thousands of cards takes a moment to render."""
        return await self.workers.run(lambda: self.page(name, **context))

    async def game(self, request: Request) -> GameState:
        """The game a request names, its files looked at first (in the pool: a reload
        takes a moment, and the other requests go on meanwhile)."""
        await self.workers.run(self.project.refresh)
        game = self.project.games.get(request.path_params["game"])
        if game is None:
            raise UsageError(f"no game '{request.path_params['game']}' is served here")
        return game

    def play(self, request: Request) -> PlaySession:
        key = request.path_params["session"]
        play = self.plays.get(key) or self.tables.seat(key)
        if play is None:
            raise UsageError("no such game in progress (the server may have restarted)")
        return play


async def _form(request: Request, limit: int = MAX_FORM_BYTES) -> dict[str, str]:
    """A small urlencoded form (no file uploads here), last value of each field. The body is
    counted as it arrives, so one too large (with or without a Content-Length) is refused
    after `limit` bytes, never held whole."""
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise HTTPException(413, f"the form is larger than {limit:,} bytes")
    return {k: v[-1] for k, v in parse_qs(body.decode("utf-8", "replace")).items()}


def _number(form: dict[str, str], name: str, default: int | None = None) -> int:
    text = form.get(name, "").strip()
    if not text and default is not None:
        return default
    if len(text) > 40:  # no int() of a megabyte of digits
        raise UsageError(f"'{name}' must be a whole number, not '{text[:20]}...'")
    try:
        return int(text)
    except ValueError:
        raise UsageError(f"'{name}' must be a whole number, not '{text[:20]}'") from None


def _seed(form: dict[str, str]) -> int | None:
    """A page game's seed: empty for a random one, else 0 .. 2**64-1 as on the command line,
    so the transcript it writes replays."""
    if not form.get("seed", "").strip():
        return None
    seed = _number(form, "seed")
    if not 0 <= seed < MAX_SEED:
        raise UsageError(f"'seed' must be 0 to 2**64-1, not {str(seed)[:24]}")
    return seed


def create_app(
    project: ProjectState, *, allowed_hosts: list[str] | None = None, watch: bool = True
) -> Starlette:
    """The workbench for `project`; `allowed_hosts` None allows only local names."""
    bench = Workbench(project)
    project.refresh(force=True)

    async def index(request: Request) -> Response:
        if len(project.games) == 1:
            return RedirectResponse(f"/game/{next(iter(project.games))}", status_code=303)
        await bench.workers.run(project.refresh)
        return bench.page("index.html")

    async def game_page(request: Request) -> Response:
        game = await bench.game(request)
        return await bench.render(
            "game.html", game=game, bots=_bots(game), sim=bench.sims.latest(game.game_id)
        )

    async def panel(request: Request) -> Response:
        return await bench.render("panel.html", game=await bench.game(request))

    async def events(request: Request) -> Response:
        once = request.query_params.get("once") is not None

        async def stream() -> AsyncIterator[str]:
            seen = -1
            quiet = 0.0
            while not bench.stopping():  # the watcher reloads; this only tells the page
                if project.version != seen:
                    seen = project.version
                    yield f"event: version\ndata: {seen}\n\n"
                    if once:
                        return
                    quiet = 0.0
                elif quiet >= KEEPALIVE_SECONDS:
                    yield ": keepalive\n\n"
                    quiet = 0.0
                await asyncio.sleep(POLL_SECONDS)
                quiet += POLL_SECONDS

        headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    async def picture(request: Request) -> Response:
        data = await bench.workers.run(project.images.jpeg, request.path_params["key"])
        if data is None:
            raise HTTPException(404, "no such picture (the cards have changed since)")
        cache = {"Cache-Control": "public, max-age=31536000, immutable"}
        return Response(data, media_type="image/jpeg", headers=cache)

    async def sim_start(request: Request) -> Response:
        game = await bench.game(request)
        if game.loaded is None:
            raise UsageError(f"{game.game_id} has errors: fix them to simulate it")
        form = await _form(request)
        bots = [b for b in form.get("bots", "greedy").replace(",", " ").split() if b]
        loaded = game.loaded
        await bench.workers.run(lambda: bench.sims.start(
            loaded, game.game_id, game.content_version,
            players=_number(form, "players", _players(game)), bots=bots or ["greedy"],
            games=_number(form, "games", 200), options=options_of(project, game),
        ))  # fmt: skip
        return await sim_panel(request)

    async def sim_panel(request: Request) -> Response:
        game = await bench.game(request)
        return bench.page("sim.html", game=game, sim=bench.sims.latest(game.game_id))

    async def play_start(request: Request) -> Response:
        game = await bench.game(request)
        if game.loaded is None:
            raise UsageError(f"{game.game_id} has errors: fix them to play it")
        form = await _form(request)
        loaded, options = game.loaded, options_of(project, game)
        play = await bench.workers.run(lambda: bench.plays.start(  # the bots move first
            loaded, game.game_id, players=_number(form, "players", _players(game)),
            bot=form.get("bot", "greedy").strip() or "greedy", seed=_seed(form),
            options=options, variants=[str(v) for v in game.variants],
        ))  # fmt: skip
        return RedirectResponse(f"/play/{play.id}", status_code=303)

    async def play_page(request: Request) -> Response:
        play = bench.play(request)
        game = project.games[play.game_id]

        def shown() -> HTMLResponse:  # not while a bot of this game is thinking
            if isinstance(play, TablePlay):
                play.seating.join(play.session.seat)
            with play.lock:
                return bench.page("play.html", play=play, game=game, saved=request.query_params)

        return await bench.workers.run(shown)

    async def play_move(request: Request) -> Response:
        play = bench.play(request)
        form = await _form(request)
        if "undo" in form:
            await bench.workers.run(play.undo)
        elif "save" in form:
            await bench.workers.run(play.save)
            return RedirectResponse(f"/play/{play.id}?saved=1", status_code=303)
        else:
            await bench.workers.run(play.play, _number(form, "action"))
        return RedirectResponse(f"/play/{play.id}", status_code=303)

    async def content_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, ContentError)
        problems = [d.render() for d in error.diagnostics[:50]]
        message = f"{plural(len(error.diagnostics), 'problem')} in what was sent:"
        return bench.page("error.html", status=400, message=message, problems=problems)

    async def usage_error(request: Request, error: Exception) -> Response:
        reason = error.reason if isinstance(error, FileRefused) else str(error)
        return bench.page("error.html", status=400, message=printable(reason))

    async def http_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, HTTPException)
        return bench.page("error.html", status=error.status_code, message=error.detail)

    async def gone(request: Request, error: Exception) -> Response:
        return Response(status_code=400)  # nobody is there to read it

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        try:
            if watch:
                async with watching(project):
                    yield
            else:
                yield
        finally:  # a run's process ends with the server
            bench.sims.stop_all()

    routes = [
        Route("/", index),
        Route("/events", events),
        Route("/img/{key:str}.jpg", picture),
        Route("/game/{game:str}", game_page),
        Route("/game/{game:str}/panel", panel),
        Route("/game/{game:str}/sim", sim_panel, methods=["GET"]),
        Route("/game/{game:str}/sim", sim_start, methods=["POST"]),
        Route("/game/{game:str}/play", play_start, methods=["POST"]),
        Route("/play/{session:str}", play_page, methods=["GET"]),
        Route("/play/{session:str}", play_move, methods=["POST"]),
        *game_routes(bench),
        Mount("/static", StaticFiles(directory=Path(__file__).parent / "static"), name="static"),
    ]
    middleware = [
        Middleware(_Contained, page=bench.page),
        Middleware(_BoundedBody),
        Middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts or LOCAL_HOSTS),
        Middleware(_SameOrigin),
    ]
    app = Starlette(
        routes=routes,
        middleware=middleware,
        lifespan=lifespan,
        exception_handlers={
            ContentError: content_error,
            UsageError: usage_error,
            OptionError: usage_error,
            FileRefused: usage_error,
            HTTPException: http_error,
            ClientDisconnect: gone,
        },
    )
    app.state.bench = bench
    return app


class _Contained:
    """The last word on any error: a 500 page in one line (and one line on stderr) for a bug,
    silence for a client that went away, never a traceback. Starlette's own handler for
    `Exception` answers too, but then raises again for the server to print."""

    def __init__(self, app: Any, page: Callable[..., HTMLResponse]) -> None:
        self.app = app
        self.page = page

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def sending(message: Any) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, sending)
        except (ClientDisconnect, OSError):
            return
        except Exception as error:
            line = printable(f"internal error: {type(error).__name__}: {error}", newlines=False)
            print(f"workbench: {scope.get('path', '')}: {line[:500]}", file=sys.stderr)
            if not started:
                with contextlib.suppress(Exception):
                    await self.page("error.html", status=500, message=line[:500])(
                        scope, receive, send
                    )


class _BoundedBody:
    """Refuse at once (413) a request whose Content-Length says it is larger than any form
    here (a position sent to start from may be larger than the rest); a body without one is
    counted as it arrives (`_form`)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            length = dict(scope["headers"]).get(b"content-length", b"0").strip()
            limit = SENT_FORM_BYTES if scope["path"].endswith("/position") else MAX_FORM_BYTES
            refused = None
            if not length.isdigit():
                refused = HTMLResponse("bad Content-Length", status_code=400)
            elif len(length) > 18 or int(length) > limit:
                refused = HTMLResponse("request body too large", status_code=413)
            if refused is not None:
                await refused(scope, receive, send)
                return
        await self.app(scope, receive, send)


class _SameOrigin:
    """Refuse a POST whose Origin header names another site (a page elsewhere posting to
    the workbench on this machine)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["method"] == "POST":
            headers = dict(scope["headers"])
            origin = headers.get(b"origin", b"").decode("latin-1")
            host = headers.get(b"host", b"").decode("latin-1")
            if origin and origin.split("://", 1)[-1] != host:
                response = HTMLResponse("cross-site request refused", status_code=403)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


def _players(game: GameState) -> int:
    assert game.loaded is not None
    return min(4, max(game.loaded.game.min_players, 2), game.loaded.game.max_players)


def _bots(game: GameState) -> list[str]:
    return bot_names(game.loaded.game) if game.loaded is not None else ["greedy", "random"]
