"""The workbench's `--variant` and `--option`: applied to the cards, the games played and the
runs (in process, through the real entry point; few games), and refused when its games cannot
take them."""

from __future__ import annotations

import warnings

import pytest
from entry_point import ROOT, run_toolkit

from toolkit.errors import OptionError
from toolkit.serve.images import ImageCache
from toolkit.serve.project_state import ProjectState, options_of

FERRIS = ROOT / "examples" / "variants" / "cheaper-ferris-wheel.yaml"
LOCAL = "http://127.0.0.1"
"""The workbench answers loopback names only (the test client's default host is refused)."""


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
