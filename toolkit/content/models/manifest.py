"""The game manifest: one per game, `rules/<game-id>.yaml`. Everything but the cards' content."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

from pydantic import Field, create_model, model_validator

from toolkit.content.models.card_kinds import CardKind
from toolkit.content.models.primitives import Effect, ScoringRule, SetupStep
from toolkit.content.models.vocabulary import Vocabulary as Vocabulary
from toolkit.content.models.vocabulary import VocabularyValue as VocabularyValue
from toolkit.mechanics.registry import MECHANICS, structure_models
from toolkit.rules.ending import EndRules
from toolkit.rules.modifiers import Modifier
from toolkit.rules.scoring.tie_breaker import TieBreaker
from toolkit.schema.amounts import PlayerCount
from toolkit.schema.base import Id, Model, Scalar, Text
from toolkit.schema.empty import empty_dict, empty_list
from toolkit.schema.filters import CardFilter, Measure
from toolkit.schema.limits import (
    MAX_SUPPLY_TOKENS,
    Cards,
    CardsOrNone,
    Number,
    Rounds,
    TrackPosition,
)


class Players(Model):
    """The supported player counts."""

    min: int = Field(ge=1, le=12)
    """Fewest players."""
    max: int = Field(ge=1, le=12)
    """Most players."""

    @model_validator(mode="after")
    def _ordered(self) -> Players:
        if self.min > self.max:
            raise ValueError(f"'min' ({self.min}) is above 'max' ({self.max})")
        return self


class Option(Model):
    """A rule option a designer or player can switch (a variant, a house rule)."""

    id: Id
    """How setup steps and variants refer to the option."""
    description: Text
    """What the option changes."""
    default: Scalar
    """The value used unless a variant says otherwise."""
    choices: list[Scalar] | None = None
    """The allowed values; unset for a yes/no option."""


class Zone(Model):
    """A place cards can be: a hand, a display, a park."""

    id: Id
    """How rules refer to the zone."""
    name: Text
    """The zone as people read it."""
    cards: Id
    """The kind of card it holds (declared under `card_kinds`); `deck` for the play deck."""
    owner: Literal["player", "shared"]
    """One zone per player, or one for the table."""
    visibility: Literal["public", "owner", "hidden"] = "public"
    """Who may see the cards: everyone, the owner only, or nobody."""
    layout: Literal["pile", "grid"] = "pile"
    """A grid zone has positions (a park)."""


class Rank(Model):
    """One rank of a suited deck."""

    rank: Annotated[Number, Field(ge=1)]
    """The rank's value; a higher value wins."""
    label: Text
    """The rank as printed (`A`, `10`)."""


class CompositionRule(Model):
    """Within each group of the deck, exactly `count` cards match `where`."""

    where: CardFilter
    """Which cards are counted."""
    count: CardsOrNone
    """How many there must be in each group."""


class SuitedDeck(Model):
    """A deck of every rank in every suit; the suits are the cards of a declared kind."""

    type: Literal["suited"]
    suits: Id
    """The card kind whose cards are the suits."""
    ranks: list[Rank] = Field(min_length=1)
    """The ranks, lowest first."""


class CardsDeck(Model):
    """A deck made of the cards of one content kind, with rules on its composition."""

    type: Literal["cards"]
    pool: Id
    """The card kind the deck is made of."""
    group_by: Id | None = None
    """The field that forms groups for `composition` and `unique` (e.g. `colour`)."""
    composition: list[CompositionRule] = Field(default_factory=empty_list)
    """Counts every group must have (6 roller coasters per colour ...)."""
    unique: list[Id] = Field(default_factory=empty_list)
    """Fields whose values may not repeat within a group (numbers within a colour); cards
    without a value in an optional field are not compared."""


Deck = Annotated[SuitedDeck | CardsDeck, Field(discriminator="type")]


class Denomination(Model):
    """Tokens of one value."""

    value: Annotated[Number, Field(ge=1)]
    """What one token is worth."""
    count: int = Field(ge=1, le=MAX_SUPPLY_TOKENS)
    """How many tokens there are."""


class Resource(Model):
    """A countable resource held by players (coins), with an optional finite supply."""

    id: Id
    """How rules refer to it."""
    name: Text
    """As people read it."""
    icon: Id | None = None
    """Icon used when printing."""
    supply: list[Denomination] | None = None
    """The physical supply; its total value is all there is. Unset: unlimited."""

    @model_validator(mode="after")
    def _printable(self) -> Resource:
        tokens = sum(d.count for d in self.supply or [])
        if tokens > MAX_SUPPLY_TOKENS:
            raise ValueError(
                f"the supply has {tokens} tokens; the most is {MAX_SUPPLY_TOKENS} "
                "(each token is printed)"
            )
        return self


class Milestone(Model):
    """A track position that grants points, modifiers or game-end effects once reached."""

    at: TrackPosition
    """The track position."""
    points: Number = 0
    """Victory points at game end when reached (cumulative with earlier milestones)."""
    modifiers: list[Modifier] = Field(default_factory=empty_list)
    """Ongoing modifiers from the moment it is reached."""
    at_game_end: list[Effect] = Field(default_factory=empty_list)
    """Effects applied during end scoring when reached (remove Sadness)."""


class Track(Model):
    """A track with a marker per player, clamped to its range."""

    id: Id
    """How rules refer to it."""
    name: Text
    """As people read it."""
    min: TrackPosition = 0
    """Lowest position."""
    max: TrackPosition
    """Highest position."""
    start: TrackPosition = 0
    """Every player's starting position."""
    milestones: list[Milestone] = Field(default_factory=empty_list)
    """Milestones along the track."""


if TYPE_CHECKING:
    from toolkit.mechanics.base import StructureModel as Structure

    """Any registered mechanic's structure model."""
else:
    Structure = Annotated[
        Union[structure_models()],  # noqa: UP007 (a union built from the mechanic registry)
        Field(discriminator="mechanic"),
    ]


class HeuristicWeight(Model):
    """How much one measure of a player is worth to the greedy bot, beside its points."""

    measure: Measure
    """What is weighed (coins held, Fame ...)."""
    weight: float
    """Points one unit of the measure is worth to the bot."""


class GreedySettings(Model):
    """The greedy bot: one-step lookahead on the game's own scoring plus these weights."""

    weights: list[HeuristicWeight] = Field(default_factory=empty_list)
    """Extra value of resources and track positions that do not score yet."""


class IsmctsSettings(Model):
    """The ISMCTS bot: how each iteration ends and which moves the search considers."""

    playout: Literal["random", "greedy"] = "random"
    """How players move after the search tree: at random (fast) or as the greedy bot does."""
    playout_rounds: Rounds = 1
    """Rounds played after the tree before the position is valued by the game's scoring."""
    candidates: Cards | None = None
    """Search only this many of the bot's moves, the best by the greedy evaluation; unset
    searches them all."""


class BotSettings(Model):
    """Tuning of the built-in bots for this game."""

    # A section left out defaults to its model made without validation (`model_construct`):
    # defaults need no checking, and validating them would build that model's own validator,
    # a few milliseconds of every command that reads a game, for nothing (`end` too).

    greedy: GreedySettings = Field(default_factory=GreedySettings.model_construct)
    """Settings of the greedy bot."""
    ismcts: IsmctsSettings = Field(default_factory=IsmctsSettings.model_construct)
    """Settings of the ISMCTS bot."""


Metric = Literal[
    "first_seat_advantage",
    "win_rate_spread",
    "acquire_rate",
    "top_source_share",
    "winning_margin",
    "lead_changes",
    "shared_victory_rate",
]


class Target(Model):
    """A balance goal checked by `simulate`, `compare` and `report` (pass or fail).

    `first_seat_advantage`: seat 1's win rate minus a fair share. `win_rate_spread`: highest
    minus lowest seat win rate. `acquire_rate`: share of games, among those where a card of
    `zone` was on show, in which it was taken (every card must pass). `top_source_share`: the
    largest share of all points that one scoring source gives. `winning_margin`: mean points
    between the winner and the runner-up. `lead_changes`: mean changes of leader per game.
    `shared_victory_rate`: share of games with several winners.
    """

    metric: Metric
    """What is measured."""
    zone: Id | None = None
    """For `acquire_rate`: the shared zone whose cards are measured."""
    at_least: float | None = None
    """The lowest acceptable value."""
    at_most: float | None = None
    """The highest acceptable value."""
    label: Text | None = None
    """How the target reads in reports."""
    players: list[PlayerCount] | None = None
    """Only check the target in runs at these player counts (a goal per count: write one
    target for each); unset checks it at every count."""

    @model_validator(mode="after")
    def _bounded(self) -> Target:
        if self.at_least is None and self.at_most is None:
            raise ValueError("a target needs 'at_least', 'at_most' or both")
        if self.metric == "acquire_rate" and self.zone is None:
            raise ValueError("an 'acquire_rate' target names its 'zone'")
        return self


class Game(Model):
    """A game: its players, content files, components, setup, structure, scoring, tie-breakers."""

    kind: Literal["game"]
    id: Id
    """The game id; must equal the manifest's file name stem."""
    name: Text
    """The game's title."""
    version: Text
    """The content version, printed on every card."""
    description: Text
    """One paragraph on what the game is."""
    players: Players
    """Supported player counts."""
    card_kinds: dict[Id, CardKind] = Field(min_length=1)
    """The kinds of card the game uses: each kind's file and the fields its cards carry."""
    strategies: Text | None = None
    """The game's priority-strategy bots file, relative to this manifest."""
    options: list[Option] = Field(default_factory=empty_list)
    """Rule options."""
    vocabularies: list[Vocabulary] = Field(default_factory=empty_list)
    """Closed value lists for card fields."""
    zones: list[Zone] = Field(min_length=1)
    """Where cards can be."""
    deck: Deck
    """The deck that is dealt."""
    resources: list[Resource] = Field(default_factory=empty_list)
    """Resources players hold."""
    tracks: list[Track] = Field(default_factory=empty_list)
    """Tracks with a marker per player."""
    slots: list[Id] = Field(default_factory=empty_list)
    """Table slots that setup fills with cards (the project plan, scoring cards)."""
    setup: list[SetupStep] = Field(min_length=1)
    """Setup steps, in order."""
    structure: Structure
    """How play proceeds."""
    scoring: list[ScoringRule] = Field(default_factory=empty_list)
    """End scoring steps, in the order they apply."""
    round_scoring: list[ScoringRule] = Field(default_factory=empty_list)
    """Scoring applied at the end of every round; the points are banked and count in the
    final totals (a row per rule in the breakdown)."""
    end: EndRules = Field(default_factory=EndRules.model_construct)
    """Conditions that end the game besides the mechanic's own limit, and who wins."""
    partnerships: dict[PlayerCount, list[list[PlayerCount]]] = Field(default_factory=empty_dict)
    """Player count to its teams, by seat number from 1 (`4: [[1, 3], [2, 4]]`): partners add
    up their points and share one total. Counts not listed play every player for themselves."""
    tie_breakers: list[TieBreaker] = Field(default_factory=empty_list)
    """Applied in order among players tied on points; players still tied share the victory."""
    bots: BotSettings = Field(default_factory=BotSettings.model_construct)
    """Tuning of the built-in bots."""
    targets: list[Target] = Field(default_factory=empty_list)
    """Balance goals that simulations report as passed or failed."""
    print_layouts: list[Text] = Field(default_factory=empty_list)
    """Print layout files, relative to this manifest."""

    @model_validator(mode="after")
    def _scored(self) -> Game:
        if not self.scoring and not self.round_scoring:
            raise ValueError("a game needs 'scoring' (at the end), 'round_scoring' or both")
        return self


def game_model(data: Any) -> type[Game]:
    """The model a loaded manifest is validated with: a `Game` whose `structure` is the model
    of the mechanic its `structure.mechanic` names, so that building it (on first use) builds
    that mechanic's models only; `Game` itself, over every mechanic, when the name is missing
    or not registered (its discriminated union says which names there are). The diagnostics
    are the same: the loaded data holds no union tag, so a position is found alike."""
    structure = data.get("structure") if isinstance(data, dict) else None
    mechanic = structure.get("mechanic") if isinstance(structure, dict) else None
    if isinstance(mechanic, str) and mechanic in MECHANICS:
        return _game_of(mechanic)
    return Game


@cache
def _game_of(mechanic: str) -> type[Game]:
    """The manifest model of one mechanic's games, made once; named `Game[<mechanic>]` in
    this module, so pickle finds it as it finds `Game`."""
    model = create_model(
        Game.__name__,
        __base__=Game,
        __doc__=Game.__doc__,
        __module__=Game.__module__,
        structure=(MECHANICS[mechanic].structure, ...),
    )
    model.__qualname__ = f"{Game.__name__}[{mechanic}]"
    globals()[model.__qualname__] = model
    return model
