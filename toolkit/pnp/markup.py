"""Escaping content text for the card text markup, apart from the text engine.

Templates escape every value they read with `literal`; `toolkit validate` checks templates
without drawing, so this lives here and checking a layout never loads ReportLab.
"""

from __future__ import annotations

import re

_LINE_MARK = re.compile(r"^(\s*)(#{1,2} |- |\d{1,3}[.)] )", re.MULTILINE)


def literal(text: str) -> str:
    """`text` escaped so the markup shows it as written: asterisks and backslashes, and a
    line that would start a title, a bullet or a numbered item. Icon tokens stay icons:
    content text such as `2-6 :coin: 1` is written with them."""
    escaped = text.replace("\\", "\\\\").replace("*", "\\*")
    return _LINE_MARK.sub(lambda m: m.group(1) + "\\" + m.group(2), escaped)
