"""The workbench (`toolkit serve`) on a game whose round is written as stages: the page shows
the round read back from the stages, runs a quick simulation and plays a game to its end in
the page, drawn from the person's observation (never another player's hand)."""

from __future__ import annotations

import html
import re
import time
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")

from entry_point import run_toolkit
from shipped_project import copy_project

with warnings.catch_warnings():  # Starlette would rather have httpx2; httpx works the same
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from toolkit.mechanics.staged.structure import Staged
from toolkit.mechanics.staged.words import round_lines
from toolkit.record.transcripts import LoadedGame
from toolkit.serve.app import create_app
from toolkit.serve.images import ImageCache
from toolkit.serve.project_state import ProjectState
from toolkit.serve.table_view import PILE_SHOWN

GAME = "kite-festival"
LOCAL = "http://127.0.0.1"


@pytest.fixture
def project(tmp_path: Path) -> ProjectState:
    return ProjectState(copy_project(tmp_path), [GAME], ImageCache())


@pytest.fixture
def client(project: ProjectState) -> Iterator[TestClient]:
    app = create_app(project, watch=False)
    with TestClient(app, base_url=LOCAL, raise_server_exceptions=False) as client:
        yield client


def line_of(page: str) -> tuple[int, int] | None:
    """How many cards the festival line holds, and how many of them the page draws."""
    found = re.search(r'the festival line <span class="count">(\d+) cards?</span>', page)
    if found is None:
        return None
    drawn = page[found.end() :].split('<div class="zone-cards', 1)[0].split('class="players"')[0]
    return int(found.group(1)), drawn.count('class="tablecard')


def text_of(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def test_the_page_reads_the_round_back_and_simulates(
    client: TestClient, project: ProjectState
) -> None:
    page = client.get(f"/game/{GAME}")
    assert page.status_code == 200
    shown = text_of(page.text)
    loaded = LoadedGame.load(str(project.root / "rules" / f"{GAME}.yaml"))
    structure = loaded.content.game.structure
    assert isinstance(structure, Staged)
    for line in round_lines(structure):
        assert " ".join(line.split()) in shown
    started = client.post(
        f"/game/{GAME}/sim", data={"players": "3", "bots": "random", "games": "6"}
    )
    assert started.status_code == 200
    sims = client.app.state.bench.sims  # type: ignore[attr-defined]
    job = sims.latest(GAME)
    deadline = time.monotonic() + 60
    while sims.get(job.id) and job.active and time.monotonic() < deadline:
        time.sleep(0.05)
    assert job.status == "done", job.error
    assert job.done == 6
    result = client.get(f"/game/{GAME}/sim").text
    assert result.count("<svg") >= 3 and "Win rate by seat" in result


def test_a_game_is_played_to_its_end_in_the_page_and_replays(
    client: TestClient, project: ProjectState
) -> None:
    start = client.post(f"/game/{GAME}/play", data={"players": "2", "bot": "random", "seed": "3"})
    assert start.status_code == 200 and "you are player 1" in start.text
    shown = text_of(start.text)
    assert "Your hand" in shown and re.search(r"the basket \d+ cards, face down", shown)
    assert "fly a kite of the line's colour" in shown  # the rules help, from the stages
    hand = re.search(r'id="hand"[^>]*>(.*?)</section>', start.text, re.S)
    assert hand is not None and hand.group(1).count('class="tablecard') == 7
    counted = re.search(r"player 2 +\| +(\d+) \|", shown)  # the others' hands: counts only
    assert counted is not None and 6 <= int(counted.group(1)) <= 8
    url = str(start.url)
    page, longest = start, 0
    while 'id="game-over"' not in page.text:
        moves = re.findall(r'name="action" value="(-?\d+)"', page.text)
        assert moves
        page = client.post(url, data={"action": moves[0]})  # play while one can
        assert page.status_code == 200
        line = line_of(page.text)
        if line:
            assert line[1] == min(line[0], PILE_SHOWN)
            longest = max(longest, line[0])
    assert longest > PILE_SHOWN  # a long line shows its top cards, not every card
    assert "The winner: " in page.text or "Shared victory: " in page.text
    client.post(url, data={"save": "1"})
    transcript = project.root / "build" / "serve" / f"{GAME}-seed-3.jsonl"
    replayed = run_toolkit("replay", transcript, cwd=project.root)
    assert replayed.returncode == 0, replayed.stderr
    assert "replays exactly" in replayed.stdout
