"""Semantic checks of a staged structure against the rest of the game: every zone, field and
fragment a stage names exists and is of the right owner; loops can end; `stop` and `break`
sit inside what they leave."""

from __future__ import annotations

from typing import Any

from toolkit.diagnostics import did_you_mean
from toolkit.mechanics.base import Path, StructureChecks, check_rounds
from toolkit.mechanics.staged import validation_bets, validation_target
from toolkit.mechanics.staged import validation_rows as rows
from toolkit.mechanics.staged.runtime import RESERVED
from toolkit.mechanics.staged.structure import MOST_SUM, ByField, Staged
from toolkit.schema.filters import card_matches


class StagedChecker:
    def __init__(self, structure: Staged, checks: StructureChecks) -> None:
        self.structure = structure
        self.checks = checks
        self.fields = checks.fields_of("deck") | {"id"}
        self.player_zones = checks.zone_ids("player")
        self.shared_zones = checks.zone_ids("shared")
        kind = checks.deck_kind()
        pooled = kind is not None and checks.suits_kind() is None
        self.deck_cards = [card for _, card in checks.cards(kind)] if pooled and kind else []
        """The deck's cards when it is a pool of declared cards (a filter is tried on them)."""
        self.reads_got: list[Path] = []
        """Where a `got` check is read (an `ask` or a `capture` must set it)."""
        self.reads_claim: list[tuple[Path, str]] = []
        """Where a `claim` check is read, and its zone (a `call` for that zone must make it)."""
        self.reads_closed: list[tuple[Path, str]] = []
        """Where a `closed` check is read, and its zone (a `take_all` must close it)."""

    def got_is_set(self) -> None:
        """A `got` check reads the last ask or capture: a game without either never sets it."""
        from toolkit.mechanics.staged.structure import walk

        written = [*self.structure.round, *self.structure.round_end.then]
        for stages in self.structure.defines.values():
            written += stages
        if any(getattr(item, "move", None) in ("ask", "capture") for item in walk(written)):
            return
        for path in self.reads_got:
            self.checks.error(
                (*path, "got"),
                "invalid-value",
                "'got' reads the last ask or capture, but no 'ask' or 'capture' move sets it",
                "offer {move: ask} or {move: capture}, or test something else",
            )

    def claims_are_made(self) -> None:
        """A `claim` check reads what a `call` said of a zone: a zone no `call` names never
        holds a claim, so the check could never hold."""
        from toolkit.mechanics.staged.structure import walk

        written = [*self.structure.round, *self.structure.round_end.then]
        for stages in self.structure.defines.values():
            written += stages
        called = {item.zone for item in walk(written) if getattr(item, "move", None) == "call"}
        for path, zone in self.reads_claim:
            if zone not in called and zone in self.shared_zones:  # else: refused by its name
                self.checks.error(
                    (*path, "claim"),
                    "invalid-value",
                    f"'claim' reads what was called for '{zone}', but no 'call' move names it",
                    f"after the play, offer {{move: call, field: ..., zone: {zone}}}",
                )

    def run(self) -> None:
        path: Path = ("structure",)
        check_rounds(self.checks, self.structure.rounds)
        for name, stages in self.structure.defines.items():
            self.stages((*path, "defines", name), stages, ())
            self.uses_itself((*path, "defines", name), name, stages, [name])
        self.stages((*path, "round"), self.structure.round, ())
        end = self.structure.round_end
        for index, check in enumerate(end.when):
            self.check((*path, "round_end", "when", index), check)
        self.stages((*path, "round_end", "then"), end.then, ())
        self.got_is_set()
        self.claims_are_made()
        rows.closes_are_made(self)

    # -- names ---------------------------------------------------------------------------------

    def zone(self, path: Path, zone: str, owner: str | None = None, reserved: bool = False) -> None:
        if reserved and zone in RESERVED:
            return
        if zone in RESERVED and zone not in self.player_zones + self.shared_zones:
            self.checks.error(
                path,
                "invalid-value",
                f"'{zone}' ({RESERVED[zone].name}) is only the 'from' of a 'move' stage",
                f"move them first ({{stage: move, from: {zone}, to: ZONE}}), then name that "
                "zone here",
            )
            return
        known = self.player_zones + self.shared_zones + (list(RESERVED) if reserved else [])
        if not self.checks.known(path, zone, known, "zone"):
            return
        if owner == "player" and zone in self.shared_zones:
            self.checks.error(
                path,
                "invalid-value",
                f"'{zone}' is a shared zone; this needs a player zone",
                "name one of the players' zones, or set 'owner: player' on the zone",
            )
        if owner == "shared" and zone in self.player_zones:
            self.checks.error(
                path,
                "invalid-value",
                f"'{zone}' is a player zone; this needs a shared zone",
                "name a shared zone, or set 'owner: shared' on the zone",
            )

    def field(self, path: Path, name: str) -> bool:
        return self.checks.known(path, name, sorted(self.fields), "card field")

    def values(self, name: str) -> set[str] | None:
        """The values the deck's cards have for a field they declare (None when the deck's
        cards are made from suits and ranks, or do not declare it)."""
        kind = self.checks.deck_kind()
        if kind is None or self.checks.suits_kind() is not None:
            return None
        if name not in self.checks.fields_of(kind):
            return None
        found = (getattr(card, name, None) for _, card in self.checks.cards(kind))
        return {str(value) for value in found if value is not None}

    def card_filter(self, path: Path, where: dict[str, Any] | None) -> None:
        known = True
        for name in where or {}:
            if name != "face_up":
                known = self.field((*path, name), name) and known
        if (
            where
            and known
            and self.deck_cards
            and not any(card_matches(card, where) for card in self.deck_cards)
            and not self.unheld_value(path, where)
        ):
            self.checks.error(
                path,
                "no-matching-card",
                "no card of the deck matches this filter: what it allows can never happen",
                "check the values against the card files (a typo, or a value no card has)",
            )

    def unheld_value(self, path: Path, where: dict[str, Any]) -> bool:
        """Report, at the filter, a text value no card of the deck has (a typo gets its
        closest spelling); whether there was one."""
        for name, wanted in where.items():
            held = self.values(name)
            values = wanted if isinstance(wanted, list) else [wanted]
            for value in values:
                if held and isinstance(value, str) and value not in held:
                    self.checks.error(
                        path,
                        "no-matching-card",
                        f"no card of the deck has {name} '{value}'",
                        did_you_mean(value, held),
                    )
                    return True
        return False

    def check(self, path: Path, check: Any) -> None:
        if check is None:
            return
        if check.got is not None:
            self.reads_got.append(path)
        if check.claim is not None:
            self.zone((*path, "claim"), check.claim, "shared")
            self.reads_claim.append((path, check.claim))
        if check.closed is not None:
            self.zone((*path, "closed"), check.closed, "shared")
            self.reads_closed.append((path, check.closed))
        for name in ("all", "any"):
            for index, part in enumerate(getattr(check, name) or []):
                self.check((*path, name, index), part)
        if check.not_ is not None:
            self.check((*path, "not"), check.not_)
        for name in ("empty", "count"):
            zone = getattr(check, name)
            if zone is not None:
                self.zone((*path, name), zone)
        for name in ("sum", "repeats"):
            spec = getattr(check, name)
            if spec is not None:
                self.zone((*path, name, "zone"), spec.zone)
                if name == "sum":
                    self.numeric_field((*path, name, "field"), spec.field, "so it adds up to 0")
                else:
                    self.field((*path, name, "field"), spec.field)
        self.card_filter((*path, "where"), check.where)
        self.card_filter((*path, "card"), check.card)
        if check.measure is not None:
            self.measure((*path, "measure"), check.measure)
        for name in ("at_least", "at_most", "above", "below", "equals"):
            bound = getattr(check, name)
            if bound is not None and not isinstance(bound, int | float):
                self.measure((*path, name, "measure"), bound.measure)

    def measure(self, path: Path, measure: Any) -> None:
        """A measure's zone, resource, track or computed fields are the game's (`path`: the
        measure's own)."""
        if measure.computed is not None and measure.computed_key is not None:
            from toolkit.rules.measures.computed import check_computed

            key = measure.computed_key
            check_computed(self.checks, (*path, key), measure.computed)
        if measure.count is not None:
            self.zone((*path, "count"), measure.count)
        if measure.resource is not None:
            self.checks.known(
                (*path, "resource"), measure.resource, self.checks.resource_ids(), "resource"
            )
        if measure.track is not None:
            self.checks.known((*path, "track"), measure.track, self.checks.track_ids(), "track")

    def uses_itself(self, path: Path, name: str, stages: list[Any], chain: list[str]) -> None:
        from toolkit.mechanics.staged.structure import walk

        for stage in walk(stages):
            if getattr(stage, "stage", None) == "use":
                if stage.name == chain[0]:
                    self.checks.error(
                        path,
                        "invalid-value",
                        f"fragment '{name}' uses itself ({' -> '.join([*chain, stage.name])})",
                        "a fragment may use others, never itself: use 'repeat' for a loop",
                    )
                    return
                if stage.name in self.structure.defines and stage.name not in chain:
                    self.uses_itself(
                        path, name, self.structure.defines[stage.name], [*chain, stage.name]
                    )

    # -- stages --------------------------------------------------------------------------------

    def stages(self, path: Path, stages: list[Any], loops: tuple[str, ...]) -> None:
        for index, stage in enumerate(stages):
            self.stage((*path, index), stage, loops)
            if stage.stage == "break" and index + 1 < len(stages):
                self.checks.error(
                    (*path, index + 1),
                    "unreachable-stage",
                    f"this stage is never reached: the 'break' before it always leaves the "
                    f"{stage.out_of}",
                    "move it before the break, or put the break inside an 'if'",
                )

    def stage(self, path: Path, stage: Any, loops: tuple[str, ...]) -> None:
        kind = stage.stage
        if kind == "deal":
            if stage.to is not None:
                self.zone((*path, "to"), stage.to, "player")
            if stage.rest is not None:
                self.zone((*path, "rest"), stage.rest, "shared")
            if stage.count is not None:
                self.checks.check_amount((*path, "count"), stage.count)
        elif kind == "move":
            self.zone((*path, "from"), stage.from_, reserved=True)
            if isinstance(stage.to, list) or stage.match is not None:
                rows.placed(self, path, stage)
                self.stages((*path, "otherwise"), stage.otherwise, loops)
            else:
                self.zone((*path, "to"), stage.to)
                rows.no_otherwise(self, path, stage)
            if stage.reshuffle is not None:
                self.zone((*path, "reshuffle"), stage.reshuffle)
            self.card_filter((*path, "where"), stage.where)
            validation_bets.which_by(self, path, stage)
            if stage.sets is not None:
                self.field((*path, "sets", "same"), stage.sets.same)
        elif kind == "turns":
            if isinstance(stage.start, dict):
                self.card_filter((*path, "start"), stage.start)
            for name in ("until", "while_", "skip"):
                self.check((*path, name.rstrip("_")), getattr(stage, name))
            if (
                stage.until is None
                and stage.while_ is None
                and not stage.once
                and stage.max is None
                and not self.structure.round_end.when
                and not self.leaves(stage.turn, "turns")
            ):
                self.checks.error(
                    path,
                    "loop-never-ends",
                    "these turns never end: nothing stops them",
                    "add 'until' (e.g. {until: {empty: hand, who: any}}), 'once: true', "
                    "'max', a 'break', or a round-end trigger ('round_end: {when: [...]}')",
                )
            self.stages((*path, "turn"), stage.turn, (*loops, "turns"))
        elif kind == "choose":
            named: dict[str, int] = {}
            for index, move in enumerate(stage.moves):
                self.move((*path, "moves", index), move, loops)
                if move.decision is not None and named.setdefault(move.decision, index) != index:
                    self.checks.error(
                        (*path, "moves", index, "decision"),
                        "duplicate-id",
                        f"two moves of this choice are called '{move.decision}' (the first is "
                        f"move {named[move.decision] + 1}): players and strategies could not "
                        "tell them apart",
                        "give each move of a choice its own decision",
                    )
            self.stages((*path, "otherwise"), stage.otherwise, loops)
        elif kind == "simultaneous":
            self.zone((*path, "from"), stage.from_, "player")
            self.card_filter((*path, "where"), stage.where)
            if stage.by is not None:
                self.numeric_field((*path, "by"), stage.by, "so the picks cannot be ordered by it")
            elif stage.reveal in ("ascending", "descending"):
                self.checks.error(
                    (*path, "reveal"),
                    "invalid-value",
                    f"a reveal in {stage.reveal} order needs 'by': the field that orders it",
                    "add e.g. 'by: value'",
                )
            self.stages((*path, "then"), stage.then, loops)
        elif kind == "repeat":
            self.check((*path, "until"), stage.until)
            self.check((*path, "while"), stage.while_)
            if (
                stage.until is None
                and stage.while_ is None
                and stage.max is None
                and not self.leaves(stage.stages, "repeat")
            ):
                self.checks.error(
                    path,
                    "loop-never-ends",
                    "this repeat never ends: it has no 'until', 'while' or 'max', and no "
                    "'stop' move or 'break' inside",
                    "add 'until', 'while' or 'max', or offer {move: stop} in a 'choose'",
                )
            self.stages((*path, "stages"), stage.stages, (*loops, "repeat"))
        elif kind == "each_player":
            self.stages((*path, "stages"), stage.stages, loops)
        elif kind == "if":
            self.check((*path, "when"), stage.when)
            self.stages((*path, "then"), stage.then, loops)
            self.stages((*path, "else"), stage.else_, loops)
        elif kind == "award":
            self.zone((*path, "zone"), stage.zone, "shared")
            if stage.to is not None:
                self.zone((*path, "to"), stage.to, "player")
            self.field((*path, "best", "field"), stage.best.field)
            if stage.best.follow is not None:
                self.field((*path, "best", "follow"), stage.best.follow)
            self.card_filter((*path, "best", "trump"), stage.best.trump)
        elif kind == "break":
            if stage.out_of in ("repeat", "turns") and stage.out_of not in loops:
                self.checks.error(
                    (*path, "out_of"),
                    "invalid-value",
                    f"'break' out of a {stage.out_of} that is not around it",
                    "move the break inside the loop, or break out of 'round'",
                )
            if stage.out_of == "turn" and "turns" not in loops:
                self.checks.error(
                    (*path, "out_of"),
                    "invalid-value",
                    "'break' out of a turn outside any 'turns' stage",
                    "move it inside a 'turns' stage's 'turn'",
                )
        elif kind == "automaton":
            self.stages((*path, "stages"), stage.stages, loops)
        elif kind == "target":
            self.check((*path, "where"), stage.where)
            self.stages((*path, "then"), stage.then, loops)
            self.stages((*path, "otherwise"), stage.otherwise, loops)
        elif kind == "use":
            self.checks.known(
                (*path, "name"), stage.name, list(self.structure.defines), "fragment in 'defines'"
            )
        elif kind in validation_bets.STAGES:
            validation_bets.stage(self, path, stage)

    def called_values(self, path: Path, move: Any) -> None:
        """Each value a `call` offers is one some card has in the field (else it fits none)."""
        kind = self.checks.deck_kind()
        if not move.values or kind is None or move.field not in self.fields:
            return
        held = {getattr(card, move.field, None) for _, card in self.checks.cards(kind)}
        names = sorted(str(v) for v in held if v is not None)
        for index, value in enumerate(move.values):
            if value not in held:
                self.checks.known((*path, "values", index), str(value), names, move.field)

    def ranking_field(self, path: Path, name: str) -> None:
        """A field that picks the highest or lowest card: some card must hold a number in it,
        else every card ranks alike and the first in the deck's order would be taken."""
        self.numeric_field(path, name, "so cards cannot be ranked by it")

    def numeric_field(self, path: Path, name: str, why: str) -> None:
        """A field read as a number (ranked, added up): some card must hold a number in it;
        `why` says what goes wrong otherwise."""
        kind = self.checks.deck_kind()
        if not self.field(path, name) or kind is None or self.checks.suits_kind() is not None:
            return
        cards = [card for _, card in self.checks.cards(kind)]

        def numeric(field: str) -> bool:
            values = (getattr(card, field, None) for card in cards)
            return any(isinstance(v, int) and not isinstance(v, bool) for v in values)

        if name in self.checks.fields_of(kind) and not numeric(name):
            fields = sorted(f for f in self.checks.fields_of(kind) if numeric(f))
            self.checks.error(
                path,
                "not-numeric",
                f"no card has a number in '{name}', {why}",
                f"name a numeric field: {', '.join(fields)}" if fields else "",
            )

    def summed_field(self, path: Path, name: str) -> None:
        """A capture adds up a field: some card must hold a positive whole number in it."""
        kind = self.checks.deck_kind()
        if kind is None or self.checks.suits_kind() is not None or name == "id":
            return
        if name not in self.checks.fields_of(kind):
            return
        found = [getattr(card, name, None) for _, card in self.checks.cards(kind)]
        numbers = [v for v in found if isinstance(v, int) and not isinstance(v, bool) and v > 0]
        if not numbers:
            self.checks.error(
                path,
                "invalid-value",
                f"no card has a positive number in '{name}': no capture can ever add up",
                "name a numeric field (a value, a rank)",
            )
        elif max(numbers) > MOST_SUM:
            self.checks.error(
                path,
                "out-of-range",
                f"a capture adds up to at most {MOST_SUM}, but a card has {max(numbers)} in "
                f"'{name}'",
                "use smaller values (the sums a capture tracks grow with them)",
            )

    def leaves(self, stages: list[Any], loop: str) -> bool:
        """Whether something inside can leave the loop (a stop, a break, a pass ending it)."""
        from toolkit.mechanics.staged.structure import walk

        for item in walk(stages):
            if getattr(item, "move", None) == "stop" and loop == "repeat":
                return True
            if getattr(item, "stage", None) == "break" and item.out_of in (loop, "round"):
                return True
        return False

    def move(self, path: Path, move: Any, loops: tuple[str, ...]) -> None:
        kind = move.move
        self.check((*path, "when"), move.when)
        if kind == "option" and move.decision is None:
            self.checks.error(
                (*path, "move"),
                "invalid-value",
                "an option is known by its name: it needs a 'decision'",
                "name it as players would say it: {move: option, decision: let_by}",
            )
        if kind in ("play", "take"):
            self.zone((*path, "from"), move.from_)
            if isinstance(move.to, ByField):
                self.field((*path, "to", "by"), move.to.by)
                values = self.values(move.to.by)
                for value, target in move.to.zones.items():
                    if values is not None and value not in values:
                        self.checks.known(
                            (*path, "to", "zones", value), value, sorted(values), move.to.by
                        )
                    self.zone((*path, "to", "zones", value), target)
                targets = list(dict.fromkeys(move.to.zones.values()))
            else:
                targets = move.to if isinstance(move.to, list) else [move.to]
                for index, target in enumerate(targets):
                    self.zone(
                        (*path, "to", index) if isinstance(move.to, list) else (*path, "to"),
                        target,
                    )
            self.card_filter((*path, "where"), move.where)
            count = move.count
            if not isinstance(count, int):
                if count.min > count.max:
                    self.checks.error(
                        (*path, "count"),
                        "invalid-value",
                        f"'min' ({count.min}) is above 'max' ({count.max})",
                        "swap them",
                    )
                if count.same is not None:
                    self.field((*path, "count", "same"), count.same)
                if count.max > 1 and len(targets) > 1:
                    self.checks.error(
                        (*path, "to"),
                        "invalid-value",
                        "a move of several cards goes to one zone",
                        "name one zone in 'to', or offer one move per zone",
                    )
            if move.match is not None:
                rows.match_fields(self, path, move.match)
                if move.match.climb is not None:
                    rows.closest_has_rows(self, path, move)
            if move.beats is not None:
                self.field((*path, "beats", "field"), move.beats.field)
            if move.follow is not None:
                self.zone((*path, "follow", "zone"), move.follow.zone)
                self.field((*path, "follow", "field"), move.follow.field)
        elif kind in ("draw", "take_all"):
            sources = move.from_ if isinstance(move.from_, list) else [move.from_]
            for index, source in enumerate(sources):
                self.zone(
                    (*path, "from", index) if isinstance(move.from_, list) else (*path, "from"),
                    source,
                )
            if kind == "draw":
                rows.draw_targets(self, path, move)
            else:
                self.zone((*path, "to"), move.to, "player")
                rows.closes_shared(self, path, move)
            if kind == "draw" and move.reshuffle is not None:
                self.zone((*path, "reshuffle"), move.reshuffle)
        elif kind == "call":
            self.field((*path, "field"), move.field)
            self.zone((*path, "zone"), move.zone, "shared")
            self.called_values(path, move)
        elif kind == "flip":
            self.zone((*path, "from"), move.from_, "player")
            self.zone((*path, "to"), move.to, "player")
        elif kind == "pay":
            validation_bets.move(self, path, move)
        elif kind == "ask":
            self.zone((*path, "from"), move.from_, "player")
            self.zone((*path, "to"), move.to, "player")
            if self.field((*path, "field"), move.field) and self.values(move.field) == set():
                self.checks.error(
                    (*path, "field"),
                    "no-matching-card",
                    f"no card has a value of '{move.field}': nothing can ever be asked for",
                    "name a field the cards fill in (a rank, a family)",
                )
        elif kind == "capture":
            self.zone((*path, "from"), move.from_, "player")
            self.zone((*path, "table"), move.table, "shared")
            self.zone((*path, "to"), move.to, "player")
            if self.field((*path, "field"), move.field):
                self.summed_field((*path, "field"), move.field)
        elif kind == "stop" and "repeat" not in loops:
            self.checks.error(
                path,
                "invalid-value",
                "'stop' ends a repeat, but no 'repeat' stage is around this move",
                "put the 'choose' inside a {stage: repeat}, or offer {move: pass} instead",
            )
        self.stages((*path, "then"), move.then, loops)


def check(structure: Staged, checks: StructureChecks) -> None:
    StagedChecker(structure, checks).run()
    validation_target.check(structure, checks)
