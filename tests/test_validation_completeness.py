"""Validation is complete and precise: print layouts are checked by `validate`, one card's
schema error hides no other card's checks, YAML mistakes get the right hint, big but honest
files load, and conflicting or empty flags are usage errors.

Each case edits a copy of the shipped folders and runs the real command line (or the loader).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from entry_point import run_toolkit
from shipped_project import copy_project, edit

from toolkit.content.yaml_loader import load_bytes

REPO = Path(__file__).resolve().parents[1]


# -- 1. print layouts --------------------------------------------------------------------


def test_validate_reports_a_misspelt_layout_key_where_print_would(tmp_path: Path) -> None:
    folder = copy_project(tmp_path)
    edit(folder / "print/shared/defaults.yaml", "poker: {columns: 3", "poker: {colums: 3")
    validated = run_toolkit("validate", "oh-my-park", cwd=folder)
    printed = run_toolkit("print", "oh-my-park", "--out", "x.pdf", cwd=folder)
    expected = "print/shared/defaults.yaml:19:11: error[unknown-key]: unknown key 'colums'"
    assert validated.returncode == 1
    assert expected in validated.stdout
    assert "did you mean 'columns'?" in validated.stdout
    assert printed.returncode == 1 and expected in printed.stderr


def test_build_refuses_a_misspelt_layout_key_before_simulating(tmp_path: Path) -> None:
    folder = copy_project(tmp_path)
    edit(folder / "print/shared/defaults.yaml", "poker: {columns: 3", "poker: {colums: 3")
    result = run_toolkit("build", "oh-my-park", "--games", "2", cwd=folder)
    assert result.returncode == 1
    assert "print/shared/defaults.yaml:19:11: error[unknown-key]" in result.stderr
    assert "validated" not in result.stdout
    assert not (folder / "build").exists()


@pytest.mark.parametrize(
    ("use", "message"),
    [
        ("{{ step | shout }}", "No filter named 'shout'"),
        ("{{ step is loud }}", "No test named 'loud'"),
    ],
)
def test_validate_reports_an_unknown_template_filter_or_test_at_its_line(
    tmp_path: Path, use: str, message: str
) -> None:
    folder = copy_project(tmp_path)
    template = folder / "print/midway-memories/reference.md.j2"
    lines = template.read_text(encoding="utf-8").splitlines()
    lines.insert(2, use)
    template.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run_toolkit("validate", "midway-memories", cwd=folder)
    assert result.returncode == 1
    assert "print/midway-memories/reference.md.j2:3:1: error[template-syntax]" in result.stdout
    assert message in result.stdout


def test_validate_reports_layouts_extending_each_other_in_a_cycle(tmp_path: Path) -> None:
    folder = copy_project(tmp_path)
    edit(
        folder / "print/shared/defaults.yaml",
        "kind: print-layout\n",
        "kind: print-layout\nextends: [../oh-my-park/layout.yaml]\n",
    )
    result = run_toolkit("validate", "oh-my-park", cwd=folder)
    assert result.returncode == 1
    assert "print/shared/defaults.yaml:5:11: error[extends-cycle]" in result.stdout
    assert (
        "print/oh-my-park/layout.yaml -> print/shared/defaults.yaml -> "
        "print/oh-my-park/layout.yaml" in result.stdout
    )


def test_validate_reports_a_layout_extending_itself(tmp_path: Path) -> None:
    folder = copy_project(tmp_path)
    edit(
        folder / "print/oh-my-park/layout.yaml",
        "extends: [../shared/defaults.yaml]",
        "extends: [../shared/defaults.yaml, layout.yaml]",
    )
    result = run_toolkit("validate", "oh-my-park", cwd=folder)
    assert result.returncode == 1
    assert "print/oh-my-park/layout.yaml:6:36: error[extends-cycle]" in result.stdout
    assert "print/oh-my-park/layout.yaml -> print/oh-my-park/layout.yaml" in result.stdout


# -- 2. one card's schema error hides no other card's checks ----------------------------


def test_a_card_failing_its_schema_hides_no_check_of_another_card(tmp_path: Path) -> None:
    folder = copy_project(tmp_path)
    attractions = folder / "cards/midway-memories/attractions.yaml"
    cost = edit(attractions, "    cost: 4  # prototype", "    cost: -5  # prototype")  # carousel
    requires = edit(  # kiddie-coaster: a misspelt track and a threshold past the track's end
        attractions,
        "requires: {fame: 0, joy: 4}",
        "requires: {fam: 0, joy: 30}",
    )
    result = run_toolkit("validate", "midway-memories", cwd=folder)
    name = "cards/midway-memories/attractions.yaml"
    assert result.returncode == 1
    assert f"{name}:{cost}:11: error[out-of-range]: the number -5" in result.stdout
    assert f"{name}:{requires}:21: error[unknown-reference]: unknown track 'fam'" in result.stdout
    assert (
        f"{name}:{requires}:29: error[infeasible-setup]: 'kiddie-coaster' needs joy 30; "
        "the track ends at 12" in result.stdout
    )
    # Counts over the kind (cards per level, the deck's size) wait for every card to load:
    # the card that failed might change them.
    assert "3 errors" in result.stdout


@pytest.mark.parametrize("game", ["cinder-tricks", "lamplight-wagers"])
def test_a_suit_failing_its_schema_brings_no_false_errors_about_the_deck(
    tmp_path: Path, game: str
) -> None:
    """With a suit not loaded the deck's cards are unknown, not absent: no 'unknown deck
    card' for each card the manifest names, no 'hand-too-big' against a deck of 0."""
    folder = copy_project(tmp_path)
    suits = folder / f"cards/{game}/suits.yaml"
    text = suits.read_text(encoding="utf-8")
    first = text.index("  - id: ")
    suits.write_text(text[:first] + "  - bogus_key: 1\n    id: " + text[first + 8 :])
    result = run_toolkit("validate", game, cwd=folder)
    assert result.returncode == 1
    assert "error[unknown-key]: unknown key 'bogus_key'" in result.stdout
    assert "1 error, 0 warnings" in result.stdout, result.stdout


# -- 3. indentation has its own hint -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "column", "message", "hint"),
    [
        ("kind: attractions\ncards:\n  - id: a\n    name: A\n      cost: 3\n", 5, 11,
         "line 5 is indented deeper than the key above it (line 4)",
         "YAML reads it as the rest of line 4's value"),
        ("kind: attractions\ncards:\n  - id: a\n    name: A\n   cost: 3\n", 5, 4,
         "line 5 is indented like none of the keys or list entries above it",
         "the list started at line 3, column 3"),
    ],
    ids=["too-deep", "too-shallow"],
)  # fmt: skip
def test_a_wrongly_indented_line_gets_an_indentation_hint(
    text: str, line: int, column: int, message: str, hint: str
) -> None:
    document, diagnostics = load_bytes(text.encode(), "bad.yaml")
    assert document is None
    [found] = diagnostics
    assert (found.line, found.column, found.code) == (line, column, "yaml-indentation")
    assert found.message == message
    assert hint in found.hint
    assert "must be quoted" not in found.hint


def test_an_unquoted_colon_in_a_value_keeps_the_quoting_hint() -> None:
    text = "kind: attractions\ncards:\n  - id: a\n    flavour: Note: it spins\n"
    document, diagnostics = load_bytes(text.encode(), "bad.yaml")
    assert document is None
    [found] = diagnostics
    assert (found.line, found.column, found.code) == (4, 18, "yaml-syntax")
    assert found.hint == "a value containing ': ' must be quoted"


# -- 4. the alias budget counts what aliases add, not the file's values ----------------------


def attractions(count: int) -> str:
    """A Midway Memories attraction file of `count` plain cards (no anchors, no aliases)."""
    cards = (
        f"  - {{id: ride-{i}, name: Ride {i}, level: 1, cost: 2, points: 3, flavour: Fun}}\n"
        for i in range(count)
    )
    return "kind: attractions\ncards:\n" + "".join(cards)


def test_ten_thousand_plain_cards_are_no_alias_bomb() -> None:
    document, diagnostics = load_bytes(attractions(10_000).encode(), "attractions.yaml")
    assert diagnostics == []
    assert document is not None and len(document.data["cards"]) == 10_000


def test_a_billion_laughs_is_still_refused_at_once() -> None:
    lines = ['l0: &l0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for level in range(1, 10):
        lines.append(f"l{level}: &l{level} [{', '.join([f'*l{level - 1}'] * 10)}]")
    bomb = ("\n".join(lines) + "\n").encode()
    started = time.perf_counter()
    document, diagnostics = load_bytes(bomb, "bomb.yaml")
    assert time.perf_counter() - started < 5  # 10**10 values if it were expanded
    assert document is None
    [found] = diagnostics
    assert found.code == "yaml-alias-budget"
    assert found.message == "aliases expand to more than 50,000 values"
    assert (found.line, found.column) == (5, 25)  # the first alias past the budget


# -- 5. a number too long to read --------------------------------------------------------------


def test_a_five_thousand_digit_number_is_a_positioned_error(tmp_path: Path) -> None:
    folder = copy_project(tmp_path)
    edit(
        folder / "cards/midway-memories/attractions.yaml",
        "points: 3  # prototype value: tune by simulation",
        "points: " + "9" * 5000,
    )
    result = run_toolkit("validate", "midway-memories", cwd=folder)
    assert result.returncode == 1
    assert (
        "cards/midway-memories/attractions.yaml:12:13: error[out-of-range]: "
        "a number of 5,000 digits is past every limit" in result.stdout
    )


# -- 6. time linear in the number of keys ---------------------------------------------------


def test_a_file_of_twenty_thousand_keys_is_checked_in_full(tmp_path: Path) -> None:
    """Duplicate keys and schema errors are found by lookups, not by scanning every key
    again for each key (which took 39 s here)."""
    folder = copy_project(tmp_path)
    keys = "".join(f"key{i}: {i}\n" for i in range(20_000))
    _, found = load_bytes(("kind: attractions\n" + keys + "key7: again\n").encode(), "big.yaml")
    assert [(d.line, d.code, d.message) for d in found] == [
        (20002, "yaml-duplicate-key", "duplicate key 'key7' (first defined at line 9)")
    ]
    # Without the duplicate, each key is refused by the schema, with its own position.
    (folder / "cards/big.yaml").write_text("kind: attractions\n" + keys)
    result = run_toolkit("validate", "cards/big.yaml", cwd=folder)
    assert result.returncode == 1
    assert "cards/big.yaml:20001:1: error[unknown-key]: unknown key 'key19999'" in result.stdout
    assert "20001 errors, 0 warnings in 1 file" in result.stdout


# -- 7. conflicting or empty flags ---------------------------------------------------------------


def test_sweep_refuses_the_same_path_set_twice() -> None:
    result = run_toolkit(
        "sweep", "midway-memories", "--games", "2",
        "--set", "attractions/carousel/cost=2,3", "--set", "attractions/carousel/cost=4,5",
    )  # fmt: skip
    assert result.returncode == 2
    assert result.stderr.strip() == (
        "usage error: --set names 'attractions/carousel/cost' twice; give all its values in "
        "one --set: attractions/carousel/cost=V1,V2,..."
    )
    assert result.stdout == ""


def test_print_refuses_an_only_naming_nothing(tmp_path: Path) -> None:
    out = tmp_path / "cards.pdf"
    result = run_toolkit("print", "midway-memories", "--only", ",,,", "--out", str(out))
    assert result.returncode == 2
    assert "usage error: --only ',,,' names nothing to print" in result.stderr
    assert not out.exists()


# -- 8. size refusals in units a person reads ---------------------------------------------------


def test_a_file_too_large_names_its_size_and_the_limit_in_mib(tmp_path: Path) -> None:
    folder = copy_project(tmp_path)
    big = folder / "cards/big.yaml"
    big.write_text("kind: attractions\n" + ("# " + "x" * 1021 + "\n") * 3 * 1024)
    size = big.stat().st_size
    result = run_toolkit("validate", "cards/big.yaml", cwd=folder)
    assert result.returncode == 1
    assert (
        f"cards/big.yaml:1:1: error[file-too-large]: the file is 3 MiB ({size:,} bytes); "
        "content files are limited to 2 MiB (2,097,152 bytes)" in result.stdout
    )
    assert "hint: split it into smaller files" in result.stdout
