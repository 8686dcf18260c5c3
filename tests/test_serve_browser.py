"""The workbench in a real browser (headless Chromium through Playwright): the cards and the
numbers appear, a saved YAML edit shows without a reload, and a game is played to its end by
clicking. With TOOLKIT_SCREENSHOT=docs/img/serve.png it also saves the README's screenshot
(a plain run writes it into its temporary folder, so tests never change tracked files)."""

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

import uvicorn
from playwright.sync_api import Page, expect, sync_playwright
from shipped_project import copy_project, edit

from toolkit.serve.app import create_app
from toolkit.serve.project_state import ProjectState

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).is_file(), reason="chromium is not installed (apt-get install chromium)"
)
GAME = "oh-my-park"
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]  # fmt: skip


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """The workbench of a copy of the project on a free local port, watching its files."""
    root = copy_project(tmp_path)
    app = create_app(ProjectState(root, [GAME]))
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    port = listening.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=lambda: asyncio.run(server.serve([listening])), daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started
    yield f"http://127.0.0.1:{port}", root
    server.should_exit = True
    thread.join(10)
    listening.close()


@pytest.fixture
def page() -> Iterator[Page]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1440, "height": 1000})
        page.set_default_timeout(15_000)
        yield page
        browser.close()


def test_workbench_in_a_browser(served: tuple[str, Path], page: Page) -> None:
    url, root = served
    page.goto(f"{url}/game/{GAME}")
    expect(page.locator("#live")).to_have_class("live on")
    cards = page.locator("a.card img")
    assert cards.count() > 50
    expect(cards.first).to_have_js_property("complete", True)
    assert cards.first.evaluate("img => img.naturalWidth") > 100

    page.select_option("#sim-form select[name=players]", "2")
    page.fill("#sim-form input[name=games]", "30")
    page.click("#sim-form button")
    expect(page.locator("#sim svg.chart").first).to_be_visible()
    expect(page.locator("#sim")).to_contain_text("Win rate by seat")

    page.evaluate("window.notReloaded = true")
    edit(root / "cards" / GAME / "bonus-cards.yaml", "name: Even numbers", "name: Even steven")
    saved = time.monotonic()
    expect(page.locator("#cards")).to_contain_text("Even steven", timeout=10_000)
    took = time.monotonic() - saved
    assert page.evaluate("window.notReloaded") is True  # updated in place
    assert took < 10, took

    edit(root / "cards" / GAME / "bonus-cards.yaml", "at_least: 4", "at_lest: 4")
    expect(page.locator("#problems")).to_contain_text("at_lest")
    expect(page.locator("#stale")).to_contain_text("last good save")
    assert page.locator("a.card").count() > 50
    page.evaluate("window.scrollTo(0, 0)")
    screenshot = Path(os.environ.get("TOOLKIT_SCREENSHOT") or root / "serve.png")
    screenshot.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(screenshot))
    assert screenshot.stat().st_size > 10_000
    edit(root / "cards" / GAME / "bonus-cards.yaml", "at_lest: 4", "at_least: 4")
    expect(page.locator(".banner.good")).to_contain_text("No problems found")

    page.select_option("#play select[name=players]", "2")
    page.fill("#play input[name=seed]", "3")
    page.click("#play-start")
    expect(page.locator("h1")).to_contain_text("you are player 1")
    assert page.locator(".hand figure img").count() >= 9  # the hand as printed cards
    all_moves = page.locator("button.move").count()
    for _ in range(30):  # each turn: click a card of the hand, then one of its moves
        if page.locator("#game-over").count():
            break
        card = page.locator("#hand figure.playable").first
        if card.locator("button").count():  # the card's only move: the card plays it
            card.click()
        else:
            card.click()
            assert page.locator("button.move:visible").count() < all_moves
            page.locator("button.move:visible").first.click()
        page.wait_for_load_state()
    expect(page.locator("#game-over")).to_contain_text("Game over")
