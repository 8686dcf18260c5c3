"""The staged mechanic in words: the validate summary, the rule book read back from the stages
(each stage's `says`, or words made from its fields), the print reference and the terminal's
rules help."""

from __future__ import annotations

from typing import Any

from toolkit.diagnostics import plural
from toolkit.mechanics.base import RulesTable, Section, Words
from toolkit.mechanics.staged import validation_bets, words_bets
from toolkit.mechanics.staged.structure import Staged, walk
from toolkit.schema.amounts import amount_values, describe_amount


def summary(structure: Staged) -> str:
    written = [*structure.round, *structure.round_end.then]
    for fragment in structure.defines.values():
        written += fragment
    stages = sum(1 for item in walk(written) if hasattr(item, "stage"))
    moves = sum(1 for item in walk(written) if hasattr(item, "move"))
    moves += sum(len(validation_bets.asks(item)) for item in walk(written))
    several = max(amount_values(structure.rounds)) > 1
    rounds = f", {describe_amount(structure.rounds)} rounds" if several else ""
    return f"staged, {plural(stages, 'stage')}, {plural(moves, 'move')}{rounds}"


def _filter(where: dict[str, Any] | None) -> str:
    if not where:
        return ""
    parts = []
    for name, wanted in where.items():
        if isinstance(wanted, list):
            parts.append(f"{name} {' or '.join(map(str, wanted))}")
        elif hasattr(wanted, "at_least") or hasattr(wanted, "at_most"):
            bounds = []
            if wanted.at_least is not None:
                bounds.append(f"at least {wanted.at_least}")
            if wanted.at_most is not None:
                bounds.append(f"at most {wanted.at_most}")
            if wanted.parity is not None:
                bounds.append(wanted.parity)
            parts.append(f"{name} {' and '.join(bounds)}")
        else:
            parts.append(f"{name} {wanted}")
    return " with " + ", ".join(parts)


def check_words(check: Any) -> str:
    """A check in words (`player's hand is empty`)."""
    if check is None:
        return ""
    who = {
        "current": "your",
        "any": "some player's",
        "every": "every player's",
        "others": "every other player's",
    }.get(
        check.who, "the chosen player's" if check.who == "target" else f"the {check.who} player's"
    )
    if check.all is not None:
        return " and ".join(check_words(part) for part in check.all)
    if check.any is not None:
        return " or ".join(check_words(part) for part in check.any)
    if check.not_ is not None:
        return f"not ({check_words(check.not_)})"
    if check.empty is not None:
        return f"{who} {check.empty}{_filter(check.where)} is empty"
    if check.passed is not None:
        return {
            "me": "you passed",
            "all": "everyone passed",
            "all_but_one": "all but one player passed",
            "all_others": "every other player passed",
        }[check.passed]
    if check.finished is not None:
        return {
            "me": "you finished",
            "all": "everyone finished",
            "all_but_one": "all but one player finished",
            "any": "someone finished",
        }[check.finished]
    if check.repeats is not None:
        return f"two cards in {who} {check.repeats.zone} share a {check.repeats.field}"
    if check.folded is not None:
        return "you folded" if check.folded == "me" else "all but one player folded"
    if check.out is not None:
        return {
            "me": "you are out",
            "any": "someone is out",
            "all_but_one": "one player is left in",
        }[check.out]
    if check.card is not None:
        return f"the card is one{_filter(check.card)}"
    if check.got is not None:
        return "the ask or capture got cards" if check.got else "the ask or capture got nothing"
    if check.claim is not None:
        return f"the cards last played to {check.claim} are what was called for them"
    if check.closed is not None:
        return f"{check.closed} is closed for the round"
    if check.round is not None:
        spec = check.round
        if spec.in_ is not None:
            cycle = f" of every {spec.cycle}" if spec.cycle else ""
            return f"round {', '.join(map(str, spec.in_))}{cycle}"
        return "round " + " and ".join(
            f"{word} {value}"
            for word, value in (("at least", spec.at_least), ("at most", spec.at_most))
            if value is not None
        )
    bounds = " and ".join(
        f"{word} {_bound_words(value, who)}"
        for word, value in (
            ("at least", check.at_least),
            ("at most", check.at_most),
            ("above", check.above),
            ("below", check.below),
            ("exactly", check.equals),
        )
        if value is not None
    )
    if check.count is not None:
        return f"{who} {check.count}{_filter(check.where)} holds {bounds} cards"
    if check.sum is not None:
        return f"the {check.sum.field} of {who} {check.sum.zone} adds up to {bounds}"
    return f"{_measure_words(check.measure, who)} is {bounds}"


def move_words(move: Any) -> str:
    """A move in the rule book's words: its `says`, or words from its fields."""
    if move.says:
        return str(move.says)
    kind = move.move
    if kind in ("play", "take"):
        to = (
            move.to
            if isinstance(move.to, str)
            else " or ".join(move.to)
            if isinstance(move.to, list)
            else f"the zone of its {move.to.by}"
        )
        count = move.count
        many = (
            "a card"
            if count == 1
            else f"{count} cards"
            if isinstance(count, int)
            else f"{count.min} to {count.max} cards"
            + (f" of one {count.same}" if count.same else "")
        )
        line = f"{kind} {many}{_filter(move.where)} from {move.from_} to {to}"
        if move.match is not None:
            line += match_words(move.match)
        if move.follow is not None:
            line += f", following the first card's {move.follow.field} if you can"
        if move.beats is not None:
            line += f", beating the last play's {move.beats.field}"
        if move.except_moved:
            line += ", never the card just taken"
        return line
    if kind == "draw":
        source = move.from_ if isinstance(move.from_, str) else " or ".join(move.from_)
        back = "" if move.take_back else ", never the card just put there"
        onto = f" onto {' or '.join(move.to)}" if isinstance(move.to, list) else ""
        room = f" (at most {move.room} cards each)" if move.room else ""
        return f"draw {plural(move.count, 'card')} from {source}{back}{onto}{room}"
    if kind == "take_all":
        source = move.from_ if isinstance(move.from_, str) else " or ".join(move.from_)
        closes = "; it stays closed until the round ends" if move.closes else ""
        return f"take every card of {source} into your {move.to}{closes}"
    if kind == "call":
        named = f": {' or '.join(map(str, move.values))}" if move.values else ""
        return f"call a {move.field}{named}"
    if kind == "flip":
        return f"turn over a card of your {move.from_}"
    if kind == "pay":
        return words_bets.move_line(move)
    if kind == "ask":
        return ask_words(move)
    if kind == "capture":
        return capture_words(move)
    if kind == "option":
        return str(move.decision or kind).replace("_", " ")
    return str(kind)


def match_words(match: Any) -> str:
    """How a card must fit the card it goes on, in words (empty when nothing is said)."""
    line = ""
    same = " or ".join(match.same)
    line += f", matching the top card's {same}" if same else ""
    if match.step is not None:
        line += f", {match.step.field} {match.step.by} from the top card"
    climb = match.climb
    if climb is not None:
        rise = "higher" if climb.direction == "ascending" else "lower"
        line += (
            f", {climb.field} {rise} than the top card's"
            + ("" if climb.strict else " or equal")
            + f" (cards without a {climb.field} only before the first with one)"
        )
        if climb.closest:
            side = "below" if climb.direction == "ascending" else "above"
            line += f", on the row whose top card is the nearest {side} it"
    if match.among is not None:
        line += f", compared within the card's own {match.among}"
    return line


def ask_words(move: Any) -> str:
    """An `ask` from its fields."""
    if move.for_ == "card":
        what = f"a named card of a {move.field} you hold a card of"
    else:
        what = f"a {move.field} you hold"
    whom = "the chosen player" if move.who == "target" else "another player"
    return (
        f"ask {whom} for {what}: they give you every such card from their "
        f"{move.from_} into your {move.to}"
    )


def capture_words(move: Any) -> str:
    """A `capture` from its fields."""
    most = f" (at most {move.most})" if move.most else ""
    line = (
        f"play a card from your {move.from_} and take cards of {move.table}{most} whose "
        f"{move.field} adds up to its own, into your {move.to}"
    )
    if move.single_first:
        line += f"; a card of equal {move.field} must be taken alone"
    trail = {
        "if_no_capture": f"; a card that takes nothing is laid on {move.table}",
        "always": f"; or lay the card on {move.table}",
        "never": "",
    }
    return line + trail[move.trail]


def stage_lines(stages: list[Any], defines: dict[str, Any], depth: int = 0) -> list[str]:
    """The stages as rule-book lines, nested stages indented."""
    lines: list[str] = []
    pad = "  " * depth

    def add(text: str) -> None:
        lines.append(pad + text)

    for stage in stages:
        said = stage.says
        kind = stage.stage
        if kind == "deal" and stage.to is None:
            add(said or f"Shuffle every card into {stage.rest}, face down.")
        elif kind == "deal":
            count = describe_amount(stage.count) if stage.count is not None else "all the"
            add(said or f"Deal {count} cards to each player's {stage.to}.")
        elif kind == "move":
            count = "every card" if stage.count == "all" else plural(stage.count, "card")
            if stage.sets is not None:
                count += f" of a complete {stage.sets.same} ({stage.sets.size} cards)"
            to = stage.to if isinstance(stage.to, str) else " or ".join(stage.to)
            fit = match_words(stage.match) if stage.match is not None else ""
            add(said or f"Move {count} from {stage.from_} to {to}{fit}.")
            if stage.otherwise:
                add("If a card fits none:")
                lines.extend(stage_lines(stage.otherwise, defines, depth + 1))
        elif kind == "turns":
            until = f" until {check_words(stage.until)}" if stage.until else ""
            add(said or f"Take turns from the {stage.start}{until}. On your turn:")
            lines.extend(stage_lines(stage.turn, defines, depth + 1))
        elif kind == "choose":
            add(said or "Choose one:")
            for move in stage.moves:
                lines.append(pad + "  - " + move_words(move))
                lines.extend(stage_lines(move.then, defines, depth + 2))
            if stage.otherwise:
                add("If none is allowed:")
                lines.extend(stage_lines(stage.otherwise, defines, depth + 1))
        elif kind == "simultaneous":
            unseen = ", face down: nobody else sees them" if stage.reveal == "none" else ""
            picks = plural(stage.count, "card")
            add(said or f"Everyone picks {picks} from {stage.from_} at once{unseen}.")
            lines.extend(stage_lines(stage.then, defines, depth + 1))
        elif kind == "repeat":
            add(said or "Repeat:")
            lines.extend(stage_lines(stage.stages, defines, depth + 1))
        elif kind == "each_player":
            add(said or "Each player in turn:")
            lines.extend(stage_lines(stage.stages, defines, depth + 1))
        elif kind == "if":
            add(said or f"If {check_words(stage.when)}:")
            lines.extend(stage_lines(stage.then, defines, depth + 1))
            if stage.else_:
                add("Otherwise:")
                lines.extend(stage_lines(stage.else_, defines, depth + 1))
        elif kind == "automaton":
            add(said or f"{stage.name} plays:")
            lines.extend(stage_lines(stage.stages, defines, depth + 1))
        elif kind == "use":
            add(said or f"({stage.name}):")
            lines.extend(stage_lines(defines.get(stage.name, []), {}, depth + 1))
        elif kind == "award":
            add(said or f"The best card in {stage.zone} wins it.")
        elif kind == "finish":
            add(said or "You finish.")
        elif kind == "target":
            among = "any player" if stage.who == "any" else "another player"
            where = f" for whom {check_words(stage.where)}" if stage.where else ""
            add(said or f"Choose {among} still in{where}:")
            lines.extend(stage_lines(stage.then, defines, depth + 1))
            if stage.otherwise:
                add("If nobody may be chosen:")
                lines.extend(stage_lines(stage.otherwise, defines, depth + 1))
        elif kind == "eliminate":
            whom = {"current": "You are", "target": "The chosen player is"}.get(
                stage.who, f"The {stage.who} player is"
            )
            add(said or f"{whom} out of the round.")
        elif kind == "order":
            add(said or ("Reverse the turn order." if stage.reverse else "Skip the next player."))
        elif kind == "break":
            add(said or f"Stop the {stage.out_of}.")
        elif kind in ("pay", "betting", "showdown", "auction", "sealed_bid"):
            add(said or words_bets.stage_line(stage))
        else:
            add(said or f"{kind}.")
    return lines


def round_lines(structure: Staged) -> list[str]:
    lines = stage_lines(structure.round, structure.defines)
    end = structure.round_end
    for check in end.when:
        lines.append(f"The round's play ends as soon as {check_words(check)}.")
    if end.one_more_turn and end.when:
        lines.append("Then every other player has one more turn.")
    lines.extend(stage_lines(end.then, structure.defines))
    if max(amount_values(structure.rounds)) > 1:
        lines.append(f"The game lasts {describe_amount(structure.rounds)} rounds.")
    return lines


def round_items(structure: Staged) -> list[dict[str, Any]]:
    """The round's lines with their depth (0: a stage of the round; 1 and more: inside a
    turn, a choice or a loop), their text, whether deeper lines follow (`opens`) and whether
    the line is a move to choose from (`move`), for a print template that lays nesting out
    itself (the text is data there, so indentation and a leading '- ' would be lost)."""
    items: list[dict[str, Any]] = []
    for line in round_lines(structure):
        text = line.lstrip(" ")
        depth = (len(line) - len(text)) // 2
        if items:
            items[-1]["opens"] = depth > items[-1]["depth"]
        move = text.startswith("- ")
        items.append(
            {"depth": depth, "text": text.removeprefix("- "), "opens": False, "move": move}
        )
    return items


def reference(structure: Staged, words: Words) -> dict[str, Any]:
    return {
        "staged": structure,
        "turn_lines": round_lines(structure),
        "turn_items": round_items(structure),
    }


def rules_help(structure: Staged, context: dict[str, Any], table: RulesTable) -> list[Section]:
    return [("A round", round_lines(structure))]


def _bound_words(bound: Any, who: str) -> str:
    """A check's bound: its number, or the measure it reads (`your limit`)."""
    return str(bound) if isinstance(bound, int | float) else _measure_words(bound.measure, who)


def _measure_words(measure: Any, who: str) -> str:
    """A measure of the player a check asks about (`your coins`)."""
    if measure.computed is not None:
        from toolkit.rules.measures.computed import describe_computed

        return describe_computed(measure.computed, lambda zone: f"{who} {zone}")
    what = (
        f"cards in {measure.count}" if measure.count else measure.resource or measure.track
    ) or "points"
    return f"{who} {what}"
