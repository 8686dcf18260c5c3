"""Words for one game's cards, moves and log events, with card names: what transcripts,
replays and the terminal player show.

The engine's `narrate` covers the events every game shares; a mechanic tells its own moves
and events (a draft's places, shop actions, swaps, passes) through its `narrate_action` and
`narrate_event` hooks, given this narrator for card names.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from toolkit.content.project import GameContent
from toolkit.engine.game import Game
from toolkit.kernel.events import Chosen, Event
from toolkit.kernel.state import State
from toolkit.record.events import narrate


class Narrator:
    """Card labels and readable lines for one compiled game and its content."""

    def __init__(self, game: Game, content: GameContent | None = None) -> None:
        self.game = game
        self.field_names: dict[tuple[str, str], dict[str, str]] = {}
        self.field_colours: dict[tuple[str, str], dict[str, str]] = {}
        self.suit_colours: dict[str, str] = {}
        if content is not None:
            for vocabulary in content.game.vocabularies:
                key = (vocabulary.kind, vocabulary.field)
                self.field_names[key] = {v.id: v.name for v in vocabulary.values}
                self.field_colours[key] = {v.id: v.colour for v in vocabulary.values if v.colour}
            suits = content.cards(getattr(content.game.deck, "suits", ""))
            self.suit_colours = {s.id: s.colour for s in suits if getattr(s, "colour", None)}

    # -- cards ----------------------------------------------------------------------------

    def card(self, kind: str, card: int) -> str:
        """A card's name; a card whose name is its id gets its named field values too
        (`B7 (Blue, Shop)`)."""
        table = self.game.tables[kind]
        if not 0 <= card < table.size:
            return f"card {card}"
        name = table.names[card]
        if name != table.ids[card]:
            return name
        values = [
            names[str(table.fields[field][card])]
            for (vocabulary_kind, field), names in self.field_names.items()
            if vocabulary_kind == table.kind
            and field in table.fields
            and str(table.fields[field][card]) in names
        ]
        return f"{name} ({', '.join(values)})" if values else name

    def deck_card(self, card: int) -> str:
        return self.card("deck", card)

    def colour(self, kind: str, card: int) -> str | None:
        """The colour a card is drawn in: its suit's, or its field's from a vocabulary."""
        table = self.game.tables[kind]
        if not 0 <= card < table.size:
            return None
        suits = table.fields.get("suit")
        if suits is not None and suits[card] in self.suit_colours:
            return self.suit_colours[suits[card]]
        for (vocabulary_kind, field), colours in self.field_colours.items():
            if vocabulary_kind == table.kind and field in table.fields:
                value = str(table.fields[field][card])
                if value in colours:
                    return colours[value]
        return None

    # -- moves ----------------------------------------------------------------------------

    def action(self, state: State, action: int) -> str:
        """A legal move of the player(s) to move, in words, as `describe_action` puts it but
        with card names. Depends only on the state and the move (transcripts compare it)."""
        words = self.game.mechanic.narrate_action(state, action, self)
        return words if words is not None else self.game.describe_action(state, action)

    # -- events ---------------------------------------------------------------------------

    def events(self, log: Iterable[Event], viewer: int | None = None) -> Iterator[str]:
        """Readable lines for log events; with a `viewer`, only what that player may see."""
        for event in log:
            yield from self.event(event, viewer)

    def event(self, event: Event, viewer: int | None = None) -> Iterator[str]:
        if isinstance(event, Chosen) and event.decision != "option":
            return  # the take, swap or decline event that follows tells it
        lines = self.game.mechanic.narrate_event(event, viewer, self)
        if lines is not None:
            yield from lines
        else:
            yield from narrate(self.game, [event])


def seat(player: int) -> str:
    return f"player {player + 1}"


def where(cell: tuple[int, int]) -> str:
    """A park cell as the engine numbers it: (row, column) from the first card at (0, 0)."""
    return f"({cell[0]}, {cell[1]})"
