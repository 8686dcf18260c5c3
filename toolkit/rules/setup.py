"""Setup steps: how a game's table is laid out before the first turn, in order."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field

from toolkit.schema.base import Id, Model, Scalar

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import State

SetupFn = Callable[["State"], None]


class OptionIs(Model):
    """A step applies only when a game option has a given value."""

    option: Id
    """The option's id (declared under `options`)."""
    equals: Scalar = True
    """The value that enables the step."""


class _Step(Model):
    when: OptionIs | None = None
    """Only run this step when an option has a value."""

    def compile(self, c: Compiler) -> SetupFn:
        run = self.compile_step(c)
        when = self.when
        if when is None:
            return run
        option, equals = when.option, when.equals

        def guarded(state: State) -> None:
            if state.options.get(option) == equals:
                run(state)

        return guarded

    @abstractmethod
    def compile_step(self, c: Compiler) -> SetupFn:
        """The step as a function that changes a new game's state."""


class ChoosePerGroup(_Step):
    """Pick `count` random cards per group of a pool into a shared zone, respecting exclusions."""

    step: Literal["choose_per_group"]
    pool: Id
    """The content kind to choose from (e.g. `attractions`)."""
    group_by: Id
    """The card field that forms groups (e.g. `level`)."""
    count: int = Field(ge=1)
    """Cards chosen per group."""
    exclusive: list[list[Id]] = Field(default_factory=list)
    """Sets of card ids of which at most one may be chosen in the same game."""
    to: Id
    """The shared zone the chosen cards go to (e.g. `display`)."""

    def compile_step(self, c: Compiler) -> SetupFn:
        table = c.table(self.pool)
        values = table.fields[self.group_by]
        groups = [
            [card for card in range(table.size) if values[card] == value]
            for value in sorted(set(values), key=str)
        ]
        exclusive = [frozenset(table.index(i) for i in group) for group in self.exclusive]
        zone, count, zone_id = c.zone(self.to).index, self.count, self.to

        def choose(state: State) -> None:
            rng = state.random()
            for members in groups:
                while True:  # feasibility is checked by validation, so this ends
                    picked = rng.sample(members, count)
                    if all(len(ex.intersection(picked)) <= 1 for ex in exclusive):
                        break
                state.shared[zone].extend(sorted(picked))
            state.log.append(("shown", zone_id, tuple(state.shared[zone])))

        return choose


class DrawRandom(_Step):
    """Draw random cards from a pool into a table slot (a project plan, scoring or bonus cards)."""

    step: Literal["draw_random"]
    pool: Id
    """The content kind to draw from."""
    where: dict[str, Scalar | list[Scalar]] = Field(default_factory=dict)
    """Only cards whose fields match (e.g. `role: variable`)."""
    count: int = Field(default=1, ge=1)
    """How many cards are drawn."""
    side: Id | Literal["random"] | None = None
    """For double-sided cards: `random`, a side id, or unset to take it from `side_option`."""
    side_option: Id | None = None
    """An option whose value names the side to use."""
    min_players_field: Id | None = None
    """Card field naming the fewest players a card is used with; others are sorted out."""
    to: Id
    """The slot the cards go to."""

    def compile_step(self, c: Compiler) -> SetupFn:
        table = c.table(self.pool)
        where = {k: v for k, v in self.where.items()}
        candidates = [k for k in range(table.size) if table.matches(k, where)]  # type: ignore[arg-type]
        min_field = table.fields.get(self.min_players_field) if self.min_players_field else None
        kind, slot, count = self.pool, self.to, self.count
        fixed_side, side_option = self.side, self.side_option

        def side_of(state: State, card: int) -> str:
            sides = table.side_ids(card) or [""]
            if side_option is not None:
                return str(state.options[side_option])
            if fixed_side == "random":
                return state.random().choice(sides)
            return fixed_side if fixed_side is not None else sides[0]

        def draw(state: State) -> None:
            usable = [k for k in candidates if min_field is None or (min_field[k] or 0) <= state.n]
            picked = state.random().sample(usable, count)
            state.slots[slot] = [(kind, k, side_of(state, k)) for k in picked]
            state.log.append(("slot", slot, tuple(table.ids[k] for k in picked)))

        return draw


class PlaceCard(_Step):
    """Put a specific card from a pool into a table slot (the standard scoring card)."""

    step: Literal["place_card"]
    pool: Id
    """The content kind holding the card."""
    card: Id
    """The card's id."""
    to: Id
    """The slot it goes to."""

    def compile_step(self, c: Compiler) -> SetupFn:
        table = c.table(self.pool)
        card = table.index(self.card)
        side = table.first_side(card)
        entry, slot = (self.pool, card, side), self.to

        def place(state: State) -> None:
            state.slots[slot] = [entry]

        return place


class StartingPlayer(_Step):
    """Choose the starting player."""

    step: Literal["starting_player"]
    method: Literal["random", "first_seat"] = "random"
    """How the starting player is chosen."""

    def compile_step(self, c: Compiler) -> SetupFn:
        at_random = self.method == "random"

        def start(state: State) -> None:
            state.first_player = state.random().randrange(state.n) if at_random else 0
            state.log.append(("first-player", state.first_player))

        return start


class GiveResource(_Step):
    """Give every player an amount of a resource from the supply."""

    step: Literal["give_resource"]
    resource: Id
    """The resource."""
    amount: int = Field(ge=1)
    """How much each player receives."""

    def compile_step(self, c: Compiler) -> SetupFn:
        resource, amount = c.resource(self.resource), self.amount

        def give(state: State) -> None:
            for player in range(state.n):
                state.gain(player, resource, amount)

        return give


class Deal(_Step):
    """Shuffle the deck and deal cards to every player's hand.

    `count` deals that many each; without it the deck is dealt as evenly as possible and any
    extra cards stay face down out of play.
    """

    step: Literal["deal"]
    count: int | None = Field(default=None, ge=1)
    """Cards per player; unset deals the whole deck evenly."""
    to: Id = "hand"
    """The players' zone receiving the cards."""

    def compile_step(self, c: Compiler) -> SetupFn:
        zone, count = c.zone(self.to).index, self.count

        def deal(state: State) -> None:
            state.deal(zone, count)

        return deal


SetupStep = Annotated[
    ChoosePerGroup | DrawRandom | PlaceCard | StartingPlayer | GiveResource | Deal,
    Field(discriminator="step"),
]
