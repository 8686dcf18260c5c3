"""Checks compiled to closures over the state: `until`, `while`, `if`, `skip`, `when` and the
round-end triggers all read the game through these."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from toolkit.mechanics.staged.runtime import Mech, Zone, is_out, next_seat

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import State
    from toolkit.mechanics.staged.structure import Bound, Check

Test = Callable[["State", Mech], bool]
Number = Callable[["State", int], int]


def seat_of(name: str, state: State, mech: Mech) -> int:
    """The player a seat name stands for, seen from the player acting now."""
    n, acting = state.n, mech.acting
    if name == "current":
        return acting
    if name == "next":
        return next_seat(mech, n, acting)
    if name == "previous":
        mech.direction = -mech.direction
        try:
            return next_seat(mech, n, acting)
        finally:
            mech.direction = -mech.direction
    if name == "left":
        return (acting + 1) % n
    if name == "right":
        return (acting - 1) % n
    if name == "across":
        return (acting + n // 2) % n
    if name == "winner":
        return mech.winner if mech.winner >= 0 else acting
    if name == "last_mover":
        return mech.last_mover if mech.last_mover >= 0 else acting
    if name == "target":
        return mech.target if mech.target >= 0 else acting
    raise ValueError(f"unknown seat {name}")


def players_of(who: str, state: State, mech: Mech) -> tuple[list[int], bool]:
    """The players a check asks about, and whether all of them must pass it (else any)."""
    if who == "any":
        return list(range(state.n)), False
    if who == "every":
        return list(range(state.n)), True
    if who == "others":
        return [p for p in range(state.n) if p != mech.acting], True
    return [seat_of(who, state, mech)], True


def compare(check: Check, c: Compiler) -> Callable[[State, int, int], bool]:
    """The comparison of a numeric check, as one test on (state, player, the number): a bound
    given as `{measure: ...}` is that player's measure, read when the check is made."""
    from toolkit.mechanics.staged.structure import MeasuredBound  # compiling: play has no model

    bounds = (check.at_least, check.at_most, check.above, check.below, check.equals)
    if all(bound is None or isinstance(bound, int | float) for bound in bounds):
        plain = _fixed(*(bound for bound in bounds if not isinstance(bound, MeasuredBound)))
        return lambda state, player, value: plain(value)
    read = [_bound(bound, c) for bound in bounds]

    def measured(state: State, player: int, value: int) -> bool:
        return _fixed(*(bound(state, player) for bound in read))(value)

    return measured


def _bound(bound: Bound | None, c: Compiler) -> Callable[[State, int], float | None]:
    """A bound as a function of (state, player): its number, or the player's measure."""
    from toolkit.mechanics.staged.structure import MeasuredBound

    if isinstance(bound, MeasuredBound):
        return c.measure(bound.measure)
    return lambda state, player: bound


def _fixed(
    at_least: float | None,
    at_most: float | None,
    above: float | None,
    below: float | None,
    equals: float | None,
) -> Callable[[int], bool]:
    """The comparison with numbers known now."""

    def test(value: int) -> bool:
        if at_least is not None and value < at_least:
            return False
        if at_most is not None and value > at_most:
            return False
        if above is not None and value <= above:
            return False
        if below is not None and value >= below:
            return False
        return equals is None or value == equals

    return test


def compile_check(check: Check, c: Compiler, zone: Callable[[str], Zone]) -> Test:
    """One check as a closure `(state, mech) -> bool`."""
    if check.all is not None:
        parts = [compile_check(part, c, zone) for part in check.all]
        if len(parts) == 2:
            first, second = parts
            return lambda state, mech: first(state, mech) and second(state, mech)
        return lambda state, mech: all(part(state, mech) for part in parts)
    if check.any is not None:
        parts = [compile_check(part, c, zone) for part in check.any]
        if len(parts) == 2:
            first, second = parts
            return lambda state, mech: first(state, mech) or second(state, mech)
        return lambda state, mech: any(part(state, mech) for part in parts)
    if check.not_ is not None:
        inner = compile_check(check.not_, c, zone)
        return lambda state, mech: not inner(state, mech)
    if check.passed is not None:
        return _passed(check.passed)
    if check.finished is not None:
        return _finished(check.finished)
    if check.round is not None:
        return _round(check)
    if check.folded is not None:  # folding and being put out are one state
        return _out(check.folded)
    if check.out is not None:
        return _out(check.out)
    if check.card is not None:
        deck = c.table("deck")
        matches = deck.predicate(check.card)
        return lambda state, mech: bool(mech.moved) and matches(mech.moved[-1])
    if check.got is not None:
        wanted = check.got
        return lambda state, mech: mech.got == wanted
    if check.claim is not None:
        return _claim(zone(check.claim), c.table("deck").fields)
    if check.closed is not None:
        index = zone(check.closed).index
        return lambda state, mech: index in mech.closed
    number = _number(check, c, zone)
    if check.empty is not None:
        holds: Callable[[State, int, int], bool] = lambda state, player, value: value == 0  # noqa: E731
    elif check.repeats is not None:
        holds = lambda state, player, value: bool(value)  # noqa: E731
    else:
        holds = compare(check, c)
    who = check.who
    if who == "current":
        return lambda state, mech: holds(state, mech.acting, number(state, mech.acting))
    if who == "every":
        return lambda state, mech: all(holds(state, p, number(state, p)) for p in range(state.n))
    if who == "any":
        return lambda state, mech: any(holds(state, p, number(state, p)) for p in range(state.n))

    def test(state: State, mech: Mech) -> bool:
        players, every = players_of(who, state, mech)
        if every:
            return all(holds(state, p, number(state, p)) for p in players)
        return any(holds(state, p, number(state, p)) for p in players)

    return test


def _number(check: Check, c: Compiler, zone: Callable[[str], Zone]) -> Number:
    """The number a check compares, per player (1/0 for `repeats`)."""
    deck = c.table("deck")
    if check.measure is not None:
        return c.measure(check.measure)
    if check.sum is not None or check.repeats is not None:
        spec = check.sum if check.sum is not None else check.repeats
        assert spec is not None
        where = zone(spec.zone)
        values: tuple[Any, ...] = deck.fields[spec.field]
        if check.sum is not None:
            numbers = tuple(
                v if isinstance(v, int) and not isinstance(v, bool) else 0 for v in values
            )
            return lambda state, player: sum(numbers[card] for card in where.cards(state, player))

        def repeats(state: State, player: int) -> int:
            seen = [values[card] for card in where.cards(state, player)]
            return int(len(seen) != len(set(map(repr, seen))))

        return repeats
    zone_id = check.empty if check.empty is not None else check.count
    assert zone_id is not None
    counted = zone(zone_id)
    if not check.where:
        return lambda state, player: len(counted.cards(state, player))
    matches = deck.predicate(check.where)
    return lambda state, player: sum(1 for card in counted.cards(state, player) if matches(card))


def _claim(pile: Zone, columns: dict[str, tuple[Any, ...]]) -> Test:
    """Whether every card of the last play onto `pile` has the value called for it since."""

    def test(state: State, mech: Mech) -> bool:
        called = mech.called.get(pile.index)
        played = mech.last_play.get(pile.index)
        if called is None or not played:
            return False
        column = columns.get(called[0])
        return column is not None and all(column[card] == called[1] for card in played)

    return test


def _active(mech: Mech, n: int) -> list[int]:
    """The players still in the round's turns (not finished, folded or put out)."""
    return [p for p in range(n) if not is_out(mech, p)]


def _passed(which: str) -> Test:
    def test(state: State, mech: Mech) -> bool:
        if which == "me":
            return mech.passed[mech.acting]
        active = _active(mech, state.n)
        playing = [p for p in active if not mech.passed[p]]
        if which == "all":
            return not playing
        if which == "all_but_one":
            return len(playing) <= 1
        return all(mech.passed[p] for p in active if p != mech.acting)

    return test


def _finished(which: str) -> Test:
    def test(state: State, mech: Mech) -> bool:
        done = sum(1 for place in mech.finished if place)
        if which == "me":
            return bool(mech.finished[mech.acting])
        if which == "any":
            return done > 0
        if which == "all":
            return done == state.n
        return done >= state.n - 1

    return test


def _round(check: Check) -> Test:
    spec = check.round
    assert spec is not None
    at_least, at_most, cycle = spec.at_least, spec.at_most, spec.cycle
    among = frozenset(spec.in_) if spec.in_ is not None else None

    def test(state: State, mech: Mech) -> bool:
        number = state.round
        if at_least is not None and number < at_least:
            return False
        if at_most is not None and number > at_most:
            return False
        if among is not None:
            place = (number - 1) % cycle + 1 if cycle else number
            return place in among
        return True

    return test


def _out(which: str) -> Test:
    """Who is out of the round: put out by `eliminate` or folded (the same state)."""

    def test(state: State, mech: Mech) -> bool:
        wager = mech.wager
        if wager is None:
            return False
        folded = wager.folded
        if which == "me":
            return folded[mech.acting]
        if which == "any":
            return any(folded)
        return sum(1 for p in range(state.n) if not folded[p]) <= 1

    return test
