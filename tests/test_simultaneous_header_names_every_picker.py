"""When everyone picks at once, the terminal's title says so: the person and every other
player still to pick are to act, not only the player who leads the round. A game of turns
still names the one player to act."""

from __future__ import annotations

import re
from pathlib import Path

from entry_point import run_toolkit

from toolkit.scaffold import new_game


def titles(tmp_path: Path, family: str, game: str) -> list[str]:
    new_game(tmp_path, game, family)
    command = ["play", game, "--players", "3", "--bots", "random", "--seed", "4"]
    result = run_toolkit(*command, stdin="1\n1\nq\n", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    return re.findall(r"^== .* ==$", result.stdout, re.M)


def test_a_pick_everyone_makes_at_once_names_every_picker(tmp_path: Path) -> None:
    shown = titles(tmp_path, "sealed-bid", "woods")
    assert shown and all(
        title.endswith("you are player 1; you, player 2 and player 3 to act ==") for title in shown
    ), shown


def test_a_turn_names_the_one_player_to_act(tmp_path: Path) -> None:
    shown = titles(tmp_path, "staged", "shed")
    assert shown and all(title.endswith("you are player 1; you to act ==") for title in shown)
