"""The manifest's `structure` for a trick-taking game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from toolkit.mechanics.base import StructureModel
from toolkit.schema.amounts import RoundsAmount
from toolkit.schema.base import Id, Model
from toolkit.schema.empty import empty_dict, empty_list
from toolkit.schema.limits import Cards

if TYPE_CHECKING:
    from toolkit.rules.effects.base import Effect

OnWin = Literal["suit_action", "take_trick"]
Direction = Literal["left", "right", "across", "none"]


class TurnedUpTrump(Model):
    """Trump turned up each round: the first card left over after the deal shows the round's
    trump suit (it stays face up, out of play); a round with no card left over has no trump.
    `turned_up: dealer`: the dealer's own last dealt card is turned face up instead (the
    dealer keeps it in hand), so a deal of the whole deck has a trump too."""

    turned_up: Literal[True, "dealer"]
    """`true`: the first card left over after the deal; `dealer`: the dealer's own last
    dealt card, kept in hand."""


class NamedTrump(Model):
    """Trump named by a player each round, before play (after the bids when the highest
    bidder names it)."""

    named_by: Literal["leader", "high_bidder"]
    """Who names it: the round's leader (before any bids), or the highest bidder (after the
    bids; equal bids go to the one who bid first)."""


class LeadRules(Model):
    """What may lead a trick."""

    broken: Id | None = None
    """A suit that may not be led until a card of it has been played in an earlier trick of
    the round, unless the leader holds nothing else."""
    first: Id | None = None
    """A deck card (`clubs-2`) whose holder leads the first trick of every round with it.
    When no one holds it (set aside or left over), the round's leader leads anything."""


class Passing(Model):
    """Before play, each player passes cards from their hand to another player."""

    count: Cards
    """Cards each player passes."""
    directions: list[Direction] = Field(min_length=1)
    """Where the cards go, by round, cycling: `left` is the next player in turn order, `right`
    the previous one, `across` the player half the table away (rounded down), `none` no
    passing that round."""


class Bidding(Model):
    """Before play, each player in turn from the round's leader bids how many tricks they
    will win (0 to the hand size)."""

    track: Id
    """The track each player's bid is set on (reset to 0 at every deal)."""
    hook: bool = False
    """The last bidder may not make the bids add up to the number of tricks in the round."""


class Calling(Model):
    """Trump called in rounds after the turned-up card: each player in turn from the round's
    leader orders it up (its suit is trump) or passes; if all pass, each in turn names another
    suit trump or passes, and the dealer (the seat before the round's leader) may not pass.
    The player who makes trump is the maker; their side, the makers."""

    dealer_picks_up: bool = True
    """When the card is ordered up, the dealer takes it into hand and discards a card face
    down (a dealer sitting out leaves it turned up)."""
    alone: bool = False
    """A maker may go alone: their partners sit out the round, their cards face down (needs
    `partnerships`; at a player count without teams nobody has a partner to leave out)."""


class Contract(Model):
    """Makers against defenders: the makers' side (the player who made trump and their
    partners) must win `need` tricks of the round, else every other side scores
    `defenders`.
    Points go on `track` (back to 0 at every deal, read it with round scoring): the maker's
    for the makers, the first of each defending side in turn order after the maker's for the
    defenders. Partners add up their points, so a side's points count once."""

    need: Cards
    """Tricks the makers must win together."""
    track: Id
    """The track the round's contract points are put on."""
    made: int = 1
    """Points to the makers when they win `need` tricks or more, but not all."""
    all_tricks: int = 2
    """Points to the makers when they win every trick."""
    alone_all_tricks: int | None = None
    """Points to a maker who went alone and won every trick (unset: `all_tricks`)."""
    alone_made: int | None = None
    """Points to a maker who went alone and won `need` tricks but not all (unset: `made`)."""
    defenders: int = 2
    """Points to each defending side when the makers win fewer than `need` tricks."""


class TrickTaking(StructureModel):
    """Rounds of tricks: lead, follow suit if able, highest card of the led suit (or trump) wins."""

    mechanic: Literal["trick_taking"]
    rounds: RoundsAmount
    """Rounds in a game (the most a game can have when an end condition stops it sooner);
    each deals the deck again."""
    hand: Id = "hand"
    """The players' hand zone."""
    hand_sizes: list[Cards] = Field(default_factory=empty_list)
    """Cards dealt to each player by round, in order, repeating when there are more rounds
    (`[8, 7, 6, 5, 4, 3, 2, 1]`); unset to deal as the setup's `deal` step does every round."""
    won: Id | None = None
    """A player zone where the winner of a trick puts its cards (`on_win: take_trick`); won
    cards are face up, and go back into the deck at every deal."""
    follow_suit: bool = True
    """Players must follow the led suit if able."""
    trump: Id | TurnedUpTrump | NamedTrump | None = None
    """A suit that beats every other suit; `{turned_up: true}` or `{named_by: leader}` /
    `{named_by: high_bidder}` for a trump that changes every round; unset for no trump."""
    must_trump: bool = False
    """A player who cannot follow suit must play a trump if able."""
    trump_ranks: dict[Id, list[Id]] = Field(default_factory=empty_dict)
    """By trump suit: deck cards that count as trump while that suit is trump and outrank
    its other cards, highest first (`stars: [stars-J, suns-J]`: the Jack of Stars, then the
    Jack of Suns, then the Ace of Stars...). A listed card of another suit belongs to the
    trump suit for following suit too."""
    calling: Calling | None = None
    """Trump called in rounds after the turned-up card, instead of fixed by it (needs
    `trump: {turned_up: true}`)."""
    contract: Contract | None = None
    """The side that made trump must win a number of tricks (needs `calling` or a trump
    named by a player)."""
    lead: LeadRules = Field(default_factory=LeadRules)
    """Restrictions on leading: a suit that must be broken first, a card that leads first."""
    passing: Passing | None = None
    """Cards passed before play each round."""
    bidding: Bidding | None = None
    """A bid on the tricks each player will win, before play each round."""
    tricks_track: Id | None = None
    """A track counting the tricks each player won this round (reset to 0 at every deal)."""
    winner_leads: bool = True
    """The trick's winner leads the next trick."""
    next_round_leader: Literal["next_seat", "last_trick_winner"] = "next_seat"
    """Who leads a new round: the seat after the previous round's first leader, or the last
    trick's winner."""
    on_win: OnWin | list[OnWin] = "suit_action"
    """What winning a trick does, in order: `suit_action` resolves the action of the winning
    card's suit; `take_trick` puts the trick's cards in the winner's `won` zone."""
    cleanup: list[Effect] = Field(default_factory=empty_list)
    """Effects applied to every player at the end of each round, in order."""

    def on_win_steps(self) -> list[str]:
        """`on_win` as a list."""
        return [self.on_win] if isinstance(self.on_win, str) else list(self.on_win)
