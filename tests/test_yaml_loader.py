"""The positioned loader: data equals safe_load's, and every key and value knows its place."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from toolkit.content import yaml_loader
from toolkit.content.yaml_loader import MAX_ALIAS_VALUES, Position, load_bytes, load_file

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted([*ROOT.glob("rules/*.yaml"), *ROOT.glob("cards/*/*.yaml")])


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_files_load_like_safe_load(path: Path) -> None:
    document, diagnostics = load_file(path)
    assert diagnostics == []
    assert document is not None
    assert document.data == text_keys(yaml.safe_load(path.read_text(encoding="utf-8")))


def text_keys(data: object) -> object:
    """`safe_load`'s data with every mapping key as the text it was written as: the loader
    keeps keys as text (`4:` of a table by player count is the key '4')."""
    if isinstance(data, dict):
        return {str(key): text_keys(value) for key, value in data.items()}
    if isinstance(data, list):
        return [text_keys(item) for item in data]
    return data


def test_positions_of_keys_and_values() -> None:
    text = b"kind: attractions\nattractions:\n  - id: carousel\n    cost: 2\n"
    document, diagnostics = load_bytes(text, "a.yaml")
    assert diagnostics == [] and document is not None
    assert document.keys[("attractions", 0, "cost")] == Position(4, 5)
    assert document.values[("attractions", 0, "cost")] == Position(4, 11)
    assert document.values[("attractions", 0)] == Position(3, 5)
    # A path that is not in the file falls back to its nearest ancestor.
    assert document.position(("attractions", 0, "level")) == Position(3, 5)


def test_bare_yes_no_and_dates_remember_their_text() -> None:
    document, _ = load_bytes(b"a: no\nb: 'no'\nc: 2024-01-05\nd: true\n", "a.yaml")
    assert document is not None
    assert document.data == {"a": False, "b": "no", "c": "2024-01-05", "d": True}
    assert document.plain_text == {("a",): "no", ("c",): "2024-01-05"}


def test_keys_are_always_their_text() -> None:
    document, _ = load_bytes(b"1: one\nno: two\n", "a.yaml")
    assert document is not None
    assert document.data == {"1": "one", "no": "two"}


def test_aliases_within_budget_expand_with_the_anchor_positions() -> None:
    document, diagnostics = load_bytes(b"a: &x {n: 1}\nb: *x\n", "a.yaml")
    assert diagnostics == [] and document is not None
    assert document.data == {"a": {"n": 1}, "b": {"n": 1}}
    assert document.values[("b", "n")] == Position(1, 11)


def test_alias_bomb_stops_at_the_node_budget() -> None:
    lines = [b'a0: &a0 ["x", "x", "x", "x", "x", "x", "x", "x", "x"]']
    for level in range(1, 9):
        refs = ", ".join([f"*a{level - 1}"] * 9).encode()
        lines.append(b"a%d: &a%d [%s]" % (level, level, refs))
    bomb = b"\n".join(lines) + b"\n"
    assert len(bomb) < 600
    document, diagnostics = load_bytes(bomb, "bomb.yaml")
    assert document is None
    assert [d.code for d in diagnostics] == ["yaml-alias-budget"]
    assert f"{MAX_ALIAS_VALUES:,}" in diagnostics[0].message


def test_bom_is_accepted() -> None:
    document, diagnostics = load_bytes(b"\xef\xbb\xbfkind: suits\n", "a.yaml")
    assert diagnostics == [] and document is not None
    assert document.data == {"kind": "suits"}


@pytest.mark.parametrize(
    ("text", "code", "line"),
    [
        (b"a: 1\na: 2\n", "yaml-duplicate-key", 2),
        (b"a: !!python/object/apply:os.system ['ls']\n", "yaml-tag", 1),
        (b"a: 1\n---\nb: 2\n", "yaml-multi-document", 2),
        (b"a: &r [*r]\n", "yaml-recursive-alias", 1),
        (b"x: 1\n<<: {a: 1}\n", "yaml-merge-key", 2),
        (b"a: 0x1F\n", "yaml-ambiguous-number", 1),
        (b"a: 1_000\n", "yaml-ambiguous-number", 1),
        (b"\n\n# nothing\n", "file-empty", 1),
        (b"just text\n", "yaml-root-not-mapping", 1),
        (b"a:\n  b: [1, 2\n", "yaml-syntax", 3),
    ],
)
def test_rejections_are_positioned(text: bytes, code: str, line: int) -> None:
    document, diagnostics = load_bytes(text, "bad.yaml")
    assert document is None
    assert diagnostics[0].code == code
    assert diagnostics[0].line == line
    assert diagnostics[0].column >= 1


def test_unclosed_quote_hint_names_where_it_opened() -> None:
    _, diagnostics = load_bytes(b'name: "Carousel\ncost: 2\n', "bad.yaml")
    assert diagnostics[0].code == "yaml-syntax"
    assert "line 1, column 7" in diagnostics[0].hint


def test_a_refused_tag_on_a_double_quoted_string_keeps_its_control_character_error() -> None:
    """The tag is refused and the escape it carries is still checked, both at the value."""
    _, diagnostics = load_bytes(b'kind: card\nx: !foo "\\e"\n', "bad.yaml")
    found = [(d.code, d.line, d.column) for d in diagnostics]
    assert ("yaml-tag", 2, 4) in found
    assert ("control-character", 2, 4) in found
    assert any("U+001B" in d.message for d in diagnostics)


def test_the_pure_python_parser_reports_a_control_character(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without libyaml the reader refuses the character as the parser is made: a diagnostic."""
    monkeypatch.setattr(yaml_loader, "_Parser", yaml.SafeLoader)
    _, diagnostics = load_bytes(b"kind: card\nname: a\x07b\n", "bad.yaml")
    assert [(d.code, d.line, d.column) for d in diagnostics] == [("file-control-character", 2, 8)]
