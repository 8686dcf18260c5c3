"""Several people at one table (`toolkit serve --table`), through Starlette's test client: a
random link per seat, each seat's page and event stream showing only what that seat may see,
seats handed to bots and taken back, a full game whose transcript records who played each
seat and replays, and the same host and origin rules as the rest of the workbench."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
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
from toolkit.serve.project_state import ProjectState
from toolkit.serve.tables import Table

GAME = "oh-my-park"
LOCAL = "http://127.0.0.1"
IMAGES = ImageCache()


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> ProjectState:
    return ProjectState(copy_project(tmp_path_factory.mktemp("table")), [GAME], IMAGES)


@pytest.fixture
def client(project: ProjectState) -> Iterator[TestClient]:
    app = create_app(project, watch=False)
    with TestClient(app, base_url=LOCAL, raise_server_exceptions=False) as client:
        yield client


def _open(client: TestClient, players: int, people: int, seed: int = 5) -> tuple[Table, str]:
    opened = client.post(
        f"/game/{GAME}/table", data={"players": players, "people": people, "seed": seed}
    )
    assert opened.status_code == 200, opened.text
    table_id = str(opened.url).rsplit("/", 1)[1]
    table = client.app.state.bench.tables.get(table_id)  # type: ignore[attr-defined]
    assert table is not None
    links = re.findall(r'class="seatlink" href="(/play/[^"]+)"', opened.text)
    assert links == [f"/play/{seat.token}" for seat in table.seats]
    return table, opened.text


def _hand(table: Table, seat: int) -> list[str]:
    return [str(card) for card in table.loaded.game.observe(table.state, seat)["hand"]]


def _name(table: Table, card: str) -> str:
    """The card's name as a page draws it (its narrator's words)."""
    loaded = table.loaded
    return loaded.narrator.card("deck", loaded.game.tables["deck"].index(card))


def test_each_seat_sees_its_own_hand_and_nobody_elses(client: TestClient) -> None:
    table, _ = _open(client, players=3, people=2)
    tokens = [seat.token for seat in table.seats]
    assert len(set(tokens)) == 3 and all(len(token) >= 22 for token in tokens)
    assert [seat.person for seat in table.seats] == [True, True, False]  # the rest: bots
    for seat in range(3):
        page = client.get(f"/play/{tokens[seat]}")
        assert page.status_code == 200
        assert f"you are player {seat + 1}" in page.text
        stream = client.get(f"/play/{tokens[seat]}/events?once").text
        assert re.fullmatch(r"event: table\ndata: \d+\n\n", stream)
        for other in range(3):
            if other == seat:
                continue
            assert tokens[other] not in page.text  # no seat learns another seat's link
            assert table.id not in page.text  # nor the table's own page
            for card in set(_hand(table, other)) - set(_hand(table, seat)):
                name = _name(table, card)
                assert f'data-card="{card}"' not in page.text and name not in page.text
                assert card not in stream
        for card in _hand(table, seat):
            assert f'data-card="{card}"' in page.text
        # the play view's table, drawn from this seat's observation: the others' hands are
        # backs with their count
        assert 'class="box table" id="table"' in page.text
        others = page.text[page.text.index('class="players"') :]
        backs = re.findall(
            r'shape-backs">\s*<h4 class="zone-name">[^<]*'
            r'<span class="count">(\d+) cards?, face down',
            others,
        )
        assert sorted(int(n) for n in backs) == sorted(
            len(_hand(table, other)) for other in range(3) if other != seat
        )
    assert client.get("/play/not-a-seat").status_code == 400
    assert client.get("/play/é-not-ascii").status_code == 400
    assert client.get("/table/not-a-table").status_code == 400
    assert "not opened yet" not in client.get(f"/table/{table.id}").text.split("<tbody>")[1][:900]


def test_a_table_played_to_the_end_records_who_played_each_seat(
    client: TestClient, project: ProjectState
) -> None:
    table, _ = _open(client, players=2, people=2)
    first, second = (f"/play/{seat.token}" for seat in table.seats)
    client.get(first), client.get(second)
    handed = taken = None
    for turn in range(200):
        if table.over:
            break
        moved = False
        for link in (first, second):
            page = client.get(link)
            moves = re.findall(r'name="action" value="(-?\d+)"', page.text)
            if moves:
                assert client.post(link, data={"action": moves[0]}).status_code == 200
                moved = True
        assert moved or table.over
        if turn == 1:  # the second person steps away: the bot plays on at once
            handed = len(table.actions)
            bot_page = client.post(f"{second}/seat", data={"to": "bot"})
            assert "played by the greedy bot for now" in bot_page.text
            assert 'id="take-back"' in bot_page.text
            assert not re.findall(r'name="action"', bot_page.text)
        if turn == 3:  # and comes back through the same link
            taken = len(table.actions)
            assert 'id="to-bot"' in client.post(f"{second}/seat", data={"to": "person"}).text
    assert table.over and handed is not None and taken is not None
    ended = client.post(second, data={"save": "1"})
    assert 'id="game-over"' in ended.text and 'id="saved"' in ended.text
    path = project.root / "build" / "serve" / f"{GAME}-table-seed-5.jsonl"
    head = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    assert head["bots"] == ["human", "human"]
    assert head["seats"] == [
        [{"from_move": 0, "by": "human"}],
        [
            {"from_move": 0, "by": "human"},
            {"from_move": handed, "by": "greedy"},
            {"from_move": taken, "by": "human"},
        ],
    ]
    replayed = run_toolkit("replay", str(path), "--format", "json", cwd=project.root)
    assert replayed.returncode == 0, replayed.stderr
    scores = json.loads(replayed.stdout)["games"][0]["scores"]
    shown = re.search(r'data-totals="([\d -]+)"', ended.text)
    assert shown is not None and shown.group(1) == " ".join(map(str, scores["totals"]))

    again = client.post(f"{first}/again")  # the same table from its start, same seed
    assert table.actions == [] and 'id="game-over"' not in again.text
    assert client.get(second).status_code == 200  # every seat's link still leads to it


def test_open_seats_go_to_bots_and_the_host_can_hand_any_seat(client: TestClient) -> None:
    table, host_page = _open(client, players=3, people=3)
    assert host_page.count("not opened yet") == 3
    client.get(f"/play/{table.seats[0].token}")
    client.post(f"/table/{table.id}", data={"bots": "1"})
    assert [seat.person for seat in table.seats] == [True, False, False]
    assert table.state.to_move() == [0] or 0 in table.state.to_move()  # waits on the person
    client.post(f"/table/{table.id}", data={"seat": "3", "to": "person"})
    assert table.seats[2].person
    assert client.post(f"/table/{table.id}", data={"seat": "9", "to": "bot"}).status_code == 400


def test_a_table_keeps_the_host_and_origin_rules(client: TestClient) -> None:
    table, _ = _open(client, players=2, people=2)
    seat = f"/play/{table.seats[0].token}"
    assert client.get(seat, headers={"host": "evil.example"}).status_code == 400
    refused = client.post(seat, data={"action": "0"}, headers={"origin": "http://evil.example"})
    assert refused.status_code == 403
    assert client.post(f"{seat}/seat", headers={"origin": "http://evil.example"}).status_code == 403


def test_serve_table_takes_one_game_and_its_own_options(tmp_path: Path) -> None:
    several = run_toolkit("serve", "--table", "--port", "0")
    assert several.returncode == 2 and "name it" in several.stderr
    alone = run_toolkit("serve", GAME, "--people", "2", "--port", "0")
    assert alone.returncode == 2 and "add --table" in alone.stderr
    root = copy_project(tmp_path)
    crowded = run_toolkit(
        "serve", GAME, "--table", "--players", "2", "--people", "3", "--port", "0", cwd=root
    )
    assert crowded.returncode == 2 and "seats 1-2 people" in crowded.stderr
    assert "Traceback" not in crowded.stderr


def test_serve_table_prints_a_link_per_seat_that_opens_it(tmp_path: Path) -> None:
    root = copy_project(tmp_path)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    command = [sys.executable, "-m", "toolkit", "serve", GAME, "--table", "--players", "3",
               "--people", "2", "--port", str(port)]  # fmt: skip
    process = subprocess.Popen(command, cwd=root, env=env, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stderr is not None
        printed = []
        while not printed or not printed[-1].startswith("workbench:"):
            line = process.stderr.readline()
            assert line, "".join(printed)
            printed.append(line)
        text = "".join(printed)
        links = re.findall(rf"seat (\d) \(([a-z ]+)\): (http://127\.0\.0\.1:{port}/play/\S+)", text)
        assert [(seat, who) for seat, who, _ in links] == [
            ("1", "a person"),
            ("2", "a person"),
            ("3", "the greedy bot"),
        ]
        assert re.search(rf"http://127\.0\.0\.1:{port}/table/\S+", text)
        deadline = time.monotonic() + 30  # it says so just before it listens
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        with urllib.request.urlopen(links[1][2], timeout=20) as answer:
            assert "you are player 2" in answer.read().decode()
    finally:
        process.send_signal(signal.SIGTERM)
        process.communicate(timeout=20)
    assert process.returncode == 143
