"""A card file checked alone (`toolkit validate cards/x.yaml`, an editor's save) builds no game:
its game's manifest is read for the declaration of its kind only, so neither the manifest's
models, nor the rules primitives' registry, nor any mechanic is imported for a kind of plain
fields; a kind holding effects or scoring rules builds their unions, and nothing of the game.
What it reports is what it reported when it built the whole game first (the expected lines
below were printed by that version). Whole-process time is `benchmarks/startup.py`'s."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from entry_point import modules_imported, run_toolkit

ROOT = Path(__file__).resolve().parent.parent


NOT_FOR_A_PLAIN_CARD_FILE = re.compile(
    r"toolkit\.(mechanics|rules|kernel|engine|agents|record|sim|pnp|play|serve|interop"
    r"|content\.(models\.(manifest|primitives|strategies|position|print_layout|variant)"
    r"|project|semantic|checks|summary|game_validation|file_refs))(\.|$)"
)

ATTRACTIONS = "cards/midway-memories/attractions.yaml"
PARK_CARDS = "cards/oh-my-park/park-cards.yaml"
SCORING_CARDS = "cards/oh-my-park/scoring-cards.yaml"
STRAY = "cards/midway-memories/stray.yaml"

MISTAKES = {
    ATTRACTIONS: [
        ("    cost: 4  # prototype value: tuned", "    cots: 4  # prototype value: tuned"),
        ("  - id: kiddie-coaster", "  - id: carousel"),  # hidden: carousel fails its schema
        ("    level: 1\n    cost: 3", "    level: 0\n    cost: 3"),
        ("requires: {fame: 4, joy: 1}", "requires: {fame: four, joy: 1}"),
    ],
    PARK_CARDS: [
        ("{id: B1, colour: blue,", "{id: B1, colour: bleu,"),
        ("{effect: extra_pick}", "{effect: extra_pik}"),
        ("{id: B3,", "{id: B2,"),
    ],
    SCORING_CARDS: [
        ("- rule: table_by_count\n", "- rule: table_by_cuont\n"),
        ("      - id: blue\n", "      - id: green\n"),
    ],
}

EXPECTED = {
    ATTRACTIONS: """\
cards/midway-memories/attractions.yaml:7:5: error[missing-key]: missing required key 'cost'
    hint: add 'cost:'
cards/midway-memories/attractions.yaml:10:5: error[unknown-key]: unknown key 'cots'
    hint: did you mean 'cost'?
cards/midway-memories/attractions.yaml:25:12: error[out-of-range]: the number 0: input should be greater than or equal to 1
cards/midway-memories/attractions.yaml:35:22: error[wrong-type]: expected a whole number, got the text 'four'
4 errors, 0 warnings in 1 file
""",  # noqa: E501
    PARK_CARDS: """\
cards/oh-my-park/park-cards.yaml:8:22: error[invalid-value]: the text 'bleu' is not allowed here
    hint: did you mean 'blue'?
cards/oh-my-park/park-cards.yaml:10:10: error[duplicate-id]: 'B2' is used twice (first at line 9)
    hint: every entry needs its own id
cards/oh-my-park/park-cards.yaml:15:24: error[unknown-primitive]: unknown effect 'extra_pik'
    hint: did you mean 'extra_pick'?
3 errors, 0 warnings in 1 file
""",
    SCORING_CARDS: """\
cards/oh-my-park/scoring-cards.yaml:13:19: error[unknown-primitive]: unknown rule 'table_by_cuont'
    hint: did you mean 'table_by_count'?
cards/oh-my-park/scoring-cards.yaml:37:13: error[duplicate-id]: 'green' is used twice (first at line 32)
    hint: every entry needs its own id
2 errors, 0 warnings in 1 file
""",  # noqa: E501
    STRAY: """\
cards/midway-memories/stray.yaml:1:7: error[unknown-kind]: unknown kind 'atractions'
    hint: did you mean 'attractions'?
1 error, 0 warnings in 1 file
""",
}


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Midway Memories and Oh my park!, their manifests as shipped, a mistake or more in
    each card file above (and a file of a kind no game declares)."""
    folder = tmp_path_factory.mktemp("project")
    for game in ("midway-memories", "oh-my-park"):
        (folder / "rules").mkdir(exist_ok=True)
        shutil.copy(ROOT / "rules" / f"{game}.yaml", folder / "rules")
        shutil.copytree(ROOT / "cards" / game, folder / "cards" / game)
    for name, changes in MISTAKES.items():
        path = folder / name
        text = path.read_text(encoding="utf-8")
        for old, new in changes:
            assert old in text, old
            text = text.replace(old, new, 1)
        path.write_text(text, encoding="utf-8")
    (folder / STRAY).write_text("kind: atractions\ncards:\n  - id: a\n", encoding="utf-8")
    return folder


def _validate_alone(path: str, cwd: Path) -> tuple[int | None, str, list[str]]:
    """`toolkit validate PATH` in a new process: its exit code, stdout and the modules it
    imported."""
    return modules_imported("validate", path, cwd=cwd)


def test_a_shipped_card_file_of_plain_fields_alone_imports_no_game_rules_or_mechanics() -> None:
    code, out, modules = _validate_alone(ATTRACTIONS, ROOT)
    assert (code, out) == (0, "ok: 1 file checked, no problems\n")
    assert [name for name in modules if NOT_FOR_A_PLAIN_CARD_FILE.match(name)] == []
    assert "toolkit.content.kind_models" in modules  # it was checked by its declared model


@pytest.mark.parametrize("path", [ATTRACTIONS, STRAY])
def test_a_plain_card_file_with_mistakes_reports_them_as_before_without_the_game(
    project: Path, path: str
) -> None:
    code, out, modules = _validate_alone(path, project)
    assert (code, out) == (1, EXPECTED[path])
    assert [name for name in modules if NOT_FOR_A_PLAIN_CARD_FILE.match(name)] == []


def test_a_card_file_holding_effects_alone_builds_their_unions_not_the_game(
    project: Path,
) -> None:
    code, out, modules = _validate_alone(PARK_CARDS, project)
    assert (code, out) == (1, EXPECTED[PARK_CARDS])
    assert "toolkit.content.models.primitives" in modules
    assert "toolkit.content.models.manifest" not in modules
    assert "toolkit.content.semantic" not in modules


@pytest.mark.parametrize("path", list(EXPECTED))
def test_every_card_file_alone_says_the_same_with_the_game_machinery_already_loaded(
    project: Path, path: str
) -> None:
    """In this process the manifest's models, the rules and the mechanics may all be loaded
    already (by other tests, or by checking the game first): a file alone says the same."""
    run_toolkit("validate", "oh-my-park", cwd=project)
    result = run_toolkit("validate", path, cwd=project)
    assert (result.returncode, result.stdout) == (1, EXPECTED[path])


def test_scoring_cards_alone_report_a_misspelt_rule_and_a_side_id_used_twice(
    project: Path,
) -> None:
    result = run_toolkit("validate", SCORING_CARDS, "--format", "json", cwd=project)
    assert result.returncode == 1
    found = [(d["line"], d["column"], d["code"]) for d in json.loads(result.stdout)]
    assert found == [(13, 19, "unknown-primitive"), (37, 13, "duplicate-id")]


def test_card_files_checked_alone_together_say_what_each_says_alone(project: Path) -> None:
    """One run over several card files reads the games around them once for all: each file
    still reports exactly what it reports alone."""
    order = [ATTRACTIONS, STRAY, PARK_CARDS, SCORING_CARDS]  # as diagnostics sort: by file
    result = run_toolkit("validate", SCORING_CARDS, STRAY, PARK_CARDS, ATTRACTIONS, cwd=project)
    lines = [line for path in order for line in EXPECTED[path].splitlines()[:-1]]
    assert (result.returncode, result.stdout) == (
        1,
        "\n".join([*lines, "10 errors, 0 warnings in 4 files"]) + "\n",
    )
