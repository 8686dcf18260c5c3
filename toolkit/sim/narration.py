"""Words for one game's cards, moves and log events, with card names: what transcripts,
replays and the terminal player show.

The engine's `narrate` covers the events every game shares; the drafting events (places,
shop actions, swaps, passes) are told here, and one player's view leaves out what that
player may not see (the face of other players' face-down cards).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from toolkit.content.project import GameContent
from toolkit.engine.game import Game
from toolkit.engine.narrate import narrate
from toolkit.engine.state import DECLINE, State
from toolkit.mechanics.drafting import DraftMechanic, code_cell, decode_pick
from toolkit.mechanics.grid import Cell

DRAFT_CHOICES = ("swap-hand", "swap-opponent")
"""Decision kinds of the drafting mechanic (not card kinds: told by the event that follows)."""


class Narrator:
    """Card labels and readable lines for one compiled game and its content."""

    def __init__(self, game: Game, content: GameContent | None = None) -> None:
        self.game = game
        self.draft = game.mechanic if isinstance(game.mechanic, DraftMechanic) else None
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
        draft = self.draft
        pending = state.pending
        if draft is not None and action != DECLINE:
            if pending is None and action >= 0:
                card, cell, face_down = decode_pick(action)
                how = "face down" if face_down else "face up"
                return f"place {self.deck_card(card)} {how} at {where(cell)}"
            if pending is not None and pending.kind == "swap-hand":
                cell, new = code_cell(action >> 6), action & 63
                old = state.grids[draft.park][pending.player].get(cell)
                there = "the face-down card" if old is None or old < 0 else self.deck_card(old)
                return f"put {self.deck_card(new)} at {where(cell)} in place of {there}"
            if pending is not None and pending.kind == "swap-opponent":
                other = (action >> 12) & 7
                mine, theirs = code_cell(action >> 15), code_cell(action & 4095)
                parks = state.grids[draft.park]
                return (
                    f"swap {self._grid_card(parks[pending.player].get(mine))} at {where(mine)} "
                    f"with player {other + 1}'s {self._grid_card(parks[other].get(theirs))} "
                    f"at {where(theirs)}"
                )
        return self.game.describe_action(state, action)

    def _grid_card(self, card: int | None) -> str:
        if card is None:
            return "nothing"
        return "a face-down card" if card < 0 else self.deck_card(card)

    # -- events ---------------------------------------------------------------------------

    def events(self, log: Iterable[tuple[Any, ...]], viewer: int | None = None) -> Iterator[str]:
        """Readable lines for log events; with a `viewer`, only what that player may see."""
        for event in log:
            yield from self.event(event, viewer)

    def event(self, event: tuple[Any, ...], viewer: int | None = None) -> Iterator[str]:
        kind = event[0]
        game = self.game
        if kind == "pick":
            return  # a hidden choice; the reveal ("place") tells it
        if kind == "choose" and event[2] != "option":
            return  # the take, swap or decline event that follows tells it
        if kind == "place":
            _, player, card, cell, face_down = event
            if face_down:
                what = "a card" if viewer is not None and viewer != player else self.deck_card(card)
                yield f"  {seat(player)} places {what} face down at {where(cell)}"
            else:
                yield f"  {seat(player)} places {self.deck_card(card)} at {where(cell)}"
        elif kind == "shop":
            _, owner, card = event
            texts = game.deck.fields.get("action_text")
            text = texts[card] if texts is not None and texts[card] else ""
            yield (f"  {self.deck_card(card)} ({seat(owner)}) acts" + (f": {text}" if text else ""))
        elif kind == "extra-pick":
            yield "  every player who can picks one more card before hands pass"
        elif kind == "pass":
            yield f"hands pass {event[1]}"
        elif kind == "reverse":
            yield "  from now on hands pass the other way"
        elif kind == "swap-hand":
            _, player, cell, old, new = event
            hidden = old < 0 and viewer is not None and viewer != player
            gone = "a face-down card" if hidden else self.deck_card(old if old >= 0 else ~old)
            yield (
                f"  {seat(player)} puts {self.deck_card(new)} at {where(cell)}, "
                f"taking {gone} into their hand"
            )
        elif kind == "swap-opponent":
            _, player, other, mine, theirs = event
            yield (
                f"  {seat(player)} swaps {self.deck_card(mine)} for {seat(other)}'s "
                f"{self.deck_card(theirs)}"
            )
        elif kind in ("no-choice", "decline") and event[2] in DRAFT_CHOICES:
            verb = "has nothing to swap" if kind == "no-choice" else "declines to swap"
            yield f"  {seat(event[1])} {verb}"
        else:
            yield from narrate(game, [event])


def seat(player: int) -> str:
    return f"player {player + 1}"


def where(cell: Cell) -> str:
    """A park cell as the engine numbers it: (row, column) from the first card at (0, 0)."""
    return f"({cell[0]}, {cell[1]})"
