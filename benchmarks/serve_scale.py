"""How `toolkit serve` copes with a game of 10,000 cards: start time and peak memory.

Run from the project root: `python benchmarks/serve_scale.py [cards]`. It copies Tide Pool
Market into a temporary folder with its finds repeated to `cards` distinct cards (a valid
game), starts `python -m toolkit serve` there on a free port, and reports: the seconds until
the game's page answers, its size, the time to draw a few pictures, the seconds from saving an
edit to the page showing it, and the peak resident memory of the server (its run processes
included), sampled every 50 ms.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
GAME = "tide-pool-market"


def build(folder: Path, cards: int) -> Path:
    """A copy of the project holding only the one game, its finds repeated to `cards`."""
    for name in ("rules", "cards", "print"):
        shutil.copytree(ROOT / name, folder / name)
    for manifest in (folder / "rules").iterdir():
        if manifest.stem != GAME:
            manifest.unlink()
    finds = folder / "cards" / GAME / "finds.yaml"
    lines = finds.read_text().splitlines()
    rows = [line for line in lines if line.lstrip().startswith("- {id:")]
    out = [lines[0], "kind: finds", "cards:"]
    for number in range(cards):
        row = rows[number % len(rows)]
        copy = number // len(rows)
        out.append(row.replace("id: ", f"id: c{copy}-", 1).replace("name: ", f"name: N{copy} ", 1))
    finds.write_text("\n".join(out) + "\n")
    return finds


class Peak:
    """The largest resident memory of a process and its children, sampled in a thread."""

    def __init__(self, pid: int) -> None:
        self.process = psutil.Process(pid)
        self.peak = 0
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._sample, daemon=True)
        self.thread.start()

    def _sample(self) -> None:
        while not self.done.wait(0.05):
            try:
                tree = [self.process, *self.process.children(recursive=True)]
                self.peak = max(self.peak, sum(p.memory_info().rss for p in tree))
            except psutil.Error:
                return


def get(url: str, timeout: float = 600) -> bytes:
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return bytes(response.read())


def _keys(page: bytes, count: int = 12) -> list[str]:
    """The first pictures a page shows."""
    return [part.split(".jpg")[0] for part in page.decode().split("/img/")[1 : count + 1]]


def main() -> None:
    cards = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        finds = build(folder, cards)
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        base = f"http://127.0.0.1:{port}"
        command = [sys.executable, "-m", "toolkit", "serve", GAME, "--port", str(port)]
        start = time.perf_counter()
        server = subprocess.Popen(command, cwd=folder, stderr=subprocess.DEVNULL)
        peak = Peak(server.pid)
        try:
            while True:
                try:
                    page = get(f"{base}/game/{GAME}")
                    break
                except OSError:
                    if server.poll() is not None:
                        raise SystemExit("the server ended before it answered") from None
                    time.sleep(0.1)
            started = time.perf_counter() - start
            print(f"{cards} cards: the page answers after {started:.1f} s ({len(page):,} bytes)")
            keys = _keys(page)
            drawn = time.perf_counter()
            for key in keys:
                get(f"{base}/img/{key}.jpg")
            each = (time.perf_counter() - drawn) / max(1, len(keys))
            print(f"{len(keys)} pictures drawn on request: {each * 1000:.0f} ms each")
            finds.write_text(finds.read_text().replace("N0 Hermit crab", "N0 Hermit crabby", 1))
            saved = time.perf_counter()
            while b"Hermit crabby" not in (panel := get(f"{base}/game/{GAME}/panel")):
                time.sleep(0.2)
            print(f"an edit shows after {time.perf_counter() - saved:.1f} s")
            for key in _keys(panel):  # the edited version's pictures
                get(f"{base}/img/{key}.jpg")
            print(f"peak memory of the server: {peak.peak / 2**20:.0f} MiB")
        finally:
            peak.done.set()
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
