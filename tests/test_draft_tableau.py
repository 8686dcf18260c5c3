"""The draft mechanic without a grid: picks into a tableau, free or priced, over several rounds
with new hands, cycling pass directions and cards kept between rounds. One scenario per rule,
on Tide Pool Market (rules/tide-pool-market.yaml) or a copy of it changed in one place; the
grid draft's own rules are tested on Oh my park! (tests/test_park_rules.py) and stay as they
were (tests/test_golden.py)."""

from __future__ import annotations

import io
import random
import shutil
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from rich.console import Console

from toolkit.agents import make_bot
from toolkit.content.project import load_game
from toolkit.content.semantic import check_game
from toolkit.diagnostics import Diagnostic
from toolkit.engine.game import Game, compile_game
from toolkit.engine.load import load_compiled_game
from toolkit.engine.position_load import state_from_text
from toolkit.errors import IllegalActionError
from toolkit.kernel.events import GAME_ENDED, Event, RoundEnded
from toolkit.kernel.state import State
from toolkit.mechanics.draft.codec import Pick
from toolkit.mechanics.draft.events import HandsPassed, PickDiscarded, TableauDiscarded, Taken
from toolkit.play.session import Session
from toolkit.play.terminal import Terminal
from toolkit.record.transcripts import LoadedGame

ROOT = Path(__file__).resolve().parent.parent
GAME = "tide-pool-market"
MANIFEST = f"rules/{GAME}.yaml"
TOY = ROOT / "tests" / "games" / "terrace-gardens"


@pytest.fixture(scope="module")
def game() -> Game:
    _, compiled = load_compiled_game(str(ROOT / MANIFEST))
    return compiled


def copy_game(tmp_path: Path) -> Path:
    """A copy of the game's files, to change one thing."""
    for part in ("rules", "cards", "print"):
        (tmp_path / part).mkdir(exist_ok=True)
    shutil.copy(ROOT / MANIFEST, tmp_path / MANIFEST)
    shutil.copytree(ROOT / "cards" / GAME, tmp_path / "cards" / GAME)
    shutil.copytree(ROOT / "print" / GAME, tmp_path / "print" / GAME)
    shutil.copytree(ROOT / "print" / "shared", tmp_path / "print" / "shared")
    return tmp_path


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def diagnostics(manifest: Path) -> list[Diagnostic]:
    content, found = load_game(manifest)
    if content is not None:
        found = [*found, *check_game(content)]
    return found


def compiled(manifest: Path) -> Game:
    content, found = load_game(manifest)
    assert content is not None and not found, found
    assert not check_game(content)
    return compile_game(content)


def line_of(path: Path, text: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, start=1) if text in line)


# -- building and reading states ---------------------------------------------------------------


def scenario(
    game: Game,
    hands: Sequence[Sequence[str]],
    stalls: Sequence[Sequence[str]] = (),
    resources: str = "{}",
) -> State:
    """Round 1 with the given hands and stalls, nothing placed yet this turn, each player
    holding `resources`; the rest of the deck is undealt."""
    players = "".join(
        f"  - {{name: P{seat + 1}, zones: {{hand: [{', '.join(cards)}], "
        f"stall: [{', '.join(stalls[seat] if stalls else [])}]}}, resources: {resources}}}\n"
        for seat, cards in enumerate(hands)
    )
    placed = ", ".join("0" for _ in hands)
    return state_from_text(
        game, f"kind: position\ngame: {game.id}\nplayers:\n{players}play: {{placed: [{placed}]}}\n"
    )


def take(game: Game, card_id: str, *, discard: bool = False) -> int:
    """A pick of this card: taken into the stall, or discarded face down."""
    return game.mechanic.codec.encode(Pick(game.card("deck", card_id), (0, 0), discard))


def ids(game: Game, cards: Sequence[int]) -> list[str]:
    return [game.deck.ids[c] for c in cards]


def hand(state: State, player: int) -> list[str]:
    return ids(state.game, state.zones[state.game.zone("hand").index][player])


def stall(state: State, player: int) -> list[str]:
    return ids(state.game, state.zones[state.game.zone("stall").index][player])


def events(state: State, *kinds: str) -> list[Event]:
    return [e for e in state.log if e.kind in kinds]


def play_pick(state: State, chosen: Sequence[str]) -> None:
    for player, card_id in enumerate(chosen):
        state.apply(player, take(state.game, card_id))


def play_round(state: State) -> None:
    """Every player takes the first card of their hand until the round ends."""
    start = state.round
    while not state.terminal and state.round == start:
        for player in state.to_move():
            state.apply(player, state.legal_actions(player)[0])


# -- validation ----------------------------------------------------------------------------------


def test_the_example_game_is_valid() -> None:
    assert diagnostics(ROOT / MANIFEST) == []


def test_a_draft_needs_a_grid_or_a_tableau(tmp_path: Path) -> None:
    manifest = copy_game(tmp_path) / MANIFEST
    edit(manifest, "  tableau: {zone: stall}\n", "")
    found = [d for d in diagnostics(manifest) if d.severity == "error"]
    assert [(d.code, d.line) for d in found] == [
        ("missing-key", line_of(manifest, "mechanic: draft"))
    ]
    assert "'grid' or in a 'tableau'" in found[0].message and found[0].hint


def test_a_tableau_is_a_plain_zone_not_a_grid(tmp_path: Path) -> None:
    manifest = copy_game(tmp_path) / MANIFEST
    edit(manifest, "visibility: public}", "visibility: public, layout: grid}")
    found = diagnostics(manifest)
    assert [(d.code, d.line) for d in found] == [
        ("invalid-value", line_of(manifest, "tableau: {zone: stall}"))
    ]
    assert "zone 'stall' is a grid" in found[0].message


def test_keep_is_checked_like_any_card_filter(tmp_path: Path) -> None:
    manifest = copy_game(tmp_path) / MANIFEST
    edit(manifest, "keep: {where: {family: lantern}}", "keep: {where: {family: lanterns}}")
    found = diagnostics(manifest)
    assert [d.line for d in found] == [line_of(manifest, "keep: {where")]
    assert "lanterns" in found[0].message


def test_keep_needs_several_rounds(tmp_path: Path) -> None:
    manifest = copy_game(tmp_path) / MANIFEST
    edit(manifest, "  rounds: 3\n", "")
    found = diagnostics(manifest)
    assert [(d.code, d.line) for d in found] == [("invalid-value", line_of(manifest, "keep:"))]


def test_the_deck_must_last_every_round(tmp_path: Path) -> None:
    manifest = copy_game(tmp_path) / MANIFEST
    edit(manifest, "rounds: 3", "rounds: 4")
    found = diagnostics(manifest)
    assert [(d.code, d.line) for d in found] == [
        ("infeasible-setup", line_of(manifest, "rounds: 4"))
    ]
    assert "4 rounds of 8 cards for 3 players need 96 cards; the deck has 90" in found[0].message


def test_a_grid_draft_has_one_round(tmp_path: Path) -> None:
    shutil.copytree(TOY, tmp_path / "toy")
    manifest = tmp_path / "toy" / "rules" / "terrace-gardens.yaml"
    edit(manifest, "  placements: 4\n", "  placements: 4\n  rounds: 2\n")
    found = diagnostics(manifest)
    assert [(d.code, d.line) for d in found] == [("invalid-value", line_of(manifest, "rounds: 2"))]
    assert "several rounds need a 'tableau'" in found[0].message


def test_a_grid_draft_needs_placements(tmp_path: Path) -> None:
    shutil.copytree(TOY, tmp_path / "toy")
    manifest = tmp_path / "toy" / "rules" / "terrace-gardens.yaml"
    edit(manifest, "  placements: 4\n", "")
    found = [d for d in diagnostics(manifest) if d.severity == "error"]
    assert [(d.code, d.line) for d in found] == [
        ("missing-key", line_of(manifest, "mechanic: draft"))
    ]


# -- picking into a tableau ---------------------------------------------------------------------


def test_a_pick_goes_face_up_into_the_tableau_for_free(game: Game) -> None:
    """Without `price`, every hand card may be taken; nothing is revealed until all chose."""
    state = scenario(game, [["crab-1", "star-1"], ["kelp-1-1", "pearl-1"]])
    assert sorted(state.legal_actions(0)) == sorted([take(game, "crab-1"), take(game, "star-1")])
    state.apply(0, take(game, "star-1"))
    assert stall(state, 0) == [] and state.to_move() == (1,)
    state.apply(1, take(game, "pearl-1"))
    assert stall(state, 0) == ["star-1"] and stall(state, 1) == ["pearl-1"]
    assert events(state, "take") == [
        Taken(0, game.card("deck", "star-1")),
        Taken(1, game.card("deck", "pearl-1")),
    ]
    with pytest.raises(IllegalActionError):
        state.apply(0, take(game, "crab-1"))  # crab-1 went to player 2 with the pass


def test_the_rest_passes_in_the_rounds_direction(game: Game) -> None:
    state = scenario(
        game, [["crab-1", "star-1"], ["kelp-1-1", "pearl-1"], ["oyster-1", "shell-sand-1"]]
    )
    play_pick(state, ["crab-1", "kelp-1-1", "oyster-1"])
    assert events(state, "pass") == [HandsPassed("left")]
    assert [hand(state, p) for p in range(3)] == [["shell-sand-1"], ["star-1"], ["pearl-1"]]


def test_a_price_is_paid_and_who_can_pay_for_nothing_discards(tmp_path: Path) -> None:
    """With `price`, a card is taken if its price can be paid; a player who can pay for no
    card of their hand discards one instead (free, set aside)."""
    root = copy_game(tmp_path)
    manifest = root / MANIFEST
    edit(
        manifest,
        "      text: {",
        "      cost: {type: int, min: 0, default: 0, description: Its price.}\n      text: {",
    )
    edit(manifest, "zones:\n", "resources:\n  - {id: pearls, name: Pearls}\n\nzones:\n")
    edit(
        manifest,
        "  - {step: deal,",
        "  - {step: give_resource, resource: pearls, amount: 1}\n  - {step: deal,",
    )
    edit(
        manifest,
        "  tableau: {zone: stall}",
        "  tableau: {zone: stall}\n  price: {resource: pearls, field: cost}",
    )
    cards = root / "cards" / GAME / "finds.yaml"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(
        text.replace("family: lantern,", "family: lantern, cost: 2,"), encoding="utf-8"
    )
    priced = compiled(manifest)
    hands = [["lantern-1", "crab-1"], ["lantern-2", "lantern-3"]]
    state = scenario(priced, hands, resources="{pearls: 1}")  # as setup gives
    pearls = priced.resource_index("pearls")
    assert state.res[0][pearls] == 1
    assert state.legal_actions(0) == [take(priced, "crab-1")]
    discards = state.legal_actions(1)
    assert sorted(discards) == sorted(
        take(priced, c, discard=True) for c in ("lantern-2", "lantern-3")
    )
    state.apply(0, take(priced, "crab-1"))
    state.apply(1, take(priced, "lantern-2", discard=True))
    assert stall(state, 0) == ["crab-1"] and stall(state, 1) == []
    assert priced.card("deck", "lantern-2") in state.mech.set_aside
    assert events(state, "discard-pick") == [PickDiscarded(1, priced.card("deck", "lantern-2"))]
    state.res[1][pearls] = 2
    state.apply(0, state.legal_actions(0)[0])
    state.apply(1, take(priced, "lantern-1"))
    assert state.res[1][pearls] == 0 and "lantern-1" in stall(state, 1)


def test_placements_end_a_round_early_and_the_rest_is_set_aside(tmp_path: Path) -> None:
    manifest = copy_game(tmp_path) / MANIFEST
    edit(manifest, "  rounds: 3\n", "  rounds: 3\n  placements: 2\n")
    short = compiled(manifest)
    state = short.new_state(3, 2)
    play_round(state)
    assert state.round == 2
    assert [len(c) for c in state.zones[short.zone("hand").index]] == [9, 9]
    assert len(state.mech.set_aside) == 2 * 7  # 9 dealt, 2 taken


# -- rounds ------------------------------------------------------------------------------------


def test_each_round_deals_new_hands_from_the_cards_not_dealt_yet(game: Game) -> None:
    state = game.new_state(7, 4)
    first = {c for h in state.zones[game.zone("hand").index] for c in h}
    undealt = len(state.out_of_play)
    assert undealt == 90 - 4 * 7
    play_round(state)
    assert state.round == 2 and events(state, "round-end") == [RoundEnded(1)]
    second = {c for h in state.zones[game.zone("hand").index] for c in h}
    assert len(second) == 4 * 7 and not first & second
    assert len(state.out_of_play) == undealt - 4 * 7


def test_pass_directions_cycle_round_by_round(game: Game) -> None:
    state = game.new_state(2, 3)
    seen = []
    for _ in range(3):
        start = len(state.log)
        play_round(state)
        seen.append({e.direction for e in state.log[start:] if isinstance(e, HandsPassed)})
    assert seen == [{"left"}, {"right"}, {"left"}]


def test_the_tableau_is_discarded_after_the_round_but_kept_cards_stay(game: Game) -> None:
    state = scenario(game, [["crab-2"], ["star-2"]], [["lantern-1", "crab-1"], ["kelp-1-1"]])
    play_pick(state, ["crab-2", "star-2"])
    assert state.round == 2 and not state.terminal
    assert stall(state, 0) == ["lantern-1"] and stall(state, 1) == []
    assert sorted(ids(game, state.mech.discarded)) == ["crab-1", "crab-2", "kelp-1-1", "star-2"]
    assert next(e.player for e in state.log if isinstance(e, TableauDiscarded)) == 0


def test_the_end_of_a_round_banks_the_round_scoring_before_the_discard(game: Game) -> None:
    state = scenario(game, [["crab-2"], ["star-2"]], [["crab-1"], ["star-1"]])
    play_pick(state, ["crab-2", "star-2"])
    assert events(state, "round-score")
    breakdown = state.scores().breakdown
    assert breakdown[0]["Crabs"] == 3 and breakdown[1]["Most sea stars"] == 5


def test_the_game_ends_after_the_last_round(game: Game) -> None:
    state = game.new_state(4, 2)
    for _ in range(3):
        play_round(state)
    assert state.terminal and state.round == 3 and state.log[-1] == GAME_ENDED
    assert [e.round for e in state.log if isinstance(e, RoundEnded)] == [1, 2, 3]
    assert all(c.startswith("lantern") for p in range(2) for c in stall(state, p))


# -- bots, observation, the terminal ------------------------------------------------------------


@pytest.mark.parametrize("bots", [["random", "greedy"], ["ismcts:12", "lantern-keeper"]])
def test_bots_play_a_whole_game(game: Game, bots: list[str]) -> None:
    state = game.new_state(11, 2)
    players = [make_bot(name, seat, game) for seat, name in enumerate(bots)]
    steps = 0
    while not state.terminal:
        for player in state.to_move():
            state.apply(player, players[player].choose(state, player))
        steps += 1
        assert steps < 200
    assert len(events(state, "round-end")) == 3


def test_identical_cards_are_equivalent_picks(game: Game) -> None:
    state = scenario(game, [["kelp-1-1", "kelp-1-2", "kelp-2-1"], ["crab-1"]])
    groups = game.mechanic.equivalent_actions(state, 0, state.legal_actions(0))
    assert sorted(sorted(ids(game, [a // 2 for a in g])) for g in groups) == [
        ["kelp-1-1", "kelp-1-2"],
        ["kelp-2-1"],
    ]


def test_determinize_keeps_what_the_observer_knows(game: Game) -> None:
    """The observer's hand and every tableau stay; the neighbour who got the observer's last
    hand still holds what is left of it; the rest is dealt anew from the unknown cards."""
    state = scenario(
        game,
        [
            ["crab-1", "star-1", "kelp-1-1"],
            ["pearl-1", "oyster-1", "shell-sand-1"],
            ["crab-2", "crab-3", "crab-4"],
        ],
        [["lantern-1"], [], []],
    )
    play_pick(state, ["crab-1", "pearl-1", "crab-2"])  # player 1 passed star-1, kelp-1-1 left
    for seed in range(5):
        copy = game.mechanic.determinize(state, 0, random.Random(seed))
        assert hand(copy, 0) == hand(state, 0)
        assert sorted(hand(copy, 1)) == ["kelp-1-1", "star-1"]
        assert [stall(copy, p) for p in range(3)] == [stall(state, p) for p in range(3)]
        everywhere = [c for zone in copy.zones for h in zone for c in h] + copy.out_of_play
        assert sorted(everywhere) == list(range(game.deck.size))


def test_observation_shows_tableaux_and_hides_other_hands(game: Game) -> None:
    state = scenario(game, [["crab-1", "star-1"], ["kelp-1-1", "pearl-1"]], [["lantern-1"], []])
    state.apply(1, take(game, "pearl-1"))
    seen = game.observe(state, 0)
    text = repr(seen)
    assert "kelp-1-1" not in text and "pearl-1" not in text
    assert seen["round"] == 1 and seen["hand"] == ["crab-1", "star-1"]


def test_the_terminal_shows_the_round_and_every_stall() -> None:
    answers = iter(["1"] * 200)

    def read_line(prompt: str, answers: Iterator[str] = answers) -> str | None:
        return next(answers, None)

    loaded = LoadedGame.load(str(ROOT / MANIFEST))
    session = Session(loaded, seed=2, players=2, seat=0, bots=["human", "random"])
    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=False, width=120)
    terminal = Terminal(
        session, Path("unused.jsonl"), console=console, read_line=read_line, plain=True
    )
    terminal.save = lambda: None  # type: ignore[method-assign]
    assert terminal.run().finished
    out = buffer.getvalue()
    for text in (
        "round 1 of 3, hands pass left",
        "round 2 of 3, hands pass right",
        "Stall",
        "take ",
        "Final scores:",
    ):
        assert text in out


def test_rounds_may_depend_on_the_player_count(tmp_path: Path) -> None:
    manifest = copy_game(tmp_path) / MANIFEST
    edit(manifest, "rounds: 3", "rounds: {by_players: {2: 2, 3: 3, 4: 3, 5: 3}}")
    by_count = compiled(manifest)
    state = by_count.new_state(1, 2)
    for _ in range(2):
        play_round(state)
    assert state.terminal and state.round == 2
    edit(manifest, "rounds: {by_players: {2: 2, 3: 3, 4: 3, 5: 3}}", "rounds: {by_players: {2: 2}}")
    found = diagnostics(manifest)
    assert [d.line for d in found] == [line_of(manifest, "rounds: {by_players")]


def with_actions(tmp_path: Path, action: str) -> Path:
    """The game with an action field, `action` on the sea star star-1."""
    root = copy_game(tmp_path)
    manifest = root / MANIFEST
    edit(
        manifest,
        "      text: {",
        "      action: {type: effects, optional: true, description: Run when taken.}\n"
        "      text: {",
    )
    edit(manifest, "  tableau: {zone: stall}", "  tableau: {zone: stall}\n  action_field: action")
    cards = root / "cards" / GAME / "finds.yaml"
    edit(
        cards, "{id: star-1, name: Sea star,", f"{{id: star-1, action: [{action}], name: Sea star,"
    )
    return manifest


def test_an_extra_pick_action_lets_everyone_pick_again_before_passing(tmp_path: Path) -> None:
    extra = compiled(with_actions(tmp_path, "{effect: extra_pick}"))
    state = scenario(extra, [["star-1", "crab-1", "crab-2"], ["kelp-1-1", "kelp-1-2", "pearl-1"]])
    play_pick(state, ["star-1", "kelp-1-1"])
    assert events(state, "extra-pick") and not events(state, "pass")
    play_pick(state, ["crab-1", "kelp-1-2"])
    assert stall(state, 0) == ["star-1", "crab-1"] and events(state, "pass")


def test_grid_swaps_are_refused_in_a_tableau(tmp_path: Path) -> None:
    manifest = with_actions(tmp_path, "{effect: swap_with_hand}")
    found = diagnostics(manifest)
    cards = manifest.parent.parent / "cards" / GAME / "finds.yaml"
    assert [(Path(d.file).name, d.line) for d in found] == [
        ("finds.yaml", line_of(cards, "id: star-1,"))
    ]
    assert "'swap_with_hand' swaps cards placed on a grid" in found[0].message


def test_an_end_condition_ends_the_game_after_a_round(tmp_path: Path) -> None:
    manifest = copy_game(tmp_path) / MANIFEST
    edit(
        manifest,
        "round_scoring:",
        "end:\n  when:\n    - {measure: {score: true}, at_least: 1}\n\nround_scoring:",
    )
    short = compiled(manifest)
    state = scenario(short, [["crab-2"], ["kelp-1-1"]], [["crab-1", "lantern-1"], []])
    play_pick(state, ["crab-2", "kelp-1-1"])
    assert state.terminal and state.round == 1 and state.log[-1] == GAME_ENDED
    assert stall(state, 0) == ["lantern-1"]  # discarded as after any round
