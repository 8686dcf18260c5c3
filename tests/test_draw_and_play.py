"""The draw-and-play mechanic: its codec, the checks of its structure (positioned errors), the
structure's settings (turn order, one discard pile, descending areas, rounds, no end on an
empty draw pile), what search bots may know, narration, and the generic `area_formula` rule.

Each structure variant is Lantern Routes with one setting changed in a copy of the project, so
the diagnostics and games are those a designer gets.
"""

from __future__ import annotations

import random
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from entry_point import run_toolkit

from toolkit.content.project import load_game
from toolkit.content.semantic import check_game
from toolkit.diagnostics import Diagnostic
from toolkit.engine.game import Game, compile_game
from toolkit.engine.position_load import state_from_text
from toolkit.engine.position_save import position_data, position_text
from toolkit.errors import IllegalActionError
from toolkit.kernel.events import GAME_ENDED, GameEnded, RoundEnded, RoundScored
from toolkit.kernel.state import State
from toolkit.mechanics.draw_and_play.codec import Discard, Draw, DrawPlayCodec, Place
from toolkit.mechanics.draw_and_play.events import PILE_EMPTY, STALLED, Drew
from toolkit.record.events import narrate
from toolkit.sim.runner import play_game

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = "rules/lantern-routes.yaml"
CARDS = "cards/lantern-routes/route-cards.yaml"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    for part in ("rules/lantern-routes.yaml", "cards/lantern-routes", "print/lantern-routes"):
        source, target = ROOT / part, tmp_path / part
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, target)
        else:
            shutil.copy(source, target)
    shutil.copytree(ROOT / "print" / "shared", tmp_path / "print" / "shared")
    return tmp_path


def edit(project: Path, old: str, new: str, relative: str = MANIFEST) -> None:
    path = project / relative
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {relative}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def diagnostics(project: Path, *, warnings: bool = False) -> list[Diagnostic]:
    """The errors validation reports (and its warnings, when asked: a zone an edit leaves
    unused is one)."""
    content, found = load_game(project / MANIFEST)
    if content is not None:
        found = [*found, *check_game(content)]
    return [d for d in found if warnings or d.severity == "error"]


def line_of(project: Path, text: str, relative: str = MANIFEST) -> int:
    lines = (project / relative).read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, start=1) if text in line)


def compiled(project: Path) -> Game:
    content, found = load_game(project / MANIFEST)
    assert content is not None and not found, [d.render() for d in found]
    problems = [d for d in check_game(content) if d.severity == "error"]
    assert not problems, [d.render() for d in problems]
    return compile_game(content)


def random_game(game: Game, seed: int, players: int = 2) -> State:
    state = game.new_state(seed, players)
    chooser = random.Random(seed)
    while not state.terminal:
        player = state.to_move()[0]
        state.apply(player, chooser.choice(state.legal_actions(player)))
    return state


# -- the codec ---------------------------------------------------------------------------------


def test_every_id_round_trips_through_its_record() -> None:
    codec = DrawPlayCodec.for_game(deck_size=7, areas=2, piles=3)
    assert codec.num_distinct_actions == 7 * 3 + 1 + 3
    for action in range(codec.num_distinct_actions):
        assert codec.encode(codec.decode(action)) == action
    assert codec.decode(0) == Place(0, 0)
    assert codec.decode(2) == Discard(0)
    assert codec.decode(21) == Draw(0)
    assert codec.decode(24) == Draw(3)


@pytest.mark.parametrize("record", [Place(7, 0), Place(0, 2), Discard(-1), Draw(4)])
def test_records_outside_the_data_are_refused(record: Place | Discard | Draw) -> None:
    codec = DrawPlayCodec.for_game(deck_size=7, areas=2, piles=3)
    with pytest.raises(IllegalActionError):
        codec.encode(record)
    with pytest.raises(IllegalActionError):
        codec.decode(codec.num_distinct_actions)


# -- checks of the structure -------------------------------------------------------------------


def test_lantern_routes_is_valid(project: Path) -> None:
    assert diagnostics(project, warnings=True) == []


def errors(project: Path) -> list[tuple[str, int, str]]:
    return [(Path(d.file).name, d.line, d.code) for d in diagnostics(project)]


def test_an_unknown_draw_zone_is_named_at_its_line(project: Path) -> None:
    edit(project, "draw: stack", "draw: stak")
    found = diagnostics(project)
    assert [(d.line, d.code) for d in found] == [
        (line_of(project, "draw: stak"), "unknown-reference")
    ]
    assert "stack" in found[0].hint


def test_a_discard_pile_must_be_shared(project: Path) -> None:
    edit(project, "jade: waystone-jade", "jade: routes")
    found = diagnostics(project)
    assert [(d.line, d.code) for d in found] == [
        (line_of(project, "jade: routes"), "invalid-value")
    ]
    assert "must be shared" in found[0].message


def test_an_area_zone_must_be_a_player_zone(project: Path) -> None:
    edit(project, "    - zone: routes", "    - zone: waystone-amber")
    found = diagnostics(project)
    assert (line_of(project, "- zone: waystone-amber"), "invalid-value") in [
        (d.line, d.code) for d in found
    ]


def test_fields_the_cards_lack_are_named(project: Path) -> None:
    edit(project, "field: value", "field: valeu")
    edit(project, "      by: colour\n      order", "      by: color\n      order")
    assert errors(project) == [
        ("lantern-routes.yaml", line_of(project, "by: color"), "unknown-reference"),
        ("lantern-routes.yaml", line_of(project, "field: valeu"), "unknown-reference"),
    ]


def test_an_order_field_needs_numbers_on_cards_not_exempt(project: Path) -> None:
    edit(project, "exempt: {pledge: true}", "exempt: {colour: jade}")
    found = diagnostics(project)
    assert [(Path(d.file).name, d.code) for d in found] == [("route-cards.yaml", "invalid-value")]
    assert found[0].line == line_of(project, "amber-pledge-1", CARDS)


def test_every_colour_needs_its_discard_pile(project: Path) -> None:
    edit(project, "      ivory: waystone-ivory\n", "")
    found = diagnostics(project)
    # the mapping of piles is pointed at where it begins
    where = line_of(project, "amber: waystone-amber")
    assert [(d.line, d.code) for d in found] == [(where, "missing-value")]
    assert "ivory" in found[0].message


def test_a_hand_limit_below_the_deal_cannot_be_played(project: Path) -> None:
    edit(project, "hand_limit: 8", "hand_limit: 6")
    assert errors(project) == [
        ("lantern-routes.yaml", line_of(project, "hand_limit: 6"), "infeasible-setup")
    ]


def test_the_area_formula_sums_a_numeric_field_only(project: Path) -> None:
    edit(project, "sum: value", "sum: colour")
    found = diagnostics(project)
    assert [(d.line, d.code) for d in found] == [(line_of(project, "sum: colour"), "invalid-value")]
    assert "not a number" in found[0].message


def test_the_area_formula_checks_its_filter(project: Path) -> None:
    edit(project, "multiplier: {where: {pledge: true}", "multiplier: {where: {pledg: true}")
    assert [code for _, _, code in errors(project)] == ["unknown-reference"]


# -- settings of the structure -----------------------------------------------------------------


def test_draw_then_play_draws_first(project: Path) -> None:
    edit(project, "turn: play_then_draw", "turn: draw_then_play")
    edit(project, "hand_limit: 8", "hand_limit: 9")
    game = compiled(project)
    state = game.new_state(3, 2)
    player = state.to_move()[0]
    codec = game.mechanic.codec
    assert state.legal_actions(player) == [codec.encode(Draw(0))]
    state.apply(player, codec.encode(Draw(0)))
    assert len(state.zones[game.zone("hand").index][player]) == 9
    after = state.legal_actions(player)
    assert after and all(isinstance(codec.decode(a), Place | Discard) for a in after)  # plays
    assert random_game(game, 4).terminal


def test_one_discard_pile_for_every_card(project: Path) -> None:
    edit(
        project,
        "    by: colour\n    piles:\n      amber: waystone-amber\n      jade: waystone-jade\n"
        "      cobalt: waystone-cobalt\n      crimson: waystone-crimson\n"
        "      ivory: waystone-ivory\n",
        "    zone: waystone-amber\n",
    )
    game = compiled(project)
    state = random_game(game, 6)
    pile = state.shared[game.zone("waystone-amber").index]
    colours = {game.deck.fields["colour"][card] for card in pile}
    assert len(colours) > 1  # every colour went to the one pile
    assert all(not state.shared[game.zone(f"waystone-{c}").index] for c in ("jade", "ivory"))


def test_a_descending_strict_order(project: Path) -> None:
    edit(project, "direction: ascending", "direction: descending")
    edit(project, "strict: false", "strict: true")
    # A second amber lantern of value 7, to meet the one on the route (values may repeat).
    edit(project, "  unique: [value]", "")
    edit(project, "amber-5, name: Amber 5, colour: amber, value: 5", "amber-5, name: Amber 5, "
         "colour: amber, value: 7", CARDS)  # fmt: skip
    game = compiled(project)
    state = state_from_text(
        game,
        "kind: position\ngame: lantern-routes\nto_move: [1]\nplayers:\n"
        "  - {name: P1, zones: {hand: [amber-5, amber-8, amber-6], routes: [amber-7]}}\n"
        "  - {name: P2, zones: {hand: 8}}\nplay: {step: play}\n",
    )
    deck, codec = game.deck, game.mechanic.codec
    legal = state.legal_actions(0)
    assert codec.encode(Place(deck.index("amber-6"), 0)) in legal
    assert codec.encode(Place(deck.index("amber-5"), 0)) not in legal  # strict: 7 after 7
    assert codec.encode(Place(deck.index("amber-8"), 0)) not in legal


def test_rounds_reshuffle_and_deal_again(project: Path) -> None:
    edit(project, "rounds: 1", "rounds: 2")
    game = compiled(project)
    state = random_game(game, 8)
    assert [e for e in state.log if isinstance(e, RoundEnded | GameEnded)] == [
        RoundEnded(1),
        RoundEnded(2),
        GAME_ENDED,
    ]
    assert [e.kind for e in state.log].count("stock") == 2
    assert state.round == 2
    everything = sorted(
        [c for zone in state.zones for cards in zone for c in cards]
        + [c for pile in state.shared for c in pile]
    )
    assert everything == list(range(game.deck.size))  # every card gathered for round 2


def test_rounds_bank_their_area_scoring(project: Path) -> None:
    edit(project, "rounds: 1", "rounds: 3")
    edit(
        project,
        "scoring:\n  - rule: area_formula",
        "scoring: []\nround_scoring:\n  - rule: area_formula",
    )
    game = compiled(project)
    state = random_game(game, 10)
    banked = [e for e in state.log if isinstance(e, RoundScored)]
    assert [e.round for e in banked] == [1, 2, 3]
    totals = tuple(sum(e.points[p] for e in banked) for p in range(2))
    assert game.score(state).totals == totals


def test_the_game_ends_after_the_turn_an_end_condition_holds(project: Path) -> None:
    edit(
        project,
        "tie_breakers:",
        "end:\n  when:\n    - {measure: {count: routes}, at_least: 2}\n\ntie_breakers:",
    )
    game = compiled(project)
    state = random_game(game, 11)
    routes = game.zone("routes").index
    assert max(len(cards) for cards in state.zones[routes]) == 2
    assert state.log[-1] == GAME_ENDED
    assert PILE_EMPTY not in state.log


def test_without_an_end_on_the_empty_draw_pile_play_goes_on(project: Path) -> None:
    edit(project, "end_on_empty_draw: true", "end_on_empty_draw: false")
    game = compiled(project)
    state = random_game(game, 9)
    assert PILE_EMPTY not in state.log
    assert not state.shared[game.zone("stack").index]
    assert STALLED in state.log or state.terminal


# -- what players and bots know ----------------------------------------------------------------


def test_determinizing_keeps_what_the_observer_has_seen() -> None:
    _, game = _lantern()
    state = game.new_state(12, 3)
    chooser = random.Random(12)
    for _ in range(40):
        player = state.to_move()[0]
        state.apply(player, chooser.choice(state.legal_actions(player)))
    # Player 2 took its first card from a waystone, in view of everyone.
    data = position_data(game, state)
    known_ids = data["play"].setdefault("known", [[], [], []])
    known_ids[1].append(data["players"][1]["zones"]["hand"][0])
    state = state_from_text(game, position_text(data))
    known = state.zones[game.zone("hand").index][1][0]
    observer = 0
    copy = game.mechanic.determinize(state, observer, random.Random(1))
    hand, stack = game.zone("hand").index, game.zone("stack").index
    assert copy.zones[hand][observer] == state.zones[hand][observer]
    assert game.mechanic.observe(state, observer)["known"][1][-1] == game.deck.ids[known]
    assert known in copy.zones[hand][1]
    assert [len(h) for h in copy.zones[hand]] == [len(h) for h in state.zones[hand]]
    assert len(copy.shared[stack]) == len(state.shared[stack])
    assert copy.zones[game.zone("routes").index] == state.zones[game.zone("routes").index]
    cards = sorted(
        [c for zone in copy.zones for h in zone for c in h] + [c for p in copy.shared for c in p]
    )
    assert cards == list(range(game.deck.size))


def test_others_see_that_a_card_was_drawn_not_which() -> None:
    _, game = _lantern()
    state = random_game(game, 2)
    draws = [e for e in state.log if isinstance(e, Drew)]
    event = draws[0]
    words = _Words(game)
    own = list(game.mechanic.narrate_event(event, event.player, words) or [])
    other = list(game.mechanic.narrate_event(event, 1 - event.player, words) or [])
    assert game.deck.names[event.card] in own[0]
    assert other == [f"  player {event.player + 1} draws a card from the stack"]
    lines = list(narrate(game, state.log))
    assert lines[-2:] == ["end of round 1", "game over"]
    assert not [line for line in lines if line.startswith(("stock", "place", "take"))]


@pytest.mark.parametrize("bots", [["greedy", "random"], ["ismcts:3", "random"]])
def test_bots_finish_a_game(bots: list[str]) -> None:
    _, game = _lantern()
    record = play_game(game, 3, 2, bots)
    assert len(record.totals) == 2
    assert "stack" not in record.display  # face down: no display to report on


# -- helpers -------------------------------------------------------------------------------------


class _Words:
    def __init__(self, game: Game) -> None:
        self.deck_card: Callable[[int], str] = game.deck.names.__getitem__


def _lantern() -> tuple[None, Game]:
    from toolkit.engine.load import load_compiled_game

    return None, load_compiled_game(str(ROOT / MANIFEST))[1]


# -- the terminal ------------------------------------------------------------------------------


def test_a_whole_game_in_the_terminal_and_its_replay(tmp_path: Path) -> None:
    transcript = tmp_path / "game.jsonl"
    command = ["play", "lantern-routes", "--players", "2", "--seat", "1", "--bots", "random"]
    command += ["--seed", "1", "--transcript", str(transcript)]
    result = run_toolkit(*command, stdin="h\n" + "1\n" * 300)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    for seen in (
        "the stack: 44 cards left to draw.",
        "Discard piles (top card): Amber waystone: empty",
        "Now play or discard a card.",
        "1. play ",
        "player 2 draws a card from the stack",  # the bot's draw, hidden from the person
        "Final scores:",
        "Pledge cards ignore the order, but only before any other card of the area.",  # help
    ):
        assert seen in out
    assert "the stack in this game" not in out  # the help never shows the face-down pile
    replayed = run_toolkit("replay", str(transcript))
    assert replayed.returncode == 0, replayed.stderr
    assert "winner:" in replayed.stdout


def test_unique_values_skip_cards_without_one_but_catch_repeats(project: Path) -> None:
    assert diagnostics(project) == []  # three pledges per colour share no value: fine
    edit(
        project,
        "id: amber-3, name: Amber 3, colour: amber, value: 3",
        "id: amber-3, name: Amber 3, colour: amber, value: 2",
        CARDS,
    )
    assert [(Path(d.file).name, d.code) for d in diagnostics(project)] == [
        ("route-cards.yaml", "duplicate-value"),
    ]


def test_twin_cards_played_to_the_same_place_are_one_choice() -> None:
    _, game = _lantern()
    deck, codec = game.deck, game.mechanic.codec
    hand = [deck.index(c) for c in ("amber-pledge-1", "amber-pledge-2", "amber-5")]
    state = state_from_text(
        game,
        "kind: position\ngame: lantern-routes\nto_move: [1]\nplayers:\n"
        "  - {name: P1, zones: {hand: [amber-pledge-1, amber-pledge-2, amber-5]}}\n"
        "  - {name: P2, zones: {hand: 8}}\n",
    )
    groups = game.mechanic.equivalent_actions(state, 0, state.legal_actions(0))
    place = [codec.encode(Place(card, 0)) for card in hand]
    discard = [codec.encode(Discard(card)) for card in hand]
    assert sorted(groups) == sorted([place[:2], discard[:2], [place[2]], [discard[2]]])
