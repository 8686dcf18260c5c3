"""Fields that are added up or ordered must hold numbers: picks revealed in order of a field,
cards climbing a row, a `sum` check (a bust over a limit) and a computed measure (a strategy's
`best_total`). A field no card holds a number in is refused at its line, naming the fields
that do, never played as a sum of 0 or a game that stops. A pick without a value of the field
(an optional one) comes in as 0."""

from __future__ import annotations

from pathlib import Path

from entry_point import run_toolkit


def harbour(folder: Path) -> Path:
    made = run_toolkit("new", "harbour", "--family", "row-taking", cwd=folder)
    assert made.returncode == 0, made.stderr
    return folder / "rules" / "harbour.yaml"


def edit(path: Path, old: str, new: str) -> str:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    return text


def line_and_column(text: str, needle: str) -> str:
    before = text[: text.index(needle)]
    return f"{before.count(chr(10)) + 1}:{len(before) - before.rfind(chr(10))}"


def test_a_reveal_ordered_by_a_field_without_numbers_is_refused_at_its_line(
    tmp_path: Path,
) -> None:
    rules = harbour(tmp_path)
    text = edit(rules, "by: length", "by: hull")
    at = line_and_column(text, 'length\n          says: "Every skipper')

    checked = run_toolkit("validate", "harbour", cwd=tmp_path)

    assert checked.returncode == 1
    assert (
        f"rules/harbour.yaml:{at}: error[not-numeric]: no card has a number in 'hull', "
        "so the picks cannot be ordered by it"
    ) in checked.stdout
    assert "name a numeric field: barnacles, length" in checked.stdout


def test_a_row_climbed_by_a_field_without_numbers_is_refused(tmp_path: Path) -> None:
    rules = harbour(tmp_path)
    edit(rules, "climb: {field: length, strict: true,", "climb: {field: name, strict: true,")

    checked = run_toolkit("validate", "harbour", cwd=tmp_path)

    assert checked.returncode == 1
    assert checked.stdout.count("no card has a number in 'name', so no card can climb on it") == 2


def test_a_pick_without_a_value_of_the_ordering_field_comes_in_as_zero(tmp_path: Path) -> None:
    rules = harbour(tmp_path)
    edit(
        rules,
        "length: {type: int, min: 1, max: 30,",
        "length: {type: int, min: 1, max: 30, optional: true,",
    )
    edit(tmp_path / "cards" / "harbour" / "boats.yaml", "length: 1, ", "")
    assert run_toolkit("validate", "harbour", cwd=tmp_path).returncode == 0

    transcript = tmp_path / "games.jsonl"
    simulated = run_toolkit(
        "simulate", "harbour", "--games", "6", "--players", "4", "--bots", "random",
        "--workers", "1", "--transcript", transcript, cwd=tmp_path,
    )  # fmt: skip

    assert simulated.returncode == 0, simulated.stdout + simulated.stderr
    replayed = run_toolkit("replay", transcript, cwd=tmp_path)
    assert replayed.returncode == 0, replayed.stderr
    assert "reveals Dinghy 1" in replayed.stdout  # the boat without a length was picked


def test_a_bust_on_the_sum_of_a_field_without_numbers_is_refused(tmp_path: Path) -> None:
    made = run_toolkit("new", "kilns", "--family", "push-your-luck", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    rules = tmp_path / "rules" / "kilns.yaml"
    old = "when: {sum: {zone: kiln, field: heat}, above: 12}"
    text = edit(rules, old, old.replace("heat", "glaze"))
    at = line_and_column(text, old)
    line, column = at.split(":")

    checked = run_toolkit("validate", "kilns", cwd=tmp_path)

    assert checked.returncode == 1
    assert (
        f"rules/kilns.yaml:{line}:{int(column) + old.index('heat')}: error[not-numeric]: no "
        "card has a number in 'glaze', so it adds up to 0"
    ) in checked.stdout
    assert "name a numeric field: heat" in checked.stdout


def test_a_strategy_measuring_the_total_of_a_field_without_numbers_is_refused(
    tmp_path: Path,
) -> None:
    made = run_toolkit("new", "kilns", "--family", "push-your-luck", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    strategies = tmp_path / "cards" / "kilns" / "strategies.yaml"
    old = "best_total: {zone: kiln, field: heat, limit: 12}"
    text = edit(strategies, old, old.replace("heat", "glaze"))
    line, column = line_and_column(text, old).split(":")

    checked = run_toolkit("validate", "kilns", cwd=tmp_path)

    assert checked.returncode == 1
    assert (
        f"cards/kilns/strategies.yaml:{line}:{int(column) + old.index('heat')}: "
        "error[not-numeric]: 'glaze' is not a numeric field (it is declared 'enum'): this "
        "measure adds up or compares numbers"
    ) in checked.stdout
    assert "name a numeric field: 'heat'" in checked.stdout
