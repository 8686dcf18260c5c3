"""`toolkit import` and `export_csv`: cards to rows and back unchanged (CSV and xlsx), every
problem at its row and column, copies, and what is refused. In-process but for one CLI run per
outcome."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from entry_point import run_toolkit
from shipped_project import copy_project

from toolkit.content.project import load_game
from toolkit.content.spreadsheet import export_csv, import_cards
from toolkit.content.yaml_loader import load_file
from toolkit.errors import ContentError, UsageError
from toolkit.files import FileRefused

HEADER = "id,name,family,hue,value,text,copies\n"
FINDS = "cards/tide-pool-market/finds.yaml"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the shipped project, the current folder (as the CLI runs in it)."""
    monkeypatch.chdir(tmp_path)
    return copy_project(tmp_path)


def cards_of(path: Path) -> Any:
    document, problems = load_file(path)
    assert document is not None and not problems
    return document.data


def exported(project: Path, game: str, kind: str) -> str:
    content, _ = load_game(project / "rules" / f"{game}.yaml")
    assert content is not None
    return export_csv(content, kind)


def problems(project: Path, sheet: str, kind: str = "finds", into: str = FINDS) -> list[str]:
    (project / "sheet.csv").write_text(sheet, encoding="utf-8")
    with pytest.raises(ContentError) as raised:
        import_cards(project / "sheet.csv", kind, project / into, project)
    return [
        f"{d.file}:{d.line}:{d.column}: {d.code}: {d.message} | {d.hint}"
        for d in raised.value.diagnostics
    ]


@pytest.mark.parametrize(
    ("game", "kind"),
    [
        ("tide-pool-market", "finds"),  # copies, enums of a vocabulary, optional ints
        ("midway-memories", "attractions"),  # a map of track requirements
        ("midway-memories", "suits"),  # effects
        ("oh-my-park", "project-plans"),  # shapes
        ("oh-my-park", "scoring-cards"),  # sides with scoring rules
        ("lantern-routes", "route-cards"),  # bools with a default, composition rules
    ],
)
def test_cards_to_csv_and_back_unchanged(game: str, kind: str, project: Path) -> None:
    content, _ = load_game(project / "rules" / f"{game}.yaml")
    assert content is not None
    target = content.files[kind].path
    before = cards_of(target)
    (project / "sheet.csv").write_text(export_csv(content, kind), encoding="utf-8")
    done = import_cards(project / "sheet.csv", kind, target, project)
    assert done.cards == len(before["cards"]) and not done.warnings
    assert cards_of(target) == before


def test_export_collapses_copies_into_one_row(project: Path) -> None:
    rows = list(csv.reader(io.StringIO(exported(project, "tide-pool-market", "finds"))))
    assert rows[0] == ["id", "name", "family", "hue", "value", "text", "copies"]
    crab = "Crabs this round: 1, 3, 6, 10 or 15 points for 1, 2, 3, 4 or 5+."
    assert rows[1] == ["crab", "Hermit crab", "crab", "", "", crab, "14"]
    assert ["kelp-1", "Kelp frond", "kelp", "", "1", "Scores its value this round.", "8"] in rows
    assert len(rows) == 1 + 11
    attractions = exported(project, "midway-memories", "attractions").splitlines()
    assert attractions[0] == "id,name,level,cost,requires,points,flavour,picture"  # no copies
    assert attractions[1].startswith("carousel,Carousel,1,4,fame: 0; joy: 3,3,")


def test_xlsx_to_cards_and_back_unchanged(project: Path) -> None:
    """A workbook with typed cells (numbers, yes/no) reads like the same rows in CSV."""
    target = project / "cards/lantern-routes/route-cards.yaml"
    before = cards_of(target)
    rows = list(csv.reader(io.StringIO(exported(project, "lantern-routes", "route-cards"))))
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    for row in rows:
        sheet.append([_typed(cell) for cell in row])
    workbook.save(project / "routes.xlsx")
    done = import_cards(project / "routes.xlsx", "route-cards", target, project)
    assert (done.cards, done.rows) == (60, 50)
    assert cards_of(target) == before


def _typed(cell: str) -> Any:
    """As a spreadsheet holds it: numbers as floats, yes/no as booleans."""
    if cell.isdigit():
        return float(cell)
    return {"true": True, "false": False}.get(cell, cell)


def test_every_problem_at_its_row_and_column(project: Path) -> None:
    sheet = HEADER.replace("copies", "copies,colour") + (
        "crab,Hermit crab,crab,,,Crabs.,3,\n"
        "star,Sea star,strr,,,Stars.,,\n"  # an enum value of the vocabulary, misspelt
        "kelp,Kelp frond,kelp,,five,Kelp.,,\n"  # not a whole number
        "big-kelp,Kelp frond,kelp,,7,Kelp.,,\n"  # above the declared max
        "shell,Coral shell,shell,corall,,Shells.,x,\n"  # a misspelt hue; bad copies
        ",Pearl,pearl,,,Pearls.,,\n"  # no id
        "oyster,,oyster,,,Oysters.,,\n"  # a required field empty
        "lamp,Lantern,lantern,,,Lamp \x07.,,\n"  # a control character
    )
    assert problems(project, sheet) == [
        "sheet.csv:1:8: unknown-column: cell H1: unknown column 'colour' | expected one of: "
        "'copies', 'family', 'hue', 'id', 'name', 'text', 'value'",
        "sheet.csv:3:3: invalid-value: cell C3: the text 'strr' is not allowed here | did you "
        "mean 'star'?",
        "sheet.csv:4:5: wrong-type: cell E4: expected a whole number, got the text 'five' | ",
        "sheet.csv:5:5: out-of-range: cell E5: the number 7: input should be less than or equal "
        "to 3 | ",
        "sheet.csv:6:4: invalid-value: cell D6: the text 'corall' is not allowed here | did you "
        "mean 'coral'?",
        "sheet.csv:6:7: bad-copies: cell G6: copies must be a whole number 1-100, not 'x' | leave "
        "it empty for one card",
        "sheet.csv:7:1: missing-value: cell A7: 'id' is empty | every card needs it",
        "sheet.csv:8:2: missing-value: cell B8: 'name' is empty | every card needs it",
        "sheet.csv:9:6: control-character: cell F9: it holds the control character U+0007 | "
        "delete it",
    ]


def test_column_problems(project: Path) -> None:
    sheet = "id,NAME,family,Family,txt\ncrab,Crab,crab,crab,Crabs.\n"
    assert problems(project, sheet) == [
        "sheet.csv:1:4: duplicate-column: cell D1: column 'family' again (first in column 3) | "
        "keep one column per field",
        "sheet.csv:1:5: missing-column: cell E1: no column 'text' (every card needs it) | add a "
        "column named 'text' to row 1",
        "sheet.csv:1:5: unknown-column: cell E1: unknown column 'txt' | did you mean 'text'?",
    ]


def test_headers_in_any_case_name_their_fields(project: Path) -> None:
    """`ID, Name` as a spreadsheet's user types them are the columns `id` and `name`."""
    exported_rows = exported(project, "tide-pool-market", "finds").splitlines()
    header = ",".join(name.upper() if n % 2 else name.title() for n, name in
                      enumerate(exported_rows[0].split(",")))  # fmt: skip
    (project / "sheet.csv").write_text("\n".join([header, *exported_rows[1:]]) + "\n")
    before = cards_of(project / FINDS)
    imported = import_cards(project / "sheet.csv", "finds", project / FINDS, project)
    assert imported.cards == 90 and not imported.warnings
    assert cards_of(project / FINDS) == before


def test_cells_of_lists_maps_and_effects(project: Path) -> None:
    into = "cards/midway-memories/attractions.yaml"
    sheet = (
        "id,name,level,cost,requires,points,flavour\n"
        "a,A,1,4,fame: 0; joy 3,3,Fun.\n"  # a map entry without its colon
        'b,B,1,4,"{fame: [1, 2}",3,Fun.\n'  # YAML flow that does not close
        "c,C,1,4,fame: 0; joi: 3,3,Fun.\n"  # a key that is no track
    )
    found = problems(project, sheet, "attractions", into)
    assert found[0].startswith("sheet.csv:2:5: bad-map: cell E2: 'joy 3' is not 'key: value'")
    assert found[1].startswith("sheet.csv:3:5: bad-cell: cell E3: not valid YAML flow")
    assert len(found) == 2  # the game's checks wait until every cell reads


def test_problems_of_the_whole_game_point_at_the_rows(project: Path) -> None:
    """Ids used twice (a copy's numbered id among them), and the deck's composition rules."""
    sheet = HEADER + "kelp,Kelp,kelp,,2,Kelp.,2\nkelp-2,Kelp,kelp,,1,Kelp.,\n"
    assert problems(project, sheet) == [
        "sheet.csv:3:1: duplicate-id: cell A3: 'kelp-2' is used twice (first at line 2) | every "
        "entry "
        "needs its own id"
    ]
    routes = "cards/lantern-routes/route-cards.yaml"
    sheet = "id,name,colour,value,pledge\namber-2,Amber 2,amber,2,no\n"
    found = problems(project, sheet, "route-cards", routes)
    composition = (
        "sheet.csv:2:3: composition: cell C2: colour 'amber' has 0 cards with pledge = true"
    )
    assert any(line.startswith(composition) for line in found)
    assert any(line.startswith("rules/lantern-routes.yaml:") for line in found)


def test_copies_repeat_a_card_or_set_a_copies_field(project: Path) -> None:
    sheet = (
        HEADER + "crab,Crab,crab,,,Crabs.,3\nkelp,Kelp,kelp,,2,Kelp.,\n" + "star,S,star,,,S.,86\n"
    )
    (project / "sheet.csv").write_text(sheet, encoding="utf-8")
    done = import_cards(project / "sheet.csv", "finds", project / FINDS, project)
    ids = [card["id"] for card in cards_of(project / FINDS)["cards"]]
    assert ids[:4] == ["crab-1", "crab-2", "crab-3", "kelp"] and ids[-1] == "star-86"
    assert (done.cards, done.rows) == (90, 3)
    assert any(w.code == "never-matches" for w in done.warnings)  # no lanterns: a warning

    manifest = project / "rules/tide-pool-market.yaml"
    text = manifest.read_text(encoding="utf-8")
    field = "      text: {type: text"
    copies = "      copies: {type: int, min: 1, optional: true, description: Printed copies.}\n"
    manifest.write_text(text.replace(field, copies + field, 1), encoding="utf-8")
    more = "".join(f"s{i},S,star,,,S.,\n" for i in range(87))  # enough for every deal
    (project / "sheet.csv").write_text(sheet + more, encoding="utf-8")
    import_cards(project / "sheet.csv", "finds", project / FINDS, project)
    cards = cards_of(project / FINDS)["cards"]
    assert cards[0] == {
        "id": "crab",
        "name": "Crab",
        "family": "crab",
        "text": "Crabs.",
        "copies": 3,
    }
    assert len(cards) == 90


def test_an_unknown_kind_is_a_usage_error(project: Path) -> None:
    (project / "sheet.csv").write_text(HEADER, encoding="utf-8")
    with pytest.raises(UsageError, match=r"declares card kind 'find'; did you mean 'finds'\?"):
        import_cards(project / "sheet.csv", "find", project / FINDS, project)


def test_the_kind_is_found_in_any_case(project: Path) -> None:
    (project / "sheet.csv").write_text(exported(project, "tide-pool-market", "finds"), "utf-8")
    done = import_cards(project / "sheet.csv", "FINDS", project / FINDS, project)
    assert done.cards == 90
    assert "kind: finds" in (project / FINDS).read_text(encoding="utf-8")


def test_a_file_outside_the_project_is_refused(project: Path) -> None:
    (project / "sheet.csv").write_text(HEADER + "crab,Crab,crab,,,Crabs.,\n", encoding="utf-8")
    with pytest.raises(FileRefused, match="outside the project folder"):
        import_cards(project / "sheet.csv", "finds", project.parent / "finds.yaml", project)
    assert not (project.parent / "finds.yaml").exists()


def test_xlsx_problems_are_positioned(project: Path) -> None:
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.append(["id", "name", "family", "hue", "value", "text"])
    sheet.append(["kelp", "Kelp", "kelp", None, 2.5, "Kelp."])
    workbook.save(project / "finds.xlsx")
    with pytest.raises(ContentError) as raised:
        import_cards(project / "finds.xlsx", "finds", project / FINDS, project)
    [problem] = raised.value.diagnostics
    assert (problem.file, problem.line, problem.column) == ("finds.xlsx", 2, 5)


def test_the_command(project: Path) -> None:
    sheet = project / "finds.csv"
    sheet.write_text(exported(project, "tide-pool-market", "finds"), encoding="utf-8")
    done = run_toolkit("import", "finds.csv", "--kind", "finds", "--into", FINDS, cwd=project)
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"wrote {FINDS}: 90 finds cards from 11 rows of finds.csv\n"


def test_a_sheet_past_the_card_limit(project: Path) -> None:
    rows = "".join(f"c{i},Crab,crab,,,Crabs.,100\n" for i in range(11))
    assert problems(project, HEADER + rows) == [
        "sheet.csv:12:1: too-many-cards: cell A12: the rows down to this one make more than 1000 "
        "cards | "
        "split the kind's cards over fewer copies, or keep the sheet to one file's cards"
    ]


@pytest.mark.parametrize(
    ("kind", "into", "what"),
    [
        ("suits", FINDS, "the finds file of tide-pool-market"),
        ("finds", "rules/lantern-routes.yaml", "the manifest file of lantern-routes"),
        ("finds", "cards/lantern-routes/strategies.yaml", "the strategies file of lantern-routes"),
    ],
)
def test_another_file_of_a_game_is_refused(kind: str, into: str, what: str, project: Path) -> None:
    (project / "sheet.csv").write_text(HEADER + "crab,Crab,crab,,,Crabs.,\n", encoding="utf-8")
    before = (project / into).read_bytes()
    with pytest.raises(UsageError, match=f"is {what}, not a '{kind}' card file"):
        import_cards(project / "sheet.csv", kind, project / into, project)
    assert (project / into).read_bytes() == before


def test_a_bom_and_semicolons_as_excel_writes_them(project: Path) -> None:
    sheet = "\ufeff" + HEADER.replace(",", ";") + "crab;Crab;crab;;;Crabs, all of them.;90\n"
    (project / "sheet.csv").write_text(sheet, encoding="utf-8")
    import_cards(project / "sheet.csv", "finds", project / FINDS, project)
    cards = cards_of(project / FINDS)["cards"]
    assert cards[0] == {
        "id": "crab-1",
        "name": "Crab",
        "family": "crab",
        "text": "Crabs, all of them.",
    }


def test_a_file_no_manifest_lists_for_the_kind_is_refused(project: Path) -> None:
    (project / "sheet.csv").write_text(HEADER + "crab,Crab,crab,,,Crabs.,\n", encoding="utf-8")
    with pytest.raises(UsageError, match=r"no manifest lists .*more\.yaml.*kind 'finds'") as raised:
        import_cards(project / "sheet.csv", "finds", project / "cards/tide-pool-market/more.yaml",
                     project)  # fmt: skip
    assert f"--into: {FINDS}" in str(raised.value)  # every game declaring the kind is named
    assert not (project / "cards/tide-pool-market/more.yaml").exists()
    with pytest.raises(UsageError) as raised:
        import_cards(project / "sheet.csv", "suits", project / "cards/suits.yaml", project)
    assert str(raised.value).endswith(
        "--into: cards/cinder-tricks/suits.yaml, cards/lamplight-wagers/suits.yaml, "
        "cards/midway-memories/suits.yaml, cards/twin-keepers/suits.yaml"
    )


def test_a_kind_several_games_declare_goes_to_the_game_listing_the_file(project: Path) -> None:
    """Lamplight Wagers' suits have no `penalty`, which Cinder Tricks' (the first game
    declaring suits) require: they import only as Lamplight Wagers' file."""
    target = project / "cards/lamplight-wagers/suits.yaml"
    before = cards_of(target)
    (project / "sheet.csv").write_text(exported(project, "lamplight-wagers", "suits"))
    done = import_cards(project / "sheet.csv", "suits", target, project)
    assert done.cards == 4 and not done.warnings
    assert cards_of(target) == before
