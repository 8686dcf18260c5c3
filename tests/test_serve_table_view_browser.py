"""The table of a game in headless Chromium: one game of each way a table is laid out (a park
of cards as grids, a trick by seat with the track board, routes in columns with discard piles,
a staged game's piles and hidden hands), each drawn from the game's own zones and pictures,
played with the keyboard and with a click on a card, and passing axe-core's accessibility
check. With TOOLKIT_SCREENSHOTS=docs/img it saves the docs' screenshots of the play view (a
plain run writes them into its temporary folder, so tests never change tracked files).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("pypdfium2")
pytest.importorskip("playwright")
pytest.importorskip("axe_playwright_python")

import uvicorn
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect, sync_playwright
from shipped_project import copy_project

from toolkit.serve.app import create_app
from toolkit.serve.project_state import ProjectState

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).is_file(), reason="chromium is not installed (apt-get install chromium)"
)
GAMES = ["oh-my-park", "midway-memories", "lantern-routes", "kite-festival"]
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]  # fmt: skip


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The workbench of a copy of the project, one game of each table layout, on a free port."""
    root = copy_project(tmp_path_factory.mktemp("project"))
    app = create_app(ProjectState(root, GAMES), watch=False)
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    port = listening.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=lambda: asyncio.run(server.serve([listening])), daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started
    yield f"http://127.0.0.1:{port}", root
    server.should_exit = True
    thread.join(10)
    listening.close()


@pytest.fixture(scope="module")
def page() -> Iterator[Page]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1440, "height": 1000})
        page.set_default_timeout(30_000)
        yield page
        browser.close()


def start(page: Page, url: str, game: str, players: int, seed: int) -> None:
    page.goto(f"{url}/game/{game}")
    page.select_option("#play select[name=players]", str(players))
    page.fill("#play input[name=seed]", str(seed))
    page.click("#play-start")
    expect(page.locator("h1")).to_contain_text("you are player 1")


def accessible(page: Page) -> None:
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()


def screenshot(page: Page, root: Path, name: str) -> None:
    folder = Path(os.environ.get("TOOLKIT_SCREENSHOTS") or root)
    folder.mkdir(parents=True, exist_ok=True)
    shot = folder / name
    page.locator("#table").scroll_into_view_if_needed()
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000


def play_by_keys(page: Page) -> None:
    """Type a move's number: it is marked; Esc clears it; the number and Enter play it."""
    first = page.locator("button.move").first
    number = first.get_attribute("data-number")
    assert number is not None
    page.keyboard.press(number)
    expect(page.locator("button.move.typed")).to_have_count(1)
    page.keyboard.press("Escape")
    expect(page.locator("button.move.typed")).to_have_count(0)
    before = page.locator("#table").inner_html()
    page.keyboard.press(number)
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.locator("#table").inner_html() != before


def test_a_park_is_drawn_as_grids_and_a_card_picks_its_own_moves(
    served: tuple[str, Path], page: Page
) -> None:
    url, root = served
    start(page, url, "oh-my-park", 3, 3)
    expect(page.locator("table.grid")).to_have_count(3)  # a park per player
    assert page.locator("table.grid td.open").count() >= 1  # where a card may go
    card = page.locator("#hand figure.playable").first
    moves = set((card.get_attribute("data-moves") or "").split())
    assert len(moves) > 1  # up and down at each open cell
    card.locator(".pick").click()
    shown = page.locator("button.move:visible")
    assert {shown.nth(i).get_attribute("data-number") for i in range(shown.count())} == moves
    cell = page.locator("table.grid .cell-moves").first  # then a cell: its moves of that card
    cell.click()
    at = set((cell.get_attribute("data-moves") or "").split())
    shown = page.locator("button.move:visible")
    picked = {shown.nth(i).get_attribute("data-number") for i in range(shown.count())}
    assert picked == moves & at and len(picked) == 2  # face up or face down there
    page.keyboard.press("Escape")
    assert page.locator("button.move:visible").count() > len(moves)
    for _ in range(3):  # some cards placed, face down among them
        page.locator("button.move").last.click()
        page.wait_for_load_state()
    cells = page.locator("table.grid td.card")
    assert cells.count() >= 6
    assert page.locator("table.grid figure.facedown img").count() >= 1  # face down as backs
    expect(page.locator("#news")).to_contain_text("player 2")
    assert page.locator("figure.last").count() >= 1  # the last moves highlighted
    accessible(page)
    screenshot(page, root, "play-grid.png")
    play_by_keys(page)


def test_a_trick_is_laid_out_by_seat_and_tracks_on_the_printed_board(
    served: tuple[str, Path], page: Page
) -> None:
    url, root = served
    start(page, url, "midway-memories", 3, 4)
    seats = page.locator(".trick li.seat")
    expect(seats).to_have_count(3)
    expect(page.locator(".trick li.leads")).to_have_count(1)
    board = page.locator(".board-picture img")
    expect(board).to_have_count(1)
    assert board.evaluate("img => img.naturalWidth") > 500
    expect(page.locator(".board-picture .marker")).to_have_count(3 * 3)  # 3 tracks, 3 players
    assert page.locator(".count img.icon-img").count() >= 3  # the tracks' icons
    assert page.locator("#shared figure.tablecard img").count() >= 5  # the display's rides
    for _ in range(6):  # play until the bots' cards lie in the trick
        page.locator("#hand figure.playable button").first.click()
        page.wait_for_load_state()
        if page.locator(".trick figure.tablecard").count():
            break
    assert page.locator(".trick figure.tablecard").count() >= 1
    accessible(page)
    screenshot(page, root, "play-trick.png")
    play_by_keys(page)


def test_routes_are_columns_and_discards_are_piles(served: tuple[str, Path], page: Page) -> None:
    url, root = served
    start(page, url, "lantern-routes", 2, 5)
    for _ in range(6):  # play a card, draw from the stack; then discard one
        draw = page.locator("button.move", has_text="stack")
        (draw if draw.count() else page.locator("button.move")).first.click()
        page.wait_for_load_state()
    page.locator("button.move", has_text="discard").first.click()
    page.wait_for_load_state()
    assert page.locator(".zone-cards.shape-columns").count() == 2  # routes, one area per player
    assert page.locator(".zone-cards.shape-columns .group").count() >= 1  # a column per colour
    assert page.locator("#shared .zone-cards.shape-pile").count() == 5  # a discard pile per colour
    expect(page.locator("#shared")).to_contain_text("cards, face down")  # the draw pile
    assert page.locator("#shared .shape-pile figure.top img").count() >= 1  # a top card
    accessible(page)
    screenshot(page, root, "play-columns.png")


def test_a_staged_game_shows_its_piles_and_hidden_hands(
    served: tuple[str, Path], page: Page
) -> None:
    url, root = served
    start(page, url, "kite-festival", 3, 3)
    expect(page.locator("#shared .zone-cards.shape-pile")).to_have_count(1)  # the festival line
    expect(page.locator("#shared")).to_contain_text("cards, face down")  # the basket
    hidden = page.locator("section.player:not(.you) .zone-cards.shape-backs")
    expect(hidden).to_have_count(2)  # the others' hands: a back and a count
    assert hidden.first.locator("img").count() == 1
    assert hidden.first.locator("figure[data-card]").count() == 0  # a back names no card
    accessible(page)
    screenshot(page, root, "play-staged.png")
    play_by_keys(page)
