"""The workbench (`toolkit serve`): every route through Starlette's test client, on a copy of
the shipped project, with a file broken and a file changed during a simulation."""

from __future__ import annotations

import re
import socket
import time
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("pypdfium2")

from entry_point import run_toolkit
from shipped_project import copy_project, edit

with warnings.catch_warnings():  # Starlette would rather have httpx2; httpx works the same
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from toolkit.errors import UsageError
from toolkit.play import resumed
from toolkit.serve import check_host, check_port, serve
from toolkit.serve.app import create_app
from toolkit.serve.images import ImageCache
from toolkit.serve.project_state import ProjectState
from toolkit.serve.simjobs import SimJob, SimJobs

GAME = "oh-my-park"
LOCAL = "http://127.0.0.1"
"""The workbench answers loopback names only, so the test client speaks as this machine."""
IMAGES = ImageCache()
"""Shared by the tests: a copy of the project with the same bytes finds the same pictures."""


@pytest.fixture
def project(tmp_path: Path) -> ProjectState:
    return ProjectState(copy_project(tmp_path), [GAME], IMAGES)


@pytest.fixture
def client(project: ProjectState) -> Iterator[TestClient]:
    app = create_app(project, watch=False)
    with TestClient(app, base_url=LOCAL, raise_server_exceptions=False) as client:
        yield client


def _wait(sims: SimJobs, job: SimJob, seconds: float = 20) -> None:
    """Until the run ends: the server hears of its process when it looks."""
    deadline = time.monotonic() + seconds
    while sims.get(job.id) and job.active and time.monotonic() < deadline:
        time.sleep(0.05)
    assert job.status == "done", job.error


def test_page_shows_cards_rules_and_pictures(client: TestClient, project: ProjectState) -> None:
    home = client.get("/", follow_redirects=False)
    assert home.status_code == 303 and home.headers["location"] == f"/game/{GAME}"
    page = client.get(f"/game/{GAME}")
    assert page.status_code == 200
    game = project.games[GAME]
    assert len(game.cards) > 50 and not game.diagnostics
    assert "No problems found" in page.text
    assert page.text.count('class="card"') == len(game.cards)
    assert "Even numbers" in page.text and "Reference sheet" in page.text
    assert "Oh my park! — rules reference</h3>" in page.text  # the printed sheet's text
    assert "The rules in words" in page.text
    assert 'href="#card-' in page.text  # each card opens a large view with its data
    picture = client.get(f"/img/{game.cards[0].front}.jpg")
    assert picture.status_code == 200 and picture.content[:3] == b"\xff\xd8\xff"
    assert "immutable" in picture.headers["cache-control"]
    panel = client.get(f"/game/{GAME}/panel")
    assert panel.status_code == 200 and "<html" not in panel.text and "Even numbers" in panel.text
    assert client.get("/static/app.js").status_code == 200


def test_bad_requests_are_pages_not_tracebacks(client: TestClient) -> None:
    missing = client.get("/game/no-such-game")
    assert missing.status_code == 400 and "no game &#39;no-such-game&#39;" in missing.text
    assert client.get("/img/0123456789abcdef01234567.jpg").status_code == 404
    assert client.get("/play/nobody").status_code == 400
    bad = client.post(f"/game/{GAME}/sim", data={"games": "many"})
    assert bad.status_code == 400 and "whole number" in bad.text
    bot = client.post(f"/game/{GAME}/sim", data={"bots": "grody"})
    assert bot.status_code == 400 and "greedy" in bot.text  # did you mean
    for response in (missing, bad, bot):
        assert "Traceback" not in response.text
    foreign = client.post(f"/game/{GAME}/sim", headers={"origin": "http://evil.example"})
    assert foreign.status_code == 403
    assert client.get("/", headers={"host": "evil.example"}).status_code == 400


def test_broken_file_shows_diagnostics_and_keeps_last_good_cards(
    client: TestClient, project: ProjectState
) -> None:
    cards = project.games[GAME].cards
    line = edit(project.root / "cards" / GAME / "bonus-cards.yaml", "at_least: 4", "at_lest: 4")
    assert project.refresh()
    panel = client.get(f"/game/{GAME}/panel").text
    assert f"bonus-cards.yaml:{line}:" in panel and "at_lest" in panel
    assert "hint: did you mean" in panel
    assert "showing the cards of the last good save" in panel
    assert panel.count('class="card"') == len(cards) and "Even numbers" in panel
    edit(project.root / "cards" / GAME / "bonus-cards.yaml", "at_lest: 4", "at_least: 4")
    assert project.refresh()
    assert "No problems found" in client.get(f"/game/{GAME}/panel").text


def test_edit_changes_the_card_and_the_version(client: TestClient, project: ProjectState) -> None:
    before = client.get("/events?once=1").text
    assert re.fullmatch(r"event: version\ndata: \d+\n\n", before)
    edit(project.root / "cards" / GAME / "bonus-cards.yaml", "Even numbers", "Even steven")
    assert "Even steven" in client.get(f"/game/{GAME}/panel").text  # a request looks too
    assert client.get("/events?once=1").text != before
    assert project.refresh() is False  # nothing changed since: nothing is read again


def test_simulation_runs_in_background_with_charts(
    client: TestClient, project: ProjectState
) -> None:
    started = client.post(
        f"/game/{GAME}/sim", data={"players": "2", "bots": "greedy", "games": "12"}
    )
    assert started.status_code == 200 and 'data-status="' in started.text
    sims = client.app.state.bench.sims  # type: ignore[attr-defined]
    job = sims.latest(GAME)
    _wait(sims, job)
    shown = client.get(f"/game/{GAME}/sim").text
    assert shown.count("<svg") >= 3
    assert "Win rate by seat" in shown and "Mean score by source" in shown
    # Sources named after the game's colours are drawn in them, as the PDF report draws them.
    assert 'fill="#2f6fb5"><title>Blue cards' in shown
    assert 'fill="#c8372d"><title>Red cards' in shown
    assert '<table class="targets">' in shown or "no balance targets" in shown
    # Score spread, the starting player's share and game length, beside the charts.
    assert '<table class="spread">' in shown and "<td>seat 1 (greedy)</td>" in shown
    assert 'id="first-player">The starting player won' in shown
    assert "<tr><td>turns</td><td>9.00</td><td>9.00-9.00</td>" in shown
    assert job.summary["arguments"] if "arguments" in job.summary else job.summary["seats"]


def test_file_changed_during_simulation(client: TestClient, project: ProjectState) -> None:
    client.post(f"/game/{GAME}/sim", data={"players": "2", "games": "30"})
    sims = client.app.state.bench.sims  # type: ignore[attr-defined]
    job = sims.latest(GAME)
    assert job.active and job.content_version == project.games[GAME].content_version
    # The same edit as the test above: its pictures are cached, so nothing is printed again.
    edit(project.root / "cards" / GAME / "bonus-cards.yaml", "Even numbers", "Even steven")
    assert project.refresh()
    _wait(sims, job)  # the run ends on the game it started with
    assert job.done == 30
    shown = client.get(f"/game/{GAME}/sim").text
    assert 'id="sim-stale"' in shown and "simulate again" in shown


def test_play_to_the_end_undo_save_replay_and_resume(
    client: TestClient, project: ProjectState, monkeypatch: pytest.MonkeyPatch
) -> None:
    start = client.post(f"/game/{GAME}/play", data={"players": "2", "bot": "greedy", "seed": "3"})
    assert start.status_code == 200 and "you are player 1" in start.text
    assert "Your hand" in start.text and "/img/" in start.text  # the hand drawn as cards
    url = str(start.url)
    first = re.findall(r'name="action" value="(-?\d+)"', start.text)
    page = client.post(url, data={"action": first[0]})
    assert "Since your last move" in page.text
    undone = client.post(url, data={"undo": "1"})
    assert re.findall(r'name="action" value="(-?\d+)"', undone.text) == first
    client.post(url, data={"action": first[0]})
    saved = client.post(url, data={"save": "1"})
    transcript = project.root / "build" / "serve" / f"{GAME}-seed-3.jsonl"
    assert 'id="saved"' in saved.text and transcript.is_file()
    monkeypatch.chdir(project.root)
    session = resumed(transcript, None)  # what `toolkit play --resume` reads
    assert session.seed == 3 and len(session.actions) >= 2
    bad = client.post(url, data={"action": "99999"})
    assert bad.status_code == 400 and "not legal" in bad.text
    page = client.get(url)
    while 'id="game-over"' not in page.text:
        moves = re.findall(r'name="action" value="(-?\d+)"', page.text)
        page = client.post(url, data={"action": moves[0]})
    assert "The winner: " in page.text or "Shared victory: " in page.text
    client.post(url, data={"save": "1"})
    replayed = run_toolkit("replay", str(transcript), cwd=project.root)
    assert replayed.returncode == 0, replayed.stderr
    assert "replays exactly" in replayed.stdout


def test_host_outside_loopback_needs_allow_remote(
    project: ProjectState, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    check_host("127.0.0.1", False)
    check_host("::1", False)
    check_host("localhost", False)
    with pytest.raises(UsageError, match="--allow-remote"):
        check_host("0.0.0.0", False)
    refused = run_toolkit("serve", "--host", "0.0.0.0", "--port", "1")
    assert refused.returncode == 2 and "--allow-remote" in refused.stderr
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        with pytest.raises(UsageError, match="choose another --port"):
            check_port("127.0.0.1", taken.getsockname()[1])
    import uvicorn

    ran: dict[str, object] = {}
    monkeypatch.setattr(uvicorn.Server, "run", lambda server: ran.update(vars(server.config)))
    # uvicorn.Config would apply its logging dictConfig here, which closes every logging
    # handler of the process, pytest's own included: later tests of this worker then failed.
    monkeypatch.setattr(uvicorn.Config, "configure_logging", lambda config: None)
    monkeypatch.setattr(ProjectState, "refresh", lambda self, force=False: True)
    serve([GAME], host="0.0.0.0", port=8123, allow_remote=True, root=project.root)
    assert ran["host"] == "0.0.0.0" and ran["port"] == 8123
    assert "warning: the workbench on 0.0.0.0 can be reached" in capsys.readouterr().err


def test_sheet_and_chart_text_is_escaped() -> None:
    from toolkit.serve.charts import bars
    from toolkit.serve.sheets import to_html

    html = to_html("# A <script>x</script>\n- **bold** :coin:\n1. one")
    assert "<h3>A &lt;script&gt;x&lt;/script&gt;</h3>" in html
    assert '<ul>\n<li><b>bold</b> <span class="icon">coin</span></li>\n</ul>' in html
    assert "<ol>\n<li>one</li>\n</ol>" in html
    chart = bars([("<img src=x>", 0.5, (0.4, 0.6))], title="t & <u>")
    assert "<img" not in chart and "&lt;img src=x&gt;" in chart and "t &amp; &lt;u&gt;" in chart


def test_game_broken_from_the_start_and_game_without_layouts(tmp_path: Path) -> None:
    root = copy_project(tmp_path)
    edit(root / "cards" / GAME / "bonus-cards.yaml", "at_least: 4", "at_lest: 4")
    app = create_app(ProjectState(root, [GAME], IMAGES), watch=False)
    with TestClient(app, base_url=LOCAL) as client:
        page = client.get(f"/game/{GAME}")
        assert page.status_code == 200 and "at_lest" in page.text
        assert "Fix the errors to play" in page.text and 'class="card"' not in page.text
        refused = client.post(f"/game/{GAME}/sim")
        assert refused.status_code == 400 and "fix them to simulate" in refused.text
    toy = ProjectState(Path(__file__).parent / "games" / "harbour-lights", images=IMAGES)
    with TestClient(create_app(toy, watch=False), base_url=LOCAL) as client:
        page = client.get("/game/harbour-lights")
        assert "no-print-layout" in page.text and "last good save" not in page.text
        started = client.post("/game/harbour-lights/play", data={"players": "2"})
        assert "you are player 1" in started.text  # it plays without pictures
