"""The mechanic contract: three small parts (phase machine, bot hooks, narration) with nothing
only one mechanic has; defaults derived from the zones' visibility and from identical cards;
the terminal view and numpy loaded only by those who need them."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.kernel.mechanic import (
    BotHooks,
    CompiledMechanic,
    Narration,
    PhaseMachine,
    PlacementRules,
    TrickJudge,
    placement_problems,
)
from toolkit.kernel.state import State
from toolkit.mechanics.defaults import MachineDefaults, twin_cards

ROOT = Path(__file__).resolve().parent.parent


def _members(protocol: type) -> set[str]:
    return {
        name
        for name in vars(protocol)
        if (not name.startswith("_") and callable(getattr(protocol, name))) or name == "codec"
    }


def _game(game_id: str) -> Game:
    return load_compiled_game(str(ROOT / "rules" / f"{game_id}.yaml"))[1]


def _played(game: Game, seed: int, players: int, moves: int) -> State:
    state = game.new_state(seed, players)
    chooser = random.Random(seed)
    for _ in range(moves):
        player = state.to_move()[0]
        state.apply(player, chooser.choice(state.legal_actions(player)))
    return state


def test_the_contract_is_three_parts_without_tricks_grids_or_screens() -> None:
    machine, hooks, words = _members(PhaseMachine), _members(BotHooks), _members(Narration)
    assert machine == {
        "setup",
        "to_move",
        "legal_actions",
        "apply",
        "after_effects",
        "max_actions",
        "codec",
        "describe_action",
        "summary",
        "observe",
    }
    assert hooks == {
        "preview",
        "is_quiet",
        "determinize",
        "equivalent_actions",
        "options_left",
        "bot_option",
    }
    assert words == {"narrate_action", "narrate_event"}
    everything = _members(CompiledMechanic) | machine | hooks | words
    assert not everything & {"wins_trick", "position_problems", "screen"}
    # ... which live on the extensions their one user asks for.
    midway, park = _game("midway-memories"), _game("oh-my-park")
    assert isinstance(midway.mechanic, TrickJudge)
    assert not isinstance(park.mechanic, TrickJudge)
    assert isinstance(park.mechanic, PlacementRules)
    assert placement_problems(midway.mechanic, midway.new_state(1, 3), 0, 0) == []


def test_every_kit_builds_on_the_defaults_and_repeats_none_of_them() -> None:
    defaults = {name for name in vars(MachineDefaults) if not name.startswith("_")}
    for game_id in ("midway-memories", "oh-my-park", "lantern-routes"):
        machine = type(_game(game_id).mechanic)
        assert issubclass(machine, MachineDefaults)
        for name in defaults & set(vars(machine)):
            ours, theirs = getattr(machine, name), getattr(MachineDefaults, name)
            ours, theirs = getattr(ours, "fget", ours), getattr(theirs, "fget", theirs)
            assert ours.__code__.co_code != theirs.__code__.co_code, f"{machine} repeats {name}"


def test_the_default_determinize_deals_anew_only_what_the_observer_cannot_see() -> None:
    game = _game("midway-memories")
    state = _played(game, 5, 4, 9)
    hand = game.zone("hand").index
    observer = 2
    worlds = [
        MachineDefaults.determinize(game.mechanic, state, observer, random.Random(seed))  # type: ignore[arg-type]
        for seed in range(6)
    ]
    for world in worlds:
        assert world.zones[hand][observer] == state.zones[hand][observer]
        assert [len(cards) for cards in world.zones[hand]] == [
            len(cards) for cards in state.zones[hand]
        ]
        assert world.zones[game.zone("ridden").index] == state.zones[game.zone("ridden").index]
        assert world.shared == state.shared  # the display is face up (and not of the deck)
        unseen = sorted(
            [c for p, cards in enumerate(world.zones[hand]) if p != observer for c in cards]
            + world.out_of_play
        )
        before = sorted(
            [c for p, cards in enumerate(state.zones[hand]) if p != observer for c in cards]
            + state.out_of_play
        )
        assert unseen == before
        assert world.seed != state.seed
    others = {tuple(tuple(w.zones[hand][p]) for p in range(4) if p != observer) for w in worlds}
    assert len(others) > 1


def test_twin_cards_come_from_every_field_but_the_id() -> None:
    fields = {
        "id": ("a", "b", "c", "d"),
        "colour": ("red", "red", "blue", "red"),
        "n": (1, 1, 1, 2),
    }
    assert twin_cards(fields, 4) == (0, 0, 2, 3)
    assert twin_cards({"id": ("a", "b"), "n": (1, 2)}, 2) == ()  # all unlike: nothing to group


def test_the_default_groups_picks_of_identical_cards() -> None:
    game = _game("tide-pool-market")
    state = game.new_state(3, 3)
    twins = game.mechanic.twins  # type: ignore[attr-defined]
    codec = game.mechanic.codec
    legal = state.legal_actions(0)
    groups = game.mechanic.equivalent_actions(state, 0, legal)
    assert sorted(a for group in groups for a in group) == sorted(legal)
    assert any(len(group) > 1 for group in groups)
    for group in groups:
        parts = [codec.card_part(action) for action in group]
        assert len({(twins[card], rest) for card, rest in parts}) == 1  # type: ignore[misc]


def test_simulating_loads_neither_the_terminal_view_nor_numpy() -> None:
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from toolkit.sim.runner import simulate\n"
        "for game in ('oh-my-park', 'midway-memories', 'lantern-routes'):\n"
        "    simulate(Path('rules') / f'{game}.yaml', 2, 3, ['greedy'] * 3, seed=1, workers=1)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('rich', 'numpy')"
        " or m.endswith(('.screen', '.encoding'))))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
