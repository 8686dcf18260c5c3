"""Tidewrack, one built scenario per rule, with exact expectations.

Each test starts a seeded game, sets the hands and stacks the sand (its top card is the last of
the list), plays a few actions and checks the exact outcome. The rules are those of
`rules/tidewrack.yaml`: a rummy whose driftwood is the `deadwood` computed measure and whose
walk is scored by `showdown`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from entry_point import run_toolkit
from scenario_start import start

from toolkit.agents import make_bot
from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.kernel.state import State
from toolkit.mechanics.staged.moves import CardMove

ROOT = Path(__file__).resolve().parent.parent

LIGHT = ["shell-1", "shell-2", "shell-3", "kelp-7", "glass-7", "coral-7"]
LIGHT += ["kelp-9", "kelp-10", "kelp-11", "glass-3"]
"""A run of shells, a set of sevens, a run of kelp and glass-3: 3 of driftwood."""

PERFECT = ["shell-1", "shell-2", "shell-3", "shell-4", "kelp-7", "glass-7", "coral-7"]
PERFECT += ["kelp-8", "kelp-9", "kelp-10"]
"""The sevens, kelp 8-9-10 and shells 1-4: no driftwood (kelp 7-10 would leave two sevens)."""

HEAVY = ["kelp-2", "kelp-4", "kelp-6", "kelp-13", "coral-9", "glass-5", "glass-9", "glass-11"]
HEAVY += ["coral-11", "coral-13"]
"""Nothing fits together: 75 of driftwood."""

RIVAL = ["kelp-1", "kelp-2", "kelp-3", "glass-9", "glass-10", "glass-11", "coral-4", "coral-5"]
RIVAL += ["coral-6", "glass-2"]
"""Three runs and glass-2: 2 of driftwood."""


@pytest.fixture(scope="module")
def game() -> Game:
    return load_compiled_game(str(ROOT / "rules" / "tidewrack.yaml"))[1]


def ids(game: Game, state: State, zone: str, player: int = 0) -> list[str]:
    spec = game.zone(zone)
    held = state.shared[spec.index] if spec.shared else state.zones[spec.index][player]
    return [game.deck.ids[card] for card in held]


def deal(
    game: Game,
    state: State,
    hands: Sequence[Sequence[str]],
    sand: Sequence[str],
    tideline: Sequence[str],
) -> None:
    """Set both hands, the sand (top last) and the tideline (top last); the rest leave play."""
    index = game.deck.index
    for player, hand in enumerate(hands):
        state.zones[game.zone("hand").index][player] = [index(c) for c in hand]
    state.shared[game.zone("sand").index] = [index(c) for c in sand]
    state.shared[game.zone("tideline").index] = [index(c) for c in tideline]
    placed = [*hands[0], *hands[1], *sand, *tideline]
    assert len(set(placed)) == len(placed), "a find placed twice"
    used = {index(c) for c in placed}
    state.out_of_play = [c for c in range(game.deck.size) if c not in used]


def rule(game: Game, decision: str, **fields: object) -> int:
    """The base action of the move template with this decision (and these fields)."""
    for candidate in game.mechanic.codec.rules:
        if candidate.decision == decision and all(
            getattr(candidate, k) == v for k, v in fields.items()
        ):
            return candidate.base
    raise AssertionError(f"no move {decision} {fields}")


def draw_sand(game: Game) -> int:
    return next(
        r.base
        for r in game.mechanic.codec.rules
        if r.kind == "draw" and r.sources[0].id == "sand"  # type: ignore[attr-defined]
    )


def draw_tideline(game: Game) -> int:
    return next(
        r.base
        for r in game.mechanic.codec.rules
        if r.kind == "draw" and r.sources[0].id == "tideline"  # type: ignore[attr-defined]
    )


def throw(game: Game, card: str, *, after_tideline: bool = False) -> int:
    rules = [r for r in game.mechanic.codec.rules if isinstance(r, CardMove)]
    chosen = next(r for r in rules if r.except_moved == after_tideline)
    return chosen.base + game.deck.index(card)


def conch(game: Game, state: State) -> list[int]:
    resource = next(i for i, r in enumerate(game.resources) if r.id == "conch")
    return [state.res[p][resource] for p in range(state.n)]


FILLER = [f"shell-{n}" for n in range(6, 11)]
"""Finds left in the sand so the walk does not wash out."""


# -- setup ------------------------------------------------------------------------------------


def test_each_beachcomber_gets_ten_finds_and_one_find_is_turned_onto_the_tideline(
    game: Game,
) -> None:
    state = start(game)
    assert [len(ids(game, state, "hand", p)) for p in range(2)] == [10, 10]
    assert len(ids(game, state, "tideline")) == 1
    assert len(ids(game, state, "sand")) == 52 - 21
    assert conch(game, state) == [0, 0]


# -- a turn -----------------------------------------------------------------------------------


def test_a_turn_starts_by_taking_from_the_sand_or_the_tideline(game: Game) -> None:
    state = start(game)
    assert sorted(state.legal_actions(0)) == sorted([draw_sand(game), draw_tideline(game)])


def test_a_find_from_the_sand_may_be_thrown_straight_back(game: Game) -> None:
    state = start(game)
    deal(
        game,
        state,
        [HEAVY, LIGHT],
        [*FILLER, "shell-13"],
        ["glass-13"],
    )
    state.apply(0, draw_sand(game))
    assert "shell-13" in ids(game, state, "hand")
    assert throw(game, "shell-13") in state.legal_actions(0)
    state.apply(0, throw(game, "shell-13"))
    assert ids(game, state, "tideline") == ["glass-13", "shell-13"]
    assert len(ids(game, state, "hand")) == 10


def test_a_find_taken_from_the_tideline_is_never_thrown_straight_back(game: Game) -> None:
    state = start(game)
    deal(
        game,
        state,
        [HEAVY, LIGHT],
        FILLER,
        ["shell-13"],
    )
    state.apply(0, draw_tideline(game))
    legal = state.legal_actions(0)
    assert throw(game, "shell-13", after_tideline=True) not in legal
    assert throw(game, "kelp-2", after_tideline=True) in legal
    assert len(legal) == 10


def test_a_heavy_load_cannot_blow_the_conch_and_the_next_beachcomber_walks(game: Game) -> None:
    state = start(game)
    deal(
        game,
        state,
        [HEAVY, LIGHT],
        [*FILLER, "shell-13"],
        ["glass-13"],
    )
    state.apply(0, draw_sand(game))
    state.apply(0, throw(game, "shell-13"))
    assert state.to_move() == (1,)


def light_turn(game: Game, hand: Sequence[str] = LIGHT, rival: Sequence[str] = HEAVY) -> State:
    """Player 1 draws shell-12 from the sand and throws it back, keeping `hand`."""
    state = start(game)
    deal(game, state, [hand, rival], [*FILLER, "shell-12"], ["coral-12"])
    state.apply(0, draw_sand(game))
    state.apply(0, throw(game, "shell-12"))
    return state


def test_driftwood_of_ten_or_less_offers_the_conch(game: Game) -> None:
    state = light_turn(game)
    assert state.to_move() == (0,)
    assert sorted(state.legal_actions(0)) == sorted([rule(game, "blow"), rule(game, "walk_on")])


def test_walking_on_passes_the_turn(game: Game) -> None:
    state = light_turn(game)
    state.apply(0, rule(game, "walk_on"))
    assert state.to_move() == (1,)
    assert conch(game, state) == [0, 0]


def test_blowing_the_conch_ends_the_walk_and_the_lighter_load_scores_the_difference(
    game: Game,
) -> None:
    state = light_turn(game)
    assert conch(game, state) == [0, 0]
    state.apply(0, rule(game, "blow"))
    assert state.terminal
    assert conch(game, state) == [1, 0]
    scores = game.score(state)
    assert scores.breakdown[0] == {"The walk": 75 - 3}
    assert scores.totals == (72, 0)
    assert scores.winners == (0,)


def test_a_rival_as_light_or_lighter_scores_the_difference_and_the_bonus(game: Game) -> None:
    state = light_turn(game, LIGHT, RIVAL)
    state.apply(0, rule(game, "blow"))
    # The conch blower holds 3, the rival 2: the rival scores 1 and the bonus of 20.
    assert game.score(state).totals == (0, 21)


def test_no_driftwood_at_all_scores_the_bonus_and_cannot_be_undercut(game: Game) -> None:
    state = light_turn(game, PERFECT, RIVAL)
    assert game.score(state).totals == (0, 0)  # nobody holds the conch yet: nothing scores
    state.apply(0, rule(game, "blow"))
    assert game.score(state).totals == (2 + 20, 0)


def test_the_walk_washes_out_when_two_finds_are_left_in_the_sand(game: Game) -> None:
    state = start(game)
    deal(game, state, [HEAVY, LIGHT], ["glass-12", "glass-13", "shell-12"], ["coral-12"])
    state.apply(0, draw_sand(game))
    state.apply(0, throw(game, "shell-12"))
    assert state.terminal
    assert game.score(state).totals == (0, 0)


def test_the_tide_comes_in_after_thirty_turns_each(game: Game) -> None:
    state = start(game)
    other = ["shell-1", "shell-3", "shell-5", "shell-11", "shell-13"]
    other += ["coral-2", "coral-4", "coral-6", "coral-8", "coral-10"]
    sand = ["glass-1", "glass-3", "glass-6", "glass-8", "glass-10"]
    deal(game, state, [HEAVY, other], sand, ["kelp-8"])
    turns = 0
    while not state.terminal:
        (player,) = state.to_move()
        # Take the tideline's find and throw back another: the sand never shrinks.
        state.apply(player, draw_tideline(game))
        state.apply(player, state.legal_actions(player)[0])
        if not state.terminal and state.to_move() == (player,):
            state.apply(player, rule(game, "walk_on"))
        turns += 1
        assert turns <= 60
    assert turns == 60
    assert len(ids(game, state, "sand")) == 5
    assert game.score(state).totals == (0, 0)


# -- bots, words, command line ---------------------------------------------------------------


def test_the_eager_strategy_blows_the_conch_at_once(game: Game) -> None:
    state = light_turn(game)
    assert make_bot("eager", 0, game).choose(state, 0) == rule(game, "blow")
    assert make_bot("patient", 0, game).choose(state, 0) == rule(game, "blow")


def test_the_patient_strategy_walks_on_with_driftwood_over_four(game: Game) -> None:
    state = light_turn(game, [*LIGHT[:-1], "glass-8"])  # 8 of driftwood
    assert make_bot("patient", 0, game).choose(state, 0) == rule(game, "walk_on")
    assert make_bot("eager", 0, game).choose(state, 0) == rule(game, "blow")


def test_the_search_bot_plays_a_walk_to_its_end(game: Game) -> None:
    state = game.new_state(5, 2)
    bots = [make_bot("ismcts:5", 0, game), make_bot("random", 1, game)]
    steps = 0
    while not state.terminal:
        (player,) = state.to_move()
        state.apply(player, bots[player].choose(state, player))
        steps += 1
        assert steps < 300
    assert len(game.score(state).totals) == 2


def test_the_reference_reads_the_walk_in_its_own_words() -> None:
    from toolkit.content.project import load_game
    from toolkit.pnp.describe import Describer
    from toolkit.pnp.reference import reference_context

    content, _ = load_game(ROOT / "rules" / "tidewrack.yaml")
    assert content is not None
    context = reference_context(content, Describer(content, lambda icon: False))
    lines = context["turn_lines"]
    assert any(line.strip() == "- blow the conch" for line in lines)
    assert any("driftwood weighs 10 or less" in line for line in lines)
    (walk,) = context["round_scoring"]
    assert walk["label"] == "The walk"
    assert "the lowest scores the difference" in walk["points"]
    assert "ties or beats the challenger scores 20 more" in walk["points"]
    assert "by weight of the cards in Finds outside sets" in walk["points"]


def test_validate_simulate_and_replay_from_the_command_line(tmp_path: Path) -> None:
    result = run_toolkit("validate", "tidewrack")
    assert result.returncode == 0
    assert "tidewrack (Tidewrack 0.1.0): 2 players, staged" in result.stdout
    transcript = tmp_path / "walk.jsonl"
    result = run_toolkit(
        "simulate",
        "tidewrack",
        "--games",
        "1",
        "--bots",
        "eager,patient",
        "--transcript",
        transcript,
    )
    assert result.returncode == 0, result.stderr
    result = run_toolkit("replay", transcript)
    assert result.returncode == 0, result.stderr
    assert "from the sand" in result.stdout
