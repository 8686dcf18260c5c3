"""Computed measures (`toolkit/schema/computed.py`): compiled to a function of (state, player),
checked against the game, and put in words. The arithmetic of each lives in its own module
(`sums`, `groups`, `grid`, `deadwood`) as plain functions of card values, tested alone."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Protocol

from toolkit.rules.context import Path
from toolkit.schema.computed import (
    BestGroups,
    BestPerGroup,
    BestTotal,
    Computed,
    Deadwood,
    GridPairs,
    LowestOfRuns,
)

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler, MeasureFn
    from toolkit.kernel.state import State

DEADWOOD_CACHE = 50_000
"""Hands whose deadwood is remembered per compiled measure, before the memory starts anew."""


class Checks(Protocol):
    """What checking a computed measure asks: the content checker and a staged structure's
    checks both offer it."""

    def known(self, path: Path, value: str, choices: Iterable[str], what: str) -> bool: ...
    def error(self, path: Path, code: str, message: str, hint: str = "") -> None: ...
    def zone_ids(self, owner: str | None = None) -> list[str]: ...
    def zone_kind(self, zone_id: str) -> str | None: ...
    def fields_of(self, kind: str) -> set[str]: ...
    def field_type(self, kind: str, field: str) -> str | None: ...
    def grid_zones(self) -> set[str]: ...


def _fields(computed: Computed) -> list[tuple[str, str]]:
    """(parameter, field) for every card field the measure reads."""
    names = ("field", "same", "by", "sum", "match", "rank", "suit", "value")
    return [(n, getattr(computed, n)) for n in names if getattr(computed, n, None) is not None]


NUMBERS = ("field", "sum", "value", "rank")
"""The parameters naming a field the measure counts or orders by: it must hold numbers."""


def check_computed(ctx: Checks, path: Path, computed: Computed) -> None:
    """The zone is one of the players' (a grid for `grid_pairs`), every field it names exists,
    and the fields it adds up or orders by hold numbers (a text field would measure 0)."""
    if not ctx.known((*path, "zone"), computed.zone, ctx.zone_ids("player"), "player zone"):
        return
    if isinstance(computed, GridPairs) and computed.zone not in ctx.grid_zones():
        ctx.error(
            (*path, "zone"),
            "invalid-value",
            f"'grid_pairs' compares the lines of a grid zone; '{computed.zone}' is not one",
            "name a zone with 'layout: grid'",
        )
    kind = ctx.zone_kind(computed.zone) or ""
    fields = ctx.fields_of(kind)
    for name, field in _fields(computed):
        if not ctx.known((*path, name), field, sorted(fields), "card field"):
            continue
        declared = ctx.field_type(kind, field)
        if name in NUMBERS and declared is not None and declared != "int":
            numbers = sorted(f for f in fields if ctx.field_type(kind, f) == "int")
            ctx.error(
                (*path, name),
                "not-numeric",
                f"'{field}' is not a numeric field (it is declared '{declared}'): this "
                "measure adds up or compares numbers",
                f"name a numeric field: {', '.join(repr(f) for f in numbers)}"
                if numbers
                else "declare an int field on the cards and name it",
            )


def describe_computed(computed: Computed, zone: Callable[[str], str]) -> str:
    """The measure in a rule book's words, without an article (it follows `1 per`, `fewest`,
    `by`); `zone` names a zone by its id."""
    where = zone(computed.zone)
    if isinstance(computed, BestTotal):
        alternatives = "; ".join(
            f"{c.value} may count as {' or '.join(str(a) for a in c.also)}"
            for c in computed.counts_as
        )
        extra = f" ({alternatives})" if alternatives else ""
        return (
            f"best total of {computed.field} in {where} up to {computed.limit}{extra}; "
            f"over {computed.limit} busts: {computed.bust}"
        )
    if isinstance(computed, LowestOfRuns):
        same = f" of one {computed.same}" if computed.same else ""
        return (
            f"lowest {computed.field} of each run{same} in {where} "
            "(a run of consecutive values counts only its lowest card)"
        )
    if isinstance(computed, BestGroups):
        worth = (
            f"worth {'/'.join(str(t) for t in computed.table)} by size"
            if computed.table
            else f"worth their {computed.sum}"
            if computed.sum
            else "worth a point per card"
        )
        return (
            f"{computed.best} best {computed.by} groups in {where}, {worth}, less every other group"
        )
    if isinstance(computed, BestPerGroup):
        which = "lowest" if computed.lowest else "highest"
        return f"{which} {computed.field} of each {computed.by} in {where}, added up"
    if isinstance(computed, GridPairs):
        match = computed.match or computed.field
        many = "two" if computed.size == 2 else str(computed.size)
        return (
            f"{computed.field} in {where}; {many} cards of equal {match} in one "
            f"{computed.line} count nothing"
        )
    value = computed.value or computed.rank
    return (
        f"{value} of the cards in {where} outside sets ({computed.set_size}+ of one "
        f"{computed.rank}) and runs ({computed.run_size}+ in a row of one {computed.suit})"
    )


def compile_computed(c: Compiler, computed: Computed) -> MeasureFn:
    """The measure as a function of (state, player)."""
    zone = c.zone(computed.zone)
    table = c.table(zone.kind)
    z, fields = zone.index, table.fields

    def column(name: str | None) -> tuple[Any, ...]:
        return fields[name] if name is not None else (None,) * table.size

    def numbers(name: str) -> tuple[int, ...]:
        return tuple(
            v if isinstance(v, int) and not isinstance(v, bool) else 0 for v in column(name)
        )

    if zone.grid:

        def cards(state: State, player: int) -> list[int]:
            return [card for card in state.grids[z][player].values() if card >= 0]
    else:

        def cards(state: State, player: int) -> list[int]:
            return state.zones[z][player]

    if isinstance(computed, BestTotal):
        return _best_total(computed, cards, numbers(computed.field))
    if isinstance(computed, LowestOfRuns):
        return _lowest_of_runs(computed, cards, column(computed.field), column(computed.same))
    if isinstance(computed, BestGroups):
        summed = numbers(computed.sum) if computed.sum is not None else None
        return _best_groups(computed, cards, column(computed.by), summed)
    if isinstance(computed, BestPerGroup):
        return _best_per_group(computed, cards, column(computed.by), column(computed.field))
    if isinstance(computed, GridPairs):
        return _grid_pairs(
            computed, z, numbers(computed.field), column(computed.match or computed.field)
        )
    assert isinstance(computed, Deadwood)
    return _deadwood(
        computed,
        cards,
        column(computed.rank),
        column(computed.suit),
        numbers(computed.value or computed.rank),
    )


CardsFn = Callable[["State", int], list[int]]


def _best_total(m: BestTotal, cards: CardsFn, values: tuple[int, ...]) -> MeasureFn:
    from toolkit.rules.measures.sums import best_total

    counts_as = {c.value: tuple(c.also) for c in m.counts_as}
    limit, bust = m.limit, m.bust
    return lambda state, player: best_total(
        (values[k] for k in cards(state, player)), counts_as, limit, bust
    )


def _lowest_of_runs(
    m: LowestOfRuns, cards: CardsFn, values: tuple[Any, ...], same: tuple[Any, ...]
) -> MeasureFn:
    from toolkit.rules.measures.sums import lowest_of_runs

    def measure(state: State, player: int) -> int:
        groups: dict[object, list[int]] = {}
        for k in cards(state, player):
            value = values[k]
            if isinstance(value, int) and (m.same is None or same[k] is not None):
                groups.setdefault(same[k], []).append(value)
        return lowest_of_runs(groups.values())

    return measure


def _best_groups(
    m: BestGroups, cards: CardsFn, by: tuple[Any, ...], summed: tuple[int, ...] | None
) -> MeasureFn:
    from toolkit.rules.measures.groups import best_groups, group_worth

    table, best = m.table, m.best

    def measure(state: State, player: int) -> int:
        sizes: dict[object, list[int]] = {}
        for k in cards(state, player):
            key = by[k]
            if key is not None:
                entry = sizes.setdefault(key, [0, 0])
                entry[0] += 1
                entry[1] += summed[k] if summed is not None else 1
        worths = (group_worth(s, t, table, summed is not None) for s, t in sizes.values())
        return best_groups(worths, best)

    return measure


def _best_per_group(
    m: BestPerGroup, cards: CardsFn, by: tuple[Any, ...], values: tuple[Any, ...]
) -> MeasureFn:
    from toolkit.rules.measures.groups import best_per_group

    lowest = m.lowest

    def measure(state: State, player: int) -> int:
        groups: dict[object, list[int]] = {}
        for k in cards(state, player):
            value = values[k]
            if by[k] is not None and isinstance(value, int):
                groups.setdefault(by[k], []).append(value)
        return best_per_group(groups.values(), lowest)

    return measure


def _grid_pairs(m: GridPairs, z: int, values: tuple[int, ...], match: tuple[Any, ...]) -> MeasureFn:
    from toolkit.rules.measures.grid import grid_pairs

    line, size, face_down = m.line, m.size, m.face_down

    def measure(state: State, player: int) -> int:
        cells = (
            (cell, values[k], match[k]) if k >= 0 else (cell, None, None)
            for cell, k in state.grids[z][player].items()
        )
        return grid_pairs(cells, line, size, face_down)

    return measure


def _deadwood(
    m: Deadwood,
    cards: CardsFn,
    ranks: tuple[Any, ...],
    suits: tuple[Any, ...],
    values: tuple[int, ...],
) -> MeasureFn:
    from toolkit.errors import UnsupportedGameError
    from toolkit.rules.measures.deadwood import deadwood

    set_size, run_size, most, zone = m.set_size, m.run_size, m.max_cards, m.zone
    laid = [
        (rank if isinstance(rank, int) else None, suit, value)
        for rank, suit, value in zip(ranks, suits, values, strict=True)
    ]
    known: dict[tuple[int, ...], int] = {}

    def measure(state: State, player: int) -> int:
        hand = tuple(sorted(cards(state, player)))
        found = known.get(hand)
        if found is not None:
            return found
        if len(hand) > most:
            raise UnsupportedGameError(
                f"a 'deadwood' measure of '{zone}' met a hand of {len(hand)} cards; "
                f"its max_cards is {most}"
            )
        if len(known) >= DEADWOOD_CACHE:
            known.clear()
        found = known[hand] = deadwood([laid[k] for k in hand], set_size, run_size)
        return found

    return measure


def reads_positions(value: object) -> bool:
    """Whether a model (or a list of them) holds a measure that depends on where cards lie in
    a grid (`grid_pairs`): its points change when two cards swap places, so bots must not
    treat such placements as one."""
    if isinstance(value, GridPairs):
        return True
    if isinstance(value, list | tuple):
        return any(reads_positions(item) for item in value)
    if isinstance(value, dict):
        return any(reads_positions(item) for item in value.values())
    fields = getattr(type(value), "model_fields", None)
    if fields is None:
        return False
    return any(reads_positions(getattr(value, name)) for name in fields)
