"""A trick-taking round written down and read back: the `play` section of a position.

Whose turn it is decides who played the trick's cards (seat order, clockwise), so a trick is
written as its cards alone. What follows from the cards (the led suit, how many players have
passed or bid, the trick's number) is derived, and checked where the position says it."""

from __future__ import annotations

from typing import Any

from toolkit.diagnostics import plural
from toolkit.kernel.state import State
from toolkit.mechanics.base import KitPosition, PositionReader
from toolkit.mechanics.trick_taking.machine import (
    BEFORE_PLAY,
    BID,
    CALL,
    CALL2,
    DISCARD,
    NAME,
    PASS,
    PHASE_WORDS,
    PLAY,
    TrickState,
    TrickTakingMechanic,
    direction_offset,
)
from toolkit.mechanics.trick_taking.position_model import TrickPlay

PHASES = {word: phase for phase, word in PHASE_WORDS.items()}


def save(machine: TrickTakingMechanic, state: State) -> dict[str, Any]:
    mech: TrickState = state.mech
    ids = state.game.deck.ids
    out: dict[str, Any] = {}
    if mech.phase != PLAY:
        out["phase"] = PHASE_WORDS[mech.phase]
    out["trick_number"] = mech.trick
    if mech.plays:
        out["trick"] = [ids[card] for _, card in mech.plays]
    out["leader"] = mech.round_leader + 1
    if mech.trump >= 0 and mech.trump != _default_trump(machine, mech.turned, mech.phase):
        out["trump"] = machine.suit_ids[mech.trump]
    if mech.turned >= 0:
        out["turned_up"] = ids[mech.turned]
    if mech.broken:
        out["broken"] = True
    if any(bid >= 0 for bid in mech.bids):
        out["bids"] = [bid if bid >= 0 else None for bid in mech.bids]
    if any(mech.passing):
        out["passing"] = [[ids[card] for card in cards] for cards in mech.passing]
    if any(mech.passed):
        out["passed"] = [[ids[card] for card in cards] for cards in mech.passed]
    if mech.maker >= 0:
        out["maker"] = mech.maker + 1
    if mech.sitting:
        out["alone"] = True
    if mech.picked >= 0:
        out["picked_up"] = True
    if any(mech.taken):
        out["tricks_taken"] = list(mech.taken)
    return out


def _default_trump(machine: TrickTakingMechanic, turned: int, phase: int) -> int:
    if machine.calling and phase in (CALL, CALL2):
        return -1  # not called yet
    return machine.suit_of[turned] if turned >= 0 else machine.trump


def load(
    machine: TrickTakingMechanic, state: State, section: TrickPlay, reader: PositionReader
) -> None:
    n = state.n
    at = ("play",)
    phase = PHASES[section.phase]
    stage_phase = CALL if phase in (CALL2, DISCARD) else phase
    if phase != PLAY and stage_phase not in machine.phases:
        reader.error(
            (*at, "phase"),
            "invalid-value",
            f"this game has no {section.phase} phase",
            "use 'play'" + "".join(f" or '{PHASE_WORDS[p]}'" for p in machine.phases),
        )
        phase = PLAY
    leader = _leader(machine, state, section, reader)
    mech = TrickState(current=leader, round_leader=leader)
    mech.phase = phase
    mech.stage = machine.phases.index(stage_phase) if phase != PLAY else len(machine.phases)
    mech.trick = section.trick_number or 1
    if section.turned_up is not None:
        if not machine.turned_up:
            reader.error((*at, "turned_up"), "invalid-value", "this game turns up no trump card")
        else:
            found = reader.card((*at, "turned_up"), section.turned_up, place=False)
            mech.turned = found if found is not None else -1
    mech.trump = _default_trump(machine, mech.turned, phase)
    if section.trump is not None:
        if section.trump not in machine.suit_ids:
            reader.error(
                (*at, "trump"),
                "unknown-reference",
                f"unknown suit '{section.trump}'",
                _choices(machine.suit_ids),
            )
        else:
            mech.trump = machine.suit_ids.index(section.trump)
    _load_calling(machine, state, section, reader, mech)
    if machine.pass_count:
        directions = machine.pass_directions
        mech.pass_offset = direction_offset(directions[(state.round - 1) % len(directions)], n)
    mech.passing = _per_seat(reader, (*at, "passing"), section.passing, n)
    mech.passed = _per_seat(reader, (*at, "passed"), section.passed, n, place=False)
    if phase != PASS and any(mech.passing):
        reader.error(
            (*at, "passing"), "illegal-position", "cards wait to be passed only while passing"
        )
    if phase == PASS:
        mech.passing = mech.passing or [[] for _ in range(n)]
        for seat, cards in enumerate(mech.passing):
            if len(cards) > machine.pass_count:
                reader.error(
                    (*at, "passing", seat),
                    "illegal-position",
                    f"{len(cards)} cards set aside; the rules pass {machine.pass_count}",
                )
        mech.acted = sum(len(cards) == machine.pass_count for cards in mech.passing)
    if machine.bid_track >= 0:
        mech.bids = [-1] * n
        if len(section.bids) > n:
            reader.error(
                (*at, "bids"), "invalid-value", f"{len(section.bids)} bids for {n} players"
            )
        for seat, bid in enumerate(section.bids[:n]):
            if bid is not None:
                mech.bids[seat] = bid
                top = state.game.tracks[machine.bid_track].max
                state.track[seat][machine.bid_track] = min(bid, top)
        if phase == BID:
            mech.acted = sum(bid >= 0 for bid in mech.bids)
    elif section.bids:
        reader.error((*at, "bids"), "invalid-value", "this game has no bidding")
    if phase == PLAY:
        mech.plays = []
        cards = [_card(reader, (*at, "trick", i), card) for i, card in enumerate(section.trick)]
        if len(cards) >= n:
            reader.error(
                (*at, "trick"),
                "illegal-position",
                f"a trick of {len(cards)} cards is complete: it is won at once",
            )
            cards = cards[: n - 1]
        mech.plays = [(p, card) for p, card in zip(range(len(cards)), cards, strict=True)]
        suit_of = machine.suits_by_trump[mech.trump]
        mech.led = suit_of[cards[0]] if cards and cards[0] >= 0 else -1
    else:
        mech.led = BEFORE_PLAY
        if section.trick:
            reader.error(
                (*at, "trick"), "illegal-position", f"no card is played while {section.phase}"
            )
    mech.current = _current(machine, state, mech, reader)
    if mech.phase in (CALL, CALL2):
        mech.acted = (mech.current - mech.round_leader) % n
    seats = [p for p in range(n) if p not in mech.sitting]
    if mech.current in seats:
        at_seat = seats.index(mech.current)
        count = len(mech.plays)
        mech.plays = [
            (seats[(at_seat - count + i) % len(seats)], c) for i, (_, c) in enumerate(mech.plays)
        ]
    state.mech = mech
    state.turn = 1


def _load_calling(
    machine: TrickTakingMechanic,
    state: State,
    section: TrickPlay,
    reader: PositionReader,
    mech: TrickState,
) -> None:
    """The maker, a maker gone alone, the picked-up card and the tricks each took."""
    at = ("play",)
    n = state.n
    if section.maker is not None:
        seat = reader.seat((*at, "maker"), section.maker)
        if seat is not None:
            mech.maker = seat
    if section.alone:
        if mech.maker < 0 or not machine.alone:
            reader.error(
                (*at, "alone"),
                "illegal-position",
                "only a maker in a game that lets them go alone plays alone",
                "name the maker: maker: SEAT",
            )
        else:
            mech.sitting = tuple(p for p in machine.sides[n][mech.maker] if p != mech.maker)
    if section.picked_up:
        if not machine.dealer_picks_up or mech.turned < 0:
            reader.error(
                (*at, "picked_up"), "illegal-position", "no turned-up card is picked up here"
            )
        else:
            mech.picked = mech.turned
    if machine.contract_need:
        mech.taken = [0] * n
        for seat, count in enumerate(section.tricks_taken[:n]):
            mech.taken[seat] = count
    elif section.tricks_taken:
        reader.error((*at, "tricks_taken"), "invalid-value", "this game has no contract")


def _leader(
    machine: TrickTakingMechanic, state: State, section: TrickPlay, reader: PositionReader
) -> int:
    if section.leader is not None:
        seat = reader.seat(("play", "leader"), section.leader)
        if seat is not None:
            return seat
    if not machine.leader_is_last_winner:
        return (state.first_player + state.round - 1) % state.n
    return reader.to_move[0] if reader.to_move else state.first_player


def _current(
    machine: TrickTakingMechanic, state: State, mech: TrickState, reader: PositionReader
) -> int:
    """Whose turn it is by the rules, checked against the position's `to_move`."""
    n = state.n
    told = reader.to_move
    if len(told) > 1:
        reader.error(("to_move",), "illegal-position", "one player at a time acts in a trick game")
    if mech.phase in (PASS, BID):
        derived: int | None = (mech.round_leader + mech.acted) % n
    elif mech.phase == DISCARD:
        derived = (mech.round_leader - 1) % n  # the dealer
    elif mech.phase in (CALL, CALL2):
        derived = None  # who has passed so far: say whose call it is
    elif mech.phase == NAME:
        derived = (
            machine.high_bidder(state) if machine.named_by == "high_bidder" else mech.round_leader
        )
    elif not mech.plays and mech.trick == 1 and machine.first_card < 0:
        derived = mech.round_leader
        if derived in mech.sitting:  # a partner sitting out leads nothing
            derived = machine.next_seated(mech, derived, n)
    elif state.terminal:
        derived = mech.round_leader  # nobody moves in a game that is over
    else:
        derived = None  # the last trick's winner leads, or the trick goes on: say who
    if told:
        if derived is not None and told[0] != derived:
            reader.error(
                ("to_move",),
                "illegal-position",
                f"it is player {derived + 1}'s decision now, not player {told[0] + 1}'s",
                f"write to_move: [{derived + 1}]",
            )
        return told[0]
    if derived is None:
        if machine.first_card >= 0 and not mech.plays and mech.trick == 1:
            return mech.round_leader  # the holder of the first card, once dealt (complete)
        reader.error(
            (), "missing-key", "say whose turn it is in the trick", "add 'to_move: [SEAT]'"
        )
        return mech.round_leader
    return derived


def complete(
    machine: TrickTakingMechanic, state: State, section: TrickPlay, reader: PositionReader
) -> None:
    """With every card dealt: the first card's holder leads, the trick's number follows from
    the hands, the broken suit from what lies open, and the hands' sizes must fit."""
    mech: TrickState = state.mech
    n = state.n
    hands = state.zones[machine.hand]
    if mech.phase == PLAY and not mech.plays and mech.trick == 1 and machine.first_card >= 0:
        for player in range(n):
            if machine.first_card in hands[player]:
                mech.current = player
    # A card turned from the dealer's own hand, or picked up by the dealer, stays in play;
    # one turned from what is left over must lie out of play.
    kept = machine.turned_from_dealer or mech.picked >= 0
    if machine.turned_up and mech.turned >= 0 and not kept:
        if mech.turned not in state.out_of_play:
            reader.error(
                ("play", "turned_up"),
                "illegal-position",
                f"the turned-up card {state.game.deck.ids[mech.turned]} lies with the "
                "cards left over by the deal, not in a zone",
            )
        else:
            state.out_of_play.remove(mech.turned)
            state.out_of_play.insert(0, mech.turned)
    played = {p for p, _ in mech.plays}
    sizes = machine.hand_sizes
    dealt = sizes[(state.round - 1) % len(sizes)] if sizes else machine.deal_counts[n]
    if dealt is None:
        dealt = len(state.deck_cards) // n
    if mech.phase == PLAY:
        held = [len(hands[p]) + (1 if p in played else 0) for p in range(n)]
        if section.trick_number is None:
            mech.trick = max(1, dealt - max(held) + 1)
        expected = dealt - mech.trick + 1
        for player in range(n):
            if player in mech.sitting:
                continue  # their hand lies face down, out of the round
            if held[player] != expected:
                have = len(hands[player])
                reader.error(
                    ("players", player, "zones", state.game.player_zones[machine.hand].id),
                    "illegal-position",
                    f"player {player + 1} holds {have} cards at trick {mech.trick}; the "
                    f"rules leave {expected - (1 if player in played else 0)}",
                    "deal every player the same hand, one card fewer for those who "
                    "played to the trick",
                )
        _check_follow(machine, state, mech, reader)
    else:
        _check_hands_before_play(machine, state, mech, reader, dealt)
    if section.broken is not None:
        mech.broken = section.broken
    elif machine.broken_suit >= 0:
        open_cards = [card for _, card in mech.plays]
        if machine.won >= 0:
            open_cards += [card for pile in state.zones[machine.won] for card in pile]
        mech.broken = any(machine.suit_of[card] == machine.broken_suit for card in open_cards)
    if mech.phase == PASS:
        mech.current = (mech.round_leader + mech.acted) % n if not reader.to_move else mech.current


def _check_hands_before_play(
    machine: TrickTakingMechanic, state: State, mech: TrickState, reader: PositionReader, dealt: int
) -> None:
    """Before the first trick every hand holds the cards dealt this round, less those its
    player has set aside to pass: passed cards reach their receivers only once the last
    player has passed, and bidding or naming trump moves no card."""
    hands = state.zones[machine.hand]
    zone = state.game.player_zones[machine.hand].id
    phase = PHASE_WORDS[mech.phase]
    for player in range(state.n):
        aside = len(mech.passing[player]) if mech.phase == PASS and mech.passing else 0
        have, expected = len(hands[player]), dealt - aside
        if player in mech.sitting:
            expected = 0
        elif mech.phase == DISCARD and player == (mech.round_leader - 1) % state.n:
            expected = dealt + 1  # the turned card picked up, one to discard
        if have == expected:
            continue
        if mech.phase == PASS:
            message = (
                f"player {player + 1} holds {plural(have, 'card')} while passing with {aside} "
                f"set aside; the rules leave {expected} of the {dealt} dealt"
            )
            hint = (
                "a hand holds the cards dealt less those in its 'passing' list; passed cards "
                "are received only once every player has passed"
            )
        else:
            message = (
                f"player {player + 1} holds {plural(have, 'card')} while {phase}; {dealt} are dealt"
            )
            hint = f"no card leaves a hand while {phase}: write the {dealt} cards dealt"
        reader.error(("players", player, "zones", zone), "illegal-position", message, hint)


def _check_follow(
    machine: TrickTakingMechanic, state: State, mech: TrickState, reader: PositionReader
) -> None:
    """A card of the trick that did not follow the led suit while its player holds one."""
    if not machine.follow_suit or not mech.plays:
        return
    led = mech.led
    hands = state.zones[machine.hand]
    suit_of, in_suit = machine.suits_by_trump[mech.trump], machine.in_suit_by_trump[mech.trump]
    for index, (player, card) in enumerate(mech.plays[1:], start=1):
        if suit_of[card] != led and not in_suit[led].isdisjoint(hands[player]):
            reader.error(
                ("play", "trick", index),
                "illegal-position",
                f"player {player + 1} played {state.game.deck.ids[card]} but holds "
                f"{machine.suit_names[led]}: they had to follow suit",
            )


def _card(reader: PositionReader, path: tuple[str | int, ...], card_id: str) -> int:
    card = reader.card(path, card_id)
    return card if card is not None else -1


def _per_seat(
    reader: PositionReader,
    path: tuple[str | int, ...],
    lists: list[list[str]],
    n: int,
    *,
    place: bool = True,
) -> list[list[int]]:
    if not lists:
        return []
    if len(lists) != n:
        reader.error(path, "invalid-value", f"{len(lists)} lists for {n} players", "one per seat")
    return [
        [
            c
            for i, card in enumerate(cards)
            if (c := reader.card((*path, seat, i), card, place=place)) is not None
        ]
        for seat, cards in enumerate(lists[:n])
    ] + [[] for _ in range(n - len(lists[:n]))]


def _choices(ids: tuple[str, ...]) -> str:
    return "one of: " + ", ".join(ids)


POSITION = KitPosition(model=TrickPlay, save=save, load=load, complete=complete)
