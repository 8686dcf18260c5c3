"""The base of every strategy preference, and what preferences see of a game and its actions.

A preference looks at the legal actions as `Option`s (the decision and the card each stands
for) and keeps those it likes; an empty list means it does not apply. The generic parts (the
`when` gate, the `decision` and `where` filters of card preferences, the `then` tie-breaks)
are applied by the priority bot (`toolkit.agents.priority`); a preference's own `compile`
returns only its choice among the candidates.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Protocol

from pydantic import Field

from toolkit.rules.context import CheckContext
from toolkit.schema.base import Model, Text
from toolkit.schema.empty import empty_list
from toolkit.schema.filters import CardFilter

if TYPE_CHECKING:
    from toolkit.kernel.compiling import MeasureFn
    from toolkit.kernel.events import Event
    from toolkit.kernel.mechanic import CompiledMechanic
    from toolkit.kernel.specs import ZoneSpec
    from toolkit.kernel.state import State
    from toolkit.kernel.tables import CardTable
    from toolkit.rules.conditions import Condition
    from toolkit.rules.context import Path
    from toolkit.rules.preferences import DecisionKind, Preference
    from toolkit.schema.filters import Measure


@dataclass(frozen=True, slots=True)
class Option:
    """A legal action as preferences see it."""

    action: int
    decision: str
    """`lead`, `follow`, `acquire`, `pick`, `bid`, `choose` or `decline` ..."""
    kind: str
    """The card table of `card` (`deck`, `attractions` ...); empty when there is no card."""
    card: int
    """The card the action plays, takes or picks; -1 for none."""
    face_down: bool = False
    """A draft pick that places the card face down."""
    value: int = -1
    """The number a decision without a card chooses (a bid); -1 for none."""
    seat: int = -1
    """The player the action chooses (a target, the player asked); -1 for none."""


Core = Callable[["State", int, list[Option]], list[Option]]
"""A preference's own choice among the candidate options (empty: it does not apply)."""


class ScoringPart(Protocol):
    """An end-scoring step of the compiled game, as `most_points` reads it."""

    @property
    def label(self) -> str: ...
    def parts(self, state: State) -> list[tuple[str, list[int]]]: ...


class StrategyGame(Protocol):
    """What a preference may ask of the compiled game while it compiles."""

    @property
    def tables(self) -> Mapping[str, CardTable]: ...
    @property
    def mechanic(self) -> CompiledMechanic: ...
    @property
    def scoring(self) -> Sequence[ScoringPart]: ...
    def zone(self, zone_id: str) -> ZoneSpec: ...
    def measure(self, measure: Measure) -> MeasureFn: ...


class StrategyChecks(CheckContext, Protocol):
    """The semantic checker bound to a strategies file, with what preferences check against."""

    def game_id(self) -> str: ...
    def decisions(self) -> dict[str, str]:
        """The decisions the game asks players to make, to the kind of card each is about."""
        ...

    def scoring_labels(self) -> list[str]: ...
    def card_vocabulary(self, kind: str, field: str) -> list[str] | None:
        """The closed list of values of a card field (`deck`: the deck's cards)."""
        ...

    def check_card_field(
        self, path: Path, name: str, kinds: Iterable[str], *, numeric: bool = False
    ) -> bool:
        """Whether some of the kinds has this field (a number, if asked); reported if not."""
        ...


class PreferenceBase(Model):
    """What every preference has: a gate, tie-breaks and a note."""

    if TYPE_CHECKING:
        prefer: str
        """The tag naming the preference in YAML; each declares it as a `Literal`."""

    implied_decisions: ClassVar[tuple[str, ...] | None] = None
    """The only decisions the preference makes sense for; None: any decision about a card."""
    events: ClassVar[tuple[type[Event], ...]] = ()
    """The log events it records, declared beside it (`tests/test_events.py` builds each and
    requires its words)."""
    compares_fields: ClassVar[bool] = False
    """It compares card fields, so it looks at face-up draft picks unless told otherwise."""

    when: Condition | None = None
    """Use this preference only while this condition holds for the player (the `check:`
    vocabulary of effects: compare a resource, track or card count; all, any, not)."""
    then: list[Preference] = Field(default_factory=empty_list)
    """Tie-breaks: each narrows the actions this preference kept, in order; one that would
    keep none (or whose `when` fails) is skipped."""
    label: Text | None = None
    """The rule in words, for people reading the strategy."""

    def check_preference(self, ctx: StrategyChecks, path: Path, kinds: list[str]) -> None:
        """Report what the schema cannot see at `path`; `kinds` are the card kinds of the
        decisions the preference applies to."""

    @abstractmethod
    def compile(self, game: StrategyGame) -> Core:
        """The preference's own choice among the candidate options, as a closure."""


class CardPreference(PreferenceBase):
    """A preference over the cards that actions play, take or pick."""

    decision: DecisionKind | None = None
    """Only actions of this kind of decision (a kind the mechanic names, or a decision the
    game's own rules name: a staged move's or pick's `decision`); unset: any decision that
    involves a card."""
    where: CardFilter | None = None
    """Only actions whose card matches this filter, on any field the card's kind declares
    (a suit or rank, a cost, a colour, a number).
    For draft picks, `face_up: true` or `false` chooses the side; a face-down card shows no
    field, so the field-comparing preferences look at face-up picks unless it says `false`."""
