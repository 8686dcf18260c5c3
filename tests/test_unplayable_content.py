"""Validation catches content that cannot work: filters on fields the cards lack or values no
card has, zones nothing fills, cards nobody can afford without face-down placement, and bots
with no legal move.

Each case edits a copy of a shipped game and validates it in process; a few go through the
real entry point to show how warnings print and that a stuck bot is a clear error.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from entry_point import run_toolkit
from shipped_project import copy_project, edit

from toolkit.content.validate import validate_paths
from toolkit.diagnostics import Diagnostic
from toolkit.mechanics.draft.structure import Draft
from toolkit.rules.effects.acquire import Acquire
from toolkit.rules.effects.cap_resource import CapResource
from toolkit.rules.effects.gain import Gain
from toolkit.rules.effects.lose import Lose
from toolkit.rules.setup.deal import Deal
from toolkit.rules.setup.give_resource import GiveResource

REPO = Path(__file__).resolve().parents[1]
MIDWAY_WEIGHT = (
    "      - {measure: {count: ridden}, weight: 1.0}  # prototype value: tune by simulation\n"
)


def findings(folder: Path, game: str) -> list[Diagnostic]:
    return validate_paths([folder / "rules" / f"{game}.yaml"]).diagnostics


def midway_weight(folder: Path, where: str) -> list[Diagnostic]:
    """Midway Memories with a greedy weight counting hand cards `where: {...}`."""
    edit(
        folder / "rules" / "midway-memories.yaml",
        MIDWAY_WEIGHT,
        MIDWAY_WEIGHT + f"      - {{measure: {{count: hand, where: {where}}}, weight: 1.0}}\n",
    )
    return findings(folder, "midway-memories")


def park_tie_breaker(folder: Path, where: str) -> list[Diagnostic]:
    """Oh my park! with a first tie-breaker counting park cards `where: {...}`."""
    edit(
        folder / "rules" / "oh-my-park.yaml",
        "tie_breakers:\n",
        f"tie_breakers:\n  - {{prefer: most, measure: {{count: park, where: {where}}}, "
        "label: odd}\n",
    )
    return findings(folder, "oh-my-park")


@pytest.mark.parametrize(
    ("where", "message", "hint"),
    [
        ("{colour: red}", "the suited deck cards have no field 'colour'",
         "expected one of: 'id', 'rank', 'suit'"),
        ("{suits: coins}", "the suited deck cards have no field 'suits'", "did you mean 'suit'?"),
    ],
)  # fmt: skip
def test_a_filter_on_a_field_the_zone_cards_lack_is_an_error(
    tmp_path: Path, where: str, message: str, hint: str
) -> None:
    found = midway_weight(copy_project(tmp_path), where)
    assert [(d.severity, d.code, d.message, d.hint) for d in found] == [
        ("error", "unknown-reference", message, hint)
    ]
    assert found[0].file.endswith("rules/midway-memories.yaml")
    assert found[0].line > 1 and found[0].column > 1


@pytest.mark.parametrize(
    ("where", "message"),
    [
        ("{rank: 15}", "no suited deck card has rank = 15: this filter never matches"),
        ("{rank: {at_least: 20}}", "no suited deck card has rank >= 20"),
    ],
)
def test_a_deck_filter_no_card_passes_is_a_warning(
    tmp_path: Path, where: str, message: str
) -> None:
    found = midway_weight(copy_project(tmp_path), where)
    assert [(d.severity, d.code) for d in found] == [("warning", "never-matches")]
    assert message in found[0].message
    assert found[0].hint == "the cards' rank values: 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14"


def test_a_suit_the_deck_does_not_have_is_an_error(tmp_path: Path) -> None:
    found = midway_weight(copy_project(tmp_path), "{suit: coin}")
    assert [(d.severity, d.message, d.hint) for d in found] == [
        ("error", "unknown suit 'coin'", "did you mean 'coins'?")
    ]


def test_a_card_filter_value_no_card_has_is_a_warning(tmp_path: Path) -> None:
    found = park_tie_breaker(copy_project(tmp_path), "{number: [3, 14], colour: blue}")
    assert [(d.severity, d.code, d.message) for d in found] == [
        (
            "warning",
            "never-matches",
            "no park-cards card has number = 14: this filter never matches",
        )
    ]
    assert found[0].hint.startswith("the cards' number values: 1, 2, 3, 4")


def test_a_zone_nothing_fills_is_a_warning(tmp_path: Path) -> None:
    folder = copy_project(tmp_path)
    edit(
        folder / "rules" / "midway-memories.yaml",
        "  - {id: ridden, ",
        "  - {id: lost, name: Lost and found, cards: attractions, owner: player}\n"
        "  - {id: ridden, ",
    )
    found = findings(folder, "midway-memories")
    assert [(d.severity, d.code, d.message) for d in found] == [
        ("warning", "zone-never-filled", "nothing ever puts cards into zone 'lost'")
    ]
    assert "'acquire' with 'to:'" in found[0].hint


def test_the_shipped_games_fill_every_zone_and_have_no_warnings() -> None:
    report = validate_paths([REPO / "rules" / "midway-memories.yaml",
                             REPO / "rules" / "oh-my-park.yaml"])  # fmt: skip
    assert report.diagnostics == []


def test_primitives_report_what_they_fill_and_give() -> None:
    acquire = Acquire.model_validate({"effect": "acquire", "source": "display", "to": "ridden",
                                      "cost": {"resource": "coins", "field": "cost"}})  # fmt: skip
    assert acquire.fills() == ("ridden",)
    assert Deal.model_validate({"step": "deal", "to": "hand"}).fills() == ("hand",)
    give = GiveResource.model_validate({"step": "give_resource", "resource": "coins", "amount": 3})
    assert give.fills() == ()
    assert Gain.model_validate({"effect": "gain", "resource": "coins", "amount": 1}).gains() == (
        "coins",
    )
    assert Lose.model_validate({"effect": "lose", "resource": "coins", "amount": 1}).gains() == ()
    cap = CapResource.model_validate({"effect": "cap_resource", "resource": "coins", "max": 3})
    assert cap.gains() == ()
    draft = Draft.model_validate(
        {"mechanic": "draft", "hand": "hand", "placements": 9,
         "price": {"resource": "coins", "field": "price"},
         "grid": {"zone": "park", "plan_slot": "plan", "order_field": "number"}}
    )  # fmt: skip
    assert {"hand", "park"} <= set(draft.fills())


def no_face_down(folder: Path) -> Path:
    edit(folder / "rules" / "oh-my-park.yaml", "    face_down: true", "    face_down: false")
    return folder


def test_a_card_nobody_can_afford_without_face_down_is_an_error(tmp_path: Path) -> None:
    folder = no_face_down(copy_project(tmp_path))
    edit(
        folder / "cards" / "oh-my-park" / "park-cards.yaml",
        "{id: B1, colour: blue, number: 1, price: 1,",
        "{id: B1, colour: blue, number: 1, price: 16,",
    )
    found = findings(folder, "oh-my-park")
    assert [(d.severity, d.code) for d in found] == [("error", "infeasible-setup")]
    assert found[0].file.endswith("cards/oh-my-park/park-cards.yaml")
    assert (found[0].line, found[0].column) == (8, 46)
    assert found[0].message == (
        "'B1' costs 16 coins; a player never holds more than 15, and 'face_down: false' "
        "leaves no other way to place it"
    )


def test_a_game_nobody_can_pay_for_without_face_down_is_an_error(tmp_path: Path) -> None:
    folder = no_face_down(copy_project(tmp_path))
    edit(
        folder / "rules" / "oh-my-park.yaml",
        "{step: give_resource, resource: coins, amount: 15}",
        "{step: give_resource, resource: coins, amount: 8}",
    )
    found = findings(folder, "oh-my-park")
    assert [(d.severity, d.code) for d in found] == [("error", "infeasible-setup")]
    assert "the 9 cheapest cards cost" in found[0].message
    assert "a player never holds more than 8" in found[0].message


def toolkit(folder: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return run_toolkit(*args, cwd=folder, stdin=stdin)


def test_warnings_print_like_errors_and_fail_only_strict(tmp_path: Path) -> None:
    folder = copy_project(tmp_path)
    midway_weight(folder, "{rank: 15}")
    result = toolkit(folder, "validate", "midway-memories")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "rules/midway-memories.yaml:" in result.stdout
    assert ": warning[never-matches]: no suited deck card has rank = 15" in result.stdout
    assert "\n    hint: the cards' rank values: " in result.stdout
    assert "0 errors, 1 warning in" in result.stdout
    assert toolkit(folder, "validate", "--strict", "midway-memories").returncode == 1


@pytest.mark.parametrize(
    ("command", "stuck"),
    [
        (["simulate", "oh-my-park", "--games", "20", "--players", "2", "--workers", "1"], ""),
        (["play", "oh-my-park", "--players", "2", "--bots", "random", "--seed", "3",
          "--transcript", "game.jsonl"], "player 1 "),
    ],
)  # fmt: skip
def test_no_legal_move_is_a_clear_error(tmp_path: Path, command: list[str], stuck: str) -> None:
    """Oh my park! without face-down placement: the prices pass validation, but a player can
    still hold only cards they cannot pay for or place; a bot, or the person at the terminal,
    then gets a clear error."""
    folder = no_face_down(copy_project(tmp_path))
    result = toolkit(folder, *command, stdin="1\n" * 200)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "IndexError" not in result.stderr
    assert f"error: Oh my park!: {stuck or 'player '}" in result.stderr
    assert "has no legal move (round " in result.stderr


def test_no_zone_warning_while_a_card_file_fails_to_load(tmp_path: Path) -> None:
    """The suits' actions fill the ridden zone; a broken suits file must not make it look
    empty."""
    folder = copy_project(tmp_path)
    edit(folder / "cards" / "midway-memories" / "suits.yaml", "effect: gain", "effect: gian")
    found = findings(folder, "midway-memories")
    assert [d.code for d in found] == ["unknown-primitive"]
