"""A draft written down and read back: the `play` section of a position.

Which cells are still open follows from the grids and the plan, who still picks from the
hands and the picks made, so a position writes only what cannot be seen on the table."""

from __future__ import annotations

from typing import Any

from toolkit.kernel.state import State
from toolkit.mechanics.base import KitPosition, PositionReader
from toolkit.mechanics.draft.codec import Pick
from toolkit.mechanics.draft.grid import initial_offsets
from toolkit.mechanics.draft.machine import NO_CHOICE, NO_SHAPE, DraftMechanic, DraftState
from toolkit.mechanics.draft.position_model import DraftPlay

WORDS = {1: "left", -1: "right"}
STEPS = {"left": 1, "right": -1}


def grid_origin(park: dict[tuple[int, int], int]) -> tuple[int, int]:
    """The top-left cell of a grid as drawn (the smallest row and column in use)."""
    if not park:
        return (0, 0)
    return (min(r for r, _ in park), min(c for _, c in park))


def save(machine: DraftMechanic, state: State) -> dict[str, Any]:
    mech: DraftState = state.mech
    ids = machine.card_ids
    out: dict[str, Any] = {}
    origins = [grid_origin(park) for park in state.grids[machine.park]]
    if any(mech.choices[p] != NO_CHOICE for p in range(state.n)):
        picks: list[dict[str, Any] | None] = []
        for player, action in enumerate(mech.choices):
            if action == NO_CHOICE:
                picks.append(None)
                continue
            pick = machine.codec.pick(action)
            entry: dict[str, Any] = {"card": ids[pick.card]}
            if not machine.tableau:
                row, column = origins[player]
                entry["cell"] = [pick.cell[0] - row, pick.cell[1] - column]
            if pick.face_down:
                entry["face_down"] = True
            picks.append(entry)
        out["picks"] = picks
    if mech.direction != _round_direction(machine, state):
        out["direction"] = WORDS[mech.direction]
    if mech.extra_picks:
        out["extra_picks"] = mech.extra_picks
    if mech.set_aside:
        out["set_aside"] = [ids[card] for card in mech.set_aside]
    if mech.resolved:
        out["acted"] = [ids[card] for card in sorted(mech.resolved)]
    if mech.passed:
        out["passed"] = [[ids[card] for card in hand] for hand in mech.passed]
        if mech.passed_step != mech.direction:
            out["passed_direction"] = WORDS[mech.passed_step]
    if machine.tableau:
        out["placed"] = list(mech.placed)
    if mech.discarded:
        out["discarded"] = [ids[card] for card in mech.discarded]
    if not machine.tableau and any(origins):
        out["origins"] = [list(origin) for origin in origins]
    return out


def _round_direction(machine: DraftMechanic, state: State) -> int:
    if machine.tableau:
        return machine.directions[(state.round - 1) % len(machine.directions)]
    return machine.start_direction


def load(machine: DraftMechanic, state: State, section: DraftPlay, reader: PositionReader) -> None:
    n = state.n
    at = ("play",)
    if machine.tableau:
        shape, size, offsets = NO_SHAPE, machine.placements, []
    else:
        plan = state.slots.get(machine.plan_slot)
        if not plan:
            return  # the missing plan is reported with the slots
        shape = machine.shapes[plan[0][1]]
        size = len(shape.cells)
        offsets = [initial_offsets(shape)] * n  # narrowed once the grids are complete
    direction = STEPS[section.direction] if section.direction else _round_direction(machine, state)
    mech = DraftState(
        machine=machine,
        shape=shape,
        size=size,
        waiting=[False] * n,
        choices=[NO_CHOICE] * n,
        offsets=offsets,
        direction=direction,
    )
    mech.extra_picks = section.extra_picks
    mech.set_aside = _cards(reader, (*at, "set_aside"), section.set_aside)
    mech.resolved = set(_cards(reader, (*at, "acted"), section.acted, place=False))
    mech.discarded = _cards(reader, (*at, "discarded"), section.discarded)
    if section.passed:
        if len(section.passed) != n:
            reader.error(
                (*at, "passed"),
                "invalid-value",
                f"{len(section.passed)} hands for {n} players",
                "one per seat",
            )
        mech.passed = [
            tuple(_cards(reader, (*at, "passed", seat), hand, place=False))
            for seat, hand in enumerate(section.passed[:n])
        ]
        passed = section.passed_direction
        mech.passed_step = STEPS[passed] if passed else direction
    if machine.tableau:
        tableaux = state.zones[machine.park]
        if section.placed:
            if len(section.placed) != n:
                reader.error(
                    (*at, "placed"),
                    "invalid-value",
                    f"{len(section.placed)} counts for {n} players",
                    "one per seat",
                )
            mech.placed = (list(section.placed) + [0] * n)[:n]
        else:
            kept = machine.kept
            mech.placed = [
                len(cards) if state.round == 1 else sum(not kept[c] for c in cards if c >= 0)
                for cards in tableaux
            ]
    state.mech = mech


def complete(
    machine: DraftMechanic, state: State, section: DraftPlay, reader: PositionReader
) -> None:
    """With the hands dealt: who still picks, the picks made (each one the rules allow), and
    whose decision the position says it is."""
    mech: DraftState = state.mech
    if mech is None:
        return
    n = state.n
    hands = state.zones[machine.hand]
    if machine.tableau:
        able = [mech.placed[p] < mech.size and bool(hands[p]) for p in range(n)]
    else:
        able = [len(state.grids[machine.park][p]) < mech.size and bool(hands[p]) for p in range(n)]
    mech.waiting = able[:]
    if not machine.tableau:
        _place_grids(machine, state, section, mech)
    at = ("play", "picks")
    if len(section.picks) > n:
        reader.error(at, "invalid-value", f"{len(section.picks)} picks for {n} players")
    origins = [(0, 0)] * n
    for seat, origin in enumerate(section.origins[:n]):
        origins[seat] = (origin[0], origin[1])
    for seat, pick in enumerate(section.picks[:n]):
        if pick is None:
            continue
        card = reader.card((*at, seat, "card"), pick.card, place=False)
        if card is None:
            continue
        if not able[seat]:
            reader.error(
                (*at, seat),
                "illegal-position",
                f"player {seat + 1} cannot pick now (a full grid or an empty hand)",
            )
            continue
        cell = (0, 0)
        if not machine.tableau:
            if pick.cell is None:
                reader.error(
                    (*at, seat),
                    "missing-key",
                    "say where the card goes",
                    "add 'cell: [ROW, COLUMN]'",
                )
                continue
            cell = (pick.cell[0] + origins[seat][0], pick.cell[1] + origins[seat][1])
        try:
            action = machine.codec.encode(Pick(card, cell, pick.face_down))
        except Exception:  # a cell outside every plan
            action = -1
        if action < 0 or not machine._allowed(state, seat, action):
            reader.error(
                (*at, seat),
                "illegal-position",
                f"player {seat + 1} may not pick {pick.card} that way: not in their "
                "hand, not payable, or against the placement rules",
            )
            continue
        mech.choices[seat] = action
        mech.waiting[seat] = False
    waiting = tuple(p for p in range(n) if mech.waiting[p])
    told = reader.to_move
    if told and tuple(sorted(told)) != waiting:
        seats = ", ".join(str(p + 1) for p in waiting) or "nobody"
        reader.error(
            ("to_move",),
            "illegal-position",
            f"by the hands and the picks made, the players to pick are: {seats}",
            f"write to_move: [{seats}]" if waiting else "",
        )
    if not waiting and not state.terminal:
        reader.error(
            (),
            "illegal-position",
            "nobody can pick: the game would be over",
            "give a player a card to pick, or write 'ended: true'",
        )


def _place_grids(
    machine: DraftMechanic, state: State, section: DraftPlay, mech: DraftState
) -> None:
    """Grids drawn from their top-left cell moved to the game's coordinates (`origins`), and
    the plan's translations each grid still allows."""
    shape = mech.shape
    for seat, park in enumerate(state.grids[machine.park]):
        if seat < len(section.origins):
            row, column = section.origins[seat]
            moved = {(r + row, c + column): card for (r, c), card in park.items()}
            park.clear()
            park.update(moved)
        found = initial_offsets(shape)
        first = next(iter(park), None)
        if first is not None:
            found = frozenset((first[0] + dr, first[1] + dc) for dr, dc in found)
        for cell in park:
            found = shape.narrow(found, cell)
        mech.offsets[seat] = found


def _cards(
    reader: PositionReader, path: tuple[str | int, ...], ids: list[str], *, place: bool = True
) -> list[int]:
    found = [reader.card((*path, i), card, place=place) for i, card in enumerate(ids)]
    return [card for card in found if card is not None]


POSITION = KitPosition(model=DraftPlay, save=save, load=load, complete=complete)
