"""Oh my park!, one built scenario per rule of the rule text, with exact expectations.

Each test builds a state (plan, hands, parks, coins), applies picks and shop choices and
checks the exact outcome. Docstrings cite the rule text (`shared/rules-sources/oh-my-park.txt`),
the design's decisions (`shared/DESIGN.md`, "Oh my park!") or the corner cases decided in the
docstring of `toolkit/mechanics/draft/machine.py`.

Parks are drawn as rows of card ids, top to bottom: `.` is an empty cell and `~B5` the card B5
face down. The top-left cell of the drawing is (0, 0); rows grow downwards.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from toolkit.agents import make_bot
from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.engine.position_load import state_from_text
from toolkit.engine.position_save import position_data, position_text
from toolkit.errors import IllegalActionError, ToolkitError
from toolkit.kernel.events import GAME_ENDED, Declined, Event, NothingToChoose
from toolkit.kernel.state import DECLINE, State
from toolkit.mechanics.draft.codec import HandSwap, OpponentSwap
from toolkit.mechanics.draft.codec import Pick as PickAction
from toolkit.mechanics.draft.events import EXTRA_PICK, CardActed, HandsPassed
from toolkit.mechanics.draft.grid import Cell

ROOT = Path(__file__).resolve().parent.parent
COIN_SUPPLY = 84
PLANS = ["square", "two-rows", "staircase", "l-shape", "t-shape", "cross", "zig-zag", "pyramid"]
VARIABLE_CARDS = ["variable-1", "variable-2", "variable-3", "variable-4"]
GENERAL_BONUS = ["even-numbers", "odd-numbers", "most-coins", "most-roller-coasters"]
FOUR_FIVE_BONUS = [
    "masks-and-tents",
    "restaurants-and-shops",
    "masks-and-restaurants",
    "tents-and-shops",
]
Pick = tuple[str, Cell, bool]
"""A pick as (card id, cell, face down)."""


@pytest.fixture(scope="module")
def game() -> Game:
    _, compiled = load_compiled_game(str(ROOT / "rules" / "oh-my-park.yaml"))
    return compiled


# -- building scenarios ------------------------------------------------------------------------


def parse_park(game: Game, rows: Sequence[str]) -> dict[Cell, int]:
    park: dict[Cell, int] = {}
    for r, row in enumerate(rows):
        for c, mark in enumerate(row.split()):
            if mark == ".":
                continue
            if mark.startswith("~"):
                park[(r, c)] = ~game.card("deck", mark[1:])
            else:
                park[(r, c)] = game.card("deck", mark)
    return park


def scenario(
    game: Game,
    hands: Sequence[Sequence[str]],
    parks: Sequence[Sequence[str]] = (),
    *,
    plan: str = "square",
    coins: Sequence[int] = (),
) -> State:
    """A position of `len(hands)` players with the given plan, hands, parks (`~ID` face
    down) and coins; the rest as a fresh game of seed 1 has it (scoring cards, 15 coins).

    Every card in no hand and no park is out of play, so each card is in one place.
    """
    fresh = position_data(game, game.new_state(1, len(hands)))
    players = []
    for seat, cards in enumerate(hands):
        player: dict[str, Any] = {"name": f"P{seat + 1}", "zones": {"hand": list(cards)}}
        rows = parks[seat] if seat < len(parks) else []
        if rows:
            player["grids"] = {"park": [row.replace("~", "#") for row in rows]}
        held = dict(fresh["players"][seat].get("resources", {}))
        if seat < len(coins):
            held["coins"] = coins[seat]
        player["resources"] = held
        players.append(player)
    slots = {**fresh["slots"], "plan": [plan]}
    data = {"kind": "position", "game": game.id, "players": players, "slots": slots}
    return state_from_text(game, position_text(data))


# -- reading states ----------------------------------------------------------------------------


def act(game: Game, card_id: str, cell: Cell, face_down: bool = False) -> int:
    return int(game.mechanic.codec.encode(PickAction(game.card("deck", card_id), cell, face_down)))


def picks(state: State, player: int) -> set[Pick]:
    ids = state.game.deck.ids
    codec = state.game.mechanic.codec
    chosen = [codec.decode(action) for action in state.legal_actions(player)]
    return {(ids[p.card], p.cell, p.face_down) for p in chosen}


def cells(state: State, player: int, card_id: str, face_down: bool = False) -> set[Cell]:
    """Where the player may put `card_id` (face up unless `face_down`)."""
    return {cell for c, cell, down in picks(state, player) if c == card_id and down == face_down}


def face_up_at(state: State, player: int, cell: Cell) -> set[str]:
    """The cards the player may put face up at `cell`."""
    return {c for c, at, down in picks(state, player) if at == cell and not down}


def hand(state: State, player: int) -> list[str]:
    ids = state.game.deck.ids
    return [ids[c] for c in state.zones[state.game.zone("hand").index][player]]


def park(state: State, player: int) -> dict[Cell, str]:
    ids = state.game.deck.ids
    grid = state.grids[state.game.zone("park").index][player]
    return {cell: ids[c] if c >= 0 else "~" + ids[~c] for cell, c in sorted(grid.items())}


def face_up(state: State, player: int) -> list[str]:
    ids = state.game.deck.ids
    return sorted(ids[c] for c in state.zones[state.game.zone("park").index][player])


def coins(state: State, player: int) -> int:
    return state.res[player][state.game.resource_index("coins")]


def supply(state: State) -> int:
    return state.supply[state.game.resource_index("coins")]


def events(state: State, *kinds: str) -> list[Event]:
    return [e for e in state.log if e.kind in kinds]


def shops_resolved(state: State) -> list[tuple[int, str]]:
    ids = state.game.deck.ids
    return [(e.owner, ids[e.card]) for e in state.log if isinstance(e, CardActed)]


def play_pick(state: State, chosen: Mapping[int, Pick]) -> None:
    """Every player named makes their pick, in seat order."""
    game = state.game
    for player, (card_id, cell, face_down) in sorted(chosen.items()):
        state.apply(player, act(game, card_id, cell, face_down))


def hand_swaps(state: State) -> dict[tuple[Cell, str], int]:
    """The pending red-shop choice: (cell, hand card) -> option."""
    assert state.pending is not None and state.pending.kind == "swap-hand"
    assert state.pending.options[-1] == DECLINE
    ids = state.game.deck.ids
    codec = state.game.mechanic.codec
    swaps = {o: codec.decode(o) for o in state.pending.options[:-1]}
    assert all(isinstance(swap, HandSwap) for swap in swaps.values())
    return {(swap.cell, ids[swap.card]): o for o, swap in swaps.items()}


def opponent_swaps(state: State) -> dict[tuple[Cell, int, Cell], int]:
    """The pending purple-shop choice: (own cell, other player, their cell) -> option."""
    assert state.pending is not None and state.pending.kind == "swap-opponent"
    assert state.pending.options[-1] == DECLINE
    codec = state.game.mechanic.codec
    swaps = {o: codec.decode(o) for o in state.pending.options[:-1]}
    assert all(isinstance(swap, OpponentSwap) for swap in swaps.values())
    return {(swap.cell, swap.other, swap.their_cell): o for o, swap in swaps.items()}


def strings(value: object) -> Iterator[str]:
    """Every string anywhere in a (nested) observation."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from strings(key)
            yield from strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from strings(item)


def play_out(state: State) -> None:
    """Finish the game, everyone taking their first legal action."""
    for _ in range(500):
        if state.is_terminal():
            return
        for player in state.to_move():
            state.apply(player, state.legal_actions(player)[0])
    raise AssertionError("the game did not end")


# -- setup ---------------------------------------------------------------------------------


def slot_ids(game: Game, state: State, slot: str) -> list[str]:
    return [
        game.tables[kind].ids[card] + (f":{side}" if side else "")
        for kind, card, side in state.slots.get(slot, [])
    ]


def test_setup_draws_a_random_plan_side_of_the_eight(game: Game) -> None:
    """Setup 1: draw a random project plan card and place it, either side up (8 shapes)."""
    seen: dict[str, int] = {}
    for seed in range(400):
        state = game.new_state(seed, 2 + seed % 4)
        (plan,) = slot_ids(game, state, "plan")
        seen[plan] = seen.get(plan, 0) + 1
        shape = game.mechanic.shapes[game.card("project-plans", plan)]  # type: ignore[attr-defined]
        assert state.mech.shape == shape and state.mech.size == len(shape.cells) == 9
    assert sorted(seen) == sorted(PLANS)
    assert min(seen.values()) >= 25  # about 50 each: no side is starved


def test_setup_standard_card_always_variable_card_green_unless_blue_is_chosen(game: Game) -> None:
    """Setup 2-3: the standard scoring card always; a random variable card, green side up;
    the blue side can be chosen instead."""
    seen: set[str] = set()
    for seed in range(200):
        state = game.new_state(seed, 3)
        assert slot_ids(game, state, "standard-scoring") == ["standard:standard"]
        (variable,) = slot_ids(game, state, "variable-scoring")
        card, side = variable.split(":")
        assert side == "green"
        seen.add(card)
        blue = game.new_state(seed, 3, {"scoring-side": "blue"})
        assert slot_ids(game, blue, "variable-scoring") == [f"{card}:blue"]  # same draw
        assert slot_ids(game, blue, "standard-scoring") == ["standard:standard"]
    assert sorted(seen) == VARIABLE_CARDS


@pytest.mark.parametrize("options", [{"scoring-side": "purple"}, {"bonus-card": True}])
def test_setup_refuses_an_option_the_game_does_not_have(
    game: Game, options: dict[str, object]
) -> None:
    """Setup 3: the variable scoring card lies green or blue side up, nothing else; the
    manifest declares `scoring-side: [green, blue]` and `bonus-cards`, no other option."""
    with pytest.raises((ValueError, ToolkitError)):
        game.new_state(1, 3, options)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_deals_ten_cards_each_and_gives_fifteen_coins(game: Game, players: int) -> None:
    """Setup 4-5: deal each player 10 face-down cards; each player receives 15 coins.
    Unused cards and coins go back in the box (84 coins in all)."""
    state = game.new_state(7, players)
    hands = state.zones[game.zone("hand").index]
    assert [len(h) for h in hands] == [10] * players
    assert len(state.out_of_play) == 52 - 10 * players
    assert sorted([c for h in hands for c in h] + state.out_of_play) == list(range(52))
    assert [coins(state, p) for p in range(players)] == [15] * players
    assert supply(state) == COIN_SUPPLY - 15 * players
    assert all(not park for park in state.grids[game.zone("park").index])
    assert state.to_move() == tuple(range(players))


def test_setup_bonus_cards_only_in_the_variant(game: Game) -> None:
    """Variant with Bonus Cards: 2 random bonus cards, only when the variant is played."""
    for seed in range(50):
        assert slot_ids(game, game.new_state(seed, 4), "bonus") == []
        bonus = slot_ids(game, game.new_state(seed, 4, {"bonus-cards": True}), "bonus")
        assert len(bonus) == len(set(bonus)) == 2


@pytest.mark.parametrize(
    ("players", "allowed"),
    [
        (2, GENERAL_BONUS),
        (3, GENERAL_BONUS),
        (4, GENERAL_BONUS + FOUR_FIVE_BONUS),
        (5, GENERAL_BONUS + FOUR_FIVE_BONUS),
    ],
)
def test_setup_four_five_player_bonus_cards_are_sorted_out_with_two_or_three(
    game: Game, players: int, allowed: list[str]
) -> None:
    """Variant: with 2 and 3 players, the 4 bonus cards with the 4-5 player symbol are sorted
    out; with 4 and 5 players, every bonus card can be drawn."""
    seen: set[str] = set()
    for seed in range(300):
        state = game.new_state(seed, players, {"bonus-cards": True})
        seen.update(slot_ids(game, state, "bonus"))
    assert sorted(seen) == sorted(allowed)


# -- simultaneous picks -----------------------------------------------------------------------


def test_picks_are_simultaneous_nothing_happens_until_everyone_has_chosen(game: Game) -> None:
    """Round 1-2: each player chooses a card and places it face down in front of them; as soon
    as all players have chosen, the cards are turned over, paid for and placed."""
    state = scenario(game, [["B9", "Y1"], ["R3", "P2"], ["Y9", "B2"]])
    assert state.to_move() == (0, 1, 2)
    state.apply(1, act(game, "R3", (0, 0)))
    assert state.to_move() == (0, 2)
    assert state.legal_actions(1) == []
    with pytest.raises(IllegalActionError, match="already chosen"):
        state.apply(1, act(game, "P2", (0, 0)))
    state.apply(0, act(game, "B9", (0, 0)))
    assert state.to_move() == (2,)
    # Nothing is revealed, paid or placed yet.
    assert [hand(state, p) for p in range(3)] == [["B9", "Y1"], ["R3", "P2"], ["Y9", "B2"]]
    assert [park(state, p) for p in range(3)] == [{}, {}, {}]
    assert [coins(state, p) for p in range(3)] == [15, 15, 15]
    assert not events(state, "place")
    state.apply(2, act(game, "Y9", (0, 0), face_down=True))
    assert [park(state, p) for p in range(3)] == [
        {(0, 0): "B9"},
        {(0, 0): "R3"},
        {(0, 0): "~Y9"},
    ]
    assert [coins(state, p) for p in range(3)] == [13, 13, 15]
    # Then the remaining hands pass on and the next pick begins.
    assert [hand(state, p) for p in range(3)] == [["B2"], ["Y1"], ["P2"]]
    assert state.to_move() == (0, 1, 2)


def test_observation_never_shows_other_hands_choices_or_face_down_cards(game: Game) -> None:
    """Design: observation(player) hides other players' hands, their hidden choice and
    their face-down cards (Round 1: cards are chosen face down)."""
    state = scenario(
        game,
        [["R10", "B8", "Y8"], ["P5", "B6", "R6"], ["Y12", "P4", "B4"]],
        parks=[["B2 R3"], ["~Y7 R9"], ["P1"]],
    )
    state.apply(1, act(game, "B6", (1, 0)))
    secret = {"P5", "B6", "R6", "Y12", "P4", "B4", "Y7"}
    view = state.observation(0)
    assert not secret & set(strings(view))
    assert view["hand"] == ["R10", "B8", "Y8"] and view["my_choice"] is None
    assert view["parks"][1] == {"0,0": "down", "0,1": "R9"}
    assert view["zones"]["hand"] == [["R10", "B8", "Y8"], 3, 3]
    assert state.observation(1)["my_choice"] == "place B6 face up at (1, 0)"
    assert state.observation(1)["parks"][1]["0,0"] == "down:Y7"  # one's own card is known
    # Player 0's red shop asks them to choose among their own hand cards: others see nothing.
    state.apply(0, act(game, "R10", (0, 2)))
    state.apply(2, act(game, "P4", (0, 1)))
    assert state.pending is not None and state.pending.player == 0
    assert state.to_move() == (0,)
    for other in (1, 2):
        assert not {"B8", "Y8"} & set(strings(state.observation(other)))
        assert state.legal_actions(other) == []


# -- paying ------------------------------------------------------------------------------------


def test_face_up_costs_the_price_face_down_is_free(game: Game) -> None:
    """Round 2: each player pays the stated price (coins go back into the box); or places the
    card face down, which costs nothing."""
    state = scenario(game, [["B7", "Y1"], ["B5", "Y2"]])
    before = supply(state)
    play_pick(state, {0: ("B7", (0, 0), False), 1: ("B5", (0, 0), True)})
    assert (coins(state, 0), coins(state, 1)) == (15 - 3, 15)
    assert supply(state) == before + 3
    assert face_up(state, 0) == ["B7"] and face_up(state, 1) == []  # face down scores nothing


def test_without_enough_coins_a_card_can_only_go_face_down(game: Game) -> None:
    """Round 2 / Park Cards: a player who cannot pay places the card face down; there is no way
    to obtain more coins."""
    state = scenario(game, [["B2", "B1"], ["Y1", "Y2"]], parks=[["B5"], ["Y5"]], coins=[1, 0])
    assert cells(state, 0, "B2") == set()  # price 2 > 1 coin
    assert cells(state, 0, "B2", face_down=True) == {(0, 1), (1, 0), (0, -1), (-1, 0)}
    assert cells(state, 0, "B1") == {(0, -1), (-1, 0)}  # price 1: face up where it ascends
    assert all(down for _, _, down in picks(state, 1))  # no coins: only face down
    with pytest.raises(IllegalActionError, match="cannot place B2 face up"):
        state.apply(0, act(game, "B2", (0, -1)))
    play_pick(state, {0: ("B1", (0, -1), False), 1: ("Y1", (0, -1), True)})
    assert (coins(state, 0), coins(state, 1)) == (0, 0)


# -- placement rules ---------------------------------------------------------------------------


def test_first_card_anywhere_then_only_bordering_cells(game: Game) -> None:
    """Placement Rules 2: the card must border at least one previously placed card with at
    least one side (the first card excepted); this also applies to face-down cards."""
    state = scenario(game, [["B5", "B6"], ["Y5", "Y6"]])
    assert {cell for _, cell, _ in picks(state, 0)} == {(0, 0)}
    play_pick(state, {0: ("B5", (0, 0), False), 1: ("Y5", (0, 0), True)})
    assert hand(state, 0) == ["Y6"]  # passed on from player 1
    assert cells(state, 0, "Y6", face_down=True) == {(0, 1), (1, 0), (0, -1), (-1, 0)}
    assert cells(state, 0, "Y6") == {(0, 1), (1, 0)}  # above or left of B5 it would not ascend
    with pytest.raises(IllegalActionError, match="against the placement rules"):
        state.apply(0, act(game, "Y6", (1, 1), face_down=True))  # only a corner touches
    with pytest.raises(IllegalActionError):
        state.apply(0, act(game, "Y6", (0, 2), face_down=True))


def test_plan_shape_has_a_fixed_orientation_and_any_position(game: Game) -> None:
    """Placement Rules 1 / Project Plan Cards: the park must still fit the plan's shape (the
    line marks the bottom: orientation is fixed), wherever the park started; also face down."""
    # Two Rows: "####." over "#####".
    state = scenario(game, [["B9", "B10"], ["Y1"]], parks=[["B1"], []], plan="two-rows")
    assert cells(state, 0, "B9", face_down=True) == {(0, 1), (1, 0), (0, -1), (-1, 0)}
    # A column of two: the shape is two rows high.
    state = scenario(game, [["B9", "B10"], ["Y1"]], parks=[["B1", "B2"], []], plan="two-rows")
    assert cells(state, 0, "B9", face_down=True) == {(0, 1), (1, 1), (0, -1), (1, -1)}
    # Five in a row: only the bottom row is that long.
    state = scenario(game, [["B9", "B10"], ["Y1"]], parks=[["B1 B2 B3 B4 B5"], []], plan="two-rows")
    assert cells(state, 0, "B9", face_down=True) == {(-1, 0), (-1, 1), (-1, 2), (-1, 3)}
    with pytest.raises(IllegalActionError):
        state.apply(0, act(game, "B9", (-1, 4), face_down=True))  # the top row has 4 cells
    with pytest.raises(IllegalActionError):
        state.apply(0, act(game, "B9", (1, 0)))  # the 5-row is the bottom: nothing below
    # Pyramid, "..#.." / ".###." / "#####": five in a row are its base, three above them.
    state = scenario(game, [["B9"], ["Y1"]], parks=[["B1 B2 B3 B4 B5"], []], plan="pyramid")
    assert cells(state, 0, "B9", face_down=True) == {(-1, 1), (-1, 2), (-1, 3)}


def test_numbers_ascend_along_rows_and_columns(game: Game) -> None:
    """Placement Rules 3 / Design: every face-up card is higher than each face-up card to its
    left in its row and above it in its column; diagonal neighbours do not matter."""
    state = scenario(
        game,
        [["Y2", "Y4", "Y6", "Y7", "Y9"], ["R1"]],
        parks=[["B3 . .", "B5 B8 ."], []],
    )
    assert face_up_at(state, 0, (0, 1)) == {"Y4", "Y6", "Y7"}  # right of 3, above 8; 5 diagonal
    assert face_up_at(state, 0, (1, 2)) == {"Y9"}  # right of 5 and 8
    assert face_up_at(state, 0, (2, 0)) == {"Y6", "Y7", "Y9"}  # below 3 and 5
    assert face_up_at(state, 0, (2, 1)) == {"Y9"}  # below 8; 5 is diagonal
    assert face_up_at(state, 0, (-1, 0)) == {"Y2"}  # above 3 and 5
    assert face_up_at(state, 0, (1, -1)) == {"Y2", "Y4"}  # left of 5 and 8
    open_cells = {(0, 1), (1, 2), (2, 0), (2, 1), (-1, 0), (0, -1), (1, -1)}
    assert cells(state, 0, "Y2", face_down=True) == open_cells
    with pytest.raises(IllegalActionError):
        state.apply(0, act(game, "Y2", (0, 1)))


def reading_order_game(tmp_path: Path) -> Game:
    """The game with `ascending: reading_order`, built from a modified copy of the manifest."""
    shutil.copytree(ROOT / "cards" / "oh-my-park", tmp_path / "cards" / "oh-my-park")
    if (ROOT / "print").exists():  # the manifest lists its print layouts
        shutil.copytree(ROOT / "print", tmp_path / "print")
    (tmp_path / "rules").mkdir()
    text = (ROOT / "rules" / "oh-my-park.yaml").read_text(encoding="utf-8")
    assert "ascending: rows_and_columns" in text
    manifest = tmp_path / "rules" / "oh-my-park.yaml"
    manifest.write_text(
        text.replace("ascending: rows_and_columns", "ascending: reading_order"), encoding="utf-8"
    )
    _, compiled = load_compiled_game(str(manifest))
    return compiled


def test_reading_order_variant_ascends_left_to_right_then_top_to_bottom(
    game: Game, tmp_path: Path
) -> None:
    """Design: strict reading order is a rule option: every card before a card in reading order
    (left to right, top to bottom) is lower, every card after it higher."""
    variant = reading_order_game(tmp_path)
    state = scenario(
        variant,
        [["Y2", "Y4", "Y6", "Y7", "Y9"], ["R1"]],
        parks=[["B3 . .", "B5 B8 ."], []],
    )
    assert face_up_at(state, 0, (0, 1)) == {"Y4"}  # after B3, before B5 and B8
    assert face_up_at(state, 0, (1, 2)) == {"Y9"}
    assert face_up_at(state, 0, (2, 0)) == {"Y9"}  # after every card (rows and columns: Y6, Y7, Y9)
    assert face_up_at(state, 0, (-1, 0)) == {"Y2"}
    assert face_up_at(state, 0, (1, -1)) == {"Y4"}  # after B3, before B5 (rows and columns: Y2, Y4)
    play_pick(state, {0: ("Y4", (0, 1), False), 1: ("R1", (0, 0), False)})
    assert park(state, 0) == {(0, 0): "B3", (0, 1): "Y4", (1, 0): "B5", (1, 1): "B8"}


def test_face_down_cards_are_ignored_for_ascending_and_have_no_number(game: Game) -> None:
    """Placement Rules 3 and 5: face-down cards have no number value and always count as
    ascending; they are ignored for the rule."""
    state = scenario(game, [["R3", "R1"], ["B1"]], parks=[["~Y9 ~B3", "~Y1 ."], []])
    # Left of and below 9 and 3 and right of 1 do not matter: face down, they have no number.
    open_cells = {(0, 2), (1, 1), (2, 0), (-1, 0), (-1, 1), (0, -1), (1, -1)}
    assert cells(state, 0, "R3") == open_cells
    play_pick(state, {0: ("R3", (1, 1), False), 1: ("B1", (0, 0), False)})
    assert park(state, 0)[(1, 1)] == "R3"


def test_lower_numbers_may_be_placed_later(game: Game) -> None:
    """Placement Rules 4: cards with lower values may be placed later; every player decides
    where their shape starts and how it develops."""
    state = scenario(game, [["B2", "P13"], ["Y1"]], parks=[["B7"], []])
    assert cells(state, 0, "B2") == {(0, -1), (-1, 0)}  # left of or above the 7
    play_pick(state, {0: ("B2", (-1, 0), False), 1: ("Y1", (0, 0), False)})
    assert park(state, 0) == {(-1, 0): "B2", (0, 0): "B7"}


def test_a_park_never_holds_the_same_number_twice(game: Game) -> None:
    """Placement Rules 5: a park may not contain the same number value twice."""
    state = scenario(game, [["Y5", "Y6"], ["R1"]], parks=[["B5"], []])
    assert cells(state, 0, "Y5") == set()
    assert cells(state, 0, "Y5", face_down=True) == {(0, 1), (1, 0), (0, -1), (-1, 0)}
    assert cells(state, 0, "Y6") == {(0, 1), (1, 0)}
    with pytest.raises(IllegalActionError):
        state.apply(0, act(game, "Y5", (0, 1)))


# -- passing and the end of the game ------------------------------------------------------------


def test_remaining_hands_pass_to_the_left_neighbour(game: Game) -> None:
    """Round 4: after every player has placed their card (and shop actions resolved), the
    remaining cards pass to the left neighbour (the next seat)."""
    state = scenario(game, [["B1", "B2", "B3"], ["Y1", "Y2", "Y3"], ["R1", "R2", "R3"]])
    play_pick(state, {0: ("B1", (0, 0), False), 1: ("Y1", (0, 0), False), 2: ("R1", (0, 0), False)})
    assert [hand(state, p) for p in range(3)] == [["R2", "R3"], ["B2", "B3"], ["Y2", "Y3"]]
    assert events(state, "pass") == [HandsPassed("left")]
    assert state.round == 2


def test_game_ends_after_nine_placements_and_the_last_card_is_set_aside(game: Game) -> None:
    """Game End: the game ends after all players have placed their 9th card; the last hand
    card is not placed and is set aside."""
    state = game.new_state(3, 4)
    play_out(state)
    assert state.is_terminal() and state.to_move() == ()
    assert [len(park(state, p)) for p in range(4)] == [9] * 4
    assert [hand(state, p) for p in range(4)] == [[]] * 4
    assert len(state.mech.set_aside) == 4
    passes, extra = len(events(state, "pass")), len(events(state, "extra-pick"))
    assert passes + extra == 8 and state.round == passes + 1
    assert state.log[-1] == GAME_ENDED
    assert state.legal_actions(0) == []
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.apply(
            0, state.game.mechanic.codec.encode(PickAction(state.mech.set_aside[0], (0, 0), True))
        )


def test_last_round_sets_aside_each_players_last_card(game: Game) -> None:
    """Game End: with 8 cards placed and 2 in hand, the 9th pick ends the game at once."""
    parks = [["B1 B2 B3", "B4 B5 B6", "B7 B8 ."], ["Y1 Y2 Y3", "Y4 Y5 Y6", "Y7 Y8 ."]]
    state = scenario(game, [["R9", "R1"], ["P9", "P1"]], parks=parks)
    play_pick(state, {0: ("R9", (2, 2), False), 1: ("P9", (2, 2), True)})
    assert state.is_terminal()
    ids = game.deck.ids
    assert sorted(ids[c] for c in state.mech.set_aside) == ["P1", "R1"]
    assert not events(state, "pass")


# -- shop actions -------------------------------------------------------------------------------


def test_shop_card_placed_face_down_has_no_action(game: Game) -> None:
    """Round 3: only a shop card placed face up in the park activates its effect."""
    state = scenario(game, [["R10", "B1"], ["Y4", "Y1"]], parks=[["B2"], ["B3"]])
    play_pick(state, {0: ("R10", (0, 1), True), 1: ("Y4", (0, 1), True)})
    assert state.pending is None and not events(state, "card-action", "reverse")
    assert events(state, "pass") == [HandsPassed("left")]


def test_yellow_shop_reverses_the_passing_direction_from_now_on(game: Game) -> None:
    """Shop, yellow: from now on cards are passed in the other direction."""
    state = scenario(
        game,
        [["Y4", "B1", "B2", "B3"], ["R1", "R2", "R3", "R4"], ["P1", "P2", "P3", "P4"]],
        parks=[["Y1"], [], []],
    )
    play_pick(state, {0: ("Y4", (0, 1), False), 1: ("R1", (0, 0), False), 2: ("P1", (0, 0), False)})
    assert coins(state, 0) == 15 - 3
    assert shops_resolved(state) == [(0, "Y4")]
    # Passed to the right: each player receives the hand of the next seat.
    assert [hand(state, p) for p in range(3)] == [
        ["R2", "R3", "R4"],
        ["P2", "P3", "P4"],
        ["B1", "B2", "B3"],
    ]
    assert events(state, "pass") == [HandsPassed("right")]
    play_pick(state, {0: ("R2", (0, 2), True), 1: ("P2", (0, 1), True), 2: ("B1", (0, 1), True)})
    assert [hand(state, p) for p in range(3)] == [["P3", "P4"], ["B2", "B3"], ["R3", "R4"]]
    assert events(state, "pass") == [HandsPassed("right"), HandsPassed("right")]


def test_blue_shop_every_player_picks_one_more_card_before_passing(game: Game) -> None:
    """Shop, blue: all players again choose a card from their current hand, pay for it and
    place it by the same rules, before the hands are passed on."""
    state = scenario(
        game,
        [["B7", "B1", "B2"], ["Y1", "Y2", "Y3"], ["R1", "R2", "R3"]],
        parks=[["B6"], [], []],
    )
    play_pick(state, {0: ("B7", (0, 1), False), 1: ("Y1", (0, 0), False), 2: ("R1", (0, 0), True)})
    assert shops_resolved(state) == [(0, "B7")]
    assert events(state, "extra-pick") == [EXTRA_PICK]
    assert state.to_move() == (0, 1, 2)
    assert [hand(state, p) for p in range(3)] == [["B1", "B2"], ["Y2", "Y3"], ["R2", "R3"]]
    assert not events(state, "pass") and state.round == 1
    play_pick(state, {0: ("B1", (0, -1), False), 1: ("Y3", (0, 1), False), 2: ("R2", (0, 1), True)})
    assert [coins(state, p) for p in range(3)] == [15 - 3 - 1, 15 - 2 - 2, 15]
    assert [len(park(state, p)) for p in range(3)] == [3, 2, 2]
    assert [hand(state, p) for p in range(3)] == [["R3"], ["B2"], ["Y2"]]
    assert events(state, "pass") == [HandsPassed("left")] and state.round == 2


def test_blue_shop_in_the_last_pick_ends_the_game(game: Game) -> None:
    """Shop, blue / decided corner case: a player whose park is full skips the extra pick; with
    every park full the game ends and the last hand cards are set aside."""
    parks = [["B1 B2 B3", "B4 B5 B6", "~Y8 ~Y9 ."], ["R1 R2 R3", "R4 R5 R6", "R7 R8 ."]]
    state = scenario(game, [["B7", "P1"], ["P9", "Y1"]], parks=parks)
    play_pick(state, {0: ("B7", (2, 2), False), 1: ("P9", (2, 2), False)})
    assert shops_resolved(state) == [(0, "B7")]
    assert state.is_terminal() and not events(state, "extra-pick", "pass")
    assert sorted(game.deck.ids[c] for c in state.mech.set_aside) == ["P1", "Y1"]


def test_blue_shop_extra_pick_skips_a_player_whose_park_is_full(game: Game) -> None:
    """Decided corner case: a player whose park is already full skips the extra pick."""
    state = scenario(
        game,
        [["B7", "B1", "B2"], ["Y1", "Y2", "Y3"], ["R1", "R2", "R3"]],
        parks=[["B6"], [], ["P1 P2 P3", "P4 P5 P6", "P7 P8 ."]],
    )
    play_pick(state, {0: ("B7", (0, 1), False), 1: ("Y1", (0, 0), False), 2: ("R1", (2, 2), True)})
    assert len(park(state, 2)) == 9
    assert state.to_move() == (0, 1)  # player 2's park is full
    play_pick(state, {0: ("B1", (0, -1), True), 1: ("Y2", (0, 1), False)})
    assert hand(state, 2) == ["Y3"]  # then hands pass as usual
    assert state.to_move() == (0, 1)


def test_red_shop_swaps_a_placed_card_with_a_hand_card_for_free(game: Game) -> None:
    """Shop, red: the player swaps one of their placed cards with a hand card; the placement
    rules must be observed; the new card is not paid for; the old card goes to the hand."""
    state = scenario(
        game,
        [["R10", "B7", "P5", "Y13"], ["Y1", "Y2", "Y3", "Y5"]],
        parks=[["B2 B3", "~P1 ."], ["R1"]],
    )
    play_pick(state, {0: ("R10", (0, 2), False), 1: ("Y2", (0, 1), False)})
    assert state.to_move() == (0,) and coins(state, 0) == 15 - 3
    assert shops_resolved(state) == [(0, "R10")]
    options = hand_swaps(state)
    assert set(options) == {
        ((0, 1), "B7"),  # between 2 and 10
        ((0, 1), "P5"),
        ((0, 2), "B7"),  # R10 itself may give way: any number above 3
        ((0, 2), "P5"),
        ((0, 2), "Y13"),
        ((1, 0), "B7"),  # so may a face-down card: any number above the 2 over it
        ((1, 0), "P5"),
        ((1, 0), "Y13"),
    }
    state.apply(0, options[((1, 0), "P5")])
    assert park(state, 0) == {(0, 0): "B2", (0, 1): "B3", (0, 2): "R10", (1, 0): "P5"}
    assert face_up(state, 0) == ["B2", "B3", "P5", "R10"]
    assert coins(state, 0) == 15 - 3  # the new card is free
    assert events(state, "pass") == [HandsPassed("left")]
    # The old card went to the hand and was passed on with it.
    assert hand(state, 1) == ["B7", "Y13", "P1"]


def hand_swap_option(game: Game, cell: Cell, card_id: str) -> int:
    """How the engine encodes a red-shop option (see `DraftMechanic.hand_swaps`)."""
    return int(game.mechanic.codec.encode(HandSwap(cell, game.card("deck", card_id))))


def test_red_shop_offers_only_legal_swaps_and_may_be_declined(game: Game) -> None:
    """Shop, red: the placement rules must be observed (ascending, no number twice); the
    player may decline the swap."""
    state = scenario(
        game,
        [["R10", "B3", "Y9", "Y1", "Y5"], ["Y2", "Y3"]],
        parks=[["B2 B5", "~P6 ."], ["R1"]],
    )
    play_pick(state, {0: ("R10", (0, 2), False), 1: ("Y2", (0, 1), False)})
    assert set(hand_swaps(state)) == {
        ((0, 0), "B3"),  # in place of B2: anything below 5
        ((0, 0), "Y1"),
        ((0, 1), "B3"),  # between 2 and 10; the 5 leaving may come back as Y5
        ((0, 1), "Y9"),
        ((0, 1), "Y5"),
        ((0, 2), "Y9"),  # right of 5
        ((1, 0), "B3"),  # in place of the face-down P6: above 2, but Y5 would be a second 5
        ((1, 0), "Y9"),
    }
    for cell, card_id in [((1, 0), "Y5"), ((0, 0), "Y9"), ((0, 2), "B3"), ((1, 1), "Y9")]:
        with pytest.raises(IllegalActionError, match="not one of the choices"):
            state.apply(0, hand_swap_option(game, cell, card_id))
    with pytest.raises(IllegalActionError, match="must choose"):
        state.apply(1, DECLINE)
    state.apply(0, DECLINE)
    assert park(state, 0) == {(0, 0): "B2", (0, 1): "B5", (0, 2): "R10", (1, 0): "~P6"}
    assert Declined(0, "swap-hand") in state.log
    assert hand(state, 1) == ["B3", "Y9", "Y1", "Y5"]


def test_purple_shop_swaps_with_another_players_card_of_the_same_number(game: Game) -> None:
    """Shop, purple: the player swaps a card of their park with a card of a fellow player's
    park; both cards must have the same number; no price compensation."""
    state = scenario(
        game,
        [["P12", "B1"], ["Y1", "Y2"], ["R1", "R2"]],
        parks=[["B3 B5"], ["Y3 ~R5", "Y5 ."], ["R3 Y8"]],
    )
    play_pick(
        state, {0: ("P12", (0, 2), False), 1: ("Y1", (-1, 0), False), 2: ("R1", (0, -1), True)}
    )
    options = opponent_swaps(state)
    # Face-up cards of equal number only: B3 with Y3 or R3, B5 with Y5 (R5 is face down).
    assert set(options) == {((0, 0), 1, (0, 0)), ((0, 0), 2, (0, 0)), ((0, 1), 1, (1, 0))}
    before = [coins(state, p) for p in range(3)]
    state.apply(0, options[((0, 1), 1, (1, 0))])
    assert park(state, 0) == {(0, 0): "B3", (0, 1): "Y5", (0, 2): "P12"}
    assert park(state, 1) == {(-1, 0): "Y1", (0, 0): "Y3", (0, 1): "~R5", (1, 0): "B5"}
    assert face_up(state, 0) == ["B3", "P12", "Y5"]
    assert face_up(state, 1) == ["B5", "Y1", "Y3"]
    assert [coins(state, p) for p in range(3)] == before
    assert events(state, "pass") == [HandsPassed("left")]


def test_purple_shop_may_be_declined_and_needs_a_matching_card(game: Game) -> None:
    """Shop, purple: the swap is optional; without an equal number elsewhere there is none."""
    state = scenario(game, [["P12", "B1"], ["Y1", "Y2"]], parks=[["B3"], ["Y3"]])
    play_pick(state, {0: ("P12", (0, 1), False), 1: ("Y1", (0, -1), False)})
    assert set(opponent_swaps(state)) == {((0, 0), 1, (0, 0))}
    state.apply(0, DECLINE)
    assert park(state, 0) == {(0, 0): "B3", (0, 1): "P12"}
    assert Declined(0, "swap-opponent") in state.log
    state = scenario(game, [["P12", "B1"], ["Y1", "Y2"]], parks=[["B3"], ["Y4"]])
    play_pick(state, {0: ("P12", (0, 1), False), 1: ("Y1", (0, -1), False)})
    assert state.pending is None and NothingToChoose(0, "swap-opponent") in state.log


def test_several_shop_actions_resolve_the_higher_number_first(game: Game) -> None:
    """Round 3, notes: if several shop effects are carried out in a round, the shop with the
    higher number is carried out first (P12, R10, B7, Y4); the extra pick comes before passing."""
    state = scenario(
        game,
        [["Y4", "Y6", "Y7"], ["B7", "B8", "B9"], ["R10", "R11", "R12"], ["P12", "P13", "P2"]],
        parks=[["Y1"], ["B4"], ["R1"], ["P1"]],
    )
    play_pick(
        state,
        {
            0: ("Y4", (0, 1), False),
            1: ("B7", (0, 1), False),
            2: ("R10", (0, 1), False),
            3: ("P12", (0, 1), False),
        },
    )
    assert shops_resolved(state) == [(3, "P12")]  # P12 asks first
    assert state.to_move() == (3,)
    state.apply(3, DECLINE)
    assert shops_resolved(state) == [(3, "P12"), (2, "R10")]
    assert state.to_move() == (2,)
    state.apply(2, DECLINE)
    assert shops_resolved(state) == [(3, "P12"), (2, "R10"), (1, "B7"), (0, "Y4")]
    assert [e.kind for e in state.log[-3:]] == ["card-action", "reverse", "extra-pick"]
    assert state.to_move() == (0, 1, 2, 3)
    play_pick(
        state,
        {
            0: ("Y6", (0, 2), True),
            1: ("B8", (0, 2), True),
            2: ("R11", (0, 2), True),
            3: ("P13", (0, 2), True),
        },
    )
    assert events(state, "pass") == [HandsPassed("right")]


def test_a_shop_card_swapped_in_from_the_hand_triggers_its_action(game: Game) -> None:
    """Round 3, notes: if a shop action puts another shop card into a player's park, a further
    shop action may occur (red swaps in the blue shop: everyone picks again)."""
    state = scenario(
        game, [["R10", "B7", "B8", "B9"], ["Y1", "Y2", "Y3", "Y5"]], parks=[["B2 B3"], ["R1"]]
    )
    play_pick(state, {0: ("R10", (0, 2), False), 1: ("Y2", (0, 1), False)})
    state.apply(0, hand_swaps(state)[((0, 1), "B7")])
    assert shops_resolved(state) == [(0, "R10"), (0, "B7")]
    assert events(state, "extra-pick") == [EXTRA_PICK]
    assert state.to_move() == (0, 1)
    assert hand(state, 0) == ["B8", "B9", "B3"]
    assert coins(state, 0) == 15 - 3  # B7 arrived free


def test_a_shop_card_swapped_between_parks_triggers_for_its_new_owner(game: Game) -> None:
    """Round 3, notes / decided corner case: a shop card reaching a park through a purple swap
    triggers for the player whose park it reaches: Y4 reverses passing, R10 lets its new owner
    swap with their hand."""
    state = scenario(
        game,
        [["P12", "B1"], ["R1", "R2"], ["Y1", "Y2"]],
        parks=[["B4 B10"], ["Y4"], ["R10"]],
    )
    play_pick(
        state, {0: ("P12", (0, 2), False), 1: ("R1", (0, -1), False), 2: ("Y1", (0, -1), False)}
    )
    options = opponent_swaps(state)
    assert set(options) == {((0, 0), 1, (0, 0)), ((0, 1), 2, (0, 0))}
    state.apply(0, options[((0, 0), 1, (0, 0))])  # B4 for Y4: Y4 reaches player 0
    assert park(state, 0) == {(0, 0): "Y4", (0, 1): "B10", (0, 2): "P12"}
    assert shops_resolved(state) == [(0, "P12"), (0, "Y4")]
    assert events(state, "pass") == [HandsPassed("right")]
    # B10 for R10: player 2's red shop arrives in player 0's park and triggers for them.
    state = scenario(
        game,
        [["P12", "B1"], ["R1", "R2"], ["Y1", "Y2", "Y3"]],
        parks=[["B4 B10"], ["Y4"], ["R10"]],
    )
    play_pick(
        state, {0: ("P12", (0, 2), False), 1: ("R1", (0, -1), False), 2: ("Y3", (0, -1), True)}
    )
    state.apply(0, opponent_swaps(state)[((0, 1), 2, (0, 0))])
    assert park(state, 2) == {(0, -1): "~Y3", (0, 0): "B10"}
    assert shops_resolved(state) == [(0, "P12"), (0, "R10")]
    assert state.to_move() == (0,)  # R10 reached player 0: they may swap with their hand
    assert set(hand_swaps(state)) == {((0, 0), "B1")}


def test_the_purple_shop_swapped_away_by_its_own_action_does_not_trigger_again(
    game: Game,
) -> None:
    """Round 3, notes: a further shop action occurs when the shop action puts *another* shop
    card into a park. P12 giving itself away must not start a new purple swap, or two players
    who each prefer the other's 12 swap them back and forth without end."""
    state = scenario(game, [["P12", "B1"], ["R1", "R2"]], parks=[["B4"], ["Y12"]])
    play_pick(state, {0: ("P12", (0, 1), False), 1: ("R1", (0, -1), False)})
    state.apply(0, opponent_swaps(state)[((0, 1), 1, (0, 0))])  # P12 for Y12
    assert park(state, 1) == {(0, -1): "R1", (0, 0): "P12"}
    assert state.pending is None
    assert shops_resolved(state) == [(0, "P12")]
    assert events(state, "pass") == [HandsPassed("left")]


def test_a_chain_of_shop_actions_ends_even_when_both_players_want_to_swap(game: Game) -> None:
    """Round 3: the round goes on to passing once the shop actions are carried out. With
    yellow worth 2 and purple 1 (variable card 1, green), each greedy player would rather hold
    Y12 than P12: the chain must still end."""
    state = scenario(game, [["P12", "B1"], ["R1", "R2"]], parks=[["B4"], ["Y12"]])
    state.slots["variable-scoring"] = [
        ("scoring-cards", game.card("scoring-cards", "variable-1"), "green")
    ]
    play_pick(state, {0: ("P12", (0, 1), False), 1: ("R1", (0, -1), False)})
    bots = [make_bot("greedy", seat) for seat in range(2)]
    for _ in range(50):
        if state.pending is None:
            break
        (player,) = state.to_move()
        state.apply(player, bots[player].choose(state, player))
    assert state.pending is None, shops_resolved(state)[-4:]
    assert events(state, "pass") == [HandsPassed("left")]
