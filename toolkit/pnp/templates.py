"""Jinja2 for card and sheet text: one sandboxed environment, strict about unknown names.

Templates are content written by designers, so they run sandboxed (no access to Python
internals, no changing lists or dicts, bounded values, output and time: see
`template_limits`), and a misspelt name is an error naming the card rather than silently
empty text.
Values are data, never markup: every string a template reads (from the context, an
attribute, an item or a call) arrives escaped by `markup.literal`, so a card named `**x**`
or `{{ 7*7 }}` prints as written, while the template's own `**...**` still makes bold.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from jinja2 import (
    StrictUndefined,
    Template,
    TemplateAssertionError,
    TemplateError,
    Undefined,
    nodes,
)
from jinja2.runtime import Context
from jinja2.sandbox import ImmutableSandboxedEnvironment, SandboxedEnvironment

from toolkit.pnp.markup import literal
from toolkit.pnp.template_limits import (
    FILTERS,
    LimitedCodeGenerator,
    bounded_output,
    check_binop,
    check_format,
    check_printed,
    check_str_call,
    checked_concat,
    deadline,
)


class _Literal(str):
    """A string already escaped for the markup (so it is not escaped twice)."""

    __slots__ = ()


def as_data(value: Any) -> Any:
    """A value as a template may see it: strings escaped, lists and dicts of them too;
    other objects as they are (their attributes are escaped when read, their text when
    printed)."""
    if isinstance(value, _Literal | Undefined):
        return value
    if isinstance(value, str):
        return _Literal(literal(value))
    if isinstance(value, list | tuple):
        return [as_data(item) for item in value]
    if isinstance(value, dict):
        return {key: as_data(item) for key, item in value.items()}
    return value


def _finalize(value: Any) -> Any:
    """What `{{ ... }}` prints: an object's text (an effect's words) is escaped like data."""
    if isinstance(value, str | Undefined):
        return value
    check_printed(value)
    return literal(str(value))


class _DataEnvironment(ImmutableSandboxedEnvironment):
    """The sandbox, with every value read from content escaped as it enters the template,
    and every operation that could make a huge value checked first."""

    code_generator_class = LimitedCodeGenerator
    intercepted_binops = frozenset({"*", "+", "**", "%"})
    checked_concat = staticmethod(checked_concat)

    def call_binop(self, context: Context, operator: str, left: Any, right: Any) -> Any:
        check_binop(operator, left, right)
        return super().call_binop(context, operator, left, right)

    def wrap_str_format(self, value: Any) -> Any:
        wrapped = super().wrap_str_format(value)
        if wrapped is not None:
            check_format(value.__self__)
        return wrapped

    def getattr(self, obj: Any, attribute: str) -> Any:
        return as_data(super().getattr(obj, attribute))

    def getitem(self, obj: Any, argument: Any) -> Any:
        return as_data(super().getitem(obj, argument))

    def call(__self, __context: Context, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        owner = getattr(__obj, "__self__", None)
        if isinstance(owner, str):
            args = check_str_call(getattr(__obj, "__name__", ""), owner, args)
        result = super().call(__context, __obj, *args, **kwargs)
        # A string's own methods work on text already escaped; escaping again would double it.
        return result if isinstance(owner, str) else as_data(result)


@cache
def environment() -> SandboxedEnvironment:
    env = _DataEnvironment(
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=False,
        keep_trailing_newline=False,
        finalize=_finalize,
    )
    env.filters.update(FILTERS)
    del env.globals["lipsum"]  # makes up to any number of paragraphs
    env.filters["lighten"] = lambda hex_colour, amount=0.5: _mix(hex_colour, 255, amount)
    env.filters["darken"] = lambda hex_colour, amount=0.5: _mix(hex_colour, 0, amount)
    return env


def _mix(hex_colour: str, target: int, amount: float) -> str:
    """`#rrggbb` moved `amount` (0..1) of the way to white or black: shades from data colours."""
    text = str(hex_colour).strip().lstrip("#")
    if len(text) != 6:
        raise ValueError(f"'{hex_colour}' is not a colour; write #rrggbb")
    channels = [int(text[i : i + 2], 16) for i in (0, 2, 4)]
    mixed = [round(c + (target - c) * float(amount)) for c in channels]
    return "#" + "".join(f"{c:02x}" for c in mixed)


@dataclass(frozen=True)
class CheckedTemplate:
    """A template whose syntax and filter and test names were checked when its layout loaded;
    it is compiled on first render, so `validate`, which never renders, never pays for it."""

    text: str

    @property
    def compiled(self) -> Template:
        return _compiled(self.text)


@lru_cache(maxsize=1024)
def check_template(text: str) -> CheckedTemplate:
    """Parse a template (cheap) and check the names compiling would check; raises
    `jinja2.TemplateSyntaxError` (or its subclass for an unknown filter or test) with its line.
    A text that passed is remembered: layouts of several games share their defaults' texts
    (a text that fails raises each time, so its error is never shared)."""
    env = environment()
    tree = env.parse(text)
    for node in tree.find_all((nodes.Filter, nodes.Test)):
        known, what = (
            (env.filters, "filter") if isinstance(node, nodes.Filter) else (env.tests, "test")
        )
        if node.name not in known:
            raise TemplateAssertionError(f"No {what} named {node.name!r}.", node.lineno)
    return CheckedTemplate(text)


@lru_cache(maxsize=1024)
def _compiled(text: str) -> Template:
    """The same text (layouts of several games share their defaults) compiles once."""
    return environment().from_string(text)


def render(template: CheckedTemplate, context: dict[str, Any]) -> str:
    """Render a template; `TemplateError` (and errors of the values it touches) propagate,
    and `TemplateLimit` past `MAX_SECONDS`."""
    with deadline():
        return render_data(template, as_data(context))


def render_data(template: CheckedTemplate, data: dict[str, Any]) -> str:
    """`render` of a context already passed through `as_data`, with no time limit of its own:
    for a caller that renders many templates with one context (every element of a card
    face) under one `deadline`."""
    if "{" not in template.text:  # no expression, statement or comment: the text itself
        return template.text.strip()
    return bounded_output(template.compiled.generate(data)).strip()


RENDER_ERRORS = (
    TemplateError,
    TypeError,
    ValueError,
    AttributeError,
    KeyError,
    IndexError,
    ArithmeticError,
    RecursionError,
    MemoryError,
)
"""What rendering a designer's template can raise; reported as content errors."""
