"""Oh my park!'s player count, "Players: 2-5." (`shared/rules-sources/oh-my-park.txt`).

Two and five players play whole games, in the engine and from the command line; one and six
are refused by every command that takes `--players` (a usage error that names the bound,
nothing written) and by the engine itself.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from entry_point import run_toolkit

from toolkit.agents import make_bot
from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.kernel.events import GAME_ENDED

ROOT = Path(__file__).resolve().parent.parent
PARK_SIZE = 9
REFUSAL = "usage error: Oh my park! is for 2-5 players\n"


@pytest.fixture(scope="module")
def game() -> Game:
    _, compiled = load_compiled_game(str(ROOT / "rules" / "oh-my-park.yaml"))
    return compiled


@pytest.mark.parametrize("players", [2, 5])
def test_two_and_five_players_play_whole_games(game: Game, players: int) -> None:
    """Players: 2-5. At both ends of the range random bots play every game to its end, each
    park holding its 9 cards."""
    assert (game.min_players, game.max_players) == (2, 5)
    for seed in range(10):
        state = game.new_state(seed, players)
        bots = [make_bot("random", seed * 10 + p) for p in range(players)]
        for _ in range(500):
            if state.is_terminal():
                break
            player = state.to_move()[0]
            state.apply(player, bots[player].choose(state, player))
        assert state.log[-1] == GAME_ENDED
        parks = state.observation(0)["parks"]
        assert [len(park) for park in parks] == [PARK_SIZE] * players


@pytest.mark.parametrize("players", [2, 5])
def test_two_and_five_players_simulate_from_the_command_line(tmp_path: Path, players: int) -> None:
    """Players: 2-5. `toolkit simulate --players 2` and `--players 5` play, report a seat per
    player and record games of that many players."""
    transcript = tmp_path / "games.jsonl"
    result = run_toolkit(
        "simulate", "oh-my-park", "--players", str(players), "--games", "3", "--bots", "random",
        "--transcript", transcript, "--format", "json",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["arguments"]["players"] == players
    assert [seat["seat"] for seat in report["seats"]] == list(range(1, players + 1))
    records = [json.loads(line) for line in transcript.read_text().splitlines()]
    assert [r["players"] for r in records if r["type"] == "game"] == [players] * 3


def commands(tmp_path: Path, players: int) -> dict[str, list[str | Path]]:
    """Every command taking `--players`, each otherwise valid (and writing a file if it can)."""
    variant = tmp_path / "dearer-b1.yaml"
    variant.write_text(
        "kind: variant\ngame: oh-my-park\nname: Dearer B1\n"
        "set:\n  - {path: park-cards/B1/price, value: 2}\n"
    )
    count = ["--players", str(players), "--games", "2", "--bots", "random"]
    return {
        "simulate": ["simulate", "oh-my-park", *count, "--transcript", tmp_path / "run.jsonl"],
        "compare": ["compare", "oh-my-park", *count, "--variant", variant],
        "sweep": ["sweep", "oh-my-park", *count, "--set", "park-cards/B1/price=1,2"],
        "report": ["report", "oh-my-park", *count, "--out", tmp_path / "report.pdf"],
        "ladder": ["ladder", "oh-my-park", *count],
        "play": ["play", "oh-my-park", "--players", str(players)],
    }


@pytest.mark.parametrize("players", [1, 6])
@pytest.mark.parametrize("command", ["simulate", "compare", "sweep", "report", "ladder", "play"])
def test_one_and_six_players_are_refused_at_the_command_line(
    tmp_path: Path, command: str, players: int
) -> None:
    """Players: 2-5. One or six players is a usage error (exit 2) naming the range, before
    any game is played or any file written."""
    args = commands(tmp_path, players)[command]
    before = sorted(tmp_path.iterdir())
    result = run_toolkit(*args)
    assert (result.returncode, result.stdout, result.stderr) == (2, "", REFUSAL)
    assert sorted(tmp_path.iterdir()) == before


@pytest.mark.parametrize("players", [1, 6])
def test_one_and_six_players_are_refused_by_the_engine(game: Game, players: int) -> None:
    """Players: 2-5. The engine itself refuses to set up a game of one or six players, with
    the game's name, its range and the count asked for."""
    with pytest.raises(ValueError, match=rf"^Oh my park! is for 2-5 players, not {players}$"):
        game.new_state(1, players)
