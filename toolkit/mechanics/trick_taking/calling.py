"""Calling trump, ranks reordered by trump, makers against defenders and going alone: their
semantic checks and their lines in the rules help and print reference."""

from __future__ import annotations

from collections.abc import Callable

from toolkit.mechanics.base import Path, StructureChecks
from toolkit.mechanics.trick_taking.structure import NamedTrump, TrickTaking, TurnedUpTrump


def check(structure: TrickTaking, checks: StructureChecks, suit_ids: list[str] | None) -> None:
    path: Path = ("structure",)
    trump = structure.trump
    calling = structure.calling
    if calling is not None:
        if not isinstance(trump, TurnedUpTrump):
            checks.error(
                (*path, "calling"),
                "calling-without-turned-up",
                "calling rounds order up a turned-up card, and the game turns none up",
                "set trump: {turned_up: true}",
            )
        elif trump.turned_up == "dealer" and calling.dealer_picks_up:
            checks.error(
                (*path, "calling", "dealer_picks_up"),
                "invalid-value",
                "the turned card is the dealer's own: there is nothing to pick up",
                "set dealer_picks_up: false, or turn up a card left over: {turned_up: true}",
            )
        if structure.bidding is not None:
            checks.error(
                (*path, "calling"),
                "invalid-value",
                "trump is either called or bid for, not both",
                "remove bidding, or calling",
            )
        if calling.alone and not checks.partnerships():
            checks.error(
                (*path, "calling", "alone"),
                "alone-without-partners",
                "going alone leaves a partner out, and the game declares no partnerships",
                "declare the teams (partnerships: {4: [[1, 3], [2, 4]]}), or set alone: false",
            )
    contract = structure.contract
    if contract is not None:
        if calling is None and not isinstance(trump, NamedTrump):
            checks.error(
                (*path, "contract"),
                "contract-without-maker",
                "a contract is the makers' (the side that made trump), and nobody makes trump",
                "add calling: {} (with trump: {turned_up: true}), or trump: {named_by: leader}",
            )
        tracks = checks.track_ids()
        if checks.known((*path, "contract", "track"), contract.track, tracks, "track"):
            top = checks.track_max(contract.track)
            most = max(
                contract.made,
                contract.all_tricks,
                contract.alone_made or 0,
                contract.alone_all_tricks or 0,
                contract.defenders,
            )
            if top is not None and top < most:
                checks.error(
                    (*path, "contract", "track"),
                    "out-of-range",
                    f"track '{contract.track}' ends at {top}, but a round can score {most}",
                    f"set the track's max to {most} or more",
                )
            taken = {structure.tricks_track, structure.bidding.track if structure.bidding else None}
            if contract.track in taken:
                checks.error(
                    (*path, "contract", "track"),
                    "same-track",
                    "the contract's points need a track of their own",
                    "declare a track for them, e.g. {id: points, name: Points, max: 4}",
                )
    deck_ids = set(checks.deck_ids())
    for suit, cards in structure.trump_ranks.items():
        at = (*path, "trump_ranks", suit)
        if suit_ids is not None:
            checks.known(at, suit, suit_ids, "suit")
        for index, card in enumerate(cards):
            if deck_ids:
                checks.known((*at, index), card, sorted(deck_ids), "deck card")
            if card in cards[:index]:
                checks.error((*at, index), "repeated", f"'{card}' is listed twice")
    if structure.trump_ranks and trump is None:
        checks.error(
            (*path, "trump_ranks"),
            "invalid-value",
            "trump_ranks reorders a trump suit, and the game has no trump",
            "set trump, or remove trump_ranks",
        )


def summary_extras(structure: TrickTaking) -> list[str]:
    extras = []
    if structure.calling is not None:
        extras.append("trump called" + (", going alone" if structure.calling.alone else ""))
    if structure.trump_ranks:
        extras.append("trump ranks reordered")
    if structure.contract is not None:
        extras.append("makers and defenders")
    return extras


def deck_card(card_id: str, name: Callable[[str], str]) -> str:
    """A deck card's printed name: `bellows-2` is the 2 of the Bellows suit's name."""
    suit, _, label = card_id.rpartition("-")
    named = name(suit) if suit else card_id
    return f"the {label} of {named}" if suit and named != suit else card_id


def before_play_lines(structure: TrickTaking, name: Callable[[str], str]) -> list[str]:
    """Calling, in the order it happens."""
    calling = structure.calling
    if calling is None:
        return []
    alone = (
        " A player who makes trump may go alone: their partners lay their hands face down and "
        "sit out the round."
        if calling.alone
        else ""
    )
    lines = [
        "Starting with the round's leader, each player either orders the turned-up card's "
        "suit trump or passes." + alone,
        "If everyone passes, each player in turn from the leader names another suit trump or "
        "passes; the dealer (the seat before the leader) may not pass.",
    ]
    if calling.dealer_picks_up:
        lines.append(
            "When the turned card is ordered up, the dealer takes it into hand and discards a "
            "card face down (unless the dealer sits out)."
        )
    return lines


def play_lines(structure: TrickTaking, name: Callable[[str], str]) -> list[str]:
    """Reordered trump ranks, and the contract."""
    lines = []
    for suit, cards in structure.trump_ranks.items():
        order = ", ".join(deck_card(card, name) for card in cards)
        lines.append(
            f"When {name(suit)} are trump, these count as {name(suit)} and rank above all "
            f"other {name(suit)}, highest first: {order}."
        )
    contract = structure.contract
    if contract is not None:
        alone_all = (
            contract.alone_all_tricks
            if contract.alone_all_tricks is not None
            else contract.all_tricks
        )
        alone_made = contract.alone_made if contract.alone_made is not None else contract.made
        lines.append(
            f"The makers (who made trump, and their partners) must win {contract.need} tricks "
            f"together: then they score {contract.made} ({contract.all_tricks} for every "
            f"trick). Otherwise each other side scores {contract.defenders}. Points go on "
            f"{name(contract.track)} (back to 0 at every deal)."
        )
        if structure.calling is not None and structure.calling.alone:
            lines.append(
                f"A maker who went alone scores {alone_made} ({alone_all} for every trick)."
            )
    return lines
