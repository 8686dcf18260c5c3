"""Words for one game's cards, moves and log events, with card names: what transcripts,
replays and the terminal player show.

The engine's `narrate` covers the events every game shares; a mechanic tells its own moves
and events (a draft's places, shop actions, swaps, passes) through its `narrate_action` and
`narrate_event` hooks, given this narrator for card names.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

from toolkit.content.project import GameContent
from toolkit.engine.compiled import Game
from toolkit.kernel.events import Chosen, Event
from toolkit.kernel.state import State
from toolkit.kernel.tables import CardTable
from toolkit.mechanics.words import Trait, ordinal, told_apart
from toolkit.record.events import narrate

SHORT_TEXT = 24
"""A text field longer than this (a card's rules text) never tells two moves apart."""


class Narrator:
    """Card labels and readable lines for one compiled game and its content."""

    def __init__(self, game: Game, content: GameContent | None = None) -> None:
        self.game = game
        self.field_names: dict[tuple[str, str], dict[str, str]] = {}
        self.field_colours: dict[tuple[str, str], dict[str, str]] = {}
        self.suit_colours: dict[str, str] = {}
        names = game.deck.names
        counted = Counter(names)
        self.shared_names = frozenset(c for c, name in enumerate(names) if counted[name] > 1)
        """Deck cards whose name another card of the deck bears too."""
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
        with card names, and told apart from the mover's other moves that would read the
        same (`told_apart`). Depends only on the state and the move (transcripts compare
        it)."""
        said = self.said(state, action)
        part = self.game.mechanic.codec.card_part(action) if action >= 0 else None
        if part is not None and part[0] not in self.shared_names:
            return said  # no other card of its name: no move of another card reads the same
        for mover in state.to_move():
            legal = state.legal_actions(mover)
            if action in legal:
                break
        else:
            return said
        alike = [
            other
            for other in self._same_card_name(legal, action)
            if self.said(state, other) == said
        ]
        if not alike:
            return said
        moves = [action, *alike]
        return self.told_apart(state, mover, moves, [said] * len(moves))[0]

    def actions(self, state: State, player: int, actions: Sequence[int]) -> list[str]:
        """Several of `player`'s moves in words, as `action` words each."""
        return self.told_apart(state, player, actions, [self.said(state, a) for a in actions])

    def said(self, state: State, action: int) -> str:
        """A move in the mechanic's words, whatever other moves read the same."""
        words = self.game.mechanic.narrate_action(state, action, self)
        return words if words is not None else self.game.describe_action(state, action)

    def told_apart(
        self, state: State, player: int, actions: Sequence[int], labels: Sequence[str]
    ) -> list[str]:
        """`labels` of `player`'s `actions`, those that read alike told apart by what their
        cards show; a label that does not name its card (a hidden pick) stays as it is, so
        words never show more than the mechanic's."""
        deck, codec = self.game.deck, self.game.mechanic.codec
        shown: list[int] = []
        traits: list[list[Trait]] = []
        places: list[str] = []
        for index, (action, label) in enumerate(zip(actions, labels, strict=True)):
            part = codec.card_part(action) if action >= 0 else None
            if part is not None and self.deck_card(part[0]) not in label:
                continue  # a hidden pick: its words stay as alike as the mechanic made them
            shown.append(index)
            traits.append(self.traits("deck", part[0]) if part is not None else [])
            places.append(self.place(state, player, deck, part[0]) if part is not None else "")
        out = list(labels)
        told = told_apart([labels[i] for i in shown], traits, places)
        for index, words in zip(shown, told, strict=True):
            out[index] = words
        return out

    def traits(self, kind: str, card: int) -> list[Trait]:
        """What a card shows beside its name: its numbers, named values, flags and short
        texts, as (field, words)."""
        table = self.game.tables[kind]
        tracks = {t.id: t.name for t in self.game.tracks}
        out: list[Trait] = []
        for name, values in table.fields.items():
            value = values[card]
            if name in ("id", "name") or value is None:
                continue
            label = name.replace("_", " ")
            named = self.field_names.get((table.kind, name), {})
            if isinstance(value, bool):
                out.append((name, label if value else f"not {label}"))
            elif isinstance(value, int):
                out.append((name, f"{label} {value}"))
            elif isinstance(value, str) and (value in named or len(value) <= SHORT_TEXT):
                out.append((name, f"{label} {named.get(value, value)}"))
            elif isinstance(value, dict) and all(isinstance(v, int) for v in value.values()):
                needs = ", ".join(f"{tracks.get(k, k)} {v}" for k, v in value.items() if v)
                if needs:
                    out.append((name, f"{label} {needs}"))
        return out

    def place(self, state: State, player: int, table: CardTable, card: int) -> str:
        """Where a card lies that the player sees: `3rd in Market`, `2nd in Hand`; empty
        when it lies in no open zone of that kind."""
        game = self.game
        for spec, cards in zip(game.shared_zones, state.shared, strict=True):
            if game.tables[spec.kind] is table and card in cards:
                return f"{ordinal(cards.index(card) + 1)} in {spec.name}"
        for spec, held in zip(game.player_zones, state.zones, strict=True):
            cards = held[player]
            if game.tables[spec.kind] is table and card in cards:
                return f"{ordinal(cards.index(card) + 1)} in {spec.name}"
        return ""

    def _same_card_name(self, actions: Sequence[int], action: int) -> list[int]:
        """The other actions that may read like `action`: those moving another card of its
        name, or no card, as it does (words are made for these only). Two moves of one card
        read alike only if the mechanic's words forget what differs, which
        tests/test_move_words.py rules out."""
        codec, names = self.game.mechanic.codec, self.game.deck.names
        part = codec.card_part(action) if action >= 0 else None
        found = []
        for other in actions:
            if other == action:
                continue
            other_part = codec.card_part(other) if other >= 0 else None
            if part is None or other_part is None:
                if part is None and other_part is None:
                    found.append(other)
            elif other_part[0] != part[0] and names[other_part[0]] == names[part[0]]:
                found.append(other)
        return found

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
