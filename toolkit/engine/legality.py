"""Whether a hand-written end position could arise under the game's rules.

A position typed by hand is scored as written, so one the rules could never produce (cards the
setup never puts in play together, more rides of a level than the limit lets a player take,
coins the cleanup would have discarded) would give a total that means nothing. Each check reads
the rules data alone (setup steps, the `acquire` effects' group limits and requirements, the
mechanic's round-end effects, resource supplies) and reports every offending entry at its place
in the position file.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from toolkit.content.models.manifest import Game as Manifest
from toolkit.content.models.position import (
    UNKNOWN,
    EndPosition,
    PlayerPosition,
    Position,
    SeatPosition,
)
from toolkit.content.project import GameContent, LoadedFile
from toolkit.diagnostics import Diagnostic
from toolkit.kernel.state import State
from toolkit.mechanics.registry import mechanic_kit
from toolkit.rules.effects.acquire import Acquire, GroupLimit
from toolkit.rules.effects.advance import Advance
from toolkit.rules.effects.base import EffectModel
from toolkit.rules.effects.cap_resource import CapResource
from toolkit.rules.primitive import Primitive, walk_one
from toolkit.rules.setup.base import OptionIs
from toolkit.rules.setup.choose_per_group import ChoosePerGroup
from toolkit.rules.setup.give_resource import GiveResource

CODE = "illegal-position"


@dataclass(frozen=True, slots=True)
class Held:
    """One card entry of the position: `players[seat].zones[zone][index]`."""

    seat: int
    zone: str
    index: int
    card: str

    @property
    def path(self) -> tuple[str | int, ...]:
        return ("players", self.seat, "zones", self.zone, self.index)


def legality_problems(
    content: GameContent, loaded: LoadedFile, state: State, *, ended: bool = True
) -> list[Diagnostic]:
    """Every way the position breaks the rules data, at the offending entry. A position
    before the game's end (`ended` false) has not been through the last round's cleanup."""
    position = loaded.model
    assert isinstance(position, EndPosition | Position)
    manifest = content.game
    kinds = {zone.id: zone.cards for zone in manifest.zones if zone.owner == "player"}
    players: Sequence[PlayerPosition | SeatPosition] = position.players
    held = [
        Held(seat, zone, index, card)
        for seat, player in enumerate(players)
        for zone, cards in player.zones.items()
        if not isinstance(cards, int)
        for index, card in enumerate(cards)
        if card != UNKNOWN
    ]
    effects = [p for p in _primitives(content) if isinstance(p, EffectModel)]
    check = _Check(content, loaded, position, state)
    for step in manifest.setup:
        if not isinstance(step, ChoosePerGroup) or not check.runs(step.when):
            continue
        # The chosen cards are the pool's only ones in play when no other step takes from
        # the pool and no other shared zone holds its kind.
        others = any(
            other is not step and getattr(other, "pool", None) == step.pool
            for other in manifest.setup
        )
        shared = [z.id for z in manifest.zones if z.owner == "shared" and z.cards == step.pool]
        if not others and shared == [step.to]:
            check.selection(step, [h for h in held if kinds.get(h.zone) == step.pool])
    for zone in sorted({e.to for e in effects if isinstance(e, Acquire)}):
        acquires = _sole_fillers(zone, effects, manifest)
        if not acquires or zone not in kinds:
            continue
        own = [h for h in held if h.zone == zone]
        limit = acquires[0].group_limit
        if limit is not None and all(a.group_limit == limit for a in acquires):
            check.group_limit(zone, kinds[zone], limit, own)
        field = acquires[0].requirements_field
        if field is not None and all(a.requirements_field == field for a in acquires):
            lowered = {e.track for e in effects if isinstance(e, Advance) and e.amount < 0}
            check.requirements(kinds[zone], field, lowered, own)
    structure = manifest.structure
    for effect in mechanic_kit(structure.mechanic).round_end_effects(structure):
        if ended and isinstance(effect, CapResource):
            check.cap(effect)
    gained = {resource for e in effects for resource in e.gains()}
    gained.update(mechanic_kit(structure.mechanic).gained_resources(structure))
    for resource in manifest.resources:
        check.supply(resource.id, resource.supply, resource.id in gained)
    return check.out


def _sole_fillers(zone: str, effects: list[EffectModel], manifest: Manifest) -> list[Acquire]:
    """The `acquire` effects putting cards into `zone`, if nothing else (no other effect, no
    setup step, not the mechanic) does: then their limits and requirements held for every
    card there."""
    fillers = [e for e in effects if zone in e.fills()]
    acquires = [e for e in fillers if isinstance(e, Acquire)]
    if len(acquires) < len(fillers) or zone in manifest.structure.fills():
        return []
    if any(zone in step.fills() for step in manifest.setup):
        return []
    return acquires


def _primitives(content: GameContent) -> Iterator[Primitive]:
    """Every rules primitive of the game, wherever it is written (manifest, card files)."""
    for loaded in content.all_files():
        yield from _found_in(loaded.model)


def _found_in(value: Any) -> Iterator[Primitive]:
    if isinstance(value, Primitive):
        for _, primitive in walk_one(value, ()):
            yield primitive
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from _found_in(getattr(value, name))
        for extra in (value.model_extra or {}).values():
            yield from _found_in(extra)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _found_in(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _found_in(item)


class _Check:
    """The checks, collecting positioned diagnostics."""

    def __init__(
        self,
        content: GameContent,
        loaded: LoadedFile,
        position: EndPosition | Position,
        state: State,
    ) -> None:
        self.content = content
        self.manifest: Manifest = content.game
        self.loaded = loaded
        self.players: Sequence[PlayerPosition | SeatPosition] = position.players
        self.names = [player.name for player in position.players]
        self.state = state
        self.out: list[Diagnostic] = []

    def error(self, path: tuple[str | int, ...], message: str, hint: str) -> None:
        self.out.append(self.loaded.diag(path, CODE, message, hint))

    def runs(self, when: OptionIs | None) -> bool:
        """Whether a setup step guarded by `when` runs with the position's options."""
        return when is None or self.state.options.get(when.option) == when.equals

    def field(self, kind: str, field: str) -> dict[str, Any]:
        """Each card id of a kind to its value of `field`."""
        return {card.id: getattr(card, field) for card in self.content.cards(kind)}

    def selection(self, step: ChoosePerGroup, held: list[Held]) -> None:
        """Cards of a pool setup chooses from can only be those it chose: `count` per group,
        never two of an exclusive set."""
        firsts: dict[str, Held] = {}
        for entry in held:
            firsts.setdefault(entry.card, entry)
        groups = self.field(step.pool, step.group_by)
        chosen: dict[Any, list[str]] = {}
        for card, entry in firsts.items():
            members = chosen.setdefault(groups[card], [])
            members.append(card)
            if len(members) > step.count:
                self.error(
                    entry.path,
                    f"'{card}' makes {len(members)} {step.pool} of {step.group_by} "
                    f"{groups[card]} in play; setup puts only {step.count} per {step.group_by} "
                    f"on the {step.to}",
                    f"players hold {', '.join(members)}: keep {step.count} of them",
                )
        for exclusive in step.exclusive:
            present = [card for card in firsts if card in exclusive]
            for card in present[1:]:
                self.error(
                    firsts[card].path,
                    f"'{card}' and '{present[0]}' are never in play in the same game",
                    f"setup never chooses {' and '.join(exclusive)} together: keep one of them",
                )

    def group_limit(self, zone: str, kind: str, limit: GroupLimit, held: list[Held]) -> None:
        """While the limit holds, a player takes at most `per_group` cards per group; once
        they hold every group (if that lifts it) anything goes, so only a player missing a
        group can be over the limit."""
        groups = self.field(kind, limit.field)
        every = sorted(set(groups.values()), key=str)
        for seat, name in enumerate(self.names):
            own = [entry for entry in held if entry.seat == seat]
            present = {groups[entry.card] for entry in own}
            missing = [value for value in every if value not in present]
            if limit.lifted_when_all_groups and not missing:
                continue
            counts: dict[Any, int] = {}
            for entry in own:
                value = groups[entry.card]
                counts[value] = counts.get(value, 0) + 1
                if counts[value] <= limit.per_group:
                    continue
                until = (
                    f" until they hold every {limit.field}" if limit.lifted_when_all_groups else ""
                )
                lacking = f" and none of {limit.field} {', '.join(map(str, missing))}"
                self.error(
                    entry.path,
                    f"{name} holds {counts[value]} {zone} cards of {limit.field} {value}"
                    f"{lacking if limit.lifted_when_all_groups else ''}: the rules allow "
                    f"{limit.per_group} per {limit.field}{until}",
                    f"remove '{entry.card}'"
                    + (
                        f" or add a card of {limit.field} {', '.join(map(str, missing))}"
                        if limit.lifted_when_all_groups
                        else ""
                    ),
                )

    def requirements(self, kind: str, field: str, lowered: set[str], held: list[Held]) -> None:
        """Every card was taken with its requirements met; on tracks nothing moves back,
        the end positions still meet them."""
        needs = self.field(kind, field)
        starts = {track.id: track.start for track in self.manifest.tracks}
        for entry in held:
            tracks = self.players[entry.seat].tracks
            for track, needed in sorted((needs[entry.card] or {}).items()):
                value = tracks.get(track, starts.get(track, 0))
                if track in lowered or value >= needed:
                    continue
                self.error(
                    entry.path,
                    f"'{entry.card}' needs {track} {needed}, but {self.names[entry.seat]} "
                    f"ends at {track} {value}, and {track} never goes down",
                    f"raise {track} to {needed} or remove '{entry.card}'",
                )

    def cap(self, effect: CapResource) -> None:
        """The round-end cap ran after the last round: nobody holds more."""
        for seat, player in enumerate(self.players):
            amount = player.resources.get(effect.resource)
            if amount is not None and amount > effect.max:
                self.error(
                    ("players", seat, "resources", effect.resource),
                    f"{self.names[seat]} holds {amount} {effect.resource} after the final "
                    f"cleanup, which keeps at most {effect.max}",
                    f"at most {effect.max} {effect.resource} at the end of the game",
                )

    def supply(self, resource: str, supply: Sequence[Any] | None, gained: bool) -> None:
        """All players together hold no more than the supply; with nothing in play giving
        the resource, each holds no more than setup gave."""
        if not gained:
            start = sum(
                step.amount
                for step in self.manifest.setup
                if isinstance(step, GiveResource)
                and step.resource == resource
                and self.runs(step.when)
            )
            for seat, player in enumerate(self.players):
                amount = player.resources.get(resource)
                if amount is not None and amount > start:
                    self.error(
                        ("players", seat, "resources", resource),
                        f"{self.names[seat]} holds {amount} {resource}; setup gives {start} "
                        f"and nothing in play gives more",
                        f"at most {start} {resource}",
                    )
        if supply is None:
            return
        total = sum(d.value * d.count for d in supply)
        running = 0
        for seat, player in enumerate(self.players):
            running += player.resources.get(resource, 0)
            if running > total and resource in player.resources:
                self.error(
                    ("players", seat, "resources", resource),
                    f"players hold {running} {resource} in all; the supply has {total}",
                    f"the supply is {total} {resource} in all: lower someone's {resource}",
                )
                return
