"""The manifest's `structure` for a staged game: the flow of a round written as stages, and a
turn as a choice among declared moves.

A small closed vocabulary, read top to bottom like a rule book:

- stages say what happens (`deal`, `move` cards by themselves, `turns` in seat order, `choose`
  one of several moves, `simultaneous` hidden picks revealed together or in order, `repeat`
  until a player stops, `each_player`, `if`, `effects`, `award` a zone's cards to the best card,
  `finish` a player, `order` to reverse or skip, `break` out of a loop, `automaton` for a
  non-player that acts by a fixed policy, `use` a named fragment of `defines`);
- moves say what a player may do when asked (`play` or `take` cards between zones, `draw`
  unseen cards, `take_all` of a zone, `pass`, `stop`, `call` a value of a field, `flip` a
  face-down card);
- checks say when (`until`, `while`, `if`, round-end triggers): one test each, combined with
  `all`, `any` and `not`.

Every stage and move may carry `says:`, its rule in the designer's words: narration, the
terminal's rules help and the print reference read it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field, model_validator

from toolkit.mechanics.base import StructureModel
from toolkit.schema.amounts import CardsAmount, RoundsAmount
from toolkit.schema.base import Id, Model, Text
from toolkit.schema.empty import empty_dict, empty_list
from toolkit.schema.filters import CardFilter, Measure
from toolkit.schema.limits import Cards, Number, Rounds

if TYPE_CHECKING:
    from toolkit.rules.effects.base import Effect

Seat = Literal[
    "current", "next", "previous", "left", "right", "across", "winner", "last_mover", "target"
]
"""Whose zone a stage or move reads: the player acting now (`current`), the next or previous
player in turn order, a neighbour by seat, the winner of the last `award`, the last player
who moved cards onto a shared zone, or the player last chosen by a `target` stage."""

Start = Literal["first_player", "rotating", "winner", "last_mover", "current", "next"]
"""Who takes the first turn of a `turns` stage: the game's first player; the first player
moved on one seat each round (`rotating`); the winner of the last `award`; the last player who
moved cards onto a shared zone; the player acting now; the next player in turn order."""


class ByRound(Model):
    """A seat that changes with the round, cycling through the list (pass left, then right,
    then across, then keep)."""

    by_round: list[Literal["left", "right", "across", "self"]] = Field(min_length=1, max_length=12)
    """The seat in rounds 1, 2, 3 ... starting again after the last (`self`: the player's own)."""


Whose = Seat | ByRound


# -- checks ----------------------------------------------------------------------------------


Zones = Annotated[list[Id], Field(min_length=1, max_length=50)]
"""A choice of zones (rows, piles): at least one."""


class ZoneField(Model):
    """A card field read over the cards of a zone."""

    zone: Id
    """The zone (a player zone is read for the player the check asks about)."""
    field: Id
    """The numeric or text card field."""


class RoundTest(Model):
    """A test on the round's number."""

    at_least: Rounds | None = None
    """The round is this one or a later one."""
    at_most: Rounds | None = None
    """The round is this one or an earlier one."""
    cycle: Rounds | None = None
    """With `in`: the round counted in cycles of this many (rounds 1, 2, 3, 4, 1, 2 ...)."""
    in_: list[Rounds] | None = Field(default=None, alias="in", min_length=1, max_length=50)
    """The round (or its place in the `cycle`) is one of these."""


class MeasuredBound(Model):
    """A bound read from the game rather than written as a number: the same player's measure
    (`above: {measure: {track: limit}}`: more than their own limit)."""

    measure: Measure
    """The number per player the value is compared with (that player's own)."""


Bound = Number | MeasuredBound
"""What a check's number is compared with: a number, or `{measure: ...}`."""


class Check(Model):
    """One test on the game as it stands, or several combined. Exactly one of `empty`, `count`,
    `sum`, `repeats`, `passed`, `finished`, `measure`, `card`, `claim`, `closed`, `round`,
    `folded`, `out`, `got`, `all`, `any`, `not`.

    Tests on a player zone or a measure ask about `who` (the player acting now by default;
    `any`: some player; `every`: every player)."""

    empty: Id | None = None
    """The zone holds no cards (matching `where`, when given)."""
    count: Id | None = None
    """The number of cards in this zone (matching `where`), compared with `at_least` ..."""
    sum: ZoneField | None = None
    """The sum of a numeric field over a zone's cards, compared with `at_least` ..."""
    repeats: ZoneField | None = None
    """Two cards of the zone share the field's value (a bust on a repeat)."""
    passed: Literal["me", "all", "all_but_one", "all_others"] | None = None
    """Who has passed in the turns in play: the player acting now; every player; every player
    but one; every player but the one acting now."""
    finished: Literal["me", "all", "all_but_one", "any"] | None = None
    """Who has finished (`finish` stage): the player acting now; every player; all but one;
    at least one."""
    measure: Measure | None = None
    """A number per player (cards counted, a resource, a track, banked points), compared."""
    card: CardFilter | None = None
    """The card just moved (or picked) matches this filter."""
    claim: Id | None = None
    """The claim made for this shared zone holds: a value was `call`ed for it since the last
    play onto it, and every card of that play has the value (a bluff called: the cards landed
    face down are what their player said they were)."""
    closed: Id | None = None
    """The shared zone is closed for the rest of the round (a row taken by a `take_all` with
    `closes: round`)."""
    round: RoundTest | None = None
    """The round's number."""
    folded: Literal["me", "all_but_one"] | None = None
    """Who has folded this round (`betting`): the player acting now; every player but one."""
    out: Literal["me", "any", "all_but_one"] | None = None
    """Who is out of the round (put out by `eliminate`, or folded): the player acting now; at
    least one player; every player but one."""
    got: bool | None = None
    """`true`: the last `ask` got cards from the player asked, or the last `capture` took
    cards; `false`: it got nothing (go fishing), or the card was trailed."""
    all: list[Check] | None = Field(default=None, min_length=1)
    """Every one of these holds."""
    any: list[Check] | None = Field(default=None, min_length=1)
    """At least one of these holds."""
    not_: Check | None = Field(default=None, alias="not")
    """This does not hold."""
    where: CardFilter | None = None
    """With `empty` or `count`: only cards matching this filter."""
    who: Literal["current", "any", "every", "others"] | Seat = "current"
    """Whose zone or measure: `current`, a seat, `any` player, `every` player, every `others`."""
    at_least: Bound | None = None
    """The number is at least this (a number, or `{measure: ...}`: the same player's)."""
    at_most: Bound | None = None
    """The number is at most this."""
    above: Bound | None = None
    """The number is more than this (`sum ... above: 21`: a bust)."""
    below: Bound | None = None
    """The number is less than this."""
    equals: Bound | None = None
    """The number is exactly this."""

    @model_validator(mode="after")
    def _one_test(self) -> Check:
        chosen = [name for name in _TESTS if getattr(self, name) is not None]
        if len(chosen) != 1:
            names = ", ".join(n.rstrip("_") for n in chosen) or "none"
            raise ValueError(
                "a check names exactly one of 'empty', 'count', 'sum', 'repeats', 'passed', "
                "'finished', 'measure', 'card', 'claim', 'closed', 'round', 'folded', 'out', "
                "'got', 'all', 'any' or 'not' "
                f"(found {names})"
            )
        compared = any(
            v is not None
            for v in (self.at_least, self.at_most, self.above, self.below, self.equals)
        )
        needs = chosen[0] in ("count", "sum", "measure")
        if needs and not compared:
            raise ValueError(
                f"'{chosen[0]}' is a number: compare it with 'at_least', 'at_most', 'above', "
                "'below' or 'equals'"
            )
        if compared and not needs:
            raise ValueError(
                f"'{chosen[0].rstrip('_')}' is not a number: 'at_least', 'at_most', 'above', "
                "'below' and 'equals' compare 'count', 'sum' or 'measure'"
            )
        if self.where is not None and chosen[0] not in ("empty", "count"):
            raise ValueError("'where' filters cards, so it goes with 'empty' or 'count'")
        return self


_TESTS = (
    "empty",
    "count",
    "sum",
    "repeats",
    "passed",
    "finished",
    "measure",
    "card",
    "claim",
    "closed",
    "round",
    "got",
    "all",
    "any",
    "not_",
    "folded",
    "out",
)


# -- what a moved card must fit ----------------------------------------------------------------


class Step(Model):
    """The card's field must differ from the reference card's by one of `by` (0: the same
    value, 1: one higher), counted round the field's values when `wrap` (the last value is
    followed by the first)."""

    field: Id
    """The numeric card field compared."""
    by: list[Number] = Field(min_length=1, max_length=20)
    """The differences allowed (`[0, 1]`: the same value or one higher)."""
    wrap: bool = False
    """Count round the field's values: after the highest comes the lowest."""


class Beats(Model):
    """The cards played must beat the last play onto the zone: the same number of cards, each
    higher in `field` than the last play's (a set shares one value of `field`)."""

    field: Id
    """The numeric card field that must be higher."""
    same_count: bool = True
    """The play must have as many cards as the last play (a pair on a pair)."""


class Climb(Model):
    """The card's `field` must be higher than the reference's (or lower: `descending`), or
    equal unless `strict`. A card without a value of `field` (a pledge, a wager) fits only on
    a card without one, and any card fits on it: such cards go before the first numbered one."""

    field: Id
    """The numeric card field that climbs (`value`)."""
    direction: Literal["ascending", "descending"] = "ascending"
    """`ascending`: each card at least as high as the one it goes on; `descending`: at most."""
    strict: bool = False
    """Equal values do not fit: each card strictly higher (lower) than the last."""
    closest: bool = False
    """Of the destinations the card may go to, only the one whose card it is compared with is
    nearest to it (ascending: the highest card it tops, the classic row-taking rule;
    descending: the lowest it goes under); destinations tied for nearest stay a choice, and
    one without a card to compare with (an empty row) is offered only when the card climbs
    onto no other."""


class Match(Model):
    """How a card played must relate to a card already in a zone: equal in one of the `same`
    fields, one `step` away, or above it (`climb`); `wild` cards fit anything. Without any card
    there, anything fits (unless `empty: none`)."""

    zone: Id | None = None
    """The zone whose card is compared; unset: the move's destination."""
    card: Literal["top", "first"] = "top"
    """The card compared: the top (last placed) or the first placed."""
    same: list[Id] = Field(default_factory=empty_list, max_length=20)
    """The card fits when it equals the reference in at least one of these fields (a value
    `call`ed for a field stands in for the reference's own)."""
    step: Step | None = None
    """The card fits when its field is one step away from the reference's."""
    climb: Climb | None = None
    """The card fits when its field climbs from the reference's (a route that only rises)."""
    among: Id | None = None
    """Compare only with the zone's cards sharing the played card's value of this field: one
    column per colour in a single tableau zone (`among: colour`). `empty` then applies to the
    card's own column."""
    wild: CardFilter | None = None
    """Cards matching this filter fit anything."""
    empty: Literal["any", "none"] = "any"
    """When the zone holds no card: any card fits, or none does."""


class Follow(Model):
    """A player who can must play a card whose `field` equals the first card's in `zone` (follow
    suit)."""

    zone: Id
    """The shared zone whose first card is followed (the trick)."""
    field: Id
    """The card field to follow (the suit)."""


class ByField(Model):
    """A destination chosen by the card itself: the zone listed for its value of a field (the
    discard pile of its colour)."""

    by: Id
    """The card field whose value picks the zone."""
    zones: dict[str, Id] = Field(min_length=1, max_length=40)
    """The zone for each value (`{amber: waystone-amber, ...}`); a card whose value is not
    listed cannot make this move."""


class CardCount(Model):
    """How many cards one move moves: from `min` to `max`, all sharing the value of `same`."""

    min: Cards = 1
    """The fewest cards of one move."""
    max: Cards = 1
    """The most cards of one move."""
    same: Id | None = None
    """The field every card of the move shares (a pair, a triple)."""


# -- moves -----------------------------------------------------------------------------------


class MoveBase(Model):
    """What every move may say."""

    says: Text | None = None
    """The move in the rule book's words ("play a card of the same colour or number")."""
    when: Check | None = None
    """The move is offered only while this holds."""
    then: list[Stage] = Field(default_factory=empty_list)
    """Stages run right after the move, for the player who made it (a card's action)."""
    decision: Id | None = None
    """The name strategies use for this move (default: the move's kind)."""


class PlayOrTake(MoveBase):
    """Move cards the player chooses from a zone they can see to another zone: play from a hand
    onto a pile or into an area, take a face-up card from a row."""

    move: Literal["play", "take"]
    """`play` cards from your hand, or `take` them from the table: the same move, in words."""
    from_: Id = Field(alias="from")
    """The zone the cards come from (a player zone is the mover's own, or `from_who`'s)."""
    to: Id | Zones | ByField
    """Where they go; a list offers a choice of destination (one of four rows); `{by, zones}`
    sends each card to the zone of its value of a field (the pile of its colour)."""
    from_who: Seat = "current"
    """Whose player zone the cards come from (`current`: the mover's own)."""
    to_who: Seat = "current"
    """Whose player zone receives the cards (`current`: the mover's own)."""
    count: Cards | CardCount = 1
    """How many cards move at once (a number, or `{min, max, same}` for sets)."""
    where: CardFilter | None = None
    """Only cards matching this filter may move."""
    match: Match | None = None
    """How the card must fit a card already in a zone (same colour or number; one higher)."""
    beats: Beats | None = None
    """The play must beat the last play onto the destination."""
    follow: Follow | None = None
    """Follow the first card's field when able (follow suit)."""
    room: Cards | None = None
    """A destination already holding this many cards is closed (a row of five)."""
    except_moved: bool = False
    """The cards the last move brought may not be moved again: a card just taken from the
    discard pile is not thrown back at once (put the move in that draw's `then`)."""


class DrawFromPile(MoveBase):
    """Take unseen cards from the top of a face-down pile (or the top of a choice of piles)."""

    move: Literal["draw"]
    from_: Id | Zones = Field(alias="from")
    """The pile (a list offers a choice: the stack or the top of the discard pile)."""
    to: Id | Zones
    """The zone receiving the cards: the mover's own, or a shared one (a row: the card drawn
    face down is seen by everyone once there); a list offers a choice of destination (add
    the drawn card to the row of your choice)."""
    count: Cards = 1
    """Cards drawn at once."""
    room: Cards | None = None
    """A destination already holding this many cards is closed (a row of three); a draw of
    several cards stops when it is full."""
    reshuffle: Id | None = None
    """When the pile runs out: the cards of this zone, all but its top card, are shuffled into
    it first."""
    take_back: bool = True
    """Whether a pile may be drawn from while its top card is the card just moved there: false
    forbids taking back the card you discarded a moment ago."""


class TakeZone(MoveBase):
    """Take every card of one zone (a whole row) into a zone of the mover."""

    move: Literal["take_all"]
    from_: Id | Zones = Field(alias="from")
    """The zone whose cards are taken, or the zones to choose among (rows)."""
    to: Id
    """The mover's zone receiving them."""
    allow_empty: bool = False
    """Whether an empty zone may be taken."""
    closes: Literal["round"] | None = None
    """`round`: the shared zone taken is closed until the round ends: no move or stage adds
    cards to it, it cannot be taken again, and the `closed` check holds for it."""


class PassTurn(MoveBase):
    """Do nothing this turn; the player counts as passed in the turns in play."""

    move: Literal["pass"]


class TakeOption(MoveBase):
    """A named option with no cards ("let it by", "break it open"): taking it runs its `then`;
    unlike `pass`, the player does not count as passed. Its `decision` names it."""

    move: Literal["option"]


class StopRepeat(MoveBase):
    """Stop: the innermost `repeat` ends (push your luck: bank what you have)."""

    move: Literal["stop"]


class CallValue(MoveBase):
    """Name a value of a card field (a wild card names a colour): the value stands in for the
    field of the top card of `zone` until another card is played there."""

    move: Literal["call"]
    field: Id
    zone: Id
    """The pile whose top card the called value applies to."""
    values: list[Id | int] | None = Field(default=None, min_length=1, max_length=100)
    """The values that may be called (a wild card names one of four colours, never its own);
    unset: every value some card has in the field."""


class FlipCard(MoveBase):
    """Turn a face-down card over, chosen by its place (its owner does not know it either): it
    moves from the face-down zone to the face-up one."""

    move: Literal["flip"]
    from_: Id = Field(alias="from")
    """The mover's face-down zone."""
    to: Id
    """The mover's face-up zone."""


class PayOnto(MoveBase):
    """Pay an amount of a resource onto a shared zone (a chip onto the card on offer, to
    avoid taking it); offered only to a player who holds the amount. A `take_all` of that zone
    later takes the chips lying on it with its cards."""

    move: Literal["pay"]
    resource: Id
    """The resource paid."""
    amount: Annotated[int, Field(ge=1, le=10_000)] = 1
    """How much."""
    to: Id
    """The shared zone the chips go onto."""


class AskPlayer(MoveBase):
    """Ask a chosen other player for a value you hold: every card of theirs with that value of
    `field` (`for: value`, a rank), or one named card whose `field` you hold a card of (`for:
    card`, a member of a family). They give what matches, face up for all to see; when they
    have none the move got nothing (`{got: false}`: go fishing in `then`). Everyone learns
    that the asker holds a card of that value: search bots deal hidden hands that keep it so
    until the asker is seen to part with such a card."""

    move: Literal["ask"]
    for_: Literal["value", "card"] = Field(default="value", alias="for")
    """`value`: ask for a value of `field` (every matching card is given); `card`: ask for
    one named card (one of a family you hold)."""
    field: Id
    """The card field asked about (`rank`), or the family a named card must share with a
    card of yours (`family`)."""
    from_: Id = Field(alias="from")
    """The players' zone asked from (the chosen player's) and that must hold the asker's own
    card of the value (the hand)."""
    to: Id
    """The asker's zone receiving the cards given (any other player still holding a card in
    `from` may be asked)."""
    who: Literal["others", "target"] = "others"
    """Who may be asked: any other player, or only the player a `target` stage chose."""


MOST_SUM = 1000
"""The largest value a capture may add up to (a card's field): the sums a capture keeps track
of stay this few, whatever the table holds; `toolkit validate` refuses a larger field."""


class CaptureBySum(MoveBase):
    """Play a card from your zone and take face-up cards of a shared zone whose `field`
    values add up to the played card's (one card of equal value, or several summing to it),
    chosen card by card among those that can still reach the sum; the played card goes with
    them. Or trail the card onto the shared zone (`trail`). A capture makes its player the
    `winner` (the last to capture takes what is left, `who: winner`)."""

    move: Literal["capture"]
    from_: Id = Field(alias="from")
    """The mover's zone the card is played from (the hand)."""
    table: Id
    """The shared face-up zone captured from and trailed onto."""
    to: Id
    """The mover's zone receiving the captured cards and the card that took them."""
    field: Id
    """The numeric card field summed."""
    trail: Literal["if_no_capture", "always", "never"] = "if_no_capture"
    """When a card may be laid on the table instead: only a card that captures nothing, any
    card by choice, or never."""
    single_first: bool = False
    """A table card equal to the card played must be taken alone, before any sum."""
    most: Cards | None = None
    """The most table cards one capture takes; unset: any number."""


Move = Annotated[
    PlayOrTake
    | DrawFromPile
    | TakeZone
    | PassTurn
    | TakeOption
    | StopRepeat
    | CallValue
    | FlipCard
    | PayOnto
    | AskPlayer
    | CaptureBySum,
    Field(discriminator="move"),
]


# -- stages ----------------------------------------------------------------------------------


class StageBase(Model):
    """What every stage may say."""

    says: Text | None = None
    """The stage in the rule book's words; the rules help and the print reference read it."""


class DealStage(StageBase):
    """Gather every card, shuffle, and deal to every player; the rest form a face-down pile."""

    stage: Literal["deal"]
    to: Id | None = None
    """The players' zone receiving the cards; unset: nobody is dealt any, and every card,
    shuffled, forms `rest` (a game played from one draw pile)."""
    count: CardsAmount | None = None
    """Cards each (a number or a table by player count); unset: the whole deck evenly."""
    rest: Id | None = None
    """The shared zone the cards left over form, face down; unset: they stay out of play."""

    @model_validator(mode="after")
    def _somewhere(self) -> DealStage:
        if self.to is None and self.rest is None:
            raise ValueError(
                "a deal needs 'to' (the players' zone dealt to), 'rest' (the pile the cards "
                "form), or both"
            )
        if self.to is None and self.count is not None:
            raise ValueError("'count' is the cards dealt to each player: it needs 'to'")
        return self


class CompleteSets(Model):
    """Cards that make a complete set in their zone: at least `size` of them share their value
    of `same` (the four members of a family)."""

    same: Id
    """The card field a set shares (the family)."""
    size: Cards
    """How many cards make the set complete."""


class MoveStage(StageBase):
    """Cards move by themselves (no one chooses): turn the top card of the stack onto the
    discard pile, refill a row, discard a busted row, place a picked card."""

    stage: Literal["move"]
    from_: Id = Field(alias="from")
    """The zone they leave: a zone id, `undealt` (the cards the last deal left over) or
    `picked` (the cards of the pick being revealed)."""
    to: Id | Zones
    """The zone they go to; a list: each card goes to the first of them it fits (`match`),
    or the closest row it tops (`match: {climb: {closest: true}}`)."""
    match: Match | None = None
    """How each card must fit the card already in its destination; a card that fits none
    stops the move, and `otherwise` runs."""
    otherwise: list[Stage] = Field(default_factory=empty_list)
    """With `match`: stages run when a card fits no destination (take a row), the card still
    where it was; the move stops there."""
    count: Cards | Literal["all"] = 1
    """How many cards move, or `all` of them."""
    which: Literal["top", "bottom", "random", "highest", "lowest"] = "top"
    """Which cards of `from` move: from the top, the bottom, at random, or the highest or
    lowest by the numeric field `by` (the best cheque on offer)."""
    by: Id | None = None
    """With `which: highest` or `lowest`: the numeric card field compared."""
    where: CardFilter | None = None
    """Only cards matching this filter move."""
    fill_to: Cards | None = None
    """Move cards until `to` holds this many (a row refilled at once)."""
    who: Seat | Literal["each"] = "current"
    """Whose player zones `from` and `to` are (`each`: every player in turn)."""
    to_who: Whose | None = None
    """Whose player zone `to` is, when not `who`'s (pass to the left)."""
    reshuffle: Id | None = None
    """When `from` runs out: the cards of this zone, all but its top card, are shuffled in."""
    sets: CompleteSets | None = None
    """Only cards of complete sets move (every card of a family once one holds them all)."""


class TurnsStage(StageBase):
    """Players take turns in turn order, from `start`, each running `turn`."""

    stage: Literal["turns"]
    start: Start | CardFilter = "first_player"
    """Who goes first; a card filter: the player holding a matching card."""
    turn: list[Stage] = Field(min_length=1)
    """What a player does on their turn."""
    once: bool = False
    """Each player takes exactly one turn (a trick)."""
    until: Check | None = None
    """Checked after every turn: when it holds, the turns end."""
    while_: Check | None = Field(default=None, alias="while")
    """Checked before every turn: when it does not hold, the turns end."""
    skip: Check | None = None
    """A player for whom this holds is skipped (checked with them as `current`)."""
    max: Cards | None = None
    """The most turns; unset: a bound from the deck, and the game reports a stall."""


class ChooseStage(StageBase):
    """The player acting now chooses one of the moves that are allowed."""

    stage: Literal["choose"]
    moves: list[Move] = Field(min_length=1, max_length=40)
    """The moves offered; each is allowed when its cards, zones and `when` allow it."""
    otherwise: list[Stage] = Field(default_factory=empty_list)
    """What happens when no move is allowed (nothing, unless written)."""


class SimultaneousStage(StageBase):
    """Every player picks cards at once, hidden; then the picks are revealed, together or one
    by one in order, and `then` runs for each pick. With `reveal: none` they stay face down
    (cards passed to a neighbour)."""

    stage: Literal["simultaneous"]
    from_: Id = Field(alias="from")
    """The players' zone they pick from."""
    count: Cards = 1
    """Cards each player picks."""
    where: CardFilter | None = None
    """Only cards matching this filter may be picked."""
    reveal: Literal["together", "ascending", "descending", "seat_order", "none"] = "together"
    """`together`: every pick at once, in seat order; `ascending`/`descending`: one by one by
    `by`; `none`: never shown, `then` runs in seat order and a move of the `picked` cards is
    seen only by their picker and whoever receives them."""
    by: Id | None = None
    """The numeric field that orders the reveal."""
    then: list[Stage] = Field(min_length=1)
    """Run for each pick, with its picker acting and its cards as `picked`."""
    decision: Id | None = None
    """The name strategies use for the pick (default: `pick`)."""


class RepeatStage(StageBase):
    """Run `stages` again and again: until `until` holds after a pass, while `while` holds
    before it, or until a `stop` move or a `break`."""

    stage: Literal["repeat"]
    stages: list[Stage] = Field(min_length=1)
    """What is repeated."""
    until: Check | None = None
    """Checked after every pass: when it holds, the repeat ends."""
    while_: Check | None = Field(default=None, alias="while")
    """Checked before every pass: when it does not hold, the repeat ends."""
    max: Cards | None = None
    """The most passes; unset: a bound from the deck."""


class EachPlayerStage(StageBase):
    """Run `stages` once for every player in turn order, from `start`."""

    stage: Literal["each_player"]
    start: Start = "first_player"
    """Who goes first."""
    stages: list[Stage] = Field(min_length=1)
    """What each player does."""


class IfStage(StageBase):
    """Run `then` when the check holds, else `else`."""

    stage: Literal["if"]
    when: Check
    """The check."""
    then: list[Stage] = Field(min_length=1)
    """What happens when it holds."""
    else_: list[Stage] = Field(default_factory=empty_list, alias="else")
    """What happens when it does not (nothing, unless written)."""


class EffectsStage(StageBase):
    """Run rules effects (gain, lose, advance ...) for the player acting now, or each player."""

    stage: Literal["effects"]
    effects: list[Effect] = Field(min_length=1)
    """The effects, in order."""
    who: Seat | Literal["each"] = "current"
    """For whom they run (`each`: every player in seat order)."""


class Best(Model):
    """Which card in a zone is best: the highest (or lowest) `field` among the cards that
    follow the first card's `follow` field, unless a `trump` card is there."""

    field: Id
    """The numeric card field that ranks the cards (a rank)."""
    highest: bool = True
    """The highest value is best; false: the lowest."""
    follow: Id | None = None
    """Only cards sharing the first card's value of this field can be best (the led suit)."""
    trump: CardFilter | None = None
    """Cards matching this filter beat every other; the best of them wins."""


class AwardStage(StageBase):
    """Compare the cards in a shared zone; the player who put the best one there wins them."""

    stage: Literal["award"]
    zone: Id
    """The shared zone whose cards are compared (the trick)."""
    best: Best
    """Which card is best."""
    to: Id | None = None
    """The winner's zone taking the cards; unset: they stay where they are."""
    ties: Literal["none", "first"] = "none"
    """With equal best cards: nobody wins (`none`; the cards stay), or the first played wins."""


class FinishStage(StageBase):
    """The player acting now finishes (goes out): their place is the next free one; finished
    players take no more turns. `effects` by place (first, second ...) run for them."""

    stage: Literal["finish"]
    effects: list[list[Effect]] = Field(default_factory=empty_list, max_length=12)
    """Per place (first, second ...), the effects run for the player finishing there."""


class TargetStage(StageBase):
    """The player acting now chooses another player (a player to strike, a hand to rob): from
    then on `who: target` (and `from_who`, `to_who`) names the chosen player, until another
    is chosen. Players out of the round or finished are never candidates."""

    stage: Literal["target"]
    who: Literal["others", "any"] = "others"
    """The candidates: every other player, or `any` player including the chooser."""
    where: Check | None = None
    """A check each candidate must pass, read with `who: target` naming the candidate (not
    protected: `{not: {count: guard, at_least: 1, who: target}}`)."""
    decision: Id | None = None
    """The name strategies and narration use for the choice (default: `target`)."""
    then: list[Stage] = Field(default_factory=empty_list)
    """Stages run once the target is chosen."""
    otherwise: list[Stage] = Field(default_factory=empty_list)
    """Stages run when no candidate passes `where` (nobody is chosen)."""


class EliminateStage(StageBase):
    """A player is out of the round: they take no more turns, are passed over by turn order
    (`next`, `previous`) and no longer count among the players still in (a showdown, an award,
    the `out` and `folded` checks)."""

    stage: Literal["eliminate"]
    who: Seat = "current"
    """Who is put out (`target`: the player last chosen)."""


class OrderStage(StageBase):
    """Change the turn order: reverse it, or skip players."""

    stage: Literal["order"]
    reverse: bool = False
    """Turn order reverses."""
    skip: int = Field(default=0, ge=0, le=12)
    """How many players the next turn passes over."""


class BreakStage(StageBase):
    """Leave a loop at once: the innermost `repeat`, the current `turn`, the `turns`, or the
    round's play (round-end stages still run)."""

    stage: Literal["break"]
    out_of: Literal["repeat", "turn", "turns", "round"] = "repeat"
    """What is left: the innermost `repeat`, the current turn, the `turns`, the round's play."""


class AutomatonStage(StageBase):
    """A non-player who acts by a fixed policy (a dealer drawing to 17): its stages move cards
    between shared zones, with no one choosing."""

    stage: Literal["automaton"]
    name: Text
    """Who it is (the dealer)."""
    stages: list[Stage] = Field(min_length=1)
    """What it does, always the same way."""


class UseStage(StageBase):
    """Run a named fragment of `defines` here."""

    stage: Literal["use"]
    name: Id
    """The fragment's name in `defines`."""


# -- resources spent by choice: antes, betting, showdowns, auctions --------------------------

Chips = Annotated[int, Field(ge=1, le=10_000)]
"""An amount of a resource staked, bid or paid at once."""


class PayStage(StageBase):
    """Players pay an amount of a resource onto a shared zone (an ante into the pot), or back
    to the supply. A player who holds less pays what they hold, or folds (`short: fold`)."""

    stage: Literal["pay"]
    resource: Id
    """The resource paid (chips, coins)."""
    amount: Chips
    """How much each pays."""
    to: Id | None = None
    """The shared zone the chips go onto (the pot); unset: back to the supply."""
    who: Seat | Literal["each"] = "each"
    """Who pays (`each`: every player still in the round)."""
    short: Literal["all", "fold"] = "all"
    """A player holding less than `amount`: pays all they hold, or folds (sits the round out,
    paying nothing)."""


class BettingStage(StageBase):
    """A betting round: players still in (not folded) take turns from `start`; each may
    `check` (nothing to match), `bet` one of the `bet` amounts (nobody has bet yet), `call`
    (match the highest stake), `raise` it by one of the `raise` amounts (at most `cap` raises
    per betting round) or `fold` (out of the round, facing a bet). It ends when every player
    still in has acted and matched the highest stake, or only one is left. Stakes go onto the
    `pot` zone as they are made. A player who cannot pay a call in full pays all they hold
    and stays in (all in: at the showdown they win back from each other player no more than
    they put in, a side pot); the part of the highest stake nobody matched goes back to its
    player when the round ends."""

    stage: Literal["betting"]
    resource: Id
    """The resource staked."""
    pot: Id
    """The shared zone the stakes lie on."""
    start: Start = "next"
    """Who acts first (`next`: the player after the one acting now, the dealer)."""
    bet: list[Chips] = Field(min_length=1, max_length=10)
    """The amounts an opening bet may be."""
    raise_: list[Chips] = Field(default_factory=empty_list, alias="raise", max_length=10)
    """The amounts a raise adds to the highest stake (none: no raising)."""
    cap: int = Field(default=1, ge=0, le=20)
    """The most raises in one betting round."""


class RankKey(Model):
    """One way hands compare; exactly one of `most_alike` (the largest group of cards sharing
    the field's value: a pair beats single cards), `highest` (the highest value, then the next
    highest ...), `lowest`, `sum`."""

    most_alike: Id | None = None
    """The most cards sharing one value of this field (a pair beats single cards)."""
    highest: Id | None = None
    """The highest value of this numeric field, then the next highest ..."""
    lowest: Id | None = None
    """The lowest value of this numeric field, then the next lowest ..."""
    sum: Id | None = None
    """The greatest sum of this numeric field."""

    @model_validator(mode="after")
    def _one(self) -> RankKey:
        chosen = [n for n in ("most_alike", "highest", "lowest", "sum") if getattr(self, n)]
        if len(chosen) != 1:
            raise ValueError(
                "a rank key names exactly one of 'most_alike', 'highest', 'lowest' or 'sum' "
                f"(found {', '.join(chosen) or 'none'})"
            )
        return self

    @property
    def field(self) -> str:
        return str(self.most_alike or self.highest or self.lowest or self.sum)


class ShowdownStage(StageBase):
    """The players still in show `zone`; each hand is read together with the cards of the
    `with` zones (cards on the table everyone shares) and compared by `rank`, key after key.
    The best hand takes every chip lying on `pot`, split into side pots when a player went all
    in short: each pot goes to the best hand among those who put at least its share in. A lone
    player still in takes it all unseen."""

    stage: Literal["showdown"]
    pot: Id
    """The shared zone whose chips are won."""
    zone: Id
    """The players' zone shown (the hand)."""
    with_: list[Id] = Field(default_factory=empty_list, alias="with", max_length=10)
    """Shared zones whose cards count in every hand (a public card)."""
    rank: list[RankKey] = Field(min_length=1, max_length=10)
    """How hands compare: the first key that tells two hands apart decides."""
    ties: Literal["split", "stays"] = "split"
    """Equal best hands: share the pot (what does not divide evenly stays on it), or the whole
    pot stays for the next round."""


class DropOut(Model):
    """What a bidder who drops out of an auction gets."""

    takes: Literal["lowest", "highest", "none"] = "none"
    """The lot they take: the lowest or highest left by `by`, or none."""
    refund: Literal["all", "half", "none"] = "none"
    """How much of their bid comes back (half: rounded down); the rest is paid."""


class AuctionStage(StageBase):
    """An open ascending auction of the cards of `lots`: bidders in turn from `start` bid
    higher (the highest bid plus one of `steps`) or drop out, with the `drop` consequence.
    When one bidder is left, they pay their bid and take `last` of the lots; bids are paid to
    the supply as they are raised. A bidder still in when no lot is left gets their bid back."""

    stage: Literal["auction"]
    resource: Id
    """The resource bid."""
    lots: Id
    """The shared zone of cards on offer."""
    to: Id
    """The players' zone a lot goes to."""
    by: Id | None = None
    """The numeric card field that ranks the lots (needed to take the lowest or highest)."""
    start: Start = "first_player"
    """Who bids first."""
    steps: list[Chips] = Field(min_length=1, max_length=20)
    """How much higher than the highest bid a new bid may be."""
    drop: DropOut = Field(default_factory=DropOut)
    """What a bidder who drops out gets."""
    last: Literal["highest", "lowest", "all"] = "all"
    """What the last bidder left takes: the highest or lowest lot left, or all of them."""
    max: Cards = 100
    """The most bids in one auction: then the others drop out in turn."""


class SealedBidStage(StageBase):
    """Everyone bids an amount of a resource at once, hidden (from 0 up to `most`, what they
    hold at most); the bids are revealed and the highest bidder pays theirs and takes the lot
    (`take` of `lots`). Ties: nobody wins (`none`), or the first tied bidder in turn order from
    the player acting now (`first`)."""

    stage: Literal["sealed_bid"]
    resource: Id
    """The resource bid."""
    most: Annotated[int, Field(ge=1, le=100)]
    """The highest bid allowed (one action per amount from 0)."""
    lots: Id
    """The shared zone of the cards on offer."""
    to: Id
    """The winner's zone the lot goes to."""
    take: Literal["highest", "lowest", "all"] = "all"
    """Which card of `lots` the winner takes (by `by`), or all of them."""
    by: Id | None = None
    """The numeric card field that ranks the lots (needed for `highest`/`lowest`)."""
    ties: Literal["none", "first"] = "first"
    """Equal highest bids: nobody wins and nobody pays, or the first in turn order wins."""


Stage = Annotated[
    DealStage
    | MoveStage
    | TurnsStage
    | ChooseStage
    | SimultaneousStage
    | RepeatStage
    | EachPlayerStage
    | IfStage
    | EffectsStage
    | AwardStage
    | FinishStage
    | TargetStage
    | EliminateStage
    | OrderStage
    | BreakStage
    | AutomatonStage
    | UseStage
    | PayStage
    | BettingStage
    | ShowdownStage
    | AuctionStage
    | SealedBidStage,
    Field(discriminator="stage"),
]


class RoundEnd(Model):
    """When a round's play stops early, and what happens after play."""

    when: list[Check] = Field(default_factory=empty_list, max_length=20)
    """Checked after every move: when one holds, play stops (someone emptied their hand)."""
    one_more_turn: bool = False
    """When a trigger holds, every other player has one more turn before play stops."""
    then: list[Stage] = Field(default_factory=empty_list)
    """Stages after play, before the round is scored."""


class Staged(StructureModel):
    """The turn as data: each round runs `round`, a list of stages, in order."""

    mechanic: Literal["staged"]
    rounds: RoundsAmount = 1
    """Rounds in a game (the game may end sooner: `end.when`)."""
    round: list[Stage] = Field(min_length=1, max_length=100)
    """The stages of every round, in order."""
    round_end: RoundEnd = Field(default_factory=RoundEnd)
    """When a round's play stops early, and what happens after play."""
    order: Literal["clockwise", "counterclockwise"] = "clockwise"
    """Turn order at the start of every round."""
    defines: dict[Id, list[Stage]] = Field(default_factory=empty_dict, max_length=100)
    """Named fragments of stages, run where a `use` stage names them."""

    def fills(self) -> tuple[str, ...]:
        """The zones the stages put cards into (a zone only ever taken from is reported)."""
        stages = [*self.round, *self.round_end.then]
        for fragment in self.defines.values():
            stages += fragment
        return tuple(dict.fromkeys(filled_by(stages)))


def filled_by(stages: list[Any]) -> list[str]:
    """The zones stages and moves put cards (or chips) into."""
    found: list[str] = []
    for item in walk(stages):
        kind = getattr(item, "stage", None) or getattr(item, "move", None)
        if kind == "deal":
            found += [item.to, item.rest]
        elif kind in ("take_all", "flip", "award", "ask", "auction", "sealed_bid"):
            found.append(item.to)
        elif kind in ("move", "draw"):
            found += item.to if isinstance(item.to, list) else [item.to]
        elif kind in ("pay", "betting", "showdown"):  # chips lie there, not cards
            found.append(item.to if kind == "pay" else item.pot)
        elif kind == "capture":
            found += [item.to, item.table]
        elif kind in ("play", "take"):
            to = item.to
            if isinstance(to, ByField):
                found += list(to.zones.values())
            else:
                found += to if isinstance(to, list) else [to]
    return [zone for zone in found if zone]


def walk(stages: list[Any]) -> Any:
    """Every stage and move in a list, depth first, with the nested ones."""
    for stage in stages:
        yield stage
        for name in ("turn", "stages", "then", "else_", "otherwise"):
            yield from walk(getattr(stage, name, None) or [])
        for move in getattr(stage, "moves", None) or []:
            yield move
            yield from walk(move.then)
