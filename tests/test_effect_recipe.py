"""The effect recipe of docs/architecture.md holds: an effect is one module and nothing else.

A throwaway effect (`flare`: every player gains some of a resource) is written into a
temporary module outside the toolkit, with its parameters, its log event and the event's
words beside it, and registered with `@EFFECTS.register`. Imported before the toolkit's
content layer, it is validated from YAML (a misspelt resource reported at its line by its
declared type, with no checking code), played in a real game by the real engine, and told in
words; no file of the toolkit changes.
"""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path
from typing import Any

import pytest
from entry_point import run_script_with_modules

from toolkit.rules.effects.base import EffectModel
from toolkit.rules.registry import EFFECTS, RegistrationError

ROOT = Path(__file__).resolve().parent.parent
TOY = Path(__file__).parent / "games" / "harbour-lights"
MANIFEST = "rules/harbour-lights.yaml"
BEACONS = "cards/harbour-lights/beacons.yaml"
PEARL_ACTION = """    action:
      - effect: choose
        options:
          - [{effect: gain, resource: oil, amount: 1}]
          - [{effect: advance, track: renown, amount: 1}]
          - - effect: if
              condition: {check: compare, measure: {track: storm}, op: at_least, value: 1}
              then: [{effect: advance, track: storm, amount: -1}]
              otherwise: [{effect: lose, resource: oil, amount: 1}]
"""

FLARE = '''
"""`flare`: every player gains an amount of a resource (a beacon lit for all)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar, Literal

from pydantic import Field

from toolkit.kernel.events import Event, EventWords
from toolkit.rules.effects.base import EffectModel
from toolkit.rules.registry import EFFECTS
from toolkit.schema.params import ResourceId


@dataclass(frozen=True, slots=True)
class Flared(Event):
    """A player lit a flare: everyone gained."""

    kind: ClassVar[str] = "flare"
    player: int
    resource: int
    amount: int

    def words(self, names: EventWords) -> Iterator[str]:
        resource = names.resource_name(self.resource)
        yield f"  player {self.player + 1} lights a flare: everyone +{self.amount} {resource}"


@EFFECTS.register
class Flare(EffectModel):
    """Every player gains an amount of a resource."""

    effect: Literal["flare"]
    events: ClassVar[tuple[type[Event], ...]] = (Flared,)
    resource: ResourceId
    """The resource everyone gains."""
    amount: int = Field(ge=1)
    """How much each player gains."""

    def compile(self, c, cause):
        resource, amount = c.resource(self.resource), self.amount

        def flare(state, player, card):
            for each in range(state.n):
                state.gain(each, resource, amount)
            state.log.append(Flared(player, resource, amount))

        return flare

    def describe(self, words, *, names=True):
        return f"everyone +{self.amount} {words.resource(self.resource, words=names)}"
'''

RUN = """
import json, random, sys
import flare_effect  # registers `flare` before the toolkit's content layer is imported
from toolkit.cli import main

mode, project = sys.argv[1], sys.argv[2]
if mode == "validate":
    sys.argv = ["toolkit", "validate", project + "/rules/harbour-lights.yaml"]
    try:
        main()
    except SystemExit as done:
        print(json.dumps({"exit": done.code}))
else:
    from toolkit.engine.load import load_compiled_game
    from toolkit.record.events import narrate

    _, game = load_compiled_game(project + "/rules/harbour-lights.yaml")
    lines, flares = [], 0
    for seed in range(40):
        state = game.new_state(seed, 3)
        rng = random.Random(seed)
        while not state.is_terminal():
            player = state.to_move()[0]
            state.apply(player, rng.choice(state.legal_actions(player)))
        found = [e for e in state.log if isinstance(e, flare_effect.Flared)]
        flares += len(found)
        lines += [line for line in narrate(game, found)]
    print(json.dumps({"flares": flares, "lines": lines[:2]}))
"""


def project_with_flare(tmp_path: Path, effect: str) -> Path:
    """Harbour Lights whose pearl tricks carry `effect`, and the flare module beside it."""
    project = tmp_path / "toy"
    shutil.copytree(TOY, project)
    beacons = project / BEACONS
    text = beacons.read_text(encoding="utf-8")
    assert PEARL_ACTION in text
    beacons.write_text(text.replace(PEARL_ACTION, f"    action:\n      - {effect}\n"), "utf-8")
    (tmp_path / "flare_effect.py").write_text(textwrap.dedent(FLARE), encoding="utf-8")
    return project


def run(tmp_path: Path, mode: str, project: Path) -> tuple[dict[str, Any], str]:
    return run_script_with_modules(RUN, mode, project, cwd=project, modules=tmp_path)


def test_a_new_effect_in_its_own_module_is_validated_and_played(tmp_path: Path) -> None:
    project = project_with_flare(tmp_path, "{effect: flare, resource: oil, amount: 1}")
    report, out = run(tmp_path, "validate", project)
    assert report["exit"] == 0, out
    report, out = run(tmp_path, "play", project)
    assert isinstance(report["flares"], int) and report["flares"] > 0, out
    assert report["lines"] and "lights a flare: everyone +1" in str(report["lines"]), out


def test_a_new_effects_misspelt_reference_is_reported_at_its_line(tmp_path: Path) -> None:
    project = project_with_flare(tmp_path, "{effect: flare, resource: oli, amount: 1}")
    report, out = run(tmp_path, "validate", project)
    assert report["exit"] == 1, out
    line = next(
        number
        for number, text in enumerate((project / BEACONS).read_text().splitlines(), start=1)
        if "effect: flare" in text
    )
    assert f"beacons.yaml:{line}:" in out and "unknown resource 'oli'" in out, out


def test_two_effects_with_one_name_are_refused() -> None:
    from typing import Literal

    with pytest.raises(RegistrationError, match="two effects are called 'gain'"):

        @EFFECTS.register
        class Gain(EffectModel):
            effect: Literal["gain"]

            def compile(self, c, cause):  # type: ignore[no-untyped-def]
                raise AssertionError

    assert EFFECTS.get("gain") is not None and EFFECTS.get("gain").__module__.startswith(
        "toolkit.rules.effects"
    )
