"""The staged part of the observation vector: round and turn, who acts, who passed and who
finished, the top card of every face-up shared zone, the observer's hidden picks, the cards of
a set being chosen, the turn order's direction, the values called for piles, who played each
face-up card, the cards everyone saw go into hidden hands and the rows closed for the round
(docs/interop.md lists every block). The zones' cards themselves are in the common part."""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolkit.mechanics.staged.moves import CallMove, TakeAllMove
from toolkit.mechanics.staged.observation import StagedObservation
from toolkit.mechanics.staged.targets import TargetMove
from toolkit.mechanics.vector import Block, Slots, index_of, relative

if TYPE_CHECKING:
    from toolkit.kernel.compiling import GameView
    from toolkit.kernel.state import State
    from toolkit.mechanics.staged.machine import StagedMechanic


class StagedEncoder:
    def __init__(self, machine: StagedMechanic, game: GameView, players: int) -> None:
        self.machine = machine
        self.deck = index_of(game.deck.ids)
        self.piles = tuple(
            zone.id
            for zone in game.shared_zones
            if not zone.hidden_from_others and game.tables[zone.kind] is game.deck
        )
        self.players = players
        d = len(self.deck)
        calls = dict.fromkeys(
            (rule.zone.id, rule.field, str(value))
            for rule in machine.codec.rules
            if isinstance(rule, CallMove)
            for value in rule.values
        )
        self.calls = {call: index for index, call in enumerate(calls)}
        """Every value a `call` move may name, per zone and field: a slot each."""
        self.blocks: tuple[Block, ...] = (
            Block("round", 1, "the round in play (from 1)"),
            Block("rounds", 1, "rounds in the game"),
            Block("turn", 1, "turns played"),
            Block("acting", players, "one-hot: the relative seat acting now"),
            Block("passed", players, "1 per relative seat that passed in the turns in play"),
            Block("finished", players, "per relative seat: its place this round, 0 still in"),
            Block(
                "zone_tops",
                len(self.piles) * (d + 1),
                "per face-up shared zone (" + ", ".join(self.piles) + "): one-hot of its top "
                "card, last slot: empty",
            ),
            Block("picked", d, "multi-hot: the observer's hidden picks"),
            Block("choosing", d, "multi-hot: the cards of a set chosen so far"),
            Block("direction", 1, "turn order: +1 as seated, -1 reversed"),
            Block(
                "called",
                len(self.calls),
                "one slot per value a `call` move may name (per zone and field, in the order "
                "the moves list them): 1 for the value called for a pile now",
            ),
            Block(
                "played_by",
                d,
                "per deck card in a face-up shared zone: the relative seat that put it there "
                "+ 1 (0: not there, or nobody)",
            ),
            Block(
                "known",
                players * d,
                "per relative seat: multi-hot of the cards in its hidden zones that every "
                "player saw go there",
            ),
        )
        self.closable = tuple(
            dict.fromkeys(
                zone.id
                for rule in machine.codec.rules
                if isinstance(rule, TakeAllMove) and rule.closes
                for zone in rule.sources
                if zone.shared
            )
        )
        """In a game whose rows close for the round: the zones a `take_all` closes."""
        if self.closable:
            self.blocks += (
                Block(
                    "closed",
                    len(self.closable),
                    "per zone a `take_all` closes (" + ", ".join(self.closable) + "): 1 while "
                    "it is closed until the round ends",
                ),
            )
        self.chips = tuple(
            (zone.id, resource.id) for zone in game.shared_zones for resource in game.resources
        )
        """In a game that stakes a resource: a slot per shared zone and resource."""
        if machine.wagers:
            self.blocks += (
                Block(
                    "chips",
                    len(self.chips),
                    "per shared zone and resource (zones, then resources, as declared): the "
                    "amount lying there (a pot)",
                ),
                Block("stakes", players, "per relative seat: its stake in the betting in play"),
                Block("folded", players, "1 per relative seat that folded this round"),
                Block("bid", 1, "the observer's own hidden sealed bid, -1 for none"),
            )
        self.targets = any(isinstance(rule, TargetMove) for rule in machine.codec.rules)
        """Whether a `target` stage chooses players: a block says who is chosen."""
        if self.targets:
            self.blocks += (Block("target", players, "1 for the relative seat chosen last"),)

    def observe(self, state: State, seat: int) -> StagedObservation:
        return self.machine.observe(state, seat)

    def fill(self, slots: Slots, view: StagedObservation, seat: int) -> None:
        deck = self.deck
        d = len(deck)
        n = self.players
        slots.values([view["round"]])
        slots.values([view["rounds"]])
        slots.values([view["turn"]])
        slots.ones([(view["acting"] - seat) % n])
        slots.values([1.0 if p else 0.0 for p in relative(view["passed"], seat)])
        slots.values([float(place) for place in relative(view["finished"], seat)])
        tops = []
        for index, pile in enumerate(self.piles):
            cards = view["zones"][pile]
            top = deck[cards[-1]] if isinstance(cards, list) and cards else d
            tops.append(index * (d + 1) + top)
        slots.ones(tops)
        slots.ones([deck[card] for card in view["picked"]])
        slots.ones([deck[card] for card in view["choosing"]])
        slots.values([float(view["direction"])])
        calls = self.calls
        slots.ones(
            calls.get((zone, call["field"], call["value"]), -1)
            for zone, call in view["called"].items()
        )
        played = [0.0] * d  # a whole pile may be there: one run, not a slot at a time
        for card, who in view["played_by"].items():
            played[deck[card]] = float((who - seat) % n + 1)
        slots.values(played)
        slots.ones(
            r * d + deck[card]
            for r, cards in enumerate(relative(view["known"], seat))
            for card in cards
        )
        if self.closable:
            closed = view.get("closed", ())
            slots.values([1.0 if zone in closed else 0.0 for zone in self.closable])
        if "stakes" in view:
            lying = view.get("chips", {})
            slots.values(
                [float(lying.get(zone, {}).get(resource, 0)) for zone, resource in self.chips]
            )
            slots.values([float(s) for s in relative(view["stakes"], seat)])
            slots.values([1.0 if f else 0.0 for f in relative(view.get("folded", []), seat)])
            slots.values([float(view.get("bid", -1))])
        if self.targets:
            chosen = view["target"]
            slots.ones([(chosen - seat) % n] if chosen >= 0 else [])
