"""Jinja2 for card and sheet text: one sandboxed environment, strict about unknown names.

Templates are content written by designers, so they run sandboxed (no access to Python
internals), and a misspelt name is an error naming the card rather than silently empty text.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from jinja2 import StrictUndefined, Template, TemplateError
from jinja2.sandbox import SandboxedEnvironment


@cache
def environment() -> SandboxedEnvironment:
    env = SandboxedEnvironment(
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=False,
        keep_trailing_newline=False,
    )
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


def compile_template(text: str) -> Template:
    """Compile once at load time; raises `jinja2.TemplateSyntaxError` with its line."""
    return environment().from_string(text)


def render(template: Template, context: dict[str, Any]) -> str:
    """Render a template; `TemplateError` (and errors of the values it touches) propagate."""
    return template.render(context).strip()


RENDER_ERRORS = (TemplateError, TypeError, ValueError, AttributeError, KeyError, IndexError)
"""What rendering a designer's template can raise; reported as content errors."""
