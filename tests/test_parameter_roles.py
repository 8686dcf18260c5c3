"""What a primitive's parameters are and do is read from their declared types, never their
names: the zones and slots it fills, the resources it gives, and every reference checked,
also inside models of parameters nested in it (an acquisition's cost and group limit)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from entry_point import run_toolkit
from shipped_project import copy_project, edit

import toolkit.content.models.primitives  # noqa: F401  (the unions acquire's fields hold)
from toolkit.rules.effects.acquire import Acquire
from toolkit.rules.effects.cap_resource import CapResource
from toolkit.rules.effects.gain import Gain
from toolkit.rules.effects.lose import Lose
from toolkit.rules.primitive import Primitive
from toolkit.rules.setup.deal import Deal
from toolkit.rules.setup.draw_random import DrawRandom
from toolkit.schema.params import (
    GainedResource,
    IntoPlayerZone,
    IntoSlot,
    PlayerZone,
    ResourceId,
)


class Pour(Primitive):
    """Parameters named unlike any shipped primitive's, typed by what they do."""

    effect: Literal["pour"] = "pour"
    into: IntoPlayerZone
    slot: IntoSlot
    give: GainedResource
    to: PlayerZone  # read from, never filled, whatever it is called
    resource: ResourceId  # paid, never gained, whatever it is called


def test_fills_and_gains_follow_the_declared_types_not_the_names() -> None:
    pour = Pour(into="won", slot="plan", give="coins", to="hand", resource="tickets")
    assert pour.fills() == ("won", "plan")
    assert pour.gains() == ("coins",)


def test_the_shipped_primitives_fill_and_gain_by_their_types() -> None:
    acquire = Acquire.model_validate(
        {
            "effect": "acquire",
            "source": "display",
            "to": "ridden",
            "cost": {"resource": "coins", "field": "cost"},
        }
    )
    assert acquire.fills() == ("ridden",)
    assert acquire.gains() == ()  # the cost's resource is paid
    assert Gain.model_validate({"effect": "gain", "resource": "coins", "amount": 1}).gains() == (
        "coins",
    )
    assert Lose.model_validate({"effect": "lose", "resource": "coins", "amount": 1}).gains() == ()
    cap = CapResource.model_validate({"effect": "cap_resource", "resource": "coins", "max": 3})
    assert cap.gains() == ()
    assert Deal.model_validate({"step": "deal"}).fills() == ("hand",)
    draw = DrawRandom.model_validate({"step": "draw_random", "pool": "plans", "to": "plan"})
    assert draw.fills() == ("plan",)


def _validate_midway(tmp_path: Path, old: str, new: str) -> tuple[int, str]:
    project = copy_project(tmp_path)
    line = edit(project / "cards/midway-memories/suits.yaml", old, new)
    result = run_toolkit("validate", "midway-memories", cwd=project)
    assert "Traceback" not in result.stderr
    return line, result.stdout + result.stderr


def test_a_misspelt_field_in_an_acquisitions_cost_is_reported_by_its_type(tmp_path: Path) -> None:
    line, out = _validate_midway(
        tmp_path, "cost: {resource: coins, field: cost}", "cost: {resource: coins, field: cots}"
    )
    assert f"cards/midway-memories/suits.yaml:{line}:" in out
    assert "unknown card field 'cots'" in out
    assert "did you mean 'cost'?" in out


def test_a_misspelt_field_in_a_group_limit_is_reported_by_its_type(tmp_path: Path) -> None:
    line, out = _validate_midway(
        tmp_path, "group_limit: {field: level,", "group_limit: {field: levle,"
    )
    assert f"cards/midway-memories/suits.yaml:{line}:" in out
    assert "unknown card field 'levle'" in out


def test_a_misspelt_resource_in_an_acquisitions_cost_is_reported(tmp_path: Path) -> None:
    line, out = _validate_midway(
        tmp_path, "cost: {resource: coins, field: cost}", "cost: {resource: coin, field: cost}"
    )
    assert f"cards/midway-memories/suits.yaml:{line}:" in out
    assert "unknown resource 'coin'" in out


def test_an_unknown_source_zone_hides_the_checks_of_its_cards_fields(tmp_path: Path) -> None:
    line, out = _validate_midway(tmp_path, "source: display", "source: displya")
    assert f"cards/midway-memories/suits.yaml:{line}:" in out
    assert "unknown shared zone 'displya'" in out
    assert "unknown card field" not in out  # the fields of a zone that is not known
