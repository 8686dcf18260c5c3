"""The end of a game in the page, through Starlette's test client: the winner, the tie-break
and each player's points by source as `toolkit score` prints them for the same position; the
game stepped through back and forward; the same game started again with its seed."""

from __future__ import annotations

import html
import re
import warnings
from collections.abc import Iterator

import pytest

pytest.importorskip("starlette")
pytest.importorskip("pypdfium2")

from entry_point import run_toolkit
from shipped_project import copy_project

with warnings.catch_warnings():  # Starlette would rather have httpx2; httpx works the same
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from toolkit.kernel.specs import Scores
from toolkit.play.score_sheet import score_sheet
from toolkit.serve.app import create_app
from toolkit.serve.images import ImageCache
from toolkit.serve.project_state import ProjectState

GAME = "kite-festival"
LOCAL = "http://127.0.0.1"
IMAGES = ImageCache()


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> ProjectState:
    return ProjectState(copy_project(tmp_path_factory.mktemp("end")), [GAME], IMAGES)


@pytest.fixture
def client(project: ProjectState) -> Iterator[TestClient]:
    app = create_app(project, watch=False)
    with TestClient(app, base_url=LOCAL, raise_server_exceptions=False) as client:
        yield client


def _played(client: TestClient, seed: int = 3) -> tuple[str, str]:
    """A game against a bot played to its end: its address and its last page."""
    page = client.post(f"/game/{GAME}/play", data={"players": "2", "seed": str(seed)})
    url = str(page.url)
    while 'id="game-over"' not in page.text:
        moves = re.findall(r'name="action" value="(-?\d+)"', page.text)
        page = client.post(url, data={"action": moves[0]})
    return url, page.text


def _cells(text: str) -> list[list[str]]:
    end = text[text.index('id="game-over"') :]
    body = end[end.index("<tbody>") : end.index("</tbody>")]
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    return [[html.unescape(c) for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", r)] for r in rows]


def test_the_end_screen_reads_as_toolkit_score(client: TestClient, project: ProjectState) -> None:
    url, ended = _played(client)
    saved = client.post(f"{url}/position")  # the ended game as a position file
    path = re.search(r'id="position-saved">Position saved to <code>([^<]+)</code>', saved.text)
    assert path is not None
    scored = run_toolkit("score", GAME, path.group(1), cwd=project.root)
    assert scored.returncode == 0, scored.stderr
    lines = scored.stdout.strip().splitlines()
    printed = [line.split() for line in lines[2:] if line.strip() and "winner" not in line]
    # The score command's rows: a source's name (perhaps of several words), then numbers.
    shown = _cells(ended)
    assert [row[-2:] for row in printed] == [row[1:] for row in shown]
    assert [" ".join(row[:-2]) for row in printed] == [row[0] for row in shown]
    how = re.search(r"winner: .+ \((.+)\)$", lines[-1])
    assert how is not None and f"({how.group(1)})" in ended
    assert "Replay step by step" in ended and "Start again with seed 3" in ended


def test_a_shared_victory_and_a_tie_break_in_words() -> None:
    shared = score_sheet(Scores((5, 5), ({"a": 5}, {"b": 5}), (0, 1), "shared"), ["A", "B"])
    assert shared.shared and shared.winner_names == "A and B"
    assert shared.how == "shared victory: still tied after every tie-breaker"
    assert shared.rows == [["a", 5, 0], ["b", 0, 5], ["total", 5, 5]]
    broken = score_sheet(Scores((4, 4), ({}, {}), (1,), "more coins left"), ["A", "B"])
    assert not broken.shared and broken.how == "tie broken: more coins left"


def test_a_game_stepped_back_and_forward(client: TestClient) -> None:
    url, _ = _played(client)
    start = client.get(f"{url}/replay?step=0")
    total = int(re.search(r'data-total="(\d+)"', start.text).group(1))  # type: ignore[union-attr]
    assert total > 3 and "The start" in start.text
    seen = []
    for number in range(1, total + 1):
        page = client.get(f"{url}/replay?step={number}")
        assert f'data-step="{number}"' in page.text
        told = page.text[page.text.index('id="told"') : page.text.index("</section>")]
        assert "<p>" in told  # each step tells what it did, as its seat may read it
        assert 'class="box table" id="table"' in page.text  # drawn as the play view draws it
        assert 'id="news"' not in page.text  # its events are told once, above the table
        seen.append(told)
    assert client.get(f"{url}/replay?step={total - 1}").text.count("<p>") >= 1
    assert f'data-step="{total}"' in client.get(f"{url}/replay?step=99999").text
    assert 'data-step="0"' in client.get(f"{url}/replay?step=-4").text
    bad = client.get(f"{url}/replay?step=x")
    assert bad.status_code == 400 and "whole number" in bad.text
    assert len(set(seen)) > 1


def test_start_again_deals_the_same_game(client: TestClient) -> None:
    url, _ = _played(client, seed=11)
    again = client.post(f"{url}/again")
    fresh = client.post(f"/game/{GAME}/play", data={"players": "2", "seed": "11"})
    hand = re.compile(r'data-card="([^"]+)"')
    assert str(again.url) != url and 'id="game-over"' not in again.text
    assert hand.findall(again.text) == hand.findall(fresh.text)
