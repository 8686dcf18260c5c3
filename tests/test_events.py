"""Every event a game logs is a declared typed event, and narration tells it in words.

Random games of every game in the repository (the shipped games and the toy games, at their
fewest and most players) are played; each event in their logs must be an instance of a class the
kernel declares for every game (`CORE_EVENTS`), a rules primitive declares beside itself (its
`events`) or the game's mechanic declares in its kit (`events`), and both narrators (the
transcripts' and the terminal's, for an onlooker and for a seated player) must give it words,
never the bare data a new, untold event falls back to.

Games logging every kind of event is up to chance, so every declared event class is also built
(its fields filled from a shipped game of its mechanic) and must be told in words: an event
whose words are removed fails here even if no game logs it.
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest
import yaml

from toolkit.kernel.events import CORE_EVENTS, Event, field_types
from toolkit.kernel.state import State
from toolkit.mechanics.registry import MECHANICS, mechanic_kit
from toolkit.record.events import narrate, unnarrated
from toolkit.record.transcripts import LoadedGame
from toolkit.rules.registry import declared_events

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
    declared = {*CORE_EVENTS, *declared_events(), *kit.events()}
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


# -- every declared event, built -----------------------------------------------------------

SHIPPED = sorted((ROOT / "rules").glob("*.yaml"))


def shipped_game(mechanic: str) -> LoadedGame:
    """The shipped game of a mechanic with the most kinds of components (zones, resources,
    slots), so events naming them have something to name."""
    games = [loaded(m) for m in SHIPPED]
    fitting = [g for g in games if g.content.game.structure.mechanic == mechanic]
    assert fitting, f"no shipped game uses {mechanic}"
    game = max(fitting, key=lambda g: (len(g.game.resources), len(g.content.game.zones)))
    return game


def sample(game: LoadedGame, name: str, annotation: str) -> object:
    """A value for one field of an event, of its declared type, that the game can name."""
    content = game.content.game
    if annotation in ("int", "int | None"):
        return 0
    if annotation == "bool":
        return False
    if annotation in ("Cell", "tuple[int, int]"):
        return (0, 0)
    if annotation == "tuple[int, ...]":
        return (0,)
    if annotation == "tuple[str, ...]":
        return (game.game.deck.ids[0],)
    if annotation == "str":
        if name == "zone":
            shared = [z.id for z in content.zones if z.owner == "shared"]
            return shared[0] if shared else content.zones[0].id
        if name == "slot":
            return content.slots[0] if content.slots else "slot"
        if name == "direction":
            return "left"
        return "deck"  # a card kind or decision: the deck's cards every game has
    raise AssertionError(f"no sample for a field '{name}: {annotation}'; teach this test one")


def build(game: LoadedGame, kind: type[Event]) -> Event:
    values = {name: sample(game, name, kind_of) for name, kind_of in field_types(kind).items()}
    return kind(**values)


def told(game: LoadedGame, event: Event) -> list[str]:
    lines = list(narrate(game.game, [event]))
    for viewer in (None, 0):
        lines += game.narrator.event(event, viewer)
    return [line.strip() for line in lines]


DECLARED = [
    *((mechanic, kind) for mechanic in MECHANICS for kind in mechanic_kit(mechanic).events()),
    *(("trick_taking", kind) for kind in (*CORE_EVENTS, *declared_events())),
]


@pytest.mark.parametrize(
    ("mechanic", "kind"), DECLARED, ids=[f"{m}-{k.__name__}" for m, k in DECLARED]
)
def test_every_declared_event_is_told_in_words(mechanic: str, kind: type[Event]) -> None:
    game = shipped_game(mechanic)
    event = build(game, kind)
    lines = told(game, event)
    assert unnarrated(event) not in lines, f"{kind.__name__} has no words"
    if not event.quiet:
        assert [line for line in lines if line], f"{kind.__name__} is told by nothing"
    assert event.plain()[0] == event.kind


def test_primitives_declare_the_events_they_log() -> None:
    from toolkit.rules.effects.acquire import Acquire, Acquired
    from toolkit.rules.setup.starting_player import FirstPlayer, StartingPlayer

    assert Acquire.events == (Acquired,) and StartingPlayer.events == (FirstPlayer,)
    assert {Acquired, FirstPlayer} <= set(declared_events())
    assert not set(declared_events()) & set(CORE_EVENTS)
