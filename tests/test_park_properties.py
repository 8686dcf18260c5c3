"""Oh my park!, properties over many bot games: every game ends legally and consistently.

Random bots play 1,000 games per player count (2-5), with and without bonus cards, on both
scoring sides. Every choice offered is compared with an independent reading of the placement
and shop rules; after every pick and every shop choice each park obeys every placement rule,
coins never go up nor below zero, and each of the 52 park cards lies in exactly one place.
Games are reproducible from their seed, and parallel simulation gives the same report as a
single worker.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from entry_point import run_toolkit

from toolkit.agents import make_bot
from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.kernel.events import GAME_ENDED
from toolkit.kernel.state import DECLINE, State
from toolkit.mechanics.draft.codec import HandSwap, OpponentSwap, Pick
from toolkit.mechanics.draft.events import ExtraPickStarted, HandsPassed
from toolkit.mechanics.draft.grid import Cell, grid_is_valid
from toolkit.mechanics.draft.machine import DraftMechanic

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "rules" / "oh-my-park.yaml"
DECK_SIZE = 52
COINS_IN_BOX = 84
PARK_SIZE = 9
MAX_STEPS = 500  # 9 picks plus a few extra picks and shop choices; far more than enough
GAMES_PER_COUNT = 60
"""Random games per player count: every shop and a face-down placement have turned up by
the 18th (seeds 0-59 at 2 to 5 players), so the rest check the invariants more than once."""
TRANSCRIPT_SEED = 4321


@pytest.fixture(scope="module")
def game() -> Game:
    _, compiled = load_compiled_game(str(MANIFEST))
    return compiled


class Places:
    """Indexes of the zones and resources the checks read."""

    def __init__(self, game: Game) -> None:
        self.hand = game.zone("hand").index
        self.park = game.zone("park").index
        self.coins = game.resource_index("coins")
        mechanic = game.mechanic
        assert isinstance(mechanic, DraftMechanic)
        self.numbers = mechanic.numbers


# -- an independent reading of the placement rules -------------------------------------------


class Rules:
    """The rule text's placement and shop rules, written again from the text for cross-checking."""

    def __init__(self, game: Game) -> None:
        self.places = Places(game)
        self.price = game.deck.fields["price"]
        self.number = game.deck.fields["number"]

    def fits(self, state: State, cells: set[Cell]) -> bool:
        """Some translation of the plan (fixed orientation) covers every cell."""
        shape = state.mech.shape.cells
        anchor = next(iter(cells))
        for r, c in shape:
            dr, dc = anchor[0] - r, anchor[1] - c
            if all((row - dr, col - dc) in shape for row, col in cells):
                return True
        return False

    def ascends(self, park: dict[Cell, int], cell: Cell, number: int) -> bool:
        """Face-up cards left of / above `cell` are lower, right of / below it higher."""
        for (r, c), card in park.items():
            if card < 0 or (r, c) == cell or (r != cell[0] and c != cell[1]):
                continue
            other = self.number[card]
            before = c < cell[1] if r == cell[0] else r < cell[0]
            if (before and other >= number) or (not before and other <= number):
                return False
        return True

    def picks(self, state: State, player: int) -> set[tuple[int, Cell, bool]]:
        park = state.grids[self.places.park][player]
        if park:
            cells = {
                (r + a, c + b)
                for r, c in park
                for a, b in ((0, 1), (0, -1), (1, 0), (-1, 0))
                if (r + a, c + b) not in park
            }
            cells = {cell for cell in cells if self.fits(state, {*park, cell})}
        else:
            cells = {(0, 0)}
        numbers = {self.number[card] for card in park.values() if card >= 0}
        coins = state.res[player][self.places.coins]
        found = set()
        for card in state.zones[self.places.hand][player]:
            payable = self.price[card] <= coins and self.number[card] not in numbers
            for cell in cells:
                found.add((card, cell, True))
                if payable and self.ascends(park, cell, self.number[card]):
                    found.add((card, cell, False))
        return found

    def hand_swaps(self, state: State, player: int) -> set[tuple[Cell, int]]:
        park = state.grids[self.places.park][player]
        found = set()
        for cell in park:
            rest = {at: card for at, card in park.items() if at != cell}
            numbers = {self.number[card] for card in rest.values() if card >= 0}
            for card in state.zones[self.places.hand][player]:
                number = self.number[card]
                if number not in numbers and self.ascends(rest, cell, number):
                    found.add((cell, card))
        return found

    def opponent_swaps(self, state: State, player: int) -> set[tuple[Cell, int, Cell]]:
        parks = state.grids[self.places.park]
        return {
            (cell, other, theirs)
            for cell, card in parks[player].items()
            for other in range(state.n)
            if other != player
            for theirs, their_card in parks[other].items()
            if card >= 0 and their_card >= 0 and self.number[card] == self.number[their_card]
        }


def check_choices(state: State, rules: Rules, player: int) -> None:
    """The engine offers exactly the choices the rules allow."""
    pending = state.pending
    options = state.legal_actions(player)
    if pending is None:
        codec = state.game.mechanic.codec
        picks = [codec.decode(a) for a in options]
        assert all(isinstance(pick, Pick) for pick in picks)
        assert {(p.card, p.cell, p.face_down) for p in picks} == rules.picks(state, player), (
            state.seed
        )
        assert len(options) == len(set(options))
        return
    assert pending.player == player and options[-1] == DECLINE
    if pending.kind == "swap-hand":
        records = [state.game.mechanic.codec.decode(o) for o in options[:-1]]
        assert all(isinstance(r, HandSwap) for r in records)
        swaps = {(r.cell, r.card) for r in records}
        assert swaps == rules.hand_swaps(state, player), state.seed
    else:
        assert pending.kind == "swap-opponent"
        records = [state.game.mechanic.codec.decode(o) for o in options[:-1]]
        assert all(isinstance(r, OpponentSwap) for r in records)
        trades = {(r.cell, r.other, r.their_cell) for r in records}
        assert trades == rules.opponent_swaps(state, player), state.seed


# -- checks ---------------------------------------------------------------------------------


def coins_of(state: State, places: Places) -> list[int]:
    return [state.res[p][places.coins] for p in range(state.n)]


def card_locations(state: State, places: Places) -> list[int]:
    """Every card of the game wherever it lies: hands, parks (either face), aside, out of play."""
    cards = [card for hand in state.zones[places.hand] for card in hand]
    for park in state.grids[places.park]:
        cards.extend(card if card >= 0 else ~card for card in park.values())
    aside: list[int] = state.mech.set_aside
    return cards + aside + state.out_of_play


def check_parks(state: State, places: Places) -> None:
    """Every park fits the plan, is connected, ascends and never repeats a number."""
    shape = state.mech.shape
    for player in range(state.n):
        park = state.grids[places.park][player]
        problems = grid_is_valid(park, shape, places.numbers, reading_order=False)
        assert problems == [], (state.seed, player, park, problems)
        face_up = sorted(card for card in park.values() if card >= 0)
        assert sorted(state.zones[places.park][player]) == face_up, (state.seed, player)
        assert len(park) <= PARK_SIZE


def check_invariants(state: State, places: Places, before: list[int]) -> list[int]:
    """The round-by-round invariants; returns the coins now, for the next comparison."""
    coins = coins_of(state, places)
    assert all(0 <= now <= then for now, then in zip(coins, before, strict=True)), (
        state.seed,
        before,
        coins,
    )
    assert sum(coins) + state.supply[places.coins] == COINS_IN_BOX, state.seed
    assert sorted(card_locations(state, places)) == list(range(DECK_SIZE)), state.seed
    check_parks(state, places)
    return coins


def check_end(state: State, places: Places) -> None:
    assert state.is_terminal() and state.to_move() == ()
    assert [len(park) for park in state.grids[places.park]] == [PARK_SIZE] * state.n
    assert not any(state.zones[places.hand])
    # 10 cards each, 9 placed: the last hand card of every player is set aside.
    assert len(state.mech.set_aside) == state.n
    assert len(state.out_of_play) == DECK_SIZE - 10 * state.n
    assert state.log[-1] == GAME_ENDED
    # Every pick places one card per player: the first, one per pass, one per extra pick.
    picks = 1 + sum(1 for event in state.log if isinstance(event, HandsPassed | ExtraPickStarted))
    assert picks == PARK_SIZE, state.seed
    scores = state.scores()
    for total, parts in zip(scores.totals, scores.breakdown, strict=True):
        assert total == sum(parts.values())
    best = max(scores.totals)
    assert scores.winners and all(scores.totals[p] == best for p in scores.winners)
    assert (len(scores.winners) > 1) == (scores.decided_by == "shared")


# -- playing ----------------------------------------------------------------------------------


def options_for(seed: int) -> dict[str, object]:
    """Vary the variant and the scoring side, so every scoring card is played."""
    return {"bonus-cards": seed % 2 == 0, "scoring-side": "blue" if seed % 4 < 2 else "green"}


def play_checked(game: Game, rules: Rules, seed: int, players: int, bot: str) -> State:
    places = rules.places
    state = game.new_state(seed, players, options_for(seed))
    bots = [make_bot(bot, seed * 10 + p) for p in range(players)]
    assert coins_of(state, places) == [15] * players
    coins = check_invariants(state, places, coins_of(state, places))
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            break
        for player in state.to_move():
            check_choices(state, rules, player)
            state.apply(player, bots[player].choose(state, player))
        coins = check_invariants(state, places, coins)
    else:
        pytest.fail(f"seed {seed}, {players} players: no end after {MAX_STEPS} steps")
    check_end(state, places)
    return state


def play_plain(game: Game, seed: int, players: int) -> State:
    """Play with random bots and no checks (for transcripts)."""
    state = game.new_state(seed, players, {"bonus-cards": True})
    bots = [make_bot("random", seed * 10 + p) for p in range(players)]
    while not state.is_terminal():
        for player in state.to_move():
            state.apply(player, bots[player].choose(state, player))
    return state


# -- the properties -------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_legally_and_consistently(game: Game, players: int) -> None:
    """Random games at each player count: they end after 9 placements each, every invariant
    holds throughout."""
    rules = Rules(game)
    shops: dict[str, int] = {}
    face_down = 0
    for seed in range(GAMES_PER_COUNT):
        state = play_checked(game, rules, seed, players, "random")
        for key, count in state.stats.counters.items():
            if key.startswith("shop "):
                shops[key] = shops.get(key, 0) + count
        face_down += state.stats.counters.get("face-down cards", 0)
    # Every shop action and face-down placement was exercised along the way.
    assert set(shops) == {"shop B7", "shop Y4", "shop R10", "shop P12"}
    assert face_down > 0


@pytest.mark.parametrize("seed", range(10))
def test_greedy_games_end_legally(game: Game, seed: int) -> None:
    """A few games between greedy bots end legally too."""
    play_checked(game, Rules(game), seed, 2 + seed % 4, "greedy")


def test_same_seed_gives_the_same_transcript(game: Game) -> None:
    """A game is fully determined by its seed and actions: that pair is the replay format."""
    first = play_plain(game, TRANSCRIPT_SEED, 4)
    second = play_plain(game, TRANSCRIPT_SEED, 4)
    assert first.log == second.log
    assert first.scores() == second.scores()
    assert play_plain(game, TRANSCRIPT_SEED + 1, 4).log != first.log


def simulate(games: int, workers: int) -> str:
    result = run_toolkit(
        "simulate", "oh-my-park", "--games", str(games), "--format", "json",
        "--workers", str(workers),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_simulation_does_not_depend_on_the_number_of_workers() -> None:
    """`simulate --format json` is byte-identical with 1 or 2 workers: 60 games are a full
    chunk and a partial one on one worker, eight chunks of up to 8 shared by two."""
    assert simulate(60, 1) == simulate(60, 2)
