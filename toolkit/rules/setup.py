"""Setup steps: how a game's table is laid out before the first turn, in order.

A step that logs imports its event where it compiles: validation reads these models but never
compiles them, so it never loads the log's events.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from itertools import combinations
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field, model_validator

from toolkit.rules.primitive import docstring_words, fills_of
from toolkit.rules.words import singular
from toolkit.schema.amounts import CardsAmount, amount_at, amount_values, describe_amount
from toolkit.schema.base import Id, Model, Scalar
from toolkit.schema.filters import card_matches
from toolkit.schema.limits import Cards, Number

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import State
    from toolkit.rules.context import CheckContext, Path, Words

SetupFn = Callable[["State"], None]


class OptionIs(Model):
    """A step applies only when a game option has a given value."""

    option: Id
    """The option's id (declared under `options`)."""
    equals: Scalar = True
    """The value that enables the step."""


class _Step(Model):
    """A setup step: checked, compiled and described by itself (`when` is checked and worded
    the same for every step, by the checker and the describer)."""

    when: OptionIs | None = None
    """Only run this step when an option has a value."""

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        """Report what the schema cannot see at `path` (unknown ids, infeasible counts)."""

    def describe(self, words: Words) -> str:
        """The step as an instruction, lower case, without its `when`."""
        return docstring_words(self)

    def fills(self) -> tuple[str, ...]:
        """Ids of the zones (or slots) this step puts cards into: its `to`, by default."""
        return fills_of(self)

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
    count: Cards
    """Cards chosen per group."""
    exclusive: list[list[Id]] = Field(default_factory=list)
    """Sets of card ids of which at most one may be chosen in the same game."""
    to: Id
    """The shared zone the chosen cards go to (e.g. `display`)."""

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        if not ctx.known((*path, "pool"), self.pool, ctx.card_kinds(), "card kind") or not ctx.has(
            self.pool
        ):
            return
        ctx.known((*path, "to"), self.to, ctx.zone_ids("shared"), "shared zone")
        if not ctx.known(
            (*path, "group_by"), self.group_by, ctx.fields_of(self.pool), "card field"
        ):
            return
        ids = ctx.ids(self.pool)
        for s_index, group in enumerate(self.exclusive):
            for c_index, card_id in enumerate(group):
                ctx.known((*path, "exclusive", s_index, c_index), card_id, ids, f"{self.pool} id")
        groups: dict[Any, list[str]] = {}
        for _, item in ctx.cards(self.pool):
            groups.setdefault(getattr(item, self.group_by), []).append(item.id)
        exclusive = [set(group) for group in self.exclusive]
        for value, members in sorted(groups.items(), key=lambda kv: str(kv[0])):
            if not _can_choose(members, self.count, exclusive):
                ctx.error(
                    (*path, "count"),
                    "infeasible-setup",
                    f"cannot choose {self.count} from {self.group_by} {value} "
                    f"({len(members)} cards, exclusions applied)",
                    f"add cards to {self.group_by} {value} or lower 'count'",
                )

    def describe(self, words: Words) -> str:
        text = (
            f"choose {self.count} random {self.pool.replace('-', ' ')} per "
            f"{self.group_by} for the {words.zone(self.to)}"
        )
        for group in self.exclusive:
            text += f"; never {' and '.join(words.card_name(i) for i in group)} together"
        return text

    def compile_step(self, c: Compiler) -> SetupFn:
        from toolkit.kernel.events import Shown

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
            state.log.append(Shown(zone_id, tuple(state.shared[zone])))

        return choose


class DrawRandom(_Step):
    """Draw random cards from a pool into a table slot (a project plan, scoring or bonus cards)."""

    step: Literal["draw_random"]
    pool: Id
    """The content kind to draw from."""
    where: dict[str, Scalar | list[Scalar]] = Field(default_factory=dict)
    """Only cards whose fields match (e.g. `role: variable`)."""
    count: Cards = 1
    """How many cards are drawn."""
    side: Id | Literal["random"] | None = None
    """For double-sided cards: `random`, a side id, or unset to take it from `side_option`."""
    side_option: Id | None = None
    """An option whose value names the side to use."""
    min_players_field: Id | None = None
    """Card field naming the fewest players a card is used with; others are sorted out."""
    to: Id
    """The slot the cards go to."""

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        ctx.known((*path, "to"), self.to, ctx.slots(), "slot")
        if not ctx.known((*path, "pool"), self.pool, ctx.card_kinds(), "card kind") or not ctx.has(
            self.pool
        ):
            return
        fields = ctx.fields_of(self.pool)
        for name in self.where:
            ctx.known((*path, "where", name), name, fields, "card field")
        if self.min_players_field is not None and not ctx.known(
            (*path, "min_players_field"), self.min_players_field, fields, "card field"
        ):
            return
        cards = ctx.cards(self.pool)
        candidates = [item for _, item in cards if card_matches(item, dict(self.where))]
        fewest = ctx.players()[0]
        usable = [
            item
            for item in candidates
            if self.min_players_field is None
            or (getattr(item, self.min_players_field) or 0) <= fewest
        ]
        if cards and len(usable) < self.count:
            ctx.error(
                (*path, "count"),
                "infeasible-setup",
                f"draws {self.count} {self.pool} but only {len(usable)} qualify "
                f"with {fewest} players",
                "lower 'count' or add cards",
            )
        sides = {s.id for item in candidates for s in getattr(item, "sides", [])}
        if self.side not in (None, "random"):
            ctx.known((*path, "side"), self.side, sides, "card side")
        if self.side_option is not None and ctx.known(
            (*path, "side_option"), self.side_option, ctx.option_ids(), "option"
        ):
            for value in ctx.option_values(self.side_option):
                if value not in sides:
                    ctx.error(
                        (*path, "side_option"),
                        "unknown-reference",
                        f"option '{self.side_option}' can be '{value}', which is no side of "
                        f"the {self.pool}",
                        ctx.did_you_mean(value, sides),
                    )
                    break

    def describe(self, words: Words) -> str:
        filters = " ".join(str(v) for v in self.where.values())
        kind = self.pool.replace("-", " ") if self.count > 1 else singular(self.pool)
        text = f"draw {self.count} random {filters + ' ' if filters else ''}{kind}"
        text += f" for the {self.to.replace('-', ' ')} slot"
        if self.side_option is not None:
            text += f", side up as the '{self.side_option}' option says"
        elif self.side == "random":
            text += ", either side up"
        if self.min_players_field is not None:
            text += ", leaving out cards for more players than are playing"
        return text

    def compile_step(self, c: Compiler) -> SetupFn:
        from toolkit.kernel.events import SlotFilled

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
            state.log.append(SlotFilled(slot, tuple(table.ids[k] for k in picked)))

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

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        if ctx.known((*path, "pool"), self.pool, ctx.card_kinds(), "card kind") and ctx.has(
            self.pool
        ):
            ctx.known((*path, "card"), self.card, ctx.ids(self.pool), f"{self.pool} id")
        ctx.known((*path, "to"), self.to, ctx.slots(), "slot")

    def describe(self, words: Words) -> str:
        return f"place {words.card_name(self.card)} in the {self.to.replace('-', ' ')} slot"

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

    def describe(self, words: Words) -> str:
        if self.method == "random":
            return "choose a random starting player"
        return "the first seat starts"

    def compile_step(self, c: Compiler) -> SetupFn:
        from toolkit.kernel.events import FirstPlayer

        at_random = self.method == "random"

        def start(state: State) -> None:
            state.first_player = state.random().randrange(state.n) if at_random else 0
            state.log.append(FirstPlayer(state.first_player))

        return start


class GiveResource(_Step):
    """Give every player an amount of a resource from the supply."""

    step: Literal["give_resource"]
    resource: Id
    """The resource."""
    amount: Annotated[Number, Field(ge=1)]
    """How much each player receives."""

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        if not ctx.known((*path, "resource"), self.resource, ctx.resource_ids(), "resource"):
            return
        total = ctx.supply_total(self.resource)
        most = ctx.players()[1]
        need = self.amount * most
        if total is not None and need > total:
            ctx.error(
                (*path, "amount"),
                "infeasible-setup",
                f"{most} players need {need} {self.resource}; the supply holds {total}",
                "enlarge the supply or give less",
            )

    def describe(self, words: Words) -> str:
        return f"give each player {self.amount} {words.resource(self.resource)}"

    def compile_step(self, c: Compiler) -> SetupFn:
        resource, amount = c.resource(self.resource), self.amount

        def give(state: State) -> None:
            for player in range(state.n):
                state.gain(player, resource, amount)

        return give


class Deal(_Step):
    """Shuffle the deck and deal cards to every player's hand.

    `count` deals that many each (a number, or one per player count); without it the deck is
    dealt as evenly as possible and any extra cards stay face down out of play.
    """

    step: Literal["deal"]
    count: CardsAmount | None = None
    """Cards per player (`{by_players: {3: 10, 4: 8}}` by player count); unset deals the
    whole deck evenly."""
    to: Id = "hand"
    """The players' zone receiving the cards."""

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        ctx.known((*path, "to"), self.to, ctx.zone_ids("player"), "player zone")
        size = ctx.deck_size()
        low, high = ctx.players()
        if self.count is not None:
            ctx.check_amount((*path, "count"), self.count)
            if any(value < 1 for value in amount_values(self.count)):
                ctx.error((*path, "count"), "out-of-range", "deal at least 1 card each")
                return
        if size == 0:
            return
        if self.count is None and size < high:
            ctx.error(
                path,
                "infeasible-setup",
                f"a deck of {size} cards cannot be dealt to {high} players",
            )
        for players in range(high, low - 1, -1):
            each = amount_at(self.count, players) if self.count is not None else None
            if each is not None and each * players > size:
                ctx.error(
                    (*path, "count"),
                    "infeasible-setup",
                    f"{players} players x {each} cards need {each * players}; the deck has {size}",
                    "lower 'count' or 'players.max'",
                )
                break

    def describe(self, words: Words) -> str:
        zone = words.zone(self.to)
        if self.count is not None:
            return f"shuffle and deal {describe_amount(self.count)} cards to each player's {zone}"
        return (
            f"shuffle and deal the whole deck evenly to each player's {zone}; extra cards "
            "stay face down, out of play"
        )

    def counts(self, c: Compiler) -> tuple[int | None, ...]:
        """Cards each by player count (None: the whole deck, evenly)."""
        if self.count is None:
            return (None,) * (c.max_players + 1)
        return c.per_players(self.count)

    def compile_step(self, c: Compiler) -> SetupFn:
        zone, counts = c.zone(self.to).index, self.counts(c)

        def deal(state: State) -> None:
            state.deal(zone, counts[state.n])

        return deal


class RemoveCards(_Step):
    """Set deck cards aside face down for the whole game, so the deck fits the player count.

    `count` removes that many cards at random (unseen); `cards` removes the named deck cards.
    `players` limits the step to some player counts.
    """

    step: Literal["remove_cards"]
    count: CardsAmount | None = None
    """How many random cards to set aside (a number, or one per player count)."""
    cards: list[Id] = Field(default_factory=list)
    """Deck card ids to set aside (`clubs-2`)."""
    players: list[int] | None = None
    """Only at these player counts; unset at every count."""

    @model_validator(mode="after")
    def _one_way(self) -> RemoveCards:
        if (self.count is None) == (not self.cards):
            raise ValueError("'remove_cards' takes either 'count' or 'cards'")
        return self

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        low, high = ctx.players()
        for index, count in enumerate(self.players or []):
            if not low <= count <= high:
                ctx.error(
                    (*path, "players", index),
                    "out-of-range",
                    f"the game is for {low}-{high} players, not {count}",
                )
        deck = ctx.deck_ids()
        for index, card in enumerate(self.cards):
            ctx.known((*path, "cards", index), card, deck, "deck card")
        if self.count is not None:
            if self.players is None:
                ctx.check_amount((*path, "count"), self.count)
            elif not isinstance(self.count, int):
                missing = [n for n in self.players if n not in self.count.by_players]
                if missing:
                    ctx.error(
                        (*path, "count", "by_players"),
                        "missing-key",
                        f"no value for {', '.join(str(n) for n in missing)} players",
                        "give a value for every count listed under 'players'",
                    )
            if any(value < 0 for value in amount_values(self.count)):
                ctx.error((*path, "count"), "out-of-range", "a count cannot be negative")
            elif any(value >= len(deck) for value in amount_values(self.count)) and deck:
                ctx.error(
                    (*path, "count"),
                    "infeasible-setup",
                    f"the deck has {len(deck)} cards; removing as many leaves none to play",
                )

    def describe(self, words: Words) -> str:
        at = ""
        if self.players:
            at = f" with {' or '.join(str(n) for n in self.players)} players"
        if self.count is not None:
            return f"set {describe_amount(self.count)} random cards aside face down{at}"
        names = ", ".join(words.card_name(card) for card in self.cards)
        return f"set {names} aside{at}"

    def compile_step(self, c: Compiler) -> SetupFn:
        from toolkit.kernel.events import SetAside

        deck = c.table("deck")
        only = frozenset(self.players) if self.players is not None else None
        named = frozenset(deck.index(card) for card in self.cards)
        counts = c.per_players(self.count) if self.count is not None else None

        def remove(state: State) -> None:
            if only is not None and state.n not in only:
                return
            if counts is not None:
                pool = state.deck_cards[:]
                state.random().shuffle(pool)
                gone = frozenset(pool[: counts[state.n]])
            else:
                gone = named
            state.deck_cards = [card for card in state.deck_cards if card not in gone]
            state.log.append(SetAside(len(gone), tuple(sorted(named))))

        return remove


SetupStep = Annotated[
    ChoosePerGroup | DrawRandom | PlaceCard | StartingPlayer | GiveResource | Deal | RemoveCards,
    Field(discriminator="step"),
]


def _can_choose(members: list[str], count: int, exclusive: list[set[str]]) -> bool:
    """Whether `count` of the members can be chosen with at most one of each exclusive set."""
    if len(members) < count:
        return False
    if len(members) > 16:
        return True
    return any(
        all(len(exclusion & set(combo)) <= 1 for exclusion in exclusive)
        for combo in combinations(members, count)
    )
