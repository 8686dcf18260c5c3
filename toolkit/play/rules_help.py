"""Help on the rules, made from the game's content models: what `h` shows during play.

Nothing here is written for a particular game. The words come from the same describer the
printed rules reference uses (suit actions and their ladders, riding rules, milestones,
scoring rules, setup steps), and the game in progress adds what is on the table: the
attractions on display, the project plan drawn, the scoring cards in play.
"""

from __future__ import annotations

import re
from typing import Any

from toolkit.content.models.manifest import CardsDeck, Draft, TrickTaking
from toolkit.play.session import Session
from toolkit.play.views import card_values
from toolkit.pnp.card_view import EffectsText
from toolkit.pnp.describe import Describer
from toolkit.pnp.reference import reference_context
from toolkit.rules.scoring import CardsInPlay

Section = tuple[str, list[str]]
ICON = re.compile(r":([a-z][a-z0-9-]*):")

COMMANDS = [
    "a number plays the move with that number",
    "a card id (drafting) shows that card's placements, numbered; then choose one",
    "u takes back your last move (and the bot moves after it)",
    "h shows this help; q quits and saves the transcript",
]


def rules_help(session: Session) -> list[Section]:
    content = session.loaded.content
    describer = Describer(content, lambda icon: False)
    context = reference_context(content, describer)
    game = content.game
    sections: list[Section] = [
        ("Commands", COMMANDS),
        (
            f"{game.name} {game.version}",
            [" ".join(game.description.split()), f"{game.players.min}-{game.players.max} players"],
        ),
        ("Setup", [f"{step}." for step in context["setup"]]),
    ]
    structure = game.structure
    if isinstance(structure, TrickTaking):
        sections += _trick_taking(structure, context)
    elif isinstance(structure, Draft):
        sections += _draft(session, structure, context)
    tracks = [
        f"{t['name']} {t['min']}-{t['max']}"
        + (
            ": " + "; ".join(f"at {m['at']}: {m['text']}" for m in t["milestones"])
            if t["milestones"]
            else ""
        )
        for t in context["tracks"]
    ]
    if tracks:
        sections.append(("Tracks and milestones", tracks))
    sections += _on_the_table(session)
    sections.append(("Scoring at the end", _scoring(session, describer)))
    breakers = [
        f"{number}. {'most' if t['prefer'] == 'most' else 'fewest'} {t['measure']} ({t['label']})"
        for number, t in enumerate(context["tie_breakers"], start=1)
    ]
    breakers.append(f"{len(breakers) + 1}. still tied: a shared victory")
    sections.append(("Ties", breakers))
    return sections


def _trick_taking(structure: TrickTaking, context: dict[str, Any]) -> list[Section]:
    play = [
        f"{structure.rounds} rounds; each deals the deck again.",
        "The leader plays a card, then each other player in turn."
        + (" Follow the led suit if you can." if structure.follow_suit else ""),
        "The highest card of the led suit wins"
        + (f", unless a {structure.trump} card is played." if structure.trump else "; no trump."),
        "The winner resolves the action of the winning card's suit"
        + (" and leads the next trick." if structure.winner_leads else "."),
    ]
    suits = []
    for suit in context.get("suits", []):
        ladder = [row for text in _effects(suit) for row in text.ladder]
        if ladder:
            suits.append(f"{suit['name']}, by the winning card's rank:")
            suits += [f"    {row['ranks']}: {row['reward_words']}" for row in ladder]
        else:
            suits.append(f"{suit['name']}: {_words(_printed_action(suit))}")
    sections: list[Section] = [("Play", play), ("Suit actions", suits)]
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


def _draft(session: Session, structure: Draft, context: dict[str, Any]) -> list[Section]:
    grid = structure.grid
    order = grid.order_field
    play = [
        f"{structure.placements} cards each. Every pick, all choose a card at once; then all "
        f"reveal, pay its {structure.price.field} in {context['price']}"
        + (" or place it face down for free" if grid.face_down else "")
        + ", and place it in their park.",
        f"Shop actions of cards placed face up resolve, "
        f"{'highest' if structure.resolve_order == 'highest_first' else 'lowest'} {order} first.",
        f"Then hands pass {structure.pass_direction}.",
    ]
    placement = ["The park must still fit the project plan's shape (orientation fixed)."]
    if grid.adjacency == "orthogonal":
        placement.append("Every card after the first borders a placed card on a side.")
    if grid.ascending == "rows_and_columns":
        placement.append(
            f"Face-up {order}s ascend: higher than every face-up card left of it in its row "
            "and above it in its column."
        )
    else:
        placement.append(f"Face-up {order}s ascend in reading order.")
    if grid.unique_field:
        placement.append(f"No two face-up cards share a {grid.unique_field}.")
    if grid.face_down:
        placement.append("Face-down cards are ignored by these rules; they score nothing.")
    sections: list[Section] = [("Play", play), ("Placement rules", placement)]
    plan_lines = []
    game = session.game
    for kind, card, _ in session.state.slots.get(grid.plan_slot, []):
        table = game.tables[kind]
        plan_lines.append(f"{table.names[card]}:")
        plan_lines += [f"    {row}" for row in table.fields.get("shape", [[]])[card]]
    if plan_lines:
        sections.append(("Project plan in play", plan_lines))
    shops = []
    deck = session.loaded.content.game.deck
    if isinstance(deck, CardsDeck):
        for view in context["cards"].get(deck.pool, []):
            printed = _printed_action(view)
            if printed:
                group = view["described"].get(deck.group_by or "", {}).get("name", "")
                number = getattr(view["card"], order, "")
                shops.append(f"{view['id']} ({group} {number}): {_words(printed)}")
    if shops:
        sections.append(("Shop actions", shops))
    return sections


def _on_the_table(session: Session) -> list[Section]:
    game, state = session.game, session.state
    sections: list[Section] = []
    for zone in game.shared_zones:
        table = game.tables[zone.kind]
        lines = [
            f"{table.names[card]}: {card_values(game, zone.kind, card)}"
            for card in state.shared[zone.index]
        ]
        sections.append((f"{zone.name} in this game", lines))
    return sections


def _scoring(session: Session, describer: Describer) -> list[str]:
    content = session.loaded.content
    game, state = session.game, session.state
    lines = []
    for number, rule in enumerate(content.game.scoring, start=1):
        if not isinstance(rule, CardsInPlay):
            lines.append(f"{number}. {rule.label}: {describer.points(rule)}")
            continue
        in_play = state.slots.get(rule.slot, [])
        if not in_play:
            continue
        lines.append(f"{number}. {rule.label}:")
        for kind, card, side in in_play:
            table = game.tables[kind]
            rules = table.rules(card, side)
            lines.append(f"    {table.names[card]}" + (f" ({side} side)" if side else "") + ":")
            lines += [f"      {r['label']}: {r['points']}" for r in describer.rules(rules)]
    return lines


def _effects(view: dict[str, Any]) -> list[EffectsText]:
    """A card's effects fields, described (from the reference context's card views)."""
    return [text for text in view["described"].values() if isinstance(text, EffectsText)]


def _printed_action(view: dict[str, Any]) -> str:
    """What a card does as printed: its `action_text` when it has one, else its effects."""
    written = getattr(view["card"], "action_text", None)
    return str(written) if written else ", ".join(str(e) for e in _effects(view) if e)


def _words(text: str) -> str:
    """Printed text for a terminal: one line, icon tokens (`:coin:`) as their names."""
    return ICON.sub(lambda match: match.group(1), " ".join(text.split()))
