"""Stages and moves compiled into the round's program (`ops.py`) and move templates
(`moves.py`): zone ids resolved to indexes, filters to predicates, checks to closures, once."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from toolkit.mechanics.staged import build_bets, ops, structure
from toolkit.mechanics.staged.checks import Test, compile_check
from toolkit.mechanics.staged.moves import (
    CallMove,
    CardMove,
    DrawMove,
    FlipMove,
    MoveRule,
    OptionMove,
    PassMove,
    PickMove,
    Relation,
    StopMove,
    TakeAllMove,
)
from toolkit.mechanics.staged.moves_ask import ask_rule
from toolkit.mechanics.staged.moves_capture import capture_rule
from toolkit.mechanics.staged.place import PlaceCards
from toolkit.mechanics.staged.runtime import FACE_DOWN_PICKS, RESERVED, Mech, Zone, next_seat
from toolkit.mechanics.staged.targets import Eliminate, TargetMove

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import State

DEFAULT_TURNS_PER_CARD = 20
"""Without `max`, a `turns` stage ends after this many turns per deck card (and reports a
stall long before, when nobody can act)."""
DEFAULT_REPEATS_PER_CARD = 4
"""Without `max`, a `repeat` stage runs at most this many passes per deck card."""


class ProgramBuilder:
    """Emits ops for stages, allocating loop registers and move templates' id blocks."""

    def __init__(self, spec: structure.Staged, c: Compiler) -> None:
        self.spec = spec
        self.c = c
        self.deck = c.table("deck")
        self.program: list[ops.Op] = []
        self.registers = 0
        self.rules: list[MoveRule] = []
        self.loops: list[tuple[str, ops.Label, ops.Label | None]] = []
        self.round_end = ops.Label()
        self.using: list[str] = []
        self.paths: dict[int, str] = {}
        """Each decision op's stage, by its path in the structure (`round/2/turn/0`)."""
        self.unrevealed = 0
        """Depth of simultaneous stages being built whose picks are never revealed."""
        self.wagers = False
        """Whether a stage or move stakes a resource (the state then keeps a `Wager`)."""

    # -- helpers -----------------------------------------------------------------------------

    def zone(self, zone_id: str) -> Zone:
        if zone_id == "picked" and self.unrevealed:
            return FACE_DOWN_PICKS
        if zone_id in RESERVED:
            return RESERVED[zone_id]
        spec = self.c.zone(zone_id)
        return Zone(
            spec.id,
            spec.name,
            spec.shared,
            spec.index,
            spec.hidden_from_others,
            getattr(spec, "hidden_from_owner", False),
        )

    def check(self, check: structure.Check | None) -> Test | None:
        if check is None:
            return None
        return compile_check(check, self.c, self.zone)

    def column(self, name: str) -> tuple[Any, ...]:
        return self.deck.fields[name]

    def numbers(self, name: str) -> tuple[int | None, ...]:
        return tuple(
            v if isinstance(v, int) and not isinstance(v, bool) else None for v in self.column(name)
        )

    def reg(self) -> int:
        first = self.registers
        self.registers += 2
        return first

    def emit(self, op: ops.Op) -> int:
        self.program.append(op)
        pc = len(self.program) - 1
        if hasattr(op, "next"):
            op.next = pc + 1
        return pc

    def here(self) -> int:
        return len(self.program)

    def start(self, start: Any) -> Callable[[State, Mech], int]:
        if isinstance(start, dict):
            holds = self.deck.predicate(start)
            zones = [z.index for z in self.c.layout.player_zones]

            def holder(state: State, mech: Mech) -> int:
                for zone in zones:
                    for player, cards in enumerate(state.zones[zone]):
                        if any(holds(card) for card in cards):
                            return player
                return state.first_player

            return holder
        if start == "first_player":
            return lambda state, mech: state.first_player
        if start == "rotating":
            return lambda state, mech: (state.first_player + state.round - 1) % state.n
        if start == "winner":
            return lambda state, mech: mech.winner if mech.winner >= 0 else mech.acting
        if start == "last_mover":
            return lambda state, mech: mech.last_mover if mech.last_mover >= 0 else mech.acting
        if start == "next":
            return lambda state, mech: next_seat(mech, state.n, mech.acting)
        return lambda state, mech: mech.acting

    # -- the program ---------------------------------------------------------------------------

    def build(self) -> list[ops.Op]:
        self.emit(ops.RoundStart(-1 if self.spec.order == "counterclockwise" else 1))
        self.stages(self.spec.round, "round")
        self.round_end.pc = self.here()
        self.stages(self.spec.round_end.then, "round_end/then")
        self.emit(ops.EndRound(self.c.per_players(self.spec.rounds)))
        return self.program

    def stages(self, stages: list[Any], where: str) -> None:
        for index, stage in enumerate(stages):
            self.where = f"{where}/{index}"
            handler = getattr(self, f"stage_{stage.stage}", None)
            if handler is None:
                build_bets.STAGES[stage.stage](self, stage)
            else:
                handler(stage)

    where: str = ""
    """The path of the stage being compiled."""

    def stage_deal(self, stage: structure.DealStage) -> None:
        counts = (
            self.c.per_players(stage.count)
            if stage.count is not None
            else (None,) * (self.c.max_players + 1)
        )
        layout = self.c.layout
        deck_kind = self.deck.kind
        self.emit(
            ops.DealOp(
                self.c.zone(stage.to).index if stage.to is not None else -1,
                tuple(counts),
                self.zone(stage.rest) if stage.rest is not None else None,
                tuple(
                    z.index
                    for z in layout.player_zones
                    if layout.tables[z.kind] is self.deck or z.kind == deck_kind
                ),
                tuple(
                    z.index
                    for z in layout.shared_zones
                    if layout.tables[z.kind] is self.deck or z.kind == deck_kind
                ),
            )
        )

    def stage_move(self, stage: structure.MoveStage) -> None:
        if isinstance(stage.to, list) or stage.match is not None:
            self.place(stage)
            return
        self.emit(
            ops.MoveCards(
                self.zone(stage.from_),
                self.zone(stage.to),
                None if stage.count == "all" else stage.count,
                stage.which,
                self.deck.predicate(stage.where) if stage.where else None,
                stage.fill_to,
                stage.who,
                stage.to_who if isinstance(stage.to_who, str | None) else stage.to_who.by_round,
                self.zone(stage.reshuffle) if stage.reshuffle else None,
                by=self.numbers(stage.by) if stage.by else None,
                sets=(self.column(stage.sets.same), stage.sets.size) if stage.sets else None,
            )
        )

    def place(self, stage: structure.MoveStage) -> None:
        """A move that places each card where it fits, running `otherwise` for a card that
        fits nowhere."""
        otherwise, after = ops.Label(), ops.Label()
        where = self.where
        targets = stage.to if isinstance(stage.to, list) else [stage.to]
        self.emit(
            PlaceCards(
                self.zone(stage.from_),
                tuple(self.zone(t) for t in targets),
                self.relation(stage.match) if stage.match else None,
                None if stage.count == "all" else stage.count,
                stage.which,
                self.deck.predicate(stage.where) if stage.where else None,
                self.numbers(stage.by) if stage.by else None,
                "current" if stage.who == "each" else stage.who,
                otherwise,
            )
        )
        self.emit(ops.Jump(after))
        otherwise.pc = self.here()
        self.stages(stage.otherwise, f"{where}/otherwise")
        after.pc = self.here()

    def stage_turns(self, stage: structure.TurnsStage) -> None:
        exit_, turn_end = ops.Label(), ops.Label()
        begin = ops.TurnsBegin(
            self.reg(),
            self.start(stage.start),
            self.check(stage.while_),
            self.check(stage.skip),
            exit_,
        )
        body = self.emit(begin) + 1
        self.loops.append(("turns", exit_, turn_end))
        self.stages(stage.turn, f"{self.where}/turn")
        self.loops.pop()
        turn_end.pc = self.here()
        most = stage.max or DEFAULT_TURNS_PER_CARD * max(self.deck.size, 1)
        self.emit(ops.TurnsEnd(begin, self.check(stage.until), stage.once, most, body, exit_))
        exit_.pc = self.here()

    def stage_choose(self, stage: structure.ChooseStage) -> None:
        otherwise, after = ops.Label(), ops.Label()
        where = self.where
        rules = [self.move(move) for move in stage.moves]
        self.paths[self.emit(ops.Choose(tuple(rules), (), otherwise, after))] = where
        for index, (rule, move) in enumerate(zip(rules, stage.moves, strict=True)):
            stop_exit = self.innermost("repeat") if move.move == "stop" else None
            if move.then:
                rule.then_label = ops.Label(self.here())
                self.stages(move.then, f"{where}/moves/{index}/then")
                self.emit(ops.Jump(stop_exit or after))
            elif stop_exit is not None:
                rule.then_label = stop_exit
        otherwise.pc = self.here()
        self.stages(stage.otherwise, f"{where}/otherwise")
        after.pc = self.here()

    def innermost(self, kind: str) -> ops.Label | None:
        for loop, exit_, _ in reversed(self.loops):
            if loop == kind:
                return exit_
        return None

    def stage_simultaneous(self, stage: structure.SimultaneousStage) -> None:
        source = self.zone(stage.from_)
        rule = PickMove(
            kind="pick",
            decision=stage.decision or "pick",
            says=stage.says or "",
            when=None,
            size=self.deck.size,
            source=source,
            where=self.deck.predicate(stage.where) if stage.where else None,
            count=stage.count,
        )
        self.rules.append(rule)
        exit_ = ops.Label()
        where = self.where
        by = self.numbers(stage.by) if stage.by else None
        counts_turn = self.innermost("turns") is None
        self.paths[self.emit(ops.Simultaneous(rule, stage.reveal, by, counts_turn))] = where
        reveal = self.emit(ops.RevealNext(self.reg(), source, exit_))
        hidden = stage.reveal == "none"
        self.unrevealed += hidden
        self.stages(stage.then, f"{where}/then")
        self.unrevealed -= hidden
        self.emit(ops.Jump(ops.Label(reveal)))
        exit_.pc = self.here()

    def stage_repeat(self, stage: structure.RepeatStage) -> None:
        exit_ = ops.Label()
        begin = ops.RepeatBegin(self.reg(), self.check(stage.while_), exit_)
        body = self.emit(begin) + 1
        self.loops.append(("repeat", exit_, None))
        self.stages(stage.stages, f"{self.where}/stages")
        self.loops.pop()
        most = stage.max or DEFAULT_REPEATS_PER_CARD * max(self.deck.size, 1)
        self.emit(ops.RepeatEnd(begin, self.check(stage.until), most, body, exit_))
        exit_.pc = self.here()

    def stage_each_player(self, stage: structure.EachPlayerStage) -> None:
        exit_ = ops.Label()
        begin = ops.EachBegin(self.reg(), self.start(stage.start))
        body = self.emit(begin) + 1
        self.stages(stage.stages, f"{self.where}/stages")
        self.emit(ops.EachEnd(begin, body, exit_))
        exit_.pc = self.here()

    def stage_if(self, stage: structure.IfStage) -> None:
        otherwise, end = ops.Label(), ops.Label()
        test = self.check(stage.when)
        assert test is not None
        where = self.where
        self.emit(ops.If(test, otherwise))
        self.stages(stage.then, f"{where}/then")
        if stage.else_:
            self.emit(ops.Jump(end))
            otherwise.pc = self.here()
            self.stages(stage.else_, f"{where}/else")
            end.pc = self.here()
        else:
            otherwise.pc = self.here()

    def stage_effects(self, stage: structure.EffectsStage) -> None:
        self.emit(ops.Effects(self.c.effects(stage.effects, "staged"), stage.who))

    def stage_award(self, stage: structure.AwardStage) -> None:
        best = stage.best
        self.emit(
            ops.Award(
                self.zone(stage.zone),
                self.zone(stage.to) if stage.to else None,
                self.numbers(best.field),
                best.highest,
                self.column(best.follow) if best.follow else None,
                self.deck.predicate(best.trump) if best.trump else None,
                stage.ties == "first",
            )
        )

    def stage_finish(self, stage: structure.FinishStage) -> None:
        self.emit(ops.Finish(tuple(self.c.effects(e, "finish") for e in stage.effects)))

    def stage_target(self, stage: structure.TargetStage) -> None:
        """A choice of one seat: a `choose` of its own, `then` after it, `otherwise` when
        nobody may be chosen."""
        otherwise, after = ops.Label(), ops.Label()
        where = self.where
        rule = TargetMove(
            kind="target",
            decision=stage.decision or "target",
            says=stage.says or "",
            when=None,
            size=self.c.max_players,
            include_self=stage.who == "any",
            where=self.check(stage.where),
        )
        self.rules.append(rule)
        self.paths[self.emit(ops.Choose((rule,), (), otherwise, after))] = where
        rule.then_label = ops.Label(self.here())
        self.stages(stage.then, f"{where}/then")
        self.emit(ops.Jump(after))
        otherwise.pc = self.here()
        self.stages(stage.otherwise, f"{where}/otherwise")
        after.pc = self.here()

    def stage_eliminate(self, stage: structure.EliminateStage) -> None:
        self.wagers = True  # a player put out is folded: the state keeps the folds
        self.emit(Eliminate(stage.who))

    def stage_order(self, stage: structure.OrderStage) -> None:
        self.emit(ops.Order(stage.reverse, stage.skip))

    def stage_break(self, stage: structure.BreakStage) -> None:
        if stage.out_of == "round":
            self.emit(ops.Jump(self.round_end))
            return
        for loop, exit_, turn_end in reversed(self.loops):
            if stage.out_of == "turn" and loop == "turns" and turn_end is not None:
                self.emit(ops.Jump(turn_end))
                return
            if loop == stage.out_of:
                self.emit(ops.Jump(exit_))
                return
        # validation refuses a break outside its loop; compiled alone it does nothing

    def stage_automaton(self, stage: structure.AutomatonStage) -> None:
        self.stages(stage.stages, f"{self.where}/stages")

    def stage_use(self, stage: structure.UseStage) -> None:
        if stage.name in self.using:  # validation refuses a fragment that uses itself
            return
        self.using.append(stage.name)
        self.stages(self.spec.defines[stage.name], f"{self.where}:{stage.name}")
        self.using.pop()

    # -- moves ---------------------------------------------------------------------------------

    def move(self, move: Any) -> MoveRule:
        common = {
            "kind": move.move,
            "decision": move.decision or move.move,
            "says": move.says or "",
            "when": self.check(move.when),
        }
        rule: MoveRule
        size = self.deck.size
        if move.move in ("play", "take"):
            target_of: tuple[int, ...] | None = None
            if isinstance(move.to, structure.ByField):
                targets = list(dict.fromkeys(move.to.zones.values()))
                chosen = {value: targets.index(zone) for value, zone in move.to.zones.items()}
                target_of = tuple(chosen.get(str(v), -1) for v in self.column(move.to.by))
            else:
                targets = move.to if isinstance(move.to, list) else [move.to]
            count = move.count
            low, high, same = (
                (count, count, None)
                if isinstance(count, int)
                else (count.min, count.max, count.same)
            )
            rule = CardMove(
                **common,
                size=size * len(targets) if high == 1 else size + 1,
                source=self.zone(move.from_),
                source_who=move.from_who,
                targets=tuple(self.zone(t) for t in targets),
                target_who=move.to_who,
                deck=size,
                low=low,
                high=high,
                same=self.column(same) if same else None,
                where=self.deck.predicate(move.where) if move.where else None,
                relation=self.relation(move.match) if move.match else None,
                beats=self.numbers(move.beats.field) if move.beats else None,
                same_count=move.beats.same_count if move.beats else True,
                follow=(self.zone(move.follow.zone), self.column(move.follow.field))
                if move.follow
                else None,
                room=move.room,
                target_of=target_of,
                except_moved=move.except_moved,
            )
        elif move.move == "draw":
            sources = move.from_ if isinstance(move.from_, list) else [move.from_]
            targets = move.to if isinstance(move.to, list) else [move.to]
            rule = DrawMove(
                **common,
                size=len(sources) * len(targets),
                sources=tuple(self.zone(s) for s in sources),
                targets=tuple(self.zone(t) for t in targets),
                count=move.count,
                reshuffle=self.zone(move.reshuffle) if move.reshuffle else None,
                take_back=move.take_back,
                room=move.room,
            )
        elif move.move == "take_all":
            sources = move.from_ if isinstance(move.from_, list) else [move.from_]
            rule = TakeAllMove(
                **common,
                size=len(sources),
                sources=tuple(self.zone(s) for s in sources),
                target=self.zone(move.to),
                allow_empty=move.allow_empty,
                closes=move.closes == "round",
            )
        elif move.move == "pass":
            rule = PassMove(**common)
        elif move.move == "option":
            rule = OptionMove(**common)
        elif move.move == "stop":
            rule = StopMove(**common)
        elif move.move == "pay":
            rule = build_bets.pay_move(self, move, common)
        elif move.move == "call":
            values = tuple(
                move.values
                if move.values
                else dict.fromkeys(v for v in self.column(move.field) if v is not None)
            )
            rule = CallMove(
                **common,
                size=max(len(values), 1),
                field=move.field,
                values=values,
                zone=self.zone(move.zone),
            )
        elif move.move == "ask":
            rule = ask_rule(
                common,
                move,
                self.zone(move.from_),
                self.zone(move.to),
                self.column(move.field),
                self.deck.ids,
                self.c.max_players - 1,
            )
            rule.only_target = move.who == "target"
        elif move.move == "capture":
            rule = capture_rule(common, move, self.zone, self.numbers(move.field))
        else:
            rule = FlipMove(
                **common, size=size, source=self.zone(move.from_), target=self.zone(move.to)
            )
        self.rules.append(rule)
        return rule

    def relation(self, match: structure.Match) -> Relation:
        step = match.step
        values: tuple[int | None, ...] | None = None
        wrap = 0
        if step is not None:
            values = self.numbers(step.field)
            if step.wrap:
                ordered = sorted({v for v in values if v is not None})
                wrap = len(ordered)
                values = tuple(ordered.index(v) if v is not None else None for v in values)
        climb: tuple[int | None, ...] | None = None
        if match.climb is not None:
            sign = -1 if match.climb.direction == "descending" else 1
            climb = tuple(
                v * sign if v is not None else None for v in self.numbers(match.climb.field)
            )
        return Relation(
            climb=climb,
            strict=match.climb.strict if match.climb is not None else False,
            closest=match.climb.closest if match.climb is not None else False,
            among=self.column(match.among) if match.among else None,
            zone=self.zone(match.zone) if match.zone else None,
            first=match.card == "first",
            same=tuple((name, self.column(name)) for name in match.same),
            step_values=values,
            steps=frozenset(step.by) if step is not None else frozenset(),
            wrap=wrap,
            wild=self.deck.predicate(match.wild) if match.wild else None,
            empty_fits=match.empty == "any",
            size=self.deck.size,
        )
