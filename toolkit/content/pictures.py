"""Whether a picture file content names can be printed: an SVG drawing or a PNG image.

Checked while validating, so a broken picture is an error at the value that names it rather
than a surprise when printing. SVG is read with the standard library only (printing uses
svglib): no document type or entities (they can expand without bound or name other files),
no embedded or linked images and no references outside the file, so a picture can never
make the toolkit read anything but itself.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import PurePath

PICTURE_SUFFIXES = (".svg", ".png")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
SVG_NAMESPACE = "{http://www.w3.org/2000/svg}"
_OUTSIDE = re.compile(r"url\(\s*['\"]?(?!#)", re.IGNORECASE)
"""A CSS `url(...)` that is not a reference inside the same file (`url(#gradient)`)."""


def picture_problem(name: str, data: bytes) -> str | None:
    """Why the picture `name` with bytes `data` cannot be printed; None when it can."""
    suffix = PurePath(name).suffix.lower()
    if suffix not in PICTURE_SUFFIXES:
        return f"is not a picture the toolkit prints (expected {' or '.join(PICTURE_SUFFIXES)})"
    if suffix == ".png":
        return None if data.startswith(PNG_SIGNATURE) else "is not a PNG image"
    return _svg_problem(data)


def _svg_problem(data: bytes) -> str | None:
    if b"<!DOCTYPE" in data or b"<!ENTITY" in data:
        return "is an SVG with a document type or entities, which pictures may not have"
    try:
        root = ET.fromstring(data)
    except ET.ParseError as error:
        return f"is not a well-formed SVG ({error})"
    if root.tag not in (f"{SVG_NAMESPACE}svg", "svg"):
        return "is not an SVG (its outermost element is not <svg>)"
    if not (root.get("viewBox") or (root.get("width") and root.get("height"))):
        return "is an SVG without a size (give it a viewBox, or a width and a height)"
    for element in root.iter():
        if element.tag in (f"{SVG_NAMESPACE}image", "image"):
            return "is an SVG with an embedded or linked image; draw it in SVG or use a PNG"
        for key, value in element.attrib.items():
            if key.endswith("href") and not value.startswith("#"):
                return f"is an SVG that refers to '{value}' outside itself"
            if _OUTSIDE.search(value):
                return "is an SVG that refers to a file outside itself (url(...))"
        style = element.text or "" if element.tag in (f"{SVG_NAMESPACE}style", "style") else ""
        if _OUTSIDE.search(style) or "@import" in style:
            return "is an SVG whose style refers to a file outside itself (url(...))"
    return None
