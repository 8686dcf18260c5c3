"""The cards of a pick being revealed (`picked`) are moved by a `move` stage only: a move a
player chooses that names them as its zone is refused at its line with what to write instead,
never reported as a zone the game lacks."""

from __future__ import annotations

from pathlib import Path

from entry_point import run_toolkit


def test_a_play_from_the_picked_cards_is_refused_with_the_move_stage_to_write(
    tmp_path: Path,
) -> None:
    made = run_toolkit("new", "harbour", "--family", "row-taking", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    rules = tmp_path / "rules" / "harbour.yaml"
    lines = rules.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(n for n, line in enumerate(lines) if line.strip() == "from: helm")
    lines[at] = lines[at].replace("from: helm", "from: picked")
    rules.write_text("".join(lines), encoding="utf-8")

    checked = run_toolkit("validate", "harbour", cwd=tmp_path)

    assert checked.returncode == 1
    column = lines[at].index("picked") + 1
    assert (
        f"rules/harbour.yaml:{at + 1}:{column}: error[invalid-value]: 'picked' (the picked "
        "cards) is only the 'from' of a 'move' stage"
    ) in checked.stdout
    assert "{stage: move, from: picked, to: ZONE}" in checked.stdout
    assert "unknown zone" not in checked.stdout
