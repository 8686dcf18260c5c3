"""A staged round written down and read back: the `play` section of a position.

The place in the round is the decision stage's path in the structure (`round/2/turn/0`), so a
designer can write it by hand and a saved position reads the same after the YAML above it
changes elsewhere."""

from __future__ import annotations

from typing import Any

from toolkit.kernel.state import State
from toolkit.mechanics.base import KitPosition, PositionReader
from toolkit.mechanics.staged import ops
from toolkit.mechanics.staged.bets import SealedBid
from toolkit.mechanics.staged.machine import StagedMechanic
from toolkit.mechanics.staged.moves_ask import asked_view
from toolkit.mechanics.staged.position_model import StagedPlay
from toolkit.mechanics.staged.runtime import Mech, is_out
from toolkit.mechanics.staged.wagers import Wager


def save(machine: StagedMechanic, state: State) -> dict[str, Any]:
    mech: Mech = state.mech
    ids = machine.card_ids
    out: dict[str, Any] = {}
    if not state.terminal:  # an ended game stands at no stage
        out["at"] = machine.paths.get(mech.pc, str(mech.pc))
    if mech.direction != machine.direction:
        out["direction"] = "clockwise" if mech.direction == 1 else "counterclockwise"
    if any(mech.passed):
        out["passed"] = [p + 1 for p, passed in enumerate(mech.passed) if passed]
    if any(mech.finished):
        order = sorted((place, p) for p, place in enumerate(mech.finished) if place)
        out["finished"] = [p + 1 for _, p in order]
    if mech.winner >= 0:
        out["winner"] = mech.winner + 1
    if mech.last_mover >= 0:
        out["last_mover"] = mech.last_mover + 1
    if mech.target >= 0:
        out["target"] = mech.target + 1
    shared = [zone for zone in machine.zones if zone.shared]
    played = {
        ids[card]: mech.placed_by[card] + 1
        for zone in shared
        for card in state.shared[zone.index]
        if mech.placed_by[card] >= 0
    }
    if played:
        out["played_by"] = played
    names = {zone.index: zone.id for zone in shared}
    if mech.last_play:
        out["last_play"] = {
            names[zone]: [ids[card] for card in cards] for zone, cards in mech.last_play.items()
        }
    if mech.called:
        out["called"] = {
            names[zone]: {"field": field, "value": str(value)}
            for zone, (field, value) in mech.called.items()
        }
    if any(mech.known):
        out["known"] = [[ids[card] for card in cards] for cards in mech.known]
    if any(mech.picks):
        out["picks"] = [[ids[card] for card in cards] for cards in mech.picks]
    if mech.reveal:
        out["reveal"] = [player + 1 for player in mech.reveal]
    if mech.moved:
        out["moved"] = [ids[card] for card in mech.moved]
    if mech.building:
        out["choosing"] = [ids[card] for card in mech.building]
        out["choosing_move"] = mech.building_rule
    if mech.trigger >= 0:
        out["trigger"] = mech.trigger + 1
    if mech.skip:
        out["skip"] = mech.skip
    if any(mech.regs):
        out["loops"] = mech.regs[:]
    if mech.got:
        out["got"] = True
    if any(mech.claims):
        out["asked"] = asked_view(machine, mech)
    if mech.idle:
        out["idle"] = mech.idle
    if mech.closed:
        out["closed"] = [names[zone] for zone in mech.closed]
    if mech.wager is not None:
        out.update(save_wager(machine, state))
    return out


def save_wager(machine: StagedMechanic, state: State) -> dict[str, Any]:
    """The chips on zones, stakes, folds and sealed bids, where any."""
    wager = state.mech.wager
    names = [r.id for r in state.game.resources]
    out: dict[str, Any] = {}
    chips = {
        zone.id: {names[r]: amount for r, amount in enumerate(lying) if amount}
        for zone in machine.zones
        if zone.shared and any(lying := wager.chips[zone.index])
    }
    if chips:
        out["chips"] = chips
    given = {
        zone.id: {
            names[r]: put
            for r in range(len(names))
            if any(put := wager.put_by(zone.index, r, state.n))
        }
        for zone in machine.zones
        if zone.shared and any(wager.given[zone.index])
    }
    if given:
        out["given"] = given
    if any(wager.stake):
        out["stakes"] = wager.stake[:]
    for name, flags in (("matched", wager.matched), ("folded", wager.folded), ("out", wager.out)):
        if any(flags):
            out[name] = [p + 1 for p, flag in enumerate(flags) if flag]
    if wager.raises:
        out["raises"] = wager.raises
    if any(bid >= 0 for bid in wager.bids):
        out["bids"] = [max(bid, -1) for bid in wager.bids]
    return out


def _seat(reader: PositionReader, path: tuple[Any, ...], seat: int | None) -> int:
    if seat is None:
        return -1
    index = reader.seat(path, seat)
    return -1 if index is None else index


def load(
    machine: StagedMechanic, state: State, section: StagedPlay, reader: PositionReader
) -> None:
    n = state.n
    at = ("play",)
    pc = machine.first_decision
    if section.at is not None:
        found = machine.decision_at.get(section.at)
        if found is None:
            reader.error(
                (*at, "at"),
                "unknown-id",
                f"'{section.at}' is not a decision stage of this game",
                "name a 'choose' or 'simultaneous' stage: "
                + ", ".join(sorted(machine.decision_at)[:8]),
            )
        else:
            pc = found
    told = reader.to_move
    direction = machine.direction
    if section.direction is not None:
        direction = 1 if section.direction == "clockwise" else -1
    mech = Mech(
        pc=pc,
        acting=told[0] if told else state.first_player,
        regs=[0] * machine.registers,
        direction=direction,
        skip=section.skip,
        passed=[False] * n,
        finished=[0] * n,
        placed_by=[-1] * machine.deck_size,
        known=[[] for _ in range(n)],
        picks=[[] for _ in range(n)],
        picking=[False] * n,
        idle=section.idle,
    )
    for index, seat in enumerate(section.passed):
        player = _seat(reader, (*at, "passed", index), seat)
        if player >= 0:
            mech.passed[player] = True
    for index, seat in enumerate(section.finished):
        player = _seat(reader, (*at, "finished", index), seat)
        if player >= 0:
            mech.finished[player] = index + 1
    mech.winner = _seat(reader, (*at, "winner"), section.winner)
    mech.last_mover = _seat(reader, (*at, "last_mover"), section.last_mover)
    mech.target = _seat(reader, (*at, "target"), section.target)
    mech.trigger = _seat(reader, (*at, "trigger"), section.trigger)
    for card_id, seat in section.played_by.items():
        card = reader.card((*at, "played_by", card_id), card_id, place=False)
        player = _seat(reader, (*at, "played_by", card_id), seat)
        if card is not None:
            mech.placed_by[card] = player
    shared = {zone.id: zone for zone in machine.zones if zone.shared}
    for zone_id, cards in section.last_play.items():
        zone = shared.get(zone_id)
        if zone is None:
            reader.error((*at, "last_play", zone_id), "unknown-id", f"no shared zone '{zone_id}'")
            continue
        found_cards = [
            reader.card((*at, "last_play", zone_id, i), c, place=False) for i, c in enumerate(cards)
        ]
        mech.last_play[zone.index] = tuple(c for c in found_cards if c is not None)
    for zone_id, call in section.called.items():
        zone = shared.get(zone_id)
        if zone is None:
            reader.error((*at, "called", zone_id), "unknown-id", f"no shared zone '{zone_id}'")
            continue
        mech.called[zone.index] = (call.field, machine.field_value(call.field, call.value))
    for name, lists, target in (
        ("known", section.known, mech.known),
        ("picks", section.picks, mech.picks),
    ):
        if lists and len(lists) != n:
            reader.error(
                (*at, name), "invalid-value", f"{len(lists)} lists for {n} players", "one per seat"
            )
        for seat, cards in enumerate(lists[:n]):
            for index, card_id in enumerate(cards):
                card = reader.card((*at, name, seat, index), card_id, place=name == "picks")
                if card is not None:
                    target[seat].append(card)
    for index, seat in enumerate(section.reveal):
        player = _seat(reader, (*at, "reveal", index), seat)
        if player >= 0:
            mech.reveal.append(player)
    mech.got = section.got
    for index, zone_id in enumerate(section.closed):
        zone = shared.get(zone_id)
        if zone is None:
            reader.error(
                (*at, "closed", index),
                "unknown-id",
                f"no shared zone '{zone_id}'",
                "name one of: " + ", ".join(shared),
            )
        elif zone.index not in mech.closed:
            mech.closed = (*mech.closed, zone.index)
    mech.claims = [[] for _ in range(n)]
    _asked(machine, mech, section, reader, at, n)
    for index, card_id in enumerate(section.moved):
        card = reader.card((*at, "moved", index), card_id, place=False)
        if card is not None:
            mech.moved.append(card)
    for index, card_id in enumerate(section.choosing):
        card = reader.card((*at, "choosing", index), card_id, place=False)
        if card is not None:
            mech.building.append(card)
    if mech.building:
        mech.building_rule = section.choosing_move if section.choosing_move is not None else 0
    if section.loops:
        if len(section.loops) != machine.registers:
            reader.error(
                (*at, "loops"),
                "invalid-value",
                f"{len(section.loops)} counters; this game's stages keep {machine.registers}",
                "leave 'loops' out: every loop then starts afresh",
            )
        else:
            mech.regs = list(section.loops)
    if machine.wagers:
        load_wager(machine, state, mech, section, reader)
    op = machine.program[pc]
    if isinstance(op, ops.Simultaneous):
        mech.picking = [not is_out(mech, p) for p in range(n)]
        if told:
            mech.picking = [p in told for p in range(n)]
    state.mech = mech


def load_wager(
    machine: StagedMechanic, state: State, mech: Mech, section: StagedPlay, reader: PositionReader
) -> None:
    n = state.n
    at = ("play",)
    wager = Wager.fresh(n, len(state.shared), len(state.supply))
    mech.wager = wager
    shared = {zone.id: zone for zone in machine.zones if zone.shared}
    names = [r.id for r in state.game.resources]
    for zone_id, lying in section.chips.items():
        zone = shared.get(zone_id)
        if zone is None:
            reader.error((*at, "chips", zone_id), "unknown-id", f"no shared zone '{zone_id}'")
            continue
        for resource_id, amount in lying.items():
            if resource_id not in names:
                reader.error(
                    (*at, "chips", zone_id, resource_id),
                    "unknown-id",
                    f"no resource '{resource_id}'",
                    "name one of: " + ", ".join(names),
                )
                continue
            wager.chips[zone.index][names.index(resource_id)] = amount
    _load_given(wager, section, reader, shared, names, n)
    if section.stakes:
        if len(section.stakes) != n:
            reader.error(
                (*at, "stakes"), "invalid-value", f"{len(section.stakes)} stakes for {n} players"
            )
        else:
            wager.stake = list(section.stakes)
            wager.high = max(wager.stake)
    for name, seats, flags in (
        ("matched", section.matched, wager.matched),
        ("folded", section.folded, wager.folded),
        ("out", section.out, wager.out),
    ):
        for index, seat in enumerate(seats):
            player = _seat(reader, (*at, name, index), seat)
            if player >= 0:
                flags[player] = True
    wager.raises = section.raises
    if isinstance(machine.program[mech.pc], SealedBid):
        wager.bids = [-2 if wager.folded[p] or mech.finished[p] else -1 for p in range(n)]
    if section.bids and len(section.bids) != n:
        reader.error((*at, "bids"), "invalid-value", f"{len(section.bids)} bids for {n} players")
    for player, bid in enumerate(section.bids[:n]):
        if bid >= 0:
            wager.bids[player] = bid


def _load_given(
    wager: Wager,
    section: StagedPlay,
    reader: PositionReader,
    shared: dict[str, Any],
    names: list[str],
    n: int,
) -> None:
    """What each seat put on a zone this round (side pots), checked like the chips."""
    at = ("play", "given")
    for zone_id, by_resource in section.given.items():
        zone = shared.get(zone_id)
        if zone is None:
            reader.error((*at, zone_id), "unknown-id", f"no shared zone '{zone_id}'")
            continue
        for resource_id, put in by_resource.items():
            if resource_id not in names:
                reader.error(
                    (*at, zone_id, resource_id),
                    "unknown-id",
                    f"no resource '{resource_id}'",
                    "name one of: " + ", ".join(names),
                )
            elif len(put) != n:
                reader.error(
                    (*at, zone_id, resource_id),
                    "invalid-value",
                    f"{len(put)} amounts for {n} players",
                    "one per seat",
                )
            else:
                for player, amount in enumerate(put):
                    wager.give(zone.index, player, names.index(resource_id), amount)


def _asked(
    machine: StagedMechanic,
    mech: Mech,
    section: StagedPlay,
    reader: PositionReader,
    at: tuple[Any, ...],
    n: int,
) -> None:
    """What asking showed, per seat: claims on a player zone's cards."""
    if section.asked and len(section.asked) != n:
        reader.error(
            (*at, "asked"),
            "invalid-value",
            f"{len(section.asked)} lists for {n} players",
            "one per seat",
        )
    zones = {zone.id: zone for zone in machine.zones if not zone.shared}
    for seat, claims in enumerate(section.asked[:n]):
        for index, claim in enumerate(claims):
            here = (*at, "asked", seat, index)
            zone = zones.get(claim.zone)
            if zone is None:
                reader.error((*here, "zone"), "unknown-id", f"no player zone '{claim.zone}'")
                continue
            found = [
                reader.card((*here, "cards", i), card_id, place=False)
                for i, card_id in enumerate(claim.cards)
            ]
            cards = frozenset(card for card in found if card is not None)
            mech.claims[seat].append((zone.index, cards, claim.holds == "some"))


def complete(
    machine: StagedMechanic, state: State, section: StagedPlay, reader: PositionReader
) -> None:
    """Known cards lie in their owner's zones; the player to move can decide."""
    mech: Mech = state.mech
    if mech is None:  # a position with no `play` section
        load(machine, state, StagedPlay(), reader)
        mech = state.mech
    for seat, cards in enumerate(mech.known):
        for index, card in enumerate(cards):
            if not any(
                card in state.zones[zone.index][seat] for zone in machine.zones if not zone.shared
            ):
                reader.error(
                    ("play", "known", seat, index),
                    "illegal-position",
                    f"{machine.card_ids[card]} is not in any zone of player {seat + 1}",
                )


POSITION = KitPosition(model=StagedPlay, save=save, load=load, complete=complete)
