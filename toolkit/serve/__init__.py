"""`toolkit serve`: the designer's workbench, a live local web page of a project's games.

It shows each game's problems (file:line:col and a hint), every card as printed, the rules in
words and a quick simulation's numbers, and updates itself when a file is saved; a person can
also play against bots there. It reads the project's files only, and writes only transcripts
(under `build/serve/`) and its memory of card pictures. The web libraries are the optional
extra `web`, imported only by this command.
"""

from __future__ import annotations

import ipaddress
import signal
import socket
import sys
from collections.abc import Sequence
from pathlib import Path

from toolkit.diagnostics import plural
from toolkit.errors import UsageError

LOOPBACK_NAMES = ("localhost",)
STOP_SECONDS = 1
"""On Ctrl-C or SIGTERM, how long requests still being answered may take (a bot thinking
for a minute is not waited for: its thread is left behind with the process)."""


def is_loopback(host: str) -> bool:
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_host(host: str, allow_remote: bool) -> None:
    """Only this machine may reach the page unless the person says otherwise."""
    if not is_loopback(host) and not allow_remote:
        raise UsageError(
            f"--host {host} would let other machines reach the workbench; "
            "add --allow-remote if that is meant"
        )


def check_port(host: str, port: int) -> None:
    """Refuse a port another program holds before minutes go into loading the games."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host.strip("[]"), port))
        except OSError as error:
            raise UsageError(
                f"cannot listen on {host}:{port}: {error.strerror or error}; choose another --port"
            ) from None


def serve(
    games: list[str],
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    allow_remote: bool = False,
    root: Path | None = None,
    variants: Sequence[Path] = (),
    options: Sequence[str] = (),
    table: bool = False,
    players: int | None = None,
    people: int | None = None,
) -> None:
    """Serve the workbench until interrupted; `variants` change the games they name, and
    `options` (`id=value` texts) are the game options of every game simulated or played.
    `table` opens a table of the one game served, `players` seats of which `people` are for
    people (every seat by default), and prints each seat's link."""
    check_host(host, allow_remote)
    if not table and (players is not None or people is not None):
        raise UsageError("--players and --people are for a table: add --table")
    if table and len(games) != 1:
        raise UsageError("--table seats people at one game: name it (toolkit serve GAME --table)")
    if not 0 <= port <= 65535:
        raise UsageError(f"--port must be 0-65535, not {port}")
    try:
        import uvicorn

        from toolkit.serve.app import create_app
    except ImportError as error:
        raise UsageError(
            f"the workbench needs the 'web' extra ({error.name} is missing): "
            "pip install -e '.[web]'"
        ) from None
    from toolkit.serve.project_state import ProjectState, options_of

    check_port(host, port)

    project = ProjectState(root or Path.cwd(), games or None, variants=variants, options=options)
    count = len(project.games)
    their = "its" if count == 1 else "their"
    print(f"loading {plural(count, 'game')} and printing {their} cards...", file=sys.stderr)
    hosts = None
    if not is_loopback(host):
        print(
            f"warning: the workbench on {host} can be reached by other machines; it shows "
            "your project's files and has no login",
            file=sys.stderr,
        )
        hosts = ["*"]
    app = create_app(project, allowed_hosts=hosts)
    for state in project.games.values():  # a game that does not declare an option: exit 2
        if state.loaded is not None:
            options_of(project, state)
    shown = f"[{host}]" if ":" in host else host
    if table:
        from toolkit.serve.table_start import open_table

        open_table(app.state.bench, project, f"http://{shown}:{port}", players, people)
    print(f"workbench: http://{shown}:{port}/  (Ctrl-C stops it)", file=sys.stderr)
    from toolkit.serve.stopping import Server

    config = uvicorn.Config(
        app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=STOP_SECONDS
    )
    server = Server(config)
    # An open page keeps its event stream open: on Ctrl-C the stream ends, so the server can.
    app.state.bench.stopping = lambda: server.should_exit
    try:
        server.run()
    finally:  # a second Ctrl-C skips the app's own shutdown: the runs end here then
        app.state.bench.sims.stop_all()
    code = server.exit_code()
    if code == 128 + signal.SIGINT:
        raise KeyboardInterrupt
    if code is not None:
        raise SystemExit(code)
