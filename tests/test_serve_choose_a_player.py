"""The workbench's table on a game whose powers strike a chosen player: at the choice, each
player who may be chosen has a `choose` button on their panel that picks out the move
choosing them (the listed moves choose them too)."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")

with warnings.catch_warnings():  # Starlette would rather have httpx2; httpx works the same
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from toolkit.scaffold import new_game
from toolkit.serve.app import create_app
from toolkit.serve.images import ImageCache
from toolkit.serve.project_state import ProjectState


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    new_game(tmp_path, "keepers", "duel")
    project = ProjectState(tmp_path, ["keepers"], ImageCache())
    app = create_app(project, watch=False)
    with TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False) as client:
        yield client


def test_each_player_who_may_be_chosen_has_a_button_for_it(client: TestClient) -> None:
    page = client.post("/game/keepers/play", data={"players": "3", "bot": "random", "seed": "2"})
    url = str(page.url)
    for _ in range(200):
        assert page.status_code == 200 and 'id="game-over"' not in page.text
        listed = dict(re.findall(r'data-number="(\d+)">\d+\. ([^<]+)</button>', page.text))
        if any(text.startswith("aim at player") for text in listed.values()):
            break
        moves = re.findall(r'name="action" value="(-?\d+)"', page.text)
        page = client.post(url, data={"action": moves[-1]})
    else:
        raise AssertionError("no keeper to choose in 200 moves")
    buttons = re.findall(
        r'id="player-(\d+)">.*?data-moves="([\d ]+)" aria-label="[^"]*choosing them">choose',
        page.text,
    )
    assert buttons
    for player, numbers in buttons:
        assert [listed[n] for n in numbers.split()] == [f"aim at player {player}"]
    assert len(buttons) == sum(text.startswith("aim at player") for text in listed.values())
