"""The staged part of the terminal view: the round and turn, who acts, the turn order when it
turned around, the shared zones (a face-up pile's top cards, who put them there and a value
called for it, a zone closed for the round; a face-down pile's count), each player's hidden
cards counted, the cards everyone saw them take, their passes and places, the person's hidden
picks, and their hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import RenderableType
from rich.text import Text

from toolkit.kernel.mechanic import Cell
from toolkit.mechanics.screen import PileParts, Screen, ScreenDefaults, TableParts, seat_moves
from toolkit.mechanics.staged.bets import Asking, Pay, PayMove, SealedBid, Showdown
from toolkit.mechanics.staged.moves import DrawMove, TakeAllMove
from toolkit.mechanics.staged.narration import seat
from toolkit.mechanics.staged.ops import Finish
from toolkit.mechanics.staged.targets import Eliminate

if TYPE_CHECKING:
    from toolkit.mechanics.staged.machine import StagedMechanic
    from toolkit.mechanics.staged.observation import StagedObservation

SHOWN = 6
"""Cards of a face-up pile drawn at most (its top ones): a long discard line stays short."""


class StagedScreen(ScreenDefaults):
    def __init__(self, mechanic: StagedMechanic, screen: Screen) -> None:
        self.mechanic = mechanic
        self.screen = screen
        self.passes = any(rule.kind == "pass" for rule in mechanic.codec.rules)
        """Whether a player may pass (else no column says who passed)."""
        self.finishes = any(isinstance(op, Finish) for op in mechanic.program)
        """Whether players finish in places (else no column for them)."""
        program = mechanic.program
        self.eliminates = any(isinstance(op, Eliminate) for op in program)
        """Whether players are put out of the round (a column says who is out)."""
        self.stakes = any(isinstance(op, (Pay, Showdown, Asking, SealedBid)) for op in program)
        self.stakes |= any(isinstance(rule, PayMove) for rule in mechanic.codec.rules)
        """Whether the game stakes a resource (a column says what each staked)."""

    def names(self, ids: list[str]) -> str:
        deck = self.screen.game.deck
        return ", ".join(self.screen.words.deck_card(deck.index(card)) for card in ids)

    def view(self) -> StagedObservation:
        return self.mechanic.observe(self.screen.state, self.screen.seat)

    def acting(self, leader: int) -> str:
        """Who is to act: the player acting now, or every player still to choose when several
        choose at once (a simultaneous pick, a sealed bid), the person first."""
        me = self.screen.seat
        movers = self.screen.state.to_move()
        if len(movers) < 2:
            return "you" if leader == me else seat(leader)
        names = ["you" if p == me else seat(p) for p in sorted(movers, key=lambda p: p != me)]
        return f"{', '.join(names[:-1])} and {names[-1]}"

    def position(self) -> tuple[list[RenderableType], dict[Cell, str]]:
        screen = self.screen
        me = screen.seat
        view = self.view()
        rounds = f" of {view['rounds']}" if view["rounds"] > 1 else ""
        acting = self.acting(view["acting"])
        order = "; turn order reversed" if view["direction"] != self.mechanic.direction else ""
        parts: list[RenderableType] = [
            screen.title(
                f"{screen.game.name}: round {view['round']}{rounds}, turn {view['turn']}"
                f" - you are {seat(me)}; {acting} to act{order}"
            ),
            *self.shared(view),
            screen.players_table(view, self.columns(view)),
        ]
        deck = screen.game.deck
        if view["picked"]:
            parts.append(Text("Your hidden picks: " + self.names(view["picked"])))
        if view["choosing"]:
            parts.append(Text("Chosen so far: " + self.names(view["choosing"])))
        if self.mechanic.hand is not None:
            parts.append(screen.hand(sorted(view["hand"], key=deck.index)))
        return parts, {}

    def own_move_text(self, action: int) -> str | None:
        """A hidden pick names its card to the person choosing it."""
        codec = self.mechanic.codec
        if not 0 <= action < codec.num_distinct_actions:
            return None
        _, rule = codec.rule_of(action)
        if rule.kind != "pick":
            return None
        return rule.words(action - rule.base, self.screen.words.deck_card)

    def final(self) -> list[RenderableType]:
        return self.shared(self.view())

    def shared(self, view: StagedObservation) -> list[RenderableType]:
        """The shared zones, a face-up pile cut to its top cards, with who played them and
        the value called for it."""
        zones = self.screen.game.shared_zones
        whole = view["zones"]
        cut = {
            zone.id: cards[-SHOWN:] if isinstance(cards, list) else cards
            for zone in zones
            for cards in (whole[zone.id],)
        }
        trimmed: StagedObservation = {**view, "zones": {**whole, **cut}}
        parts = self.screen.shared_zones(trimmed)
        out: list[RenderableType] = []
        at = 0
        for zone in zones:
            heading = parts[at]
            out.append(heading)
            at += 1
            cards = whole[zone.id]
            if isinstance(cards, int):
                continue
            assert isinstance(heading, Text)
            if not cards and not view.get("chips", {}).get(zone.id):
                heading.append(" empty", style="")
            elif len(cards) > SHOWN:
                heading.append(f" the top {SHOWN} of {len(cards)} cards", style="")
            if cards:
                out.append(parts[at])
            at += 1
            played = [view["played_by"][card] for card in cut[zone.id] if card in view["played_by"]]
            if played and len(played) == len(cut[zone.id]):
                out.append(Text("  put there by " + ", ".join(seat(p) for p in played)))
            call = view["called"].get(zone.id)
            if call is not None:
                out.append(Text(f"  {call['field']} {call['value']} called", style="bold"))
            if zone.id in view.get("closed", ()):
                out.append(Text("  closed until the round ends", style="bold"))
            lying = view.get("chips", {}).get(zone.id)
            if lying:
                told = ", ".join(f"{amount} {name}" for name, amount in lying.items())
                out.append(Text(f"  on it: {told}", style="bold"))
        return out

    def columns(self, view: StagedObservation) -> list[tuple[str, list[str]]]:
        """Counts of the cards in hidden player zones (every player sees how many), the cards
        everyone saw go there, passes and places (in a game where players pass or finish)."""
        extra: list[tuple[str, list[str]]] = []
        for zone in self.screen.game.player_zones:
            if not zone.hidden_from_others:
                continue
            held = view["zones"][zone.id]
            extra.append((zone.name, [str(h if isinstance(h, int) else len(h)) for h in held]))
        if any(view["known"]):
            extra.append(("seen taken", [self.names(cards) for cards in view["known"]]))
        if self.passes:
            extra.append(("passed", ["yes" if p else "" for p in view["passed"]]))
        if self.finishes:
            extra.append(("finished", [str(p) if p else "" for p in view["finished"]]))
        if "stakes" in view and self.stakes:
            extra.append(("staked", [str(s) if s else "" for s in view["stakes"]]))
        if "folded" in view:
            said = "out" if self.eliminates else "folded"
            extra.append((said, ["yes" if f else "" for f in view["folded"]]))
        return extra

    def table(self) -> TableParts:
        """Round, turn and who acts, values called; a face-up shared zone a draw refills
        from (its top card stays) is a discard pile, drawn as one."""
        screen, mechanic = self.screen, self.mechanic
        view = self.view()
        me = screen.seat
        refills = [
            getattr(step, "reshuffle", None) for step in (*mechanic.program, *mechanic.codec.rules)
        ]
        piles = tuple(
            dict.fromkeys(zone.id for zone in refills if zone is not None and zone.shared)
        )
        rounds = f" of {view['rounds']}" if view["rounds"] > 1 else ""
        acting = self.acting(view["acting"])
        notes = [f"Round {view['round']}{rounds}, turn {view['turn']}: {acting} to act."]
        names = {zone.id: zone.name for zone in screen.game.shared_zones}
        for zone_id, call in view["called"].items():
            notes.append(
                f"{call['field']} {call['value']} called on {names.get(zone_id, zone_id)}."
            )
        closed = [names.get(zone_id, zone_id) for zone_id in view.get("closed", ())]
        if closed:
            notes.append("Closed until the round ends: " + ", ".join(closed) + ".")
        if view["picked"]:
            notes.append("Your hidden picks: " + self.names(view["picked"]) + ".")
        if view["choosing"]:
            notes.append("Chosen so far: " + self.names(view["choosing"]) + ".")
        if view["target"] >= 0:
            chosen = "you" if view["target"] == me else seat(view["target"])
            notes.append(f"Chosen player: {chosen}.")
        known = tuple(tuple(cards) if p != me else () for p, cards in enumerate(view["known"]))
        return TableParts((PileParts(piles),), tuple(notes), known, self.takes(), self.chooses())

    def chooses(self) -> dict[int, tuple[int, ...]]:
        """The seat's moves that choose a player (a target, the player asked), by player."""
        codec, state = self.mechanic.codec, self.screen.state
        chosen: dict[int, tuple[int, ...]] = {}
        for action in seat_moves(self.screen):
            _, rule = codec.rule_of(action)
            player = rule.seat_at(state, state.mech, action - rule.base)
            if player >= 0:
                chosen[player] = (*chosen.get(player, ()), action)
        return chosen

    def takes(self) -> dict[str, tuple[int, ...]]:
        """The seat's `draw` and `take_all` moves, by the shared zone they draw from or take."""
        codec = self.mechanic.codec
        takes: dict[str, tuple[int, ...]] = {}
        for action in seat_moves(self.screen):
            _, rule = codec.rule_of(action)
            if isinstance(rule, DrawMove | TakeAllMove):
                offset = action - rule.base
                if isinstance(rule, DrawMove):  # one id per pile and destination
                    offset //= len(rule.targets)
                zone = rule.sources[offset]
                if zone.shared:
                    takes[zone.id] = (*takes.get(zone.id, ()), action)
        return takes
