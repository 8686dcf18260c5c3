"""Trick-taking in words and checks: the validate summary, semantic checks of the structure,
the print reference's values and the terminal's rules help."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from toolkit.diagnostics import plural
from toolkit.mechanics.base import (
    Path,
    RulesTable,
    Section,
    StructureChecks,
    Words,
    check_rounds,
)
from toolkit.mechanics.trick_taking import calling
from toolkit.mechanics.trick_taking.structure import NamedTrump, TrickTaking, TurnedUpTrump
from toolkit.mechanics.words import described_effects, plain_words, printed_action
from toolkit.rules.setup.deal import Deal
from toolkit.schema.amounts import amount_at, amount_values, count_words


def summary(structure: TrickTaking) -> str:
    text = f"trick-taking, {count_words(structure.rounds, 'round')}"
    extras = []
    if structure.passing is not None:
        extras.append(f"passing {structure.passing.count}")
    if structure.bidding is not None:
        extras.append("bidding")
    if isinstance(structure.trump, TurnedUpTrump):
        dealer = structure.trump.turned_up == "dealer"
        extras.append("trump from the dealer's card" if dealer else "trump turned up")
    elif isinstance(structure.trump, NamedTrump):
        extras.append("trump named")
    extras += calling.summary_extras(structure)
    return text + (f" ({', '.join(extras)})" if extras else "")


def decisions(structure: TrickTaking) -> tuple[str, ...]:
    """Plays always; passes, bids and naming trump when the structure has those phases."""
    asked = ["play", "lead", "follow"]
    if structure.passing is not None:
        asked.append("pass")
    if structure.bidding is not None:
        asked.append("bid")
    if isinstance(structure.trump, NamedTrump) or structure.calling is not None:
        asked.append("name_trump")
    if structure.calling is not None:
        asked += ["order_up", "call_pass"]
        if structure.calling.dealer_picks_up:
            asked.append("discard")
    return tuple(asked)


def _hand_sizes(structure: TrickTaking, checks: StructureChecks, deck: int) -> list[int]:
    """The cards a hand may be dealt, over every round and supported player count."""
    if structure.hand_sizes:
        return list(structure.hand_sizes)
    deal = next(
        (s for s in checks.setup if isinstance(s, Deal) and s.to == structure.hand and s.count),
        None,
    )
    if deal is not None and deal.count is not None:
        return amount_values(deal.count)
    low, high = checks.players()
    return [deck // players for players in range(max(low, 1), high + 1)]


def check(structure: TrickTaking, checks: StructureChecks) -> None:
    path: Path = ("structure",)
    check_rounds(checks, structure.rounds)
    player_zones = checks.zone_ids("player")
    checks.known((*path, "hand"), structure.hand, player_zones, "player zone")
    suits = checks.suits_kind()
    suit_ids = checks.ids(suits) if suits is not None and checks.has(suits) else None
    trump = structure.trump
    if isinstance(trump, str) and suit_ids is not None:
        checks.known((*path, "trump"), trump, suit_ids, "suit")
    steps = structure.on_win_steps()
    if structure.won is not None:
        if checks.known((*path, "won"), structure.won, player_zones, "player zone"):
            if structure.won == structure.hand:
                checks.error(
                    (*path, "won"),
                    "won-is-hand",
                    "the won pile cannot be the hand",
                    "declare a player zone for taken tricks, e.g. "
                    "{id: won, name: Tricks won, cards: deck, owner: player, visibility: public}",
                )
            elif "take_trick" not in steps:
                checks.error(
                    (*path, "on_win"),
                    "won-never-filled",
                    f"nothing puts cards in '{structure.won}': on_win does not take the trick",
                    "add take_trick: on_win: [take_trick] or [suit_action, take_trick]",
                )
    elif "take_trick" in steps:
        checks.error(
            (*path, "on_win"),
            "take-without-won",
            "take_trick needs a won pile to put the trick in",
            "name a player zone: won: won",
        )
    if len(set(steps)) < len(steps):
        checks.error((*path, "on_win"), "repeated", "on_win names a step twice")
    if structure.must_trump:
        if trump is None:
            checks.error(
                (*path, "must_trump"),
                "must-trump-without-trump",
                "must_trump needs a trump suit",
                "set trump: a suit id, {turned_up: true} or {named_by: leader}",
            )
        elif not structure.follow_suit:
            checks.error(
                (*path, "must_trump"),
                "must-trump-without-follow",
                "must_trump applies to a player who cannot follow suit: it needs follow_suit",
                "set follow_suit: true",
            )
    if (
        isinstance(trump, NamedTrump)
        and trump.named_by == "high_bidder"
        and structure.bidding is None
    ):
        checks.error(
            (*path, "trump", "named_by"),
            "no-bids",
            "high_bidder names trump, but there is no bidding",
            "add bidding: {track: bid}, or let the leader name trump: named_by: leader",
        )
    if isinstance(trump, TurnedUpTrump) and trump.turned_up is True:
        _check_a_card_is_left_to_turn_up(structure, checks)
    calling.check(structure, checks, suit_ids)
    lead = structure.lead
    if lead.broken is not None and suit_ids is not None:
        checks.known((*path, "lead", "broken"), lead.broken, suit_ids, "suit")
    if lead.first is not None:
        checks.known((*path, "lead", "first"), lead.first, checks.deck_ids(), "deck card")
    most = checks.players()[1]
    deck = checks.deck_size()
    for index, size in enumerate(structure.hand_sizes):
        if deck and size * most > deck:  # 0: the deck's cards did not all load
            checks.error(
                (*path, "hand_sizes", index),
                "hand-too-big",
                f"{most} players x {size} cards need {size * most}; the deck has {deck}",
                f"deal at most {deck // most} cards each, or lower players.max",
            )
    if structure.passing is not None and deck:
        smallest = min(_hand_sizes(structure, checks, deck))
        if structure.passing.count >= smallest:
            checks.error(
                (*path, "passing", "count"),
                "infeasible-setup",
                f"passing {structure.passing.count} cards needs hands of more than that; the "
                f"smallest hand holds {smallest}",
                f"pass at most {max(smallest - 1, 0)} cards",
            )
    tracks = checks.track_ids()
    if structure.bidding is not None:
        checks.known((*path, "bidding", "track"), structure.bidding.track, tracks, "track")
    largest = max(_hand_sizes(structure, checks, deck), default=0)
    for key, track_id in (
        (("bidding", "track"), structure.bidding.track if structure.bidding else None),
        (("tricks_track",), structure.tricks_track),
    ):
        top = checks.track_max(track_id) if track_id is not None else None
        if top is not None and largest and top < largest:
            checks.error(
                (*path, *key),
                "out-of-range",
                f"track '{track_id}' ends at {top}, but a hand can hold {largest} cards: bids "
                "and tricks above it would be cut off",
                f"set the track's max to {largest} or more",
            )
    if structure.tricks_track is not None:
        checks.known((*path, "tricks_track"), structure.tricks_track, tracks, "track")
        if structure.bidding is not None and structure.bidding.track == structure.tricks_track:
            checks.error(
                (*path, "tricks_track"),
                "same-track",
                "bids and tricks won need two different tracks",
                "declare a second track, e.g. tricks",
            )


def _check_a_card_is_left_to_turn_up(structure: TrickTaking, checks: StructureChecks) -> None:
    """A turned-up trump is the first card left after the deal: a player count at which every
    deal takes the whole deck never has a trump, whatever the manifest says."""
    deck = checks.deck_size()
    if not deck:  # the deck's cards did not all load
        return
    deal = next(
        (s for s in checks.setup if isinstance(s, Deal) and s.to == structure.hand and s.count),
        None,
    )
    low, high = checks.players()
    never = []
    for players in range(max(low, 1), high + 1):
        if structure.hand_sizes:
            sizes = list(structure.hand_sizes)
        elif deal is not None and deal.count is not None:
            size = amount_at(deal.count, players)
            sizes = [size] if size is not None else []
        else:
            sizes = [deck // players]
        if sizes and all(deck - players * size <= 0 for size in sizes):
            never.append(players)
    if never:
        counts = " and ".join(str(n) for n in never)
        checks.error(
            ("structure", "trump"),
            "no-card-to-turn-up",
            f"at {plural(never[0], 'player') if len(never) == 1 else counts + ' players'} "
            f"every deal takes the whole deck of {deck} cards: no card is left to turn up, "
            "so no round would have a trump",
            "deal fewer cards each (deal: {count: N} or hand_sizes), turn up the dealer's own "
            "last card (trump: {turned_up: dealer}), or choose a trump suit",
        )


def effect_sites(structure: TrickTaking) -> list[tuple[Path, list[Any], bool]]:
    """Cleanup effects run for every player at once: nobody can be asked to choose."""
    return [(("structure", "cleanup"), list(structure.cleanup), True)]


def round_end_effects(structure: TrickTaking) -> list[Any]:
    """Cleanup runs when every round ends, the last one too (before the game ends)."""
    return list(structure.cleanup)


def reference(structure: TrickTaking, words: Words) -> dict[str, Any]:
    return {
        "cleanup": [words.effect(effect) for effect in structure.cleanup],
        "play_rules": play_lines(structure, words.card_name),
        "before_play": before_play_lines(structure, words.card_name),
    }


def _same(name: str) -> str:
    return name


def _deck_card(card_id: str, name: Callable[[str], str]) -> str:
    """A deck card's printed name: `bellows-2` is the 2 of the Bellows suit's name."""
    suit, _, label = card_id.rpartition("-")
    named = name(suit) if suit else card_id
    return f"the {label} of {named}" if suit and named != suit else card_id


def _trump_words(structure: TrickTaking, name: Callable[[str], str]) -> str:
    trump = structure.trump
    if structure.calling is not None:
        return ", unless a trump is played (the suit called this round)."
    if isinstance(trump, TurnedUpTrump):
        return ", unless a trump is played (the turned-up card's suit)."
    if isinstance(trump, NamedTrump):
        return ", unless a trump is played (the suit named this round)."
    if trump:
        return f", unless a {name(trump)} card is played."
    return "; no trump."


def play_lines(structure: TrickTaking, name: Callable[[str], str] = _same) -> list[str]:
    """How tricks are played and won, in the words of the rules help and print reference."""
    steps = structure.on_win_steps()
    won = []
    if "take_trick" in steps:
        won.append("takes the trick's cards face up into their won pile")
    if "suit_action" in steps:
        won.append("resolves the action of the winning card's suit")
    sizes = ", ".join(str(size) for size in structure.hand_sizes)
    lines = [
        f"{count_words(structure.rounds, 'round')}; each deals the deck again"
        + (", won cards included" if structure.won is not None else "")
        + (f"; cards each by round: {sizes} (repeating)" if sizes else "")
        + ".",
        "The leader plays a card, then each other player in turn."
        + (" Follow the led suit if you can." if structure.follow_suit else ""),
    ]
    if structure.must_trump:
        lines.append("If you cannot follow suit, you must play a trump if you can.")
    lines.append("The highest card of the led suit wins" + _trump_words(structure, name))
    if won or (structure.tricks_track is None and structure.contract is None):
        lines.append(
            "The winner "
            + " and ".join(won or ["gains nothing more"])
            + (" and leads the next trick." if structure.winner_leads else ".")
        )
    elif structure.winner_leads:  # the trick only counts (below)
        lines.append("The winner leads the next trick.")
    lead = structure.lead
    if lead.first is not None:
        lines.append(
            f"Whoever holds {_deck_card(lead.first, name)} leads it to the first trick of "
            "every round (if no one holds it, the round's leader leads anything)."
        )
    if lead.broken is not None:
        broken = name(lead.broken)
        lines.append(
            f"{broken} may not be led until one has been played in an earlier trick of the "
            f"round, unless you hold only {broken}."
        )
    if structure.tricks_track is not None:
        lines.append(
            f"Each trick won moves its winner's {name(structure.tricks_track)} marker up 1 "
            "(back to 0 at every deal)."
        )
    lines += calling.play_lines(structure, name)
    return lines


def before_play_lines(structure: TrickTaking, name: Callable[[str], str] = _same) -> list[str]:
    """What happens after the deal and before the first trick, in order."""
    lines = []
    trump = structure.trump
    if isinstance(trump, TurnedUpTrump) and trump.turned_up == "dealer":
        lines.append(
            "The dealer (the seat before the round's leader) turns their own last dealt card "
            "face up and keeps it in hand"
            + (": its suit is trump this round." if structure.calling is None else ".")
        )
    elif isinstance(trump, TurnedUpTrump):
        lines.append(
            "Turn up the first card left over after the deal"
            + (
                ": its suit is trump this round (it stays face up, out of play). With no card "
                "left over, there is no trump."
                if structure.calling is None
                else " (it stays face up, out of play)."
            )
        )
    lines += calling.before_play_lines(structure, name)
    passing = structure.passing
    if passing is not None:
        cycle = ", ".join(passing.directions)
        lines.append(
            f"Each player chooses {passing.count} cards of their hand and passes them face "
            f"down; all passes are handed over together. Direction by round, repeating: "
            f"{cycle} (left is the next player in turn order, across the player half the "
            "table away)."
        )
    if isinstance(trump, NamedTrump) and trump.named_by == "leader":
        lines.append("The round's leader names a suit trump.")
    bidding = structure.bidding
    if bidding is not None:
        lines.append(
            "Starting with the round's leader, each player bids the number of tricks they "
            f"will win, from 0 to their hand size, on their {name(bidding.track)} track."
            + (
                " The last bidder may not make the bids add up to the number of tricks."
                if bidding.hook
                else ""
            )
        )
    if isinstance(trump, NamedTrump) and trump.named_by == "high_bidder":
        lines.append("The highest bidder (first to bid of equal bids) names a suit trump.")
    return lines


def rules_help(structure: TrickTaking, context: dict[str, Any], table: RulesTable) -> list[Section]:
    play = context.get("play_rules") or play_lines(structure)
    suits = []
    for suit in context.get("suits", []):
        ladder = [row for text in described_effects(suit) for row in text.ladder]
        if ladder:
            suits.append(f"{suit['name']}, by the winning card's rank:")
            suits += [f"    {row['ranks']}: {row['reward_words']}" for row in ladder]
        else:
            suits.append(f"{suit['name']}: {plain_words(printed_action(suit))}")
    sections: list[Section] = []
    before = context.get("before_play") or before_play_lines(structure)
    if before:
        sections.append(("Before play", before))
    sections.append(("Play", play))
    if suits and "suit_action" in structure.on_win_steps():
        sections.append(("Suit actions", suits))
    for ride in context.get("acquire", []):
        lines = [f"Winning a {ride['card']} trick lets you take one card of the {ride['source']}."]
        if ride["cost"]:
            lines.append(f"Pay {ride['cost']}.")
        if ride["requirements"]:
            lines.append(f"Meet its '{ride['requirements']}' (thresholds, never spent).")
        if ride["once_each"]:
            lines.append("Never the same one twice.")
        limit = ride["group_limit"]
        if limit:
            lines.append(
                f"At most {limit['per_group']} per {limit['field']}"
                + (f" until you have one of every {limit['field']}." if limit["lifted"] else ".")
            )
        if ride["on_decline"]:
            lines.append(f"Declining when you could take one: {ride['on_decline']}.")
        sections.append((f"{ride['card']}: taking from the {ride['source']}", lines))
    if context.get("cleanup"):
        cleanup = [f"{step[:1].upper()}{step[1:]}." for step in context["cleanup"]]
        sections.append(("End of each round", cleanup))
    return sections
