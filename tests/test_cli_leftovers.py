"""Counts in words in the right number, `report --out`'s suffix choosing the format, and the
workbench's `--variant` and `--option` (in process, through the real entry point; few games)."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest
from entry_point import ROOT, run_toolkit

from toolkit.errors import OptionError
from toolkit.serve.images import ImageCache
from toolkit.serve.project_state import ProjectState, options_of

FERRIS = ROOT / "examples" / "variants" / "cheaper-ferris-wheel.yaml"
LOCAL = "http://127.0.0.1"
"""The workbench answers loopback names only (the test client's default host is refused)."""


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["validate", "lantern-routes"], "draw-and-play, 1 area zone;"),
        (["simulate", "midway-memories", "--games", "1", "--workers", "1"], ": 1 game, 4 players"),
        (
            [
                "ladder",
                "midway-memories",
                "--games",
                "1",
                "--players",
                "2",
                "--bots",
                "random,greedy",
                "--workers",
                "1",
            ],
            ": 1 game x 2 seat rotations",
        ),
    ],
    ids=["validate", "simulate", "ladder"],
)
def test_counts_of_one_are_singular(args: list[str], said: str) -> None:
    result = run_toolkit(*args)
    assert result.returncode == 0, result.stderr
    assert said in result.stdout
    assert "(s)" not in result.stdout + result.stderr


def test_play_says_one_move(tmp_path: Path) -> None:
    result = run_toolkit("play", "midway-memories", "--players", "2", "--seed", "3",
                         "--transcript", str(tmp_path / "g.jsonl"), stdin="q\n")  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "quit after 1 move; transcript saved" in result.stdout  # the other seat's move


@pytest.mark.parametrize(
    ("name", "starts"),
    [
        ("r.PDF", b"%PDF-"),
        ("r.json", b'{\n  "seats"'),
        ("r.JSON", b'{\n  "seats"'),
        ("r.txt", b"midway-memories: 2 games"),
        ("r.TXT", b"midway-memories: 2 games"),
    ],
)
def test_report_out_suffix_chooses_the_format(name: str, starts: bytes, tmp_path: Path) -> None:
    out = tmp_path / name
    result = run_toolkit("report", "midway-memories", "--games", "2", "--players", "2",
                         "--workers", "1", "--out", str(out))  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert [path.name for path in tmp_path.iterdir()] == [name]  # the very name given
    assert out.read_bytes().startswith(starts)
    assert result.stdout.startswith(f"{out}: ")
    if name.casefold().endswith(".json"):
        assert "wins" in json.loads(out.read_text())["seats"][0]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--out", "r.md"], "ends in '.md'; the report is written as one of: .pdf"),
        (["--out", "report"], "has no suffix; the report is written as one of: .pdf"),
        (["--out", "r.json", "--format", "csv"], "--format csv writes the tables beside a PDF"),
    ],
    ids=["md", "no-suffix", "format-beside-json"],
)
def test_report_out_suffix_outside_the_formats_is_a_usage_error(
    args: list[str], said: str, tmp_path: Path
) -> None:
    result = run_toolkit("report", "midway-memories", "--games", "2", *args, cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert said in result.stderr and ".json" in result.stderr
    assert list(tmp_path.iterdir()) == []  # refused before any game


def test_the_workbench_applies_its_variants_and_options() -> None:
    pytest.importorskip("starlette")
    with warnings.catch_warnings():  # Starlette would rather have httpx2; httpx works the same
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from toolkit.serve.app import create_app

    variant = ProjectState(ROOT, ["midway-memories"], ImageCache(dpi=20), variants=[FERRIS])
    variant.refresh(force=True)
    shown = variant.games["midway-memories"]
    ferris = next(card for card in shown.cards if card.card_id == "ferris-wheel")
    assert ferris.data["cost"] == 2 and FERRIS.resolve() in shown.files
    bench = TestClient(create_app(variant, watch=False), base_url=LOCAL)
    played = bench.post("/game/midway-memories/play", data={"players": "2", "seed": "3"})
    assert played.status_code == 200, played.text
    sessions = bench.app.state.bench.plays.sessions.values()  # type: ignore[attr-defined]
    assert [play.session.variants for play in sessions] == [[str(FERRIS)]]  # in its transcript
    park = ProjectState(ROOT, ["oh-my-park"], ImageCache(dpi=20), options=["Scoring-Side=blue"])
    client = TestClient(create_app(park, watch=False), base_url=LOCAL)
    started = client.post("/game/oh-my-park/sim", data={"players": "2", "games": "1"})
    assert started.status_code == 200
    assert client.app.state.bench.sims.latest("oh-my-park").options == {"scoring-side": "blue"}  # type: ignore[attr-defined]
    park.options = ["scoring-sid=blue"]
    with pytest.raises(OptionError, match="did you mean 'scoring-side'"):
        options_of(park, park.games["oh-my-park"])


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["oh-my-park", "--variant", str(FERRIS)], "is for 'midway-memories', not a game shown"),
        (["midway-memories", "--option", "x=1"], "it declares no options"),
        (["--variant", str(FERRIS.parent)], f"--variant '{FERRIS.parent}' is not a regular file"),
    ],
    ids=["variant-of-another-game", "option", "variant-folder"],
)
def test_serve_refuses_a_variant_or_option_its_games_cannot_take(
    args: list[str], said: str
) -> None:
    result = run_toolkit("serve", *args, "--port", "0")
    assert result.returncode == 2, result.stderr
    assert said in result.stderr
    if "--option" in args:  # refused once the one game is loaded
        assert "loading 1 game and printing its cards..." in result.stderr
