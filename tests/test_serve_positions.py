"""Positions in the page, through Starlette's test client: a game saved as a position file that
`toolkit score` reads, a game started from a position sent to the page (whose transcript
replays without the file), and a sent position treated as untrusted content: every bad one
is a 400 page with its problems at their line and column, never a traceback."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("pypdfium2")

from entry_point import run_toolkit
from shipped_project import copy_project

with warnings.catch_warnings():  # Starlette would rather have httpx2; httpx works the same
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from toolkit.serve.app import create_app
from toolkit.serve.images import ImageCache
from toolkit.serve.positions import MAX_POSITION_BYTES
from toolkit.serve.project_state import ProjectState

GAME = "oh-my-park"
LOCAL = "http://127.0.0.1"
IMAGES = ImageCache()
HAND = re.compile(r'<section class="zone box[^"]*" id="hand"[^>]*>.*?</section>', re.S)
CARD = re.compile(r'data-card="([^"]+)"')


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> ProjectState:
    return ProjectState(copy_project(tmp_path_factory.mktemp("pos")), [GAME], IMAGES)


@pytest.fixture
def client(project: ProjectState) -> Iterator[TestClient]:
    app = create_app(project, watch=False)
    with TestClient(app, base_url=LOCAL, raise_server_exceptions=False) as client:
        yield client


def _hand(text: str) -> list[str]:
    found = HAND.search(text)
    assert found is not None
    return CARD.findall(found.group(0))


def _saved_position(client: TestClient, project: ProjectState) -> tuple[Path, list[str]]:
    page = client.post(f"/game/{GAME}/play", data={"players": "2", "seed": "4"})
    url = str(page.url)
    moves = re.findall(r'name="action" value="(-?\d+)"', page.text)
    page = client.post(url, data={"action": moves[0]})
    saved = client.post(f"{url}/position")
    found = re.search(r"Position saved to <code>([^<]+)</code>", saved.text)
    assert found is not None
    return project.root / found.group(1), _hand(page.text)


def test_a_saved_position_scores_and_starts_a_game_where_it_was(
    client: TestClient, project: ProjectState
) -> None:
    path, hand = _saved_position(client, project)
    assert path.parent == project.root / "build" / "serve"
    text = path.read_text(encoding="utf-8")
    assert "kind: position" in text and f"game: {GAME}" in text
    scored = run_toolkit("score", GAME, str(path), cwd=project.root)
    assert scored.returncode == 0 and "winner:" in scored.stdout

    started = client.post(f"/game/{GAME}/position", data={"position": text, "seat": "1"})
    assert started.status_code == 200 and "you are player 1" in started.text
    assert _hand(started.text) == hand  # the same cards, where the game was left
    url = str(started.url)
    page = started
    while 'id="game-over"' not in page.text:
        moves = re.findall(r'name="action" value="(-?\d+)"', page.text)
        page = client.post(url, data={"action": moves[0]})
    client.post(url, data={"save": "1"})
    transcript = next((project.root / "build" / "serve").glob(f"{GAME}-from-position-*.jsonl"))
    path.unlink()  # the transcript carries the position: the file is not needed
    replayed = run_toolkit("replay", str(transcript), cwd=project.root)
    assert replayed.returncode == 0, replayed.stderr

    again = client.post(f"{url}/again")  # the same position, from the start
    assert _hand(again.text) == hand


BAD = {
    "broken YAML": ("kind: position\ngame: [oh-my-park\n", "sent-position.yaml:3:1"),
    "unknown card": (None, "unknown card &#39;no-such-card&#39;"),
    "another game": (None, "cinder-tricks"),
    "empty": ("", "choose a position file"),
    "NUL byte": ("kind: position\x00\n", "sent-position.yaml:1:"),
    "not a mapping": ("- 1\n- 2\n", "sent-position.yaml:1:1"),
    "a seat too many": (None, "the seat must be 1-2"),
}


@pytest.mark.parametrize("case", list(BAD))
def test_a_bad_position_is_a_page_with_its_problems(
    case: str, client: TestClient, project: ProjectState
) -> None:
    text, expected = BAD[case]
    seat = "1"
    if text is None:
        path, hand = _saved_position(client, project)
        text = path.read_text(encoding="utf-8")
        if case == "unknown card":
            text = text.replace(hand[0], "no-such-card", 1)
        elif case == "another game":
            text = text.replace(f"game: {GAME}", "game: cinder-tricks")
        else:
            seat = "3"
    page = client.post(f"/game/{GAME}/position", data={"position": text, "seat": seat})
    assert page.status_code == 400, page.text
    assert expected in page.text
    assert "Traceback" not in page.text and "internal error" not in page.text


def test_a_position_larger_than_allowed_is_refused_unread(client: TestClient) -> None:
    huge = "#" * (5 * MAX_POSITION_BYTES)
    page = client.post(f"/game/{GAME}/position", data={"position": huge})
    assert page.status_code == 413
    within = client.post(
        f"/game/{GAME}/position", data={"position": "#" * (MAX_POSITION_BYTES + 9)}
    )
    assert within.status_code == 400 and "at most 256 KiB" in within.text
