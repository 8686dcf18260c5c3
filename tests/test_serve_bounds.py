"""The workbench within bounds, through Starlette's test client on a copy of the shipped
project: request bodies capped while they stream, loopback names only, one run per game in a
process that stops, transcripts that never replace another game's, seeds that replay, and card
pictures drawn on request into a bounded cache without reading through links out of the
project."""

from __future__ import annotations

import os
import time
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

from toolkit.serve.app import MAX_FORM_BYTES, create_app
from toolkit.serve.images import MAX_HASHED_BYTES, ImageCache
from toolkit.serve.project_state import ProjectState

GAME = "oh-my-park"
LOCAL = "http://127.0.0.1"
IMAGES = ImageCache()
"""Shared by the tests: a copy of the project with the same bytes finds the same print."""


@pytest.fixture
def project(tmp_path: Path) -> ProjectState:
    return ProjectState(copy_project(tmp_path / "project"), [GAME], IMAGES)


@pytest.fixture
def client(project: ProjectState) -> Iterator[TestClient]:
    with TestClient(create_app(project, watch=False), base_url=LOCAL) as client:
        yield client


def test_only_loopback_names_are_answered(project: ProjectState) -> None:
    app = create_app(project, watch=False)
    with TestClient(app) as default:  # the test client's own name, "testserver"
        assert default.get("/static/app.css").status_code == 400
    with TestClient(app, base_url="http://localhost:8000") as local:
        assert local.get("/static/app.css").status_code == 200


def test_bodies_are_capped_while_they_stream(client: TestClient) -> None:
    big = b"players=2&x=" + b"a" * MAX_FORM_BYTES
    said = client.post(f"/game/{GAME}/sim", content=big, headers={"content-type": "x"})
    assert said.status_code == 413  # by its Content-Length, before any of it is read

    def chunks() -> Iterator[bytes]:  # no Content-Length: chunked, counted as it arrives
        for _ in range(8):  # (a real server stops reading: tests/test_serve_process.py)
            yield b"a" * 16 * 1024

    streamed = client.post(f"/game/{GAME}/sim", content=chunks())
    assert streamed.status_code == 413 and "larger than 16,384 bytes" in streamed.text
    bad = client.post(f"/game/{GAME}/sim", headers={"content-length": "lots"})
    assert bad.status_code == 400
    small = client.post(f"/game/{GAME}/sim", data={"players": "2", "games": "1"})
    assert small.status_code == 200


def test_one_run_per_game_and_each_run_a_process_that_stops(client: TestClient) -> None:
    sims = client.app.state.bench.sims  # type: ignore[attr-defined]
    for _ in range(3):  # slow runs: a thinking bot in every seat
        form = {"players": "2", "bots": "ismcts:5s", "games": "50"}
        assert client.post(f"/game/{GAME}/sim", data=form).status_code == 200
    jobs = list(sims.jobs.values())
    assert [job.status for job in jobs[:-1]] == ["stopped", "stopped"]
    assert jobs[-1].status == "running" and sims.alive() == 1
    pid = jobs[-1].process.pid
    sims.stop_all()
    assert jobs[-1].status == "stopped" and sims.alive() == 0
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def test_same_seed_games_keep_their_own_transcripts(
    client: TestClient, project: ProjectState
) -> None:
    urls = []
    for _ in range(2):
        started = client.post(f"/game/{GAME}/play", data={"players": "2", "seed": "7"})
        urls.append(str(started.url))
    folder = project.root / "build" / "serve"
    folder.mkdir(parents=True)
    (folder / "link-target").write_text("keep\n")
    first, second = (client.post(url, data={"save": "1"}) for url in urls)
    assert f"{GAME}-seed-7.jsonl" in first.text and f"{GAME}-seed-7-2.jsonl" in second.text
    kept = (folder / f"{GAME}-seed-7.jsonl").read_text()
    action = client.get(urls[1]).text.split('name="action" value="')[1].split('"')[0]
    client.post(urls[1], data={"action": action})
    client.post(urls[1], data={"save": "1"})  # a game saves again under its own name
    assert (folder / f"{GAME}-seed-7.jsonl").read_text() == kept
    assert sorted(p.name for p in folder.glob("*.jsonl")) == [
        f"{GAME}-seed-7-2.jsonl", f"{GAME}-seed-7.jsonl"
    ]  # fmt: skip
    (folder / f"{GAME}-seed-7-3.jsonl").symlink_to(folder / "link-target")
    third = client.post(f"/game/{GAME}/play", data={"players": "2", "seed": "7"})
    saved = client.post(str(third.url), data={"save": "1"})
    assert f"{GAME}-seed-7-4.jsonl" in saved.text  # a link is no free name
    assert (folder / "link-target").read_text() == "keep\n"


def test_page_seeds_are_bounded_like_the_command_line(
    client: TestClient, project: ProjectState
) -> None:
    for seed in (str(2**64), "-1", "9" * 5000):
        refused = client.post(f"/game/{GAME}/play", data={"players": "2", "seed": seed})
        assert refused.status_code == 400 and "seed" in refused.text
    top = client.post(f"/game/{GAME}/play", data={"players": "2", "seed": str(2**64 - 1)})
    assert top.status_code == 200
    client.post(str(top.url), data={"save": "1"})
    transcript = project.root / "build" / "serve" / f"{GAME}-seed-{2**64 - 1}.jsonl"
    replayed = run_toolkit("replay", transcript, cwd=project.root)
    assert replayed.returncode == 0, replayed.stderr


def test_pictures_are_drawn_on_request_into_a_bounded_cache(tmp_path: Path) -> None:
    root = copy_project(tmp_path)
    images = ImageCache(pictures=5)
    project = ProjectState(root, [GAME], images)
    with TestClient(create_app(project, watch=False), base_url=LOCAL) as client:
        cards = project.games[GAME].cards
        assert len(cards) > 50 and images.kept() == (0, 0)  # printed, none drawn yet
        for card in cards[:10]:
            picture = client.get(f"/img/{card.front}.jpg")
            assert picture.status_code == 200 and picture.content[:3] == b"\xff\xd8\xff"
        assert images.kept()[0] == 5
        assert client.get(f"/img/{cards[0].front}.jpg").status_code == 200  # drawn again
        ident = cards[0].front.split("-")[0]
        assert client.get(f"/img/{ident}-99999.jpg").status_code == 404  # no card's page


def test_each_game_keeps_its_printed_cards_whatever_the_others_print(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("toolkit.serve.images.KEPT", 1)  # versions kept per game
    root = copy_project(tmp_path)
    games = [GAME, "kite-festival"]
    project = ProjectState(root, games, ImageCache())
    with TestClient(create_app(project, watch=False), base_url=LOCAL) as client:
        for game in games:  # the later game's print leaves the earlier game's pictures
            front = project.games[game].cards[0].front
            assert client.get(f"/img/{front}.jpg").status_code == 200, game


def test_links_out_of_the_project_and_huge_files_under_print(tmp_path: Path) -> None:
    root = copy_project(tmp_path / "project")
    secret = tmp_path / "secret.txt"
    secret.write_text("one\n")
    (root / "print" / "shared" / "linked.txt").symlink_to(secret)
    (root / "print" / "shared" / "away").symlink_to(tmp_path, target_is_directory=True)
    huge = root / "print" / "shared" / "huge.bin"
    with huge.open("wb") as sparse:  # no disk used: a hole past the hashing limit
        sparse.truncate(MAX_HASHED_BYTES + 1)
    project = ProjectState(root, [GAME], IMAGES)
    project.refresh(force=True)
    game = project.games[GAME]
    assert len(game.cards) > 50 and not game.diagnostics and not game.images_note
    before = [card.front for card in game.cards]
    secret.write_text("two, never read by the workbench\n")
    project.refresh(force=True)
    assert [card.front for card in project.games[GAME].cards] == before  # nothing reprinted
    with huge.open("r+b") as sparse:
        sparse.truncate(MAX_HASHED_BYTES + 2)
    time.sleep(0.01)
    project.refresh(force=True)
    changed = project.games[GAME].cards
    assert [card.front for card in changed] != before and not project.games[GAME].diagnostics
