"""Every event a game logs is a declared typed event, and narration tells it in words.

Random games of every game in the repository (the shipped games and the toy games, at their
fewest and most players) are played; each event in their logs must be an instance of a class the
kernel declares for every game (`CORE_EVENTS`) or the game's mechanic declares in its kit
(`events`), and both narrators (the transcripts' and the terminal's, for an onlooker and for a
seated player) must give it words, never the bare data a new, untold event falls back to.
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest
import yaml

from toolkit.kernel.events import CORE_EVENTS, Event
from toolkit.kernel.state import State
from toolkit.mechanics.registry import mechanic_kit
from toolkit.record.events import narrate, unnarrated
from toolkit.record.transcripts import LoadedGame

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted((ROOT / "rules").glob("*.yaml")) + sorted(
    (ROOT / "tests" / "games").glob("*/rules/*.yaml")
)
SEEDS = (3, 41)


@cache
def loaded(manifest: Path) -> LoadedGame:
    return LoadedGame.load(str(manifest))


def player_counts(manifest: Path) -> tuple[int, int]:
    players = yaml.safe_load(manifest.read_text(encoding="utf-8"))["players"]
    return players["min"], players["max"]


def random_game(loaded_game: LoadedGame, seed: int, players: int) -> State:
    state = loaded_game.game.new_state(seed, players)
    rng = random.Random(seed)
    while not state.is_terminal():
        player = state.to_move()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))
    return state


@pytest.mark.parametrize("manifest", GAMES, ids=[m.stem for m in GAMES])
def test_every_logged_event_is_declared_and_told_in_words(manifest: Path) -> None:
    game = loaded(manifest)
    kit = mechanic_kit(game.content.game.structure.mechanic)
    declared = {*CORE_EVENTS, *kit.events()}
    assert all(issubclass(kind, Event) for kind in declared)
    seen: dict[type[Event], Event] = {}
    for players in player_counts(manifest):
        for seed in SEEDS:
            for event in random_game(game, seed, players).log:
                seen.setdefault(type(event), event)
    assert seen, "no events logged"
    for kind, event in seen.items():
        assert kind in declared, f"{kind.__name__} is not declared by the kernel or {kit.name}"
        data = unnarrated(event)
        told = list(narrate(game.game, [event]))
        for viewer in (None, 0):
            told += game.narrator.event(event, viewer)
        assert data not in [line.strip() for line in told], f"{event.kind} has no words"
        if not event.quiet:
            assert list(game.narrator.event(event)), f"{event.kind} is told by nothing"
        assert event.plain()[0] == event.kind


def test_events_are_immutable_and_compare_by_value() -> None:
    """A pre-built event may be shared by every state that logs it."""
    from toolkit.kernel.events import RoundScored

    event = RoundScored(2, (3, -1))
    assert event == RoundScored(2, (3, -1)) and hash(event) == hash(RoundScored(2, (3, -1)))
    assert event.plain() == ["round-score", 2, [3, -1]]
    with pytest.raises(AttributeError):
        event.round = 3  # type: ignore[misc]
