"""Help on the rules, made from the game's content models: what `h` shows during play.

Nothing here is written for a particular game. The words come from the same describer the
printed rules reference uses (suit actions and their ladders, riding rules, milestones,
scoring rules, setup steps), and the game in progress adds what is on the table: the cards of
its shared zones, the cards drawn into its slots, the scoring cards in play.
"""

from __future__ import annotations

from toolkit.diagnostics import players_span
from toolkit.mechanics.registry import mechanic_kit
from toolkit.play.session import Session
from toolkit.play.views import card_values
from toolkit.pnp.describe import Describer
from toolkit.pnp.reference import reference_context
from toolkit.rules.scoring.cards_in_play import CardsInPlay

Section = tuple[str, list[str]]

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
            [" ".join(game.description.split()), players_span(game.players.min, game.players.max)],
        ),
        ("Setup", [f"{step}." for step in context["setup"]]),
    ]
    structure = game.structure
    sections += mechanic_kit(structure.mechanic).rules_help(structure, context, _Table(session))
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
    if context["round_scoring"]:
        sections.append(
            (
                "Scoring after every round",
                [
                    f"{number}. {rule['label']}: {rule['points']}"
                    for number, rule in enumerate(context["round_scoring"], start=1)
                ],
            )
        )
    ending = [
        f"The game also ends {text}, at the end of that round." for text in context["end_when"]
    ]
    ending.append(f"The {context['winner']} total wins.")
    teams = context["partnerships"].get(session.state.n)
    if teams:
        ending.append(f"Partners share one score: {'; '.join(teams)}.")
    sections.append(("End of the game", ending))
    if content.game.scoring:
        sections.append(("Scoring at the end", _scoring(session, describer)))
    breakers = [
        f"{number}. {'most' if t['prefer'] == 'most' else 'fewest'} {t['measure']} ({t['label']})"
        for number, t in enumerate(context["tie_breakers"], start=1)
    ]
    breakers.append(f"{len(breakers) + 1}. still tied: a shared victory")
    sections.append(("Ties", breakers))
    return sections


class _Table:
    """The table in play, as a mechanic's rules help reads it."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def slot_cards(self, slot: str) -> list[tuple[str, tuple[str, ...]]]:
        game = self.session.game
        cards = []
        for kind, card, _ in self.session.state.slots.get(slot, []):
            table = game.tables[kind]
            shape = table.field_of_type("shape")
            rows = table.fields[shape][card] if shape is not None else ()
            cards.append((table.names[card], tuple(rows)))
        return cards


def _on_the_table(session: Session) -> list[Section]:
    game, state = session.game, session.state
    sections: list[Section] = []
    for zone in game.shared_zones:
        if zone.hidden_from_others:  # a face-down pile (a draw pile): nobody may look
            continue
        table = game.tables[zone.kind]
        lines = [
            f"{table.names[card]}: {card_values(game, zone.kind, card)}"
            for card in state.shared[zone.index]
        ]
        if lines:
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
