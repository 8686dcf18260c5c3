"""Limits on what one print template may compute: the size of every value it makes, the size
of its output, and its running time.

The sandbox keeps templates away from Python's internals, but `{{ 'a' * 1000000000 }}` or two
nested loops over `range(100000)` are plain Jinja. Each operation that can make a large value
(`*`, `+`, `**`, `%`, `~`, string formatting and the filters and string methods that pad, join
or repeat) is checked *before* it runs, the output is counted as it is produced, and a render
has a time budget, so such a template ends with an error at its line, never a hang or a
machine out of memory.
"""

from __future__ import annotations

import re
import signal
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from jinja2 import TemplateError, filters, pass_environment, pass_eval_context
from jinja2.compiler import CodeGenerator, Frame
from jinja2.nodes import Concat

MAX_CHARS = 100_000
"""Characters (or items) in any one value a template makes, and in its whole output."""
MAX_SECONDS = 3.0
"""Wall-clock budget of one render (enforced in the main thread, where signals are)."""
MAX_POWER_BITS = 100_000
"""Size of the largest whole number `**` may make."""

_BIG_NUMBER = re.compile(r"\d{6,}")
_STAR_WIDTH = re.compile(r"%[-+ #0]*\*")
_NESTED_SPEC = re.compile(r"\{[^{}]*:[^{}]*\{")


class TemplateLimit(TemplateError):
    """A template that would make too large a value or output, or run too long."""


def _refuse_size(size: int, what: str) -> None:
    if size > MAX_CHARS:
        raise TemplateLimit(f"{what} would make {size:,} characters; the limit is {MAX_CHARS:,}")


def _length(value: Any) -> int:
    """About how many characters a value prints as: a text's or bytes' length, a list's items
    and their own sizes (so `[long_text] * n` counts the texts it repeats)."""
    if isinstance(value, str | bytes | bytearray):
        return len(value)
    if isinstance(value, list | tuple):
        return len(value) + sum(_length(item) for item in value)
    return 0


def check_printed(value: Any) -> None:
    """Refuse a value whose text would pass the output limit, before it is turned to text."""
    _refuse_size(_length(value), "printing a value")


def check_format(text: str) -> None:
    """A format string (`%` or `.format`) may not ask for huge widths or precisions."""
    if _BIG_NUMBER.search(text) or _STAR_WIDTH.search(text) or _NESTED_SPEC.search(text):
        raise TemplateLimit(
            "a format width or precision of 100,000 or more (or one taken from an argument) "
            "is not allowed"
        )


def check_binop(operator: str, left: Any, right: Any) -> None:
    """Refuse `*`, `+`, `**` and `%` whose result would be too large."""
    if operator == "*":
        for sequence, times in ((left, right), (right, left)):
            if _length(sequence) and isinstance(times, int):
                _refuse_size(_length(sequence) * times, "repeating a text or list")
    elif operator == "+":
        _refuse_size(_length(left) + _length(right), "joining two texts or lists")
    elif operator == "**" and isinstance(left, int) and isinstance(right, int) and right > 0:
        if abs(left) > 1 and abs(left).bit_length() * right > MAX_POWER_BITS:
            raise TemplateLimit(f"{left} ** {right} is too large a number")
    elif operator == "%" and isinstance(left, str):
        check_format(left)


def checked_concat(values: Iterable[Any]) -> str:
    """The `~` operator, bounded."""
    parts = [str(value) for value in values]
    _refuse_size(sum(map(len, parts)), "joining texts with '~'")
    return "".join(parts)


class LimitedCodeGenerator(CodeGenerator):
    """Compiles `a ~ b` to a bounded join (Jinja's own join is not an operator the sandbox
    can intercept)."""

    def visit_Concat(self, node: Concat, frame: Frame) -> None:
        self.write("environment.checked_concat((")
        for argument in node.nodes:
            self.visit(argument, frame)
            self.write(", ")
        self.write("))")


def _width(value: Any) -> int:
    return value if isinstance(value, int) else len(str(value))


def _center(value: str, width: int = 80) -> str:
    _refuse_size(width, "centring a text")
    return filters.do_center(value, width)


def _indent(value: str, width: int | str = 4, first: bool = False, blank: bool = False) -> str:
    _refuse_size(len(value) + _width(width) * (value.count("\n") + 1), "indenting a text")
    return filters.do_indent(value, width, first, blank)


def _format(value: str, *args: Any, **kwargs: Any) -> str:
    check_format(str(value))
    return filters.do_format(value, *args, **kwargs)


@pass_eval_context
def _join(eval_ctx: Any, value: Iterable[Any], d: str = "", attribute: Any = None) -> str:
    items = list(value)
    size = sum(len(str(item)) for item in items) + len(d) * max(0, len(items) - 1)
    _refuse_size(size, "joining a list")
    return str(filters.do_join(eval_ctx, items, d, attribute))


@pass_eval_context
def _replace(eval_ctx: Any, s: str, old: str, new: str, count: int | None = None) -> str:
    _refuse_size(_replaced_size(str(s), str(old), str(new)), "replacing in a text")
    return filters.do_replace(eval_ctx, s, old, new, count)


def _batch(value: Iterable[Any], linecount: int, fill_with: Any = None) -> Iterator[list[Any]]:
    _refuse_size(linecount, "batching a list")
    batches: Iterator[list[Any]] = filters.do_batch(value, linecount, fill_with)
    return batches


def _slice(value: Any, slices: int, fill_with: Any = None) -> Iterator[list[Any]]:
    _refuse_size(slices, "slicing a list")
    sliced: Iterator[list[Any]] = filters.do_slice(value, slices, fill_with)
    return sliced


@pass_environment
def _wordwrap(
    environment: Any,
    s: str,
    width: int = 79,
    break_long_words: bool = True,
    wrapstring: str | None = None,
    break_on_hyphens: bool = True,
) -> str:
    lines = len(s) // max(1, width) + s.count("\n") + 1
    _refuse_size(len(s) + len(wrapstring or "\n") * lines, "wrapping a text")
    return filters.do_wordwrap(
        environment, s, width, break_long_words, wrapstring, break_on_hyphens
    )


FILTERS: dict[str, Callable[..., Any]] = {
    "center": _center,
    "indent": _indent,
    "format": _format,
    "join": _join,
    "replace": _replace,
    "batch": _batch,
    "slice": _slice,
    "wordwrap": _wordwrap,
}
"""Jinja's filters that can make a value much larger than their input, bounded."""


def _replaced_size(text: str, old: str, new: str) -> int:
    hits = len(text) + 1 if old == "" else text.count(old)
    return len(text) + hits * max(0, len(new) - len(old))


def check_str_call(method: str, text: str, args: tuple[Any, ...]) -> tuple[Any, ...]:
    """Refuse a string method call whose result would be too large; returns the arguments
    (`join`'s iterable read into a list, so it is measured and then used)."""
    if method in ("center", "ljust", "rjust", "zfill") and args:
        _refuse_size(_width(args[0]), f"'{method}'")
    elif method == "expandtabs":
        tab = args[0] if args and isinstance(args[0], int) else 8
        _refuse_size(len(text) + text.count("\t") * tab, "'expandtabs'")
    elif method == "replace" and len(args) >= 2:
        _refuse_size(_replaced_size(text, str(args[0]), str(args[1])), "'replace'")
    elif method == "join" and args:
        items = list(args[0])
        size = sum(len(str(item)) for item in items) + len(text) * max(0, len(items) - 1)
        _refuse_size(size, "'join'")
        return (items, *args[1:])
    elif method in ("format", "format_map"):
        check_format(text)
    return args


def bounded_output(chunks: Iterator[str]) -> str:
    """The whole output of a render, refused past `MAX_CHARS`. The error is raised inside the
    template (at the line whose output crossed the limit), so it names that line."""
    parts: list[str] = []
    size = 0
    for chunk in chunks:
        size += len(chunk)
        if size > MAX_CHARS:
            throw = getattr(chunks, "throw", None)
            error = TemplateLimit(f"the template's output passes {MAX_CHARS:,} characters")
            if throw is not None:
                throw(error)
            raise error
        parts.append(chunk)
    return "".join(parts)


@contextmanager
def deadline(seconds: float | None = None) -> Iterator[None]:
    """Raise `TemplateLimit` in the running template once `seconds` have passed."""
    budget = MAX_SECONDS if seconds is None else seconds
    if threading.current_thread() is not threading.main_thread() or not hasattr(
        signal, "setitimer"
    ):
        yield
        return

    def expire(signum: int, frame: Any) -> None:
        raise TemplateLimit(f"the template ran longer than {budget:g} seconds")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, budget)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
