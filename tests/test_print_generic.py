"""The print families work for a card kind no shipped game has: nothing in them names a kind.

The game here is Oh my park! plus a kind `recipes` whose field names are new too (`cook` of
type effects, `pantry` a map of resources, `scores` of type scoring). It is added through the
three methods printing reads kinds by (`card_kinds`, `cards`, `field_types`), as a game that
declares its own kinds would load it; the PDF's text is read back with pypdf.
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict
from pypdf import PdfReader

from toolkit.content.models.primitives import Effect
from toolkit.content.project import GameContent
from toolkit.engine.load import load_valid_game
from toolkit.errors import ContentError
from toolkit.pnp.document import PrintOptions, PrintResult, assemble
from toolkit.pnp.layout_load import load_layout
from toolkit.rules.scoring import ScoringRule

REPO = Path(__file__).resolve().parent.parent
KIND = "recipes"


class Recipe(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    serves: int
    cook: list[Effect]
    pantry: dict[str, int]
    scores: list[ScoringRule]


RECIPES = [
    Recipe.model_validate(
        {
            "id": "soup",
            "name": "Pumpkin Soup",
            "serves": 4,
            "cook": [{"effect": "gain", "resource": "coins", "amount": 2}],
            "pantry": {"coins": 3},
            "scores": [{"rule": "per_card", "label": "Bowls", "zone": "park", "points": 5}],
        }
    ),
    Recipe.model_validate(
        {
            "id": "stew",
            "name": "Bean Stew",
            "serves": 4,
            "cook": [],
            "pantry": {},
            "scores": [],
        }
    ),
]


class WithRecipes(GameContent):
    """A game's content with one more card kind, declared as a game declares its own."""

    def card_kinds(self) -> list[str]:
        return [*super().card_kinds(), KIND]

    def cards(self, kind: str) -> list[Any]:
        return list(RECIPES) if kind == KIND else super().cards(kind)

    def field_types(self, kind: str) -> dict[str, str]:
        if kind != KIND:
            return super().field_types(kind)
        return {
            "id": "id",
            "name": "text",
            "serves": "int",
            "cook": "effects",
            "pantry": "map",
            "scores": "scoring",
        }


LAYOUT = """\
kind: print-layout
extends: [../shared/defaults.yaml]
components:
  recipe:
    family: FAMILY
    cards: KIND
    size: poker
EXTRA    elements:
      title:
        x: 4mm
        y: 4mm
        width: 55.5mm
        height: 10mm
        text: "**{{ card.name }}** serves {{ card.serves }}"
      cook:
        {x: 4mm, y: 16mm, width: 55.5mm, height: 10mm,
         text: "Cook: {{ described.cook or 'nothing' }}"}
      pantry:
        x: 4mm
        y: 28mm
        width: 55.5mm
        height: 10mm
        text: "{% for p in described.pantry %}Needs {{ p.value }} {{ p.name }}{% endfor %}"
      scores:
        x: 4mm
        y: 40mm
        width: 55.5mm
        height: 20mm
        text: "{% for r in described.scores %}{{ r.label }}: {{ r.points }}{% endfor %}"
"""


def print_recipes(
    tmp_path: Path, family: str, extra: str = "", backs: str = "none", kind: str = KIND
) -> tuple[PrintResult, list[str]]:
    for part in ("rules", "cards", "print"):
        shutil.copytree(REPO / part, tmp_path / part)
    layout = tmp_path / "print" / "recipes" / "layout.yaml"
    layout.parent.mkdir()
    layout.write_text(
        LAYOUT.replace("FAMILY", family).replace("EXTRA", extra).replace("KIND", kind),
        encoding="utf-8",
    )
    rules = tmp_path / "rules" / "oh-my-park.yaml"
    rules.write_text(
        rules.read_text(encoding="utf-8").replace(
            "../print/oh-my-park/layout.yaml", "../print/recipes/layout.yaml"
        ),
        encoding="utf-8",
    )
    manifest, loaded = load_valid_game(str(rules))
    content = WithRecipes(loaded.manifest, loaded.files)
    resolved, problems = load_layout(manifest, content)
    assert resolved is not None, [p.render() for p in problems]
    result = assemble(content, resolved, PrintOptions(backs=backs))
    pages = PdfReader(io.BytesIO(result.pdf)).pages
    return result, [" ".join(page.extract_text().split()) for page in pages]


def test_the_cards_family_prints_a_kind_no_shipped_game_has(tmp_path: Path) -> None:
    result, pages = print_recipes(tmp_path, "cards")
    assert [p.card_id for p in result.placements] == ["soup", "stew"]
    text = pages[0]
    for words in (
        "Pumpkin Soup serves 4",
        "Cook: +2",  # the effect in words, from the describer
        "Needs 3",  # the map of resources, as entries
        "Coins",
        "Bowls: 5 each",  # the scoring rule in words
        "Bean Stew serves 4",
        "Cook: nothing",
        "soup \u00b7 v",  # the card label: id and version
    ):
        assert words in text, f"{words!r} not printed: {text}"


def test_double_sided_pairs_cards_of_any_kind_by_a_field(tmp_path: Path) -> None:
    extra = "    pair_by: serves\n    back: {other_side: true}\n"
    result, pages = print_recipes(tmp_path, "double-sided", extra, backs="duplex")
    assert result.cards == 1
    sides = [(p.card_id, p.side) for p in result.placements]
    assert sides == [("soup", "front"), ("stew", "back")]
    assert "Pumpkin Soup" in pages[0] and "Bean Stew" in pages[1]


@pytest.mark.parametrize(
    ("family", "extra", "kind", "message"),
    [
        ("cards", "", "recipe", "the game has no card kind 'recipe' to print"),
        ("double-sided", "", KIND, "cards of kind 'recipes' have no 'sides' field"),
        ("double-sided", "    pair_by: colour\n", KIND, "kind 'recipes' have no field 'colour'"),
    ],
)
def test_a_family_that_cannot_print_the_kind_says_why_in_the_layout(
    tmp_path: Path, family: str, extra: str, kind: str, message: str
) -> None:
    with pytest.raises(ContentError) as raised:
        print_recipes(tmp_path, family, extra, kind=kind)
    found = [(d.message, d.file) for d in raised.value.diagnostics]
    assert any(message in text and file.endswith("layout.yaml") for text, file in found), found
