"""The scoring-rule recipe holds, and parameters are checked by their declared type, not name.

A throwaway scoring rule (`per_group`: points per distinct value of a card field among a
player's cards) lives in a temporary module outside the toolkit and is registered with
`@SCORING_RULES.register`. Its field parameter is called `grouping`, a name no checking code
knows: declared `ZoneField`, it is checked against the cards of its `zone` all the same
(before, only parameters called `field` or `same_field` were). The rule is validated from a
manifest and scores real games; no file of the toolkit changes.

In-process, `area_formula`'s `by` (also a `ZoneField`) shows the same for a shipped rule.
"""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

from entry_point import run_script_with_modules, run_toolkit

ROOT = Path(__file__).resolve().parent.parent
TOY = Path(__file__).parent / "games" / "harbour-lights"
MANIFEST = "rules/harbour-lights.yaml"
FIRST_RULE = "  - {rule: sum_field, label: Moored ships, zone: moorings, field: glory}\n"

PER_GROUP = '''
"""`per_group`: points for each distinct value of a card field among a player's cards."""

from __future__ import annotations

from typing import Literal

from toolkit.rules.registry import SCORING_RULES
from toolkit.rules.scoring.base import RuleModel
from toolkit.schema.params import PlayerZone, ZoneField


@SCORING_RULES.register
class PerGroup(RuleModel):
    """Points for each distinct value of a card field among the player's cards in a zone."""

    rule: Literal["per_group"]
    zone: PlayerZone
    """The player's zone whose cards are looked at."""
    grouping: ZoneField
    """The card field whose distinct values score."""
    points: int = 1
    """Points per distinct value."""

    def compile(self, c):
        spec = c.zone(self.zone)
        zone, column = spec.index, c.table(spec.kind).fields[self.grouping]
        points = self.points

        def score(state):
            return [points * len({column[k] for k in state.zones[zone][p]}) for p in range(state.n)]

        return score
'''

RUN = """
import json, sys
import per_group_rule  # registers `per_group` before the toolkit's content layer is imported
from toolkit.cli import main

sys.argv = ["toolkit", *sys.argv[1:]]
try:
    main()
except SystemExit as done:
    print(json.dumps({"exit": done.code}))
"""


def project_with(tmp_path: Path, rule: str) -> Path:
    project = tmp_path / "toy"
    shutil.copytree(TOY, project)
    manifest = project / MANIFEST
    text = manifest.read_text(encoding="utf-8")
    assert FIRST_RULE in text
    manifest.write_text(text.replace(FIRST_RULE, FIRST_RULE + f"  - {rule}\n"), "utf-8")
    (tmp_path / "per_group_rule.py").write_text(textwrap.dedent(PER_GROUP), encoding="utf-8")
    return project


def toolkit_with_rule(tmp_path: Path, project: Path, *args: str) -> tuple[int, str]:
    report, out = run_script_with_modules(RUN, *args, cwd=project, modules=tmp_path)
    return int(report["exit"] or 0), out


def rule_line(project: Path) -> int:
    lines = (project / MANIFEST).read_text(encoding="utf-8").splitlines()
    return next(n for n, text in enumerate(lines, start=1) if "rule: per_group" in text)


def test_a_new_scoring_rule_in_its_own_module_is_validated_and_scores(tmp_path: Path) -> None:
    rule = "{rule: per_group, label: Kinds of cargo, zone: moorings, grouping: tonnage}"
    project = project_with(tmp_path, rule)
    code, out = toolkit_with_rule(tmp_path, project, "validate", MANIFEST)
    assert code == 0, out
    code, out = toolkit_with_rule(
        tmp_path, project, "simulate", MANIFEST, "--games", "20", "--players", "3"
    )
    assert code == 0, out
    assert "Kinds of cargo" in out, out


def test_a_field_parameter_is_checked_by_its_type_whatever_its_name(tmp_path: Path) -> None:
    rule = "{rule: per_group, label: Kinds of cargo, zone: moorings, grouping: tonage}"
    project = project_with(tmp_path, rule)
    code, out = toolkit_with_rule(tmp_path, project, "validate", MANIFEST)
    assert code == 1, out
    assert f"harbour-lights.yaml:{rule_line(project)}:" in out, out
    assert "unknown card field 'tonage'" in out and "did you mean 'tonnage'?" in out, out


def test_a_misspelt_zone_of_a_new_rule_is_reported_and_its_fields_left_alone(
    tmp_path: Path,
) -> None:
    rule = "{rule: per_group, label: Kinds of cargo, zone: moorigns, grouping: tonage}"
    project = project_with(tmp_path, rule)
    code, out = toolkit_with_rule(tmp_path, project, "validate", MANIFEST)
    assert code == 1, out
    assert "unknown player zone 'moorigns'" in out and "did you mean 'moorings'?" in out, out
    assert "tonage" not in out, out  # no field is checked against a zone that does not exist


def test_area_formulas_by_is_checked_as_a_field_of_its_zone(tmp_path: Path) -> None:
    project = tmp_path / "toy"
    shutil.copytree(TOY, project)
    rule = "{rule: area_formula, label: Fleets, zone: moorings, by: tonage, sum: glory}"
    manifest = project / MANIFEST
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace(FIRST_RULE, FIRST_RULE + f"  - {rule}\n"), "utf-8")
    result = run_toolkit("validate", MANIFEST, cwd=project)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "unknown card field 'tonage'" in result.stdout, result.stdout
    assert "did you mean 'tonnage'?" in result.stdout
