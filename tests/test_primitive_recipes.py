"""The setup-step and preference recipes hold: each is one module, registered where defined.

A throwaway setup step (`bonus`: the first seat gets an amount of a resource) and a throwaway
strategy preference (`lowest_rank`: the plays of the lowest rank) live in a temporary module
outside the toolkit. Imported before the content layer, both are validated from YAML (a
misspelt resource of the step reported by its declared type), the step lays out a real game
and the preference drives a priority bot through `toolkit simulate`.
"""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path
from typing import Any

from entry_point import run_script_with_modules

ROOT = Path(__file__).resolve().parent.parent
TOY = Path(__file__).parent / "games" / "harbour-lights"
MANIFEST = "rules/harbour-lights.yaml"
STARTING = "  - {step: starting_player, method: random}\n"

PRIMITIVES = '''
"""A setup step and a preference of a designer's own."""

from __future__ import annotations

from typing import Literal

from toolkit.rules.preferences.base import CardPreference
from toolkit.rules.registry import PREFERENCES, SETUP_STEPS
from toolkit.rules.setup.base import StepModel
from toolkit.schema.params import ResourceId


@SETUP_STEPS.register
class Bonus(StepModel):
    """Give the first seat an amount of a resource."""

    step: Literal["bonus"]
    resource: ResourceId
    """The resource given."""
    amount: int = 1
    """How much the first seat gets."""

    def compile_step(self, c):
        resource, amount = c.resource(self.resource), self.amount
        return lambda state: state.gain(0, resource, amount)


@PREFERENCES.register
class LowestRank(CardPreference):
    """The plays of the lowest rank."""

    prefer: Literal["lowest_rank"]

    def compile(self, game):
        ranks = game.tables["deck"].fields["rank"]

        def core(state, player, options):
            plays = [o for o in options if o.kind == "deck" and o.card >= 0]
            low = min((ranks[o.card] for o in plays), default=None)
            return [o for o in plays if ranks[o.card] == low]

        return core
'''

STRATEGIES = """kind: strategies
strategies:
  - id: ducker
    name: Ducker
    rules:
      - {prefer: lowest_rank, label: play low}
"""

RUN = """
import json, sys
import my_primitives  # registers `bonus` and `lowest_rank` before the content layer
from toolkit.cli import main

if sys.argv[1] == "setup":
    from toolkit.engine.load import load_compiled_game

    _, game = load_compiled_game(sys.argv[2])
    state = game.new_state(5, 3)
    oil = game.resource_index("oil")
    print(json.dumps({"oil": [state.res[p][oil] for p in range(3)]}))
else:
    sys.argv = ["toolkit", *sys.argv[1:]]
    try:
        main()
    except SystemExit as done:
        print(json.dumps({"exit": done.code}))
"""


def project_with(tmp_path: Path, step: str) -> Path:
    project = tmp_path / "toy"
    shutil.copytree(TOY, project)
    manifest = project / MANIFEST
    text = manifest.read_text(encoding="utf-8")
    assert STARTING in text and "\nstrategies:" not in text
    text = text.replace(STARTING, STARTING + f"  - {step}\n")
    manifest.write_text(text + "strategies: ../cards/harbour-lights/strategies.yaml\n", "utf-8")
    (project / "cards" / "harbour-lights" / "strategies.yaml").write_text(STRATEGIES, "utf-8")
    (tmp_path / "my_primitives.py").write_text(textwrap.dedent(PRIMITIVES), encoding="utf-8")
    return project


def run(tmp_path: Path, project: Path, *args: str) -> tuple[dict[str, Any], str]:
    return run_script_with_modules(RUN, *args, cwd=project, modules=tmp_path)


def test_a_new_setup_step_and_preference_are_validated_and_played(tmp_path: Path) -> None:
    project = project_with(tmp_path, "{step: bonus, resource: oil, amount: 2}")
    report, out = run(tmp_path, project, "validate", MANIFEST)
    assert report["exit"] == 0, out
    report, out = run(tmp_path, project, "setup", MANIFEST)
    oil = report["oil"]
    assert isinstance(oil, list) and oil[0] == oil[1] + 2 == oil[2] + 2, out
    report, out = run(
        tmp_path,
        project,
        "simulate",
        MANIFEST,
        "--games",
        "6",
        "--players",
        "3",
        "--bots",
        "ducker,random,random",
    )
    assert report["exit"] == 0, out
    assert "ducker" in out, out


def test_a_new_setup_steps_misspelt_resource_is_reported(tmp_path: Path) -> None:
    project = project_with(tmp_path, "{step: bonus, resource: oli}")
    report, out = run(tmp_path, project, "validate", MANIFEST)
    assert report["exit"] == 1, out
    assert "unknown resource 'oli'" in out and "did you mean 'oil'?" in out, out
