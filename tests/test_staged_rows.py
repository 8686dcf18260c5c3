"""Rows in the staged vocabulary, played on Staged Jetties (tests/games/): a card drawn from a
face-down pile onto the row of the drawer's choice (full rows closed by `room`), a card that
goes to the closest row it tops (`climb: {closest: true}`), and a row taken for the round
(`take_all` with `closes: round`) that nothing adds to, nothing takes again, the `closed` check
reads and a saved position keeps. Each rule from a position, then random games over all
three; the structure's mistakes are refused at their line by `toolkit validate`."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from entry_point import run_toolkit
from staged_replay import compiled

from toolkit.content.project import load_game
from toolkit.engine.compiled import Game
from toolkit.engine.position_load import state_from_text
from toolkit.engine.position_save import position_data, position_text
from toolkit.kernel.events import RoundEnded
from toolkit.kernel.state import State
from toolkit.mechanics.staged.events import CardsMoved
from toolkit.mechanics.staged.rows import ZoneClosed
from toolkit.mechanics.staged.words import round_lines
from toolkit.record.events import narrate

JETTIES = Path(__file__).parent / "games" / "staged-jetties" / "rules" / "staged-jetties.yaml"
PICK = "round/4/stages/0"
TIE_UP = "round/4/stages/0/then/1"
TURN = "round/8/turn/0"
ROWS = ("north", "south", "east")


@pytest.fixture(scope="module")
def game() -> Game:
    return compiled(JETTIES)


def table(
    game: Game,
    *,
    at: str,
    hands: Sequence[Sequence[str]] = ((), ()),
    helm: Sequence[str] = (),
    shared: dict[str, list[str]] | None = None,
    play: str = "",
    to_move: str = "[1]",
) -> State:
    """Two skippers, seat 1 to move (unless `to_move` says), at the decision stage `at`."""
    lines = ["kind: position", "game: staged-jetties", "round: 1", f"to_move: {to_move}"]
    lines.append("players:")
    for seat, hand in enumerate(hands):
        zones = f"hand: [{', '.join(hand)}]"
        if seat == 0 and helm:
            zones += f", helm: [{', '.join(helm)}]"
        lines.append(f"  - {{name: P{seat + 1}, zones: {{{zones}}}}}")
    lines.append("shared:")
    lines += [f"  {zone}: [{', '.join(cards)}]" for zone, cards in (shared or {}).items()]
    lines += ["unseen: []", "play:", f"  at: {at}"]
    lines += [f"  {line}" for line in play.splitlines() if line.strip()]
    return state_from_text(game, "\n".join(lines) + "\n")


class Names:
    """Cards named by their ids, as a viewer's narration prints them."""

    def __init__(self, game: Game) -> None:
        self.ids = game.deck.ids

    def deck_card(self, card: int) -> str:
        return self.ids[card]


def described(state: State, player: int = 0) -> list[str]:
    return sorted(
        state.game.mechanic.describe_action(state, a) for a in state.legal_actions(player)
    )


def act(state: State, words: str, player: int = 0) -> None:
    for action in state.legal_actions(player):
        if state.game.mechanic.describe_action(state, action) == words:
            state.apply(player, action)
            return
    raise AssertionError(f"{words!r} is not one of {described(state, player)}")


def cards(state: State, zone: str, seat: int | None = None) -> list[str]:
    spec = state.game.zone(zone)
    held = state.shared[spec.index] if seat is None else state.zones[spec.index][seat]
    return [state.game.deck.ids[card] for card in held]


# -- a draw onto a shared row ------------------------------------------------------------------


def test_a_card_drawn_goes_onto_the_open_row_of_the_drawers_choice(game: Game) -> None:
    state = table(
        game,
        at=TURN,
        shared={
            "moorings": ["boat-5", "boat-7"],
            "north": ["boat-1"],
            "south": ["boat-2", "boat-3", "boat-4"],  # full: room 3
            "east": [],
        },
    )
    assert described(state) == [
        "draw a card from the moorings onto the east jetty",
        "draw a card from the moorings onto the north jetty",
        "tow a jetty",
    ]
    logged = len(state.log)
    act(state, "draw a card from the moorings onto the east jetty")
    assert cards(state, "east") == ["boat-7"] and cards(state, "moorings") == ["boat-5"]
    moved = [e for e in state.log[logged:] if isinstance(e, CardsMoved)]
    assert [(e.player, e.source, e.target, e.hidden) for e in moved] == [
        (0, "moorings", "east", False)
    ]
    # drawn face down, seen by everyone once on the face-up row
    line = list(game.mechanic.narrate_event(moved[0], 1, Names(game)) or [])
    assert line == ["  player 1 moves boat-7 from the moorings to the east jetty"]
    assert state.observation(1)["zones"]["east"] == ["boat-7"]


def test_a_draw_into_the_hand_or_onto_a_row_stays_hidden_only_in_the_hand(tmp_path: Path) -> None:
    manifest, _ = written(
        tmp_path,
        "{move: draw, from: moorings, to: [north, south, east], room: 3}",
        "{move: draw, from: moorings, to: [hand, north], room: 3}",
    )
    game = compiled(manifest)
    state = table(game, at=TURN, shared={"moorings": ["boat-5", "boat-7"], "north": ["boat-1"]})
    assert described(state) == [
        "draw a card from the moorings into your Hand",
        "draw a card from the moorings onto the north jetty",
        "tow a jetty",
    ]
    logged = len(state.log)
    act(state, "draw a card from the moorings into your Hand")
    assert cards(state, "hand", 0) == ["boat-7"]
    (moved,) = [e for e in state.log[logged:] if isinstance(e, CardsMoved)]
    assert moved.hidden and moved.owner == 0
    told = list(game.mechanic.narrate_event(moved, 1, Names(game)) or [])
    assert told == ["  player 1 moves a card from the moorings to their Hand"]
    assert state.observation(1)["zones"]["hand"][0] == 1  # seen by seat 2 as a count


def test_a_draw_is_not_offered_when_every_row_is_full(game: Game) -> None:
    state = table(
        game,
        at=TURN,
        shared={
            "moorings": ["boat-5"],
            "north": ["boat-1", "boat-6", "boat-8"],
            "south": ["boat-2", "boat-3", "boat-4"],
            "east": ["boat-9", "boat-10", "boat-11"],
        },
    )
    assert described(state) == ["tow a jetty"]


# -- the closest row ---------------------------------------------------------------------------


def test_a_card_goes_only_to_the_row_whose_last_card_is_the_highest_below_it(game: Game) -> None:
    rows = {"north": ["boat-3"], "south": ["boat-1", "boat-9"], "east": ["boat-14"]}
    state = table(game, at=TIE_UP, helm=["boat-12"], shared=rows)
    assert described(state) == ["play boat-12 to the south jetty"]
    state = table(game, at=TIE_UP, helm=["boat-16"], shared=rows)
    assert described(state) == ["play boat-16 to the east jetty"]
    state = table(game, at=TIE_UP, helm=["boat-5"], shared=rows)
    assert described(state) == ["play boat-5 to the north jetty"]


def test_a_card_climbing_down_goes_to_the_row_whose_last_card_is_the_lowest_above_it(
    tmp_path: Path,
) -> None:
    climb = "match: {climb: {field: length, strict: true, closest: true}}"
    down = "match: {climb: {field: length, strict: true, closest: true, direction: descending}}"
    manifest, _ = written(tmp_path, climb, down)
    game = compiled(manifest)
    rows = {"north": ["boat-3"], "south": ["boat-9"], "east": ["boat-14"]}
    state = table(game, at=TIE_UP, helm=["boat-5"], shared=rows)
    assert described(state) == ["play boat-5 to the south jetty"]
    state = table(game, at=TIE_UP, helm=["boat-12"], shared=rows)
    assert described(state) == ["play boat-12 to the east jetty"]


def test_an_empty_row_takes_a_card_only_when_it_tops_no_other(game: Game) -> None:
    rows = {"north": [], "south": ["boat-9"], "east": ["boat-14"]}
    state = table(game, at=TIE_UP, helm=["boat-12"], shared=rows)
    assert described(state) == ["play boat-12 to the south jetty"]
    state = table(game, at=TIE_UP, helm=["boat-4"], shared=rows)
    assert described(state) == ["play boat-4 to the north jetty"]


def test_a_card_that_tops_no_row_takes_one_and_starts_it_anew(game: Game) -> None:
    rows = {"north": ["boat-3"], "south": ["boat-9"], "east": ["boat-14"]}
    state = table(game, at=PICK, hands=(["boat-2"], ["boat-16"]), shared=rows, to_move="[1, 2]")
    state.apply(0, game.deck.index("boat-2"))
    state.apply(1, game.deck.index("boat-16"))
    # boat-2 comes in first and tops no jetty: the otherwise rule asks its skipper to tow one
    assert described(state) == [
        "take every card of the east jetty",
        "take every card of the north jetty",
        "take every card of the south jetty",
    ]
    act(state, "take every card of the south jetty")
    assert described(state) == ["play boat-2 to the south jetty"]
    act(state, "play boat-2 to the south jetty")
    assert cards(state, "towed", 0) == ["boat-9"]
    # boat-16 comes next and may only tie up behind boat-14, the closest below it
    assert described(state, 1) == ["play boat-16 to the east jetty"]


# -- a row closed for the round ----------------------------------------------------------------


def test_a_row_taken_for_the_round_is_closed_to_draws_takes_and_checks(game: Game) -> None:
    rows = {"moorings": ["boat-5", "boat-7"], "north": ["boat-1"], "south": [], "east": []}
    state = table(game, at=TURN, shared=rows)
    logged = len(state.log)
    act(state, "tow a jetty")
    act(state, "take every card of the north jetty")
    assert any(isinstance(e, ZoneClosed) and e.zone == "north" for e in state.log[logged:])
    assert state.observation(1)["closed"] == ["north"]
    # seat 2 may draw onto the south and east jetties only, and nothing is left to tow
    assert described(state, 1) == [
        "draw a card from the moorings onto the east jetty",
        "draw a card from the moorings onto the south jetty",
    ]
    assert "  the north jetty is closed until the round ends" in narrate(game, state.log[logged:])


def test_the_observation_vector_says_which_rows_are_closed(game: Game) -> None:
    from toolkit.interop.encoding import Encoder
    from toolkit.interop.match import Match

    encoder = Encoder(Match(game, players=2))
    block = next(b for b in encoder.kit.blocks if b.name == "closed")
    at = encoder.common_size + sum(
        b.size for b in encoder.kit.blocks[: encoder.kit.blocks.index(block)]
    )
    rows = {"moorings": ["boat-5"], "north": ["boat-1"], "south": ["boat-2"], "east": []}
    state = table(game, at=TURN, shared=rows, play="closed: [south]")
    assert list(encoder.encode(state, 1)[at : at + block.size]) == [0.0, 1.0, 0.0]


def test_the_closed_check_holds_for_a_closed_row_even_with_cards_on_it(game: Game) -> None:
    rows = {"moorings": ["boat-5"], "north": ["boat-1"], "south": ["boat-2"], "east": []}
    state = table(game, at=TURN, shared=rows, play="closed: [north, south]")
    # the tow is offered only while some open jetty holds a boat: none does
    assert described(state) == ["draw a card from the moorings onto the east jetty"]


def test_a_saved_position_keeps_a_row_closed_and_the_next_round_opens_it(game: Game) -> None:
    rows = {"moorings": ["boat-5", "boat-7"], "north": ["boat-1"], "south": [], "east": []}
    state = table(game, at=TURN, shared=rows)
    act(state, "tow a jetty")
    act(state, "take every card of the north jetty")
    text = position_text(position_data(game, state))
    assert "  closed: [north]\n" in text
    again = state_from_text(game, text)
    assert again.mech.closed == state.mech.closed
    assert described(again, 1) == described(state, 1)
    rng = random.Random(3)
    while not any(isinstance(e, RoundEnded) for e in again.log):
        player = again.to_move()[0]
        again.apply(player, rng.choice(again.legal_actions(player)))
    assert not again.terminal and again.round == 2 and again.mech.closed == ()


def test_a_position_closing_an_unknown_zone_is_refused_at_its_line(tmp_path: Path) -> None:
    position = tmp_path / "west.yaml"
    position.write_text(
        "kind: position\ngame: staged-jetties\nround: 1\nto_move: [1]\nplayers:\n"
        "  - {name: P1, zones: {hand: []}}\n  - {name: P2, zones: {hand: []}}\n"
        "shared: {moorings: [boat-5]}\nunseen: []\nplay:\n  at: round/8/turn/0\n"
        "  closed: [west]\n",
        encoding="utf-8",
    )
    result = run_toolkit("play", JETTIES, "--from", position, cwd=tmp_path)
    assert result.returncode == 1
    told = result.stdout + result.stderr
    assert "west.yaml:12:12: error[unknown-id]: no shared zone 'west'" in told, told
    assert "name one of: moorings, north, south, east, cleared" in told
    assert not (tmp_path / "build").exists()


# -- random games over all three ---------------------------------------------------------------


@pytest.mark.parametrize("form", ["play", "move"])
def test_random_games_end_never_add_to_a_closed_row_and_place_each_card_closest(
    form: str, placing: Path
) -> None:
    """Over the game whose skippers tie their boats up (`play`) and the one whose boats tie
    up by themselves (a placing `move`): every boat brought in lands on the jetty whose last
    boat is the longest shorter than it (an empty one only when it tops none)."""
    game = compiled(JETTIES if form == "play" else placing)
    length = game.deck.fields["length"]
    index = {zone: game.zone(zone).index for zone in ROWS}
    placed = closed_seen = 0
    for seed in range(1, 41):
        state = game.new_state(seed, 2 + seed % 2)
        rng = random.Random(seed)
        closed: set[str] = set()
        for _ in range(2000):
            if state.terminal:
                break
            player = state.to_move()[0]
            rows = {zone: list(state.shared[i]) for zone, i in index.items()}
            logged = len(state.log)
            state.apply(player, rng.choice(state.legal_actions(player)))
            for event in state.log[logged:]:
                if isinstance(event, RoundEnded):
                    closed = set()
                elif isinstance(event, ZoneClosed):
                    closed.add(event.zone)
                    closed_seen += 1
                elif isinstance(event, CardsMoved):
                    assert event.target not in closed, (seed, event)
                    if event.source in ("picked", "helm") and event.target in rows:
                        (card,) = event.cards
                        tops = [row[-1] for row in rows.values() if row]
                        below = [length[t] for t in tops if length[t] < length[card]]
                        row = rows[event.target]
                        if below:
                            assert row and length[row[-1]] == max(below), (seed, event)
                        else:
                            assert not row, (seed, event)
                        placed += 1
                    for zone, row in rows.items():  # the jetties as the events leave them
                        if event.source == zone:
                            rows[zone] = [c for c in row if c not in event.cards]
                        if event.target == zone:
                            row.extend(event.cards)
        assert state.terminal, seed
    assert placed > 100 and closed_seen > 40, (placed, closed_seen)


# -- mistakes refused at their line ------------------------------------------------------------


def written(tmp_path: Path, old: str, new: str) -> tuple[Path, int]:
    """Staged Jetties copied with one line changed; the changed line's number."""
    root = tmp_path / "jetties"
    (root / "rules").mkdir(parents=True)
    (root / "cards" / "staged-jetties").mkdir(parents=True)
    source = JETTIES.parent.parent
    boats = source / "cards" / "staged-jetties" / "boats.yaml"
    (root / "cards" / "staged-jetties" / "boats.yaml").write_text(boats.read_text())
    text = JETTIES.read_text(encoding="utf-8")
    assert old in text
    line = 1 + text[: text.index(old) + len(old)].count("\n")
    manifest = root / "rules" / "staged-jetties.yaml"
    manifest.write_text(text.replace(old, new, 1), encoding="utf-8")
    return manifest, line


@pytest.mark.parametrize(
    ("old", "new", "said", "hint"),
    [
        (
            "to: [north, south, east]\n                  match: {climb: {field: length, strict:"
            " true, closest: true}}",
            "to: north\n                  match: {climb: {field: length, strict: true, closest:"
            " true}}",
            "'closest' picks the nearest of several destinations, but 'to' names one",
            "list the rows in 'to'",
        ),
        (
            "{not: {closed: north}}",
            "{not: {closed: cleared}}",
            "'closed' reads whether 'cleared' was closed, but no move closes it",
            "{move: take_all, from: cleared, to: ..., closes: round}",
        ),
        (
            "{move: take_all, from: [north, south, east], to: towed, closes: round}",
            "{move: take_all, from: [north, helm], to: towed, closes: round}",
            "'helm' is a player zone: 'closes' closes the shared zone taken",
            "take from shared zones (rows)",
        ),
        (
            "{stage: move, from: moorings, to: north}",
            "{stage: move, from: moorings, to: [north, south]}",
            "a move to several zones places each card by a 'match', but it has none",
            "or name one zone in 'to'",
        ),
        (
            "{stage: move, from: moorings, to: north}",
            "{stage: move, from: moorings, to: [north, south], match: {same: [hull]}, fill_to: 2}",
            "'fill_to' does not go with a move that places each card by a 'match'",
            "leave 'fill_to' out",
        ),
        (
            "{stage: move, from: north, to: cleared, count: all}",
            "{stage: move, from: north, to: cleared, count: all, otherwise: [{stage: order}]}",
            "'otherwise' runs when a card fits no destination, but this move has no 'match'",
            "add a 'match', or put these stages after the move",
        ),
        (
            "{not: {closed: north}}",
            "{not: {closed: hand}}",
            "'hand' is a player zone; this needs a shared zone",
            "name a shared zone",
        ),
    ],
)
def test_row_mistakes_are_refused_at_their_line(
    tmp_path: Path, old: str, new: str, said: str, hint: str
) -> None:
    manifest, line = written(tmp_path, old, new)
    result = run_toolkit("validate", str(manifest), cwd=tmp_path)
    assert result.returncode == 1, result.stdout
    assert f"staged-jetties.yaml:{line}:" in result.stdout, result.stdout
    assert said in result.stdout and hint in result.stdout, result.stdout


def test_the_terminal_shows_a_closed_row_and_a_position_saved_on_quitting_keeps_it(
    tmp_path: Path,
) -> None:
    position = tmp_path / "closed.yaml"
    position.write_text(
        "kind: position\ngame: staged-jetties\nround: 1\nto_move: [1]\nplayers:\n"
        "  - {name: P1, zones: {hand: []}}\n  - {name: P2, zones: {hand: []}}\n"
        "shared: {moorings: [boat-5, boat-7], north: [boat-1], south: [boat-2], east: []}\n"
        "unseen: []\nplay: {at: round/8/turn/0, closed: [south]}\n",
        encoding="utf-8",
    )
    result = run_toolkit("play", JETTIES, "--from", position, cwd=tmp_path, stdin="q\n")
    assert result.returncode == 0, result.stdout + result.stderr
    shown = result.stdout
    south = shown.index("the south jetty:")
    assert shown.index("  closed until the round ends", south) < shown.index("the east jetty:")
    assert "1. draw a card from the moorings onto the north jetty" in shown
    assert "2. draw a card from the moorings onto the east jetty" in shown
    assert "onto the south jetty" not in shown
    saved = tmp_path / "build" / "play" / "staged-jetties-position.yaml"
    assert "  closed: [south]\n" in saved.read_text(encoding="utf-8")


# -- a move stage that places each card on its closest row -------------------------------------

CHOSEN = """            - {stage: move, from: picked, to: helm}
            - stage: choose
              moves:
                - move: play
                  from: helm
                  to: [north, south, east]
                  match: {climb: {field: length, strict: true, closest: true}}
                  then:
                    - {stage: use, name: tow-a-full-jetty}
              otherwise:
                - stage: choose
                  moves:
                    - {move: take_all, from: [north, south, east], to: towed}
                - stage: choose
                  moves:
                    - move: play
                      from: helm
                      to: [north, south, east]
                      match: {climb: {field: length, strict: true, closest: true}}
"""
PLACED = """            - stage: move
              from: picked
              to: [north, south, east]
              match: {climb: {field: length, strict: true, closest: true}}
              otherwise:
                - stage: choose
                  moves:
                    - {move: take_all, from: [north, south, east], to: towed}
                - stage: move
                  from: picked
                  to: [north, south, east]
                  match: {climb: {field: length, strict: true, closest: true}}
            - {stage: use, name: tow-a-full-jetty}
"""


@pytest.fixture(scope="module")
def placing(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Staged Jetties whose revealed boats tie up by themselves at their closest jetty."""
    manifest, _ = written(tmp_path_factory.mktemp("placing"), CHOSEN, PLACED)
    return manifest


def test_a_move_stage_places_each_pick_on_its_closest_row_with_no_one_choosing(
    placing: Path,
) -> None:
    game = compiled(placing)
    rows = {"north": ["boat-3"], "south": ["boat-9"], "east": ["boat-14"]}
    hands = (["boat-12", "boat-17"], ["boat-4", "boat-18"])
    state = table(game, at=PICK, hands=hands, shared=rows, to_move="[1, 2]")
    state.apply(0, game.deck.index("boat-12"))
    state.apply(1, game.deck.index("boat-4"))
    assert cards(state, "north") == ["boat-3", "boat-4"]
    assert cards(state, "south") == ["boat-9", "boat-12"]
    # nobody was asked where: the next picks are due
    assert state.to_move() == (0, 1) and described(state) == ["pick boat-17"]


def test_a_pick_that_tops_no_row_runs_the_moves_otherwise(placing: Path) -> None:
    game = compiled(placing)
    rows = {"north": ["boat-3"], "south": ["boat-9"], "east": ["boat-14"]}
    hands = (["boat-2", "boat-17"], ["boat-16", "boat-18"])
    state = table(game, at=PICK, hands=hands, shared=rows, to_move="[1, 2]")
    state.apply(0, game.deck.index("boat-2"))
    state.apply(1, game.deck.index("boat-16"))
    assert state.to_move() == (0,)
    act(state, "take every card of the east jetty")
    assert cards(state, "towed", 0) == ["boat-14"]
    assert cards(state, "east") == ["boat-2"]  # the empty jetty: it tops no other
    assert cards(state, "north") == ["boat-3"]
    assert cards(state, "south") == ["boat-9", "boat-16"]  # boat-16 on its closest, 9


def test_the_placing_move_validates_and_reads_as_a_rule(placing: Path) -> None:
    result = run_toolkit("validate", placing, cwd=placing.parent.parent)
    assert result.returncode == 0, result.stdout
    content, _ = load_game(placing)
    assert content is not None
    lines = round_lines(content.manifest.model.structure)  # type: ignore[attr-defined]
    assert (
        "    Move 1 card from picked to north or south or east, length higher than the top card's"
        " (cards without a length only before the first with one), on the row whose top card"
        " is the nearest below it."
    ) in lines
    assert "    If a card fits none:" in lines


def test_the_web_table_notes_the_rows_closed_for_the_round() -> None:
    from toolkit.play.session import Session
    from toolkit.play.views import Views, ordered_moves
    from toolkit.record.transcripts import LoadedGame
    from toolkit.serve.table_view import TableBuilder

    loaded = LoadedGame.load(str(JETTIES))
    session = Session(loaded, seed=2, players=2, seat=0, bots=["random"] * 2)
    session.run_bots()
    rng = random.Random(2)
    while not (session.state.mech.closed and session.person_to_move()):
        assert not session.over
        session.play(rng.choice(session.legal()))
    numbered = list(enumerate(ordered_moves(session.legal()), start=1))
    notes = TableBuilder(Views(session, plain=True), [], numbered).build().notes
    names = {zone.index: zone.name for zone in loaded.game.shared_zones}
    closed = ", ".join(names[index] for index in sorted(session.state.mech.closed))
    assert f"Closed until the round ends: {closed}." in notes, notes
