"""Assemble a game's print layout from its files, with positions for every problem.

A layout is the manifest's `print_layouts` files in order, each after the files it `extends`.
Every file is validated on its own (so an unknown key points at its own line), then the
files are deep-merged: mappings merge key by key, anything else is replaced, and `null`
removes an inherited entry. Each merged value remembers the file that wrote it, so checks
that only make sense on the whole layout (an element without a box, a misspelt card size,
text outside the safe zone, a template that does not compile) still report file:line:col.
"""

from __future__ import annotations

import copy
import importlib.util
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import TemplateSyntaxError
from pydantic import ValidationError

from toolkit.content.file_refs import MAX_IMAGE_BYTES, listed_file
from toolkit.content.models.print_layout import (
    CARD_FAMILIES,
    FontName,
    LayoutComponent,
    LayoutElement,
    PrintLayout,
    TextDefaults,
)
from toolkit.content.pictures import picture_problem
from toolkit.content.project import GameContent
from toolkit.content.schema_errors import diagnostics_from_error
from toolkit.content.yaml_loader import Document, Path_, display_path, load_file
from toolkit.diagnostics import Diagnostic, did_you_mean
from toolkit.files import FileRefused, check_file, project_root, read_bytes, read_confined
from toolkit.pnp import fonts as font_files
from toolkit.pnp.templates import CheckedTemplate, check_template

KIND = "print-layout"
MAX_EXTENDS_DEPTH = 16
MAX_TEMPLATE_BYTES = 1024 * 1024
SYNTAX_HINT = "check the {{ }} and {% %} tags (Jinja2 syntax) on this line and the ones before"


@dataclass(frozen=True, slots=True)
class Where:
    """Where a layout value was written, so errors found while rendering can point at it."""

    file: str
    line: int
    column: int

    def diagnostic(
        self, code: str, message: str, hint: str = "", *, warning: bool = False
    ) -> Diagnostic:
        return Diagnostic(
            self.file,
            self.line,
            self.column,
            "warning" if warning else "error",
            code,
            message,
            hint,
        )


@dataclass(frozen=True, slots=True)
class Element:
    """A box of a card face, in points from the card's top-left corner, templates compiled."""

    name: str
    x: float
    y: float
    width: float
    height: float
    text: CheckedTemplate | None
    icon: CheckedTemplate | None
    fill: CheckedTemplate | None
    stroke: CheckedTemplate | None
    colour: CheckedTemplate | None
    draw: str | None
    stroke_width: float
    radius: float
    font: FontName
    size: float
    min_size: float
    leading: float
    align: str
    valign: str
    where: Where
    text_file: Where | None = None
    """Where the text template's own file is, when it has one (errors point at its lines)."""
    image: CheckedTemplate | None = None
    """Template giving the picture drawn to fit the box (see `pictures.py`)."""
    image_where: Where | None = None
    """Where `image` was written: a relative picture path is relative to that file."""


@dataclass(frozen=True, slots=True)
class Face:
    """One side's design: a background and boxes drawn in order."""

    background: CheckedTemplate | None
    elements: tuple[Element, ...]


@dataclass(frozen=True, slots=True)
class Component:
    """A resolved component: its settings merged with what it extends, sizes in points."""

    id: str
    family: str
    settings: LayoutComponent
    where: Where
    width: float = 0.0
    height: float = 0.0
    size_name: str = ""
    front: Face | None = None
    back: Face | None = None
    back_is_other_side: bool = False
    template: CheckedTemplate | None = None
    template_where: Where | None = None

    @property
    def is_card(self) -> bool:
        return self.family in CARD_FAMILIES


@dataclass
class Layout:
    """A game's assembled, checked print layout."""

    settings: PrintLayout
    components: list[Component]
    fonts: dict[str, Path]
    files: list[Path]
    origin: _Origin
    icon_files: dict[str, tuple[Path, Where]] = field(default_factory=dict)
    """The designer's icons: each picture file and where the layout names it."""

    def where(self, path: Path_) -> Where:
        return self.origin.where(path)


@dataclass
class _Source:
    path: Path
    document: Document


@dataclass
class _Origin:
    """Which file wrote each merged value: the longest recorded prefix of a path wins."""

    written: dict[Path_, _Source] = field(default_factory=dict)
    fallback: _Source | None = None

    def set(self, path: Path_, source: _Source) -> None:
        for stale in [p for p in self.written if p[: len(path)] == path and p != path]:
            del self.written[stale]
        self.written[path] = source

    def source(self, path: Path_) -> _Source | None:
        for end in range(len(path), -1, -1):
            found = self.written.get(path[:end])
            if found is not None:
                return found
        return self.fallback

    def where(self, path: Path_, *, key: bool = False) -> Where:
        source = self.source(path)
        if source is None:
            return Where("<layout>", 1, 1)
        position = source.document.position(path, key=key)
        return Where(source.document.file, position.line, position.column)


def _merge(
    target: dict[str, Any],
    data: dict[str, Any],
    prefix: Path_ = (),
    source: _Source | None = None,
    origin: _Origin | None = None,
) -> None:
    """Deep-merge `data` over `target`; `null` removes a key. Records who wrote what."""
    for key, value in data.items():
        path = (*prefix, key)
        if value is None:
            target.pop(key, None)
        elif isinstance(value, dict) and isinstance(target.get(key), dict):
            _merge(target[key], value, path, source, origin)
            continue
        else:
            target[key] = copy.deepcopy(value)
        if origin is not None and source is not None:
            origin.set(path, source)


class _Loader:
    def __init__(self, root: Path) -> None:
        self.root = root
        """The project folder: every file a layout names must lie inside it."""
        self.diagnostics: list[Diagnostic] = []
        self.merged: dict[str, Any] = {}
        self.origin = _Origin()
        self.files: list[Path] = []
        self.done: set[Path] = set()

    def error(self, where: Where, code: str, message: str, hint: str = "") -> None:
        self.diagnostics.append(where.diagnostic(code, message, hint))

    def load(self, path: Path, stack: tuple[Path, ...], cited: Where | None) -> None:
        """Merge `path` after everything it extends (each file once, cycles reported)."""
        resolved = path.resolve()
        if resolved in stack:
            chain = " -> ".join(display_path(p) for p in (*stack, resolved))
            assert cited is not None
            self.error(cited, "extends-cycle", f"layouts extend each other in a cycle: {chain}")
            return
        if resolved in self.done:
            return
        if len(stack) > MAX_EXTENDS_DEPTH:
            assert cited is not None
            self.error(cited, "extends-too-deep", f"more than {MAX_EXTENDS_DEPTH} nested extends")
            return
        document, problems = load_file(path)
        if document is None:
            self.diagnostics.extend(problems)
            return
        source = _Source(path, document)
        if self.origin.fallback is None:
            self.origin.fallback = source
        if not self._valid(document):
            return
        for index, relative in enumerate(document.data.get("extends", [])):
            at = ("extends", index)
            refused = listed_file(document, at, "extended layout", path.parent, relative, self.root)
            if refused is not None:
                self.diagnostics.append(refused)
                continue
            self.load(path.parent / relative, (*stack, resolved), _where(document, at))
        self.done.add(resolved)
        self.files.append(path)
        data = {k: v for k, v in document.data.items() if k not in ("kind", "extends")}
        _merge(self.merged, data, (), source, self.origin)

    def _valid(self, document: Document) -> bool:
        kind = document.data.get("kind")
        if kind != KIND:
            written = document.plain_text.get(("kind",), str(kind))
            self.error(
                _where(document, ("kind",)),
                "missing-key" if kind is None else "kind-mismatch",
                "missing required key 'kind'"
                if kind is None
                else f"a print layout says 'kind: {KIND}', not 'kind: {written}'",
                f"add 'kind: {KIND}'" if kind is None else did_you_mean(written, [KIND]),
            )
            return False
        try:
            PrintLayout.model_validate(document.data)
        except ValidationError as error:
            self.diagnostics.extend(diagnostics_from_error(document, PrintLayout, error))
            return False
        return True


def _where(document: Document, path: Path_, *, key: bool = False) -> Where:
    position = document.position(path, key=key)
    return Where(document.file, position.line, position.column)


def load_layout(manifest: Path, content: GameContent) -> tuple[Layout | None, list[Diagnostic]]:
    """The game's layout from its manifest's `print_layouts`; all problems at once."""
    listed = content.game.print_layouts
    if not listed:
        where = content.manifest.diag(("print_layouts",), "", "")
        return None, [
            Diagnostic(
                where.file,
                where.line,
                where.column,
                "error",
                "no-print-layout",
                f"the manifest of '{content.game.id}' lists no print layouts",
                f"add 'print_layouts: [../print/{content.game.id}/layout.yaml]'",
            )
        ]
    loader = _Loader(project_root(manifest))
    for index, relative in enumerate(listed):
        at = ("print_layouts", index)
        document = content.manifest.document
        refused = listed_file(document, at, "print layout", manifest.parent, relative, loader.root)
        if refused is not None:
            loader.diagnostics.append(refused)
            continue
        cited = content.manifest.diag(at, "", "")
        loader.load(manifest.parent / relative, (), Where(cited.file, cited.line, cited.column))
    if loader.diagnostics:
        return None, loader.diagnostics
    try:
        settings = PrintLayout.model_validate({"kind": KIND, **loader.merged})
    except ValidationError as error:  # merged pieces that were each valid; still say where
        fallback = loader.origin.fallback
        assert fallback is not None
        merged_document = Document(fallback.document.file, {"kind": KIND, **loader.merged})
        return None, diagnostics_from_error(merged_document, PrintLayout, error)
    return _Resolver(settings, loader).resolve()


class _Resolver:
    """Checks on the merged layout, turning settings into resolved components."""

    def __init__(self, settings: PrintLayout, loader: _Loader) -> None:
        self.settings = settings
        self.loader = loader
        self.origin = loader.origin
        self.raw: dict[str, Any] = loader.merged
        self.diagnostics: list[Diagnostic] = []

    def error(
        self, path: Path_, code: str, message: str, hint: str = "", *, key: bool = False
    ) -> None:
        where = self.origin.where(path, key=key)
        self.diagnostics.append(where.diagnostic(code, message, hint))

    def resolve(self) -> tuple[Layout | None, list[Diagnostic]]:
        fonts = self._fonts()
        icon_files = self._icon_files()
        components = []
        for component_id, component in self.settings.components.items():
            if component is None or component.abstract:
                continue
            chain = self._chain(component_id)
            if chain is None:
                continue
            resolved = self._component(component_id, chain)
            if resolved is not None:
                components.append(resolved)
        if not components and not self.diagnostics:
            self.error(("components",), "no-components", "the layout prints no components")
        if self.diagnostics:
            return None, self.diagnostics
        layout = Layout(
            self.settings, components, fonts, self.loader.files, self.origin, icon_files
        )
        return layout, []

    def _icon_files(self) -> dict[str, tuple[Path, Where]]:
        """Each designer icon's picture, beside the layout that names it; a missing or broken
        picture is an error at its value."""
        found: dict[str, tuple[Path, Where]] = {}
        for name, relative in self.settings.icon_files.items():
            at: Path_ = ("icon_files", name)
            source = self.origin.source(at)
            where = self.origin.where(at)
            path = (source.path.parent if source is not None else self.loader.root) / relative
            try:
                problem = picture_problem(
                    path.name,
                    read_bytes(
                        check_file(path, MAX_IMAGE_BYTES, self.loader.root), MAX_IMAGE_BYTES
                    ),
                )
            except FileRefused as refused:
                problem = refused.reason
            if problem is not None:
                self.diagnostics.append(
                    where.diagnostic(
                        "bad-picture",
                        f"icon '{name}': {problem}",
                        "icons are SVG or PNG files inside the project",
                    )
                )
                continue
            found[name] = (path, where)
        return found

    # -- fonts -------------------------------------------------------------------------

    def _fonts(self) -> dict[str, Path]:
        found: dict[str, Path] = {}
        fonts = self.settings.fonts
        for name in ("regular", "bold", "italic", "bold_italic"):
            file_name = getattr(fonts, name) if fonts is not None else None
            if file_name is None:
                self.error(
                    ("fonts",),
                    "missing-key",
                    f"the layout sets no '{name}' font",
                    f"add 'fonts: {{{name}: Vera.ttf}}' (or extend print/shared/defaults.yaml)",
                )
                continue
            path = self._font_file(name, file_name)
            if path is not None:
                found[name] = path
        return found

    def _font_file(self, style: str, file_name: str) -> Path | None:
        """The font file beside the layout that sets it (inside the project), else among
        ReportLab's own fonts; a designer's file is read and parsed now, so a broken font is
        an error here. ReportLab's own are not parsed: each one parses (a test checks it), and
        validating a layout that names only them then never imports ReportLab."""
        source = self.origin.source(("fonts", style))
        folders = [source.path.parent] if source is not None else []
        roots = [self.loader.root] * len(folders)
        folders.append(_reportlab_fonts())
        roots.append(_reportlab_fonts())
        for folder, root in zip(folders, roots, strict=True):
            try:
                path = check_file(folder / file_name, font_files.MAX_FONT_BYTES, root)
                if path.suffix.lower() != ".ttf":
                    break
                if root == self.loader.root:  # ReportLab's own fonts all parse: see the test
                    font_files.register(path)
            except FileRefused as refused:
                if refused.code == "missing-file" or root != self.loader.root:
                    continue
                why = refused.reason.removeprefix(f"'{folder / file_name}' ")
                self.error(
                    ("fonts", style), refused.code, f"font '{file_name}' {why}", refused.hint
                )
                return None
            except font_files.FontError as error:
                self.error(
                    ("fonts", style),
                    "bad-font",
                    f"font '{file_name}' is not a usable TrueType font: {error}",
                    "name a .ttf file that opens in a font viewer",
                )
                return None
            return path
        self.error(
            ("fonts", style),
            "missing-file",
            f"font '{file_name}' is not a TrueType file beside the layout "
            "or among ReportLab's fonts",
            did_you_mean(file_name, _font_names()),
        )
        return None

    # -- components ----------------------------------------------------------------------

    def _chain(self, component_id: str) -> list[str] | None:
        """The component and those it extends, nearest first."""
        chain = [component_id]
        while True:
            base = self.settings.components[chain[-1]]
            assert base is not None
            if base.extends is None:
                return chain
            if base.extends in chain:
                self.error(
                    ("components", chain[-1], "extends"),
                    "extends-cycle",
                    "components extend each other in a cycle: "
                    + " -> ".join([*chain, base.extends]),
                )
                return None
            if self.settings.components.get(base.extends) is None:
                self.error(
                    ("components", chain[-1], "extends"),
                    "unknown-reference",
                    f"unknown component '{base.extends}'",
                    did_you_mean(base.extends, self.settings.components),
                )
                return None
            chain.append(base.extends)

    def _component(self, component_id: str, chain: list[str]) -> Component | None:
        merged: dict[str, Any] = {}
        for cid in reversed(chain):
            raw = self.raw["components"][cid]
            _merge(merged, {k: v for k, v in raw.items() if k not in ("extends", "abstract")})
        settings = LayoutComponent.model_validate(merged)
        where = self.origin.where(("components", component_id), key=True)
        ctx = _ComponentPaths(self, chain)
        if settings.family is None:
            ctx.error(
                (),
                "missing-key",
                f"component '{component_id}' has no 'family'",
                "add 'family:' naming what it prints",
                key=True,
            )
            return None
        if settings.family not in CARD_FAMILIES:
            return self._sheet(component_id, settings, where, ctx)
        return self._card(component_id, settings, where, ctx)

    def _sheet(
        self, cid: str, settings: LayoutComponent, where: Where, ctx: _ComponentPaths
    ) -> Component | None:
        template = template_where = None
        if settings.family == "reference":
            if settings.template is None:
                ctx.error(
                    (),
                    "missing-key",
                    f"reference component '{cid}' has no 'template'",
                    "add 'template: reference.md.j2'",
                    key=True,
                )
                return None
            template, template_where = ctx.template_file(("template",), settings.template)
            if template is None:
                return None
        return Component(
            cid,
            settings.family or "",
            settings,
            where,
            template=template,
            template_where=template_where,
        )

    def _card(
        self, cid: str, settings: LayoutComponent, where: Where, ctx: _ComponentPaths
    ) -> Component | None:
        if settings.size is None:
            ctx.error(
                (),
                "missing-key",
                f"card component '{cid}' has no 'size'",
                "add 'size: poker' (a key of card_sizes)",
                key=True,
            )
            return None
        size = self.settings.card_sizes.get(settings.size)
        if size is None:
            ctx.error(
                ("size",),
                "unknown-reference",
                f"unknown card size '{settings.size}'",
                did_you_mean(settings.size, self.settings.card_sizes),
            )
            return None
        if size.width is None or size.height is None:
            self.error(
                ("card_sizes", settings.size),
                "missing-key",
                f"card size '{settings.size}' needs 'width' and 'height'",
            )
            return None
        if settings.size not in self.settings.sheet_templates:
            ctx.error(
                ("size",),
                "missing-sheet-template",
                f"no home sheet template for card size '{settings.size}'",
                f"add 'sheet_templates: {{{settings.size}: {{columns: 3, rows: 3}}}}'",
            )
        faces = _Faces(self, ctx, size.width, size.height)
        front = faces.face((), settings.background, settings.elements, label=True)
        back: Face | None = None
        other_side = settings.back is not None and settings.back.other_side
        if settings.back is not None and not other_side:
            back = faces.face(("back",), settings.back.background, settings.back.elements)
        if front is None or (settings.back is not None and not other_side and back is None):
            return None
        return Component(
            cid,
            settings.family or "",
            settings,
            where,
            size.width,
            size.height,
            settings.size,
            front,
            back,
            other_side,
        )


@dataclass
class _ComponentPaths:
    """Positions inside a component that may inherit its values from the ones it extends."""

    resolver: _Resolver
    chain: list[str]

    def path(self, sub: Path_) -> Path_:
        """The merged path that holds `sub` for the nearest component in the chain."""
        raw = self.resolver.raw["components"]
        for cid in self.chain:
            node: Any = raw[cid]
            found = True
            for part in sub:
                if isinstance(node, dict) and part in node:
                    node = node[part]
                else:
                    found = False
                    break
            if found:
                return ("components", cid, *sub)
        return ("components", self.chain[0])

    def where(self, sub: Path_, *, key: bool = False) -> Where:
        return self.resolver.origin.where(self.path(sub), key=key)

    def error(
        self, sub: Path_, code: str, message: str, hint: str = "", *, key: bool = False
    ) -> None:
        self.resolver.diagnostics.append(self.where(sub, key=key).diagnostic(code, message, hint))

    def template(self, sub: Path_, text: str | None) -> CheckedTemplate | None:
        if text is None:
            return None
        try:
            return check_template(text)
        except TemplateSyntaxError as error:
            message = f"template does not compile: {error.message}"
            self.error(sub, "template-syntax", message, SYNTAX_HINT)
            return None

    def template_file(
        self, sub: Path_, relative: str
    ) -> tuple[CheckedTemplate | None, Where | None]:
        """A template file named by a layout value: inside the project, a bounded regular
        file of UTF-8 text; a syntax error points at the template file's own line."""
        path_in_layout = self.path(sub)
        source = self.resolver.origin.source(path_in_layout)
        if source is None:  # only a merged layout without files has no source
            self.error(sub, "missing-file", f"template file '{relative}' has no layout file")
            return None, None
        root = self.resolver.loader.root
        base = source.path.parent
        refused = listed_file(
            source.document, path_in_layout, "template file", base, relative, root,
            MAX_TEMPLATE_BYTES,
        )  # fmt: skip
        if refused is not None:
            self.resolver.diagnostics.append(refused)
            return None, None
        path = base / relative
        name = display_path(path)
        try:
            text = read_confined(path, root, MAX_TEMPLATE_BYTES).decode("utf-8")
        except (FileRefused, UnicodeDecodeError) as error:
            why = error.reason if isinstance(error, FileRefused) else "it is not UTF-8 text"
            self.error(sub, "file-unreadable", f"cannot read template '{relative}': {why}")
            return None, None
        try:
            return check_template(text), Where(name, 1, 1)
        except TemplateSyntaxError as error:
            self.resolver.diagnostics.append(
                Diagnostic(
                    name,
                    error.lineno or 1,
                    1,
                    "error",
                    "template-syntax",
                    f"template does not compile: {error.message}",
                    SYNTAX_HINT,
                )
            )
            return None, None


@dataclass
class _Faces:
    """Resolves a face's elements against the card size, the text defaults and the safe zone."""

    resolver: _Resolver
    ctx: _ComponentPaths
    width: float
    height: float

    def face(
        self,
        sub: Path_,
        background: str | None,
        elements: dict[str, LayoutElement | None],
        *,
        label: bool = False,
    ) -> Face | None:
        resolved: list[Element] = []
        ok = True
        for name, element in elements.items():
            if element is None:
                continue
            done = self.element(name, element, (*sub, "elements", name))
            ok = ok and done is not None
            if done is not None:
                resolved.append(done)
        card_label = self.resolver.settings.card_label
        if label and card_label is not None:
            done = self.element("card_label", card_label, ("card_label",), top_level=True)
            ok = ok and done is not None
            if done is not None:
                resolved.append(done)
        if not ok:
            return None
        return Face(self.ctx.template((*sub, "background"), background), tuple(resolved))

    def element(
        self, name: str, element: LayoutElement, sub: Path_, *, top_level: bool = False
    ) -> Element | None:
        def where(field_name: str | None = None, *, key: bool = False) -> Where:
            path = sub if field_name is None else (*sub, field_name)
            if top_level:
                return self.resolver.origin.where(path, key=key)
            return self.ctx.where(path, key=key)

        def fail(code: str, message: str, hint: str = "", at: str | None = None) -> None:
            self.resolver.diagnostics.append(
                where(at, key=at is None).diagnostic(code, message, hint)
            )

        missing = [f for f in ("x", "y", "width", "height") if getattr(element, f) is None]
        if missing:
            fail(
                "missing-key",
                f"element '{name}' has no {', '.join(repr(m) for m in missing)}",
                "give every box x, y, width and height (here or in what it extends)",
            )
            return None
        if element.text is not None and element.template is not None:
            fail(
                "conflicting-keys",
                f"element '{name}' has both 'text' and 'template'",
                "keep one of them",
            )
            return None
        assert element.x is not None and element.y is not None
        assert element.width is not None and element.height is not None
        x = element.x if element.x >= 0 else self.width + element.x
        y = element.y if element.y >= 0 else self.height + element.y
        w, h = element.width, element.height
        shows = element.text or element.template or element.icon or element.draw
        safe = self.resolver.settings.safe_zone or 0.0
        if shows and not _inside(x, y, w, h, self.width, self.height, safe):
            fail(
                "outside-safe-zone",
                f"element '{name}' ({_mm(x)}, {_mm(y)}, {_mm(w)} x {_mm(h)} mm) leaves the safe "
                f"zone of a {_mm(self.width)} x {_mm(self.height)} mm card",
                f"text and icons keep {_mm(safe)} mm from every cut edge",
            )
            return None
        text: CheckedTemplate | None
        text_file: Where | None = None
        if element.template is not None:
            text, text_file = self.ctx.template_file((*sub, "template"), element.template)
            if text is None:
                return None
        else:
            text = self._compile(where("text"), element.text)
        defaults = self.resolver.settings.text or TextDefaults()
        templates = {
            f: self._compile(where(f), getattr(element, f))
            for f in ("icon", "fill", "stroke", "colour", "image")
        }
        if any(getattr(element, f) is not None and templates[f] is None for f in templates) or (
            element.text is not None and text is None
        ):
            return None
        return Element(
            name,
            x,
            y,
            w,
            h,
            text,
            templates["icon"],
            templates["fill"],
            templates["stroke"],
            templates["colour"],
            element.draw,
            element.stroke_width or 0.0,
            element.radius or 0.0,
            element.font or "regular",
            element.size or defaults.size,
            element.min_size or defaults.min_size,
            defaults.leading,
            element.align or "left",
            element.valign or "top",
            where(key=True),
            text_file,
            templates["image"],
            where("image") if element.image is not None else None,
        )

    def _compile(self, where: Where, text: str | None) -> CheckedTemplate | None:
        if text is None:
            return None
        try:
            return check_template(text)
        except TemplateSyntaxError as error:
            self.resolver.diagnostics.append(
                where.diagnostic(
                    "template-syntax", f"template does not compile: {error.message}", SYNTAX_HINT
                )
            )
            return None


def _inside(
    x: float, y: float, w: float, h: float, width: float, height: float, safe: float
) -> bool:
    tolerance = 0.01
    return (
        x >= safe - tolerance
        and y >= safe - tolerance
        and x + w <= width - safe + tolerance
        and y + h <= height - safe + tolerance
    )


def _mm(points: float) -> str:
    return f"{points * 25.4 / 72:.4g}"


@cache
def _reportlab_fonts() -> Path:
    """ReportLab's bundled fonts folder, found without importing ReportLab (once: every font
    of every layout looks there)."""
    spec = importlib.util.find_spec("reportlab")
    if spec is None or not spec.submodule_search_locations:
        return Path("reportlab-not-installed")
    return Path(next(iter(spec.submodule_search_locations))) / "fonts"


def _font_names() -> list[str]:
    try:
        return [p.name for p in _reportlab_fonts().glob("*.ttf")]
    except OSError:
        return []
