"""Scoring rules (the manifest's, round scoring, those printed on cards), tie-breakers, the
end of the game and partnerships."""

from __future__ import annotations

from toolkit.content.checks.base import GameChecks
from toolkit.content.primitive_checks import PrimitiveChecks
from toolkit.content.project import LoadedFile
from toolkit.content.yaml_loader import Path_
from toolkit.diagnostics import players_span
from toolkit.rules.primitive import walk
from toolkit.rules.scoring import ScoringRule


def check_scoring_everywhere(c: GameChecks) -> None:
    for index, rule in enumerate(c.game.scoring):
        check_rule(c, c.manifest, ("scoring", index), rule)
    for index, rule in enumerate(c.game.round_scoring):
        check_rule(c, c.manifest, ("round_scoring", index), rule)
    for t_index, breaker in enumerate(c.game.tie_breakers):
        c.check_measure(c.manifest, ("tie_breakers", t_index, "measure"), breaker.measure)
    for loaded, path, rules in c.card_fields_of_type("scoring"):
        for r_index, rule in enumerate(rules):
            check_rule(c, loaded, (*path, r_index), rule)


def check_rule(c: GameChecks, where: LoadedFile, path: Path_, rule: ScoringRule) -> None:
    rule.check_semantics(PrimitiveChecks(c, where), path)


def check_ending(c: GameChecks) -> None:
    """End conditions, and partnerships that split each listed player count into teams."""
    context = PrimitiveChecks(c, c.manifest)
    for at, primitive in walk(c.game.end.when, ("end", "when")):
        primitive.check_semantics(context, at)
    players = c.game.players
    for count, teams in c.game.partnerships.items():
        path: Path_ = ("partnerships", count)
        if not players.min <= count <= players.max:
            c.error(
                c.manifest,
                path,
                "out-of-range",
                f"the game is for {players_span(players.min, players.max)}, not {count}",
                "remove this entry or widen 'players'",
                key=True,
            )
            continue
        seats = sorted(seat for team in teams for seat in team)
        if len(teams) < 2:
            c.error(
                c.manifest,
                path,
                "invalid-value",
                "partnerships need at least two teams: one team of everyone has nobody "
                "to play against",
                "split the seats into teams, or remove this player count",
            )
            continue
        if any(not team for team in teams):
            c.error(
                c.manifest,
                path,
                "invalid-value",
                "a team has no seat",
                "remove the empty team",
            )
            continue
        if seats != list(range(1, count + 1)):
            c.error(
                c.manifest,
                path,
                "invalid-value",
                f"the teams must hold every seat from 1 to {count} exactly once "
                f"(they hold {', '.join(str(s) for s in seats) or 'none'})",
                "list each seat in one team, e.g. [[1, 3], [2, 4]]",
            )
